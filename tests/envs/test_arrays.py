"""Suzume's array tables (``batch_env("suzume", n, vectorised=True)``, issue 33) against
the engine itself: each table's wall is given to the engine's game, both play the same
random actions (a few illegal ones among them), and at every decision the acting seat,
its observation and mask, every seat's rewards, the end and the illegal flag must be the
engine's. Then the batch's own promises: the same seed plays the same games, and what the
array tables do not play is refused in one line."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from sparrows.envs import batch_env  # noqa: E402
from sparrows.envs.arrays import SuzumeArrays  # noqa: E402
from sparrows.envs.core import EnvCore  # noqa: E402
from sparrows.errors import SparrowsError  # noqa: E402
from tests.conftest import sized  # noqa: E402
from tests.support.batches import pick as _pick  # noqa: E402
from tests.support.batches import random_steps, start_against  # noqa: E402


def _play_against_the_engine(
    n: int,
    steps: int,
    seed: int,
    illegal_share: float,
    episode: str = "hand",
    options: dict[str, Any] | None = None,
    reward: str = "points",
) -> dict[str, int]:
    refs = [EnvCore("suzume", options=options, episode=episode, reward=reward) for _ in range(n)]
    rules, encoder = refs[0].rules, refs[0].encoder
    tables = SuzumeArrays(rules, encoder, n, seed, -1.0, episode, reward)  # type: ignore[arg-type]
    tables.reset()
    rng, rewards, ended, illegal = start_against(tables, refs, seed)
    seen = {"episodes": 0, "hands": 0, "paid": 0, "illegal": 0, "claims": 0, "floor": 0}
    seen["shared windows"] = 0
    for step in range(steps):
        for i, ref in enumerate(refs):
            seat = ref.to_act()[0]
            assert tables.seat[i] == seat, (step, i)
            assert np.array_equal(tables.mask[i], ref.mask(seat)), (step, i)
            assert np.array_equal(tables.obs[i], ref.live.encode(ref.game, seat)), (step, i)
            seen["claims"] += int(tables.mask[i][21])
        asked = (tables._asked[:, None] >> np.arange(4)) & 1  # (seat s: bit 1 << s)
        seen["shared windows"] += int((asked.sum(axis=1) >= 2).sum())
        actions = _pick(tables.mask, rng)
        bad = rng.random(n) < illegal_share
        actions[bad] = tables.mask[bad].argmin(axis=1)  # a cell its mask holds 0
        acting = tables.seat.copy()
        rewards[:] = 0
        ended[:] = False
        illegal[:] = False
        tables.step(actions, rewards, ended, illegal)
        seen["floor"] += int(((tables._scores == 0).any(axis=1) & rewards.any(axis=1)).sum())
        for i, ref in enumerate(refs):
            hand = ref.game.hand_number
            ref.play(int(acting[i]), int(actions[i]))
            assert np.allclose(ref.rewards(), rewards[i]), (step, i)
            assert ref.done == ended[i], (step, i)
            assert (ref.illegal is not None) == illegal[i], (step, i)
            seen["hands"] += ref.game.hand_number != hand or bool(ended[i] and not illegal[i])
            seen["paid"] += bool(rewards[i].any()) and not illegal[i]
            if ended[i]:
                seen["episodes"] += 1
                seen["illegal"] += bool(illegal[i])
                ref.new_game(0, walls=tables.game_walls(i))
    return seen


def test_the_array_tables_play_the_engines_suzume() -> None:
    seen = _play_against_the_engine(48, 800, seed=7, illegal_share=0.002)
    # enough of every kind of end to mean something (counts of this seed's run)
    assert seen["hands"] > 1500 and seen["hands"] + seen["illegal"] == seen["episodes"]
    assert seen["paid"] > 150  # won hands: tsumo and ron, payments by the ruleset
    assert seen["illegal"] > 20
    assert seen["claims"] > 300  # ron offers: claim windows asked of eligible seats
    assert seen["shared windows"] > 2  # a window asked of two seats or more (rare)


def test_the_array_tables_play_the_engines_whole_games() -> None:
    # 16 hands a game, the dealer passing to the right, the scores carried over; from
    # 12 points a payer often reaches the floor (the ruleset's settlement pays then)
    seen = _play_against_the_engine(
        24, 1200, seed=5, illegal_share=0.0002, episode="game", options={"starting_points": 12}
    )
    assert seen["episodes"] > 50 and seen["hands"] > 16 * seen["episodes"] - 50
    assert seen["paid"] > 150 and seen["illegal"] >= 1 and seen["floor"] > 20


@pytest.mark.parametrize(
    ("episode", "reward"), [("hand", "placement"), ("game", "placement"), ("game", "final")]
)
def test_the_array_tables_reward_as_the_engines_environments(episode: str, reward: str) -> None:
    # at the episode's end only: the places by the ruleset (shared places share their
    # rewards; a hand nobody won gives every seat 0), or the final scores
    seen = _play_against_the_engine(
        12, 700, seed=3, illegal_share=0.0005, episode=episode, reward=reward
    )
    assert seen["episodes"] > 20 and seen["paid"] > 10


@settings(max_examples=sized(12, 200), deadline=None)
@given(seed=st.integers(0, 2**63 - 1), share=st.sampled_from([0.0, 0.01]))
def test_any_seed_plays_the_engines_suzume(seed: int, share: float) -> None:
    seen = _play_against_the_engine(8, 120, seed=seed, illegal_share=share)
    assert seen["hands"] > 10
    seen = _play_against_the_engine(4, 200, seed=seed, illegal_share=share, episode="game")
    assert seen["hands"] > 10


@pytest.mark.slow
def test_the_array_tables_play_the_engines_suzume_long() -> None:
    seen = _play_against_the_engine(64, 3000, seed=11, illegal_share=0.001)
    assert seen["hands"] > 8000
    seen = _play_against_the_engine(32, 6000, seed=13, illegal_share=0.0001, episode="game")
    assert seen["episodes"] > 400


def test_the_same_seed_plays_the_same_games() -> None:
    runs = []
    for _ in range(2):
        env = batch_env("suzume", 16, seed=42, vectorised=True)
        obs, mask, _seat = env.reset()
        rng = np.random.default_rng(0)
        trail = [obs.copy()]
        for _ in range(60):
            step = env.step(_pick(mask, rng))
            mask = step.mask
            trail.append(step.obs)
        runs.append(np.stack(trail))
    assert np.array_equal(runs[0], runs[1])
    other = batch_env("suzume", 16, seed=43, vectorised=True)
    assert not np.array_equal(other.reset()[0], runs[0][0])
    # reset(seed) plays that seed's games again, from each table's first hand
    env = batch_env("suzume", 16, seed=7, vectorised=True)
    env.reset()
    env.step(_pick(env.reset()[1], np.random.default_rng(0)))
    assert np.array_equal(env.reset(seed=42)[0], runs[0][0])


def test_a_batch_of_arrays_steps_and_restarts_like_the_per_table_batch() -> None:
    env = batch_env("suzume", 8, seed=1, vectorised=True)
    obs, mask, seat = env.reset()
    assert obs.shape == (8, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (8, env.action_size) and mask.dtype == np.int8
    assert (seat == 0).all()  # every hand opens with the first dealer's turn
    tables = batch_env("suzume", 8, seed=1)  # the per-table batch: the same kinds of arrays
    for mine, theirs in zip((obs, mask, seat), tables.reset(), strict=True):
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape

    def no_game() -> None:
        assert env.ended == [None] * 8  # (the array tables keep no Game)

    total, ends = random_steps(env, mask, np.random.default_rng(1), 300, no_game)
    assert ends > 50
    assert np.allclose(total.sum(axis=1), 0, atol=1e-5)  # payments move points, never make them


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({"ruleset": "hongkong"}, "the hongkong ruleset (only suzume and riichi)"),
        ({"ruleset": "riichi", "claims": "uniform"}, "riichi array tables play four-player"),
        ({"ruleset": "riichi", "preset": "tenhou-sanma"}, "with 3 players"),
        ({"autoplay": False}, "autoplay=False"),
        ({"claims": "uniform"}, "claims='uniform'"),
        ({"options": {"allow_misdeclared_wins": True}}, "misdeclared wins"),
    ],
)
def test_what_the_array_tables_do_not_play_is_named(args: dict[str, Any], named: str) -> None:
    given = {"ruleset": "suzume", **args}
    ruleset = given.pop("ruleset")
    with pytest.raises(SparrowsError, match=re.escape(named)) as err:
        batch_env(ruleset, 4, vectorised=True, **given)
    assert "\n" not in str(err.value)


def test_a_game_takes_an_array_tables_wall_and_names_a_wall_that_is_not_ids() -> None:
    from sparrows.engine.game import Game

    rules = EnvCore("suzume").rules
    wall = SuzumeArrays(rules, EnvCore("suzume").encoder, 1, 3, -1.0)  # type: ignore[arg-type]
    wall.reset()
    game = Game(rules, 0, record=False, walls=[wall.walls[0]])  # numpy integers
    assert all(type(t) is int for t in game.walls[0])
    with pytest.raises(SparrowsError, match="a wall is a list of tile ids"):
        Game(rules, 0, walls=[[0.5] * 44])


def test_payments_from_the_rulesets_table_stop_at_the_floor_as_the_ruleset_does() -> None:
    core = EnvCore("suzume")
    tables = SuzumeArrays(core.rules, core.encoder, 8, 2, -1.0)  # type: ignore[arg-type]
    tables.reset()
    # a winning hand for seat 1 on every table (its keys: a table entry), then payers
    # with too few points for some rows: those fall back to the ruleset's own settlement
    key = int(tables._winning[len(tables._winning) // 2])
    tables._dora[:] = key % 16
    tables._subject[:] = 5  # the discard won on (its face's weight is not in the hand)
    rows = np.arange(8)
    for discarders in (None, np.full(8, 3)):
        claimed = 0 if discarders is None else int(tables._fw[5])
        tables._keys[:, 1, 1] = key // 16 - claimed
        tables._scores[:] = 40
        tables._scores[::2] = [2, 40, 1, 0]  # rows 0, 2, 4, 6: the others cannot pay in full
        before = tables._scores.copy()
        who = None if discarders is None else 3
        settled = [np.array(tables._settle(row, [1], who)) for row in range(8)]
        got = np.zeros((8, 4), dtype=np.float32)
        tables._pay(rows, np.ones(8, dtype=np.int64), discarders, got)
        for row in range(8):
            assert np.allclose(got[row], settled[row] / tables._scale), (row, discarders)
        points = got * tables._scale + before
        assert np.allclose(points, tables._scores)  # the table's scores moved by them
        assert (points >= 0).all() and np.allclose(got.sum(axis=1), 0, atol=1e-6)
        assert not np.allclose(got[0], got[1])  # the floor changed what row 0 was paid
