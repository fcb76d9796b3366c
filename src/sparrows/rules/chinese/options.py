"""The options every Chinese-family ruleset shares (Hong Kong and classical extend them).

Kept apart from :mod:`.game`, which the optional compiled build compiles:
an interpreted class may not extend a compiled one, and options classes are configuration,
read once per game, not hot code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


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

    #: The range of each whole-number option (checked by ``check_values``).
    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "reserve": (0, 80),
        "starting_points": (-(10**9), 10**9),
        "rounds": (1, 4),
        "max_hands": (0, 100_000),
    }
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __post_init__(self) -> None:
        from ...engine.options import check_values

        check_values(self)
