"""The examples in ``examples/`` run and print their results (no learning target is
asserted: their figures are printed, not checked).

The numpy example runs in ``make test`` with a few seconds of training; the RLlib example
runs for one iteration in ``make test-all`` (marked slow), where the Makefile installs the
``rllib`` extra: there (``SPARROWS_FULL=1``) a missing Ray RLlib or PyTorch fails the test
instead of skipping it.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run_example(name: str, *args: str, timeout: float) -> str:
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    assert proc.returncode == 0, f"{name} failed:\n{proc.stdout}\n{proc.stderr[-4000:]}"
    return proc.stdout


@pytest.mark.slow  # trains for a few seconds: make test-all
def test_suzume_policy_trains_and_prints_its_result() -> None:
    out = run_example(
        "suzume_policy.py", "--seconds", "3", "--eval-games", "6", "--seed", "1", timeout=120
    )
    assert "Training on suzume" in out
    trained = next(line for line in out.splitlines() if line.startswith("Trained: "))
    assert int(trained.split()[1]) > 0  # hands played in training
    assert "Evaluation: 6 games per policy" in out
    for name in ("trained", "random"):
        line = next(x for x in out.splitlines() if x.split()[:1] == [name])
        assert "points per game" in line and "hands won" in line and "first place" in line
    assert "trained - random, paired by game:" in out


@pytest.mark.slow  # trains for a few seconds: make test-all
def test_suzume_policy_trains_by_self_play_over_a_batch() -> None:
    out = run_example(
        "suzume_policy.py", "--batch", "8", "--seconds", "3", "--eval-games", "4", timeout=120
    )
    assert "by self-play over 8 tables" in out
    trained = next(line for line in out.splitlines() if line.startswith("Trained: "))
    assert int(trained.split()[1]) > 0  # hands finished in training
    assert "trained - random, paired by game:" in out


def _missing(*modules: str) -> list[str]:
    """The modules that do not import (ray ships ray.rllib's code without its needs)."""
    missing = []
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing


@pytest.mark.slow
def test_rllib_pettingzoo_runs_an_iteration() -> None:
    missing = _missing("ray.rllib", "torch")
    if missing:
        if os.environ.get("SPARROWS_FULL") == "1":
            pytest.fail(
                f"{', '.join(missing)} missing: make test-all installs the extra rllib "
                "(pip install -e '.[rllib]')"
            )
        pytest.skip(f"{', '.join(missing)} not installed (the extra rllib)")
    out = run_example(
        "rllib_pettingzoo.py",
        "--iterations",
        "1",
        "--batch",
        "500",
        "--eval-hands",
        "8",
        timeout=600,
    )
    assert "PPO on suzume" in out
    line = next(x for x in out.splitlines() if x.startswith("iteration 1:"))
    assert "episode return mean" in line and "env steps" in line
    assert "Trained: 1 iteration(s)" in out
    assert "Evaluation: 8 hands" in out
    for name in ("trained", "random"):
        line = next(x for x in out.splitlines() if x.split()[:1] == [name])
        assert "reward per hand" in line and "hands won" in line
