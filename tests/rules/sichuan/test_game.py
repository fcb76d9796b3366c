"""Sichuan on the engine: several winners on one discard leaving the hand while the others
play on, gang points (concealed, call transfer), robbing an added gang, refunds, void-suit
rules, the exchange, and random games checked after every step and replayed."""

from __future__ import annotations

from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.board import WON
from sparrows.rules import get_ruleset
from tests.conftest import sized
from tests.support.chinese_walls import act, check_random_games, order_for, pass_all, play_out

A = ActionType


def sichuan(**options: object) -> object:
    return get_ruleset("sichuan", {"exchange": False, **options})


def order_13(rules: object, deal: list[str], draws: str = "", back: str = "") -> list[int]:
    """A scripted wall with 13 tiles dealt to each seat (the dealer draws its 14th)."""
    return order_for(rules, deal, draws, back, sizes=(13, 13, 13, 13))


def choose_voids(game: Game, choice: dict[int, str] | None = None) -> None:
    """Answer the void window (a forced suit is the only option)."""
    assert game.window is not None and game.window.kind == "void"
    for seat in list(game.to_act()):
        want = (choice or {}).get(seat)
        legal = game.legal_actions(seat)
        pick = next((a for a in legal if a.choice == want), legal[0])
        game.step(seat, pick)
        game.validate()


SEVERAL = ["123456789s1234p", "123456789m1155p", "111222333s46p77p", "666777888m999m9p"]


def test_several_winners_on_one_discard_leave_and_the_others_play_on() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, SEVERAL, draws="5p")])
    choose_voids(game)  # every hand misses a suit: forced
    assert game.turn == 0 and game.fmt(game.drawn) == "5p"  # type: ignore[arg-type]
    act(game, 0, A.DISCARD, "5p")
    assert sorted(game.to_act()) == [1, 2]
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    assert game.status[1] == WON and game.status[2] == WON
    # standard wins, 0 faan: 1 point each, both paid by the discarder
    assert game.scores == [-2, 1, 1, 0]
    assert game.phase is Phase.TURN and game.turn == 3  # North plays on
    assert 1 not in game.to_act() and 2 not in game.to_act()


GANG = ["1111m23m456m789m5s", "123456789p1155s", "2345678m99m2233s", "234567p6677889s"]


def test_concealed_gang_paid_at_once_then_call_transfer_to_the_winner() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, GANG, draws="9m", back="9s")])
    choose_voids(game)
    act(game, 0, A.ANKAN, "1m")
    assert game.scores == [6, -2, -2, -2]  # 2 x base from each player still in
    assert game.fmt(game.drawn) == "9s"  # type: ignore[arg-type]
    act(game, 0, A.DISCARD, "5s")  # the discard right after the gang
    act(game, 1, A.RON)
    pass_all(game)
    result = game.hand_results[-1]
    assert result.winner == 1 and "after_gang" in result.items
    # South: standard 0 + after a gang 1 = 1 faan = 2 points from East; the gang's 6
    # points go to South too (call transfer): East +6 -2 -6, South -2 +2 +6
    assert game.scores == [-2, 6, -2, -2]


ROB = ["5m123m789m123456s", "55m123456789p12s", "46m111222333p77m", "345678s345678s9s"]


def test_robbing_an_added_gang_pays_no_gang_and_the_robbed_pays() -> None:
    # East throws 5m: South pungs it (West, waiting on 5m, passes and is locked until
    # its next draw); South throws its void 1s; West, North and East throw what they
    # draw; South draws the fourth 5m and adds it: West robs it.
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, ROB, draws="9s9p9m8p5m")])
    choose_voids(game, {1: "s", 3: "m"})
    act(game, 0, A.DISCARD, "5m")
    assert {a.type for a in game.legal_actions(2)} == {A.RON, A.PASS}
    act(game, 2, A.PASS)
    act(game, 1, A.PON)
    assert {a.tiles[0].kind // 9 for a in game.legal_actions(1)} == {2}  # void s first
    act(game, 1, A.DISCARD, "1s")
    pass_all(game)
    for seat, tile in ((2, "9p"), (3, "9m"), (0, "8p")):
        assert game.turn == seat
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    assert game.turn == 1 and game.fmt(game.drawn) == "5m"  # type: ignore[arg-type]
    act(game, 1, A.KAKAN, "5m")
    assert game.phase is Phase.CLAIM and game.to_act() == [2]
    act(game, 2, A.RON)
    result = game.hand_results[-1]
    assert result.winner == 2 and result.from_seat == 1 and "robbing_gang" in result.items
    # West: standard 0 + robbing 1 = 1 faan = 2 points, paid by the robbed South; a robbed
    # gang pays no gang points
    assert game.scores == [0, -2, 2, 0]
    assert game.status[2] == WON and game.turn == 3  # the hand goes on without West


VOID = ["123456789s1234p", "123456789m55p11s", "666777888m999m9p", "2233445566778s"]


def test_a_hand_holding_its_void_suit_cannot_win_and_throws_it_first() -> None:
    # South waits on 5p or 1s but chose p as its void suit: East's 5p is not offered to
    # it, and on its turn it may only throw p tiles.
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, VOID, draws="5p")])
    choose_voids(game, {1: "p"})
    act(game, 0, A.DISCARD, "5p")
    assert game.phase is Phase.TURN and game.turn == 1  # no claim window
    # the same hand scored: complete, but it holds its void suit
    from sparrows.rules.sichuan import score_text

    got = score_text("123456789m555p11s", win="5p", void="p")
    assert not got.valid and "void" in str(got.reason)
    assert {a.tiles[0].kind // 9 for a in game.legal_actions(1) if a.tiles} == {1}


def test_the_exchange_passes_three_tiles_of_one_suit() -> None:
    rules = get_ruleset("sichuan")
    game = Game(rules, 4)
    assert game.window is not None and game.window.kind == "exchange"
    before = [sorted(game.hands[s]) for s in range(4)]
    for seat in range(4):
        legal = game.legal_actions(seat)
        assert all(len({t.kind // 9 for t in a.tiles}) == 1 for a in legal)
        game.step(seat, legal[0])
    game.validate()
    assert game.window is not None and game.window.kind == "void"
    moved = [len(set(before[s]) - set(game.hands[s])) for s in range(4)]
    assert moved == [3, 3, 3, 3]


def test_random_games_conserve_tiles_and_points_and_replay() -> None:
    check_random_games(get_ruleset("sichuan", {"hands": 3}), range(sized(10, 1000)))


EXPOSED = ["5m123m789m123456s", "555m123456789p1s", "47m111222333p77m", "345678s345678s9s"]


def test_an_exposed_gang_is_paid_by_its_feeder() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, EXPOSED, draws="9s", back="9p")])
    choose_voids(game, {1: "s", 3: "m"})
    act(game, 0, A.DISCARD, "5m")
    act(game, 1, A.KAN)
    pass_all(game)
    assert game.scores == [-2, 2, 0, 0]  # 2 x base from the discarder only
    assert game.turn == 1 and game.fmt(game.drawn) == "9p"  # type: ignore[arg-type]


ADDED = ["5m123m789m123456s", "55m4455p6688p124s", "47m111222333p77m", "345678s345678s9s"]


def _added_gang(game: Game) -> None:
    """East throws 5m, South pungs and throws its void 1s; West, North, East throw 9p, 9m,
    8p; South draws the fourth 5m and adds it (West does not wait on 5m: nobody robs)."""
    choose_voids(game, {1: "s", 3: "m"})
    act(game, 0, A.DISCARD, "5m")
    act(game, 1, A.PON)
    act(game, 1, A.DISCARD, "1s")
    pass_all(game)
    for seat, tile in ((2, "9p"), (3, "9m"), (0, "8p")):
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    act(game, 1, A.KAKAN, "5m")
    assert game.scores == [-1, 3, -1, -1]  # 1 x base from each of the three still in


def test_an_added_gang_is_paid_by_everyone_still_in_and_kept_when_waiting() -> None:
    rules = sichuan(hands=1)
    game = Game(rules, 1, walls=[order_13(rules, ADDED, draws="9s9p9m8p5m")])
    _added_gang(game)
    play_out(game)
    assert game.ruleset._waiting(game, 1)  # type: ignore[attr-defined]  # 445566p 88p 23m
    paid = game.hand_results[-1].facts["draw_payments"]
    assert game.scores == [p + g for p, g in zip(paid, [-1, 3, -1, -1], strict=True)]


def test_gang_points_are_refunded_by_a_player_not_waiting_at_the_draw() -> None:
    # South keeps the replacement 1m and a later 9m (it throws its void 2s and 4s first):
    # 445566p 88p 1m 9m is not waiting, so the 3 gang points go back to the payers.
    rules = sichuan(hands=1)
    order = order_13(rules, ADDED, draws="9s9p9m8p5m" + "9p8m7p9m", back="1m")
    game = Game(rules, 1, walls=[order])
    _added_gang(game)
    act(game, 1, A.DISCARD, "2s")
    pass_all(game)
    for seat, tile in ((2, "9p"), (3, "8m"), (0, "7p")):
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    act(game, 1, A.DISCARD, "4s")
    pass_all(game)
    play_out(game)
    assert sorted(game.fmt_all(game.hands[1])) == sorted(
        ["4p", "4p", "5p", "5p", "6p", "6p", "8p", "8p", "1m", "9m"]
    )
    assert not game.ruleset._waiting(game, 1)  # type: ignore[attr-defined]
    paid = game.hand_results[-1].facts["draw_payments"]
    assert game.scores == paid  # the gang points were returned


def test_the_draw_settlement_pays_waiting_players_their_best_hand() -> None:
    rules = sichuan(hands=1)
    game = Game(rules, 7, walls=[order_13(rules, VOID, draws="5p")])
    choose_voids(game, {1: "m"})
    play_out(game)
    paid = game.hand_results[-1].facts["draw_payments"]
    from sparrows.rules.sichuan import best_waiting

    kinds = game.kind
    best = [
        best_waiting(
            [kinds[t] for t in game.hands[s]],
            [(m.type, tuple(kinds[t] for t in m.tiles)) for m in game.melds[s]],
            game.state.hand.void[s],
        )
        for s in range(4)
    ]
    waiting = [s for s in range(4) if best[s]]
    for s in range(4):
        if best[s]:
            assert paid[s] == best[s] * (4 - len(waiting))
        else:
            assert paid[s] == -sum(best[w] for w in waiting)
    assert sum(paid) == 0


def test_next_dealer_is_the_first_winner_or_the_discarder_of_a_multiple_win() -> None:
    rules = sichuan(hands=2)
    game = Game(rules, 1, walls=[order_13(rules, SEVERAL, draws="5p")])
    choose_voids(game)
    act(game, 0, A.DISCARD, "5p")
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    play_out(game)
    assert game.hand_number == 1 and game.dealer == 0  # two won on East's discard
    rules = sichuan(hands=2)
    game = Game(rules, 1, walls=[order_13(rules, GANG, draws="9m", back="9s")])
    choose_voids(game)
    act(game, 0, A.ANKAN, "1m")
    act(game, 0, A.DISCARD, "5s")
    act(game, 1, A.RON)
    play_out(game)
    assert game.hand_number == 1 and game.dealer == 1  # South won first


def test_flower_pig_pays_every_other_player_at_the_draw() -> None:
    # With flower_pig, a player still holding its void suit at the draw pays every other
    # player still in 16 x base (no cap). Right after the void choice, seat 0 chose a suit
    # it holds; the draw settlement is computed on that table.
    rules = sichuan(flower_pig=True)
    game = Game(rules, 5)
    held = {game.kind[t] // 9 for t in game.hands[0]}
    choose_voids(game, {0: "mps"[min(held)]})
    hs = game.state.hand
    holders = [s for s in range(4) if any(game.kind[t] // 9 == hs.void[s] for t in game.hands[s])]
    assert 0 in holders
    ruleset = game.ruleset
    assert not any(ruleset._waiting(game, s) for s in range(4))  # type: ignore[attr-defined]
    ops = ruleset.draw_ops(game)  # type: ignore[attr-defined]
    paid = next(op.report.facts["draw_payments"] for op in ops if hasattr(op, "report"))
    for s in range(4):
        others = sum(1 for h in holders if h != s)
        expected = (-16 * 3 if s in holders else 0) + 16 * others
        assert paid[s] == expected, (s, holders, paid)


def test_the_hand_ends_at_the_third_winner() -> None:
    # South and West win on East's 5p and leave; North draws 9p and wins by self-draw:
    # the third winner ends the hand. North: 666 777 888 999m + 99p, all triplets 1 +
    # self-drawn 1 = 2 faan = 4 points, paid by the only player still in (East).
    rules = sichuan(hands=1)
    game = Game(rules, 1, walls=[order_13(rules, SEVERAL, draws="5p9p")])
    choose_voids(game)
    act(game, 0, A.DISCARD, "5p")
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    assert game.turn == 3 and game.fmt(game.drawn) == "9p"  # type: ignore[arg-type]
    act(game, 3, A.TSUMO)
    assert game.over
    winners = [r.winner for r in game.hand_results if r.winner is not None]
    assert winners == [1, 2, 3]
    north = game.hand_results[-1]
    assert sorted(north.items) == ["all_triplets", "self_drawn"] and north.points == 4
    assert game.scores == [-6, 1, 1, 4]
