"""Research environments (extra ``rl``: numpy, Gymnasium, PettingZoo): every ruleset and
preset as a PettingZoo AEC or Parallel environment, as a Gymnasium environment (one seat
learns, bots play the others) and its vector form, and as a batch of tables stepped by
one call (numpy only), with the family's fixed action layout and a versioned feature
encoder. ``docs/envs.md`` describes them.

    from sparrows.envs import aec_env, parallel_env, gym_env, batch_env
    env = aec_env("riichi", preset="tenhou", episode="hand")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gymnasium.vector import SyncVectorEnv

    from .batch import BatchEnv
    from .gymnasium_env import SparrowsGym
    from .pettingzoo_env import SparrowsAEC, SparrowsParallel

__all__ = ["aec_env", "batch_env", "encoder", "gym_env", "gym_vector_env", "parallel_env"]


def _table(
    ruleset: str,
    preset: str | None,
    options: dict[str, Any] | None,
    episode: str,
    reward: str,
    illegal_reward: float,
    claims: str,
    autoplay: bool | None,
) -> Any:
    from .core import EnvCore

    return EnvCore(ruleset, preset, options, episode, reward, illegal_reward, claims, autoplay)


def aec_env(
    ruleset: str = "suzume",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    episode: str = "hand",
    reward: str = "points",
    illegal_reward: float = -1.0,
    claims: str = "eligible",
    autoplay: bool | None = None,
    render_mode: str | None = None,
) -> SparrowsAEC:
    """A PettingZoo AEC environment: agents ``player_0``.. act in turn; in a claim window
    the seats asked (``claims``: those with a legal claim, or with ``"uniform"`` every seat
    but the discarder) answer in turn, and the window is resolved when all have."""
    from .pettingzoo_env import SparrowsAEC

    table = _table(ruleset, preset, options, episode, reward, illegal_reward, claims, autoplay)
    return SparrowsAEC(table, render_mode=render_mode)


def parallel_env(
    ruleset: str = "suzume",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    episode: str = "hand",
    reward: str = "points",
    illegal_reward: float = -1.0,
    claims: str = "eligible",
    autoplay: bool | None = None,
    render_mode: str | None = None,
) -> SparrowsParallel:
    """A PettingZoo Parallel environment: every seat that owes a decision acts in the same
    step (a claim window is one simultaneous step)."""
    from .pettingzoo_env import SparrowsParallel

    table = _table(ruleset, preset, options, episode, reward, illegal_reward, claims, autoplay)
    return SparrowsParallel(table, render_mode=render_mode)


def gym_env(
    ruleset: str = "suzume",
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    seat: int = 0,
    opponents: str = "efficiency",
    episode: str = "hand",
    reward: str = "points",
    illegal_reward: float = -1.0,
    claims: str = "eligible",
    autoplay: bool | None = None,
    render_mode: str | None = None,
) -> SparrowsGym:
    """A Gymnasium environment: ``seat`` learns, sparrows bots (``opponents``) play the
    other seats."""
    from .gymnasium_env import SparrowsGym

    table = _table(ruleset, preset, options, episode, reward, illegal_reward, claims, autoplay)
    return SparrowsGym(table, seat=seat, opponents=opponents, render_mode=render_mode)


def gym_vector_env(
    ruleset: str = "suzume",
    n: int = 8,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    seat: int = 0,
    opponents: str = "efficiency",
    episode: str = "hand",
    reward: str = "points",
    illegal_reward: float = -1.0,
    claims: str = "eligible",
    autoplay: bool | None = None,
) -> SyncVectorEnv:
    """``n`` copies of :func:`gym_env` as one Gymnasium vector environment
    (``gymnasium.vector.SyncVectorEnv``: stacked observations and masks, automatic reset
    on the step after an episode ends, Gymnasium's default)."""
    from functools import partial

    from gymnasium.vector import SyncVectorEnv

    make = partial(
        gym_env,
        ruleset,
        preset,
        options,
        seat=seat,
        opponents=opponents,
        episode=episode,
        reward=reward,
        illegal_reward=illegal_reward,
        claims=claims,
        autoplay=autoplay,
    )
    return SyncVectorEnv([make] * n)


def batch_env(
    ruleset: str = "suzume",
    n: int = 8,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    *,
    episode: str = "hand",
    reward: str = "points",
    illegal_reward: float = -1.0,
    claims: str = "eligible",
    autoplay: bool | None = None,
    seed: int | None = None,
    copy: bool = True,
    vectorised: bool = False,
) -> BatchEnv:
    """``n`` tables stepped by one call with an array of actions, every seat played by
    the caller (self-play): stacked observations, masks, rewards, terminations and the
    acting seat per table, with automatic reset and per-table seeds
    (:class:`.batch.BatchEnv`; ``vectorised=True``: Suzume's and riichi's tables as
    arrays)."""
    from .batch import BatchEnv

    return BatchEnv(
        ruleset,
        n,
        preset,
        options,
        episode=episode,
        reward=reward,
        illegal_reward=illegal_reward,
        claims=claims,
        autoplay=autoplay,
        seed=seed,
        copy=copy,
        vectorised=vectorised,
    )


def encoder(
    ruleset: str = "suzume", preset: str | None = None, options: dict[str, Any] | None = None
) -> Any:
    """The feature encoder of a ruleset's family (:class:`.encoding.Encoder`)."""
    from .core import rules_of
    from .encoding import encoder_for

    return encoder_for(rules_of(ruleset, preset, options))
