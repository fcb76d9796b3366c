"""Many tables stepped by one call (numpy only): :class:`BatchEnv`.

``n`` tables of one ruleset (each a :class:`~.core.EnvCore`, the core every environment
drives), each with one acting seat at a time (the AEC order: in a claim window asked of
several seats, they act one after another and the window is resolved when all have).
One :meth:`BatchEnv.step` takes an array of ``n`` action indices, one per table for its
acting seat, and returns stacked arrays: the next observations ``(n, size)``, masks
``(n, actions)``, every seat's rewards ``(n, players)``, terminations ``(n,)`` and the
acting seat of each table ``(n,)``. A table whose episode ended in the step starts its
next episode at once (its row then holds the new episode's first observation; its
rewards and termination are the ended episode's), from that table's own generator of
game seeds, so a batch made with the same ``seed`` plays the same games.

``vectorised=True`` holds the tables as arrays instead: Suzume-Jong with eligible claims
(hands or games, any reward; :class:`~.arrays.SuzumeArrays`), and four-player riichi of
the default or mahjongsoul preset, hands or games, points, placement or final rewards
(:class:`~.riichi_arrays.RiichiArrays`: a
table hands what is rare in play, a kan that may be robbed or a yakuman with pao, to its
own engine game for the rest of that hand).
The same rules, observations, masks and rewards (tested against the engine at every
decision), many times the hands a second; their games come from the seed by another
road, so they are not the per-table batch's games for the same seed, and ``ended``
stays None (``walls``: each table's wall).

    from sparrows.envs import batch_env
    env = batch_env("riichi", 64, preset="tenhou", seed=1)
    obs, mask, seat = env.reset()
    step = env.step(actions)          # actions: (64,) ints, each legal in its row's mask
    step.obs, step.mask, step.rewards, step.terminated, step.seat
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.game import Game
from ..errors import SparrowsError
from ..rules.suzume.ruleset import SuzumeRuleset
from .arrays import SuzumeArrays
from .core import EnvCore
from .riichi_arrays import RiichiArrays
from .spaces import SEED_LIMIT

__all__ = ["BatchEnv", "BatchStep"]


def _arrays(
    first: EnvCore, n: int, autoplay: bool | None, config: dict[str, Any]
) -> SuzumeArrays | RiichiArrays:
    """The array tables for ``first``'s configuration (``config``: its arguments), or a
    one-line error naming what they do not play."""
    rules = first.rules
    if rules.name == "riichi":
        return RiichiArrays(n, 0, config)  # (its own one-line error)
    wrong = []
    if not isinstance(rules, SuzumeRuleset):
        wrong.append(f"the {rules.name} ruleset (only suzume and riichi)")
    elif rules.options.allow_misdeclared_wins:
        wrong.append("misdeclared wins")
    if first.claims != "eligible":
        wrong.append(f"claims={first.claims!r}")
    if autoplay is False:
        wrong.append("autoplay=False")
    if wrong:
        raise SparrowsError(
            f"vectorised tables play Suzume with eligible claims; not {', '.join(wrong)}"
        )
    assert isinstance(rules, SuzumeRuleset)
    return SuzumeArrays(
        rules, first.encoder, n, 0, first.illegal_reward, first.episode, first.reward
    )


@dataclass(frozen=True)
class BatchStep:
    """What one :meth:`BatchEnv.step` returns, one row per table."""

    #: ``(n, size)`` float32: each table's acting seat's observation (after an episode's
    #: end: the next episode's first)
    obs: Any
    #: ``(n, actions)`` int8: that seat's action mask (never all zero)
    mask: Any
    #: ``(n, players)`` float32: every seat's reward for the step (the table's own
    #: decisions played after it included; an ended episode's last rewards)
    rewards: Any
    #: ``(n,)`` bool: the table's episode ended in this step (it has started the next)
    terminated: Any
    #: ``(n,)`` int32: each table's acting seat now
    seat: Any
    #: ``(n,)`` bool: the table's episode ended by an illegal action (its seat got
    #: ``illegal_reward``)
    illegal: Any


class BatchEnv:
    """``n`` tables of one ruleset stepped together; see the module's documentation. The
    arguments after ``n`` are the environments' (``docs/envs.md``)."""

    def __init__(
        self,
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
    ) -> None:
        if type(n) is not int or n < 1:
            raise SparrowsError(f"n must be a whole number of tables, 1 or more, not {n!r}")
        made = 1 if vectorised else n
        self.tables = [
            EnvCore(ruleset, preset, options, episode, reward, illegal_reward, claims, autoplay)
            for _ in range(made)
        ]
        first = self.tables[0]
        #: the tables as arrays (``vectorised=True``; their ``walls``), else None
        self.arrays: SuzumeArrays | RiichiArrays | None = None
        if vectorised:
            config = {
                "ruleset": ruleset,
                "preset": preset,
                "options": options,
                "episode": episode,
                "reward": reward,
                "illegal_reward": illegal_reward,
                "claims": claims,
                "autoplay": autoplay,
            }
            self.arrays = _arrays(first, n, autoplay, config)
            self.tables = []
        self.n = n
        self.players = first.players
        self.layout = first.layout
        self.encoder = first.encoder
        #: observation and action sizes (one row's)
        self.observation_size = int(first.encoder.size)
        self.action_size = int(first.layout.size)
        #: the returned arrays are copies (False: the same buffers, overwritten by the
        #: next step; faster where the caller copies what it keeps)
        self.copy = copy
        if self.arrays is not None:  # (the array tables write these rows themselves)
            self._obs, self._mask, self._seat = self.arrays.obs, self.arrays.mask, self.arrays.seat
        else:
            self._obs = np.zeros((n, self.observation_size), dtype=np.float32)
            self._mask = np.zeros((n, self.action_size), dtype=np.int8)
            self._seat = np.zeros(n, dtype=np.int32)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=bool)
        self._illegal = np.zeros(n, dtype=bool)
        #: per table, the game whose episode ended in the last step (its scores, hands
        #: and results), else None
        self.ended: list[Game | None] = [None] * n
        self._seed(seed)

    def _seed(self, seed: int | None) -> None:
        root = np.random.SeedSequence(seed)
        if self.arrays is not None:
            self.arrays.seed_with(int(root.generate_state(1, np.uint64)[0]))
            return
        self._rngs = [np.random.default_rng(s) for s in root.spawn(self.n)]

    def _start(self, i: int) -> None:
        """Table ``i``'s next episode (a new game from its generator), its row filled."""
        table = self.tables[i]
        while True:  # (a game that ends before anyone owes a decision: the next one)
            table.new_game(int(self._rngs[i].integers(SEED_LIMIT)))
            if not table.done:
                break
        self._fill(i)  # (what moved before its first decision comes with the next step)

    def _fill(self, i: int) -> None:
        table = self.tables[i]
        seat = table.game.to_act()[0]
        self._seat[i] = seat
        table.live.encode(table.game, seat, self._obs[i])
        self._mask[i] = table._offer(seat)[2]

    def _out(self, array: Any) -> Any:
        return array.copy() if self.copy else array

    def reset(self, seed: int | None = None) -> tuple[Any, Any, Any]:
        """Every table's first episode (``seed``: the batch's games from it; None keeps
        drawing from the generators): ``(obs, mask, seat)``."""
        if seed is not None:
            self._seed(seed)
        if self.arrays is not None:
            self.arrays.reset()
        else:
            for i in range(self.n):
                self._start(i)
        return self._out(self._obs), self._out(self._mask), self._out(self._seat)

    def step(self, actions: Any) -> BatchStep:
        """Each table's acting seat plays ``actions[i]`` (an index of the action layout);
        an index its mask does not allow ends that table's episode as an illegal action."""
        acts = np.asarray(actions)
        if acts.shape != (self.n,):
            raise SparrowsError(
                f"actions must be one index per table, shape ({self.n},), not {acts.shape}"
            )
        rewards, terminated, illegal = self._rewards, self._terminated, self._illegal
        rewards[:] = 0.0
        terminated[:] = False
        illegal[:] = False
        seats = self._seat
        if self.arrays is not None:
            self.arrays.step(acts, rewards, terminated, illegal)
        else:
            self._step_tables(acts, rewards, terminated, illegal)
        return BatchStep(
            self._out(self._obs),
            self._out(self._mask),
            self._out(rewards),
            self._out(terminated),
            self._out(seats),
            self._out(illegal),
        )

    def _step_tables(self, acts: Any, rewards: Any, terminated: Any, illegal: Any) -> None:
        """:meth:`step` for tables that are each an engine's game."""
        ended = self.ended
        chosen, acting = acts.tolist(), self._seat.tolist()  # (plain ints: no numpy per table)
        for i, table in enumerate(self.tables):
            table.play(acting[i], chosen[i])
            got = table.rewards()
            if any(got):  # (most steps reward nobody)
                rewards[i] = got
            if table.done:
                terminated[i] = True
                illegal[i] = table.illegal is not None
                ended[i] = table.game
                self._start(i)
            else:
                ended[i] = None
                self._fill(i)
