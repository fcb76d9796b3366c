"""PettingZoo environments of every ruleset: :class:`SparrowsAEC` (agents act one at a
time; in a claim window every seat but the discarder answers, and the window is resolved
once all have) and :class:`SparrowsParallel` (every seat that owes a decision acts in the
same step: the claim window is one simultaneous step).

Observations: ``{"observation": float32 array (the family's encoding), "action_mask":
int8 array (the family's action layout)}``; the mask of a seat that owes no decision is
all zero, never so for one that does. ``infos[agent]["legal_actions"]``: its legal
actions as text. An illegal action ends the episode for every agent: the agent that
played it gets ``illegal_reward`` (default -1) and the others 0, as PettingZoo's
``TerminateIllegalWrapper`` does; ``infos[agent]["illegal_action"]`` is True for it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from .core import EnvCore
from .spaces import SEED_LIMIT, action_space, observation_space

__all__ = ["SparrowsAEC", "SparrowsParallel"]


class _Common:
    """What both PettingZoo classes share: the table, agents and spaces, seeding."""

    table: EnvCore
    possible_agents: list[str]
    agents: list[str]

    def _setup(self, table: EnvCore, render_mode: str | None) -> None:
        self.table = table
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(table.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_spaces = {a: observation_space(table) for a in self.possible_agents}
        self._act_spaces = {a: action_space(table) for a in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]  # one object per agent, always the same

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.new_game(int(self._rng.integers(SEED_LIMIT)))

    def _infos(self, acting: list[int] | None = None) -> dict[str, dict[str, Any]]:
        """Every agent's info (:meth:`EnvCore.info`: the legal texts are empty for those that
        owe no decision). ``acting``: ``table.to_act()``, when the caller has it."""
        return self.table.infos(self.agents, self._seat, acting)

    def action_to_string(self, index: int) -> str:
        """An action index as text in the ruleset's notation."""
        return self.table.layout.action_to_string(index, self.table.rules.dialect)

    def render(self) -> str | None:
        view = self.table.game.public_view()
        lines = [f"{view.round_label} · wall {view.wall_left}"]
        for seat in view.seats:
            river = " ".join(t.tile for t in seat.river)
            melds = " ".join("".join(m.tiles) for m in seat.melds)
            lines.append(f"seat {seat.seat}: {seat.points} | {melds} | {river}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        return None


class SparrowsAEC(_Common, AECEnv):  # type: ignore[misc]
    """Agents act in turn; see the module's documentation."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sparrows_v1",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": True,
    }

    def __init__(self, table: EnvCore, render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(table, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False  # some reward in self.rewards is not 0
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self._infos()
        self.agent_selection = self.possible_agents[self.table.to_act()[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        self._cumulative_rewards[agent] = 0.0
        table.play(self._seat[agent], action)
        rewards = table.rewards()
        rewarded = any(rewards)
        if rewarded or self._rewarded:  # (most steps reward nobody, as the last did)
            seat = self._seat
            for a in self.agents:
                self.rewards[a] = rewards[seat[a]]
            self._rewarded = rewarded
            self._accumulate_rewards()
        if table.done:
            self.terminations = dict.fromkeys(self.agents, True)
        waiting = table.to_act()
        self.infos = self._infos(waiting)
        if waiting:
            self.agent_selection = self.possible_agents[waiting[0]]
        else:  # the episode is over: each agent is stepped once more with None
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        if self.render_mode == "human":
            self.render()


class SparrowsParallel(_Common, ParallelEnv):  # type: ignore[misc]
    """Every seat that owes a decision acts in the same step; see the module."""

    metadata: ClassVar[dict[str, Any]] = {"name": "sparrows_v1", "render_modes": ["human", "ansi"]}

    def __init__(self, table: EnvCore, render_mode: str | None = None) -> None:
        self._setup(table, render_mode)
        self.agents: list[str] = []

    def _observations(self) -> dict[str, Any]:
        return {a: self.table.observe(self._seat[a]) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        table = self.table
        for seat in table.to_act():
            agent = self.possible_agents[seat]
            if agent not in actions or not table.play(seat, actions[agent]):
                table.illegal = seat  # a seat that owes a decision gave none or a bad one
                break
        rewards = table.rewards()
        done = table.done
        obs = self._observations()
        rew = {a: rewards[self._seat[a]] for a in self.agents}
        term = dict.fromkeys(self.agents, done)
        trunc = dict.fromkeys(self.agents, False)
        infos = self._infos()
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rew, term, trunc, infos
