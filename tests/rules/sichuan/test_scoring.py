"""Sichuan "bloody battle" scoring: worked hands whose expected values were computed by hand
from ``shared/rules/sichuan.md`` (and the lead's decisions on what the rules leave open),
never copied from the implementation. Each case carries its arithmetic.

Notation: mpsz (no honours, no bonus tiles in Sichuan); ``[...]`` an exposed pung or gang,
``(....)`` a concealed gang, ``[....+]`` an added gang; a gang counts as 3 of the 14 tiles.
The hand text holds all 14 tiles, the winning tile included. The void (forbidden) suit is
``p`` unless a case says otherwise, and every hand but the void cases holds no dot.
Score = base x 2^faan (base 1 unless a case says otherwise).
"""

from __future__ import annotations

from collections import Counter

import pytest

from sparrows.errors import SparrowsError
from sparrows.rules.sichuan import SichuanOptions, best_waiting_score, score_text

#: The "mil" preset's cap.
CAP3 = SichuanOptions(faan_cap=3)


def score(hand: str, win: str, options: SichuanOptions | None = None, **kw):
    kw.setdefault("void", "p")
    return score_text(hand, win=win, options=SichuanOptions() if options is None else options, **kw)


def check(s, items, *, faan=None, base=1, capped=False):
    """A valid win: ``items`` as a multiset of (name, faan); ``faan`` defaults to their sum."""
    assert s.valid is True
    assert s.reason is None
    assert Counter((name, value) for name, value in s.items) == Counter(items)
    total = sum(value for _, value in items) if faan is None else faan
    assert s.faan == total
    assert s.score == base * 2**total
    assert s.capped is capped


#: A standard win and nothing else: 123m 456m 789m 234s + pair 55s. Two suits (m, s), runs
#: in both, no four alike. The winning tile 4s is the hand's only 4s, so it can also be a
#: robbed tile (the other three 4s would be the robbed player's pung).
STANDARD = "123m456m789m234s55s"
STANDARD_WIN = "4s"


# ------------------------------------------------------------------ 1. one hand per faan item

ITEM_CASES = [
    # standard_win: four sets and a pair, no pattern -> 0; score 1 x 2^0 = 1.
    pytest.param(STANDARD, STANDARD_WIN, [("standard_win", 0)], id="standard_win"),
    # all_triplets: 111m 555m 222s 999s + 77s, all pungs, two suits -> 1; score 2.
    pytest.param("111m555m222s999s77s", "5m", [("all_triplets", 1)], id="all_triplets"),
    # all_triplets with an exposed pung (one exposed meld is no golden hook) -> 1.
    pytest.param(
        "[111m]555m222s999s77s", "7s", [("all_triplets", 1)], id="all_triplets_exposed_pung"
    ),
    # pure_suit: 123m 345m 567m 789m + 99m, characters only, runs -> 2; score 4.
    pytest.param("123m345m567m789m99m", "9m", [("pure_suit", 2)], id="pure_suit"),
    # golden_hook: [111m] [555m] [222s] [999s] exposed, won on the 7s pair from a discard
    # -> golden_hook 2; every set is a pung, so all_triplets 1 too -> 3; score 8.
    pytest.param(
        "[111m][555m][222s][999s]77s",
        "7s",
        [("golden_hook", 2), ("all_triplets", 1)],
        id="golden_hook",
    ),
    # seven_pairs: 11 33 55m 22 66 88 99s, seven different kinds, no set reading -> 2;
    # score 4.
    pytest.param("113355m226688s99s", "9s", [("seven_pairs", 2)], id="seven_pairs"),
    # root: [555m] + the fourth 5m in 345m; 678s 999s 22s -> standard_win 0 + root 1 = 1;
    # score 2.
    pytest.param("[555m]345m678s999s22s", "2s", [("standard_win", 0), ("root", 1)], id="root"),
]


@pytest.mark.parametrize(("hand", "win", "items"), ITEM_CASES)
def test_one_faan_item(hand, win, items):
    check(score(hand, win), items)


@pytest.mark.parametrize(
    ("kw", "extra"),
    [
        # self-drawn: 0 + 1 = 1; score 2.
        ({"tsumo": True}, [("self_drawn", 1)]),
        # last tile (Last Minute Save) on a discard: 0 + 1 = 1.
        ({"last_tile": True}, [("last_tile", 1)]),
        # last tile self-drawn: 0 + 1 + 1 = 2; score 4.
        ({"last_tile": True, "tsumo": True}, [("last_tile", 1), ("self_drawn", 1)]),
        # robbing the gang (a discard win): 0 + 1 = 1.
        ({"robbing": True}, [("robbing_gang", 1)]),
        # discard after a gang: 0 + 1 = 1.
        ({"after_gang": True}, [("after_gang", 1)]),
    ],
    ids=["self_drawn", "last_tile_discard", "last_tile_drawn", "robbing_gang", "after_gang"],
)
def test_winning_condition_items(kw, extra):
    check(score(STANDARD, STANDARD_WIN, **kw), [("standard_win", 0), *extra])


@pytest.mark.parametrize("gang", ["[5555m]", "(5555m)", "[5555m+]"])
def test_gang_bloom(gang):
    # <gang> 123m 789m 234s 55s drawn on the gang's replacement tile: standard_win 0 + root
    # (5555m) 1 + self_drawn 1 + gang_bloom 1 = 3; score 8. The same for every kind of gang.
    s = score(f"{gang}123m789m234s55s", "4s", tsumo=True, gang_bloom=True)
    items = [("standard_win", 0), ("root", 1), ("self_drawn", 1), ("gang_bloom", 1)]
    check(s, items)


# ------------------------------------------------------------------ 2. roots


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        # an exposed pung [555m] plus the fourth 5m in the run 345m
        pytest.param("[555m]345m678s999s22s", "2s", id="pung_plus_run"),
        # four concealed 1m read as the pung 111m and the run 123m
        pytest.param("111123m456s789s55s", "5s", id="concealed_pung_plus_run"),
        # four concealed 5m read as the pair 55m and the runs 345m 567m
        pytest.param("34555567m234s789s", "2s", id="pair_plus_two_runs"),
        # the winning tile is the fourth: [111m] and the 1m of 123m, won on that 1m
        pytest.param("[111m]123m456s789s55s", "1m", id="winning_tile_is_the_fourth"),
        # a gang of each kind
        pytest.param("[5555m]123m789m234s55s", "4s", id="exposed_gang"),
        pytest.param("(5555m)123m789m234s55s", "4s", id="concealed_gang"),
        pytest.param("[5555m+]123m789m234s55s", "4s", id="added_gang"),
    ],
)
def test_one_root(hand, win):
    # standard_win 0 + root 1 = 1; score 2.
    check(score(hand, win), [("standard_win", 0), ("root", 1)])


def test_two_roots_are_two_entries():
    # [5555m] (2222s) 123m 789s 33s: two kinds held four times -> standard_win 0 + root 1
    # + root 1 = 2; score 4.
    s = score("[5555m](2222s)123m789s33s", "3s")
    check(s, [("standard_win", 0), ("root", 1), ("root", 1)])
    assert [item for item in s.items if item[0] == "root"] == [("root", 1), ("root", 1)]


def test_seven_pairs_with_four_alike():
    # 1111m (two pairs) 33 55m 22 99 44s: seven pairs 2 + root (1m) 1 = 3; score 8.
    check(score("11113355m224499s", "4s"), [("seven_pairs", 2), ("root", 1)])


# ------------------------------------------------------------------ 3. combinations and readings

COMBO_CASES = [
    # The lead's example: 111 222 333 444m + 55m read as pungs: pure_suit 2 + all_triplets 1
    # = 3 (beats 123m x3 + 444m + 55m: pure_suit 2 only); score 8.
    pytest.param(
        "111222333m44455m", "5m", {}, [("pure_suit", 2), ("all_triplets", 1)], id="pure_pungs"
    ),
    # 111 222 333m 444s 55s: pungs (all_triplets 1) beat the runs 123m x3 (standard 0) -> 1.
    pytest.param("111222333m444s55s", "5s", {}, [("all_triplets", 1)], id="pungs_beat_runs"),
    # 11 22 33 44 55 66 77m: seven_pairs 2 + pure_suit 2 = 4 beats 123 123 456 456m + 77m
    # (pure_suit 2); score 16.
    pytest.param(
        "11223344556677m",
        "7m",
        {},
        [("seven_pairs", 2), ("pure_suit", 2)],
        id="pure_seven_pairs_beat_runs",
    ),
    # 11 22 33m 55 66 77 99s: seven_pairs 2 beats 123m 123m 567s 567s 99s (standard 0).
    pytest.param("112233m556677s99s", "9s", {}, [("seven_pairs", 2)], id="seven_pairs_beat_runs"),
    # 11 22 44 55 77 88 99m, only seven pairs: seven_pairs 2 + pure_suit 2 = 4; score 16.
    pytest.param(
        "11224455778899m", "9m", {}, [("seven_pairs", 2), ("pure_suit", 2)], id="pure_pairs"
    ),
    # 1111 4444 55 77 99m: seven_pairs 2 + pure_suit 2 + root 1 + root 1 = 6; score 64.
    pytest.param(
        "11114444557799m",
        "9m",
        {},
        [("seven_pairs", 2), ("pure_suit", 2), ("root", 1), ("root", 1)],
        id="pure_pairs_two_roots",
    ),
    # 1111 2222 3333 44m: seven pairs 2 + pure 2 + roots 3 = 7 beats the set readings
    # (111 222 333 123m or 123m x4, + 44m: pure 2 + roots 3 = 5); score 128.
    pytest.param(
        "11112222333344m",
        "4m",
        {},
        [("seven_pairs", 2), ("pure_suit", 2), ("root", 1), ("root", 1), ("root", 1)],
        id="pure_pairs_three_roots",
    ),
    # [3333m] (7777s) [222m] 999s 55s: all_triplets 1 + root 1 + root 1 = 3; no golden hook
    # (concealed gang and pung); score 8.
    pytest.param(
        "[3333m](7777s)[222m]999s55s",
        "9s",
        {},
        [("all_triplets", 1), ("root", 1), ("root", 1)],
        id="pungs_two_gangs",
    ),
    # [1111m] [2222m+] [333m] [444m] 55m on a discard: golden_hook 2 + all_triplets 1 +
    # pure_suit 2 + root 1 + root 1 = 7; score 128.
    pytest.param(
        "[1111m][2222m+][333m][444m]55m",
        "5m",
        {},
        [("golden_hook", 2), ("all_triplets", 1), ("pure_suit", 2), ("root", 1), ("root", 1)],
        id="pure_golden_hook_two_roots",
    ),
    # [1111m] [555m] [222s] [999s] 77s on a discard: golden_hook 2 + all_triplets 1 + root 1
    # = 4; an exposed gang keeps the golden hook; score 16.
    pytest.param(
        "[1111m][555m][222s][999s]77s",
        "7s",
        {},
        [("golden_hook", 2), ("all_triplets", 1), ("root", 1)],
        id="golden_hook_exposed_gang",
    ),
    # 123m 345m 567m 789m 99m drawn on the last tile: pure 2 + self_drawn 1 + last_tile 1
    # = 4; score 16.
    pytest.param(
        "123m345m567m789m99m",
        "9m",
        {"tsumo": True, "last_tile": True},
        [("pure_suit", 2), ("self_drawn", 1), ("last_tile", 1)],
        id="pure_drawn_last_tile",
    ),
    # seven pairs self-drawn: 2 + 1 = 3; score 8.
    pytest.param(
        "113355m226688s99s",
        "9s",
        {"tsumo": True},
        [("seven_pairs", 2), ("self_drawn", 1)],
        id="seven_pairs_drawn",
    ),
    # 123m 345m 567m 789m 99m robbing a gang on 4m (the hand's only 4m; the robbed pung
    # holds the other three): pure 2 + robbing_gang 1 = 3; score 8.
    pytest.param(
        "123m345m567m789m99m",
        "4m",
        {"robbing": True},
        [("pure_suit", 2), ("robbing_gang", 1)],
        id="pure_robbing",
    ),
]


@pytest.mark.parametrize(("hand", "win", "kw", "items"), COMBO_CASES)
def test_combinations(hand, win, kw, items):
    check(score(hand, win, **kw), items)


# ------------------------------------------------------------------ 4. golden hook boundaries


@pytest.mark.parametrize(
    ("hand", "kw", "items"),
    [
        # self-drawn: no golden hook -> all_triplets 1 + self_drawn 1 = 2.
        pytest.param(
            "[111m][555m][222s][999s]77s",
            {"tsumo": True},
            [("all_triplets", 1), ("self_drawn", 1)],
            id="self_drawn",
        ),
        # a concealed gang is not exposed: all_triplets 1 + root 1 = 2.
        pytest.param(
            "[111m][555m][222s](9999s)77s",
            {},
            [("all_triplets", 1), ("root", 1)],
            id="concealed_gang",
        ),
        # only three melds exposed (999s concealed): all_triplets 1.
        pytest.param("[111m][555m][222s]999s77s", {}, [("all_triplets", 1)], id="three_exposed"),
    ],
)
def test_no_golden_hook(hand, kw, items):
    check(score(hand, "7s", **kw), items)


# ------------------------------------------------------------------ 5. worked example and cap

#: Pure Suit + All Triplets + Self-Drawn + 1 Root: [1111m] 222m 555m 777m + 99m, drawn.
EXAMPLE = "[1111m]222m555m777m99m"
EXAMPLE_ITEMS = [("pure_suit", 2), ("all_triplets", 1), ("self_drawn", 1), ("root", 1)]


def test_seed_worked_example():
    # 2 + 1 + 1 + 1 = 5 faan; base 5 x 2^5 = 160.
    s = score(EXAMPLE, "9m", tsumo=True, options=SichuanOptions(base=5))
    check(s, EXAMPLE_ITEMS, base=5)
    assert s.score == 160


def test_worked_example_with_a_concealed_gang():
    # The same with (1111m): still 5 faan, 160 (a concealed gang is a root too).
    s = score("(1111m)222m555m777m99m", "9m", tsumo=True, options=SichuanOptions(base=5))
    check(s, EXAMPLE_ITEMS, base=5)
    assert s.score == 160


def test_worked_example_capped():
    # 5 faan cut to 3: base 5 x 2^3 = 40; the items are still all listed.
    s = score(EXAMPLE, "9m", tsumo=True, options=SichuanOptions(base=5, faan_cap=3))
    check(s, EXAMPLE_ITEMS, faan=3, base=5, capped=True)
    assert s.score == 40


@pytest.mark.parametrize(
    ("hand", "win", "kw", "items"),
    [
        # 0 -> 0, not capped; score 1.
        (STANDARD, STANDARD_WIN, {}, [("standard_win", 0)]),
        # 3 -> 3, exactly the cap, not capped; score 8.
        ("111222333m44455m", "5m", {}, [("pure_suit", 2), ("all_triplets", 1)]),
        # 4 -> 3, capped; score 8.
        (
            "[1111m][555m][222s][999s]77s",
            "7s",
            {},
            [("golden_hook", 2), ("all_triplets", 1), ("root", 1)],
        ),
        # 6 -> 3, capped; score 8.
        (
            "11114444557799m",
            "9m",
            {},
            [("seven_pairs", 2), ("pure_suit", 2), ("root", 1), ("root", 1)],
        ),
        # 7 -> 3, capped; score 8.
        (
            "[1111m][2222m+][333m][444m]55m",
            "5m",
            {},
            [("golden_hook", 2), ("all_triplets", 1), ("pure_suit", 2), ("root", 1), ("root", 1)],
        ),
        # 5 with situational faan -> 3 (the cap counts them too); score 8.
        (EXAMPLE, "9m", {"tsumo": True}, EXAMPLE_ITEMS),
    ],
)
def test_faan_cap(hand, win, kw, items):
    raw = sum(value for _, value in items)  # 0, 3, 4, 6, 7, 5
    check(score(hand, win, options=CAP3, **kw), items, faan=min(raw, 3), capped=raw > 3)


def test_no_cap_by_default():
    # faan_cap 0: the 7 faan stand; 2^7 = 128.
    s = score("[1111m][2222m+][333m][444m]55m", "5m")
    assert s.faan == 7
    assert s.score == 128
    assert s.capped is False


# ------------------------------------------------------------------ 6. void suit


@pytest.mark.parametrize(
    ("hand", "win", "void"),
    [
        (STANDARD, STANDARD_WIN, "m"),  # holds characters
        (STANDARD, STANDARD_WIN, "s"),  # holds bamboo
        ("123m456p789m234s55s", "5s", "p"),  # one set of dots
        ("123m456p789m234s55s", "5s", "m"),  # three suits: any void is held
        ("123m456p789m234s55s", "5s", "s"),
        ("123m345m567m789m99m", "9m", "m"),  # pure characters, void characters
        ("113355m226688s99s", "9s", "s"),  # seven pairs holding bamboo
    ],
)
def test_void_tile_is_not_valid(hand, win, void):
    s = score(hand, win, void=void)
    assert s.valid is False
    assert "void" in s.reason.lower()


def test_same_hand_valid_with_an_absent_void():
    # STANDARD holds no dot: with void p it is the plain 0-faan win.
    check(score(STANDARD, STANDARD_WIN, void="p"), [("standard_win", 0)])


# ------------------------------------------------------------------ 7. invalid input


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("123m456m789m234s58s", "8s"),  # 5s 8s is no pair
        ("1133m5577m2299s46s", "6s"),  # six pairs and two singles
        ("[111m][222m][333m]44458m", "8m"),  # 444m + 5m 8m, or 44m + 4m 5m 8m
        ("1111m3355m2299s46s", "6s"),  # four alike is two pairs, but 4s 6s are singles
    ],
)
def test_incomplete_hand_is_not_valid(hand, win):
    s = score(hand, win)
    assert s.valid is False
    assert "complete" in s.reason.lower()


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("123m456m789m234s11z", "1z"),  # honours do not exist in Sichuan
        ("123m456m789m234s55s", "5z"),  # an honour as the winning tile
        ("123m456m789m234s55s1f", "5s"),  # a bonus tile
        ("123m456m789m234s5s", "5s"),  # 13 tiles
        ("123m456m789m234s555s", "5s"),  # 15 tiles
        ("[5555m]123m789m234s555s", "5s"),  # 15 tiles, the gang counting 3
        ("11111m234s567s789s", "2s"),  # five 1m
        ("12x3m456m789m234s55s", "5s"),  # unknown character
        ("[555m 345m678s999s22s", "2s"),  # bracket never closed
        ("123m456m789m234s55", "5s"),  # digits without a suit letter
        (STANDARD, "5q"),  # bad winning tile
    ],
)
def test_bad_input_raises(hand, win):
    with pytest.raises(SparrowsError):
        score(hand, win)


# ------------------------------------------------------------------ 8. best waiting score


@pytest.mark.parametrize(
    ("hand", "void", "options", "best"),
    [
        # [111s] [999s] [555s] 3334m waits on 2m (234m + 33m: 0 -> 1), 4m (333m + 44m:
        # all_triplets 1 -> 2) and 5m (33m + 345m: 0 -> 1): best 2.
        pytest.param("[111s][999s][555s]3334m", "p", None, 2, id="pungs_or_runs"),
        # The same at base 3: 3 x 2^1 = 6.
        pytest.param("[111s][999s][555s]3334m", "p", SichuanOptions(base=3), 6, id="base_3"),
        # 111m 23m 456s 789s 22s waits on 1m (111m + 123m, the fourth 1m a root: 1 -> 2),
        # 4m (234m: 0 -> 1) and 2s (11m pair + 123m + 222s: 0 -> 1): best 2.
        pytest.param("11123m456s789s22s", "p", None, 2, id="root_on_one_wait"),
        # 1111 4444 55 77 9m waits on 9m only: seven_pairs 2 + pure 2 + 2 roots = 6 -> 64.
        pytest.param("1111444455779m", "s", None, 64, id="pure_pairs_roots"),
        # The same capped at 3: 2^3 = 8.
        pytest.param("1111444455779m", "s", CAP3, 8, id="pure_pairs_roots_capped"),
        # Four exposed pungs waiting on 7s: the best win is the discard, golden_hook 2 +
        # all_triplets 1 = 3 -> 8 (golden_hook is a hand pattern, not one of the excluded
        # situational items; self-drawn would be all_triplets 1 alone -> 2).
        pytest.param("[111m][555m][222s][999s]7s", "p", None, 8, id="golden_hook"),
        # Not waiting: 123m 456m 789m + 2s 5s 8s 9s, no tile completes it -> 0.
        pytest.param("123m456m789m2589s", "p", None, 0, id="not_waiting"),
        # 11 4 7 9m 11 22 4 5 7 8s: no set at all, far from ready -> 0.
        pytest.param("11479m11224578s", "p", None, 0, id="far_from_ready"),
        # Waiting (on 4m) but holding the void suit: characters void -> 0.
        pytest.param("[111s][999s][555s]3334m", "m", None, 0, id="void_held_m"),
        pytest.param("[111s][999s][555s]3334m", "s", None, 0, id="void_held_s"),
        # 123p 456m 789m 234s 5s waits on 2s/5s but holds all three suits: 0 whatever the void.
        pytest.param("123p456m789m234s5s", "p", None, 0, id="three_suits_void_p"),
        pytest.param("123p456m789m234s5s", "m", None, 0, id="three_suits_void_m"),
        pytest.param("123p456m789m234s5s", "s", None, 0, id="three_suits_void_s"),
    ],
)
def test_best_waiting_score(hand, void, options, best):
    opts = SichuanOptions() if options is None else options
    assert best_waiting_score(hand, void=void, options=opts) == best
