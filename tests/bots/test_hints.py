"""The hint and the hand analysis (issue 19, items 1-5): what the quick start's `h` and
`sparrows analyze` answer, on every ruleset and preset.

* The hint's candidates are the legal actions (after riichi only the drawn tile, in
  Sichuan the void tiles first), named as the player types them, ranked by the ruleset's
  own form (a Sichuan void suit counts as dead tiles).
* In a window of choices (the exchange, the void) the hint shows each choice's shanten and
  the bots' advice.
* A failure inside the engine or a hint is a bug (exit 3), never "bad input" (exit 2).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparrows.advice import advice_for
from sparrows.agents import make_agent
from sparrows.analysis import SICHUAN, form_shanten
from sparrows.cli.main import main
from sparrows.engine import ActionType, Game, Phase
from sparrows.errors import SparrowsError
from sparrows.rules import get_ruleset
from sparrows.tiles import parse_tiles
from tests.conftest import sized

SCRIPT = Path(sys.executable).with_name("sparrows")
A = ActionType

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("suzume", {}),
    ("riichi", {}),
    ("riichi", {"preset": "tenhou-sanma"}),
    ("riichi", {"preset": "cy-dealers-choice"}),
    ("hongkong", {}),
    ("classical", {}),
    ("classical", {"preset": "cuencana"}),
    ("sichuan", {}),
]


def run(
    args: list[str], stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd
    )


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_every_hint_names_legal_actions_the_player_can_type(
    name: str, options: dict[str, Any]
) -> None:
    """At every decision of random games: the hint's discards are exactly the legal
    discards (and riichi discards), each named so that typing the name gives that tile;
    its waits and helping tiles are named in the ruleset's notation; nothing raises."""
    rules = get_ruleset(name, options)
    dialect = rules.dialect
    for seed in range(sized(1, 10)):
        game = Game(rules, seed)
        bots = [make_agent("efficiency", seed * 4 + s, rules) for s in range(rules.num_players)]
        steps = 0
        while not game.over and steps < 1500:
            for seat, legal in game.decisions():
                obs = game.observation(seat)
                hint = advice_for(rules).hint(obs)
                offered = [a for a in legal if a.tiles and a.type in _DISCARDING]
                assert sorted(d.action.code for d in hint.discards) == sorted(
                    a.code for a in offered
                )
                for d in hint.discards:
                    text = d.action.to_string(dialect).split(" ", 1)[1]
                    assert parse_tiles(text, dialect) == [d.action.tiles[0]]
                for k in (*hint.waits, *hint.ukeire):
                    assert parse_tiles(rules.kind_text(k), dialect)[0].kind == k
                game.step(seat, bots[seat].act(obs, legal))
                steps += 1


_DISCARDING = {A.DISCARD, A.RIICHI, A.OPEN_RIICHI, A.TAKO_RIICHI}


def test_after_riichi_the_hint_lists_only_the_drawn_tile() -> None:
    rules = get_ruleset("riichi")
    for seed in range(40):
        game = Game(rules, seed)
        bots = [make_agent("efficiency", seed * 4 + s, rules) for s in range(4)]
        while not game.over and game.hand_number == 0:
            for seat, legal in game.decisions():
                obs = game.observation(seat)
                if game.phase is Phase.TURN and obs.extra.riichi[seat]:
                    hint = advice_for(rules).hint(obs)
                    shown = {d.action.tiles[0] for d in hint.discards}
                    assert shown <= {obs.drawn} and obs.drawn is not None
                    return
                game.step(seat, bots[seat].act(obs, legal))
    pytest.fail("no riichi in 40 seeds")  # pragma: no cover


def test_sichuan_hint_counts_the_void_suit_as_dead_and_offers_only_void_tiles() -> None:
    rules = get_ruleset("sichuan")
    seen = 0
    for seed in range(30):
        game = Game(rules, seed)
        bots = [make_agent("efficiency", seed * 4 + s, rules) for s in range(4)]
        while not game.over and game.hand_number == 0 and seen < 5:
            for seat, legal in game.decisions():
                obs = game.observation(seat)
                void = obs.extra.void[seat]
                hint = advice_for(rules).hint(obs)
                if hint.choices:  # the exchange and the void: each choice's shanten
                    assert {a.code for a, _ in hint.choices} == {a.code for a in legal}
                    assert hint.suggestion in legal
                if game.phase is Phase.TURN and void is not None:
                    suit = "mps".index(void)
                    held = [t for t in obs.hand if t.kind // 9 == suit]
                    if held:
                        assert {d.action.tiles[0].kind // 9 for d in hint.discards} == {suit}
                        counts = [0] * 34
                        for t in obs.hand:
                            if t.kind // 9 != suit:
                                counts[t.kind] += 1
                        melds = len(obs.melds[seat])
                        expected = form_shanten(counts, SICHUAN, melds, len(held))
                        assert hint.shanten == expected
                        seen += 1
                game.step(seat, bots[seat].act(obs, legal))
    assert seen >= 5


# ---------------------------------------------------------------------- the quick start
@pytest.mark.parametrize("seed", [2, 4, 10, 11])
def test_suzume_hint_at_the_first_prompt(seed: int, tmp_path: Path) -> None:
    """Seeds where the player holds a red dragon at the first prompt (the quick start's
    `h` used to end the game)."""
    proc = run(["play", "--seed", str(seed), "--no-color"], "h\nq\n", tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Hint: shanten now" in proc.stdout and "error" not in proc.stderr


def test_cuencana_hint_with_a_kept_bonus_tile(tmp_path: Path) -> None:
    proc = run(
        ["play", "--rules", "classical", "--preset", "cuencana", "--seed", "3", "--no-color"],
        "6p\nh\nq\n",
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Hint:" in proc.stdout and "error" not in proc.stderr


@pytest.mark.parametrize("hand", ["1236r8", "rr2345", "1236r"])
def test_suzume_analyze_names_the_red_dragon(hand: str) -> None:
    proc = run(["analyze", hand, "--ruleset", "suzume", "--json"])
    assert proc.returncode == 0, proc.stderr
    assert "7z" not in proc.stdout and '"r"' in proc.stdout


def test_analyze_names_discards_by_the_faces_held(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "0m234p789s11z22z33z6m", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert {d["discard"] for d in res["discards"]} >= {"0m", "6m"}
    assert "5m" not in {d["discard"] for d in res["discards"]}  # only the red one is held


def test_sichuan_analyze_refuses_honours_and_picks_the_void() -> None:
    bad = run(["analyze", "123m456p789s1122z", "--ruleset", "sichuan"])
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert "1z is not a sichuan tile" in bad.stderr
    res = json.loads(run(["analyze", "123456789m12p345s", "--ruleset", "sichuan", "--json"]).stdout)
    # void p: 123456789m 345s and two dead p tiles: four sets, a pair to find: 1-shanten
    assert res["void"] == "p" and res["shanten"] == 1
    assert {d["discard"] for d in res["discards"] if d["shanten"] == 1} == {"1p", "2p"}
    forced = json.loads(
        run(
            ["analyze", "123456789m12p345s", "--ruleset", "sichuan", "--void", "m", "--json"]
        ).stdout
    )
    assert forced["void"] == "m" and forced["shanten"] > res["shanten"]


# ---------------------------------------------------------------------- exit statuses
def test_a_failure_inside_the_hint_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Even a SparrowsError raised inside the engine or a hint is a bug: exit 3, one line."""
    from sparrows.advice import Advice

    def broken(self: Advice, obs: object) -> None:
        raise SparrowsError("7z is not a Suzume-Jong tile")

    monkeypatch.setattr(Advice, "hint", broken)
    monkeypatch.setattr("sys.stdin", _Lines("h\n"))
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--seed", "2", "--no-color"]) == 3
    err = capsys.readouterr().err
    assert "internal error" in err and "7z is not a Suzume-Jong tile" in err
    assert list(tmp_path.glob("sparrows-suzume-*.json"))  # the record was still saved


def test_a_failure_inside_the_analysis_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sparrows.cli.analyze as analyze

    def broken(*args: object) -> None:
        raise SparrowsError("a hand of 12 concealed tiles does not fit a 14-tile hand")

    monkeypatch.setattr(analyze, "_analyse_shape", broken)
    assert main(["analyze", "123m456p789s1122z"]) == 3
    assert "internal error" in capsys.readouterr().err
    # bad input stays bad input: exit 2
    assert main(["analyze", "123m"]) == 2


class _Lines:
    """A stdin that answers ``readline`` from a text, then EOF."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""

    def isatty(self) -> bool:
        return False

    closed = False


# ---------------------------------------------------------------------- where advice lives
def test_the_engine_imports_no_analysis_or_advice() -> None:
    """The engine and the plug-in protocol load without hand analysis or advice: advice
    is asked of sparrows.advice, outside the ruleset."""
    code = (
        "import sys, sparrows.engine.game, sparrows.engine.protocol\n"
        "print(sorted(m for m in sys.modules if m.startswith(('sparrows.analysis',"
        " 'sparrows.advice', 'sparrows.rules', 'sparrows.agents'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_each_ruleset_names_its_advice() -> None:
    """advice_for makes the class the ruleset names, once per ruleset object; a bad name
    is refused in one line."""
    from sparrows.advice import Advice
    from sparrows.advice.hongkong import HongKongAdvice
    from sparrows.advice.riichi import RiichiAdvice
    from sparrows.advice.sichuan import SichuanAdvice
    from sparrows.advice.suzume import SuzumeAdvice

    expected = {
        "suzume": SuzumeAdvice,
        "riichi": RiichiAdvice,
        "hongkong": HongKongAdvice,
        "sichuan": SichuanAdvice,
        "classical": Advice,
    }
    for name, cls in expected.items():
        rules = get_ruleset(name)
        advice = advice_for(rules)
        assert type(advice) is cls and advice.rules is rules
        assert advice_for(rules) is advice
        assert advice_for(get_ruleset(name)) is not advice  # another object, its own
    sanma = get_ruleset("riichi", {"preset": "tenhou-sanma"})
    assert type(advice_for(sanma)) is RiichiAdvice

    class Odd(type(get_ruleset("classical"))):  # type: ignore[misc]
        advice_class = "sparrows.tiles:Tile"

    with pytest.raises(TypeError, match=r"sparrows\.tiles:Tile is not an Advice class"):
        advice_for(Odd.from_options({}))


def test_the_hint_json_carries_the_weighing_in_riichi_only() -> None:
    """On a riichi turn each discard carries value, chance, risk and worth and the hint
    names the pick (one of the legal discards, the most worth among the fastest); a
    Suzume hint carries none of it."""
    from sparrows.server.advice import hint_json

    for name, weighed in (("riichi", True), ("suzume", False)):
        rules = get_ruleset(name)
        game = Game(rules, 5)
        seat = game.to_act()[0]
        said = hint_json(rules, game, seat)
        legal = {a.to_string(rules.dialect) for a in game.legal_actions(seat)}
        if not weighed:
            assert said["pick"] is None
            assert all("worth" not in d for d in said["discards"])
            continue
        assert said["pick"] in legal
        for d in said["discards"]:
            assert {"value", "chance", "risk", "worth"} <= set(d)
            assert 0 <= d["chance"] <= 1 and d["risk"] == 0  # nobody threatens yet
        fastest = [d for d in said["discards"] if d["shanten"] == said["discards"][0]["shanten"]]
        pick = next(d for d in said["discards"] if d["action"] == said["pick"])
        assert pick in fastest and pick["worth"] == max(d["worth"] for d in fastest)


def test_review_names_the_weighed_pick_of_a_real_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze-log`` on a real Tenhou game: in riichi each discard carries the pick by
    expected points and both worths; a line names the pick only where the discard played
    is worth less, and the pick is never worth less than the discard played."""
    from tests.conftest import oracle_path

    log = str(oracle_path("riichi", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog"))
    assert main(["analyze-log", log, "--seat", "0", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    weighed = [r["weighed"] for r in rows if r["weighed"] is not None]
    assert len(weighed) > len(rows) // 2  # riichi discards (not those in riichi) weighed
    assert all(w["worth"] >= w["played_worth"] for w in weighed)
    assert main(["analyze-log", log, "--seat", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    less = sum(1 for w in weighed if w["played_worth"] < w["worth"])
    assert sum("weighing value and danger" in line for line in lines) == less > 0


def test_review_names_the_hong_kong_plan_and_its_discard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``analyze-log`` on a Hong Kong game of four ``efficiency-1`` bots: where the hand
    plays for one suit, each discard carries the plan the ``balanced`` bot plays and the
    discard it throws (what the hint box says); a line names them where the discard
    played differs, and the plan's suit is the one its discards keep."""
    from sparrows.agents import make_agent
    from sparrows.records.record import save_record
    from sparrows.rules import get_ruleset
    from sparrows.sim.runner import play_game

    rules = get_ruleset("hongkong")
    bots = [make_agent("efficiency-1", s, rules) for s in range(4)]
    game = play_game(rules, bots, 3, record=True)
    path = save_record(game, tmp_path / "hk.json")
    assert main(["analyze-log", str(path), "--seat", "0", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    planned = [r for r in rows if r["plan"] is not None]
    assert 0 < len(planned) < len(rows)
    for r in planned:
        plan = r["plan"]
        assert plan["item"] in ("mixed_one_suit", "pure_suit") and plan["faan"] in (3, 7)
        assert (
            plan["name"]
            == {"mixed_one_suit": "Mixed One Suit", "pure_suit": "Pure Suit"}[plan["item"]]
        )
        suit = {"characters": "m", "dots": "p", "bamboo": "s"}[plan["suit"]]
        held_suits = {t[-1] for t in r["held"]}
        # the plan throws another suit's tile (or an honour, for Pure Suit) while it holds one
        if held_suits - {suit, "z"}:
            assert not plan["pick"].endswith(suit), (plan, r["held"])
    assert main(["analyze-log", str(path), "--seat", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    differs = sum(1 for r in planned if r["plan"]["pick"] != r["discard"])
    assert sum("playing for" in line for line in lines) == differs


@pytest.mark.parametrize(
    ("name", "options"),
    [("riichi", {"preset": "tenhou"}), ("hongkong", {}), ("sichuan", {}), ("classical", {})],
)
def test_the_hint_on_a_call_is_the_bots_answer(name: str, options: dict[str, Any]) -> None:
    """At every chi, pon or kong offered on a discard in games of four ``balanced`` bots,
    the hint's suggestion is the bot's answer (its call, or pass): one advice
    (``Advice.claim``) serves both. Both answers occur."""
    from dataclasses import replace

    rules = get_ruleset(name, options)
    advice = advice_for(rules)
    calls = {ActionType.CHI, ActionType.PON, ActionType.KAN}
    answers: dict[str, int] = {}
    for seed in (1, 2, 3):
        game = Game(rules, seed)
        bots = [make_agent("balanced", s, rules) for s in range(rules.num_players)]
        while game.phase is not Phase.OVER and game.hand_number < 4:
            for seat, legal in list(game.pending.items()):
                if game.phase is Phase.OVER:
                    break
                obs = game.observation(seat)
                action = bots[seat].act(obs, legal)
                kinds = {a.type for a in legal}
                if kinds & calls and not kinds & {ActionType.RON, ActionType.TSUMO}:
                    hint = advice.hint(replace(obs, legal=tuple(legal)))
                    assert hint.suggestion == action, (name, seat, obs.hand, legal, action)
                    answers[action.type.name] = answers.get(action.type.name, 0) + 1
                game.step(seat, action)
    assert answers.get("PASS", 0) > 5 and sum(answers.values()) - answers["PASS"] > 2, answers
