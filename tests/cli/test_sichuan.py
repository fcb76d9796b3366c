"""`sparrows score/rules/simulate/play --rules sichuan` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd
    )


def test_the_seeds_worked_example_through_the_calculator() -> None:
    proc = run(
        ["score", "--rules", "sichuan", "[1111m]222555777m99m", "--tsumo", "--base", "5", "--json"]
    )
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    # Pure Suit 2 + All Triplets 1 + Self-Drawn 1 + one Root (the gang of 1m) 1 = 5 faan;
    # base 5 x 2^5 = 160, paid by each player still in
    assert sorted(i["item"] for i in res["items"]) == sorted(
        ["pure_suit", "all_triplets", "self_drawn", "root"]
    )
    assert (res["faan"], res["score"]) == (5, 160)
    assert res["payments"] == {"each_player_still_in": 160}


def test_void_suit_and_cap() -> None:
    res = json.loads(
        run(["score", "--rules", "sichuan", "123456789m555p11s", "--void", "p", "--json"]).stdout
    )
    assert res["valid"] is False and "void" in res["reason"]
    proc = run(
        ["score", "--rules", "sichuan", "[1111m]222555777m99m", "--tsumo", "--preset", "mil"]
    )
    assert proc.returncode == 0 and "(capped)" in proc.stdout and "= 8" in proc.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "sichuan", "123456789m555p1s"], "14 tiles"),
        (["--rules", "sichuan", "123456789m555p11z"], "three suits"),
        (["--rules", "sichuan", "123456789m555p11s", "--seat", "E"], "not Sichuan"),
        (["--rules", "sichuan", "123456789m555p11s", "--void", "z"], "void"),
        (["--rules", "sichuan", "123456789m555p11s", "--gang-bloom", "--tsumo"], "gang"),
        (["123456789m555p11s", "--void", "m"], "--rules sichuan"),
    ],
)
def test_bad_input(args: list[str], words: str) -> None:
    proc = run(["score", *args])
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_rules_and_simulate_report_winners_per_hand() -> None:
    assert "golden_hook" in run(["rules", "sichuan"]).stdout
    proc = run(["simulate", "--rules", "sichuan", "-n", "2", "--quiet", "--option", "hands=2"])
    assert proc.returncode == 0 and "winners per hand" in proc.stdout, proc.stderr


def test_play_shows_voids_and_refuses_a_non_void_discard_without_crashing(tmp_path: Path) -> None:
    lines = "".join("\n#1\np\n!1\n" for _ in range(150))  # Enter: the suggested exchange
    proc = run(
        ["play", "--rules", "sichuan", "--seed", "3", "--option", "hands=1"], lines, tmp_path
    )
    assert "void m" in proc.stdout and "Traceback" not in proc.stderr
    assert "You may not discard 1p now (the rules allow: 7m)" in proc.stdout
    assert proc.returncode == 0
