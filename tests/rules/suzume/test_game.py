"""Suzume-Jong through the engine: full games, invariants, hidden information, illegal
actions, events, records and replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows.agents import make_agent
from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.events import EVENT_TYPES, event_from_json, redact
from sparrows.errors import IllegalActionError, OptionsError, RecordError
from sparrows.records import load_record, record_from_game, replay, save_record
from sparrows.rules import get_ruleset
from sparrows.sim import play_game, simulate


def play_checked(seed: int, agents: list[str], options: dict[str, object] | None = None) -> Game:
    """Play a game, validating the invariants after every step."""
    ruleset = get_ruleset("suzume", options or {})
    game = Game(ruleset, seed)
    bots = [make_agent(a, seed=seed * 4 + s, ruleset=ruleset) for s, a in enumerate(agents)]
    game.validate()
    while not game.over:
        for seat in game.to_act():
            obs = game.observation(seat)
            action = bots[seat].act(obs, game.legal_actions(seat))
            game.step(seat, action)
            game.validate()
    return game


@pytest.mark.parametrize("seed", range(6))
def test_full_games_keep_invariants(seed: int) -> None:
    agents = ["efficiency", "random", "efficiency", "random"]
    game = play_checked(seed, agents)
    assert game.over and game.hand_number == 15  # 16 hands
    assert sum(game.scores) == 160 and min(game.scores) >= 0
    hand_ends = [e for e in game.events if e.type == "hand_end"]
    assert len(hand_ends) == 16
    # every hand ends with a win (several on a double ron) or an exhaustive draw
    assert {r.hand for r in game.hand_results} == set(range(16))


def test_dealer_and_round_wind_rotation() -> None:
    game = play_checked(11, ["random"] * 4)
    starts = [e for e in game.events if e.type == "hand_start"]
    assert [e.dealer for e in starts] == [h % 4 for h in range(16)]  # type: ignore[attr-defined]
    assert [e.round_wind for e in starts] == [h // 4 for h in range(16)]  # type: ignore[attr-defined]


def test_game_end_places() -> None:
    game = play_checked(5, ["efficiency"] * 4)
    end = game.events[-1]
    assert end.type == "game_end"
    scores = game.scores
    for seat, place in enumerate(end.places):  # type: ignore[attr-defined]
        assert place == 1 + sum(1 for s in scores if s > scores[seat])


def test_tie_break_option() -> None:
    rs = get_ruleset("suzume", {"tie_break_by_seat": True})
    assert rs.places([40, 50, 40, 30]) == [2, 1, 3, 4]
    assert get_ruleset("suzume").places([40, 50, 40, 30]) == [2, 1, 2, 4]


def test_bad_options() -> None:
    with pytest.raises(OptionsError, match="unknown option 'colour'"):
        get_ruleset("suzume", {"colour": 1})
    with pytest.raises(OptionsError, match="true or false"):
        get_ruleset("suzume", {"allow_misdeclared_wins": "yes"})
    with pytest.raises(OptionsError, match="unknown preset"):
        get_ruleset("suzume", {"preset": "nope"})


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_property_conservation_and_deterministic_replay(seed: int) -> None:
    agents = ["random", "efficiency", "random", "random"]
    game = play_checked(seed, agents, {"allow_misdeclared_wins": True})
    again = play_game(
        get_ruleset("suzume", {"allow_misdeclared_wins": True}),
        [make_agent(a, seed=seed * 4 + s) for s, a in enumerate(agents)],
        seed,
        record=True,
    )
    assert again.scores == game.scores
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert replay(record_from_game(game)).scores == game.scores


def _game_with_all_event_types() -> Game:
    seen: set[str] = set()
    for seed in range(200):
        game = play_game(
            get_ruleset("suzume", {"allow_misdeclared_wins": True}),
            [make_agent("random", seed * 4 + s) for s in range(4)],
            seed,
            record=True,
        )
        seen |= {e.type for e in game.events}
        if {"misdeclared", "win", "exhaustive_draw"} <= {e.type for e in game.events}:
            return game
    raise AssertionError(f"no game showed every event type; seen {seen}")


def test_every_event_type_round_trips_through_json() -> None:
    game = _game_with_all_event_types()
    types = {e.type for e in game.events}
    suzume = {"game_start", "hand_start", "deal", "indicator", "draw", "discard", "transfer"}
    suzume |= {"win", "misdeclared", "exhaustive_draw", "hand_end", "game_end"}
    # the other event types: tests/engine/test_mechanisms.py
    assert types == suzume and types <= set(EVENT_TYPES)
    for e in game.events:
        text = json.dumps(e.to_json())
        back = event_from_json(json.loads(text))
        assert back == e


def test_malformed_events_are_refused() -> None:
    with pytest.raises(RecordError, match="unknown event"):
        event_from_json({"type": "teleport"})
    with pytest.raises(RecordError, match="unknown fields"):
        event_from_json({"type": "discard", "seat": 0, "tile": "1", "tsumogiri": False, "x": 1})


def test_observations_hide_other_hands() -> None:
    game = Game(get_ruleset("suzume"), 3)
    rng = random.Random(0)
    while not game.over:
        for seat in range(4):
            obs = game.observation(seat)
            assert sorted(obs.hand) == sorted(game.faces[t] for t in game.hands[seat])
            as_text = repr(obs)
            assert "hands" not in as_text
        for seat in game.to_act():
            game.step(seat, rng.choice(game.legal_actions(seat)))
    for seat in range(4):  # every event of the game, as each seat sees it
        for e in game.events_for(seat):
            if e["type"] in ("deal", "draw") and e["seat"] != seat:
                assert e.get("tiles") is None and e.get("tile") is None
    for e in game.events_for(None):  # a spectator sees no deal or draw
        if e["type"] in ("deal", "draw"):
            assert e.get("tiles") is None and e.get("tile") is None


def _snapshot(game: Game) -> tuple[object, ...]:
    return (
        [list(h) for h in game.hands],
        game.wall.all_tiles(),
        list(game.scores),
        {s: list(a) for s, a in game.pending.items()},
        dict(game.declared),
        len(game.events),
        game.phase,
    )


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = Game(get_ruleset("suzume"), 1)
    seat = game.to_act()[0]
    assert seat == 0 and game.phase is Phase.TURN
    before = _snapshot(game)
    held = {game.faces[t] for t in game.hands[seat]}
    missing = next(t for t in game.tileset.tiles if t not in held)
    cases = [
        (1, game.legal_actions(seat)[0], "seat 1 is not to act"),
        (7, game.legal_actions(seat)[0], "no seat 7"),
        ([0], game.legal_actions(seat)[0], r"no seat \[0\]"),  # unhashable: no TypeError
        (True, game.legal_actions(seat)[0], "no seat True"),
        (seat, Action(ActionType.DISCARD, missing), "is not legal"),
        (seat, Action(ActionType.RON), "is not legal"),
        (seat, Action(ActionType.PASS), "is not legal"),
    ]
    if Action(ActionType.TSUMO) not in game.legal_actions(seat):
        cases.append((seat, Action(ActionType.TSUMO), "is not legal"))
    for s, action, words in cases:
        with pytest.raises(IllegalActionError, match=words):
            game.step(s, action)
        assert _snapshot(game) == before


def test_game_over_refuses_actions() -> None:
    game = play_checked(2, ["random"] * 4)
    with pytest.raises(IllegalActionError, match="over"):
        game.step(0, Action(ActionType.PASS))


def test_actions_parse_and_print() -> None:
    a = Action.from_string("discard 2*", "suzume")
    assert a.type is ActionType.DISCARD and a.tile is not None and a.tile.red
    assert a.to_string("suzume") == "discard 2*"
    assert Action.from_string("ron").to_string() == "ron"
    with pytest.raises(Exception, match="unknown action"):
        Action.from_string("teleport 1m")
    with pytest.raises(Exception, match="chi names 2 tiles"):
        Action.from_string("chow 123m")
    assert Action.from_string("chow 21m") == Action.from_string("chi 1m 2m")


def test_efficiency_beats_random() -> None:
    res = simulate("suzume", ["efficiency", "random", "random", "random"], 40, seed=3)
    eff, rnd = res.per_agent["efficiency"], res.per_agent["random"]
    assert eff.games == 40 and rnd.games == 120  # seats rotated: each game has one of each
    assert eff.place_sum / eff.games < 1.6
    assert eff.points / eff.games > 60 > rnd.points / rnd.games
    assert eff.wins > 5 * rnd.wins / 3


def test_simulation_is_deterministic_and_parallel_equals_serial() -> None:
    a = simulate("suzume", ["efficiency", "random", "random", "random"], 8, seed=9).to_json()
    b = simulate(
        "suzume", ["efficiency", "random", "random", "random"], 8, seed=9, workers=2, chunk=2
    ).to_json()
    for key in ("games", "hands", "per_agent", "draw_rate"):
        assert a[key] == b[key]


# ---------------------------------------------------------------- records


def test_record_round_trip(tmp_path: Path) -> None:
    game = play_checked(4, ["efficiency", "random", "random", "random"])
    path = save_record(game, tmp_path / "g.json")
    rec = load_record(path)
    assert rec.ruleset == "suzume" and rec.seed == 4 and len(rec.actions) == len(game.actions)
    assert replay(rec).scores == game.scores


def _tamper(tmp_path: Path, change: str) -> Path:
    game = play_checked(6, ["random"] * 4)
    path = save_record(game, tmp_path / "g.json")
    data = json.loads(path.read_text())
    if change == "score":
        data["result"]["scores"][0] += 1
    elif change == "event":
        win = next(e for e in data["events"] if e["type"] in ("win", "discard"))
        win["seat"] = (win["seat"] + 1) % 4
    elif change == "action":
        data["actions"] = data["actions"][:-5]
    elif change == "seed":
        data["seed"] += 1
    elif change == "version":
        data["format_version"] = 99
    elif change == "ruleset":
        data["ruleset"] = "chess"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("score", "result"),
        ("event", "event"),
        ("action", "events"),
        ("seed", "cannot be replayed|differs"),
        ("version", "version 99"),
        ("ruleset", "unknown ruleset"),
    ],
)
def test_tampered_records_are_caught(tmp_path: Path, change: str, words: str) -> None:
    path = _tamper(tmp_path, change)
    with pytest.raises(RecordError, match=words):
        replay(load_record(path))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a sparrows game record"),
        ('{"format": "sparrows-record", "format_version": 1}', "no 'actions'"),
        ('{"format": "sparrows-record", "format_version": 1, "actions": [[0]]}', "malformed"),
    ],
)
def test_corrupt_records(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=words):
        load_record(path)


def test_missing_record_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "nope.json")


def test_redact_keeps_public_fields() -> None:
    game = Game(get_ruleset("suzume"), 0)
    deal = next(e for e in game.events if e.type == "deal")
    assert redact(deal, deal.seat)["tiles"] is not None  # type: ignore[attr-defined]
    assert redact(deal, (deal.seat + 1) % 4)["tiles"] is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "breakage", ["lost tile", "duplicate tile", "points", "hand size", "stale key"]
)
def test_validate_catches_broken_states(breakage: str) -> None:
    game = Game(get_ruleset("suzume"), 8)
    game.validate()
    if breakage == "lost tile":
        game.wall.live.pop()
    elif breakage == "duplicate tile":
        game.wall.live[0] = game.wall.live[1]
    elif breakage == "points":
        game.scores[0] += 1
    elif breakage == "hand size":
        game.hands[1].append(game.wall.live.pop())
        game.hand_key[1] = sum(game.key_weight[t] for t in game.hands[1])
        game.face_key[1] = sum(game.face_weight[t] for t in game.hands[1])
    else:
        game.hand_key[2] += 1
    with pytest.raises(AssertionError):
        game.validate()
