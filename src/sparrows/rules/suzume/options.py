"""Suzume-Jong's options and presets (configuration: kept out of the compiled modules, see
:mod:`sparrows.compiled`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SuzumeOptions:
    """Suzume-Jong options (every field is a house-rule switch with the rulebook default)."""

    #: Points each player starts with (160 in play with four players).
    starting_points: int = 40
    #: Hands in a game: 16 = four rounds of four dealers.
    hands: int = 16
    #: Offer win declarations for complete shapes worth under 5 (they cost a penalty).
    allow_misdeclared_wins: bool = False
    #: Break ties by seat order from the first dealer instead of sharing the place.
    tie_break_by_seat: bool = False

    def __post_init__(self) -> None:
        from ...errors import OptionsError

        if not 1 <= self.starting_points <= 10_000:
            raise OptionsError(f"starting_points must be 1-10000, not {self.starting_points}")
        if not 1 <= self.hands <= 1000:
            raise OptionsError(f"hands must be 1-1000, not {self.hands}")


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "tutorial": {"allow_misdeclared_wins": True},
}
