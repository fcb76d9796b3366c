"""The options every Chinese-family ruleset shares (Hong Kong and classical extend them).

Kept apart from :mod:`sparrows.rules.chinese`, which the optional compiled build compiles:
an interpreted class may not extend a compiled one, and options classes are configuration,
read once per game, not hot code."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FamilyOptions:
    """The options every Chinese-family ruleset has (its own options class extends this)."""

    #: Thirteen Orphans may rob a concealed kong.
    thirteen_orphans_rob_concealed: bool = False
    #: Tiles left in the wall when the hand is drawn (0: play the wall out).
    reserve: int = 0
    #: Points each player starts with.
    starting_points: int = 0
    #: Rounds in a game: 4 = East to North (1 = the East round only).
    rounds: int = 4
    #: Stop the game after this many hands whatever the rounds (0: no cap). The dealer
    #: keeps the deal on a draw, so players who rarely win (random agents) can play
    #: thousands of hands in one game; simulations of them set a cap.
    max_hands: int = 0

    def __post_init__(self) -> None:
        from ..errors import OptionsError

        if not 0 <= self.reserve <= 80:
            raise OptionsError(f"reserve must be 0-80, not {self.reserve}")
        if not 1 <= self.rounds <= 4:
            raise OptionsError(f"rounds must be 1-4, not {self.rounds}")
        if not 0 <= self.max_hands <= 100_000:
            raise OptionsError(f"max_hands must be 0-100000, not {self.max_hands}")
        if abs(self.starting_points) > 10**9:
            raise OptionsError("starting_points is out of range")
