"""Input the CLI checks (each failed before its fix): flags that do not fit the hand, red
fives and copies beyond the set, negative sticks, and characters the terminal table does
not understand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "stdin", "code", "words"),
    [
        (["score", "123m456p789s11z22z", "--win", "2z"], None, 0, "winning tile 2z"),
        (["score", "--rules", "suzume", "234666", "--ron"], None, 2, "--ron takes the winning"),
        (["score", "0m0m123p456s789s11z", "--win", "1z"], None, 2, "2 red 5m"),
        (["score", "123m456p789s11122z", "--sticks", "-5"], None, 2, "cannot be negative"),
        (["score", "--rules", "suzume", "1*23 666", "--dora", "1*"], None, 2, "2 x 1*: the"),
        (["analyze", "5555m123p", "--visible", "5m"], None, 2, "5 copies"),
    ],
)
def test_cli_input_checks(args: list[str], stdin: str | None, code: int, words: str) -> None:
    proc = run(args, stdin)
    assert proc.returncode == code, proc.stderr
    assert words in (proc.stdout if code == 0 else proc.stderr)
    assert "Traceback" not in proc.stderr


def test_play_ignores_non_ascii_digits(tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(SCRIPT), "play", "--seed", "3", "--save", str(tmp_path / "r.json")],
        input="²\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and "Not understood: '²'" in proc.stdout
    assert json.loads((tmp_path / "r.json").read_text())["result"]["finished"] is False
