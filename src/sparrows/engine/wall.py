"""The wall: a live part to draw from, and a dead part (replacement tiles, indicators).

Tiles are ids into the ruleset's tile set. ``live`` is kept in draw order reversed, so
the next draw is ``live[-1]`` and the far end (where rulesets without a dead wall take
replacement tiles) is ``live[0]``. The dead part is named lists: ``replacements`` (drawn
in order after a kong), ``indicators`` (turned face up in order) and ``hidden`` (ura dora:
seen only at the end), plus ``reserve`` (tiles moved from the live wall to keep the dead
wall's size after a replacement draw; never drawn).

A ruleset builds its wall from one ordering of all tile ids (shuffled by the engine, or
given: wall injection); :meth:`Wall.simple` puts every tile in the live part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import SparrowsError


@dataclass(slots=True)
class Wall:
    live: list[int]
    replacements: list[int] = field(default_factory=list)
    indicators: list[int] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)
    reserve: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)  # indicators face up, in order
    #: Replacement draws come from ``replacements`` and a tile of the live wall's far end
    #: moves to ``reserve`` (riichi); otherwise they come from the live wall's far end.
    dead_wall: bool = False
    #: With a dead wall: the tile moved from the live wall joins the replacement tiles
    #: (three-player riichi: up to eight replacement draws, kans and Norths).
    refill: bool = False

    @classmethod
    def simple(cls, order: Sequence[int]) -> Wall:
        """Every tile in the live part; the first of ``order`` is drawn first."""
        return cls(list(reversed(order)))

    def copy(self) -> Wall:
        """An independent copy (``Game.clone``)."""
        return Wall(
            list(self.live),
            list(self.replacements),
            list(self.indicators),
            list(self.hidden),
            list(self.reserve),
            list(self.revealed),
            self.dead_wall,
            self.refill,
        )

    @property
    def left(self) -> int:
        """Tiles that can still be drawn from the live wall."""
        return len(self.live)

    def dead_count(self) -> int:
        """Tiles in the dead wall (replacements, indicators and the tiles under them, the
        reserve); 0 where the ruleset keeps none."""
        if not self.dead_wall:
            return 0
        return len(self.replacements) + len(self.indicators) + len(self.hidden) + len(self.reserve)

    def draw(self) -> int:
        if not self.live:
            raise SparrowsError("the live wall is empty")
        return self.live.pop()

    def can_replace(self) -> bool:
        if self.dead_wall:
            return bool(self.replacements) and bool(self.live)
        return bool(self.live)

    def draw_replacement(self) -> int:
        if not self.can_replace():
            raise SparrowsError("no replacement tile is left")
        if self.dead_wall:
            tile = self.replacements.pop(0)
            moved = self.live.pop(0)  # the live wall shrinks by one
            (self.replacements if self.refill else self.reserve).append(moved)
            return tile
        return self.live.pop(0)

    def reveal_indicator(self) -> int:
        if not self.indicators:
            raise SparrowsError("no indicator is left to turn over")
        tile = self.indicators.pop(0)
        self.revealed.append(tile)
        return tile

    def reveal_from_live(self) -> int:
        """Turn the next live tile face up as an indicator (Suzume's dora)."""
        tile = self.draw()
        self.revealed.append(tile)
        return tile

    def all_tiles(self) -> list[int]:
        return [
            *self.live,
            *self.replacements,
            *self.indicators,
            *self.hidden,
            *self.reserve,
            *self.revealed,
        ]
