"""Hong Kong on the engine: scripted hands on injected walls (deal and bonus tiles, claims
and their priority, kongs, robbing, kong bloom, payments, the dealer rotation of the seed's
18-hand table) and random games checked after every step."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows.agents import make_agent
from sparrows.cli.play import TerminalTable
from sparrows.engine import ActionType, Game, Phase
from sparrows.reasons import Reason
from sparrows.rules import get_ruleset
from sparrows.tiles import MeldType, parse_tiles
from tests.conftest import sized
from tests.support.chinese_walls import act, check_random_games, order_for, pass_all, play_out

A = ActionType


def hk(**options: object) -> object:
    return get_ruleset("hongkong", dict(options))


def test_deal_gives_the_dealer_14_and_replaces_bonus_tiles_in_turn_order() -> None:
    rules = hk()
    # East holds a flower, South a season. Replacements come from the far end of the
    # wall (2f, then 3m, then 4m), in rounds in turn order from East: East's 1f -> 2f,
    # South's 1h -> 3m; a second round: East's 2f -> 4m.
    deal = ["1f123m456m789m1122p", "1h123s456s789s334p", "555p666p777p1112z", "555z666z777z1234s"]
    order = order_for(rules, deal, back="2f3m4m")
    game = Game(rules, 1, walls=[order])
    faces = game.faces
    assert [faces[t] for t in game.bonus[0]] == parse_tiles("1f2f")
    assert [faces[t] for t in game.bonus[1]] == parse_tiles("1h")
    assert len(game.hands[0]) == 14 and len(game.hands[1]) == 13
    assert sorted(faces[t] for t in game.hands[0]) == sorted(parse_tiles("4m123m456m789m1122p"))
    assert sorted(faces[t] for t in game.hands[1]) == sorted(parse_tiles("3m123s456s789s334p"))
    assert game.turn == 0 and game.drawn is None  # the dealer discards first, no draw
    game.validate()


def test_a_bonus_tile_drawn_in_play_is_replaced_at_once() -> None:
    rules = hk()
    deal = ["123m456m789m1122p9s", "345p678p999p111z5z", "555z666z777z1234s", "147m258p369s2344z"]
    game = Game(rules, 1, walls=[order_for(rules, deal, draws="3h", back="9p")])
    act(game, 0, A.DISCARD, "9s")
    pass_all(game)
    assert game.turn == 1
    assert [game.faces[t] for t in game.bonus[1]] == parse_tiles("3h")
    assert game.faces[game.drawn] == parse_tiles("9p")[0]  # type: ignore[index]


# East discards 5p: South (next) can chow with 46p, West can pung with 55p, North wins on
# it (123m 456m 789m 123s + a 5p single wait).
EAST_5P = "5p123m456m789m1112z"
CLAIMS = [EAST_5P, "46p123s456s789s78s", "55p556677z2233z8m", "123m456m789m123s5p"]


def test_claim_priority_ron_over_pung_over_chow() -> None:
    game = Game(hk(min_faan=0), 1, walls=[order_for(hk(), CLAIMS)])
    act(game, 0, A.DISCARD, "5p")
    assert sorted(game.to_act()) == [1, 2, 3]
    assert {a.type for a in game.legal_actions(1)} == {A.CHI, A.PASS}
    assert {a.type for a in game.legal_actions(2)} == {A.PON, A.PASS}
    assert {a.type for a in game.legal_actions(3)} == {A.RON, A.PASS}
    act(game, 1, A.CHI)
    act(game, 2, A.PON)
    act(game, 3, A.RON)
    result = game.hand_results[-1]
    assert result.winner == 3 and result.from_seat == 0
    assert not game.melds[1] and not game.melds[2]


def test_pung_beats_chow_and_chow_only_from_the_left() -> None:
    deal = [EAST_5P, "46p123s456s789s78s", "55p556677z2233z8m", "46p999m234z5566z7s"]
    game = Game(hk(), 1, walls=[order_for(hk(), deal)])
    act(game, 0, A.DISCARD, "5p")
    assert sorted(game.to_act()) == [1, 2]  # North holds 46p too, but is not next: no chow
    act(game, 1, A.CHI)
    act(game, 2, A.PON)
    assert [m.type for m in game.melds[2]] == [MeldType.PON] and not game.melds[1]
    assert game.turn == 2 and game.phase is Phase.TURN and game.drawn is None


def test_kong_bloom_is_self_drawn_on_the_replacement_and_pays_as_tsumo() -> None:
    # East: (1111m) 23m 456p 789p 55s; the replacement from the far end is 4m.
    deal = ["1111m23m456p789p55s", "258m258p369s1123z", "369m147p147s5z6z7z7z", "369m369p258s4444z"]
    game = Game(hk(min_faan=0), 1, walls=[order_for(hk(), deal, back="4m")])
    act(game, 0, A.ANKAN, "1m")
    assert game.faces[game.drawn] == parse_tiles("4m")[0]  # type: ignore[index]
    act(game, 0, A.TSUMO)
    result = game.hand_results[-1]
    assert result.winner == 0 and result.from_seat is None
    # chicken 0 + concealed 1 + self-drawn 1 + kong bloom 1 + no flowers 1 = 4 faan;
    # half-spicy 4 faan = 16 a share; a self-draw takes 2 shares from each: 32.
    assert sorted(result.items) == sorted(
        ["chicken", "concealed", "self_drawn", "kong_bloom", "no_flowers"]
    )
    assert game.scores == [96, -32, -32, -32]


# East throws 1m; South (111m 23m 456p 789p 55s) claims it for an exposed kong and
# draws the replacement 4m from the far end: 234m 456p 789p 55s with the kong.
FED_KONG = ["1m258m369p147s1235z", "111m23m456p789p55s", "47m258p369s45677z", "369m147p258s6677z"]


@pytest.mark.parametrize("feeder_pays", [False, True])
def test_kong_bloom_on_a_claimed_kong(feeder_pays: bool) -> None:
    """A kong bloom after a kong claimed from East's discard. The win is self-drawn (the
    replacement was drawn): chicken 0 + self-drawn 1 + kong bloom 1 + no flowers 1 = 3
    faan (the exposed kong: no concealed hand), half-spicy 3 faan = 8 a share.

    * ``kong_bloom_feeder_pays`` off (the spec's default): paid as a self-draw, 2 shares
      from each: South +48, the others -16 each.
    * on: East, the kong's feeder, pays as a discarder (half gun): 2 shares (16), West
      and North 1 share (8) each: South +32. The win stays self-drawn (no ``from``: it
      is no deal-in; the faan are the same), and the report and the event's detail name
      East as ``paid_by``; the terminal says so beside the payments."""
    rules = hk(kong_bloom_feeder_pays=feeder_pays)
    game = Game(rules, 1, walls=[order_for(rules, FED_KONG, back="4m")])
    act(game, 0, A.DISCARD, "1m")
    act(game, 1, A.KAN)
    (meld,) = game.melds[1]
    assert meld.type is MeldType.OPEN_KAN and meld.from_seat == 0
    assert game.turn == 1 and game.faces[game.drawn] == parse_tiles("4m")[0]  # type: ignore[index]
    act(game, 1, A.TSUMO)
    result = game.hand_results[-1]
    assert result.winner == 1 and result.from_seat is None
    assert sorted(result.items) == sorted(["chicken", "self_drawn", "kong_bloom", "no_flowers"])
    assert result.points == 3
    win = next(e for e in game.events if e.type == "win")
    assert win.from_seat is None  # type: ignore[attr-defined]
    if feeder_pays:
        assert result.facts["paid_by"] == 0 and win.detail["paid_by"] == 0  # type: ignore[attr-defined]
        assert game.scores == [-16, 32, -8, -8]
    else:
        assert "paid_by" not in result.facts and "paid_by" not in win.detail  # type: ignore[attr-defined]
        assert game.scores == [-16, 48, -16, -16]
    assert win.payments == game.scores  # type: ignore[attr-defined]
    out = io.StringIO()
    TerminalTable(game, 0, out, io.StringIO(), False).show_event(win.to_json())
    text = out.getvalue()
    assert "by tsumo (self-drawn)" in text
    assert ("You pay as the discarder, having fed the kong" in text) is feeder_pays


ROB = [EAST_5P, "55p123s456s789s3z4z", "46p123m456m789m11s", "147m258s369s5566z"]


@pytest.mark.parametrize("min_faan", [0, 5])
def test_robbing_an_added_kong(min_faan: int) -> None:
    # East discards 5p; South pungs it (West, waiting on 5p, lets it go), discards 4z;
    # West, North and East draw and discard 9p; South draws the fourth 5p and adds it
    # to its pung: West robs it. West's hand: common hand 1 + concealed 1 + robbing 1 +
    # no flowers 1 = 4 faan (16 a share, the robbed South paying as a discarder: 2
    # shares, the others 1). With min_faan 5 the robbing is not offered.
    game = Game(hk(min_faan=min_faan), 1, walls=[order_for(hk(), ROB, draws="9p9p9p5p")])
    act(game, 0, A.DISCARD, "5p")
    act(game, 1, A.PON)
    if 2 in game.to_act():
        act(game, 2, A.PASS)
    act(game, 1, A.DISCARD, "4z")
    for seat in (2, 3, 0):
        assert game.turn == seat
        act(game, seat, A.DISCARD, "9p")
        pass_all(game)
    assert game.turn == 1
    act(game, 1, A.KAKAN, "5p")
    if min_faan == 0:
        assert game.phase is Phase.CLAIM and game.to_act() == [2]
        act(game, 2, A.RON)
        result = game.hand_results[-1]
        assert result.winner == 2 and result.from_seat == 1
        assert "robbing_kong" in result.items
        assert game.scores == [-16, -32, 64, -16]
    else:
        assert game.phase is Phase.TURN and game.turn == 1  # the replacement draw
        assert game.melds[1][0].type is MeldType.ADDED_KAN
        kong_tile = game.melds[1][0].tiles[-1]
        reason = game.ruleset.no_win_reason(game, 2, kong_tile)
        assert reason is not None and "min_faan" in reason
        assert isinstance(reason, Reason) and reason.key in {"below_faan", "below_faan_no_bonus"}
        assert int(reason.args["faan"]) < int(reason.args["need"])


SEED_TABLE = [
    # (dealer seat, round wind, outcome): N = a non-dealer wins, D = the dealer wins,
    # X = exhaustive draw; the seed's 18 hands (004, "Wind Rotation Example").
    (0, 0, "N"), (1, 0, "N"), (2, 0, "N"), (3, 0, "N"),
    (0, 1, "N"), (1, 1, "N"), (2, 1, "X"), (2, 1, "N"), (3, 1, "N"),
    (0, 2, "N"), (1, 2, "N"), (2, 2, "N"), (3, 2, "N"),
    (0, 3, "N"), (1, 3, "D"), (1, 3, "N"), (2, 3, "N"), (3, 3, "N"),
]  # fmt: skip

WEST_NORTH = ["258m147p147s5z6z7z7z", "369m369p258s1233z"]
NON_DEALER = [EAST_5P, "123m456m789s123s5p", *WEST_NORTH]  # South wins on East's 5p
DEALER = ["123m456m789m123p55p", "147m258p369s1123z", *WEST_NORTH]  # East's dealt 14 win
DRAW = ["147m258p369s1234z9p", "147m258p369s1234z", *WEST_NORTH]


def test_the_seeds_18_hand_wind_rotation_table() -> None:
    rules = hk(min_faan=0)
    walls = []
    for _, _, outcome in SEED_TABLE:
        deal = {"N": NON_DEALER, "D": DEALER, "X": DRAW}[outcome]
        walls.append(order_for(rules, deal))
    game = Game(rules, 7, walls=walls)
    seen = []
    while not game.over:
        dealer, wind = game.dealer, game.round_wind
        seen.append((dealer, wind, [(p - dealer) % 4 for p in range(4)]))
        outcome = SEED_TABLE[game.hand_number][2]
        if outcome == "D":
            act(game, dealer, A.TSUMO)  # the heavenly hand
        elif outcome == "N":
            act(game, dealer, A.DISCARD, "5p")
            act(game, (dealer + 1) % 4, A.RON)  # the earthly hand
            pass_all(game)
        else:  # nobody wins: every turn discards the drawn tile, every claim passes
            hand = game.hand_number
            play_out(game)
            assert game.hand_results[hand].winner is None
    assert len(seen) == 18
    assert [(d, w) for d, w, _ in seen] == [(d, w) for d, w, _ in SEED_TABLE]
    # Player 1 (seat 0) is North at hand 2, West at hand 3, South at hand 4 (the table).
    assert [winds[0] for _, _, winds in seen[:4]] == [0, 3, 2, 1]
    assert sum(game.scores) == 0


def test_random_games_validate_and_replay() -> None:
    check_random_games(hk(max_hands=6), range(3), ["efficiency", "random"] * 2)


def test_many_random_games_conserve_tiles_and_points_and_replay() -> None:
    # A thousand games in make test-all; every step validated (tiles in one place
    # each, accounts conserved, hand sizes, keys), every record replayed to its scores.
    check_random_games(hk(max_hands=4, min_faan=1), range(sized(25, 1000)))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_property_any_seed_conserves_points(seed: int) -> None:
    rules = hk(max_hands=3, min_faan=0)
    game = Game(rules, seed, record=False)
    bots = [make_agent("random", seed * 4 + s, rules) for s in range(4)]
    while not game.over:
        for seat, legal in game.decisions():
            game.step(seat, bots[seat].act(None, legal))
        game.validate()
    assert sum(game.scores) == 0


def test_no_self_drawn_win_on_a_claimed_tile() -> None:
    # South pungs East's 5p although the 5p would complete its hand: on the turn after
    # the pung the hand is complete, but a self-drawn win needs a drawn tile.
    deal = [EAST_5P, "55p123s456s666z99s", "369m147p147s2z5z7z7z", "369m369p258s1233z"]
    game = Game(hk(min_faan=0), 1, walls=[order_for(hk(), deal)])
    act(game, 0, A.DISCARD, "5p")
    assert {a.type for a in game.legal_actions(1)} >= {A.RON, A.PON}
    act(game, 1, A.PON)
    pass_all(game)
    assert game.turn == 1 and A.TSUMO not in {a.type for a in game.legal_actions(1)}
