"""The two builds: pure Python (the source, and the fallback) and the optional compiled build
(``make fast``, mypyc). ``make test`` runs the suite on each (see the Makefile); here the
build under test is checked to be the one asked for, and the compiled build is checked to
play every ruleset exactly as the pure-Python one does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sparrows import compiled

HERE = Path(__file__).resolve().parents[1] / "support"


def test_the_module_list_names_real_modules() -> None:
    for name in compiled.MODULES:
        path = Path(compiled.__file__).parent.joinpath(*name.split(".")[1:])
        assert path.with_suffix(".py").exists(), name  # the source stays beside any build


@pytest.mark.skipif(not os.environ.get("SPARROWS_EXPECT"), reason="set by `make test`")
def test_the_build_under_test_is_the_one_asked_for() -> None:
    expected = os.environ["SPARROWS_EXPECT"]
    assert compiled.build() == expected, compiled.compiled_modules()
    if expected == "compiled":
        assert compiled.label() == "compiled (mypyc)"
    else:
        assert compiled.compiled_modules() == [] and compiled.label() == "pure Python"


def _digests(python: str) -> dict[str, str]:
    proc = subprocess.run(
        [python, str(HERE / "build_digest.py")], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    got: dict[str, str] = json.loads(proc.stdout)
    return got


@pytest.mark.skipif(
    compiled.build() != "compiled" or not os.environ.get("SPARROWS_PURE_PYTHON"),
    reason="needs the compiled build and the pure one beside it (`make test`)",
)
def test_the_compiled_build_plays_exactly_as_the_pure_one() -> None:
    fast = _digests(sys.executable)
    pure = _digests(os.environ["SPARROWS_PURE_PYTHON"])
    assert fast.pop("build") == "compiled" and pure.pop("build") == "pure"
    assert len(pure) >= 10
    differ = [label for label in pure if fast.get(label) != pure[label]]
    assert not differ, f"the builds play differently: {differ}"
