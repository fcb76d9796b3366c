"""Every yaku and yakuman as its own small unit, in one registry.

A unit has an id (romaji), an English name, its han closed and open (0 = not when open)
and a check on a :class:`~.hand.Ctx`. ``replaces`` lists the ids a unit supersedes when
both apply (double riichi replaces riichi, ryanpeikou iipeikou...). Yakuman have a
multiplier: 2 for the double forms when the option is on. A local yaku or yakuman names
the options that turn it on (``options``: on when any of them has ``value``); ``implies``
lists the yaku a yakuman contains, which aotenjou (where a yakuman is 13 han beside the
ordinary yaku) does not count again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ...tiles.kinds import DRAGONS, WINDS
from .hand import RUN, SEVEN_PAIRS, STANDARD, TERMINAL_HONOR, THIRTEEN_ORPHANS, Ctx

if TYPE_CHECKING:
    from .options import RiichiOptions

Check = Callable[[Ctx], bool]


@dataclass(frozen=True)
class Yaku:
    """A yaku. ``min_runs`` / ``min_triplets`` / ``flag`` (a WinSituation attribute that
    must be true) are necessary conditions the registry loop tests before calling
    ``check``: they only save time, ``check`` alone decides."""

    id: str
    name: str
    han_closed: int
    han_open: int
    check: Check
    replaces: tuple[str, ...] = ()
    min_runs: int = 0
    min_triplets: int = 0
    flag: str = ""
    options: tuple[str, ...] = ()  # a local yaku: on when one of these options is ``value``
    value: str | bool = True


@dataclass(frozen=True)
class Yakuman:
    id: str
    name: str
    check: Check
    double: bool = False  # a double-yakuman form (counts 2 when the option is on)
    replaces: tuple[str, ...] = ()
    options: tuple[str, ...] = ()  # a local yakuman: on when one of these options is ``value``
    value: str | bool = True
    implies: tuple[str, ...] = ()  # yaku it contains (aotenjou does not count them again)


def option_on(unit: Yaku | Yakuman, opts: RiichiOptions) -> bool:
    """Whether the options turn a yaku or yakuman on (every standard one is always on)."""
    return not unit.options or any(getattr(opts, o) == unit.value for o in unit.options)


# ------------------------------------------------------------------ helpers


def _triplets(c: Ctx) -> list[int]:
    return c.triplets


def _runs(c: Ctx) -> list[int]:
    return c.runs


def _concealed_triplets(c: Ctx) -> int:
    """Concealed triplets and kans; a triplet completed by a ron is open."""
    return sum(1 for t, _, concealed in c.sets if t != RUN and concealed)


def _suits(c: Ctx) -> set[int]:
    return c.suits


def _has_honor(c: Ctx) -> bool:
    return c.honors


def _standard(c: Ctx) -> bool:
    return c.shape == STANDARD


# ------------------------------------------------------------------ checks


def riichi(c: Ctx) -> bool:
    return c.sit.riichi and not c.sit.double_riichi


def open_riichi(c: Ctx) -> bool:
    return c.sit.open_riichi and c.sit.riichi and not c.sit.double_riichi


def open_double_riichi(c: Ctx) -> bool:
    return c.sit.open_riichi and c.sit.double_riichi


def yakuka(c: Ctx) -> bool:
    return c.sit.yakuka


def round_wind_2(c: Ctx) -> bool:
    return c.round_kind2 in _triplets(c)


def kansai_one_quad(c: Ctx) -> bool:
    return c.shape == SEVEN_PAIRS and c.hand.quads == 1


def kansai_two_quads(c: Ctx) -> bool:
    return c.shape == SEVEN_PAIRS and c.hand.quads == 2


def kansai_three_quads(c: Ctx) -> bool:
    return c.shape == SEVEN_PAIRS and c.hand.quads == 3


def renhou(c: Ctx) -> bool:
    return c.sit.renhou and not c.sit.tsumo and not c.sit.dealer and not c.sit.melds


def _daisharin(base: int) -> Check:
    """22334455667788 of one suit (``base``: its first kind), closed (riichi.wiki
    "Daisharin")."""
    pattern = [0, 2, 2, 2, 2, 2, 2, 2, 0]

    def check(c: Ctx) -> bool:
        counts = c.counts
        return (
            not c.sit.melds
            and counts[base : base + 9] == pattern
            and sum(counts) == 14
            and c.shape != THIRTEEN_ORPHANS
        )

    return check


def daichisei(c: Ctx) -> bool:
    """Seven pairs of the seven honours (riichi.wiki "Optional yaku": daichisei)."""
    return c.shape == SEVEN_PAIRS and c.hand.honors_only


def paarenchan(c: Ctx) -> bool:
    return c.sit.paarenchan and c.sit.dealer


def sashikomi(c: Ctx) -> bool:
    sit = c.sit
    return sit.sashikomi and sit.open_riichi and (sit.riichi or sit.double_riichi) and not sit.tsumo


def double_riichi(c: Ctx) -> bool:
    return c.sit.double_riichi


def ippatsu(c: Ctx) -> bool:
    return c.sit.ippatsu and (c.sit.riichi or c.sit.double_riichi)


def menzen_tsumo(c: Ctx) -> bool:
    return c.closed and c.sit.tsumo


def pinfu(c: Ctx) -> bool:
    return (
        c.closed
        and _standard(c)
        and not _triplets(c)
        and c.wait == "ryanmen"
        and c.pair not in DRAGONS
        and c.pair != c.seat_kind
        and c.pair != c.round_kind
        and c.pair != c.round_kind2
    )


def _identical_run_pairs(c: Ctx) -> int:
    runs = c.runs  # sorted
    pairs, i = 0, 0
    while i + 1 < len(runs):
        if runs[i] == runs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def iipeikou(c: Ctx) -> bool:
    return c.closed and _standard(c) and _identical_run_pairs(c) == 1


def ryanpeikou(c: Ctx) -> bool:
    return c.closed and _standard(c) and _identical_run_pairs(c) == 2


def tanyao(c: Ctx) -> bool:
    return c.hand.simples_only


def _yakuhai(kind: int) -> Check:
    return lambda c: kind in _triplets(c)


def seat_wind(c: Ctx) -> bool:
    return c.seat_kind in _triplets(c)


def round_wind(c: Ctx) -> bool:
    return c.round_kind in _triplets(c)


def haitei(c: Ctx) -> bool:
    return c.sit.haitei and c.sit.tsumo


def houtei(c: Ctx) -> bool:
    return c.sit.houtei and not c.sit.tsumo


def rinshan(c: Ctx) -> bool:
    return c.sit.rinshan and c.sit.tsumo


def chankan(c: Ctx) -> bool:
    return c.sit.chankan and not c.sit.tsumo


def chiitoitsu(c: Ctx) -> bool:
    return c.shape == SEVEN_PAIRS


def sanshoku(c: Ctx) -> bool:
    runs = set(_runs(c))
    return any(k in runs and k + 9 in runs and k + 18 in runs for k in range(7))


def ittsu(c: Ctx) -> bool:
    runs = set(_runs(c))
    return any(b in runs and b + 3 in runs and b + 6 in runs for b in (0, 9, 18))


def _all_groups_terminal(c: Ctx) -> bool:
    if not _standard(c) or c.pair not in TERMINAL_HONOR:
        return False
    for t, k, _ in c.sets:
        if t == RUN:
            if k % 9 not in (0, 6):  # only 123 and 789 runs hold a terminal
                return False
        elif k not in TERMINAL_HONOR:
            return False
    return True


def chanta(c: Ctx) -> bool:
    return _all_groups_terminal(c) and _has_honor(c) and bool(_runs(c))


def junchan(c: Ctx) -> bool:
    return _all_groups_terminal(c) and not _has_honor(c) and bool(_runs(c))


def toitoi(c: Ctx) -> bool:
    return _standard(c) and not _runs(c)


def sanankou(c: Ctx) -> bool:
    return _standard(c) and _concealed_triplets(c) == 3


def sanshoku_doukou(c: Ctx) -> bool:
    tr = set(_triplets(c))
    return any(k in tr and k + 9 in tr and k + 18 in tr for k in range(9))


def sankantsu(c: Ctx) -> bool:
    return c.kans == 3


def shousangen(c: Ctx) -> bool:
    return c.pair in DRAGONS and sum(1 for k in _triplets(c) if k in DRAGONS) == 2


def honroutou(c: Ctx) -> bool:
    return c.shape != THIRTEEN_ORPHANS and c.hand.th_only


def honitsu(c: Ctx) -> bool:
    return len(_suits(c)) == 1 and _has_honor(c)


def chinitsu(c: Ctx) -> bool:
    return len(_suits(c)) == 1 and not _has_honor(c)


# ---- yakuman


def kokushi(c: Ctx) -> bool:
    return c.shape == THIRTEEN_ORPHANS and c.wait != "kokushi13"


def kokushi_13(c: Ctx) -> bool:
    return c.shape == THIRTEEN_ORPHANS and c.wait == "kokushi13"


def suuankou(c: Ctx) -> bool:
    return _standard(c) and _concealed_triplets(c) == 4 and c.wait != "tanki"


def suuankou_tanki(c: Ctx) -> bool:
    return _standard(c) and _concealed_triplets(c) == 4 and c.wait == "tanki"


def daisangen(c: Ctx) -> bool:
    return all(d in _triplets(c) for d in DRAGONS)


def shousuushi(c: Ctx) -> bool:
    return c.pair in WINDS and sum(1 for k in _triplets(c) if k in WINDS) == 3


def daisuushi(c: Ctx) -> bool:
    return sum(1 for k in _triplets(c) if k in WINDS) == 4


def tsuuiisou(c: Ctx) -> bool:
    return c.hand.honors_only


def ryuuiisou(c: Ctx) -> bool:
    return c.hand.green_only


def chinroutou(c: Ctx) -> bool:
    return c.hand.terminals_only


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates(counts: list[int], need: int) -> bool:
    for base in (0, 9, 18):
        part = counts[base : base + 9]
        if sum(part) == need and sum(counts) == need:
            extra = [p - g for p, g in zip(part, _NINE_GATES, strict=True)]
            if all(x >= 0 for x in extra):
                return True
    return False


def chuuren(c: Ctx) -> bool:
    return c.closed and not c.sit.melds and _nine_gates(c.counts, 14) and not junsei_chuuren(c)


def junsei_chuuren(c: Ctx) -> bool:
    before = c.concealed_before_win
    return (
        c.closed
        and not c.sit.melds
        and _nine_gates(c.counts, 14)
        and any(before[b : b + 9] == list(_NINE_GATES) for b in (0, 9, 18))
    )


def suukantsu(c: Ctx) -> bool:
    return c.kans == 4


def tenhou(c: Ctx) -> bool:
    return c.sit.tenhou and c.sit.dealer and c.sit.tsumo


def chiihou(c: Ctx) -> bool:
    return c.sit.chiihou and not c.sit.dealer and c.sit.tsumo


# What a yakuman implies (aotenjou counts it as 13 han and drops these): riichi.wiki
# "Aotenjou" ("any yaku that are implied by the completion of a yakuman are not scored").
_FOUR_CONCEALED: Final = ("toitoi", "sanankou")
_DRAGONS: Final = ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "shousangen")
_DAISHARIN: Final = ("chinitsu", "tanyao", "pinfu", "ryanpeikou", "chiitoitsu", "iipeikou")

YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("riichi", "Riichi", 1, 0, riichi, flag="riichi"),
    Yaku("double_riichi", "Double riichi", 2, 0, double_riichi, flag="double_riichi"),
    Yaku("open_riichi", "Open riichi", 2, 0, open_riichi, ("riichi",), flag="open_riichi"),
    Yaku(
        "open_double_riichi",
        "Open double riichi",
        3,
        0,
        open_double_riichi,
        ("double_riichi", "open_riichi"),
        flag="open_riichi",
    ),
    Yaku("ippatsu", "Ippatsu", 1, 0, ippatsu, flag="ippatsu"),
    Yaku("menzen_tsumo", "Menzen tsumo (closed self-draw)", 1, 0, menzen_tsumo, flag="tsumo"),
    Yaku("pinfu", "Pinfu", 1, 0, pinfu, min_runs=4),
    Yaku("iipeikou", "Iipeikou (one pure double run)", 1, 0, iipeikou, min_runs=2),
    Yaku("tanyao", "Tanyao (all simples)", 1, 1, tanyao),
    Yaku("yakuhai_haku", "Yakuhai: white dragon", 1, 1, _yakuhai(31), min_triplets=1),
    Yaku("yakuhai_hatsu", "Yakuhai: green dragon", 1, 1, _yakuhai(32), min_triplets=1),
    Yaku("yakuhai_chun", "Yakuhai: red dragon", 1, 1, _yakuhai(33), min_triplets=1),
    Yaku("seat_wind", "Yakuhai: seat wind", 1, 1, seat_wind, min_triplets=1),
    Yaku("round_wind", "Yakuhai: round wind", 1, 1, round_wind, min_triplets=1),
    Yaku(
        "round_wind_2",
        "Yakuhai: the other round wind (tonshaaba: East and West)",
        1,
        1,
        round_wind_2,
        min_triplets=1,
        flag="tonshaaba",
    ),
    Yaku("yakuka", "Yaku-ka (ability: a 1-han yaku)", 1, 1, yakuka, flag="yakuka"),
    Yaku("haitei", "Haitei (last tile draw)", 1, 1, haitei, flag="haitei"),
    Yaku("houtei", "Houtei (last tile discard)", 1, 1, houtei, flag="houtei"),
    Yaku("rinshan", "Rinshan kaihou (kan replacement)", 1, 1, rinshan, flag="rinshan"),
    Yaku("chankan", "Chankan (robbing a kan)", 1, 1, chankan, flag="chankan"),
    Yaku("chiitoitsu", "Chiitoitsu (seven pairs)", 2, 0, chiitoitsu),
    Yaku("kansai_quad", "Kansai chiitoi: one quad", 1, 0, kansai_one_quad),
    Yaku("kansai_quads", "Kansai chiitoi: two quads", 3, 0, kansai_two_quads),
    Yaku("sanshoku", "Sanshoku doujun (mixed triple run)", 2, 1, sanshoku, min_runs=3),
    Yaku("ittsu", "Ittsu (pure straight)", 2, 1, ittsu, min_runs=3),
    Yaku("chanta", "Chanta (terminal or honour in each set)", 2, 1, chanta, min_runs=1),
    Yaku("toitoi", "Toitoi (all triplets)", 2, 2, toitoi, min_triplets=4),
    Yaku("sanankou", "Sanankou (three concealed triplets)", 2, 2, sanankou, min_triplets=3),
    Yaku(
        "sanshoku_doukou",
        "Sanshoku doukou (triple triplets)",
        2,
        2,
        sanshoku_doukou,
        min_triplets=3,
    ),
    Yaku("sankantsu", "Sankantsu (three kans)", 2, 2, sankantsu, min_triplets=3),
    Yaku("shousangen", "Shousangen (little three dragons)", 2, 2, shousangen, min_triplets=2),
    Yaku("honroutou", "Honroutou (all terminals and honours)", 2, 2, honroutou),
    Yaku("honitsu", "Honitsu (half flush)", 3, 2, honitsu),
    Yaku("junchan", "Junchan (terminal in each set)", 3, 2, junchan, min_runs=1),
    Yaku(
        "ryanpeikou",
        "Ryanpeikou (two pure double runs)",
        3,
        0,
        ryanpeikou,
        ("iipeikou",),
        min_runs=4,
    ),
    Yaku("chinitsu", "Chinitsu (full flush)", 6, 5, chinitsu, ("honitsu",)),
    Yaku(
        "renhou",
        "Renhou (blessing of man, local)",
        5,
        0,
        renhou,
        flag="renhou",
        options=("renhou",),
        value="5han",
    ),
)

YAKUMAN: Final[tuple[Yakuman, ...]] = (
    Yakuman("kokushi", "Kokushi musou (thirteen orphans)", kokushi),
    Yakuman("kokushi_13", "Kokushi musou, 13-sided wait", kokushi_13, double=True),
    Yakuman("suuankou", "Suuankou (four concealed triplets)", suuankou, implies=_FOUR_CONCEALED),
    Yakuman(
        "suuankou_tanki",
        "Suuankou, pair wait",
        suuankou_tanki,
        double=True,
        implies=_FOUR_CONCEALED,
    ),
    Yakuman("daisangen", "Daisangen (big three dragons)", daisangen, implies=_DRAGONS),
    Yakuman("shousuushi", "Shousuushi (little four winds)", shousuushi),
    Yakuman("daisuushi", "Daisuushi (big four winds)", daisuushi, double=True, implies=("toitoi",)),
    Yakuman("tsuuiisou", "Tsuuiisou (all honours)", tsuuiisou, implies=("honroutou",)),
    Yakuman("ryuuiisou", "Ryuuiisou (all green)", ryuuiisou, implies=("honitsu",)),
    Yakuman(
        "chinroutou", "Chinroutou (all terminals)", chinroutou, implies=("toitoi", "honroutou")
    ),
    Yakuman("chuuren", "Chuuren poutou (nine gates)", chuuren, implies=("chinitsu",)),
    Yakuman(
        "junsei_chuuren",
        "Junsei chuuren poutou (nine-sided nine gates)",
        junsei_chuuren,
        double=True,
        implies=("chinitsu",),
    ),
    Yakuman("suukantsu", "Suukantsu (four kans)", suukantsu, implies=("toitoi",)),
    Yakuman("tenhou", "Tenhou (blessing of heaven)", tenhou),
    Yakuman("chiihou", "Chiihou (blessing of earth)", chiihou),
    Yakuman("kansai_three_quads", "Kansai chiitoi: three quads (local)", kansai_three_quads),
    Yakuman(
        "renhou",
        "Renhou (blessing of man, local)",
        renhou,
        options=("renhou",),
        value="yakuman",
    ),
    Yakuman(
        "daisharin",
        "Daisharin (22334455667788 pin, local)",
        _daisharin(9),
        options=("daisharin", "daisharin_other_suits"),
        implies=_DAISHARIN,
    ),
    Yakuman(
        "daisuurin",
        "Daisuurin (22334455667788 man, local)",
        _daisharin(0),
        options=("daisharin_other_suits",),
        implies=_DAISHARIN,
    ),
    Yakuman(
        "daichikurin",
        "Daichikurin (22334455667788 sou, local)",
        _daisharin(18),
        options=("daisharin_other_suits",),
        implies=_DAISHARIN,
    ),
    Yakuman(
        "daichisei",
        "Daichisei (seven pairs of honours, local)",
        daichisei,
        options=("daichisei",),
        implies=("chiitoitsu", "honroutou"),
    ),
    Yakuman(
        "paarenchan",
        "Paarenchan (the dealer's eighth consecutive win, local)",
        paarenchan,
        options=("paarenchan",),
    ),
    Yakuman(
        "sashikomi",
        "Sashikomi (a deal-in into an open riichi by a player not in riichi)",
        sashikomi,
        options=("open_riichi_deal_in_yakuman",),
    ),
)

YAKU_BY_ID: Final = {y.id: y for y in YAKU}
YAKUMAN_BY_ID: Final = {y.id: y for y in YAKUMAN}
NAMES: Final = {
    **{y.id: y.name for y in YAKU},
    **{y.id: y.name for y in YAKUMAN},
    "dora": "Dora",
    "aka": "Red five (aka dora)",
    "ura": "Ura dora",
    "special": "Special tiles (purple 3, blue 7)",
    "nuki": "Nuki dora (Norths set aside)",
}


# The registry flattened for the loop below: per closed/open hand, only the yaku with han
# there, as (id, han, min_runs, min_triplets, flag, check, replaces) tuples.
_TABLES: Final = {
    closed: tuple(
        (
            y.id,
            y.han_closed if closed else y.han_open,
            y.min_runs,
            y.min_triplets,
            y.flag,
            y.check,
            y.replaces,
            y,
        )
        for y in YAKU
        if (y.han_closed if closed else y.han_open)
    )
    for closed in (True, False)
}


def find_yaku(c: Ctx, opts: RiichiOptions) -> list[tuple[str, int]]:
    """The ordinary yaku of a reading with their han (the local ones the options turn on)."""
    found: list[tuple[str, int]] = []
    replaced: set[str] = set()
    closed = c.closed
    runs, triplets, sit = len(c.runs), len(c.triplets), c.sit
    for yid, han, min_runs, min_triplets, flag, check, replaces, unit in _TABLES[closed]:
        if runs < min_runs or triplets < min_triplets or (flag and not getattr(sit, flag)):
            continue
        if yid == "tanyao" and not closed and not opts.open_tanyao:
            continue
        if unit.options and not option_on(unit, opts):
            continue
        if check(c):
            found.append((yid, han))
            if replaces:
                replaced.update(replaces)
    if replaced:
        return [(i, h) for i, h in found if i not in replaced]
    return found


def could_be_yakuman(c: Ctx) -> bool:
    """A cheap gate: every yakuman needs one of these (most hands have none)."""
    return (
        len(c.triplets) >= 3
        or c.shape == THIRTEEN_ORPHANS
        or c.sit.tenhou
        or c.sit.chiihou
        or c.sit.renhou
        or c.sit.paarenchan
        or c.sit.sashikomi
        or c.hand.quads == 3
        or (len(c.suits) == 1 and not c.honors)
        or c.hand.green_only
        or c.hand.th_only
    )


def find_yakuman(c: Ctx, opts: RiichiOptions) -> list[tuple[str, int]]:
    """The yakuman of a reading with their multiplier (1, or 2 for double forms with
    ``double_yakuman``; ``double_suukantsu``: suukantsu is one of them), the local ones
    only when the options turn them on."""
    if not could_be_yakuman(c):
        return []
    double = opts.double_yakuman
    double_suukantsu = opts.double_suukantsu
    return [
        (y.id, 2 if double and (y.double or (double_suukantsu and y.id == "suukantsu")) else 1)
        for y in YAKUMAN
        if (not y.options or option_on(y, opts)) and y.check(c)
    ]
