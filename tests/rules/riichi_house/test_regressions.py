"""Regressions from a review of the house preset and three-player riichi: each test is a
case that went wrong before its fix (ura-dora kaiji in play, kansai quads waiting, tako
riichi after a closed kan, riichi by discarding the ability tile, naki menzen riichi and
the option checks)."""

from __future__ import annotations

import pytest

from sparrows.errors import OptionsError
from sparrows.rules import get_ruleset
from tests.support.house_helpers import cycle, house, pass_claims
from tests.support.riichi_walls import act, drawn, last, legal, new_game, riichi_wall, tsumogiri

OTHERS = ["258m258p258s1234z", "369m369p369s1234z"]


def start(rules, hands, **wall):  # type: ignore[no-untyped-def]
    game = new_game(rules, riichi_wall(rules, hands, **wall))
    pass_claims(game)  # (no vote window in the preset; harmless)
    return game


def test_ura_dora_kaiji_counts_ura_without_riichi() -> None:
    # set3: the gold 5p carries ura-dora kaiji. Seat 0 (no riichi) draws 8p and discards
    # 1z: 123m 456m 567p 88p 99s waits on 8p/9s; after three turns it draws 9s: tsumo with
    # 123m 456m 567p 88p 999s. Ura indicator 8s: ura dora 9s, three of them. Chips: the
    # gold 5p 1 + 3 ura = 4.
    rules = house(abilities="set3")
    hands = ["123m456m5Gp6p7p99s8p1z", *OTHERS, "478m247p478s2357z"]
    game = start(rules, hands, draws=["8p", "1m", "1m", "1m", "9s"], ura="8s")
    act(game, 0, "discard 1z")
    pass_claims(game)
    cycle(game, 3)
    assert drawn(game) == "9s" and "tsumo" in legal(game, 0)
    act(game, 0, "tsumo")
    detail = last(game, "win").detail
    assert detail["ura"] == 3 and detail["chips"] == 4 and detail["abilities"] == ["ura_kaiji"]


def test_kansai_seven_pairs_with_a_quad_waits() -> None:
    # 1111m 22p 44p 66p 88s + 1z: after the 1z the hand waits on 9s as seven pairs with a
    # quad (kansai chiitoi); the next seat's 9s is offered to it for a ron.
    rules = house(abilities="")
    hands = ["1111m22p44p66p88s1z", *OTHERS, "47m147p1467s2344z"]
    game = start(rules, hands, draws="9s9s")
    act(game, 0, "discard 1z")
    pass_claims(game)
    assert rules.waits_of(game, 0) == (26,)  # type: ignore[attr-defined]
    act(game, 1, "discard 9s")
    assert "ron" in legal(game, 0)


def test_naki_menzen_riichi_never_discards_the_gold_5p() -> None:
    # An open hand (pon of 1z) ready with the gold 5p: riichi is offered, but not by
    # discarding the 5p that makes it possible.
    rules = house()
    hands = ["11z123m456m78p5Gp9s4z", *OTHERS, "478m147p147s2357z"]
    draws = ["9m", "8p", "2s", "2s", "2s", "9s"]
    game = start(rules, hands, draws=draws)
    act(game, 0, "discard 4z")
    pass_claims(game)
    act(game, 1, "discard 1z")
    act(game, 0, "pon 1z 1z")
    assert not {a for a in legal(game, 0) if "riichi" in a}  # not on the call's turn
    act(game, 0, "discard 9m")
    pass_claims(game)
    cycle(game, 3)
    offered = {a for a in legal(game, 0) if "riichi" in a}
    assert "riichi 8p" in offered and "riichi 5Gp" not in offered


def test_tako_riichi_closed_kan_does_not_add_a_third_draw() -> None:
    # Tako riichi (platinum 5s); on a later turn the first draw is discarded, the second
    # draw (1p) makes a closed kan; its replacement is discarded and the turn passes on.
    rules = house()
    hands = ["123m456m111p5Ts6s99s", *OTHERS, "478m247p478s2357z"]
    draws = ["4z", None, None, None, "2z", "1p", None, None, None]
    game = start(rules, hands, draws=draws, replacements="3z")
    offered = {a for a in legal(game, 0) if "riichi" in a}
    assert "tako_riichi 4z" in offered and "tako_riichi 5Ts" not in offered
    act(game, 0, "tako_riichi 4z")
    pass_claims(game)
    cycle(game, 3)
    tsumogiri(game, 0)
    pass_claims(game)
    assert game.turn == 0 and drawn(game) == "1p"
    act(game, 0, "ankan 1p")
    pass_claims(game)
    tsumogiri(game, 0)  # the replacement 3z
    pass_claims(game)
    assert game.turn == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"placement_chips": "dynamic"}, "set chips=true"),
        ({"preset": "tenhou-sanma", "chips": True}, "for four players"),
        ({"preset": "tenhou-sanma", "abilities": "set1"}, "for four players"),
    ],
)
def test_option_checks(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        get_ruleset("riichi", options)


def test_shiisanpuutaa_earns_the_chip_abilities() -> None:
    # set1 with its three tiles in an unrelated hand: 1m 5Cm 9m 1p 5Gp 9p 1s 5Ts 9s 1234z
    # + 4z (the pair): shiisanpuutaa, a dealer yakuman tsumo (16,000 from each). Chips
    # per payer: yakuman 10 + 3 special tiles = 13; agari han-su + 13 = 26; chippu zoka
    # 26 x 1.5 = 39. 73,000 ends the game (called game, +1 from each); placement with
    # seats 1-3 at 9,000: 2nd +1, 3rd -4, 4th -10, 1st the balance 13.
    rules = house(abilities="set1")
    hands = ["1m5Cm9m1p5Gp9p1s5Ts9s1234z", *OTHERS, "478m247p478s2357z"]
    game = start(rules, hands, draws="4z")
    act(game, 0, "tsumo")
    assert game.over and game.scores == [73000, 9000, 9000, 9000]
    assert game.ledger.accounts["chips"] == [
        3 * 39 + 3 + 13,
        -39 - 1 + 1,
        -39 - 1 - 4,
        -39 - 1 - 10,
    ]
