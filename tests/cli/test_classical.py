"""`sparrows score/rules/simulate --rules classical` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_score_with_losers_and_settlement() -> None:
    proc = run(
        [
            "score",
            "--rules",
            "classical",
            "123m456m789m234p55s",
            "--losers",
            "111z555p23m88s99p1m,147m258p369s1234z,555z666z2223344s",
            "--json",
        ]
    )
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    # winner (East): Mah Jongg 20 + pair wait 2 + only tile 2 = 24, fully concealed 1
    # double -> 48. South: 111z concealed honour pung 8 + round-wind double (East round),
    # 555p 4 -> 12 x 2 = 24. West: nothing -> 0. North: 555z 8 + 666z 8 + 222s 4 = 20,
    # two dragon doubles + three concealed pungs -> 20 x 8 = 160.
    assert (res["points"], res["doubles"], res["score"]) == (24, 1, 48)
    assert [x["score"] for x in res["losers"]] == [24, 0, 160]
    # East wins: 2 x 48 from each; South-West: West pays 24; South-North: South pays 136;
    # West-North: West pays 160 (no East among them, so no doubling).
    assert res["payments"] == {"East": 288, "South": -208, "West": -280, "North": 200}


def test_standard_values_through_the_calculator() -> None:
    # [222m] exposed simple pung 2; (9999s) concealed terminal kong 32; 444p concealed
    # simple pung 4; 111z concealed honour pung 8 (seat East, round East: two doubles);
    # Mah Jongg 20; 22z pair wait 2 + only tile 2; self-drawn 2 -> 72 points;
    # doubles: seat wind 1 + round wind 1 + three concealed pungs 1 + no chow 1 = 4 ->
    # 72 x 16 = 1152, capped at the limit.
    proc = run(["score", "--rules", "classical", "[222m]444p(9999s)111z22z", "--tsumo", "--json"])
    res = json.loads(proc.stdout)
    values = {(i["item"], i["value"]) for i in res["items"]}
    assert ("exposed_pung", 2) in values and ("concealed_kong", 32) in values
    assert ("concealed_pung", 8) in values and ("mah_jongg", 20) in values
    assert (res["points"], res["doubles"], res["score"]) == (72, 4, 500)
    res = json.loads(
        run(
            ["score", "--rules", "classical", "[222m]444p(9999s)111z22z", "--tsumo",
             "--preset", "limit1000", "--json"]
        ).stdout
    )  # fmt: skip
    assert res["score"] == 1000


def test_limit_hand_and_text_output() -> None:
    proc = run(["score", "--rules", "classical", "11223344556677m"])
    assert proc.returncode == 0
    assert "Concealed One Suit" in proc.stdout and "Limit hand: 500" in proc.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["123m456m789m234p5s"], "14 tiles"),
        (["123m456m789m234p55s", "--from", "W"], "not classical"),
        (["123m456m789m234p55s", "--losers", "11m"], "three other hands"),
        (["123m456m789m234p55s", "--riichi"], "riichi option"),
        (["123m456m789m234p55s", "--option", "limit=-1"], "limit"),
    ],
)
def test_bad_input(args: list[str], words: str) -> None:
    proc = run(["score", "--rules", "classical", *args])
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_losers_refused_for_other_rulesets() -> None:
    proc = run(["score", "123m456m789m234p55s", "--losers", "a,b,c"])
    assert proc.returncode == 2 and "--rules classical" in proc.stderr


def test_rules_and_simulate() -> None:
    out = run(["rules", "classical"]).stdout
    assert "hidden_treasure" in out and "2/4" in out and "seed003" in out
    proc = run(
        ["simulate", "--rules", "classical", "-n", "2", "--quiet", "--option", "max_hands=3"]
    )
    assert proc.returncode == 0 and "hands of classical" in proc.stdout, proc.stderr


def test_no_limit_scores_limit_hands_at_1000() -> None:
    res = json.loads(
        run(["score", "--rules", "classical", "-o", "limit=0", "19m19p19s1234567z1m",
             "--tsumo", "--json"]).stdout
    )  # fmt: skip
    assert res["limit_hand"] == "thirteen_orphans" and res["score"] == 1000


def test_cuencana_bonus_tiles_written_in_the_hand_are_kept() -> None:
    # 123m 456m 789m 123p and 1f 2f kept as the pair: Mah Jongg 20 + a matching bonus
    # pair 2 + self-drawn 2 = 24 points; own flower (1f, East) + fully concealed: 2
    # doubles -> 96 (no 4 points per bonus tile: none is set aside)
    res = json.loads(
        run(["score", "--rules", "classical", "--preset", "cuencana", "123m456m789m123p1f2f",
             "--tsumo", "--json"]).stdout
    )  # fmt: skip
    assert (res["points"], res["doubles"], res["score"]) == (24, 2, 96)
    assert "bonus_tile" not in {i["item"] for i in res["items"]}
