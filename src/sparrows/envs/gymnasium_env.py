"""A Gymnasium environment: one seat learns, the others are sparrows bots.

Observation: ``{"observation": float32 array (the family's encoding), "action_mask": int8
array}`` as in the PettingZoo environments; action: an index of the family's action
layout. The bots play (inside :meth:`SparrowsGym.step`) until the learning seat owes a
decision or the episode ends. Reward: the learning seat's reward for everything since its
previous action (see :data:`sparrows.envs.core.REWARDS`). An illegal action ends the
episode with ``illegal_reward`` and ``info["illegal_action"]``.
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium

from ..agents import make_agent
from .core import EnvCore
from .spaces import SEED_LIMIT, action_space, observation_space

__all__ = ["SparrowsGym"]


class SparrowsGym(gymnasium.Env[dict[str, Any], Any]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own attribute)

    def __init__(
        self,
        table: EnvCore,
        seat: int = 0,
        opponents: str = "efficiency",
        render_mode: str | None = None,
    ) -> None:
        given = seat
        try:  # (a numpy integer too; the table takes plain ints)
            seat = operator.index(seat)
        except TypeError:
            seat = -1
        if not 0 <= seat < table.players:
            raise ValueError(f"seat must be 0-{table.players - 1}, not {given!r}")
        self.table = table
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.observation_space = observation_space(table)
        self.action_space = action_space(table)
        make_agent(opponents)  # an unknown bot is named now, not at the first step
        self._bots: dict[int, Any] = {}
        self._earned = 0.0

    def _play_bots(self) -> None:
        """The bots' decisions until the learning seat owes one or the episode ends."""
        table = self.table
        while True:
            waiting = table.to_act()
            if not waiting or self.seat in waiting:
                return
            seat = waiting[0]
            bot = self._bots[seat]
            legal = table.game.legal_actions(seat)
            obs = table.game.observation(seat) if bot.needs_observation else None
            action = bot.act(obs, legal)
            table.step_game(seat, action)  # (then any forced decision, with autoplay)
            self._earned += table.rewards()[self.seat]

    def _obs(self) -> dict[str, Any]:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return self.table.info(self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.record = make_agent(self.opponents).needs_game
        while True:  # (a new game in the rare case that it ends before the seat acts)
            game_seed = int(self.np_random.integers(SEED_LIMIT))
            self.table.new_game(game_seed)
            self._earned = 0.0
            rules = self.table.rules
            for bot in self._bots.values():
                bot.close()
            self._bots = {
                s: make_agent(self.opponents, (game_seed + 7919 * s) % 2**32, rules)
                for s in range(self.table.players)
                if s != self.seat
            }
            for s, bot in self._bots.items():  # (an mjai bot follows the game's events)
                if bot.needs_game:
                    bot.watch(self.table.game, s)
            self._play_bots()
            if not self.table.done:
                break
        # what the table's moves before the first decision earned the seat (a hand won
        # before it acts, in a game episode) comes with the first step's reward
        self._earned += self.table.rewards()[self.seat]
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.play(self.seat, action):
            self._earned += table.rewards()[self.seat]
            self._play_bots()
        else:
            self._earned = table.rewards()[self.seat]
        reward, self._earned = float(self._earned), 0.0
        return self._obs(), reward, table.done, False, self._info()

    def close(self) -> None:
        for bot in self._bots.values():
            bot.close()
        super().close()  # type: ignore[no-untyped-call]

    def action_to_string(self, index: int) -> str:
        return self.table.layout.action_to_string(index, self.table.rules.dialect)

    def render(self) -> Any:
        view = self.table.game.view(self.seat)
        return f"{view.round_label}: {' '.join(view.hand or ())} | prompt {view.prompt}"
