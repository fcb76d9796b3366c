"""Suzume-Jong scoring: the items of the rulebook as data and small pure functions.

A winning hand is six tiles forming two sets (runs of the one suit, or triplets of a
number or a dragon). Points (``../shared/rules/suzume.md``):

=====================  ======  ===================================================
item                   points  when
=====================  ======  ===================================================
run                    +1      each run among the two sets
triplet                +2      each triplet
red tile               +1      each red tile among the six (9 red numbers, 4 red dragons)
dora                   +1      each tile of the same kind as the dora indicator
tanyao                 +1      no 1, 9, green or red dragon among the six
chanta                 +2      both sets are 1-2-3, 7-8-9, or triplets of 1, 9, g or r
all green (yakuman)    10      only non-red 2, 3, 4, 6, 8 and green dragons
chinyao (yakuman)      15      only 1, 9, green and red dragons
super red (yakuman)    20      all six tiles red
dealer                 +2      the winner is the dealer (not counted toward the minimum)
=====================  ======  ===================================================

A yakuman's flat bonus replaces red, dora, tanyao and chanta; the set points and the dealer
bonus still add. If a hand could be read two ways, the reading worth most is taken. A win
needs at least 5 points before the dealer bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from ...analysis import SUZUME, BlockType, decompose
from ...tiles import Colour, Tile, format_tiles
from ...tiles.kinds import GREEN, RED, SOU

MIN_POINTS: Final = 5
DEALER_BONUS: Final = 2

RUN_POINTS: Final = 1
TRIPLET_POINTS: Final = 2
RED_POINTS: Final = 1
DORA_POINTS: Final = 1
TANYAO_POINTS: Final = 1
CHANTA_POINTS: Final = 2
YAKUMAN: Final = {"all_green": 10, "chinyao": 15, "super_red": 20}

ITEM_NAMES: Final = {
    "run": "Run",
    "triplet": "Triplet",
    "red": "Red tile",
    "dora": "Dora",
    "tanyao": "Tanyao (all simples)",
    "chanta": "Chanta (terminal sets)",
    "all_green": "All Green (yakuman)",
    "chinyao": "Chinyao (yakuman)",
    "super_red": "Super Red (yakuman)",
    "dealer": "Dealer bonus",
}

Set = tuple[BlockType, int]  # a set: its type and its lowest kind

_ONE: Final = SOU
_NINE: Final = SOU + 8
_TERMINAL_KINDS: Final = frozenset({_ONE, _NINE, GREEN, RED})
_GREEN_KINDS: Final = frozenset({SOU + 1, SOU + 2, SOU + 3, SOU + 5, SOU + 7, GREEN})


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring item: ``count`` times ``points`` each."""

    name: str
    points: int
    count: int = 1

    @property
    def total(self) -> int:
        return self.points * self.count

    @property
    def label(self) -> str:
        return ITEM_NAMES.get(self.name, self.name)


@dataclass(frozen=True, slots=True)
class SuzumeScore:
    """The value of six tiles. ``base`` is counted before the dealer bonus; ``valid`` when
    the six tiles form two sets worth at least 5. ``reading`` shows the chosen sets."""

    complete: bool
    base: int
    total: int
    items: tuple[Item, ...] = field(default=())
    sets: tuple[Set, ...] = ()  # the reading chosen, as (block type, first kind) pairs
    yakuman: str | None = None

    @property
    def reading(self) -> str:
        """The chosen sets as text, e.g. ``234 666`` (empty for an incomplete hand)."""
        return self.reading_text()

    def reading_text(self) -> str:
        """:attr:`reading` as a method (a builder for events made only when kept)."""
        return " ".join(
            format_tiles([_plain(k) for k in _set_kinds(s)], "suzume")
            for s in sorted(self.sets, key=lambda s: s[1])
        )

    @property
    def valid(self) -> bool:
        return self.complete and self.base >= MIN_POINTS

    def breakdown(self) -> list[tuple[str, int]]:
        return [(i.label + (f" x{i.count}" if i.count > 1 else ""), i.total) for i in self.items]


@lru_cache(maxsize=8192)
def readings(kinds: tuple[int, ...]) -> tuple[tuple[Set, Set], ...]:
    """All ways to read six tile kinds (sorted) as two sets."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    out = []
    for d in decompose(counts, SUZUME):
        a, b = d.sets
        out.append((a, b))
    return tuple(out)


def _set_kinds(s: Set) -> tuple[int, ...]:
    t, k = s
    return (k, k + 1, k + 2) if t is BlockType.RUN else (k, k, k)


def _is_chanta_set(s: Set) -> bool:
    t, k = s
    if t is BlockType.RUN:
        return k in (_ONE, _NINE - 2)
    return k in _TERMINAL_KINDS


def _score_reading(
    sets: tuple[Set, Set], tiles: Sequence[Tile], indicator: int | None
) -> tuple[int, list[Item], str | None]:
    items: list[Item] = []
    runs = sum(1 for t, _ in sets if t is BlockType.RUN)
    if runs:
        items.append(Item("run", RUN_POINTS, runs))
    if 2 - runs:
        items.append(Item("triplet", TRIPLET_POINTS, 2 - runs))
    reds = sum(1 for t in tiles if t.red)
    kinds = [t.kind for t in tiles]
    yakuman = None
    if reds == 6:
        yakuman = "super_red"
    elif all(k in _TERMINAL_KINDS for k in kinds):
        yakuman = "chinyao"
    elif reds == 0 and all(k in _GREEN_KINDS for k in kinds):
        yakuman = "all_green"
    if yakuman:
        items.append(Item(yakuman, YAKUMAN[yakuman]))
    else:
        if reds:
            items.append(Item("red", RED_POINTS, reds))
        dora = sum(1 for k in kinds if k == indicator)
        if dora:
            items.append(Item("dora", DORA_POINTS, dora))
        if not any(k in _TERMINAL_KINDS for k in kinds):
            items.append(Item("tanyao", TANYAO_POINTS))
        if all(_is_chanta_set(s) for s in sets):
            items.append(Item("chanta", CHANTA_POINTS))
    return sum(i.total for i in items), items, yakuman


def score_hand(
    tiles: Sequence[Tile], indicator: Tile | int | None, dealer: bool = False
) -> SuzumeScore:
    """Score six Suzume tiles against the dora indicator (a tile or kind; ``None`` for
    none). An incomplete hand scores ``complete=False`` with no items."""
    if len(tiles) != 6:
        return SuzumeScore(False, 0, 0)
    ind = indicator.kind if isinstance(indicator, Tile) else indicator
    best: tuple[int, list[Item], str | None, tuple[Set, Set]] | None = None
    for sets in readings(tuple(sorted(t.kind for t in tiles))):
        value, items, yakuman = _score_reading(sets, tiles, ind)
        if best is None or value > best[0]:
            best = (value, items, yakuman, sets)
    if best is None:
        return SuzumeScore(False, 0, 0)
    value, items, yakuman, sets = best
    if dealer:
        items = [*items, Item("dealer", DEALER_BONUS)]
    return SuzumeScore(
        True, value, value + (DEALER_BONUS if dealer else 0), tuple(items), sets, yakuman
    )


def _plain(kind: int) -> Tile:
    """The ordinary face of a kind (red dragons are always red)."""
    return Tile(kind, Colour.RED) if kind == RED else Tile(kind)


def tsumo_share(points: int) -> int:
    """What each of the three others pays on a self-drawn win: the score / 3 rounded up."""
    return -(-points // 3)
