"""A uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from .._mypyc import mypyc_attr
from ..engine.actions import Action
from ..engine.observation import Observation
from .base import Agent


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(Agent):
    name: ClassVar[str] = "random"
    needs_observation: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._random = random.Random(seed).random

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        return legal[int(self._random() * len(legal))]
