"""The agent protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..advice import Advice, advice_for
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.observation import Observation

if TYPE_CHECKING:
    from ..engine.protocol import Ruleset


class Agent:
    """Chooses one of the legal actions from what its seat may see.

    A runner calls :meth:`bind` with the ruleset before the game: agents ask its advice
    (:mod:`sparrows.advice`: hand shape, tile values, whether a win is worth declaring)
    instead of branching on the ruleset's name. ``needs_observation = False`` lets a
    runner pass ``None`` instead of building an observation (the random agent looks only
    at the legal actions). ``needs_game = True`` (the mjai bot adapter, which follows the
    table's events) asks a runner for a game played with ``record=True`` and to call
    :meth:`watch` with it and the agent's seat before the agent's first decision, and
    :meth:`close` when done.
    """

    name: ClassVar[str] = "agent"
    needs_observation: ClassVar[bool] = True
    needs_game: ClassVar[bool] = False
    #: the rulesets the agent plays (None: every one)
    rulesets: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.ruleset: Ruleset | None = None
        self.advice: Advice | None = None

    def bind(self, ruleset: Ruleset) -> Agent:
        self.ruleset = ruleset
        self.advice = advice_for(ruleset)
        return self

    def watch(self, game: Game, seat: int) -> None:
        """The game the agent plays in, and its seat (kept by agents that need it)."""

    def close(self) -> None:
        """The game is over for the agent (an external process is stopped)."""

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        raise NotImplementedError
