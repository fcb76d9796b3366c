"""Riichi's dealer rotation and game end (bust, tonpuu, hanchan, the west extension,
agari-yame and tenpai-yame), pao and the final result, scripted on injected walls. How
these tests are written: ``tests/support/riichi_walls.py``."""

from __future__ import annotations

from typing import Any

import pytest

from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.ledger import POT
from sparrows.engine.protocol import Ruleset
from tests.support.riichi_walls import (
    DEALER_RON_1H40,
    NOTEN,
    PENCHAN,
    Q1,
    Q4,
    TENPAI,
    act,
    cycle,
    drawn,
    ids,
    last,
    new_game,
    nine_terminals_abort,
    of_type,
    pass_all,
    play_out,
    riichi,
    riichi_wall,
    start_after_abort,
    tiles,
    tsumogiri,
)

A = ActionType


# ====================================================================== dealer and game end


def quick_wall(rules: Ruleset, dealer: int, payer: int, winner: int) -> list[int]:
    """A hand where the seats from the dealer up to ``payer`` discard in turn and ``payer``
    deals a 3m into ``winner`` (penchan, chun: 1 han 40 fu)."""
    quiet = iter([Q1, "258m258p258s1567z", "369m369p369s2345z"])
    hands = [PENCHAN if s == winner else next(quiet) for s in range(4)]
    fillers = iter(["9p", "9m", "5z"])
    draws = []
    seat = dealer
    while seat != payer:
        draws.append(next(fillers))
        seat = (seat + 1) % 4
    draws.append("3m")
    return riichi_wall(rules, hands, draws=draws, dora="8p", dealer=dealer)


def quick_ron(game: Game, payer: int, winner: int) -> None:
    while game.turn != payer:
        tsumogiri(game)
        assert game.phase is Phase.TURN
    act(game, payer, "discard 3m")
    act(game, winner, "ron")
    pass_all(game)


def rotation(hands: int) -> list[tuple[int, int, int]]:
    """(dealer, payer, winner) of hands where the seat after the dealer pays the one after
    it: the deal passes every hand and every four hands the scores are even again."""
    return [(k % 4, (k + 1) % 4, (k + 2) % 4) for k in range(hands)]


def play_quick(rules: Ruleset, schedule: list[tuple[int, int, int]]) -> Game:
    walls = [quick_wall(rules, *hand) for hand in schedule]
    game = new_game(rules, *walls)
    for k, (dealer, payer, winner) in enumerate(schedule):
        assert not game.over and game.hand_number == k and game.dealer == dealer
        quick_ron(game, payer, winner)
    return game


@pytest.mark.parametrize("winner", ["dealer", "other"])
def test_dealer_repeats_on_a_win(winner: str) -> None:
    """A dealer win repeats the deal with one more honba (dealer ron 1 han 40 fu = 2000);
    a non-dealer win passes it, honba back to 0. The next hand is dealt from its dealer:
    its wall is built for dealer 1 and seat 1 is dealt first and draws first."""
    rules = riichi()
    if winner == "dealer":
        first = quick_wall(rules, 0, 1, 0)
        game = new_game(rules, first)
        quick_ron(game, 1, 0)
        assert last(game, "win").payments == [DEALER_RON_1H40, -DEALER_RON_1H40, 0, 0]
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, 1)
        return
    first = quick_wall(rules, 0, 1, 2)
    hands = [Q1, "258m258p258s1567z", "369m369p369s2345z", Q4]
    second = riichi_wall(rules, hands, draws="1z", dealer=1)
    game = new_game(rules, first, second)
    mark = len(game.events)
    quick_ron(game, 1, 2)
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.round_wind, start.extra) == (
        1,
        1,
        0,
        {"honba": 0, "sticks": 0, "kyoku": 1},
    )
    deals = of_type(game, "deal", mark)
    assert [d.seat for d in deals] == [1, 2, 3, 0]
    assert [d.tiles for d in deals] == [tiles(hands[s]) for s in (1, 2, 3, 0)]
    draw = last(game, "draw")
    assert (draw.seat, draw.tile, draw.left) == (1, "1z", 69)
    assert game.turn == 1 and game.observation(1).concealed == (13, 14, 13, 13)


@pytest.mark.parametrize(
    ("options", "over"),
    [
        ({"start_points": 1000, "return_points": 1000}, True),  # seat 1 at -300
        ({"start_points": 1300, "return_points": 1300}, False),  # seat 1 at exactly 0
        ({"start_points": 1000, "return_points": 1000, "bust": False}, False),
    ],
)
def test_bust_ends_the_game(options: dict[str, Any], over: bool) -> None:
    """A player below 0 after a hand ends the game (option ``bust``). Final (return =
    start, no oka): seat 2 +1.3 +20 = 21.3; seats 0 and 3 tie at 1,000, seat 0 (nearer the
    first dealer) 2nd: +10, seat 3 -10; seat 1 -1.3 -20 = -21.3."""
    rules = riichi(**options)
    game = new_game(rules, quick_wall(rules, 0, 1, 2))
    quick_ron(game, 1, 2)
    assert game.over is over
    if over:
        end = last(game, "game_end")
        assert end.scores == [1000, -300, 2300, 1000]
        assert end.places == [2, 4, 1, 3]
        assert end.result == {"final": [10.0, -21.3, 21.3, -10.0], "places": [2, 4, 1, 3]}
    else:
        assert game.hand_number == 1 and game.dealer == 1


@pytest.mark.parametrize("hanchan", [False, True])
def test_tonpuu_ends_after_east_4_hanchan_goes_on(hanchan: bool) -> None:
    """Four hands pass the deal round the table (scores even again, everybody at the
    return points 25,000): tonpuu ends there; a hanchan goes on to South 1."""
    rules = riichi(hanchan=hanchan, return_points=25000)
    game = play_quick(rules, rotation(4))
    if hanchan:
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.round_wind, start.extra["kyoku"]) == (4, 0, 1, 4)
        assert not game.over
    else:
        assert game.over
        # all at 25,000 = return: ranks by seat from the first dealer, uma only
        end = last(game, "game_end")
        assert end.result["final"] == [20.0, 10.0, -10.0, -20.0]


def test_hanchan_ends_after_south_4() -> None:
    rules = riichi(return_points=25000)
    game = play_quick(rules, rotation(8))
    assert game.over and of_type(game, "hand_start")[-1].round_wind == 1
    assert last(game, "game_end").result["final"] == [20.0, 10.0, -10.0, -20.0]


@pytest.mark.parametrize("extension", [True, False])
def test_west_extension_until_someone_has_the_return_points(extension: bool) -> None:
    """After South 4 nobody has 26,000 (the return points here): West 1 is played and
    ends the game as soon as seat 2 reaches 26,300. Final (oka 4 x 1,000 to 1st): seat 2
    0.3 + 20 + 4 = 24.3; seat 0 (25,000, tie with seat 3) -1 + 10 = 9; seat 3 -1 - 10 =
    -11; seat 1 -2.3 - 20 = -22.3. Without the extension the game ends after South 4."""
    rules = riichi(return_points=26000, west_extension=extension)
    if not extension:
        game = play_quick(rules, rotation(8))
        assert game.over
        return
    game = play_quick(rules, rotation(9))
    west = of_type(game, "hand_start")[-1]
    assert (west.hand, west.dealer, west.round_wind) == (8, 0, 2)
    assert game.over
    end = last(game, "game_end")
    assert end.scores == [25000, 23700, 26300, 25000]
    assert end.result["final"] == [9.0, -22.3, 24.3, -11.0]


def test_west_extension_ends_after_west_4() -> None:
    """Nobody ever reaches 30,000: the game ends after West 4 (12 hands). Final: each
    -5 from the return points, uma and oka (20) to seat 0: 35, 5, -15, -25."""
    rules = riichi()
    game = play_quick(rules, rotation(12))
    assert game.over and of_type(game, "hand_start")[-1].round_wind == 2
    assert last(game, "game_end").result["final"] == [35.0, 5.0, -15.0, -25.0]


def test_tonpuu_extension_ends_after_south_4() -> None:
    """Tonpuu extends into the South round (sudden death) and ends after South 4 at the
    latest (Tenhou's rule; the spec is silent)."""
    rules = riichi(hanchan=False)
    walls = [quick_wall(rules, *hand) for hand in rotation(12)]
    game = new_game(rules, *walls)
    for dealer, payer, winner in rotation(8):
        assert game.dealer == dealer
        quick_ron(game, payer, winner)
    assert game.over


@pytest.mark.parametrize(
    ("case", "over"), [("top", True), ("agari_yame off", False), ("not top", False)]
)
def test_agari_yame(case: str, over: bool) -> None:
    """Tonpuu, return points 26,000. The dealer of East 4 wins (dealer ron 2,000):
    in first place with 27,000 the game ends; with the option off, or when seat 0 is still
    ahead, the dealer repeats. Final of the first case (oka 4): seat 3 1 + 20 + 4 = 25,
    seat 2 -1 + 10 = 9, seat 0 -1.7 - 10 = -11.7, seat 1 -2.3 - 20 = -22.3."""
    rules = riichi(hanchan=False, return_points=26000, agari_yame=case != "agari_yame off")
    if case == "not top":  # seat 0 wins East 2 and 3; the dealer of East 4 rons seat 1
        schedule = [(0, 1, 2), (1, 2, 0), (2, 3, 0), (3, 1, 3)]
        scores = [27600, 21700, 25000, 25700]
    else:
        schedule = [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 3)]
        scores = [24300, 23700, 25000, 27000]
    game = play_quick(rules, schedule)
    assert last(game, "win").points == DEALER_RON_1H40
    assert game.scores == scores
    assert game.over is over
    if over:
        assert last(game, "game_end").result["final"] == [-11.7, -22.3, 9.0, 25.0]
    else:
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (4, 3, 1)


def test_tenpai_yame() -> None:
    """Tonpuu, return points 26,000. After three passed deals seat 0 leads with 26,300;
    in East 4 the dealer (seat 3) is the only one tenpai at the draw: 25,000 + 3,000 =
    28,000, first place with the return points. Tenhou stops the game there (automatic
    tenpai-yame, as for agari-yame); the spec names agari-yame only. Final (oka 4): seat 3
    2 + 20 + 4 = 26; seat 0 -0.7 + 10 = 9.3; seat 2 -2 - 10 = -12; seat 1 -3.3 - 20 =
    -23.3."""
    rules = riichi(hanchan=False, return_points=26000)
    schedule = [(0, 1, 2), (1, 2, 3), (2, 3, 0)]
    walls = [quick_wall(rules, *hand) for hand in schedule]
    last_hand = [NOTEN[0], NOTEN[1], NOTEN[2], TENPAI[0]]
    walls.append(riichi_wall(rules, last_hand, dealer=3))
    game = new_game(rules, *walls)
    for _dealer, payer, winner in schedule:
        quick_ron(game, payer, winner)
    assert game.dealer == 3 and game.scores == [26300, 23700, 25000, 25000]
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [3]
    assert game.scores == [25300, 22700, 24000, 28000]
    assert game.over
    assert last(game, "game_end").result["final"] == [9.3, -23.3, -12.0, 26.0]


# ====================================================================== pao


def pao_wall(rules: Ruleset, how: str) -> list[int]:
    """Seat 1 holds two of each dragon and 123m 4p: three dragon pons, then a 4p tanki."""
    seat1 = "55z66z77z123m4p9m9p1s"
    draws: list[str | None] = ["5z", "6z", None, "7z", None, None, None, None]
    draws[{"tsumo": 7, "ron from seat 0": 6, "ron from the feeder": 5}[how]] = "4p"
    hands = ["147m258p369s1234z", seat1, "258m147p258s1234z", "369m369p147s1234z"]
    return riichi_wall(rules, hands, draws=draws, ura="4p", dora="8p")


def _seat_1_wins_on(game: Game, tile: str, how: str) -> None:
    """Play on (draws thrown) until seat 1 wins on ``tile``: by tsumo, or by ron on seat
    0's or the feeder's (seat 3) discard of it."""
    seat = {"tsumo": 1, "ron from seat 0": 0, "ron from the feeder": 3}[how]
    while not (game.turn == seat and drawn(game) == tile):
        tsumogiri(game)
        pass_all(game)
    if how == "tsumo":
        act(game, 1, "tsumo")
    else:
        act(game, seat, f"discard {tile}")
        act(game, 1, "ron")


def play_pao(game: Game, how: str) -> Any:
    """Seat 1 pons white (from seat 0), green (seat 2), then red fed by seat 3 (liable),
    and wins on 4p; the win event."""
    act(game, 0, "discard 5z")
    act(game, 1, "pon 5z 5z")
    act(game, 1, "discard 9m")
    act(game, 2, "discard 6z")
    act(game, 1, "pon 6z 6z")
    act(game, 1, "discard 9p")
    cycle(game, 1)
    act(game, 3, "discard 7z")
    act(game, 1, "pon 7z 7z")
    act(game, 1, "discard 1s")
    _seat_1_wins_on(game, "4p", how)
    win = last(game, "win")
    assert (ids(win), win.detail["pao"]) == (["daisangen"], 3)
    return win


@pytest.mark.parametrize(
    ("how", "payments"),
    [
        ("tsumo", [0, 32000, 0, -32000]),
        ("ron from seat 0", [-16000, 32000, 0, -16000]),
        ("ron from the feeder", [0, 32000, 0, -32000]),
    ],
)
def test_pao_for_daisangen(how: str, payments: list[int]) -> None:
    """Seat 3 fed the third dragon set. Daisangen, a non-dealer yakuman: 32,000. Tsumo:
    seat 3 pays it all; a ron from seat 0: seats 0 and 3 pay 16,000 each; a ron from seat
    3: seat 3 pays all."""
    rules = riichi()
    game = new_game(rules, pao_wall(rules, how))
    win = play_pao(game, how)
    assert win.points == 32000 and win.payments == payments


@pytest.mark.parametrize(
    ("how", "payments"),
    [
        ("tsumo", [0, 32300, 0, -32300]),
        ("ron from seat 0", [-16000, 32300, 0, -16300]),
    ],
)
def test_pao_pays_the_honba(how: str, payments: list[int]) -> None:
    """With 1 honba (after a nine-terminals abort) the liable player pays the honba too:
    on a tsumo 32,000 + 3 x 100; on a ron half the hand (16,000) + 300, the discarder the
    other half (Tenhou: "related repeats also paid through pao"; the spec is silent)."""
    rules = riichi()
    game = new_game(rules, nine_terminals_abort(rules), pao_wall(rules, how))
    start_after_abort(game, riichi_first=False)
    assert last(game, "hand_start").extra["honba"] == 1
    win = play_pao(game, how)
    assert win.payments == payments


# Daisangen with pao plus tsuuiisou (no pao): seat 1 pons white (from the dealer), green
# (from seat 2) and red (fed by seat 3, liable for daisangen) and holds 222z 4z, waiting
# on 4z: every tile an honour, two yakuman.
COMPOSITE = "55z66z77z222z4z9m9p1s"
COMPOSITE_OTHERS = ["147m258p369s1133z", "258m147p258s1133z", "369m369p147s19p19s"]


def composite_wall(rules: Ruleset, how: str) -> list[int]:
    draws = ["5z", "6z", "8m", "7z", "8p", "8s", "7p", "7s"]
    draws[{"tsumo": 7, "ron from seat 0": 6, "ron from the feeder": 5}[how]] = "4z"
    hands = [COMPOSITE_OTHERS[0], COMPOSITE, *COMPOSITE_OTHERS[1:]]
    return riichi_wall(rules, hands, draws=draws, dora="8p", ura="8p")


@pytest.mark.parametrize(
    ("preset", "how", "payments"),
    [
        ("standard", "tsumo", [0, 64300, 0, -64300]),
        ("standard", "ron from seat 0", [-32000, 64300, 0, -32300]),
        ("standard", "ron from the feeder", [0, 64300, 0, -64300]),
        ("mahjongsoul", "tsumo", [-16000, 64300, -8000, -40300]),
        ("mahjongsoul", "ron from seat 0", [-48000, 64300, 0, -16300]),
        ("mahjongsoul", "ron from the feeder", [0, 64300, 0, -64300]),
    ],
)
def test_pao_with_two_yakuman(preset: str, how: str, payments: list[int]) -> None:
    """Daisangen (seat 3 liable) and tsuuiisou (nobody liable): a non-dealer double
    yakuman, 2 x 8,000 basic, with 1 honba (300 on a ron, 3 x 100 on a tsumo).

    * Tenhou (``standard``): the liable player covers the whole hand. Tsumo: seat 3 pays
      it as a ron, 4 x 16,000 = 64,000 + 300. Ron from seat 0: 64,000 halved, seat 0
      32,000 and seat 3 32,000 + the 300.
    * Mahjong Soul (``pao_yakuman_only``): pao covers daisangen only (riichi.wiki
      "Sekinin barai", RiichiEnv's rule notes). Tsumo: seat 3 pays daisangen as a ron,
      4 x 8,000 = 32,000, and the honba 300; tsuuiisou is an ordinary non-dealer tsumo,
      the dealer 16,000, seats 2 and 3 8,000 each: seat 3 40,300 in all. Ron from seat 0:
      daisangen's 32,000 halved (seat 0 16,000, seat 3 16,000 + 300), tsuuiisou's
      32,000 from seat 0: seat 0 48,000.
    * A ron from the liable player: it pays everything, 64,000 + 300, in both."""
    rules = riichi(preset=preset)
    game = new_game(rules, nine_terminals_abort(rules), composite_wall(rules, how))
    start_after_abort(game, riichi_first=False)
    for feeder, tile, then in ((0, "5z", "9m"), (2, "6z", "9p"), (3, "7z", "1s")):
        if feeder == 3:
            cycle(game, 1)  # seat 2 again
        act(game, feeder, f"discard {tile}")
        act(game, 1, f"pon {tile} {tile}")
        act(game, 1, f"discard {then}")
        pass_all(game)
    _seat_1_wins_on(game, "4z", how)
    win = last(game, "win")
    assert ids(win) == ["daisangen", "tsuuiisou"] and win.detail["pao"] == 3
    assert win.detail["yakuman"] == 2 and win.detail["honba"] == 1
    assert win.payments == payments and sum(payments) == 0


def test_pao_of_two_players_each_for_its_yakuman() -> None:
    """``extra_pao`` (pao for suukantsu too): seat 1 makes four open kans, 5z from the
    dealer, 6z from seat 2, 7z from seat 3 (liable for daisangen) and 1m from the dealer
    (the fourth kan: the dealer is liable for suukantsu), and waits on 4z. Two yakuman,
    each with its own liable player, each paying its own yakuman as if it had dealt in
    (the nobody-liable rest, none here, would go with the first). Tsumo: seats 3 and 0
    pay 4 x 8,000 = 32,000 each. Ron from seat 2: each yakuman's 32,000 halved, seat 2
    pays 16,000 + 16,000, seats 3 and 0 16,000 each."""
    rules = riichi(extra_pao=True)
    for how in ("tsumo", "ron"):
        draws = ["5z", "6z", "8m", "7z", "8p", "8s", "1m", "7m", "7p", "7s", "9p"]
        draws[7 if how == "ron" else 10] = "4z"
        hands = ["258m147p258s1133z", "555z666z777z111m4z", "369m258p147s1133z"]
        hands.append("479m369p369s2244z")
        game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements="5m5p5s6m"))
        for feeder, tile in ((0, "5z"), (2, "6z"), (3, "7z"), (0, "1m")):
            while game.turn != feeder:
                tsumogiri(game)
                pass_all(game)
            act(game, feeder, f"discard {tile}")
            act(game, 1, f"kan {tile} {tile} {tile}")
            tsumogiri(game, 1)  # the replacement
            pass_all(game)
        seat = 2 if how == "ron" else 1
        while not (game.turn == seat and drawn(game) == "4z"):
            tsumogiri(game)
            pass_all(game)
        if how == "tsumo":
            act(game, 1, "tsumo")
        else:
            act(game, 2, "discard 4z")
            act(game, 1, "ron")
            act(game, 3, "pass")  # it could pon the 4z
        win = last(game, "win")
        assert ids(win) == ["daisangen", "suukantsu"] and win.detail["pao"] == 3
        if how == "tsumo":
            assert win.payments == [-32000, 64000, 0, -32000]
        else:
            assert win.payments == [-16000, 64000, -32000, -16000]


# ====================================================================== the final result


def test_leftover_sticks_go_to_first_place() -> None:
    """Start and return 1,000. Seat 1 declares riichi (to 0); at the draw seats 1 and 2 are
    tenpai, seats 0 and 3 pay 1,500 each and go below 0: the game ends and the stick on the
    table goes to first place (seat 2: 2,500 + 1,000). Final (no oka): seat 2 2.5 + 20 =
    22.5; seat 1 0.5 + 10 = 10.5; seat 0 (-500, tie with seat 3) -1.5 - 10 = -11.5; seat 3
    -1.5 - 20 = -21.5."""
    rules = riichi(start_points=1000, return_points=1000)
    hands = [NOTEN[0], TENPAI[1], TENPAI[2], NOTEN[3]]
    game = new_game(rules, riichi_wall(rules, hands, draws=[None, "7z"]))
    cycle(game, 1)
    act(game, 1, "riichi 7z")
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [1, 2]
    assert game.over
    leftover = last(game, "transfer")
    assert (leftover.src, leftover.dst, leftover.amount, leftover.reason) == (
        POT,
        2,
        1000,
        "leftover sticks",
    )
    end = last(game, "game_end")
    assert end.scores == [-500, 1500, 3500, -500]
    assert end.places == [3, 2, 1, 4]
    assert end.result["final"] == [-11.5, 10.5, 22.5, -21.5]
    assert game.ledger.pots["points"] == 0
