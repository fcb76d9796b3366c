"""House preset ``cy-dealers-choice`` scoring, worked by hand from ``shared/rules/riichi.md``
(sections "Preset `cy-dealers-choice`" and "precise semantics") and seed 001.

Every expected han, fu, payment and chip count below is computed from the rules page, with
the arithmetic beside it; none is copied from the scorer's output.

Conventions (as in ``tests/rules/riichi/test_yaku.py``): hands are mpsz text (``[...]`` called meld,
``(....)`` closed kan) holding the 13 tiles *before* the winning tile, which is given
separately. Unless a case says otherwise the winner sits South (seat 1, not the dealer) in
the East round, and -- the preset having tonshaaba -- the situation's ``tonshaaba`` flag is
on, so East (1z) and West (3z) are both round winds; 2z is the seat wind.

House tiles: a suffix after the digit: ``3Pm`` purple, ``7Bs`` blue, ``5Gp`` gold,
``5Ts`` platinum, ``5Cm`` cyan, ``5!z`` pocchi (the set holds one of each special face;
the other three copies of those kinds are plain).

Options: ``BARE`` is the preset with no abilities (so the gold / platinum / cyan tiles are
plain +1-chip tiles); ``CY`` is the preset as shipped (set 2: gold 5p naki menzen, platinum
5s tako riichi, cyan 5m kokan); ``SET1`` gold han o tsukeru, platinum chippu zoka, cyan agari
han-su; ``SET3`` gold ura-dora kaiji, platinum yaku-ka, cyan naki menzen.

Points: basic = fu x 2^(han+2); non-dealer ron 4 x basic, dealer ron 6 x basic; non-dealer
tsumo: dealer pays 2 x basic, others 1 x basic; dealer tsumo 2 x basic from each; each
payment rounded up to 100. Limits: mangan 2000 (5 han, basic over 2000, or with kiriage
4 han 30 fu / 3 han 60 fu), haneman 3000 (6-7), baiman 4000 (8-10), sanbaiman 6000
(11-12), yakuman 8000 (13+ counted, or per yakuman). Honba (basengo): 1500 per honba on a
ron, 500 from each payer on a tsumo.

Chips (per payer: the discarder on a ron, each other player on a tsumo): 1 per special tile
in the winning hand (purple, blue, gold, platinum, cyan, pocchi), ippatsu 1, 1 per ura dora,
yaku-ka 1, kokan +3 / -1, yakuman 20 per yakuman on a ron and 10 on a tsumo (kazoe 10 / 5);
then agari han-su adds the final han (13 per yakuman); then chippu zoka x1.5 rounded up.
"""

from __future__ import annotations

import re

import pytest

from sparrows.errors import HandError
from sparrows.rules.riichi import (
    YAKU,
    YAKUMAN,
    RiichiOptions,
    RiichiScore,
    WinSituation,
    riichi_options,
    score,
)
from sparrows.rules.riichi.house.abilities import ABILITY_SETS
from sparrows.rules.riichi.house.scoring import (
    han_o_tsukeru,
    house_score,
    kokan_choices,
)
from sparrows.tiles.notation import parse_hand, parse_tiles

CY = riichi_options("cy-dealers-choice")
BARE = riichi_options("cy-dealers-choice", abilities="")
SET1 = riichi_options("cy-dealers-choice", abilities="set1")
SET3 = riichi_options("cy-dealers-choice", abilities="set3")

#: The yaku and yakuman ids that only the house preset has (each has a case below).
HOUSE_IDS = frozenset(
    {
        "open_riichi",
        "open_double_riichi",
        "round_wind_2",
        "yakuka",
        "kansai_quad",
        "kansai_quads",
        "kansai_three_quads",
        "renhou",
    }
)

# Tile kinds (0-8 man, 9-17 pin, 18-26 sou, 27-33 honours).
M1, M5, S1 = 0, 4, 18


def situation(
    hand: str,
    tile: str,
    *,
    seat: int = 1,
    rnd: int = 0,
    dora: str = "",
    ura: str = "",
    **flags: object,
) -> WinSituation:
    """``hand`` (13 tiles, melds included) completed by ``tile``."""
    h = parse_hand(hand)
    (w,) = parse_tiles(tile)
    return WinSituation(
        tuple(h.concealed),
        w,
        tuple(h.melds),
        seat_wind=seat,
        round_wind=rnd,
        dora_indicators=tuple(parse_tiles(dora)) if dora else (),
        ura_indicators=tuple(parse_tiles(ura)) if ura else (),
        **flags,  # type: ignore[arg-type]
    )


def hwin(
    hand: str,
    tile: str,
    opts: RiichiOptions = BARE,
    *,
    kokan: str | None = None,
    wildcard: bool = False,
    **kw: object,
) -> RiichiScore:
    """Score at the house table (``house_score``); tonshaaba follows the options."""
    kw.setdefault("tonshaaba", opts.tonshaaba)
    return house_score(situation(hand, tile, **kw), opts, kokan=kokan, wildcard=wildcard)  # type: ignore[arg-type]


def check(
    r: RiichiScore,
    yaku: dict[str, int],
    fu: int | None = None,
    total: int | None = None,
    chips: int | None = None,
) -> None:
    """The exact yaku (with han; dora / special entries included), han, fu, total payment
    (what the winner receives) and chips per payer."""
    assert r.is_win, r.reason
    assert dict(r.yaku) == yaku, r.reading
    assert r.han == sum(yaku.values())
    if fu is not None:
        assert r.fu == fu, r.fu_items
    if total is not None:
        assert r.payment.total == total
    if chips is not None:
        assert r.chips == chips, r.chip_items


def not_a_win(r: RiichiScore, word: str) -> None:
    assert not r.is_win
    assert word in (r.reason or ""), r.reason


def step_names(r: RiichiScore) -> list[str]:
    return [s.split(":")[0] for s in r.steps]


def step_last_number(r: RiichiScore, name: str) -> int:
    (line,) = [s for s in r.steps if s.startswith(name)]
    return int(re.findall(r"\d+", line)[-1])


# A plain closed hand: 123m (won on 2m, kanchan) 456p 789s 234s 99p. No yaku of its own.
PLAIN = "13m456p789s234s99p"
# riichi ron on 2m: riichi 1; 20 + 10 closed ron + 2 kanchan = 32 -> 40 fu.


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
