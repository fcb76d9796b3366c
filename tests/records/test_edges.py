"""Record files at their edges: empty logs, fields of the wrong type, key order, line
separators inside names, rule options a format cannot carry, logs of games stopped early,
and how output files are written (mode, symlinks, FIFOs)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparrows.agents import make_agent
from sparrows.engine import Game
from sparrows.errors import RecordError
from sparrows.fileio import write_atomic
from sparrows.records.export import to_tenhou6
from sparrows.records.formats import MJAI, TENHOU6, detect, load_game, options_lost
from sparrows.records.mjai import read_mjai, replay_mjai
from sparrows.records.mjai_export import to_mjai
from sparrows.records.mjlog import read_mjlog
from sparrows.records.tenhou6 import read_game, rule_options, tenhou_rule
from sparrows.rules import get_ruleset
from sparrows.sim.runner import play_game
from tests.conftest import oracle_path

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def _game(options: dict[str, Any], seed: int = 11) -> Game:
    rules = get_ruleset("riichi", options)
    agents = [make_agent("random", seed=seed * 4 + s, ruleset=rules) for s in range(4)]
    return play_game(rules, agents, seed=seed, record=True)


def _write_json_lines(path: Path, events: list[dict[str, Any]], **dump: Any) -> Path:
    path.write_text("".join(json.dumps(e, ensure_ascii=False, **dump) + "\n" for e in events))
    return path


# ---------------------------------------------------------------------- malformed logs
def test_a_tenhou6_log_without_hands_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nolog.json"
    path.write_text('{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {}, "log": []}')
    with pytest.raises(RecordError, match="holds no hand"):
        read_game(path)
    proc = run(["replay", str(path)])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "holds no hand" in proc.stderr


def test_mjai_start_kyoku_scores_must_be_four_numbers() -> None:
    events = to_mjai(_game({"preset": "tenhou", "hanchan": False}))
    start = next(e for e in events if e["type"] == "start_kyoku")
    start["scores"] = 5
    with pytest.raises(RecordError, match="'scores' must be 4 whole numbers"):
        replay_mjai(events)


def test_mjai_names_may_hold_line_separators(tmp_path: Path) -> None:
    """U+2028 and friends are legal unescaped in JSON strings: lines end at \\n only."""
    game = _game({"preset": "tenhou", "hanchan": False})
    events = to_mjai(game, names=["a\u2028b", "c\x1cd", "e", "f"])
    path = _write_json_lines(tmp_path / "names.mjson", events)
    read = read_mjai(path)
    assert read[0]["names"][:2] == ["a\u2028b", "c\x1cd"]
    _replayed, checks = replay_mjai(read)
    assert checks and all(c.ok for c in checks)


def test_an_mjai_log_with_sorted_keys_is_told_apart(tmp_path: Path) -> None:
    events = to_mjai(_game({"preset": "tenhou", "hanchan": False}))
    path = _write_json_lines(tmp_path / "sorted.mjson", events, sort_keys=True)
    assert path.read_text().startswith('{"aka_flag"')  # "type" is not the first key
    assert detect(path) == MJAI
    assert load_game(path).ok
    t6 = tmp_path / "sorted.json"
    t6.write_text(json.dumps(to_tenhou6(_game({"preset": "tenhou"}, 3)), sort_keys=True))
    assert detect(t6) == TENHOU6


# ---------------------------------------------------------------------- options
def test_tenhou_rule_carries_open_tanyao_both_ways() -> None:
    assert rule_options({"disp": "鳳南喰赤", "aka": 1}) == {"preset": "tenhou"}
    assert rule_options({"disp": "般東赤", "aka": 1}) == {
        "preset": "tenhou",
        "hanchan": False,
        "open_tanyao": False,
    }
    assert rule_options({"disp": "", "aka": 0}) == {"preset": "tenhou", "red_fives": [0, 0, 0]}
    no_kuitan = get_ruleset("riichi", {"preset": "tenhou", "open_tanyao": False}).options
    assert tenhou_rule(no_kuitan) == {"disp": "般南赤", "aka": 1}
    assert rule_options(tenhou_rule(no_kuitan))["open_tanyao"] is False


def test_a_game_without_open_tanyao_survives_a_tenhou6_round_trip(tmp_path: Path) -> None:
    game = _game({"preset": "tenhou", "hanchan": False, "open_tanyao": False}, seed=17)
    assert options_lost(game, "tenhou6") == []
    path = tmp_path / "t6.json"
    path.write_text(json.dumps(to_tenhou6(game), ensure_ascii=False))
    loaded = load_game(path)
    assert loaded.ok and loaded.game.ruleset.options.open_tanyao is False  # type: ignore[attr-defined]
    assert loaded.game.scores == game.scores


def test_export_names_the_options_a_format_cannot_carry(tmp_path: Path) -> None:
    game = _game({"preset": "tenhou", "hanchan": False, "open_tanyao": False}, seed=17)
    assert options_lost(game, "mjai") == ["open_tanyao=False"]  # mjai has no field for it
    record = tmp_path / "game.json"
    from sparrows.records.record import save_record

    save_record(game, record)
    proc = run(["export", str(record), "--format", "mjai", "--out", str(tmp_path / "g.mjson")])
    assert proc.returncode == 0, proc.stderr
    assert "mjai cannot carry these rule options of the game: open_tanyao=False" in proc.stderr
    proc = run(["export", str(record), "--format", "tenhou6", "--out", str(tmp_path / "g.json")])
    assert proc.returncode == 0 and proc.stderr == ""


# ---------------------------------------------------------------------- games stopped early
def test_a_tenhou6_log_of_a_game_stopped_early_passes_with_a_note(tmp_path: Path) -> None:
    """tenhou.net/6 does not say whether the game ended: the first 3 hands of a real game
    replay, with a note that the rules would play on."""
    source = oracle_path("riichi", "tenhou6")
    first = sorted(source.iterdir())[0]
    lines = first.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.json"
    cut.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    loaded = load_game(cut)
    assert loaded.ok and len(loaded.checks) == 3 and not loaded.game.over
    assert loaded.notes and "stops before the game's end" in loaded.notes[0]
    proc = run(["replay", "--check", str(cut)])
    assert proc.returncode == 0, proc.stdout
    assert "note: the log stops before the game's end" in proc.stdout
    whole = load_game(first)  # a whole game: no note
    assert whole.ok and whole.game.over and not whole.notes


def test_an_mjlog_says_whether_the_game_ended(tmp_path: Path) -> None:
    source = sorted(oracle_path("riichi", "mjlog").iterdir())[0]
    assert read_mjlog(source).ended is True  # its last <AGARI>/<RYUUKYOKU> has owari=
    text = source.read_text(encoding="utf-8")
    assert text.count("owari=") == 1
    without = tmp_path / "no-owari.mjlog"
    without.write_text(text.replace("owari=", "x-owari="), encoding="utf-8")
    assert read_mjlog(without).ended is False
    loaded = load_game(without)  # the engine ends the game where the log does not
    assert not loaded.ok
    assert loaded.checks[-1].problems == ["the engine ended the game; the log has no owari"]


def test_analyze_log_refuses_a_log_that_does_not_replay(tmp_path: Path) -> None:
    events = to_mjai(_game({"preset": "tenhou", "hanchan": False}, seed=7))
    hora = next(e for e in events if e["type"] in ("hora", "ryukyoku"))
    hora["deltas"] = [d + 100 * (s == 0) - 100 * (s == 1) for s, d in enumerate(hora["deltas"])]
    path = _write_json_lines(tmp_path / "changed.mjson", events)
    proc = run(["analyze-log", str(path)])
    assert proc.returncode == 2 and proc.stdout == ""
    assert "does not replay exactly" in proc.stderr and "Traceback" not in proc.stderr


# ---------------------------------------------------------------------- output files
def test_written_files_get_the_usual_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        fresh = write_atomic(tmp_path / "fresh.txt", "x")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644  # not mkstemp's 0600
        kept = tmp_path / "kept.txt"
        kept.write_text("old")
        kept.chmod(0o640)
        write_atomic(kept, "new")
        assert kept.read_text() == "new" and stat.S_IMODE(kept.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_a_symlink_is_followed_and_a_fifo_written_into(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    write_atomic(fifo, "through the pipe")
    out, _ = reader.communicate(timeout=30)
    assert out == "through the pipe" and stat.S_ISFIFO(fifo.stat().st_mode)
