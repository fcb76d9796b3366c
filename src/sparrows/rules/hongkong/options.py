"""Hong Kong options, presets and the faan and payment tables: every value is data here,
with a one-line description per rule (``sparrows rules hongkong`` prints them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...errors import OptionsError
from ..chinese.options import FamilyOptions

#: Faan of the ordinary items: name -> (faan, description). A dragon pung, a seat or round
#: wind pung counts once per pung.
FAAN: dict[str, tuple[int, str]] = {
    "chicken": (0, "Chicken Hand: no hand pattern applies"),
    "common_hand": (1, "Common Hand: four chows and a pair that is no dragon nor a scoring wind"),
    "all_triplets": (3, "All Triplets: four pungs or kongs"),
    "mixed_one_suit": (3, "Mixed One Suit: one suit plus honours"),
    "pure_suit": (7, "Pure Suit: one suit, no honours (replaces Mixed One Suit)"),
    "mixed_orphans": (1, "Mixed Orphans: only terminals and honours, both present"),
    "small_dragons": (3, "Small Dragons: two dragon pungs and a dragon pair (+2 pungs: 5)"),
    "great_dragons": (5, "Great Dragons: three dragon pungs (+3 pungs: 8)"),
    "small_winds": (6, "Small Winds: three wind pungs and a wind pair"),
    "seven_pairs": (4, "Seven Pairs: seven different pairs (option)"),
    "dragon_pung": (1, "each pung or kong of dragons"),
    "seat_wind": (1, "a pung or kong of the seat wind"),
    "round_wind": (1, "a pung or kong of the round wind"),
    "concealed": (1, "Concealed Hand: no exposed meld (concealed kongs allowed)"),
    "self_drawn": (1, "Self-drawn (also on a kong replacement)"),
    "no_flowers": (1, "No flowers nor seasons"),
    "own_flower": (1, "the flower of the seat's number (1 East ... 4 North)"),
    "own_season": (1, "the season of the seat's number"),
    "all_flowers": (2, "all four flowers (replaces the own flower)"),
    "all_seasons": (2, "all four seasons (replaces the own season)"),
    "last_tile": (1, "win on the last tile of the wall, drawn or discarded"),
    "kong_bloom": (1, "win on a kong replacement tile"),
    "robbing_kong": (1, "win on a tile added to an exposed pung"),
}

#: Limited hands: name -> (faan, description). Only the highest counts, plus the
#: winning-condition items in WIN_CONDITIONS.
LIMITS: dict[str, tuple[int, str]] = {
    "thirteen_orphans": (13, "Thirteen Orphans: one of each terminal and honour, one paired"),
    "nine_gates": (10, "Nine Gates: 1112345678999 of one suit plus any tile, concealed"),
    "all_honours": (10, "All Honours"),
    "all_terminals": (10, "All Terminals: only 1s and 9s"),
    "four_concealed_pungs": (10, "Four Concealed Pungs (concealed kongs count)"),
    "great_four_winds": (13, "Great Four Winds: four wind pungs"),
    "all_kongs": (13, "All Kongs: four kongs"),
    "heavenly_hand": (13, "Heavenly Hand: the dealer wins on the dealt 14"),
    "earthly_hand": (13, "Earthly Hand: a non-dealer wins on the dealer's first discard"),
    "all_eight_bonus": (13, "All Eight Bonus Tiles: wins at once"),
}

#: Items that still add to a limited hand.
WIN_CONDITIONS = ("self_drawn", "last_tile", "kong_bloom", "robbing_kong")
#: Items of the bonus tiles (left out of the minimum when flowers do not count toward it).
BONUS_ITEMS = frozenset({"no_flowers", "own_flower", "own_season", "all_flowers", "all_seasons"})

#: One share per faan 0-13.
PAYMENT_TABLES: dict[str, tuple[int, ...]] = {
    "half": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    "full": (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192),
}


@dataclass(frozen=True)
class HongKongOptions(FamilyOptions):
    """Hong Kong options (the defaults are ``../shared/rules/hongkong.md``'s)."""

    #: Faan a win needs.
    min_faan: int = 3
    #: The cap on a hand's faan (10 and 13 are common).
    limit_faan: int = 13
    #: Payment table: "half" (half-spicy) or "full" (full-spicy, doubling every faan).
    spicy: str = "half"
    #: "half": on a discard the discarder pays 2 shares, the others 1; "full": the
    #: discarder pays all 4 shares.
    gun: str = "half"
    #: Seven pairs is a winning hand (4 faan).
    seven_pairs: bool = True
    #: Bonus-tile faan count toward the minimum.
    flowers_count_to_minimum: bool = True
    #: Several players may win on one discard (else the first in turn order wins).
    multiple_winners: bool = False
    #: Every payment to or from the dealer is doubled.
    dealer_double: bool = False
    #: A kong-bloom win after a kong claimed from a discard is paid by that kong's feeder
    #: as a discard win (else as a self-draw).
    kong_bloom_feeder_pays: bool = False

    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        **FamilyOptions.RANGES,
        "min_faan": (0, 13),
        "limit_faan": (1, 13),
    }
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "spicy": ("half", "full"),
        "gun": ("half", "full"),
    }

    def __post_init__(self) -> None:
        super().__post_init__()  # the ranges and choices
        if self.min_faan > self.limit_faan:
            raise OptionsError(
                f"min_faan ({self.min_faan}) cannot exceed limit_faan ({self.limit_faan})"
            )


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "limit10": {"limit_faan": 10},
    "full-spicy": {"spicy": "full"},
    "full-gun": {"gun": "full"},
    "no-seven-pairs": {"seven_pairs": False},
    "flowers-not-minimum": {"flowers_count_to_minimum": False},
}
