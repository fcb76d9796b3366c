"""Tile faces and physical tile sets.

A :class:`Tile` is what is printed on a tile: its kind (0-41, see :mod:`.kinds`) and its
attributes (a colour for red fives, Suzume's red copies and the house preset's special
tiles; the pocchi mark). A :class:`TileSet` is the box of physical tiles a ruleset plays
with; a physical tile is an index into ``TileSet.tiles`` (its *id*). For the 136-tile
riichi sets the id is ``kind * 4 + copy`` (the Tenhou convention: red fives are copy 0,
ids 16, 52 and 88), so 136 ids convert to kinds with ``id // 4``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import total_ordering
from typing import Final, Literal

from ..errors import NotationError
from .kinds import FLOWER, GREEN, HONOR, NUM_KINDS, NUM_STANDARD, RED, SEASON, SOU


class Colour(StrEnum):
    """The colour a tile is printed in, when it is not the ordinary one."""

    NONE = ""
    RED = "red"  # aka dora, Suzume red copies, Suzume red dragons
    PURPLE = "purple"  # house preset: one purple 3m, 3p, 3s
    BLUE = "blue"  # house preset: one blue 7m, 7p, 7s
    GOLD = "gold"  # house preset: gold 5p
    PLATINUM = "platinum"  # house preset: platinum 5s
    CYAN = "cyan"  # house preset: cyan 5m


#: Where each special colour may appear: colour -> allowed kinds.
SPECIAL_COLOUR_KINDS: dict[Colour, frozenset[int]] = {
    Colour.PURPLE: frozenset({2, 11, 20}),
    Colour.BLUE: frozenset({6, 15, 24}),
    Colour.GOLD: frozenset({13}),
    Colour.PLATINUM: frozenset({22}),
    Colour.CYAN: frozenset({4}),
}
#: Kinds that have a pocchi copy in the house preset (5z, 6z, 7z).
POCCHI_KINDS = frozenset({31, 32, 33})


_COLOUR_INDEX = {c: i for i, c in enumerate(Colour)}
#: ``Tile.code`` is ``(kind * len(Colour) + colour index) * 2 + pocchi``: its quotient by
#: CODE_PER_KIND is the kind, and its remainder is 0 only for a plain tile (no colour, not
#: pocchi), so hot loops read one attribute for both.
CODE_PER_KIND: Final = 14  # a literal, so compiled code inlines it
assert 2 * len(Colour) == CODE_PER_KIND and _COLOUR_INDEX[Colour.NONE] == 0


@total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """A tile face. Two tiles with equal fields are interchangeable.

    Tiles order by kind, then plain before coloured; equality and hashing use a small
    integer code computed once (tiles are hashed and compared on hot paths).
    """

    kind: int
    colour: Colour = Colour.NONE
    pocchi: bool = False
    code: int = field(init=False, repr=False)
    #: Printed red (aka dora, Suzume red tiles); a plain attribute, read on hot paths.
    red: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0 <= self.kind < NUM_KINDS:
            raise ValueError(f"tile kind must be 0-{NUM_KINDS - 1}, not {self.kind}")
        code = (self.kind * len(_COLOUR_INDEX) + _COLOUR_INDEX[self.colour]) * 2 + self.pocchi
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "red", self.colour is Colour.RED)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self.code == other.code
        return NotImplemented

    def __lt__(self, other: Tile) -> bool:
        if isinstance(other, Tile):
            return self.code < other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    @property
    def special(self) -> bool:
        """A house-preset special tile (a special colour or pocchi)."""
        return self.pocchi or self.colour not in (Colour.NONE, Colour.RED)

    def __str__(self) -> str:
        return format_tile(self)

    def __repr__(self) -> str:
        return f"Tile({self})"


@dataclass(frozen=True)
class TileSet:
    """The physical tiles of a ruleset; ``tiles[i]`` is the face of tile id ``i``."""

    name: str
    tiles: tuple[Tile, ...]
    description: str = ""
    _limits: Counter[Tile] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_limits", Counter(self.tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def kinds(self) -> frozenset[int]:
        return frozenset(t.kind for t in self.tiles)

    def copies(self, tile: Tile) -> int:
        """How many physical tiles of this exact face the set holds."""
        return self._limits[tile]

    def kind_copies(self, kind: int) -> int:
        return sum(n for t, n in self._limits.items() if t.kind == kind)

    def check(self, tiles: Iterable[Tile], text: str = "", dialect: Dialect = "mpsz") -> None:
        """Raise :class:`NotationError` if ``tiles`` could not all come from this set
        (tiles named in ``dialect`` in the message)."""

        def name(tile: Tile) -> str:
            try:
                return format_tile(tile, dialect)
            except NotationError:
                return format_tile(tile)

        used = Counter(tiles)
        for tile, n in sorted(used.items()):
            have = self._limits[tile]
            if n > have:
                what = "no" if have == 0 else f"only {have}"
                raise NotationError(
                    f"{n} x {name(tile)}: the {self.name} tile set has {what} "
                    f"{'such tile' if have == 0 else 'of them'}",
                    text,
                )
        kinds = Counter(t.kind for t in used.elements())
        for kind, n in sorted(kinds.items()):
            have = self.kind_copies(kind)
            if n > have:
                raise NotationError(
                    f"{n} tiles of kind {name(Tile(kind))}: the {self.name} set has {have}", text
                )

    def ids_of(self, tile: Tile) -> list[int]:
        return [i for i, t in enumerate(self.tiles) if t == tile]


def _four_of_each(kinds: Iterable[int]) -> list[Tile]:
    return [Tile(k) for k in kinds for _ in range(4)]


def riichi_set(reds: Sequence[int] = (1, 1, 1)) -> TileSet:
    """136 tiles; ``reds[s]`` red fives (0-4) in man, pin, sou. Ids follow Tenhou."""
    if len(reds) != 3 or not all(0 <= r <= 4 for r in reds):
        raise ValueError(f"reds must be three numbers 0-4 (man, pin, sou), not {reds!r}")
    tiles: list[Tile] = []
    for kind in range(NUM_STANDARD):
        for copy in range(4):
            red = kind < 27 and kind % 9 == 4 and copy < reds[kind // 9]
            tiles.append(Tile(kind, Colour.RED) if red else Tile(kind))
    name = "riichi" if tuple(reds) == (1, 1, 1) else f"riichi (red {'/'.join(map(str, reds))})"
    return TileSet(name, tuple(tiles), "136 tiles, red fives as aka dora")


def sanma_set(reds: Sequence[int] = (0, 1, 1)) -> TileSet:
    """108 tiles for three-player riichi: the 136 without 2m-8m; ``reds`` as for
    :func:`riichi_set` (no red 5m: there is no 5m)."""
    if len(reds) != 3 or reds[0] or not all(0 <= r <= 4 for r in reds):
        raise ValueError(f"reds must be (0, p, s) with p and s 0-4, not {reds!r}")
    tiles = tuple(t for t in riichi_set(reds).tiles if not 1 <= t.kind <= 7)
    name = "sanma" if tuple(reds) == (0, 1, 1) else f"sanma (red {reds[1]}/{reds[2]})"
    return TileSet(name, tiles, "108 tiles (no 2m-8m) for three players")


def house_set() -> TileSet:
    """The 'Dealer's Choice' house set: 136 tiles, copy 0 of some kinds replaced by
    special tiles (purple 3s, blue 7s, cyan 5m, gold 5p, platinum 5s, pocchi 5z 6z 7z)."""
    special: dict[int, Tile] = {}
    for colour, kinds in SPECIAL_COLOUR_KINDS.items():
        for k in kinds:
            special[k] = Tile(k, colour)
    for k in POCCHI_KINDS:
        special[k] = Tile(k, pocchi=True)
    tiles = [
        special[k] if copy == 0 and k in special else Tile(k)
        for k in range(NUM_STANDARD)
        for copy in range(4)
    ]
    return TileSet("house", tuple(tiles), "136 tiles with the house preset's special tiles")


def suzume_set() -> TileSet:
    """44 tiles: bamboo 1-9 x4 (copy 0 of each red), green dragon x4, red dragon x4 (red)."""
    tiles = [
        Tile(SOU + n, Colour.RED) if copy == 0 else Tile(SOU + n)
        for n in range(9)
        for copy in range(4)
    ]
    tiles += [Tile(GREEN)] * 4 + [Tile(RED, Colour.RED)] * 4
    return TileSet("suzume", tuple(tiles), "44 tiles: one suit 1-9, green and red dragons")


def sichuan_set() -> TileSet:
    """108 tiles: three suits 1-9, four of each; no honours, no bonus tiles."""
    return TileSet("sichuan", tuple(_four_of_each(range(27))), "108 suited tiles")


def bonus_tiles() -> list[Tile]:
    return [Tile(k) for k in range(FLOWER, SEASON + 4)]


def hongkong_set() -> TileSet:
    """144 tiles: 136 standard tiles (no reds) plus 4 flowers and 4 seasons."""
    tiles = _four_of_each(range(NUM_STANDARD)) + bonus_tiles()
    return TileSet("hongkong", tuple(tiles), "144 tiles with flowers and seasons")


def classical_set(bonus: bool = True) -> TileSet:
    """136 standard tiles, plus the 8 bonus tiles unless ``bonus`` is false."""
    tiles = _four_of_each(range(NUM_STANDARD)) + (bonus_tiles() if bonus else [])
    name = "classical" if bonus else "classical (no bonus)"
    return TileSet(name, tuple(tiles), f"{len(tiles)} tiles")


TILE_SETS = {
    "suzume": suzume_set,
    "sichuan": sichuan_set,
    "riichi": riichi_set,
    "house": house_set,
    "hongkong": hongkong_set,
    "classical": classical_set,
}


# ---------------------------------------------------------------- the text of a tile
# (parsing, melds and hands: :mod:`.notation`)
Dialect = Literal["mpsz", "suzume"]
DIALECTS: tuple[Dialect, ...] = ("mpsz", "suzume")

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": HONOR, "f": FLOWER, "h": SEASON}
_SUFFIX_COLOUR = {
    "*": Colour.RED,
    "P": Colour.PURPLE,
    "B": Colour.BLUE,
    "C": Colour.CYAN,
    "G": Colour.GOLD,
    "T": Colour.PLATINUM,
}
_COLOUR_SUFFIX = {c: s for s, c in _SUFFIX_COLOUR.items()}


def _suit_letter(kind: int) -> str:
    if kind < HONOR:
        return "mps"[kind // 9]
    if kind < NUM_STANDARD:
        return "z"
    return "f" if kind < SEASON else "h"


def _digit(tile: Tile) -> str:
    kind = tile.kind
    base = _SUIT_BASE[_suit_letter(kind)]
    number = kind - base + 1
    if tile.colour is Colour.RED and kind < HONOR and number == 5:
        return "0"
    text = str(number)
    if tile.colour is not Colour.NONE:
        text += _COLOUR_SUFFIX[tile.colour]
    if tile.pocchi:
        text += "!"
    return text


def format_tile(tile: Tile, dialect: Dialect = "mpsz") -> str:
    """One tile as text, e.g. ``'0m'``, ``'7z'``, ``'3Ps'``; Suzume: ``'2*'``, ``'g'``."""
    return format_tiles([tile], dialect)


def format_tiles(tiles: Iterable[Tile], dialect: Dialect = "mpsz", sort: bool = False) -> str:
    """Tiles as compact text. mpsz groups runs of one suit: ``[1m,2m,5p] -> '12m5p'``."""
    seq = sorted(tiles, key=_sort_key) if sort else list(tiles)
    if dialect == "suzume":
        return "".join(_suzume_char(t) for t in seq)
    out: list[str] = []
    pending = ""
    suit = ""
    for t in seq:
        letter = _suit_letter(t.kind)
        if letter != suit and pending:
            out.append(pending + suit)
            pending = ""
        suit = letter
        pending += _digit(t)
    if pending:
        out.append(pending + suit)
    return "".join(out)


def _sort_key(tile: Tile) -> tuple[int, bool, str, bool]:
    # Plain copies before coloured ones of the same kind; red fives sort as fives.
    return (tile.kind, tile.colour is not Colour.NONE, tile.colour.value, tile.pocchi)


def _suzume_char(tile: Tile) -> str:
    if tile.pocchi:
        raise NotationError(f"{format_tile(tile)} is not a Suzume-Jong tile")
    if tile.kind == GREEN and tile.colour is Colour.NONE:
        return "g"
    if tile.kind == RED and tile.colour is Colour.RED:
        return "r"
    if SOU <= tile.kind < SOU + 9 and tile.colour in (Colour.NONE, Colour.RED):
        return str(tile.kind - SOU + 1) + ("*" if tile.red else "")
    raise NotationError(f"{format_tile(tile)} is not a Suzume-Jong tile")
