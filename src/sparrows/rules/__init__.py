"""Rulesets: one plug-in per ruleset over the shared engine.

``get_ruleset(name, options)`` builds a ruleset by name from the registry;
``register_ruleset(name, factory)`` adds one (a plug-in of your own, a test ruleset), so
records name it and replay it like the built-in ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import SparrowsError
from .base import Ruleset

Factory = Callable[[dict[str, Any]], Ruleset]


def _suzume(options: dict[str, Any]) -> Ruleset:
    from .suzume import SuzumeRuleset

    return SuzumeRuleset.from_options(options)


def _riichi(options: dict[str, Any]) -> Ruleset:
    from .riichi.ruleset import riichi_ruleset

    return riichi_ruleset(options)


def _hongkong(options: dict[str, Any]) -> Ruleset:
    from .hongkong.ruleset import HongKongRuleset

    return HongKongRuleset.from_options(options)


def _classical(options: dict[str, Any]) -> Ruleset:
    from .classical.ruleset import ClassicalRuleset

    return ClassicalRuleset.from_options(options)


def _sichuan(options: dict[str, Any]) -> Ruleset:
    from .sichuan.ruleset import SichuanRuleset

    return SichuanRuleset.from_options(options)


_REGISTRY: dict[str, Factory] = {
    "suzume": _suzume,
    "riichi": _riichi,
    "hongkong": _hongkong,
    "classical": _classical,
    "sichuan": _sichuan,
}
#: The built-in rulesets (the command line offers these).
RULESETS: tuple[str, ...] = tuple(_REGISTRY)


def register_ruleset(name: str, factory: Factory) -> None:
    """Make ``get_ruleset(name, options)`` call ``factory(options)``."""
    _REGISTRY[name] = factory


def get_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    """A ruleset by name with options (a dict of option names to values, or a preset name
    under the key ``preset``). Raises SparrowsError for an unknown name or option."""
    factory = _REGISTRY.get(name) if isinstance(name, str) else None
    if factory is None:
        raise SparrowsError(f"unknown ruleset {name!r}; available: {', '.join(_REGISTRY)}")
    return factory(dict(options or {}))


__all__ = ["RULESETS", "Ruleset", "get_ruleset", "register_ruleset"]
