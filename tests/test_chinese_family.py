"""The shared Chinese-family game: the shanten lower bound that skips waits changes no
result (the same seeded games with and without it)."""

from __future__ import annotations

from typing import Any

import pytest

import sparrows.rules.chinese as chinese
from sparrows.agents import make_agent
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

from .conftest import sized

CASES = [
    ("hongkong", {"max_hands": 4}),
    ("classical", {"max_hands": 4}),
    ("classical", {"preset": "cuencana", "max_hands": 3}),
    ("sichuan", {"hands": 3}),
]


def _games(name: str, options: dict[str, Any], n: int) -> list[Any]:
    rules = get_ruleset(name, options)
    out = []
    for g in range(n):
        bots = [make_agent(a, g * 4 + s, rules) for s, a in enumerate(["efficiency", "random"] * 2)]
        game = play_game(rules, bots, g)
        out.append((list(game.scores), game.hand_results, list(game.actions)))
    return out


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_waits_skip_changes_nothing(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    n = sized(4, 40)
    with_skip = _games(name, options, n)
    original = chinese.ChineseRuleset.waits_of

    def always_look(self: Any, game: Any, seat: int, minus: int | None = None) -> Any:
        game.state.hand.floor[seat] = -9  # no bound known: compute every time
        return original(self, game, seat, minus)

    monkeypatch.setattr(chinese.ChineseRuleset, "waits_of", always_look)
    assert _games(name, options, n) == with_skip
