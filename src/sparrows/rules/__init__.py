"""Rulesets: one plug-in per ruleset over the shared engine.

``get_ruleset(name, options)`` builds a ruleset by name from the registry;
``register_ruleset(name, factory)`` adds one (a plug-in of your own, a test ruleset), so
records name it and replay it like the built-in ones. ``shared_ruleset(name, options)``
gives every user in a process (the server's tables, a simulation's games, the
environments' tables) one object per ruleset and options, and so one set of memo tables.
"""

from __future__ import annotations

import json
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
    for made in (_SHARED, _ASKED):  # (a ruleset registered again: its objects are old)
        for key in [k for k in made if json.loads(k)[0] == name]:
            del made[key]


#: the shared rulesets by ruleset, options as the ruleset reads them, and memo cap; and
#: the same objects by the arguments as they were given
_SHARED: dict[str, Ruleset] = {}
_ASKED: dict[str, Ruleset] = {}


def shared_ruleset(
    name: str, options: dict[str, Any] | None = None, memo_limit: int | None = None
) -> Ruleset:
    """One ruleset object per ruleset, options and memo cap for the whole process. A
    ruleset is immutable configuration; its memo tables (pure functions of hand keys) are
    then filled once for every game that plays it, instead of once per table or per
    environment. ``memo_limit``: the memo tables' cap (None: the engine's,
    ``engine/memo.py``); a long-lived server gives a lower one."""
    asked = json.dumps([name, options or {}, memo_limit], sort_keys=True, default=str)
    made = _ASKED.get(asked)
    if made is not None:  # (asked the same way before: no ruleset built to find it)
        return made
    rules = get_ruleset(name, options)
    key = json.dumps([name, rules.options_dict(), memo_limit], sort_keys=True, default=str)
    made = _SHARED.get(key)
    if made is None:
        if memo_limit is not None:
            rules.memos.limit = memo_limit
        made = _SHARED[key] = rules
    _ASKED[asked] = made
    return made


def shared_rulesets() -> list[Ruleset]:
    """Every ruleset :func:`shared_ruleset` has made in this process."""
    return list(_SHARED.values())


def get_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    """A ruleset by name with options (a dict of option names to values, or a preset name
    under the key ``preset``). Raises SparrowsError for an unknown name or option."""
    factory = _REGISTRY.get(name) if isinstance(name, str) else None
    if factory is None:
        raise SparrowsError(f"unknown ruleset {name!r}; available: {', '.join(_REGISTRY)}")
    return factory(dict(options or {}))


__all__ = [
    "RULESETS",
    "Ruleset",
    "get_ruleset",
    "register_ruleset",
    "shared_ruleset",
    "shared_rulesets",
]
