"""Advice: what a seat's hand needs and what a good player would do with it, in one
place for the bots, the page's hint box, the terminal table and ``sparrows review``
(``sparrows analyze`` reads a bare hand with no table around it: it asks
:mod:`sparrows.analysis` directly, as this package does).

A ruleset names its advice class in
:attr:`~sparrows.engine.protocol.Ruleset.advice_class` (``"module:Class"``, imported
when first asked for; :class:`~.base.Advice`, speed only, by default), so the rules never
import the advice and a ruleset written outside sparrows can bring its own.
:func:`advice_for` makes it once per ruleset object and keeps it on that object (an
advice holds no state of a game).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .base import Advice, DiscardHint, Hint, Plan, Weight, discarded_a_wait

if TYPE_CHECKING:
    from ..engine.protocol import Ruleset

#: The attribute of a ruleset object its advice is kept in.
_KEPT = "_advice"


def advice_class(rules: Ruleset) -> type[Advice]:
    """The class ``rules`` names for its advice."""
    module, _, name = rules.advice_class.partition(":")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, Advice)):
        raise TypeError(f"{rules.advice_class} is not an Advice class")
    return cls


def advice_for(rules: Ruleset) -> Advice:
    """The advice of ``rules`` (made once per ruleset object)."""
    kept = getattr(rules, "__dict__", None)
    made = kept.get(_KEPT) if kept is not None else None
    if isinstance(made, Advice):
        return made
    made = advice_class(rules)(rules)
    if kept is not None:
        kept[_KEPT] = made
    return made


__all__ = [
    "Advice",
    "DiscardHint",
    "Hint",
    "Plan",
    "Weight",
    "advice_class",
    "advice_for",
    "discarded_a_wait",
]
