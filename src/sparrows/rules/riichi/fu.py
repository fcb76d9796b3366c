"""Fu: 20 base, closed ron +10, tsumo +2 (not with pinfu), waits, pair, sets; chiitoitsu 25;
an open hand that would score 20 fu on a ron is 30 (``fu_for_open_pinfu``); round up to
10. Thirteen orphans has no fu but under aotenjou (:func:`kokushi_fu`)."""

from __future__ import annotations

from typing import Final

from ...tiles.kinds import DRAGONS
from .hand import KAN, RUN, SEVEN_PAIRS, TERMINAL_HONOR, THIRTEEN_ORPHANS, Ctx

FuItems = list[tuple[str, int]]

#: Every name a fu item can have (the page words each one: tests/web/test_languages.py).
FU_ITEMS: Final = (
    "base",
    "tsumo",
    "closed ron",
    "wait",
    "kanchan wait",
    "penchan wait",
    "tanki wait",
    "chiitoitsu",
    "pinfu tsumo",
    "dragon pair",
    "double wind pair",
    "seat wind pair",
    "round wind pair",
    *(
        f"{how} {what} ({grade})"
        for how in ("closed", "open")
        for what in ("kan", "triplet")
        for grade in ("terminal/honour", "simple")
    ),
    "open pinfu shape",
)


def set_fu(kind_type: int, kind: int, concealed: bool) -> int:
    if kind_type == RUN:
        return 0
    fu = 4 if kind in TERMINAL_HONOR else 2
    if concealed:
        fu *= 2
    if kind_type == KAN:
        fu *= 4
    return fu


def kokushi_fu(tsumo: bool) -> tuple[int, FuItems]:
    """Thirteen orphans' fu where fu count (aotenjou): base 20, closed ron 10 or tsumo 2,
    a single-tile wait 2; 40 on a ron, 30 on a tsumo (riichi.wiki "Aotenjou": kokushi "is
    scored as 13 han 40 fu (ron) or 14 han 30 fu (tsumo)"; the pair never changes it)."""
    items: FuItems = [("base", 20), ("tsumo", 2) if tsumo else ("closed ron", 10), ("wait", 2)]
    return -(-sum(f for _, f in items) // 10) * 10, items


def count_fu(
    c: Ctx, is_pinfu: bool, double_wind_pair_fu: int = 4, open_pinfu_fu: bool = True
) -> tuple[int, FuItems]:
    """The fu of a reading (rounded) and the items that make it. ``open_pinfu_fu`` False:
    an open hand of 20 fu won by ron stays 20 fu."""
    if c.shape == SEVEN_PAIRS:
        return 25, [("chiitoitsu", 25)]
    if c.shape == THIRTEEN_ORPHANS:
        return 0, []
    tsumo = c.sit.tsumo
    if is_pinfu and c.fu_closed:  # (naki menzen: an open pinfu shape counts as open)
        return (
            (20, [("base", 20), ("pinfu tsumo", 0)])
            if tsumo
            else (30, [("base", 20), ("closed ron", 10)])
        )
    items: FuItems = [("base", 20)]
    if c.fu_closed and not tsumo:
        items.append(("closed ron", 10))
    if tsumo:
        items.append(("tsumo", 2))
    if c.wait in ("kanchan", "penchan", "tanki"):
        items.append((f"{c.wait} wait", 2))
    p = c.pair
    if p >= 0:
        if p in DRAGONS:
            items.append(("dragon pair", 2))
        round_pair = p == c.round_kind or p == c.round_kind2
        if p == c.seat_kind and round_pair:
            items.append(("double wind pair", double_wind_pair_fu))
        elif p == c.seat_kind:
            items.append(("seat wind pair", 2))
        elif round_pair:
            items.append(("round wind pair", 2))
    for t, k, concealed in c.sets:
        fu = set_fu(t, k, concealed)
        if fu:
            what = ("closed " if concealed else "open ") + ("kan" if t == KAN else "triplet")
            grade = "terminal/honour" if k in TERMINAL_HONOR else "simple"
            items.append((f"{what} ({grade})", fu))
    total = sum(f for _, f in items)
    if total == 20 and not c.fu_closed and open_pinfu_fu:  # open pinfu shape won by ron
        items.append(("open pinfu shape", 10))
        total = 30
    return -(-total // 10) * 10, items
