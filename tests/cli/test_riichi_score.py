"""`sparrows score` for riichi as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_text_breakdown() -> None:
    proc = run(["score", "123m406p789s1z [777z] 1z"])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    # chun pon 1 + red five 1 = 2 han; fu 20 + tanki 2 + round-wind (East) pair 2
    # + open honour triplet 4 = 28 -> 30; non-dealer ron 30 x 2^4 = 480 x 4 = 1920 -> 2000
    assert "Yakuhai: red dragon" in out and "Red five" in out
    assert "Han 2, fu 30" in out and "the discarder pays 2000" in out
    assert "Reading   123m 456p 789s [777z] 11z" in out


def test_json_tsumo_riichi_with_ura() -> None:
    proc = run(["score", "22334455m678p99s5m", "--tsumo", "--riichi", "--ura", "8s", "--json"])
    res = json.loads(proc.stdout)
    # riichi 1 + menzen tsumo 1 + iipeikou 1 + ura (indicator 8s -> 9s x2) 2 = 5 han: mangan
    assert res["valid"] and res["han"] == 5 and res["ura"] == 2 and res["limit"] == "mangan"
    assert res["payments"] == {"dealer": 4000, "each_non_dealer": 2000}
    assert {y["id"] for y in res["yaku"]} == {"riichi", "menzen_tsumo", "iipeikou", "ura"}


def test_win_option_and_honba() -> None:
    res = json.loads(
        run(
            [
                "score",
                "123m456p789s11z [5555m+]",
                "--win",
                "1z",
                "--tsumo",
                "--rinshan",
                "--seat",
                "E",
                "--honba",
                "2",
                "--json",
            ]
        ).stdout
    )
    # rinshan 1 han; fu 20 + tsumo 2 + tanki 2 + double-wind pair (East seat, East round) 4
    # + open simple kan 8 = 36 -> 40; dealer tsumo 40 x 2^3 = 320 x 2 = 640 -> 700 each,
    # + 2 honba x 100 = 900 each
    assert (res["han"], res["fu"]) == (1, 40)
    assert res["payments"] == {"each": 900}


def test_double_yakuman_preset() -> None:
    single = json.loads(run(["score", "19m19p19s1234567z1m", "--json"]).stdout)
    double = json.loads(
        run(["score", "19m19p19s1234567z1m", "--preset", "mahjongsoul", "--json"]).stdout
    )
    assert single["payments"] == {"discarder": 32000}  # non-dealer yakuman ron
    assert double["payments"] == {"discarder": 64000}  # 13-sided wait counts twice


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["score", "123m456p789s11112z"], "not a complete hand"),
        (["score", "123m456p78s22m9s [789p]", "--dora", "1m"], "no yaku"),
    ],
)
def test_not_a_win_is_an_answer_with_status_1(args: list[str], words: str) -> None:
    proc = run(args)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == "" and f"Not a valid win: {words}" in proc.stdout
    res = json.loads(run([*args, "--json"]).stdout)
    assert res["valid"] is False and words in res["reason"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["score", "123m456p789s11111z"], "5 copies"),
        (["score", "123m456p789s1112z [123z]"], "honours cannot form a chi"),
        (["score", "123m406p789s11z [777z] 2s"], "this one has 15"),
        (["score", "123m456p789s11122z", "--seat", "X"], "--seat must be"),
        (["score", "123m406p789s1z [777z] 1z", "--riichi"], "riichi needs a closed hand"),
        (["score", "123m456p789s11122z", "--ippatsu"], "ippatsu needs riichi"),
        (["score", "123m456p789s11122z", "--haitei"], "haitei is a tsumo"),
        (["score", "123m456p789s11122z", "--tsumo", "--rinshan"], "needs a kan"),
        (["score", "123m456p789s11122z", "--tenhou", "--tsumo"], "tenhou is the dealer"),
    ],
)
def test_impossible_input_is_one_line_status_2(args: list[str], words: str) -> None:
    proc = run(args)
    assert proc.returncode == 2
    assert proc.stdout == "" and proc.stderr.count("\n") == 1 and words in proc.stderr
    assert "Traceback" not in proc.stderr


def test_batch() -> None:
    proc = run(["score", "-"], "123m456p789s11122z\nxyz\n234m456p678s22266m\n")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert rows[0]["valid"] and "error" in rows[1] and rows[2]["valid"]
    assert proc.returncode == 2
