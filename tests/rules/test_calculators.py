"""The calculators (issue 19, items 12-17): readings with every meld, Sichuan's three
suits, impossible inputs refused in one line (status 2) for every ruleset, option typos
named, classical seven pairs, `sparrows --help`, and `score -` with flags on a line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sparrows.engine import Action, Game
from sparrows.errors import IllegalActionError, OptionsError
from sparrows.rules import get_ruleset

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def error_line(args: list[str]) -> str:
    proc = run(args)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sparrows: error: ")
    return proc.stderr


@pytest.mark.parametrize("rules", ["hongkong", "classical"])
def test_limit_hands_keep_the_exposed_melds_in_the_reading(rules: str) -> None:
    proc = run(["score", "--rules", rules, "[111m][999m]111p999p1s1s", "--win", "1s", "--json"])
    res = json.loads(proc.stdout)
    assert res["limit_hand"] == "all_terminals"
    assert res["reading"] == "[111m] [999m] 111p 999p 11s"


def test_sichuan_refuses_a_win_in_three_suits() -> None:
    proc = run(["score", "--rules", "sichuan", "[111m][999m]111p999p1s1s", "--win", "1s"])
    assert proc.returncode == 1 and "all three suits" in proc.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        # classical losers: a one-tile hand; five copies across the four hands
        (["--rules", "classical", "123m456m789m234p55s", "--losers", "1m,2m,3m"], "13 tiles"),
        (
            [
                "--rules",
                "classical",
                "123m456m789m234p55s",
                "--losers",
                "111m999m123p456p5s,147m258p369s1234z,555z666z2223344s",
            ],
            "5 copies of 1m",
        ),
        # robbing a kong while holding another copy of its tile, in every ruleset
        (["123m456p789s1z [777z] 1z", "--chankan"], "robbing a kong of 1z"),
        (["--rules", "hongkong", "123m456p789s222z1z1z", "--robbing"], "robbing a kong of 1z"),
        (["--rules", "classical", "123m456p789s222z1z1z", "--robbing"], "robbing a kong of 1z"),
        (["--rules", "sichuan", "123m456m789m11p22p1p", "--robbing"], "robbing a kong of 1p"),
        # eleven dora indicators, six ura
        (["123m456p789s11z22z1z", "--riichi", "--dora", "1m2m3m4m5m6m7m8m9m1p2p"], "at most 5"),
        (
            ["123m456p789s11z22z1z", "--riichi", "--dora", "1m", "--ura", "2m3m4m5m6m7m"],
            "at most 5",
        ),
    ],
)
def test_impossible_inputs_are_one_error_line(args: list[str], words: str) -> None:
    assert words in error_line(["score", *args])


def test_a_possible_robbing_is_scored() -> None:
    proc = run(["score", "--rules", "hongkong", "123m456m789m55s234p", "--robbing", "--json"])
    assert proc.returncode == 0 and "robbing_kong" in proc.stdout


@pytest.mark.parametrize(
    ("args", "closest"),
    [
        (["score", "123m456p789s11z22z1z", "--option", "red_five=0,0,0"], "'red_fives'"),
        (
            ["simulate", "--rules", "sichuan", "-n", "1", "--option", "call_tranfer=each"],
            "'call_transfer'",
        ),
        (["simulate", "--rules", "riichi", "--preset", "tenho", "-n", "1"], "'tenhou'"),
    ],
)
def test_an_option_typo_names_the_closest_in_one_short_line(args: list[str], closest: str) -> None:
    line = error_line(args)
    assert f"did you mean {closest}" in line and len(line) < 200


def test_an_illegal_exchange_is_one_short_line_naming_the_closest() -> None:
    game = Game(get_ruleset("sichuan"), 4)
    with pytest.raises(IllegalActionError) as caught:
        game.step(0, Action.from_string("exchange 1s 6s 8s"))
    text = str(caught.value)
    assert "\n" not in text and len(text) < 200 and "the closest: exchange 1s 6s 7s" in text


def test_option_errors_name_where_the_options_are_listed() -> None:
    with pytest.raises(OptionsError, match=r"sparrows rules sichuan lists them"):
        get_ruleset("sichuan", {"hand": 3})


def test_classical_seven_pairs_win_in_the_calculator() -> None:
    proc = run(["score", "--rules", "classical", "1122m3344p5566s77z", "--json"])
    assert proc.returncode == 0 and json.loads(proc.stdout)["score"] == 40


def test_help_names_every_ruleset_score_serves() -> None:
    out = run(["--help"]).stdout
    assert "riichi, Hong Kong, classical, Sichuan or Suzume-Jong" in " ".join(out.split())


def test_score_lines_take_their_own_flags() -> None:
    lines = "\n".join(
        [
            "123m456p789s1z [777z] 1z --tsumo",
            "123m456p789s1z [777z] 1z",
            "123m456p789s1z [777z] 1z --bogus",
            "123m456p789s1z [777z] 1z --rules suzume",
            "123m456p789s1z [777z] 1z --chankan",  # impossible: one line's error
        ]
    )
    proc = run(["score", "-"], lines + "\n")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 2 and len(rows) == 5
    assert rows[0]["tsumo"] is True and rows[0]["points"] == 1100
    assert rows[1]["tsumo"] is False and rows[1]["points"] == 1000
    assert "--bogus" in rows[2]["error"]
    assert "give it on the command line" in rows[3]["error"]
    assert "robbing a kong of 1z" in rows[4]["error"]
