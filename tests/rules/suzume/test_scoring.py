"""Suzume-Jong scoring and payments, with every expected value worked out by hand from the
rules (``shared/rules/suzume.md`` and the rulebook in ``shared/seeds``).

Notation (suzume dialect): digits are the numbers, ``g`` green dragon, ``r`` red dragon
(always red), ``*`` after a digit its red copy. Each case carries its arithmetic.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from sparrows.analysis import BlockType
from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.ledger import Ledger
from sparrows.engine.wall import Wall
from sparrows.rules import get_ruleset
from sparrows.rules.suzume.scoring import readings, score_hand, tsumo_share
from sparrows.tiles import Tile, parse_tiles
from sparrows.tiles.kinds import GREEN, RED, SOU


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text, "suzume")


def tile(text: str) -> Tile:
    (t,) = tiles(text)
    return t


def kind(text: str) -> int:
    return tile(text).kind


def item_totals(score) -> dict[str, int]:
    return {i.name: i.total for i in score.items}


# --------------------------------------------------------------------------- 1. worked examples


def test_example_345_666_indicator_7_is_four_and_invalid():
    # 345 run +1, 666 triplet +2, tanyao (no 1/9/g/r) +1; no red; 7 is not in the hand.
    # 1 + 2 + 1 = 4 < 5 -> not a legal win (still a complete shape).
    s = score_hand(tiles("345666"), kind("7"))
    assert s.complete
    assert (s.base, s.total) == (4, 4)
    assert not s.valid
    assert s.yakuman is None
    assert item_totals(s) == {"run": 1, "triplet": 2, "tanyao": 1}


def test_example_234_666_all_green_13():
    # All Green 10 + run 1 + triplet 2 = 13 (tanyao would apply but a yakuman replaces it).
    s = score_hand(tiles("234666"), None)
    assert (s.base, s.total, s.valid, s.yakuman) == (13, 13, True, "all_green")
    assert item_totals(s) == {"run": 1, "triplet": 2, "all_green": 10}


def test_example_red_2_34_666_indicator_6_is_8():
    # run 1 + triplet 2 + red (2*) 1 + dora (three 6s, indicator 6) 3 + tanyao 1 = 8.
    # The red 2 breaks All Green.
    s = score_hand(tiles("2*34666"), kind("6"))
    assert (s.base, s.total, s.valid, s.yakuman) == (8, 8, True, None)
    assert item_totals(s) == {"run": 1, "triplet": 2, "red": 1, "dora": 3, "tanyao": 1}


def test_example_123_789_indicator_g_is_four_and_invalid():
    # two runs 1 + 1, chanta (123 and 789) 2, no tanyao (1, 9), no dora (no g) = 4 -> invalid.
    s = score_hand(tiles("123789"), kind("g"))
    assert s.complete
    assert (s.base, s.total, s.valid, s.yakuman) == (4, 4, False, None)
    assert item_totals(s) == {"run": 2, "chanta": 2}


def test_example_ggg_234_13_and_15_as_dealer():
    # All Green 10 + triplet 2 + run 1 = 13; the dealer adds 2 -> 15 (base stays 13).
    s = score_hand(tiles("ggg234"), None)
    assert (s.base, s.total, s.valid, s.yakuman) == (13, 13, True, "all_green")
    d = score_hand(tiles("ggg234"), None, dealer=True)
    assert (d.base, d.total, d.valid, d.yakuman) == (13, 15, True, "all_green")
    assert item_totals(d) == {"triplet": 2, "run": 1, "all_green": 10, "dealer": 2}


def test_example_rrr_999_chinyao_19():
    # Chinyao 15 + triplet 2 + triplet 2 = 19 (the three red dragons' red bonus is replaced).
    s = score_hand(tiles("rrr999"), None)
    assert (s.base, s.total, s.valid, s.yakuman) == (19, 19, True, "chinyao")
    assert item_totals(s) == {"triplet": 4, "chinyao": 15}


# --------------------------------------------------------------------------- 2. each item

# (hand, indicator or None, dealer, base, total, items, yakuman)
ITEM_CASES = [
    # ---- runs: +1 each
    # 123 456: runs 2; 1 blocks tanyao; 456 is not terminal -> no chanta. = 2
    ("123456", None, False, 2, 2, {"run": 2}, None),
    # 234 567: runs 2 + tanyao 1 = 3
    ("234567", None, False, 3, 3, {"run": 2, "tanyao": 1}, None),
    # ---- triplets: +2 each
    # 111 555: triplets 2 + 2 = 4; 1 blocks tanyao; 555 not terminal -> no chanta. = 4
    ("111555", None, False, 4, 4, {"triplet": 4}, None),
    # 555 777: triplets 4 + tanyao 1 = 5
    ("555777", None, False, 5, 5, {"triplet": 4, "tanyao": 1}, None),
    # ---- red tiles: +1 each
    # 1*23 4*5*6: runs 2 + red 3 (1*, 4*, 5*) = 5 (1 blocks tanyao, 456 blocks chanta)
    ("1*234*5*6", None, False, 5, 5, {"run": 2, "red": 3}, None),
    # rrr 456: triplet 2 + run 1 + red 3 (every red dragon is red) = 6; r blocks tanyao
    ("rrr456", None, False, 6, 6, {"triplet": 2, "run": 1, "red": 3}, None),
    # ---- dora: tiles of the indicator's kind, +1 each
    # 123 456 indicator 4: runs 2 + dora 1 = 3
    ("123456", "4", False, 3, 3, {"run": 2, "dora": 1}, None),
    # 123 456 indicator 9: 9 is not in the hand -> runs 2 = 2
    ("123456", "9", False, 2, 2, {"run": 2}, None),
    # 444 567 indicator 4 (the indicator is the fourth 4): triplet 2 + run 1 + dora 3
    # + tanyao 1 = 7
    ("444567", "4", False, 7, 7, {"triplet": 2, "run": 1, "dora": 3, "tanyao": 1}, None),
    # 555 678 with a red-5 indicator: dora is by kind -> triplet 2 + run 1 + dora 3
    # + tanyao 1 = 7
    ("555678", "5*", False, 7, 7, {"triplet": 2, "run": 1, "dora": 3, "tanyao": 1}, None),
    # 5*55 678 indicator 5 (plain): the red 5 is both red and dora -> triplet 2 + run 1
    # + red 1 + dora 3 + tanyao 1 = 8
    ("5*55678", "5", False, 8, 8, {"triplet": 2, "run": 1, "red": 1, "dora": 3, "tanyao": 1}, None),
    # rrr 123 indicator r: triplet 2 + run 1 + red 3 + dora 3 + chanta (rrr, 123) 2 = 11
    (
        "rrr123",
        "r",
        False,
        11,
        11,
        {"triplet": 2, "run": 1, "red": 3, "dora": 3, "chanta": 2},
        None,
    ),
    # ---- tanyao: +1 when no 1, 9, g, r
    # 888 567: triplet 2 + run 1 + tanyao 1 = 4 (8 is a simple)
    ("888567", None, False, 4, 4, {"triplet": 2, "run": 1, "tanyao": 1}, None),
    # ggg 567: triplet 2 + run 1 = 3; g blocks tanyao, 567 blocks chanta, 5/7 block All Green
    ("ggg567", None, False, 3, 3, {"triplet": 2, "run": 1}, None),
    # 234 789: runs 2; 9 blocks tanyao; 234 blocks chanta = 2
    ("234789", None, False, 2, 2, {"run": 2}, None),
    # ---- chanta: +2 when both sets are 123 / 789 / triplets of 1, 9, g, r
    # 111 789: triplet 2 + run 1 + chanta 2 = 5
    ("111789", None, False, 5, 5, {"triplet": 2, "run": 1, "chanta": 2}, None),
    # ggg 123: triplet 2 + run 1 + chanta 2 = 5 (1 breaks All Green, 2/3 break Chinyao)
    ("ggg123", None, False, 5, 5, {"triplet": 2, "run": 1, "chanta": 2}, None),
    # 999 123: triplet 2 + run 1 + chanta 2 = 5
    ("999123", None, False, 5, 5, {"triplet": 2, "run": 1, "chanta": 2}, None),
    # 789 789: runs 2 + chanta 2 = 4
    ("778899", None, False, 4, 4, {"run": 2, "chanta": 2}, None),
    # rrr 789: triplet 2 + run 1 + red 3 + chanta 2 = 8
    ("rrr789", None, False, 8, 8, {"triplet": 2, "run": 1, "red": 3, "chanta": 2}, None),
    # 111 234: triplet 2 + run 1 = 3 (234 is not terminal-anchored, 1 blocks tanyao)
    ("111234", None, False, 3, 3, {"triplet": 2, "run": 1}, None),
    # 999 678: triplet 2 + run 1 = 3 (678 is not 789)
    ("999678", None, False, 3, 3, {"triplet": 2, "run": 1}, None),
    # ---- All Green: 10, only non-red 2 3 4 6 8 g
    # 666 888: triplets 4 + 10 = 14
    ("666888", None, False, 14, 14, {"triplet": 4, "all_green": 10}, "all_green"),
    # ggg 888: triplets 4 + 10 = 14
    ("ggg888", None, False, 14, 14, {"triplet": 4, "all_green": 10}, "all_green"),
    # 234 234: runs 2 + 10 = 12
    ("223344", None, False, 12, 12, {"run": 2, "all_green": 10}, "all_green"),
    # 234 666 indicator 6: dora is replaced by the yakuman -> still 1 + 2 + 10 = 13
    ("234666", "6", False, 13, 13, {"run": 1, "triplet": 2, "all_green": 10}, "all_green"),
    # 234 6*66: the red 6 breaks All Green -> run 1 + triplet 2 + red 1 + tanyao 1 = 5
    ("2346*66", None, False, 5, 5, {"run": 1, "triplet": 2, "red": 1, "tanyao": 1}, None),
    # ggg 2*34: the red 2 breaks All Green -> triplet 2 + run 1 + red 1 = 4 (g: no tanyao;
    # 234: no chanta) -> invalid
    ("ggg2*34", None, False, 4, 4, {"triplet": 2, "run": 1, "red": 1}, None),
    # ggg 8*88: red 8 breaks it -> triplets 4 + red 1 = 5
    ("ggg8*88", None, False, 5, 5, {"triplet": 4, "red": 1}, None),
    # ---- Chinyao: 15, only 1 9 g r
    # 111 999: triplets 4 + 15 = 19 (chanta replaced)
    ("111999", None, False, 19, 19, {"triplet": 4, "chinyao": 15}, "chinyao"),
    # ggg 111: 4 + 15 = 19
    ("ggg111", None, False, 19, 19, {"triplet": 4, "chinyao": 15}, "chinyao"),
    # rrr ggg indicator r: red 3 and dora 3 replaced -> 4 + 15 = 19
    ("rrrggg", "r", False, 19, 19, {"triplet": 4, "chinyao": 15}, "chinyao"),
    # 1*11 999 indicator 9: red and dora replaced -> 4 + 15 = 19
    ("1*11999", "9", False, 19, 19, {"triplet": 4, "chinyao": 15}, "chinyao"),
    # ggg 111 as dealer: 19 + dealer 2 = 21 (base 19)
    ("ggg111", None, True, 19, 21, {"triplet": 4, "chinyao": 15, "dealer": 2}, "chinyao"),
    # ---- Super Red: 20, all six tiles red
    # rrr 1*2*3*: triplet 2 + run 1 + 20 = 23 (red 6 and chanta replaced)
    ("rrr1*2*3*", None, False, 23, 23, {"triplet": 2, "run": 1, "super_red": 20}, "super_red"),
    # rrr 4*5*6* indicator 5: dora replaced -> 2 + 1 + 20 = 23
    ("rrr4*5*6*", "5", False, 23, 23, {"triplet": 2, "run": 1, "super_red": 20}, "super_red"),
    # rrr 7*8*9* as dealer: 23 + 2 = 25
    (
        "rrr7*8*9*",
        None,
        True,
        23,
        25,
        {"triplet": 2, "run": 1, "super_red": 20, "dealer": 2},
        "super_red",
    ),
    # rrr 1*2*3 (plain 3): not all red -> triplet 2 + run 1 + red 5 + chanta 2 = 10
    ("rrr1*2*3", None, False, 10, 10, {"triplet": 2, "run": 1, "red": 5, "chanta": 2}, None),
    # ---- dealer bonus: +2, not counted toward the 5-point minimum
    # 345 666 indicator 7 as dealer: base 4 (invalid) + 2 = total 6, still invalid
    ("345666", "7", True, 4, 6, {"run": 1, "triplet": 2, "tanyao": 1, "dealer": 2}, None),
    # 2*34 666 indicator 6 as dealer: base 8 + 2 = 10
    (
        "2*34666",
        "6",
        True,
        8,
        10,
        {"run": 1, "triplet": 2, "red": 1, "dora": 3, "tanyao": 1, "dealer": 2},
        None,
    ),
    # 123 789 as dealer: base 4 + 2 = 6, still invalid
    ("123789", None, True, 4, 6, {"run": 2, "chanta": 2, "dealer": 2}, None),
]


@pytest.mark.parametrize(
    ("hand", "indicator", "dealer", "base", "total", "items", "yakuman"),
    ITEM_CASES,
    ids=[f"{c[0]}-ind{c[1]}{'-dealer' if c[2] else ''}" for c in ITEM_CASES],
)
def test_scoring_items(hand, indicator, dealer, base, total, items, yakuman):
    s = score_hand(tiles(hand), None if indicator is None else kind(indicator), dealer=dealer)
    assert s.complete
    assert s.base == base
    assert s.total == total
    assert s.valid is (base >= 5)
    assert item_totals(s) == items
    assert s.yakuman == yakuman
    assert sum(i.total for i in s.items) == total


def test_indicator_may_be_given_as_a_tile():
    # 555 678 against the red-5 tile: dora by kind -> 2 + 1 + dora 3 + tanyao 1 = 7.
    assert score_hand(tiles("555678"), tile("5*")).base == 7
    # indicator r (always red) against rrr 123: 2 + 1 + red 3 + dora 3 + chanta 2 = 11.
    assert score_hand(tiles("rrr123"), tile("r")).base == 11


def test_tile_order_does_not_matter():
    # the tiles of 2*34 666 shuffled: 2*34 666 indicator 6 = 8 (see the worked example).
    assert score_hand(tiles("6 2* 6 4 3 6"), kind("6")).base == 8


# --------------------------------------------------------------------------- 3. readings


SUZUME_KINDS = [SOU + n for n in range(9)] + [GREEN, RED]


def _set_kinds(block: tuple[BlockType, int]) -> tuple[int, ...]:
    t, k = block
    return (k, k + 1, k + 2) if t is BlockType.RUN else (k, k, k)


def _oracle() -> dict[tuple[int, ...], set[tuple]]:
    """Every two-set hand built independently: the 11 triplets and 7 runs (1-2-3 .. 7-8-9),
    paired in every way, kept when no kind is used more than 4 times."""
    sets = [(BlockType.TRIPLET, k) for k in SUZUME_KINDS]
    sets += [(BlockType.RUN, SOU + n) for n in range(7)]
    out: dict[tuple[int, ...], set[tuple]] = {}
    for a, b in combinations_with_replacement(sets, 2):
        ks = tuple(sorted(_set_kinds(a) + _set_kinds(b)))
        if max(Counter(ks).values()) <= 4:
            out.setdefault(ks, set()).add(tuple(sorted((a, b))))
    return out


def test_every_six_tile_hand_has_at_most_one_reading():
    # Why: the lowest kind k must open a set. With 3 copies of k it can only be kkk (a run
    # from k would leave kk that no set can hold); with 4 copies the hand is kkkk k+1 k+2
    # = kkk + run, whichever is taken first; with 1 or 2 copies it is a run (twice for 2).
    # So "choose the highest reading" never has a choice to make among six Suzume tiles.
    # Checked here over every multiset of six kinds (at most 4 of each) against an
    # independent enumeration of two-set hands.
    oracle = _oracle()
    checked = 0
    for combo in combinations_with_replacement(SUZUME_KINDS, 6):
        if max(Counter(combo).values()) > 4:
            continue
        checked += 1
        got = {tuple(sorted(r)) for r in readings(combo)}
        assert len(got) <= 1, combo
        assert got == oracle.get(combo, set()), combo
    # multisets of 6 from 11 kinds: C(16, 6) = 8008, minus 5 alike plus one other kind
    # (11 * 10 = 110) and 6 alike (11): 8008 - 110 - 11 = 7887.
    assert checked == 7887
    # complete hands: 11 + 7 = 18 sets; pairs with repetition C(19, 2) = 171, minus the
    # 11 doubled triplets (6 alike) = 160; no other pair exceeds 4 copies (a triplet plus
    # a run through it uses 4) -> 160 distinct complete hands, each with one reading.
    assert len(oracle) == 160


def test_the_complete_hand_table_is_the_oracle():
    # The ruleset's table of complete hand keys (one set lookup per check in the game
    # loop) holds exactly the 160 hands of the independent enumeration above.
    rules = get_ruleset("suzume")
    weight = {t.kind: rules.kind_weight[i] for i, t in enumerate(rules.tileset.tiles)}
    expected = {sum(weight[k] for k in combo) for combo in _oracle()}
    assert rules._complete == expected and len(expected) == 160


def test_runs_do_not_wrap_or_reach_dragons():
    # 8 9 g, 9 g r, 9 1 2 and g r 1 are not sets -> incomplete.
    for hand in ("89g555", "9gr555", "912555", "gr1555"):
        s = score_hand(tiles(hand), None)
        assert not s.complete, hand
        assert not s.valid, hand


def test_kkkk_plus_run_reads_as_one_triplet_and_one_run():
    # 2222 3 4 = 222 + 234 (either way round): All Green 10 + 2 + 1 = 13.
    s = score_hand(tiles("222234"), None)
    assert (s.base, s.yakuman) == (13, "all_green")
    assert item_totals(s) == {"triplet": 2, "run": 1, "all_green": 10}
    # 1*111 2 3: 111 + 123 -> triplet 2 + run 1 + red 1 + chanta 2 = 6
    s = score_hand(tiles("1*11123"), None)
    assert s.base == 6
    assert item_totals(s) == {"triplet": 2, "run": 1, "red": 1, "chanta": 2}


# --------------------------------------------------------------------------- 4. incomplete


@pytest.mark.parametrize("hand", ["123457", "11223g", "135799", "ggrr11", "12345g"])
def test_six_tiles_that_are_not_two_sets(hand):
    s = score_hand(tiles(hand), None)
    assert s.complete is False
    assert s.valid is False
    assert s.base == 0


@pytest.mark.parametrize("hand", ["12345", "ggg23", "rrr99", "1234567"])
def test_not_six_tiles_is_incomplete(hand):
    s = score_hand(tiles(hand), None)
    assert s.complete is False
    assert s.valid is False


# --------------------------------------------------------------------------- 5. tsumo share


@pytest.mark.parametrize(
    ("points", "share"),
    # ceil(5/3) = 2, ceil(6/3) = 2, ceil(7/3) = 3, ceil(13/3) = 5, ceil(19/3) = 7,
    # ceil(15/3) = 5, ceil(23/3) = 8
    [(5, 2), (6, 2), (7, 3), (13, 5), (19, 7), (15, 5), (23, 8)],
)
def test_tsumo_share(points, share):
    assert tsumo_share(points) == share


# --------------------------------------------------------------------------- 6. payments

RON, PASS, TSUMO = Action(ActionType.RON), Action(ActionType.PASS), Action(ActionType.TSUMO)


def discard(text: str) -> Action:
    return Action(ActionType.DISCARD, tile(text))


def table(
    hands: list[str],
    indicator: str,
    *,
    turn: int,
    dealer: int = 0,
    discards: list[str] | None = None,
    scores: list[int] | None = None,
    draws: str = "",
    options: dict | None = None,
) -> Game:
    """A game put into an exact position: seat ``turn`` holds six tiles (the last one just
    drawn) and must act; the others hold five. ``draws`` are the next wall tiles, in order."""
    game = Game(get_ruleset("suzume", options or {}), seed=7)
    free = set(range(len(game.faces)))

    def take(text: str) -> list[int]:
        ids = []
        for face in tiles(text):
            choice = [i for i in game.tileset.ids_of(face) if i in free]
            assert choice, f"no copy of {face} left"
            free.discard(choice[0])
            ids.append(choice[0])
        return ids

    game.hands = [take(h) for h in hands]
    assert [len(h) for h in game.hands] == [6 if s == turn else 5 for s in range(4)]
    indicator_ids = take(indicator)
    game.discards = [take(d) for d in (discards or ["", "", "", ""])]
    game.river_flags = [[0] * len(d) for d in game.discards]
    top = take(draws)
    # the live wall draws from its end: the free tiles, then ``draws`` in order
    game.wall = Wall(sorted(free) + top[::-1], revealed=indicator_ids)
    game.hand_key = [sum(game.key_weight[t] for t in h) for h in game.hands]
    game.counts = [[sum(1 for t in h if game.kind[t] == k) for k in range(42)] for h in game.hands]
    game.face_key = [sum(game.face_weight[t] for t in h) for h in game.hands]
    game.ledger = Ledger({"points": list(scores or [40, 40, 40, 40])}, game.ruleset.floors)
    game.scores = game.ledger.accounts["points"]
    game.hand_start = {"points": list(game.scores)}
    game.dealer = dealer
    game.turn = turn
    game.drawn = game.hands[turn][-1]
    game.last_discard = None
    game.phase = Phase.TURN
    game.pending = {turn: game.ruleset.turn_actions(game, turn)}
    game.declared = {}
    game.events = []
    game.validate()
    return game


def step(game: Game, seat: int, action: Action) -> None:
    game.step(seat, action)
    game.validate()


def events(game: Game, kind_: str) -> list:
    return [e for e in game.events if e.type == kind_]


def test_ron_discarder_pays_the_whole_score():
    # Seat 1 holds 234 66 and rons seat 0's plain 6: 234 666 All Green 10 + 1 + 2 = 13
    # (not the dealer). Seat 0 pays 13: 40 - 13 = 27, seat 1 40 + 13 = 53.
    game = table(["1159g6", "23466", "578rr", "789rr"], "g", turn=0)
    step(game, 0, discard("6"))
    assert game.phase is Phase.CLAIM
    assert game.legal_actions(1) == [RON, PASS]
    assert set(game.pending) == {1}
    step(game, 1, RON)
    (win,) = events(game, "win")
    assert (win.seat, win.from_seat, win.points) == (1, 0, 13)
    assert win.payments == [-13, 13, 0, 0]
    assert game.scores == [27, 53, 40, 40]
    assert game.hand_number == 1  # the hand ended


def test_ron_by_the_dealer_adds_the_dealer_bonus():
    # Dealer seat 0 holds ggg 23 and rons seat 3's plain 4: ggg 234 = 13, dealer +2 = 15.
    # Seat 3 pays 15: 40 - 15 = 25; seat 0 55.
    game = table(["ggg23", "11599", "1578r", "5789r4"], "r", turn=3)
    step(game, 3, discard("4"))
    assert game.legal_actions(0) == [RON, PASS]
    step(game, 0, RON)
    (win,) = events(game, "win")
    assert (win.seat, win.from_seat, win.points) == (0, 3, 15)
    assert game.scores == [55, 40, 40, 25]


def test_tsumo_each_other_player_pays_a_third_rounded_up():
    # Seat 2 (not the dealer) draws into rrr 999: Chinyao 15 + 2 + 2 = 19.
    # Each of the three pays ceil(19 / 3) = 7: 40 - 7 = 33; seat 2 40 + 21 = 61.
    game = table(["12345", "12345", "rrr999", "678gg"], "5", turn=2)
    assert TSUMO in game.legal_actions(2)
    step(game, 2, TSUMO)
    (win,) = events(game, "win")
    assert (win.seat, win.from_seat, win.points) == (2, None, 19)
    assert win.payments == [-7, -7, 21, -7]
    assert game.scores == [33, 33, 61, 33]


@pytest.mark.parametrize(
    ("hands", "indicator", "points", "share"),
    [
        # Dealer seat 0 draws into ggg 234: 13 + dealer 2 = 15; each pays ceil(15/3) = 5.
        (["ggg234", "11599", "1578r", "5789r"], "r", 15, 5),
        # Dealer seat 0 draws into 2*34 555 (indicator g): run 1 + triplet 2 + red 1
        # + tanyao 1 = 5, + dealer 2 = 7; each pays ceil(7/3) = 3 (ceil(5/3) would be 2).
        (["2*34555", "1199g", "178rr", "789rr"], "g", 7, 3),
    ],
)
def test_dealer_tsumo_share_includes_the_dealer_bonus(hands, indicator, points, share):
    # Each of seats 1-3 pays the share: 40 - share; the dealer gets 40 + 3 * share.
    game = table(hands, indicator, turn=0)
    step(game, 0, TSUMO)
    (win,) = events(game, "win")
    assert (win.seat, win.from_seat, win.points) == (0, None, points)
    assert game.scores == [40 + 3 * share, 40 - share, 40 - share, 40 - share]


def test_tsumo_payer_short_of_points_pays_down_to_zero():
    # Seat 2 tsumo rrr 999 = 19, share 7. Scores start [77, 40, 40, 3] (sum 160).
    # Seats 0 and 1 pay 7 each (70, 33); seat 3 has only 3 and pays 3 (to 0).
    # Seat 2: 40 + 7 + 7 + 3 = 57 -> [70, 33, 57, 0] (sum 160).
    game = table(["12345", "12345", "rrr999", "678gg"], "5", turn=2, scores=[77, 40, 40, 3])
    step(game, 2, TSUMO)
    (win,) = events(game, "win")
    assert win.payments == [-7, -7, 17, -3]
    assert game.scores == [70, 33, 57, 0]
    assert min(game.scores) >= 0


def test_ron_discarder_short_of_points_pays_down_to_zero():
    # Seat 1 rons seat 0's 6 for 13 (as in the first ron test) but seat 0 holds only 5:
    # it pays 5 and stops at 0. Scores [5, 40, 40, 75] -> [0, 45, 40, 75].
    game = table(["1159g6", "23466", "578rr", "789rr"], "g", turn=0, scores=[5, 40, 40, 75])
    step(game, 0, discard("6"))
    step(game, 1, RON)
    (win,) = events(game, "win")
    assert win.payments == [-5, 5, 0, 0]
    assert game.scores == [0, 45, 40, 75]


# Double ron on seat 2's plain 6 (dealer seat 0): seat 3 holds 234 66 -> 234 666 All Green
# 10 + 1 + 2 = 13; seat 1 holds 45 7*77 -> 456 777: run 1 + triplet 2 + red (7*) 1
# + tanyao 1 = 5 (indicator r: no dora). Payment order from the discarder's right: 3, 0, 1.
DOUBLE_HANDS = ["1999r", "457*77", "11gg36", "23466"]


def test_double_ron_both_paid_in_full_when_the_discarder_can():
    # Seat 2 has 40: pays 13 to seat 3 (27 left) then 5 to seat 1 (22 left).
    game = table(DOUBLE_HANDS, "r", turn=2)
    step(game, 2, discard("6"))
    assert set(game.pending) == {1, 3}
    step(game, 1, RON)
    step(game, 3, RON)
    wins = events(game, "win")
    assert [(w.seat, w.points) for w in wins] == [(3, 13), (1, 5)]
    assert game.scores == [40, 45, 22, 53]


def test_double_ron_paid_from_the_discarders_right_until_it_reaches_zero():
    # Seat 2 has 15. Seat 3 (its right) is paid first: 13 -> seat 2 has 2 left.
    # Seat 1 (its left, last in line) is owed 5 but gets only the 2 left.
    # Scores [50, 40, 15, 55] -> [50, 42, 0, 68] (sum 160).
    game = table(DOUBLE_HANDS, "r", turn=2, scores=[50, 40, 15, 55])
    step(game, 2, discard("6"))
    step(game, 3, RON)  # answering order does not matter
    step(game, 1, RON)
    wins = events(game, "win")
    assert [(w.seat, w.payments) for w in wins] == [(3, [0, 0, -13, 13]), (1, [0, 2, -2, 0])]
    assert game.scores == [50, 42, 0, 68]


def test_double_ron_first_winner_can_take_everything():
    # Seat 2 has 10: seat 3 (first) is owed 13 and gets 10; seat 1 gets nothing.
    # Scores [60, 40, 10, 50] -> [60, 40, 0, 60].
    game = table(DOUBLE_HANDS, "r", turn=2, scores=[60, 40, 10, 50])
    step(game, 2, discard("6"))
    step(game, 1, RON)
    step(game, 3, RON)
    assert game.scores == [60, 40, 0, 60]


def test_only_one_of_two_possible_winners_declares():
    # Declaring is optional: seat 3 passes, seat 1 rons for 5 alone. [40, 45, 35, 40].
    game = table(DOUBLE_HANDS, "r", turn=2)
    step(game, 2, discard("6"))
    step(game, 3, PASS)
    step(game, 1, RON)
    assert game.scores == [40, 45, 35, 40]


@pytest.mark.parametrize(
    ("held", "earlier", "thrown"),
    [
        # discarded the red 6 earlier; the plain 6 is thrown now
        ("23466", "6*", "6"),
        # discarded a plain 6 earlier; the red 6 is thrown now
        ("23466", "6", "6*"),
    ],
)
def test_furiten_no_ron_on_a_kind_discarded_before(held, earlier, thrown):
    # Without the earlier discard seat 1 could ron (234 666 = 13, or with the red 6:
    # run 1 + triplet 2 + red 1 + tanyao 1 = 5, both valid). With it, no offer: the discard
    # passes and seat 1 simply draws.
    game = table(
        ["1599g" + thrown, held, "578rr", "789rr"], "g", turn=0, discards=["", earlier, "", ""]
    )
    step(game, 0, discard(thrown))
    assert game.phase is Phase.TURN
    assert game.turn == 1
    assert RON not in game.legal_actions(1)
    assert events(game, "win") == []


@pytest.mark.parametrize("thrown", ["6", "6*"])
def test_not_furiten_without_that_kind_in_the_discards(thrown):
    # Control: seat 1 discarded a 5 (another kind) earlier; ron on 6 is offered.
    game = table(
        ["1599g" + thrown, "23466", "578rr", "789rr"], "g", turn=0, discards=["", "5", "", ""]
    )
    step(game, 0, discard(thrown))
    assert game.legal_actions(1) == [RON, PASS]


def test_passing_a_ron_leaves_no_furiten():
    # Seat 1 holds 45 7*77 (waits 3 or 6: 345 777 or 456 777, each run 1 + triplet 2 + red 1
    # + tanyao 1 = 5). It passes seat 0's 3, draws g and throws it (its discards: g), then
    # seat 2 draws and throws a 6: "no other furiten", so seat 1 may ron it for 5.
    game = table(["119gg3", "457*77", "188rr", "259rr"], "2", turn=0, draws="g6")
    step(game, 0, discard("3"))
    assert game.legal_actions(1) == [RON, PASS]
    step(game, 1, PASS)
    assert (game.phase, game.turn) == (Phase.TURN, 1)
    step(game, 1, discard("g"))
    assert (game.phase, game.turn) == (Phase.TURN, 2)
    step(game, 2, discard("6"))
    assert game.legal_actions(1) == [RON, PASS]
    step(game, 1, RON)
    (win,) = events(game, "win")
    assert (win.seat, win.from_seat, win.points) == (1, 2, 5)
    assert game.scores == [40, 45, 35, 40]


# --------------------------------------------------------------------------- misdeclared wins

MISDECLARE = {"allow_misdeclared_wins": True}


def test_worthless_shape_not_offered_by_default():
    # 345 66 + 6 with indicator 7 is 4 points: by default neither ron nor tsumo is offered.
    game = table(["1599g6", "34566", "128rr", "289rr"], "7", turn=0)
    step(game, 0, discard("6"))
    assert (game.phase, game.turn) == (Phase.TURN, 1)  # no claim window
    assert events(game, "misdeclared") == []


def test_misdeclared_tsumo_not_offered_by_default():
    # 345 666 indicator 7 = 4 -> no tsumo offered without the option (dealer bonus or not).
    game = table(["345666", "1599g", "128rr", "289rr"], "7", turn=0)
    assert TSUMO not in game.legal_actions(0)


def test_misdeclared_ron_pays_two_to_each_and_play_continues():
    # Seat 1 rons seat 0's plain 6 with 345 666, indicator 7: 1 + 2 + tanyao 1 = 4 -> a
    # misdeclared win. Seat 1 pays 2 to each of seats 0, 2, 3: 40 - 6 = 34, others 42.
    # The hand goes on: seat 1 (the discarder's right) draws next.
    game = table(["1599g6", "34566", "128rr", "289rr"], "7", turn=0, options=MISDECLARE)
    step(game, 0, discard("6"))
    assert game.legal_actions(1) == [RON, PASS]
    step(game, 1, RON)
    (mis,) = events(game, "misdeclared")
    assert (mis.seat, mis.action, mis.points) == (1, "ron", 4)
    assert mis.payments == [2, -6, 2, 2]
    assert events(game, "win") == []
    assert game.scores == [42, 34, 42, 42]
    assert game.hand_number == 0
    assert (game.phase, game.turn) == (Phase.TURN, 1)
    assert len(game.hands[1]) == 6  # its five tiles and the new draw, not the 6 it claimed


def test_misdeclared_tsumo_then_the_same_seat_discards():
    # Dealer seat 0 holds 345 666, indicator 7: base 4, dealer bonus would make 6 but does
    # not count toward the minimum -> misdeclared. Seat 0 pays 2 to each: 34, others 42.
    game = table(["345666", "1599g", "128rr", "289rr"], "7", turn=0, options=MISDECLARE)
    assert TSUMO in game.legal_actions(0)
    step(game, 0, TSUMO)
    (mis,) = events(game, "misdeclared")
    assert (mis.seat, mis.action, mis.points) == (0, "tsumo", 4)
    assert game.scores == [34, 42, 42, 42]
    assert (game.phase, game.turn) == (Phase.TURN, 0)
    legal = game.legal_actions(0)
    assert TSUMO not in legal
    assert legal and all(a.type is ActionType.DISCARD for a in legal)
    step(game, 0, discard("3"))
    assert game.hand_number == 0
    assert game.discards[0] and game.faces[game.discards[0][-1]] == tile("3")


def test_misdeclared_penalty_stops_at_zero():
    # Seat 1 holds only 3 points when it misdeclares: it can pay 2 + 1 + 0 = 3 in all and
    # ends on 0; nobody goes below 0. Scores [40, 3, 40, 77] (sum 160).
    game = table(
        ["1599g6", "34566", "128rr", "289rr"],
        "7",
        turn=0,
        scores=[40, 3, 40, 77],
        options=MISDECLARE,
    )
    step(game, 0, discard("6"))
    step(game, 1, RON)
    assert game.scores[1] == 0
    gains = [game.scores[s] - start for s, start in ((0, 40), (2, 40), (3, 77))]
    assert sum(gains) == 3
    assert all(0 <= g <= 2 for g in gains)
    assert sum(game.scores) == 160


def test_valid_win_with_the_option_still_pays_normally():
    # The option only adds offers; a worth-5 hand still wins: seat 1 rons 6 with
    # 2*34 66 (indicator g): run 1 + triplet 2 + red 1 + tanyao 1 = 5. [35, 45, 40, 40].
    game = table(["1599g6", "2*3466", "128rr", "289rr"], "g", turn=0, options=MISDECLARE)
    step(game, 0, discard("6"))
    step(game, 1, RON)
    (win,) = events(game, "win")
    assert win.points == 5
    assert game.scores == [35, 45, 40, 40]


def test_misdeclared_ron_by_the_dealer_bonus_does_not_rescue_it():
    # Dealer seat 0 holds 345 66 and rons seat 3's plain 6, indicator 7: base 1 + 2 + 1 = 4
    # (dealer 2 would make 6 but does not count) -> misdeclared: seat 0 pays 2 to each of
    # seats 1, 2, 3: [34, 42, 42, 42]. Play goes on with seat 0 (seat 3's right) drawing.
    game = table(["34566", "1599g", "128rr", "289rr6"], "7", turn=3, options=MISDECLARE)
    step(game, 3, discard("6"))
    assert game.legal_actions(0) == [RON, PASS]
    step(game, 0, RON)
    (mis,) = events(game, "misdeclared")
    assert (mis.seat, mis.action, mis.points) == (0, "ron", 4)
    assert game.scores == [34, 42, 42, 42]
    assert (game.phase, game.turn, game.hand_number) == (Phase.TURN, 0, 0)


def test_misdeclare_option_still_respects_furiten():
    # Seat 1 (345 66, indicator 7, worth 4) discarded the red 6 earlier: even with the
    # option no declaration on the plain 6 is offered, so nobody pays anything.
    game = table(
        ["1599g6", "34566", "128rr", "289rr"],
        "7",
        turn=0,
        discards=["", "6*", "", ""],
        options=MISDECLARE,
    )
    step(game, 0, discard("6"))
    assert (game.phase, game.turn) == (Phase.TURN, 1)
    assert events(game, "misdeclared") == []
    assert game.scores == [40, 40, 40, 40]
