"""The riichi table, scripted on injected walls: the deal, draws and the dead wall, kan
dora, ura dora, and calls (chi options and kuikae, claim priority). How these tests are
written: ``tests/support/riichi_walls.py``."""

from __future__ import annotations

import pytest

from sparrows.engine import ActionType, Phase
from sparrows.engine.board import CALLED, TSUMOGIRI
from sparrows.reasons import Reason
from tests.support.riichi_walls import (
    KANCHAN,
    PENCHAN,
    Q1,
    Q2,
    Q3,
    Q4,
    RON_1H40,
    RON_3H40,
    act,
    cycle,
    drawn,
    events,
    furiten,
    hand_of,
    ids,
    kinds,
    last,
    legal,
    new_game,
    of_type,
    pass_all,
    refused,
    riichi,
    riichi_wall,
    tiles,
    tsumogiri,
    types,
)

A = ActionType


# ====================================================================== the table


def test_deal_draw_discard_and_dead_wall() -> None:
    """Haipai 13 each from the dealer, the dealer draws first; the dead wall holds 14
    tiles (4 replacement, 5 dora, 5 ura indicators) and one dora indicator is face up."""
    rules = riichi()
    game = new_game(rules, riichi_wall(rules, [Q1, Q2, Q3, Q4], draws="9m3z", dora="3p"))
    assert types(game) == ["game_start", "hand_start", *["deal"] * 4, "indicator", "draw"]
    start = last(game, "hand_start")
    assert (start.dealer, start.round_wind, start.scores) == (0, 0, [25000] * 4)
    assert start.indicators == ["3p"]
    assert start.extra == {"honba": 0, "sticks": 0, "kyoku": 0}
    deals = of_type(game, "deal")
    assert [d.seat for d in deals] == [0, 1, 2, 3]
    assert [d.tiles for d in deals] == [tiles(h) for h in (Q1, Q2, Q3, Q4)]
    draw = last(game, "draw")
    # 136 - 14 (dead wall) - 52 (deal) - 1 (the dealer's draw) = 69 left to draw
    assert (draw.seat, draw.tile, draw.left, draw.replacement) == (0, "9m", 69, False)
    wall = game.wall
    assert wall.left == 69
    dead = [wall.replacements, wall.indicators, wall.revealed, wall.hidden, wall.reserve]
    assert [len(part) for part in dead] == [4, 4, 1, 5, 0]
    assert game.observation(0).concealed == (14, 13, 13, 13)
    assert [game.fmt(t) for t in wall.revealed] == ["3p"]
    # the dealer may discard any of its 14 faces and nothing else (no riichi, no abort)
    assert legal(game, 0) == {f"discard {t}" for t in tiles(Q1 + "9m")}
    assert game.to_act() == [0] and legal(game, 1) == set()
    assert refused(game, 1, "discard 2m")  # not seat 1's turn
    assert refused(game, 0, "discard 5z")  # not held
    act(game, 0, "discard 9m")
    discard, draw = events(game, len(game.events) - 2)
    assert (discard.type, discard.seat, discard.tile, discard.tsumogiri) == (
        "discard",
        0,
        "9m",
        True,
    )
    assert (draw.seat, draw.tile, draw.left) == (1, "3z", 68)
    act(game, 1, "discard 2m")  # from the hand, not the drawn tile
    assert last(game, "discard").tsumogiri is False
    assert game.river_flags[0] == [TSUMOGIRI] and game.river_flags[1] == [0]
    assert [game.fmt(t) for t in game.discards[1]] == ["2m"]
    assert hand_of(game, 1) == tiles("58m258p258s1567z3z")
    assert (game.turn, last(game, "draw").seat, game.wall.left) == (2, 2, 67)


def test_closed_kan_turns_kan_dora_at_once() -> None:
    """A closed kan: the kan dora is turned at once, then the replacement draw; the live
    wall gives up its last tile to keep the dead wall at 14."""
    rules = riichi()
    order = riichi_wall(
        rules,
        ["111m258p258s1567z", Q3, "258m147p369s3456z", "258m369p147s1234z"],
        draws="1m",
        replacements="9p",
        dora="3p4p",
    )
    game = new_game(rules, order)
    assert "ankan 1m" in legal(game, 0)
    mark = len(game.events)
    act(game, 0, "ankan 1m")
    call, indicator, draw = events(game, mark)
    assert (call.type, call.meld, call.tiles, call.called, call.from_seat) == (
        "call",
        "closed_kan",
        ["1m"] * 4,
        None,
        None,
    )
    assert (indicator.type, indicator.tile) == ("indicator", "4p")
    assert (draw.seat, draw.tile, draw.replacement, draw.left) == (0, "9p", True, 68)
    wall = game.wall
    assert [game.fmt(t) for t in wall.revealed] == ["3p", "4p"]
    assert [len(wall.replacements), len(wall.indicators), len(wall.reserve)] == [3, 3, 1]
    assert len(wall.all_tiles()) - wall.left == 14  # the dead wall still holds 14
    assert kinds(game, 0) == {A.DISCARD}
    act(game, 0, "discard 9p")
    assert types(game, mark + 3) == ["discard", "draw"]  # no second indicator
    assert last(game, "draw").left == 67


@pytest.mark.parametrize("at_once", [False, True])
@pytest.mark.parametrize("call", ["daiminkan", "shouminkan"])
def test_open_and_added_kan_dora_after_the_discard(call: str, at_once: bool) -> None:
    """The kan dora of an open or added kan is turned once the kan player discards (before
    the claims on that discard); with ``kan_dora_at_once`` right after the kan."""
    rules = riichi(kan_dora_at_once=at_once)
    seat1 = "666z258m258p258s1z"
    draws: list[str | None] = ["6z"] if call == "daiminkan" else ["6z", None, None, None, "9s"]
    order = riichi_wall(
        rules,
        [Q1, seat1, "369m369p369s2345z", "147m258p369s3457z"],
        draws=draws,
        replacements="9m",
        dora="3p4p",
    )
    game = new_game(rules, order)
    act(game, 0, "discard 6z")
    assert game.phase is Phase.CLAIM and game.to_act() == [1]
    assert legal(game, 1) == {"pon 6z 6z", "kan 6z 6z 6z", "pass"}
    if call == "daiminkan":
        mark = len(game.events)
        act(game, 1, "kan 6z 6z 6z")
        call_event = events(game, mark)[0]
        assert (call_event.meld, call_event.tiles, call_event.called, call_event.from_seat) == (
            "open_kan",
            ["6z"] * 4,
            "6z",
            0,
        )
    else:
        act(game, 1, "pon 6z 6z")
        meld = last(game, "call")
        assert (meld.meld, meld.tiles, meld.called, meld.from_seat) == ("pon", ["6z"] * 3, "6z", 0)
        # kuikae: the third 6z may not be discarded right after the pon; no draw, no kan
        assert legal(game, 1) == {f"discard {t}" for t in tiles("258m258p258s1z")}
        assert refused(game, 1, "discard 6z")
        act(game, 1, "discard 1z")
        cycle(game, 3)
        assert game.turn == 1 and drawn(game) == "9s"
        assert "kakan 6z" in legal(game, 1)
        mark = len(game.events)
        act(game, 1, "kakan 6z")
        call_event = events(game, mark)[0]
        assert (call_event.meld, call_event.tiles, call_event.called, call_event.from_seat) == (
            "added_kan",
            ["6z"] * 4,
            "6z",
            0,
        )
    after_call = types(game, mark + 1)
    assert after_call == (["indicator", "draw"] if at_once else ["draw"])
    rep = last(game, "draw")
    assert (rep.seat, rep.tile, rep.replacement) == (1, "9m", True)
    assert len(game.wall.revealed) == (2 if at_once else 1)
    mark = len(game.events)
    act(game, 1, "discard 9m")
    assert types(game, mark) == (
        ["discard", "draw"] if at_once else ["discard", "indicator", "draw"]
    )
    assert [game.fmt(t) for t in game.wall.revealed] == ["3p", "4p"]


@pytest.mark.parametrize("in_riichi", [True, False])
def test_ura_dora_only_for_a_riichi_winner(in_riichi: bool) -> None:
    """Seat 1 waits on 3s with 99s and the ura indicator 8s (ura dora 9s x2).
    In riichi: riichi 1 + chun 1 + ura 2 = 4 han 40 fu: basic 40 x 2^6 = 2560 > 2000, a
    mangan: 8000, plus its own stick back. Dama: chun 1 han 40 fu = 1300, no ura."""
    rules = riichi()
    draws: list[str | None] = [None] * 10 + ["3s"]
    order = riichi_wall(
        rules,
        [Q1, KANCHAN, "258m258p258s1356z", "147m258p258s2346z"],
        draws=draws,
        replacements="333s",  # no other 3s is drawn before the one seat 2 discards
        dora="1p",
        ura="8s",
    )
    game = new_game(rules, order)
    cycle(game, 5)  # seats 0, 1, 2, 3, 0
    assert game.turn == 1
    if in_riichi:
        act(game, 1, f"riichi {drawn(game)}")
    else:
        tsumogiri(game, 1)
    pass_all(game)
    cycle(game, 4)  # seats 2, 3, 0 and seat 1's own discard (its ippatsu ends)
    assert game.turn == 2 and drawn(game) == "3s"
    act(game, 2, "discard 3s")
    assert legal(game, 1) == {"ron", "pass"}
    act(game, 1, "ron")
    win = last(game, "win")
    assert (win.seat, win.from_seat, win.tile) == (1, 2, "3s")
    if in_riichi:
        assert ids(win) == ["riichi", "yakuhai_chun"]
        assert (win.detail["ura"], win.detail["ura_indicators"]) == (2, ["8s"])
        assert (win.detail["han"], win.detail["fu"], win.points) == (4, 40, 8000)
        assert win.payments == [0, 9000, -8000, 0]
        assert last(game, "hand_end").scores == [25000, 33000, 17000, 25000]
    else:
        assert ids(win) == ["yakuhai_chun"]
        assert (win.detail["ura"], win.detail["ura_indicators"]) == (0, [])
        assert (win.detail["han"], win.detail["fu"], win.points) == (1, 40, RON_1H40)
        assert win.payments == [0, RON_1H40, -RON_1H40, 0]


@pytest.mark.parametrize("at_once", [False, True])
def test_a_ron_on_the_kan_players_discard_counts_the_new_kan_dora(at_once: bool) -> None:
    """Seat 1 makes an open kan and discards its replacement tile 3s into seat 2. The kan
    dora (indicator 8s: 9s, seat 2 holds two) is turned before the claims on that discard,
    so the ron counts it: chun 1 + dora 2 = 3 han 40 fu = 5200."""
    rules = riichi(kan_dora_at_once=at_once)
    hands = [Q1, "666z258m258p258s1z", KANCHAN, "147m258p369s2345z"]
    order = riichi_wall(rules, hands, draws="6z", replacements="3s", dora="1p8s")
    game = new_game(rules, order)
    act(game, 0, "discard 6z")
    act(game, 1, "kan 6z 6z 6z")
    assert drawn(game) == "3s"
    mark = len(game.events)
    act(game, 1, "discard 3s")
    assert types(game, mark) == (["discard"] if at_once else ["discard", "indicator"])
    act(game, 2, "ron")
    win = last(game, "win")
    assert (win.detail["dora"], win.points) == (2, RON_3H40)
    assert win.payments == [0, -RON_3H40, RON_3H40, 0]


# ====================================================================== calls


CHI_HAND = "12345067m47p147s"  # 1m 2m 3m 4m 5m 0m 6m 7m 4p 7p 1s 4s 7s


@pytest.mark.parametrize(
    ("chi", "meld", "allowed"),
    [
        # 4m called at the low end of 4-5-6: kuikae bans 4m and 7m
        ("chi 5m 6m", ["4m", "5m", "6m"], "1230m47p147s"),
        ("chi 0m 6m", ["4m", "0m", "6m"], "1235m47p147s"),
        # 4m in the middle of 3-4-5: only 4m is banned
        ("chi 3m 5m", ["3m", "4m", "5m"], "12067m47p147s"),
        ("chi 3m 0m", ["3m", "4m", "0m"], "12567m47p147s"),
        # 4m at the high end of 2-3-4: 4m and 1m are banned
        ("chi 2m 3m", ["2m", "3m", "4m"], "5067m47p147s"),
    ],
)
def test_chi_options_and_kuikae(chi: str, meld: list[str], allowed: str) -> None:
    """Seat 0 discards 4m: only seat 1 (next in turn) may chi, and is offered every run,
    the red-five variants apart; after the chi, the called kind and the other end of the
    run may not be discarded (kuikae)."""
    rules = riichi()
    hands = [Q1, CHI_HAND, "359m258p258s1567z", "239m369p369s2345z"]  # 2 and 3 hold 35m / 23m
    game = new_game(rules, riichi_wall(rules, hands, draws="4m"))
    act(game, 0, "discard 4m")
    assert game.to_act() == [1]  # seats 2 and 3 could run 4m but are not seat 0's next
    assert legal(game, 1) == {
        "chi 5m 6m",
        "chi 0m 6m",
        "chi 3m 5m",
        "chi 3m 0m",
        "chi 2m 3m",
        "pass",
    }
    act(game, 1, chi)
    call = last(game, "call")
    assert (call.meld, call.tiles, call.called, call.from_seat) == ("chi", meld, "4m", 0)
    assert game.river_flags[0][-1] & CALLED
    assert game.turn == 1 and game.drawn is None
    assert legal(game, 1) == {f"discard {t}" for t in tiles(allowed)}
    assert refused(game, 1, "discard 4m")
    act(game, 1, f"discard {tiles(allowed)[-1]}")
    assert game.turn == 2


def test_call_leaving_only_kuikae_tiles_is_not_offered() -> None:
    """After two pons seat 1 holds 4456777m. On a 4m, chi 5m6m would leave 4m4m777m, all
    forbidden (4m called, 7m the other end): it is not offered; pon 4m4m is. (The hand
    waits on 4m and 7m but has no yaku: no ron.)"""
    rules = riichi()
    draws: list[str | None] = ["9p", None, "1s", None, None, "4m"]
    hands = [Q1, "4456777m99p11s36z", "258m258p369s1257z", "369m369p258s2345z"]
    game = new_game(rules, riichi_wall(rules, hands, draws=draws))
    act(game, 0, "discard 9p")
    assert legal(game, 1) == {"pon 9p 9p", "pass"}
    act(game, 1, "pon 9p 9p")
    act(game, 1, "discard 3z")
    tsumogiri(game, 2)
    pass_all(game)
    act(game, 3, "discard 1s")
    assert legal(game, 1) == {"pon 1s 1s", "pass"}
    act(game, 1, "pon 1s 1s")
    act(game, 1, "discard 6z")
    cycle(game, 2)  # seats 2 and 3
    act(game, 0, "discard 4m")
    assert game.to_act() == [1]
    assert legal(game, 1) == {"pon 4m 4m", "pass"}
    # 444m 567m 77m (or 44m 456m 777m) with two open pons: complete, but no yaku
    reason = rules.no_win_reason(game, 1, game.discards[0][-1])
    assert reason is not None and reason.startswith("no yaku")
    assert isinstance(reason, Reason) and reason.key == "no_yaku"  # the page words the id
    from sparrows.server.advice import hint_json  # what the page's hints line gets

    said = hint_json(rules, game, 1)
    assert said["no_win"] == reason
    assert said["no_win_why"] == {"id": "no_yaku", "args": {}, "text": str(reason)}
    act(game, 1, "pon 4m 4m")
    assert legal(game, 1) == {"discard 5m", "discard 6m", "discard 7m"}


def test_calls_not_offered_are_refused() -> None:
    """Calls are refused when not offered: a pon without a pair, a chi by a seat that is not
    next, a second answer from the same seat."""
    rules = riichi()
    hands = [Q1, "24m147p147s12345z", "339m258p258s1567z", PENCHAN]
    game = new_game(rules, riichi_wall(rules, hands, draws="3m"))
    act(game, 0, "discard 3m")
    assert refused(game, 2, "chi 2m 4m")  # seat 2 holds no 2m 4m and is not next
    assert refused(game, 1, "pon 3m 3m")
    act(game, 1, "pass")
    assert refused(game, 1, "chi 2m 4m")  # already answered
    assert game.to_act() == [2, 3]


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ({3: "ron", 2: "pon 3m 3m", 1: "chi 2m 4m"}, "ron"),
        ({3: "pass", 2: "pon 3m 3m", 1: "chi 2m 4m"}, "pon"),
        ({1: "chi 2m 4m", 3: "pass", 2: "pass"}, "chi"),
        ({3: "pass", 2: "pass", 1: "pass"}, "none"),
    ],
)
def test_claim_priority(answers: dict[int, str], expected: str) -> None:
    """Seat 0 discards 3m: seat 1 may chi, seat 2 pon, seat 3 ron (penchan, chun); ron >
    pon/kan > chi, whatever order the answers come in. The ron: 1 han 40 fu = 1300."""
    rules = riichi()
    hands = [Q1, "24m147p147s12345z", "339m258p258s1567z", PENCHAN]
    game = new_game(rules, riichi_wall(rules, hands, draws="3m", dora="8p"))
    act(game, 0, "discard 3m")
    assert game.to_act() == [1, 2, 3]
    assert legal(game, 1) == {"chi 2m 4m", "pass"}
    assert legal(game, 2) == {"pon 3m 3m", "pass"}
    assert legal(game, 3) == {"ron", "pass"}
    for seat, text in answers.items():
        assert game.phase is Phase.CLAIM
        act(game, seat, text)
    if expected == "ron":
        win = last(game, "win")
        assert (win.seat, win.from_seat, win.points) == (3, 0, RON_1H40)
        assert win.payments == [-RON_1H40, 0, 0, RON_1H40]
        assert not of_type(game, "call")
        assert game.scores == [25000 - RON_1H40, 25000, 25000, 25000 + RON_1H40]
    elif expected == "none":
        assert game.turn == 1 and game.drawn is not None and not of_type(game, "call")
    else:
        caller = 2 if expected == "pon" else 1
        (call,) = of_type(game, "call")
        assert (call.seat, call.meld) == (caller, expected)
        assert game.turn == caller and game.drawn is None
        if expected == "pon":
            assert furiten(game, 3)  # the passed ron: furiten until seat 3's own discard


def test_kan_before_chi() -> None:
    """Seat 1 chis and seat 2 calls an open kan on the same 3m: the kan is made."""
    rules = riichi()
    hands = [Q1, "24m147p147s12345z", "3339m258p258s156z", "147m369p369s2467z"]
    game = new_game(rules, riichi_wall(rules, hands, draws="3m"))
    act(game, 0, "discard 3m")
    assert legal(game, 2) == {"pon 3m 3m", "kan 3m 3m 3m", "pass"}
    act(game, 1, "chi 2m 4m")
    act(game, 2, "kan 3m 3m 3m")
    (call,) = of_type(game, "call")
    assert (call.seat, call.meld, call.from_seat) == (2, "open_kan", 0)
    assert game.turn == 2 and last(game, "draw").replacement
