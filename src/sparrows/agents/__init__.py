"""Agents: ``act(observation, legal_actions) -> action``.

* ``random``: a uniformly random legal action (seeded).
* ``efficiency``: takes every legal win worth the most; otherwise discards to minimise
  shanten, then maximise ukeire (tiles not yet seen), then keep the tiles worth points.
  ``efficiency-1`` names the same bot as the fixed baseline newer bots are measured
  against.
* ``balanced``: riichi played for value and safety as well as speed (expected points per
  discard, calls that keep a yaku, push or fold against threats, riichi or dama);
  Sichuan and classical with the calls that make the hand faster; Hong Kong with Pure
  Suit beside the one-suit plan and the wait chosen by the tiles that win at the minimum;
  Suzume as ``efficiency``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import SparrowsError
from .balanced import BalancedAgent
from .base import Agent
from .efficiency import EfficiencyAgent
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from ..engine.protocol import Ruleset

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "efficiency": EfficiencyAgent,
    "efficiency-1": EfficiencyAgent,  # the baseline: today's efficiency bot, kept as it is
    "balanced": BalancedAgent,
}


def make_agent(name: str, seed: int = 0, ruleset: Ruleset | None = None) -> Agent:
    """An agent by name, bound to ``ruleset`` when given (runners bind it otherwise)."""
    try:
        cls = AGENTS[name]
    except KeyError:
        raise SparrowsError(f"unknown agent {name!r}; available: {', '.join(AGENTS)}") from None
    agent = cls(seed=seed)
    return agent.bind(ruleset) if ruleset is not None else agent


__all__ = ["AGENTS", "Agent", "BalancedAgent", "EfficiencyAgent", "RandomAgent", "make_agent"]
