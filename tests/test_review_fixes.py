"""Regression tests for the findings of the code review (each failed before its fix)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.errors import IllegalActionError, OptionsError, RecordError, SparrowsError
from sparrows.records import load_record, record_from_game
from sparrows.rules import get_ruleset
from sparrows.rules.riichi import WinSituation, score
from sparrows.sim import play_game, simulate
from sparrows.sim.runner import rotation
from sparrows.tiles import parse_hand, parse_tiles

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_no_seat_sees_the_seed() -> None:
    game = Game(get_ruleset("suzume"), 12345)
    for seat in (0, 1, 2, 3, None):
        start = game.events_for(seat)[0]
        assert start["type"] == "game_start" and start["seed"] is None
    assert record_from_game(game).seed == 12345  # the full record keeps it, for replay


def _claim_window() -> Game:
    for seed in range(200):
        game = Game(get_ruleset("suzume"), seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase is Phase.CLAIM:
                return game
            for seat in game.to_act():
                legal = [a for a in game.legal_actions(seat) if a.type is ActionType.DISCARD]
                game.step(seat, rng.choice(legal))
    raise AssertionError("no claim window found")


def test_observations_do_not_tell_who_may_claim() -> None:
    game = _claim_window()
    asked = set(game.to_act())
    for seat in range(4):
        obs = game.observation(seat)
        if seat in asked:
            assert obs.phase is Phase.CLAIM and obs.to_act == (seat,)
        else:
            assert obs.phase is Phase.WAIT and obs.to_act == () and obs.legal == ()


def test_bad_step_and_observation_arguments() -> None:
    game = Game(get_ruleset("suzume"), 1)
    with pytest.raises(IllegalActionError, match="must be an Action"):
        game.step(0, "discard 5")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="no seat True"):
        game.step(True, game.legal_actions(0)[0])
    with pytest.raises(IllegalActionError, match="no seat 7"):
        game.observation(7)
    with pytest.raises(SparrowsError, match="seed"):
        Game(get_ruleset("suzume"), -5)


def test_round_wind_stays_in_range_after_the_game() -> None:
    agents = [make_agent("random", s) for s in range(4)]
    game = play_game(get_ruleset("suzume"), agents, 3)
    assert game.over and game.round_wind == 3 and game.observation(0).round_wind == 3


def test_real_yakuman_beats_kazoe() -> None:
    # 333m 444m 555m 111m + 77m, riichi tsumo on 5m: suuankou (four concealed triplets).
    # Read as runs it is also chinitsu + iipeikou... + dora = kazoe; both pay a yakuman,
    # and the real yakuman must be the reading shown.
    hand = parse_hand("333m444m55m0m111m77m")
    win = parse_tiles("5m")[0]
    concealed = list(hand.concealed)
    concealed.remove(win)
    r = score(
        WinSituation(
            tuple(concealed), win, tsumo=True, riichi=True, dora_indicators=tuple(parse_tiles("4m"))
        )
    )
    assert r.yakuman == 1 and [y for y, _ in r.yaku] == ["suuankou"]
    assert r.limit == "yakuman"


def test_options_have_ranges() -> None:
    with pytest.raises(OptionsError, match="starting_points"):
        get_ruleset("suzume", {"starting_points": -10})
    with pytest.raises(OptionsError, match="hands"):
        get_ruleset("suzume", {"hands": 0})


def test_record_that_is_not_text(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00not utf-8")
    with pytest.raises(RecordError, match="not a text"):
        load_record(bad)


def test_deal_ins_counted_once_per_discard() -> None:
    agents = ["random", "random", "random", "random"]
    res = simulate("suzume", agents, 30, seed=4)
    ron_hands = 0
    for i in range(30):  # replay the same games: count hands won by ron, once each
        names = rotation(agents, i)
        bots = [make_agent(n, seed=(4 * 1_000_003 + i) * 4 + s) for s, n in enumerate(names)]
        game = play_game(get_ruleset("suzume"), bots, 4 * 1_000_003 + i)
        ron_hands += len({r.hand for r in game.hand_results if r.from_seat is not None})
    assert res.per_agent["random"].dealt_in == ron_hands


@pytest.mark.parametrize(
    ("args", "stdin", "code", "words"),
    [
        (["score", "123m456p789s11z22z", "--win", "2z"], None, 0, "winning tile 2z"),
        (["score", "--rules", "suzume", "234666", "--ron"], None, 2, "--ron takes the winning"),
        (["score", "0m0m123p456s789s11z", "--win", "1z"], None, 2, "2 red 5m"),
        (["score", "123m456p789s11122z", "--sticks", "-5"], None, 2, "cannot be negative"),
        (["score", "--rules", "suzume", "1*23 666", "--dora", "1*"], None, 2, "2 x 1*: the"),
        (["analyze", "5555m123p", "--visible", "5m"], None, 2, "5 copies"),
    ],
)
def test_cli_input_checks(args: list[str], stdin: str | None, code: int, words: str) -> None:
    proc = run(args, stdin)
    assert proc.returncode == code, proc.stderr
    assert words in (proc.stdout if code == 0 else proc.stderr)
    assert "Traceback" not in proc.stderr


def test_play_ignores_non_ascii_digits(tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(SCRIPT), "play", "--seed", "3", "--save", str(tmp_path / "r.json")],
        input="²\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and "Not understood: '²'" in proc.stdout
    assert json.loads((tmp_path / "r.json").read_text())["result"]["finished"] is False
