"""What one seat may know at a decision, as faces (:class:`Observation`), and the phase
of the game it is asked in (:class:`Phase`). :meth:`~.game.Game.observation` builds it;
bots, the environments and the advice read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..tiles import Meld, Tile
from .actions import Action
from .board import CALLED


class Phase(StrEnum):
    TURN = "turn"  # one seat is on its turn
    CLAIM = "claim"  # seats answer a tile just played (claims, robbing a kong)
    CHOICE = "choice"  # seats answer another decision window (exchange, void, dealer...)
    OVER = "over"  # the game has ended
    WAIT = "wait"  # (observations only) this seat is not asked now


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Other seats' concealed tiles never appear here, nor
    whether another seat is being asked something (a seat not asked sees ``WAIT``)."""

    seat: int
    ruleset: str
    phase: Phase
    hand: tuple[Tile, ...]
    drawn: Tile | None
    discards: tuple[tuple[Tile, ...], ...]
    indicators: tuple[Tile, ...]
    scores: tuple[int, ...]
    dealer: int
    round_wind: int
    hand_number: int
    wall_left: int
    to_act: tuple[int, ...]
    last_discard: tuple[int, Tile] | None
    legal: tuple[Action, ...] = field(default=())
    window: str | None = None  # the kind of window this seat is asked in
    turn: int = 0  # whose turn it is (public)
    river_flags: tuple[tuple[int, ...], ...] = ()
    melds: tuple[tuple[Meld, ...], ...] = ()
    bonus: tuple[tuple[Tile, ...], ...] = ()
    status: tuple[str, ...] = ()
    concealed: tuple[int, ...] = ()  # how many concealed tiles each seat holds
    accounts: dict[str, tuple[int, ...]] = field(default_factory=dict)
    pots: dict[str, int] = field(default_factory=dict)
    #: the ruleset's own facts, typed (``sparrows.client.extras``: RiichiExtra...; None)
    extra: Any = None
    seat_winds: tuple[int, ...] | None = None  # each seat's wind, where the ruleset has them
    honba: int = 0
    sticks: int = 0
    #: per seat, its concealed tiles where the ruleset shows them to this seat (an open
    #: riichi; the riichi peek house rule), else None (this seat's own: ``hand``); ``()``
    #: where no hand is shown
    shown: tuple[tuple[Tile, ...] | None, ...] = ()

    def seen(self) -> list[int]:
        """34 counts of the tiles this seat sees outside its concealed hand: the discards
        still in the rivers (a called tile once, in its meld), every meld and the
        indicators. Bonus tiles (kinds 34 and up) are left out."""
        seen = [0] * 34
        rivers = self.river_flags or tuple(() for _ in self.discards)
        for pile, flags in zip(self.discards, rivers, strict=True):
            for i, t in enumerate(pile):
                if t.kind < 34 and not (i < len(flags) and flags[i] & CALLED):
                    seen[t.kind] += 1
        for melds in self.melds:
            for meld in melds:
                for t in meld.tiles:
                    if t.kind < 34:
                        seen[t.kind] += 1
        for t in self.indicators:
            if t.kind < 34:
                seen[t.kind] += 1
        return seen


#: How a hand's walls are shuffled (``Game(shuffle=...)``).
