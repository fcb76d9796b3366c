"""Classical Chinese scoring of whole hands: limit hands, worked whole hands and the cap,
the losers' scores, settlement and invalid input. Worked hands whose expected values
were computed by hand from ``shared/rules/classical.md`` (points x 2^doubles, capped at
the limit) and the lead's decisions on what it leaves open, never copied from the
implementation; each case carries its arithmetic. The notation and ``BASE``:
``tests/support/classical_scoring.py``."""

from __future__ import annotations

import pytest

from sparrows.errors import SparrowsError
from sparrows.rules.classical import ClassicalOptions, score_loser_text, score_text, settle
from tests.support.classical_scoring import BASE, MJ, NOCAP, SEVEN, D, P, check, check_limit

# ------------------------------------------------------------------ 7. limit hands

LIMIT_CASES = [
    # 1m 1m 9m 1p 9p 1s 9s E S W N Wh G R.
    pytest.param("119m19p19s1234567z", "7z", {}, "thirteen_orphans", id="thirteen_orphans"),
    # 1112345678999m + 5m (also one suit concealed: the more specific name is expected).
    pytest.param("11123455678999m", "5m", {}, "nine_gates", id="nine_gates"),
    # [222z] 333z 444z 555z 66z: honours only; the exposed pung keeps hidden_treasure out.
    pytest.param("[222z]333z444z555z66z", "6z", {}, "all_honours", id="all_honours"),
    # [111m] 999m 111p 999p 11s: terminals only; [111m] exposed -> no hidden_treasure.
    pytest.param("[111m]999m111p999p11s", "1s", {}, "all_terminals", id="all_terminals"),
    # [1111m] (2222p) [3333s+] [4444s] 55z: one concealed kong only.
    pytest.param("[1111m](2222p)[3333s+][4444s]55z", "5z", {}, "four_kongs", id="four_kongs"),
    # 123m 234m 456m 789m 55m, no meld, on a discarded 9m (waits 6m/9m).
    pytest.param("123m234m456m789m55m", "9m", {}, "concealed_one_suit", id="concealed_one_suit"),
    # East's dealt 14, self-drawn.
    pytest.param(
        "123m456p789s222s55m",
        "5m",
        {"seat": 0, "tsumo": True, "heavenly": True},
        "heavenly_hand",
        id="heavenly_hand",
    ),
    # West wins on East's first discard.
    pytest.param(
        "123m456p789s222s55m",
        "5m",
        {"seat": 2, "earthly": True},
        "earthly_hand",
        id="earthly_hand",
    ),
    # 222m 444p 666s 888s 99m, a discarded 9m completes the pair: four concealed pungs.
    pytest.param("222m444p666s888s99m", "9m", {}, "hidden_treasure", id="hidden_treasure"),
    # The same with 8s drawn: 888s concealed.
    pytest.param(
        "222m444p666s888s99m", "8s", {"tsumo": True}, "hidden_treasure", id="hidden_treasure_drawn"
    ),
    # A concealed kong counts as a concealed pung.
    pytest.param(
        "(2222m)444p666s888s99m",
        "9m",
        {"tsumo": True},
        "hidden_treasure",
        id="hidden_treasure_kong",
    ),
    # Bonus tiles and conditions add nothing to a limit hand.
    pytest.param(
        "119m19p19s1234567z",
        "1m",
        {"flowers": "1f1h", "tsumo": True, "last_tile": True},
        "thirteen_orphans",
        id="thirteen_orphans_with_extras",
    ),
]


@pytest.mark.parametrize("limit", [500, 300, 1000])
@pytest.mark.parametrize(("hand", "win", "kw", "name"), LIMIT_CASES)
def test_each_limit_hand(hand, win, kw, name, limit):
    s = score_text(hand, win=win, options=ClassicalOptions(limit=limit), **kw)
    check_limit(s, name, limit)


def test_limit_hand_with_default_options():
    check_limit(score_text("119m19p19s1234567z", win="7z"), "thirteen_orphans", 500)


def test_discard_completed_pung_breaks_hidden_treasure():
    # 222m 444p 666s 888s 99m on a discarded 8s: 888s is exposed -> ordinary hand:
    # 20 + 4 + 4 + 4 + exposed 2 = 34; no_chow + fully_concealed + three_concealed_pungs
    # -> 34 x 8 = 272.
    s = score_text("222m444p666s888s99m", win="8s")
    items = [
        MJ,
        P("concealed_pung", 4),
        P("concealed_pung", 4),
        P("concealed_pung", 4),
        P("exposed_pung", 2),
        D("no_chow"),
        D("fully_concealed"),
        D("three_concealed_pungs"),
    ]
    check(s, items, 34, 3, 272)


# ------------------------------------------------------------------ 8. whole hands and the cap


def test_worked_hand_default_options():
    # 123m 456m 789m 234p + 5s on a single wait (discard): 20 + pair_wait 2 + only_tile 2
    # = 24; fully_concealed -> 48.
    s = score_text("123m456m789m234p55s", win="5s")
    check(s, [MJ, P("pair_wait", 2), P("only_tile", 2), D("fully_concealed")], 24, 1, 48)
    # Drawn: + self_drawn 2 = 26 -> 52.
    s = score_text("123m456m789m234p55s", win="5s", tsumo=True)
    items = [MJ, P("pair_wait", 2), P("only_tile", 2), P("self_drawn", 2), D("fully_concealed")]
    check(s, items, 26, 1, 52)


def test_worked_hand_east_pung_drawn():
    # 111z [999m] 22p 345s 678s, 5s drawn (waits 2s/5s), seat and round East: 20 + concealed
    # East pung 8 + exposed 9m pung 4 + self_drawn 2 = 34; seat + round wind -> 34 x 4 = 136.
    s = score_text("111z[999m]22p345s678s", win="5s", tsumo=True)
    items = [
        MJ,
        P("concealed_pung", 8),
        P("exposed_pung", 4),
        P("self_drawn", 2),
        D("seat_wind_pung"),
        D("round_wind_pung"),
    ]
    check(s, items, 34, 2, 136)


#: [555z] 666z 777z 222m 33m won on a discarded 3m (waits 1m/3m/4m): 20 + exposed 4 + 8 + 8
#: + 4 + pair_wait 2 = 46; doubles 3 dragon pungs + big three 2 + no_chow + mixed_one_suit +
#: three_concealed_pungs = 8 -> 46 x 256 = 11776.
BIG = (
    "[555z]666z777z222m33m",
    "3m",
    {},
    [
        MJ,
        P("exposed_pung", 4),
        P("concealed_pung", 8),
        P("concealed_pung", 8),
        P("concealed_pung", 4),
        P("pair_wait", 2),
        D("dragon_pung"),
        D("dragon_pung"),
        D("dragon_pung"),
        D("big_three_dragons", 2),
        D("no_chow"),
        D("mixed_one_suit"),
        D("three_concealed_pungs"),
    ],
    46,
    8,
    11776,
)

#: [555z] 666z 123m 456m 99m, 4m on 56m (waits 4m/7m), East's own flower 1f: 20 + 4 + 8 +
#: bonus 4 = 36; 2 dragon pungs + mixed_one_suit + own_flower = 4 -> 36 x 16 = 576.
MEDIUM = (
    "[555z]666z123m456m99m",
    "4m",
    {"flowers": "1f"},
    [
        MJ,
        P("exposed_pung", 4),
        P("concealed_pung", 8),
        P("bonus_tile", 4),
        D("dragon_pung"),
        D("dragon_pung"),
        D("mixed_one_suit"),
        D("own_flower"),
    ],
    36,
    4,
    576,
)

#: North (seat 3) in the South round (1): [444z] (2222z) 123p 789p 55z, 1p on 23p (waits
#: 1p/4p), bonus 4f (own) and 2h (not own): 20 + 4 + 32 + dragon pair 2 + 4 + 4 = 66;
#: seat wind (North pung) + round wind (South kong) + own_flower + mixed_one_suit = 4
#: -> 66 x 16 = 1056.
WINDS = (
    "[444z](2222z)123p789p55z",
    "1p",
    {"seat": 3, "round": 1, "flowers": "4f2h"},
    [
        MJ,
        P("exposed_pung", 4),
        P("concealed_kong", 32),
        P("dragon_pair", 2),
        P("bonus_tile", 4),
        P("bonus_tile", 4),
        D("seat_wind_pung"),
        D("round_wind_pung"),
        D("own_flower"),
        D("mixed_one_suit"),
    ],
    66,
    4,
    1056,
)


@pytest.mark.parametrize("limit", [0, 300, 500, 1000])
@pytest.mark.parametrize("case", [BIG, MEDIUM, WINDS], ids=["big", "medium", "winds"])
def test_whole_hands_and_the_cap(case, limit):
    hand, win, kw, items, points, doubles, raw = case
    s = score_text(hand, win=win, options=ClassicalOptions(limit=limit), **kw)
    check(s, items, points, doubles, min(raw, limit) if limit else raw)


def test_default_limit_is_500():
    # WINDS is 1056 raw -> 500 with the default options.
    hand, win, kw, items, points, doubles, _ = WINDS
    check(score_text(hand, win=win, **kw), items, points, doubles, 500)


# ------------------------------------------------------------------ 9. losers

LOSER_CASES = [
    # 111z concealed East pung 8 (round wind: seat is South) + 555p 4 + 2f 4 = 16; round
    # wind + own flower (South owns 2f) -> 16 x 4 = 64.
    pytest.param(
        "111z555p23m",
        {"seat": 1, "round": 0, "flowers": "2f"},
        [
            P("concealed_pung", 8),
            P("concealed_pung", 4),
            P("bonus_tile", 4),
            D("round_wind_pung"),
            D("own_flower"),
        ],
        16,
        2,
        64,
        id="brief_example",
    ),
    # [777z] 4 + (9999s) 32 + [2222m] 8 + white pair 2 = 46; dragon pung -> 92.
    pytest.param(
        "[777z](9999s)[2222m]55z13p",
        {"seat": 2, "round": 1},
        [
            P("exposed_pung", 4),
            P("concealed_kong", 32),
            P("exposed_kong", 8),
            P("dragon_pair", 2),
            D("dragon_pung"),
        ],
        46,
        1,
        92,
        id="melds_and_pair",
    ),
    # 4444p (held four times: a concealed pung) 4 + 666s 4 + 111m 8 + South pair (seat
    # South) 2 = 18; three_concealed_pungs -> 36.
    pytest.param(
        "4444p666s1119m22z",
        {"seat": 1, "round": 0},
        [
            P("concealed_pung", 4),
            P("concealed_pung", 4),
            P("concealed_pung", 8),
            P("seat_wind_pair", 2),
            D("three_concealed_pungs"),
        ],
        18,
        1,
        36,
        id="three_concealed_pungs",
    ),
    # Five bonus tiles at seat East: 20; own_flower + all_flowers + own_season -> 160.
    pytest.param(
        "123m456p",
        {"seat": 0, "flowers": "1f2f3f4f1h"},
        [P("bonus_tile", 4)] * 5 + [D("own_flower"), D("all_flowers"), D("own_season")],
        20,
        3,
        160,
        id="bonus_tiles",
    ),
    # Nothing scores: 0.
    pytest.param("1357m2468p1359s4z", {}, [], 0, 0, 0, id="nothing"),
    # East pair at seat and round East: 2 + 2 = 4.
    pytest.param(
        "11z258m369p147s",
        {},
        [P("seat_wind_pair", 2), P("round_wind_pair", 2)],
        4,
        0,
        4,
        id="double_wind_pair",
    ),
    # 555z 8 + green pair 2 = 10; dragon pung -> 20.
    pytest.param(
        "555z66z19m",
        {},
        [P("concealed_pung", 8), P("dragon_pair", 2), D("dragon_pung")],
        10,
        1,
        20,
        id="dragons",
    ),
    # 111222333m counts as three concealed pungs 8 + 4 + 4 = 16 -> 32; no winner-only
    # doubles (no_chow, pure/mixed one suit, fully_concealed), no Mah Jongg.
    pytest.param(
        "111222333m99m5p",
        {},
        [
            P("concealed_pung", 8),
            P("concealed_pung", 4),
            P("concealed_pung", 4),
            D("three_concealed_pungs"),
        ],
        16,
        1,
        32,
        id="no_winner_items",
    ),
    # West pung at seat West in the West round: 4, both doubles -> 16.
    pytest.param(
        "[333z]45m",
        {"seat": 2, "round": 2},
        [P("exposed_pung", 4), D("seat_wind_pung"), D("round_wind_pung")],
        4,
        2,
        16,
        id="seat_and_round_wind_pung",
    ),
]


@pytest.mark.parametrize(("hand", "kw", "items", "points", "doubles", "score"), LOSER_CASES)
def test_loser_scores(hand, kw, items, points, doubles, score):
    s = score_loser_text(hand, options=NOCAP, **kw)
    check(s, items, points, doubles, score)


@pytest.mark.parametrize(("limit", "score"), [(0, 1536), (500, 500), (1000, 1000), (300, 300)])
def test_loser_capped(limit, score):
    # (5555z) (6666z) (7777z): 32 x 3 = 96; three dragon pungs + three_concealed_pungs = 4
    # doubles (big_three_dragons is winner-only) -> 96 x 16 = 1536, capped at the limit.
    s = score_loser_text("(5555z)(6666z)(7777z)1m2p3s4z", options=ClassicalOptions(limit=limit))
    items = [P("concealed_kong", 32)] * 3 + [D("dragon_pung")] * 3 + [D("three_concealed_pungs")]
    check(s, items, 96, 4, score)


def test_loser_brief_example_default_options():
    s = score_loser_text("111z555p23m", seat=1, round=0, flowers="2f")
    assert (s.points, s.doubles, s.score, s.valid) == (16, 2, 64, True)


# ------------------------------------------------------------------ 10. settlement


@pytest.mark.parametrize(
    ("scores", "winner", "east", "expected"),
    [
        # Winner 1 gets 40: from East 2 x 40 = 80, from seats 2 and 3 40 each -> +160.
        # Losers: 2 pays East 2 x (100 - 20) = 160, 3 pays East 2 x (100 - 8) = 184, 3 pays
        # 2 (20 - 8) = 12. Seat 0: -80 + 160 + 184 = 264; seat 2: -40 - 160 + 12 = -188;
        # seat 3: -40 - 184 - 12 = -236.
        ([100, 40, 20, 8], 1, 0, [264, 160, -188, -236]),
        # East wins 50: each loser pays 2 x 50 = 100 -> +300. Losers: 1 pays 2 (30 - 10) =
        # 20, 3 pays 2 30, 3 pays 1 10. Seat 1: -100 - 20 + 10 = -110; seat 2: -100 + 20 +
        # 30 = -50; seat 3: -100 - 30 - 10 = -140.
        ([50, 10, 30, 0], 0, 0, [300, -110, -50, -140]),
        # East is seat 2; seat 3 wins 36: 36 + 36 + 2 x 36 = 144. Losers: 0 pays 1 (60 - 12)
        # = 48; 2 pays 1 2 x (60 - 4) = 112; 2 pays 0 2 x (12 - 4) = 16. Seat 0: -36 - 48 +
        # 16 = -68; seat 1: -36 + 48 + 112 = 124; seat 2: -72 - 112 - 16 = -200.
        ([12, 60, 4, 36], 3, 2, [-68, 124, -200, 144]),
        # Equal losers pay each other nothing: winner 2 gets 2 x 20 (East) + 20 + 20 = 80;
        # losers 0, 1 and 3 all scored 30, so no difference is paid.
        ([30, 30, 20, 30], 2, 0, [-40, -20, 80, -20]),
    ],
)
def test_settle(scores, winner, east, expected):
    deltas = settle(scores, winner, east, ClassicalOptions())
    assert list(deltas) == expected
    assert sum(deltas) == 0


def test_settle_draw_pays_nothing():
    assert list(settle([100, 40, 20, 8], None, 0, ClassicalOptions())) == [0, 0, 0, 0]


def test_settle_from_scored_hands():
    # Winner seat 1 (South, round East) with BASE drawn: 22. Losers: East (seat 0) 111z
    # concealed (8; seat + round wind, 2 doubles) -> 32; seat 2 and seat 3 score 0.
    # Winner: 2 x 22 + 22 + 22 = 88. Losers: 2 and 3 each pay East 2 x 32 = 64.
    # Seat 0: -44 + 64 + 64 = 84; seat 2: -22 - 64 = -86; seat 3 the same.
    w = score_text(BASE, win="4p", tsumo=True, seat=1)
    east = score_loser_text("111z258m369p1s", seat=0)
    s2 = score_loser_text("1357m2468p1359s", seat=2)
    s3 = score_loser_text("1357m2468p1359s", seat=3)
    scores = [east.score, w.score, s2.score, s3.score]
    assert scores == [32, 22, 0, 0]
    assert list(settle(scores, 1, 0, ClassicalOptions())) == [84, 88, -86, -86]


# ------------------------------------------------------------------ 11. invalid input


@pytest.mark.parametrize(
    ("hand", "win", "kw"),
    [
        ("123m456p789s234s56m", "6m", {}),  # 5m 6m is no pair
        ("[123m]456p789s222s5m7m", "7m", {}),  # 5m 7m is no pair
        ("1111m5577p2299s44z", "4z", {"options": SEVEN}),  # four 1m are not two pairs
        ("1358m2469p147s123z", "3z", {}),  # nothing like a hand
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
        ("123m456p789s234s5m", "5m"),  # 13 tiles
        ("123m456p789s234s555m", "5m"),  # 15 tiles
        ("[2222m]456p789s234s555m", "5m"),  # 15 with the kong as 3
        ("11111m456p789s234s", "1m"),  # five of a kind
    ],
)
def test_bad_input_raises(hand, win):
    with pytest.raises(SparrowsError):
        score_text(hand, win=win)


@pytest.mark.parametrize("hand", ["12x3m", "[555p 23m", "123"])
def test_bad_loser_notation_raises(hand):
    with pytest.raises(SparrowsError):
        score_loser_text(hand)
