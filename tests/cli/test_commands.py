"""The game commands as a user runs them: play, score, simulate, replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None, timeout: int = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd
    )


def test_play_a_whole_game_from_scripted_input(tmp_path: Path) -> None:
    # "#1" discards the first tile on a turn; "p" passes a ron offer; any line continues.
    answers = "#1\np\n" * 400
    proc = run(["play", "--rules", "suzume", "--seed", "7", "--no-color"], answers, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "=== Hand 1/16" in out and "=== Hand 16/16" in out
    assert "=== Game over ===" in out
    assert "Your hand: " in out and "#1" in out and "· dora: " in out
    saved = list(tmp_path.glob("sparrows-suzume-*.json"))
    assert len(saved) == 1 and "Record saved to" in out and "Seed 7." in out
    saved = saved[0]
    check = run(["replay", str(saved), "--check"])
    assert check.returncode == 0 and check.stdout.startswith("OK:")


def test_play_quit_saves_a_partial_record(tmp_path: Path) -> None:
    proc = run(["play", "--seed", "2", "--save", str(tmp_path / "r.json")], "#1\nq\n", tmp_path)
    assert proc.returncode == 0
    assert "Game left unfinished" in proc.stdout
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["result"]["finished"] is False
    assert run(["replay", str(tmp_path / "r.json"), "--check"]).returncode == 0


def test_play_rejects_nonsense_then_accepts(tmp_path: Path) -> None:
    proc = run(["play", "--seed", "3"], "zz\n?\n9z\n#1\nq\n", tmp_path)
    assert "Not understood: 'zz'" in proc.stdout
    assert "How to play (suzume):" in proc.stdout  # the help
    assert "You discard 3*." in proc.stdout  # seed 3: the first tile is the red 3
    assert proc.returncode == 0


def test_score_suzume_text_and_json() -> None:
    # 666 holds three plain 6s, so the indicator is the red 6 (the set has 3 plain + 1 red)
    proc = run(["score", "--rules", "suzume", "2*34666", "--dora", "6*"])
    assert proc.returncode == 0, proc.stderr
    assert "Dora x3" in proc.stdout and "each other player pays 3" in proc.stdout  # 8 -> ceil 8/3
    res = json.loads(
        run(["score", "--rules", "suzume", "ggg234", "--dealer", "--ron", "3", "--json"]).stdout
    )
    assert res["valid"] and res["points"] == 15 and res["yakuman"] == "all_green"
    assert res["payments"] == {"discarder": 15}
    assert {i["item"] for i in res["items"]} == {"run", "triplet", "all_green", "dealer"}


def test_score_invalid_and_batch() -> None:
    proc = run(["score", "--rules", "suzume", "345666", "--dora", "7", "--json"])
    assert proc.returncode == 1  # read fine, not a valid win
    res = json.loads(proc.stdout)
    assert res["valid"] is False and res["points"] == 4 and "needs 5" in res["reason"]
    proc = run(["score", "--rules", "suzume", "-"], "rrr999\n12345x\n123456\n")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert rows[0]["points"] == 19 and rows[0]["valid"]
    assert "error" in rows[1]
    assert rows[2]["complete"] is True  # 123 456: 1 + 1, no tanyao (a 1) -> 2, invalid
    assert rows[2]["points"] == 2 and not rows[2]["valid"]
    assert proc.returncode == 2


def test_suzume_indicator_must_exist_beside_the_hand() -> None:
    proc = run(["score", "--rules", "suzume", "2*34666", "--dora", "6"])
    assert proc.returncode == 2 and "only 3 of them" in proc.stderr and "6*" in proc.stderr
    # every red dragon is red: four of them fit (issue: "the only red copy" was refused)
    ok = run(["score", "--rules", "suzume", "666*rrr", "--dora", "r", "--tsumo"])
    assert ok.returncode == 0, ok.stderr
    four_twos = run(["score", "--rules", "suzume", "222345", "--dora", "2"])
    assert four_twos.returncode == 2 and "4 x 2" in four_twos.stderr


def test_score_errors_are_one_line() -> None:
    for args in (
        ["score", "--rules", "suzume", "2345"],
        ["score", "123m456p"],
        ["score", "--rules", "suzume", "234666", "--ron", "9"],
    ):
        proc = run(args)
        assert proc.returncode == 2
        assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sparrows: error:")


def test_simulate_writes_stats(tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    proc = run(
        [
            "simulate",
            "--rules",
            "suzume",
            "-n",
            "12",
            "--agents",
            "efficiency,random,random,random",
            "--seed",
            "1",
            "--out",
            str(out),
        ]
    )
    assert proc.returncode == 0, proc.stderr
    assert "hands/s" in proc.stdout and "efficiency" in proc.stdout
    assert "12/12 games" in proc.stderr  # the progress bar
    stats = json.loads(out.read_text())
    assert stats["games"] == 12 and stats["hands"] == 12 * 16 and stats["seconds"] > 0
    assert set(stats["per_agent"]) == {"efficiency", "random"}
    assert stats["per_agent"]["efficiency"]["games"] == 12


def test_simulate_bad_agent() -> None:
    proc = run(["simulate", "-n", "1", "--agents", "efficiency,random,random,wizard"])
    assert proc.returncode == 2 and "unknown agent 'wizard'" in proc.stderr


def test_replay_shows_hands_and_refuses_corrupt(tmp_path: Path) -> None:
    proc = run(
        ["play", "--seed", "5", "--save", str(tmp_path / "g.json")], "#1\np\n" * 400, tmp_path
    )
    assert proc.returncode == 0
    shown = run(["replay", str(tmp_path / "g.json")]).stdout
    assert "=== Hand 16/16" in shown and "dealt" in shown and " draws " in shown
    lines = run(["replay", str(tmp_path / "g.json"), "--json", "--seat", "1"]).stdout.splitlines()
    for e in map(json.loads, lines):
        if e["type"] == "draw" and e["seat"] != 1:
            assert e["tile"] is None
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    proc = run(["replay", str(bad)])
    assert (
        proc.returncode == 2 and "not valid JSON" in proc.stderr and "Traceback" not in proc.stderr
    )


def test_rules_command() -> None:
    listing = run(["rules"])
    assert listing.returncode == 0
    for name in ("suzume", "riichi", "hongkong", "classical", "sichuan"):
        assert name in listing.stdout
    for name in ("hongkong", "classical", "sichuan"):  # every built-in ruleset documents
        info = json.loads(run(["rules", name, "--json"]).stdout)
        assert all(o["doc"] for o in info["options"]) and info["tables"]
    suzume = json.loads(run(["rules", "suzume", "--json"]).stdout)
    names = {o["name"]: o for o in suzume["options"]}
    assert names["starting_points"]["default"] == 40 and names["hands"]["default"] == 16
    assert all(o["doc"] for o in suzume["options"])  # every option is documented
    assert suzume["presets"]["tutorial"] == {"allow_misdeclared_wins": True}
    riichi = json.loads(run(["rules", "riichi", "--json"]).stdout)
    assert all(o["doc"] for o in riichi["options"])
    assert riichi["presets"]["mahjongsoul"] == {
        "double_yakuman": True,
        "kokushi_robs_ankan": True,
        "pao_yakuman_only": True,
    }
    bad = run(["rules", "chess"])
    assert bad.returncode == 2 and "no options to show for 'chess'" in bad.stderr
