"""The riichi house preset ``cy-dealers-choice`` (seed 001): the flow abilities and options
played out on injected walls (``tests/support/riichi_walls.py``): tako riichi's double draw, the
special suukantsu, rinshan pao after a fed open kan, kokan as the winner's action, the
unanimous abort vote, open riichi (shown hands, 2 han, the deal-in yakuman option) and the
riichi peek house rule.

Every expected payment and chip count is worked out by hand in the comments from
``../shared/rules/riichi.md`` (sections "Preset `cy-dealers-choice`" and "precise
semantics"), never read back from the engine; ``game.validate()`` runs after every step
(the helpers of ``riichi_walls`` do it).

Tile text: ``5Ts`` platinum 5s (tako riichi in set 2), ``5Cm`` cyan 5m (kokan), ``5Gp``
gold 5p (naki menzen), ``5!z`` / ``7!z`` the pocchi; a plain digit is a plain tile. Walls
that put a riichi player on turn keep the 5z / 7z pocchi in the replacement tiles (a riichi
player drawing one may not discard it).
"""

from __future__ import annotations

import pytest

from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.protocol import Ruleset
from sparrows.errors import IllegalActionError
from tests.support.house_helpers import (
    QUIET,
    READY,
    chip_moves,
    chips,
    cycle,
    house,
    pass_claims,
    play_out,
    riichi_types,
    seat_hands,
)
from tests.support.riichi_walls import (
    act,
    drawn,
    last,
    legal,
    new_game,
    of_type,
    refused,
    riichi_wall,
    tiles,
    tsumogiri,
    types,
)


def draw_seats(game: Game, since: int) -> list[int]:
    """The seats of the live draws (not replacements) since event ``since``."""
    return [e.seat for e in of_type(game, "draw", since) if not e.replacement]


# ====================================================================== tako riichi

# Seat 1: 123m 456p 789p 5Ts 7s 99s, waiting on 6s (kanchan); "5s" swaps the platinum 5s
# for a plain one. Every tile of the hand is plain but the five.
TAKO_HAND = "123m456p789p{five}7s99s"
# The first nine draws (seat = index % 4): seat 1 draws 1z at index 5, its riichi discard.
TAKO_OPENING = ["9m", "8s", "9m", "8s", "9m", "1z", "8s", "6z", "6z"]


def tako_game(
    later: list[str],
    five: str = "5T",
    abilities: str = "set2",
    seat2: str | None = None,
) -> Game:
    """Seat 1 (not the dealer) holds TAKO_HAND and has drawn 1z on its second turn.
    ``later``: the draws after index 8. Dora indicator 2z (dora 3z: none held); ura
    indicator 8p (ura dora 9p: one in the hand). ``seat2``: another hand for seat 2."""
    rules = house(abilities=abilities)
    hands = seat_hands({1: TAKO_HAND.format(five=five)})
    if seat2 is not None:
        hands[2] = seat2
    wall = riichi_wall(
        rules,
        hands,
        draws=TAKO_OPENING + later,
        replacements="5!z7!z",
        dora="2z",
        ura="8p",
    )
    game = new_game(rules, wall)
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "1z"
    return game


def declare_tako(game: Game) -> None:
    """Seat 1 declares tako riichi on 1z; the declaration turn is a normal one: after the
    discard passes, seat 2 draws (index 6), not seat 1 again."""
    act(game, 1, "tako_riichi 1z")
    pass_claims(game)
    assert game.observation(0).extra.riichi == (0, 1, 0, 0)
    assert game.scores[1] == 24000 and game.ledger.pots["points"] == 1000
    assert game.turn == 2 and drawn(game) == "8s"


@pytest.mark.parametrize(
    ("five", "abilities", "offered"),
    [("5T", "set2", True), ("5", "set2", False), ("5T", "", False)],
)
def test_tako_riichi_is_offered_only_with_the_platinum_5s(
    five: str, abilities: str, offered: bool
) -> None:
    """Seat 1 is ready once it discards 1z: riichi and open riichi on 1z are offered; tako
    riichi too when the platinum 5s is in the hand and set 2 gives it tako riichi (not
    with a plain 5s, nor without abilities)."""
    game = tako_game([], five=five, abilities=abilities)
    expected = {"riichi 1z", "open_riichi 1z"}
    if offered:
        expected.add("tako_riichi 1z")
    assert riichi_types(game, 1) == expected


def test_tako_riichi_draws_and_discards_twice_on_each_later_turn() -> None:
    """After the declaration (a normal turn), each of seat 1's turns is draw, discard,
    draw, discard: seat 1 draws index 9 (5z), discards it, the discard passes and seat 1
    draws again (index 10, 7z); after that discard seat 2 draws (index 11). The next round
    the same (indices 14 and 15 to seat 1, then seat 2)."""
    later = ["5z", "7z", "5z", "6z", "5z", "7z", "7z"]
    game = tako_game(later)
    declare_tako(game)
    since = len(game.events)
    cycle(game, 2)  # seats 2 and 3
    tsumogiri(game, 0)
    pass_claims(game)
    assert game.turn == 1 and drawn(game) == "5z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.phase is Phase.TURN
    assert game.turn == 1 and drawn(game) == "7z"  # the same seat draws again
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 2 and drawn(game) == "5z"  # then the turn moves on
    cycle(game, 2)  # seats 2 and 3
    tsumogiri(game, 0)
    pass_claims(game)
    assert game.turn == 1 and drawn(game) == "7z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 1 and drawn(game) == "7z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 2
    assert draw_seats(game, since) == [3, 0, 1, 1, 2, 3, 0, 1, 1, 2]
    assert game.observation(2).extra.tako == (False, True, False, False)


@pytest.mark.parametrize("which", ["first", "second"])
def test_tako_riichi_ippatsu_only_on_the_first_draw(which: str) -> None:
    """Seat 1 tsumos 6s on its first later turn (ura indicator 8p: one ura dora, the 9p).

    * First draw: riichi 1, ippatsu 1, menzen tsumo 1, ura 1 = 4 han; 20 + 2 (tsumo) + 2
      (kanchan) = 24 -> 30 fu; 4 han 30 fu is a mangan (kiriage, on in the preset): the
      dealer 4,000, the others 2,000, plus its stick: [-4000, 9000, -2000, -2000]. Chips:
      platinum 5s 1 + ippatsu 1 + ura 1 = 3 from each other player.
    * Second draw (after discarding 5z): the discard ended the ippatsu: 3 han 30 fu,
      basic 30 x 2^5 = 960: the dealer 1,920 -> 2,000, the others 960 -> 1,000, plus its
      stick: [-2000, 5000, -1000, -1000]. Chips: platinum 1 + ura 1 = 2 from each."""
    later = ["6s"] if which == "first" else ["5z", "6s"]
    game = tako_game(later)
    declare_tako(game)
    cycle(game, 3)  # seats 2, 3, 0
    assert game.turn == 1
    if which == "second":
        assert drawn(game) == "5z"
        tsumogiri(game, 1)
        pass_claims(game)
        assert game.turn == 1
    assert drawn(game) == "6s"
    act(game, 1, "tsumo")
    win = last(game, "win")
    items = {name for name, _ in win.detail["yaku"]}
    if which == "first":
        assert "ippatsu" in items
        assert (win.detail["han"], win.detail["fu"], win.detail["limit"]) == (4, 30, "mangan")
        assert win.payments == [-4000, 9000, -2000, -2000]
        assert chips(game) == [-3, 9, -3, -3]
    else:
        assert "ippatsu" not in items
        assert (win.detail["han"], win.detail["fu"]) == (3, 30)
        assert win.payments == [-2000, 5000, -1000, -1000]
        assert chips(game) == [-2, 6, -2, -2]
    assert win.detail["ura"] == 1


def test_tako_riichi_shows_the_ura_indicators_to_everyone() -> None:
    """Once the tako riichi stands, every seat's observation shows the ura indicator of
    the one dora indicator turned (8p) and who declared tako; before it nothing is
    shown."""
    game = tako_game([])
    for seat in range(4):
        assert not game.observation(seat).extra.ura_shown
    act(game, 1, "tako_riichi 1z")  # nobody can claim the 1z: the riichi stands at once
    pass_claims(game)
    for seat in range(4):
        extra = game.observation(seat).extra
        assert extra.ura_shown == ("8p",)
        assert extra.tako == (False, True, False, False)


def test_plain_riichi_shows_no_ura() -> None:
    game = tako_game([])
    act(game, 1, "riichi 1z")
    pass_claims(game)
    for seat in range(4):
        assert not game.observation(seat).extra.ura_shown


def test_a_pon_on_the_first_discard_ends_the_double_draw() -> None:
    """Seat 2 holds 88m. On seat 1's first later turn it draws 8m and discards it; seat 2
    pons it and discards 1z: seat 1 does not draw again, seat 3 draws next (index 10).
    On seat 1's following turn the double draw is back (indices 12 and 13)."""
    later = ["8m", "5z", "5z", "7z", "7z", "6z"]
    game = tako_game(later, seat2="288m258p258s1234z")
    declare_tako(game)
    cycle(game, 3)  # seats 2, 3, 0
    assert game.turn == 1 and drawn(game) == "8m"
    tsumogiri(game, 1)
    assert legal(game, 2) == {"pon 8m 8m", "pass"}
    act(game, 2, "pon 8m 8m")
    assert game.turn == 2 and game.drawn is None
    act(game, 2, "discard 1z")
    pass_claims(game)
    assert game.turn == 3 and drawn(game) == "5z"
    since = len(game.events)
    cycle(game, 2)  # seats 3 and 0
    assert game.turn == 1 and drawn(game) == "7z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 1 and drawn(game) == "7z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 2 and drawn(game) == "6z"
    assert draw_seats(game, since) == [0, 1, 1, 2]


# ====================================================================== special suukantsu

# Quiet hands without 1m, 9m, 1p, 9p, 5z-7z (the kan hand's tiles).
KAN_QUIET = ["258m258p258s1234z", "368m368p368s1234z", "247m247p247s1234z"]
# Seat 1: four triplets and a 6z (tanki): every replacement but a 6z leaves it incomplete.
KAN_HAND = "111m999m111p999p6z"


def four_kans(how: str, fourth: str = "7z") -> Game:
    """Seat 1 (not the dealer) makes four kans; the fourth is ``how``:

    * "ankan": it draws 1m on its first turn, and closed kans 1m, 9m, 1p, 9p one on the
      replacement of the other; the fourth replacement is a plain 7z.
    * "kakan": it pons the dealer's first discard 9p (discards 3z), draws 1m on its next
      turn: closed kans 1m, 9m, 1p, then the replacement 9p makes the added kan; 7z.
    * "daiminkan": closed kans 1m, 9m, 1p on its first turn (the third replacement, a
      plain 5z, is discarded), then seat 2 discards 9p: open kan; 7z.

    ``fourth``: the fourth replacement tile (7z: it completes nothing; 6z: it does).

    The kans turn their dora at once (preset); the dora indicators are left to the fill
    (no scored hand here counts dora)."""
    rules = house()
    if how == "kakan":
        hands = seat_hands({1: "111m999m111p99p6z3z"}, KAN_QUIET)
        draws = ["9p", "8m", "8p", "8s", "1m"]
        reps = "9m1p9p" + fourth
    elif how == "ankan":
        hands = seat_hands({1: KAN_HAND}, KAN_QUIET)
        draws = ["8m", "1m"]
        reps = "9m1p9p" + fourth
    else:
        hands = seat_hands({1: KAN_HAND}, KAN_QUIET)
        draws = ["8m", "1m", "9p"]
        reps = "9m1p5z" + fourth
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, replacements=reps))
    if how == "kakan":
        tsumogiri(game, 0)
        act(game, 1, "pon 9p 9p")
        act(game, 1, "discard 3z")
        pass_claims(game)
        cycle(game, 3)  # seats 2, 3, 0
    else:
        cycle(game, 1)  # the dealer
    assert game.turn == 1 and drawn(game) == "1m"
    act(game, 1, "ankan 1m")
    assert drawn(game) == "9m"
    act(game, 1, "ankan 9m")
    assert drawn(game) == "1p"
    act(game, 1, "ankan 1p")
    if how == "ankan":
        assert drawn(game) == "9p"
        act(game, 1, "ankan 9p")
    elif how == "kakan":
        assert drawn(game) == "9p"
        act(game, 1, "kakan 9p")
    else:
        assert drawn(game) == "5z"
        tsumogiri(game, 1)
        pass_claims(game)
        assert game.turn == 2 and drawn(game) == "9p"
        tsumogiri(game, 2)
        assert "kan 9p 9p 9p" in legal(game, 1)
        act(game, 1, "kan 9p 9p 9p")
    assert game.turn == 1 and drawn(game) == fourth
    assert last(game, "draw").replacement
    return game


@pytest.mark.parametrize("how", ["ankan", "kakan"])
def test_special_suukantsu_tsumo_after_a_closed_or_added_fourth_kan(how: str) -> None:
    """The 7z completes nothing (the wait is 6z), yet tsumo is offered: the special
    suukantsu, a double yakuman tsumo that stacks with nothing. Non-dealer: basic 2 x
    8,000; the dealer 32,000, the others 16,000: [-32000, 64000, -16000, -16000]. Chips:
    10 from each (no chips from other sources).

    The game then ends: the dealer at -7,000 busts (1 chip to the winner) and seat 1 at
    89,000 calls the game (1 chip from each). Game chips: winner 30 + 1 + 3 = 34, dealer
    -10 - 1 - 1 = -12, seats 2 and 3 -11. Places: seat 1, seat 2 (9,000, by seat), seat
    3, seat 0: placement 2nd under 15,000 +1, 3rd under 15,000 -4, 4th under 5,000 -11,
    1st 11 + 4 - 1 = 14. Totals [-23, 48, -10, -15]."""
    game = four_kans(how)
    assert "tsumo" in legal(game, 1)
    assert "discard 7z" in legal(game, 1)
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.seat, win.from_seat) == (1, None)
    assert win.reading == "special suukantsu"
    assert win.points == 64000
    assert win.payments == [-32000, 64000, -16000, -16000]
    assert win.detail["yakuman"] == 2 and win.detail["chips"] == 10
    assert chip_moves(game, "win chips") == [(0, 1, 10), (2, 1, 10), (3, 1, 10)]
    assert chip_moves(game, "bust") == [(0, 1, 1)]
    assert game.over
    end = last(game, "game_end")
    assert end.scores == [-7000, 89000, 9000, 9000]
    assert end.places == [4, 1, 2, 3]
    assert end.result["game_chips"] == [-12, 34, -11, -11]
    assert end.result["placement_chips"] == [-11, 14, 1, -4]
    assert end.result["chips"] == [-23, 48, -10, -15]


def test_special_suukantsu_after_an_open_fourth_kan_is_a_ron_from_the_feeder() -> None:
    """The fourth kan was an open kan on seat 2's 9p: the special suukantsu is a ron paid
    by seat 2 alone: non-dealer double yakuman 4 x 16,000 = 64,000; 20 chips from seat 2.

    The game then ends: seat 2 at -39,000 busts (1 chip to the winner), seat 1 at 89,000
    calls it (1 chip from each). Game chips: [-1, 24, -22, -1]. Places: seat 1, seat 0
    (25,000, by seat), seat 3, seat 2: placement 2nd 25,000+ +3, 3rd 25,000+ -2, 4th
    under 5,000 -11, 1st 11 + 2 - 3 = 10. Totals [2, 34, -33, -3]."""
    game = four_kans("daiminkan")
    assert "tsumo" in legal(game, 1)
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.seat, win.from_seat) == (1, 2)
    assert win.points == 64000
    assert win.payments == [0, 64000, -64000, 0]
    assert win.detail["yakuman"] == 2 and win.detail["chips"] == 20
    assert chip_moves(game, "win chips") == [(2, 1, 20)]
    assert chip_moves(game, "bust") == [(2, 1, 1)]
    assert game.over
    end = last(game, "game_end")
    assert end.scores == [25000, 89000, -39000, 25000]
    assert end.places == [2, 1, 4, 3]
    assert end.result["game_chips"] == [-1, 24, -22, -1]
    assert end.result["placement_chips"] == [3, 10, -11, -2]
    assert end.result["chips"] == [2, 34, -33, -3]


def test_special_suukantsu_declined_play_goes_on() -> None:
    """Seat 1 discards the 7z instead: no four-kans abort (all four kans are its own),
    seat 2 draws next. Played out, seat 1 alone is ready (6z tanki) at the exhaustive
    draw: each of the three others pays it 1,000 (3,000 split). The dealer was not ready:
    seat 1 deals next with honba 1."""
    game = four_kans("ankan")
    act(game, 1, "discard 7z")
    pass_claims(game)
    assert "abort" not in types(game)
    assert game.phase is Phase.TURN and game.turn == 2
    assert "tsumo" not in legal(game, 2)
    play_out(game)
    assert "abort" not in types(game) and "win" not in types(game)
    assert last(game, "exhaustive_draw").ready == [1]
    assert game.scores == [24000, 28000, 24000, 24000]
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (1, 1, 1)


@pytest.mark.parametrize("how", ["ankan", "daiminkan"])
def test_suukantsu_completed_by_the_replacement_is_an_ordinary_win(how: str) -> None:
    """The fourth replacement is the 6z: the hand is complete and the win is scored as
    usual, suukantsu a yaku (a double yakuman in the preset), stacking with others.

    * Four closed kans: suukantsu 2 + suuankou tanki 2 (the pair completed) = 4
      yakuman; non-dealer tsumo, basic 4 x 8,000: the dealer 64,000, the others 32,000
      (128,000). Chips: 10 per yakuman from each payer: 40 from each.
    * Fourth kan an open kan fed by seat 2: suukantsu 2 only (three concealed kans:
      no suuankou). Pao twice over (suukantsu, rinshan after a fed open kan): seat 2
      pays the whole tsumo 32,000 + 2 x 16,000 = 64,000 and the whole chips, 3 x 20 =
      60."""
    game = four_kans(how, fourth="6z")
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.seat, win.from_seat) == (1, None)
    assert win.reading != "special suukantsu"
    yaku = {name for name, _ in win.detail["yaku"]}
    if how == "ankan":
        assert yaku == {"suukantsu", "suuankou_tanki"}
        assert win.detail["yakuman"] == 4
        assert win.payments == [-64000, 128000, -32000, -32000]
        assert chip_moves(game, "win chips") == [(0, 1, 40), (2, 1, 40), (3, 1, 40)]
    else:
        assert yaku == {"suukantsu"}
        assert win.detail["yakuman"] == 2 and win.detail["pao"] == 2
        assert win.payments == [0, 64000, -64000, 0]
        assert chip_moves(game, "win chips") == [(2, 1, 60)]


# ====================================================================== rinshan pao

# Seat 1: 222m 13p 789p 5Ts 6s 7s 99s, waiting on 2p (kanchan), the platinum 5s its only
# special tile.
RINSHAN_HAND = "222m13p789p5T67s99s"


@pytest.mark.parametrize("extra_pao", [True, False])
def test_rinshan_after_a_fed_open_kan_is_paid_by_the_feeder(extra_pao: bool) -> None:
    """Seat 2 discards 2m from its hand; seat 1 calls an open kan and wins on the
    replacement 2p: rinshan kaihou 1 han (the only yaku: open hand, 1p and 9s no tanyao);
    20 + 2 (tsumo) + 8 (open kan of simples) + 2 (kanchan) = 32 -> 40 fu; basic 40 x 2^3 =
    320: the dealer 640 -> 700, the others 320 -> 400, 1,500 in all. Chips: the platinum
    5s, 1 per payer.

    With ``extra_pao`` (the preset) the feeder pays the whole 1,500 and 3 x 1 chips;
    without it the tsumo is paid as usual."""
    rules = house(extra_pao=extra_pao)
    wall = riichi_wall(
        rules,
        seat_hands({1: RINSHAN_HAND}),
        draws=["5z", "5z", "6z"],
        replacements="2p",
        dora="1z3z",
    )
    game = new_game(rules, wall)
    cycle(game, 2)  # seats 0 and 1
    assert game.turn == 2 and drawn(game) == "6z"
    act(game, 2, "discard 2m")
    act(game, 1, "kan 2m 2m 2m")
    pass_claims(game)
    assert game.turn == 1 and drawn(game) == "2p"
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"]) == (1, 40)
    assert [name for name, _ in win.detail["yaku"]] == ["rinshan"]
    assert win.points == 1500
    if extra_pao:
        assert win.detail["pao"] == 2
        assert win.payments == [0, 1500, -1500, 0]
        assert chips(game) == [0, 3, -3, 0]
    else:
        assert win.detail["pao"] is None
        assert win.payments == [-700, 1500, -400, -400]
        assert chips(game) == [-1, 3, -1, -1]


# ====================================================================== kokan

# Seat 2: cyan 5m 6m 7m, 456p, 777z, 24s, 99s: ron on 3s (kanchan). Chun 1 han; 20 + 10
# (closed ron) + 8 (closed honour triplet) + 2 (kanchan) = 40 fu. Base chips: the cyan 5m.
KOKAN_HAND = "{five}67m456p777z24s99s"


def kokan_ron(five: str = "5C", dora: str = "8s", abilities: str = "set2") -> Game:
    """Seat 1 deals 3s into seat 2 on seat 1's second turn (its first would be renhou).
    Dora indicator 8s: dora 9s, two in the hand (+2 han)."""
    rules = house(abilities=abilities)
    draws = ["9p", "9m", "8p", "8m", "9p", "3s"]
    hands = seat_hands({2: KOKAN_HAND.format(five=five)})
    game = new_game(rules, riichi_wall(rules, hands, draws=draws, dora=dora))
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "3s"
    act(game, 1, "discard 3s")
    assert {"ron", "pass"} <= legal(game, 2)  # and a chi (seat 2 is next)
    act(game, 2, "ron")
    return game


def test_kokan_window_offers_the_better_choice_first() -> None:
    """Chun 1 + dora 2 = 3 han 40 fu, 1 chip. Kokan "chips": 2 han 40 fu, 4 x 640 = 2560
    -> 2,600 and 1 + 3 = 4 chips: 2,600 + 4 x 5,000 = 22,600. Kokan "han": 6 han, a
    haneman 12,000 and 1 - 1 = 0 chips: 12,000. "chips" is better: offered first. The
    window asks the winner only and is no claim window; no payment is made yet."""
    game = kokan_ron()
    assert game.phase is Phase.CHOICE
    assert game.window is not None and game.window.kind == "kokan"
    assert game.window.claim is False
    assert game.to_act() == [2]
    assert [a.to_string() for a in game.legal_actions(2)] == ["kokan chips", "kokan han"]
    assert "win" not in types(game)
    assert game.scores == [25000] * 4


@pytest.mark.parametrize(
    ("choice", "han", "points", "won"),
    [
        # 2 han 40 fu: 4 x 40 x 2^4 = 2560 -> 2,600; chips 1 + 3 = 4
        ("chips", 2, 2600, 4),
        # 6 han: haneman, 4 x 3,000 = 12,000; chips 1 - 1 = 0
        ("han", 6, 12000, 0),
    ],
)
def test_kokan_choice_changes_han_and_chips(choice: str, han: int, points: int, won: int) -> None:
    game = kokan_ron()
    game.step(2, Action(ActionType.KOKAN, choice=choice))
    game.validate()
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"]) == (han, 40)
    assert win.detail["chips"] == won
    assert win.payments == [0, -points, points, 0]
    assert game.scores == [25000, 25000 - points, 25000 + points, 25000]
    assert chips(game) == [0, -won, won, 0]
    assert [f"kokan ({choice})", 3 if choice == "chips" else -1] in win.detail["chip_items"]
    start = last(game, "hand_start")  # a non-dealer win: the deal passes
    assert (start.hand, start.dealer) == (1, 1)


def test_kokan_refuses_a_choice_not_offered() -> None:
    """Without dora the hand is chun only, 1 han: "chips" would leave 0 han, so only
    "han" is offered; "chips" and "pass" are refused (IllegalActionError, the game
    unchanged). "han": 4 han 40 fu, basic 40 x 2^6 = 2560 above 2,000: mangan 8,000;
    chips 1 - 1 = 0."""
    game = kokan_ron(dora="1z")
    assert [a.to_string() for a in game.legal_actions(2)] == ["kokan han"]
    with pytest.raises(IllegalActionError):
        game.step(2, Action(ActionType.KOKAN, choice="chips"))
    assert refused(game, 2, "kokan chips")
    assert refused(game, 2, "pass")
    assert refused(game, 1, "kokan han")  # not the winner
    act(game, 2, "kokan han")
    win = last(game, "win")
    assert (win.detail["han"], win.detail["limit"]) == (4, "mangan")
    assert win.payments == [0, -8000, 8000, 0]
    assert chips(game) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("five", "abilities", "won"),
    [("5", "set2", 0), ("5C", "", 1)],
)
def test_no_kokan_window_without_the_ability(five: str, abilities: str, won: int) -> None:
    """A plain 5m, or the cyan 5m without abilities: the ron is paid at once, 3 han 40
    fu: 4 x 40 x 2^5 = 5120 -> 5,200; chips: the cyan 5m's 1 when held."""
    game = kokan_ron(five=five, abilities=abilities)
    assert game.window is None or game.window.kind != "kokan"
    win = last(game, "win")
    assert (win.detail["han"], win.detail["fu"]) == (3, 40)
    assert win.payments == [0, -5200, 5200, 0]
    assert chips(game) == [0, -won, won, 0]


# ====================================================================== unanimous abort

NINE_TERMINALS = "19m19p19s123z234m5p"


def test_unanimous_abort_vote_asks_every_seat() -> None:
    """With ``unanimous_abort`` every seat is asked pass / abort at the hand's start,
    before the dealer's first draw, in a choice window (not a claim window)."""
    rules = house(unanimous_abort=True)
    game = new_game(rules, riichi_wall(rules, [NINE_TERMINALS, None, None, None], draws="6z"))
    assert game.phase is Phase.CHOICE
    assert game.window is not None and game.window.kind == "vote"
    assert game.window.claim is False
    assert game.to_act() == [0, 1, 2, 3]
    assert game.drawn is None and "draw" not in types(game)
    for seat in range(4):
        assert legal(game, seat) == {"pass", "abort"}
        assert game.observation(seat).window == "vote"


def test_unanimous_abort_all_abort_the_same_dealer_deals_again() -> None:
    """All four vote abort: the hand ends as an abort ("unanimous") with no payment, and
    the same dealer deals the next hand (hand 1, dealer seat 0, still East 1), asked
    again."""
    rules = house(unanimous_abort=True)
    game = new_game(rules)
    for seat in range(4):
        act(game, seat, "abort")
    abort = last(game, "abort")
    assert (abort.reason, abort.seat) == ("unanimous", None)
    assert not of_type(game, "win") and not of_type(game, "transfer")
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["kyoku"]) == (1, 0, 0)
    assert game.scores == [25000] * 4
    assert game.window is not None and game.window.kind == "vote"


@pytest.mark.parametrize("before", ["none", "nine terminals"])
def test_unanimous_abort_adds_no_honba(before: str) -> None:
    """The spec: "abort by unanimous agreement before the dealer's first discard (no
    honba)". From honba 0 the next hand has honba 0; after a nine-terminals abort (honba
    +1 -> 1: all pass the vote, the dealer aborts) the unanimous abort keeps honba 1."""
    rules = house(unanimous_abort=True)
    wall = riichi_wall(rules, [NINE_TERMINALS, None, None, None], draws="6z")
    game = new_game(rules, wall, wall)
    honba = 0
    if before == "nine terminals":
        for seat in range(4):
            act(game, seat, "pass")
        assert game.phase is Phase.TURN and game.turn == 0 and drawn(game) == "6z"
        act(game, 0, "abort")
        honba = 1
        start = last(game, "hand_start")
        assert (start.hand, start.dealer, start.extra["honba"]) == (1, 0, honba)
    for seat in range(4):
        act(game, seat, "abort")
    assert last(game, "abort").reason == "unanimous"
    start = last(game, "hand_start")
    assert (start.dealer, start.extra["honba"]) == (0, honba)


@pytest.mark.parametrize("passer", [0, 1, 3])
def test_unanimous_abort_vote_one_pass_plays_the_hand(passer: int) -> None:
    """One seat passing (the others voting abort) is enough: no abort, the dealer draws
    and its turn starts as usual."""
    rules = house(unanimous_abort=True)
    game = new_game(rules, riichi_wall(rules, [*QUIET, "147m258p369s1234z"], draws="9m"))
    for seat in range(4):
        act(game, seat, "pass" if seat == passer else "abort")
    assert "abort" not in types(game)
    assert game.hand_number == 0
    assert game.phase is Phase.TURN and game.turn == 0 and drawn(game) == "9m"
    assert game.observation(0).window != "vote"


# ====================================================================== open riichi

# Seat 1 holds READY (waits 3s) and draws 1z on its second turn. Draws: plain honours only
# before the 3s, so nobody can win or call; seat 2 draws the 3s at index 10.
OPEN_DRAWS = ["5z", "6z", "7z", "5z", "6z", "1z", "7z", "5z", "6z", "7z", "3s"]


def riichi_game(rules: Ruleset, how: str) -> Game:
    """Seat 1 declares ``how`` ("riichi" or "open_riichi") on 1z; dora indicator 2z, ura
    indicator 3z (dora 3z, ura dora 4z: none in READY)."""
    wall = riichi_wall(
        rules,
        seat_hands({1: READY}),
        draws=OPEN_DRAWS,
        replacements="5!z7!z",
        dora="2z",
        ura="3z",
    )
    game = new_game(rules, wall)
    cycle(game, 5)
    assert game.turn == 1 and drawn(game) == "1z"
    act(game, 1, f"{how} 1z")
    pass_claims(game)
    return game


def shown_hands(game: Game, viewer: int) -> dict[int, list[str]]:
    """The other seats' concealed tiles ``viewer``'s view shows."""
    return {
        s.seat: list(s.hand)
        for s in game.view(viewer).seats
        if s.seat != viewer and s.hand is not None
    }


def test_open_riichi_shows_the_hand_to_every_other_seat() -> None:
    """After the open riichi stands, seats 0, 2 and 3 see seat 1's 13 concealed tiles
    (READY); seat 1's own view lists no shown hand."""
    game = riichi_game(house(), "open_riichi")
    assert game.observation(0).extra.riichi == (0, 1, 0, 0)
    for seat in (0, 2, 3):
        shown = shown_hands(game, seat)
        assert list(shown) == [1]
        assert sorted(shown[1]) == sorted(tiles(READY))
        # the bots' observation shows the same hand, and no other
        seen = game.observation(seat).shown
        assert [s for s, hand in enumerate(seen) if hand is not None] == [1]
        assert sorted(str(t) for t in seen[1] or ()) == sorted(tiles(READY))
    assert 1 not in shown_hands(game, 1)
    assert not any(game.observation(1).shown)


@pytest.mark.parametrize("deal_in_yakuman", [False, True])
def test_open_riichi_ron(deal_in_yakuman: bool) -> None:
    """Seat 1 tsumogiris once after its open riichi (no ippatsu), then seat 2 deals in the
    3s. Open riichi 2 han (replacing riichi's 1), no other yaku (kanchan: no pinfu), no
    dora, no ura; 20 + 10 + 2 = 32 -> 40 fu: 4 x 640 = 2560 -> 2,600, plus seat 1's own
    stick: [0, 3600, -2600, 0]; no chips (all plain tiles).

    With ``open_riichi_deal_in_yakuman`` seat 2 (not in riichi) pays a yakuman instead, the
    yakuman sashikomi (the one rule, in the scorer): 4 x 8,000 = 32,000, plus the stick:
    [0, 33000, -32000, 0], and a yakuman's 20 chips on a ron."""
    game = riichi_game(house(open_riichi_deal_in_yakuman=deal_in_yakuman), "open_riichi")
    cycle(game, 3)  # seats 2, 3, 0
    assert game.turn == 1 and drawn(game) == "7z"
    tsumogiri(game, 1)
    pass_claims(game)
    assert game.turn == 2 and drawn(game) == "3s"
    act(game, 2, "discard 3s")
    assert "ron" in legal(game, 1)
    act(game, 1, "ron")
    pass_claims(game)
    win = last(game, "win")
    assert (win.seat, win.from_seat) == (1, 2)
    if deal_in_yakuman:
        assert [tuple(y) for y in win.detail["yaku"]] == [("sashikomi", 13)]
        assert win.points == 32000
        assert win.payments == [0, 33000, -32000, 0]
        assert win.detail["chips"] == 20  # from the discarder
    else:
        assert [tuple(y) for y in win.detail["yaku"]] == [("open_riichi", 2)]
        assert (win.detail["han"], win.detail["fu"]) == (2, 40)
        assert win.points == 2600
        assert win.payments == [0, 3600, -2600, 0]
        assert chips(game) == [0, 0, 0, 0]


# ====================================================================== riichi peek


def test_riichi_peek_shows_both_neighbours_to_the_riichi_player() -> None:
    """With ``riichi_peek`` seat 1 in riichi sees seat 0's and seat 2's hands (seat 2 has
    just drawn its 7z), not seat 3's (opposite); the other seats see no hand."""
    game = riichi_game(house(riichi_peek=True), "riichi")
    assert game.turn == 2 and drawn(game) == "7z"
    shown = shown_hands(game, 1)
    assert sorted(shown) == [0, 2]
    assert sorted(shown[0]) == sorted(tiles(QUIET[0]))
    assert sorted(shown[2]) == sorted(tiles(QUIET[1] + "7z"))
    for seat in (0, 2, 3):
        assert not shown_hands(game, seat)


def test_no_peek_without_the_option() -> None:
    """Without ``riichi_peek`` (the preset's default) a riichi player sees no hand."""
    game = riichi_game(house(), "riichi")
    for seat in range(4):
        assert not shown_hands(game, seat)
