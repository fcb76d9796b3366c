"""Shared pieces of the house preset's scripted tests
(``tests/rules/riichi_house/test_game.py``, ``test_game_wins.py``, ``test_flow.py``):
the ruleset, quiet hands, and small drivers that pass every claim, play tsumogiri and stop
at the dealer's continue-or-pass window.

Every expected payment is worked out by hand in the comments from
``../shared/rules/riichi.md`` (sections "Preset `cy-dealers-choice`" and "precise
semantics"), never read back from the engine; ``game.validate()`` runs after every step
(the helpers of ``riichi_walls`` do it).

Tile text: ``3Pm`` purple 3m, ``7Bp`` blue 7p, ``5Gp`` gold 5p, ``5Ts`` platinum 5s,
``5Cm`` cyan 5m, ``5!z`` / ``6!z`` / ``7!z`` the pocchi; a plain digit is a plain tile
(the house set holds three plain copies of 3m/3p/3s, 5m/5p/5s, 7m/7p/7s and 5z/6z/7z).
"""

from __future__ import annotations

from typing import Any

from sparrows.engine import Game, Phase
from sparrows.engine.protocol import Ruleset
from tests.support.riichi_walls import act, legal, of_type, riichi, riichi_wall, tsumogiri

HOUSE = "cy-dealers-choice"
# Hands that can claim nothing (no pair, no two tiles of a suit within two ranks), with
# plain tiles only and no dragons.
QUIET = ["147m147p147s1234z", "258m258p258s1234z", "369m369p369s1234z"]
# A closed hand waiting on 3s (kanchan), all plain tiles.
READY = "123m456m789p24s99s"


def house(**options: Any) -> Ruleset:
    return riichi(preset=HOUSE, **options)


def seat_hands(dealt: dict[int, str], quiet: list[str] | None = None) -> list[str]:
    """Four hands: the given seats' hands, the quiet hands in order for the others."""
    rest = iter(QUIET if quiet is None else quiet)
    return [dealt[s] if s in dealt else next(rest) for s in range(4)]


def chips(game: Game) -> list[int]:
    return list(game.ledger.accounts["chips"])


def in_dealer_window(game: Game) -> bool:
    return game.window is not None and game.window.kind == "dealer"


def pass_claims(game: Game) -> None:
    """Every seat asked in a claim window passes (not the dealer's window)."""
    while game.phase is Phase.CLAIM or (game.phase is Phase.CHOICE and not in_dealer_window(game)):
        for seat in game.to_act():
            act(game, seat, "pass")


def cycle(game: Game, turns: int) -> None:
    """``turns`` turns of tsumogiri, every claim passed."""
    for _ in range(turns):
        tsumogiri(game)
        pass_claims(game)


def play_out(game: Game) -> None:
    """Tsumogiri and pass until the hand ends or the dealer is asked to choose."""
    hand = game.hand_number
    while not game.over and game.hand_number == hand and not in_dealer_window(game):
        if game.phase is Phase.TURN:
            tsumogiri(game)
        else:
            pass_claims(game)


def riichi_types(game: Game, seat: int) -> set[str]:
    return {
        a for a in legal(game, seat) if a.split()[0] in ("riichi", "open_riichi", "tako_riichi")
    }


def chip_moves(game: Game, reason: str) -> list[tuple[int, int, int]]:
    """(payer, receiver, amount) of the chip transfers with this reason."""
    return sorted(
        (t.src, t.dst, t.amount)
        for t in of_type(game, "transfer")
        if t.account == "chips" and t.reason == reason
    )


def tenpai_dealer_wall(rules: Ruleset, dealer: int) -> list[int]:
    """A hand where only the dealer is ready (READY, waiting on 3s)."""
    return riichi_wall(rules, seat_hands({dealer: READY}), dealer=dealer)
