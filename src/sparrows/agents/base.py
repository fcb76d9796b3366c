"""The agent protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..engine.actions import Action
from ..engine.game import Observation


class Agent:
    """Chooses one of the legal actions from what its seat may see.

    ``needs_observation = False`` lets a runner pass ``None`` instead of building an
    observation (the random agent looks only at the legal actions).
    """

    name: ClassVar[str] = "agent"
    needs_observation: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        raise NotImplementedError
