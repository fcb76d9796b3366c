"""One conversion table between tile notations.

=========  ==============================================================================
notation   form
=========  ==============================================================================
mpsz       ``5m``, ``0m`` (red five), ``7z``, ``1f``
kind       0-33 standard, 34-41 bonus (see :mod:`sparrows.tiles.kinds`)
id136      physical id ``kind * 4 + copy`` in a 136 set; red fives are copy 0 (16, 52, 88)
mjai       ``1m``..``9m``, ``5mr`` (red), ``E S W N``, ``P`` white, ``F`` green, ``C`` red
tenhou     11-19 m, 21-29 p, 31-39 s, 41-47 E S W N white green red, 51/52/53 red 5m 5p 5s
unicode    U+1F000-1F02B. Unicode orders winds E S W N, then **red, green, white**
           dragons, then characters (m), **bamboo (s), dots (p)**, flowers, seasons.
=========  ==============================================================================

:data:`TABLE` lists every row; the functions below use it, and the tests check it.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..errors import NotationError, excerpt_repr
from .kinds import FLOWER, HONOR, NUM_KINDS, NUM_STANDARD, SEASON
from .notation import parse_tiles
from .tile import Colour, Tile, format_tile

_MJAI_HONORS = "ESWNPFC"


class Row(NamedTuple):
    tile: Tile
    mpsz: str
    kind: int
    id136: int | None  # the first id of this face in the standard set (one red per suit)
    mjai: str | None
    tenhou: int | None
    unicode: str


def _unicode_of(kind: int) -> str:
    if kind < 9:
        return chr(0x1F007 + kind)
    if kind < 18:
        return chr(0x1F019 + kind - 9)
    if kind < 27:
        return chr(0x1F010 + kind - 18)
    if kind < 31:
        return chr(0x1F000 + kind - 27)
    if kind < NUM_STANDARD:  # white, green, red -> U+1F006, 1F005, 1F004
        return chr(0x1F006 - (kind - 31))
    if kind < SEASON:  # plum, orchid, chrysanthemum, bamboo -> 1F022, 1F023, 1F025, 1F024
        return chr(0x1F022 + (0, 1, 3, 2)[kind - FLOWER])
    return chr(0x1F026 + kind - SEASON)


def _red_five_or_plain(tile: Tile) -> bool:
    """Only plain tiles and red fives exist in mjai and Tenhou notation."""
    return not tile.special and (not tile.red or (tile.kind < HONOR and tile.kind % 9 == 4))


def _mjai_of(tile: Tile) -> str | None:
    if tile.kind >= NUM_STANDARD or not _red_five_or_plain(tile):
        return None
    if tile.kind >= HONOR:
        return _MJAI_HONORS[tile.kind - HONOR]
    base = f"{tile.kind % 9 + 1}{'mps'[tile.kind // 9]}"
    return base + "r" if tile.red else base


def _tenhou_of(tile: Tile) -> int | None:
    if tile.kind >= NUM_STANDARD or not _red_five_or_plain(tile):
        return None
    if tile.red:
        return 51 + tile.kind // 9
    return (tile.kind // 9 + 1) * 10 + tile.kind % 9 + 1


def _build_table() -> list[Row]:
    faces = [Tile(k) for k in range(NUM_KINDS)] + [Tile(k, Colour.RED) for k in (4, 13, 22)]
    rows = []
    for t in faces:
        if t.kind >= NUM_STANDARD:
            id136 = None
        elif t.red:
            id136 = t.kind * 4
        else:
            id136 = t.kind * 4 + (1 if t.kind in (4, 13, 22) else 0)
        rows.append(
            Row(t, format_tile(t), t.kind, id136, _mjai_of(t), _tenhou_of(t), _unicode_of(t.kind))
        )
    return rows


TABLE: list[Row] = _build_table()

#: The standard set's red fives per suit (man, pin, sou): the default ``reds``.
_STANDARD_REDS: tuple[int, int, int] = (1, 1, 1)


def _whole(value: Any, what: str) -> int:
    """``value`` as an int; NotationError for a bool, a float or anything not an integer
    (integer types such as numpy's are accepted)."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise NotationError(
        f"{what} must be a whole number (int), not {type(value).__name__} {excerpt_repr(value, 40)}"
    )


def _check_reds(reds: Any) -> tuple[int, int, int]:
    """``reds`` as three whole numbers 0-4 (red fives in man, pin, sou), or NotationError."""
    if reds is _STANDARD_REDS:  # the default: nothing to check
        return (1, 1, 1)
    try:
        values = tuple(
            -1 if isinstance(r, bool) else operator.index(r)  # a bool is no count
            for r in reds
        )
    except TypeError:  # not iterable, or a float / text among them
        values = ()
    if len(values) != 3 or not all(0 <= r <= 4 for r in values):
        shown = excerpt_repr(reds, 40)
        raise NotationError(
            f"reds must be three whole numbers 0-4 (red fives in man, pin, sou), not {shown}"
        )
    return values[0], values[1], values[2]


_BY_MJAI = {r.mjai: r.tile for r in TABLE if r.mjai is not None}
_BY_TENHOU = {r.tenhou: r.tile for r in TABLE if r.tenhou is not None}
_BY_UNICODE = {r.unicode: r.tile for r in TABLE if not r.tile.red}


def to_mjai(tile: Tile) -> str:
    s = _mjai_of(tile)
    if s is None:
        raise NotationError(f"{format_tile(tile)} has no mjai name")
    return s


def from_mjai(name: str) -> Tile:
    try:
        return _BY_MJAI[name]
    except (KeyError, TypeError):  # TypeError: an unhashable value
        raise NotationError(
            f"{excerpt_repr(name, 40)} is not an mjai tile (expected 1m-9m, 5mr, 1p.., "
            "E S W N P F C)"
        ) from None


def to_tenhou(tile: Tile) -> int:
    code = _tenhou_of(tile)
    if code is None:
        raise NotationError(f"{format_tile(tile)} has no Tenhou code")
    return code


def from_tenhou(code: int) -> Tile:
    """The tile of a Tenhou code (an int: ``11.0`` or ``True`` is refused)."""
    if type(code) is not int:
        code = _whole(code, "a Tenhou tile code")
    try:
        return _BY_TENHOU[code]
    except KeyError:
        raise NotationError(
            f"{excerpt_repr(code, 40)} is not a Tenhou tile code (11-19, 21-29, 31-39, "
            "41-47, 51-53)"
        ) from None


def to_unicode(tile: Tile) -> str:
    return _unicode_of(tile.kind)


def from_unicode(char: str) -> Tile:
    try:
        return _BY_UNICODE[char]
    except (KeyError, TypeError):  # TypeError: an unhashable value
        raise NotationError(
            f"{excerpt_repr(char, 40)} is not a Unicode mahjong tile (U+1F000-1F029)"
        ) from None


def from_id136(tile_id: int, reds: Sequence[int] = _STANDARD_REDS) -> Tile:
    """The face of a physical id (an int 0-135) in a 136 set with ``reds`` red fives per
    suit (three whole numbers 0-4). NotationError for anything else."""
    if type(tile_id) is not int:
        tile_id = _whole(tile_id, "a 136-tile id")
    if not 0 <= tile_id < 136:
        raise NotationError(f"136-tile id must be 0-135, not {excerpt_repr(tile_id, 40)}")
    red = _check_reds(reds)
    kind, copy = divmod(tile_id, 4)
    if kind < HONOR and kind % 9 == 4 and copy < red[kind // 9]:
        return Tile(kind, Colour.RED)
    return Tile(kind)


def to_ids136(tiles: Iterable[Tile], reds: Sequence[int] = _STANDARD_REDS) -> list[int]:
    """Give each tile a distinct physical id (reds take the red copies, plain fives the others)
    in a 136 set with ``reds`` red fives per suit (three whole numbers 0-4)."""
    reds = _check_reds(reds)
    used: dict[tuple[int, bool], int] = {}
    out = []
    for t in tiles:
        if t.kind >= NUM_STANDARD or t.special:
            raise NotationError(f"{format_tile(t)} is not in the standard 136 set")
        nred = reds[t.kind // 9] if t.kind < HONOR and t.kind % 9 == 4 else 0
        first, last = (0, nred) if t.red else (nred, 4)
        n = used.get((t.kind, t.red), 0)
        if first + n >= last:
            raise NotationError(f"too many {format_tile(t)} for a 136 set with reds {tuple(reds)}")
        used[(t.kind, t.red)] = n + 1
        out.append(t.kind * 4 + first + n)
    return out


def mpsz_to_kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]
