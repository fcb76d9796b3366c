"""Three-player riichi's payments (tsumo loss and north bisection, honba, noten payments,
nagashi mangan), the 1m/9m dora wrap, the bot's danger with three players, rounds of
three hands and the final results, and pao. Scripted hands on injected 108-tile walls
(``tests/support/sanma.py``); every expected payment is worked out by hand in the
comments from the rules (docs/rulesets.md, "Three players"), never read back from the
engine. The bugs these tests found (memo keys with 108 tiles, the noten split, nagashi
and the win record with three seats) are fixed; their tests stay as regression tests."""

from __future__ import annotations

import pytest

from sparrows.advice import advice_for
from sparrows.agents import make_agent
from sparrows.client import RiichiExtra
from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.observation import Observation
from sparrows.engine.protocol import Ruleset
from sparrows.tiles import Tile, parse_tiles
from tests.support.riichi_walls import (
    act,
    cycle,
    drawn,
    last,
    legal,
    new_game,
    of_type,
    pass_all,
    play_out,
    riichi,
    tiles,
    tsumogiri,
    two_aborts,
)
from tests.support.sanma import (
    DRAWS,
    KANCHAN,
    NOTEN,
    PENCHAN,
    Q1,
    Q2,
    Q3,
    SANMA,
    TENPAI,
    ids,
    sanma,
    sanma_wall,
)

A = ActionType


# ====================================================================== payments


@pytest.mark.parametrize(
    ("winner", "tsumo_loss", "deltas"),
    [
        # non-dealer: the dealer pays 2 x 640 = 1280 -> 1300, seat 2 640 -> 700; the
        # missing non-dealer share is lost
        (1, True, [-1300, 2000, -700]),
        # north bisection: half the missing share (640 / 2 = 320) more from each, rounded
        # up once: the dealer 1280 + 320 = 1600, seat 2 640 + 320 = 960 -> 1000
        (1, False, [-1600, 2600, -1000]),
        # dealer: 2 x 640 = 1280 -> 1300 from each of the two; the fourth share is lost
        (0, True, [2600, -1300, -1300]),
        # dealer with bisection: the missing 1280 split, 640 more each: 1920 -> 2000
        (0, False, [4000, -2000, -2000]),
    ],
)
def test_tsumo_loss_and_north_bisection(winner: int, tsumo_loss: bool, deltas: list[int]) -> None:
    """A tsumo on 3s after the first go-around (no chiihou / tenhou): menzen tsumo + chun,
    2 han 40 fu, basic 640 (see KANCHAN)."""
    rules = sanma(tsumo_loss=tsumo_loss)
    hands = [KANCHAN, Q1, Q3] if winner == 0 else [Q1, KANCHAN, Q3]
    draws: list[str | None] = [None] * (winner + 3) + ["3s"]
    draws[winner] = "4p"  # its first draw, thrown (a safe kind: see test_memoised_waits...)
    order = sanma_wall(rules, hands, draws=draws, replacements="333s", dora="1z")
    game = new_game(rules, order)
    cycle(game, winner + 3)
    assert game.turn == winner and drawn(game) == "3s"
    act(game, winner, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["menzen_tsumo", "yakuhai_chun"]
    assert (win.detail["han"], win.detail["fu"]) == (2, 40)
    assert win.points == deltas[winner]
    assert last(game, "hand_end").deltas == deltas


@pytest.mark.parametrize(
    ("base", "dealer", "tsumo_loss", "honba", "pays"),
    [
        # (what the dealer pays, what a non-dealer pays); a dealer tsumo: (0, each)
        (2000, False, True, 0, (4000, 2000)),  # mangan: 2 x 2000 and 2000
        (2000, False, False, 0, (5000, 3000)),  # + half of the missing 2000 each
        (2000, True, True, 0, (0, 4000)),
        (2000, True, False, 0, (0, 6000)),  # + half of the missing 4000 each
        (240, False, True, 0, (500, 300)),  # 1 han 30 fu: 480 -> 500, 240 -> 300
        (240, False, False, 0, (600, 400)),  # 480 + 120 = 600, 240 + 120 = 360 -> 400
        (8000, False, True, 2, (16200, 8200)),  # yakuman, 2 honba: 100 per payer each
        (8000, True, False, 1, (0, 24100)),  # 16000 + 8000, 1 honba: 100
    ],
)
def test_tsumo_payments(
    base: int, dealer: bool, tsumo_loss: bool, honba: int, pays: tuple[int, int]
) -> None:
    """``points.payment`` and ``points.settle(players=3)``: two payers; tsumo loss drops the
    fourth share, north bisection splits it; a honba is 100 from each tsumo payer."""
    from sparrows.rules.riichi import riichi_options
    from sparrows.rules.riichi.points import payment, settle

    opts = riichi_options(SANMA, tsumo_loss=tsumo_loss)
    pay = payment(base, dealer, True, honba, 1, opts)
    assert (pay.tsumo_dealer, pay.tsumo_other, pay.payers) == (*pays, 2)
    winner = 0 if dealer else 1
    deltas = settle(pay, winner, None, 0, players=3)
    dealer_pays, other_pays = pays
    expected = [0, 0, 0]
    for seat in range(3):
        if seat != winner:
            owed = dealer_pays if seat == 0 else other_pays
            expected[seat] -= owed
            expected[winner] += owed
    expected[winner] += 1000  # the riichi stick on the table
    assert deltas == expected
    assert pay.total == expected[winner]


@pytest.mark.parametrize("how", ["ron", "tsumo"])
def test_honba_with_three_players(how: str) -> None:
    """Two nine-terminals aborts (the dealer repeats): 2 honba. Seat 2 then wins with chun:
    a ron 1 han 40 fu = 1300 + 2 x 200 from the discarder = 1700; a tsumo 2 han 40 fu
    (basic 640): the dealer 1300 + 2 x 100, seat 1 700 + 2 x 100. A non-dealer win: the
    deal passes, honba back to 0."""
    rules = sanma()
    abort = sanma_wall(rules, ["19m19p19s123z56p78s", Q2, Q3], draws="6z")
    draws: list[str | None] = [None, "3s"] if how == "ron" else [None] * 5 + ["3s"]
    win_wall = sanma_wall(rules, [Q1, Q2, KANCHAN], draws=draws, replacements="33s")
    game = new_game(rules, abort, abort, win_wall)
    two_aborts(game)
    if how == "ron":
        cycle(game, 1)
        act(game, 1, "discard 3s")
        act(game, 2, "ron")
        assert last(game, "win").points == 1700
        assert last(game, "hand_end").deltas == [0, -1700, 1700]
    else:
        cycle(game, 5)
        assert game.turn == 2 and drawn(game) == "3s"
        act(game, 2, "tsumo")
        assert last(game, "win").points == 2400
        assert last(game, "hand_end").deltas == [-1500, -900, 2400]
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (3, 1, 0)


@pytest.mark.parametrize(
    ("ready", "deltas"),
    [
        ((), [0, 0, 0]),
        ((1,), [-1000, 2000, -1000]),
        ((0, 2), [1000, -2000, 1000]),
        ((0, 1, 2), [0, 0, 0]),
    ],
)
def test_noten_payments(ready: tuple[int, ...], deltas: list[int]) -> None:
    """At the exhaustive draw the noten players pay 2,000 in all to the ready ones: 1,000
    from each noten player to each ready one. The dealer repeats if ready; honba +1."""
    rules = sanma()
    hands = [TENPAI[s] if s in ready else NOTEN[s] for s in range(3)]
    # fill seed 2: draws that keep clear of the memo bug (test_memoised_waits_...)
    game = new_game(rules, sanma_wall(rules, hands, fill_seed=2))
    play_out(game)
    draw = last(game, "exhaustive_draw")
    assert draw.ready == list(ready)
    assert last(game, "hand_end").deltas == deltas
    noten = [t for t in of_type(game, "transfer") if t.reason == "noten"]
    assert sum(t.amount for t in noten) == (2000 if 0 < len(ready) < 3 else 0)
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0 if 0 in ready else 1, 1)


def test_nagashi_mangan_with_three_players() -> None:
    """Seat 1 discards only terminals and honours, none called: nagashi mangan, paid as a
    non-dealer mangan tsumo with tsumo loss (the dealer 4,000, seat 2 2,000) instead of
    noten payments."""
    rules = sanma()
    orphans = "99m111p999p11s99s66z77z5z1z"  # 18: one per draw of seat 1
    draws: list[str | None] = [None] * DRAWS
    for i, tile in enumerate(tiles(orphans)):
        draws[1 + 3 * i] = tile
    game = new_game(rules, sanma_wall(rules, NOTEN, draws=draws))
    play_out(game)
    river = [e.tile for e in of_type(game, "discard") if e.seat == 1]
    assert river == tiles(orphans)
    assert last(game, "hand_end").deltas == [-4000, 6000, -2000]
    assert {t.reason for t in of_type(game, "transfer")} == {"nagashi mangan"}


# ====================================================================== dora


@pytest.mark.parametrize(
    ("indicator", "dora", "points"),
    [
        # 1m points to 9m (no 2m-8m): the 9m pair, 2 dora: 3 han 50 fu, basic 50 x 2^5 =
        # 1600, ron 4 x 1600 = 6400
        ("1m", 2, 6400),
        # 9m points to 1m: the 1m triplet, 3 dora: 4 han 50 fu, 3200 > 2000: mangan 8000
        ("9m", 3, 8000),
    ],
)
def test_the_1m_indicator_points_to_9m(indicator: str, dora: int, points: int) -> None:
    """Seat 1 (111m 777z 123p 456s 9m) rons the dealer's 9m: chun 1 han; 20 + 10 (closed
    ron) + 8 (concealed terminal triplet) + 8 (honour triplet) + 2 (tanki) = 48 -> 50 fu."""
    rules = sanma()
    hands = ["1479p258s123567z", "111m777z123p456s9m", "2358p3469s12356z"]
    order = sanma_wall(rules, hands, draws="9m", dora=indicator)
    game = new_game(rules, order)
    act(game, 0, "discard 9m")
    assert legal(game, 1) == {"ron", "pass"}
    act(game, 1, "ron")
    win = last(game, "win")
    assert win.detail["dora"] == dora and win.points == points
    assert last(game, "hand_end").deltas == [-points, points, 0]
    assert rules.dora_kinds([Tile(0)]) == {8} and rules.dora_kinds([Tile(8)]) == {0}
    assert riichi().dora_kinds([Tile(0)]) == {1}  # with four players 1m points to 2m


def test_score_refuses_what_three_players_cannot_hold() -> None:
    """The scorer: 2m-8m (in the hand or as an indicator) and nuki with four players or more
    than four Norths are impossible input."""
    from sparrows.errors import HandError
    from sparrows.rules.riichi import WinSituation, riichi_options, score

    three, four = riichi_options(SANMA), riichi_options()
    hand = tuple(parse_tiles("111m999m123p456s7z"))
    ok = WinSituation(hand, Tile(33), tsumo=True, riichi=True, nuki=2)
    assert score(ok, three).is_win
    with pytest.raises(HandError, match="three-player riichi has no 2m-8m"):
        score(WinSituation(tuple(parse_tiles("123m456p789s1112z")), Tile(28)), three)
    with pytest.raises(HandError, match="no 2m-8m"):
        score(WinSituation(hand, Tile(33), tsumo=True, dora_indicators=(Tile(4),)), three)
    with pytest.raises(HandError, match="only with three players"):
        score(ok, four)
    with pytest.raises(HandError, match="at most 4"):
        score(WinSituation(hand, Tile(33), tsumo=True, nuki=5), three)


def test_memoised_waits_with_108_tiles() -> None:
    """The dealer discards 9p and waits on 4z (tanki; 123p 456p 789s 555z: haku): seat 1's
    4z is a ron for it. Dealer ron 1 han, 20 + 10 + 8 + 2 = 40 fu: 6 x 320 = 1920 ->
    2000."""
    rules = sanma()
    hands = ["123p456p789s555z4z", "1m369p124578s124z", "19m147p258s12367z"]
    game = new_game(rules, sanma_wall(rules, hands, draws=["9p", "7p"]))
    act(game, 0, "discard 9p")
    assert rules.tenpai(game, 0)
    act(game, 1, "discard 4z")
    assert legal(game, 0) == {"ron", "pass"}
    act(game, 0, "ron")
    assert last(game, "hand_end").deltas == [2000, -2000, 0]


# ====================================================================== the bot's danger


def defence_view(rules: Ruleset, hand: str, rivers: list[str]) -> Observation:
    """Seat 0's view on its turn, the last seat in riichi (the threat), ``rivers`` the
    discards per seat."""
    n = rules.num_players
    return Observation(
        seat=0,
        ruleset="riichi",
        phase=Phase.TURN,
        hand=tuple(parse_tiles(hand)),
        drawn=None,
        discards=tuple(tuple(parse_tiles(r)) if r else () for r in rivers),
        indicators=(),
        scores=(35000,) * n,
        dealer=0,
        round_wind=0,
        hand_number=0,
        wall_left=40,
        to_act=(0,),
        last_discard=None,
        melds=((),) * n,
        bonus=((),) * n,
        extra=RiichiExtra(0, (0,) * (n - 1) + (1,), (False,) * n, (False,) * n, (), False),
    )


def test_danger_of_1m_and_9m_with_three_players() -> None:
    """With 2m-8m out, no run holds 1m or 9m: they wait only as a pair or a triplet, like
    honours, so they are rated by the copies seen (0.5 x (3 - seen)) and their suji (4m,
    6m, which do not exist) play no part. Seat 0 holds two 1m, seat 1 threw the third
    (3 seen): 1m is 0.5 x 0 = 0; no 9m seen: 0.5 x 3 = 1.5; one 5z seen (its own): 1.0.
    Numbers in runs keep the suji rule: the threat threw 4p, so 1p (a terminal, risk 1) is
    halved to 0.5 and 7p (risk 2) to 1.0; the 9s it threw is genbutsu, 0.
    At a four-player table 1m is an ordinary terminal: risk 1, halved only by a 4m from
    the threat (0.5), whatever the copies seen."""
    rules = sanma()
    hand = "11m1p47p258s12356z"
    obs = defence_view(rules, hand, ["", "1m", "4p9s"])
    danger = {
        t: advice_for(rules).danger(obs, parse_tiles(t)[0])
        for t in ("1m", "9m", "5z", "1p", "7p", "9s")
    }
    assert danger == {"1m": 0.0, "9m": 1.5, "5z": 1.0, "1p": 0.5, "7p": 1.0, "9s": 0.0}
    four = riichi()
    assert (
        advice_for(four).danger(
            defence_view(four, hand, ["", "1m", "", "4p9s"]), parse_tiles("1m")[0]
        )
        == 1.0
    )
    assert (
        advice_for(four).danger(
            defence_view(four, hand, ["", "1m", "", "4m"]), parse_tiles("1m")[0]
        )
        == 0.5
    )


def test_the_folding_bot_throws_the_dead_1m_in_sanma() -> None:
    """The efficiency bot, far from ready against a riichi, throws the least dangerous
    tile: the 1m of which three copies are seen (0), not the suji 1p (0.5)."""
    rules = sanma()
    obs = defence_view(rules, "11m1p47p258s123567z", ["", "1m", "4p9s"])
    legal = [Action(A.DISCARD, t) for t in sorted(set(obs.hand))]
    agent = make_agent("efficiency", 0, rules)
    assert agent.act(obs, legal) == Action(A.DISCARD, parse_tiles("1m")[0])


# ====================================================================== rounds and the end


def quick_wall(rules: Ruleset, dealer: int, payer: int, winner: int, dora: str) -> list[int]:
    """A hand where the seats from the dealer up to ``payer`` discard in turn and ``payer``
    deals a 3p into ``winner`` (PENCHAN: chun, 1 han 40 fu, plus the dora of ``dora``)."""
    quiet = iter([Q1, Q3])
    hands = [PENCHAN if s == winner else next(quiet) for s in range(3)]
    draws = []
    seat = dealer
    fillers = iter(["1m", "9m"])
    while seat != payer:
        draws.append(next(fillers))
        seat = (seat + 1) % 3
    draws.append("3p")
    return sanma_wall(rules, hands, draws=draws, dora=dora, dealer=dealer)


def play_quick(rules: Ruleset, schedule: list[tuple[int, int, int]], dora: str) -> Game:
    game = new_game(rules, *[quick_wall(rules, *hand, dora=dora) for hand in schedule])
    for k, (dealer, payer, winner) in enumerate(schedule):
        assert not game.over and game.hand_number == k and game.dealer == dealer
        while game.turn != payer:
            tsumogiri(game)
            assert game.phase is Phase.TURN
        act(game, payer, "discard 3p")
        act(game, winner, "ron")
    return game


# (dealer, payer, winner): a non-dealer wins each hand, so the deal passes every hand;
# seat 2 wins four times (twice from seat 1, twice from seat 0), seat 0 twice from seat 1.
SCHEDULE = [(0, 1, 2), (1, 0, 2), (2, 1, 0)] * 2


def test_hanchan_ends_after_south_3_with_oka_and_uma() -> None:
    """Six hands, the deal passing over three seats (East 1-3, South 1-3), each won with a
    1 han 40 fu ron = 1300 (indicator 8p: no dora). Seat 2 +4 x 1300 = 40,200, seat 0
    +2 x 1300 - 2 x 1300 = 35,000, seat 1 -4 x 1300 = 29,800. Seat 2 has the return
    40,000: the game ends after South 3. Final, (points - 40,000) / 1000 + uma (+15, 0,
    -15) + oka (40,000 - 35,000) x 3 = 15 to first: seat 2 0.2 + 15 + 15 = 30.2; seat 0
    -5.0 + 0 = -5.0; seat 1 -10.2 - 15 = -25.2."""
    rules = sanma()
    game = play_quick(rules, SCHEDULE, dora="8p")
    assert game.over
    starts = of_type(game, "hand_start")
    assert [s.dealer for s in starts] == [0, 1, 2, 0, 1, 2]
    assert [s.round_wind for s in starts] == [0, 0, 0, 1, 1, 1]
    assert [s.extra["kyoku"] for s in starts] == [0, 1, 2, 3, 4, 5]
    assert [s.extra["honba"] for s in starts] == [0] * 6
    deals = [e.seat for e in of_type(game, "deal")]
    assert deals == [0, 1, 2, 1, 2, 0, 2, 0, 1] * 2  # each hand dealt from its dealer
    assert [w.points for w in of_type(game, "win")] == [1300] * 6
    end = last(game, "game_end")
    assert end.scores == [35000, 29800, 40200]
    assert end.places == [2, 3, 1]
    assert end.result == {"final": [-5.0, -25.2, 30.2], "places": [2, 3, 1]}
    assert abs(sum(end.result["final"])) < 1e-9


def test_tonpuu_ends_after_east_3() -> None:
    """East only: three hands, each a mangan ron (chun + 3 dora: indicator 6z points to
    7z, 4 han 40 fu: 2560 > 2000): seat 2 +2 x 8000 = 51,000, seat 0 35,000, seat 1
    19,000. Final: seat 2 11.0 + 15 + 15 = 41.0; seat 0 -5.0; seat 1 -21.0 - 15 = -36.0."""
    rules = sanma(hanchan=False)
    game = play_quick(rules, SCHEDULE[:3], dora="6z")
    assert game.over and game.hand_number == 2
    assert [w.points for w in of_type(game, "win")] == [8000] * 3
    end = last(game, "game_end")
    assert end.scores == [35000, 19000, 51000]
    assert end.result == {"final": [-5.0, -36.0, 41.0], "places": [2, 3, 1]}


def test_hanchan_goes_on_to_south_1_after_east_3() -> None:
    rules = sanma()
    game = play_quick(rules, SCHEDULE[:3], dora="6z")
    assert not game.over
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.round_wind, start.extra["kyoku"]) == (3, 0, 1, 3)
    assert start.scores == [35000, 19000, 51000]


def test_pao_on_a_tsumo_pays_as_if_ron() -> None:
    """Seat 1 pons 5z (from the dealer), 6z (from seat 2) and 7z (from the dealer: the
    third dragon set, so the dealer is liable) and wins daisangen by tsumo on 4s. The
    liable player pays as if it had dealt in: a non-dealer yakuman ron 4 x 8,000 = 32,000
    (a tsumo with tsumo loss would total only 16,000 + 8,000); seat 2 pays nothing."""
    rules = sanma()
    hands = ["19m159p19s1234z57z", "55z66z77z123p9s1m9m4s", "1m9m3p6p9p3s6s9s1234z6z"]
    wall = sanma_wall(rules, hands, draws=["2p", "2s", "8p", "8s", "7p", "1p", "4s"])
    game = new_game(rules, wall)
    act(game, 0, "discard 5z")
    act(game, 1, "pon 5z 5z")
    act(game, 1, "discard 9s")
    pass_all(game)
    act(game, 2, "discard 6z")
    act(game, 1, "pon 6z 6z")
    act(game, 1, "discard 1m")
    pass_all(game)
    tsumogiri(game, 2)
    pass_all(game)
    act(game, 0, "discard 7z")
    act(game, 1, "pon 7z 7z")
    act(game, 1, "discard 9m")
    pass_all(game)
    tsumogiri(game, 2)
    pass_all(game)
    tsumogiri(game, 0)
    pass_all(game)
    assert drawn(game) == "4s"
    act(game, 1, "tsumo")
    assert last(game, "hand_end").deltas == [-32000, 32000, 0]


@pytest.mark.parametrize(
    ("preset", "deltas"),
    [("tenhou-sanma", [-64000, 64000, 0]), ("mahjongsoul-sanma", [-48000, 56000, -8000])],
)
def test_pao_with_a_second_yakuman(preset: str, deltas: list[int]) -> None:
    """The dealer feeds seat 1's third dragon set (liable for daisangen); seat 1 wins by
    tsumo with daisangen and tsuuiisou (222z and a 4z pair), two yakuman. Tenhou: the
    liable dealer pays the whole hand as a ron, 4 x 16,000 = 64,000. Mahjong Soul: the
    dealer pays daisangen as a ron, 4 x 8,000 = 32,000, and tsuuiisou is an ordinary
    three-player tsumo with tsumo loss: the dealer 16,000, seat 2 8,000 (the fourth
    share, 8,000, is lost): the dealer 48,000 in all, seat 1 receives 56,000."""
    rules = sanma(preset=preset)
    hands = ["19m159p19s1133z57z", "55z66z77z222z4z9s1m9m", "1m9m3p6p9p3s6s9s1133z6z"]
    wall = sanma_wall(rules, hands, draws=["2p", "2s", "8p", "8s", "7p", "1p", "4z"])
    game = new_game(rules, wall)
    for feeder, tile, then in ((0, "5z", "9s"), (2, "6z", "1m"), (0, "7z", "9m")):
        while game.turn != feeder:
            tsumogiri(game)
            pass_all(game)
        act(game, feeder, f"discard {tile}")
        act(game, 1, f"pon {tile} {tile}")
        act(game, 1, f"discard {then}")
        pass_all(game)
    while not (game.turn == 1 and drawn(game) == "4z"):
        tsumogiri(game)
        pass_all(game)
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["daisangen", "tsuuiisou"] and win.detail["pao"] == 0
    assert last(game, "hand_end").deltas == deltas
