"""Riichi hand scoring in separate short stages:

1. readings: every decomposition of the 14 tiles (:func:`sparrows.analysis.decompose`)
   with every placement of the winning tile (which block it completed, so the wait);
2. yaku and yakuman of each placement (:mod:`.yaku`);
3. fu (:mod:`.fu`);
4. limits and payments (:mod:`.points`);
5. the placement worth most is the answer; dora, red fives and ura dora are added to the
   han of a hand that has a yaku.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ...analysis import RIICHI, BlockType, HandShape, decompose
from ...tiles import Tile
from ...tiles.kinds import HONOR
from .fu import count_fu
from .hand import (
    KAN,
    RUN,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    TRIPLET,
    Ctx,
    WinSituation,
    meld_set,
    new_ctx,
)
from .options import RiichiOptions
from .points import Payment, basic_points, payment
from .yaku import NAMES, find_yaku, find_yakuman


@dataclass(frozen=True)
class RiichiScore:
    """The value of a win, or why it is not one (``is_win`` False and ``reason``)."""

    is_win: bool
    reason: str | None = None
    han: int = 0
    fu: int = 0
    fu_items: tuple[tuple[str, int], ...] = ()
    yaku: tuple[tuple[str, int], ...] = ()  # (id, han); yakuman as (id, 13 x multiplier)
    yakuman: int = 0  # yakuman multiples (0: none)
    dora: int = 0
    aka: int = 0
    ura: int = 0
    limit: str | None = None
    basic: int = 0
    payment: Payment = field(default_factory=Payment)
    shape: int = STANDARD
    sets: tuple[tuple[int, int, bool], ...] = ()  # (RUN/TRIPLET/KAN, lowest kind, concealed)
    pair: int = -1

    @property
    def reading(self) -> str:
        """The chosen reading, called and ron-completed sets in brackets."""
        return _reading_text(self.shape, self.sets, self.pair) if self.is_win else ""

    @property
    def points(self) -> int:
        """What the winner receives, honba included, riichi sticks not."""
        return self.payment.hand_value

    def names(self) -> list[tuple[str, int]]:
        return [(NAMES.get(i, i), h) for i, h in self.yaku]


DEFAULT_OPTIONS = RiichiOptions()


def dora_of(indicator: int) -> int:
    """The dora kind an indicator kind points to."""
    if indicator < HONOR:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def _placements(
    sit: WinSituation,
    d_blocks: tuple[tuple[BlockType, int], ...],
    shape: HandShape,
    counts: list[int],
    before: list[int],
    kinds: list[int],
) -> Iterator[Ctx]:
    """Every way the winning tile can sit in a reading, as contexts."""
    win = sit.win_tile.kind
    called = [meld_set(m) for m in sit.melds]
    if shape is HandShape.SEVEN_PAIRS:
        yield new_ctx(sit, SEVEN_PAIRS, called, -1, "tanki", counts, before, kinds)
        return
    if shape is HandShape.THIRTEEN_ORPHANS:
        pair = d_blocks[0][1]
        thirteen = all(before[k] == 1 for k in (0, 8, 9, 17, 18, 26, *range(27, 34)))
        yield new_ctx(
            sit,
            THIRTEEN_ORPHANS,
            called,
            pair,
            "kokushi13" if thirteen else "tanki",
            counts,
            before,
            kinds,
        )
        return
    sets = [
        (RUN if t is BlockType.RUN else TRIPLET, k, True)
        for t, k in d_blocks
        if t is not BlockType.PAIR
    ]
    pair = next(k for t, k in d_blocks if t is BlockType.PAIR)
    seen: set[tuple[int, int]] = set()
    if pair == win:
        yield new_ctx(sit, STANDARD, sets + called, pair, "tanki", counts, before, kinds)
    for i, (t, k, _) in enumerate(sets):
        if (t, k) in seen:
            continue
        if t == TRIPLET and k == win:
            seen.add((t, k))
            placed = list(sets)
            placed[i] = (TRIPLET, k, sit.tsumo)  # a ron completes an open triplet
            yield new_ctx(sit, STANDARD, placed + called, pair, "shanpon", counts, before, kinds)
        elif t == RUN and k <= win <= k + 2:
            seen.add((t, k))
            pos = win - k
            if pos == 1:
                wait = "kanchan"
            elif (pos == 2 and k % 9 == 0) or (pos == 0 and k % 9 == 6):
                wait = "penchan"
            else:
                wait = "ryanmen"
            yield new_ctx(sit, STANDARD, sets + called, pair, wait, counts, before, kinds)


def _reading_text(shape: int, sets: tuple[tuple[int, int, bool], ...], pair: int) -> str:
    from ...tiles import format_tiles

    if shape == SEVEN_PAIRS:
        return "seven pairs"
    if shape == THIRTEEN_ORPHANS:
        return "thirteen orphans"
    parts = []
    for t, k, concealed in sets:
        kinds = [k, k + 1, k + 2] if t == RUN else [k] * (4 if t == KAN else 3)
        text = format_tiles(Tile(x) for x in kinds)
        parts.append(text if concealed else f"[{text}]")
    if pair >= 0:
        parts.append(format_tiles([Tile(pair)] * 2))
    return " ".join(parts)


def score(sit: WinSituation, opts: RiichiOptions | None = None) -> RiichiScore:
    """Score a win. Returns ``is_win=False`` with a reason for a hand that is not complete,
    has no yaku, or is furiten on a ron."""
    opts = opts or DEFAULT_OPTIONS
    if sit.furiten and not sit.tsumo:
        return RiichiScore(False, "furiten: a ron is not allowed")
    before = [0] * 34
    for t in sit.concealed:
        before[t.kind] += 1
    hand = list(before)
    hand[sit.win_tile.kind] += 1
    if len(sit.concealed) + 1 + 3 * len(sit.melds) != 14:
        return RiichiScore(
            False,
            f"a winning hand has 14 tiles (a kan counts 3), not "
            f"{len(sit.concealed) + 1 + 3 * len(sit.melds)}",
        )
    counts = list(hand)
    for m in sit.melds:
        for t in m.tiles:
            counts[t.kind] += 1
    readings = (
        decompose(hand, RIICHI)
        if not sit.melds
        else [d for d in decompose(hand, RIICHI) if d.shape is HandShape.STANDARD]
    )
    if not readings:
        return RiichiScore(
            False, "not a complete hand (four sets and a pair, seven pairs or thirteen orphans)"
        )
    all_tiles = sit.all_tiles()
    dora_kinds = [dora_of(t.kind) for t in sit.dora_indicators]
    dora = sum(counts[k] for k in dora_kinds)
    aka = sum(1 for t in all_tiles if t.red)
    ura = 0
    if sit.riichi or sit.double_riichi:
        ura = sum(counts[dora_of(t.kind)] for t in sit.ura_indicators)
    kinds = [k for k in range(34) if counts[k]]
    best: RiichiScore | None = None
    best_ctx: Ctx | None = None
    best_key: tuple[int, int, int] = (-1, -1, -1)
    for d in readings:
        for c in _placements(sit, d.blocks, d.shape, counts, before, kinds):
            result = _score_placement(c, sit, opts, dora, aka, ura)
            if result is None:
                continue
            key = (result.basic, result.han, result.fu)
            if key > best_key:
                best, best_ctx, best_key = result, c, key
    if best is None or best_ctx is None:
        return RiichiScore(False, "no yaku (dora alone do not make a win)")
    return replace(best, shape=best_ctx.shape, sets=tuple(best_ctx.sets), pair=best_ctx.pair)


def _score_placement(
    c: Ctx, sit: WinSituation, opts: RiichiOptions, dora: int, aka: int, ura: int
) -> RiichiScore | None:
    yakuman = find_yakuman(c, opts.double_yakuman)
    if yakuman:
        if not opts.yakuman_stack:
            yakuman = [max(yakuman, key=lambda y: y[1])]
        mult = sum(m for _, m in yakuman)
        basic, limit = basic_points(0, 0, mult, opts)
        pay = payment(basic, sit.dealer, sit.tsumo, sit.honba, sit.riichi_sticks, opts)
        return RiichiScore(
            True,
            None,
            13 * mult,
            0,
            (),
            tuple((i, 13 * m) for i, m in yakuman),
            mult,
            0,
            0,
            0,
            limit,
            basic,
            pay,
        )
    yaku = find_yaku(c, opts.open_tanyao)
    if not yaku:
        return None
    is_pinfu = any(i == "pinfu" for i, _ in yaku)
    fu, items = count_fu(c, is_pinfu, opts.double_wind_pair_fu)
    extras = [(name, n) for name, n in (("dora", dora), ("aka", aka), ("ura", ura)) if n]
    han = sum(h for _, h in yaku) + dora + aka + ura
    basic, limit = basic_points(han, fu, 0, opts)
    pay = payment(basic, sit.dealer, sit.tsumo, sit.honba, sit.riichi_sticks, opts)
    return RiichiScore(
        True,
        None,
        han,
        fu,
        tuple(items),
        tuple(yaku + extras),
        0,
        dora,
        aka,
        ura,
        limit,
        basic,
        pay,
    )
