"""Waits and ukeire (tile acceptance)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..errors import AnalysisError
from .shanten import RIICHI, Form, analyse, draw_shanten, form_shanten


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower a hand's shanten: ``tiles`` maps kind -> copies still unseen."""

    shanten: int
    tiles: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.tiles.values())


@dataclass(frozen=True, slots=True)
class DiscardOption:
    discard: int
    shanten: int
    ukeire: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.ukeire.values())


def _check_len(counts: Sequence[int]) -> list[int]:
    c = list(counts)
    if len(c) != 34:
        raise AnalysisError(f"counts must have 34 entries, not {len(c)}")
    return c


def _unseen(c: list[int], visible: Sequence[int] | None, kind: int, copies: int) -> int:
    return copies - c[kind] - (visible[kind] if visible is not None else 0)


def ukeire(
    counts: Sequence[int],
    form: Form = RIICHI,
    melds: int | None = None,
    visible: Sequence[int] | None = None,
    kinds: Iterable[int] = range(34),
    copies: int = 4,
    dead: int = 0,
) -> Ukeire:
    """For a hand waiting to draw (3k+1 tiles, or 3k+2 in a no-pair form): every kind whose
    draw lowers shanten, with the copies not in the hand nor in ``visible`` (34 counts of
    tiles seen elsewhere). Kinds with no unseen copy are left out. ``dead``: see
    :func:`~sparrows.analysis.analyse`."""
    c = _check_len(counts)
    base, better = improvers(c, form, kinds, melds, copies, dead)
    got: dict[int, int] = {}
    for k in better:
        left = _unseen(c, visible, k, copies)
        if left > 0:
            got[k] = left
    return Ukeire(base, got)


def waits(
    counts: Sequence[int],
    form: Form = RIICHI,
    melds: int | None = None,
    kinds: Iterable[int] = range(34),
) -> list[int]:
    """Kinds that complete a ready (tenpai) hand, whether or not copies remain, except
    kinds the hand already holds four of. ``[]`` when the hand is not ready (a hand
    holding dead tiles never is)."""
    c = _check_len(counts)
    if form_shanten(c, form, melds) != 0:
        return []
    out = []
    for k in kinds:
        if c[k] >= 4:
            continue
        c[k] += 1
        if form_shanten(c, form, melds) == -1:
            out.append(k)
        c[k] -= 1
    return out


def discard_options(
    counts: Sequence[int],
    form: Form = RIICHI,
    melds: int | None = None,
    visible: Sequence[int] | None = None,
    kinds: Iterable[int] = range(34),
    copies: int = 4,
    dead: int = 0,
) -> list[DiscardOption]:
    """For a hand that must discard (3k+2 tiles; 3k in a no-pair form): each distinct
    discard with the shanten after it and its ukeire, best first (lowest shanten, then
    most unseen tiles accepted, then lowest kind). With ``dead`` tiles (left out of the
    counts) only the discards of live tiles are listed: a dead tile is always a discard
    that keeps the shanten."""
    c = _check_len(counts)
    kinds = list(kinds)
    out = []
    for d in range(34):
        if not c[d]:
            continue
        c[d] -= 1
        u = ukeire(c, form, melds, visible, kinds, copies, dead)
        c[d] += 1
        out.append(DiscardOption(d, u.shanten, u.tiles))
    out.sort(key=lambda o: (o.shanten, -o.total, o.discard))
    return out


@lru_cache(maxsize=1 << 16)
def _improvers(
    raw: bytes, form: Form, kinds: tuple[int, ...], melds: int | None, copies: int, dead: int
) -> tuple[int, tuple[int, ...]]:
    if any(c > 4 for c in raw):
        analyse(list(raw), form, melds)  # raises AnalysisError naming the problem
    base, after = draw_shanten(raw, form, kinds, melds, copies, dead)
    return base, tuple(k for k, value in after if value < base)


def improvers(
    counts: Sequence[int],
    form: Form = RIICHI,
    kinds: Iterable[int] = range(34),
    melds: int | None = None,
    copies: int = 4,
    dead: int = 0,
) -> tuple[int, tuple[int, ...]]:
    """Shanten of a hand waiting to draw and the kinds whose draw lowers it (memoised on
    the counts: agents ask about the same hands over and over). ``dead``: see
    :func:`~sparrows.analysis.analyse`."""
    return _improvers(bytes(_check_len(counts)), form, tuple(kinds), melds, copies, dead)
