"""The riichi game as a user runs it: play, simulate, replay of Tenhou logs (tenhou.net/6
and mjlog, gzip or not) with --check, and analyze-log."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from sparrows.analysis import shanten
from sparrows.records.tenhou6 import read_game
from sparrows.tiles import counts34, from_tenhou
from tests.conftest import oracle_path

SCRIPT = Path(sys.executable).with_name("sparrows")
GAME = "2010081709gm-00a9-0000-fe3371ad"


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None, timeout: int = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd
    )


def test_replay_check_of_a_tenhou6_log() -> None:
    proc = run(["replay", str(oracle_path("riichi", "tenhou6", f"{GAME}.json")), "--check"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "15 of 15 hand(s) replay through the engine" in proc.stdout
    assert proc.stdout.count(" ok") == 15


def test_replay_check_of_an_mjlog_plain_and_gzip(tmp_path: Path) -> None:
    source = oracle_path("riichi", "mjlog", f"{GAME}.mjlog")
    raw = source.read_bytes()
    plain = tmp_path / "game.mjlog"
    packed = tmp_path / "game.mjlog.gz"
    if raw[:2] == b"\x1f\x8b":
        plain.write_bytes(gzip.decompress(raw))
        packed.write_bytes(raw)
    else:
        plain.write_bytes(raw)
        packed.write_bytes(gzip.compress(raw))
    for path in (plain, packed):
        proc = run(["replay", str(path), "--check"])
        assert proc.returncode == 0 and "15 of 15" in proc.stdout, proc.stdout + proc.stderr


def test_replay_check_reports_a_changed_payment(tmp_path: Path) -> None:
    lines = oracle_path("riichi", "tenhou6", f"{GAME}.json").read_text().splitlines()
    first = json.loads(lines[0])
    result = first["log"][0][16]  # ["和了", [0, 8700, -7700, 0], [...]]
    result[1] = [0, 8800, -7800, 0]
    lines[0] = json.dumps(first, ensure_ascii=False)
    bad = tmp_path / "bad.json"
    bad.write_text("\n".join(lines))
    proc = run(["replay", str(bad), "--check"])
    assert proc.returncode == 2
    assert "DIFFERS" in proc.stdout and "score changes [0, 8700, -7700, 0]" in proc.stdout


def test_replay_text_of_a_tenhou_log() -> None:
    proc = run(["replay", str(oracle_path("riichi", "tenhou6", f"{GAME}.json")), "--seat", "1"])
    assert proc.returncode == 0, proc.stderr
    assert "You    dealt 4m 5m 7m 3p 6p 9p 3s 1z 2z 3z 3z 5z 7z" in proc.stdout
    assert "Right  dealt" not in proc.stdout  # seat 2's tiles are hidden from seat 1
    assert "You win by ron on Right's discard" in proc.stdout  # hand 1: seat 1 from seat 2


def test_analyze_log_rows_match_the_log_and_the_analyser() -> None:
    path = oracle_path("riichi", "tenhou6", f"{GAME}.json")
    proc = run(["analyze-log", str(path), "--seat", "1", "--json"])
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    log = read_game(path)
    discards = sum(
        1
        for hand in log.hands
        for e in hand.discards[1]
        if (isinstance(e, int) and e) or (isinstance(e, str) and e.startswith("r"))
    )
    assert len(rows) == discards
    first = rows[0]  # seat 1's hand 1 turn 1: the 13 dealt tiles and its first draw (1s)
    held = [from_tenhou(t) for t in (*log.hands[0].haipai[1], log.hands[0].draws[1][0])]
    assert sorted(first["held"]) == sorted(str(t) for t in held)
    assert first["discard"] == "1s"
    counts = counts34(held)
    counts[18] -= 1  # without the 1s
    assert first["shanten"] == shanten(counts)
    for row in rows:
        assert (row["best_shanten"], -row["best_ukeire"]) <= (row["shanten"], -row["ukeire"])
        assert row["agrees"] == (
            row["discard"] in row["best"]
            or (row["shanten"], row["ukeire"]) == (row["best_shanten"], row["best_ukeire"])
        )
    text = run(["analyze-log", str(path), "--seat", "1"]).stdout
    assert "discards agree with the shanten/ukeire-best choice" in text


def test_play_a_riichi_game_to_the_end(tmp_path: Path) -> None:
    answers = "w\n#1\np\n\n" * 600
    proc = run(
        [
            "play",
            "--rules",
            "riichi",
            "--option",
            "hanchan=false",
            "--seed",
            "11",
            "--no-color",
            "--save",
            str(tmp_path / "r.json"),
        ],
        answers,
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "=== East 1, honba 0 · dealer: You · dora indicator:" in out
    assert "=== Game over ===" in out and "with oka and uma" in out
    assert " han " in out and " fu" in out  # a win was scored with its han and fu
    check = run(["replay", str(tmp_path / "r.json"), "--check"])
    assert check.returncode == 0 and check.stdout.startswith("OK:"), check.stderr


def test_play_offers_calls_in_a_menu(tmp_path: Path) -> None:
    proc = run(
        [
            "play",
            "--rules",
            "riichi",
            "--seed",
            "5",
            "--no-color",
            "--save",
            str(tmp_path / "r.json"),
        ],
        "#1\n#1\n#1\n!1\n#2\nq\n",
        tmp_path,
    )
    assert "[!1 = chi 7s 9s, p = pass, h = hint, ? = help]" in proc.stdout
    assert "You    call chi: 7s 8s 9s" in proc.stdout and "melds: [789s<]" in proc.stdout


def test_simulate_riichi_reports_defence() -> None:
    proc = run(["simulate", "--rules", "riichi", "-n", "4", "--option", "hanchan=false", "--quiet"])
    assert proc.returncode == 0, proc.stderr
    assert "deal-in facing riichi: balanced" in proc.stdout and "random" in proc.stdout


def test_export_to_mjai_and_tenhou6_and_replay_them(tmp_path: Path) -> None:
    source = oracle_path("riichi", "tenhou6", f"{GAME}.json")
    mjai = tmp_path / "game.mjai"
    proc = run(["export", str(source), "--format", "mjai", "--out", str(mjai)])
    assert proc.returncode == 0, proc.stderr
    first = json.loads(mjai.read_text().splitlines()[0])
    assert first["type"] == "start_game"
    check = run(["replay", str(mjai), "--check"])
    assert check.returncode == 0 and "15 of 15" in check.stdout, check.stdout + check.stderr
    tenhou = run(["export", str(mjai), "--format", "tenhou6"])
    assert tenhou.returncode == 0, tenhou.stderr
    again = tmp_path / "again.json"
    again.write_text(tenhou.stdout)
    ours, theirs = read_game(again).hands, read_game(source).hands
    assert len(ours) == len(theirs) == 15

    def summary(h: Any) -> tuple[Any, ...]:
        # what both carry (the draw lists too; a discard may read 60 where Tenhou wrote the
        # tile: the engine discards the drawn copy of a face, see docs/formats.md)
        return (h.kyoku, h.honba, h.riichi_sticks, h.start_scores, h.dora_indicators,
                h.haipai, h.draws, h.result, h.deltas, h.wins)  # fmt: skip

    assert [summary(h) for h in ours] == [summary(h) for h in theirs]
    bad = run(["export", str(source), "--format", "mjai", "--out", "/nonexistent/x.mjai"])
    assert bad.returncode == 2 and "no folder /nonexistent" in bad.stderr
