"""The engine v2 through a toy ruleset that uses every mechanism
(``tests/support/toy_rules.py``): scripted hands with injected walls, one per mechanism
(calls, claim priority, kongs, bonus tiles, bloody play, the exchange, chips, aborts),
and every event type appearing and round-tripping."""

from __future__ import annotations

import json
import random

import pytest

from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.board import CALLED, PLAYING, WON
from sparrows.engine.events import Event, event_from_json
from sparrows.errors import NotationError
from sparrows.rules import get_ruleset
from sparrows.tiles import MeldType, Tile, parse_tiles
from tests.rules.sichuan.test_flow_rules import robbed_game
from tests.support.engine_toy import (
    BASE,
    ENGINE_EVENTS,
    SUZUME_CONFIGS,
    act,
    faces,
    make_wall,
    new_game,
    of_type,
    play_random,
    tiles,
    toy,
)

# ====================================================================== 1. scripted


def scenario_chi() -> Game:
    """Seat 0 discards the 5m it drew; seat 1 (4m 6m) chis and discards without drawing."""
    rules = toy(kans=False, hands=1)
    order = make_wall(rules, [BASE, "146m147p147s1234z", BASE, BASE], draws="5m")
    game = new_game(rules, walls=[order])
    assert game.to_act() == [0] and game.wall.left == 136 - 52 - 1
    act(game, 0, "discard 5m")
    assert game.phase is Phase.CLAIM and game.to_act() == [1]
    assert game.legal_actions(1) == [Action.from_string(a) for a in ("chi 4m 6m", "pass")]
    for seat in (0, 2, 3):  # nobody else learns that seat 1 is asked
        obs = game.observation(seat)
        assert obs.phase is Phase.WAIT and obs.to_act == () and obs.legal == ()
    assert game.observation(1).window == "claim"
    left, mark = game.wall.left, len(game.events)
    act(game, 1, "chi 4m 6m")
    call = game.events[mark]
    assert call.to_json() == {
        "type": "call",
        "seat": 1,
        "meld": "chi",
        "tiles": ["4m", "5m", "6m"],
        "called": "5m",
        "from_seat": 0,
    }
    assert len(game.events) == mark + 1  # the call, and no draw
    assert game.phase is Phase.TURN and game.turn == 1 and game.drawn is None
    assert len(game.hands[1]) == 11 and game.observation(1).concealed == (13, 11, 13, 13)
    assert game.observation(1).drawn is None and game.wall.left == left
    assert game.river_flags[0][-1] & CALLED and game.fmt(game.discards[0][-1]) == "5m"
    meld = game.melds[1][0]
    assert (meld.type, meld.called, meld.from_seat) == (MeldType.CHI, game.discards[0][-1], 0)
    legal = game.legal_actions(1)  # only discards: no tsumo without a draw
    assert {a.type for a in legal} == {ActionType.DISCARD} and len(legal) == 11
    act(game, 1, "discard 1m")
    assert [e.type for e in game.events[mark:]] == ["call", "discard", "draw"]
    assert game.events[-1].seat == 2 and game.wall.left == left - 1  # type: ignore[attr-defined]
    assert len(game.hands[1]) == 10 and len(game.melds[1]) == 1
    return game


def test_call_then_discard_without_draw() -> None:
    scenario_chi()


CLAIMERS = [BASE, "146m147p147s1234z", "155m147p147s1234z", "234p567p234s567s5m"]


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ({3: "ron", 2: "pon 5m 5m", 1: "chi 4m 6m"}, "ron"),
        ({3: "pass", 2: "pon 5m 5m", 1: "chi 4m 6m"}, "pon"),
        ({3: "pass", 2: "pass", 1: "chi 4m 6m"}, "chi"),
        ({3: "pass", 2: "pass", 1: "pass"}, "none"),
    ],
)
def test_claim_priority(answers: dict[int, str], expected: str) -> None:
    """Seat 0 discards 5m: seat 1 may chi, seat 2 pon, seat 3 ron; ron > pon > chi."""
    rules = toy(kans=False, hands=1)
    game = new_game(rules, walls=[make_wall(rules, CLAIMERS, draws="5m")])
    act(game, 0, "discard 5m")
    assert game.to_act() == [1, 2, 3]
    assert game.legal_actions(3) == [Action(ActionType.RON), Action(ActionType.PASS)]
    for seat, text in answers.items():
        act(game, seat, text)
    if expected == "ron":
        (win,) = of_type(game, "win")
        assert (win.seat, win.from_seat, win.tile, win.payments) == (
            3,
            0,
            "5m",
            [-3000, 0, 0, 3000],
        )
        assert win.hand == tiles("234p567p234s567s55m")
        assert game.over and game.scores == [22000, 25000, 25000, 28000]
        assert not game.melds[1] and not game.melds[2]
    elif expected == "none":
        assert game.turn == 1 and game.drawn is not None and not any(game.melds)
    else:
        caller = 2 if expected == "pon" else 1
        assert game.turn == caller and game.drawn is None and len(game.hands[caller]) == 11
        assert [m.type.value for m in game.melds[caller]] == [expected]
        assert not game.melds[3 - caller]  # the other claim was not carried out


def test_two_ron_head_bump() -> None:
    """Without bloody play only the first ron in turn order from the discarder wins."""
    rules = toy(kans=False, hands=1)
    tanki = "234p567p234s567s5m"
    game = new_game(rules, walls=[make_wall(rules, [BASE, tanki, BASE, tanki], draws="5m")])
    act(game, 0, "discard 5m")
    act(game, 3, "ron")
    act(game, 1, "ron")
    assert [(w.seat, w.payments) for w in of_type(game, "win")] == [(1, [-3000, 3000, 0, 0])]
    assert game.scores == [22000, 28000, 25000, 25000]


def scenario_kongs() -> Game:
    """A concealed kong, an open kong and an added kong, each with a replacement draw
    from the dead wall and a new indicator."""
    rules = toy(hands=1)
    hands = ["147m147p147s4z555z", "147m147p147s4z666z", "147m147p147s34z77z", BASE]
    order = make_wall(
        rules, hands, draws="5z9m9p9s7z", replacements="6z7z8m8p", indicators="2m2p2s3m3p"
    )
    live_end = order[121]  # the last live tile: the first one a kong moves out
    game = new_game(rules, walls=[order])
    assert rules.dead_wall and game.fmt_all(game.wall.revealed) == ["2m"]
    assert game.wall.left == 122 - 52 - 1 == 69
    assert Action.from_string("ankan 5z") in game.legal_actions(0)
    mark = len(game.events)
    act(game, 0, "ankan 5z")
    assert [e.type for e in game.events[mark:]] == ["call", "indicator", "draw"]
    call, indicator, draw = game.events[mark:]
    assert (call.meld, call.tiles, call.from_seat) == ("closed_kan", ["5z"] * 4, None)  # type: ignore[attr-defined]
    assert indicator.tile == "2p"  # type: ignore[attr-defined]
    assert (draw.seat, draw.tile, draw.replacement, draw.left) == (0, "6z", True, 68)  # type: ignore[attr-defined]
    assert game.drawn == order[122]  # the first replacement tile
    assert game.wall.left == 68 and game.wall.reserve == [live_end]  # the live wall shrank
    assert len(game.hands[0]) == 11 and len(game.melds[0][0].tiles) == 4
    act(game, 0, "discard 6z")
    assert game.to_act() == [1]
    assert game.legal_actions(1) == [
        Action.from_string(a) for a in ("pon 6z 6z", "kan 6z 6z 6z", "pass")
    ]
    act(game, 1, "kan 6z 6z 6z")
    assert game.melds[1][0].type is MeldType.OPEN_KAN and game.river_flags[0][-1] & CALLED
    assert game.turn == 1 and game.fmt(game.drawn) == "7z" and game.drawn == order[123]  # type: ignore[arg-type]
    assert game.fmt_all(game.wall.revealed) == ["2m", "2p", "2s"] and game.wall.left == 67
    act(game, 1, "discard 7z")
    assert game.legal_actions(2) == [Action.from_string(a) for a in ("pon 7z 7z", "pass")]
    act(game, 2, "pon 7z 7z")
    act(game, 2, "discard 1m")
    for seat, tile in ((3, "9m"), (0, "9p"), (1, "9s")):
        assert game.turn == seat and game.fmt(game.drawn) == tile  # type: ignore[arg-type]
        act(game, seat, f"discard {tile}")
    assert game.turn == 2 and game.fmt(game.drawn) == "7z" and game.wall.left == 63  # type: ignore[arg-type]
    assert Action.from_string("kakan 7z") in game.legal_actions(2)
    mark = len(game.events)
    act(game, 2, "kakan 7z")
    call = game.events[mark]
    assert (call.meld, call.tiles, call.called) == ("added_kan", ["7z"] * 4, "7z")  # type: ignore[attr-defined]
    assert game.melds[2][0].type is MeldType.ADDED_KAN and len(game.melds[2][0].tiles) == 4
    assert game.fmt(game.drawn) == "8m" and game.wall.left == 62  # type: ignore[arg-type]
    assert game.fmt_all(game.wall.revealed) == ["2m", "2p", "2s", "3m"]
    assert len(game.wall.reserve) == 3 and not game.wall.indicators[1:]
    return game


def test_kongs_draw_replacements_from_the_dead_wall() -> None:
    scenario_kongs()


def scenario_bonus() -> Game:
    """Seat 1 is dealt a flower whose replacement is another bonus tile; the dealer's
    first draw is a bonus tile too. Replacements come from the live wall's far end."""
    rules = toy(bonus=True, calls=False, kans=False, hands=1)
    hands = [BASE, "147m147p147s123z1f", BASE, BASE]
    order = make_wall(rules, hands, draws="3f", far="2f4z5z")
    assert len(order) == 144 and rules.tileset.tiles[order[-1]] == Tile(35)  # 2f
    game = new_game(rules, walls=[order])
    seen = [
        (e.type, getattr(e, "tile", None), getattr(e, "replacement", None))
        for e in game.events
        if e.type in ("bonus", "draw") and e.seat == 1  # type: ignore[attr-defined]
    ]
    assert seen == [
        ("bonus", "1f", None),
        ("draw", "2f", True),
        ("bonus", "2f", None),
        ("draw", "4z", True),
    ]
    assert game.fmt_all(game.bonus[1]) == ["1f", "2f"]
    assert faces(game, game.hands[1]) == tiles("147m147p147s1234z")
    deal = next(e for e in game.events if e.type == "deal" and e.seat == 1)  # type: ignore[attr-defined]
    assert "1f" in deal.tiles  # type: ignore[attr-defined]
    dealer = [
        (e.type, e.tile, getattr(e, "replacement", None))  # type: ignore[attr-defined]
        for e in game.events
        if e.type in ("bonus", "draw") and e.seat == 0  # type: ignore[attr-defined]
    ]
    assert dealer == [("draw", "3f", False), ("bonus", "3f", None), ("draw", "5z", True)]
    assert game.fmt_all(game.bonus[0]) == ["3f"] and game.fmt(game.drawn) == "5z"  # type: ignore[arg-type]
    assert game.wall.left == 144 - 52 - 2 - 1 - 1
    assert game.observation(2).bonus == (
        tuple(parse_tiles("3f")),
        tuple(parse_tiles("1f2f")),
        (),
        (),
    )
    hidden = [e for e in game.events_for(2) if e["type"] == "draw" and e["seat"] == 1]
    assert [e["tile"] for e in hidden] == [None, None]  # others see that, not what
    return game


def test_bonus_tile_replaced_twice_in_the_deal() -> None:
    scenario_bonus()


TANKI = "234p567p234s567s5m"  # waits on 5m


def scenario_bloody_three_winners() -> Game:
    """Seats 1 and 2 both ron seat 0's 5m and leave; seat 3 draws and wins: three won."""
    rules = toy(bloody=True, calls=False, kans=False, hands=1)
    hands = [BASE, TANKI, TANKI, "123m456m789m111z5z"]
    game = new_game(rules, walls=[make_wall(rules, hands, draws="5m5z")])
    act(game, 0, "discard 5m")
    assert game.to_act() == [1, 2]
    act(game, 2, "ron")
    act(game, 1, "ron")
    wins = of_type(game, "win")
    assert [(w.seat, w.from_seat, w.payments) for w in wins] == [
        (1, 0, [-3000, 3000, 0, 0]),
        (2, 0, [-3000, 0, 3000, 0]),
    ]
    assert game.status == [PLAYING, WON, WON, PLAYING]
    assert [(e.seat, e.status) for e in of_type(game, "status")] == [(1, "won"), (2, "won")]
    assert game.to_act() == [3] and game.fmt(game.drawn) == "5z"  # type: ignore[arg-type]
    for seat in (1, 2):
        assert game.legal_actions(seat) == [] and game.observation(seat).phase is Phase.WAIT
    assert game.legal_actions(3)[0] == Action(ActionType.TSUMO)
    act(game, 3, "tsumo")
    last = of_type(game, "win")[-1]
    assert (last.seat, last.from_seat, last.payments) == (3, None, [-1000, 0, 0, 1000])
    assert game.over and game.status == [PLAYING, WON, WON, WON]
    assert game.scores == [18000, 28000, 28000, 26000]
    assert of_type(game, "hand_end")[0].deltas == [-7000, 3000, 3000, 1000]
    return game


def test_bloody_three_winners_end_the_hand() -> None:
    scenario_bloody_three_winners()


def scenario_bloody_wall_runs_out() -> Game:
    """Seat 1 wins on the first discard and leaves; seats 0, 2 and 3 draw to the end."""
    rules = toy(bloody=True, calls=False, kans=False, hands=1)
    game = new_game(rules, walls=[make_wall(rules, [BASE, TANKI, BASE, BASE], draws="5m")])
    act(game, 0, "discard 5m")
    mark = len(game.events)
    act(game, 1, "ron")
    assert game.status[1] == WON and game.to_act() == [2]
    while not game.over:
        assert 1 not in game.to_act()
        seat = game.to_act()[0]
        drawn = game.observation(seat).drawn
        assert game.phase is Phase.TURN and drawn is not None  # nothing can be claimed
        act(game, seat, f"discard {drawn}")
    draws = [e.seat for e in game.events[mark:] if e.type == "draw"]  # type: ignore[attr-defined]
    # 84 live tiles: seat 0 drew one before the win, then 2, 3, 0 in turn draw 83
    assert len(draws) == 83 and [draws.count(s) for s in range(4)] == [27, 0, 28, 28]
    assert draws[:4] == [2, 3, 0, 2]
    end = of_type(game, "exhaustive_draw")
    assert len(end) == 1 and game.scores == [22000, 28000, 25000, 25000]
    return game


def test_bloody_winner_leaves_and_the_others_play_to_the_end() -> None:
    scenario_bloody_wall_runs_out()


EXCHANGE_HANDS = [BASE, "258m258p258s1234z", "369m369p369s1234z", BASE]


def scenario_exchange() -> Game:
    """Every seat passes three tiles of one suit; seed 0's die (4) passes them across.
    Then every seat picks a void suit, revealed together."""
    assert random.Random(0).randint(1, 6) == 4  # the first die of seed 0
    rules = toy(exchange=True, calls=False, kans=False, hands=1)
    game = new_game(rules, 0, walls=[make_wall(rules, EXCHANGE_HANDS)])
    assert game.phase is Phase.CHOICE and game.to_act() == [0, 1, 2, 3]
    assert set(game.legal_actions(0)) == {
        Action.from_string(f"exchange 1{s} 4{s} 7{s}") for s in "mps"
    }
    choices = {0: "1m 4m 7m", 1: "2m 5m 8m", 2: "3p 6p 9p", 3: "1s 4s 7s"}
    mark = len(game.events)
    for seat, text in choices.items():
        before = [game.observation(s) for s in range(4)]
        act(game, seat, f"exchange {text}")
        if seat == 3:
            break
        assert len(game.events) == mark  # nothing is revealed before the last answer
        assert game.legal_actions(seat) == [] and seat not in game.to_act()
        assert game.observation(seat).phase is Phase.WAIT
        for other in range(4):
            if other != seat:
                assert game.observation(other) == before[other]
    passed = [e.to_json() for e in game.events[mark:]]
    assert [(e["src"], e["dst"], e["tiles"]) for e in passed] == [
        (0, 2, ["1m", "4m", "7m"]),
        (1, 3, ["2m", "5m", "8m"]),
        (2, 0, ["3p", "6p", "9p"]),
        (3, 1, ["1s", "4s", "7s"]),
    ]
    for seat in (None, 0, 1, 2, 3):  # None: a spectator, who sees no tiles
        seen = [e for e in game.events_for(seat)[mark:] if e["type"] == "exchange"]
        assert [e["tiles"] is not None for e in seen] == [
            seat in (e["src"], e["dst"]) for e in seen
        ]
    assert faces(game, game.hands[0]) == tiles("147p369p147s1234z")
    assert faces(game, game.hands[1]) == tiles("258p147s258s1234z")
    assert faces(game, game.hands[2]) == tiles("147m369m369s1234z")
    assert faces(game, game.hands[3]) == tiles("147m258m147p1234z")
    # the void choice: hidden until all four have chosen
    assert game.window is not None and game.window.kind == "void"
    assert game.legal_actions(2) == [Action(ActionType.VOID, choice=c) for c in "mps"]
    mark = len(game.events)
    voids = ["m", "p", "s", "m"]
    for seat in (2, 0, 3, 1):
        before = [game.observation(s) for s in range(4)]
        logs = [game.events_for(s) for s in range(4)]
        act(game, seat, f"void {voids[seat]}")
        if seat == 1:
            break
        assert [game.events_for(s) for s in range(4)] == logs
        for other in range(4):
            obs = game.observation(other)
            assert obs.extra.void == (None,) * 4
            if other != seat:
                assert obs == before[other]
    assert [e.type for e in game.events[mark:]] == ["choices", "draw"]
    assert game.events[mark].to_json() == {"type": "choices", "what": "void", "values": voids}
    assert all(game.observation(s).extra.void == tuple(voids) for s in range(4))
    assert game.phase is Phase.TURN and game.turn == 0
    return game


def test_exchange_and_hidden_void_choice() -> None:
    scenario_exchange()


def scenario_chips() -> Game:
    rules = toy(chips=True, calls=False, kans=False, hands=1)
    hands = [BASE, BASE, BASE, TANKI]
    game = new_game(rules, walls=[make_wall(rules, hands, draws="5m")])
    assert game.events[0].accounts == {  # type: ignore[attr-defined]
        "points": [25000] * 4,
        "chips": [10] * 4,
    }
    act(game, 0, "discard 5m")
    act(game, 3, "ron")
    moves = [(e.account, e.src, e.dst, e.amount) for e in of_type(game, "transfer")]
    assert moves == [("points", 0, 3, 3000), ("chips", 0, 3, 1)]
    assert game.scores == [22000, 25000, 25000, 28000]
    assert game.ledger.accounts["chips"] == [9, 10, 10, 11]
    assert of_type(game, "hand_end")[0].accounts == {"chips": [9, 10, 10, 11]}
    assert of_type(game, "game_end")[0].result == {"chips": [9, 10, 10, 11]}
    assert sum(game.scores) == 100000 and sum(game.ledger.accounts["chips"]) == 40
    return game


def test_chips_beside_points() -> None:
    game = scenario_chips()
    game.ledger.accounts["chips"][1] += 1
    with pytest.raises(AssertionError, match="chips not conserved"):
        game.validate()
    game.ledger.accounts["chips"][1] -= 1
    game.validate()
    game.scores[2] -= 5  # the points account is checked on its own
    with pytest.raises(AssertionError, match="points not conserved"):
        game.validate()


def scenario_abort() -> Game:
    rules = toy(abort=True, calls=False, kans=False, hands=2)
    game = new_game(rules, 5, walls=[make_wall(rules, [BASE, BASE, BASE, TANKI])])
    assert Action(ActionType.ABORT) in game.legal_actions(0)
    mark = len(game.events)
    act(game, 0, "abort")
    assert [e.type for e in game.events[mark : mark + 3]] == ["abort", "hand_end", "hand_start"]
    abort, end, start = game.events[mark : mark + 3]
    assert (abort.reason, abort.seat) == ("dealer", 0)  # type: ignore[attr-defined]
    assert end.deltas == [0, 0, 0, 0] and not of_type(game, "transfer")  # type: ignore[attr-defined]
    assert (start.hand, start.dealer) == (1, 1)  # type: ignore[attr-defined]
    assert game.hand_number == 1 and game.dealer == 1 and game.scores == [25000] * 4
    assert game.to_act() == [1] and Action(ActionType.ABORT) in game.legal_actions(1)
    assert len(game.hands[1]) == 14 and sum(len(h) for h in game.hands) == 53
    return game


def test_abort_ends_the_hand_without_payments() -> None:
    scenario_abort()
    rules = toy(abort=True, calls=False, kans=False, hands=1)
    game = new_game(rules, walls=[make_wall(rules, [BASE] * 3 + [TANKI], draws="9m")])
    act(game, 0, "discard 9m")  # not the dealer's first turn any more: no abort for anyone
    assert game.to_act() == [1] and Action(ActionType.ABORT) not in game.legal_actions(1)


def test_dense_action_space_of_the_toy() -> None:
    rules = toy(bonus=True)
    space = rules.layout
    assert space.size == len(rules.all_actions())  # no duplicates
    assert space.index(Action.from_string("exchange 9s 9s 9s")) >= 0
    assert space.index(Action.from_string("discard 4h")) >= 0
    with pytest.raises(NotationError):
        space.index(Action.from_string("chi 1m 4m"))


# ====================================================================== 5. events


SCENARIOS = [
    scenario_chi,
    scenario_kongs,
    scenario_bonus,
    scenario_bloody_three_winners,
    scenario_bloody_wall_runs_out,
    scenario_exchange,
    scenario_chips,
    scenario_abort,
]


def test_every_event_type_appears_and_round_trips() -> None:
    games = [scenario() for scenario in SCENARIOS]
    games.append(robbed_game())  # a robbed kong (the toy ruleset has no robbing)
    for seed in range(100):  # a misdeclared win (Suzume's tutorial preset)
        game = play_random(get_ruleset("suzume", SUZUME_CONFIGS[1]), seed)
        if of_type(game, "misdeclared"):
            games.append(game)
            break
    events: list[Event] = [e for g in games for e in g.events]
    assert {e.type for e in events} == ENGINE_EVENTS and len(ENGINE_EVENTS) == 19
    for e in events:
        assert event_from_json(json.loads(json.dumps(e.to_json()))) == e
