"""Three-player riichi (sanma), presets ``tenhou-sanma`` and ``mahjongsoul-sanma``: the
table, nuki with its replacement draw and its dora, nuki in riichi and before the first
draw, a kita robbed by thirteen orphans, no chi and no four-winds abort. Scripted hands
on injected 108-tile walls (``tests/support/sanma.py``); every expected payment is
worked out by hand in the comments from the rules (docs/rulesets.md, "Three players"),
never read back from the engine; ``game.validate()`` runs after every step."""

from __future__ import annotations

import pytest

from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.protocol import Ruleset
from sparrows.tiles import format_tile
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
    tiles,
    tsumogiri,
    types,
)
from tests.support.sanma import (
    DRAWS,
    Q1,
    Q2,
    Q3,
    bonus_of,
    ids,
    sanma,
    sanma_wall,
)

A = ActionType


# ====================================================================== the table


def test_the_three_player_table() -> None:
    """108 tiles without 2m-8m, 13 dealt to each of three seats from the dealer, a dead wall
    of 14 (4 replacement tiles, 5 dora and 5 ura indicators, one turned): 108 - 14 - 39 =
    55 tiles to draw, 54 after the dealer's first draw; 35,000 each; nuki in the action
    space, no chi in it."""
    rules = sanma()
    assert rules.num_players == 3 and len(rules.tileset.tiles) == 108
    assert not any(1 <= t.kind <= 7 for t in rules.tileset.tiles)
    reds = sorted(format_tile(t) for t in rules.tileset.tiles if t.red)
    assert reds == ["0p", "0s"]
    game = new_game(rules, sanma_wall(rules, [Q1, Q2, Q3], draws="9p", dora="4p"))
    assert types(game) == ["game_start", "hand_start", "deal", "deal", "deal", "indicator", "draw"]
    start = last(game, "hand_start")
    assert (start.dealer, start.round_wind, start.scores) == (0, 0, [35000] * 3)
    assert start.indicators == ["4p"]
    assert [d.seat for d in of_type(game, "deal")] == [0, 1, 2]
    assert [d.tiles for d in of_type(game, "deal")] == [tiles(h) for h in (Q1, Q2, Q3)]
    draw = last(game, "draw")
    assert (draw.seat, draw.tile, draw.left) == (0, "9p", 54)
    wall = game.wall
    dead = [wall.replacements, wall.indicators, wall.revealed, wall.hidden, wall.reserve]
    assert [len(part) for part in dead] == [4, 4, 1, 5, 0]
    assert game.observation(0).concealed == (14, 13, 13)
    space = rules.layout
    kinds = {a.type for a in space.actions}
    assert space.name == "riichi3" and A.NUKI in kinds and A.CHI not in kinds


# ====================================================================== nuki (kita)

NUKI_HAND = "123p456p789s13s5z4z"  # with a second 5z: 123p 456p 789s 55z, kanchan on 2s


def nuki_rinshan(rules: Ruleset) -> Game:
    """Seat 1 holds a North from the deal; on its second draw (5z) it sets the North aside
    and wins on the replacement tile 2s. The dora indicator 3z (West) points to North."""
    order = sanma_wall(
        rules,
        [Q1, NUKI_HAND, Q3],
        draws=[None, "7p", None, None, "5z"],
        replacements="2s",
        dora="3z",
    )
    game = new_game(rules, order)
    cycle(game, 1)
    # not in riichi: any North held may be set aside, whatever was drawn (here 7p)
    assert game.turn == 1 and drawn(game) == "7p" and "nuki 4z" in legal(game, 1)
    cycle(game, 3)  # seats 1, 2, 0: past the first go-around
    assert game.turn == 1 and drawn(game) == "5z"
    return game


def test_nuki_draws_a_replacement_and_is_a_dora() -> None:
    """The North leaves the hand for ``game.bonus`` (seen by every seat), the seat draws
    the first replacement tile; the live wall gives up its last tile (50 -> 49 left) to
    the replacement tiles, which stay 4. The win on the replacement tile counts rinshan:
    menzen tsumo 1 + rinshan 1 + nuki 1 + dora 1 (indicator West -> North, once per North
    set aside) = 4 han; 20 + 2 (tsumo) + 2 (kanchan) + 2 (white dragon pair) = 26 -> 30
    fu. Basic 30 x 2^6 = 1920; non-dealer tsumo with tsumo loss: the dealer pays 2 x 1920
    = 3840 -> 3900, seat 2 pays 1920 -> 2000; 5900 in all, the fourth share is lost."""
    rules = sanma()
    game = nuki_rinshan(rules)
    assert game.wall.left == 50  # 55 - 5 draws
    assert A.TSUMO not in {a.type for a in game.legal_actions(1)}
    mark = len(game.events)
    act(game, 1, "nuki 4z")
    bonus, draw = game.events[mark:]
    assert (bonus.type, bonus.seat, bonus.tile) == ("bonus", 1, "4z")
    assert (draw.type, draw.seat, draw.tile, draw.replacement, draw.left) == (
        "draw",
        1,
        "2s",
        True,
        49,
    )
    assert bonus_of(game, 1) == ["4z"] and "4z" not in hand_of(game, 1)
    assert [format_tile(t) for t in game.observation(0).bonus[1]] == ["4z"]
    wall = game.wall
    assert (wall.left, len(wall.replacements), len(wall.reserve)) == (49, 4, 0)
    assert game.observation(1).concealed == (13, 14, 13)
    assert "tsumo" in legal(game, 1)
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert (win.seat, win.from_seat, win.tile) == (1, None, "2s")
    assert ids(win) == ["dora", "menzen_tsumo", "nuki", "rinshan"]
    assert (win.detail["han"], win.detail["fu"], win.points) == (4, 30, 5900)
    assert win.detail["payment"] == {"ron": 0, "tsumo_dealer": 3900, "tsumo_other": 2000}
    end = last(game, "hand_end")
    assert end.deltas == [-3900, 5900, -2000]
    assert end.scores == [31100, 40900, 33000] and sum(end.scores) == 105000


def test_win_event_payments_have_three_seats() -> None:
    """The Win event's payments, per seat, add up to zero (the same hand as above)."""
    game = nuki_rinshan(sanma())
    act(game, 1, "nuki 4z")
    act(game, 1, "tsumo")
    assert last(game, "win").payments == [-3900, 5900, -2000]


@pytest.mark.parametrize("nuki", [True, False])
def test_nuki_is_a_call_no_double_riichi_after_it(nuki: bool) -> None:
    """Seat 1 sets its North aside on its first turn and declares riichi on the
    replacement tile's turn. On Tenhou and Mahjong Soul a kita counts as a call (Tenhou's
    three-player rules: "抜きは鳴きと同じ扱い(一発/地和/九種/両立直は消える)"; riichi.wiki
    "Sanma", "Majsoul"), so this is a plain riichi (1), not a double riichi (2). Without
    the nuki, the riichi on the first discard is a double riichi."""
    rules = sanma()
    order = sanma_wall(rules, [Q1, NUKI_HAND, Q3], draws=[None, "5z"], replacements="9m")
    game = new_game(rules, order)
    cycle(game, 1)
    if nuki:
        act(game, 1, "nuki 4z")
    else:
        act(game, 1, "riichi 4z")  # 123p 456p 789s 13s 55z: waits on 2s
        pass_all(game)
        assert game.observation(0).extra.riichi == (0, 2, 0)  # 2: double riichi
        return
    assert drawn(game) == "9m" and "riichi 9m" in legal(game, 1)
    act(game, 1, "riichi 9m")
    pass_all(game)
    assert game.observation(0).extra.riichi == (0, 1, 0)  # 1: riichi, not double


@pytest.mark.parametrize("after_riichi", ["9p", "4z"])
def test_nuki_in_riichi_only_for_the_drawn_north(after_riichi: str) -> None:
    """Seat 1 declares riichi holding a North pair (123p 456p 789s 13s 44z, kanchan on
    2s). A drawn 9p gives no nuki although Norths are held: only the drawn tile may go. A
    drawn North may be set aside; the replacement 2s wins. A kita is a call on Tenhou and
    Mahjong Soul (it ends every ippatsu), so there is no ippatsu even when the North is
    drawn right after the riichi. Riichi 1 + menzen tsumo 1 + rinshan 1 + nuki 1 = 4 han,
    20 + 2 + 2 = 24 -> 30 fu (a North pair is no yakuhai with three: seat winds E/S/W):
    basic 30 x 2^6 = 1920, the dealer pays 3840 -> 3900, seat 2 1920 -> 2000. Seat 1 also
    takes its stick back. No dora: the indicators 6z point to 7z."""
    rules = sanma()
    draws: list[str | None] = [None, "7p", None, None, "8p", None, None, after_riichi]
    if after_riichi == "9p":
        draws += [None, None, "4z"]
    order = sanma_wall(
        rules,
        [Q1, "123p456p789s13s44z", Q3],
        draws=draws,
        replacements="2s",
        dora="6z",
        ura="6z",
    )
    game = new_game(rules, order)
    cycle(game, 4)
    assert game.turn == 1 and drawn(game) == "8p"
    act(game, 1, "riichi 8p")
    pass_all(game)
    cycle(game, 2)
    assert game.turn == 1
    if after_riichi == "9p":
        assert legal(game, 1) == {"discard 9p"}
        cycle(game, 3)
    assert drawn(game) == "4z"
    assert legal(game, 1) == {"nuki 4z", "discard 4z"}
    act(game, 1, "nuki 4z")
    assert bonus_of(game, 1) == ["4z"] and hand_of(game, 1).count("4z") == 2
    assert legal(game, 1) == {"tsumo", "discard 2s"}
    act(game, 1, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["menzen_tsumo", "nuki", "riichi", "rinshan"]  # no ippatsu
    assert (win.detail["han"], win.detail["fu"]) == (4, 30)
    assert last(game, "hand_end").deltas == [-3900, 3900 + 2000, -2000]
    assert game.ledger.pots["points"] == 0


# 123p 456p 789s 11s 5z and a North: with a second 5z and the North set aside it waits
# on 1s or 5z (shanpon).
FIRST_NUKI = "123p456p789s11s5z4z"


@pytest.mark.parametrize("seat", [0, 1])
def test_no_tenhou_or_chiihou_after_a_first_draw_nuki(seat: int) -> None:
    """The dealer (seat 0, tenhou) or seat 1 (chiihou) draws 5z on its first draw, sets
    its North aside and wins on the replacement 1s. A kita is a call on Tenhou and
    Mahjong Soul (Tenhou's three-player rules: "抜きは鳴きと同じ扱い"; riichi.wiki
    "Sanma": the call invalidates tenhou and chiihou), and a player's own call before its
    win ends tenhou / chiihou as a closed kan does: no yakuman. Menzen tsumo 1 + rinshan 1
    + nuki 1 = 3 han; 20 + 2 (tsumo) + 8 (111s, a concealed terminal triplet) + 2 (white
    dragon pair) = 32 -> 40 fu; basic 40 x 2^5 = 1280. The dealer's tsumo: each of the two
    others pays 2 x 1280 = 2560 -> 2600 (5200); seat 1's tsumo: the dealer pays 2560 ->
    2600, seat 2 1280 -> 1300 (3900). No dora: the indicator 6z points to 7z."""
    rules = sanma()
    hands = [FIRST_NUKI, Q2, Q3] if seat == 0 else [Q1, FIRST_NUKI, Q3]
    draws: list[str | None] = ["5z"] if seat == 0 else [None, "5z"]
    game = new_game(rules, sanma_wall(rules, hands, draws=draws, replacements="1s", dora="6z"))
    if seat == 1:
        cycle(game, 1)
    assert game.turn == seat and drawn(game) == "5z" and not game.discards[seat]
    act(game, seat, "nuki 4z")
    assert drawn(game) == "1s" and "tsumo" in legal(game, seat)
    act(game, seat, "tsumo")
    win = last(game, "win")
    assert ids(win) == ["menzen_tsumo", "nuki", "rinshan"] and not win.detail["yakuman"]
    assert (win.detail["han"], win.detail["fu"]) == (3, 40)
    if seat == 0:
        assert win.payments == [5200, -2600, -2600]
    else:
        assert win.payments == [-2600, 3900, -1300]


@pytest.mark.parametrize("dealer_nuki", [True, False])
def test_a_kita_before_the_first_draw_ends_chiihou(dealer_nuki: bool) -> None:
    """Seat 1 is dealt 123p 456p 789s 11s 55z and its first draw 1s completes it. When the
    dealer first sets a North aside (a call on Tenhou and Mahjong Soul), that is no
    chiihou: menzen tsumo alone, 1 han, 20 + 2 + 8 (111s) + 2 (55z pair) = 32 -> 40 fu,
    basic 40 x 2^3 = 320: the dealer pays 640 -> 700, seat 2 320 -> 400. Without the kita
    it is chiihou, a non-dealer yakuman by tsumo: basic 8000, the dealer 16,000 and seat 2
    8,000 (the fourth share is lost). No dora: the indicator 6z points to 7z."""
    rules = sanma()
    hands = ["19m147p258s12345z", "123p456p789s11s55z", Q3]
    order = sanma_wall(rules, hands, draws=["9p", "1s"], replacements="6p", dora="6z")
    game = new_game(rules, order)
    if dealer_nuki:
        act(game, 0, "nuki 4z")
        assert drawn(game) == "6p" and bonus_of(game, 0) == ["4z"]
    tsumogiri(game, 0)
    pass_all(game)
    assert game.turn == 1 and drawn(game) == "1s"
    act(game, 1, "tsumo")
    win = last(game, "win")
    if dealer_nuki:
        assert ids(win) == ["menzen_tsumo"] and (win.detail["han"], win.detail["fu"]) == (1, 40)
        assert win.payments == [-700, 1100, -400]
    else:
        assert ids(win) == ["chiihou"] and win.detail["yakuman"] == 1
        assert win.payments == [-16000, 24000, -8000]


@pytest.mark.parametrize("dealer_nuki", [True, False])
def test_a_kita_before_the_first_draw_ends_nine_terminals(dealer_nuki: bool) -> None:
    """Seat 1 holds ten terminal and honour kinds on its first draw: it may abort (nine
    terminals), unless the dealer set a North aside before (a call: Tenhou's "九種 ... は
    消える")."""
    rules = sanma()
    hands = ["19m147p258s12345z", "19m19p19s1235z234p", Q3]
    game = new_game(rules, sanma_wall(rules, hands, draws=["9p", "6p"], replacements="7p"))
    if dealer_nuki:
        act(game, 0, "nuki 4z")
    tsumogiri(game, 0)
    pass_all(game)
    assert game.turn == 1 and not game.discards[1]
    assert ("abort" in legal(game, 1)) is not dealer_nuki


KOKUSHI = "19m19p19s123567z1m"  # thirteen orphans waiting on the North only


@pytest.mark.parametrize("how", ["ron", "pass", "option off", "discarded"])
def test_only_thirteen_orphans_robs_a_kita(how: str) -> None:
    """Seat 1 sets a North aside. Seat 2 (thirteen orphans on 4z) may win on it; the dealer
    (123p 456p 789s 555z 4z, a tanki on 4z with haku) may not. The win is no chankan:
    kokushi alone, a non-dealer yakuman ron 4 x 8000 = 32,000 from seat 1. Passed: seat 2
    is furiten, seat 1 draws its replacement. With ``kokushi_robs_kita`` off nobody is
    asked. A North discarded is an ordinary discard: both may ron it."""
    rules = sanma(kokushi_robs_kita=how != "option off")
    hands = ["123p456p789s555z4z", "1m369p124578s124z", KOKUSHI]
    game = new_game(rules, sanma_wall(rules, hands, draws=["1m", "7p"], replacements="9s"))
    tsumogiri(game, 0)
    pass_all(game)  # seat 2 could pon the 1m
    assert game.turn == 1 and "nuki 4z" in legal(game, 1)
    if how == "discarded":
        act(game, 1, "discard 4z")
        assert game.to_act() == [2, 0]
        assert legal(game, 0) == legal(game, 2) == {"ron", "pass"}
        return
    act(game, 1, "nuki 4z")
    if how == "option off":
        assert game.phase is Phase.TURN and game.turn == 1 and drawn(game) == "9s"
        return
    assert game.phase is Phase.CLAIM and game.to_act() == [2]
    assert legal(game, 2) == {"ron", "pass"} and legal(game, 0) == set()
    act(game, 2, how)
    if how == "pass":
        assert game.turn == 1 and drawn(game) == "9s" and last(game, "draw").replacement
        assert game.observation(2).extra.furiten
        return
    win = last(game, "win")
    assert (win.seat, win.from_seat, win.tile) == (2, 1, "4z")
    assert ids(win) == ["kokushi"] and win.points == 32000
    assert last(game, "hand_end").deltas == [0, -32000, 32000]
    robbed = last(game, "robbed")  # the North left seat 1's bonus area for seat 2's hand
    assert (robbed.seat, robbed.tile, robbed.robber, robbed.meld) == (1, "4z", 2, "bonus")


def test_nuki_needs_a_replacement_draw() -> None:
    """The dealer holds a North all hand: nuki is offered on each of its turns while the
    live wall has a tile to give up, not on the last draw (haitei), with 0 left."""
    rules = sanma()
    hand = "19m147p258s1235z4z"
    game = new_game(rules, sanma_wall(rules, [hand, Q2, Q3]))
    seen = []
    while game.hand_number == 0:
        if game.phase is Phase.TURN and game.turn == 0:
            seen.append((game.wall.left, "nuki 4z" in legal(game, 0)))
        if game.phase is Phase.TURN:
            tsumogiri(game)
        else:
            pass_all(game)
    assert len(seen) == 19 and seen[-1] == (0, False)
    assert all(offered for left, offered in seen[:-1])


def test_eight_replacement_draws_refill_the_dead_wall() -> None:
    """Four Norths and four 1p dealt to the dealer: four nuki draw the four replacement
    tiles; each moved the live wall's last tile to the replacement tiles, so the closed kan
    that follows draws the first tile moved: the 55th live draw of the wall (9m)."""
    rules = sanma()
    hand = "1111p4444z23p56s9s"
    draws: list[str | None] = ["6z", *[None] * (DRAWS - 2), "9m"]
    order = sanma_wall(rules, [hand, Q2, Q3], draws=draws, replacements="7s7s7s8s")
    game = new_game(rules, order)
    for i in range(4):
        assert "nuki 4z" in legal(game, 0)
        act(game, 0, "nuki 4z")
        assert last(game, "draw").tile == ("8s" if i == 3 else "7s")
    assert bonus_of(game, 0) == ["4z"] * 4 and "nuki 4z" not in legal(game, 0)
    assert (game.wall.left, len(game.wall.replacements)) == (50, 4)
    act(game, 0, "ankan 1p")
    draw = last(game, "draw")
    assert (draw.tile, draw.replacement, draw.left) == ("9m", True, 49)
    assert len(game.wall.revealed) == 2


# ====================================================================== calls


def test_no_chi_with_three_players() -> None:
    """The dealer discards 3p: seat 1 (next, holding 2p 4p and 4p 5p) is not asked; seat 2
    may pon it. When seat 2 passes, seat 1 draws."""
    rules = sanma()
    hands = ["9m18p3679s123567z", "1m2459p258s12367z", "19m3367p147s1235z"]
    game = new_game(rules, sanma_wall(rules, hands, draws="3p"))
    act(game, 0, "discard 3p")
    assert game.phase is Phase.CLAIM and game.to_act() == [2]
    assert legal(game, 2) == {"pon 3p 3p", "pass"} and legal(game, 1) == set()
    act(game, 2, "pass")
    assert game.phase is Phase.TURN and game.turn == 1 and game.drawn is not None


def test_no_four_winds_abort_with_three() -> None:
    """East discarded by all three seats in the first go-around, and again by the dealer:
    no abort (four winds needs four players)."""
    rules = sanma()
    hands = ["19m147p258s23567z", "19m258p369s23567z", "19m369p147s23567z"]
    game = new_game(rules, sanma_wall(rules, hands, draws="1111z"))
    cycle(game, 4)
    assert not of_type(game, "abort") and game.hand_number == 0 and game.turn == 1
