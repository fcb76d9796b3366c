"""The Chinese family: the game Hong Kong, classical and Sichuan share (:mod:`.game`:
``ChineseRuleset``, the win's facts, placements, payments as moves) and the options they
share (:mod:`.options`). Each ruleset of the family extends them in its own package
(``rules/hongkong``, ``rules/classical``, ``rules/sichuan``)."""

from .game import (
    PASS,
    RON,
    SEATS,
    TSUMO,
    ChineseRuleset,
    FamilyState,
    HandFacts,
    WinFacts,
    facts_from_text,
    moves,
    placements,
    situation_from_hand,
)
from .options import FamilyOptions

__all__ = [
    "PASS",
    "RON",
    "SEATS",
    "TSUMO",
    "ChineseRuleset",
    "FamilyOptions",
    "FamilyState",
    "HandFacts",
    "WinFacts",
    "facts_from_text",
    "moves",
    "placements",
    "situation_from_hand",
]
