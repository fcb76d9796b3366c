"""Riichi scoring, worked by hand from ``shared/rules/riichi.md`` (preset ``standard``):
one hand per yaku and per yakuman, and how yakuman stack. Every expected han, fu and
payment is computed from the rules page, the arithmetic written beside it; none is
copied from the scorer's output. The hands' conventions and the points:
``tests/support/riichi_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.rules.riichi import (
    YAKU,
    YAKUMAN,
    riichi_options,
)
from tests.support.riichi_scoring import MS, PINFU, PLAIN, check, fu_of, win

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
