"""The riichi game, scripted on injected walls (``tests/support/riichi_walls.py``): one test per
rule of ``../shared/rules/riichi.md`` (preset ``standard``) and per decision in the module
docstring of ``sparrows.rules.riichi.game``. Every expected payment is worked out by hand
in the comments (han, fu, basic points, rounding) from the spec, never read back from the
engine; ``game.validate()`` runs after every step."""

from __future__ import annotations

from typing import Any

import pytest

from sparrows.advice import advice_for
from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.board import CALLED, RIICHI, TSUMOGIRI
from sparrows.engine.ledger import POT
from sparrows.engine.protocol import Ruleset
from sparrows.reasons import Reason
from sparrows.tiles import MeldType, format_tile, parse_tiles
from tests.support.riichi_walls import (
    act,
    cycle,
    drawn,
    hand_of,
    last,
    legal,
    new_game,
    of_type,
    pass_all,
    play_out,
    refused,
    riichi,
    riichi_wall,
    tiles,
    tsumogiri,
    types,
)

A = ActionType
# Hands that can claim nothing: no pair, no two tiles of a suit within two ranks.
Q1 = "147m147p147s1234z"
Q2 = "258m258p258s1567z"
Q3 = "369m369p369s2345z"
Q4 = "147m258p369s3456z"
# Closed tenpai hands with red dragons (1 han), for rons and tsumos of known value.
KANCHAN = "123m456m777z24s99s"  # waits 3s (kanchan): ron 20+10+2+8 = 40 fu
RYANMEN = "123m456m777z34s99s"  # waits 2s 5s: ron 20+10+8 = 38 -> 40 fu; tsumo 20+2+8 -> 30
PENCHAN = "12m456p777z11s789s"  # waits 3m (penchan): ron 20+10+2+8 = 40 fu
# Four tenpai hands (no yaku needed at a draw or in riichi) and four noten ones.
TENPAI = [
    "123m456m789p24s99s",  # waits 3s
    "123p456p789m13s55z",  # 2s
    "234m567p678s11z46p",  # 5p 8p
    "345m345p345s22z78m",  # 6m 9m
]
NOTEN = [Q1, "258m258p258s1567z", "369m369p369s2347z", "147m258p369s3456z"]
# 1 han 40 fu: basic 40 x 2^3 = 320; non-dealer ron 4 x 320 = 1280 -> 1300; dealer ron
# 6 x 320 = 1920 -> 2000.
RON_1H40 = 1300
DEALER_RON_1H40 = 2000
# 2 han 40 fu: basic 640; non-dealer ron 2560 -> 2600.
RON_2H40 = 2600
# 3 han 40 fu: basic 1280; non-dealer ron 5120 -> 5200.
RON_3H40 = 5200


def ids(event: Any) -> list[str]:
    """The yaku ids of a win event (dora, red fives and ura dora left out)."""
    return sorted(y for y, _ in event.detail["yaku"] if y not in ("dora", "aka", "ura"))


def events(game: Game, since: int) -> list[Any]:
    """The events from index ``since`` of the log."""
    return list(game.events[since:])


def riichi_flags(game: Game) -> list[int]:
    return list(game.observation(0).extra.riichi)


def furiten(game: Game, seat: int) -> bool:
    return bool(game.observation(seat).extra.furiten)


def kinds(game: Game, seat: int) -> set[A]:
    return {a.type for a in game.legal_actions(seat)}


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


# ====================================================================== several rons


def nine_terminals_abort(rules: Ruleset) -> list[int]:
    """A hand the dealer's next player ends with nine terminals on its first draw (the
    dealer may first declare a double riichi: its stick stays on the table)."""
    return riichi_wall(
        rules,
        ["123m456m789p24s99s", "19m19p19s123z234m5p", Q2, Q3],
        draws=["7z", "6z"],
    )


def start_after_abort(game: Game, riichi_first: bool) -> None:
    if riichi_first:
        act(game, 0, "riichi 7z")
    else:
        act(game, 0, "discard 7z")
    assert "abort" in legal(game, 1)
    act(game, 1, "abort")
    abort = last(game, "abort")
    assert (abort.reason, abort.seat) == ("nine terminals", 1)


def test_double_ron_gives_sticks_and_honba_to_the_nearest_winner() -> None:
    """After an abort with a riichi stick down (1 honba, 1 stick), seat 0 deals into seats
    1 and 3 (each 1 han 40 fu = 1300). Seat 1, nearest the discarder's right, also takes
    the honba (300) and the stick (1000)."""
    rules = riichi()
    first = nine_terminals_abort(rules)
    second = riichi_wall(
        rules,
        [Q2, PENCHAN, Q3, "12m567p666z22s789s"],
        draws="3m",
        dora="8p",
    )
    game = new_game(rules, first, second)
    start_after_abort(game, riichi_first=True)
    assert game.hand_number == 1 and game.scores == [24000, 25000, 25000, 25000]
    start = last(game, "hand_start")
    assert (start.dealer, start.extra) == (0, {"honba": 1, "sticks": 1, "kyoku": 0})
    act(game, 0, "discard 3m")
    assert legal(game, 1) == {"ron", "chi 1m 2m", "pass"}
    assert legal(game, 3) == {"ron", "pass"}
    act(game, 3, "ron")
    act(game, 1, "ron")
    first_win, second_win = of_type(game, "win")
    assert (first_win.seat, first_win.detail["honba"]) == (1, 1)
    assert first_win.payments == [-(RON_1H40 + 300), RON_1H40 + 300 + 1000, 0, 0]
    assert (second_win.seat, second_win.detail["honba"]) == (3, 0)
    assert second_win.payments == [-RON_1H40, 0, 0, RON_1H40]
    assert last(game, "hand_end").scores == [21100, 27600, 25000, 26300]
    assert game.ledger.pots["points"] == 0
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (2, 1, 0)


@pytest.mark.parametrize("abort", [True, False])
def test_triple_ron(abort: bool) -> None:
    """Three players ron one discard: an abortive draw (the dealer repeats, honba +1);
    with ``triple_ron_abort`` off all three win 1300."""
    rules = riichi(triple_ron_abort=abort)
    hands = [Q1, PENCHAN, "12m567p666z22s789s", "12m345p555z33s678s"]
    game = new_game(rules, riichi_wall(rules, hands, draws="3m", dora="8p"))
    act(game, 0, "discard 3m")
    assert game.to_act() == [1, 2, 3]
    for seat in (1, 2, 3):
        act(game, seat, "ron")
    start = last(game, "hand_start")
    if abort:
        assert last(game, "abort").reason == "three ron" and not of_type(game, "win")
        assert game.scores == [25000] * 4
        assert (start.dealer, start.extra["honba"]) == (0, 1)
    else:
        assert [w.seat for w in of_type(game, "win")] == [1, 2, 3]
        assert game.scores == [25000 - 3 * RON_1H40] + [25000 + RON_1H40] * 3
        assert (start.dealer, start.extra["honba"]) == (1, 0)


# ====================================================================== abortive draws


@pytest.mark.parametrize("choice", ["abort", "play on", "after a call"])
def test_nine_terminals(choice: str) -> None:
    """Nine kinds of terminals and honours on the first draw: the player may abort (the
    dealer repeats, honba +1) or play on (no second chance); not after any call."""
    rules = riichi()
    seat1 = "19m19p19s123z234m5p"
    seat2 = "147m258p369s4577z"  # 77z: a pon on the dealer's first discard
    game = new_game(rules, riichi_wall(rules, [Q2, seat1, seat2, Q3], draws=["7z", "6z"]))
    act(game, 0, "discard 7z")
    if choice == "after a call":
        act(game, 2, "pon 7z 7z")
        act(game, 2, "discard 1m")
        cycle(game, 2)
        assert game.turn == 1 and game.discards[1] == []
        assert "abort" not in legal(game, 1)
        return
    act(game, 2, "pass")
    assert game.turn == 1 and "abort" in legal(game, 1)
    if choice == "abort":
        act(game, 1, "abort")
        assert (last(game, "abort").reason, last(game, "abort").seat) == ("nine terminals", 1)
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, 1)
        assert game.scores == [25000] * 4
    else:
        act(game, 1, "discard 5p")
        cycle(game, 3)
        assert game.turn == 1 and "abort" not in legal(game, 1)


def test_nine_terminals_needs_nine_kinds() -> None:
    rules = riichi()
    seat1 = "19m19p19s12z2345m5p"  # eight kinds, and the draw is a simple
    game = new_game(rules, riichi_wall(rules, [Q2, seat1, Q1, Q3], draws=["7z", "6m"]))
    cycle(game, 1)
    assert game.turn == 1 and "abort" not in legal(game, 1)


@pytest.mark.parametrize("fourth", ["1z", "2z"])
def test_four_winds(fourth: str) -> None:
    """The first four discards are the same wind, no call between: an abortive draw."""
    rules = riichi()
    hands = ["258m258p258s2567z", Q3, "147m258p369s3567z", "258m147p147s2346z"]
    game = new_game(rules, riichi_wall(rules, hands, draws=["1z", "1z", "1z", fourth]))
    cycle(game, 4)
    if fourth == "1z":
        assert last(game, "abort").reason == "four winds"
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, 1)
    else:
        assert not of_type(game, "abort") and game.turn == 0 and game.hand_number == 0


def test_no_abortive_draws_without_the_option() -> None:
    """``abortive_draws`` off: nine terminals is not offered and four winds play on."""
    rules = riichi(abortive_draws=False)
    hands = ["19m19p19s234z234m5p", Q3, "147m258p369s3567z", "258m147p147s2346z"]
    game = new_game(rules, riichi_wall(rules, hands, draws="6z1z1z1z1z"))
    assert "abort" not in legal(game, 0)
    act(game, 0, "discard 6z")
    cycle(game, 4)
    assert not of_type(game, "abort") and game.hand_number == 0 and game.turn == 1


def test_four_riichi() -> None:
    """All four declare riichi: once the fourth riichi discard passes, an abortive draw;
    the four sticks stay on the table for the next hand."""
    rules = riichi()
    hands = [
        "123m456m789p24s99s",  # waits 3s
        "123p456p789m13s55z",  # 2s
        "234m567p678s11z46p",  # 5p 8p
        "345m345p345s22z78m",  # 6m 9m
    ]
    game = new_game(rules, riichi_wall(rules, hands, draws="7777z"))
    for seat in range(4):
        assert game.turn == seat
        act(game, seat, "riichi 7z")
    sticks = [t for t in of_type(game, "transfer") if t.reason == "riichi"]
    assert [(t.src, t.dst, t.amount) for t in sticks] == [(s, POT, 1000) for s in range(4)]
    assert last(game, "abort").reason == "four riichi"
    assert game.scores == [24000] * 4 and game.ledger.pots["points"] == 4000
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra) == (1, 0, {"honba": 1, "sticks": 4, "kyoku": 0})


@pytest.mark.parametrize("kanners", ["two players", "one player"])
def test_four_kans(kanners: str) -> None:
    """Four kans by two players abort the hand once the discard after the fourth is not
    ronned; four kans by one player do not (and nobody may make a fifth)."""
    rules = riichi()
    seat0 = "111122223333m5z"
    seat1 = "444p69m258s369s14z"
    if kanners == "two players":
        draws, reps = ["9p", "4p"], "6z6z9s8s"
    else:
        draws, reps = ["5z"], "5z5z9s8s"
    hands = [seat0, seat1, "456m258p147s1237z", "789m369p147s2346z"]
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements=reps))
    for kind in ("1m", "2m", "3m"):
        act(game, 0, f"ankan {kind}")
    if kanners == "two players":
        act(game, 0, "discard 9p")
        assert game.turn == 1 and drawn(game) == "4p"
        act(game, 1, "ankan 4p")
        assert len(game.wall.revealed) == 5
        act(game, 1, "discard 8s")
        assert last(game, "abort").reason == "four kans"
        assert game.hand_number == 1
    else:
        act(game, 0, "ankan 5z")
        assert len(game.wall.revealed) == 5 and drawn(game) == "8s"
        act(game, 0, "discard 8s")
        assert not of_type(game, "abort") and game.turn == 1
        assert len(of_type(game, "call")) == 4


# ====================================================================== exhaustive draw


@pytest.mark.parametrize(
    ("ready", "deltas"),
    [
        ((), [0, 0, 0, 0]),
        ((1,), [-1000, 3000, -1000, -1000]),
        ((0, 2), [1500, -1500, 1500, -1500]),
        ((0, 1, 3), [1000, 1000, -3000, 1000]),
        ((0, 1, 2, 3), [0, 0, 0, 0]),
    ],
)
def test_noten_payments(ready: tuple[int, ...], deltas: list[int]) -> None:
    """At the exhaustive draw the noten players pay 3,000 in all to the tenpai players;
    the dealer repeats if tenpai, else the deal passes; honba +1 either way."""
    rules = riichi()
    hands = [TENPAI[s] if s in ready else NOTEN[s] for s in range(4)]
    game = new_game(rules, riichi_wall(rules, hands))
    play_out(game)
    draw = last(game, "exhaustive_draw")
    assert draw.ready == list(ready)
    assert [bool(h) for h in draw.hands] == [s in ready for s in range(4)]
    assert last(game, "hand_end").deltas == deltas
    noten = [t for t in of_type(game, "transfer") if t.reason == "noten"]
    assert sum(t.amount for t in noten) == (3000 if 0 < len(ready) < 4 else 0)
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0 if 0 in ready else 1, 1)


@pytest.mark.parametrize("nagashi", [True, False])
def test_nagashi_mangan(nagashi: bool) -> None:
    """Seat 1 discards only terminals and honours, none called: nagashi mangan, paid as a
    non-dealer mangan tsumo (4,000 from the dealer, 2,000 from the others) instead of the
    noten payments (seat 3 is tenpai). Without the option: the noten payments."""
    rules = riichi(nagashi_mangan=nagashi)
    orphans = "19m19p19s1234567z19m19p1s"
    draws: list[str | None] = [None] * 70
    for i, tile in enumerate(tiles(orphans)):
        draws[1 + 4 * i] = tile
    hands = ["23568m2358p2358s", "23568m2358p2358s", "34678m3467p3467s", TENPAI[3]]
    game = new_game(rules, riichi_wall(rules, hands, draws=draws))
    play_out(game)
    end = types(game).index("hand_end")
    river = [e for e in of_type(game, "discard") if e.seat == 1]
    assert [e.tile for e in river] == tiles(orphans) and not of_type(game, "call")
    assert types(game)[end - 1] == "exhaustive_draw"
    assert last(game, "exhaustive_draw").ready == [3]
    if nagashi:
        assert last(game, "hand_end").deltas == [-4000, 8000, -2000, -2000]
        assert {t.reason for t in of_type(game, "transfer")} == {"nagashi mangan"}
    else:
        assert last(game, "hand_end").deltas == [-1000, -1000, -1000, 3000]
    start = last(game, "hand_start")
    assert (start.dealer, start.extra["honba"]) == (1, 1)


# ====================================================================== honba and sticks


@pytest.mark.parametrize("how", ["ron", "tsumo"])
def test_honba_payments(how: str) -> None:
    """Two nine-terminals aborts make 2 honba. Seat 2 then wins with chun: a ron (1 han
    40 fu = 1300) + 2 x 300 from the discarder; a tsumo (menzen tsumo + chun, 2 han, 20 +
    2 + 2 (kanchan) + 8 = 32 -> 40 fu, basic 640: dealer 1280 -> 1300, others 640 -> 700)
    + 2 x 100 from each."""
    rules = riichi()
    abort = riichi_wall(rules, ["19m19p19s123z234m5p", Q2, Q3, Q4], draws="6z")
    draws: list[str | None] = [None, "3s"] if how == "ron" else [None] * 6 + ["3s"]
    win_wall = riichi_wall(
        rules,
        [Q1, "147m258p258s1456z", KANCHAN, "258m369p147s2356z"],
        draws=draws,
        replacements="333s",
        dora="8p",
    )
    game = new_game(rules, abort, abort, win_wall)
    for _ in range(2):
        act(game, 0, "abort")
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (2, 0, 2)
    if how == "ron":
        cycle(game, 1)
        act(game, 1, "discard 3s")
        act(game, 2, "ron")
        win = last(game, "win")
        assert win.points == RON_1H40 + 600
        assert win.payments == [0, -1900, 1900, 0]
    else:
        cycle(game, 6)
        assert game.turn == 2 and drawn(game) == "3s"
        act(game, 2, "tsumo")
        win = last(game, "win")
        assert (win.detail["han"], win.detail["fu"]) == (2, 40)
        assert win.payments == [-1500, -900, 3300, -900]
        assert win.points == 3300
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (3, 1, 0)


def test_sticks_and_honba_carry_over_an_exhaustive_draw() -> None:
    """The dealer declares riichi and is the only one tenpai at the draw (+3,000); its
    stick stays on the table. Next hand (1 honba, 1 stick) seat 2 rons seat 1's 3s: 1300 +
    300 from seat 1, and the stick."""
    rules = riichi()
    first = riichi_wall(
        rules, [TENPAI[0], NOTEN[1], NOTEN[2], NOTEN[3]], draws="7z", replacements="33s"
    )
    second = riichi_wall(
        rules,
        [Q1, "147m258p258s1456z", KANCHAN, "258m369p147s2356z"],
        draws=[None, "3s"],
        replacements="333s",
        dora="8p",
    )
    game = new_game(rules, first, second)
    act(game, 0, "riichi 7z")
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [0]
    assert game.scores == [27000, 24000, 24000, 24000] and game.ledger.pots["points"] == 1000
    start = last(game, "hand_start")
    assert (start.dealer, start.extra) == (0, {"honba": 1, "sticks": 1, "kyoku": 0})
    cycle(game, 1)
    act(game, 1, "discard 3s")
    act(game, 2, "ron")
    assert last(game, "win").payments == [0, -1600, 2600, 0]
    assert game.scores == [27000, 22400, 26600, 24000] and game.ledger.pots["points"] == 0


# ====================================================================== dealer and game end


def quick_wall(rules: Ruleset, dealer: int, payer: int, winner: int) -> list[int]:
    """A hand where the seats from the dealer up to ``payer`` discard in turn and ``payer``
    deals a 3m into ``winner`` (penchan, chun: 1 han 40 fu)."""
    quiet = iter([Q1, "258m258p258s1567z", "369m369p369s2345z"])
    hands = [PENCHAN if s == winner else next(quiet) for s in range(4)]
    fillers = iter(["9p", "9m", "5z"])
    draws = []
    seat = dealer
    while seat != payer:
        draws.append(next(fillers))
        seat = (seat + 1) % 4
    draws.append("3m")
    return riichi_wall(rules, hands, draws=draws, dora="8p", dealer=dealer)


def quick_ron(game: Game, payer: int, winner: int) -> None:
    while game.turn != payer:
        tsumogiri(game)
        assert game.phase is Phase.TURN
    act(game, payer, "discard 3m")
    act(game, winner, "ron")
    pass_all(game)


def rotation(hands: int) -> list[tuple[int, int, int]]:
    """(dealer, payer, winner) of hands where the seat after the dealer pays the one after
    it: the deal passes every hand and every four hands the scores are even again."""
    return [(k % 4, (k + 1) % 4, (k + 2) % 4) for k in range(hands)]


def play_quick(rules: Ruleset, schedule: list[tuple[int, int, int]]) -> Game:
    walls = [quick_wall(rules, *hand) for hand in schedule]
    game = new_game(rules, *walls)
    for k, (dealer, payer, winner) in enumerate(schedule):
        assert not game.over and game.hand_number == k and game.dealer == dealer
        quick_ron(game, payer, winner)
    return game


@pytest.mark.parametrize("winner", ["dealer", "other"])
def test_dealer_repeats_on_a_win(winner: str) -> None:
    """A dealer win repeats the deal with one more honba (dealer ron 1 han 40 fu = 2000);
    a non-dealer win passes it, honba back to 0. The next hand is dealt from its dealer:
    its wall is built for dealer 1 and seat 1 is dealt first and draws first."""
    rules = riichi()
    if winner == "dealer":
        first = quick_wall(rules, 0, 1, 0)
        game = new_game(rules, first)
        quick_ron(game, 1, 0)
        assert last(game, "win").payments == [DEALER_RON_1H40, -DEALER_RON_1H40, 0, 0]
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, 1)
        return
    first = quick_wall(rules, 0, 1, 2)
    hands = [Q1, "258m258p258s1567z", "369m369p369s2345z", Q4]
    second = riichi_wall(rules, hands, draws="1z", dealer=1)
    game = new_game(rules, first, second)
    mark = len(game.events)
    quick_ron(game, 1, 2)
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.round_wind, start.extra) == (
        1,
        1,
        0,
        {"honba": 0, "sticks": 0, "kyoku": 1},
    )
    deals = of_type(game, "deal", mark)
    assert [d.seat for d in deals] == [1, 2, 3, 0]
    assert [d.tiles for d in deals] == [tiles(hands[s]) for s in (1, 2, 3, 0)]
    draw = last(game, "draw")
    assert (draw.seat, draw.tile, draw.left) == (1, "1z", 69)
    assert game.turn == 1 and game.observation(1).concealed == (13, 14, 13, 13)


@pytest.mark.parametrize(
    ("options", "over"),
    [
        ({"start_points": 1000, "return_points": 1000}, True),  # seat 1 at -300
        ({"start_points": 1300, "return_points": 1300}, False),  # seat 1 at exactly 0
        ({"start_points": 1000, "return_points": 1000, "bust": False}, False),
    ],
)
def test_bust_ends_the_game(options: dict[str, Any], over: bool) -> None:
    """A player below 0 after a hand ends the game (option ``bust``). Final (return =
    start, no oka): seat 2 +1.3 +20 = 21.3; seats 0 and 3 tie at 1,000, seat 0 (nearer the
    first dealer) 2nd: +10, seat 3 -10; seat 1 -1.3 -20 = -21.3."""
    rules = riichi(**options)
    game = new_game(rules, quick_wall(rules, 0, 1, 2))
    quick_ron(game, 1, 2)
    assert game.over is over
    if over:
        end = last(game, "game_end")
        assert end.scores == [1000, -300, 2300, 1000]
        assert end.places == [2, 4, 1, 3]
        assert end.result == {"final": [10.0, -21.3, 21.3, -10.0], "places": [2, 4, 1, 3]}
    else:
        assert game.hand_number == 1 and game.dealer == 1


@pytest.mark.parametrize("hanchan", [False, True])
def test_tonpuu_ends_after_east_4_hanchan_goes_on(hanchan: bool) -> None:
    """Four hands pass the deal round the table (scores even again, everybody at the
    return points 25,000): tonpuu ends there; a hanchan goes on to South 1."""
    rules = riichi(hanchan=hanchan, return_points=25000)
    game = play_quick(rules, rotation(4))
    if hanchan:
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.round_wind, start.extra["kyoku"]) == (4, 0, 1, 4)
        assert not game.over
    else:
        assert game.over
        # all at 25,000 = return: ranks by seat from the first dealer, uma only
        end = last(game, "game_end")
        assert end.result["final"] == [20.0, 10.0, -10.0, -20.0]


def test_hanchan_ends_after_south_4() -> None:
    rules = riichi(return_points=25000)
    game = play_quick(rules, rotation(8))
    assert game.over and of_type(game, "hand_start")[-1].round_wind == 1
    assert last(game, "game_end").result["final"] == [20.0, 10.0, -10.0, -20.0]


@pytest.mark.parametrize("extension", [True, False])
def test_west_extension_until_someone_has_the_return_points(extension: bool) -> None:
    """After South 4 nobody has 26,000 (the return points here): West 1 is played and
    ends the game as soon as seat 2 reaches 26,300. Final (oka 4 x 1,000 to 1st): seat 2
    0.3 + 20 + 4 = 24.3; seat 0 (25,000, tie with seat 3) -1 + 10 = 9; seat 3 -1 - 10 =
    -11; seat 1 -2.3 - 20 = -22.3. Without the extension the game ends after South 4."""
    rules = riichi(return_points=26000, west_extension=extension)
    if not extension:
        game = play_quick(rules, rotation(8))
        assert game.over
        return
    game = play_quick(rules, rotation(9))
    west = of_type(game, "hand_start")[-1]
    assert (west.hand, west.dealer, west.round_wind) == (8, 0, 2)
    assert game.over
    end = last(game, "game_end")
    assert end.scores == [25000, 23700, 26300, 25000]
    assert end.result["final"] == [9.0, -22.3, 24.3, -11.0]


def test_west_extension_ends_after_west_4() -> None:
    """Nobody ever reaches 30,000: the game ends after West 4 (12 hands). Final: each
    -5 from the return points, uma and oka (20) to seat 0: 35, 5, -15, -25."""
    rules = riichi()
    game = play_quick(rules, rotation(12))
    assert game.over and of_type(game, "hand_start")[-1].round_wind == 2
    assert last(game, "game_end").result["final"] == [35.0, 5.0, -15.0, -25.0]


def test_tonpuu_extension_ends_after_south_4() -> None:
    """Tonpuu extends into the South round (sudden death) and ends after South 4 at the
    latest (Tenhou's rule; the spec is silent)."""
    rules = riichi(hanchan=False)
    walls = [quick_wall(rules, *hand) for hand in rotation(12)]
    game = new_game(rules, *walls)
    for dealer, payer, winner in rotation(8):
        assert game.dealer == dealer
        quick_ron(game, payer, winner)
    assert game.over


@pytest.mark.parametrize(
    ("case", "over"), [("top", True), ("agari_yame off", False), ("not top", False)]
)
def test_agari_yame(case: str, over: bool) -> None:
    """Tonpuu, return points 26,000. The dealer of East 4 wins (dealer ron 2,000):
    in first place with 27,000 the game ends; with the option off, or when seat 0 is still
    ahead, the dealer repeats. Final of the first case (oka 4): seat 3 1 + 20 + 4 = 25,
    seat 2 -1 + 10 = 9, seat 0 -1.7 - 10 = -11.7, seat 1 -2.3 - 20 = -22.3."""
    rules = riichi(hanchan=False, return_points=26000, agari_yame=case != "agari_yame off")
    if case == "not top":  # seat 0 wins East 2 and 3; the dealer of East 4 rons seat 1
        schedule = [(0, 1, 2), (1, 2, 0), (2, 3, 0), (3, 1, 3)]
        scores = [27600, 21700, 25000, 25700]
    else:
        schedule = [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 3)]
        scores = [24300, 23700, 25000, 27000]
    game = play_quick(rules, schedule)
    assert last(game, "win").points == DEALER_RON_1H40
    assert game.scores == scores
    assert game.over is over
    if over:
        assert last(game, "game_end").result["final"] == [-11.7, -22.3, 9.0, 25.0]
    else:
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (4, 3, 1)


def test_tenpai_yame() -> None:
    """Tonpuu, return points 26,000. After three passed deals seat 0 leads with 26,300;
    in East 4 the dealer (seat 3) is the only one tenpai at the draw: 25,000 + 3,000 =
    28,000, first place with the return points. Tenhou stops the game there (automatic
    tenpai-yame, as for agari-yame); the spec names agari-yame only. Final (oka 4): seat 3
    2 + 20 + 4 = 26; seat 0 -0.7 + 10 = 9.3; seat 2 -2 - 10 = -12; seat 1 -3.3 - 20 =
    -23.3."""
    rules = riichi(hanchan=False, return_points=26000)
    schedule = [(0, 1, 2), (1, 2, 3), (2, 3, 0)]
    walls = [quick_wall(rules, *hand) for hand in schedule]
    last_hand = [NOTEN[0], NOTEN[1], NOTEN[2], TENPAI[0]]
    walls.append(riichi_wall(rules, last_hand, dealer=3))
    game = new_game(rules, *walls)
    for _dealer, payer, winner in schedule:
        quick_ron(game, payer, winner)
    assert game.dealer == 3 and game.scores == [26300, 23700, 25000, 25000]
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [3]
    assert game.scores == [25300, 22700, 24000, 28000]
    assert game.over
    assert last(game, "game_end").result["final"] == [9.3, -23.3, -12.0, 26.0]


# ====================================================================== pao


def pao_wall(rules: Ruleset, how: str) -> list[int]:
    """Seat 1 holds two of each dragon and 123m 4p: three dragon pons, then a 4p tanki."""
    seat1 = "55z66z77z123m4p9m9p1s"
    draws: list[str | None] = ["5z", "6z", None, "7z", None, None, None, None]
    draws[{"tsumo": 7, "ron from seat 0": 6, "ron from the feeder": 5}[how]] = "4p"
    hands = ["147m258p369s1234z", seat1, "258m147p258s1234z", "369m369p147s1234z"]
    return riichi_wall(rules, hands, draws=draws, ura="4p", dora="8p")


def _seat_1_wins_on(game: Game, tile: str, how: str) -> None:
    """Play on (draws thrown) until seat 1 wins on ``tile``: by tsumo, or by ron on seat
    0's or the feeder's (seat 3) discard of it."""
    seat = {"tsumo": 1, "ron from seat 0": 0, "ron from the feeder": 3}[how]
    while not (game.turn == seat and drawn(game) == tile):
        tsumogiri(game)
        pass_all(game)
    if how == "tsumo":
        act(game, 1, "tsumo")
    else:
        act(game, seat, f"discard {tile}")
        act(game, 1, "ron")


def play_pao(game: Game, how: str) -> Any:
    """Seat 1 pons white (from seat 0), green (seat 2), then red fed by seat 3 (liable),
    and wins on 4p; the win event."""
    act(game, 0, "discard 5z")
    act(game, 1, "pon 5z 5z")
    act(game, 1, "discard 9m")
    act(game, 2, "discard 6z")
    act(game, 1, "pon 6z 6z")
    act(game, 1, "discard 9p")
    cycle(game, 1)
    act(game, 3, "discard 7z")
    act(game, 1, "pon 7z 7z")
    act(game, 1, "discard 1s")
    _seat_1_wins_on(game, "4p", how)
    win = last(game, "win")
    assert (ids(win), win.detail["pao"]) == (["daisangen"], 3)
    return win


@pytest.mark.parametrize(
    ("how", "payments"),
    [
        ("tsumo", [0, 32000, 0, -32000]),
        ("ron from seat 0", [-16000, 32000, 0, -16000]),
        ("ron from the feeder", [0, 32000, 0, -32000]),
    ],
)
def test_pao_for_daisangen(how: str, payments: list[int]) -> None:
    """Seat 3 fed the third dragon set. Daisangen, a non-dealer yakuman: 32,000. Tsumo:
    seat 3 pays it all; a ron from seat 0: seats 0 and 3 pay 16,000 each; a ron from seat
    3: seat 3 pays all."""
    rules = riichi()
    game = new_game(rules, pao_wall(rules, how))
    win = play_pao(game, how)
    assert win.points == 32000 and win.payments == payments


@pytest.mark.parametrize(
    ("how", "payments"),
    [
        ("tsumo", [0, 32300, 0, -32300]),
        ("ron from seat 0", [-16000, 32300, 0, -16300]),
    ],
)
def test_pao_pays_the_honba(how: str, payments: list[int]) -> None:
    """With 1 honba (after a nine-terminals abort) the liable player pays the honba too:
    on a tsumo 32,000 + 3 x 100; on a ron half the hand (16,000) + 300, the discarder the
    other half (Tenhou: "related repeats also paid through pao"; the spec is silent)."""
    rules = riichi()
    game = new_game(rules, nine_terminals_abort(rules), pao_wall(rules, how))
    start_after_abort(game, riichi_first=False)
    assert last(game, "hand_start").extra["honba"] == 1
    win = play_pao(game, how)
    assert win.payments == payments


# Daisangen with pao plus tsuuiisou (no pao): seat 1 pons white (from the dealer), green
# (from seat 2) and red (fed by seat 3, liable for daisangen) and holds 222z 4z, waiting
# on 4z: every tile an honour, two yakuman.
COMPOSITE = "55z66z77z222z4z9m9p1s"
COMPOSITE_OTHERS = ["147m258p369s1133z", "258m147p258s1133z", "369m369p147s19p19s"]


def composite_wall(rules: Ruleset, how: str) -> list[int]:
    draws = ["5z", "6z", "8m", "7z", "8p", "8s", "7p", "7s"]
    draws[{"tsumo": 7, "ron from seat 0": 6, "ron from the feeder": 5}[how]] = "4z"
    hands = [COMPOSITE_OTHERS[0], COMPOSITE, *COMPOSITE_OTHERS[1:]]
    return riichi_wall(rules, hands, draws=draws, dora="8p", ura="8p")


@pytest.mark.parametrize(
    ("preset", "how", "payments"),
    [
        ("standard", "tsumo", [0, 64300, 0, -64300]),
        ("standard", "ron from seat 0", [-32000, 64300, 0, -32300]),
        ("standard", "ron from the feeder", [0, 64300, 0, -64300]),
        ("mahjongsoul", "tsumo", [-16000, 64300, -8000, -40300]),
        ("mahjongsoul", "ron from seat 0", [-48000, 64300, 0, -16300]),
        ("mahjongsoul", "ron from the feeder", [0, 64300, 0, -64300]),
    ],
)
def test_pao_with_two_yakuman(preset: str, how: str, payments: list[int]) -> None:
    """Daisangen (seat 3 liable) and tsuuiisou (nobody liable): a non-dealer double
    yakuman, 2 x 8,000 basic, with 1 honba (300 on a ron, 3 x 100 on a tsumo).

    * Tenhou (``standard``): the liable player covers the whole hand. Tsumo: seat 3 pays
      it as a ron, 4 x 16,000 = 64,000 + 300. Ron from seat 0: 64,000 halved, seat 0
      32,000 and seat 3 32,000 + the 300.
    * Mahjong Soul (``pao_yakuman_only``): pao covers daisangen only (riichi.wiki
      "Sekinin barai", RiichiEnv's rule notes). Tsumo: seat 3 pays daisangen as a ron,
      4 x 8,000 = 32,000, and the honba 300; tsuuiisou is an ordinary non-dealer tsumo,
      the dealer 16,000, seats 2 and 3 8,000 each: seat 3 40,300 in all. Ron from seat 0:
      daisangen's 32,000 halved (seat 0 16,000, seat 3 16,000 + 300), tsuuiisou's
      32,000 from seat 0: seat 0 48,000.
    * A ron from the liable player: it pays everything, 64,000 + 300, in both."""
    rules = riichi(preset=preset)
    game = new_game(rules, nine_terminals_abort(rules), composite_wall(rules, how))
    start_after_abort(game, riichi_first=False)
    for feeder, tile, then in ((0, "5z", "9m"), (2, "6z", "9p"), (3, "7z", "1s")):
        if feeder == 3:
            cycle(game, 1)  # seat 2 again
        act(game, feeder, f"discard {tile}")
        act(game, 1, f"pon {tile} {tile}")
        act(game, 1, f"discard {then}")
        pass_all(game)
    _seat_1_wins_on(game, "4z", how)
    win = last(game, "win")
    assert ids(win) == ["daisangen", "tsuuiisou"] and win.detail["pao"] == 3
    assert win.detail["yakuman"] == 2 and win.detail["honba"] == 1
    assert win.payments == payments and sum(payments) == 0


def test_pao_of_two_players_each_for_its_yakuman() -> None:
    """``extra_pao`` (pao for suukantsu too): seat 1 makes four open kans, 5z from the
    dealer, 6z from seat 2, 7z from seat 3 (liable for daisangen) and 1m from the dealer
    (the fourth kan: the dealer is liable for suukantsu), and waits on 4z. Two yakuman,
    each with its own liable player, each paying its own yakuman as if it had dealt in
    (the nobody-liable rest, none here, would go with the first). Tsumo: seats 3 and 0
    pay 4 x 8,000 = 32,000 each. Ron from seat 2: each yakuman's 32,000 halved, seat 2
    pays 16,000 + 16,000, seats 3 and 0 16,000 each."""
    rules = riichi(extra_pao=True)
    for how in ("tsumo", "ron"):
        draws = ["5z", "6z", "8m", "7z", "8p", "8s", "1m", "7m", "7p", "7s", "9p"]
        draws[7 if how == "ron" else 10] = "4z"
        hands = ["258m147p258s1133z", "555z666z777z111m4z", "369m258p147s1133z"]
        hands.append("479m369p369s2244z")
        game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements="5m5p5s6m"))
        for feeder, tile in ((0, "5z"), (2, "6z"), (3, "7z"), (0, "1m")):
            while game.turn != feeder:
                tsumogiri(game)
                pass_all(game)
            act(game, feeder, f"discard {tile}")
            act(game, 1, f"kan {tile} {tile} {tile}")
            tsumogiri(game, 1)  # the replacement
            pass_all(game)
        seat = 2 if how == "ron" else 1
        while not (game.turn == seat and drawn(game) == "4z"):
            tsumogiri(game)
            pass_all(game)
        if how == "tsumo":
            act(game, 1, "tsumo")
        else:
            act(game, 2, "discard 4z")
            act(game, 1, "ron")
            act(game, 3, "pass")  # it could pon the 4z
        win = last(game, "win")
        assert ids(win) == ["daisangen", "suukantsu"] and win.detail["pao"] == 3
        if how == "tsumo":
            assert win.payments == [-32000, 64000, 0, -32000]
        else:
            assert win.payments == [-16000, 64000, -32000, -16000]


# ====================================================================== the final result


def test_leftover_sticks_go_to_first_place() -> None:
    """Start and return 1,000. Seat 1 declares riichi (to 0); at the draw seats 1 and 2 are
    tenpai, seats 0 and 3 pay 1,500 each and go below 0: the game ends and the stick on the
    table goes to first place (seat 2: 2,500 + 1,000). Final (no oka): seat 2 2.5 + 20 =
    22.5; seat 1 0.5 + 10 = 10.5; seat 0 (-500, tie with seat 3) -1.5 - 10 = -11.5; seat 3
    -1.5 - 20 = -21.5."""
    rules = riichi(start_points=1000, return_points=1000)
    hands = [NOTEN[0], TENPAI[1], TENPAI[2], NOTEN[3]]
    game = new_game(rules, riichi_wall(rules, hands, draws=[None, "7z"]))
    cycle(game, 1)
    act(game, 1, "riichi 7z")
    play_out(game)
    assert last(game, "exhaustive_draw").ready == [1, 2]
    assert game.over
    leftover = last(game, "transfer")
    assert (leftover.src, leftover.dst, leftover.amount, leftover.reason) == (
        POT,
        2,
        1000,
        "leftover sticks",
    )
    end = last(game, "game_end")
    assert end.scores == [-500, 1500, 3500, -500]
    assert end.places == [3, 2, 1, 4]
    assert end.result["final"] == [-11.5, 10.5, 22.5, -21.5]
    assert game.ledger.pots["points"] == 0
