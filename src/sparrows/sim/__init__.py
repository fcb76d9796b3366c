"""Self-play simulation: run many games with agents, seats rotated, and summarise."""

from .runner import (
    GameSummary,
    SimulationInterrupted,
    SimulationResult,
    play_game,
    simulate,
    useful_workers,
)

__all__ = [
    "GameSummary",
    "SimulationInterrupted",
    "SimulationResult",
    "play_game",
    "simulate",
    "useful_workers",
]
