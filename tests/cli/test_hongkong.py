"""`sparrows score/rules/simulate/play --rules hongkong` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def score(*args: str) -> tuple[dict[str, object], int]:
    proc = run(["score", "--rules", "hongkong", *args, "--json"])
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout), proc.returncode


def test_common_hand_on_a_discard_half_gun() -> None:
    res, status = score("123m456m789m234p55s")
    # common hand 1 + concealed 1 + no flowers 1 = 3 faan (the minimum); half-spicy 3 faan
    # = 8 a share. East wins on North's discard (the default feeder, the seat before):
    # North 2 shares (16), South and West 1 (8) each.
    assert status == 0 and res["valid"] and res["faan"] == 3
    assert [i["item"] for i in res["items"]] == ["common_hand", "concealed", "no_flowers"]
    assert [i["value"] for i in res["items"]] == [1, 1, 1]
    assert res["payments"] == {"East": 32, "South": -8, "West": -8, "North": -16}


def test_great_dragons_self_drawn_with_own_flower_capped() -> None:
    res, status = score(
        "555z666z777z123m11p", "--tsumo", "--seat", "S", "--flowers", "2f", "--preset", "limit10"
    )
    # great dragons 5 + 3 dragon pungs 3 + concealed 1 + self-drawn 1 + own flower (2f
    # for South) 1 = 11, capped at 10: 128 a share, 2 shares from each of three.
    assert status == 0 and res["faan"] == 10 and res["capped"] is True
    assert res["payments"] == {"East": -256, "South": 768, "West": -256, "North": -256}


def test_below_the_minimum_is_not_valid_with_the_reason() -> None:
    res, status = score("123m456m789m[234p]55s")
    # common hand 1 + no flowers 1 = 2 < 3
    assert status == 1 and res["valid"] is False and res["faan"] == 2
    assert "min_faan" in str(res["reason"]) and "payments" not in res


def test_full_gun_and_a_named_discarder() -> None:
    res, _ = score("123m456m789m234p55s", "--preset", "full-gun", "--from", "W")
    assert res["payments"] == {"East": 32, "South": 0, "West": -32, "North": 0}


def test_robbing_and_last_tile_flags() -> None:
    res, _ = score("123m456m789m55s234p", "--robbing", "--last-tile")  # robs a 4p
    assert {"robbing_kong", "last_tile"} <= {i["item"] for i in res["items"]}  # type: ignore[union-attr]
    assert res["faan"] == 5


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["123m456m789m234p5s"], "14 tiles"),
        (["123m456m789m234p55s", "--riichi"], "riichi option"),
        (["123m456m789m234p55s", "--kong-bloom"], "self-drawn"),
        (["123m456m789m234p55s", "--tsumo", "--robbing"], "robbing"),
        (["123m456m789m234p55s", "--seat", "X"], "--seat"),
        (["123m456m789m234p55s", "--flowers", "1m"], "bonus tiles"),
        (["123m456m789m234p55s", "--option", "min_faan=20"], "min_faan"),
        (["123m456m789m234p5q"], "5q"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    proc = run(["score", "--rules", "hongkong", *args])
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_flowers_are_refused_for_riichi() -> None:
    proc = run(["score", "123m456m789m234p55s", "--flowers", "1f"])
    assert proc.returncode == 2 and "Hong Kong" in proc.stderr


def test_text_output_groups_items() -> None:
    proc = run(["score", "--rules", "hongkong", "555z666z777z123m11p", "--tsumo"])
    assert proc.returncode == 0
    assert "x3" in proc.stdout and "Total faan" in proc.stdout and "One share: " in proc.stdout


def test_batch_mode() -> None:
    proc = run(["score", "--rules", "hongkong", "-"], stdin="123m456m789m234p55s\nxyz\n")
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert lines[0]["valid"] is True and "error" in lines[1] and proc.returncode == 2


def test_rules_shows_the_tables() -> None:
    proc = run(["rules", "hongkong"])
    assert proc.returncode == 0
    out = proc.stdout
    assert "great_dragons" in out and "thirteen_orphans" in out and "min_faan" in out
    assert "384" in out  # the half-spicy share of 13 faan
    info = json.loads(run(["rules", "hongkong", "--json"]).stdout)
    assert info["presets"]["limit10"] == {"limit_faan": 10}


def test_simulate_reports_blocked_wins() -> None:
    proc = run(["simulate", "--rules", "hongkong", "-n", "2", "--quiet", "--option", "max_hands=4"])
    assert proc.returncode == 0, proc.stderr
    assert "winning shapes blocked by the minimum" in proc.stdout
    assert "hands of hongkong" in proc.stdout


def test_play_shows_bonus_tiles_and_seat_winds(tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(SCRIPT), "play", "--rules", "hongkong", "--seed", "5", "--option", "max_hands=1"],
        input="#1\n" * 200,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    out = proc.stdout
    assert "set aside" in out and "bonus:" in out and "East" in out
    assert "dora" not in out


def test_the_ordinary_reading_beats_a_smaller_limited_hand() -> None:
    # Four concealed pungs (10 + self-drawn 1 = 11) against great dragons 5 + three
    # dragon pungs 3 + all triplets 3 + concealed 1 + self-drawn 1 + no flowers 1 = 14,
    # capped at 13: the reading worth most is the ordinary one.
    res, _ = score("555z666z777z111m22m", "--tsumo")
    assert res["faan"] == 13 and res["limit_hand"] is None and res["capped"] is True


def test_all_eight_bonus_tiles_are_paid_as_a_self_draw() -> None:
    res, status = score("1m", "--flowers", "1f2f3f4f1h2h3h4h")
    assert status == 0 and res["limit_hand"] == "all_eight_bonus" and res["faan"] == 13
    assert res["payments"] == {"East": 2304, "South": -768, "West": -768, "North": -768}


def test_the_terminal_hint_names_the_plan_and_the_bots_discard(tmp_path: Path) -> None:
    """`h` at the terminal table, seed 2: the hand holds five characters and three honours
    (eight of one suit and the honours, the plan's threshold), so the hint says the bots
    play for Mixed One Suit in characters and throw a tile of another suit, as the page's
    hint box does."""
    proc = subprocess.run(
        [str(SCRIPT), "play", "--rules", "hongkong", "--seed", "2", "--no-color"],
        input="h\nq\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    hand = next(line for line in proc.stdout.splitlines() if line.startswith("Your hand:"))
    tiles = hand.removeprefix("Your hand:").split()
    assert sum(t[-1] in "mz" for t in tiles) == 8 and sum(t[-1] == "m" for t in tiles) == 5
    said = next(line for line in proc.stdout.splitlines() if "Playing for" in line)
    prefix = "  Playing for Mixed One Suit in characters (3 faan): the bots would throw "
    assert said.startswith(prefix), said
    thrown = said.removeprefix(prefix)
    assert thrown in tiles and thrown[-1] in "ps", said


def test_the_terminal_hint_on_a_call_says_what_the_bots_would_do() -> None:
    """Offered a call on a discard at the terminal table, `h` says what the bots would
    answer (the advice's call, or pass), the same the page's Hints box shows."""
    import io
    from dataclasses import replace

    from sparrows.advice import advice_for
    from sparrows.agents import make_agent
    from sparrows.cli.play import TerminalTable
    from sparrows.engine import ActionType, Game
    from sparrows.rules import get_ruleset

    rules = get_ruleset("hongkong")
    advice = advice_for(rules)
    calls = {ActionType.CHI, ActionType.PON, ActionType.KAN}
    bots = [make_agent("balanced", s, rules) for s in range(4)]
    said: set[str] = set()
    for seed in (1, 2):
        game = Game(rules, seed)
        while not game.over and game.hand_number < 2:
            for seat, legal in list(game.pending.items()):
                kinds = {a.type for a in legal}
                if seat == 0 and kinds & calls and ActionType.RON not in kinds:
                    table = TerminalTable(game, 0, io.StringIO(), io.StringIO(), color=False)
                    text = table._hint_text()
                    obs = replace(game.observation(0), legal=tuple(legal))
                    answer = advice.hint(obs).suggestion
                    assert answer is not None
                    line = f"The bots would choose: {answer.to_string(rules.dialect)}"
                    assert line in text, text
                    said.add(answer.type.name)
                game.step(seat, bots[seat].act(game.observation(seat), legal))
    assert "PASS" in said and said - {"PASS"}, said
