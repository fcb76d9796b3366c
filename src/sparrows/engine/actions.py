"""Actions players take, with a text form for logs, records, the UI and RL.

An action is a type from one append-only registry shared by every ruleset, the tiles it
names (none, one, or several: ``chi 3m 4m`` names the two tiles taken from the hand,
``exchange 1p 4p 9p`` the three tiles passed) and, for a choice, a word (``void m``).
The text form is the type, then the tiles in the ruleset's notation or the choice word:
``"discard 2*"``, ``"tsumo"``, ``"pon 5m 0m"``, ``"void p"``.

Actions compare and hash by a small integer code (the hot paths compare them constantly);
tiles are kept sorted, so ``chi 4m 3m`` is ``chi 3m 4m``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Final

from ..errors import NotationError
from ..tiles import Tile, format_tile, parse_tiles
from ..tiles.tile import Dialect


class Arg(Enum):
    """What follows an action type in its text form."""

    NONE = "none"
    TILES = "tiles"  # one or more tiles
    CHOICE = "choice"  # one word


class ActionType(StrEnum):
    """Every action type of every ruleset. **Append only**: the declaration order fixes the
    action codes (and the dense action spaces built from them)."""

    DISCARD = "discard"  # discard the tile named (the drawn copy if it has that face)
    TSUMO = "tsumo"  # declare a win on the drawn tile (or the hand as it is)
    RON = "ron"  # declare a win on a discard (or a robbed kong tile)
    PASS = "pass"  # decline every claim in a window
    CHI = "chi"  # a run with the discard: the two tiles from the hand
    PON = "pon"  # a triplet with the discard: the two tiles from the hand
    KAN = "kan"  # an exposed kong with the discard: the three tiles from the hand
    ANKAN = "ankan"  # a concealed kong: one tile naming the four
    KAKAN = "kakan"  # an added kong: the tile added to an exposed pon
    RIICHI = "riichi"  # declare riichi by discarding the tile named
    ABORT = "abort"  # declare an abortive draw (nine terminals)
    NUKI = "nuki"  # set a tile aside as a bonus (three-player North)
    EXCHANGE = "exchange"  # pass tiles to another player (Sichuan: three of one suit)
    VOID = "void"  # choose the void suit: m, p or s
    CONTINUE = "continue"  # the dealer keeps the deal
    PASS_DEAL = "pass_deal"  # the dealer passes the deal on
    OPEN_RIICHI = "open_riichi"  # declare open riichi (the hand shown) by discarding the tile
    TAKO_RIICHI = "tako_riichi"  # declare riichi with the tako ability (two draws a turn)
    KOKAN = "kokan"  # the kokan ability's choice when a win is scored: chips or han


#: What each type's text form takes after the type word.
ARGS: Final[dict[ActionType, Arg]] = {
    ActionType.DISCARD: Arg.TILES,
    ActionType.TSUMO: Arg.NONE,
    ActionType.RON: Arg.NONE,
    ActionType.PASS: Arg.NONE,
    ActionType.CHI: Arg.TILES,
    ActionType.PON: Arg.TILES,
    ActionType.KAN: Arg.TILES,
    ActionType.ANKAN: Arg.TILES,
    ActionType.KAKAN: Arg.TILES,
    ActionType.RIICHI: Arg.TILES,
    ActionType.ABORT: Arg.NONE,
    ActionType.NUKI: Arg.TILES,
    ActionType.EXCHANGE: Arg.TILES,
    ActionType.VOID: Arg.CHOICE,
    ActionType.CONTINUE: Arg.NONE,
    ActionType.PASS_DEAL: Arg.NONE,
    ActionType.OPEN_RIICHI: Arg.TILES,
    ActionType.TAKO_RIICHI: Arg.TILES,
    ActionType.KOKAN: Arg.CHOICE,
}
#: How many tiles a type names (types not listed take any number up to 3).
TILE_COUNT: Final[dict[ActionType, int]] = {
    ActionType.DISCARD: 1,
    ActionType.RIICHI: 1,
    ActionType.OPEN_RIICHI: 1,
    ActionType.TAKO_RIICHI: 1,
    ActionType.ANKAN: 1,
    ActionType.KAKAN: 1,
    ActionType.NUKI: 1,
    ActionType.CHI: 2,
    ActionType.PON: 2,
    ActionType.KAN: 3,
}
#: Other names people use for the same types (Chinese rulesets, mjai).
ALIASES: Final[dict[str, ActionType]] = {
    "chow": ActionType.CHI,
    "pung": ActionType.PON,
    "kong": ActionType.KAN,
    "daiminkan": ActionType.KAN,
    "concealed_kong": ActionType.ANKAN,
    "added_kong": ActionType.KAKAN,
    "shouminkan": ActionType.KAKAN,
    "hu": ActionType.RON,
    "win": ActionType.RON,
    "reach": ActionType.RIICHI,
    "kita": ActionType.NUKI,
}
#: Choice words (append only: their index is part of the action code).
CHOICES: Final[tuple[str, ...]] = ("m", "p", "s", "z", "han", "chips")

_TYPE_INDEX: Final[dict[ActionType, int]] = {t: i for i, t in enumerate(ActionType)}
_CHOICE_INDEX: Final[dict[str, int]] = {c: i + 1 for i, c in enumerate(CHOICES)}
_MAX_TILES: Final = 3


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Action:
    """An action; equal when type, tiles and choice are equal (through ``code``).

    ``Action(ActionType.DISCARD, tile)`` takes one tile; several as a sequence.
    """

    type: ActionType
    tiles: tuple[Tile, ...]
    choice: str | None
    code: int = field(repr=False)

    def __init__(
        self,
        type: ActionType,
        tiles: Tile | Iterable[Tile] = (),
        choice: str | None = None,
    ) -> None:
        tiles = (tiles,) if isinstance(tiles, Tile) else tuple(sorted(tiles))
        if len(tiles) > _MAX_TILES:
            raise NotationError(f"an action names at most {_MAX_TILES} tiles, not {len(tiles)}")
        code = 0
        for t in tiles:
            code = code << 10 | (t.code + 1)
        index = 0
        if choice is not None:
            index = _CHOICE_INDEX.get(choice, 0)
            if not index:
                raise NotationError(
                    f"unknown choice {choice!r}; expected one of {', '.join(CHOICES)}"
                )
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "choice", choice)
        object.__setattr__(
            self, "code", (_TYPE_INDEX[type] << 44) | (index << 32) | (len(tiles) << 30) | code
        )

    @property
    def tile(self) -> Tile | None:
        """The (first) tile the action names, or None."""
        return self.tiles[0] if self.tiles else None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def to_string(self, dialect: Dialect = "mpsz") -> str:
        parts = [self.type.value]
        for t in self.tiles:
            try:
                parts.append(format_tile(t, dialect))
            except NotationError:  # a tile the dialect cannot write (in an error message)
                parts.append(format_tile(t))
        if self.choice is not None:
            parts.append(self.choice)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Action({self.to_string()})"

    @classmethod
    def from_string(cls, text: str, dialect: Dialect = "mpsz") -> Action:
        """Read the text form; NotationError names what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text, not {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise NotationError("empty action")
        word = parts[0].lower()
        try:
            kind = ALIASES.get(word) or ActionType(word)
        except ValueError:
            names = ", ".join(t.value for t in ActionType)
            raise NotationError(
                f"unknown action {parts[0][:20]!r}; expected one of {names}"
            ) from None
        arg = ARGS[kind]
        rest = parts[1:]
        if arg is Arg.NONE:
            if rest:
                raise NotationError(f"{kind.value} takes nothing after it", text)
            return cls(kind)
        if arg is Arg.CHOICE:
            if len(rest) != 1:
                raise NotationError(f"{kind.value} takes one choice word", text)
            return cls(kind, choice=rest[0].lower())
        if not rest:
            raise NotationError(f"{kind.value} names a tile", text)
        tiles = parse_tiles(" ".join(rest), dialect)
        want = TILE_COUNT.get(kind)
        if want is not None and len(tiles) != want:
            raise NotationError(
                f"{kind.value} names {want} tile{'s' if want > 1 else ''}, not {len(tiles)}", text
            )
        return cls(kind, tuple(tiles))


DISCARD: Final = ActionType.DISCARD
TSUMO: Final = ActionType.TSUMO
RON: Final = ActionType.RON
PASS: Final = ActionType.PASS
