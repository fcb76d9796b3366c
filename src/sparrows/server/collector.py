"""The garbage collector of a long-running server.

A server keeps every table's game in memory, so the heap grows with play, and each of
Python's full collections walks all of it: with 200 tables they took most of a second
and froze every table meanwhile. Here, every ``freeze_seconds`` (10 s), the young
generations are collected and what survives is frozen (``gc.freeze``): full collections
then walk only what was made in the last few seconds, and what is frozen is still freed
as usual when nothing refers to it (nearly everything: a game's state holds no cycles).
What a freeze cannot free is a cycle that dies while frozen (a closed connection's
objects, say); so every ``thaw_seconds`` (30 minutes) the frozen objects are thawed and
one whole collection runs (the one long pause, measured by ``stats``), then what
survives is frozen again.

The young generation is collected less often too (a threshold of 10,000 allocations
rather than 700): the server allocates much and keeps little.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Collector:
    freeze_seconds: float = 10.0
    thaw_seconds: float = 1800.0
    #: full collections seen, the longest and the last (seconds); the longest of the others
    full: int = 0
    longest: float = 0.0
    last: float = 0.0
    young_longest: float = 0.0
    _began: float = 0.0
    _loop: asyncio.AbstractEventLoop | None = None
    _task: asyncio.Task[None] | None = None
    _saved: tuple[int, int, int] = field(default_factory=gc.get_threshold)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        gc.collect()
        gc.freeze()  # what loading the tables made lives as long as they do
        gc.set_threshold(10_000, 10, 10)
        gc.callbacks.append(self._watch)
        self._task = self._loop.create_task(self._thaw())

    def stop(self) -> None:
        if self._watch in gc.callbacks:
            gc.callbacks.remove(self._watch)
        if self._task is not None:
            self._task.cancel()
        gc.set_threshold(*self._saved)
        gc.unfreeze()

    def _watch(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        took = time.perf_counter() - self._began
        if info.get("generation") != 2:
            self.young_longest = max(self.young_longest, took)
            return
        self.full += 1
        self.last = took
        self.longest = max(self.longest, took)

    async def _thaw(self) -> None:
        since = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_seconds)
            if time.monotonic() - since >= self.thaw_seconds:
                since = time.monotonic()
                gc.unfreeze()
                gc.collect()
            else:
                gc.collect(1)  # the young generations: a few milliseconds
            gc.freeze()  # what survived lives on: later collections skip it

    def stats(self) -> dict[str, Any]:
        return {
            "full_collections": self.full,
            "longest_ms": round(self.longest * 1000, 1),
            "last_ms": round(self.last * 1000, 1),
            "young_longest_ms": round(self.young_longest * 1000, 1),
            "frozen": gc.get_freeze_count(),
        }
