"""Riichi scoring, worked by hand from ``shared/rules/riichi.md`` (preset ``standard``):
every fu item, limits and payments (kiriage, kazoe), and tricky cases. Every expected
han, fu and payment is computed from the rules page, the arithmetic written beside it;
none is copied from the scorer's output. The hands' conventions and the points:
``tests/support/riichi_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.rules.riichi import (
    WinSituation,
    riichi_options,
    score,
)
from sparrows.tiles.notation import parse_hand, parse_tiles
from tests.support.riichi_scoring import FOUR_HAN, PINFU, PLAIN, check, fu_of, win

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
