"""The house preset is a layer on top of standard riichi (``rules/riichi/house/``): the
ruleset's chooser gives the house layer exactly to tables whose options play it, and the
standard layers hold none of its mechanisms."""

from __future__ import annotations

from typing import Any

import pytest

from sparrows.agents import make_agent
from sparrows.rules import get_ruleset
from sparrows.rules.riichi.game import RiichiRuleset
from sparrows.rules.riichi.house.play import HouseRuleset
from sparrows.sim import play_game


@pytest.mark.parametrize(
    "preset", ["standard", "tenhou", "mahjongsoul", "tenhou-sanma", "mahjongsoul-sanma"]
)
def test_the_standard_presets_play_standard_riichi(preset: str) -> None:
    assert type(get_ruleset("riichi", {"preset": preset})) is RiichiRuleset


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "cy-dealers-choice"},
        {"chips": True},
        {"special_tiles": True, "red_fives": [0, 0, 0]},
        {"abilities": "set1"},
        {"double_suukantsu": True},
        {"local_yakuman": True},
        {"placement_chips": "fixed", "chips": True},
        {"dealer_choice": True},
        {"unanimous_abort": True},
        {"open_riichi": True},
        {"riichi_peek": True},
    ],
)
def test_the_house_options_play_the_house_layer(options: dict[str, Any]) -> None:
    rules = get_ruleset("riichi", options)
    assert type(rules) is HouseRuleset and isinstance(rules, RiichiRuleset)


def test_the_standard_layers_hold_no_house_mechanism() -> None:
    house_only = {
        "_kokan_asks",
        "_suukantsu_win",
        "_special_suukantsu",
        "_puutaa",
        "_chip_result",
    }
    assert not house_only & set(dir(RiichiRuleset))
    assert house_only <= set(dir(HouseRuleset))


def test_a_game_with_chips_alone_moves_chips() -> None:
    """An option of the house preset set on its own (chips) still plays: the chooser gives
    the table the house layer, and every chip the game moves is conserved."""
    rules = get_ruleset("riichi", {"preset": "tenhou", "chips": True, "hanchan": False})
    agents = [make_agent("efficiency", seed=s) for s in range(4)]
    game = play_game(rules, agents, 5)
    assert game.over and "chips" in game.ledger.accounts
    assert sum(game.ledger.accounts["chips"]) == 0
