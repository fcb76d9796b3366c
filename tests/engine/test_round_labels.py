"""The hand's name on the table (issue 31): Hong Kong and classical name the prevailing
wind, which wind sets score by; Sichuan, without one, numbers its hands."""

from __future__ import annotations

import pytest

from sparrows.agents import make_agent
from sparrows.engine import Game
from sparrows.rules import get_ruleset


@pytest.mark.parametrize("ruleset", ["hongkong", "classical"])
def test_the_chinese_tables_name_the_prevailing_wind(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    agent = make_agent("efficiency", 1, rules)
    game = Game(rules, 5)
    seen: dict[int, tuple[str, str]] = {}
    while not game.over and game.round_wind < 2:
        view = game.public_view()
        seen.setdefault(view.round_wind, (view.round_label, view.round_short))
        assert view.round_label == (
            f"{['East', 'South', 'West', 'North'][view.round_wind]} round, "
            f"hand {game.hand_number + 1}"
        )
        seat, legal = game.decisions()[0]
        game.step(seat, agent.act(game.observation(seat), legal))
    assert seen[0] == ("East round, hand 1", "E\u00b71")
    assert seen[1][0].startswith("South round, hand ")  # the wind moved on after four deals


def test_sichuan_numbers_its_hands() -> None:
    view = Game(get_ruleset("sichuan"), 1).public_view()
    assert (view.round_label, view.round_short) == ("Hand 1", "H1")
