"""Three-player riichi as a user runs it: a whole game of `sparrows play` from scripted
input (three seats named You, Right, Left; the North set aside from the menu), its record
replaying exactly, and `sparrows simulate` filling the table with three agents."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=300, cwd=cwd
    )


def test_play_a_whole_three_player_game(tmp_path: Path) -> None:
    # "#1"/"#2" discard, "!1" takes the first menu choice (nuki, riichi, a call), "p" passes
    answers = "#1\n#2\n!1\np\n" * 2000
    record = tmp_path / "sanma.json"
    proc = run(
        ["play", "--rules", "riichi", "--preset", "tenhou-sanma", "--seed", "4", "--no-color",
         "--save", str(record)],
        answers,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "scores: You 35000  Right 35000  Left 35000" in out and "Across" not in out
    assert "nuki 4z" in out and "=== Game over ===" in out
    assert "  3. " in out and "  4. " not in out  # three places
    check = run(["replay", str(record), "--check"])
    assert check.returncode == 0 and check.stdout.startswith("OK:")


def test_seat_beyond_the_table_is_refused() -> None:
    proc = run(["play", "--rules", "riichi", "--preset", "tenhou-sanma", "--seat", "3"], "")
    assert proc.returncode == 2 and "3 seats" in proc.stderr


def test_simulate_three_players() -> None:
    proc = run(["simulate", "--rules", "riichi", "--preset", "mahjongsoul-sanma", "-n", "6",
                "--quiet"])  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "6 games" in proc.stdout and "balanced" in proc.stdout and "nuki" in proc.stdout


def test_a_three_player_game_exports(tmp_path: Path) -> None:
    """A game quit in its first hand: mjai writes it as far as it went, with three seats,
    and the export replays (tests/records/test_export_limits.py has whole games, both formats)."""
    record = tmp_path / "r.json"
    run(["play", "--rules", "riichi", "--preset", "tenhou-sanma", "--seed", "1", "--save",
         str(record)], "q\n")  # fmt: skip
    out = tmp_path / "r.mjai"
    proc = run(["export", str(record), "--format", "mjai", "--out", str(out)])
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    first = out.read_text().splitlines()[:2]
    assert '"names": ["Player 1", "Player 2", "Player 3"]' in first[0]
    assert '"scores": [35000, 35000, 35000]' in first[1]
    check = run(["replay", str(out), "--check"])
    assert check.returncode == 0 and "OK:" in check.stdout, check.stdout
