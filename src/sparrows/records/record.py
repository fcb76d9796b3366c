"""The sparrows JSON game record (format version 2).

```json
{"format": "sparrows-record", "format_version": 2,
 "ruleset": "suzume", "ruleset_version": "1", "options": {...}, "seed": 7,
 "walls": [[...], ...],                         (only for games given their walls)
 "actions": [[0, "discard 3"], [2, "ron"], [1, "chi 3m 4m"], ...],
 "events": [{"type": "game_start", ...}, ...],
 "result": {"scores": [..], "places": [..], "finished": true, "accounts": {...}}}
```

A game is a pure function of ruleset + options + seed (+ walls) + actions, so ``replay``
rebuilds it from those alone and then checks that the stored events and result are
exactly what the rebuilt game produced. Any difference (a tampered score, a changed tile,
a missing action) is reported with the first point where they part.

Version 1 records (Suzume, before engine v2) still load: their actions are replayed on
the current engine and the results they hold (every hand's scores and score changes,
every win's and penalty's payments, the final result) must be reproduced; their events,
written in the older event format, are not compared field by field.

Reading is bounded: a file larger than :data:`MAX_RECORD_BYTES` is refused after reading
at most that many bytes plus one, and a JSON text nested too deeply, with a number too long
to convert or with ``Infinity`` / ``NaN`` raises :class:`~sparrows.errors.RecordError`
like any other corrupt record (the Tenhou reader shares these rules).
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.events import EVENT_TYPES
from ..engine.game import Game
from ..engine.protocol import EarlierVersion
from ..errors import RecordError, SparrowsError, excerpt, excerpt_repr
from ..rules import get_ruleset

FORMAT = "sparrows-record"
FORMAT_VERSION = 2
#: Versions this sparrows reads (1: Suzume records from before engine v2).
READABLE_VERSIONS = (1, 2)

#: The largest record file read (sparrows and Tenhou records alike): 32 MiB.
MAX_RECORD_BYTES = 32 * 1024 * 1024


@dataclass
class GameRecord:
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, str]]
    events: list[dict[str, Any]]
    result: dict[str, Any]
    walls: list[list[int]] | None = None
    format_version: int = FORMAT_VERSION
    #: How the table ran the game where it is not the default: ``{"ask_all": true}``.
    table: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "options": self.options,
            "seed": self.seed,
        }
        if self.walls is not None:
            data["walls"] = self.walls
        if self.table:
            data["table"] = self.table
        data.update(
            {
                "actions": [list(a) for a in self.actions],
                "events": self.events,
                "result": self.result,
            }
        )
        return data


def game_result(game: Game) -> dict[str, Any]:
    """What a record stores as the game's result."""
    result: dict[str, Any] = {
        "scores": list(game.scores),
        "places": game.ruleset.places(game.scores),
        "finished": game.over,
    }
    others = {k: list(v) for k, v in game.ledger.accounts.items() if k != "points"}
    if others:
        result["accounts"] = others
    return result


def record_from_game(game: Game, events: bool = True) -> GameRecord:
    """The game's record; ``events=False``: without events and result (a snapshot)."""
    if events and not game.record:
        raise RecordError("this game was played with record=False: it has no events to save")
    dialect = game.ruleset.dialect
    given = bool(game.walls or game.script) or game.shuffle != "seed"
    return GameRecord(
        ruleset=game.ruleset.name,
        ruleset_version=game.ruleset.version,
        options=game.ruleset.options_dict(),
        seed=game.seed,
        actions=[(seat, action.to_string(dialect)) for seat, action in game.actions],
        events=[e.to_json() for e in game.events] if events else [],
        result=game_result(game) if events else {},
        walls=[list(w) for w in game.hand_orders] if given else None,
        table=table_of(game),
    )


def table_of(game: Game) -> dict[str, Any] | None:
    """How the table ran the game, where it is not the default (None: all default)."""
    table: dict[str, Any] = {}
    if game.ask_all:
        table["ask_all"] = True
    if game.shuffle != "seed":
        table["shuffle"] = game.shuffle
    return table or None


SNAPSHOT = "sparrows-snapshot"


def snapshot(game: Game) -> dict[str, Any]:
    """A JSON-able state from which :func:`restore` resumes the identical game: the
    ruleset and options, the seed, the walls where they were not drawn from the seed (the
    current hand's included), how the table ran it and every action; no events. It holds
    the walls, so it is the server's to keep, never a client's."""
    data = record_from_game(game, events=False).to_json()
    del data["events"], data["result"]
    data["format"] = SNAPSHOT
    data["record"] = game.record
    return data


def restore(data: Any) -> Game:
    """The game a :func:`snapshot` holds, played to the same point (RecordError names
    what is wrong with a snapshot that cannot be)."""
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT:
        raise RecordError(f'not a sparrows snapshot (no "format": "{SNAPSHOT}")')
    keep = data.get("record", True)
    if type(keep) is not bool:
        raise RecordError("the snapshot's 'record' must be true or false")
    body = {k: v for k, v in data.items() if k != "record"}
    body.update({"format": FORMAT, "events": [], "result": {}})
    return rebuild(record_from_json(body, "the snapshot"), record_events=keep)


def save_record(game: Game, path: str | Path) -> Path:
    """Write the game's record (atomically: an interrupted save leaves no half file)."""
    from ..fileio import write_atomic

    text = json.dumps(record_from_game(game).to_json(), ensure_ascii=False) + "\n"
    return write_atomic(path, text)


# --------------------------------------------------------------------------- reading


def read_record_bytes(path: str | os.PathLike[str], label: str, what: str) -> bytes:
    """The bytes of a record file, read with one bounded read of at most
    ``MAX_RECORD_BYTES + 1`` bytes (so ``/dev/zero`` or an endless pipe is refused quickly).
    ``label`` names the file in messages, ``what`` the kind of record expected.

    A FIFO is opened without waiting for a writer: with none it reads as empty."""
    nonblock = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise RecordError(f"cannot read {label}: it is a directory, not a {what} file")
            if stat.S_ISREG(info.st_mode) and info.st_size > MAX_RECORD_BYTES:
                raise _too_large(label, what)
            if nonblock:
                os.set_blocking(fd, True)
            with open(fd, "rb", closefd=False) as file:
                data = file.read(MAX_RECORD_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as exc:
        raise RecordError(f"cannot read {label}: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise _too_large(label, what)
    return data


def read_record_text(path: str | os.PathLike[str], label: str, what: str) -> str:
    """The UTF-8 text of a record file (read as :func:`read_record_bytes` does)."""
    data = read_record_bytes(path, label, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{label} is not a text (UTF-8) file, so not a {what}") from None


def _too_large(label: str, what: str) -> RecordError:
    return RecordError(
        f"{label} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: too large for a {what}"
    )


class _NotANumber(ValueError):
    """Infinity, NaN or a float beyond the float range in a JSON text."""


def _refuse_constant(name: str) -> Any:
    raise _NotANumber(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(f"the number {excerpt(text, 40)} is too large")
    return value


class _DuplicateKey(ValueError):
    """A JSON object naming one key twice (which value counts is up to the reader)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(f"the key {excerpt_repr(key, 40)} appears twice in one object")
        out[key] = value
    return out


_DECODER = json.JSONDecoder(
    parse_constant=_refuse_constant, parse_float=_finite_float, object_pairs_hook=_no_duplicates
)


def decode_json(text: str, label: str, start: int | None = None) -> tuple[Any, int]:
    """One JSON value of ``text``: the whole text (``start`` None), or the value at index
    ``start`` (``raw_decode``), with the index after it. Every way the text can fail
    (syntax, Infinity / NaN, a number too long to convert, nesting too deep for the
    parser) raises :class:`RecordError` naming ``label``."""
    try:
        if start is None:
            return _DECODER.decode(text), len(text)
        return _DECODER.raw_decode(text, start)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{label} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except (_NotANumber, _DuplicateKey) as exc:
        raise RecordError(f"{label} is not valid JSON: {exc}") from None
    except ValueError:  # int(): more digits than sys.get_int_max_str_digits()
        raise RecordError(
            f"{label} holds a number too long to read (over {sys.get_int_max_str_digits()} digits)"
        ) from None
    except RecursionError:
        raise RecordError(f"{label} is nested too deeply to read") from None


def _need(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r}")
    value = data[key]
    if type(value) is not kind:  # exactly: true is not 1, nor 1.0
        raise RecordError(
            f"the record's {key!r} must be {_TYPE_NAMES[kind]}, not {_json_type(value)}"
        )
    return value


_TYPE_NAMES: dict[type, str] = {
    int: "a whole number",
    str: "text",
    list: "a list",
    dict: "an object",
    bool: "true or false",
}
#: The top-level fields of a record (``walls`` only for games given their walls).
FIELDS = frozenset(
    {"format", "format_version", "ruleset", "ruleset_version", "options", "seed", "walls"}
    | {"table", "actions", "events", "result"}
)
#: What a record's ``table`` may say, with each value's type.
TABLE_FIELDS: dict[str, type] = {"ask_all": bool, "shuffle": str}


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {int: "a whole number", float: "a decimal number", str: "text", list: "a list"}.get(
        type(value), "an object" if isinstance(value, dict) else "null"
    )


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; RecordError names what is wrong with a corrupt one."""
    path = Path(path)
    text = read_record_text(path, str(path), "game record")
    data, _ = decode_json(text, str(path))
    return record_from_json(data, str(path))


def record_from_json(data: Any, path: str) -> GameRecord:
    """A record from its JSON value, every field checked (``path`` names it in errors)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'{path} is not a sparrows game record (no "format": "{FORMAT}")')
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise RecordError(
            f"the record has fields a sparrows record does not: "
            f"{excerpt(', '.join(map(repr, unknown)), 80)}"
        )
    version = _need(data, "format_version", int)
    if version not in READABLE_VERSIONS:
        raise RecordError(
            f"record format version {version} is not supported (this sparrows "
            f"reads versions {', '.join(map(str, READABLE_VERSIONS))})"
        )
    walls = data.get("walls")
    if walls is not None and not (
        type(walls) is list
        and all(type(w) is list and all(type(t) is int for t in w) for w in walls)
    ):
        raise RecordError("the record's 'walls' must be lists of tile ids")
    table = data.get("table")
    if table is not None:
        if type(table) is not dict:
            raise RecordError("the record's 'table' must be an object")
        for key, value in table.items():
            if key not in TABLE_FIELDS:
                raise RecordError(
                    f"the record's table has {excerpt_repr(key)}; it may say "
                    f"{', '.join(TABLE_FIELDS)}"
                )
            if type(value) is not TABLE_FIELDS[key]:
                raise RecordError(
                    f"the record's table: {key} must be "
                    + ("true or false" if TABLE_FIELDS[key] is bool else "text")
                )
    actions = _need(data, "actions", list)
    for i, a in enumerate(actions):
        if not (type(a) is list and len(a) == 2 and type(a[0]) is int and type(a[1]) is str):
            raise RecordError(
                f'action {i} is malformed: {excerpt_repr(a)} (expected [seat, "action"], the '
                "seat a whole number)"
            )
    return GameRecord(
        ruleset=_need(data, "ruleset", str),
        ruleset_version=_need(data, "ruleset_version", str),
        options=_need(data, "options", dict),
        seed=_need(data, "seed", int),
        actions=[(a[0], a[1]) for a in actions],
        events=_need(data, "events", list),
        result=_need(data, "result", dict),
        walls=walls,
        format_version=version,
        table=table,
    )


def rebuild(
    record: GameRecord,
    record_events: bool = True,
    each: Callable[[Game], None] | None = None,
) -> Game:
    """Re-run a record's actions on a new game (no checks of its events). Whatever is
    wrong with the record (its ruleset, options, seed or actions) raises RecordError.
    ``each``, if given, is called with the game before the first action and after every
    action (a replay viewer's frames)."""
    if not isinstance(record.options, dict):
        raise RecordError(
            f"the record's options must be an object, not {type(record.options).__name__}"
        )
    preset = record.options.get("preset", "standard")
    if not isinstance(preset, str):
        raise RecordError(
            f"the record's option 'preset' must be a preset name (text), not {excerpt_repr(preset)}"
        )
    try:
        ruleset = get_ruleset(record.ruleset, record.options)
        earlier = ruleset.earlier_versions.get(str(record.ruleset_version))
        if ruleset.version != record.ruleset_version and earlier and earlier.options:
            ruleset = get_ruleset(record.ruleset, earlier.options(dict(record.options)))
    except SparrowsError as exc:
        raise RecordError(f"the record's ruleset or options are not usable: {exc}") from None
    except (TypeError, ValueError, KeyError) as exc:  # an option value of an odd type
        raise RecordError(
            f"the record's options are not usable: {excerpt_repr(record.options)} "
            f"({type(exc).__name__}: {excerpt(str(exc))})"
        ) from None
    if record.format_version == 1 and record.ruleset_version == "1":
        pass  # Suzume before engine v2 (checked by V1_FIELDS)
    elif (
        ruleset.version != record.ruleset_version
        and record.ruleset_version not in ruleset.earlier_versions
    ):
        readable = ", ".join([*ruleset.earlier_versions, ruleset.version])
        raise RecordError(
            f"the record was made with {record.ruleset} version "
            f"{excerpt_repr(record.ruleset_version, 20)}; this sparrows has version "
            f"{ruleset.version} and replays the records of version(s) {readable} (the "
            "others play by different rules)"
        )
    if record.format_version == 1 and record.ruleset != "suzume":
        raise RecordError("a version 1 record can only be a Suzume game")
    try:
        table = record.table or {}
        game = Game(
            ruleset,
            record.seed,
            record=record_events,
            walls=record.walls,
            ask_all=bool(table.get("ask_all", False)),
            shuffle=str(table.get("shuffle", "seed")),
        )
    except SparrowsError as exc:
        raise RecordError(f"the record's seed or walls are not usable: {exc}") from None
    if each is not None:
        each(game)
    for i, (seat, text) in enumerate(record.actions):
        try:
            game.step(seat, Action.from_string(text, ruleset.dialect))
            if each is not None:
                each(game)
        except SparrowsError as exc:  # IllegalActionError included
            raise RecordError(
                f"action {i} ({excerpt_repr(seat)}, {excerpt_repr(text)}) cannot be replayed: {exc}"
            ) from None
    return game


def replay_mode(record: GameRecord) -> str:
    """How :func:`replay` checks a record: ``exact`` (every event and the result), ``v1``
    (a version 1 record: every field its older events hold, see :data:`V1_FIELDS`) or
    ``earlier`` (a record of an earlier version of its ruleset: every event and field
    that version wrote, see :class:`~sparrows.engine.protocol.EarlierVersion`)."""
    if record.format_version == 1:
        return "v1"
    ruleset = get_ruleset(record.ruleset, record.options)
    return "earlier" if record.ruleset_version != ruleset.version else "exact"


def replay(record: GameRecord) -> Game:
    """Rebuild the game and check it against the record (see :func:`replay_mode`): every
    stored event and the result; for a version 1 record or one of an earlier ruleset
    version, every event and field that version wrote. What this proves: the record is
    consistent with the rules (the events and result are what its ruleset, options, seed,
    walls and actions play), not that the game was played so (anyone can write a
    consistent record)."""
    game = rebuild(record)
    fresh = [e.to_json() for e in game.events]
    mode = replay_mode(record)
    if mode == "v1":
        _check_older(record.events, fresh, _V1_SCHEMA, "a version 1 record")
    elif mode == "earlier":
        earlier = game.ruleset.earlier_versions[record.ruleset_version]
        what = f"{record.ruleset} version {record.ruleset_version}"
        _check_older(record.events, fresh, _schema_of(earlier), what)
    else:
        stored = record.events
        for i, (old, got) in enumerate(zip(stored, fresh, strict=False)):
            if not same_json(old, got):
                raise RecordError(
                    f"event {i} differs from the replay{_where_they_differ(old, got)}: "
                    f"the record says {excerpt_repr(old)}, the replay gives {excerpt_repr(got)}"
                )
        if len(stored) != len(fresh):
            raise RecordError(f"the record has {len(stored)} events; the replay gives {len(fresh)}")
    result = game_result(game)
    if record.format_version == 1:
        result.pop("accounts", None)
    if not same_json(record.result, result):
        raise RecordError(
            f"the record's result {excerpt_repr(record.result)} differs from the "
            f"replay's {excerpt_repr(result)}"
        )
    return game


def same_json(a: Any, b: Any) -> bool:
    """JSON values equal in value and in type (``true`` is not ``1``, ``1.0`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


@dataclass(frozen=True)
class _Schema:
    """How an older record's events relate to today's: which of today's event types it
    has (``has``), the fields each of its events holds (``fields(type, today's
    fields)``) and the fields not compared (written differently then)."""

    has: Callable[[str], bool]
    fields: Callable[[str, frozenset[str]], frozenset[str]]
    uncompared: frozenset[tuple[str, str]]


#: The events of a version 1 record (Suzume before engine v2) and their fields. Each is
#: compared with the replay, but for three fields the older engine wrote differently:
#: ``game_start.version`` (the ruleset version then), ``discard.tsumogiri`` (it could
#: discard another copy of the drawn face) and ``exhaustive_draw.hands`` (not shown then).
V1_FIELDS: dict[str, frozenset[str]] = {
    "game_start": frozenset({"ruleset", "version", "options", "seed", "scores"}),
    "hand_start": frozenset({"hand", "dealer", "round_wind", "scores", "indicators"}),
    "deal": frozenset({"seat", "tiles"}),
    "draw": frozenset({"seat", "tile", "left"}),
    "discard": frozenset({"seat", "tile", "tsumogiri"}),
    "win": frozenset({"seat", "from_seat", "tile", "hand", "reading", "points", "items"})
    | {"payments"},
    "misdeclared": frozenset({"seat", "action", "hand", "points", "payments"}),
    "exhaustive_draw": frozenset({"hands"}),
    "hand_end": frozenset({"scores", "deltas"}),
    "game_end": frozenset({"scores", "places"}),
}
_V1_SCHEMA = _Schema(
    V1_FIELDS.__contains__,
    lambda kind, _today: V1_FIELDS[kind],
    frozenset({("game_start", "version"), ("discard", "tsumogiri"), ("exhaustive_draw", "hands")}),
)


def _schema_of(earlier: EarlierVersion) -> _Schema:
    def fields(kind: str, today: frozenset[str]) -> frozenset[str]:
        return today - earlier.new_fields.get(kind, frozenset())

    # the ruleset version is the one field of game_start that names the version
    return _Schema(
        lambda kind: kind not in earlier.new_events,
        fields,
        earlier.changed_fields | {("game_start", "version")},
    )


def _check_older(
    stored: list[Any], fresh: list[dict[str, Any]], schema: _Schema, what: str
) -> None:
    """An older record's events against the replay's, as strictly as they allow: the same
    events of the types the older version wrote, in order, each with exactly that
    version's fields and the replay's values (but for the fields written differently)."""
    ours = [e for e in fresh if schema.has(e["type"])]
    for i, old in enumerate(stored):
        kind = old.get("type") if isinstance(old, dict) else None
        if not isinstance(kind, str) or not schema.has(kind) or kind not in EVENT_TYPES:
            raise RecordError(
                f"event {i} ({excerpt_repr(kind if kind is not None else old, 30)}) is not an "
                f"event {what} holds"
            )
        if i >= len(ours):
            break
        got = ours[i]
        if got["type"] != kind:
            raise RecordError(
                f"event {i} differs from the replay: the record has a {kind} event, the "
                f"replay a {got['type']} event"
            )
        fields = schema.fields(kind, frozenset(got) - {"type"})
        keys = frozenset(old) - {"type"}
        optional = frozenset(EVENT_TYPES[kind].optional_fields)
        if not fields - optional <= keys <= fields:
            raise RecordError(
                f"event {i} ({kind}) has the fields {sorted(keys)}; those of {what} are "
                f"{sorted(fields)}"
            )
        for key in sorted(keys):
            if (kind, key) in schema.uncompared:
                continue
            if not same_json(old[key], got.get(key)):
                raise RecordError(
                    f"event {i} differs from the replay in {key!r}: the record says "
                    f"{excerpt_repr(old)}, the replay gives {excerpt_repr(got)}"
                )
    if len(stored) != len(ours):
        raise RecordError(f"the record has {len(stored)} events; the replay gives {len(ours)}")


def _where_they_differ(stored: Any, got: dict[str, Any]) -> str:
    """`` in 'key', ...`` naming the fields two events disagree on ("" when unclear)."""
    if not isinstance(stored, dict):
        return ""
    keys = [k for k in (*got, *(k for k in stored if k not in got)) if stored.get(k) != got.get(k)]
    if not keys:
        return ""
    return " in " + excerpt(", ".join(excerpt_repr(k, 20) for k in keys), 60)
