"""Helpers of the batch and array-table tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def pick(mask: Any, rng: Any) -> Any:
    """A uniformly random legal action per row of ``mask`` (``rng``: a numpy Generator)."""
    cum = mask.cumsum(axis=1)
    draw = (rng.random(len(mask)) * cum[:, -1]).astype(np.int64)
    return (cum <= draw[:, None]).sum(axis=1)


def start_against(tables: Any, refs: list[Any], seed: int) -> tuple[Any, Any, Any, Any]:
    """Each engine table of ``refs`` given the array table's wall (its game's walls);
    then the run's generator and the step's buffers: ``(rng, rewards, ended, illegal)``."""
    for i, ref in enumerate(refs):
        ref.new_game(0, walls=tables.game_walls(i))
    n = len(refs)
    rewards = np.zeros((n, 4), dtype=np.float32)
    return np.random.default_rng(seed), rewards, np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)


def random_steps(
    env: Any, mask: Any, rng: Any, steps: int, each: Callable[[], None] | None = None
) -> tuple[Any, int]:
    """``steps`` random legal steps of a batch env from ``mask``, every row owing a
    decision each time (``each``: more checks after every step): every seat's rewards
    summed per table, and the episodes ended."""
    total = np.zeros((env.n, env.players))
    ends = 0
    for _ in range(steps):
        step = env.step(pick(mask, rng))
        mask = step.mask
        assert mask.any(axis=1).all()  # every row owes a decision
        total += step.rewards
        ends += int(step.terminated.sum())
        if each is not None:
            each()
    return total, ends
