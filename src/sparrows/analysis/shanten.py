"""Shanten, table-driven.

A hand is split into four groups (man, pin, sou, honours). Each group's count vector maps,
through the precomputed tables, to a small *state*: its distances to every number of sets
with and without a pair, plus the counts that seven pairs and thirteen orphans need.
States combine associatively (min-plus over the number of sets), and every state and
every combination is interned and memoised, so a call is a handful of dictionary lookups:
no recursion over the hand.

Shanten is the number of tiles a hand lacks to be ready (tenpai = 0); a complete hand is
-1. ``shanten`` takes the minimum of the standard form (sets and a pair), seven pairs and
thirteen orphans; the latter two only for a hand without called melds (13-14 tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from ..errors import AnalysisError
from .tables import HONOR_IDS, HONOR_PROFILES, SUIT_IDS, SUIT_PROFILES

# Base-5 digit values of three-count chunks: b"\x01\x00\x02" -> 1*25 + 0*5 + 2.
_CHUNK: Final[dict[bytes, int]] = {
    bytes((a, b, c)): a * 25 + b * 5 + c for a in range(5) for b in range(5) for c in range(5)
}


Dist = tuple[int, ...]  # A0..A4 (m sets), B0..B4 (m sets and a pair)

_PROFILES: Final[list[Dist]] = list(SUIT_PROFILES) + list(HONOR_PROFILES)
_HONOR_BASE: Final = len(SUIT_PROFILES)  # honour profile ids follow the suit ones
_PROFILE_ID: Final[dict[Dist, int]] = {}
for _i, _d in enumerate(_PROFILES):
    _PROFILE_ID.setdefault(_d, _i)

# A group's cache value packs its profile id with counts that add up across groups:
# bits 0-7 profile, 8-13 tiles, 14-17 kinds held twice or more, 18-22 kinds held,
# 23-26 terminal/honour kinds held, 27-29 terminal/honour kinds held twice or more,
# 30-33 sum of count // 2. Summing the four groups' values >> 8 gives the hand's counts
# (a group holds at most 14 tiles, so no field overflows into the next for a legal hand).
# Bit 40 is always set.
_INFO_SHIFT: Final = 8


def _pack(pid: int, chunk: bytes, orphan_positions: Sequence[int]) -> int:
    tiles = sum(chunk)
    if tiles > 14:
        raise AnalysisError(f"{tiles} tiles of one suit is more than a hand holds (14)")
    orph = [chunk[i] for i in orphan_positions]
    return (
        pid
        | tiles << 8
        | sum(1 for x in chunk if x >= 2) << 14
        | sum(1 for x in chunk if x) << 18
        | sum(1 for x in orph if x) << 23
        | sum(1 for x in orph if x >= 2) << 27
        | sum(x // 2 for x in chunk) << 30
        | 1 << 40  # never 0, so that `cache.get(k) or compute(k)` works
    )


def _intern(dist: Dist) -> int:
    pid = _PROFILE_ID.get(dist)
    if pid is None:
        pid = _PROFILE_ID[dist] = len(_PROFILES)
        _PROFILES.append(dist)
    return pid


def _min_plus(ad: Dist, bd: Dist) -> Dist:
    """Distances of two groups together: split the sets (and the pair) between them."""
    dist = [99] * 10
    for i in range(5):
        for j in range(5 - i):
            k = i + j
            v = ad[i] + bd[j]
            if v < dist[k]:
                dist[k] = v
            v = min(ad[5 + i] + bd[j], ad[i] + bd[5 + j])
            if v < dist[5 + k]:
                dist[5 + k] = v
    return tuple(dist)


_SUIT_CACHE: Final[dict[bytes, int]] = {}
_HONOR_CACHE: Final[dict[bytes, int]] = {}
_PAIR_CACHE: Final[dict[int, int]] = {}  # (profile << 16 | profile) -> profile of both
_TOTAL_CACHE: Final[dict[int, Dist]] = {}  # (profile << 16 | profile) -> distances of the hand


def _check(chunk: bytes) -> None:
    if any(c > 4 for c in chunk):
        raise AnalysisError(f"a tile kind can be held at most 4 times, got {list(chunk)}")


def _suit(chunk: bytes) -> int:
    _check(chunk)
    idx = _CHUNK[chunk[0:3]] * 15625 + _CHUNK[chunk[3:6]] * 125 + _CHUNK[chunk[6:9]]
    value = _SUIT_CACHE[chunk] = _pack(SUIT_IDS[idx], chunk, (0, 8))
    return value


def _honor(chunk: bytes) -> int:
    _check(chunk)
    idx = chunk[0] * 15625 + _CHUNK[chunk[1:4]] * 125 + _CHUNK[chunk[4:7]]
    value = _HONOR_CACHE[chunk] = _pack(_HONOR_BASE + HONOR_IDS[idx], chunk, range(7))
    return value


def _pair(key: int) -> int:
    pid = _PAIR_CACHE[key] = _intern(_min_plus(_PROFILES[key >> 16], _PROFILES[key & 0xFFFF]))
    return pid


def _total(key: int) -> Dist:
    dist = _TOTAL_CACHE[key] = _min_plus(_PROFILES[key >> 16], _PROFILES[key & 0xFFFF])
    return dist


def _raw(counts: Sequence[int]) -> bytes:
    try:
        raw = bytes(counts)
    except (ValueError, TypeError):
        raise AnalysisError(f"counts must be 34 numbers 0-4, got {list(counts)!r}") from None
    if len(raw) != 34:
        raise AnalysisError(f"counts must have 34 entries (one per tile kind), not {len(raw)}")
    return raw


def _groups(raw: bytes) -> tuple[Dist, int]:
    """The hand's distances (to every number of sets, with and without a pair) and its
    packed counts (see ``_pack``, already shifted down by 8)."""
    m = _SUIT_CACHE.get(raw[0:9]) or _suit(raw[0:9])
    p = _SUIT_CACHE.get(raw[9:18]) or _suit(raw[9:18])
    s = _SUIT_CACHE.get(raw[18:27]) or _suit(raw[18:27])
    z = _HONOR_CACHE.get(raw[27:34]) or _honor(raw[27:34])
    key = (m & 255) << 16 | (p & 255)
    mp = _PAIR_CACHE.get(key)
    if mp is None:
        mp = _pair(key)
    key = (s & 255) << 16 | (z & 255)
    sz = _PAIR_CACHE.get(key)
    if sz is None:
        sz = _pair(key)
    key = mp << 16 | sz
    dist = _TOTAL_CACHE.get(key) or _total(key)
    return dist, (m >> 8) + (p >> 8) + (s >> 8) + (z >> 8)


def _seven(info: int, identical: bool) -> int:
    if identical:
        return 6 - (info >> 22 & 15)
    kinds = info >> 10 & 31
    return 6 - (info >> 6 & 15) + (7 - kinds if kinds < 7 else 0)


def _orphans(info: int) -> int:
    return 13 - (info >> 15 & 15) - (1 if info >> 19 & 7 else 0)


def _make_shanten() -> Callable[..., int]:
    # The hot path. Everything it touches is bound in this closure (fast cell loads instead
    # of global lookups), and _groups is inlined.
    suit_get = _SUIT_CACHE.get
    honor_get = _HONOR_CACHE.get
    total_get = _TOTAL_CACHE.get
    suit, honor, total = _suit, _honor, _total
    error = AnalysisError
    # Group profile ids are < 256 (126 suit + 55 honour profiles), so the profile of two
    # groups together sits in a flat list indexed by both ids: one index, no hashing.
    pairs: list[int | None] = [None] * 65536

    def pair(key: int) -> int:
        pid = pairs[key] = _intern(_min_plus(_PROFILES[key >> 8], _PROFILES[key & 255]))
        return pid

    def shanten(counts: Sequence[int], melds: int | None = None) -> int:
        """Riichi shanten of a 34-count hand: min of standard, seven pairs, thirteen orphans.

        ``melds`` is the number of called melds; by default it follows from the tile count
        (13-14 tiles: none; 10-11: one; ...). Seven pairs and thirteen orphans apply only
        without calls. Raises :class:`AnalysisError` on an impossible count.
        """
        try:
            raw = bytes(counts)
        except (ValueError, TypeError):
            raise error(f"counts must be 34 numbers 0-4, got {list(counts)!r}") from None
        if len(raw) != 34:
            raise error(f"counts must have 34 entries (one per tile kind), not {len(raw)}")
        m = suit_get(raw[0:9]) or suit(raw[0:9])
        p = suit_get(raw[9:18]) or suit(raw[9:18])
        s = suit_get(raw[18:27]) or suit(raw[18:27])
        z = honor_get(raw[27:34]) or honor(raw[27:34])
        key = (m & 255) << 8 | (p & 255)
        mp = pairs[key]
        if mp is None:
            mp = pair(key)
        key = (s & 255) << 8 | (z & 255)
        sz = pairs[key]
        if sz is None:
            sz = pair(key)
        key = mp << 16 | sz
        dist = total_get(key) or total(key)
        info = (m >> 8) + (p >> 8) + (s >> 8) + (z >> 8)
        n = info & 63
        if melds is None and n >= 13:
            if n > 14:
                raise error(f"{n} tiles is more than a complete hand (14)")
            best = dist[9] - 1
            kinds = info >> 10 & 31
            seven = 6 - (info >> 6 & 15) + (7 - kinds if kinds < 7 else 0)
            if seven < best:
                best = seven
            orph = 13 - (info >> 15 & 15) - (1 if info >> 19 & 7 else 0)
            return orph if orph < best else best
        return _value(dist, info, RIICHI, melds)

    return shanten


shanten = _make_shanten()


@dataclass(frozen=True, slots=True)
class Form:
    """What a complete hand looks like in a ruleset.

    ``sets`` sets (runs or triplets) plus a pair if ``pair``; optionally seven pairs (with
    identical pairs allowed when ``identical_pairs``) and thirteen orphans.
    """

    sets: int = 4
    pair: bool = True
    seven_pairs: bool = True
    thirteen_orphans: bool = True
    identical_pairs: bool = False

    @property
    def size(self) -> int:
        return 3 * self.sets + 2 * self.pair


RIICHI: Final = Form()
SUZUME: Final = Form(sets=2, pair=False, seven_pairs=False, thirteen_orphans=False)
SICHUAN: Final = Form(thirteen_orphans=False)
NO_SPECIAL: Final = Form(seven_pairs=False, thirteen_orphans=False)


class Shanten(NamedTuple):
    """Shanten of each form (``None`` where the form does not apply) and their minimum."""

    value: int
    standard: int
    seven_pairs: int | None
    thirteen_orphans: int | None


def _sets_needed(tiles: int, form: Form, melds: int | None) -> int:
    if tiles > form.size:
        raise AnalysisError(f"{tiles} tiles is more than a complete hand ({form.size})")
    short = form.size - tiles  # tiles missing to a complete hand without calls
    called = short // 3 if melds is None else melds
    if short - 3 * called not in (0, 1) or called > form.sets:
        if melds is None:
            sizes = ", ".join(
                str(form.size - 3 * m - d) for m in range(form.sets + 1) for d in (0, 1)
            )
            raise AnalysisError(
                f"a hand of {tiles} concealed tiles does not fit a {form.size}-tile hand "
                f"(each called meld counts 3): expected {sizes} tiles"
            )
        raise AnalysisError(
            f"a hand of {tiles} tiles with {called} called meld(s) cannot be a "
            f"{form.size}-tile hand (expected {form.size - 3 * called} "
            f"or {form.size - 3 * called - 1} tiles)"
        )
    return form.sets - called


def _forms(
    dist: Dist, info: int, form: Form, melds: int | None, dead: int = 0
) -> tuple[int, int | None, int | None]:
    """Shanten of the standard form, seven pairs and thirteen orphans (None where the form
    does not apply: seven pairs and orphans need a closed hand of 13-14 tiles). ``dead``:
    tiles held that no winning hand can use (left out of the counts, see ``analyse``)."""
    tiles = (info & 63) + dead
    sets = _sets_needed(tiles, form, melds)
    std = dist[5 * form.pair + sets] - 1
    closed = sets == form.sets and tiles >= form.size - 1
    seven = _seven(info, form.identical_pairs) if form.seven_pairs and closed else None
    orph = _orphans(info) if form.thirteen_orphans and closed else None
    return std, seven, orph


def _value(dist: Dist, info: int, form: Form, melds: int | None, dead: int = 0) -> int:
    """``_analyse(...).value`` without building the NamedTuple (the hot paths need only
    this; a NamedTuple's constructor is interpreted code even in the compiled build)."""
    best, seven, orph = _forms(dist, info, form, melds, dead)
    if seven is not None and seven < best:
        best = seven
    if orph is not None and orph < best:
        best = orph
    return best


def _analyse(dist: Dist, info: int, form: Form, melds: int | None, dead: int = 0) -> Shanten:
    std, seven, orph = _forms(dist, info, form, melds, dead)
    return Shanten(min(v for v in (std, seven, orph) if v is not None), std, seven, orph)


_GROUP_BOUNDS: Final = ((0, 9), (9, 18), (18, 27), (27, 34))


def draw_shanten(
    raw: bytes, form: Form, kinds: Sequence[int], melds: int | None, copies: int, dead: int = 0
) -> tuple[int, list[tuple[int, int]]]:
    """Shanten of a hand (34 count bytes) and, for each kind of ``kinds`` it holds fewer
    than ``copies`` of, the shanten after drawing one: ``(base, [(kind, after), ...])``.

    One draw changes one group, so the other three groups are combined once per group
    and each draw costs one group lookup and one combination (cached)."""
    values = [
        _SUIT_CACHE.get(raw[0:9]) or _suit(raw[0:9]),
        _SUIT_CACHE.get(raw[9:18]) or _suit(raw[9:18]),
        _SUIT_CACHE.get(raw[18:27]) or _suit(raw[18:27]),
        _HONOR_CACHE.get(raw[27:34]) or _honor(raw[27:34]),
    ]
    pids = [v & 255 for v in values]
    infos = [v >> _INFO_SHIFT for v in values]
    info_all = infos[0] + infos[1] + infos[2] + infos[3]
    dist, _ = _groups(raw)
    base = _value(dist, info_all, form, melds, dead)
    pair_get, total_get = _PAIR_CACHE.get, _TOTAL_CACHE.get

    def combo(a: int, b: int) -> int:
        key = a << 16 | b
        got = pair_get(key)
        return got if got is not None else _pair(key)

    others = [
        combo(combo(pids[1], pids[2]), pids[3]),
        combo(combo(pids[0], pids[2]), pids[3]),
        combo(combo(pids[0], pids[1]), pids[3]),
        combo(combo(pids[0], pids[1]), pids[2]),
    ]
    out = []
    chunk = bytearray(raw)
    # every draw gives the same tile count: the sets needed and which forms apply
    tiles = (info_all & 63) + 1 + dead
    sets = _sets_needed(tiles, form, melds)
    column = 5 * form.pair + sets
    closed = sets == form.sets and tiles >= form.size - 1
    seven = form.seven_pairs and closed
    orphans = form.thirteen_orphans and closed
    identical = form.identical_pairs
    for k in kinds:
        if raw[k] >= copies:
            continue
        g = 3 if k >= 27 else k // 9
        lo, hi = _GROUP_BOUNDS[g]
        chunk[k] += 1
        part = bytes(chunk[lo:hi])
        chunk[k] -= 1
        if g == 3:
            packed = _HONOR_CACHE.get(part) or _honor(part)
        else:
            packed = _SUIT_CACHE.get(part) or _suit(part)
        key = (packed & 255) << 16 | others[g]
        after = (total_get(key) or _total(key))[column] - 1
        if seven or orphans:
            info = info_all - infos[g] + (packed >> _INFO_SHIFT)
            if seven:
                after = min(after, _seven(info, identical))
            if orphans:
                after = min(after, _orphans(info))
        out.append((k, after))
    return base, out


def analyse(
    counts: Sequence[int], form: Form = RIICHI, melds: int | None = None, dead: int = 0
) -> Shanten:
    """Shanten of every form of ``form`` for a 34-count hand. ``dead`` tiles are held but
    can be part of no winning hand (a Sichuan player's void suit, bonus tiles kept in the
    hand): left out of ``counts``, they count toward the hand's size, and each is a free
    discard, so the shanten is the tiles the rest lacks, less one."""
    dist, info = _groups(_raw(counts))
    return _analyse(dist, info, form, melds, dead)


def form_shanten(
    counts: Sequence[int], form: Form = RIICHI, melds: int | None = None, dead: int = 0
) -> int:
    """``analyse(counts, form, melds, dead).value`` (the minimum over the forms), without
    the per-form breakdown: what game loops and bots ask."""
    dist, info = _groups(_raw(counts))
    return _value(dist, info, form, melds, dead)


def standard_shanten(counts: Sequence[int], form: Form = RIICHI, melds: int | None = None) -> int:
    return analyse(counts, form, melds).standard


def seven_pairs_shanten(counts: Sequence[int], identical_pairs: bool = False) -> int:
    """Seven pairs shanten (13-14 tiles). Four of a kind count as two pairs only when
    ``identical_pairs`` (the house preset's Kansai chiitoi)."""
    return _seven(_groups(_raw(counts))[1], identical_pairs)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    return _orphans(_groups(_raw(counts))[1])
