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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from ...analysis.decompose import BlockType, standard_readings
from ...errors import HandError, excerpt_repr, robbed_tile_problem
from ...reasons import Reason
from ...tiles import Colour, Tile, format_tile, house_set
from ...tiles.kinds import HONOR, NORTH, NUM_STANDARD
from ...tiles.tile import CODE_PER_KIND
from .fu import count_fu, kokushi_fu
from .hand import (
    KAN,
    ORPHAN_KINDS,
    RUN,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    TRIPLET,
    Ctx,
    HandFacts,
    meld_set,
)
from .options import RiichiOptions
from .points import Payment, basic_points, payment
from .situation import WinSituation
from .yaku import NAMES, YAKUMAN_BY_ID, find_yaku, find_yakuman, renhou


@dataclass(slots=True, init=False)
class RiichiScore:
    """The value of a win, or why it is not one (``is_win`` False and ``reason``)."""

    is_win: bool
    reason: str | None
    han: int
    fu: int
    fu_items: tuple[tuple[str, int], ...]
    yaku: tuple[tuple[str, int], ...]  # (id, han); yakuman as (id, 13 x multiplier)
    yakuman: int  # yakuman multiples (0: none)
    dora: int
    aka: int
    ura: int
    special: int  # purple and blue tiles of the house set (+1 han each)
    limit: str | None
    basic: int
    payment: Payment
    shape: int
    sets: tuple[tuple[int, int, bool], ...]  # (RUN/TRIPLET/KAN, lowest kind, concealed)
    pair: int
    # ---- the house preset (see .house): chips per payer and the order of operations
    chips: int
    chip_items: tuple[tuple[str, int], ...]
    abilities: tuple[str, ...]
    steps: tuple[str, ...]
    wildcard: int  # the kind a pocchi wildcard stood for (-1: none)
    choices: tuple[str, ...]  # kokan's choices the winner may take

    # Written out rather than generated: the compiled build (sparrows.compiled) runs a
    # dataclass's generated __init__ as interpreted code, a third of a score's time.
    def __init__(
        self,
        is_win: bool,
        reason: str | None = None,
        han: int = 0,
        fu: int = 0,
        fu_items: tuple[tuple[str, int], ...] = (),
        yaku: tuple[tuple[str, int], ...] = (),
        yakuman: int = 0,
        dora: int = 0,
        aka: int = 0,
        ura: int = 0,
        special: int = 0,
        limit: str | None = None,
        basic: int = 0,
        payment: Payment | None = None,
        shape: int = STANDARD,
        sets: tuple[tuple[int, int, bool], ...] = (),
        pair: int = -1,
        chips: int = 0,
        chip_items: tuple[tuple[str, int], ...] = (),
        abilities: tuple[str, ...] = (),
        steps: tuple[str, ...] = (),
        wildcard: int = -1,
        choices: tuple[str, ...] = (),
    ) -> None:
        self.is_win = is_win
        self.reason = reason
        self.han = han
        self.fu = fu
        self.fu_items = fu_items
        self.yaku = yaku
        self.yakuman = yakuman
        self.dora = dora
        self.aka = aka
        self.ura = ura
        self.special = special
        self.limit = limit
        self.basic = basic
        self.payment = Payment() if payment is None else payment
        self.shape = shape
        self.sets = sets
        self.pair = pair
        self.chips = chips
        self.chip_items = chip_items
        self.abilities = abilities
        self.steps = steps
        self.wildcard = wildcard
        self.choices = choices

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


DEFAULT_OPTIONS: Final = RiichiOptions()
_HOUSE_SET: Final = house_set()
_HAN_COLOURS: Final = frozenset((Colour.PURPLE, Colour.BLUE))  # house tiles worth +1 han


def nuki_dora(nuki: int, dora: Sequence[int]) -> int:
    """The dora the ``nuki`` Norths set aside (three players) bring beyond their own han
    (each North set aside is worth 1, the item ``nuki``): one per North and per entry of
    ``dora`` (the kinds the indicators point to) that is North."""
    return nuki * sum(1 for k in dora if k == NORTH)


def tile_han(tile: Tile) -> int:
    """The han a tile brings to any hand that wins with it: a red five 1 (aka dora), the
    house set's purple and blue tiles 1; others 0 (dora are the indicators' matter)."""
    return 1 if tile.red or tile.colour in _HAN_COLOURS else 0


def dora_of(indicator: int, three: bool = False) -> int:
    """The dora kind an indicator kind points to (``three``: three players, where 1m points
    to 9m, there being no 2m-8m)."""
    if three and indicator == 0:
        return 8
    if indicator < HONOR:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def _placements(
    sit: WinSituation,
    hand: HandFacts,
    called: list[tuple[int, int, bool]],
    blocks: tuple[tuple[BlockType, int], ...],
    pair: int,
) -> Iterator[Ctx]:
    """Every way the winning tile can sit in a standard reading, as contexts."""
    win = hand.win
    sets = [(RUN if t is BlockType.RUN else TRIPLET, k, True) for t, k in blocks]
    if pair == win:
        yield Ctx(sit, STANDARD, sets + called, pair, "tanki", hand)
    seen: set[tuple[int, int]] = set()
    for i, (t, k, _) in enumerate(sets):
        if t == TRIPLET:
            if k != win or (t, k) in seen:
                continue
            seen.add((t, k))
            placed = list(sets)
            placed[i] = (TRIPLET, k, sit.tsumo)  # a ron completes an open triplet
            yield Ctx(sit, STANDARD, placed + called, pair, "shanpon", hand)
        elif k <= win <= k + 2 and (t, k) not in seen:
            seen.add((t, k))
            pos = win - k
            if pos == 1:
                wait = "kanchan"
            elif (pos == 2 and k % 9 == 0) or (pos == 0 and k % 9 == 6):
                wait = "penchan"
            else:
                wait = "ryanmen"
            yield Ctx(sit, STANDARD, sets + called, pair, wait, hand)


def _special_shapes(sit: WinSituation, hand: HandFacts, kansai: bool = False) -> Iterator[Ctx]:
    """Seven pairs (``kansai``: identical pairs allowed) and thirteen orphans (closed
    hands without calls only)."""
    counts = hand.counts
    if sit.melds:
        return
    if all(c in (0, 2) for c in counts):
        yield Ctx(sit, SEVEN_PAIRS, [], -1, "tanki", hand)
    elif kansai and all(c in (0, 2, 4) for c in counts):  # identical pairs allowed
        hand.quads = sum(1 for c in counts if c == 4)
        yield Ctx(sit, SEVEN_PAIRS, [], -1, "tanki", hand)
    elif all(counts[k] for k in ORPHAN_KINDS) and len(hand.kinds) == 13:
        pair = next(k for k in ORPHAN_KINDS if counts[k] == 2)
        thirteen = all(hand.before[k] == 1 for k in ORPHAN_KINDS)
        yield Ctx(sit, THIRTEEN_ORPHANS, [], pair, "kokushi13" if thirteen else "tanki", hand)


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


def impossible_conditions(sit: WinSituation) -> str | None:
    """Why the described win cannot happen (riichi with an open hand...), or None."""
    riichi = sit.riichi or sit.double_riichi
    called = [m for m in sit.melds if m.opened]
    rules = (
        (
            riichi and bool(called) and not sit.naki_menzen,
            "riichi needs a closed hand (no called meld but closed kans)",
        ),
        (sit.open_riichi and not riichi, "open riichi needs riichi"),
        (sit.ippatsu and not riichi, "ippatsu needs riichi"),
        (sit.chankan and sit.tsumo, "chankan is a win on another player's kan tile, not a tsumo"),
        (sit.rinshan and not sit.tsumo, "rinshan kaihou is a tsumo on a kan replacement tile"),
        (
            sit.rinshan and not sit.nuki and not any(m.is_kan for m in sit.melds),
            "rinshan kaihou needs a kan (or a North set aside)",
        ),
        (sit.haitei and not sit.tsumo, "haitei is a tsumo on the last tile (use houtei for a ron)"),
        (sit.houtei and sit.tsumo, "houtei is a ron on the last discard (use haitei for a tsumo)"),
        (sit.haitei and sit.rinshan, "a kan replacement tile is never the haitei tile"),
        (sit.houtei and sit.chankan, "houtei and chankan cannot both happen"),
        (
            len(sit.dora_indicators) > 5,
            f"{len(sit.dora_indicators)} dora indicators: at most 5 (the first and 4 kan dora)",
        ),
        (
            len(sit.ura_indicators) > 5,
            f"{len(sit.ura_indicators)} ura indicators: at most 5 (one under each dora indicator)",
        ),
        (
            sit.tenhou and (not sit.dealer or not sit.tsumo or bool(sit.melds)),
            "tenhou is the dealer's tsumo on the dealt hand, with no call",
        ),
        (
            sit.chiihou and (sit.dealer or not sit.tsumo or bool(sit.melds)),
            "chiihou is a non-dealer's tsumo on the first draw, with no call",
        ),
        (
            sit.renhou and (sit.dealer or sit.tsumo or bool(sit.melds)),
            "renhou is a non-dealer's ron before its first draw, with no call",
        ),
        (sit.paarenchan and not sit.dealer, "paarenchan is the dealer's win (seat East)"),
        (
            sit.sashikomi and (sit.tsumo or not sit.open_riichi),
            "sashikomi is a ron into an open riichi",
        ),
    )
    why = next((why for bad, why in rules if bad), None)
    if why is None and sit.chankan:
        k = sit.win_tile.kind
        held = sum(1 for t in sit.concealed if t.kind == k) + 1
        held += sum(1 for m in sit.melds for t in m.tiles if t.kind == k)
        why = robbed_tile_problem(held, format_tile(Tile(k)))
    return why


#: Renhou as a mangan (``renhou`` "mangan") is scored as a 5-han hand: a mangan whatever
#: the fu (riichi.wiki "Renhou": "If a hand could score more by using regular yaku/dora,
#: it will be scored as the higher value. Otherwise, it is a mangan").
RENHOU_HAN: Final = 5

_COUNTERS: Final = attrgetter("seat_wind", "round_wind", "honba", "riichi_sticks")


def score(sit: WinSituation, opts: RiichiOptions | None = None) -> RiichiScore:
    """Score a win. Returns ``is_win=False`` with a reason for a hand that is not complete,
    has no yaku, is furiten on a ron, or whose conditions contradict each other (riichi with
    an open hand...). Raises :class:`~sparrows.errors.HandError` for input that cannot
    exist: more than four of a tile or more red fives than ``opts`` has (hand, melds and
    indicators together), a red tile that is not a five, a house-preset special tile, a
    flower or season, winds outside 0-3, negative honba or riichi sticks, a meld whose
    tiles do not make its type."""
    opts = opts or DEFAULT_OPTIONS
    _check_counters(sit)
    before, hand, counts, aka, special = _count_tiles(sit, opts)
    called = [meld_set(m) for m in sit.melds]
    if (
        sit.riichi
        or sit.double_riichi
        or sit.ippatsu
        or sit.chankan
        or sit.rinshan
        or sit.haitei
        or sit.houtei
        or sit.tenhou
        or sit.chiihou
        or sit.open_riichi
        or sit.renhou
        or sit.paarenchan
        or sit.sashikomi
        or sit.ura_indicators
        or len(sit.dora_indicators) > 5
    ):
        impossible = impossible_conditions(sit)  # every rule there needs one of these
        if impossible:
            return RiichiScore(False, impossible)
    if sit.furiten and not sit.tsumo:
        return RiichiScore(False, Reason("furiten_ron"))
    if len(sit.concealed) + 1 + 3 * len(sit.melds) != 14:
        return RiichiScore(
            False,
            f"a winning hand has 14 tiles (a kan counts 3), not "
            f"{len(sit.concealed) + 1 + 3 * len(sit.melds)}",
        )
    facts = HandFacts(sit, counts, before)
    contexts = [
        c
        for sets, pair in standard_readings(bytes(hand))
        for c in _placements(sit, facts, called, sets, pair)
    ]
    contexts += _special_shapes(sit, facts, opts.kansai_chiitoi)
    if not contexts:
        return RiichiScore(
            False, "not a complete hand (four sets and a pair, seven pairs or thirteen orphans)"
        )
    dora, ura = _dora(sit, counts, opts.players == 3)
    best = _best_reading(contexts, opts, dora, aka, ura, special, sit.nuki)
    if best is None:
        return RiichiScore(False, Reason("no_yaku"))
    (_, _, han, _), best_ctx, (yaku, mult, fu, fu_items) = best
    basic, limit = basic_points(han, fu, mult, opts)
    pay = payment(basic, sit.dealer, sit.tsumo, sit.honba, sit.riichi_sticks, opts)
    # a yakuman counts no dora (but under aotenjou, where it is 13 han among the others)
    counted = (0, 0, 0, 0) if mult and not opts.aotenjou else (dora, aka, ura, special)
    return RiichiScore(
        is_win=True,
        han=han,
        fu=fu,
        fu_items=tuple(fu_items),
        yaku=tuple(yaku),
        yakuman=mult,
        dora=counted[0],
        aka=counted[1],
        ura=counted[2],
        special=counted[3],
        limit=limit,
        basic=basic,
        payment=pay,
        shape=best_ctx.shape,
        sets=tuple(best_ctx.sets),
        pair=best_ctx.pair,
    )


def _check_counters(sit: WinSituation) -> None:
    """The seat and round winds 0-3, honba and riichi sticks whole numbers >= 0."""
    # read untyped: a compiled build would refuse a float with a bare TypeError before the
    # check below names the field
    seat, rnd, honba, sticks = _COUNTERS(sit)
    if (
        type(seat) is not int
        or type(rnd) is not int
        or type(honba) is not int
        or type(sticks) is not int
        or not 0 <= seat <= 3
        or not 0 <= rnd <= 3
        or honba < 0
        or sticks < 0
    ):
        raise HandError(_counter_problem(sit))


def _count_tiles(
    sit: WinSituation, opts: RiichiOptions
) -> tuple[list[int], list[int], list[int], int, int]:
    """Counts per kind of the concealed tiles (``before`` the winning tile, and ``hand``
    with it) and of the whole hand with its melds, the red fives (``aka``) and the house
    set's han tiles (``special``); raises :class:`HandError` for tiles that cannot be there
    (more than four of a kind with the indicators and Norths, 2m-8m with three players, a
    flower, more red or special tiles than the set has)."""
    before = [0] * 34
    odd: list[Tile] = []  # coloured or pocchi tiles: red fives, or the house's special tiles
    try:
        # one attribute per tile: its code gives the kind and whether it is plain
        for t in sit.concealed:
            code = t.code
            before[code // CODE_PER_KIND] += 1
            if code % CODE_PER_KIND:
                odd.append(t)
        hand = list(before)
        t = sit.win_tile
        code = t.code
        hand[code // CODE_PER_KIND] += 1
        if code % CODE_PER_KIND:
            odd.append(t)
        counts = list(hand)
        for m in sit.melds:
            for t in m.tiles:
                code = t.code
                counts[code // CODE_PER_KIND] += 1
                if code % CODE_PER_KIND:
                    odd.append(t)
        aka = special = 0
        for t in odd:
            if t.red:
                aka += 1
            elif t.colour in _HAN_COLOURS:
                special += 1
        if sit.dora_indicators or sit.ura_indicators:
            shown = list(counts)
            for t in sit.dora_indicators:
                code = t.code
                shown[code // CODE_PER_KIND] += 1
                if code % CODE_PER_KIND:
                    odd.append(t)
            for t in sit.ura_indicators:
                code = t.code
                shown[code // CODE_PER_KIND] += 1
                if code % CODE_PER_KIND:
                    odd.append(t)
        else:
            shown = counts
    except IndexError:  # a kind past 33: a flower or a season
        raise HandError(_bonus_problem(sit)) from None
    if sit.nuki:
        if not 0 < sit.nuki <= 4 or opts.players != 3:
            raise HandError(
                f"nuki={sit.nuki}: Norths are set aside only with three players, at most 4"
            )
        shown = list(shown)
        shown[NORTH] += sit.nuki
    if opts.players == 3 and any(shown[1:8]):
        kind = next(k for k in range(1, 8) if shown[k])
        raise HandError(f"{format_tile(Tile(kind))}: three-player riichi has no 2m-8m")
    if max(shown) > 4:
        kind = shown.index(max(shown))
        raise HandError(
            f"{max(shown)} copies of {format_tile(Tile(kind))} in the hand, its melds and the "
            "indicators: a riichi set has 4"
        )
    if odd:
        _check_red_fives(odd, opts)
    return before, hand, counts, aka, special


def _dora(sit: WinSituation, counts: list[int], three: bool) -> tuple[int, int]:
    """The dora and the ura dora the hand (``counts``) holds, Norths set aside included."""
    dora = 0
    for t in sit.dora_indicators:
        dora += counts[dora_of(t.kind, three)]
    ura = 0
    if sit.riichi or sit.double_riichi or sit.ura_kaiji:
        for t in sit.ura_indicators:
            ura += counts[dora_of(t.kind, three)]
    if sit.nuki:  # each North set aside: a dora, and one more per indicator pointing to it
        dora += nuki_dora(sit.nuki, [dora_of(t.kind) for t in sit.dora_indicators])
        if sit.riichi or sit.double_riichi or sit.ura_kaiji:
            ura += sit.nuki * sum(1 for t in sit.ura_indicators if dora_of(t.kind) == NORTH)
    return dora, ura


def _best_reading(
    contexts: list[Ctx],
    opts: RiichiOptions,
    dora: int,
    aka: int,
    ura: int,
    special: int,
    nuki: int,
) -> (
    tuple[
        tuple[int, int, int, int],
        Ctx,
        tuple[list[tuple[str, int]], int, int, list[tuple[str, int]]],
    ]
    | None
):
    """Of the hand's readings, the one worth most (basic points, then a real yakuman over
    a counted one, then han, then fu): its key, its reading, and (yaku, yakuman multiple,
    fu, fu items); None when no reading has a yaku."""
    best: tuple[int, int, int, int] | None = None
    best_ctx: Ctx | None = None
    best_parts: tuple[list[tuple[str, int]], int, int, list[tuple[str, int]]] | None = None
    for c in contexts:
        parts = _value(c, opts, dora, aka, ura, special, nuki)
        if parts is None:
            continue
        yaku, han, fu, fu_items, mult = parts
        basic, _ = basic_points(han, fu, mult, opts)
        key = (basic, 1 if mult else 0, han, fu)  # a real yakuman beats kazoe at equal points
        if best is None or key > best:
            best, best_ctx, best_parts = key, c, (yaku, mult, fu, fu_items)
    if best is None or best_ctx is None or best_parts is None:
        return None
    return best, best_ctx, best_parts


def _counter_problem(sit: WinSituation) -> str:
    for name in ("seat_wind", "round_wind"):
        value = getattr(sit, name)
        if type(value) is not int or not 0 <= value <= 3:
            return f"{name} must be 0-3 (East, South, West, North), not {excerpt_repr(value, 40)}"
    for name in ("honba", "riichi_sticks"):
        value = getattr(sit, name)
        if type(value) is not int or value < 0:
            return f"{name} must be a whole number >= 0, not {excerpt_repr(value, 40)}"
    return "impossible counters"  # not reached


def _bonus_problem(sit: WinSituation) -> str:
    where = (
        [("the concealed tiles", t) for t in sit.concealed]
        + [("the winning tile", sit.win_tile)]
        + [(f"a {m.type.value}", t) for m in sit.melds for t in m.tiles]
        + [("the dora indicators", t) for t in sit.dora_indicators]
        + [("the ura indicators", t) for t in sit.ura_indicators]
    )
    place, tile = next((p, t) for p, t in where if t.kind >= NUM_STANDARD)
    return f"{format_tile(tile)} in {place}: flowers and seasons are not riichi tiles"


def _check_red_fives(odd: list[Tile], opts: RiichiOptions) -> None:
    """The coloured and pocchi tiles of a win (indicators included) must be red fives, at
    most ``opts.red_fives[suit]`` of each suit, or (``opts.special_tiles``) the house set's
    special tiles, one of each; HandError otherwise."""
    allowed = opts.red_fives
    reds = [0, 0, 0]
    for tile in odd:
        kind = tile.kind
        if tile.red and kind < HONOR and kind % 9 == 4 and not tile.pocchi:
            suit = kind // 9
            reds[suit] += 1
            if reds[suit] > allowed[suit]:
                raise HandError(
                    f"{sum(1 for t in odd if t == tile)} red 5{'mps'[suit]} in the hand, its "
                    f"melds and the indicators: these options have {allowed[suit]} "
                    f"(red_fives={tuple(allowed)})"
                )
        elif tile.red:
            raise HandError(f"{format_tile(tile)}: only fives have red copies in riichi")
        elif not opts.special_tiles:
            raise HandError(
                f"{format_tile(tile)} is a house-preset special tile: these options have none "
                "(use the preset cy-dealers-choice)"
            )
        else:
            copies = sum(1 for t in odd if t == tile)
            if _HOUSE_SET.copies(tile) < copies:
                have = _HOUSE_SET.copies(tile)
                raise HandError(
                    f"{copies} x {format_tile(tile)}: the house set has "
                    f"{'no such tile' if not have else f'only {have}'}"
                )


def _value(
    c: Ctx, opts: RiichiOptions, dora: int, aka: int, ura: int, special: int = 0, nuki: int = 0
) -> tuple[list[tuple[str, int]], int, int, list[tuple[str, int]], int] | None:
    """(yaku with han, han, fu, fu items, yakuman multiple) of one placement; None: no yaku."""
    yakuman = find_yakuman(c, opts)
    if yakuman:
        if (
            opts.paarenchan_needs_yaku
            and all(i == "paarenchan" for i, _ in yakuman)
            and not find_yaku(c, opts)
        ):
            yakuman = []  # paarenchan alone needs a yaku of the hand's own
        elif not opts.yakuman_stack:
            yakuman = [max(yakuman, key=lambda y: y[1])]
    mult = sum(m for _, m in yakuman)
    if yakuman and not opts.aotenjou:
        return [(i, 13 * m) for i, m in yakuman], 13 * mult, 0, [], mult
    yaku = find_yaku(c, opts)
    if opts.fu_for_pinfu_tsumo and c.sit.tsumo:  # the tsumo's 2 fu: no pinfu
        yaku = [y for y in yaku if y[0] != "pinfu"]
    if yakuman:  # aotenjou: each yakuman 13 han, without the yaku it implies
        implied = {i for y, _ in yakuman for i in YAKUMAN_BY_ID[y].implies}
        yaku = [(i, 13 * m) for i, m in yakuman] + [y for y in yaku if y[0] not in implied]
    renhou_mangan = opts.renhou == "mangan" and renhou(c)
    if not yaku and not renhou_mangan:
        return None
    if c.shape == THIRTEEN_ORPHANS:  # (aotenjou only: otherwise a yakuman above)
        fu, items = kokushi_fu(c.sit.tsumo)
    else:
        is_pinfu = any(i == "pinfu" for i, _ in yaku)
        fu, items = count_fu(c, is_pinfu, opts.double_wind_pair_fu, opts.fu_for_open_pinfu)
    han = sum(h for _, h in yaku) + dora + aka + ura + special + nuki
    if renhou_mangan and (
        not yaku or basic_points(han, fu, 0, opts)[0] <= basic_points(RENHOU_HAN, fu, 0, opts)[0]
    ):  # renhou as a mangan, unless the hand's own yaku and dora are worth more
        return [("renhou", RENHOU_HAN)], RENHOU_HAN, fu, items, 0
    extras = [
        (name, n)
        for name, n in (
            ("dora", dora),
            ("aka", aka),
            ("ura", ura),
            ("special", special),
            ("nuki", nuki),
        )
        if n
    ]
    return yaku + extras, han, fu, items, mult
