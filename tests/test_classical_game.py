"""Classical Chinese on the engine: the own-discards rule, draws replayed or passed, every
hand scored and the losers settling, the seed-003 win-claim order, random games checked
after every step and replayed."""

from __future__ import annotations

import pytest

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.records.record import record_from_game, replay
from sparrows.rules import get_ruleset
from sparrows.rules.classical import settle

from .chinese_walls import act, order_for, pass_all
from .conftest import sized

A = ActionType


def classical(**options: object) -> object:
    return get_ruleset("classical", dict(options))


# South waits on 5p, draws one, keeps the pair-to-be... no: discards it; then West throws 5p.
OWN = ["9s123m456m789m1112z", "123p456p789p123s5p", "147m258m369s1234z", "555z666z777z2468s"]


@pytest.mark.parametrize("rule", [True, False])
def test_no_mah_jongg_on_a_kind_in_ones_own_discards(rule: bool) -> None:
    rules = classical(no_win_on_own_discards=rule)
    game = Game(rules, 1, walls=[order_for(rules, OWN, draws="5p5p")])
    act(game, 0, A.DISCARD, "9s")
    pass_all(game)
    assert A.TSUMO in {a.type for a in game.legal_actions(1)}  # 123p456p789p123s55p
    act(game, 1, A.DISCARD, "5p")  # South throws one 5p away, still waiting on 5p
    pass_all(game)
    act(game, 2, A.DISCARD, "5p")
    offered = game.phase is Phase.CLAIM and A.RON in {a.type for a in game.legal_actions(1)}
    assert offered is (not rule)
    if rule:
        reason = game.ruleset.no_win_reason(game, 1, game.discards[2][-1])
        assert reason is not None and "discarded" in reason


def _play_out_the_wall(game: Game) -> None:
    """Nobody wins: every turn discards the drawn tile, every claim passes."""
    hand = game.hand_number
    while game.hand_number == hand and not game.over:
        if game.phase is Phase.TURN:
            seat = game.turn
            drawn = game.faces[game.drawn] if game.drawn is not None else None
            legal = [a for a in game.legal_actions(seat) if a.type is A.DISCARD]
            game.step(seat, next((a for a in legal if a.tiles[0] == drawn), legal[0]))
        else:
            pass_all(game)


@pytest.mark.parametrize(("preset", "dealer"), [("classical", 0), ("seed003", 1)])
def test_an_exhaustive_draw_replays_or_passes_the_deal(preset: str, dealer: int) -> None:
    game = Game(classical(preset=preset), 3)
    _play_out_the_wall(game)
    assert game.hand_results[0]["winner"] is None
    assert game.hand_number == 1 and game.dealer == dealer and game.scores == [0, 0, 0, 0]


# After a first round of discards, East throws 5p: South (123m456m789m123s + 5p) and North
# (three dragon pungs, 123s + 5p) both wait on it.
TWO = ["9s5p147m258p369s123z", "123m456m789m123s5p", "2468m2468p13579s", "555z666z777z123s5p"]


@pytest.mark.parametrize(("preset", "winner"), [("classical", 1), ("seed003", 3)])
def test_two_claims_to_win_nearest_or_best_hand(preset: str, winner: int) -> None:
    rules = classical(preset=preset)
    game = Game(rules, 1, walls=[order_for(rules, TWO, draws="9m9m9m9p")])
    act(game, 0, A.DISCARD, "9s")
    pass_all(game)
    for seat in (1, 2, 3):
        act(game, seat, A.DISCARD, "9m")
        pass_all(game)
    act(game, 0, A.DISCARD, "5p")
    assert sorted(game.to_act()) == [1, 3]
    act(game, 1, A.RON)
    act(game, 3, A.RON)
    result = game.hand_results[-1]
    assert result["winner"] == winner and result["from"] == 0
    # every hand was scored; the settlement is the spec's: each loser pays the winner,
    # the losers pay one another the differences, East (seat 0 deals) doubled
    scores = result["scores"]
    assert scores[winner] == result["points"]
    assert game.scores == settle(scores, winner, 0)
    assert game.scores[0] <= -2 * scores[winner]  # East pays double
    assert sum(game.scores) == 0
    if winner == 1:
        # South: Mah Jongg 20 + pair wait 2 + only tile 2 = 24 x 2 (fully concealed) = 48
        assert result["points"] == 48
    else:
        # North: three dragon pungs are not a limit hand, but 2^7 doubles reach the limit
        assert result["points"] == 500


def test_random_games_validate_and_replay() -> None:
    rules = classical(max_hands=4)
    for seed in range(sized(6, 100)):
        game = Game(rules, seed)
        bots = [
            make_agent(a, seed * 4 + s, rules) for s, a in enumerate(["efficiency", "random"] * 2)
        ]
        while not game.over:
            for seat, legal in game.decisions():
                game.step(seat, bots[seat].act(game.observation(seat), legal))
                game.validate()
        assert sum(game.scores) == 0
        again = replay(record_from_game(game))
        assert again.scores == game.scores and again.hand_results == game.hand_results


def test_many_random_games_conserve_tiles_and_points() -> None:
    # A thousand games in make test-all, every step validated, every record replayed.
    rules = classical(max_hands=4)
    for seed in range(sized(20, 1000)):
        game = Game(rules, seed)
        bots = [make_agent("random", seed * 4 + s, rules) for s in range(4)]
        while not game.over:
            for seat, legal in game.decisions():
                game.step(seat, bots[seat].act(None, legal))
                game.validate()
        assert sum(game.scores) == 0
        assert replay(record_from_game(game)).scores == game.scores


def test_without_bonus_tiles_the_set_has_136() -> None:
    rules = classical(bonus_tiles=False)
    assert len(rules.tileset.tiles) == 136 and not rules.auto_bonus  # type: ignore[attr-defined]
    game = Game(rules, 2, record=False)
    bots = [make_agent("random", s, rules) for s in range(4)]
    while not game.over and game.hand_number < 2:
        for seat, legal in game.decisions():
            game.step(seat, bots[seat].act(None, legal))
        game.validate()
