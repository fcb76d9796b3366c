"""``mypyc_attr`` for classes that plug-ins and wrappers may subclass
(``@mypyc_attr(allow_interpreted_subclasses=True)``): mypy's own decorator where
``mypy_extensions`` is installed (the compiled build always has it), else one that changes
nothing (a plain install of the pure-Python source)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - only without mypy_extensions

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:  # type: ignore[misc, unused-ignore]
        def keep(cls: T) -> T:
            return cls

        return keep


__all__ = ["mypyc_attr"]
