"""The table engine shared by every ruleset."""

from .actions import Action, ActionType
from .game import Game
from .observation import Observation, Phase

__all__ = ["Action", "ActionType", "Game", "Observation", "Phase"]
