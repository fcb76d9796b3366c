"""Sichuan "bloody battle" options, presets and the faan table: every value is data here
with a one-line rule (``sparrows rules sichuan`` prints them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

#: Faan of each item: name -> (faan, description); score = base x 2^faan.
FAAN: dict[str, tuple[int, str]] = {
    "standard_win": (0, "Standard Win: four sets and a pair, no pattern"),
    "all_triplets": (1, "All Triplets: four pungs or gangs"),
    "pure_suit": (2, "Pure Suit: one suit only"),
    "golden_hook": (2, "Golden Hook: four exposed sets, won on the pair tile from a discard"),
    "seven_pairs": (2, "Seven Pairs (four alike count as two pairs)"),
    "root": (1, "Root: each kind of which all four tiles are held (each)"),
    "self_drawn": (1, "Self-Drawn (also on a gang bloom)"),
    "last_tile": (1, "Last Minute Save: win on the final wall tile, drawn or discarded"),
    "robbing_gang": (1, "Robbing the Gang"),
    "after_gang": (1, "Discard after a Gang: win on the discard a player made after a gang"),
    "gang_bloom": (1, "Gang Bloom: win on a gang's replacement tile"),
}
#: Items that depend on the situation of the win (left out of the draw settlement).
SITUATIONAL = frozenset({"self_drawn", "last_tile", "robbing_gang", "after_gang", "gang_bloom"})


#: The ways a call transfer is paid (option ``call_transfer``).
CALL_TRANSFER = ("split", "each", "off")


@dataclass(frozen=True)
class SichuanOptions:
    """Sichuan options (the defaults are the ``seed`` preset of ``../shared/rules/sichuan.md``)."""

    #: The base amount: score = base x 2^faan.
    base: int = 1
    #: The most faan a hand counts (0: no cap; preset ``mil``: 3).
    faan_cap: int = 0
    #: The three-tile exchange at the start of each hand (one die decides the direction).
    exchange: bool = True
    #: After passing a win on another player's tile (also by calling pung on it), no Hu on
    #: another player's tile (a discard or a robbed gang) until one's next draw.
    pass_hu_lock: bool = True
    #: A win on the discard a player made right after a gang takes that gang's points:
    #: ``split`` among several winners on it (the remainder to the first in turn order
    #: from the discarder), ``each`` (every winner takes all of them), ``off``.
    call_transfer: str = "split"
    #: A gang bloom after a discard-claimed gang is paid by the gang's feeder as a discard.
    gang_bloom_claimed_pays: bool = False
    #: At an exhaustive draw a player still holding void tiles pays every other active
    #: player the capped maximum (16 x base without a cap).
    flower_pig: bool = False
    #: Hands in a game.
    hands: int = 8
    #: Points each player starts with.
    starting_points: int = 0

    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "base": (1, 10**6),
        "faan_cap": (0, 20),
        "hands": (1, 1000),
        "starting_points": (-(10**9), 10**9),
    }
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"call_transfer": CALL_TRANSFER}

    def __post_init__(self) -> None:
        from ...engine.options import check_values

        check_values(self)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "seed": {},
    "mil": {"faan_cap": 3},
}
