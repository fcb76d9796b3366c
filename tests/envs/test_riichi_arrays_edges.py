"""Worked edge cases of riichi's array tables (``sparrows.envs.riichi_arrays``): a kan
robbed (two robbers, the furiten that bars a rob, the furiten a passed rob leaves) and pao
(the liable seat dealing in, big four winds, honba and sticks in a whole game). Each is
played on a built wall (``tests/envs/test_riichi_arrays.py``'s helpers) by the arrays and
by the engine, every decision compared, and the points moved are the ones derived by hand
from the riichi rules in each test's docstring.

Non-dealer payments used below: a hand's base is ``fu * 2 ** (han + 2)``; a ron is paid
4 x base, a self-draw 2 x base by the dealer and 1 x base by each other seat, each rounded
up to 100. A yakuman is 32,000 on a non-dealer's ron; a honba is 300 on a ron (paid by
the liable seat under pao) and a riichi stick 1,000. In every wall the dora indicator is
a North (East is dora), and no winning hand short of a yakuman holds a dora or ura dora
(each test checks the
han the engine counts)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from sparrows.envs.core import EnvCore  # noqa: E402
from sparrows.envs.riichi_arrays import RiichiArrays  # noqa: E402
from tests.envs.test_riichi_arrays import (  # noqa: E402
    _built_wall,
    _face,
    _on_built_wall,
    _steps_equal,
)

#: the wall of the robbed added kan: the dealer pons seat 1's 2p and draws the fourth;
#: seat 2 and seat 3 both wait on 2p (13p), neither with a yaku but chankan
ROB_HANDS = ["22p456m789m345s11z", "189m19s8p1234567z", "13p234m567m678s55s", "13p111m234s678s99s"]
ROB_DRAWS = "9p2p9p6z7z2p"
#: its play: the 9p and the 2p thrown, seat 2's chi passed, the dealer's pon and 1z,
#: seat 1's 9p, seat 2's 6z, seat 3's 7z with riichi, the added kan
ROB_PLAY = "9p 2p pass pon:2p 1z 9p 6z riichi:7z kakan:2p"

#: a first hand of a whole game that ends in four riichi: each seat's first discard
#: declares it (the sticks stay, honba 1, the dealer keeps the deal)
FOUR_RIICHI = (
    ["123456789m123p5z", "123456789p123s6z", "123456789s123m7z", "456m789p456s789s1z"],
    "2z3z2z3z",
)

#: big three dragons: seat 1 pons the dealer's 5z, then seat 3's 6z and 7z (seat 3
#: liable), waiting on 9p alone
DRAGON_HANDS = [
    "5z2468m2468p2468s",
    "55z66z77z123m9p9s1s1p",
    "13579m13579p135s",
    "2468m2468p2468s9m",
]
DRAGON_PLAY = "5z pon:5z 9s 4z 6z pon:6z 1s 2z 7z pon:7z 1p"
#: after it, the draws and play of each way of winning: seat 2's 9p ronned, seat 3's
#: (the liable seat deals in), seat 1's self-drawn 9p
DRAGON_ENDS = {
    "ron": ("9p", "9p ron"),
    "liable": ("1z9p", "1z 9p ron"),
    "tsumo": ("1z3z4z9p", "1z 3z 4z tsumo"),
}


def _act(tables: Any, move: str) -> int:
    """The action index of ``move``: a tile (mpsz notation) is its discard, ``drawn``
    the tile just drawn thrown; ``pon:2p``, ``kakan:2p``, ``riichi:6z`` (riichi with
    that discard; ``riichi:drawn``); ``pass``, ``ron``, ``tsumo``."""
    if move in ("pass", "ron", "tsumo"):
        return int(getattr(tables, f"_{move}"))
    how, _, tile = move.rpartition(":")
    face = int(tables._drawn[0]) if tile == "drawn" else _face(tables, tile)
    if how == "pon":
        return int(tables._pon_at[tables._kind[face], 0])
    if how == "kakan":
        return int(tables._kakan_at[tables._kind[face], 0])
    if how == "riichi":
        return int(tables._riichi_at[face])
    assert not how, move
    return face


def _play(tables: Any, ref: EnvCore, moves: str) -> tuple[Any, bool]:
    """``moves`` (space-separated, :func:`_act`) played on both, each decision compared
    (``_steps_equal``): the last step's rewards in points and whether it ended."""
    got, ended = np.zeros(4), False
    for move in moves.split():
        got, ended = _steps_equal(tables, ref, [_act(tables, move)])
    return got, ended


def _hand(hands: list[str], draws: str, preset: str = "tenhou") -> tuple[Any, EnvCore]:
    """One hand on a built wall, the arrays' and the engine's (none handed over)."""
    config: dict[str, Any] = {"ruleset": "riichi", "preset": preset}
    tables, ref, _order = _on_built_wall(hands, config, draws=draws)
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    return tables, ref


def _game(deals: list[tuple[list[str], str]], preset: str = "tenhou") -> tuple[Any, EnvCore]:
    """A whole game whose hands are dealt from built walls, ``deals`` (hands, draws) in
    order (the last one again for any hand after them)."""
    config: dict[str, Any] = {"ruleset": "riichi", "preset": preset, "episode": "game"}
    tables: Any = RiichiArrays(1, 0, config)
    walls = [_built_wall(tables, hands, draws) for hands, draws in deals]

    def orders(rows: Any, counters: Any) -> Any:
        return np.stack([walls[min(int(c), len(walls) - 1)] for c in counters])

    tables._walls.orders = orders
    tables.reset()
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    ref = EnvCore(**config)
    ref.new_game(0, walls=tables.game_walls(0))
    return tables, ref


def _four_riichi(tables: Any, ref: EnvCore) -> None:
    """The game's first hand, :data:`FOUR_RIICHI`: aborted with four sticks on the
    table, honba 1, the dealer (seat 0) dealing again and every seat at 24,000."""
    for _ in range(4):
        got, ended = _play(tables, ref, "riichi:drawn")
    assert not ended and np.allclose(got, [0, 0, 0, -1000]), got
    assert (tables._dealer[0], tables._honba[0], tables._pot[0]) == (0, 1, 4)
    assert list(tables._scores[0]) == [24000] * 4


def _wins(ref: EnvCore) -> list[tuple[tuple[str, ...], int, int]]:
    """The engine's wins of the hand just ended: (items, han, fu), in order."""
    results = [r for r in ref.game.hand_results if r.kind == "win"]
    return [(r.items, r.facts["han"], r.facts["fu"]) for r in results]


def test_two_seats_rob_one_added_kan() -> None:
    """Both waiting seats rob the dealer's added kan of 2p, asked from the kan seat's
    right (seat 2, then seat 3), and both are paid by the dealer.

    Seat 2 (123p 234m 567m 678s 55s): chankan, 1 han; fu 20 + 10 (closed ron) + 2
    (kanchan) = 32 -> 40; base 40 * 2**3 = 320, ron 1,280 -> 1,300. Seat 3 (123p 111m
    234s 678s 99s, riichi on its 7z): riichi, ippatsu (the kan never stood: no call
    broke it), chankan, 3 han; fu 20 + 10 + 2 + 8 (111m, a closed terminal triplet) =
    40; base 40 * 2**5 = 1,280, ron 5,120 -> 5,200. The dealer pays 6,500; seat 3's
    stick goes to seat 2, the first winner from the kan seat's right: seat 2 +2,300,
    seat 3 +5,200 (its stick was paid at its declaration)."""
    tables, ref = _hand(ROB_HANDS, ROB_DRAWS)
    _play(tables, ref, ROB_PLAY)
    assert tables.seat[0] == 2 and tables._rob[0] == 1 and tables._pot[0] == 1
    _play(tables, ref, "ron")
    assert tables.seat[0] == 3 and tables._rob[0] == 1
    got, ended = _play(tables, ref, "ron")
    assert ended and _wins(ref) == [
        (("chankan",), 1, 40),
        (("riichi", "ippatsu", "chankan"), 3, 40),
    ]
    assert np.allclose(got, [-6500, 0, 2300, 5200]), got


def test_a_double_rob_pays_honba_and_sticks_to_the_first_winner() -> None:
    """A whole game: its first hand ends in four riichi (four sticks stay, honba 1, the
    dealer keeps the deal, each seat at 24,000); the second is
    :func:`test_two_seats_rob_one_added_kan`'s, seat 3's riichi a fifth stick.

    Seat 2, the first robber from the kan seat's right, collects 1,300 + 300 (honba) +
    5,000 (sticks) = 6,600; seat 3 its 5,200 alone; the dealer pays 1,300 + 300 + 5,200
    = 6,800. Scores: 17,200, 24,000, 30,600 and 28,200 (24,000 - 1,000 + 5,200); a
    non-dealer won, so seat 1 deals next with no honba and no sticks."""
    tables, ref = _game([FOUR_RIICHI, (ROB_HANDS, ROB_DRAWS)])
    _four_riichi(tables, ref)
    _play(tables, ref, f"{ROB_PLAY} ron")
    got, ended = _play(tables, ref, "ron")
    assert not ended and np.allclose(got, [-6800, 0, 6600, 5200]), got
    assert list(tables._scores[0]) == [17200, 24000, 30600, 28200]
    assert (tables._dealer[0], tables._honba[0], tables._pot[0]) == (1, 0, 0)


@pytest.mark.parametrize("passed", [True, False])
def test_a_ron_let_go_this_go_around_bars_the_rob(passed: bool) -> None:
    """Seat 2 holds 234m 567m 678s 55s 34p (pinfu and tanyao, waiting on 2p and 5p).
    It is offered a ron on seat 1's 2p and passes it (the dealer pons), but its own 6z
    ends that furiten. ``passed``: seat 3 then throws 5p and seat 2 lets that ron go
    too, so when the dealer adds the fourth 2p to its pon (before seat 2 discards
    again) seat 2 is not asked; seat 3 (123p 111m 234s 678s 99s) robs alone: chankan,
    1 han 40 fu (20 + 10 + 2 kanchan + 8 for 111m), 1,300 from the dealer. Else (seat 3
    throws 7z) both are asked and rob: seat 2 pinfu, tanyao (234p: all simples) and
    chankan, 3 han 30 fu, base 30 * 2**5 = 960, ron 3,840 -> 3,900; seat 3 1,300; the
    dealer pays 5,200."""
    hands = [*ROB_HANDS[:2], "34p234m567m678s55s", ROB_HANDS[3]]
    tables, ref = _hand(hands, "9p2p9p6z" + ("5p" if passed else "7z") + "2p")
    _play(tables, ref, "9p 2p")
    assert tables.seat[0] == 2 and tables.mask[0, tables._ron] == 1
    _play(tables, ref, "pass pon:2p 1z 9p 6z drawn")
    if passed:
        assert tables.seat[0] == 2 and tables.mask[0, tables._ron] == 1
        _play(tables, ref, "pass")
        assert tables._temp_furiten[0, 2]
    _play(tables, ref, "kakan:2p")
    assert tables._rob[0] == 1 and tables.seat[0] == (3 if passed else 2)
    if passed:
        got, ended = _play(tables, ref, "ron")
        assert ended and _wins(ref) == [(("chankan",), 1, 40)]
        assert np.allclose(got, [-1300, 0, 0, 1300]), got
        return
    got, ended = _play(tables, ref, "ron ron")
    assert ended and _wins(ref) == [
        (("pinfu", "tanyao", "chankan"), 3, 30),
        (("chankan",), 1, 40),
    ]
    assert np.allclose(got, [-5200, 0, 3900, 1300]), got


#: seat 2 waits on 2p and 5p (34p) with no yaku but riichi; seat 3 holds nothing
RIICHI_HANDS = [*ROB_HANDS[:2], "34p111m567m678s55s", "29m19s12345677z5m"]


@pytest.mark.parametrize("passed", [True, False])
def test_a_riichi_seat_that_let_a_ron_go_may_not_rob(passed: bool) -> None:
    """Seat 2 (111m 567m 678s 55s 34p) declares riichi with its 6z. ``passed``: seat 3
    throws 5p, seat 2 lets the ron go and is furiten for the rest of the hand: a go-around
    later (its own discard between) the dealer adds the fourth 2p to its pon and no rob
    window opens; the kan stands, the dealer draws its replacement tile, no points move.
    Else (seat 3 throws 8p) seat 2 robs: riichi and chankan (its own discard ended
    ippatsu), 2 han; fu 20 + 10 + 8 (111m) = 38 -> 40; base 40 * 2**4 = 640, ron 2,560
    -> 2,600 from the dealer, and its stick back: +3,600."""
    draws = "9p2p9p6z" + ("5p" if passed else "8p") + "9p2z3z4z2p"
    tables, ref = _hand(RIICHI_HANDS, draws)
    _play(tables, ref, "9p 2p pass pon:2p 1z 9p riichi:6z drawn")
    if passed:
        assert tables.seat[0] == 2 and tables.mask[0, tables._ron] == 1
        _play(tables, ref, "pass")
    _play(tables, ref, "drawn drawn drawn")  # (seat 2's 3z: thrown for it, in riichi)
    assert tables._rlen[0, 2] == 2 and not tables._temp_furiten[0, 2]
    got, ended = _play(tables, ref, "kakan:2p")
    if passed:
        assert tables._riichi_furiten[0, 2] and not tables._claim[0] and tables._rob[0] == 0
        assert not ended and tables.seat[0] == 0 and tables._rinshan[0]
        assert tables._kans[0, 0] == 1 and np.allclose(got, 0), got
        return
    assert tables.seat[0] == 2 and tables._rob[0] == 1
    got, ended = _play(tables, ref, "ron")
    assert ended and _wins(ref) == [(("riichi", "chankan"), 2, 40)]
    assert np.allclose(got, [-2600, 0, 3600, 0]), got


def test_a_riichi_seat_that_passes_a_rob_is_furiten_for_the_hand() -> None:
    """Seat 2 (111m 567m 678s 55s 34p, waiting on 2p and 5p) declares riichi with its 6z
    and passes the rob of the dealer's added kan of 2p (riichi, ippatsu, chankan). The
    kan stands: the dealer draws its replacement (7s) and throws it, seat 1 throws 2z,
    seat 2's 3z is thrown for it (its temporary furiten ends, not the riichi's), and
    seat 3's 5p, in seat 2's waits, opens no window: the dealer draws next. A self-draw
    is not barred: seat 2 draws the last 5p a go-around later and wins riichi and menzen
    tsumo, 2 han; fu 20 + 2 (tsumo) + 8 (111m) = 30; base 30 * 2**4 = 480: the dealer
    pays 960 -> 1,000, seats 1 and 3 480 -> 500 each, and its stick comes back: +3,000.
    (The kan's dora indicator 8s and the ura West and Haku make no dora in its hand.)"""
    tables, ref = _hand(RIICHI_HANDS, "9p2p9p6z8p2p2z3z5p9s4z5p")
    _play(tables, ref, "9p 2p pass pon:2p 1z 9p riichi:6z drawn kakan:2p")
    assert tables.seat[0] == 2 and tables._rob[0] == 1
    _play(tables, ref, "pass")
    assert tables._riichi_furiten[0, 2] and tables._temp_furiten[0, 2]
    assert tables.seat[0] == 0 and tables._kans[0, 0] == 1 and tables._rinshan[0]
    _play(tables, ref, "drawn drawn")  # (the dealer's 7s, the kan's dora; seat 1's 2z)
    assert tables._revealed[0] == 2 and tables._rlen[0, 2] == 2
    assert tables._riichi_furiten[0, 2] and not tables._temp_furiten[0, 2]
    five_p = _face(tables, "5p")
    assert tables.seat[0] == 3 and tables._drawn[0] == five_p
    assert tables._waits[0, 2, tables._kind[five_p]]
    _play(tables, ref, "5p")
    assert tables.seat[0] == 0 and not tables._claim[0]
    _play(tables, ref, "drawn drawn")  # (the dealer's 9s, seat 1's 4z)
    assert tables.seat[0] == 2 and tables.mask[0, tables._tsumo] == 1
    got, ended = _play(tables, ref, "tsumo")
    assert ended and _wins(ref) == [(("riichi", "menzen_tsumo"), 2, 30)]
    assert np.allclose(got, [-1000, -500, 3000, -500]), got


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_the_liable_seat_that_deals_in_pays_all_of_big_three_dragons(preset: str) -> None:
    """Seat 1 pons the dealer's 5z, then seat 3's 6z and 7z (the third dragon set fed by
    seat 3: liable) and waits on 9p alone; seat 3 itself throws the 9p. Big three
    dragons on a non-dealer's ron, 32,000 (no other yakuman, so with Mahjong Soul's
    rules the same), all of it from seat 3, the liable seat and the discarder."""
    draws, moves = DRAGON_ENDS["liable"]
    tables, ref = _hand(DRAGON_HANDS, "3z4z6z2z7z" + draws, preset)
    _play(tables, ref, DRAGON_PLAY)
    assert tables._liable[0][1] == {"daisangen": 3}
    got, ended = _play(tables, ref, moves)
    assert ended and _wins(ref) == [(("daisangen",), 13, 0)]
    assert np.allclose(got, [0, 32000, 0, -32000]), got


#: big four winds: seat 1 pons the dealer's 1z, seat 2's 2z and 3z, then seat 3's 4z
#: (the fourth wind set fed by seat 3: liable), throwing 1m, 9m, 1s, 9s after them, and
#: waits on its last tile alone (9p, or 5z: all honours)
WIND_DRAWS = "9s7z7z6z2s"
WIND_PLAY = "1z pon:1z 1m 2z pon:2z 9m 3z pon:3z 1s drawn 4z pon:4z 9s"
#: after it, the draws and play of each way of winning (the wait's tile given as "?"):
#: seat 2's ronned, seat 3's (the liable seat deals in), seat 1's self-drawn
WIND_ENDS = {
    "ron": ("?", "drawn ron"),
    "liable": ("8s?", "drawn drawn ron"),
    "tsumo": ("8s9m1p?", "drawn drawn drawn tsumo"),
}


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
@pytest.mark.parametrize("how", ["ron", "liable", "tsumo"])
@pytest.mark.parametrize("wait", ["9p", "5z"])
def test_pao_is_paid_for_big_four_winds(wait: str, how: str, preset: str) -> None:
    """Seat 1's big four winds, the fourth wind set fed by seat 3 (liable), won on its
    tanki: ronned from seat 2, ronned from seat 3, or self-drawn.

    On 9p: big four winds alone (honitsu and toitoi do not count beside it), one
    yakuman (32,000) with Tenhou's rules, a double one (64,000) with Mahjong Soul's.
    Seat 2's ron: half each from seat 2 and seat 3 (16,000 each; 32,000 each); seat 3's
    ron or a self-draw: all from seat 3 (32,000; 64,000).

    On 5z: big four winds and all honours. Tenhou: two yakuman (64,000), the liable
    seat covering the whole hand: seat 2's ron 32,000 each from seats 2 and 3; seat 3's
    ron or the self-draw 64,000 from seat 3. Mahjong Soul: 96,000, seat 3 liable for the
    double yakuman of big four winds alone (64,000 as if it had dealt in), all honours
    (32,000) paid as usual: seat 2's ron, 32,000 from seat 3 and 32,000 + 32,000 from
    seat 2; seat 3's ron, all 96,000 from seat 3; the self-draw, 64,000 from seat 3 and
    the all-honours tsumo, 16,000 from the dealer and 8,000 from each other seat: seat 0
    16,000, seat 2 8,000, seat 3 72,000."""
    draws, moves = WIND_ENDS[how]
    hands = ["1z2468m2468p2468s", "11z22z33z44z19m19s" + wait, "2z3z13579m13579p1s"]
    hands.append("4z13579m13579p35s")
    tables, ref = _hand(hands, WIND_DRAWS + draws.replace("?", wait), preset)
    _play(tables, ref, WIND_PLAY)
    assert tables._liable[0][1] == {"daisuushi": 3}
    got, ended = _play(tables, ref, moves)
    double = preset == "mahjongsoul"
    yakuman = ("daisuushi",) if wait == "9p" else ("daisuushi", "tsuuiisou")
    han = 13 * (len(yakuman) + double)
    assert ended and _wins(ref) == [(yakuman, han, 0)]
    want = {
        ("9p", "ron", False): [0, 32000, -16000, -16000],
        ("9p", "ron", True): [0, 64000, -32000, -32000],
        ("9p", "liable", False): [0, 32000, 0, -32000],
        ("9p", "liable", True): [0, 64000, 0, -64000],
        ("9p", "tsumo", False): [0, 32000, 0, -32000],
        ("9p", "tsumo", True): [0, 64000, 0, -64000],
        ("5z", "ron", False): [0, 64000, -32000, -32000],
        ("5z", "ron", True): [0, 96000, -64000, -32000],
        ("5z", "liable", False): [0, 64000, 0, -64000],
        ("5z", "liable", True): [0, 96000, 0, -96000],
        ("5z", "tsumo", False): [0, 64000, 0, -64000],
        ("5z", "tsumo", True): [-16000, 96000, -8000, -72000],
    }[wait, how, double]
    assert np.allclose(got, want), got


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
@pytest.mark.parametrize("how", ["ron", "liable", "tsumo"])
def test_pao_with_honba_and_sticks_in_a_game(how: str, preset: str) -> None:
    """A whole game: its first hand ends in four riichi (four sticks, honba 1, each seat
    at 24,000, the dealer dealing again); the second is the big three dragons of
    :func:`test_the_liable_seat_that_deals_in_pays_all_of_big_three_dragons`, seat 3
    liable. Seat 1 collects 32,000 + 300 (honba) + 4,000 (sticks) = 36,300 every way:
    seat 2's ron, half each (16,000), the liable seat 3 also paying the honba (16,300);
    seat 3's ron or a self-draw, all from seat 3 (32,300, the self-draw's honba paid as
    on a ron), which leaves seat 3 at -8,300: a bust, and the game (the episode) ends.
    After the ron the game goes on, seat 1 dealing with no honba and no sticks."""
    draws, moves = DRAGON_ENDS[how]
    tables, ref = _game([FOUR_RIICHI, (DRAGON_HANDS, "3z4z6z2z7z" + draws)], preset)
    _four_riichi(tables, ref)
    _play(tables, ref, DRAGON_PLAY)
    got, ended = _play(tables, ref, moves)
    assert ended is (how != "ron") and _wins(ref) == [(("daisangen",), 13, 0)]
    want = [0, 36300, -16000, -16300] if how == "ron" else [0, 36300, 0, -32300]
    assert np.allclose(got, want), got
    assert list(ref.game.scores) == [24000 + w for w in want]
    if how == "ron":
        assert list(tables._scores[0]) == [24000 + w for w in want]
        assert (tables._dealer[0], tables._honba[0], tables._pot[0]) == (1, 0, 0)
