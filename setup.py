"""Build hook. A plain install (``pip install .``, ``make run``) is pure Python. With
``SPARROWS_COMPILE=1`` the modules listed in ``src/sparrows/compiled.py`` are compiled with
mypyc (``make fast`` does this; it needs mypy and a C compiler). Everything else about the
package lives in ``pyproject.toml``."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def compiled_modules() -> list[str]:
    """``MODULES`` from ``src/sparrows/compiled.py``, read without importing the package."""
    tree = ast.parse((HERE / "src/sparrows/compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "MODULES":
            assert node.value is not None
            return list(ast.literal_eval(node.value))
    raise RuntimeError("src/sparrows/compiled.py has no MODULES")


def extensions() -> list[object]:
    if os.environ.get("SPARROWS_COMPILE", "0") in ("", "0"):
        return []
    from mypyc.build import mypycify

    paths = ["src/" + name.replace(".", "/") + ".py" for name in compiled_modules()]
    # opt_level 1: about half the C compile time of 3 for the same speed of play here.
    opt = os.environ.get("SPARROWS_COMPILE_OPT", "1")
    return list(mypycify(paths, opt_level=opt, multi_file=True, strict_dunder_typing=False))


setup(ext_modules=extensions())
