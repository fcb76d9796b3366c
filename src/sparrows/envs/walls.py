"""The walls of array tables (:mod:`.arrays`, :mod:`.riichi_arrays`): each table's walls
come from a counter-based hash of (seed, table, counter), so a table's games depend only
on the seed and on how many walls it has dealt, and a wall can be made again from those
three numbers alone (a table's whole game, for the engine to replay)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

__all__ = ["HashWalls"]

_MASK64: Final = (1 << 64) - 1


def _mix(x: Any) -> Any:
    """splitmix64's finaliser over a uint64 array (wrapping arithmetic)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


class HashWalls:
    """Orderings of ``tiles`` tile ids, one per (table, counter), from a seed."""

    def __init__(self, tiles: int, seed: int = 0) -> None:
        steps = np.arange(1, tiles + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        self._steps = steps[None, :]  # (odd multiples of a constant)
        self.seed_with(seed)

    def seed_with(self, seed: int) -> None:
        #: the seed (64 bits)
        self.seed = seed & _MASK64
        self._key = _mix(np.array([self.seed], dtype=np.uint64))[0]

    def orders(self, rows: Any, counters: Any) -> Any:
        """``(m, tiles)``: the orderings (tile ids) of the walls numbered ``counters`` of
        tables ``rows`` (one of each per row)."""
        table = rows.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        hand = counters.astype(np.uint64) * np.uint64(0xD1B54A32D192ED03)
        base = _mix(self._key + table + hand)
        shuffle = base[:, None] + self._steps
        shuffle ^= shuffle >> np.uint64(29)
        shuffle *= np.uint64(0xBF58476D1CE4E5B9)
        shuffle ^= shuffle >> np.uint64(32)
        return np.argsort(shuffle, axis=1, kind="stable")
