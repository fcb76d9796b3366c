"""The server's tables: every table of one database, live in one event loop
(:class:`Server`): loaded when the server starts (or when asked for), added when made,
let go from memory a while after their end, closed by their host or when idle; a table
that cannot be loaded is set aside and the others play on."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import replace
from pathlib import Path

from ..errors import SparrowsError
from ..reasons import Reason
from .collector import Collector
from .hosting import Hosting
from .limits import Clients, Limits
from .products import Products
from .rooms import Lane, Room
from .seats import error_line
from .store import Store, StoreError

log = logging.getLogger("sparrows.server")

#: A finished table stays in memory this long (seconds) after its end, then its record
#: alone is kept; the memory is swept every SWEEP_SECONDS.
KEEP_FINISHED, SWEEP_SECONDS = 20.0, 5.0


class Server:
    """The tables of one database, live in one event loop."""

    def __init__(
        self, db: str | Path | Store, limits: Limits | None = None, hosting: Hosting | None = None
    ) -> None:
        self.store = db if isinstance(db, Store) else Store(db)
        self.limits = limits or Limits()
        #: where friends reach the server: the base of the table links
        self.hosting = hosting or Hosting()
        self.clients = Clients(self.limits)
        self.products = Products(self.store)
        self.collector = Collector()
        self.rooms: dict[str, Room] = {}
        #: tables set aside (id -> the reason), listed in the lobby as broken
        self.broken: dict[str, str] = {}
        self.lane = Lane()
        #: tables in play not loaded yet (after a start), oldest first
        self.pending: dict[str, None] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._loader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start answering at once and load every table still in play in the
        background, however many, each starting to play its own moves as it loads (one
        asked for meanwhile is loaded first); a table that cannot be loaded is set aside
        (marked broken in the file, logged once with the reason) and the others start.
        Tables set aside earlier are tried again (a newer version may read them)."""
        ids = self.store.table_ids("playing") + self.store.table_ids("broken")
        self.pending = dict.fromkeys(reversed(ids))  # oldest first, in order
        loop = asyncio.get_running_loop()
        self._loader = loop.create_task(self._load_all(len(ids)))
        self._sweeper = loop.create_task(self._sweep())
        self.collector.start()

    async def _load_all(self, count: int) -> None:
        began = time.monotonic()
        while self.pending:
            table_id = next(iter(self.pending))
            del self.pending[table_id]
            if table_id not in self.rooms:
                self.load(table_id)
            await asyncio.sleep(0)  # the server answers between two tables
        if count:
            log.info(
                "tables in play: %d loaded in %.1f s, %d set aside",
                sum(1 for r in self.rooms.values() if not r.game.over),
                time.monotonic() - began,
                len(self.broken),
            )

    def load(self, table_id: str) -> Room | None:
        """A table from the file, started if it is in play; None when there is no such
        table or it cannot be loaded (then it is set aside)."""
        try:
            row = self.store.table(table_id)
            if row is None:
                return None
            room = Room.load(self.store, row)
        except Exception as exc:  # a bad row or record: this table alone stays down
            problem = (
                str(exc)
                if isinstance(exc, SparrowsError)
                else (f"an internal error ({type(exc).__name__}: {exc})")
            )
            problem = " ".join(problem.split())[:300]
            if self.broken.get(table_id) != problem:
                log.error(
                    "table %s is set aside: %s",
                    table_id,
                    problem,
                    exc_info=exc if os.environ.get("SPARROWS_DEBUG") else None,
                )
            self.broken[table_id] = problem
            with contextlib.suppress(StoreError):
                self.store.set_aside(table_id, problem)
            return None
        if row.status == "broken":
            with contextlib.suppress(StoreError):
                self.store.set_status(table_id, "over" if room.game.over else "playing")
            room.row = replace(room.row, status="over" if room.game.over else "playing")
            self.broken.pop(table_id, None)
        self.add(room)
        return room

    def add(self, room: Room) -> None:
        room.lane = self.lane
        self.rooms[room.row.id] = room
        room.start()

    async def _sweep(self) -> None:
        """Let finished tables go from memory a while after their end, once nobody
        follows them (their records stay in the file; asked for, they load again)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            idle = self.limits.idle_seconds
            for table_id, room in list(self.rooms.items()):
                followed = any(not c.closed for c in room.conns)
                if (
                    idle
                    and room.people
                    and not room.game.over
                    and not room.problem
                    and not followed
                    and now - room.last_active >= idle
                ):
                    await self.close(room, "expired")
                    continue
                done = room.game.over and now - (room.ended or now) >= KEEP_FINISHED
                if room.problem:
                    self.broken[table_id] = room.problem
                    done = True
                if done and not any(not c.closed for c in room.conns):
                    del self.rooms[table_id]

    async def close(self, room: Room, status: str) -> None:
        """A table in play ends without a result: ``closed`` by its host, ``expired``
        when no person acted or looked for the server's ``--idle-hours``. Its pages are
        told; it leaves the lobby (the file keeps its moves)."""
        await room.stop()
        self.store.set_status(room.row.id, status)
        room.row = replace(room.row, status=status)
        said = Reason("closed" if status == "closed" else "expired")
        for conn in room.conns:
            if not conn.closed:
                conn.send(error_line(said, "closed"))
        self.rooms.pop(room.row.id, None)

    async def stop(self) -> None:
        self.collector.stop()
        for task in (self._sweeper, self._loader):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            await room.stop()
        self.store.close()

    def room(self, table_id: str) -> Room | None:
        """A table, from memory or loaded from the file (and started) on demand."""
        room = self.rooms.get(table_id)
        if room is None and table_id not in self.broken:
            self.pending.pop(table_id, None)
            room = self.load(table_id)
        return room
