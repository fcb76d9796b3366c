"""Sichuan scoring: the faan of a winning hand (score = base x 2^faan, capped per option),
and the best score a waiting hand could reach (the exhaustive-draw settlement). Values are
data (:mod:`.options`); the reading worth most is taken."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...analysis import Form, HandShape, decompose, waits
from ...errors import SparrowsError, robbed_tile_problem
from ...reasons import Reason
from ...tiles import MeldType, parse_hand, parse_tiles
from ...tiles.kinds import HONOR
from .options import FAAN, SichuanOptions

#: Complete hands: four sets and a pair, or seven pairs (four alike as two).
FORM: Final = Form(seven_pairs=True, thirteen_orphans=False, identical_pairs=True)
SUITS: Final = {"m": 0, "p": 1, "s": 2}
Meld = tuple[MeldType, tuple[int, ...]]


@dataclass(frozen=True)
class SichuanWin:
    """What a Sichuan score depends on (kinds 0-26)."""

    concealed: tuple[int, ...]  # the concealed tiles, the winning tile included
    melds: tuple[Meld, ...]
    win: int
    tsumo: bool
    void: int | None = None  # the void suit: 0 m, 1 p, 2 s
    last_tile: bool = False
    robbing: bool = False
    after_gang: bool = False
    gang_bloom: bool = False


@dataclass(frozen=True)
class SichuanScore:
    valid: bool
    faan: int
    score: int
    items: tuple[tuple[str, int], ...] = ()
    capped: bool = False
    reason: str | None = None
    reading: str = ""
    limit_hand: str | None = None  # Sichuan has no limit hands (the family's interface)

    def breakdown(self) -> list[tuple[str, int]]:
        return [(FAAN[name][1], value) for name, value in self.items]


def _item(name: str) -> tuple[str, int]:
    return (name, FAAN[name][0])


def _roots(win: SichuanWin) -> int:
    held = Counter(win.concealed)
    for _, kinds in win.melds:
        held.update(kinds)
    return sum(1 for n in held.values() if n == 4)


def _situational(win: SichuanWin) -> list[tuple[str, int]]:
    out = []
    for name, on in (
        ("self_drawn", win.tsumo),
        ("last_tile", win.last_tile),
        ("robbing_gang", win.robbing),
        ("after_gang", win.after_gang),
        ("gang_bloom", win.gang_bloom),
    ):
        if on:
            out.append(_item(name))
    return out


def _meld_text(meld: Meld) -> str:
    from ...tiles import Tile, format_tiles

    body = format_tiles([Tile(k) for k in meld[1]])
    return f"({body})" if meld[0] is MeldType.CLOSED_KAN else f"[{body}]"


def score_win(win: SichuanWin, options: SichuanOptions | None = None) -> SichuanScore:
    """The best score of a complete hand (``valid`` False, with the reason, otherwise)."""
    options = options or SichuanOptions()
    kinds = [*win.concealed, *(k for _, ks in win.melds for k in ks)]
    if win.void is not None and any(k // 9 == win.void for k in kinds):
        return SichuanScore(False, 0, 0, reason=Reason("void_tile", suit="mps"[win.void]))
    if len({k // 9 for k in kinds}) == 3:
        return SichuanScore(False, 0, 0, reason=Reason("three_suits"))
    counts = [0] * 34
    for k in win.concealed:
        counts[k] += 1
    pure = len({k // 9 for k in kinds}) == 1
    roots = _roots(win)
    exposed = [m for m in win.melds if m[0] is not MeldType.CLOSED_KAN]
    best: SichuanScore | None = None
    for d in decompose(counts, FORM):
        items: list[tuple[str, int]] = []
        if d.shape is HandShape.SEVEN_PAIRS:
            items.append(_item("seven_pairs"))
        else:
            if not any(t.value == "run" for t, _ in d.sets) and all(
                m[0] is not MeldType.CHI for m in win.melds
            ):
                items.append(_item("all_triplets"))
            if len(exposed) == 4 and not win.tsumo and d.pair == win.win:
                items.append(_item("golden_hook"))
        if pure:
            items.append(_item("pure_suit"))
        if d.shape is HandShape.STANDARD and not items:
            items.append(_item("standard_win"))
        items += [_item("root")] * roots
        items += _situational(win)
        total = sum(v for _, v in items)
        faan = min(total, options.faan_cap) if options.faan_cap else total
        reading = " ".join([*(_meld_text(m) for m in win.melds), str(d)])
        got = SichuanScore(
            True, faan, options.base * 2**faan, tuple(items), faan < total, None, reading
        )
        if best is None or (got.faan, total) > (best.faan, sum(v for _, v in best.items)):
            best = got
    if best is None:
        return SichuanScore(
            False,
            0,
            0,
            reason="the tiles are not a complete hand (four sets and a pair, or seven pairs)",
        )
    return best


def best_waiting(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    void: int | None,
    options: SichuanOptions | None = None,
) -> int:
    """The highest score a waiting hand could reach over all its winning tiles, without
    the situational faan (the exhaustive-draw settlement); 0 when it is not waiting (a
    hand holding a void tile is not)."""
    options = options or SichuanOptions()
    kinds = [*concealed, *(k for _, ks in melds for k in ks)]
    if void is not None and any(k // 9 == void for k in kinds):
        return 0
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    best = 0
    for k in waits(counts, FORM):
        if void is not None and k // 9 == void:
            continue
        # a discard win with no situation: the situational faan are excluded
        got = score_win(SichuanWin((*concealed, k), tuple(melds), k, False, void), options)
        if got.valid:
            best = max(best, got.score)
    return best


# --------------------------------------------------------------------------- text input
def _read(text: str, max_tiles: int) -> tuple[list[int], list[Meld]]:
    hand = parse_hand(text, "mpsz", max_tiles=max_tiles)
    tiles = [*hand.concealed, *(t for m in hand.melds for t in m.tiles), *hand.bonus]
    if any(t.kind >= HONOR for t in tiles):
        raise SparrowsError("Sichuan has only the three suits: no honours, no bonus tiles")
    if any(m.type is MeldType.CHI for m in hand.melds):
        raise SparrowsError("Sichuan has no chow")
    return [t.kind for t in hand.concealed], [(m.type, m.kinds) for m in hand.melds]


def _void(void: str | None) -> int | None:
    if void is None or void == "":
        return None
    if void not in SUITS:
        raise SparrowsError(f"the void suit is m, p or s, not {void!r}")
    return SUITS[void]


def score_text(
    text: str,
    win: str,
    tsumo: bool = False,
    void: str | None = None,
    last_tile: bool = False,
    robbing: bool = False,
    after_gang: bool = False,
    gang_bloom: bool = False,
    options: SichuanOptions | None = None,
) -> SichuanScore:
    """Score a hand written in the tile notation (the winning tile included)."""
    concealed, melds = _read(text, 14)
    size = len(concealed) + 3 * len(melds)
    if size != 14:
        raise SparrowsError(f"a winning hand has 14 tiles (a gang counting 3), this one has {size}")
    tiles = parse_tiles(win) if win else []
    if len(tiles) != 1 or tiles[0].kind >= HONOR:
        raise SparrowsError(f"the winning tile must be one suited tile, not {win!r}")
    k = tiles[0].kind
    if k not in concealed:
        raise SparrowsError(f"the winning tile {win} is not among the concealed tiles")
    if gang_bloom and not tsumo:
        raise SparrowsError("a gang bloom is self-drawn (on the replacement tile)")
    if gang_bloom and not any(m[0] is not MeldType.PON for m in melds):
        raise SparrowsError("a gang bloom needs a gang in the hand")
    if (robbing or after_gang) and tsumo:
        raise SparrowsError("robbing a gang and a discard after a gang are discard wins")
    if robbing:
        held = concealed.count(k) + sum(ks.count(k) for _, ks in melds)
        problem = robbed_tile_problem(held, win)
        if problem:
            raise SparrowsError(problem)
    facts = SichuanWin(
        tuple(concealed),
        tuple(melds),
        k,
        tsumo,
        _void(void),
        last_tile,
        robbing,
        after_gang,
        gang_bloom,
    )
    return score_win(facts, options)


def best_waiting_score(
    text: str, void: str | None = None, options: SichuanOptions | None = None
) -> int:
    """:func:`best_waiting` of a 13-tile hand written in the tile notation."""
    concealed, melds = _read(text, 13)
    size = len(concealed) + 3 * len(melds)
    if size != 13:
        raise SparrowsError(f"a waiting hand has 13 tiles (a gang counting 3), this one has {size}")
    return best_waiting(concealed, melds, _void(void), options)
