"""`sparrows analyze`: text, JSON, batch from stdin, Suzume, and errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sparrows.cli.main import main

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_console_script_json() -> None:
    proc = run(["analyze", "123m456p789s1122z", "--json"])
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert res["shanten"] == 0 and res["standard"] == 0
    assert res["chiitoi"] == 4  # pairs 11z 22z: 6 - 2 + 0
    # orphan kinds held: 1m 9s 1z 2z, and a pair among them: 13 - 4 - 1
    assert res["kokushi"] == 8
    assert res["waits"] == ["1z", "2z"]
    assert res["tiles"] == [{"tile": "1z", "left": 2}, {"tile": "2z", "left": 2}]


def test_text_output_for_a_discarding_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s11257z"]) == 0
    out = capsys.readouterr().out
    assert "Shanten   1" in out
    lines = [ln for ln in out.splitlines() if ln.startswith(" *")]
    # the three best discards are the honour singles 2z, 5z, 7z
    assert sorted(ln.split()[1] for ln in lines) == ["2z", "5z", "7z"]


def test_complete_hand_shows_readings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "111222333m456p77z", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["shanten"] == -1
    assert sorted(res["readings"]) == ["111m 222m 333m 456p 77z", "123m 123m 123m 456p 77z"]


def test_melds_reduce_the_sets_needed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p78s11z [777z]", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["shanten"] == 0 and res["waits"] == ["6s", "9s"]
    assert res["chiitoi"] is None and res["kokushi"] is None


def test_visible_tiles_reduce_ukeire(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z", "--visible", "1z1z", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["tiles"] == [{"tile": "2z", "left": 2}]
    assert res["waits"] == ["1z", "2z"]  # still a wait, with no copy left


def test_suzume(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "2*34 6g", "--ruleset", "suzume", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    # 234 + 6 g: needs a second and third copy -> two tiles away from complete
    assert res["shanten"] == 1 and res["chiitoi"] is None
    assert res["hand"] == "2*346g"
    assert main(["analyze", "2*34 66", "--ruleset", "suzume", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["waits"] == ["6"]


def test_batch_stdin_one_json_per_line() -> None:
    hands = ["123m456p789s1122z", "19m19p19s1234567z", "12x3m", "11m"]
    proc = run(["analyze", "-"], stdin="\n".join(hands) + "\n")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["hand"] for r in rows] == hands
    assert rows[1]["shanten"] == 0 and len(rows[1]["waits"]) == 13
    assert "'x'" in rows[2]["error"] and "position 2" in rows[2]["error"]
    assert rows[3]["shanten"] == -1
    assert proc.returncode == 2  # one line was bad; the others were still answered


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("12x3m", ["'x'", "position 2"]),
        ("11111m", ["5 copies", "1m"]),
        ("123m456p789s111222z", ["15 tiles"]),
        ("4*m", ["red 4m"]),
        ("123m [123z]", ["honours"]),
    ],
)
def test_bad_input_is_one_line_and_status_2(hand: str, words: list[str]) -> None:
    proc = run(["analyze", hand])
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sparrows: error:")
    assert "Traceback" not in proc.stderr
    for w in words:
        assert w in lines[0]


def test_missing_hand_and_help() -> None:
    proc = run(["analyze"])
    assert proc.returncode == 2 and "give a hand" in proc.stderr
    assert run([]).returncode == 2


def test_interactive_session() -> None:
    proc = run(["analyze", "--interactive"], stdin="123m456p789s1122z\nbad\n\n")
    assert proc.returncode == 0
    assert proc.stdout.count("Shanten") == 1  # the typed hand only (no sample analysed)
    assert "> 123m456p789s1122z" not in proc.stdout  # the typed hand is not echoed again
    assert "error: unexpected character 'b'" in proc.stdout


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sparrows", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0 and proc.stdout.startswith("sparrows ")
