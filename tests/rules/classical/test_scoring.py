"""Classical Chinese scoring, item by item: the standard values, meld, pair and bonus
points, the winner's extra points, every double, the winning tile's set and seven pairs.
Worked hands whose expected values were computed by hand from
``shared/rules/classical.md`` (points x 2^doubles, capped at the limit) and the lead's
decisions on what it leaves open, never copied from the implementation; each case
carries its arithmetic. The notation and ``BASE``:
``tests/support/classical_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.rules import get_ruleset
from sparrows.rules.classical import ClassicalOptions, score_text
from tests.support.classical_scoring import BASE, MJ, NOCAP, SEVEN, D, P, check

# ------------------------------------------------------------------ 0. the standard values


def test_exposed_pung_of_simples_scores_2():
    # [123m] 456p 789s [222s] 11p on a discarded 4p: 20 + exposed pung of 2s 2 = 22.
    s = score_text("[123m]456p789s[222s]11p", win="4p", options=NOCAP)
    check(s, [MJ, P("exposed_pung", 2)], 22, 0, 22)


def test_concealed_pung_of_a_terminal_scores_8():
    # [123m] 456p 789s 999m 11p on a discarded 4p (the 9m pung was never claimed): 20 + 8.
    s = score_text("[123m]456p789s999m11p", win="4p", options=NOCAP)
    check(s, [MJ, P("concealed_pung", 8)], 28, 0, 28)


def test_concealed_kong_of_honours_scores_32():
    # [123m] 456p 789s (4444z) 11p: North is neither seat nor round wind -> 20 + 32 = 52.
    s = score_text("[123m]456p789s(4444z)11p", win="4p", options=NOCAP)
    check(s, [MJ, P("concealed_kong", 32)], 52, 0, 52)


def test_mah_jongg_scores_20():
    # BASE: chows and a plain pair score nothing; Mah Jongg 20, no doubles -> 20.
    s = score_text(BASE, win="4p")
    check(s, [MJ], 20, 0, 20)


# ------------------------------------------------------------------ 1. meld points


@pytest.mark.parametrize(
    ("meld", "item"),
    [
        ("[222s]", P("exposed_pung", 2)),  # simples
        ("[999m]", P("exposed_pung", 4)),  # a terminal
        ("[444z]", P("exposed_pung", 4)),  # an honour (North: no wind double here)
        ("222s", P("concealed_pung", 4)),
        ("999m", P("concealed_pung", 8)),
        ("444z", P("concealed_pung", 8)),
        ("[2222s]", P("exposed_kong", 8)),
        ("[2222s+]", P("exposed_kong", 8)),  # an added kong is exposed
        ("[9999m]", P("exposed_kong", 16)),
        ("[4444z]", P("exposed_kong", 16)),
        ("(2222s)", P("concealed_kong", 16)),
        ("(1111s)", P("concealed_kong", 32)),
        ("(4444z)", P("concealed_kong", 32)),
    ],
)
def test_meld_points(meld, item):
    # [123m] 456p 789s + meld + 11p on a discarded 4p (waits 4p/7p): 20 + the meld's value;
    # the exposed chow keeps fully_concealed out even beside a concealed kong.
    s = score_text(f"[123m]456p789s{meld}11p", win="4p", options=NOCAP)
    points = 20 + item[2]
    check(s, [MJ, item], points, 0, points)


# ------------------------------------------------------------------ 2. pair and bonus points


@pytest.mark.parametrize(
    ("pair", "seat", "round_", "items", "points"),
    [
        ("55z", 0, 0, [P("dragon_pair", 2)], 22),  # white
        ("66z", 0, 0, [P("dragon_pair", 2)], 22),  # green
        ("77z", 0, 0, [P("dragon_pair", 2)], 22),  # red
        ("22z", 1, 0, [P("seat_wind_pair", 2)], 22),  # South is South's seat wind
        ("33z", 0, 2, [P("round_wind_pair", 2)], 22),  # West is the round wind
        # East at seat East in the East round: both pair items, 2 + 2 = 4 -> 24.
        ("11z", 0, 0, [P("seat_wind_pair", 2), P("round_wind_pair", 2)], 24),
        ("44z", 0, 0, [], 20),  # North: neither seat nor round wind
        ("44z", 3, 3, [P("seat_wind_pair", 2), P("round_wind_pair", 2)], 24),
    ],
)
def test_pair_points(pair, seat, round_, items, points):
    # [123m] 456p 789s [234s] + the pair on a discarded 4p: 20 + pair points, no doubles.
    s = score_text(f"[123m]456p789s[234s]{pair}", win="4p", seat=seat, round=round_)
    check(s, [MJ, *items], points, 0, points)


@pytest.mark.parametrize(
    ("flowers", "seat", "items", "points", "doubles", "score"),
    [
        # 2f at seat East (own flower 1f): 20 + 4 = 24, no double.
        ("2f", 0, [P("bonus_tile", 4)], 24, 0, 24),
        # two bonus tiles, neither East's own: 20 + 4 + 4 = 28.
        ("2f3h", 0, [P("bonus_tile", 4)] * 2, 28, 0, 28),
        # own_flower: West (seat 2) owns 3f -> (20 + 4) x 2 = 48.
        ("3f", 2, [P("bonus_tile", 4), D("own_flower")], 24, 1, 48),
        # own_season: North (seat 3) owns 4h -> (20 + 4) x 2 = 48.
        ("4h", 3, [P("bonus_tile", 4), D("own_season")], 24, 1, 48),
        # all_flowers beside own_flower: (20 + 16) x 2^2 = 144.
        ("1f2f3f4f", 0, [P("bonus_tile", 4)] * 4 + [D("own_flower"), D("all_flowers")], 36, 2, 144),
        # all_seasons beside own_season (South owns 2h): (20 + 16) x 4 = 144.
        ("1h2h3h4h", 1, [P("bonus_tile", 4)] * 4 + [D("own_season"), D("all_seasons")], 36, 2, 144),
        # all eight at seat East: (20 + 32) x 2^4 = 52 x 16 = 832 (no cap here).
        (
            "1f2f3f4f1h2h3h4h",
            0,
            [P("bonus_tile", 4)] * 8
            + [D("own_flower"), D("all_flowers"), D("own_season"), D("all_seasons")],
            52,
            4,
            832,
        ),
    ],
)
def test_bonus_tiles(flowers, seat, items, points, doubles, score):
    s = score_text(BASE, win="4p", seat=seat, flowers=flowers, options=NOCAP)
    check(s, [MJ, *items], points, doubles, score)


# ------------------------------------------------------------------ 3. winner's extra points


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items", "points"),
    [
        # pair_wait: [123m] 1234p 789s [234s] waits 1p or 4p (two kinds); 4p makes 123p + 44p
        # -> 20 + 2 = 22.
        pytest.param("[123m]12344p789s[234s]", "4p", {}, [P("pair_wait", 2)], 22, id="pair_wait"),
        # only_tile: 11p 46p waits on 5p alone (closed wait); 5p is in 456p -> 20 + 2 = 22.
        pytest.param("[123m]11456p789s[234s]", "5p", {}, [P("only_tile", 2)], 22, id="only_tile"),
        # both: 1p 456p waits on 1p alone (single wait on the pair) -> 20 + 2 + 2 = 24.
        pytest.param(
            "[123m]11456p789s[234s]",
            "1p",
            {},
            [P("pair_wait", 2), P("only_tile", 2)],
            24,
            id="pair_wait_and_only_tile",
        ),
        # self_drawn: BASE drawn -> 20 + 2 = 22.
        pytest.param(BASE, "4p", {"tsumo": True}, [P("self_drawn", 2)], 22, id="self_drawn"),
        # only_tile with a kind held four times: [555p] + 5678p would wait on 5p or 8p, but
        # the 13 tiles hold all four 5p, so 8p is the only tile; it completes the pair 88p
        # -> 20 + exposed pung 2 + pair_wait 2 + only_tile 2 = 26.
        pytest.param(
            "[555p][123m][789s]56788p",
            "8p",
            {},
            [P("exposed_pung", 2), P("pair_wait", 2), P("only_tile", 2)],
            26,
            id="only_tile_fifth_copy_is_no_wait",
        ),
        # The four 5p all concealed: 5555678p waits on 5p (a fifth copy: no wait) or 8p; 8p
        # makes 555p 567p 88p -> 20 + concealed pung 4 + pair_wait 2 + only_tile 2 = 28.
        pytest.param(
            "[123m][789s]55556788p",
            "8p",
            {},
            [P("concealed_pung", 4), P("pair_wait", 2), P("only_tile", 2)],
            28,
            id="only_tile_four_concealed_copies",
        ),
        # The same shape with [222s] instead: waits 5p and 8p -> 20 + 2 + pair_wait 2 = 24.
        pytest.param(
            "[222s][123m][789s]56788p",
            "8p",
            {},
            [P("exposed_pung", 2), P("pair_wait", 2)],
            24,
            id="two_waits_no_only_tile",
        ),
    ],
)
def test_winner_extra_points(hand, win, kw, items, points):
    s = score_text(hand, win=win, options=NOCAP, **kw)
    check(s, [MJ, *items], points, 0, points)


# ------------------------------------------------------------------ 4. doubles

DOUBLE_CASES = [
    # dragon_pung: BASE shape with [555z] for [234s]: (20 + 4) x 2 = 48.
    pytest.param(
        "[123m]456p789s[555z]11p",
        "4p",
        {},
        [P("exposed_pung", 4), D("dragon_pung")],
        24,
        1,
        48,
        id="dragon_pung",
    ),
    # seat_wind_pung: South pung at seat South, round East -> (20 + 4) x 2 = 48.
    pytest.param(
        "[123m]456p789s[222z]11p",
        "4p",
        {"seat": 1, "round": 0},
        [P("exposed_pung", 4), D("seat_wind_pung")],
        24,
        1,
        48,
        id="seat_wind_pung",
    ),
    # round_wind_pung: West pung at seat South, round West -> (20 + 4) x 2 = 48.
    pytest.param(
        "[123m]456p789s[333z]11p",
        "4p",
        {"seat": 1, "round": 2},
        [P("exposed_pung", 4), D("round_wind_pung")],
        24,
        1,
        48,
        id="round_wind_pung",
    ),
    # East pung at seat East in the East round: both doubles -> (20 + 4) x 4 = 96.
    pytest.param(
        "[123m]456p789s[111z]11p",
        "4p",
        {},
        [P("exposed_pung", 4), D("seat_wind_pung"), D("round_wind_pung")],
        24,
        2,
        96,
        id="seat_and_round_wind_pung",
    ),
    # A concealed kong of the seat wind counts too: North (seat 3, round East) (4444z)
    # -> (20 + 32) x 2 = 104.
    pytest.param(
        "[123m]456p789s(4444z)11p",
        "4p",
        {"seat": 3},
        [P("concealed_kong", 32), D("seat_wind_pung")],
        52,
        1,
        104,
        id="seat_wind_kong",
    ),
    # three_concealed_pungs: [123m] 222p 555s 888s 11p, 8s drawn (shanpon 8s/1p): all three
    # pungs concealed -> 20 + 4 + 4 + 4 + self_drawn 2 = 34, x 2 = 68.
    pytest.param(
        "[123m]222p555s888s11p",
        "8s",
        {"tsumo": True},
        [P("concealed_pung", 4)] * 3 + [P("self_drawn", 2), D("three_concealed_pungs")],
        34,
        1,
        68,
        id="three_concealed_pungs",
    ),
    # A concealed kong counts as a concealed pung: (2222m) 444p 666s [789s] + 1p on a single
    # wait -> 20 + 16 + 4 + 4 + pair_wait 2 + only_tile 2 = 48, x 2 = 96.
    pytest.param(
        "(2222m)444p666s[789s]11p",
        "1p",
        {},
        [
            P("concealed_kong", 16),
            P("concealed_pung", 4),
            P("concealed_pung", 4),
            P("pair_wait", 2),
            P("only_tile", 2),
            D("three_concealed_pungs"),
        ],
        48,
        1,
        96,
        id="three_concealed_pungs_with_a_kong",
    ),
    # no_chow: [222m] [444p] [888s] 666s 99m; 66s 99m waited on 6s or 9m and the discarded
    # 6s completes 666s (exposed, 2) -> 20 + 2 + 2 + 2 + 2 = 28, x 2 = 56.
    pytest.param(
        "[222m][444p][888s]666s99m",
        "6s",
        {},
        [P("exposed_pung", 2)] * 4 + [D("no_chow")],
        28,
        1,
        56,
        id="no_chow",
    ),
    # fully_concealed: 123m 456p 789s 234s 11p on a discarded 4p -> 20 x 2 = 40.
    pytest.param(
        "123m456p789s234s11p", "4p", {}, [D("fully_concealed")], 20, 1, 40, id="fully_concealed"
    ),
    # A concealed kong is no exposure: 123m 456p 789s (2222s) 55m -> (20 + 16) x 2 = 72.
    pytest.param(
        "123m456p789s(2222s)55m",
        "4p",
        {},
        [P("concealed_kong", 16), D("fully_concealed")],
        36,
        1,
        72,
        id="fully_concealed_with_concealed_kong",
    ),
    # mixed_one_suit: [123s] 456s 789s [444z] 22s, 4s on 56s (waits 4s/7s) -> (20 + 4) x 2.
    pytest.param(
        "[123s]456s789s[444z]22s",
        "4s",
        {},
        [P("exposed_pung", 4), D("mixed_one_suit")],
        24,
        1,
        48,
        id="mixed_one_suit",
    ),
    # pure_one_suit (3, no mixed_one_suit): [123s] 456s 789s [666s] 22s -> (20 + 2) x 8.
    pytest.param(
        "[123s]456s789s[666s]22s",
        "4s",
        {},
        [P("exposed_pung", 2), D("pure_one_suit", 3)],
        22,
        3,
        176,
        id="pure_one_suit",
    ),
    # terminals_and_honours: [111m] [999p] [444z] 111s + 9s on a single wait -> 20 + 4 + 4
    # + 4 + concealed 8 + pair_wait 2 + only_tile 2 = 44; no_chow + terminals_and_honours
    # -> 44 x 4 = 176.
    pytest.param(
        "[111m][999p][444z]111s99s",
        "9s",
        {},
        [P("exposed_pung", 4)] * 3
        + [P("concealed_pung", 8), P("pair_wait", 2), P("only_tile", 2)]
        + [D("no_chow"), D("terminals_and_honours")],
        44,
        2,
        176,
        id="terminals_and_honours",
    ),
    # last_tile: BASE on the last discard -> 20 x 2 = 40.
    pytest.param(BASE, "4p", {"last_tile": True}, [D("last_tile")], 20, 1, 40, id="last_tile"),
    # last_tile drawn: (20 + self_drawn 2) x 2 = 44.
    pytest.param(
        BASE,
        "4p",
        {"last_tile": True, "tsumo": True},
        [P("self_drawn", 2), D("last_tile")],
        22,
        1,
        44,
        id="last_tile_drawn",
    ),
    # kong_replacement: [123m] 456p 789s [2222s] 11p, 4p drawn after the kong -> 20 + 8 +
    # self_drawn 2 = 30, x 2 = 60.
    pytest.param(
        "[123m]456p789s[2222s]11p",
        "4p",
        {"tsumo": True, "kong_bloom": True},
        [P("exposed_kong", 8), P("self_drawn", 2), D("kong_replacement")],
        30,
        1,
        60,
        id="kong_replacement",
    ),
    # robbing_kong: BASE on a 4p robbed from another's added kong -> 20 x 2 = 40.
    pytest.param(BASE, "4p", {"robbing": True}, [D("robbing_kong")], 20, 1, 40, id="robbing_kong"),
    # little_three_dragons: [555z] [666z] 77z 123m 456p, 1m on 23m (waits 1m/4m) -> 20 + 4
    # + 4 + dragon pair 2 = 30; 2 dragon pungs + 1 = 3 doubles -> 30 x 8 = 240.
    pytest.param(
        "[555z][666z]77z123m456p",
        "1m",
        {},
        [P("exposed_pung", 4)] * 2
        + [P("dragon_pair", 2), D("dragon_pung"), D("dragon_pung"), D("little_three_dragons")],
        30,
        3,
        240,
        id="little_three_dragons",
    ),
    # big_three_dragons: [555z] [666z] [777z] 123m 44p -> 20 + 12 = 32; 3 + 2 = 5 doubles
    # -> 32 x 32 = 1024 (no cap).
    pytest.param(
        "[555z][666z][777z]123m44p",
        "1m",
        {},
        [P("exposed_pung", 4)] * 3 + [D("dragon_pung")] * 3 + [D("big_three_dragons", 2)],
        32,
        5,
        1024,
        id="big_three_dragons",
    ),
    # little_four_winds: [222z] [333z] [444z] 11z 123m at seat/round East: 20 + 12 + East
    # pair 2 + 2 = 36; little_four_winds 1 + mixed_one_suit 1 (man + honours) -> 36 x 4.
    pytest.param(
        "[222z][333z][444z]11z123m",
        "1m",
        {},
        [P("exposed_pung", 4)] * 3
        + [P("seat_wind_pair", 2), P("round_wind_pair", 2)]
        + [D("little_four_winds"), D("mixed_one_suit")],
        36,
        2,
        144,
        id="little_four_winds",
    ),
    # big_four_winds: [111z] [222z] [333z] [444z] + 5m on a single wait -> 20 + 16 +
    # pair_wait 2 + only_tile 2 = 40; East pung seat 1 + round 1, big_four_winds 2, no_chow
    # 1, mixed_one_suit 1 = 6 -> 40 x 64 = 2560.
    pytest.param(
        "[111z][222z][333z][444z]55m",
        "5m",
        {},
        [P("exposed_pung", 4)] * 4
        + [P("pair_wait", 2), P("only_tile", 2)]
        + [D("seat_wind_pung"), D("round_wind_pung"), D("big_four_winds", 2)]
        + [D("no_chow"), D("mixed_one_suit")],
        40,
        6,
        2560,
        id="big_four_winds",
    ),
]


@pytest.mark.parametrize(("hand", "win", "kw", "items", "points", "doubles", "score"), DOUBLE_CASES)
def test_each_double(hand, win, kw, items, points, doubles, score):
    s = score_text(hand, win=win, options=NOCAP, **kw)
    check(s, [MJ, *items], points, doubles, score)


# ------------------------------------------------------------------ 5. the winning tile's set


@pytest.mark.parametrize(
    ("win", "tsumo", "items", "points", "score"),
    [
        # 123m 456p 789s 22s 55m waits 2s or 5m. The discarded 2s completes 222s: exposed 2,
        # but fully_concealed still holds -> (20 + 2) x 2 = 44.
        ("2s", False, [P("exposed_pung", 2)], 22, 44),
        # The discarded 5m completes 555m (simples, exposed 2), 22s the pair -> 44.
        ("5m", False, [P("exposed_pung", 2)], 22, 44),
        # 2s drawn: 222s concealed 4 + self_drawn 2 -> 26 x 2 = 52.
        ("2s", True, [P("concealed_pung", 4), P("self_drawn", 2)], 26, 52),
    ],
)
def test_pung_completed_by_the_winning_tile(win, tsumo, items, points, score):
    hand = "123m456p789s222s55m" if win == "2s" else "123m456p789s22s555m"
    s = score_text(hand, win=win, tsumo=tsumo, options=NOCAP)
    check(s, [MJ, *items, D("fully_concealed")], points, 1, score)


def test_discard_completed_pung_is_no_concealed_pung():
    # [123m] 222p 555s 888s 11p on a discarded 8s: 888s exposed (2), so only two concealed
    # pungs -> 20 + 4 + 4 + 2 = 30, no three_concealed_pungs (compare the drawn 68 above).
    s = score_text("[123m]222p555s888s11p", win="8s", options=NOCAP)
    check(s, [MJ, P("concealed_pung", 4), P("concealed_pung", 4), P("exposed_pung", 2)], 30, 0, 30)


def test_exposed_kong_is_no_concealed_pung():
    # [2222m] 444p 666s [789s] 11p, single wait on 1p: one exposed kong 8 + two concealed
    # pungs 4 + 4 + pair_wait 2 + only_tile 2 + 20 = 40; no three_concealed_pungs.
    s = score_text("[2222m]444p666s[789s]11p", win="1p", options=NOCAP)
    items = [
        MJ,
        P("exposed_kong", 8),
        P("concealed_pung", 4),
        P("concealed_pung", 4),
        P("pair_wait", 2),
        P("only_tile", 2),
    ]
    check(s, items, 40, 0, 40)


def test_winning_tile_in_a_run_rather_than_the_pung():
    # 111123m 456p 789s 55s on a discarded 1m (waits 1m, 4m, 5s): the 1m may complete the
    # run 123m, leaving 111m concealed (8) -> (20 + 8) x 2 = 56, better than the exposed
    # reading (20 + 4) x 2 = 48.
    s = score_text("111123m456p789s55s", win="1m", options=NOCAP)
    check(s, [MJ, P("concealed_pung", 8), D("fully_concealed")], 28, 1, 56)


@pytest.mark.parametrize(
    ("tsumo", "items", "points"),
    [
        # 22234555m [789s] 456p on a discarded 2m. Readings: 222m (exposed 2) 345m 55m -> 22,
        # or 22m 234m 555m (concealed 4) with the 2m on the pair (pair_wait 2) -> 26. Best 26.
        (False, [P("concealed_pung", 4), P("pair_wait", 2)], 26),
        # Drawn: 222m concealed 4 + 2 = 26, or 555m 4 + pair_wait 2 + 2 = 28. Best 28.
        (True, [P("concealed_pung", 4), P("pair_wait", 2), P("self_drawn", 2)], 28),
    ],
)
def test_best_reading_pung_or_pair(tsumo, items, points):
    s = score_text("22234555m[789s]456p", win="2m", tsumo=tsumo, options=NOCAP)
    check(s, [MJ, *items], points, 0, points)


# ------------------------------------------------------------------ 6. seven pairs


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items", "points", "doubles", "score"),
    [
        # 11m 33m 55p 77p 22s 99s 44z: 20 x 2 = 40.
        ("1133m5577p2299s44z", "4z", {}, [], 20, 1, 40),
        # A dragon pair, self-drawn: still nothing else (no dragon_pair, self_drawn or
        # fully_concealed) -> 40.
        ("1133m5577p2299s55z", "5z", {"tsumo": True}, [], 20, 1, 40),
        # Only terminals and honours: no terminals_and_honours -> 40.
        ("1199m1199p1199s11z", "1z", {}, [], 20, 1, 40),
        # East's own flower: (20 + 4) x 2^2 = 96.
        (
            "1133m5577p2299s44z",
            "4z",
            {"flowers": "1f"},
            [P("bonus_tile", 4), D("own_flower")],
            24,
            2,
            96,
        ),
        # All four flowers at seat East: (20 + 16) x 2^3 = 288.
        (
            "1133m5577p2299s44z",
            "4z",
            {"flowers": "1f2f3f4f"},
            [P("bonus_tile", 4)] * 4 + [D("own_flower"), D("all_flowers")],
            36,
            3,
            288,
        ),
    ],
)
def test_seven_pairs(hand, win, kw, items, points, doubles, score):
    s = score_text(hand, win=win, options=SEVEN, **kw)
    check(s, [MJ, D("seven_pairs"), *items], points, doubles, score)


def test_seven_pairs_win_by_default_as_seed_002_says_and_can_be_turned_off():
    # seed 002: "two irregular hands which can win- 7 pairs of tiles, and 13 Orphans"
    for preset in ("standard", "classical", "cuencana", "seed003", "limit300", "limit1000"):
        opts = get_ruleset("classical", {"preset": preset}).options
        assert opts.seven_pairs, preset
        s = score_text("1133m5577p2299s44z", win="4z", options=opts)
        assert s.valid and s.score == 40  # Mah Jongg 20, one double
    s = score_text("1133m5577p2299s44z", win="4z", options=ClassicalOptions(seven_pairs=False))
    assert s.valid is False
    assert "complete" in s.reason.lower()
