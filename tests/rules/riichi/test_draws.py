"""Riichi's several rons, abortive draws, the exhaustive draw (noten payments, nagashi
mangan), honba and sticks, scripted on injected walls. How these tests are written:
``tests/support/riichi_walls.py``."""

from __future__ import annotations

import pytest

from sparrows.engine import ActionType
from sparrows.engine.ledger import POT
from tests.support.riichi_walls import (
    KANCHAN,
    NOTEN,
    PENCHAN,
    Q1,
    Q2,
    Q3,
    Q4,
    RON_1H40,
    TENPAI,
    act,
    cycle,
    drawn,
    last,
    legal,
    new_game,
    nine_terminals_abort,
    of_type,
    play_out,
    riichi,
    riichi_wall,
    start_after_abort,
    tiles,
    two_aborts,
    types,
)

A = ActionType


# ====================================================================== several rons


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
    two_aborts(game)
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
