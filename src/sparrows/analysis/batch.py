"""Shanten and waits of many hands at once, over numpy arrays: the same per-group tables
and the same rules as :mod:`.shanten` (each group's distances by its base-5 index,
combined min-plus over the number of sets; seven pairs and thirteen orphans from the
counts), one row per hand, for array tables and feature pipelines that ask about
thousands of hands in one call. Needs numpy (the ``rl`` extra); the rest of
:mod:`sparrows.analysis` does not.

:func:`batch_shanten` gives, row by row, what :func:`.shanten.form_shanten` gives (tested
on random hands of every size); :func:`batch_waits` what :func:`.waits.waits` gives.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import numpy as np

from .shanten import RIICHI, Form
from .tables import HONOR_IDS, HONOR_PROFILES, SUIT_IDS, SUIT_PROFILES

#: base-5 place values of a suit's nine counts and the honours' seven (first most
#: significant), as the tables index them
_SUIT_POW: Final = 5 ** np.arange(8, -1, -1, dtype=np.int64)
_HONOR_POW: Final = 5 ** np.arange(6, -1, -1, dtype=np.int64)
#: terminal and honour kinds (thirteen orphans)
_ORPHANS: Final = np.array([0, 8, 9, 17, 18, 26, *range(27, 34)])


@cache
def _tables() -> tuple[Any, Any, Any, Any]:
    """The group tables as arrays: profile ids by index, distances by profile id."""
    return (
        np.frombuffer(SUIT_IDS, dtype=np.uint8),
        np.array(SUIT_PROFILES, dtype=np.int16),
        np.frombuffer(HONOR_IDS, dtype=np.uint8),
        np.array(HONOR_PROFILES, dtype=np.int16),
    )


def _min_plus(a: Any, b: Any) -> Any:
    """Two groups' distances together (rows of ``(A0..A4, B0..B4)``): the sets, and the
    pair, split between them in the best way (:func:`.shanten._min_plus`, row by row)."""
    out = np.empty_like(a)
    for k in range(5):
        i = np.arange(k + 1)
        j = k - i
        out[:, k] = (a[:, i] + b[:, j]).min(axis=1)
        out[:, 5 + k] = np.minimum(a[:, 5 + i] + b[:, j], a[:, i] + b[:, 5 + j]).min(axis=1)
    return out


def batch_distances(counts: Any) -> Any:
    """``(m, 10)``: each hand's fewest tiles to add for 0-4 sets (A0..A4) and 0-4 sets and
    a pair (B0..B4), from its ``(m, 34)`` counts."""
    suit_ids, suit_prof, honor_ids, honor_prof = _tables()
    c = np.asarray(counts, dtype=np.int64)
    groups = [suit_prof[suit_ids[c[:, lo : lo + 9] @ _SUIT_POW]] for lo in (0, 9, 18)]
    honours = honor_prof[honor_ids[c[:, 27:34] @ _HONOR_POW]]
    return _min_plus(_min_plus(groups[0], groups[1]), _min_plus(groups[2], honours))


def batch_shanten(counts: Any, form: Form = RIICHI, melds: int | None = None) -> Any:
    """``(m,)`` int: the shanten of each hand of ``(m, 34)`` counts, the minimum over
    ``form``'s forms (``form_shanten(counts[i], form, melds)`` for every row). ``melds``:
    the called melds of every hand (None: from each hand's size, as ``form_shanten``
    reads it). The counts must be hands ``form_shanten`` accepts (0-4 of each kind, a
    size that fits the form); they are not checked here."""
    c = np.asarray(counts, dtype=np.int64)
    if c.ndim != 2 or c.shape[1] != 34:
        raise ValueError(f"counts must be an (m, 34) array, not {c.shape}")
    dist = batch_distances(c)
    tiles = c.sum(axis=1)
    called = (form.size - tiles) // 3 if melds is None else np.full(len(c), melds)
    sets = form.sets - called
    rows = np.arange(len(c))
    best = dist[rows, 5 * form.pair + sets] - 1
    closed = (sets == form.sets) & (tiles >= form.size - 1)
    if form.seven_pairs:
        if form.identical_pairs:
            seven = 6 - (c // 2).sum(axis=1)
        else:
            kinds = (c > 0).sum(axis=1)
            seven = 6 - (c >= 2).sum(axis=1) + np.maximum(7 - kinds, 0)
        best = np.where(closed, np.minimum(best, seven), best)
    if form.thirteen_orphans:
        held = c[:, _ORPHANS]
        orphans = 13 - (held > 0).sum(axis=1) - (held >= 2).any(axis=1)
        best = np.where(closed, np.minimum(best, orphans), best)
    return best


def batch_waits(counts: Any, form: Form = RIICHI, melds: int | None = None) -> Any:
    """``(m, 34)`` bool: the kinds that complete each ready hand (``waits(counts[i], form,
    melds)`` for every row: none for a hand not ready, none of a kind held four times)."""
    c = np.asarray(counts, dtype=np.int64)
    out = np.zeros(c.shape, dtype=bool)
    ready = np.flatnonzero(batch_shanten(c, form, melds) == 0)
    if not len(ready):
        return out
    base = c[ready]
    room = base < 4  # (a kind held four times: not a wait, and not added)
    plus = np.repeat(base, 34, axis=0).reshape(len(ready), 34, 34)
    plus[:, np.arange(34), np.arange(34)] += room
    done = batch_shanten(plus.reshape(-1, 34), form, melds).reshape(len(ready), 34) == -1
    out[ready] = done & room
    return out
