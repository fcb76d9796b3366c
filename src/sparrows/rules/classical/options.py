"""Classical Chinese options, presets, and the points and doubles tables: every value is
data here with a one-line description (``sparrows rules classical`` prints them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..chinese.options import FamilyOptions

#: Points items: name -> (points, description). Meld points by (simple, terminal/honour).
MELD_POINTS: dict[str, tuple[int, int, str]] = {
    "exposed_pung": (2, 4, "an exposed pung (one completed by a discard too)"),
    "concealed_pung": (4, 8, "a concealed pung"),
    "exposed_kong": (8, 16, "an exposed kong (claimed or promoted)"),
    "concealed_kong": (16, 32, "a concealed kong"),
    # cuencana: bonus tiles kept in the hand; "matching" (all flowers, all seasons, or
    # one number) score the terminal/honour value
    "bonus_set": (4, 8, "three bonus tiles as a concealed set (cuencana)"),
    "bonus_kong": (16, 32, "four bonus tiles declared as a concealed kong (cuencana)"),
    "bonus_pair": (0, 2, "two bonus tiles as the pair (cuencana)"),
}
POINTS: dict[str, tuple[int, str]] = {
    "dragon_pair": (2, "a pair of dragons"),
    "seat_wind_pair": (2, "a pair of the seat wind"),
    "round_wind_pair": (2, "a pair of the round wind"),
    "bonus_tile": (4, "each bonus tile"),
    "mah_jongg": (20, "Mah Jongg (the winner)"),
    "pair_wait": (2, "the winning tile completes the pair"),
    "only_tile": (2, "the winning tile was the only kind that could complete the hand"),
    "self_drawn": (2, "self-drawn (also on a kong replacement)"),
}
#: Doubles: name -> (doubles, description). Winner-only items are in WINNER_ONLY.
DOUBLES: dict[str, tuple[int, str]] = {
    "dragon_pung": (1, "each pung or kong of dragons"),
    "seat_wind_pung": (1, "a pung or kong of the seat wind"),
    "round_wind_pung": (1, "a pung or kong of the round wind"),
    "own_flower": (1, "the flower of the seat's number"),
    "own_season": (1, "the season of the seat's number"),
    "all_flowers": (1, "all four flowers (beside the own flower)"),
    "all_seasons": (1, "all four seasons (beside the own season)"),
    "three_concealed_pungs": (1, "three concealed pungs or kongs"),
    "no_chow": (1, "no chow (winner)"),
    "fully_concealed": (1, "no exposed meld, also on a discard win (winner)"),
    "mixed_one_suit": (1, "one suit with honours (winner)"),
    "pure_one_suit": (3, "one suit only (winner)"),
    "terminals_and_honours": (1, "only terminals and honours (winner)"),
    "last_tile": (1, "win on the last wall tile or its discard (winner)"),
    "kong_replacement": (1, "win on a kong replacement (winner)"),
    "robbing_kong": (1, "win by robbing a kong (winner)"),
    "little_three_dragons": (1, "two dragon pungs and a dragon pair (winner)"),
    "big_three_dragons": (2, "three dragon pungs (winner)"),
    "little_four_winds": (1, "three wind pungs and a wind pair (winner)"),
    "big_four_winds": (2, "four wind pungs (winner)"),
    "seven_pairs": (1, "Seven Pairs (option; with Mah Jongg and bonus tiles only)"),
}
#: Limit hands: they score the limit.
LIMIT_HANDS: dict[str, str] = {
    "thirteen_orphans": "Thirteen Orphans",
    "nine_gates": "Nine Gates: 1112345678999 of one suit plus any tile of it, concealed",
    "all_honours": "All Honours",
    "all_terminals": "All Terminals",
    "four_kongs": "Four Kongs",
    "concealed_one_suit": "Concealed One Suit: one suit, no honours, no exposed meld",
    "heavenly_hand": "Heavenly Hand: East wins on the dealt 14",
    "earthly_hand": "Earthly Hand: a player wins on East's first discard",
    "hidden_treasure": "Hidden Treasure: four concealed pungs or kongs",
}


@dataclass(frozen=True)
class ClassicalOptions(FamilyOptions):
    """Classical Chinese options (the defaults are ``../shared/rules/classical.md``'s)."""

    #: The most a hand scores (300, 500 and 1000 are common; 0: no limit).
    limit: int = 500
    #: Play with the eight flowers and seasons (144 tiles; else 136).
    bonus_tiles: bool = True
    #: What a drawn bonus tile does: "replace" (set aside, a replacement drawn from the end
    #: of the wall) or "keep" (cuencana, seed 002: kept in the hand, where any two make a
    #: pair and any three a set, four may be declared as a concealed kong, or discarded
    #: dead).
    bonus_mode: str = "replace"
    #: Seven pairs is a winning hand (Mah Jongg 20 and one double): seed 002 names seven
    #: pairs and thirteen orphans as the two irregular hands that win.
    seven_pairs: bool = True
    #: Several claims to win on one discard: "nearest" in turn order wins, or "value"
    #: (seed 003): the hand of higher score wins, then the nearest.
    win_claims: str = "nearest"
    #: After an exhaustive draw the same East deals again (else the deal passes).
    draw_keeps_deal: bool = True
    #: No Mah Jongg on a discard of a kind already in one's own discards (seed 002).
    no_win_on_own_discards: bool = True

    RANGES: ClassVar[dict[str, tuple[int, int]]] = {**FamilyOptions.RANGES, "limit": (0, 10**6)}
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "bonus_mode": ("replace", "keep"),
        "win_claims": ("nearest", "value"),
    }


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},  # = classical, the default
    "classical": {},
    "cuencana": {"bonus_mode": "keep"},
    "seed003": {"win_claims": "value", "draw_keeps_deal": False},
    "limit300": {"limit": 300},
    "limit1000": {"limit": 1000},
}
