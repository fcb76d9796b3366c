"""What the game guards (each failed before its fix): no seat sees the seed, an observation
does not tell who else may claim, bad arguments to ``step`` and ``observation`` are named,
and the round wind stays in range after the game ends."""

from __future__ import annotations

import random

import pytest

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.errors import IllegalActionError, SparrowsError
from sparrows.records import record_from_game
from sparrows.rules import get_ruleset
from sparrows.sim import play_game


def test_no_seat_sees_the_seed() -> None:
    game = Game(get_ruleset("suzume"), 12345)
    for seat in (0, 1, 2, 3, None):
        start = game.events_for(seat)[0]
        assert start["type"] == "game_start" and start["seed"] is None
    assert record_from_game(game).seed == 12345  # the full record keeps it, for replay


def _claim_window() -> Game:
    for seed in range(200):
        game = Game(get_ruleset("suzume"), seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase is Phase.CLAIM:
                return game
            for seat in game.to_act():
                legal = [a for a in game.legal_actions(seat) if a.type is ActionType.DISCARD]
                game.step(seat, rng.choice(legal))
    raise AssertionError("no claim window found")


def test_observations_do_not_tell_who_may_claim() -> None:
    game = _claim_window()
    asked = set(game.to_act())
    for seat in range(4):
        obs = game.observation(seat)
        if seat in asked:
            assert obs.phase is Phase.CLAIM and obs.to_act == (seat,)
        else:
            assert obs.phase is Phase.WAIT and obs.to_act == () and obs.legal == ()


def test_bad_step_and_observation_arguments() -> None:
    game = Game(get_ruleset("suzume"), 1)
    with pytest.raises(IllegalActionError, match="must be an Action"):
        game.step(0, "discard 5")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="no seat True"):
        game.step(True, game.legal_actions(0)[0])
    with pytest.raises(IllegalActionError, match="no seat 7"):
        game.observation(7)
    with pytest.raises(SparrowsError, match="seed"):
        Game(get_ruleset("suzume"), -5)


def test_round_wind_stays_in_range_after_the_game() -> None:
    agents = [make_agent("random", s) for s in range(4)]
    game = play_game(get_ruleset("suzume"), agents, 3)
    assert game.over and game.round_wind == 3 and game.observation(0).round_wind == 3
