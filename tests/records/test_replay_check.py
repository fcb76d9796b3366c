"""What `replay --check` accepts (issue 19, items 18-20 and 23): a record is checked as
strictly as its content allows, whatever version it claims; its JSON is read strictly
(no duplicate keys, no other types for a value, no unknown fields); hostile files (deep
nesting, a FIFO with no writer, an unknown shape) get one line and exit 2."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sparrows.agents import make_agent
from sparrows.engine import Game
from sparrows.errors import RecordError
from sparrows.records import load_record, record_from_game, replay, save_record
from sparrows.records.record import GameRecord, replay_mode
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

ROOT = Path(__file__).resolve().parents[1] / "support"
V1 = ROOT / "data" / "records_v1" / "full_game.json"
SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], timeout: int = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout)


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sparrows: error: ")
    return proc.stderr


def suzume_record(seed: int = 11) -> GameRecord:
    rules = get_ruleset("suzume")
    bots = [make_agent("random", seed * 4 + s, rules) for s in range(4)]
    return record_from_game(play_game(rules, bots, seed, record=True))


def refused(record: GameRecord, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        replay(record)


# ---------------------------------------------------------------------- versions
def test_a_version_1_record_is_checked_field_by_field() -> None:
    record = load_record(V1)
    assert replay_mode(record) == "v1"
    replay(record)  # the stored record passes
    changed = copy.deepcopy(record)
    deal = next(e for e in changed.events if e["type"] == "deal")
    deal["tiles"] = [*deal["tiles"][:-1], "9"]
    refused(changed, "differs from the replay in 'tiles'")
    stripped = copy.deepcopy(record)
    stripped.events = [e for e in stripped.events if e["type"] not in ("deal", "draw")]
    refused(stripped, "differs from the replay")
    no_events = copy.deepcopy(record)
    no_events.events = []
    refused(no_events, "the record has 0 events")


def test_a_version_2_record_relabelled_version_1_does_not_pass() -> None:
    record = suzume_record()
    record.format_version = 1
    record.ruleset_version = "1"
    refused(record, "is not an event a version 1 record holds|has the fields")


def test_a_record_of_an_earlier_ruleset_version_is_checked_on_what_it_wrote() -> None:
    """Suzume version 1 wrote no waits in an exhaustive draw: such a record replays and is
    checked on every other field; a changed deal or a missing event is refused."""
    record = suzume_record()
    earlier = copy.deepcopy(record)
    earlier.ruleset_version = "1"
    for e in earlier.events:
        e.pop("waits", None)
        if e["type"] == "game_start":
            e["version"] = "1"
    assert any(e["type"] == "exhaustive_draw" for e in earlier.events)
    assert replay_mode(earlier) == "earlier"
    replay(earlier)
    changed = copy.deepcopy(earlier)
    deal2 = next(e for e in changed.events if e["type"] == "deal")
    deal2["tiles"] = [*deal2["tiles"][:-1], "9" if deal2["tiles"][-1] != "9" else "8"]
    refused(changed, "differs from the replay in 'tiles'")
    fewer = copy.deepcopy(earlier)
    fewer.events = fewer.events[:-3]
    refused(fewer, "events; the replay gives")


def test_sichuan_version_1_records_are_refused_by_name() -> None:
    rules = get_ruleset("sichuan", {"hands": 1})
    record = record_from_game(
        play_game(rules, [make_agent("random", s, rules) for s in range(4)], 1, record=True)
    )
    record.ruleset_version = "1"
    refused(record, "sichuan version '1'.*the others play by different rules")


# ---------------------------------------------------------------------- strict JSON
def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    path = save_record(Game(get_ruleset("suzume"), 3), tmp_path / "r.json")
    text = path.read_text()
    forged = text.replace('"result": {', '"result": {"scores": [99, 0, 0, 0]}, "result": {', 1)
    path.write_text(forged)
    line = one_line_error(run(["replay", str(path), "--check"]))
    assert "appears twice" in line and "'result'" in line


@pytest.mark.parametrize("value", ["1.0", "true"])
def test_another_json_type_for_a_number_is_refused(tmp_path: Path, value: str) -> None:
    game = Game(get_ruleset("suzume"), 3)
    for _ in range(4):
        seat = game.to_act()[0]
        game.step(seat, game.legal_actions(seat)[-1])
    data: dict[str, Any] = record_from_game(game).to_json()
    text = json.dumps(data)
    seat = data["actions"][1][0]
    # the second action's seat, and a discard event's seat, written as another type
    data["actions"][1][0] = "SEAT"
    forged_action = json.dumps(data).replace('"SEAT"', value)
    path = tmp_path / "a.json"
    path.write_text(forged_action)
    assert "is malformed" in one_line_error(run(["replay", str(path), "--check"]))
    data = json.loads(text)
    event = next(e for e in data["events"] if e["type"] == "discard" and e["seat"] == seat)
    event["seat"] = "SEAT"
    path.write_text(json.dumps(data).replace('"SEAT"', value))
    assert "differs from the replay" in one_line_error(run(["replay", str(path), "--check"]))


def test_unknown_top_level_fields_are_named(tmp_path: Path) -> None:
    path = save_record(Game(get_ruleset("suzume"), 3), tmp_path / "r.json")
    data = json.loads(path.read_text())
    data["signature"] = "trust me"
    path.write_text(json.dumps(data))
    assert "'signature'" in one_line_error(run(["replay", str(path), "--check"]))


# ---------------------------------------------------------------------- hostile files
@pytest.mark.parametrize(
    "command", [["replay"], ["analyze-log", "--seat", "0"], ["export", "--format", "mjai"]]
)
@pytest.mark.parametrize("text", ["[" * 3000, "{" * 3000, '{"a":' * 3000])
def test_deep_nesting_is_one_error_line(tmp_path: Path, command: list[str], text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    args = [command[0], str(path), *command[1:]]
    one_line_error(run(args))


def test_a_fifo_with_no_writer_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    line = one_line_error(run(["replay", str(fifo)], timeout=20))
    assert "is empty" in line and time.monotonic() - started < 15


def test_an_unknown_shape_names_the_formats_tried(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("hello\n")
    line = one_line_error(run(["replay", str(path)]))
    assert "tried a sparrows record" in line and "mjlog" in line and "mjai" in line
