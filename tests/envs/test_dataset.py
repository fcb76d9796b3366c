"""Datasets from real games (issue 33): every decision of the shared Tenhou games, replayed
through the one checked replay path, as (seat, observation, mask, action index). Every
logged action is legal and is the index the row names; each observation is the seat's
documented encoding at that moment; mjlog, tenhou.net/6 and mjai (exported from the same
game) give the same rows; a log that cannot be used is left out and named; the command
writes the file and says what it holds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from sparrows.engine.actions import Action  # noqa: E402
from sparrows.engine.game import Game  # noqa: E402
from sparrows.envs import encoder as make_encoder  # noqa: E402
from sparrows.envs.dataset import load, shards, write_dataset  # noqa: E402
from sparrows.records.formats import load_game  # noqa: E402
from sparrows.records.mjai_export import to_mjai  # noqa: E402
from tests.conftest import oracle_path  # noqa: E402

GAMES = 3  # of the shared games, in name order


def _logs(kind: str) -> list[Path]:
    folder = oracle_path("riichi", kind)
    return sorted(p for p in folder.iterdir() if p.suffix in (".mjlog", ".json"))[:GAMES]


class Watcher:
    """A replay's decisions with more than one legal action: (log, seat, action code),
    and the first few seats' encodings of their views (with ``enc``)."""

    def __init__(self, index: int, enc: Any) -> None:
        self.index, self.enc = index, enc
        self.game: Game | None = None
        self.seen: list[tuple[int, int, int]] = []
        self.views: list[Any] = []

    def __call__(self, game: Game, seat: int, legal: list[Action], action: Action) -> None:
        if game is not self.game:  # another reading of the game: from the start
            self.game = game
            self.seen.clear()
            self.views.clear()
        assert action in legal
        if len(legal) > 1:
            self.seen.append((self.index, seat, action.code))
            if self.enc is not None and len(self.views) < 40:
                self.views.append(self.enc.encode(game.view(seat)))


def test_every_logged_action_is_the_rows_index_and_legal(tmp_path: Path) -> None:
    logs = _logs("mjlog")
    out = tmp_path / "d.npz"
    summary = write_dataset(logs, out, shard=700)
    assert summary.logs == GAMES and not summary.skipped and summary.shards >= 2
    data = load(out)
    rows = len(data["action"])
    assert rows == summary.decisions > 500
    assert data["obs"].shape == (rows, data["meta"]["observation"])
    assert data["mask"][np.arange(rows), data["action"]].all()  # the chosen one is legal
    assert (data["mask"].sum(axis=1) >= 2).all()  # forced decisions left out
    # the same replay, watched here: the rows are its decisions in order, the actions
    # the log's, each observation the seat's encoding of its view at that moment
    enc = make_encoder("riichi")
    want: list[tuple[int, int, int]] = []  # log, seat, action code
    views: list[Any] = []  # the first log's first observations, encoded from views
    for index, path in enumerate(logs):
        watcher = Watcher(index, enc if index == 0 else None)
        assert load_game(path, watch=watcher).ok
        want += watcher.seen
        views += watcher.views
    layout = load_game(logs[0]).game.ruleset.layout
    got = [
        (int(g), int(s), layout.action(int(a)).code)
        for g, s, a in zip(data["log"], data["seat"], data["action"], strict=True)
    ]
    assert got == want
    for i, view in enumerate(views):
        assert np.array_equal(data["obs"][i], view)
    # pass decisions are there where a seat could claim
    assert any(layout.action(int(a)).type.name == "PASS" for a in data["action"])
    # read a shard at a time: the same rows
    again = np.concatenate([part["action"] for part in shards(out)])
    assert np.array_equal(again, data["action"])


@pytest.mark.slow  # three replays of one game: make test-all
def test_three_formats_of_one_game_give_the_same_rows(tmp_path: Path) -> None:
    mjlog = _logs("mjlog")[0]
    tenhou6 = oracle_path("riichi", "tenhou6") / (mjlog.stem + ".json")
    mjai = tmp_path / "game.mjson"
    loaded = load_game(mjlog)
    mjai.write_text("".join(json.dumps(e) + "\n" for e in to_mjai(loaded.game, loaded.names)))
    arrays = []
    for i, path in enumerate((mjlog, tenhou6, mjai)):
        summary = write_dataset([path], tmp_path / f"{i}.npz")
        assert summary.logs == 1, summary.skipped
        arrays.append(load(tmp_path / f"{i}.npz"))
    for other in arrays[1:]:
        for name in ("obs", "mask", "action", "seat"):
            assert np.array_equal(arrays[0][name], other[name]), name


def test_a_log_that_cannot_be_used_is_left_out_and_named(tmp_path: Path) -> None:
    good = _logs("mjlog")[0]
    broken = tmp_path / "broken.json"
    broken.write_text('{"log": [[1, 2]]}')
    summary = write_dataset([good, broken], tmp_path / "d.npz")
    assert summary.logs == 1
    assert [name for name, _ in summary.skipped] == [str(broken)]


def test_the_command_writes_the_file_and_says_what_it_holds(tmp_path: Path) -> None:
    out = tmp_path / "d.npz"
    folder = oracle_path("riichi", "mjlog")
    run = subprocess.run(
        [sys.executable, "-m", "sparrows", "dataset", str(_logs("mjlog")[0]), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "decisions from 1 logs" in run.stdout and "logs/s" in run.stderr
    assert load(out)["meta"]["format"] == "sparrows-dataset"
    missing = subprocess.run(
        [sys.executable, "-m", "sparrows", "dataset", str(folder / "nope"), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert missing.returncode == 2
    assert missing.stderr.strip().count("\n") == 0 and "no such file or folder" in missing.stderr
