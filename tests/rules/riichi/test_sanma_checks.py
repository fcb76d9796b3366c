"""Three-player riichi checked from outside: a differential against the PyPI ``mahjong``
package on random three-player wins with nuki, random self-play with every invariant,
and the calculator's ``--players 3``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import Phase as HPhase
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game
from tests.conftest import sized
from tests.support.riichi_walls import (
    of_type,
)

A = ActionType


# ====================================================================== the mahjong package


@pytest.mark.parametrize("preset", ["tenhou-sanma", "mahjongsoul-sanma"])
def test_differential_against_mahjong_package(preset: str) -> None:
    """Random three-player wins with 0-4 Norths set aside agree with the ``mahjong``
    package on han, fu and every point received (honba and sticks included), options
    matched as in ``riichi_random.to_mahjong(three=True)``; no rule difference found. The
    package knows only tsumo loss (the presets' rule; north bisection is worked by hand
    above). The run must
    have held wins with nuki dora, with a North-pointing indicator beside Norths set aside,
    and with the 1m indicator on a hand holding 9m."""
    from dataclasses import replace

    from mahjong.hand_calculating.hand import HandCalculator

    from sparrows.rules.riichi import riichi_options, score
    from tests.support.riichi_random import (
        agrees_with_mahjong,
        random_sanma_win,
        to_mahjong,
        to_situation,
    )

    opts = riichi_options(preset)
    rng = random.Random(20261201)
    n = sized(1_500, 30_000)
    wrong = []
    seen = {"nuki": 0, "north indicator": 0, "1m to 9m": 0}
    for i in range(n):
        w, nuki = random_sanma_win(rng)
        r = score(replace(to_situation(w), nuki=nuki), opts)
        tiles_136, win, melds, dora, config, ura = to_mahjong(
            w, nuki, three=True, double_yakuman=opts.double_yakuman
        )
        m = HandCalculator.estimate_hand_value(
            tiles_136,
            win,
            melds=melds,
            dora_indicators=dora,
            config=config,
            ura_dora_indicators=ura,
        )
        if not agrees_with_mahjong(r, m):
            wrong.append((i, m.error or (m.han, m.fu, m.cost["total"]), r))
        if r.is_win and not r.yakuman:
            held = [t // 4 for t in (*w.concealed, w.win, *(i for x in w.melds for i in x.ids))]
            seen["nuki"] += nuki > 0
            seen["north indicator"] += nuki > 0 and any(d // 4 == 29 for d in w.dora)
            seen["1m to 9m"] += any(d // 4 == 0 for d in w.dora) and 8 in held
    assert not wrong, f"{len(wrong)} of {n} differ; first: {wrong[:3]}"
    assert all(count >= 10 for count in seen.values()), seen


# ====================================================================== self-play

MIXES = (
    ("random", "random", "random"),
    ("efficiency", "random", "efficiency"),
    ("efficiency", "efficiency", "efficiency"),
)


def self_play(preset: str, seed: int, mix: int) -> Game:
    """A tonpuu game of bots with every invariant checked after every step: validate()
    (every tile in one place, points and the pot conserved, hand keys and counts fresh,
    the ruleset's waits caches and memo tables), every legal action in the action space;
    then the game's end: 3 x 35,000 in scores and pot, the final results adding to zero,
    the same events from the seed and the actions, and the record replaying."""
    from sparrows.records import record_from_game, replay
    from sparrows.rules import get_ruleset

    options = {"preset": preset, "hanchan": False}
    rules = get_ruleset("riichi", options)
    game = Game(rules, seed)
    bots = [make_agent(a, seed=seed * 3 + s, ruleset=rules) for s, a in enumerate(MIXES[mix])]
    space = rules.layout
    game.validate()
    while not game.over:
        for seat, offered in game.decisions():
            assert sum(space.mask(offered)) == len(offered)
            game.step(seat, bots[seat].act(game.observation(seat), offered))
            game.validate()
    end = game.events[-1]
    assert end.type == "game_end"
    assert sum(game.scores) + game.ledger.pots["points"] == 105_000
    assert all(points % 100 == 0 for points in game.scores)  # every payment in hundreds
    final = end.result["final"]  # type: ignore[attr-defined]
    assert len(final) == 3 and abs(sum(final)) < 0.05 + 1e-9  # uma and oka hand it back
    assert game.state.kyoku <= 2 + 3  # East 3, or the South extension at the latest
    again = Game(get_ruleset("riichi", options), seed)
    for seat, action in game.actions:
        again.step(seat, action)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert replay(record_from_game(game)).scores == game.scores
    return game


@settings(
    max_examples=sized(6, 40),
    deadline=None,
    derandomize=True,
    database=None,
    phases=[HPhase.generate],
)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0, 1, 2]),
    st.sampled_from(["tenhou-sanma", "mahjongsoul-sanma"]),
)
def test_self_play_keeps_every_invariant(seed: int, mix: int, preset: str) -> None:
    self_play(preset, seed, mix)


@pytest.mark.parametrize(
    ("preset", "seed", "mix"),
    [
        ("tenhou-sanma", 0, 0),
        ("tenhou-sanma", 0, 1),
        ("mahjongsoul-sanma", 8, 1),
        ("tenhou-sanma", 32, 1),
        ("tenhou-sanma", 12, 2),
    ],
)
def test_self_play_fixed_seeds(preset: str, seed: int, mix: int) -> None:
    """The same checks on fixed seeds (they ran clear of the memo and noten bugs before
    those were fixed). Every game sets Norths aside; with efficiency bots hands are won."""
    game = self_play(preset, seed, mix)
    assert of_type(game, "bonus")
    assert bool(of_type(game, "win")) == (mix > 0)


# ====================================================================== the calculator

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_calculator_with_three_players_and_nuki() -> None:
    """111m 999m 123p 456s 7z + 7z (tanki), tsumo in riichi by the South seat, two Norths
    set aside, indicator 3z (West: North is the dora). Riichi 1 + menzen tsumo 1 + nuki 2
    + dora 2 (one per North set aside) = 6 han: haneman, basic 3000. A non-dealer tsumo
    with tsumo loss: the dealer pays 6000, the other player 3000: 9000 in all."""
    args = ["score", "111m999m123p456s7z7z", "--players", "3", "--nuki", "2", "--dora", "3z"]
    proc = run([*args, "--tsumo", "--riichi", "--json"])
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert res["valid"] and res["han"] == 6 and res["limit"] == "haneman"
    assert {y["id"]: y["han"] for y in res["yaku"]} == {
        "riichi": 1,
        "menzen_tsumo": 1,
        "dora": 2,
        "nuki": 2,
    }
    assert res["payments"] == {"dealer": 6000, "each_non_dealer": 3000}
    assert res["points"] == 9000
    text = run([*args, "--tsumo", "--riichi"])
    assert text.returncode == 0
    assert "the dealer pays 6000, each other player 3000 (9000 in all)" in text.stdout
    assert "Nuki dora" in text.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["score", "123m456p789s11122z", "--players", "3"], "three-player riichi has no 2m-8m"),
        (["score", "123p456p789s11122z", "--nuki", "1"], "only with three players"),
    ],
)
def test_calculator_refuses_impossible_three_player_input(args: list[str], words: str) -> None:
    """A 2m in a three-player hand, nuki at a four-player table: status 2, one line."""
    proc = run(args)
    assert proc.returncode == 2
    assert proc.stdout == "" and proc.stderr.count("\n") == 1 and words in proc.stderr
    assert "Traceback" not in proc.stderr
