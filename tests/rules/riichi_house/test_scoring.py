"""House preset ``cy-dealers-choice`` scoring, worked by hand from
``shared/rules/riichi.md`` (sections "Preset `cy-dealers-choice`" and "precise
semantics") and seed 001: the presets' abilities, special tile han, chips, the seed's
examples, han o tsukeru, kokan and naki menzen. Every expected han, fu, payment and chip
count is computed from the rules page, with the arithmetic beside it; none is copied
from the scorer's output. The conventions, house tiles, options, points and chips:
``tests/support/house_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.errors import HandError
from sparrows.rules.riichi import (
    RiichiOptions,
    riichi_options,
    score,
)
from sparrows.rules.riichi.house.abilities import ABILITY_SETS
from sparrows.rules.riichi.house.scoring import (
    han_o_tsukeru,
    house_score,
    kokan_choices,
)
from tests.support.house_scoring import (
    BARE,
    CY,
    SET1,
    check,
    hwin,
    not_a_win,
    situation,
    step_last_number,
    step_names,
)


def test_presets_abilities() -> None:
    # The seed's suggested sets, in the seed's order: gold 5p, platinum 5s, cyan 5m.
    assert ABILITY_SETS["set1"] == ("han_o_tsukeru", "chippu_zoka", "agari_hansu")
    assert ABILITY_SETS["set2"] == ("naki_menzen", "tako_riichi", "kokan")
    assert ABILITY_SETS["set3"] == ("ura_kaiji", "yakuka", "naki_menzen")
    assert CY.abilities == "set2"
    assert (CY.kiriage, CY.kansai_chiitoi, CY.honba_ron, CY.chip_value) == (True, True, 1500, 5000)


# ---------------------------------------------------------------------- 1. special tile han


def test_purple_and_blue_add_han() -> None:
    # 1m 3Pm (2m kanchan) 456p 7Bs89s 234s 99p, riichi ron:
    # riichi 1 + special 2 (purple 3m, blue 7s) = 3 han; 40 fu; 40x2^5 = 1280 x4 = 5120
    # -> 5200; chips: 2 special tiles
    r = hwin("13Pm456p7Bs89s234s99p", "2m", CY, riichi=True)
    check(r, {"riichi": 1, "special": 2}, 40, 5200, chips=2)
    assert r.special == 2
    assert r.abilities == ()  # no gold / platinum / cyan in the hand
    # the plain scorer counts the same han (no chips there)
    r = score(situation("13Pm456p7Bs89s234s99p", "2m", riichi=True), CY)
    check(r, {"riichi": 1, "special": 2}, 40, 5200)


def test_gold_platinum_cyan_give_no_han() -> None:
    # 1m3m (2m kanchan) 45Cm6m 45Gp6p 5Ts67s 99p, riichi ron: 123m 456m 456p 567s 99p;
    # no sanshoku (567s), no ittsu, no tanyao: riichi 1 han only; 40 fu; 320 x4 = 1280
    # -> 1300; chips: cyan + gold + platinum = 3
    r = hwin("13m45C6m45G6p5T67s99p", "2m", BARE, riichi=True)
    check(r, {"riichi": 1}, 40, 1300, chips=3)
    assert r.special == 0


def test_special_han_alone_is_no_yaku() -> None:
    # The purple/blue hand without riichi: 2 special han but no yaku: no win
    sit = situation("13Pm456p7Bs89s234s99p", "2m")
    not_a_win(score(sit, CY), "yaku")
    not_a_win(house_score(sit, CY), "yaku")


# ---------------------------------------------------------------------- 2. chips

# Every special face in one riichi hand: 3Pm4m5Cm 5Gp6p7Bp 5Ts6s7s 23s (4s ryanmen) 55z with
# the 5z pocchi. 345m 567p 567s 234s, pair 55z (dragon pair: no pinfu).
ALL_SPECIALS = "3P45Cm5G67Bp5T67s23s5!5z"


def test_chips_every_special_face() -> None:
    # riichi 1 + special 2 (3Pm, 7Bp) = 3 han; 20 + 10 closed ron + 2 dragon pair = 32
    # -> 40 fu; 40x2^5 = 1280 x4 = 5120 -> 5200.
    # chips: 3Pm 5Cm 5Gp 7Bp 5Ts 5!z = 6 (from the discarder)
    r = hwin(ALL_SPECIALS, "4s", riichi=True)
    check(r, {"riichi": 1, "special": 2}, 40, 5200, chips=6)


def test_chips_ippatsu_and_ura() -> None:
    # + ippatsu, ura indicator 7z -> 5z, the pair: 2 ura.
    # riichi 1 + ippatsu 1 + ura 2 + special 2 = 6 han -> haneman 3000 x4 = 12000;
    # chips: 6 tiles + 1 ippatsu + 2 ura = 9
    r = hwin(ALL_SPECIALS, "4s", riichi=True, ippatsu=True, ura="7z")
    check(r, {"riichi": 1, "ippatsu": 1, "ura": 2, "special": 2}, total=12000, chips=9)
    assert r.ura == 2


def test_chips_on_tsumo_are_per_payer() -> None:
    # By tsumo: riichi 1 + tsumo 1 + special 2 = 4 han; 20 + 2 tsumo + 2 dragon pair = 24
    # -> 30 fu; 4 han 30 fu is mangan with kiriage: dealer 4000, others 2000: 8000;
    # chips: 6 from each of the three payers
    r = hwin(ALL_SPECIALS, "4s", riichi=True, tsumo=True)
    check(r, {"riichi": 1, "menzen_tsumo": 1, "special": 2}, 30, 8000, chips=6)
    assert (r.limit, r.payment.tsumo_dealer, r.payment.tsumo_other) == ("mangan", 4000, 2000)


def test_yakuman_chips_ron() -> None:
    # daisangen, non-dealer ron: 8000 x4 = 32000; chips 20 (one yakuman, ron)
    r = hwin("[555z] [666z] 777z123m9p", "9p")
    check(r, {"daisangen": 13}, total=32000, chips=20)


def test_yakuman_chips_add_to_tile_chips_tsumo() -> None:
    # 3Pm33m 555p 7Bs77s 99s 22z, tsumo 9s: suuankou (single), non-dealer tsumo:
    # dealer 16000, others 8000: 32000. The purple/blue han do not count on a yakuman.
    # chips: 2 special tiles + 10 (one yakuman, tsumo) = 12 from each payer
    r = hwin("3P33m555p7B77s99s22z", "9s", tsumo=True)
    check(r, {"suuankou": 13}, total=32000, chips=12)
    assert (r.yakuman, r.special) == (1, 0)


def test_yakuman_chips_with_ura() -> None:
    # The same suuankou in riichi, ura indicator 8s -> 9s x3: ura count no han on a
    # yakuman but 1 chip each: 2 tiles + 3 ura + 10 = 15 from each payer; still 32000
    r = hwin("3P33m555p7B77s99s22z", "9s", riichi=True, tsumo=True, ura="8s")
    check(r, {"suuankou": 13}, total=32000, chips=15)


def test_double_yakuman_chips() -> None:
    # 13-sided kokushi (double yakuman in the preset): ron 16000 x4 = 64000, chips 2 x 20
    r = hwin("19m19p19s1234567z", "1m")
    check(r, {"kokushi_13": 26}, total=64000, chips=40)
    assert r.yakuman == 2
    # by tsumo: dealer 32000, others 16000 = 64000; chips 2 x 10 from each payer
    r = hwin("19m19p19s1234567z", "1m", tsumo=True)
    check(r, {"kokushi_13": 26}, total=64000, chips=20)
    assert (r.payment.tsumo_dealer, r.payment.tsumo_other) == (32000, 16000)


# 234m 234m (4m ryanmen) 567p 678s 88p: riichi + pinfu + tanyao + iipeikou = 4 han 30 fu.
# Dora indicators 1m 2m 3m 7p 4p point at 2m x2, 3m x2, 4m x2, 8p x2, 5p x1 = 9 dora.
FOUR_HAN = "22334m567p678s88p"


def test_kazoe_chips() -> None:
    # 4 + 9 dora = 13 han: kazoe yakuman 8000 x4 = 32000; chips 10 on a ron
    r = hwin(FOUR_HAN, "4m", riichi=True, dora="1m2m3m7p4p")
    assert r.is_win
    assert (r.han, r.limit, r.payment.ron, r.chips) == (13, "kazoe yakuman", 32000, 10)
    # tsumo: riichi + tsumo + pinfu + tanyao + iipeikou = 5 + 9 = 14: kazoe;
    # 16000 + 8000 + 8000 = 32000; chips 5 from each payer
    r = hwin(FOUR_HAN, "4m", riichi=True, tsumo=True, dora="1m2m3m7p4p")
    assert (r.han, r.limit, r.payment.total, r.chips) == (14, "kazoe yakuman", 32000, 5)


def test_pocchi_is_a_chip_not_han() -> None:
    # [777z] pon holding the 7z pocchi, 123m 456p 78s (9s ryanmen) 99p: chun 1 han;
    # 20 + 4 open honour pon = 24 -> 30 fu; 240 x4 = 960 -> 1000; chips 1 (the pocchi)
    r = hwin("[7!77z] 123m456p78s99p", "9s")
    check(r, {"yakuhai_chun": 1}, 30, 1000, chips=1)


# ---------------------------------------------------------------------- 3. the seed's examples

# Example 2 as a real hand holding the three set-1 tiles: 3m3m4m4m5Cm (5m ryanmen) 4p5Gp6p
# 4s5Ts6s 88p -> 345m 345m 456p 456s 88p: riichi 1 + pinfu 1 + tanyao 1 + iipeikou 1 =
# 4 han, 20 + 10 closed ron = 30 fu; no sanshoku (345m); base chips 3 (the three tiles).
EXAMPLE_2 = "33445Cm45G6p45T6s88p"
# Example 1's shape: 345Cm 45Gp6p 6p8p (7p kanchan) 22s 45Ts6s -> 345m 456p 678p 456s 22s:
# riichi 1 + tanyao 1 = 2 han; 20 + 10 + 2 kanchan = 32 -> 40 fu.
EXAMPLE_1 = "345Cm45G668p2245T6s"


def test_seed_example_2() -> None:
    # 4 han 30 fu, 3 chips. Han o tsukeru: 4/30 is mangan (kiriage) -> 6 han haneman,
    # 3000 x4 = 12000. Agari han-su: 3 + 6 = 9. Chippu zoka: 9 x 1.5 = 13.5 -> 14.
    r = hwin(EXAMPLE_2, "5m", SET1, riichi=True)
    assert r.is_win, r.reason
    assert dict(r.yaku) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1}
    assert (r.han, r.fu, r.limit, r.payment.ron) == (6, 30, "haneman", 12000)
    assert r.chips == 14
    assert r.abilities == ("agari_hansu", "chippu_zoka", "han_o_tsukeru")
    # the order of operations, with the numbers worked above
    assert step_names(r) == [
        "hand",
        "han o tsukeru",
        "base chips",
        "agari han-su",
        "chippu zoka",
        "result",
    ]
    assert step_last_number(r, "han o tsukeru") == 6
    assert step_last_number(r, "base chips") == 3
    assert step_last_number(r, "agari han-su") == 9
    assert step_last_number(r, "chippu zoka") == 14


def test_seed_example_1_arithmetic() -> None:
    # 2 han 40 fu: 40x2^4 = 640, below mangan -> 3 han
    assert han_o_tsukeru(2, 40, SET1) == 3
    # With all three set-1 tiles the base is 3 chips, not the seed's 1:
    # 2 han 40 fu -> 3 han 40 fu = 1280 x4 = 5120 -> 5200; 3 + 3 = 6; 6 x 1.5 = 9
    r = hwin(EXAMPLE_1, "7p", SET1, riichi=True)
    assert r.is_win, r.reason
    assert (r.han, r.fu, r.payment.ron, r.chips) == (3, 40, 5200, 9)
    assert step_last_number(r, "base chips") == 3
    assert step_last_number(r, "agari han-su") == 6
    assert step_last_number(r, "chippu zoka") == 9


def test_seed_example_1_step_by_step() -> None:
    # Each of example 1's steps on a real 1-ability hand (one ability on the gold 5p).
    # Step 1: han o tsukeru, 2 han 40 fu, 1 chip -> 3 han 40 fu (5200), still 1 chip.
    opts = riichi_options("cy-dealers-choice", abilities="han_o_tsukeru")
    r = hwin("345m45G668p2245s6s", "7p", opts, riichi=True)
    assert (r.han, r.fu, r.payment.ron, r.chips) == (3, 40, 5200, 1)
    # Step 2: agari han-su on a 3 han 40 fu hand with 1 chip (riichi 1 + tanyao 1 + dora 1,
    # indicator 3m -> 4m x1): 1 + 3 = 4 chips; 1280 x4 = 5120 -> 5200
    opts = riichi_options("cy-dealers-choice", abilities="agari_hansu")
    r = hwin("345m45G668p2245s6s", "7p", opts, riichi=True, dora="3m")
    assert (r.han, r.payment.ron, r.chips) == (3, 5200, 4)
    # Step 3: chippu zoka on 4 chips: 3Pm 4m5m, 45Gp6p, 6p8p + 7Bp, 22s 456s, riichi ippatsu:
    # riichi 1 + ippatsu 1 + tanyao 1 + special 2 = 5 han mangan 8000;
    # chips 3 tiles (3Pm, 5Gp, 7Bp) + 1 ippatsu = 4 -> 4 x 1.5 = 6
    opts = riichi_options("cy-dealers-choice", abilities="chippu_zoka")
    r = hwin("3P45m45G668p2245s6s", "7Bp", opts, riichi=True, ippatsu=True)
    assert (r.han, r.limit, r.payment.ron, r.chips) == (5, "mangan", 8000, 6)


# ---------------------------------------------------------------------- 4. han o tsukeru

NO_KIRIAGE = riichi_options("cy-dealers-choice", abilities="", kiriage=False)


@pytest.mark.parametrize(
    ("han", "fu", "opts", "new"),
    [
        (1, 30, CY, 2),  # 30x2^3 = 240: below mangan, +1
        (2, 25, CY, 3),  # 25x2^4 = 400: +1
        (3, 30, CY, 4),  # 30x2^5 = 960: +1
        (4, 30, CY, 6),  # kiriage mangan -> haneman's lowest, 6
        (4, 30, NO_KIRIAGE, 5),  # 1920 without kiriage: below mangan, +1
        (3, 60, CY, 6),  # kiriage mangan -> 6
        (3, 60, NO_KIRIAGE, 4),  # 60x2^5 = 1920: +1
        (3, 70, CY, 6),  # 70x2^5 = 2240 > 2000: mangan -> 6
        (4, 40, CY, 6),  # 40x2^6 = 2560: mangan -> 6
        (5, 30, CY, 6),  # mangan -> 6
        (6, 30, CY, 8),  # haneman -> baiman's lowest, 8
        (7, 30, CY, 8),
        (8, 30, CY, 11),  # baiman -> sanbaiman's lowest, 11
        (10, 30, CY, 11),
        (11, 30, CY, 13),  # sanbaiman -> 13 (kazoe yakuman)
        (12, 30, CY, 13),
        (13, 30, CY, 13),  # already a (kazoe) yakuman: no change
    ],
)
def test_han_o_tsukeru_table(han: int, fu: int, opts: RiichiOptions, new: int) -> None:
    assert han_o_tsukeru(han, fu, opts) == new


HOT = riichi_options("cy-dealers-choice", abilities="han_o_tsukeru")  # gold 5p only
# 33445m (5m ryanmen) 45Gp6p 456s 88p: riichi + pinfu + tanyao + iipeikou = 4 han 30 fu;
# dora kinds: 3m x2, 4m x2, 5m x2, 4p, 5p, 6p, 4s, 5s, 6s, 8p x2. Chips 1 (gold).
HOT_HAND = "33445m45G6p456s88p"


@pytest.mark.parametrize(
    ("dora", "han", "limit", "ron", "chips"),
    [
        # 4 han 30 fu: kiriage mangan -> 6 haneman 3000 x4 = 12000
        ("", 6, "haneman", 12000, 1),
        # 3p -> 4p x1: 5 han mangan -> 6 haneman 12000
        ("3p", 6, "haneman", 12000, 1),
        # 7p -> 8p x2: 6 han haneman -> 8 baiman 4000 x4 = 16000
        ("7p", 8, "baiman", 16000, 1),
        # 7p 2m: 8p x2 + 3m x2 = 8 han baiman -> 11 sanbaiman 6000 x4 = 24000
        ("7p2m", 11, "sanbaiman", 24000, 1),
        # 7p 2m 3m: + 4m x2 = 10 han baiman -> 11 sanbaiman 24000
        ("7p2m3m", 11, "sanbaiman", 24000, 1),
        # 7p 2m 3m 3p: 4 + 7 = 11 han sanbaiman -> 13 kazoe yakuman 8000 x4 = 32000;
        # chips 1 gold + 10 kazoe (ron)
        ("7p2m3m3p", 13, "kazoe yakuman", 32000, 11),
        # 7p 2m 3m 4m: 4 + 8 = 12 sanbaiman -> 13 kazoe: 32000, 11 chips
        ("7p2m3m4m", 13, "kazoe yakuman", 32000, 11),
        # 7p 2m 3m 4m 3p: 4 + 9 = 13 already kazoe: unchanged, 32000, 11 chips
        ("7p2m3m4m3p", 13, "kazoe yakuman", 32000, 11),
    ],
)
def test_han_o_tsukeru_real_hand(dora: str, han: int, limit: str, ron: int, chips: int) -> None:
    r = hwin(HOT_HAND, "5m", HOT, riichi=True, dora=dora)
    assert r.is_win, r.reason
    assert r.abilities == ("han_o_tsukeru",)
    assert (r.han, r.limit, r.payment.ron, r.chips) == (han, limit, ron, chips)


def test_han_o_tsukeru_sanbaiman_to_kazoe_tsumo() -> None:
    # 2233445Gp566778p + 8p tsumo: pair 22p, 345p 345p 678p 678p (8p ryanmen):
    # ryanpeikou 3 + pinfu 1 + tanyao 1 + chinitsu 6 + tsumo 1 = 12 han sanbaiman
    # -> 13 kazoe yakuman: 16000 + 8000 + 8000 = 32000; chips 1 gold + 5 kazoe (tsumo)
    r = hwin("2233445G566778p", "8p", HOT, tsumo=True)
    assert r.is_win, r.reason
    assert (r.han, r.limit, r.payment.total, r.chips) == (13, "kazoe yakuman", 32000, 6)


def test_set1_on_a_yakuman() -> None:
    # 5Cm55m 5Gp55p 5Ts55s 22m 88p, tsumo 2m: suuankou (single yakuman), non-dealer tsumo
    # 16000 + 8000 + 8000 = 32000. Han o tsukeru: no effect on a yakuman.
    # chips: 3 tiles + 10 (yakuman, tsumo) = 13; agari han-su + 13 (one yakuman) = 26;
    # chippu zoka 26 x 1.5 = 39 from each payer
    r = hwin("5C55m5G55p5T55s22m88p", "2m", SET1, tsumo=True)
    check(r, {"suuankou": 13}, total=32000, chips=39)
    assert "han o tsukeru" not in step_names(r)


# ---------------------------------------------------------------------- 5. kokan

# Set 2 (the preset's default): the cyan 5m is kokan. 345Cm 45p6p 6p8p (7p kanchan) 22s 456s,
# riichi ron: riichi 1 + tanyao 1 = 2 han 40 fu (640 x4 = 2560 -> 2600); base chips 1.
KOKAN_HAND = "345Cm45668p2245s6s"


def test_kokan_chips() -> None:
    # -1 han +3 chips: 1 han 40 fu = 320 x4 = 1280 -> 1300; chips 1 + 3 = 4
    r = hwin(KOKAN_HAND, "7p", CY, kokan="chips", riichi=True)
    assert r.abilities == ("kokan",)
    assert (r.han, r.fu, r.payment.ron, r.chips) == (1, 40, 1300, 4)


def test_kokan_han() -> None:
    # +3 han -1 chip: 5 han -> mangan 2000 x4 = 8000; chips 1 - 1 = 0
    r = hwin(KOKAN_HAND, "7p", CY, kokan="han", riichi=True)
    assert (r.han, r.limit, r.payment.ron, r.chips) == (5, "mangan", 8000, 0)


def test_kokan_auto_choice() -> None:
    # chips: 1300 + 4 x 5000 = 21300; han: 8000 + 0 x 5000 = 8000 -> chips
    r = hwin(KOKAN_HAND, "7p", CY, riichi=True)
    assert (r.han, r.payment.ron, r.chips) == (1, 1300, 4)


def test_kokan_refused_below_one_han() -> None:
    # Without riichi: tanyao 1 han 40 fu, 1 chip. "chips" would leave 0 han: refused.
    with pytest.raises(HandError):
        hwin(KOKAN_HAND, "7p", CY, kokan="chips")
    # the auto choice takes the only one, "han": 4 han 40 fu = 40x2^6 = 2560 > 2000
    # -> mangan 8000; chips 1 - 1 = 0
    r = hwin(KOKAN_HAND, "7p", CY)
    assert (r.han, r.limit, r.payment.ron, r.chips) == (4, "mangan", 8000, 0)


def test_kokan_not_on_a_yakuman() -> None:
    # 5Cm55m 222p 444s 88p 99s, tsumo 9s: suuankou; 32000; chips 1 cyan + 10 = 11 each
    with pytest.raises(HandError):
        hwin("5C55m222p444s88p99s", "9s", CY, kokan="han", tsumo=True)
    r = hwin("5C55m222p444s88p99s", "9s", CY, tsumo=True)
    check(r, {"suuankou": 13}, total=32000, chips=11)
    assert not any(s.startswith("kokan") for s in r.steps)


@pytest.mark.parametrize(
    ("han", "chips", "yakuman", "choices"),
    [
        (1, 1, 0, ["han"]),  # 1 - 1 = 0 han: no "chips"
        (2, 1, 0, ["chips", "han"]),
        (2, 0, 0, ["chips"]),  # 0 - 1 chips: no "han"
        (5, 3, 1, []),  # a yakuman: none
    ],
)
def test_kokan_choices(han: int, chips: int, yakuman: int, choices: list[str]) -> None:
    assert kokan_choices(han, chips, yakuman) == choices


# 2233445Cm566778m + 8m: 22m 345m 345m 678m 678m (8m ryanmen): ryanpeikou 3 + pinfu 1 +
# tanyao 1 + chinitsu 6 = 11 han sanbaiman (seven pairs would be 2 + 1 + 6 = 9); 1 chip.
KOKAN_CHINITSU = "2233445C566778m"


def test_kokan_han_reaching_kazoe_gets_kazoe_chips() -> None:
    # 11 han + 3 = 14 han: kazoe yakuman 8000 x4 = 32000; base chips 1 cyan + 10 kazoe
    # (ron) - 1 kokan = 10
    r = hwin(KOKAN_CHINITSU, "8m", CY, kokan="han")
    assert (r.han, r.limit, r.payment.ron) == (14, "kazoe yakuman", 32000)
    assert r.chips == 10


def test_kokan_chips_leaving_kazoe_loses_kazoe_chips() -> None:
    # + dora (indicator 1m -> 2m x2): 13 han kazoe; kokan "chips": 12 han sanbaiman
    # 6000 x4 = 24000; no longer a kazoe yakuman: chips 1 cyan + 3 = 4
    r = hwin(KOKAN_CHINITSU, "8m", CY, kokan="chips", dora="1m")
    assert (r.han, r.limit, r.payment.ron) == (12, "sanbaiman", 24000)
    assert r.chips == 4


def test_kokan_auto_prefers_kazoe() -> None:
    # 11 han: "han" -> 14 han kazoe 32000 + 10 chips x 5000 = 82000;
    # "chips" -> 10 han baiman 16000 + 4 chips x 5000 = 36000: the winner takes "han"
    r = hwin(KOKAN_CHINITSU, "8m", CY)
    assert (r.han, r.payment.ron, r.chips) == (14, 32000, 10)


def test_kokan_chips_below_kazoe() -> None:
    # the part that does not involve kazoe: 11 han, "chips" -> 10 han baiman 4000 x4 =
    # 16000; chips 1 + 3 = 4
    r = hwin(KOKAN_CHINITSU, "8m", CY, kokan="chips")
    assert (r.han, r.limit, r.payment.ron, r.chips) == (10, "baiman", 16000, 4)


# ---------------------------------------------------------------------- 6. naki menzen

# Set 2: the gold 5p is naki menzen.


def test_naki_menzen_closed_yaku_open_fu_tsumo() -> None:
    # [4p5Gp6p] chi, 22334m (4m ryanmen) 789s 88p, tsumo 4m: 234m 234m [456p] 789s 88p.
    # Closed yaku with the open hand: menzen tsumo 1 + pinfu 1 + iipeikou 1 = 3 han.
    # Fu of the open hand: 20 + 2 tsumo = 22 -> 30 (no pinfu-tsumo 20).
    # 30x2^5 = 960: dealer 1920 -> 2000, others 960 -> 1000: 4000; chips 1 (gold) each
    r = hwin("[45G6p] 22334m789s88p", "4m", CY, tsumo=True)
    check(r, {"menzen_tsumo": 1, "pinfu": 1, "iipeikou": 1}, 30, 4000, chips=1)
    assert r.abilities == ("naki_menzen",)
    assert sum(v for _, v in r.fu_items) == 22
    # without the ability the open hand has no yaku at all (no tanyao: 789s)
    not_a_win(hwin("[45G6p] 22334m789s88p", "4m", BARE, tsumo=True), "yaku")


def test_naki_menzen_riichi_with_open_hand() -> None:
    # [789s] chi, 1m3m (2m kanchan) 45Gp6p 234s 99p, riichi ron: riichi 1;
    # open fu: 20 + 2 kanchan = 22 -> 30 (no closed-ron 10); 240 x4 = 960 -> 1000; 1 chip
    r = hwin("[789s] 13m45G6p234s99p", "2m", CY, riichi=True)
    check(r, {"riichi": 1}, 30, 1000, chips=1)
    assert not any("closed ron" in name for name, _ in r.fu_items)
    # without naki menzen an open hand cannot be in riichi
    not_a_win(hwin("[789s] 13m45G6p234s99p", "2m", BARE, riichi=True), "closed")


def test_naki_menzen_closed_honitsu_han() -> None:
    # [123p] chi, 23p (4p ryanmen) 45Gp6p 678p 77z, ron 4p: [123p] 234p 456p 678p 77z.
    # With naki menzen: honitsu at its closed 3 han; fu 20 + 2 dragon pair = 22 -> 30;
    # 30x2^5 = 960 x4 = 3840 -> 3900; 1 chip
    r = hwin("[123p] 2345G6678p77z", "4p", CY)
    check(r, {"honitsu": 3}, 30, 3900, chips=1)
    # without: open honitsu 2 han 30 fu = 480 x4 = 1920 -> 2000
    check(hwin("[123p] 2345G6678p77z", "4p", BARE), {"honitsu": 2}, 30, 2000, chips=1)


def test_naki_menzen_no_called_suuankou() -> None:
    # [222m] pon, 444p 666s 888s concealed, 5Gp (5p tanki), ron 5p: with naki menzen the
    # pon still counts as open: three concealed triplets, no suuankou.
    # toitoi 2 + sanankou 2 + tanyao 1 = 5 han -> mangan 2000 x4 = 8000;
    # fu 20 + 2 tanki + 2 open simple pon + 3 x 4 closed simple triplets = 36 -> 40; 1 chip
    r = hwin("[222m] 444p666s888s5Gp", "5p", CY)
    check(r, {"toitoi": 2, "sanankou": 2, "tanyao": 1}, 40, 8000, chips=1)
    assert r.yakuman == 0
