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
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..errors import IllegalActionError, RecordError, SparrowsError
from ..rules import get_ruleset

FORMAT = "sparrows-record"
FORMAT_VERSION = 1


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
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text (UTF-8) file, so not a game record") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
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
    """Re-run a record's actions on a new game (no checks of its events)."""
    try:
        ruleset = get_ruleset(record.ruleset, record.options)
    except SparrowsError as exc:
        raise RecordError(f"the record's ruleset or options are not usable: {exc}") from None
    if ruleset.version != record.ruleset_version:
        raise RecordError(
            f"the record was made with {record.ruleset} version "
            f"{record.ruleset_version}; this sparrows has version {ruleset.version}"
        )
    game = Game(ruleset, record.seed, record=True)
    for i, (seat, text) in enumerate(record.actions):
        try:
            game.step(seat, Action.from_string(text, ruleset.dialect))
        except (IllegalActionError, SparrowsError) as exc:
            raise RecordError(f"action {i} ({seat}, {text!r}) cannot be replayed: {exc}") from None
    return game


def replay(record: GameRecord) -> Game:
    """Rebuild the game and check every stored event and the result against it."""
    game = rebuild(record)
    fresh = [e.to_json() for e in game.events]
    for i, (stored, got) in enumerate(zip(record.events, fresh, strict=False)):
        if stored != got:
            raise RecordError(
                f"event {i} differs from the replay: the record says {stored}, "
                f"the replay gives {got}"
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
        raise RecordError(f"the record's result {record.result} differs from the replay's {result}")
    return game
