"""The web table's storage: one SQLite file (WAL mode), versioned migrations.

What is kept is what replays a table exactly: its ruleset and options, the seed, how the
table runs it, each hand's wall (walls come from the operating system's generator and are
stored when a hand starts, before anything of it is sent) and every accepted action, in
order. An action is committed before its events are sent, so a server killed at any moment
and started again resumes every table where its players last saw it, with the same future
draws (a killed process loses nothing; a power cut may lose the last moments: the file
uses WAL with ``synchronous=NORMAL``). Seat tokens are kept as SHA-256 hashes only.

Opening checks the file before anything is written: a file that is not a sparrows
database (another program's, not SQLite at all, empty), a damaged one (``quick_check``),
one that cannot be written (read-only, a full disk) is refused with one line naming the
file and the problem (:class:`StoreError`), and is never changed. A write that fails
later (the disk fills up) raises :class:`StoreError` with the reason in a few words; the
store logs the first failure once and the recovery once (``sparrows.server``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import SparrowsError

log = logging.getLogger("sparrows.server")

#: ``PRAGMA application_id`` of a sparrows database ("SPRW"), set by the first migration
#: run on a new file (files made before it are known by their tables).
APPLICATION_ID = 0x53505257

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
    # a table the server could not load is set aside (status "broken") with the reason
    # and every start of a server on the file is noted (a write at start: a disk that
    # cannot take one is said at once)
    """
    ALTER TABLE tables ADD COLUMN problem TEXT NOT NULL DEFAULT '';
    CREATE TABLE starts (at REAL NOT NULL, version TEXT NOT NULL);
    """,
    # the host's secret (SHA-256 of the token the maker of the table was given): it
    # closes the table and hands an absent seat to a bot; '' for tables made before. And
    # a finished game's placings and scores for the lobby (JSON; '' until known)
    """
    ALTER TABLE tables ADD COLUMN host_hash TEXT NOT NULL DEFAULT '';
    ALTER TABLE tables ADD COLUMN result TEXT NOT NULL DEFAULT '';
    """,
)

#: The tables every sparrows database has (how a file made before APPLICATION_ID is known).
_OURS = {"tables", "seats", "walls", "actions", "records"}


class StoreError(SparrowsError):
    """The file cannot be read or written; ``reason`` says why in a few words ("disk
    full", "the file is read-only"...)."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


#: What SQLite's errors mean for the person running the server: (its result code's
#: prefix, a fragment of its message, the reason in a few words).
_REASONS = (
    ("SQLITE_FULL", "disk is full", "disk full"),
    ("SQLITE_READONLY", "readonly", "the file is read-only"),
    ("SQLITE_CORRUPT", "malformed", "the file is damaged (database disk image is malformed)"),
    ("SQLITE_NOTADB", "not a database", "not a SQLite database"),
    ("SQLITE_IOERR", "disk I/O error", "a disk I/O error"),
    ("SQLITE_CANTOPEN", "unable to open", "cannot open the file"),
    ("SQLITE_BUSY", "locked", "the file is locked by another program"),
)


def _reason(exc: sqlite3.Error) -> str:
    """What an SQLite error means for the person running the server, in a few words."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    for prefix, fragment, reason in _REASONS:
        if code.startswith(prefix) or fragment in text:
            return reason
    return text


def _result_of(record: dict[str, Any]) -> str:
    """A record's placings and scores as the lobby lists them (JSON; '' without an end)."""
    for event in reversed(record.get("events") or []):
        if isinstance(event, dict) and event.get("type") == "game_end":
            return json.dumps({"places": event.get("places"), "scores": event.get("scores")})
    return ""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # "human", or "bot:<agent>"
    name: str
    token_hash: str


@dataclass(frozen=True)
class StoredTable:
    """A table as the file keeps it: its id, ruleset, options, seed, settings, status and
    seats."""

    id: str
    created: float
    ruleset: str
    options: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    status: str  # playing, over, broken (set aside: ``problem`` says why)
    spectate_hash: str
    seats: tuple[SeatRow, ...]
    problem: str = ""
    host_hash: str = ""  # the host's token's SHA-256 ('' : no host)


class Store:
    """The database. Every method runs in one transaction; a lock serialises writers
    (the server's tables run on one event loop; the lock keeps the store safe for the
    tests' threads too)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        #: why the last write failed (None: writes work), for saying it once
        self.failing: str | None = None
        self._depth = 0  # transactions of ours open on this connection (nested ones join)
        if self.path != ":memory:":
            self._check_file(Path(self.path))
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._refuse(self._said(exc)) from None
        self.lock = threading.RLock()
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL: a commit survives the process being killed (what
            # the restart test does); a power cut may lose the last commits, not the file
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            self.db.execute("INSERT INTO starts VALUES (?, ?)", (time.time(), __version__))
        except sqlite3.Error as exc:
            self.db.close()
            raise self._refuse(self._said(exc)) from None

    def _said(self, exc: sqlite3.Error) -> str:
        """:func:`_reason`, with a write that failed for want of space named so (SQLite
        reports some of those as I/O errors)."""
        reason = _reason(exc)
        if reason == "a disk I/O error" and self.path != ":memory:":
            with suppress(OSError):
                if shutil.disk_usage(Path(self.path).parent).free < 1 << 20:
                    return "disk full"
        return reason

    def _refuse(self, problem: str) -> StoreError:
        return StoreError(f"the database {self.path}: {problem}", problem)

    def _check_file(self, path: Path) -> None:
        """Refuse a file that is there but is not a sound sparrows database, before
        anything writes to it (it is opened read-only for the checks)."""
        if path.is_dir():
            raise self._refuse("a folder, not a file")
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            return  # a new database
        wal = Path(f"{path}-wal")
        if path.stat().st_size == 0 and not (wal.exists() and wal.stat().st_size):
            raise self._refuse(
                "the file is empty (0 bytes), not a sparrows database; move it away to "
                "start an empty one"
            )
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise self._refuse("the file is read-only (the server must write to it)")
        # reading a file in WAL mode makes its -wal and -shm files: the ones the checks
        # made go again when the file is refused
        beside = [Path(f"{path}{end}") for end in ("-wal", "-shm")]
        made = [p for p in beside if not p.exists()]
        try:
            self._inspect(path)
        except StoreError:
            for p in made:
                with suppress(OSError):
                    p.unlink()
            raise

    def _inspect(self, path: Path) -> None:
        try:
            check = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise self._refuse(self._said(exc)) from None
        try:
            names = {n for (n,) in check.execute("SELECT name FROM sqlite_master")}
            version = check.execute("PRAGMA user_version").fetchone()[0]
            app = check.execute("PRAGMA application_id").fetchone()[0]
            if app not in (0, APPLICATION_ID) or not (names >= _OURS or not names):
                shown = ", ".join(sorted(names)[:5]) or "none"
                raise self._refuse(
                    f"not a sparrows database (a SQLite file with other tables: {shown}); "
                    "it is left as it is"
                )
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the database {self.path} was written by a newer sparrows "
                    f"(schema {version}; this one knows {len(MIGRATIONS)})"
                )
            problems = [row[0] for row in check.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                said = " ".join("; ".join(problems).replace("*** in database main ***", "").split())
                raise self._refuse(f"the file is damaged ({said[:200]})")
        except sqlite3.Error as exc:
            raise self._refuse(self._said(exc)) from None
        finally:
            check.close()

    def _migrate(self) -> None:
        with self.lock:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the database {self.path} was written by a newer sparrows "
                    f"(schema {version}; this one knows {len(MIGRATIONS)})"
                )
            if version == 0:
                self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            for i in range(version, len(MIGRATIONS)):  # each in one transaction
                self.db.executescript(
                    f"BEGIN IMMEDIATE;{MIGRATIONS[i]}; PRAGMA user_version={i + 1}; COMMIT;"
                )

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (a transaction opened inside one of ours joins it); a
        failure rolls it back and raises :class:`StoreError` (said once in the log until a
        write works again). A transaction that a failure left open (its rollback failed
        too, on a full disk) is ended before the next one begins: a later write is never
        taken into it, uncommitted, as if it had been saved."""
        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self.db
                finally:
                    self._depth -= 1
                return
            try:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                self.db.execute("BEGIN IMMEDIATE")
                self._depth = 1
                try:
                    yield self.db
                finally:
                    self._depth = 0
                self.db.execute("COMMIT")
            except BaseException as exc:
                if self.db.in_transaction:
                    with suppress(sqlite3.Error):
                        self.db.execute("ROLLBACK")
                if not isinstance(exc, sqlite3.Error):
                    raise
                reason = self._said(exc)
                if self.failing is None:
                    log.error(
                        "cannot save to %s: %s; the tables wait until it can (nothing is lost)",
                        self.path,
                        reason,
                    )
                self.failing = reason
                raise StoreError(f"the server cannot save: {reason}", reason) from None
            if self.failing is not None:
                log.warning("%s takes writes again: the tables go on", self.path)
                self.failing = None

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # ------------------------------------------------------------------ tables
    def create_table(self, row: StoredTable) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO tables (id, created, ruleset, options, seed, settings, status, "
                "spectate_hash, host_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.created,
                    row.ruleset,
                    json.dumps(row.options),
                    row.seed,
                    json.dumps(row.settings),
                    row.status,
                    row.spectate_hash,
                    row.host_hash,
                ),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.kind, s.name, s.token_hash) for s in row.seats],
            )

    def table(self, table_id: str) -> StoredTable | None:
        """A table's row; StoreError when the row cannot be read (a damaged value)."""
        with self.lock:
            got = self.db.execute(
                "SELECT id, created, ruleset, options, seed, settings, status, spectate_hash, "
                "problem, host_hash FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if got is None:
                return None
            seats = self.db.execute(
                "SELECT seat, kind, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        try:
            options, settings = json.loads(got[3]), json.loads(got[5])
        except ValueError as exc:
            raise StoreError(f"table {table_id}'s row is damaged: {exc}") from None
        if not isinstance(options, dict) or not isinstance(settings, dict):
            raise StoreError(f"table {table_id}'s row is damaged: options or settings")
        return StoredTable(
            got[0],
            got[1],
            got[2],
            options,
            got[4],
            settings,
            got[6],
            got[7],
            tuple(SeatRow(*s) for s in seats),
            got[8],
            got[9],
        )

    def table_ids(self, status: str | None = None, limit: int | None = None) -> list[str]:
        """The ids of the tables (with ``status``), newest first (all, or ``limit``)."""
        where = "" if status is None else "WHERE status = ?"
        args: tuple[Any, ...] = () if status is None else (status,)
        with self.lock:
            rows = self.db.execute(
                f"SELECT id FROM tables {where} ORDER BY created DESC LIMIT ?",
                (*args, -1 if limit is None else limit),
            ).fetchall()
        return [table_id for (table_id,) in rows]

    def tables(self, status: str | None = None, limit: int | None = None) -> list[StoredTable]:
        """The tables (with ``status``), newest first: all of them, or the ``limit``
        newest. A row that cannot be read is left out (``table`` names its fault)."""
        return self.tables_of(self.table_ids(status, limit))

    def tables_of(self, ids: Sequence[str]) -> list[StoredTable]:
        """The rows of these tables that exist and can be read, in order."""
        out = []
        for table_id in ids:
            try:
                row = self.table(table_id)
            except StoreError:
                continue
            if row is not None:
                out.append(row)
        return out

    def set_aside(self, table_id: str, problem: str) -> None:
        """Mark a table that cannot be loaded as broken, with the reason."""
        with self.transaction() as db:
            db.execute(
                "UPDATE tables SET status = 'broken', problem = ? WHERE id = ?",
                (problem[:500], table_id),
            )

    def set_status(self, table_id: str, status: str) -> None:
        with self.transaction() as db:
            db.execute(
                "UPDATE tables SET status = ?, problem = '' WHERE id = ?", (status, table_id)
            )

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
                db.execute(
                    "UPDATE tables SET result = ? WHERE id = ?", (_result_of(record), table_id)
                )

    def results(self, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """Finished games' placings and scores (``{"places", "scores"}``) by table id;
        a game finished before they were kept has them read from its record once."""
        out: dict[str, dict[str, Any]] = {}
        for table_id in ids:
            with self.lock:
                got = self.db.execute(
                    "SELECT result FROM tables WHERE id = ?", (table_id,)
                ).fetchone()
            text = got[0] if got else ""
            if not text:
                record = self.record(table_id)
                text = _result_of(record) if record else ""
                if text:
                    with contextlib.suppress(StoreError), self.transaction() as db:
                        db.execute("UPDATE tables SET result = ? WHERE id = ?", (text, table_id))
            if text:
                with contextlib.suppress(ValueError):
                    out[table_id] = dict(json.loads(text))
        return out

    def record(self, table_id: str) -> dict[str, Any] | None:
        with self.lock:
            got = self.db.execute(
                "SELECT record FROM records WHERE table_id = ?", (table_id,)
            ).fetchone()
        return None if got is None else dict(json.loads(got[0]))
