"""The sparrows JSON game record.

```json
{"format": "sparrows-record", "format_version": 1,
 "ruleset": "suzume", "ruleset_version": "1", "options": {...}, "seed": 7,
 "actions": [[0, "discard 3"], [2, "ron"], ...],
 "events": [{"type": "game_start", ...}, ...],
 "result": {"scores": [..], "places": [..]}}
```

A game is a pure function of ruleset + options + seed + actions, so ``replay`` rebuilds
it from those alone and then checks that the stored events and result are exactly what
the rebuilt game produced. Any difference (a tampered score, a changed tile, a missing
action) is reported with the first point where they part.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..errors import IllegalActionError, RecordError, SparrowsError, excerpt, excerpt_repr
from ..rules import get_ruleset

FORMAT = "sparrows-record"
FORMAT_VERSION = 1

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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "options": self.options,
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "events": self.events,
            "result": self.result,
        }


def record_from_game(game: Game) -> GameRecord:
    if not game.record:
        raise RecordError("this game was played with record=False: it has no events to save")
    dialect = game.ruleset.dialect
    return GameRecord(
        ruleset=game.ruleset.name,
        ruleset_version=game.ruleset.version,
        options=game.ruleset.options_dict(),
        seed=game.seed,
        actions=[(seat, action.to_string(dialect)) for seat, action in game.actions],
        events=[e.to_json() for e in game.events],
        result={
            "scores": list(game.scores),
            "places": game.ruleset.places(game.scores),
            "finished": game.over,
        },
    )


def save_record(game: Game, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(record_from_game(game).to_json(), ensure_ascii=False) + "\n")
    return path


# --------------------------------------------------------------------------- reading


def read_record_text(path: str | os.PathLike[str], label: str, what: str) -> str:
    """The UTF-8 text of a record file, read with one bounded read of at most
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


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float)


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
    except _NotANumber as exc:
        raise RecordError(f"{label} is not valid JSON: {exc}") from None
    except ValueError:  # int(): more digits than sys.get_int_max_str_digits()
        raise RecordError(
            f"{label} holds a number too long to read (over {sys.get_int_max_str_digits()} digits)"
        ) from None
    except RecursionError:
        raise RecordError(f"{label} is nested too deeply to read") from None


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"the record's {key!r} has the wrong type ({type(value).__name__})")
    return value


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; RecordError names what is wrong with a corrupt one."""
    path = Path(path)
    text = read_record_text(path, str(path), "game record")
    data, _ = decode_json(text, str(path))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'{path} is not a sparrows game record (no "format": "{FORMAT}")')
    version = _need(data, "format_version", int)
    if version != FORMAT_VERSION:
        raise RecordError(
            f"record format version {version} is not supported (this sparrows "
            f"reads version {FORMAT_VERSION})"
        )
    actions = _need(data, "actions", list)
    for i, a in enumerate(actions):
        if not (
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
        ):
            raise RecordError(f'action {i} is malformed: {a!r} (expected [seat, "action"])')
    return GameRecord(
        ruleset=_need(data, "ruleset", str),
        ruleset_version=_need(data, "ruleset_version", str),
        options=_need(data, "options", dict),
        seed=_need(data, "seed", int),
        actions=[(a[0], a[1]) for a in actions],
        events=_need(data, "events", list),
        result=_need(data, "result", dict),
    )


def rebuild(record: GameRecord) -> Game:
    """Re-run a record's actions on a new game (no checks of its events). Whatever is
    wrong with the record (its ruleset, options, seed or actions) raises RecordError."""
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
    except SparrowsError as exc:
        raise RecordError(f"the record's ruleset or options are not usable: {exc}") from None
    except (TypeError, ValueError, KeyError) as exc:  # an option value of an odd type
        raise RecordError(
            f"the record's options are not usable: {excerpt_repr(record.options)} "
            f"({type(exc).__name__}: {excerpt(str(exc))})"
        ) from None
    if ruleset.version != record.ruleset_version:
        raise RecordError(
            f"the record was made with {record.ruleset} version "
            f"{record.ruleset_version}; this sparrows has version {ruleset.version}"
        )
    try:
        game = Game(ruleset, record.seed, record=True)
    except SparrowsError as exc:
        raise RecordError(f"the record's seed is not usable: {exc}") from None
    for i, (seat, text) in enumerate(record.actions):
        try:
            game.step(seat, Action.from_string(text, ruleset.dialect))
        except (IllegalActionError, SparrowsError) as exc:
            raise RecordError(
                f"action {i} ({excerpt_repr(seat)}, {excerpt_repr(text)}) cannot be replayed: {exc}"
            ) from None
    return game


def replay(record: GameRecord) -> Game:
    """Rebuild the game and check every stored event and the result against it."""
    game = rebuild(record)
    fresh = [e.to_json() for e in game.events]
    for i, (stored, got) in enumerate(zip(record.events, fresh, strict=False)):
        if stored != got:
            raise RecordError(
                f"event {i} differs from the replay{_where_they_differ(stored, got)}: "
                f"the record says {excerpt_repr(stored)}, the replay gives {excerpt_repr(got)}"
            )
    if len(record.events) != len(fresh):
        raise RecordError(
            f"the record has {len(record.events)} events; the replay gives {len(fresh)}"
        )
    result = {
        "scores": list(game.scores),
        "places": game.ruleset.places(game.scores),
        "finished": game.over,
    }
    if record.result != result:
        raise RecordError(
            f"the record's result {excerpt_repr(record.result)} differs from the "
            f"replay's {excerpt_repr(result)}"
        )
    return game


def _where_they_differ(stored: Any, got: dict[str, Any]) -> str:
    """`` in 'key', ...`` naming the fields two events disagree on ("" when unclear)."""
    if not isinstance(stored, dict):
        return ""
    keys = [k for k in (*got, *(k for k in stored if k not in got)) if stored.get(k) != got.get(k)]
    if not keys:
        return ""
    return " in " + excerpt(", ".join(excerpt_repr(k, 20) for k in keys), 60)
