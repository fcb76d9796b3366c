"""What the scorer needs to know about a win, and the per-reading context yaku look at."""

from __future__ import annotations

from typing import Final

from ...errors import HandError, excerpt, excerpt_repr
from ...tiles import Meld, MeldType
from ...tiles.kinds import EAST, HONOR, NUM_STANDARD, TERMINALS_AND_HONORS
from ...tiles.kinds import TERMINALS as TERMINAL_KINDS
from ...tiles.tile import CODE_PER_KIND
from .situation import WinSituation

RUN: Final = 0
TRIPLET: Final = 1
KAN: Final = 2
STANDARD: Final = 0
SEVEN_PAIRS: Final = 1
THIRTEEN_ORPHANS: Final = 2
TERMINAL_HONOR: Final = frozenset(TERMINALS_AND_HONORS)
GREEN_KINDS: Final = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 sou, green dragon
ORPHAN_KINDS: Final = TERMINALS_AND_HONORS
TERMINALS: Final = frozenset(TERMINAL_KINDS)


_KANS: Final = (MeldType.OPEN_KAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)
# Enum members as module constants: compiled code reads a static instead of going through
# the enum class's attribute hook on every use.
_CHI: Final = MeldType.CHI
_PON: Final = MeldType.PON
_CLOSED_KAN: Final = MeldType.CLOSED_KAN


def meld_set(meld: Meld) -> tuple[int, int, bool]:
    """A called meld as a set: (RUN/TRIPLET/KAN, lowest kind, concealed). Raises
    :class:`~sparrows.errors.HandError` when its tiles do not make its type (a chi is a run
    of three in one suit, a pon three alike, a kan four alike)."""
    kinds = sorted([t.code // CODE_PER_KIND for t in meld.tiles])  # the tiles' kinds
    n = len(kinds)
    kind = kinds[0] if kinds else -1
    mtype = meld.type
    if mtype is _CHI:
        shape = RUN
        ok = n == 3 and kind < HONOR and kind % 9 < 7 and kinds[1] == kind + 1 == kinds[2] - 1
    elif mtype is _PON:
        shape = TRIPLET
        ok = n == 3 and kinds[2] == kind < NUM_STANDARD
    else:
        shape = KAN
        ok = mtype in _KANS and n == 4 and kinds[3] == kind < NUM_STANDARD
    if not ok:
        raise HandError(_meld_problem(meld, kinds))
    return (shape, kind, mtype is _CLOSED_KAN)


def _meld_problem(meld: Meld, kinds: list[int]) -> str:
    from ...tiles import format_tiles

    what = getattr(meld.type, "value", meld.type)
    shown = excerpt(format_tiles(meld.tiles), 40) if kinds else "no tiles"
    if kinds and kinds[-1] >= NUM_STANDARD:
        return f"a {what} of {shown}: flowers and seasons are never called"
    if meld.type is MeldType.CHI:
        need = "a run of three in one suit (no honours)"
    elif meld.type is MeldType.PON:
        need = "three alike"
    elif meld.type in _KANS:
        need = "four alike"
    else:
        return f"unknown meld type {excerpt_repr(meld.type, 40)} (of {shown})"
    return f"a {what} needs {need}, not {shown}"


class Ctx:
    """One reading of the hand with the winning tile placed in one block, with the facts
    yaku look at computed once (``hand`` facts are shared by every reading of a hand)."""

    __slots__ = (
        "closed",
        "concealed_before_win",
        "counts",
        "fu_closed",
        "hand",
        "honors",
        "kans",
        "kinds",
        "pair",
        "round_kind",
        "round_kind2",
        "runs",
        "seat_kind",
        "sets",
        "shape",
        "sit",
        "suits",
        "triplets",
        "wait",
        "win",
    )

    def __init__(
        self,
        sit: WinSituation,
        shape: int,
        sets: list[tuple[int, int, bool]],
        pair: int,
        wait: str,
        hand: HandFacts,
    ) -> None:
        self.sit = sit
        self.hand = hand  # the shared HandFacts
        self.shape = shape
        self.sets = sets  # every set of the hand, called ones included
        self.pair = pair  # -1 when none (thirteen orphans keeps its pair here too)
        self.wait = wait  # ryanmen kanchan penchan shanpon tanki kokushi13
        self.counts = hand.counts  # 34 counts of all tiles (a kan counts 4)
        self.concealed_before_win = hand.before  # 34 counts
        self.closed = hand.closed  # for yaku (naki menzen counts an open hand closed)
        self.fu_closed = hand.fu_closed  # the real closedness, for fu
        self.win = hand.win
        self.seat_kind = hand.seat_kind
        self.round_kind = hand.round_kind
        self.round_kind2 = hand.round_kind2
        self.kinds = hand.kinds  # kinds present, ascending
        self.suits = hand.suits
        self.honors = hand.honors
        runs = []
        triplets = []
        kans = 0
        for t, k, _ in sets:
            if t == RUN:
                runs.append(k)
            else:
                triplets.append(k)
                if t == KAN:
                    kans += 1
        runs.sort()
        self.runs = runs
        self.triplets = triplets  # triplets and kans
        self.kans = kans


class HandFacts:
    """What every reading of one hand shares, computed once per hand."""

    __slots__ = (
        "before",
        "closed",
        "counts",
        "fu_closed",
        "green_only",
        "honors",
        "honors_only",
        "kinds",
        "quads",
        "round_kind",
        "round_kind2",
        "seat_kind",
        "simples_only",
        "suits",
        "terminals_only",
        "th_only",
        "win",
    )

    def __init__(self, sit: WinSituation, counts: list[int], before: list[int]) -> None:
        self.counts = counts
        self.before = before
        melds = sit.melds
        self.fu_closed = all(m.type is _CLOSED_KAN for m in melds) if melds else True
        self.closed = self.fu_closed or sit.naki_menzen
        self.win = sit.win_tile.kind
        self.seat_kind = EAST + sit.seat_wind
        self.round_kind = EAST + sit.round_wind
        #: tonshaaba: the other of East and West is a round wind too (-1: none)
        self.round_kind2 = -1
        if sit.tonshaaba and self.round_kind in (EAST, EAST + 2):
            self.round_kind2 = EAST + 2 if self.round_kind == EAST else EAST
        self.quads = 0  # kansai seven pairs: identical pairs (set by the scorer)
        kinds = [k for k in range(34) if counts[k]]
        self.kinds = kinds  # kinds present, ascending
        suits: set[int] = set()
        simples = th = terminals = green = True
        for k in kinds:  # one pass (frozenset algebra costs more here, compiled or not)
            if k < 27:
                suits.add(k // 9)
            if k in TERMINAL_HONOR:
                simples = False
                if k not in TERMINALS:
                    terminals = False
            else:
                th = terminals = False
            if k not in GREEN_KINDS:
                green = False
        self.suits = suits
        self.honors = kinds[-1] >= 27 if kinds else False
        self.honors_only = kinds[0] >= 27 if kinds else False
        self.simples_only = simples
        self.th_only = th
        self.terminals_only = terminals
        self.green_only = green
