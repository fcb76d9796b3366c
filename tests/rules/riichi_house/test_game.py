"""The riichi house preset ``cy-dealers-choice`` (seed 001) played out, scripted on
injected walls (``tests/support/riichi_walls.py``): the placement chips, the dealer's
choice, the called game and the low-riichi bust. Its wins (pocchi, naki menzen, chips,
basengo, nagashi, local yakuman) and random games: ``test_game_wins.py``. How these
tests are written and the tiles' text: ``tests/support/house_helpers.py``."""

from __future__ import annotations

import pytest

from sparrows.engine import Game, Phase
from sparrows.engine.protocol import Ruleset
from sparrows.rules.riichi.house.scoring import placement_chips
from tests.support.house_helpers import (
    READY,
    chips,
    cycle,
    house,
    in_dealer_window,
    pass_claims,
    play_out,
    seat_hands,
    tenpai_dealer_wall,
)
from tests.support.riichi_walls import (
    act,
    drawn,
    last,
    legal,
    new_game,
    of_type,
    refused,
    riichi_wall,
    tsumogiri,
    types,
)

# Chun and a kanchan on 3s: ron 20 + 10 + 2 + 8 (closed honour triplet) = 40 fu, 1 han;
# tsumo 20 + 2 + 2 + 8 = 32 -> 40 fu, 2 han (menzen tsumo).
KANCHAN = "123m456m777z24s99s"
# Chun and a penchan on 3m: ron 20 + 10 + 2 + 8 = 40 fu, 1 han.
PENCHAN = "12m456p777z11s789s"


# ====================================================================== placement chips


@pytest.mark.parametrize(
    ("scores", "places", "expected"),
    [
        # 2nd 35,000+ receives 4; 3rd 4,999 (under 5,000) pays 5; 4th 0 pays 11;
        # 1st the balance 11 + 5 - 4 = 12
        ([60001, 35000, 4999, 0], [1, 2, 3, 4], [12, 4, -5, -11]),
        # 2nd 34,999 (25,000+) 3; 3rd 5,000 (under 15,000) 4; 4th 4,999 11; 1st 11 + 4 - 3
        ([55002, 34999, 5000, 4999], [1, 2, 3, 4], [12, 3, -4, -11]),
        # 2nd 25,000 3; 3rd 14,999 4; 4th 5,000 (under 15,000) 10; 1st 10 + 4 - 3 = 11
        ([55001, 25000, 14999, 5000], [1, 2, 3, 4], [11, 3, -4, -10]),
        # 2nd 24,999 (15,000+) 2; 3rd 15,000 (under 25,000) 3; 4th 14,999 10; 1st 11
        ([45002, 24999, 15000, 14999], [1, 2, 3, 4], [11, 2, -3, -10]),
        # 2nd 25,000 3; 3rd 24,999 3; 4th 15,000 (15,000+) 9; 1st 9 + 3 - 3 = 9
        ([35001, 25000, 24999, 15000], [1, 2, 3, 4], [9, 3, -3, -9]),
        # all at 25,000 (ties by seat): 2nd 3; 3rd 25,000+ pays 2; 4th 9; 1st 9 + 2 - 3 = 8
        ([25000, 25000, 25000, 25000], [1, 2, 3, 4], [8, 3, -2, -9]),
        # 2nd 15,000 2; 3rd 10,000 4; 4th 4,999 11; 1st 11 + 4 - 2 = 13
        ([70001, 15000, 10000, 4999], [1, 2, 3, 4], [13, 2, -4, -11]),
        # 2nd 14,999 (5,000+) 1; 3rd 5,000 4; 4th 5,000 10; 1st 10 + 4 - 1 = 13
        ([75001, 14999, 5000, 5000], [1, 2, 3, 4], [13, 1, -4, -10]),
        # 2nd 5,000 1; 3rd 5,000 4; 4th 4,999 11; 1st 11 + 4 - 1 = 14
        ([85001, 5000, 5000, 4999], [1, 2, 3, 4], [14, 1, -4, -11]),
        # 2nd 4,999 (below 5,000) 0; 3rd 4,999 5; 4th -2 11; 1st 11 + 5 - 0 = 16
        ([90004, 4999, 4999, -2], [1, 2, 3, 4], [16, 0, -5, -11]),
        # seats in another order: 1st seat 1, 2nd seat 3 (25,000: 3), 3rd seat 0 (14,999:
        # 4), 4th seat 2 (0: 11); 1st 11 + 4 - 3 = 12
        ([14999, 60001, 0, 25000], [3, 1, 4, 2], [-4, 12, -11, 3]),
    ],
)
def test_dynamic_placement_chips(scores: list[int], places: list[int], expected: list[int]) -> None:
    """The seed's table, each boundary on both sides: 4th pays 11 / 10 / 9 (under 5,000 /
    under 15,000 / 15,000+), 3rd pays 5 / 4 / 3 / 2 (under 5,000 / 15,000 / 25,000 /
    25,000+), 2nd receives 4 / 3 / 2 / 1 / 0 (35,000+ / 25,000+ / 15,000+ / 5,000+ /
    below), 1st receives the balance."""
    assert house().places(scores) == places  # the places are those of the scores
    got = placement_chips(scores, places, "dynamic")
    assert got == expected
    assert sum(got) == 0


@pytest.mark.parametrize(
    ("scores", "places", "expected"),
    [
        ([60000, 30000, 10000, 0], [1, 2, 3, 4], [13, 3, -5, -11]),
        ([14999, 60001, 0, 25000], [3, 1, 4, 2], [-5, 13, -11, 3]),
    ],
)
def test_fixed_placement_chips(scores: list[int], places: list[int], expected: list[int]) -> None:
    """Option ``placement_chips="fixed"``: 13 / 3 / -5 / -11 by place, whatever the points."""
    got = placement_chips(scores, places, "fixed")
    assert got == expected
    assert sum(got) == 0


# ====================================================================== dealer's choice


def dealer_ron_game(rules: Ruleset) -> Game:
    """The dealer rons seat 1's 3s: chun, 1 han 40 fu; dealer ron 6 x 40 x 2^3 = 1920 ->
    2,000 (no special tile in the hand: no chips)."""
    wall = riichi_wall(rules, seat_hands({0: KANCHAN}), draws=["9p", "3s"], dora="8p")
    game = new_game(rules, wall)
    cycle(game, 1)
    act(game, 1, "discard 3s")
    assert legal(game, 0) == {"ron", "pass"}
    act(game, 0, "ron")
    win = last(game, "win")
    assert (win.seat, win.points, win.payments) == (0, 2000, [2000, -2000, 0, 0])
    return game


def assert_dealer_window(game: Game, dealer: int) -> None:
    """The dealer, and nobody else, chooses between continue and pass_deal."""
    assert in_dealer_window(game) and game.phase is Phase.CHOICE and not game.over
    assert game.to_act() == [dealer]
    assert legal(game, dealer) == {"continue", "pass_deal"}
    for seat in range(4):
        if seat != dealer:
            assert legal(game, seat) == set()
            assert refused(game, seat, "continue")
    assert refused(game, dealer, "pass")  # not a claim window


@pytest.mark.parametrize("choice", ["continue", "pass_deal"])
def test_dealer_choice_after_a_dealer_win(choice: str) -> None:
    """After a dealer win the dealer continues (the deal stays, honba +1) or passes the
    deal (to seat 1, honba 0)."""
    rules = house()
    game = dealer_ron_game(rules)
    assert game.hand_number == 0
    assert_dealer_window(game, 0)
    act(game, 0, choice)
    start = last(game, "hand_start")
    if choice == "continue":
        assert (start.hand, start.dealer, start.extra) == (
            1,
            0,
            {"honba": 1, "sticks": 0, "kyoku": 0},
        )
    else:
        assert (start.hand, start.dealer, start.extra) == (
            1,
            1,
            {"honba": 0, "sticks": 0, "kyoku": 1},
        )
    assert game.scores == [27000, 23000, 25000, 25000]


def test_no_dealer_choice_after_a_non_dealer_win() -> None:
    """A non-dealer win passes the deal at once: no window. (Seat 1 deals in on its second
    turn: on its first, before seat 2's first draw, the ron would be renhou.)"""
    rules = house()
    draws = ["9p", "9m", "8p", "8m", "9p", "3s"]
    wall = riichi_wall(rules, seat_hands({2: KANCHAN}), draws=draws, dora="8p")
    game = new_game(rules, wall)
    cycle(game, 5)
    act(game, 1, "discard 3s")
    act(game, 2, "ron")
    pass_claims(game)
    # non-dealer ron 1 han 40 fu: 4 x 320 = 1280 -> 1,300
    assert last(game, "win").payments == [0, -1300, 1300, 0]
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (1, 1, 0)


@pytest.mark.parametrize("choice", ["continue", "pass_deal"])
def test_dealer_choice_after_a_dealer_tsumo(choice: str) -> None:
    """The dealer's tsumo on 3s (menzen tsumo + chun, 2 han 40 fu: basic 640, 1,280 ->
    1,300 from each) opens the same window."""
    rules = house()
    wall = riichi_wall(
        rules, seat_hands({0: KANCHAN}), draws=["9p", "9m", "8p", "8m", "3s"], dora="8p"
    )
    game = new_game(rules, wall)
    cycle(game, 4)
    assert drawn(game) == "3s"
    act(game, 0, "tsumo")
    assert last(game, "win").payments == [3900, -1300, -1300, -1300]
    assert_dealer_window(game, 0)
    act(game, 0, choice)
    start = last(game, "hand_start")
    expected = (0, 1) if choice == "continue" else (1, 0)
    assert (start.dealer, start.extra["honba"]) == expected


def test_dealer_choice_after_dealer_tenpai_and_pass_resets_honba() -> None:
    """The dealer alone is ready at the exhaustive draw (+3,000, 1,000 from each): it
    continues (honba 1); ready again (+3,000), it passes: seat 1 deals with honba 0."""
    rules = house()
    game = new_game(rules, tenpai_dealer_wall(rules, 0), tenpai_dealer_wall(rules, 0))
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [0]
    assert game.scores == [28000, 24000, 24000, 24000]
    assert_dealer_window(game, 0)
    act(game, 0, "continue")
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, 1)
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [0]
    assert game.scores == [31000, 23000, 23000, 23000]
    assert_dealer_window(game, 0)
    act(game, 0, "pass_deal")
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra) == (2, 1, {"honba": 0, "sticks": 0, "kyoku": 1})


@pytest.mark.parametrize("choice", ["pass_deal", "continue"])
def test_dealer_passing_in_east_4_ends_the_game(choice: str) -> None:
    """Each dealer is the only one ready and passes the deal: +3,000 and -1,000 three times
    leave everybody at 25,000. The dealer of East 4 passing ends the game; continuing
    repeats East 4 (honba 1). Final (ties by seat): placement chips 2nd 25,000+ +3, 3rd
    25,000+ -2, 4th 15,000+ -9, 1st 9 + 2 - 3 = 8; no chips from the game; money value at
    5,000 a chip: 40, 15, -10, -45 (thousands)."""
    rules = house()
    walls = [tenpai_dealer_wall(rules, d) for d in range(4)]
    game = new_game(rules, *walls)
    for dealer in range(4):
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (dealer, dealer, 0)
        play_out(game)
        assert last(game, "exhaustive_draw").ready == [dealer]
        assert_dealer_window(game, dealer)
        if dealer < 3:
            act(game, dealer, "pass_deal")
    assert game.scores == [25000] * 4
    act(game, 3, choice)
    if choice == "continue":
        assert not game.over
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (4, 3, 1)
        return
    assert game.over
    end = last(game, "game_end")
    assert end.places == [1, 2, 3, 4]
    assert end.result["places"] == [1, 2, 3, 4]
    assert end.result["points"] == [25000] * 4
    assert end.result["game_chips"] == [0, 0, 0, 0]
    assert end.result["placement_chips"] == [8, 3, -2, -9]
    assert end.result["chips"] == [8, 3, -2, -9]
    assert end.result["final"] == [40.0, 15.0, -10.0, -45.0]
    assert chips(game) == [8, 3, -2, -9]


# ====================================================================== called game

DAISANGEN = "555z666z777z123m4p"  # three concealed dragon triplets, 123m, a 4p tanki


def test_called_game_after_a_win_to_55000() -> None:
    """Seat 1 tsumos daisangen (a single yakuman; three concealed triplets are only
    sanankou): non-dealer yakuman tsumo 8,000 / 16,000 -> 57,000, the game is called.
    Chips: yakuman tsumo 10 from each payer (no special tile), then the called game 1
    from each other player: [-11, 33, -11, -11]. Scores [9000, 57000, 17000, 17000];
    places seat 1, seat 2 (tie at 17,000 to the seat nearer the first dealer), seat 3,
    seat 0. Placement: 2nd 17,000 +2, 3rd 17,000 -3, 4th 9,000 -10, 1st 10 + 3 - 2 = 11.
    Totals [-21, 44, -9, -14]; money at 5,000 a chip: -105, 220, -45, -70."""
    rules = house()
    wall = riichi_wall(
        rules,
        seat_hands({1: DAISANGEN}),
        draws=["9p", "9m", "8p", "8m", "9p", "4p"],
        dora="8p",
    )
    game = new_game(rules, wall)
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "4p"
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.detail["yakuman"], win.detail["chips"]) == (1, 10)
    assert win.payments == [-16000, 32000, -8000, -8000]
    assert game.over  # no next hand
    assert types(game).count("hand_start") == 1
    called = [t for t in of_type(game, "transfer") if t.reason == "called game"]
    assert sorted((t.src, t.dst, t.amount) for t in called) == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    end = last(game, "game_end")
    assert end.scores == [9000, 57000, 17000, 17000]
    assert end.places == [4, 1, 2, 3]
    assert end.result["game_chips"] == [-11, 33, -11, -11]
    assert end.result["placement_chips"] == [-10, 11, 2, -3]
    assert end.result["chips"] == [-21, 44, -9, -14]
    assert end.result["final"] == [-105.0, 220.0, -45.0, -70.0]
    assert chips(game) == [-21, 44, -9, -14]


def test_called_game_and_bust_in_one_hand() -> None:
    """Seat 1 rons daisangen from the dealer: 32,000, seat 0 at -7,000 busts and seat 1 at
    57,000 calls the game. Both payments are the spec's: the bust chip (seat 0 to the
    winner) and the called game's 1 chip from each other player. Chips: yakuman ron 20
    from seat 0, bust 1, called game 1 each: [-22, 24, -1, -1]. Places seat 1, seat 2,
    seat 3 (25,000 each, by seat), seat 0: placement 2nd 25,000 +3, 3rd 25,000+ -2, 4th
    under 5,000 -11, 1st 11 + 2 - 3 = 10. Totals [-33, 34, 2, -3]."""
    rules = house()
    wall = riichi_wall(
        rules, seat_hands({1: DAISANGEN}), draws=["9p", "9m", "8p", "8m", "4p"], dora="8p"
    )
    game = new_game(rules, wall)
    cycle(game, 4)
    act(game, 0, "discard 4p")
    act(game, 1, "ron")
    pass_claims(game)
    assert last(game, "win").payments == [-32000, 32000, 0, 0]
    assert game.over
    end = last(game, "game_end")
    assert end.scores == [-7000, 57000, 25000, 25000]
    assert end.result["game_chips"] == [-22, 24, -1, -1]
    assert end.result["placement_chips"] == [-11, 10, 3, -2]
    assert end.result["chips"] == [-33, 34, 2, -3]


# ====================================================================== riichi below 1,000


def low_riichi_game(outcome: str) -> Game:
    """Start 3,000 each (option). East 1: seat 3 deals a 3m into seat 2's chun penchan
    with one dora (indicator 8s, dora 9s): 2 han 40 fu, 4 x 640 = 2560 -> 2,600. Scores
    [3000, 3000, 5600, 400]. East 2 (dealer seat 1): seat 3 declares riichi with 400
    points (offered: the preset needs no points for riichi) on its second draw; seats 0
    and 2 are ready too. ``outcome``: "draw" (played out) or "tsumo" (seat 3 draws its
    3s next)."""
    rules = house(start_points=3000)
    first = riichi_wall(
        rules,
        seat_hands({2: PENCHAN}),
        draws=["9p", "9m", "1p", "3m"],
        dora="8s",
    )
    hands = {
        0: "123p456p789m13s55z",  # waits 2s
        1: "147m258p369s1234z",  # the dealer, noten
        2: "234m567p678s11z46p",  # waits 5p
        3: READY,  # waits 3s
    }
    draws: list[str | None] = [None] * 70
    draws[2] = "8m"  # seat 3's first draw (not riichi: no double riichi)
    draws[6] = "9m"  # seat 3's riichi discard
    if outcome == "tsumo":
        draws[10] = "3s"
    second = riichi_wall(
        rules,
        [hands[s] for s in range(4)],
        draws=draws,
        replacements="5!z7!z",  # no 5z/7z pocchi to draw in riichi
        dora="2z",
        ura="2z",
        dealer=1,
    )
    game = new_game(rules, first, second)
    cycle(game, 3)
    act(game, 3, "discard 3m")
    act(game, 2, "ron")
    pass_claims(game)
    assert last(game, "win").payments == [0, 0, 2600, -2600]
    assert game.scores == [3000, 3000, 5600, 400]
    assert (game.hand_number, game.dealer) == (1, 1)
    cycle(game, 2)
    tsumogiri(game, 3)
    pass_claims(game)
    cycle(game, 3)
    assert game.turn == 3 and drawn(game) == "9m"
    assert "riichi 9m" in legal(game, 3)
    act(game, 3, "riichi 9m")
    pass_claims(game)
    assert game.scores[3] == -600 and game.ledger.pots["points"] == 1000
    return game


def test_riichi_below_1000_points_busts_at_the_draw() -> None:
    """Seat 3 (riichi with 400 points, -600 after the stick) does not win: at the draw
    seats 0, 2 and 3 are ready, the dealer pays 1,000 to each: [4000, 0, 6600, 400];
    nobody is below 0, yet seat 3 busts (low riichi): the game ends, seat 3 pays 1 chip to
    each other player who was ready (seats 0 and 2). The stick left on the table goes to
    first place (seat 2: 7,600). Places: seat 2, seat 0 (4,000), seat 3 (400), seat 1 (0).
    Placement: 2nd under 5,000 0, 3rd under 5,000 -5, 4th under 5,000 -11, 1st 16.
    Chips: game [1, 0, 1, -2], totals [1, -11, 17, -7]."""
    game = low_riichi_game("draw")
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [0, 2, 3]
    assert game.over
    bust = [t for t in of_type(game, "transfer") if t.reason == "bust"]
    assert sorted((t.account, t.src, t.dst, t.amount) for t in bust) == [
        ("chips", 3, 0, 1),
        ("chips", 3, 2, 1),
    ]
    end = last(game, "game_end")
    assert end.scores == [4000, 0, 7600, 400]
    assert end.places == [2, 4, 1, 3]
    assert end.result["game_chips"] == [1, 0, 1, -2]
    assert end.result["placement_chips"] == [0, -11, 16, -5]
    assert end.result["chips"] == [1, -11, 17, -7]
    assert game.ledger.pots["points"] == 0


def test_riichi_below_1000_points_that_wins_does_not_bust() -> None:
    """Seat 3 tsumos 3s right after its riichi: riichi, ippatsu, menzen tsumo (3 han; 20 +
    2 + 2 kanchan = 24 -> 30 fu; basic 960: the dealer 1,920 -> 2,000, the others 1,000)
    and its stick back: -600 + 4,000 + 1,000 = 4,400; ippatsu 1 chip from each. No bust:
    East 3 follows (seat 2 deals, honba 0)."""
    game = low_riichi_game("tsumo")
    cycle(game, 3)
    assert game.turn == 3 and drawn(game) == "3s"
    act(game, 3, "tsumo")
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"], win.detail["chips"]) == (3, 30, 1)
    assert win.payments == [-1000, -2000, -1000, 5000]
    assert game.scores == [2000, 1000, 4600, 4400]
    assert chips(game) == [-1, -1, -1, 3]
    assert not game.over
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (2, 2, 0)
