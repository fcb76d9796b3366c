"""Training data from real games: every decision of every seat in Tenhou logs (mjlog XML,
tenhou.net/6 JSON) and mjai logs, as (seat, observation, mask, action index) in the
family's encoder and action layout (``docs/envs.md``, "Datasets").

Each log is played through the one checked replay path (:func:`sparrows.records.formats.
load_game`, the same as ``sparrows replay``): the engine asks its decisions as the
environments do by default (eligible claims: a seat is asked about a discard only when
it may claim it, so a pass is a decision where the log shows the seat could claim), and
each decision is taken when the log's action is about to be played. A decision with one
legal action is left out unless ``forced`` (the environments play those by themselves).
A log whose replay differs from what it says anywhere is left out whole, and named.

The file is a numpy ``.npz`` (a zip of ``.npy`` arrays, compressed), written as it goes:
shards of at most ``shard`` decisions, each five arrays ``obs_K`` ``(m, size)`` float32,
``mask_K`` ``(m, actions)`` int8, ``action_K`` ``(m,)`` int16, ``seat_K`` ``(m,)``
int8 and ``log_K`` ``(m,)`` int32 (the log's index in ``logs``), then ``logs`` (the
files' names), ``meta`` (JSON: ruleset, options, encoder version and sizes, counts).
:func:`shards` reads it back a shard at a time; :func:`load` all at once.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.actions import Action
from ..engine.game import Game
from ..errors import RecordError, SparrowsError
from .encoding import Encoder, encoder_for
from .layout import ENCODER_VERSION
from .live import LiveEncoder

__all__ = ["DatasetWriter", "Summary", "load", "log_files", "shards", "write_dataset"]

#: the file names a folder is searched for (what ``sparrows replay`` reads)
LOG_SUFFIXES = (".mjlog", ".xml", ".gz", ".json", ".jsonl", ".mjson", ".log")
SHARD = 20_000


def log_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The log files named, a folder standing for the files under it with a log's name
    (sorted); a path that does not exist is refused by name."""
    out: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            out += sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in LOG_SUFFIXES
            )
        elif path.exists():
            out.append(path)
        else:
            raise RecordError(f"{path}: no such file or folder")
    return out


@dataclass
class Summary:
    """What a dataset holds: decisions, logs used, and the logs left out with why."""

    decisions: int = 0
    logs: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    shards: int = 0


class DatasetWriter:
    """Decisions into a ``.npz`` file, a shard at a time (see the module)."""

    def __init__(self, path: str | os.PathLike[str], shard: int = SHARD) -> None:
        self.path = Path(path)
        self.shard = shard
        self._zip = zipfile.ZipFile(self.path, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
        self._rows: dict[str, list[Any]] = {k: [] for k in ("obs", "mask", "action", "seat", "log")}
        self.summary = Summary()
        self.names: list[str] = []
        self.meta: dict[str, Any] = {}
        self.encoder: Encoder | None = None
        self._key = ""
        self._misfit = ""

    # ------------------------------------------------------------------ a log
    def add_log(self, path: str | os.PathLike[str], forced: bool = False) -> int:
        """Every decision of one log; the number added (0, and the log named in
        ``summary.skipped``, when it does not replay as written or belongs to another
        ruleset than the file's first log)."""
        from ..records.formats import load_game

        name = str(path)
        seen: list[tuple[Any, Any, int, int]] = []
        state: dict[str, Any] = {"game": None, "codec": None}
        index = len(self.names)

        def watch(game: Game, seat: int, legal: list[Action], action: Action) -> None:
            if game is not state["game"]:  # a new reading of the game: start again
                state["game"] = game
                seen.clear()
                state["codec"] = self._codec(game)
            if state["codec"] is None or (len(legal) == 1 and not forced):
                return
            live: LiveEncoder
            at: Callable[[Action], int]
            live, at = state["codec"]
            mask = np.zeros(self.meta["actions"], dtype=np.int8)
            for a in legal:
                mask[at(a)] = 1
            seen.append((live.encode(game, seat), mask, at(action), seat))

        try:
            loaded = load_game(path, watch=watch)
        except SparrowsError as exc:  # RecordError included: a file that cannot be read
            self.summary.skipped.append((name, str(exc)))
            return 0
        if loaded.kind == "sparrows":
            self.summary.skipped.append(
                (name, "a sparrows record: the dataset reads Tenhou and mjai logs")
            )
            return 0
        if state["game"] is not None and state["codec"] is None:
            self.summary.skipped.append((name, self._misfit))
            return 0
        if not loaded.ok:
            first = next(c for c in loaded.checks if not c.ok)
            self.summary.skipped.append(
                (name, f"does not replay as written ({first.label}: {first.problems[0]})")
            )
            return 0
        self.names.append(name)
        for obs, mask, action, seat in seen:
            rows = self._rows
            rows["obs"].append(obs)
            rows["mask"].append(mask)
            rows["action"].append(action)
            rows["seat"].append(seat)
            rows["log"].append(index)
            if len(rows["action"]) >= self.shard:
                self._flush()
        self.summary.logs += 1
        self.summary.decisions += len(seen)
        return len(seen)

    def _codec(self, game: Game) -> tuple[LiveEncoder, Callable[[Action], int]] | None:
        """The encoder and the action index of ``game``'s ruleset, which must be the
        file's first log's (None for another family or size: ``_misfit`` says why)."""
        rules = game.ruleset
        encoder = encoder_for(rules)
        key = f"{rules.name}:{encoder.size}:{rules.layout.size}"
        if self.encoder is None:
            self.encoder, self._key = encoder, key
            self.meta = {
                "format": "sparrows-dataset",
                "ruleset": rules.name,
                "encoder_version": ENCODER_VERSION,
                "observation": int(encoder.size),
                "actions": int(rules.layout.size),
            }
        elif key != self._key:
            self._misfit = (
                f"a {rules.name} game of {game.n} players (observation {encoder.size}, "
                f"{rules.layout.size} actions) does not fit this dataset's first log's "
                f"({self._key.replace(':', ', ')})"
            )
            return None
        index = {a.code: i for i, a in enumerate(rules.layout.actions)}
        return encoder.live(), lambda a: index[a.code]

    # ------------------------------------------------------------------ the file
    def _flush(self) -> None:
        rows = self._rows
        if not rows["action"]:
            return
        k = self.summary.shards
        arrays = {
            "obs": np.stack(rows["obs"]).astype(np.float32, copy=False),
            "mask": np.stack(rows["mask"]),
            "action": np.asarray(rows["action"], dtype=np.int16),
            "seat": np.asarray(rows["seat"], dtype=np.int8),
            "log": np.asarray(rows["log"], dtype=np.int32),
        }
        for name, array in arrays.items():
            self._put(f"{name}_{k:05d}", array)
        for values in rows.values():
            values.clear()
        self.summary.shards += 1

    def _put(self, name: str, array: Any) -> None:
        with self._zip.open(f"{name}.npy", "w", force_zip64=True) as f:
            np.lib.format.write_array(f, np.asanyarray(array), allow_pickle=False)

    def close(self) -> Summary:
        """Write what is left, the logs' names and the meta, and close the file."""
        self._flush()
        self._put("logs", np.asarray(self.names, dtype=np.str_))
        meta = {**self.meta, "decisions": self.summary.decisions, "shards": self.summary.shards}
        self._put("meta", np.asarray(json.dumps(meta)))
        self._zip.close()
        return self.summary


def write_dataset(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    forced: bool = False,
    shard: int = SHARD,
    progress: Callable[[int, int, int], None] | None = None,
) -> Summary:
    """Every decision of the logs (files, or folders searched for logs) into ``out``;
    ``progress(logs done, logs in all, decisions so far)`` after each log."""
    files = log_files(paths)
    if not files:
        raise RecordError("no log file to read (mjlog, tenhou.net/6 JSON or mjai)")
    writer = DatasetWriter(out, shard)
    try:
        for done, path in enumerate(files, 1):
            writer.add_log(path, forced)
            if progress is not None:
                progress(done, len(files), writer.summary.decisions)
    finally:
        summary = writer.close()
    return summary


def _open(path: str | os.PathLike[str]) -> Any:
    try:
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError, zipfile.BadZipFile) as exc:
        raise RecordError(f"{path} is not a sparrows dataset: {exc}") from None
    if "meta" not in data.files:
        raise RecordError(f"{path} is not a sparrows dataset: it has no meta")
    return data


def shards(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The dataset's shards in order, one dict of arrays at a time (obs, mask, action,
    seat, log): a large file read without holding it all."""
    data = _open(path)
    meta = json.loads(str(data["meta"]))
    for k in range(int(meta["shards"])):
        yield {name: data[f"{name}_{k:05d}"] for name in ("obs", "mask", "action", "seat", "log")}


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The whole dataset: the five arrays concatenated, ``logs`` and ``meta``."""
    data = _open(path)
    meta = json.loads(str(data["meta"]))
    parts = list(shards(path))
    out: dict[str, Any] = {"meta": meta, "logs": [str(x) for x in data["logs"]]}
    sizes = {"obs": (0, meta.get("observation", 0)), "mask": (0, meta.get("actions", 0))}
    for name in ("obs", "mask", "action", "seat", "log"):
        if parts:
            out[name] = np.concatenate([p[name] for p in parts])
        else:
            out[name] = np.zeros(sizes.get(name, (0,)))
    return out
