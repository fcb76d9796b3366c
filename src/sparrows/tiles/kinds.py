"""Tile kinds: 34 standard kinds (0-33) and 8 bonus kinds (34-41).

===========  =====  ===============================================
kinds        mpsz   meaning
===========  =====  ===============================================
0-8          1-9m   characters (man, wan)
9-17         1-9p   dots (pin, tong)
18-26        1-9s   bamboo (sou, tiao)
27-30        1-4z   winds East, South, West, North
31-33        5-7z   dragons white, green, red
34-37        1-4f   flowers: plum, orchid, chrysanthemum, bamboo
38-41        1-4h   seasons: spring, summer, autumn, winter
===========  =====  ===============================================

Suzume-Jong uses the bamboo suit and the green and red dragons (kinds 18-26, 32, 33).
"""

from __future__ import annotations

from typing import Final

MAN: Final = 0
PIN: Final = 9
SOU: Final = 18
HONOR: Final = 27
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
FLOWER: Final = 34
SEASON: Final = 38

NUM_STANDARD: Final = 34
NUM_KINDS: Final = 42

SUITS: Final = "mpsz"
BONUS_SUITS: Final = "fh"

TERMINALS: Final = (0, 8, 9, 17, 18, 26)
HONORS: Final = tuple(range(27, 34))
TERMINALS_AND_HONORS: Final = TERMINALS + HONORS
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)

WIND_NAMES: Final = ("East", "South", "West", "North")
DRAGON_NAMES: Final = ("White", "Green", "Red")
FLOWER_NAMES: Final = ("Plum", "Orchid", "Chrysanthemum", "Bamboo")
SEASON_NAMES: Final = ("Spring", "Summer", "Autumn", "Winter")
SUIT_NAMES: Final = ("Characters", "Dots", "Bamboo")


def is_suited(kind: int) -> bool:
    return 0 <= kind < HONOR


def is_honor(kind: int) -> bool:
    return HONOR <= kind < NUM_STANDARD


def is_bonus(kind: int) -> bool:
    return FLOWER <= kind < NUM_KINDS


def is_terminal(kind: int) -> bool:
    return kind in TERMINALS


def is_terminal_or_honor(kind: int) -> bool:
    return kind in TERMINALS or HONOR <= kind < NUM_STANDARD


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours, 4 flowers, 5 seasons."""
    if kind < NUM_STANDARD:
        return kind // 9
    return 4 if kind < SEASON else 5


def number_of(kind: int) -> int:
    """The number on the tile: 1-9 for suits, 1-7 for honours, 1-4 for bonus tiles."""
    if kind < HONOR:
        return kind % 9 + 1
    if kind < NUM_STANDARD:
        return kind - HONOR + 1
    return (kind - FLOWER) % 4 + 1


def kind_name(kind: int) -> str:
    """A readable English name, e.g. ``'5 Dots'``, ``'East'``, ``'Green'``, ``'Plum'``."""
    if not 0 <= kind < NUM_KINDS:
        raise ValueError(f"tile kind must be 0-{NUM_KINDS - 1}, not {kind}")
    if kind < HONOR:
        return f"{number_of(kind)} {SUIT_NAMES[kind // 9]}"
    if kind < WHITE:
        return WIND_NAMES[kind - EAST]
    if kind < NUM_STANDARD:
        return DRAGON_NAMES[kind - WHITE]
    if kind < SEASON:
        return FLOWER_NAMES[kind - FLOWER]
    return SEASON_NAMES[kind - SEASON]
