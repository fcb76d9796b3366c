"""The shared Chinese-family game: the shanten lower bound that skips waits changes no
result (the same seeded games with and without it); a robbed kong in Hong Kong and
classical."""

from __future__ import annotations

from typing import Any

import pytest

import sparrows.rules.chinese as chinese
from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.rules import get_ruleset
from sparrows.sim import play_game
from sparrows.tiles import MeldType, parse_tiles
from tests.conftest import sized
from tests.support.chinese_walls import act, order_for, pass_all

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


# The robbed kong of Hong Kong and classical (issue 24): East throws 5p, South pungs it
# (West, waiting on 5p with 46p, lets it go) and throws 4z; West, North and East throw the
# 9p they draw; South draws the fourth 5p and adds it: West robs it. The hand ends there
# (one hand in the game, so the table stays as it was left).
ROB = ["5p123m456m789m1112z", "55p123s456s789s3z4z", "46p123m456m789m11s", "147m258s369s5566z"]


@pytest.mark.parametrize("name", ["hongkong", "classical"])
def test_a_robbed_kong_goes_back_to_a_pung_and_draws_no_replacement(name: str) -> None:
    a = ActionType
    options: dict[str, Any] = {"max_hands": 1}
    if name == "classical":
        options["bonus_tiles"] = False
    rules = get_ruleset(name, options)
    game = Game(rules, 1, walls=[order_for(rules, ROB, draws="9p9p9p5p")])
    act(game, 0, a.DISCARD, "5p")
    act(game, 1, a.PON)
    if 2 in game.to_act():
        act(game, 2, a.PASS)
    act(game, 1, a.DISCARD, "4z")
    for seat in (2, 3, 0):
        act(game, seat, a.DISCARD, "9p")
        pass_all(game)
    concealed = len(game.hands[1])
    act(game, 1, a.KAKAN, "5p")
    assert game.phase is Phase.CLAIM and game.to_act() == [2]
    left = game.wall.left
    # During the window every seat sees the added kong (declared in public: the tile is
    # laid on the pung, then robbed): four 5p in South's meld, South one tile fewer, every
    # 5p seen, no replacement drawn; only West is asked.
    five_p = parse_tiles("5p")[0]
    for seat in range(4):
        view = game.observation(seat)
        (meld,) = view.melds[1]
        assert meld.type is MeldType.ADDED_KAN and meld.tiles == (five_p,) * 4
        assert view.concealed[1] == concealed - 1 == 10 and view.wall_left == left
        assert view.seen()[five_p.kind] == 4
        assert game.events_for(seat)[-1]["type"] == "call"
        assert (view.phase, view.window) == (
            (Phase.CLAIM, "rob") if seat == 2 else (Phase.WAIT, None)
        )
    act(game, 2, a.RON)
    assert game.over and game.hand_results[-1].winner == 2
    assert game.wall.left == left  # no replacement draw for the robbed kong
    (meld,) = game.melds[1]
    assert meld.type is MeldType.PON and [game.fmt(t) for t in meld.tiles] == ["5p"] * 3
    assert len(game.hands[1]) == 10 and len(game.hands[2]) == 14  # the 5p is West's
    robbed = [e for e in game.events if e.type == "robbed"]
    assert [(e.seat, e.tile, e.robber, e.meld) for e in robbed] == [(1, "5p", 2, "added_kan")]  # type: ignore[attr-defined]
    win = next(e for e in game.events if e.type == "win")
    assert win.tile == "5p" and win.hand.count("5p") == 1  # type: ignore[attr-defined]
    for seat in (None, 0, 1, 2, 3):
        shown = [e for e in game.events_for(seat) if e["type"] == "robbed"]
        assert shown == [robbed[0].to_json()]  # public: every seat and a spectator
    for seat in range(4):
        assert [m.type for m in game.observation(seat).melds[1]] == [MeldType.PON]
    game.validate()
