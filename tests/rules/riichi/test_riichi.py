"""Riichi scripted on injected walls: the declaration and its stick, ippatsu, double
riichi, furiten of every kind, and robbing a kan. How these tests are written:
``tests/support/riichi_walls.py``."""

from __future__ import annotations

import pytest

from sparrows.advice import advice_for
from sparrows.engine import ActionType, Phase
from sparrows.engine.board import RIICHI
from sparrows.engine.ledger import POT
from sparrows.reasons import Reason
from sparrows.tiles import MeldType, format_tile, parse_tiles
from tests.support.riichi_walls import (
    KANCHAN,
    PENCHAN,
    Q1,
    Q2,
    Q3,
    Q4,
    RON_1H40,
    RON_2H40,
    RON_3H40,
    RYANMEN,
    TENPAI,
    act,
    cycle,
    drawn,
    events,
    furiten,
    ids,
    kinds,
    last,
    legal,
    new_game,
    of_type,
    pass_all,
    refused,
    riichi,
    riichi_flags,
    riichi_wall,
    tsumogiri,
    types,
)

A = ActionType


# ====================================================================== riichi


def test_a_ronned_riichi_discard_puts_no_stick_down() -> None:
    """The dealer declares riichi with a 3m that seat 3 rons (1 han 40 fu = 1300): the
    riichi never takes effect, no stick goes to the pot."""
    rules = riichi()
    hands = [TENPAI[0], Q2, Q3, PENCHAN]
    game = new_game(rules, riichi_wall(rules, hands, draws="3m", dora="8p"))
    act(game, 0, "riichi 3m")
    act(game, 3, "ron")
    assert not [t for t in of_type(game, "transfer") if t.reason == "riichi"]
    assert last(game, "win").payments == [-RON_1H40, 0, 0, RON_1H40]
    assert game.scores == [25000 - RON_1H40, 25000, 25000, 25000 + RON_1H40]
    assert game.ledger.pots["points"] == 0


def test_riichi_puts_a_stick_in_the_pot_and_fixes_the_hand() -> None:
    """Riichi is offered for the discards that leave the closed hand tenpai; the stick
    (1,000) goes to the pot once nobody rons the riichi discard; afterwards only the drawn
    tile may be discarded."""
    rules = riichi()
    draws: list[str | None] = [None, "1z", None, None, None, "2z", None, None, None, "9m"]
    order = riichi_wall(rules, [Q1, KANCHAN, Q2, Q4], draws=draws, replacements="333s")
    game = new_game(rules, order)
    assert A.RIICHI not in kinds(game, 0)  # the dealer is not tenpai
    cycle(game, 1)
    riichi_options = {a for a in legal(game, 1) if a.startswith("riichi")}
    assert riichi_options == {"riichi 1z"}
    act(game, 1, "discard 1z")
    cycle(game, 3)
    assert {a for a in legal(game, 1) if a.startswith("riichi")} == {"riichi 2z"}
    mark = len(game.events)
    act(game, 1, "riichi 2z")
    discard = events(game, mark)[0]
    assert (discard.type, discard.tile, discard.riichi) == ("discard", "2z", True)
    stick = of_type(game, "transfer", mark)
    assert [(t.account, t.src, t.dst, t.amount, t.reason) for t in stick] == [
        ("points", 1, POT, 1000, "riichi")
    ]
    assert game.ledger.pots["points"] == 1000 and game.scores == [25000, 24000, 25000, 25000]
    assert game.river_flags[1][-1] & RIICHI
    assert riichi_flags(game) == [0, 1, 0, 0]
    assert game.observation(2).sticks == 1
    cycle(game, 3)
    assert game.turn == 1 and drawn(game) == "9m"
    assert legal(game, 1) == {"discard 9m"}
    assert refused(game, 1, "discard 1m")
    assert refused(game, 1, "riichi 9m")


def test_no_riichi_with_an_open_hand() -> None:
    """Seat 1 pons 7z and is tenpai on 3s (chun): it may not declare riichi."""
    rules = riichi()
    draws: list[str | None] = ["7z", None, None, None, "9m"]
    hands = [Q1, "123m456m77z24s99s6z", "258m258p258s1456z", Q4]
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements="333s"))
    act(game, 0, "discard 7z")
    act(game, 1, "pon 7z 7z")
    act(game, 1, "discard 6z")
    cycle(game, 3)
    assert game.turn == 1 and drawn(game) == "9m"
    assert A.RIICHI not in kinds(game, 1)
    assert "discard 9m" in legal(game, 1)


@pytest.mark.parametrize(("points", "offered"), [(1000, True), (999, False)])
def test_riichi_needs_the_minimum_points(points: int, offered: bool) -> None:
    rules = riichi(start_points=points, return_points=points)
    order = riichi_wall(rules, [Q1, KANCHAN, Q2, Q4], draws=[None, "1z"], replacements="333s")
    game = new_game(rules, order)
    cycle(game, 1)
    assert ("riichi 1z" in legal(game, 1)) is offered


def test_riichi_needs_four_tiles_left_and_no_call_on_the_last_discard() -> None:
    """Seats 1 and 2 stay tenpai to the end (their waits lie in the dead wall). Riichi is
    offered while at least 4 tiles are left to draw (seat 1 at 4 left, not seat 2 at 3).
    Seat 2 could pon the last discard (8s) but no call is made on it. At the exhaustive
    draw the two tenpai players take 1,500 each from the two noten players."""
    rules = riichi()
    draws: list[str | None] = [None] * 69 + ["8s"]
    seat2 = "234p567p888s666z5z"  # tanki 5z (hatsu)
    hands = [Q1, KANCHAN, seat2, "147m258p369s1234z"]
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements="333s", ura="555z"))
    seen: dict[int, list[tuple[int, bool]]] = {1: [], 2: []}
    while game.hand_number == 0:
        if game.phase is Phase.TURN:
            if game.turn in seen:
                offered = A.RIICHI in kinds(game, game.turn)
                seen[game.turn].append((game.wall.left, offered))
            if game.wall.left == 0:
                assert game.turn == 1 and drawn(game) == "8s"
                act(game, 1, "discard 8s")
                assert game.hand_number == 1  # no pon window: straight to the draw
                break
            tsumogiri(game)
        else:
            pass_all(game)
    for turns in seen.values():
        assert turns and all(offered == (left >= 4) for left, offered in turns)
    assert (4, True) in seen[1] and (3, False) in seen[2] and (0, False) in seen[1]
    draw = last(game, "exhaustive_draw")
    assert draw.ready == [1, 2]
    assert last(game, "hand_end").deltas == [-1500, 1500, 1500, -1500]


@pytest.mark.parametrize("same_waits", [True, False])
def test_closed_kan_in_riichi_only_when_the_waits_stay(same_waits: bool) -> None:
    """In riichi the drawn fourth 1m may be kanned only if the waits do not change:
    111m234p567p789s5z waits on 5z with or without 1111m; 11123m456p789p55s waits on
    1m 4m 5s but 23m456p789p55s only on 1m 4m (and the 1m is a tsumo)."""
    rules = riichi()
    hand = "111m234p567p789s5z" if same_waits else "11123m456p789p55s"
    others = ["258m258p258s1367z", "369m369p369s2347z", "258m147p147s2467z"]
    draws: list[str | None] = ["6z", None, None, None, "1m"]
    dead = {"dora": "8s", "ura": "555z" if same_waits else "4444m"}
    if not same_waits:
        dead["replacements"] = "0s"
    order = riichi_wall(rules, [hand, *others], draws=draws, **dead)  # type: ignore[arg-type]
    game = new_game(rules, order)
    act(game, 0, "riichi 6z")  # the dealer's first discard: a double riichi
    cycle(game, 3)
    assert game.turn == 0 and drawn(game) == "1m"
    if same_waits:
        assert legal(game, 0) == {"ankan 1m", "discard 1m"}
        mark = len(game.events)
        act(game, 0, "ankan 1m")
        assert types(game, mark) == ["call", "indicator", "draw"]
        assert legal(game, 0) == {f"discard {drawn(game)}"}
    else:
        assert legal(game, 0) == {"tsumo", "discard 1m"}


# ====================================================================== ippatsu


@pytest.mark.parametrize("interruption", ["none", "pon", "ankan", "pon of the riichi tile"])
def test_ippatsu_and_its_breaking_by_a_call(interruption: str) -> None:
    """Seat 1 declares riichi; seat 3 discards its 3s before seat 1's next discard.
    Uninterrupted: riichi + ippatsu + chun = 3 han 40 fu = 5200. A pon or a closed kan in
    between, or a pon of the riichi discard itself, breaks the ippatsu: 2 han 40 fu =
    2600."""
    rules = riichi()
    seat3 = "147m888p369s1234z"  # holds 888p and the 3s it will deal in
    draws: list[str | None] = [None] * 5
    draws.append("8p" if interruption == "pon of the riichi tile" else None)  # the riichi
    draws.append("8p" if interruption == "pon" else None)  # seat 2's draw after the riichi
    draws.append("8p" if interruption == "ankan" else None)  # seat 3's
    order = riichi_wall(
        rules,
        [Q1, KANCHAN, "147m147p258s1567z", seat3],
        draws=draws,
        replacements="9m333s",
        dora="1p2p",
        ura="1p2p",
    )
    game = new_game(rules, order)
    cycle(game, 5)
    act(game, 1, f"riichi {drawn(game)}")
    if interruption == "pon of the riichi tile":
        act(game, 3, "pon 8p 8p")  # the stick goes down, and the call ends the ippatsu
        assert game.ledger.pots["points"] == 1000
    pass_all(game)
    if interruption == "pon":
        assert game.turn == 2
        act(game, 2, "discard 8p")
        assert legal(game, 3) == {"pon 8p 8p", "kan 8p 8p 8p", "pass"}
        act(game, 3, "pon 8p 8p")
    elif interruption != "pon of the riichi tile":
        cycle(game, 1)
        if interruption == "ankan":
            assert drawn(game) == "8p"
            act(game, 3, "ankan 8p")
    assert game.turn == 3
    act(game, 3, "discard 3s")
    assert legal(game, 1) == {"ron", "pass"}
    act(game, 1, "ron")
    win = last(game, "win")
    if interruption == "none":
        assert ids(win) == ["ippatsu", "riichi", "yakuhai_chun"]
        assert win.points == RON_3H40
    else:
        assert ids(win) == ["riichi", "yakuhai_chun"]
        assert win.points == RON_2H40
    assert win.detail["dora"] == win.detail["ura"] == 0
    assert win.payments == [0, win.points + 1000, 0, -win.points]


@pytest.mark.parametrize("call_before", [False, True])
def test_double_riichi(call_before: bool) -> None:
    """Riichi on the first discard with no call before it is a double riichi (2 han):
    double riichi + chun = 3 han 40 fu = 5200. A call before seat 1's first discard (a pon
    of seat 0's first discard) makes it a plain riichi: 2 han 40 fu = 2600. A passed pon
    is no call."""
    rules = riichi()
    seat2 = "147m147p369s2246z"  # 22z for the pon, 3s to deal in
    order = riichi_wall(
        rules,
        [Q1, KANCHAN, seat2, Q2],
        draws=["2z"],
        replacements="333s",
        dora="1p",
        ura="1p",
    )
    game = new_game(rules, order)
    act(game, 0, "discard 2z")
    if call_before:
        act(game, 2, "pon 2z 2z")
        act(game, 2, "discard 1m")
        cycle(game, 2)  # seats 3 and 0
    else:
        act(game, 2, "pass")
    assert game.turn == 1 and game.discards[1] == []
    act(game, 1, f"riichi {drawn(game)}")
    pass_all(game)
    assert riichi_flags(game) == [0, 1 if call_before else 2, 0, 0]  # 2: double riichi
    cycle(game, 4)  # round the table to seat 1's own next discard: no ippatsu
    assert game.turn == 2
    act(game, 2, "discard 3s")
    act(game, 1, "ron")
    win = last(game, "win")
    if call_before:
        assert ids(win) == ["riichi", "yakuhai_chun"] and win.points == RON_2H40
    else:
        assert ids(win) == ["double_riichi", "yakuhai_chun"] and win.points == RON_3H40
    assert win.detail["han"] == (2 if call_before else 3)


# ====================================================================== furiten


def test_discard_furiten_blocks_every_wait_but_not_tsumo() -> None:
    """Seat 1 (waits 2s 5s) discarded a 2s: no ron on 5s either; tsumo on 5s is still a win:
    menzen tsumo + chun = 2 han, 20 + 2 (tsumo) + 8 (777z) = 30 fu; basic 30 x 16 = 480:
    the dealer pays 960 -> 1000, the others 480 -> 500."""
    rules = riichi()
    draws: list[str | None] = [None, "2s", None, None, None, "5s"]
    order = riichi_wall(
        rules,
        [Q1, RYANMEN, "258m258p258s1456z", "147m258p369p2346z"],
        draws=draws,
        replacements="22s0s",
        dora="5s",
        ura="8p",
    )
    game = new_game(rules, order)
    cycle(game, 1)
    assert game.turn == 1 and drawn(game) == "2s" and A.TSUMO in kinds(game, 1)
    act(game, 1, "discard 2s")
    assert furiten(game, 1)
    act(game, 2, "discard 5s")
    assert game.phase is Phase.TURN and game.turn == 3  # no ron for seat 1
    cycle(game, 2)
    assert game.turn == 1 and drawn(game) == "5s"
    assert A.TSUMO in kinds(game, 1)
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["menzen_tsumo", "yakuhai_chun"]
    assert (win.detail["han"], win.detail["fu"], win.points) == (2, 30, 2000)
    assert win.payments == [-1000, 2000, -500, -500]


def test_temporary_furiten_until_the_own_next_discard() -> None:
    """Seat 1 (waits 2s 5s) passes a ron on 2s: no ron on the 5s and 2s that follow until
    seat 1 discards; then the next 5s may be ronned: chun 1 han 40 fu = 1300."""
    rules = riichi()
    draws: list[str | None] = [None, None, "2s", "5s", "2s", None, "5s"]
    order = riichi_wall(
        rules,
        [Q1, RYANMEN, "258m258p258s1456z", "147m258p369p2346z"],
        draws=draws,
        replacements="2s0s",
        dora="8p",
    )
    game = new_game(rules, order)
    cycle(game, 2)
    act(game, 2, "discard 2s")
    assert legal(game, 1) == {"ron", "pass"}
    act(game, 1, "pass")
    assert furiten(game, 1)
    hint = advice_for(rules).hint(
        game.observation(1)
    )  # no wait among its discards: the pass did it
    assert hint.waits == (19, 22) and hint.furiten
    act(game, 3, "discard 5s")
    assert game.phase is Phase.TURN and game.turn == 0
    reason = rules.no_win_reason(game, 1, game.discards[3][-1])  # the 5s it may not ron
    assert reason is not None and reason.startswith("furiten")
    assert isinstance(reason, Reason) and reason.key == "furiten"
    act(game, 0, "discard 2s")
    assert legal(game, 1) == {"chi 3s 4s", "pass"}  # a chi, but no ron
    act(game, 1, "pass")
    tsumogiri(game, 1)
    pass_all(game)
    assert not furiten(game, 1) and not advice_for(rules).hint(game.observation(1)).furiten
    act(game, 2, "discard 5s")
    assert legal(game, 1) == {"ron", "pass"}
    act(game, 1, "ron")
    assert last(game, "win").payments == [0, RON_1H40, -RON_1H40, 0]


def test_riichi_furiten_lasts_the_hand_but_allows_tsumo() -> None:
    """Seat 1 in riichi passes a ron on 2s: no ron for the rest of the hand, also after its
    own discards; it still wins by tsumo on the red 5s: double riichi 2 + menzen tsumo 1 +
    chun 1 + red five 1 = 5 han, a mangan: 4000 from the dealer, 2000 from the others, and
    its stick back."""
    rules = riichi()
    draws: list[str | None] = [None, None, "2s", "5s", None, None, "5s", None, None, "0s"]
    order = riichi_wall(
        rules,
        [Q1, RYANMEN, "258m258p258s1456z", "147m258p369p2346z"],
        draws=draws,
        replacements="22s",
        dora="8p",
        ura="8p",
    )
    game = new_game(rules, order)
    cycle(game, 1)
    act(game, 1, f"riichi {drawn(game)}")
    pass_all(game)
    act(game, 2, "discard 2s")
    act(game, 1, "pass")
    act(game, 3, "discard 5s")
    assert game.phase is Phase.TURN  # no ron offered
    cycle(game, 2)  # seat 0, then seat 1's own discard
    act(game, 2, "discard 5s")
    assert game.phase is Phase.TURN and game.turn == 3 and furiten(game, 1)
    cycle(game, 2)
    assert game.turn == 1 and drawn(game) == "0s"
    assert legal(game, 1) == {"tsumo", "discard 0s"}
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["double_riichi", "menzen_tsumo", "yakuhai_chun"]
    assert (win.detail["aka"], win.detail["han"], win.points) == (1, 5, 8000)
    assert win.payments == [-4000, 9000, -2000, -2000]
    assert game.scores == [21000, 33000, 23000, 23000]


# ====================================================================== robbing a kan


@pytest.mark.parametrize("answer", ["ron", "pass"])
def test_chankan_on_an_added_kan(answer: str) -> None:
    """Seat 1 adds the fourth 2s to its pon; seat 3 (waits 2s 5s) may rob it: chankan +
    chun = 2 han 40 fu = 2600 from the kan player. Passing, seat 3 is furiten until its own
    discard (the 5s seat 1 then draws and discards is not offered) and the kan stands."""
    rules = riichi()
    seat1 = "147m147p22s69s123z"
    seat3 = "123m456m777z3s99s1z"  # one away; tenpai on 2s 5s after drawing 4s
    draws: list[str | None] = ["2s", None, "4s", None, "2s"]
    hands = ["258m258p8s1567z36m", seat1, "369m369p69s2345z7m", seat3]
    order = riichi_wall(rules, hands, draws=draws, replacements="5s0s55s", dora="8p", ura="8p")
    game = new_game(rules, order)
    act(game, 0, "discard 2s")
    assert legal(game, 1) == {"pon 2s 2s", "pass"}  # seat 3 is not tenpai yet
    act(game, 1, "pon 2s 2s")
    act(game, 1, "discard 1z")
    cycle(game, 1)
    act(game, 3, "discard 1z")
    cycle(game, 1)
    assert game.turn == 1 and drawn(game) == "2s" and "kakan 2s" in legal(game, 1)
    act(game, 1, "kakan 2s")
    assert last(game, "call").meld == "added_kan"
    assert game.phase is Phase.CLAIM and game.observation(3).window == "rob"
    assert game.to_act() == [3] and legal(game, 3) == {"ron", "pass"}
    act(game, 3, answer)
    if answer == "ron":
        win = last(game, "win")
        assert (win.seat, win.from_seat, win.tile) == (3, 1, "2s")
        assert ids(win) == ["chankan", "yakuhai_chun"]
        assert (win.detail["han"], win.detail["fu"], win.points) == (2, 40, RON_2H40)
        assert win.payments == [0, -RON_2H40, 0, RON_2H40]
        robbed = last(game, "robbed")  # the kan went back to a pon, the 2s to seat 3
        assert (robbed.seat, robbed.tile, robbed.robber, robbed.meld) == (1, "2s", 3, "added_kan")
        assert game.hand_number == 1
    else:
        rep = last(game, "draw")
        assert (rep.seat, rep.tile, rep.replacement) == (1, "5s", True)
        assert furiten(game, 3)
        act(game, 1, "discard 5s")
        assert game.to_act() == [2] and game.turn == 2  # no ron for seat 3


@pytest.mark.parametrize("at_once", [False, True])
@pytest.mark.parametrize("answer", ["ron", "pass"])
def test_the_rob_window_shows_the_added_kan(at_once: bool, answer: str) -> None:
    """The table of ``test_chankan_on_an_added_kan``, watched while seat 3 may rob. The
    added kan was declared in public (the tile is laid on the pon, then robbed), so every
    seat sees it during the window: the meld is an added kan of four 2s, seat 1 holds one
    tile fewer, every 2s is seen (the called one once), no replacement is drawn yet (the
    wall count stays) and no kan dora is turned, also with ``kan_dora_at_once``: a kan
    turns its dora only once it stands (riichi.wiki "Chankan": the rob interrupts the kan,
    no kan dora). Only seat 3 is asked. Robbed: the kan is a pon again, the 2s is seat
    3's (14 tiles) and the win counts no kan dora: chankan + chun, 2 han 40 fu, 2,600 (the
    second indicator, 1m, would have made seat 3's 2m a dora: 3 han, 5,200). Passed: the
    kan stands, its dora is turned (at once: before the replacement draw) and seat 1 draws
    the replacement."""
    rules = riichi(kan_dora_at_once=at_once)
    seat1 = "147m147p22s69s123z"
    seat3 = "123m456m777z3s99s1z"
    draws: list[str | None] = ["2s", None, "4s", None, "2s"]
    hands = ["258m258p8s1567z36m", seat1, "369m369p69s2345z7m", seat3]
    order = riichi_wall(rules, hands, draws=draws, replacements="5s0s55s", dora="8p1m", ura="8p")
    game = new_game(rules, order)
    act(game, 0, "discard 2s")
    act(game, 1, "pon 2s 2s")
    act(game, 1, "discard 1z")
    cycle(game, 1)
    act(game, 3, "discard 1z")
    cycle(game, 1)
    before = game.observation(0)
    mark = len(game.events)
    act(game, 1, "kakan 2s")
    two_s = parse_tiles("2s")[0]
    for seat in range(4):
        view = game.observation(seat)
        (meld,) = view.melds[1]
        assert meld.type is MeldType.ADDED_KAN and meld.tiles == (two_s,) * 4
        assert view.concealed[1] == before.concealed[1] - 1 == 10
        assert view.wall_left == before.wall_left and view.indicators == before.indicators
        assert [format_tile(t) for t in view.indicators] == ["8p"]
        assert view.seen()[two_s.kind] == 4
        assert game.events_for(seat)[-1]["type"] == "call"
        if seat == 3:
            assert (view.phase, view.window) == (Phase.CLAIM, "rob")
            assert legal(game, 3) == {"ron", "pass"}
        else:
            assert view.phase is Phase.WAIT and not view.legal
    act(game, 3, answer)
    if answer == "ron":  # the hand is over (the game is in the next one): its events
        hand = [e.type for e in game.events[mark:]]
        assert hand[: hand.index("hand_end")] == ["call", "robbed", "transfer", "win"]
        win = last(game, "win")  # no kan dora for a robbed kan
        assert ids(win) == ["chankan", "yakuhai_chun"] and win.points == RON_2H40
        assert win.detail["dora"] == 0 and len(win.hand) == 14
        robbed = last(game, "robbed")  # the added kan is a pon again, the 2s seat 3's
        assert (robbed.seat, robbed.tile, robbed.robber, robbed.meld) == (1, "2s", 3, "added_kan")
        return
    rep = last(game, "draw")
    assert (rep.seat, rep.tile, rep.replacement) == (1, "5s", True)
    assert game.observation(0).wall_left == before.wall_left - 1  # the live wall refills
    if at_once:
        assert [e.type for e in game.events[-2:]] == ["indicator", "draw"]
        assert [format_tile(game.faces[t]) for t in game.wall.revealed] == ["8p", "1m"]
    else:
        assert len(game.wall.revealed) == 1  # turned at seat 1's discard
        act(game, 1, "discard 5s")
        assert [format_tile(game.faces[t]) for t in game.wall.revealed] == ["8p", "1m"]


@pytest.mark.parametrize("preset", ["standard", "mahjongsoul"])
def test_kokushi_robs_a_closed_kan_only_with_the_option(preset: str) -> None:
    """Seat 3 waits on 1m with thirteen orphans; seat 1 makes a closed kan of 1m. Only
    with ``kokushi_robs_ankan`` (preset mahjongsoul) may seat 3 rob it: a yakuman, 32,000
    from seat 1, who goes below 0 and ends the game."""
    rules = riichi(preset=preset)
    seat1 = "1118m258p258s456z"
    seat3 = "99m19p19s1234567z"
    order = riichi_wall(
        rules, ["258m478p258s2345z", seat1, Q3, seat3], draws=[None, "1m"], dora="8p"
    )
    game = new_game(rules, order)
    cycle(game, 1)
    assert drawn(game) == "1m"
    act(game, 1, "ankan 1m")
    if preset == "standard":
        assert game.phase is Phase.TURN and game.turn == 1
        assert last(game, "draw").replacement
        return
    assert game.to_act() == [3] and legal(game, 3) == {"ron", "pass"}
    act(game, 3, "ron")
    win = last(game, "win")
    assert (win.seat, win.from_seat, win.tile) == (3, 1, "1m")
    assert (ids(win), win.detail["yakuman"], win.points) == (["kokushi"], 1, 32000)
    assert win.payments == [0, -32000, 0, 32000]
    assert game.over and game.scores == [25000, -7000, 25000, 57000]
    robbed = last(game, "robbed")  # the closed kan is undone: three 1m back in the hand
    assert (robbed.seat, robbed.tile, robbed.robber, robbed.meld) == (1, "1m", 3, "closed_kan")
    assert game.melds[1] == [] and [game.fmt(t) for t in game.hands[1]].count("1m") == 3
    assert len(game.hands[3]) == 14
    game.validate()
