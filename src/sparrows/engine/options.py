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


def check_values(options: Any) -> None:
    """The one check of every option's value (each options class calls it first in its
    ``__post_init__``): each whole-number option (each number of a list option) within its
    class's ``RANGES`` (name -> (lowest, highest)), each text option among its ``CHOICES``
    (name -> the values). A numeric option without a declared range is a bug (every one
    has one: the engine must be able to play whatever passes here)."""
    ranges: dict[str, tuple[int, int]] = getattr(type(options), "RANGES", {})
    choices: dict[str, tuple[str, ...]] = getattr(type(options), "CHOICES", {})
    for f in fields(options):
        value = getattr(options, f.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, str) and f.name in choices:
            allowed = choices[f.name]
            if value not in allowed:
                raise OptionsError(
                    f"option {f.name!r} must be one of {', '.join(map(repr, allowed))}, not "
                    f"{excerpt_repr(value, 30)}{_closest(value, allowed)}"
                )
        elif isinstance(value, (int, tuple)):
            if f.name not in ranges:
                raise AssertionError(f"{type(options).__name__}.{f.name} has no range (RANGES)")
            low, high = ranges[f.name]
            numbers = value if isinstance(value, tuple) else (value,)
            if not all(low <= v <= high for v in numbers):
                raise OptionsError(
                    f"option {f.name!r} must be {low} to {high}"
                    + (" each" if isinstance(value, tuple) else "")
                    + f", not {excerpt_repr(value, 40)}"
                )


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
