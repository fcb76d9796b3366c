"""The batch of tables (issue 33): one call steps ``n`` tables with an array of actions and
returns stacked arrays; each row is the acting seat's documented encoding and mask;
episodes restart by themselves from per-table seeds (the same seed, the same games);
every seat's rewards over an episode add up to its change of points; an illegal action
ends only its table's episode. And the Gymnasium vector form of the one-learner env."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from sparrows.envs import batch_env, gym_vector_env  # noqa: E402
from sparrows.errors import SparrowsError  # noqa: E402


def _random(mask: Any, rng: Any) -> Any:
    """A random legal action per row (0 for a row with none: a vector env's ended
    episode, whose next step only resets it)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])


@pytest.mark.parametrize(
    ("ruleset", "preset"),
    [("riichi", "tenhou"), pytest.param("sichuan", None, marks=pytest.mark.slow)],
)
def test_each_row_is_its_tables_seat_and_rewards_add_up(ruleset: str, preset: str | None) -> None:
    env = batch_env(ruleset, 6, preset=preset, seed=3)
    obs, mask, seat = env.reset()
    assert obs.shape == (6, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (6, env.action_size) and mask.dtype == np.int8
    assert seat.shape == (6,)
    rng = np.random.default_rng(3)
    totals = np.zeros((6, env.players))
    start = env.tables[0].rules.start_balances()["points"]
    scale = env.encoder.scale
    ended = 0
    for _ in range(400):
        for i, table in enumerate(env.tables):  # the row is the documented encoding
            game = table.game
            assert seat[i] in game.to_act() and mask[i].sum() >= 2
            assert np.array_equal(obs[i], env.encoder.encode(game.view(int(seat[i]))))
        step = env.step(_random(mask, rng))
        obs, mask, seat = step.obs, step.mask, step.seat
        totals += step.rewards
        for i in np.flatnonzero(step.terminated):
            game = env.ended[i]
            assert game is not None and not step.illegal[i]
            change = [(game.scores[s] - start[s]) / scale for s in range(env.players)]
            assert list(totals[i]) == pytest.approx(change, abs=1e-5)
            totals[i] = 0
            ended += 1
    assert ended >= 3


def test_the_same_seed_plays_the_same_games() -> None:
    def run(seed: int) -> list[Any]:
        env = batch_env("suzume", 4, seed=seed)
        obs, mask, _ = env.reset()
        rng = np.random.default_rng(0)
        out = [obs]
        for _ in range(60):
            step = env.step(_random(mask, rng))
            mask = step.mask
            out.append(step.obs)
        return out

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_an_illegal_action_ends_its_own_table_only() -> None:
    env = batch_env("suzume", 3, seed=1)
    _obs, mask, seat = env.reset()
    actions = np.array([np.flatnonzero(row)[0] for row in mask])
    actions[1] = np.flatnonzero(mask[1] == 0)[0]
    step = env.step(actions)
    assert list(step.terminated) == [False, True, False]
    assert list(step.illegal) == [False, True, False]
    assert step.rewards[1, seat[1]] == -1.0
    assert step.mask[1].any()  # table 1 has started its next episode
    with pytest.raises(SparrowsError, match=r"shape \(3,\)"):
        env.step(np.zeros(2, dtype=int))
    with pytest.raises(SparrowsError, match="n must be"):
        batch_env("suzume", 0)


def test_the_gymnasium_vector_env_steps_stacked() -> None:
    env = gym_vector_env("suzume", 3, seat=1, opponents="random")
    obs, _ = env.reset(seed=2)
    assert obs["observation"].shape[0] == 3 and obs["action_mask"].shape[0] == 3
    rng = np.random.default_rng(2)
    done = 0
    for _ in range(200):
        obs, reward, terminated, _, _ = env.step(_random(obs["action_mask"], rng))
        assert reward.shape == (3,)
        done += int(terminated.sum())
    assert done >= 3
    env.close()


def test_the_tables_of_a_process_share_one_ruleset_and_its_memo_tables() -> None:
    """Every table of a batch (and every environment of the process) with the same
    ruleset and options plays one ruleset object, so its memo tables (waits, riichi
    discards...) are filled once, not once per table; other options make another; the
    server's tables keep their own, with the server's lower cap."""
    from sparrows.engine.memo import MEMO_LIMIT
    from sparrows.envs import aec_env
    from sparrows.server.seats import SERVER_MEMO_LIMIT
    from sparrows.server.seats import shared_ruleset as server_ruleset

    env = batch_env("riichi", 3, seed=1)
    rules = {id(t.rules) for t in env.tables}
    assert len(rules) == 1
    shared = env.tables[0].rules
    assert aec_env("riichi").unwrapped.table.rules is shared
    assert batch_env("riichi", 2, preset="tenhou-sanma").tables[0].rules is not shared
    assert shared.memos.limit == MEMO_LIMIT
    server = server_ruleset("riichi", {})
    assert server is not shared and server.memos.limit == SERVER_MEMO_LIMIT
    # the games fill the one set of tables
    mask = env.reset()[1]
    rng = np.random.default_rng(0)
    for _ in range(60):
        mask = env.step(_random(mask, rng)).mask
    assert sum(shared.memos.sizes().values()) > 0
