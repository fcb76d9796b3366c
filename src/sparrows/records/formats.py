"""Which kind of game record a file holds, and the game it replays to.

* a sparrows record (JSON with ``"format": "sparrows-record"``): rebuilt from its seed,
  walls and actions (:mod:`.record`);
* a tenhou.net/6 JSON log (one object, or one per line, with a ``"log"``), a Tenhou mjlog
  XML file (gzip-compressed or not) and an mjai log (JSON lines of ``{"type": ...}``
  events): played through the riichi engine (:mod:`.tenhou_replay`, :mod:`.mjai`), every
  hand checked against the log.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.game import Game
from ..errors import RecordError
from .record import GameRecord, load_record, read_record_text, rebuild, replay
from .tenhou_replay import HandCheck, replay_log

SPARROWS, TENHOU6, MJLOG, MJAI = "sparrows", "tenhou6", "mjlog", "mjai"


def detect(path: str | os.PathLike[str]) -> str:
    """The format of a record file, from its first bytes."""
    source = Path(path)
    try:
        with source.open("rb") as f:
            head = f.read(512)
    except OSError as exc:
        raise RecordError(f"cannot read {source}: {exc.strerror or exc}") from None
    if head[:2] == b"\x1f\x8b":
        return MJLOG
    text = head.lstrip().decode("utf-8", "replace")
    if text.startswith("<"):
        return MJLOG
    if '"sparrows-record"' in text or '"format"' in text:
        return SPARROWS
    if text.startswith('{"type"') or text.startswith('{ "type"'):
        return MJAI
    if text.startswith("{"):
        return TENHOU6
    raise RecordError(
        f"{source} is not a game record (a sparrows record, a tenhou.net/6 JSON log or a "
        "Tenhou mjlog XML file)"
    )


@dataclass
class Loaded:
    """A record file's game, replayed, and how the check went (``checks`` hand by hand for
    a Tenhou log; a sparrows record raises on the first difference instead)."""

    kind: str
    game: Game
    checks: list[HandCheck] = field(default_factory=list)
    record: GameRecord | None = None

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def load_game(path: str | os.PathLike[str], check: bool = True) -> Loaded:
    """Replay any record file. ``check``: compare everything the file says (a sparrows
    record: every event and the result; a Tenhou log: every hand)."""
    kind = detect(path)
    if kind == SPARROWS:
        record = load_record(path)
        game = replay(record) if check else rebuild(record)
        return Loaded(kind, game, record=record)
    if kind == MJAI:
        from .mjai import read_mjai, replay_mjai

        game, checks = replay_mjai(read_mjai(path))
        return Loaded(kind, game, checks)
    if kind == TENHOU6:
        from .tenhou6 import read_game

        log = read_game(path)
    else:
        from .mjlog import read_mjlog

        log = read_mjlog(path)
    game, checks = replay_log(log)
    return Loaded(kind, game, checks)


__all__ = [
    "MJAI",
    "MJLOG",
    "SPARROWS",
    "TENHOU6",
    "Loaded",
    "detect",
    "load_game",
    "read_record_text",
]
