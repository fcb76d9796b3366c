"""Every option value the builder accepts is one the engine can play (issue 19, item 26):
each whole-number option has a declared range, checked where options are built, and
random games at the ends of every range (and at random values inside them) play with
``validate()`` after every step. Also: a malformed action object is an IllegalActionError
(item 27), never another exception."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows.agents import make_agent
from sparrows.engine import Action, Game
from sparrows.errors import IllegalActionError, OptionsError
from sparrows.rules import get_ruleset
from sparrows.rules.classical.options import ClassicalOptions
from sparrows.rules.hongkong.options import HongKongOptions
from sparrows.rules.riichi.options import RiichiOptions
from sparrows.rules.sichuan.options import SichuanOptions
from sparrows.rules.suzume.options import SuzumeOptions
from tests.conftest import sized

CLASSES = {
    "suzume": SuzumeOptions,
    "riichi": RiichiOptions,
    "hongkong": HongKongOptions,
    "classical": ClassicalOptions,
    "sichuan": SichuanOptions,
}
#: Keep the games short whatever the options say (the hand counts are options too).
SHORT: dict[str, dict[str, Any]] = {
    "suzume": {"hands": 2},
    "riichi": {"hanchan": False},
    "hongkong": {"max_hands": 2},
    "classical": {"max_hands": 2},
    "sichuan": {"hands": 2},
}


def numeric(cls: type) -> list[str]:
    d = cls()
    return [
        f.name
        for f in fields(cls)
        if isinstance(getattr(d, f.name), (int, tuple)) and not isinstance(getattr(d, f.name), bool)
    ]


@pytest.mark.parametrize("name", CLASSES)
def test_every_numeric_option_has_a_range(name: str) -> None:
    cls = CLASSES[name]
    assert set(numeric(cls)) <= set(cls.RANGES), set(numeric(cls)) - set(cls.RANGES)
    for field in numeric(cls):
        low = cls.RANGES[field][0]
        default = getattr(cls(), field)
        value: Any = (low - 1,) * len(default) if isinstance(default, tuple) else low - 1
        with pytest.raises(OptionsError, match=field):
            get_ruleset(name, {field: list(value) if isinstance(value, tuple) else value})


def play(name: str, options: dict[str, Any], seed: int, steps: int = 2500) -> None:
    try:
        rules = get_ruleset(name, {**SHORT[name], **options})
    except OptionsError:
        return  # a combination a cross-field rule refuses (three players with red 5m...)
    game = Game(rules, seed)
    bots = [make_agent("random", seed * 4 + s, rules) for s in range(rules.num_players)]
    for _ in range(steps):
        if game.over:
            break
        for seat, legal in game.decisions():
            game.step(seat, bots[seat].act(None, legal))
            game.validate()


@pytest.mark.parametrize("name", CLASSES)
def test_games_play_at_the_ends_of_every_range(name: str) -> None:
    cls = CLASSES[name]
    for field in numeric(cls):
        if field in SHORT[name] or field == "players":
            continue
        default = getattr(cls(), field)
        for end in cls.RANGES[field]:
            value: Any = [end] * len(default) if isinstance(default, tuple) else end
            if field == "honba_ron":
                value = end - end % 300
            if field in _HUNDREDS:
                value = end - end % 100
            play(name, {field: value}, 1, steps=sized(600, 2500))


@settings(max_examples=sized(15, 100), deadline=None)
@given(st.data())
def test_random_values_in_range_play(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(CLASSES)))
    cls = CLASSES[name]
    options: dict[str, Any] = {}
    for field in data.draw(st.lists(st.sampled_from(numeric(cls)), max_size=3, unique=True)):
        if field in SHORT[name] or field == "players":
            continue
        low, high = cls.RANGES[field]
        default = getattr(cls(), field)
        step = 300 if field == "honba_ron" else 100 if field in _HUNDREDS else 1
        pick = st.integers(low // step, high // step).map(lambda v, s=step: v * s)
        if isinstance(default, tuple):
            options[field] = [data.draw(pick) for _ in default]
        else:
            options[field] = data.draw(pick)
    play(name, options, data.draw(st.integers(0, 10**6)), steps=400)


_HUNDREDS = ("riichi_stick", "noten_penalty")


def _uninitialised_action() -> object:
    try:
        return object.__new__(Action)
    except TypeError:  # a compiled (mypyc) class cannot exist without its __init__
        pytest.skip("the compiled build cannot create an Action without its fields")


@pytest.mark.parametrize("bad", ["uninitialised", "discard 1", 3, None])
def test_a_malformed_action_is_an_illegal_action(bad: object) -> None:
    if bad == "uninitialised":
        bad = _uninitialised_action()
    game = Game(get_ruleset("suzume"), 1)
    with pytest.raises(IllegalActionError):
        game.step(0, bad)
    game.validate()
    assert game.actions == []
    game.step(0, game.legal_actions(0)[0])  # the game is unchanged and still plays


def test_options_have_ranges() -> None:
    with pytest.raises(OptionsError, match="starting_points"):
        get_ruleset("suzume", {"starting_points": -10})
    with pytest.raises(OptionsError, match="hands"):
        get_ruleset("suzume", {"hands": 0})
