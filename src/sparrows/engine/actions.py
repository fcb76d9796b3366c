"""Actions players take, with a text form for logs, records and the UI.

The text form is ``"discard 2*"``, ``"tsumo"``, ``"ron"``, ``"pass"``: the action type,
then the tile in the ruleset's notation when the action names one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import NotationError
from ..tiles import Tile, format_tile, parse_tiles
from ..tiles.notation import Dialect


class ActionType(StrEnum):
    DISCARD = "discard"
    TSUMO = "tsumo"  # declare a win on the drawn tile
    RON = "ron"  # declare a win on a discard
    PASS = "pass"  # decline every claim on a discard


_TYPE_INDEX: dict[ActionType, int] = {t: i for i, t in enumerate(ActionType)}


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """An action; equal when type and tile are equal (compared through a small int code)."""

    type: ActionType
    tile: Tile | None = None
    code: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        index = _TYPE_INDEX[self.type]  # stable: the declaration order of ActionType
        object.__setattr__(
            self, "code", index << 16 | (0 if self.tile is None else self.tile.code + 1)
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def to_string(self, dialect: Dialect = "mpsz") -> str:
        if self.tile is None:
            return self.type.value
        return f"{self.type.value} {format_tile(self.tile, dialect)}"

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Action({self.to_string()})"

    @classmethod
    def from_string(cls, text: str, dialect: Dialect = "mpsz") -> Action:
        parts = text.split()
        if not parts:
            raise NotationError("empty action")
        try:
            kind = ActionType(parts[0].lower())
        except ValueError:
            names = ", ".join(t.value for t in ActionType)
            raise NotationError(f"unknown action {parts[0]!r}; expected one of {names}") from None
        if len(parts) == 1:
            return cls(kind)
        tiles = parse_tiles(" ".join(parts[1:]), dialect)
        if len(tiles) != 1:
            raise NotationError(f"an action names one tile, not {len(tiles)}", text)
        return cls(kind, tiles[0])


DISCARD, TSUMO, RON, PASS = ActionType.DISCARD, ActionType.TSUMO, ActionType.RON, ActionType.PASS
