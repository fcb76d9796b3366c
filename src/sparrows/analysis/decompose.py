"""Every way to read a complete hand as sets, a pair, seven pairs or thirteen orphans.

This is the input of scoring (which picks the reading worth most); it is not on the
shanten hot path. Per-group readings are memoised on the group's counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from typing import Final

from ..errors import AnalysisError
from .shanten import RIICHI, Form

ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class BlockType(StrEnum):
    RUN = "run"  # three in sequence; ``kind`` is the lowest
    TRIPLET = "triplet"
    PAIR = "pair"


class HandShape(StrEnum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


Block = tuple[BlockType, int]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete hand. For thirteen orphans ``blocks`` holds its pair."""

    shape: HandShape
    blocks: tuple[Block, ...]

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b[0] is not BlockType.PAIR)

    @property
    def pair(self) -> int | None:
        pairs = [k for t, k in self.blocks if t is BlockType.PAIR]
        return pairs[0] if len(pairs) == 1 else None

    def __str__(self) -> str:
        from ..tiles.tile import Tile, format_tiles

        parts = []
        for t, k in sorted(self.blocks, key=lambda b: (b[0] is BlockType.PAIR, b[1], b[0])):
            kinds = (
                [k, k + 1, k + 2]
                if t is BlockType.RUN
                else [k] * (3 if t is BlockType.TRIPLET else 2)
            )
            parts.append(format_tiles(Tile(x) for x in kinds))
        if self.shape is HandShape.THIRTEEN_ORPHANS:
            return "thirteen orphans, pair " + " ".join(parts)
        return " ".join(parts)


GroupReading = tuple[tuple[Block, ...], int | None]  # (sets, pair kind)


#: Readings of one group's counts, per group (man, pin, sou, honours), keyed by the counts.
#: Plain dicts: a hit is one lookup (an lru_cache call costs ten times as much compiled).
_MEMO: Final[tuple[dict[bytes, tuple[GroupReading, ...]], ...]] = ({}, {}, {}, {})
_MEMO_LIMIT: Final = 16384  # per group; cleared when full (suits have at most 5^9 count vectors)


def _group_readings(group: int, chunk: bytes) -> tuple[GroupReading, ...]:
    """Readings of group ``group`` (0-2 the suits, 3 the honours) with counts ``chunk``."""
    memo = _MEMO[group]
    got = memo.get(chunk)
    if got is None:
        got = _suit_readings(chunk, 9 * group, group < 3)
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[chunk] = got
    return got


def _suit_readings(chunk: bytes, base: int, runs: bool) -> tuple[GroupReading, ...]:
    found: set[GroupReading] = set()
    counts = list(chunk)

    def walk(start: int, sets: list[Block], pair: int | None) -> None:
        i = start
        while i < len(counts) and counts[i] == 0:
            i += 1
        if i == len(counts):
            found.add((tuple(sorted(sets)), pair))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            sets.append((BlockType.TRIPLET, base + i))
            walk(i, sets, pair)
            sets.pop()
            counts[i] += 3
        if runs and i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
            for d in (0, 1, 2):
                counts[i + d] -= 1
            sets.append((BlockType.RUN, base + i))
            walk(i, sets, pair)
            sets.pop()
            for d in (0, 1, 2):
                counts[i + d] += 1
        if pair is None and counts[i] >= 2:
            counts[i] -= 2
            walk(i, sets, base + i)
            counts[i] += 2

    walk(0, [], None)
    return tuple(sorted(found, key=lambda r: (r[0], -1 if r[1] is None else r[1])))


def decompose(counts: Sequence[int], form: Form = RIICHI) -> list[Decomposition]:
    """All readings of a complete hand (34 counts of the concealed tiles; called melds are
    left out by the caller). The standard reading takes any number of sets, with a pair
    when ``form.pair``. An incomplete hand gives ``[]``."""
    try:
        raw = bytes(counts)  # refuses negative counts and counts over 255
    except (ValueError, TypeError):
        raw = b""
    if len(raw) != 34 or max(raw) > 4:
        raise AnalysisError(f"counts must be 34 numbers 0-4, got {list(counts)!r}")
    n = sum(raw)
    out: list[Decomposition] = []
    if (n - 2 * form.pair) % 3 == 0 and n >= 2 * form.pair:
        groups = [_group_readings(g, raw[9 * g : 9 * g + 9]) for g in (0, 1, 2, 3)]
        if not all(groups):
            groups = []  # some group cannot be read as sets: no standard reading
        for combo in product(*groups) if groups else ():
            pairs = [p for _, p in combo if p is not None]
            if len(pairs) != (1 if form.pair else 0):
                continue
            sets = tuple(sorted(b for s, _ in combo for b in s))
            blocks = sets + tuple((BlockType.PAIR, p) for p in pairs)
            out.append(Decomposition(HandShape.STANDARD, blocks))
    if n == 14 and form.seven_pairs:
        allowed = (0, 2, 4) if form.identical_pairs else (0, 2)
        if all(c in allowed for c in counts):
            pairs7 = tuple((BlockType.PAIR, k) for k in range(34) for _ in range(counts[k] // 2))
            out.append(Decomposition(HandShape.SEVEN_PAIRS, pairs7))
    if n == 14 and form.thirteen_orphans and all(counts[k] >= 1 for k in ORPHANS):
        extra = [k for k in ORPHANS if counts[k] == 2]
        if len(extra) == 1:
            out.append(Decomposition(HandShape.THIRTEEN_ORPHANS, ((BlockType.PAIR, extra[0]),)))
    return out


def is_complete(counts: Sequence[int], form: Form = RIICHI) -> bool:
    return bool(decompose(counts, form))


def standard_readings(raw: bytes) -> list[tuple[tuple[Block, ...], int]]:
    """Every (sets, pair) reading of a hand given as 34 count bytes (0-4, unchecked): the
    fast path of :func:`decompose` for scorers, without building Decomposition objects."""
    groups = [
        _group_readings(0, raw[0:9]),
        _group_readings(1, raw[9:18]),
        _group_readings(2, raw[18:27]),
        _group_readings(3, raw[27:34]),
    ]
    if not all(groups):
        return []
    out = []
    for combo in product(*groups):
        pair = -1
        for _, p in combo:
            if p is not None:
                if pair >= 0:
                    break
                pair = p
        else:
            if pair >= 0:
                out.append((combo[0][0] + combo[1][0] + combo[2][0] + combo[3][0], pair))
    return out
