"""Suzume-Jong's options and presets (configuration: kept out of the compiled modules, see
:mod:`sparrows.compiled`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


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

    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "starting_points": (1, 10_000),
        "hands": (1, 1000),
    }

    def __post_init__(self) -> None:
        from ...engine.options import check_values

        check_values(self)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "tutorial": {"allow_misdeclared_wins": True},
}
