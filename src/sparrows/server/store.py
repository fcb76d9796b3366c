"""The web table's storage: one SQLite file (WAL mode), versioned migrations.

What is kept is what replays a table exactly: its ruleset and options, the seed, how the
table runs it, each hand's wall (walls come from the operating system's generator and are
stored when a hand starts, before anything of it is sent) and every accepted action, in
order. An action is committed before its events are sent, so a server killed at any moment
and started again resumes every table where its players last saw it, with the same future
draws (a killed process loses nothing; a power cut may lose the last moments: the file
uses WAL with ``synchronous=NORMAL``). Seat tokens are kept as SHA-256 hashes only.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SparrowsError

#: The migrations, in order: the file's ``user_version`` says how many have run.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        created REAL NOT NULL,
        ruleset TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        settings TEXT NOT NULL,
        status TEXT NOT NULL,
        spectate_hash TEXT NOT NULL
    );
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE walls (
        table_id TEXT NOT NULL REFERENCES tables(id),
        hand INTEGER NOT NULL,
        wall TEXT NOT NULL,
        PRIMARY KEY (table_id, hand)
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    CREATE TABLE records (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        finished REAL NOT NULL,
        record TEXT NOT NULL
    );
    CREATE INDEX tables_by_status ON tables (status, created);
    """,
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # "human", or "bot:<agent>"
    name: str
    token_hash: str


@dataclass(frozen=True)
class TableRow:
    id: str
    created: float
    ruleset: str
    options: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    status: str  # playing, over
    spectate_hash: str
    seats: tuple[SeatRow, ...]


class Store:
    """The database. Every method runs in one transaction; a lock serialises writers
    (the server's tables run on one event loop; the lock keeps the store safe for the
    tests' threads too)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise SparrowsError(f"cannot open the database {self.path}: {exc}") from None
        self.lock = threading.RLock()
        self.db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit survives the process being killed (what the
        # restart test does); a power cut may lose the last commits, not the file
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        with self.lock:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise SparrowsError(
                    f"the database {self.path} was written by a newer sparrows "
                    f"(schema {version}; this one knows {len(MIGRATIONS)})"
                )
            for i in range(version, len(MIGRATIONS)):  # each in one transaction
                self.db.executescript(
                    f"BEGIN IMMEDIATE;{MIGRATIONS[i]}; PRAGMA user_version={i + 1}; COMMIT;"
                )

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self.lock:
            if self.db.in_transaction:
                yield self.db
                return
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # ------------------------------------------------------------------ tables
    def create_table(self, row: TableRow) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.created,
                    row.ruleset,
                    json.dumps(row.options),
                    row.seed,
                    json.dumps(row.settings),
                    row.status,
                    row.spectate_hash,
                ),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.kind, s.name, s.token_hash) for s in row.seats],
            )

    def table(self, table_id: str) -> TableRow | None:
        with self.lock:
            got = self.db.execute(
                "SELECT id, created, ruleset, options, seed, settings, status, spectate_hash "
                "FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if got is None:
                return None
            seats = self.db.execute(
                "SELECT seat, kind, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        return TableRow(
            got[0],
            got[1],
            got[2],
            json.loads(got[3]),
            got[4],
            json.loads(got[5]),
            got[6],
            got[7],
            tuple(SeatRow(*s) for s in seats),
        )

    def tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        with self.lock:
            if status is None:
                ids = self.db.execute(
                    "SELECT id FROM tables ORDER BY created DESC LIMIT ?", (limit,)
                ).fetchall()
            else:
                ids = self.db.execute(
                    "SELECT id FROM tables WHERE status = ? ORDER BY created DESC LIMIT ?",
                    (status, limit),
                ).fetchall()
        out = []
        for (table_id,) in ids:
            row = self.table(table_id)
            if row is not None:
                out.append(row)
        return out

    # ------------------------------------------------------------------ play
    def walls(self, table_id: str) -> list[list[int]]:
        with self.lock:
            rows = self.db.execute(
                "SELECT wall FROM walls WHERE table_id = ? ORDER BY hand", (table_id,)
            ).fetchall()
        return [json.loads(w) for (w,) in rows]

    def actions(self, table_id: str) -> list[tuple[int, str]]:
        with self.lock:
            rows = self.db.execute(
                "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
            ).fetchall()
        return [(seat, text) for seat, text in rows]

    def save_progress(
        self,
        table_id: str,
        first: int,
        actions: Sequence[tuple[int, str]],
        walls: dict[int, list[int]],
        status: str | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        """Actions ``first``, ``first + 1``... and the walls of new hands, in one commit
        (with the table's new status and its record once it is over)."""
        now = time.time()
        with self.transaction() as db:
            db.executemany(
                "INSERT OR IGNORE INTO walls VALUES (?, ?, ?)",
                [(table_id, hand, json.dumps(w)) for hand, w in walls.items()],
            )
            db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                [(table_id, first + i, s, text, now) for i, (s, text) in enumerate(actions)],
            )
            if status is not None:
                db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))
            if record is not None:
                db.execute(
                    "INSERT OR REPLACE INTO records VALUES (?, ?, ?)",
                    (table_id, now, json.dumps(record, ensure_ascii=False)),
                )

    def record(self, table_id: str) -> dict[str, Any] | None:
        with self.lock:
            got = self.db.execute(
                "SELECT record FROM records WHERE table_id = ?", (table_id,)
            ).fetchone()
        return None if got is None else dict(json.loads(got[0]))
