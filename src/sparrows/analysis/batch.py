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


@cache
def _combined() -> tuple[Any, Any, Any]:
    """Every combination made once (there are few: 180 profiles of two suits together,
    165 of a suit and the honours): the profile of man and pin by their two profile ids,
    of sou and the honours by theirs, and the whole hand's distances by those two."""
    _, suit_prof, _, honor_prof = _tables()
    ns, nh = len(suit_prof), len(honor_prof)
    two = _min_plus(np.repeat(suit_prof, ns, axis=0), np.tile(suit_prof, (ns, 1)))
    two_prof, two_id = np.unique(two, axis=0, return_inverse=True)
    last = _min_plus(np.repeat(suit_prof, nh, axis=0), np.tile(honor_prof, (ns, 1)))
    last_prof, last_id = np.unique(last, axis=0, return_inverse=True)
    n1, n2 = len(two_prof), len(last_prof)
    whole = _min_plus(np.repeat(two_prof, n2, axis=0), np.tile(last_prof, (n1, 1)))
    return two_id.reshape(ns, ns), last_id.reshape(ns, nh), whole.reshape(n1, n2, 10)


def batch_distances(counts: Any) -> Any:
    """``(m, 10)``: each hand's fewest tiles to add for 0-4 sets (A0..A4) and 0-4 sets and
    a pair (B0..B4), from its ``(m, 34)`` counts: four lookups of the groups' profiles,
    then three of their combinations."""
    suit_ids, _, honor_ids, _ = _tables()
    two, last, whole = _combined()
    c = np.asarray(counts, dtype=np.int64)
    m, p, s = (suit_ids[c[:, lo : lo + 9] @ _SUIT_POW] for lo in (0, 9, 18))
    z = honor_ids[c[:, 27:34] @ _HONOR_POW]
    return whole[two[m, p], last[s, z]]


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
