"""The riichi house preset ``cy-dealers-choice`` (seed 001) played out, scripted on
injected walls (``tests/support/riichi_walls.py``): pocchi wildcards and the 6z pocchi
furiten, naki menzen, chips per win, basengo, nagashi mangan as a haneman win, random
games of the preset, local yakuman and the optional settlements. How these tests are
written and the tiles' text: ``tests/support/house_helpers.py``."""

from __future__ import annotations

from typing import Any

import pytest

from sparrows.agents import make_agent
from sparrows.engine import Game, Phase
from tests.support.house_helpers import (
    QUIET,
    chips,
    cycle,
    house,
    pass_claims,
    play_out,
    riichi_types,
    seat_hands,
    tenpai_dealer_wall,
)
from tests.support.riichi_walls import (
    act,
    drawn,
    hand_of,
    last,
    legal,
    new_game,
    of_type,
    refused,
    riichi,
    riichi_wall,
    tiles,
    two_aborts,
)

# Chun and a kanchan on 3s: ron 20 + 10 + 2 + 8 (closed honour triplet) = 40 fu, 1 han;
# tsumo 20 + 2 + 2 + 8 = 32 -> 40 fu, 2 han (menzen tsumo).
KANCHAN = "123m456m777z24s99s"
# Chun and a penchan on 3m: ron 20 + 10 + 2 + 8 = 40 fu, 1 han.
PENCHAN = "12m456p777z11s789s"


# ====================================================================== pocchi wildcards

# A closed hand waiting on 6m / 9m: 9m makes ittsu (closed 2 han) and pinfu.
ITTSU_WAIT = "123m456m78m123p99s"


def riichi_pocchi_game(hand: str) -> Game:
    """Seat 1 declares riichi on its second draw, tsumogiris its next (ippatsu gone), then
    draws the 5z pocchi."""
    rules = house()
    draws: list[str | None] = [None] * 14
    draws[1] = "9p"
    draws[5] = "1z"  # the riichi discard
    draws[9] = "4p"
    draws[13] = "5!z"
    wall = riichi_wall(rules, seat_hands({1: hand}), draws=draws, dora="8p", ura="8p")
    game = new_game(rules, wall)
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "1z"
    act(game, 1, "riichi 1z")
    pass_claims(game)
    cycle(game, 7)
    assert game.turn == 1 and drawn(game) == "5!z"
    return game


def test_riichi_player_drawing_a_5z_pocchi_must_tsumo() -> None:
    """In riichi the 5z pocchi is a wildcard: only tsumo is offered (no discard). It
    stands for the kind worth most: 9m (riichi, menzen tsumo, pinfu, ittsu 2 = 5 han,
    mangan) beats 6m (3 han 20 fu). Non-dealer mangan tsumo 2,000 / 4,000 and its own
    stick back: +9,000. Chips: the pocchi, 1 from each other player."""
    game = riichi_pocchi_game(ITTSU_WAIT)
    assert legal(game, 1) == {"tsumo"}
    assert refused(game, 1, "discard 5!z")
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert win.tile == "5!z"
    assert win.detail["wildcard"] == 8  # 9m
    assert (win.detail["han"], win.detail["limit"]) == (5, "mangan")
    assert win.detail["chips"] == 1
    assert win.payments == [-4000, 9000, -2000, -2000]
    assert chips(game) == [-1, 3, -1, -1]
    report = [r for r in game.hand_results if r.winner == 1][-1]
    assert report.facts["wildcard"] is True and "wildcard" in report.items


def test_riichi_pocchi_offers_an_ankan_that_keeps_the_waits() -> None:
    """With three plain 5z in the hand the drawn 5z pocchi may also make a closed kan (the
    waits 6m / 9m stay): tsumo and ankan, still no discard."""
    game = riichi_pocchi_game("555z123m456m78m99s")
    assert legal(game, 1) == {"tsumo", "ankan 5!z"}
    assert refused(game, 1, "discard 5!z")


# 6z pocchi: seat 2 holds 66z + the 6z pocchi and 1s (tanki on 1s); draws 9p and discards
# the pocchi, draws 1s and discards 9p: ready on 6z / 1s (shanpon) with ittsu.
SIX_POCCHI = "123456789m66z6!z1s"


def six_pocchi_game() -> Game:
    rules = house()
    draws = ["8m", "8p", "9p", "8s", "2m", "2p", "1s", "6z", "1s"]
    hands = seat_hands({2: SIX_POCCHI}, quiet=[QUIET[1], QUIET[2], QUIET[0]])
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, dora="1z"))
    cycle(game, 2)
    assert drawn(game) == "9p"
    act(game, 2, "discard 6!z")
    pass_claims(game)
    cycle(game, 3)
    assert drawn(game) == "1s"
    act(game, 2, "discard 9p")
    pass_claims(game)
    assert hand_of(game, 2) == tiles("123456789m66z11s")
    ruleset: Any = game.ruleset
    assert ruleset.waits_of(game, 2) == (18, 32)  # 1s and 6z
    return game


def test_discarded_6z_pocchi_makes_6z_furiten() -> None:
    """Seat 3 discards the third plain 6z: seat 2 may pon it but not ron (it discarded the
    6z pocchi)."""
    game = six_pocchi_game()
    assert game.turn == 3 and drawn(game) == "6z"
    act(game, 3, "discard 6z")
    assert game.phase is Phase.CLAIM
    assert legal(game, 2) == {"pon 6z 6z", "pass"}


def test_discarded_6z_pocchi_leaves_the_other_waits_free() -> None:
    """Seat 0 then discards 1s: seat 2 may ron it (ittsu, closed 2 han; 20 + 10 + 4 (the
    ronned 111s, terminals, open) + 2 (hatsu pair) = 36 -> 40 fu: 4 x 640 = 2560 ->
    2,600)."""
    game = six_pocchi_game()
    assert game.turn == 3 and drawn(game) == "6z"
    act(game, 3, "discard 6z")
    assert "ron" not in legal(game, 2)
    act(game, 2, "pass")
    assert drawn(game) == "1s"
    act(game, 0, "discard 1s")
    assert "ron" in legal(game, 2)
    act(game, 2, "ron")
    pass_claims(game)
    assert last(game, "win").payments == [-2600, 0, 2600, 0]


# ====================================================================== naki menzen


@pytest.mark.parametrize(
    ("five", "abilities", "offered"),
    [("5Gp", "set2", True), ("5p", "set2", False), ("5Gp", "", False)],
)
def test_naki_menzen_allows_riichi_with_an_open_hand(
    five: str, abilities: str, offered: bool
) -> None:
    """Seat 1 pons 2z, then draws 9s: discarding 3z leaves 56p 234m 567s 99s (waits 4p /
    7p). With the gold 5p (naki menzen in set 2) riichi (and open riichi) on 3z is
    offered, but not on the turn of the pon (no draw). With a plain 5p, or without
    abilities, no riichi with an open hand."""
    rules = house(abilities=abilities)
    seat1 = f"22z{five}6p234m567s9s3z1m"
    quiet = ["147m147p147s1345z", "258m258p258s1456z", "369m369p369s1467z"]
    draws = ["2z", "8m", "8p", "8s", "9s"]
    game = new_game(rules, riichi_wall(rules, seat_hands({1: seat1}, quiet), draws=draws))
    act(game, 0, "discard 2z")
    act(game, 1, "pon 2z 2z")
    assert riichi_types(game, 1) == set()  # right after the call
    act(game, 1, "discard 1m")
    pass_claims(game)
    cycle(game, 3)
    assert game.turn == 1 and drawn(game) == "9s"
    expected = {"riichi 3z", "open_riichi 3z"} if offered else set()
    assert riichi_types(game, 1) == expected
    if offered:
        act(game, 1, "riichi 3z")
        pass_claims(game)
        assert game.observation(0).extra.riichi == (0, 1, 0, 0)
        assert game.scores[1] == 24000 and game.ledger.pots["points"] == 1000


# ====================================================================== chips per win


def test_chips_of_a_ron_purple_ippatsu_ura() -> None:
    """Seat 2 declares riichi on its second draw and rons seat 3's 4m at once: riichi 1,
    ippatsu 1, the purple 3m 1, ura 1 (indicator 6s: 7s) = 4 han; 20 + 10 + 2 (kanchan) =
    32 -> 40 fu: mangan, 8,000 from seat 3, plus its stick. Chips from the discarder:
    purple 1 + ippatsu 1 + ura 1 = 3."""
    rules = house()
    draws: list[str | None] = [None] * 8
    draws[2] = "9m"
    draws[6] = "9p"  # the riichi discard
    draws[7] = "4m"
    hands = seat_hands({2: "3P5m234p678p789s11s"})
    wall = riichi_wall(rules, hands, draws=draws, dora="1z", ura="6s")
    game = new_game(rules, wall)
    cycle(game, 6)
    assert game.turn == 2 and drawn(game) == "9p"
    act(game, 2, "riichi 9p")
    pass_claims(game)
    assert drawn(game) == "4m"
    act(game, 3, "discard 4m")
    act(game, 2, "ron")
    pass_claims(game)
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"], win.detail["limit"]) == (4, 40, "mangan")
    assert sorted(map(tuple, win.detail["chip_items"])) == [
        ("ippatsu", 1),
        ("special tiles", 1),
        ("ura dora", 1),
    ]
    assert win.payments == [0, 0, 9000, -8000]
    assert chips(game) == [0, 0, 3, -3]
    moves = [t for t in of_type(game, "transfer") if t.account == "chips"]
    assert [(t.src, t.dst, t.amount) for t in moves] == [(3, 2, 3)]


def test_chips_of_a_tsumo_from_each_other_player() -> None:
    """Seat 1 tsumos 9s (tanki) with the blue 7p and the purple 3s: menzen tsumo 1 + 2 =
    3 han; 20 + 2 + 2 = 24 -> 30 fu; basic 960: the dealer 1,920 -> 2,000, the others
    1,000. Chips: 2 special tiles, 2 from each of the three others."""
    rules = house()
    draws = ["9p", "1p", "8m", "8p", "9p", "9s"]
    wall = riichi_wall(rules, seat_hands({1: "123m456m7B89p3P45s9s"}), draws=draws, dora="1z")
    game = new_game(rules, wall)
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "9s"
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"], win.detail["chips"]) == (3, 30, 2)
    assert win.payments == [-2000, 4000, -1000, -1000]
    assert chips(game) == [-2, 6, -2, -2]


# ====================================================================== basengo

NINE_TERMINALS = "19m19p19s123z234m5p"


@pytest.mark.parametrize("how", ["ron", "tsumo"])
def test_basengo_honba(how: str) -> None:
    """Two nine-terminals aborts make 2 honba (the dealer repeats, no window). Seat 2
    then wins with chun on 3s: a ron (1 han 40 fu = 1,300) + 2 x 1,500 = 4,300 from the
    discarder; a tsumo (2 han 40 fu, basic 640: the dealer 1,280 -> 1,300, the others
    640 -> 700) + 2 x 500 from each: 2,300 / 1,700 / 1,700."""
    rules = house()
    abort = riichi_wall(rules, [NINE_TERMINALS, None, None, None], draws="6z")
    if how == "ron":  # on seat 1's second turn (its first would make a renhou)
        draws = ["9p", "8m", "9p", "8m", "9p", "3s"]
    else:
        draws = ["9p", "8m", "9p", "8m", "9p", "8m", "3s"]
    win_wall = riichi_wall(rules, seat_hands({2: KANCHAN}), draws=draws, dora="8p")
    game = new_game(rules, abort, abort, win_wall)
    two_aborts(game)
    if how == "ron":
        cycle(game, 5)
        act(game, 1, "discard 3s")
        act(game, 2, "ron")
        pass_claims(game)
        win = last(game, "win")
        assert win.points == 4300
        assert win.payments == [0, -4300, 4300, 0]
    else:
        cycle(game, 6)
        assert game.turn == 2 and drawn(game) == "3s"
        act(game, 2, "tsumo")
        win = last(game, "win")
        assert (win.detail["han"], win.detail["fu"]) == (2, 40)
        assert win.points == 5700
        assert win.payments == [-2300, -1700, 5700, -1700]
    assert win.detail["honba"] == 2
    assert chips(game) == [0, 0, 0, 0]
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (3, 1, 0)


# ====================================================================== nagashi mangan


def test_nagashi_mangan_is_a_haneman_win() -> None:
    """After a nine-terminals abort (honba 1), seat 3 declares riichi and seat 1 discards
    only terminals and honours, none called: at the draw seat 1 wins nagashi mangan, paid
    as a non-dealer haneman tsumo 3,000 / 6,000 plus basengo 500 from each, and takes the
    stick: the dealer 6,500, the others 3,500, seat 1 +14,500. No chips. Seat 3's
    tenpai earns no noten payment. The deal passes (a non-dealer win): seat 1, honba 0."""
    rules = house()
    abort = riichi_wall(rules, [NINE_TERMINALS, None, None, None], draws="6z")
    orphans = "19m19p19s1234567z19m19p1s"
    draws: list[str | None] = [None] * 70
    for i, tile in enumerate(tiles(orphans)):
        draws[1 + 4 * i] = tile
    draws[3] = "8p"  # seat 3's riichi discard
    hands = [
        "23568m2358p2358s",
        "23568m2358p2358s",
        "34678m3467p3467s",
        "3P45m3P45p3P45s22z78m",  # waits 6m 9m
    ]
    nagashi = riichi_wall(rules, hands, draws=draws, replacements="5!z7!z")
    game = new_game(rules, abort, nagashi)
    act(game, 0, "abort")
    assert last(game, "hand_start").extra["honba"] == 1
    cycle(game, 3)
    act(game, 3, "riichi 8p")
    pass_claims(game)
    play_out(game)
    river = [e.tile for e in of_type(game, "discard") if e.seat == 1]
    assert river == tiles(orphans) and not of_type(game, "call")
    win = last(game, "win")
    assert (win.seat, win.from_seat) == (1, None)
    assert win.points == 13500  # 12,000 + 3 x 500
    assert win.payments == [-6500, 14500, -3500, -3500]
    assert game.scores == [18500, 39500, 21500, 20500]
    assert game.ledger.pots["points"] == 0
    assert chips(game) == [0, 0, 0, 0]
    assert not game.over
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (2, 1, 0)


# ====================================================================== random games


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_invariant(seed: int) -> None:
    """Random agents play the preset: validate() after every step, points (with the pot)
    and chips conserved at every step, the game over by East 4 (no extension), the final
    chips adding up."""
    rules = house()
    game = Game(rules, seed)
    bots = [make_agent("random", seed=seed * 4 + s, ruleset=rules) for s in range(4)]
    game.validate()
    steps = 0
    while not game.over:
        for seat, options in game.decisions():
            game.step(seat, bots[seat].act(game.observation(seat), options))
            game.validate()
            steps += 1
            assert sum(game.scores) + game.ledger.pots["points"] == 100_000
            assert sum(chips(game)) == 0
        assert steps < 20_000
    assert game.state.kyoku <= 3
    assert {e.round_wind for e in of_type(game, "hand_start")} == {0}
    assert game.events[-1].type == "game_end"
    end = last(game, "game_end")
    assert sum(end.scores) == 100_000 and game.ledger.pots["points"] == 0
    result = end.result
    assert sum(result["chips"]) == 0 and sum(result["placement_chips"]) == 0
    assert result["chips"] == chips(game)
    assert result["chips"] == [
        g + p for g, p in zip(result["game_chips"], result["placement_chips"], strict=True)
    ]


# ====================================================================== local yakuman
@pytest.mark.parametrize(("draw", "offered"), [("4z", True), ("5z", False)])
def test_shiisanpuutaa_on_the_first_draw(draw: str, offered: bool) -> None:
    """147m 258p 369s 1234z + 4z: no two tiles related (numbers of one suit at least three
    apart, honours all different) but the 4z pair: shiisanpuutaa, a local yakuman taken as
    a tsumo on the first draw. (+ 5z instead: 14 unrelated tiles, shiisuupuutaa, also a
    yakuman; the test checks the 4z case's payment.)"""
    rules = riichi(preset="cy-dealers-choice", abilities="")
    wall = riichi_wall(rules, ["147m258p369s1234z", None, None, None], draws=draw)
    game = new_game(rules, wall)
    assert "tsumo" in {str(a) for a in legal(game, 0)}
    if not offered:
        return
    act(game, 0, "tsumo")
    # dealer yakuman tsumo: 8000 x 2 = 16000 from each = 48000; 25000 + 48000 = 73000.
    # 73,000 >= 55,000: the called game ends it. Chips: yakuman 10 from each (no special
    # tile in the hand) + the called game's 1 from each; placement with seats 1-3 at 9,000
    # (ties by seat): 2nd seat 1 receives 1, 3rd seat 2 pays 4, 4th seat 3 pays 10, 1st
    # seat 0 the balance 13.
    assert game.over
    assert game.scores == [73000, 9000, 9000, 9000]
    assert game.ledger.accounts["chips"] == [30 + 3 + 13, -11 + 1, -11 - 4, -11 - 10]


@pytest.mark.parametrize(
    ("options", "final"),
    [
        # 10,000 a chip: chips [8, 3, -2, -9] are worth 80, 30, -20, -90 (thousands)
        ({"chip_value": 10000}, [80.0, 30.0, -20.0, -90.0]),
        # raw points count too: everyone at 25,000, the start, adds 0
        ({"raw_points": True}, [40.0, 15.0, -10.0, -45.0]),
        # the fixed table 13/3/-5/-11 at 5,000: 65, 15, -25, -55
        ({"placement_chips": "fixed"}, [65.0, 15.0, -25.0, -55.0]),
    ],
)
def test_optional_settlements(options: dict[str, Any], final: list[float]) -> None:
    """The seed's optional rules on the game of the test above (every dealer ready and
    passing, everyone at 25,000 at the end)."""
    rules = house(**options)
    game = new_game(rules, *[tenpai_dealer_wall(rules, d) for d in range(4)])
    for dealer in range(4):
        play_out(game)
        act(game, dealer, "pass_deal")
    assert game.over
    assert last(game, "game_end").result["final"] == final
