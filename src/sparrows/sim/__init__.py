"""Self-play simulation: run many games with agents, seats rotated, and summarise."""

from .runner import GameSummary, SimulationResult, play_game, simulate

__all__ = ["GameSummary", "SimulationResult", "play_game", "simulate"]
