"""Riichi scoring, worked by hand from ``shared/rules/riichi.md`` (preset ``standard``).

Every expected han, fu and payment below is computed from the rules page, the arithmetic
written beside it; none is copied from the scorer's output.

Conventions: hands are mpsz text (``[...]`` called meld, ``(....)`` closed kan) holding the
13 tiles *before* the winning tile, which is given separately. Unless a case says otherwise
the winner sits South (seat 1, not the dealer) in the East round, so a 2z pair is a seat
wind pair, 1z a round wind pair, and 3z / 4z are plain honours.

Points: basic = fu x 2^(han+2); non-dealer ron 4 x basic, dealer ron 6 x basic; non-dealer
tsumo: dealer pays 2 x basic, others 1 x basic; dealer tsumo 2 x basic from each; each
payment rounded up to 100. Limits: mangan 2000 (5 han or basic over 2000), haneman 3000
(6-7), baiman 4000 (8-10), sanbaiman 6000 (11-12), yakuman 8000 (13+ counted, or any
yakuman; multiples stack).
"""

from __future__ import annotations

import pytest

from sparrows.rules.riichi import (
    YAKU,
    YAKUMAN,
    RiichiOptions,
    RiichiScore,
    WinSituation,
    riichi_options,
    score,
)
from sparrows.tiles.notation import parse_hand, parse_tiles

MS = riichi_options("mahjongsoul")


def win(
    hand: str,
    tile: str,
    opts: RiichiOptions | None = None,
    *,
    seat: int = 1,
    rnd: int = 0,
    dora: str = "",
    ura: str = "",
    **flags: object,
) -> RiichiScore:
    """Score ``hand`` (13 tiles, melds included) completed by ``tile``."""
    h = parse_hand(hand)
    (w,) = parse_tiles(tile)
    sit = WinSituation(
        tuple(h.concealed),
        w,
        tuple(h.melds),
        seat_wind=seat,
        round_wind=rnd,
        dora_indicators=tuple(parse_tiles(dora)) if dora else (),
        ura_indicators=tuple(parse_tiles(ura)) if ura else (),
        **flags,  # type: ignore[arg-type]
    )
    return score(sit, opts)


def check(
    r: RiichiScore, yaku: dict[str, int], fu: int | None = None, total: int | None = None
) -> None:
    """The exact yaku (with han; dora entries included), han, fu and total payment."""
    assert r.is_win, r.reason
    assert dict(r.yaku) == yaku, r.reading
    assert r.han == sum(yaku.values())
    if fu is not None:
        assert r.fu == fu, r.fu_items
    if total is not None:
        assert r.payment.total == total


def fu_of(r: RiichiScore, word: str) -> int:
    """The fu of the items whose name contains ``word``."""
    return sum(v for name, v in r.fu_items if word in name)


# A plain closed hand: 123m (won on 2m, kanchan) 456p 789s 234s 99p. No yaku of its own
# (1m/9s/9p kill tanyao, the kanchan kills pinfu).
PLAIN = "13m456p789s234s99p"
# A closed pinfu hand: 234m (won on 4m, 23m waits 1-4m) 456p 789s 234s 99p.
PINFU = "23m456p789s234s99p"
# Closed riichi + pinfu + tanyao + iipeikou (4 han 30 fu on a ron): 234m 234m (won on 4m,
# ryanmen) 567p 678s 88p. Dora kinds present: 2m x2, 3m x2, 4m x2, 5p 6p 7p, 6s 7s 8s, 8p x2.
FOUR_HAN = "22334m567p678s88p"


# ---------------------------------------------------------------------- 1. one hand per yaku

YAKU_CASES = [
    # riichi 1; fu 20 base + 10 closed ron + 2 kanchan = 32 -> 40; basic 40x2^3 = 320;
    # non-dealer ron 4 x 320 = 1280 -> 1300
    pytest.param(PLAIN, "2m", {"riichi": True}, {"riichi": 1}, 40, 1300, id="riichi"),
    # double riichi 2 (replaces riichi); 40 fu; 40x2^4 = 640 x4 = 2560 -> 2600
    pytest.param(
        PLAIN,
        "2m",
        {"riichi": True, "double_riichi": True},
        {"double_riichi": 2},
        40,
        2600,
        id="double_riichi",
    ),
    # riichi 1 + ippatsu 1 = 2 han 40 fu -> 2600
    pytest.param(
        PLAIN,
        "2m",
        {"riichi": True, "ippatsu": True},
        {"riichi": 1, "ippatsu": 1},
        40,
        2600,
        id="ippatsu",
    ),
    # menzen tsumo 1; 20 + 2 tsumo + 2 kanchan = 24 -> 30; basic 30x8 = 240;
    # dealer pays 480 -> 500, the others 240 -> 300 each: 500 + 300 + 300 = 1100
    pytest.param(PLAIN, "2m", {"tsumo": True}, {"menzen_tsumo": 1}, 30, 1100, id="menzen_tsumo"),
    # pinfu 1; 20 + 10 closed ron = 30; 30x8 = 240 x4 = 960 -> 1000
    pytest.param(PINFU, "4m", {}, {"pinfu": 1}, 30, 1000, id="pinfu"),
    # 123m 123m (3m: penchan) 456p 789s 99p: iipeikou 1; 20 + 10 + 2 penchan = 32 -> 40;
    # 320 x4 = 1280 -> 1300
    pytest.param("11223m456p789s99p", "3m", {}, {"iipeikou": 1}, 40, 1300, id="iipeikou"),
    # 234m 456p 678s 345s (4s kanchan) 88p: tanyao 1; 20 + 10 + 2 = 32 -> 40 -> 1300
    pytest.param("234m456p678s35s88p", "4s", {}, {"tanyao": 1}, 40, 1300, id="tanyao"),
    # open tanyao (kuitan) 1; 20 + 2 kanchan = 22 -> 30; 240 x4 = 960 -> 1000
    pytest.param("[234m] 456p678s35s88p", "4s", {}, {"tanyao": 1}, 30, 1000, id="tanyao_open"),
    # open dragon pon: 20 + 4 open honour triplet = 24 (78s waits 6-9s: ryanmen) -> 30;
    # 1 han 30 fu -> 1000
    pytest.param(
        "[555z] 123m456p78s99p", "9s", {}, {"yakuhai_haku": 1}, 30, 1000, id="yakuhai_haku"
    ),
    pytest.param(
        "[666z] 123m456p78s99p", "9s", {}, {"yakuhai_hatsu": 1}, 30, 1000, id="yakuhai_hatsu"
    ),
    pytest.param(
        "[777z] 123m456p78s99p", "9s", {}, {"yakuhai_chun": 1}, 30, 1000, id="yakuhai_chun"
    ),
    # South seat, East round: 2z pon is the seat wind only; 24 -> 30 fu -> 1000
    pytest.param("[222z] 123m456p78s99p", "9s", {}, {"seat_wind": 1}, 30, 1000, id="seat_wind"),
    # South seat, East round: 1z pon is the round wind only -> 1000
    pytest.param("[111z] 123m456p78s99p", "9s", {}, {"round_wind": 1}, 30, 1000, id="round_wind"),
    # West seat in the South round: 3z seat wind, 2z round wind; 2z pon -> round wind
    pytest.param(
        "[222z] 123m456p78s99p",
        "9s",
        {"seat": 2, "rnd": 1},
        {"round_wind": 1},
        30,
        1000,
        id="round_wind_south",
    ),
    # East seat (dealer) in the East round: a 1z pon is both winds: 2 han; 24 -> 30 fu;
    # 30x2^4 = 480; dealer ron 6 x 480 = 2880 -> 2900
    pytest.param(
        "[111z] 123m456p78s99p",
        "9s",
        {"seat": 0},
        {"seat_wind": 1, "round_wind": 1},
        30,
        2900,
        id="double_wind_triplet",
    ),
    # open hand 123m 456p 789s 345s (4s kanchan) 99p, last tile tsumo: haitei 1;
    # 20 + 2 tsumo + 2 kanchan = 24 -> 30; 240: 500 + 300 + 300 = 1100
    pytest.param(
        "[123m] 456p789s35s99p",
        "4s",
        {"tsumo": True, "haitei": True},
        {"haitei": 1},
        30,
        1100,
        id="haitei",
    ),
    # last discard ron: houtei 1; 20 + 2 = 22 -> 30 -> 1000
    pytest.param(
        "[123m] 456p789s35s99p", "4s", {"houtei": True}, {"houtei": 1}, 30, 1000, id="houtei"
    ),
    # after an open kan of 8p: rinshan 1; 20 + 2 tsumo + 2 kanchan + 8 open simple kan
    # = 32 -> 40; basic 320: dealer 640 -> 700, others 320 -> 400: 700 + 400 + 400 = 1500
    pytest.param(
        "[8888p] 123m456p35s99s",
        "4s",
        {"tsumo": True, "rinshan": True},
        {"rinshan": 1},
        40,
        1500,
        id="rinshan",
    ),
    # robbing a kan: chankan 1; 20 + 2 = 22 -> 30 -> 1000
    pytest.param(
        "[123m] 456p789s35s99p", "4s", {"chankan": True}, {"chankan": 1}, 30, 1000, id="chankan"
    ),
    # 11m 33m 44p 66p 22s 88s 77z: chiitoitsu 2, 25 fu; 25x2^4 = 400 x4 = 1600
    pytest.param("1133m4466p2288s7z", "7z", {}, {"chiitoitsu": 2}, 25, 1600, id="chiitoitsu"),
    # 123m 123p 123s (2s kanchan) 456s 99m: sanshoku 2; 20 + 10 + 2 = 32 -> 40; 640 x4
    # = 2560 -> 2600
    pytest.param("123m123p13s456s99m", "2s", {}, {"sanshoku": 2}, 40, 2600, id="sanshoku"),
    # open: sanshoku 1; 20 + 2 = 22 -> 30 -> 1000
    pytest.param("[123m] 123p13s456s99m", "2s", {}, {"sanshoku": 1}, 30, 1000, id="sanshoku_open"),
    # 123m 456m 789m (7m: 89m penchan) 456p 99s: ittsu 2; 20 + 10 + 2 = 32 -> 40 -> 2600
    pytest.param("12345689m456p99s", "7m", {}, {"ittsu": 2}, 40, 2600, id="ittsu"),
    # open: 123m 456m (4m: 56m ryanmen) [789m] 456p 99s: ittsu 1; 20 -> open pinfu shape
    # 30 -> 1000
    pytest.param("[789m] 12356m456p99s", "4m", {}, {"ittsu": 1}, 30, 1000, id="ittsu_open"),
    # 123m (3m penchan) 789p 123s 789s 44z: chanta 2; 20 + 10 + 2 = 32 -> 40 -> 2600
    pytest.param("12m789p123789s44z", "3m", {}, {"chanta": 2}, 40, 2600, id="chanta"),
    # open: chanta 1; 20 + 2 = 22 -> 30 -> 1000
    pytest.param("[789p] 12m123789s44z", "3m", {}, {"chanta": 1}, 30, 1000, id="chanta_open"),
    # [222m] [333p] [444s] 999s 11p (1p tanki): toitoi 2; 20 + 2 tanki + 2 + 2 + 2 open
    # simple triplets + 8 closed terminal triplet = 36 -> 40; 640 x4 = 2560 -> 2600
    pytest.param("[222m] [333p] [444s] 999s1p", "1p", {}, {"toitoi": 2}, 40, 2600, id="toitoi"),
    # 222m 444p 666s concealed, 789s (9s ryanmen) 99m: sanankou 2;
    # 20 + 10 + 4 + 4 + 4 closed simple triplets = 42 -> 50; 50x2^4 = 800 x4 = 3200
    pytest.param("222m444p666s78s99m", "9s", {}, {"sanankou": 2}, 50, 3200, id="sanankou"),
    # [222m] [222p] 222s 789m 11p (tanki): sanshoku doukou 2;
    # 20 + 2 tanki + 2 + 2 open + 4 closed simple = 30; 480 x4 = 1920 -> 2000
    pytest.param(
        "[222m] [222p] 222s789m1p", "1p", {}, {"sanshoku_doukou": 2}, 30, 2000, id="sanshoku_doukou"
    ),
    # [2222m] [4444p] (6666s) 789m 11p (tanki): sankantsu 2;
    # 20 + 2 tanki + 8 + 8 open simple kans + 16 closed simple kan = 54 -> 60;
    # 60x2^4 = 960 x4 = 3840 -> 3900
    pytest.param(
        "[2222m] [4444p] (6666s) 789m1p", "1p", {}, {"sankantsu": 2}, 60, 3900, id="sankantsu"
    ),
    # [555z] [666z] 123m 456p (6p ryanmen) 77z: shousangen 2 + haku 1 + hatsu 1 = 4;
    # 20 + 4 + 4 open honour triplets + 2 dragon pair = 30; 30x2^6 = 1920 x4 = 7680 -> 7700
    pytest.param(
        "[555z] [666z] 77z123m45p",
        "6p",
        {},
        {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1},
        30,
        7700,
        id="shousangen",
    ),
    # 11m 99m 11p 99p 99s 33z 44z: chiitoitsu 2 + honroutou 2 = 4 han 25 fu;
    # 25x2^6 = 1600 x4 = 6400
    pytest.param(
        "1199m1199p99s33z4z",
        "4z",
        {},
        {"chiitoitsu": 2, "honroutou": 2},
        25,
        6400,
        id="honroutou_chiitoitsu",
    ),
    # [111m] [999p] [444z] 999s (ron on the 9s/1s shanpon: open) 11s: toitoi 2 + honroutou 2;
    # 20 + 4 + 4 + 4 + 4 open terminal/honour triplets = 36 -> 40; 40x2^6 = 2560 -> mangan
    # 2000 x4 = 8000
    pytest.param(
        "[111m] [999p] [444z] 99s11s",
        "9s",
        {},
        {"toitoi": 2, "honroutou": 2},
        40,
        8000,
        id="honroutou_toitoi",
    ),
    # 11m 234m (4m ryanmen) 567m 999m 333z: honitsu 3; 20 + 10 + 8 closed 999m + 8 closed
    # 333z = 46 -> 50; 50x2^5 = 1600 x4 = 6400
    pytest.param("1123567999m333z", "4m", {}, {"honitsu": 3}, 50, 6400, id="honitsu"),
    # open: honitsu 2; 20 + 8 + 8 = 36 -> 40; 640 x4 = 2560 -> 2600
    pytest.param("[567m] 1123999m333z", "4m", {}, {"honitsu": 2}, 40, 2600, id="honitsu_open"),
    # 123m (3m penchan) 789m 123p 789s 99p: junchan 3; 20 + 10 + 2 = 32 -> 40;
    # 40x2^5 = 1280 x4 = 5120 -> 5200
    pytest.param("12m789m123p789s99p", "3m", {}, {"junchan": 3}, 40, 5200, id="junchan"),
    # open: junchan 2; 20 + 2 = 22 -> 30; 480 x4 = 1920 -> 2000
    pytest.param("[789m] 12m123p789s99p", "3m", {}, {"junchan": 2}, 30, 2000, id="junchan_open"),
    # 234m 234m (3m kanchan) 678p 678p 55z: ryanpeikou 3 (no iipeikou, no chiitoitsu);
    # 20 + 10 + 2 kanchan + 2 dragon pair = 34 -> 40; 1280 x4 = 5120 -> 5200.
    # (As seven pairs: chiitoitsu 2 han 25 fu = 400 x4 = 1600, worth less.)
    pytest.param("22344m667788p55z", "3m", {}, {"ryanpeikou": 3}, 40, 5200, id="ryanpeikou"),
    # 123p 345p 678p (6p ryanmen) 999p 55p: chinitsu 6 (no honitsu); 20 + 10 + 8 closed
    # 999p = 38 -> 40; haneman 3000 x4 = 12000
    pytest.param("1233455578999p", "6p", {}, {"chinitsu": 6}, 40, 12000, id="chinitsu"),
    # open: chinitsu 5 -> mangan 2000 x4 = 8000; 20 + 8 = 28 -> 30 fu
    pytest.param("[123p] 3455578999p", "6p", {}, {"chinitsu": 5}, 30, 8000, id="chinitsu_open"),
]


@pytest.mark.parametrize(("hand", "tile", "flags", "yaku", "fu", "total"), YAKU_CASES)
def test_yaku(
    hand: str, tile: str, flags: dict[str, object], yaku: dict[str, int], fu: int, total: int
) -> None:
    r = win(hand, tile, **flags)  # type: ignore[arg-type]
    check(r, yaku, fu, total)
    if not flags.get("tsumo"):
        assert r.payment.ron == total


# The house preset's own yaku and yakuman (cy-dealers-choice) are covered in
# tests/rules/riichi_house/test_scoring.py (its test_every_house_id_has_a_case).
HOUSE_ONLY = {
    "open_riichi",
    "open_double_riichi",
    "round_wind_2",
    "yakuka",
    "kansai_quad",
    "kansai_quads",
    "kansai_three_quads",
    "renhou",
}
# The local rules' yakuman (options off in every preset) are covered in
# tests/rules/riichi/test_local_rules.py (its test_every_local_yakuman_has_a_case).
LOCAL_ONLY = {"daisharin", "daisuurin", "daichikurin", "daichisei", "paarenchan", "sashikomi"}


def test_every_yaku_has_a_case() -> None:
    covered = {y for case in YAKU_CASES for y in case.values[3]}
    assert {y.id for y in YAKU} - HOUSE_ONLY <= covered


def test_open_tanyao_off() -> None:
    # Without kuitan the open all-simples hand has no yaku at all.
    opts = riichi_options(open_tanyao=False)
    r = win("[234m] 456p678s35s88p", "4s", opts)
    assert not r.is_win
    assert "yaku" in (r.reason or "")
    # The closed hand keeps its tanyao: 40 fu 1 han -> 1300 (see the tanyao case).
    check(win("234m456p678s35s88p", "4s", opts), {"tanyao": 1}, 40, 1300)


def test_ippatsu_needs_riichi() -> None:
    # Ippatsu without riichi is nothing: the plain hand has no yaku.
    assert not win(PLAIN, "2m", ippatsu=True).is_win


def test_sanankou_ron_on_shanpon_is_not_sanankou() -> None:
    # 222m 444p concealed, 66s/99m shanpon won by ron on 6s: 666s counts as open.
    # riichi 1 only; 20 + 10 + 4 + 4 closed simple + 2 open simple 666s (+0 shanpon) = 40;
    # 320 x4 = 1280 -> 1300
    r = win("222m444p66s789s99m", "6s", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)
    assert fu_of(r, "wait") == 0


def test_sanankou_tsumo_on_shanpon() -> None:
    # Same hand by tsumo: three concealed triplets. riichi 1 + tsumo 1 + sanankou 2 = 4;
    # 20 + 2 tsumo + 4 + 4 + 4 = 34 -> 40; 40x2^6 = 2560 -> mangan 2000:
    # dealer pays 4000, the others 2000 each: 8000
    r = win("222m444p66s789s99m", "6s", riichi=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1, "sanankou": 2}, 40, 8000)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (4000, 2000)


# ---------------------------------------------------------------------- 2. yakuman

YAKUMAN_CASES = [
    # (hand, tile, flags, standard yakuman, mahjongsoul yakuman)
    pytest.param("119m19p19s123456z", "7z", {}, {"kokushi": 13}, {"kokushi": 13}, id="kokushi"),
    pytest.param(
        "19m19p19s1234567z", "1m", {}, {"kokushi_13": 13}, {"kokushi_13": 26}, id="kokushi_13"
    ),
    pytest.param(
        "111m333p555s77z99s",
        "9s",
        {"tsumo": True},
        {"suuankou": 13},
        {"suuankou": 13},
        id="suuankou",
    ),
    pytest.param(
        "111m333p555s999s7z",
        "7z",
        {},
        {"suuankou_tanki": 13},
        {"suuankou_tanki": 26},
        id="suuankou_tanki",
    ),
    pytest.param(
        "[555z] [666z] 777z123m9p", "9p", {}, {"daisangen": 13}, {"daisangen": 13}, id="daisangen"
    ),
    pytest.param(
        "[111z] [222z] 333z44z12m",
        "3m",
        {},
        {"shousuushi": 13},
        {"shousuushi": 13},
        id="shousuushi",
    ),
    pytest.param(
        "[111z] [222z] [333z] 444z9m",
        "9m",
        {},
        {"daisuushi": 13},
        {"daisuushi": 26},
        id="daisuushi",
    ),
    # seven pairs of honours
    pytest.param("1122334455667z", "7z", {}, {"tsuuiisou": 13}, {"tsuuiisou": 13}, id="tsuuiisou"),
    pytest.param(
        "223344s666s88s66z", "8s", {}, {"ryuuiisou": 13}, {"ryuuiisou": 13}, id="ryuuiisou"
    ),
    pytest.param(
        "[111m] [999p] 111s999s1p",
        "1p",
        {},
        {"chinroutou": 13},
        {"chinroutou": 13},
        id="chinroutou",
    ),
    # 1112234567899m + 9m = 1112345678999m + an extra 2m, not the nine-sided wait
    pytest.param("1112234567899m", "9m", {}, {"chuuren": 13}, {"chuuren": 13}, id="chuuren"),
    pytest.param(
        "1112345678999m",
        "5m",
        {},
        {"junsei_chuuren": 13},
        {"junsei_chuuren": 26},
        id="junsei_chuuren",
    ),
    pytest.param(
        "[1111m] [2222p] (3333s) (4444z) 5z",
        "5z",
        {},
        {"suukantsu": 13},
        {"suukantsu": 13},
        id="suukantsu",
    ),
    pytest.param(
        PLAIN,
        "2m",
        {"seat": 0, "tsumo": True, "tenhou": True},
        {"tenhou": 13},
        {"tenhou": 13},
        id="tenhou",
    ),
    pytest.param(
        PLAIN,
        "2m",
        {"tsumo": True, "chiihou": True},
        {"chiihou": 13},
        {"chiihou": 13},
        id="chiihou",
    ),
]


def _yakuman_total(mult: int, flags: dict[str, object]) -> int:
    # basic 8000 per yakuman; non-dealer ron 4x; non-dealer tsumo 2x + 1x + 1x = 4x;
    # dealer tsumo 2x from each of three = 6x
    basic = 8000 * mult
    if flags.get("seat") == 0:
        return 6 * basic
    return 4 * basic


@pytest.mark.parametrize(("hand", "tile", "flags", "std", "ms"), YAKUMAN_CASES)
def test_yakuman_standard(
    hand: str, tile: str, flags: dict[str, object], std: dict[str, int], ms: dict[str, int]
) -> None:
    # Standard (Tenhou): double forms count once: basic 8000; non-dealer ron 32000.
    r = win(hand, tile, **flags)  # type: ignore[arg-type]
    check(r, std)
    assert r.yakuman == 1
    assert r.basic == 8000
    assert r.payment.total == _yakuman_total(1, flags)


@pytest.mark.parametrize(("hand", "tile", "flags", "std", "ms"), YAKUMAN_CASES)
def test_yakuman_mahjongsoul(
    hand: str, tile: str, flags: dict[str, object], std: dict[str, int], ms: dict[str, int]
) -> None:
    # Mahjong Soul: 13-sided kokushi, suuankou tanki, junsei chuuren, daisuushi count twice
    # (basic 16000, non-dealer ron 64000); the others stay single.
    r = win(hand, tile, MS, **flags)  # type: ignore[arg-type]
    check(r, ms)
    mult = sum(ms.values()) // 13
    assert r.yakuman == mult
    assert r.basic == 8000 * mult
    assert r.payment.total == _yakuman_total(mult, flags)


def test_every_yakuman_has_a_case() -> None:
    covered = {y for case in YAKUMAN_CASES for y in case.values[3]}
    assert {y.id for y in YAKUMAN} - HOUSE_ONLY - LOCAL_ONLY <= covered


def test_yakuman_payments_in_detail() -> None:
    # Non-dealer ron: 4 x 8000 = 32000
    assert win("119m19p19s123456z", "7z").payment.ron == 32000
    # Dealer ron: 6 x 8000 = 48000
    assert win("119m19p19s123456z", "7z", seat=0).payment.ron == 48000
    # Suuankou by non-dealer tsumo: dealer pays 16000, the others 8000 each
    p = win("111m333p555s77z99s", "9s", tsumo=True).payment
    assert (p.tsumo_dealer, p.tsumo_other, p.total) == (16000, 8000, 32000)
    # Tenhou: the dealer gets 16000 from each: 48000
    p = win(PLAIN, "2m", seat=0, tsumo=True, tenhou=True).payment
    assert (p.tsumo_dealer, p.tsumo_other, p.total) == (0, 16000, 48000)


def test_suuankou_ron_on_shanpon_is_sanankou_toitoi() -> None:
    # The suuankou hand won by ron on 9s: 999s is open, three concealed triplets.
    # sanankou 2 + toitoi 2 = 4 han; 20 + 10 + 8 closed 111m + 4 closed 333p + 4 closed 555s
    # + 4 open 999s + 2 dragon pair = 52 -> 60; 60x2^6 = 3840 -> mangan 2000 x4 = 8000
    r = win("111m333p555s77z99s", "9s")
    check(r, {"sanankou": 2, "toitoi": 2}, 60, 8000)
    assert r.yakuman == 0


def test_two_yakuman_stack() -> None:
    # [555z] [666z] 777z 111z 22z (tanki): tsuuiisou + daisangen = 2 yakuman even in
    # standard; basic 16000, non-dealer ron 64000
    r = win("[555z] [666z] 777z111z2z", "2z")
    check(r, {"tsuuiisou": 13, "daisangen": 13})
    assert (r.yakuman, r.basic, r.payment.ron) == (2, 16000, 64000)


def test_double_yakuman_stacks_with_another() -> None:
    # [111z] [222z] [333z] 444z 55z: daisuushi + tsuuiisou.
    # standard: 1 + 1 = 2 yakuman -> 64000; mahjongsoul: 2 + 1 = 3 -> 96000
    r = win("[111z] [222z] [333z] 444z5z", "5z")
    check(r, {"daisuushi": 13, "tsuuiisou": 13})
    assert r.payment.ron == 64000
    r = win("[111z] [222z] [333z] 444z5z", "5z", MS)
    check(r, {"daisuushi": 26, "tsuuiisou": 13})
    assert r.payment.ron == 96000


@pytest.mark.parametrize("tile", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"])
def test_junsei_chuuren_any_wait(tile: str) -> None:
    # 1112345678999m waits on every man tile: each is the nine-sided form.
    r = win("1112345678999m", tile)
    check(r, {"junsei_chuuren": 13}, total=32000)
    check(win("1112345678999m", tile, MS), {"junsei_chuuren": 26}, total=64000)


@pytest.mark.parametrize(
    "tile", ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
)
def test_kokushi_thirteen_sided(tile: str) -> None:
    r = win("19m19p19s1234567z", tile)
    check(r, {"kokushi_13": 13}, total=32000)
    check(win("19m19p19s1234567z", tile, MS), {"kokushi_13": 26}, total=64000)


# ---------------------------------------------------------------------- 3. fu items


def test_fu_base_closed_ron_kanchan() -> None:
    # 20 base + 10 closed ron + 2 kanchan = 32 -> rounded up to 40
    r = win(PLAIN, "2m", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)
    assert sum(v for _, v in r.fu_items) == 32
    assert (fu_of(r, "base"), fu_of(r, "closed ron"), fu_of(r, "kanchan")) == (20, 10, 2)


def test_fu_tsumo() -> None:
    # 20 + 2 tsumo + 2 kanchan = 24 -> 30; riichi 1 + tsumo 1 = 2 han; 30x2^4 = 480:
    # dealer pays 960 -> 1000, the others 480 -> 500 each: 2000
    r = win(PLAIN, "2m", riichi=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1}, 30, 2000)
    assert sum(v for _, v in r.fu_items) == 24
    assert fu_of(r, "closed ron") == 0
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (1000, 500)


def test_fu_pinfu_tsumo_is_20() -> None:
    # pinfu tsumo: 20 fu, no +2; pinfu 1 + tsumo 1 = 2 han; 20x2^4 = 320:
    # dealer pays 640 -> 700, the others 320 -> 400 each: 1500
    r = win(PINFU, "4m", tsumo=True)
    check(r, {"pinfu": 1, "menzen_tsumo": 1}, 20, 1500)
    assert sum(v for _, v in r.fu_items) == 20
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (700, 400)


def test_fu_pinfu_ron_is_30() -> None:
    # 20 + 10 closed ron = 30; 1 han 30 fu -> 1000
    r = win(PINFU, "4m")
    check(r, {"pinfu": 1}, 30, 1000)
    assert sum(v for _, v in r.fu_items) == 30


def test_fu_open_pinfu_shape_ron_is_30() -> None:
    # [234m] 456p 678s 234s (4s ryanmen) 88p: open tanyao; 20 fu -> open pinfu shape 30;
    # 240 x4 = 960 -> 1000
    r = win("[234m] 456p678s23s88p", "4s")
    check(r, {"tanyao": 1}, 30, 1000)
    assert sum(v for _, v in r.fu_items) == 30


def test_fu_open_tsumo_no_other_fu() -> None:
    # Same hand by tsumo: 20 + 2 tsumo = 22 -> 30; 1 han 30 fu tsumo: 500 + 300 + 300
    r = win("[234m] 456p678s23s88p", "4s", tsumo=True)
    check(r, {"tanyao": 1}, 30, 1100)


def test_fu_penchan() -> None:
    # 12m + 3m: penchan; 20 + 10 + 2 = 32 -> 40
    r = win("11223m456p789s99p", "3m")
    check(r, {"iipeikou": 1}, 40, 1300)
    assert fu_of(r, "penchan") == 2


def test_fu_tanki() -> None:
    # 123m 456p 789s 234s, 9p pair wait: 20 + 10 + 2 tanki = 32 -> 40; riichi 1 -> 1300
    r = win("123m456p789s234s9p", "9p", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)
    assert fu_of(r, "tanki") == 2


def test_fu_shanpon_is_zero() -> None:
    # 123m 456p 234s, 99p/77s shanpon won on 7s by ron: open simple triplet 2, wait 0;
    # 20 + 10 + 0 + 2 = 32 -> 40; riichi 1 -> 1300
    r = win("123m456p234s99p77s", "7s", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)
    assert fu_of(r, "wait") == 0
    assert sum(v for _, v in r.fu_items) == 32


@pytest.mark.parametrize(
    ("pair", "seat", "rnd", "what"),
    [
        ("55z", 1, 0, "dragon"),  # white dragon pair
        ("22z", 1, 0, "seat"),  # South seat, East round
        ("11z", 1, 0, "round"),  # East round wind, South seat
        ("44z", 3, 1, "seat"),  # North seat, South round
    ],
)
def test_fu_yakuhai_pair(pair: str, seat: int, rnd: int, what: str) -> None:
    # 123m 456p 789s 234s (4s ryanmen) + pair: no pinfu (the pair scores);
    # 20 + 10 + 2 pair = 32 -> 40; riichi 1 -> 320 x4 = 1280 -> 1300
    r = win(f"123m456p789s23s{pair}", "4s", riichi=True, seat=seat, rnd=rnd)
    check(r, {"riichi": 1}, 40, 1300)
    assert sum(v for _, v in r.fu_items) == 32
    assert fu_of(r, what) == 2


def test_fu_double_wind_pair() -> None:
    # Dealer (East seat) in the East round, 11z pair, tsumo on the 13m kanchan:
    # 20 + 2 tsumo + 2 kanchan + 4 closed simple 444p + 4 double wind pair = 32 -> 40;
    # menzen tsumo 1; 40x2^3 = 320; dealer tsumo 2 x 320 = 640 -> 700 from each: 2100
    r = win("13m444p789s234s11z", "2m", seat=0, tsumo=True)
    check(r, {"menzen_tsumo": 1}, 40, 2100)
    assert sum(v for _, v in r.fu_items) == 32
    assert fu_of(r, "double wind") == 4
    assert r.payment.tsumo_other == 700
    # Had the pair counted 2 only: 30 -> 30 fu; 240 x2 = 480 -> 500 from each: 1500
    r = win("13m444p789s234s11z", "2m", riichi_options(double_wind_pair_fu=2), seat=0, tsumo=True)
    check(r, {"menzen_tsumo": 1}, 30, 1500)


@pytest.mark.parametrize(
    ("meld", "set_fu", "fu", "total"),
    [
        # every hand: [777z] open honour pon 4 + 2 tanki on 9s + the set; yakuhai chun 1 han
        ("[444s]", 2, 30, 1000),  # 20 + 4 + 2 + 2 = 28 -> 30; 240 x4 = 960 -> 1000
        ("[111s]", 4, 30, 1000),  # 20 + 4 + 2 + 4 = 30
        ("444s", 4, 30, 1000),  # closed simple triplet: 20 + 4 + 2 + 4 = 30
        ("111s", 8, 40, 1300),  # closed terminal triplet: 20 + 4 + 2 + 8 = 34 -> 40; 1280 -> 1300
        ("[4444s]", 8, 40, 1300),  # open simple kan: 20 + 4 + 2 + 8 = 34 -> 40
        ("[4444s+]", 8, 40, 1300),  # added kan counts as open: 34 -> 40
        ("[1111s]", 16, 50, 1600),  # open terminal kan: 20 + 4 + 2 + 16 = 42 -> 50; 400 x4
        ("(4444s)", 16, 50, 1600),  # closed simple kan: 42 -> 50
        ("(1111s)", 32, 60, 2000),  # closed terminal kan: 20 + 4 + 2 + 32 = 58 -> 60; 480x4=1920
    ],
)
def test_fu_sets(meld: str, set_fu: int, fu: int, total: int) -> None:
    r = win(f"[777z] {meld} 123m456p9s", "9s")
    check(r, {"yakuhai_chun": 1}, fu, total)
    assert sum(v for _, v in r.fu_items) == 20 + 4 + 2 + set_fu
    assert fu_of(r, "tanki") == 2


def test_fu_chiitoitsu_25() -> None:
    r = win("1133m4466p2288s7z", "7z", tsumo=True)
    # chiitoitsu 2 + tsumo 1 = 3 han, 25 fu fixed (no tsumo fu, no rounding);
    # 25x2^5 = 800: dealer pays 1600, the others 800 each: 3200
    check(r, {"chiitoitsu": 2, "menzen_tsumo": 1}, 25, 3200)


# ---------------------------------------------------------------------- 4. limits, payments


def test_one_han_30_fu_ron() -> None:
    # 30x2^3 = 240: non-dealer 4x = 960 -> 1000, dealer 6x = 1440 -> 1500
    assert win(PINFU, "4m").payment.ron == 1000
    assert win(PINFU, "4m", seat=0).payment.ron == 1500


def test_three_han_30_fu_tsumo() -> None:
    # 234m 456p 678s 345s (4s kanchan) 88p, riichi tsumo: riichi 1 + tsumo 1 + tanyao 1 = 3;
    # 20 + 2 + 2 = 24 -> 30; 30x2^5 = 960: dealer pays 1920 -> 2000, others 960 -> 1000;
    # total 4000
    r = win("234m456p678s35s88p", "4s", riichi=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1, "tanyao": 1}, 30, 4000)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (2000, 1000)
    # As dealer: 960 x2 = 1920 -> 2000 from each: 6000
    r = win("234m456p678s35s88p", "4s", seat=0, riichi=True, tsumo=True)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other, r.payment.total) == (0, 2000, 6000)


def test_four_han_30_fu_and_kiriage() -> None:
    # riichi 1 + pinfu 1 + tanyao 1 + iipeikou 1 = 4 han, 30 fu; 30x2^6 = 1920:
    # non-dealer ron 7680 -> 7700, dealer 11520 -> 11600
    r = win(FOUR_HAN, "4m", riichi=True)
    check(r, {"riichi": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1}, 30, 7700)
    assert r.limit is None
    assert win(FOUR_HAN, "4m", riichi=True, seat=0).payment.ron == 11600
    # kiriage: 4 han 30 fu is mangan: 8000 / 12000
    kiri = riichi_options(kiriage=True)
    r = win(FOUR_HAN, "4m", kiri, riichi=True)
    assert (r.basic, r.limit, r.payment.ron) == (2000, "mangan", 8000)
    assert win(FOUR_HAN, "4m", kiri, riichi=True, seat=0).payment.ron == 12000


def test_three_han_60_fu_and_kiriage() -> None:
    # (4444s) 999m 222p 123m (2m kanchan) 77p, riichi ron: riichi 1 + sanankou 2 = 3 han;
    # 20 + 10 closed ron + 2 kanchan + 16 closed simple kan + 8 closed 999m + 4 closed 222p
    # = 60; 60x2^5 = 1920 x4 = 7680 -> 7700; with kiriage mangan 8000
    r = win("(4444s) 999m222p13m77p", "2m", riichi=True)
    check(r, {"riichi": 1, "sanankou": 2}, 60, 7700)
    r = win("(4444s) 999m222p13m77p", "2m", riichi_options(kiriage=True), riichi=True)
    assert (r.limit, r.payment.ron) == ("mangan", 8000)


@pytest.mark.parametrize(
    ("dora", "han", "limit", "ron"),
    [
        # the 4-han hand + dora; each indicator's dora count in the hand:
        # 4p -> 5p x1, 1m -> 2m x2, 2m -> 3m x2, 3m -> 4m x2, 7p -> 8p x2
        ("4p", 5, "mangan", 8000),  # 4 + 1; 2000 x4
        ("1m", 6, "haneman", 12000),  # 4 + 2; 3000 x4
        ("1m4p", 7, "haneman", 12000),  # 4 + 2 + 1
        ("1m2m", 8, "baiman", 16000),  # 4 + 2 + 2; 4000 x4
        ("1m2m3m", 10, "baiman", 16000),  # 4 + 6
        ("1m2m3m4p", 11, "sanbaiman", 24000),  # 4 + 7; 6000 x4
        ("1m2m3m7p", 12, "sanbaiman", 24000),  # 4 + 8
        ("1m2m3m7p4p", 13, "kazoe yakuman", 32000),  # 4 + 9 = 13: counted yakuman 8000 x4
    ],
)
def test_limits(dora: str, han: int, limit: str, ron: int) -> None:
    r = win(FOUR_HAN, "4m", riichi=True, dora=dora)
    assert r.is_win
    assert (r.han, r.dora, r.limit, r.payment.ron) == (han, han - 4, limit, ron)


def test_kazoe_sanbaiman_option() -> None:
    # 13 han with kazoe stopping at sanbaiman: 6000 x4 = 24000
    r = win(FOUR_HAN, "4m", riichi_options(kazoe="sanbaiman"), riichi=True, dora="1m2m3m7p4p")
    assert (r.han, r.limit, r.payment.ron) == (13, "sanbaiman", 24000)


def test_mangan_tsumo_payments() -> None:
    # The 4-han shape by dealer tsumo: riichi + tsumo + pinfu + tanyao + iipeikou = 5 han
    # -> mangan 2000; dealer tsumo 4000 from each: 12000
    r = win(FOUR_HAN, "4m", seat=0, riichi=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1}, 20)
    assert (r.limit, r.payment.tsumo_other, r.payment.total) == ("mangan", 4000, 12000)
    # Non-dealer: the dealer pays 4000, the others 2000: 8000
    r = win(FOUR_HAN, "4m", riichi=True, tsumo=True)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other, r.payment.total) == (4000, 2000, 8000)


def test_haneman_baiman_dealer_tsumo() -> None:
    # Closed chinitsu 6 + tsumo 1 = 7 han: haneman 3000; non-dealer tsumo 6000/3000: 12000
    r = win("1233455578999p", "6p", tsumo=True)
    check(r, {"chinitsu": 6, "menzen_tsumo": 1}, total=12000)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (6000, 3000)
    # + riichi = 8 han: baiman 4000; as dealer 8000 from each: 24000
    r = win("1233455578999p", "6p", seat=0, riichi=True, tsumo=True)
    assert (r.han, r.limit, r.payment.tsumo_other, r.payment.total) == (8, "baiman", 8000, 24000)


def test_honba_and_sticks_on_ron() -> None:
    # pinfu 1000 + 2 honba x 300 = 1600; 2 riichi sticks = 2000 more to the winner
    r = win(PINFU, "4m", honba=2, riichi_sticks=2)
    assert (r.payment.ron, r.payment.sticks, r.payment.total) == (1600, 2000, 3600)


def test_honba_and_sticks_on_tsumo() -> None:
    # 3 han 30 fu tsumo 2000/1000 + 1 honba (100 from each): 2100/1100, total 4300;
    # 1 riichi stick: +1000 = 5300
    r = win("234m456p678s35s88p", "4s", riichi=True, tsumo=True, honba=1, riichi_sticks=1)
    p = r.payment
    assert (p.tsumo_dealer, p.tsumo_other, p.sticks, p.total) == (2100, 1100, 1000, 5300)
    # dealer tsumo: 2000 + 100 from each: 6300, + 1000 stick = 7300
    r = win("234m456p678s35s88p", "4s", seat=0, riichi=True, tsumo=True, honba=1, riichi_sticks=1)
    assert (r.payment.tsumo_other, r.payment.total) == (2100, 7300)


# ---------------------------------------------------------------------- 5. tricky cases


def test_reading_pinfu_ryanmen_beats_kanchan() -> None:
    # 456m 567m: the 5m completes 4_6 (kanchan) or 67 (ryanmen). With 234p 678s 88p:
    # ryanmen: pinfu 1 + tanyao 1 = 2 han, 20 + 10 = 30 fu: 480 x4 = 1920 -> 2000;
    # kanchan: tanyao 1, 20 + 10 + 2 = 32 -> 40 fu: 320 x4 = 1280 -> 1300. Ryanmen wins.
    r = win("45667m234p678s88p", "5m")
    check(r, {"pinfu": 1, "tanyao": 1}, 30, 2000)


def test_reading_kanchan_beats_ryanmen_for_fu() -> None:
    # 456m 567m 234p 99s + concealed 777z, tsumo on 5m (not pinfu: a triplet):
    # ryanmen: 20 + 2 tsumo + 8 closed honour triplet = 30 fu;
    # kanchan: 20 + 2 + 2 + 8 = 32 -> 40 fu. chun 1 + tsumo 1 = 2 han either way;
    # 40x2^4 = 640: dealer pays 1280 -> 1300, others 640 -> 700: 2700
    r = win("45667m234p99s777z", "5m", tsumo=True)
    check(r, {"yakuhai_chun": 1, "menzen_tsumo": 1}, 40, 2700)
    assert fu_of(r, "kanchan") == 2


def test_111222333_ron_is_pinfu_iipeikou() -> None:
    # 11 222 333m 456p 77s, ron on 1m. As 123m x3: pinfu 1 + iipeikou 1 = 2 han 30 fu
    # -> 480 x4 = 1920 -> 2000. As 111 222 333: 111m is ron-completed (open): 2 concealed
    # triplets, no sanankou, no yaku at all. So pinfu + iipeikou.
    r = win("11222333m456p77s", "1m")
    check(r, {"pinfu": 1, "iipeikou": 1}, 30, 2000)


def test_111222333_tsumo_is_sanankou() -> None:
    # Same by tsumo. As 123m x3: pinfu + iipeikou + tsumo = 3 han 20 fu -> 640 basic.
    # As triplets: sanankou 2 + tsumo 1 = 3 han; 20 + 2 + 8 (111m) + 4 + 4 = 38 -> 40
    # -> 1280 basic: worth more. Dealer pays 2560 -> 2600, the others 1280 -> 1300: 5200
    r = win("11222333m456p77s", "1m", tsumo=True)
    check(r, {"menzen_tsumo": 1, "sanankou": 2}, 40, 5200)


def test_22334455667788_ryanpeikou_beats_chiitoitsu() -> None:
    # 2233445566778p + 8p, ron. Seven pairs: chiitoitsu 2 + tanyao 1 + chinitsu 6 = 9 (baiman).
    # 22 + 345 345 678 678 (8p ryanmen): ryanpeikou 3 + pinfu 1 + tanyao 1 + chinitsu 6 = 11
    # -> sanbaiman 6000 x4 = 24000 (30 fu).
    r = win("2233445566778p", "8p")
    check(r, {"ryanpeikou": 3, "pinfu": 1, "tanyao": 1, "chinitsu": 6}, 30, 24000)
    assert r.limit == "sanbaiman"


def test_dora_aka_ura() -> None:
    # The 4-han hand with a red 5p: aka 1 -> 5 han mangan 8000
    r = win("22334m067p678s88p", "4m", riichi=True)
    check(r, {"riichi": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1, "aka": 1}, 30, 8000)
    # + indicator 4p: the red 5p is also a dora: 4 + 1 + 1 = 6 -> haneman 12000
    r = win("22334m067p678s88p", "4m", riichi=True, dora="4p")
    assert (r.dora, r.aka, r.han, r.payment.ron) == (1, 1, 6, 12000)
    # ura indicator 1m with riichi: 2m x2 -> ura 2: 6 han -> 12000
    r = win(FOUR_HAN, "4m", riichi=True, ura="1m")
    check(r, {"riichi": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1, "ura": 2}, 30, 12000)
    # without riichi the ura indicators count nothing: pinfu + tanyao + iipeikou = 3 han 30 fu
    # -> 960 x4 = 3840 -> 3900
    r = win(FOUR_HAN, "4m", ura="1m")
    check(r, {"pinfu": 1, "tanyao": 1, "iipeikou": 1}, 30, 3900)
    assert r.ura == 0


def test_dora_in_a_kan_count_four() -> None:
    # [777z] [4444s] 123m 456p 99s (tanki), indicator 3s -> 4s dora x4:
    # chun 1 + dora 4 = 5 han -> mangan 8000
    r = win("[777z] [4444s] 123m456p9s", "9s", dora="3s")
    check(r, {"yakuhai_chun": 1, "dora": 4}, 40, 8000)


def test_dora_alone_is_no_win() -> None:
    # The plain hand with two dora (indicator 8p -> 9p pair) and no yaku
    r = win(PLAIN, "2m", dora="8p")
    assert not r.is_win
    assert "yaku" in (r.reason or "")
    # and a red five alone neither
    r = win("13m406p789s234s99p", "2m")
    assert not r.is_win
    assert "yaku" in (r.reason or "")


def test_incomplete_hand() -> None:
    # 13m + 5m is not a set: 14 tiles but no complete reading
    r = win(PLAIN, "5m", tsumo=True)
    assert not r.is_win
    assert r.reason
    # 13 tiles in all
    r = win("13m456p789s234s9p", "2m", tsumo=True)
    assert not r.is_win
    assert r.reason


def test_furiten() -> None:
    r = win(PINFU, "4m", riichi=True, furiten=True)
    assert not r.is_win
    assert "furiten" in (r.reason or "")
    # a furiten tsumo is a win: riichi + tsumo + pinfu = 3 han 20 fu = 640 basic:
    # dealer pays 1280 -> 1300, the others 640 -> 700: 2700
    r = win(PINFU, "4m", riichi=True, furiten=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, 20, 2700)


def test_dora_indicator_wraps() -> None:
    # chanta hand (2 han 40 fu): indicator 3z (West) -> 4z North, the pair: 2 dora;
    # indicator 9s -> 1s: 1 dora. 2 + 3 = 5 han -> mangan 8000
    r = win("12m789p123789s44z", "3m", dora="3z9s")
    check(r, {"chanta": 2, "dora": 3}, 40, 8000)
    # shousangen hand (4 han 30 fu): 7z -> 5z (the white pon, 3 tiles): 7 han -> haneman
    r = win("[555z] [666z] 77z123m45p", "6p", dora="7z")
    assert (r.dora, r.han, r.payment.ron) == (3, 7, 12000)
    # 6z -> 7z (the red pair): 2 dora, 6 han -> haneman 12000
    r = win("[555z] [666z] 77z123m45p", "6p", dora="6z")
    assert (r.dora, r.han, r.payment.ron) == (2, 6, 12000)


def test_seven_pairs_need_seven_different_pairs() -> None:
    # 1111m 33 44p 55 66s 77z: four alike is not two pairs in the standard rules
    assert not win("1111m3344p5566s7z", "7z").is_win


def test_real_yakuman_beats_kazoe() -> None:
    # 333m 444m 555m 111m + 77m, riichi tsumo on 5m: suuankou (four concealed triplets).
    # Read as runs it is also chinitsu + iipeikou... + dora = kazoe; both pay a yakuman,
    # and the real yakuman must be the reading shown.
    hand = parse_hand("333m444m55m0m111m77m")
    win = parse_tiles("5m")[0]
    concealed = list(hand.concealed)
    concealed.remove(win)
    r = score(
        WinSituation(
            tuple(concealed), win, tsumo=True, riichi=True, dora_indicators=tuple(parse_tiles("4m"))
        )
    )
    assert r.yakuman == 1 and [y for y, _ in r.yaku] == ["suuankou"]
    assert r.limit == "yakuman"
