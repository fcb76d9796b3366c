"""Three Sichuan flow rules worked by hand from seed 004 and ``../shared/rules/sichuan.md``
(issue 24), each on an injected wall with the payments worked out in comments:

1. a robbed added gang goes back to a pung (its fourth tile is the robber's), so a later
   exhaustive draw counts no Root for it;
2. the pass-Hu lock lasts until the player's next draw, not its next turn (a pung after a
   passed win does not lift it);
3. the call transfer with several winners on the discard after a gang divides the gang's
   points (the remainder to the winner nearest the discarder's right), or pays each winner
   all of them with ``call_transfer="each"``.
"""

from __future__ import annotations

import pytest

from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.board import PLAYING, WON
from sparrows.errors import OptionsError
from sparrows.reasons import Reason
from sparrows.rules import get_ruleset
from sparrows.tiles import MeldType
from tests.support.chinese_walls import act, order_for, pass_all, play_out

A = ActionType


def sichuan(**options: object) -> object:
    return get_ruleset("sichuan", {"exchange": False, **options})


def order_13(rules: object, deal: list[str], draws: str = "", back: str = "") -> list[int]:
    return order_for(rules, deal, draws, back, sizes=(13, 13, 13, 13))


def choose_voids(game: Game, choice: dict[int, str] | None = None) -> None:
    assert game.window is not None and game.window.kind == "void"
    for seat in list(game.to_act()):
        want = (choice or {}).get(seat)
        legal = game.legal_actions(seat)
        game.step(seat, next((a for a in legal if a.choice == want), legal[0]))
        game.validate()


def types(game: Game, seat: int) -> set[ActionType]:
    return {a.type for a in game.legal_actions(seat)}


# ---------------------------------------------------------------------- 1. robbed gang

# East (void p, forced) throws 5m; South (55m 111p 234p 567p 9p 1s, void s) pungs it while
# West (46m 77m 222p 333p 444p, void s forced), waiting on 5m, passes; South throws its
# void 1s. West, North (void p, forced) and East throw what they draw (8m 9m 2m); South
# draws the fourth 5m and adds it to its pung; West robs it and leaves. East, South and
# North play on, each throwing what it draws, to the end of the wall.
ROBBED = ["5m139m112337799s", "55m111234567p9p1s", "46m77m222333444p", "2468m22446688s5s"]
ROBBED_DRAWS = "5s8m9m2m5m"


def robbed_window() -> Game:
    """The game of :func:`robbed_game` while West may rob South's added gang."""
    rules = sichuan(hands=1)
    game = Game(rules, 1, walls=[order_13(rules, ROBBED, draws=ROBBED_DRAWS)])
    choose_voids(game, {1: "s"})
    assert game.state.hand.void == [1, 2, 2, 1]  # p for East and North, s for the others
    act(game, 0, A.DISCARD, "5m")
    assert types(game, 2) == {A.RON, A.PASS} and A.PON in types(game, 1)
    act(game, 2, A.PASS)
    act(game, 1, A.PON)
    act(game, 1, A.DISCARD, "1s")
    pass_all(game)  # East could pung the 1s
    for seat, tile in ((2, "8m"), (3, "9m"), (0, "2m")):
        assert game.turn == seat and game.fmt(game.drawn) == tile  # type: ignore[arg-type]
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    assert game.turn == 1 and game.fmt(game.drawn) == "5m"  # type: ignore[arg-type]
    act(game, 1, A.KAKAN, "5m")
    assert game.phase is Phase.CLAIM and game.to_act() == [2]
    return game


def robbed_game() -> Game:
    game = robbed_window()
    act(game, 2, A.RON)
    return game


def test_the_rob_window_shows_the_added_gang() -> None:
    """While West may rob, every seat sees South's added gang (declared in public: the
    tile is laid on the pung, then robbed): four 5m in the meld, South with 10 concealed
    tiles (13 - 2 for the pung - its void 1s + the 5m drawn - the 5m added), every 5m
    seen, no replacement drawn and no gang points paid yet (they are paid once it
    stands). Only West is asked."""
    game = robbed_window()
    left = game.wall.left
    for seat in range(4):
        view = game.observation(seat)
        (meld,) = view.melds[1]
        assert meld.type is MeldType.ADDED_KAN and [str(t) for t in meld.tiles] == ["5m"] * 4
        assert view.concealed == (13, 10, 13, 13) and view.wall_left == left
        assert view.seen()[4] == 4  # 5m: the called one once, in the meld
        assert view.scores == (0, 0, 0, 0)
        assert game.events_for(seat)[-1]["type"] == "call"
        asked = (Phase.CLAIM, "rob") if seat == 2 else (Phase.WAIT, None)
        assert (view.phase, view.window) == asked


def test_a_robbed_added_gang_goes_back_to_a_pung() -> None:
    game = robbed_game()
    # West: 456m 77m 222p 333p 444p, standard 0 + robbing the gang 1 = 1 faan = 2 points,
    # paid by the robbed South; a robbed gang pays no gang points.
    assert game.scores == [0, -2, 2, 0]
    south = game.melds[1]
    assert [m.type for m in south] == [MeldType.PON] and len(south[0].tiles) == 3
    assert {game.fmt(t) for t in south[0].tiles} == {"5m"}
    # the fourth 5m left the meld for West's hand: 14 tiles, the robbed one among them
    assert len(game.hands[2]) == 14 and game.robbed is not None
    robber, tile = game.robbed
    assert robber == 2 and tile in game.hands[2] and game.fmt(tile) == "5m"
    robbed = [e for e in game.events if e.type == "robbed"]
    assert [(e.seat, e.tile, e.robber, e.meld) for e in robbed] == [(1, "5m", 2, "added_kan")]  # type: ignore[attr-defined]
    # the other seats see the pung back in their views
    for seat in (0, 1, 3):
        (meld,) = game.observation(seat).melds[1]
        assert meld.type is MeldType.PON and len(meld.tiles) == 3
    # South holds 13 (10 concealed + the pung) and the turn passes on to North, with no
    # gang bloom pending: a self-drawn win now would not count one
    assert len(game.hands[1]) == 10 and game.status[2] == WON
    assert game.turn == 3 and not game.state.hand.after_kong
    game.validate()


def test_the_robbed_pung_earns_no_root_at_the_exhaustive_draw() -> None:
    game = robbed_game()
    play_out(game)  # everyone throws what they draw: nobody else wins
    assert game.over
    # At the draw: South (pung 5m + 111p 234p 567p 9p) waits on 8p or 9p, 0 faan, best
    # score 1 (with the phantom fourth 5m it was a Root: 2). East (139m 1123357799s) and
    # North (2468m 22446688s 5s) are not waiting and pay it 1 each. East 0 - 1 = -1,
    # South -2 + 2 = 0, West 2, North -1.
    draw = game.hand_results[-1]
    assert draw.facts["draw_payments"] == [-1, 2, 0, -1]
    assert game.scores == [-1, 0, 2, -1]
    assert sum(game.scores) == 0


# ---------------------------------------------------------------------- 2. pass-Hu lock

# South (55m 77m 111p 222p 333p, void s forced) waits on 5m or 7m. East throws 5m: South
# pungs it instead of winning, so it passed the win and is locked; it throws 1p, still
# waiting on 7m (and 1p, 4p). West throws the 7m it draws: South may pung it but not win on
# it, since it has not drawn since. North, East and South throw what they draw (1m 3m 9m);
# after that draw West's second 7m may be won on.
LOCK = ["5m139m112337799s", "55m77m111222333p", "2468m22446688s9s", "44668899p24688m"]


def test_a_pung_after_a_passed_win_keeps_the_pass_hu_lock() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, LOCK, draws="5s7m1m3m9m7m")])
    choose_voids(game)
    act(game, 0, A.DISCARD, "5m")
    assert types(game, 1) == {A.RON, A.PON, A.PASS}
    act(game, 1, A.PON)
    assert game.state.hand.hu_lock[1]  # the win on 5m was passed
    assert game.turn == 1 and game.turn_draw == 2  # NO_DRAW: a turn after the pung
    act(game, 1, A.DISCARD, "1p")
    assert game.state.hand.hu_lock[1]  # still locked: no draw yet
    assert game.turn == 2 and game.fmt(game.drawn) == "7m"  # type: ignore[arg-type]
    act(game, 2, A.DISCARD, "7m")
    assert game.to_act() == [1] and types(game, 1) == {A.PON, A.PASS}  # no Hu
    # the lock, not a discard of the kind (the reason said so before)
    reason = game.ruleset.no_win_reason(game, 1, game.last_discard[1])  # type: ignore[index]
    assert isinstance(reason, Reason) and reason.key == "passed_win"
    assert reason.startswith("you passed a win since your last draw")
    act(game, 1, A.PASS)
    for seat, tile in ((3, "1m"), (0, "3m"), (1, "9m")):
        assert game.turn == seat and game.fmt(game.drawn) == tile  # type: ignore[arg-type]
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    assert not game.state.hand.hu_lock[1]  # South drew: the lock is lifted
    act(game, 2, A.DISCARD, "7m")
    assert A.RON in types(game, 1)
    act(game, 1, A.RON)
    assert game.status[1] == WON


# East throws 5m and South pungs it (West, 34m 7m 1m 222p 333p 444p, is not ready yet);
# South throws its void 1s. West draws 7m and throws 1m: now it waits on 2m or 5m. North
# throws its 9m. East throws the 2m it draws: West passes the win and is locked. South draws
# the fourth 5m and adds it: West, locked since it has not drawn, may not rob it; the gang
# stands (1 from each other player: South +3) and South draws its replacement.
LOCKED_ROB = ["5m139m112337799s", "55m111234567p9p1s", "34m7m1m222333444p", "2468m22446688s5s"]


def test_the_lock_also_stops_robbing_a_gang_until_the_next_draw() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, LOCKED_ROB, draws="5s7m9m2m5m")])
    choose_voids(game, {1: "s"})
    act(game, 0, A.DISCARD, "5m")
    act(game, 1, A.PON)
    act(game, 1, A.DISCARD, "1s")
    pass_all(game)
    act(game, 2, A.DISCARD, "1m")
    act(game, 3, A.DISCARD, "9m")
    act(game, 0, A.DISCARD, "2m")
    assert game.to_act() == [2] and types(game, 2) == {A.RON, A.PASS}
    act(game, 2, A.PASS)
    assert game.turn == 1 and game.fmt(game.drawn) == "5m"  # type: ignore[arg-type]
    act(game, 1, A.KAKAN, "5m")
    assert game.phase is Phase.TURN and game.turn == 1 and game.turn_draw == 1  # replacement
    assert game.scores == [-1, 3, -1, -1]
    assert game.melds[1][0].type is MeldType.ADDED_KAN


# ---------------------------------------------------------------------- 3. call transfer

# East (void p) makes a concealed gang of 1m: 2 from each of the others (East +6). It
# draws the replacement 9s and throws 5s: South (123456789p 1155s, void m) and West
# (234567m 888m 99m 34s, void p) both win on it. Each: standard 0 + discard after a gang
# 1 = 1 faan = 2 points from East.
TWO = ["1111m23m456m789m5s", "123456789p1155s", "234567m888m99m34s", "234567p6677889s"]


@pytest.mark.parametrize(
    ("mode", "scores", "shares"),
    [
        # split: the 6 gang points 3 + 3. East +6 -2 -2 -3 -3 = -4; South -2 +2 +3 = 3;
        # West -2 +2 +3 = 3; North -2.
        ("split", [-4, 3, 3, -2], [3, 3]),
        # each: 6 to each winner: East +6 -4 -12 = -10; South and West -2 +2 +6 = 6.
        ("each", [-10, 6, 6, -2], [6, 6]),
        # off: no transfer, the gang stays East's: East +6 -4 = 2; South and West 0.
        ("off", [2, 0, 0, -2], [None, None]),
    ],
)
def test_call_transfer_with_two_winners(mode: str, scores: list[int], shares: list[object]) -> None:
    rules = sichuan(call_transfer=mode)
    game = Game(rules, 1, walls=[order_13(rules, TWO, draws="9m", back="9s")])
    choose_voids(game)
    act(game, 0, A.ANKAN, "1m")
    assert game.scores == [6, -2, -2, -2]
    act(game, 0, A.DISCARD, "5s")
    assert sorted(game.to_act()) == [1, 2]
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    assert game.scores == scores and sum(game.scores) == 0
    wins = [e for e in game.events if e.type == "win"]
    assert [w.seat for w in wins] == [1, 2]  # type: ignore[attr-defined]
    assert [w.detail.get("call_transfer") for w in wins] == shares  # type: ignore[attr-defined]
    assert len(game.state.hand.gangs) == (1 if mode == "off" else 0)  # transferred: no refund


# South pungs East's 9m, throws 1p; West, North and East throw what they draw; South draws
# the fourth 9m and adds it: 1 from each player still in (South +3). Its replacement is
# 5s, thrown at once: West (111m 234567m 88m 34s) and North (123456789p 11s 46s) win on it,
# 2 points each (1 faan: discard after a gang). The 3 gang points split 2 to West (the
# nearer to South's right) and 1 to North. East -1; South +3 -2 -2 -3 = -4; West -1 +2 +2
# = 3; North -1 +2 +1 = 2.
ADDED = ["9m1357m11337799s", "99m123456789p12p", "111m234567m88m34s", "123456789p11s46s"]


def test_the_remainder_of_a_split_goes_to_the_winner_nearest_the_discarders_right() -> None:
    rules = sichuan()
    game = Game(rules, 1, walls=[order_13(rules, ADDED, draws="5m2m6m4m9m", back="5s")])
    choose_voids(game)
    act(game, 0, A.DISCARD, "9m")
    act(game, 1, A.PON)
    act(game, 1, A.DISCARD, "1p")
    for seat, tile in ((2, "2m"), (3, "6m"), (0, "4m")):
        assert game.turn == seat and game.fmt(game.drawn) == tile  # type: ignore[arg-type]
        act(game, seat, A.DISCARD, tile)
        pass_all(game)
    act(game, 1, A.KAKAN, "9m")
    assert game.phase is Phase.TURN and game.scores == [-1, 3, -1, -1]
    assert game.fmt(game.drawn) == "5s"  # type: ignore[arg-type]
    act(game, 1, A.DISCARD, "5s")
    assert sorted(game.to_act()) == [2, 3]
    act(game, 3, A.RON)
    act(game, 2, A.RON)
    assert game.scores == [-1, -4, 3, 2]
    wins = [e for e in game.events if e.type == "win"]
    assert [(w.seat, w.detail["call_transfer"]) for w in wins] == [(2, 2), (3, 1)]  # type: ignore[attr-defined]
    assert [game.status[s] for s in range(4)] == [PLAYING, PLAYING, WON, WON]


def test_call_transfer_takes_one_of_its_modes() -> None:
    with pytest.raises(OptionsError, match=r"must be one of .split., .each., .off."):
        get_ruleset("sichuan", {"call_transfer": "half"})


# ---------------------------------------------------------------------- gang bloom paid by
# the feeder (issue 19, item 29a): East (void m) throws its 1m; South (111m 23m 456p 789p
# 55p, void s) claims it for an exposed gang and draws the replacement 4m from the far end.
FED_GANG = ["1m258p369p147s258s", "111m23m456p789p55p", "369m147p258s369s1s", "58m369p147s369s28p"]


@pytest.mark.parametrize("feeder_pays", [False, True])
def test_gang_bloom_on_a_claimed_gang(feeder_pays: bool) -> None:
    """The exposed gang's points at once: 2 x base (base 1) from East, the feeder. South
    wins on the replacement: standard win 0 + Root 1 + self-drawn 1 + gang bloom 1 = 3
    faan, score 1 x 2^3 = 8. Paid as a self-draw (``gang_bloom_claimed_pays`` off): 8 from
    each player still in, South +2 + 24 = 26, East -2 - 8 = -10, West and North -8. With
    the option East pays it alone, as a discarder: East -2 - 8 = -10, South +10. The win
    is self-drawn either way (same faan, no ``from``); the feeder is ``paid_by``."""
    rules = sichuan(gang_bloom_claimed_pays=feeder_pays)
    game = Game(rules, 1, walls=[order_13(rules, FED_GANG, draws="3p", back="4m")])
    choose_voids(game, {0: "m", 1: "s"})
    act(game, 0, A.DISCARD, "1m")
    act(game, 1, A.KAN)
    assert game.turn == 1 and game.fmt(game.drawn) == "4m"  # type: ignore[arg-type]
    assert game.scores == [-2, 2, 0, 0]  # the exposed gang's points
    act(game, 1, A.TSUMO)
    result = game.hand_results[-1]
    assert result.winner == 1 and result.from_seat is None and result.points == 8
    assert sorted(result.items) == ["gang_bloom", "root", "self_drawn", "standard_win"]
    win = next(e for e in game.events if e.type == "win")
    assert win.from_seat is None  # type: ignore[attr-defined]
    if feeder_pays:
        assert result.facts["paid_by"] == 0 and win.detail["paid_by"] == 0  # type: ignore[attr-defined]
        assert win.payments == [-8, 8, 0, 0]  # type: ignore[attr-defined]
        assert game.scores == [-10, 10, 0, 0]
    else:
        assert "paid_by" not in result.facts and "paid_by" not in win.detail  # type: ignore[attr-defined]
        assert win.payments == [-8, 24, -8, -8]  # type: ignore[attr-defined]
        assert game.scores == [-10, 26, -8, -8]
