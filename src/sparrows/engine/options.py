"""The one option builder: an options dataclass from a preset and explicit values."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from ..errors import OptionsError, excerpt_repr

__all__ = ["build_options"]


def build_options(
    cls: type[Any], presets: dict[str, dict[str, Any]], given: dict[str, Any], ruleset: str = ""
) -> Any:
    """The one option builder of every ruleset: an options dataclass from a preset name (key
    ``preset``) and explicit values, with clear errors for unknown names and wrong types.
    A value's type must match the field's default: true/false, a whole number, text, or a
    list of whole numbers (stored as a tuple); ranges are checked by the dataclass."""
    if not isinstance(given, dict):
        raise OptionsError(f"options must be a mapping of names to values, not {given!r}")
    given = dict(given)
    preset = given.pop("preset", "standard")
    where = f" (sparrows rules {ruleset} lists them)" if ruleset else ""
    if not isinstance(preset, str) or preset not in presets:
        raise OptionsError(
            f"unknown preset {excerpt_repr(preset, 40)}{_closest(preset, presets)}; "
            f"available: {', '.join(presets)}"
        )
    values = dict(presets[preset])
    known = {f.name: f for f in fields(cls)}
    defaults = cls()
    for key, value in given.items():
        if key not in known:
            raise OptionsError(
                f"unknown option {excerpt_repr(key, 40)}{_closest(key, known)}{where}"
            )
        values[key] = _checked(key, getattr(defaults, key), value)
    return cls(**values)


def _closest(name: object, names: Iterable[str]) -> str:
    """``; did you mean 'x'?`` naming the closest of ``names`` (or nothing)."""
    close = difflib.get_close_matches(str(name), list(names), n=2, cutoff=0.6)
    if not close:
        return ""
    return "; did you mean " + " or ".join(repr(c) for c in close) + "?"


def _checked(key: str, default: Any, value: Any) -> Any:
    """``value`` in the type of ``default``, or OptionsError naming the expected type."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise OptionsError(f"option {key!r} must be true or false, not {value!r}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"option {key!r} must be a whole number, not {value!r}")
    elif isinstance(default, str):
        if not isinstance(value, str):
            raise OptionsError(f"option {key!r} must be text, not {value!r}")
    elif isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise OptionsError(
                f"option {key!r} must be {len(default)} whole numbers (e.g. "
                f"{','.join(map(str, default))}), not {value!r}"
            )
        value = tuple(value)
    return value
