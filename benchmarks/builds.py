"""Both builds in one benchmark run. The pure-Python build is the interpreter running the
benchmark (``.venv``, where the peers are installed); the compiled build (``make fast``)
lives in ``.venv-fast``. A pass "in the compiled build" runs the same pass function of the
same benchmark script in that interpreter, in a child process that warms up first and
then times only the pass, so its passes alternate with ours and the peers' under the same
machine load."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FAST = HERE.parent / ".venv-fast" / "bin"


def compiled_bin(name: str = "python") -> Path | None:
    """A program of the compiled build (``python``, ``sparrows``), None if not built."""
    path = FAST / name
    return path if path.exists() else None


def in_compiled(module: str, call: str, args: tuple[Any, ...], warm: str = "") -> float:
    """``module.call(*args)`` (a number) computed by the compiled build's interpreter, after
    ``module.warm()`` when ``warm`` names a function (memo tables filled, as in-process)."""
    python = compiled_bin()
    assert python is not None, "the compiled build is missing: make fast"
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); import {module} as m; "
        + (f"m.{warm}(); " if warm else "")
        + "from sparrows.compiled import build; assert build() == 'compiled', build(); "
        + f"print(m.{call}(*{args!r}))"
    )
    out = subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return float(out.split()[-1])
