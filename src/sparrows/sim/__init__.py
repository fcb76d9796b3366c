"""Self-play simulation: run many games with agents, seats rotated, and summarise.

:func:`play_batch` is the unit of work (framework-free); :func:`simulate` runs batches in
this process, in local processes, or as Ray tasks (:mod:`.distributed`)."""

from .run import simulate
from .runner import (
    BatchConfig,
    GameSummary,
    SimulationInterrupted,
    SimulationResult,
    play_batch,
    play_game,
    useful_workers,
)

__all__ = [
    "BatchConfig",
    "GameSummary",
    "SimulationInterrupted",
    "SimulationResult",
    "play_batch",
    "play_game",
    "simulate",
    "useful_workers",
]
