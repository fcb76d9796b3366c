"""House preset ``cy-dealers-choice`` scoring, worked by hand from
``shared/rules/riichi.md`` (sections "Preset `cy-dealers-choice`" and "precise
semantics") and seed 001: the set 3 abilities, the house yaku, the pocchi wildcard,
impossible tiles and honba (basengo). Every expected han, fu, payment and chip count is
computed from the rules page, with the arithmetic beside it; none is copied from the
scorer's output. The conventions, house tiles, options, points and chips:
``tests/support/house_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.errors import HandError
from sparrows.rules.riichi import (
    YAKU,
    YAKUMAN,
    RiichiOptions,
    riichi_options,
    score,
)
from sparrows.rules.riichi.house.scoring import (
    house_score,
)
from tests.support.house_scoring import (
    BARE,
    CY,
    HOUSE_IDS,
    M1,
    M5,
    PLAIN,
    S1,
    SET3,
    check,
    hwin,
    not_a_win,
    situation,
)

# ---------------------------------------------------------------------- 7-8. set 3


def test_yakuka_makes_a_win() -> None:
    # Set 3: the platinum 5s is yaku-ka. 1m3m (2m kanchan) 456p 45Ts6s 789s 99p, ron:
    # no other yaku (no tanyao, no sanshoku: no 456m, no ittsu: no 123s);
    # yaku-ka 1 han; 20 + 10 + 2 = 32 -> 40 fu; 320 x4 = 1280 -> 1300;
    # chips: platinum 1 + yaku-ka 1 = 2
    r = hwin("13m456p45T6s789s99p", "2m", SET3)
    check(r, {"yakuka": 1}, 40, 1300, chips=2)
    assert r.abilities == ("yakuka",)
    not_a_win(hwin("13m456p45T6s789s99p", "2m", BARE), "yaku")


def test_ura_kaiji_without_riichi() -> None:
    # Set 3: the gold 5p is ura-dora kaiji. 234m 45Gp6p 678s 3s5s (4s kanchan) 88p, ron,
    # no riichi, ura indicator 7p -> 8p x2: tanyao 1 + ura 2 = 3 han; 20 + 10 + 2 = 32
    # -> 40 fu; 40x2^5 = 1280 x4 = 5120 -> 5200; chips: gold 1 + 2 ura = 3
    r = hwin("234m45G6p678s35s88p", "4s", SET3, ura="7p")
    check(r, {"tanyao": 1, "ura": 2}, 40, 5200, chips=3)
    assert r.ura == 2
    # without the ability the ura indicator counts nothing: 1 han 40 fu -> 1300; 1 chip
    r = hwin("234m45G6p678s35s88p", "4s", BARE, ura="7p")
    check(r, {"tanyao": 1}, 40, 1300, chips=1)
    assert r.ura == 0


# ---------------------------------------------------------------------- 9-12. house yaku

HOUSE_YAKU_CASES = [
    # (hand, tile, opts, flags, yaku, fu, total, chips)
    # open riichi 2 han (replaces riichi): PLAIN 40 fu; 40x2^4 = 640 x4 = 2560 -> 2600
    pytest.param(
        PLAIN,
        "2m",
        BARE,
        {"riichi": True, "open_riichi": True},
        {"open_riichi": 2},
        40,
        2600,
        0,
        id="open_riichi",
    ),
    # open double riichi 3 han: 40x2^5 = 1280 x4 = 5120 -> 5200
    pytest.param(
        PLAIN,
        "2m",
        BARE,
        {"riichi": True, "double_riichi": True, "open_riichi": True},
        {"open_double_riichi": 3},
        40,
        5200,
        0,
        id="open_double_riichi",
    ),
    # tonshaaba: a West pon in the East round is a round wind; 20 + 4 open honour pon = 24
    # -> 30 fu (78s ryanmen); 240 x4 = 960 -> 1000
    pytest.param(
        "[333z] 123m456p78s99p",
        "9s",
        BARE,
        {},
        {"round_wind_2": 1},
        30,
        1000,
        0,
        id="round_wind_2_west_in_east",
    ),
    # and vice versa: an East pon in the West round; 30 fu -> 1000
    pytest.param(
        "[111z] 123m456p78s99p",
        "9s",
        BARE,
        {"rnd": 2},
        {"round_wind_2": 1},
        30,
        1000,
        0,
        id="round_wind_2_east_in_west",
    ),
    # West seat in the East round: a West pon is seat wind + round wind: 2 han 30 fu;
    # 480 x4 = 1920 -> 2000
    pytest.param(
        "[333z] 123m456p78s99p",
        "9s",
        BARE,
        {"seat": 2},
        {"seat_wind": 1, "round_wind_2": 1},
        30,
        2000,
        0,
        id="round_wind_2_west_seat",
    ),
    # yaku-ka (set 3 platinum): see test_yakuka_makes_a_win; 1300, 2 chips
    pytest.param("13m456p45T6s789s99p", "2m", SET3, {}, {"yakuka": 1}, 40, 1300, 2, id="yakuka"),
    # kansai chiitoi, one quad (1111m as two pairs) 33 44p 55 66s 77z: chiitoitsu 2 +
    # kansai_quad 1 = 3 han 25 fu; 25x2^5 = 800 x4 = 3200
    pytest.param(
        "1111m3344p5566s7z",
        "7z",
        BARE,
        {},
        {"chiitoitsu": 2, "kansai_quad": 1},
        25,
        3200,
        0,
        id="kansai_quad",
    ),
    # two quads 1111m 4444p: 2 + 3 = 5 han -> mangan 8000
    pytest.param(
        "1111m4444p5566s7z",
        "7z",
        BARE,
        {},
        {"chiitoitsu": 2, "kansai_quads": 3},
        25,
        8000,
        0,
        id="kansai_quads",
    ),
    # three quads 1111m 4444p 6666s 77z: a single yakuman; 32000, 20 chips (ron)
    pytest.param(
        "1111m4444p6666s7z",
        "7z",
        BARE,
        {},
        {"kansai_three_quads": 13},
        None,
        32000,
        20,
        id="kansai_three_quads",
    ),
    # renhou on a ron: single yakuman; 32000, 20 chips
    pytest.param(PLAIN, "2m", BARE, {"renhou": True}, {"renhou": 13}, None, 32000, 20, id="renhou"),
    # suukantsu is a double yakuman in the preset: ron 16000 x4 = 64000, 2 x 20 chips
    pytest.param(
        "[1111m] [2222p] (4444s) (1111z) 2z",
        "2z",
        BARE,
        {},
        {"suukantsu": 26},
        None,
        64000,
        40,
        id="double_suukantsu",
    ),
]


@pytest.mark.parametrize(
    ("hand", "tile", "opts", "flags", "yaku", "fu", "total", "chips"), HOUSE_YAKU_CASES
)
def test_house_yaku(
    hand: str,
    tile: str,
    opts: RiichiOptions,
    flags: dict[str, object],
    yaku: dict[str, int],
    fu: int | None,
    total: int,
    chips: int,
) -> None:
    r = hwin(hand, tile, opts, **flags)
    check(r, yaku, fu, total, chips)
    assert r.yakuman == sum(yaku.values()) // 13


def test_every_house_id_has_a_case() -> None:
    covered = {y for case in HOUSE_YAKU_CASES for y in case.values[4]}
    assert covered >= HOUSE_IDS
    assert {y.id for y in (*YAKU, *YAKUMAN)} >= HOUSE_IDS  # every house id is registered


def test_open_riichi_needs_riichi() -> None:
    not_a_win(hwin(PLAIN, "2m", open_riichi=True), "open riichi")


def test_kansai_chiitoi_off() -> None:
    # without the option a four-of-a-kind is not two pairs: no seven pairs, no win
    opts = riichi_options("cy-dealers-choice", abilities="", kansai_chiitoi=False)
    not_a_win(hwin("1111m3344p5566s7z", "7z", opts), "complete")


def test_tonshaaba_off() -> None:
    # the West pon in the East round without tonshaaba: no yaku
    not_a_win(hwin("[333z] 123m456p78s99p", "9s", tonshaaba=False), "yaku")


def test_double_suukantsu_tsumo() -> None:
    # by tsumo: 16000 basic: dealer 32000, others 16000: 64000; chips 2 x 10 each
    r = hwin("[1111m] [2222p] (4444s) (1111z) 2z", "2z", tsumo=True)
    check(r, {"suukantsu": 26}, total=64000, chips=20)


def test_tonshaaba_pair_without_tonshaaba_is_pinfu() -> None:
    # 123m 456p 789s 23s (4s ryanmen) 33z, riichi ron, no tonshaaba: 33z is a plain
    # honour pair: riichi 1 + pinfu 1 = 2 han 30 fu; 480 x4 = 1920 -> 2000
    r = hwin("123m456p789s23s33z", "4s", riichi=True, tonshaaba=False)
    check(r, {"riichi": 1, "pinfu": 1}, 30, 2000)


def test_tonshaaba_round_wind_pair_fu() -> None:
    # With tonshaaba the 33z pair is a round-wind pair: 2 fu, and so no pinfu (pinfu needs a
    # pair that scores no fu). riichi 1; 20 + 10 closed ron + 2 round-wind pair = 32 -> 40;
    # 320 x4 = 1280 -> 1300
    r = hwin("123m456p789s23s33z", "4s", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)


def test_tonshaaba_round_wind_pair_fu_not_pinfu_shape() -> None:
    # The same pair with a kanchan (no pinfu possible): 123m 456p 789s 2s4s (3s) 33z,
    # riichi ron: 20 + 10 + 2 kanchan + 2 round-wind pair = 34 -> 40; riichi 1 -> 1300.
    # Without tonshaaba 20 + 10 + 2 = 32 -> 40 as well, so compare the fu items.
    r = hwin("123m456p789s24s33z", "3s", riichi=True)
    check(r, {"riichi": 1}, 40, 1300)
    assert sum(v for name, v in r.fu_items if "round wind" in name) == 2
    assert sum(v for _, v in r.fu_items) == 34


# ---------------------------------------------------------------------- 13. pocchi wildcard


def test_wildcard_picks_the_best_kind() -> None:
    # 123m 123p 23s 456s 99p in riichi draws the 7z pocchi as a wildcard: it can be 1s or 4s.
    # 1s: 123s -> sanshoku: riichi 1 + tsumo 1 + pinfu 1 + sanshoku 2 = 5 han mangan:
    #     dealer 4000, others 2000: 8000.
    # 4s: 234s: riichi + tsumo + pinfu = 3 han 20 fu: 640: 1300 + 700 + 700 = 2700.
    # Chips are 1 (the pocchi) either way: 1s wins. Kind of 1s = 18.
    r = hwin("123m123p23s456s99p", "7!z", wildcard=True, riichi=True, tsumo=True)
    check(
        r,
        {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "sanshoku": 2},
        20,
        8000,
        chips=1,
    )
    assert r.wildcard == S1
    # the pocchi as a plain 7z completes nothing
    not_a_win(hwin("123m123p23s456s99p", "7!z", riichi=True, tsumo=True), "complete")


def test_wildcard_tie_goes_to_the_lower_kind() -> None:
    # 1112345678999m: every man kind completes junsei chuuren (double yakuman) with the same
    # value: tsumo 16000 basic: dealer 32000, others 16000: 64000; chips 2 x 10 + 1 pocchi
    # = 21 each. Tie: the lowest kind, 1m.
    r = hwin("1112345678999m", "5!z", wildcard=True, riichi=True, tsumo=True)
    check(r, {"junsei_chuuren": 26}, total=64000, chips=21)
    assert r.wildcard == M1


def test_wildcard_counts_as_its_kind_for_ura() -> None:
    # Same hand, ura indicator 4m -> 5m. The wildcard counts as its kind for dora: as 5m the
    # hand holds 5m x2 -> 2 ura chips (every other kind: 1). Chips: 20 + 1 + 2 = 23 for 5m
    # against 22: 5m wins (kind 4).
    r = hwin("1112345678999m", "5!z", wildcard=True, riichi=True, tsumo=True, ura="4m")
    assert r.is_win, r.reason
    assert (r.wildcard, r.chips, r.payment.total) == (M5, 23, 64000)


def test_wildcard_needs_a_pocchi() -> None:
    with pytest.raises(HandError):
        hwin("123m123p23s456s99p", "1s", wildcard=True, riichi=True, tsumo=True)


# ---------------------------------------------------------------------- 14. impossible tiles


@pytest.mark.parametrize(
    ("hand", "tile", "opts"),
    [
        ("13m45G6p789s234s99p", "5Gp", CY),  # two gold 5p: the set has one
        ("13Pm456p789s234s99p", "3Pm", CY),  # two purple 3m
        ("13m406p789s234s99p", "2m", CY),  # a red 5p: the preset has no red fives
        ("13Pm456p789s234s99p", "2m", riichi_options("standard")),  # purple, standard set
        ("13m456p789s234s5!5z", "2m", riichi_options("standard")),  # pocchi, standard set
    ],
)
def test_impossible_special_tiles(hand: str, tile: str, opts: RiichiOptions) -> None:
    # (the notation parser already refuses two copies of a unique tile in one hand text, so
    # the second copy comes as the winning tile)
    sit = situation(hand, tile, riichi=True)
    with pytest.raises(HandError):
        score(sit, opts)
    with pytest.raises(HandError):
        house_score(sit, opts)


# ---------------------------------------------------------------------- 15. honba (basengo)


def test_honba_on_ron() -> None:
    # 23m456p789s234s99p + 4m: pinfu 1 han 30 fu = 1000; + 2 honba x 1500 = 4000
    r = hwin("23m456p789s234s99p", "4m", honba=2)
    check(r, {"pinfu": 1}, 30, 4000, chips=0)


def test_honba_on_tsumo() -> None:
    # 234m 456p 678s 3s5s (4s kanchan) 88p, riichi tsumo: riichi + tsumo + tanyao = 3 han;
    # 20 + 2 + 2 = 24 -> 30 fu; 960: dealer 2000, others 1000; 2 honba: +2 x 500 from each:
    # 3000 / 2000; 1 riichi stick 1000: total 3000 + 2000 + 2000 + 1000 = 8000
    r = hwin("234m456p678s35s88p", "4s", riichi=True, tsumo=True, honba=2, riichi_sticks=1)
    p = r.payment
    assert (p.tsumo_dealer, p.tsumo_other, p.sticks, p.total) == (3000, 2000, 1000, 8000)
    # dealer tsumo: 960 x2 = 1920 -> 2000 + 1000 from each: 3 x 3000 + 1000 = 10000
    r = hwin("234m456p678s35s88p", "4s", seat=0, riichi=True, tsumo=True, honba=2, riichi_sticks=1)
    assert (r.payment.tsumo_other, r.payment.total) == (3000, 10000)
