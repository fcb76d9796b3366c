"""The client contract (issue 20): views, the event stream, SeatState, prompts, uniform
claim timing, default actions, layouts, rewards, clone and fair shuffles, for every
ruleset and preset, over random games."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import jsonschema
import pytest

from sparrows.advice import advice_for
from sparrows.client import SeatState, View
from sparrows.engine import Action, ActionType, Game
from sparrows.engine.layouts import LAYOUTS, layout
from sparrows.engine.schema import view_schema
from sparrows.errors import IllegalActionError, SparrowsError
from sparrows.records import restore, snapshot
from sparrows.rules import RULESETS, get_ruleset
from tests.conftest import sized


def _configs() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in RULESETS:
        out.append((name, None))
        out += [(name, p) for p in get_ruleset(name).presets]
    return out


CONFIGS = _configs()
IDS = [f"{n}-{p}" if p else n for n, p in CONFIGS]
#: In ``make test`` the long random-game checks play each ruleset's default and the
#: presets that change the table's form (three players, the house table); every other
#: preset (a change of scoring or of options the same code reads) in ``make test-all``.
FORMS = {("riichi", "tenhou-sanma"), ("riichi", "cy-dealers-choice")}
EVERY_CONFIG = [
    pytest.param(n, p, id=i, marks=() if p is None or (n, p) in FORMS else pytest.mark.slow)
    for (n, p), i in zip(CONFIGS, IDS, strict=True)
]


def _rules(name: str, preset: str | None) -> Any:
    return get_ruleset(name, {"preset": preset} if preset else {})


def _diff(got: View, want: View) -> str:
    for f in dataclasses.fields(want):
        a, b = getattr(got, f.name), getattr(want, f.name)
        if a != b:
            return f"{f.name}: got {a!r}, want {b!r}"
    return "equal"


def _play(game: Game, rng: random.Random, steps: int, each: Any) -> int:
    """Random legal actions, calling ``each()`` after every one."""
    done = 0
    while not game.over and done < steps:
        seat = game.to_act()[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))
        done += 1
        each()
    return done


class Followers:
    """A SeatState per seat and one for a spectator, fed from events_since."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.viewers: list[int | None] = [*range(game.n), None]
        self.states = {v: SeatState(v) for v in self.viewers}
        self.cursors = dict.fromkeys(self.viewers, 0)

    def check(self) -> None:
        game = self.game
        for v in self.viewers:
            events, self.cursors[v] = game.events_since(v, self.cursors[v])
            self.states[v].feed(events)
            want = game.public_view() if v is None else game.view(v)
            got = self.states[v].view()
            assert got == want, f"viewer {v}, {len(game.actions)} actions: " + _diff(got, want)


@pytest.mark.parametrize(("name", "preset"), EVERY_CONFIG)
@pytest.mark.parametrize("ask_all", [False, True])
def test_the_stream_rebuilds_every_view(name: str, preset: str | None, ask_all: bool) -> None:
    """Fed only what events_since gives it, each seat's SeatState (and a spectator's) is
    exactly game.view(seat) (game.public_view()) after every step."""
    rules = _rules(name, preset)
    for seed in range(sized(1, 3)):
        game = Game(rules, seed, ask_all=ask_all)
        followers = Followers(game)
        followers.check()
        _play(game, random.Random(seed), sized(150, 3000), followers.check)


@pytest.mark.parametrize(("name", "preset"), EVERY_CONFIG)
def test_views_round_trip_and_meet_the_schema(name: str, preset: str | None) -> None:
    rules = _rules(name, preset)
    validator = jsonschema.Draft202012Validator(view_schema(rules))
    game = Game(rules, 7)
    rng = random.Random(7)
    checked = 0

    def check() -> None:
        nonlocal checked
        if len(game.actions) % 7:
            return
        for view in [*(game.view(s) for s in range(game.n)), game.public_view()]:
            data = view.to_json()
            text = json.dumps(data)
            assert View.from_json(json.loads(text)) == view
            errors = sorted(validator.iter_errors(data), key=str)
            assert not errors, f"{errors[0].message[:200]} at {list(errors[0].path)}"
            checked += 1

    _play(game, rng, sized(150, 3000), check)
    assert checked


@pytest.mark.parametrize(("name", "preset"), EVERY_CONFIG)
def test_nothing_hidden_reaches_another_viewer(name: str, preset: str | None) -> None:
    """No viewer's stream holds another seat's update or private tile; no view holds a
    concealed hand the ruleset does not show; a spectator sees no hand and no prompt."""
    rules = _rules(name, preset)
    game = Game(rules, 3)
    _play(game, random.Random(3), sized(300, 3000), lambda: None)
    for viewer in [*range(game.n), None]:
        events, _ = game.events_since(viewer, 0)
        for e in events:
            if e["type"] == "update":
                assert e["seat"] in (None, viewer)
            if e["type"] in ("draw", "deal") and e["seat"] != viewer:
                assert e.get("tile") is None and e.get("tiles") is None
            if e["type"] == "exchange" and viewer not in (e["src"], e["dst"]):
                assert e["tiles"] is None
            if e["type"] == "game_start":
                assert e["seed"] is None
        view = game.public_view() if viewer is None else game.view(viewer)
        shown = rules.shown_hands(game, viewer)
        for seat in view.seats:
            if seat.seat != viewer and seat.seat not in shown:
                assert seat.hand is None
        if viewer is None:
            assert view.hand is None and view.prompt is None and view.drawn is None


def test_events_since_is_incremental_and_checks_its_cursor() -> None:
    game = Game(get_ruleset("riichi"), 2)
    rng = random.Random(2)
    collected: list[dict[str, Any]] = []
    cursor = 0
    for _ in range(200):
        seat = game.to_act()[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))
        new, cursor = game.events_since(1, cursor)
        collected += new
    whole, end = game.events_since(1, 0)
    assert collected == whole and end == cursor
    assert [e["seq"] for e in whole] == list(range(len(whole)))
    assert game.events_since(1, cursor) == ([], cursor)
    for bad in (-1, cursor + 1, "0", 1.0, None):
        with pytest.raises(SparrowsError, match="cursor"):
            game.events_since(1, bad)
    with pytest.raises(IllegalActionError, match="no seat"):
        game.events_since(4, 0)
    quiet = Game(get_ruleset("riichi"), 2, record=False)
    with pytest.raises(SparrowsError, match="record=False"):
        quiet.events_since(0, 0)
    assert quiet.view(0).prompt is not None  # views need no events


def test_a_wins_tiles_and_its_hand_number_are_named_apart() -> None:
    """The stream's hand number (``hand_number``) never overwrites a ``win`` event's own
    ``hand`` (the winner's tiles): before, another seat's win reached a page with its tiles
    replaced by the hand's number. Every viewer, packed hands (read back) included."""
    from sparrows.agents import make_agent

    rules = _rules("riichi", "tenhou")
    agent = make_agent("efficiency", 1, rules)
    game = Game(rules, 11)
    game.events_since(None, 0)
    while not game.over and sum(e.type == "win" for e in game.events) < 2:
        seat, legal = game.decisions()[0]
        game.step(seat, agent.act(game.observation(seat), legal))
    wins = [e for e in game.events if e.type == "win"]
    assert len(wins) == 2 and game.hand_number >= 1  # the first hand's are packed
    for viewer in [*range(4), None]:
        got = [e for e in game.events_since(viewer, 0)[0] if e["type"] == "win"]
        assert [e["hand"] for e in got] == [w.hand for w in wins]
        assert all(isinstance(e["hand_number"], int) for e in got)
        starts = [e for e in game.events_since(viewer, 0)[0] if e["type"] == "hand_start"]
        assert [e["hand"] for e in starts] == [e["hand_number"] for e in starts]


def test_seq_numbers_show_no_gap_where_another_seat_had_a_prompt() -> None:
    """Each viewer numbers its own events: the private updates of the others leave no
    gap (a gap would say that someone was asked something)."""
    game = Game(get_ruleset("riichi"), 5)
    _play(game, random.Random(5), 400, lambda: None)
    for viewer in [0, 1, 2, 3, None]:
        events, cursor = game.events_since(viewer, 0)
        assert [e["seq"] for e in events] == list(range(cursor))


def test_a_stale_answer_is_refused_and_changes_nothing() -> None:
    game = Game(get_ruleset("suzume"), 1)
    seat = game.to_act()[0]
    prompt = game.view(seat).prompt
    assert prompt is not None
    action = Action.from_string(prompt.actions[0], "suzume")
    with pytest.raises(IllegalActionError, match="stale"):
        game.step(seat, action, prompt=prompt.id - 1)
    assert game.actions == []
    game.step(seat, action, prompt=prompt.id)
    seat2 = game.to_act()[0]
    again = game.view(seat2).prompt
    assert again is not None and again.id > 0
    if seat2 == seat:
        assert again.id == prompt.id + 1


def test_ask_all_asks_every_other_seat_after_a_discard() -> None:
    """With uniform timing every seat still playing but the discarder gets a prompt after
    each discard (pass where it has no claim), whatever its hand."""
    game = Game(get_ruleset("riichi"), 11, ask_all=True)
    rng = random.Random(11)
    discards = 0
    while not game.over and discards < 60:
        seat = game.to_act()[0]
        action = rng.choice(game.legal_actions(seat))
        game.step(seat, action)
        if action.type is ActionType.DISCARD and game.window is not None and not game.over:
            discards += 1
            asked = set(game.to_act())
            assert asked == {s for s in range(4) if s != seat}
            for other in asked:
                prompt = game.view(other).prompt
                assert prompt is not None and prompt.kind == "claim"
                assert prompt.subject == game.fmt(action_tile(game, seat))
                assert "pass" in prompt.actions
    assert discards == 60


def action_tile(game: Game, seat: int) -> int:
    return game.discards[seat][-1]


@pytest.mark.parametrize("name", RULESETS)
def test_ask_all_plays_the_same_game(name: str) -> None:
    """A game played with ask_all, its pass-only answers removed, replays without ask_all
    to the same events."""
    rules = get_ruleset(name)
    seed = 4
    uniform = Game(rules, seed, ask_all=True)
    rng = random.Random(seed)
    kept: list[tuple[int, Action]] = []
    while not uniform.over and len(uniform.actions) < 600:
        seat = uniform.to_act()[0]
        legal = uniform.legal_actions(seat)
        action = rng.choice(legal)
        inner = uniform._inner  # the seats the ruleset itself asked
        if not (inner is not None and seat not in inner[1] and legal == [Action(ActionType.PASS)]):
            kept.append((seat, action))
        uniform.step(seat, action)
    plain = Game(rules, seed)
    for seat, action in kept:
        plain.step(seat, action)
    assert [e.to_json() for e in plain.events] == [e.to_json() for e in uniform.events]


@pytest.mark.parametrize(("name", "preset"), CONFIGS, ids=IDS)
def test_the_default_action_is_always_legal(name: str, preset: str | None) -> None:
    rules = _rules(name, preset)
    game = Game(rules, 9, ask_all=True)
    steps = 0
    while not game.over and steps < sized(400, 3000):
        seat = game.to_act()[0]
        view = game.view(seat)
        action = rules.default_action(view)
        assert action in game.legal_actions(seat), (action, view.prompt)
        game.step(seat, action, prompt=view.prompt.id if view.prompt else None)
        steps += 1


# ---------------------------------------------------------------------- layouts

#: Pinned: a layout changes only on purpose, with a new version.
FINGERPRINTS = {
    "suzume": "d6329397e8f8499b",
    "riichi4": "db05db58c1080001",
    "riichi3": "2e80d7b591c0eeca",
    "riichi-house": "863291dd48345472",
    "chinese": "900da5cf374d3a87",
    "sichuan": "f7c922af058ef890",
}


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_layout_fingerprints_are_pinned(name: str) -> None:
    assert layout(name).fingerprint() == FINGERPRINTS[name]


@pytest.mark.parametrize(("name", "preset"), CONFIGS, ids=IDS)
def test_every_legal_action_is_in_the_family_layout(name: str, preset: str | None) -> None:
    rules = _rules(name, preset)
    space = rules.layout
    assert space is layout(space.name)  # one object per family, whatever the options
    game = Game(rules, 13, record=False)
    rng = random.Random(13)
    while not game.over and len(game.actions) < sized(600, 5000):
        for _seat, legal in game.decisions():
            mask = space.mask(legal)
            assert sum(mask) == len(set(legal))
            assert [space.action(i) for i, on in enumerate(mask) if on] == sorted(
                set(legal), key=space.index
            )
        seat = game.to_act()[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))


def test_layouts_do_not_move_with_options() -> None:
    plain = get_ruleset("riichi").layout
    for options in (
        {"preset": "tenhou"},
        {"preset": "mahjongsoul"},
        {"open_riichi": True},
        {"dealer_choice": True},
        {"red_fives": [2, 2, 2]},
    ):
        assert get_ruleset("riichi", options).layout is plain
    assert get_ruleset("riichi", {"preset": "tenhou-sanma"}).layout.name == "riichi3"
    assert get_ruleset("riichi", {"preset": "cy-dealers-choice"}).layout.name == "riichi-house"


# ---------------------------------------------------------------------- rewards, clone


def test_rewards_are_what_changed_since_each_seat_last_acted() -> None:
    game = Game(get_ruleset("riichi"), 21)
    rng = random.Random(21)
    at_last_action = list(game.scores)
    while not game.over:
        seat = game.to_act()[0]
        at_last_action[seat] = game.scores[seat]
        game.step(seat, rng.choice(game.legal_actions(seat)))
        before = game.rewards()
        assert before == [game.scores[s] - at_last_action[s] for s in range(4)]
        assert game.rewards() == before  # reading changes nothing
    with pytest.raises(SparrowsError, match="no account 'chips'"):
        game.rewards("chips")


@pytest.mark.parametrize("name", RULESETS)
def test_a_clone_plays_on_exactly_and_alone(name: str) -> None:
    rules = get_ruleset(name)
    game = Game(rules, 17)
    rng = random.Random(17)
    _play(game, rng, 120, lambda: None)
    twin = game.clone()
    assert twin.view(game.to_act()[0]) == game.view(game.to_act()[0])
    # the original plays on; the clone is untouched
    snapshot = [e.to_json() for e in twin.events]
    state = twin.view(0)
    _play(game, random.Random(1), 200, lambda: None)
    assert [e.to_json() for e in twin.events] == snapshot and twin.view(0) == state
    # and from the same point with the same choices both end alike
    again = twin.clone()
    _play(twin, random.Random(2), sized(600, 10**6), lambda: None)
    _play(again, random.Random(2), sized(600, 10**6), lambda: None)
    assert [e.to_json() for e in twin.events] == [e.to_json() for e in again.events]
    twin.validate()
    again.validate()


def test_walls_from_secrets_are_kept_for_replay() -> None:
    rules = get_ruleset("suzume")
    a = Game(rules, 1, shuffle="secrets")
    b = Game(rules, 1, shuffle="secrets")
    assert a.hand_orders[0] != b.hand_orders[0]  # 44! orders: equal only by a miracle
    plain = Game(rules, 1)
    assert plain.hand_orders[0] == Game(rules, 1).hand_orders[0]
    with pytest.raises(SparrowsError, match="shuffle"):
        Game(rules, 1, shuffle="dice")


# ---------------------------------------------------------------------- snapshots, records


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("record", [True, False])
def test_a_snapshot_resumes_the_identical_game(name: str, record: bool) -> None:
    """Through JSON text and back, a snapshot restores the game at the same point, and it
    plays on exactly as the original (the same future draws)."""
    rules = get_ruleset(name)
    game = Game(rules, 23, record=record, ask_all=True)
    _play(game, random.Random(23), 150, lambda: None)
    data = json.loads(json.dumps(snapshot(game)))
    again = restore(data)
    assert again.record is record and again.ask_all
    assert again.view(0) == game.view(0) and again.public_view() == game.public_view()
    _play(game, random.Random(5), 400, lambda: None)
    _play(again, random.Random(5), 400, lambda: None)
    assert again.actions == game.actions and again.scores == game.scores
    assert again.view(1) == game.view(1)
    if record:
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_a_snapshot_refuses_what_is_not_one() -> None:
    game = Game(get_ruleset("suzume"), 1)
    data = snapshot(game)
    for bad, message in (
        ({**data, "format": "sparrows-record"}, "not a sparrows snapshot"),
        ({**data, "record": "yes"}, "'record' must be true or false"),
        ({**data, "table": {"ask_all": 1}}, "ask_all must be true or false"),
        ({**data, "table": {"speed": True}}, "it may say ask_all, shuffle"),
        ({**data, "actions": [[0, "discard 9z"]]}, "cannot be replayed"),
        ([1, 2], "not a sparrows snapshot"),
    ):
        with pytest.raises(SparrowsError, match=message):
            restore(bad)


def test_records_keep_how_the_table_ran_the_game(tmp_path: Any) -> None:
    """A record of a game with uniform claim timing and walls from secrets replays: the
    record says ask_all and keeps every hand's wall."""
    from sparrows.records import load_record, replay, save_record

    rules = get_ruleset("riichi", {"hanchan": False})
    game = Game(rules, 8, ask_all=True, shuffle="secrets")
    _play(game, random.Random(8), 10**6, lambda: None)
    path = save_record(game, tmp_path / "game.json")
    record = load_record(path)
    assert record.table == {"ask_all": True, "shuffle": "secrets"}
    assert record.walls == game.hand_orders
    again = replay(record)
    assert again.scores == game.scores and again.actions == game.actions


# ---------------------------------------------------------------------- reads, memos


@pytest.mark.parametrize(("name", "preset"), EVERY_CONFIG)
def test_reading_changes_nothing(name: str, preset: str | None) -> None:
    """Views, observations, legal actions, rewards and hints leave the game's state, its
    events and its snapshot as they were."""
    import copy

    rules = _rules(name, preset)
    game = Game(rules, 31)
    rng = random.Random(31)
    for _ in range(sized(120, 600)):
        if game.over:
            break
        state = copy.deepcopy(game.state)
        snap = snapshot(game)
        events = len(game.events)
        for seat in range(game.n):
            game.view(seat)
            obs = game.observation(seat)
            game.legal_actions(seat)
            advice_for(rules).hint(obs)
        game.public_view()
        game.rewards()
        assert game.state == state and snapshot(game) == snap and len(game.events) == events
        seat = game.to_act()[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))


def test_memo_tables_are_capped() -> None:
    """The engine trims a ruleset's memo tables at each hand's start: with a cap of 50
    none holds more than 50 when a hand begins, and the games play the same."""
    rules = get_ruleset("riichi", {"hanchan": False})
    capped = get_ruleset("riichi", {"hanchan": False})
    capped.memos.limit = 50
    for seed in range(3):
        game, other = Game(rules, seed), Game(capped, seed)
        rng, rng2 = random.Random(seed), random.Random(seed)
        hand = -1
        while not other.over:
            if other.hand_number != hand:
                hand = other.hand_number
                assert max(capped.memos.sizes().values()) <= 50 + 400  # one hand's worth
            seat = other.to_act()[0]
            other.step(seat, rng2.choice(other.legal_actions(seat)))
            game.step(seat, rng.choice(game.legal_actions(seat)))
        assert [e.to_json() for e in game.events] == [e.to_json() for e in other.events]
    assert set(capped.memos.sizes()) == {"waits", "riichi discards"}


# ---------------------------------------------------------------------- real games


def test_the_stream_rebuilds_every_view_of_real_tenhou_games() -> None:
    """Real Tenhou games (riichi, calls, kans, draws, aborts as they happened), replayed
    on the engine with their walls: every seat's and a spectator's SeatState equals the
    view after every action."""
    from sparrows.records.formats import load_game
    from tests.conftest import oracle_path

    files = sorted(oracle_path("riichi", "tenhou6").glob("*.json"))
    assert files
    for path in files[: sized(3, len(files))]:
        loaded = load_game(path)
        assert loaded.ok
        done = loaded.game
        game = Game(done.ruleset, done.seed, walls=done.hand_orders)
        followers = Followers(game)
        followers.check()
        for seat, action in done.actions:
            game.step(seat, action)
            followers.check()
        assert game.scores == done.scores


# ---------------------------------------------------------------------- the command


def _sparrows(*args: str) -> Any:
    import subprocess
    import sys
    from pathlib import Path

    exe = Path(sys.executable).parent / "sparrows"
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=60)


def test_sparrows_schema_prints_what_views_meet() -> None:
    done = _sparrows("schema", "riichi", "--preset", "cy-dealers-choice")
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    game = Game(get_ruleset("riichi", {"preset": "cy-dealers-choice"}), 4)
    jsonschema.validate(game.view(0).to_json(), schema)
    assert schema["$defs"]["RiichiExtra"]["properties"]["kind"] == {"const": "riichi"}
    assert "SichuanExtra" not in schema["$defs"]
    layout = _sparrows("schema", "sichuan", "--layout")
    lines = layout.stdout.splitlines()
    assert lines[0] == f"# sichuan v1 fingerprint {FINGERPRINTS['sichuan']}"
    assert lines[1] == "0\tdiscard 1m" and len(lines) == 1 + layout_size("sichuan")
    bad = _sparrows("schema", "riichi", "--option", "bogus=1")
    assert bad.returncode == 2 and bad.stderr.startswith("sparrows: error: unknown option")
    assert len(bad.stderr.strip().splitlines()) == 1


def layout_size(name: str) -> int:
    return layout(name).size


def test_plug_ins_and_wrappers_may_subclass_what_they_extend() -> None:
    """In both builds an interpreted class may extend the game, every built-in ruleset,
    its advice and the bots (the compiled classes allow interpreted subclasses)."""
    from sparrows.advice import advice_class
    from sparrows.agents.efficiency import EfficiencyAgent
    from sparrows.agents.random_agent import RandomAgent
    from sparrows.rules.classical.ruleset import ClassicalRuleset
    from sparrows.rules.hongkong.ruleset import HongKongRuleset
    from sparrows.rules.riichi.game import RiichiRuleset
    from sparrows.rules.sichuan.ruleset import SichuanRuleset
    from sparrows.rules.suzume.ruleset import SuzumeRuleset

    class CountingGame(Game):
        steps = 0

        def step(self, seat: object, action: object, prompt: object = None) -> None:
            CountingGame.steps += 1
            super().step(seat, action, prompt)

    bases: list[Any] = [
        SuzumeRuleset,
        RiichiRuleset,
        HongKongRuleset,
        ClassicalRuleset,
        SichuanRuleset,
    ]
    for base in bases:
        house = type("House" + base.__name__, (base,), {})
        rules = house.from_options({})
        game = CountingGame(rules, 1)
        advice = type("My" + base.__name__, (advice_class(rules),), {})(rules)
        for bot_class in (RandomAgent, EfficiencyAgent):
            bot = type("My" + bot_class.__name__, (bot_class,), {})(seed=1)
            bot.bind(rules)
            bot.advice = advice
            seat = game.to_act()[0]
            game.step(seat, bot.act(game.observation(seat), game.legal_actions(seat)))
    assert CountingGame.steps == 2 * len(bases)


def test_returns_give_each_seat_its_result() -> None:
    """Riichi: the final figures are points over the return (30,000) in thousands with
    uma and, for the first, oka, and they sum to zero; Suzume's are its points; the house
    table's chips are zero-sum; before the end, the standing."""
    rules = get_ruleset("riichi", {"preset": "tenhou", "hanchan": False})
    game = Game(rules, 12)
    early = rules.returns(game)
    assert not early.over and early.points == (25000,) * 4 and early.chips is None
    _play(game, random.Random(12), 10**6, lambda: None)
    got = rules.returns(game)
    assert got.over and got.points == tuple(game.scores)
    uma = {1: 20, 2: 10, 3: -10, 4: -20}  # tenhou: 20/10
    oka = (30000 - 25000) * 4 / 1000
    for s in range(4):
        want = (
            (got.points[s] - 30000) / 1000 + uma[got.places[s]] + (oka if got.places[s] == 1 else 0)
        )
        assert got.final[s] == pytest.approx(want, abs=0.05)
    assert sum(got.final) == pytest.approx(0, abs=0.2) and sorted(got.places) == [1, 2, 3, 4]
    suzume = get_ruleset("suzume")
    small = Game(suzume, 3)
    _play(small, random.Random(3), 10**6, lambda: None)
    done = suzume.returns(small)
    assert done.final == tuple(float(p) for p in small.scores) and done.chips is None
    house = get_ruleset("riichi", {"preset": "cy-dealers-choice"})
    table = Game(house, 2)
    _play(table, random.Random(2), 10**6, lambda: None)
    chips = house.returns(table).chips
    assert chips is not None and sum(chips) == 0


@pytest.mark.parametrize(
    ("name", "preset"),
    [(n, p) for n, p in CONFIGS if p is None]
    + [("riichi", "cy-dealers-choice"), ("riichi", "tenhou-sanma")],
)
def test_every_win_detail_is_its_familys_typed_record(name: str, preset: str | None) -> None:
    """A win's ``detail`` as the events carry it reads as its family's typed record
    (``sparrows.client.WIN_DETAILS``), meets that record's JSON Schema (no field the
    record does not name) and is written back exactly."""
    from sparrows.agents import make_agent
    from sparrows.client import WIN_DETAILS, from_json, json_schema, to_json
    from sparrows.sim.runner import play_game

    rules = _rules(name, preset)
    cls = WIN_DETAILS[rules.name]
    assert rules.detail_class is cls  # the ruleset names the record clients look up
    schema = json_schema(cls)
    wins = 0
    for seed in range(sized(1, 12)):
        agents = [make_agent("efficiency", seed * 4 + s, rules) for s in range(rules.num_players)]
        game = play_game(rules, agents, seed, record=True)
        for e in game.events:
            if e.type != "win":
                continue
            data = json.loads(json.dumps(e.to_json()["detail"]))
            jsonschema.validate(data, schema)
            assert to_json(from_json(cls, data)) == data
            wins += 1
    assert wins > 0
    with pytest.raises(jsonschema.ValidationError):  # a field the record does not name
        jsonschema.validate({**data, "surprise": 1}, schema)
