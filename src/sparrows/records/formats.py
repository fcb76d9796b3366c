"""Which kind of game record a file holds, and the game it replays to.

* a sparrows record (JSON with ``"format": "sparrows-record"``): rebuilt from its seed,
  walls and actions (:mod:`.record`);
* a tenhou.net/6 JSON log (one object, or one per line, with a ``"log"``), a Tenhou mjlog
  XML file (gzip-compressed or not) and an mjai log (JSON lines of ``{"type": ...}``
  events): played through the riichi engine (:mod:`.tenhou_replay`, :mod:`.mjai`), every
  hand checked against the log.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..errors import RecordError
from .record import GameRecord, load_record, read_record_text, rebuild, replay
from .tenhou_replay import HandCheck, Watch, replay_log

SPARROWS, TENHOU6, MJLOG, MJAI = "sparrows", "tenhou6", "mjlog", "mjai"


def detect(path: str | os.PathLike[str]) -> str:
    """The format of a record file, from its first bytes (the first JSON object where its
    first line holds one: mjai's events have a ``type``, tenhou.net/6 a ``log``)."""
    source = Path(path)
    head = _read_head(source)
    if not head.strip():
        raise RecordError(f"{source} is empty: there is no record to read")
    if head[:2] == b"\x1f\x8b":
        return MJLOG
    text = head.lstrip().decode("utf-8", "replace")
    if text.startswith("<"):
        return MJLOG
    first = _first_object(text)
    if first is not None:
        if first.get("format") == "sparrows-record":
            return SPARROWS
        if "log" in first:
            return TENHOU6
        if "type" in first:
            return MJAI
    if '"sparrows-record"' in text or '"format"' in text:
        return SPARROWS
    if text.startswith("{"):
        return TENHOU6
    raise RecordError(
        f'{source} is not a game record: tried a sparrows record (JSON with "format": '
        '"sparrows-record"), a tenhou.net/6 JSON log (an object with "log"), a Tenhou mjlog '
        '(XML, gzip or not) and an mjai log (JSON lines with "type")'
    )


_HEAD = 64 * 1024  # bytes read to tell the format


def _read_head(source: Path) -> bytes:
    """The first bytes of a file, read without waiting: a FIFO with no writer reads as
    empty, a directory is refused by name."""
    nonblock = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(source, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
        try:
            if stat.S_ISDIR(os.fstat(fd).st_mode):
                raise RecordError(f"cannot read {source}: it is a directory, not a record file")
            try:
                return os.read(fd, _HEAD)
            except BlockingIOError:
                return b""
        finally:
            os.close(fd)
    except OSError as exc:
        raise RecordError(f"cannot read {source}: {exc.strerror or exc}") from None


def _first_object(text: str) -> dict[str, Any] | None:
    """The JSON object on the first line, if that line holds a whole one."""
    line = text.split("\n", 1)[0].strip()
    try:
        value, _ = json.JSONDecoder().raw_decode(line)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to read
        return None
    return value if isinstance(value, dict) else None


@dataclass
class Loaded:
    """A record file's game, replayed, and how the check went (``checks`` hand by hand for
    a Tenhou log; a sparrows record raises on the first difference instead).

    What a log says beside the game travels with it, for an export to write again:
    ``names`` (one per seat: tenhou.net/6 and mjlog player names, mjai ``start_game``
    names; None where the file has none, as in a sparrows record), ``title``
    (tenhou.net/6's two title lines; an mjlog has none: empty, as Tenhou's JSON of it) and
    ``rule`` (Tenhou's rule object, ``{"disp": "鳳南喰赤", "aka": 1}``: tenhou.net/6 as
    written, mjlog from its ``<GO type>``; None for the other formats)."""

    kind: str
    game: Game
    checks: list[HandCheck] = field(default_factory=list)
    record: GameRecord | None = None
    notes: list[str] = field(default_factory=list)  # worth saying, not differences
    names: tuple[str, ...] | None = None
    title: tuple[str, ...] | None = None
    rule: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def _seat_names(names: Any, players: int) -> tuple[str, ...] | None:
    """A log's player names, one per seat (a three-player tenhou.net/6 log's empty fourth
    name dropped); None when the log gives no usable list."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        return None
    given = list(names)
    if players == 3 and len(given) == 4 and given[3] == "":
        given = given[:3]
    return tuple(given) if len(given) == players else None


def load_game(
    path: str | os.PathLike[str], check: bool = True, watch: Watch | None = None
) -> Loaded:
    """Replay any record file. ``check``: compare everything the file says (a sparrows
    record: every event and the result; a Tenhou log: every hand). ``watch`` sees every
    decision of a Tenhou or mjai log's replay (:data:`~.tenhou_replay.Watch`; not
    called for a sparrows record)."""
    kind = detect(path)
    if kind == SPARROWS:
        record = load_record(path)
        game = replay(record) if check else rebuild(record)
        return Loaded(kind, game, record=record)
    if kind == MJAI:
        from .mjai import read_mjai, replay_mjai

        events = read_mjai(path)
        game, checks = replay_mjai(events, watch=watch)
        start = next((e for e in events if e.get("type") == "start_game"), None)
        names = _seat_names(start.get("names"), game.n) if start is not None else None
        return Loaded(kind, game, checks, names=names)
    if kind == TENHOU6:
        from .tenhou6 import read_game

        log = read_game(path)
    else:
        from .mjlog import read_mjlog

        log = read_mjlog(path)
    # An mjlog says whether the game ended after its last hand (owari); a tenhou.net/6
    # log does not, so there the engine playing on is a note, not a difference.
    game, checks = replay_log(log, expect_end=bool(log.ended), watch=watch)
    notes = []
    if checks and all(c.ok for c in checks):
        if log.ended is False and game.over:
            checks[-1].problems.append("the engine ended the game; the log has no owari")
        elif not game.over:
            notes.append(
                "the log stops before the game's end by the rules"
                + (
                    " (a game stopped early, or a log cut short: tenhou.net/6 does not say)"
                    if log.ended is None
                    else " (it has no owari: a game stopped early)"
                )
            )
    return Loaded(
        kind,
        game,
        checks,
        notes=notes,
        names=_seat_names(log.names, game.n),
        title=log.title,
        rule=dict(log.rule),
    )


def options_lost(game: Game, fmt: str) -> list[str]:
    """The game's rule options that an export to ``fmt`` ("tenhou6" or "mjai") cannot
    carry, as ``name=value``: a replay of the export plays them by Tenhou's rules."""
    from ..rules import get_ruleset
    from .hands import check_riichi_game
    from .mjai import options_for_mjai
    from .mjai_export import to_mjai
    from .tenhou6 import rule_options, tenhou_rule

    check_riichi_game(game, "tenhou.net/6" if fmt == "tenhou6" else fmt)
    ours: Any = game.ruleset.options
    if fmt == "tenhou6":
        carried = rule_options(tenhou_rule(ours))
    else:
        carried = options_for_mjai(to_mjai(game)[0])
    theirs = get_ruleset("riichi", carried).options
    return [
        f"{f.name}={getattr(ours, f.name)!r}"
        for f in fields(ours)
        if getattr(ours, f.name) != getattr(theirs, f.name)
    ]


__all__ = [
    "MJAI",
    "MJLOG",
    "SPARROWS",
    "TENHOU6",
    "Loaded",
    "detect",
    "load_game",
    "options_lost",
    "read_record_text",
]
