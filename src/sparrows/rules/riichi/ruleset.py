"""The riichi ruleset of a table's options: the standard layers, or the house preset's
layer on top of them where the options play it."""

from __future__ import annotations

from typing import Any

from ..base import build_options
from .game import RiichiRuleset
from .house import plays_house
from .house.play import HouseRuleset
from .options import PRESETS, RiichiOptions


def riichi_ruleset(given: dict[str, Any]) -> RiichiRuleset:
    """The riichi ruleset of these options (a preset name under ``preset`` and values,
    through the one option builder): the house preset's layer where the options play it
    (:func:`~.house.plays_house`), the standard one otherwise."""
    options: RiichiOptions = build_options(RiichiOptions, PRESETS, given, "riichi")
    if plays_house(options):
        return HouseRuleset(options)
    return RiichiRuleset(options)
