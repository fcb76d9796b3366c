"""Hong Kong scoring and payments: worked hands whose expected values were computed by hand
from ``shared/rules/hongkong.md`` (and the lead's decisions on what the rules leave open),
never copied from the implementation. Each case carries its arithmetic.

Notation: mpsz; ``[...]`` an exposed meld, ``(....)`` a concealed kong, ``[...+]`` an added
kong; ``f`` flowers and ``h`` seasons (number = seat + 1 is one's own). Seat and round are
East (0) unless a case says otherwise. Most single-item hands carry the flower ``2f``, which
is nobody's own at seat East, so that ``no_flowers`` stays out of the total, and an exposed
meld so that ``concealed`` stays out.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sparrows.errors import SparrowsError
from sparrows.rules.hongkong import HongKongOptions, payments, score_text, shares

#: No minimum: a complete hand of any value is valid, so one item can be looked at alone.
LOW = HongKongOptions(min_faan=0)

#: The chicken hand used under the condition and bonus items: an exposed chow, a pung of a
#: plain suited tile, no honours, several suits -> no hand-pattern item at all.
CHICKEN = "[123m]456p789s222s55m"


def score(hand: str, win: str, options: HongKongOptions = LOW, **kw):
    return score_text(hand, win=win, options=options, **kw)


def check(s, items, *, faan=None, limit=None, capped=False, valid=True):
    """``items`` as a multiset of (name, faan); ``faan`` defaults to their sum."""
    assert Counter((name, value) for name, value in s.items) == Counter(items)
    assert s.faan == (sum(value for _, value in items) if faan is None else faan)
    assert s.limit_hand == limit
    assert s.capped is capped
    assert s.valid is valid
    if valid:
        assert s.reason is None


# ------------------------------------------------------------------ 1. one hand per faan item

ITEM_CASES = [
    # chicken: [123m] 456p 789s 222m 55s; no pattern; exposed chow -> not concealed; 2f is
    # a bonus tile but not East's own (1f) -> 0.
    pytest.param("[123m]456p789s222m55s", "5s", {"flowers": "2f"}, [("chicken", 0)], id="chicken"),
    # common_hand: [789p] 123m 456m 234s + pair 88s (not an honour) -> 1.
    pytest.param(
        "[789p]123m456m234s88s", "4s", {"flowers": "2f"}, [("common_hand", 1)], id="common_hand"
    ),
    # all_triplets: [222m] 444p 666s 888s + 99m -> 3 (2m..8s: not only terminals/honours).
    pytest.param(
        "[222m]444p666s888s99m", "9m", {"flowers": "2f"}, [("all_triplets", 3)], id="all_triplets"
    ),
    # mixed_one_suit: [123s] 456s 789s 333z 22s: sou + West (neither seat nor round) -> 3.
    pytest.param(
        "[123s]456s789s333z22s",
        "2s",
        {"flowers": "2f"},
        [("mixed_one_suit", 3)],
        id="mixed_one_suit",
    ),
    # pure_suit: [111p] 234p 567p 888p 99p: only pin, two pungs -> 7 (no mixed_one_suit).
    pytest.param(
        "[111p]234p567p888p99p", "9p", {"flowers": "2f"}, [("pure_suit", 7)], id="pure_suit"
    ),
    # mixed_orphans: [111m] 999p 111s 333z 44z: terminals and honours only, all pungs
    # -> all_triplets 3 + mixed_orphans 1 = 4 (3 suits: no mixed_one_suit; West/North
    # are neither seat nor round wind).
    pytest.param(
        "[111m]999p111s333z44z",
        "4z",
        {"flowers": "2f"},
        [("all_triplets", 3), ("mixed_orphans", 1)],
        id="mixed_orphans",
    ),
    # small_dragons: [555z] 666z + pair 77z, 123m 456p -> 3 + dragon pung 1 + 1 = 5.
    pytest.param(
        "[555z]666z77z123m456p",
        "3m",
        {"flowers": "2f"},
        [("small_dragons", 3), ("dragon_pung", 1), ("dragon_pung", 1)],
        id="small_dragons",
    ),
    # great_dragons: [555z] 666z 777z 123m 44p -> 5 + 1 + 1 + 1 = 8.
    pytest.param(
        "[555z]666z777z123m44p",
        "4p",
        {"flowers": "2f"},
        [("great_dragons", 5), ("dragon_pung", 1), ("dragon_pung", 1), ("dragon_pung", 1)],
        id="great_dragons",
    ),
    # small_winds: seat North, round East: [123m] 111z 222z 333z + pair 44z -> small winds 6
    # + round wind (East pung) 1 + mixed_one_suit (man + honours) 3 = 10; the North pair
    # scores nothing; 2f is not North's own (4f).
    pytest.param(
        "[123m]111z222z333z44z",
        "4z",
        {"flowers": "2f", "seat": 3, "round": 0},
        [("small_winds", 6), ("round_wind", 1), ("mixed_one_suit", 3)],
        id="small_winds",
    ),
    # seven_pairs: 11m 33m 55p 77p 22s 99s 44z, seven kinds -> 4 + concealed 1 = 5.
    pytest.param(
        "1133m5577p2299s44z",
        "4z",
        {"flowers": "2f"},
        [("seven_pairs", 4), ("concealed", 1)],
        id="seven_pairs",
    ),
    # dragon_pung: [123m] 456p 789s 555z 11p -> 1.
    pytest.param(
        "[123m]456p789s555z11p", "1p", {"flowers": "2f"}, [("dragon_pung", 1)], id="dragon_pung"
    ),
    # seat_wind: seat South, round East, pung of South -> 1 (1f is not South's own, 2f).
    pytest.param(
        "[123m]456p789s222z11p",
        "1p",
        {"flowers": "1f", "seat": 1, "round": 0},
        [("seat_wind", 1)],
        id="seat_wind",
    ),
    # round_wind: seat South, round West, pung of West -> 1.
    pytest.param(
        "[123m]456p789s333z11p",
        "1p",
        {"flowers": "1f", "seat": 1, "round": 2},
        [("round_wind", 1)],
        id="round_wind",
    ),
    # concealed: 123m 456p 789s 222s 55m, no exposed meld, won on a discard -> chicken 0 +
    # concealed 1 = 1.
    pytest.param(
        "123m456p789s222s55m",
        "5m",
        {"flowers": "2f"},
        [("chicken", 0), ("concealed", 1)],
        id="concealed",
    ),
    # self_drawn: the chicken hand drawn -> 0 + 1.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "2f", "tsumo": True},
        [("chicken", 0), ("self_drawn", 1)],
        id="self_drawn",
    ),
    # no_flowers: the chicken hand without any bonus tile -> 0 + 1.
    pytest.param(CHICKEN, "5m", {}, [("chicken", 0), ("no_flowers", 1)], id="no_flowers"),
    # own_flower: seat West owns 3f; 1h is not its season (3h) -> 0 + 1.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "3f1h", "seat": 2},
        [("chicken", 0), ("own_flower", 1)],
        id="own_flower",
    ),
    # own_season: seat North owns 4h; 2f is not its flower (4f) -> 0 + 1.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "4h2f", "seat": 3},
        [("chicken", 0), ("own_season", 1)],
        id="own_season",
    ),
    # all_flowers: East with 1f-4f -> 2, replacing own_flower (1f) -> 0 + 2.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "1f2f3f4f"},
        [("chicken", 0), ("all_flowers", 2)],
        id="all_flowers",
    ),
    # all_seasons: South with 1h-4h -> 2, replacing own_season (2h) -> 0 + 2.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "1h2h3h4h", "seat": 1},
        [("chicken", 0), ("all_seasons", 2)],
        id="all_seasons",
    ),
    # last_tile: won on the last discard -> 0 + 1.
    pytest.param(
        CHICKEN,
        "5m",
        {"flowers": "2f", "last_tile": True},
        [("chicken", 0), ("last_tile", 1)],
        id="last_tile",
    ),
    # kong_bloom: [123m] 456p 789s (2222s) 55m, drawn on the kong's replacement -> chicken 0
    # + self_drawn 1 + kong_bloom 1 = 2 (exposed chow: not concealed).
    pytest.param(
        "[123m]456p789s(2222s)55m",
        "5m",
        {"flowers": "2f", "tsumo": True, "kong_bloom": True},
        [("chicken", 0), ("self_drawn", 1), ("kong_bloom", 1)],
        id="kong_bloom",
    ),
    # robbing_kong: wins on the 4p added to another's pung of 4p (the hand holds one 4p)
    # -> 0 + 1.
    pytest.param(
        CHICKEN,
        "4p",
        {"flowers": "2f", "robbing": True},
        [("chicken", 0), ("robbing_kong", 1)],
        id="robbing_kong",
    ),
]


@pytest.mark.parametrize(("hand", "win", "kw", "items"), ITEM_CASES)
def test_each_faan_item(hand, win, kw, items):
    check(score(hand, win, **kw), items)


def test_worked_hand_with_default_options():
    # 123m 456m 789m 234p + pair 55s, discard win, no bonus tile, seat/round East:
    # common_hand 1 + concealed 1 + no_flowers 1 = 3 = min_faan -> valid.
    s = score_text("123m456m789m234p55s", win="5s")
    check(s, [("common_hand", 1), ("concealed", 1), ("no_flowers", 1)])
    # The same hand drawn: + self_drawn 1 = 4.
    s = score_text("123m456m789m234p55s", win="5s", tsumo=True)
    check(s, [("common_hand", 1), ("concealed", 1), ("no_flowers", 1), ("self_drawn", 1)])


@pytest.mark.parametrize(
    ("pair", "seat", "round_", "items"),
    [
        ("88s", 0, 0, [("common_hand", 1)]),  # a suited pair
        ("44z", 0, 0, [("common_hand", 1)]),  # North: neither seat nor round wind
        ("11z", 0, 0, [("chicken", 0)]),  # East is the seat (and round) wind
        ("22z", 1, 0, [("chicken", 0)]),  # South is the seat wind
        ("33z", 1, 2, [("chicken", 0)]),  # West is the round wind
        ("55z", 0, 0, [("chicken", 0)]),  # a dragon pair
    ],
)
def test_common_hand_pair(pair, seat, round_, items):
    # [789p] 123m 456m 234s + the pair; 3f is nobody's own flower at seats 0 and 1.
    s = score(f"[789p]123m456m234s{pair}", "4s", flowers="3f", seat=seat, round=round_)
    check(s, items)


@pytest.mark.parametrize(
    ("seat", "round_", "pung", "items"),
    [
        (0, 0, "111z", [("seat_wind", 1), ("round_wind", 1)]),  # East seat, East round: 2
        (1, 2, "444z", [("chicken", 0)]),  # North pung, seat South, round West: nothing
        (3, 3, "[4444z]", [("seat_wind", 1), ("round_wind", 1)]),  # a kong counts: 2
    ],
)
def test_wind_pungs(seat, round_, pung, items):
    # [123m] 456p 789s + the wind pung + 11p; 3f is own only at seat West (not used here),
    # so no bonus faan.
    s = score(f"[123m]456p789s{pung}11p", "1p", flowers="3f", seat=seat, round=round_)
    check(s, items)


@pytest.mark.parametrize("meld", ["555z", "[6666z]", "(7777z)", "[5555z+]"])
def test_dragon_pung_or_kong(meld):
    # [123m] 456p 789s + one dragon pung/kong (of any kind) + 11p -> dragon_pung 1; the
    # exposed chow keeps the hand open even beside a concealed kong.
    check(score(f"[123m]456p789s{meld}11p", "1p", flowers="2f"), [("dragon_pung", 1)])


@pytest.mark.parametrize("meld", ["[222m]", "[2222m]", "[2222m+]", "(2222m)"])
def test_all_triplets_with_kongs(meld):
    # meld + 444p 666s 888s + 99m, won on a discarded 8s -> all_triplets 3. The discard
    # completes 888s, which then counts as exposed: never four_concealed_pungs. With the
    # concealed kong (2222m) nothing is exposed, so concealed 1 adds: 3 + 1 = 4.
    s = score(f"{meld}444p666s888s99m", "8s", flowers="2f")
    items = [("all_triplets", 3)]
    if meld.startswith("("):
        items.append(("concealed", 1))
    check(s, items)


def test_concealed_with_concealed_kong():
    # 123m 456p 789s (2222s) 55m: a concealed kong is not an exposure -> chicken 0 +
    # concealed 1 = 1.
    s = score("123m456p789s(2222s)55m", "5m", flowers="2f")
    check(s, [("chicken", 0), ("concealed", 1)])


@pytest.mark.parametrize(
    ("seat", "flowers", "items"),
    [
        (0, "1f1h", [("own_flower", 1), ("own_season", 1)]),  # both own: 2
        (1, "1f3f4h", []),  # South owns 2f/2h: none -> 0
        (2, "1f2f3f4f3h", [("all_flowers", 2), ("own_season", 1)]),  # 2 + 1 = 3
        (3, "1h2h3h4h4f", [("all_seasons", 2), ("own_flower", 1)]),  # 2 + 1 = 3
        (0, "1f2f3f4f1h2h3h", [("all_flowers", 2), ("own_season", 1)]),  # 7 of 8: 3
    ],
)
def test_bonus_tiles(seat, flowers, items):
    # The chicken hand (0) plus its bonus faan.
    check(score(CHICKEN, "5m", flowers=flowers, seat=seat), [("chicken", 0), *items])


def test_bonus_tiles_written_in_the_hand():
    # 1f written among the tiles is the same as flowers="1f": East's own flower -> 0 + 1.
    check(score(CHICKEN + "1f", "5m"), [("chicken", 0), ("own_flower", 1)])
    check(score(CHICKEN + "2f", "5m", flowers="1h"), [("chicken", 0), ("own_season", 1)])


def test_last_tile_self_drawn():
    # The chicken hand drawn as the last tile of the wall -> 0 + self_drawn 1 + last_tile 1.
    s = score(CHICKEN, "5m", flowers="2f", tsumo=True, last_tile=True)
    check(s, [("chicken", 0), ("self_drawn", 1), ("last_tile", 1)])


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items"),
    [
        # 11m 22m 44m 55m 77m 88m 99m: no standard reading (1m fits no set) -> seven pairs 4
        # + pure_suit 7 + concealed 1 = 12.
        ("11224455778899m", "9m", {}, [("seven_pairs", 4), ("pure_suit", 7), ("concealed", 1)]),
        # 11m 33m 55m 77m 99m 11z 22z -> 4 + mixed_one_suit 3 + concealed 1 = 8 (the East
        # pair scores nothing).
        (
            "1133557799m1122z",
            "2z",
            {},
            [("seven_pairs", 4), ("mixed_one_suit", 3), ("concealed", 1)],
        ),
        # 11m 99m 11p 99p 11s 99s 11z -> 4 + mixed_orphans 1 + concealed 1 = 6.
        (
            "1199m1199p1199s11z",
            "1z",
            {},
            [("seven_pairs", 4), ("mixed_orphans", 1), ("concealed", 1)],
        ),
        # 11m 33m 55p 77p 22s 99s 55z self-drawn -> 4 + concealed 1 + self_drawn 1 = 6; the
        # dragon pair scores nothing.
        (
            "1133m5577p2299s55z",
            "5z",
            {"tsumo": True},
            [("seven_pairs", 4), ("concealed", 1), ("self_drawn", 1)],
        ),
    ],
)
def test_seven_pairs_combinations(hand, win, kw, items):
    check(score(hand, win, flowers="2f", **kw), items)


def test_seven_pairs_with_no_flowers_default_options():
    # 4 + concealed 1 + no_flowers 1 = 6 >= 3 -> valid.
    s = score_text("1133m5577p2299s44z", win="4z")
    check(s, [("seven_pairs", 4), ("concealed", 1), ("no_flowers", 1)])


# ------------------------------------------------------------------ 2. limited hands

LIMIT_CASES = [
    # 1m 1m 9m 1p 9p 1s 9s E S W N Wh G R: 13; no concealed / no_flowers beside a limit.
    pytest.param("119m19p19s1234567z", "7z", {}, "thirteen_orphans", [], id="thirteen_orphans"),
    # 1112345678999m + 5m: 10 (the ordinary reading 111 234 55 678 999 is pure_suit 7 +
    # concealed 1 + no_flowers 1 = 9 < 10).
    pytest.param("11123455678999m", "5m", {}, "nine_gates", [], id="nine_gates"),
    # [111z] 333z 444z 555z 66z, seat/round South: 10 (ordinary at most all_triplets 3 +
    # dragon 1 + mixed_one_suit 3 = 7).
    pytest.param(
        "[111z]333z444z555z66z", "6z", {"seat": 1, "round": 1}, "all_honours", [], id="all_honours"
    ),
    # [111m] 999m 111p 999p 11s: only 1s and 9s -> 10.
    pytest.param("[111m]999m111p999p11s", "1s", {}, "all_terminals", [], id="all_terminals"),
    # 222m 444p 666s 888s + 99m, discard on the pair: the four pungs stay concealed -> 10.
    pytest.param(
        "222m444p666s888s99m", "9m", {}, "four_concealed_pungs", [], id="four_concealed_pungs"
    ),
    # 111z 222z 333z 444z 55m: 13; also four concealed pungs (10) but only the highest.
    pytest.param("111z222z333z444z55m", "5m", {}, "great_four_winds", [], id="great_four_winds"),
    # [1111m] (2222p) [3333s+] (4444s) 55z -> 13.
    pytest.param("[1111m](2222p)[3333s+](4444s)55z", "5z", {}, "all_kongs", [], id="all_kongs"),
    # dealer's dealt 14, self-drawn: 13 + self_drawn 1 = 14 -> capped at 13.
    pytest.param(
        "123m456p789s222s55m",
        "5m",
        {"seat": 0, "tsumo": True, "heavenly": True},
        "heavenly_hand",
        [("self_drawn", 1)],
        id="heavenly_hand",
    ),
    # West wins on the dealer's first discard: 13.
    pytest.param(
        "123m456p789s222s55m",
        "5m",
        {"seat": 2, "earthly": True},
        "earthly_hand",
        [],
        id="earthly_hand",
    ),
    # all 8 bonus tiles beside a hand that is not complete: 13, no all_flowers/all_seasons.
    pytest.param(
        "1358m2469p147s123z",
        "3z",
        {"flowers": "1f2f3f4f1h2h3h4h"},
        "all_eight_bonus",
        [],
        id="all_eight_bonus",
    ),
]

LIMIT_VALUES = {
    "thirteen_orphans": 13,
    "nine_gates": 10,
    "all_honours": 10,
    "all_terminals": 10,
    "four_concealed_pungs": 10,
    "great_four_winds": 13,
    "all_kongs": 13,
    "heavenly_hand": 13,
    "earthly_hand": 13,
    "all_eight_bonus": 13,
}


@pytest.mark.parametrize(("hand", "win", "kw", "name", "extra"), LIMIT_CASES)
def test_each_limited_hand(hand, win, kw, name, extra):
    s = score_text(hand, win=win, **kw)  # default options: min 3, limit 13
    raw = LIMIT_VALUES[name] + sum(v for _, v in extra)
    check(s, [(name, LIMIT_VALUES[name]), *extra], faan=min(raw, 13), limit=name, capped=raw > 13)


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items", "limit"),
    [
        # Drawn 8s completes 888s in hand: all four pungs concealed -> 10 + self_drawn 1 = 11.
        (
            "222m444p666s888s99m",
            "8s",
            {"tsumo": True},
            [("four_concealed_pungs", 10), ("self_drawn", 1)],
            "four_concealed_pungs",
        ),
        # A concealed kong counts as a concealed pung: drawn on the pair -> 10 + 1 = 11.
        (
            "(2222m)444p666s888s99m",
            "9m",
            {"tsumo": True},
            [("four_concealed_pungs", 10), ("self_drawn", 1)],
            "four_concealed_pungs",
        ),
        # The discarded 8s completes 888s, which counts as exposed: no limit hand; ordinary
        # all_triplets 3 + concealed 1 (no exposed meld) + no_flowers 1 = 5.
        (
            "222m444p666s888s99m",
            "8s",
            {},
            [("all_triplets", 3), ("concealed", 1), ("no_flowers", 1)],
            None,
        ),
    ],
)
def test_four_concealed_pungs_depends_on_the_winning_tile(hand, win, kw, items, limit):
    check(score_text(hand, win=win, **kw), items, limit=limit)


def test_only_the_highest_limit_counts():
    # 111z 222z 333z 444z 55z won on the pair by discard: great_four_winds 13, all_honours
    # 10 and four_concealed_pungs 10 all hold -> 13 only (not added), not capped.
    s = score_text("111z222z333z444z55z", win="5z")
    check(s, [("great_four_winds", 13)], limit="great_four_winds")


def test_limit_hand_ignores_bonus_and_concealed_faan():
    # Thirteen orphans with East's own flower and season: still 13 (no own_flower,
    # own_season, concealed).
    s = score_text("119m19p19s1234567z", win="1m", flowers="1f1h")
    check(s, [("thirteen_orphans", 13)], limit="thirteen_orphans")


@pytest.mark.parametrize(
    ("kw", "extra"),
    [
        ({"last_tile": True}, [("last_tile", 1)]),  # 10 + 1 = 11
        ({"last_tile": True, "tsumo": True}, [("last_tile", 1), ("self_drawn", 1)]),  # 12
    ],
)
def test_limit_hand_adds_winning_conditions(kw, extra):
    s = score_text("[111m]999m111p999p11s", win="1s", flowers="2f", **kw)
    check(s, [("all_terminals", 10), *extra], limit="all_terminals")


def test_all_kongs_kong_bloom_is_capped():
    # All kongs drawn on a kong replacement: 13 + self_drawn 1 + kong_bloom 1 = 15 -> 13.
    s = score_text("[1111m](2222p)[3333s+](4444s)55z", win="5z", tsumo=True, kong_bloom=True)
    items = [("all_kongs", 13), ("self_drawn", 1), ("kong_bloom", 1)]
    check(s, items, faan=13, limit="all_kongs", capped=True)


@pytest.mark.parametrize(("hand", "win"), [("1358m2469p147s123z", "3z"), (CHICKEN, "5m")])
def test_all_eight_bonus_valid_even_without_flower_minimum(hand, win):
    # Incomplete or complete, the 8 bonus tiles are a limited hand: 13 and always valid
    # (bonus faan not counting toward the minimum does not matter).
    opts = HongKongOptions(flowers_count_to_minimum=False)
    s = score_text(hand, win=win, flowers="1234f1234h", options=opts)
    check(s, [("all_eight_bonus", 13)], limit="all_eight_bonus")


# ------------------------------------------------------------------ 3. best reading


@pytest.mark.parametrize(
    ("hand", "win", "items"),
    [
        # [444p] + 111222333m + 55s: pungs 111 222 333 -> all_triplets 3, beating the chows
        # 123 123 123 (chicken 0).
        ("[444p]111222333m55s", "5s", [("all_triplets", 3)]),
        # 111222333m 456p 55s concealed: chows 123x3 + 456p -> common_hand 1 + concealed 1
        # = 2, beating the pungs reading (chicken 0 + concealed 1 = 1).
        ("111222333m456p55s", "5s", [("common_hand", 1), ("concealed", 1)]),
        # 22 33 44m 55 66 77p 55s: seven pairs 4 + concealed 1 = 5, beating 234m 234m
        # 567p 567p 55s (common_hand 1 + concealed 1 = 2).
        ("223344m556677p55s", "5s", [("seven_pairs", 4), ("concealed", 1)]),
    ],
)
def test_best_of_several_readings(hand, win, items):
    check(score(hand, win, flowers="2f"), items)


def test_nine_gates_beats_its_ordinary_reading_when_drawn():
    # Drawn: nine gates 10 + self_drawn 1 = 11 against pure 7 + concealed 1 + self_drawn 1
    # + no_flowers 1 = 10.
    s = score_text("11123455678999m", win="5m", tsumo=True)
    check(s, [("nine_gates", 10), ("self_drawn", 1)], limit="nine_gates")


# ------------------------------------------------------------------ 4. limit cap

ORDINARY_15 = [
    # [555z] 666z 777z 222m 33m: great_dragons 5 + 3 dragon pungs + all_triplets 3 +
    # mixed_one_suit 3 + no_flowers 1 = 15.
    ("great_dragons", 5),
    ("dragon_pung", 1),
    ("dragon_pung", 1),
    ("dragon_pung", 1),
    ("all_triplets", 3),
    ("mixed_one_suit", 3),
    ("no_flowers", 1),
]


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items", "limit"),
    [
        ("119m19p19s1234567z", "7z", {}, [("thirteen_orphans", 13)], "thirteen_orphans"),
        (
            "119m19p19s1234567z",
            "7z",
            {"tsumo": True},
            [("thirteen_orphans", 13), ("self_drawn", 1)],
            "thirteen_orphans",
        ),
        ("[555z]666z777z222m33m", "3m", {}, ORDINARY_15, None),
        (
            # seven pairs 4 + pure 7 + concealed 1 = 12
            "11224455778899m",
            "9m",
            {"flowers": "2f"},
            [("seven_pairs", 4), ("pure_suit", 7), ("concealed", 1)],
            None,
        ),
        (
            # all terminals 10 + last tile 1 = 11
            "[111m]999m111p999p11s",
            "1s",
            {"last_tile": True},
            [("all_terminals", 10), ("last_tile", 1)],
            "all_terminals",
        ),
    ],
)
@pytest.mark.parametrize("limit_faan", [13, 10])
def test_limit_cap(hand, win, kw, items, limit, limit_faan):
    raw = sum(v for _, v in items)  # 13, 14, 15, 12, 11
    s = score_text(hand, win=win, options=HongKongOptions(limit_faan=limit_faan), **kw)
    check(s, items, faan=min(raw, limit_faan), limit=limit, capped=raw > limit_faan)


# ------------------------------------------------------------------ 5. minimum faan


def test_chicken_hand_below_default_minimum():
    # 0 < 3: complete but not a legal win.
    s = score_text("[123m]456p789s222m55s", win="5s", flowers="2f")
    assert s.valid is False
    assert s.faan == 0
    assert "min" in s.reason.lower()


@pytest.mark.parametrize(
    ("flowers", "bonus_item"),
    [("", ("no_flowers", 1)), ("1f", ("own_flower", 1))],
)
@pytest.mark.parametrize("count", [True, False])
def test_flowers_count_to_minimum(flowers, bonus_item, count):
    # [123m] 456p 789s 555z 22s drawn at seat East: dragon_pung 1 + self_drawn 1 + the bonus
    # item 1 = 3. Counting bonus faan: 3 >= 3 valid; not counting: 2 < 3 invalid (the total
    # is still 3).
    opts = HongKongOptions(flowers_count_to_minimum=count)
    s = score_text("[123m]456p789s555z22s", win="2s", tsumo=True, flowers=flowers, options=opts)
    items = [("dragon_pung", 1), ("self_drawn", 1), bonus_item]
    assert Counter((n, v) for n, v in s.items) == Counter(items)
    assert s.faan == 3
    assert s.valid is count
    if count:
        assert s.reason is None
    else:
        assert "min" in s.reason.lower()


@pytest.mark.parametrize("count", [True, False])
def test_three_faan_without_bonus_items_valid_either_way(count):
    # all_triplets 3, with the non-own flower 2f: 3 >= 3 whether or not bonus faan count.
    opts = HongKongOptions(flowers_count_to_minimum=count)
    s = score_text("[222m]444p666s888s99m", win="9m", flowers="2f", options=opts)
    check(s, [("all_triplets", 3)])


@pytest.mark.parametrize(("min_faan", "valid"), [(1, True), (2, False)])
def test_min_faan_option(min_faan, valid):
    # dragon_pung 1 (with the non-own flower 2f): valid with min 1, not with min 2.
    opts = HongKongOptions(min_faan=min_faan)
    s = score_text("[123m]456p789s555z11p", win="1p", flowers="2f", options=opts)
    assert s.faan == 1
    assert s.valid is valid


# ------------------------------------------------------------------ 6. invalid input


@pytest.mark.parametrize(
    ("hand", "win", "kw"),
    [
        ("123m456p789s234s56m", "6m", {}),  # 5m 6m is no pair
        ("1111m5577p2299s44z", "4z", {}),  # four 1m are not two pairs
        ("1133m5577p2299s44z", "4z", {"options": HongKongOptions(seven_pairs=False)}),
        ("[123m]456p789s222s5m7m", "7m", {}),  # 5m 7m is no pair
    ],
)
def test_incomplete_hand_is_not_valid(hand, win, kw):
    s = score_text(hand, win=win, **kw)
    assert s.valid is False
    assert "complete" in s.reason.lower()


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("12x3m456p789s234s55m", "5m"),  # unknown character
        ("[555p 123m456p789s55s", "5s"),  # bracket never closed
        ("123m456p789s234s55m", "5q"),  # bad winning tile
        ("123m456p789s234s55", "5s"),  # digits without a suit letter
    ],
)
def test_bad_notation_raises(hand, win):
    with pytest.raises(SparrowsError):
        score_text(hand, win=win)


# ------------------------------------------------------------------ 7. payments

HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
FULL_SPICY = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]


@pytest.mark.parametrize("faan", range(14))
def test_share_table(faan):
    assert shares(faan, HongKongOptions()) == HALF_SPICY[faan]
    assert shares(faan, HongKongOptions(spicy="half")) == HALF_SPICY[faan]
    assert shares(faan, HongKongOptions(spicy="full")) == FULL_SPICY[faan]


#: (gun, winner, discarder, per-seat deltas in shares); the dealer is seat 0 (no doubling).
PAY_PATTERNS = [
    # half gun, seat 1 wins on seat 3's discard: discarder 2, the others 1 each -> +4.
    ("half", 1, 3, [-1, 4, -1, -2]),
    # half gun, seat 2 draws: each of three pays 2 -> +6.
    ("half", 2, None, [-2, -2, 6, -2]),
    # full gun, seat 1 wins on seat 3's discard: the discarder pays all 4.
    ("full", 1, 3, [0, 4, 0, -4]),
    # full gun, self-draw: as half gun.
    ("full", 2, None, [-2, -2, 6, -2]),
]


@pytest.mark.parametrize("faan", range(14))
@pytest.mark.parametrize(("spicy", "table"), [("half", HALF_SPICY), ("full", FULL_SPICY)])
@pytest.mark.parametrize(("gun", "winner", "discarder", "pattern"), PAY_PATTERNS)
def test_payment_table(faan, spicy, table, gun, winner, discarder, pattern):
    opts = HongKongOptions(spicy=spicy, gun=gun)
    deltas = payments(faan, winner, discarder, 0, opts)
    assert list(deltas) == [m * table[faan] for m in pattern]
    assert sum(deltas) == 0


@pytest.mark.parametrize(
    ("gun", "winner", "discarder", "dealer", "expected"),
    [
        # faan 3, half-spicy: one share = 8; every payment to or from the dealer doubled.
        # Dealer 0 wins on seat 2: seat 2 pays 2x8x2 = 32, seats 1, 3 pay 1x8x2 = 16.
        ("half", 0, 2, 0, [64, -16, -32, -16]),
        # Seat 1 wins on the dealer's discard: dealer 2x8x2 = 32, seats 2, 3 pay 8.
        ("half", 1, 0, 0, [-32, 48, -8, -8]),
        # Seat 1 wins on seat 2's discard: seat 2 pays 16, dealer 1x8x2 = 16, seat 3 pays 8.
        ("half", 1, 2, 0, [-16, 40, -16, -8]),
        # Dealer draws: each pays 2x8x2 = 32.
        ("half", 0, None, 0, [96, -32, -32, -32]),
        # Seat 2 draws: dealer 2x8x2 = 32, seats 1, 3 pay 16.
        ("half", 2, None, 0, [-32, -16, 64, -16]),
        # Full gun, seat 1 wins on the dealer's discard: 4x8x2 = 64.
        ("full", 1, 0, 0, [-64, 64, 0, 0]),
        # Full gun, seat 1 wins on seat 2's discard: 4x8 = 32; the dealer pays nothing.
        ("full", 1, 2, 0, [0, 32, -32, 0]),
        # Full gun, dealer 0 wins on seat 3's discard: 4x8x2 = 64.
        ("full", 0, 3, 0, [64, 0, 0, -64]),
        # Full gun, seat 3 draws, dealer seat 1: dealer 2x8x2 = 32, seats 0, 2 pay 16.
        ("full", 3, None, 1, [-16, -32, -16, 64]),
    ],
)
def test_dealer_double(gun, winner, discarder, dealer, expected):
    opts = HongKongOptions(gun=gun, dealer_double=True)
    deltas = payments(3, winner, discarder, dealer, opts)
    assert list(deltas) == expected
    assert sum(deltas) == 0


def test_dealer_not_doubled_by_default():
    # Dealer 0 draws 3 faan, half-spicy half gun: each pays 2x8 = 16, nothing doubled.
    assert list(payments(3, 0, None, 0, HongKongOptions())) == [48, -16, -16, -16]


def test_payment_of_a_capped_hand():
    # A 13-faan limit at limit_faan=10 scores 10: one share 128, a self-draw -> 3 x 256.
    opts = HongKongOptions(limit_faan=10)
    s = score_text("119m19p19s1234567z", win="7z", tsumo=True, options=opts)
    assert s.faan == 10
    assert shares(s.faan, opts) == 128
    assert list(payments(s.faan, 1, None, 0, opts)) == [-256, 768, -256, -256]
