"""The ruleset plug-in interface. The engine owns the table (wall, hands, turn order,
claim windows, event log); a ruleset answers the questions the engine asks."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine.actions import Action, ActionType
from ..errors import OptionsError
from ..tiles import TileSet
from ..tiles.notation import Dialect

if TYPE_CHECKING:
    from ..engine.game import Game


class Ruleset(ABC):
    name: ClassVar[str]
    version: ClassVar[str]
    dialect: ClassVar[Dialect] = "mpsz"
    num_players: ClassVar[int] = 4
    #: Concealed tiles a player holds between turns (13; Suzume 5).
    hand_size: ClassVar[int] = 13
    #: Scores never go below 0 (payers pay down to 0).
    floor_zero: ClassVar[bool] = False
    tileset: TileSet
    options: Any

    # ---- options
    def options_dict(self) -> dict[str, Any]:
        return asdict(self.options)

    # ---- game and hand setup
    @abstractmethod
    def starting_scores(self) -> list[int]: ...

    @abstractmethod
    def deal(self, game: Game) -> None:
        """Deal hands and reveal indicators from ``game.wall`` (engine helpers do the work)."""

    # ---- decisions
    @abstractmethod
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        """Legal actions of ``seat`` holding a drawn tile."""

    @abstractmethod
    def claim_actions(self, game: Game, seat: int, tile: int) -> list[Action]:
        """Claims ``seat`` may make on discarded tile id ``tile`` (``[]``: none; otherwise
        the list includes PASS)."""

    def discard_claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        """Every other seat's claims on a discard (seats with none are left out), asked
        once per discard. The default asks ``claim_actions`` seat by seat in turn order."""
        claims = {}
        n = game.n
        for i in range(1, n):
            seat = (discarder + i) % n
            options = self.claim_actions(game, seat, tile)
            if options:
                claims[seat] = options
        return claims

    @cached_property
    def tile_text(self) -> list[str]:
        """Each tile id's text in the ruleset's notation."""
        from ..tiles import format_tile

        return [format_tile(t, self.dialect) for t in self.tileset.tiles]

    @cached_property
    def kind_weight(self) -> list[int]:
        """Per tile id, 5 ** (index of its kind among the set's kinds): a hand's kinds as
        one integer key (see ``Game.hand_key``); small for small tile sets."""
        index = {k: i for i, k in enumerate(sorted({t.kind for t in self.tileset.tiles}))}
        return [5 ** index[t.kind] for t in self.tileset.tiles]

    @cached_property
    def face_weight(self) -> list[int]:
        """Per tile id, 5 ** (index of its face among the set's distinct faces): a hand's
        faces as one integer key (see ``Game.face_key``)."""
        faces = sorted(set(self.tileset.tiles))
        index = {f: i for i, f in enumerate(faces)}
        return [5 ** index[t] for t in self.tileset.tiles]

    claim_priority: ClassVar[dict[ActionType, int]] = {ActionType.PASS: 0, ActionType.RON: 3}

    def multiple_claims(self, action: ActionType) -> bool:
        """Whether several seats may take a discard with this claim at once (several ron)."""
        return action is ActionType.RON

    @abstractmethod
    def declare_tsumo(self, game: Game, seat: int) -> bool:
        """Apply a self-drawn win declaration; True if the hand ended."""

    @abstractmethod
    def apply_claims(
        self, game: Game, discarder: int, claims: Sequence[tuple[int, Action]]
    ) -> bool:
        """Apply the winning claims (already chosen by priority, in turn order from the
        discarder); True if the hand ended."""

    @abstractmethod
    def exhaustive_draw(self, game: Game) -> None:
        """Settle a hand that ran out of tiles."""

    @abstractmethod
    def next_hand(self, game: Game) -> bool:
        """Advance dealer and round after a hand; False when the game is over."""

    def places(self, scores: Sequence[int]) -> list[int]:
        """1-based places; equal scores share a place."""
        return [1 + sum(1 for o in scores if o > s) for s in scores]


def build_options(cls: type[Any], presets: dict[str, dict[str, Any]], given: dict[str, Any]) -> Any:
    """Options dataclass from a preset name (key ``preset``) and explicit values, with
    clear errors for unknown names and wrong types."""
    given = dict(given)
    preset = given.pop("preset", "standard")
    if preset not in presets:
        raise OptionsError(f"unknown preset {preset!r}; available: {', '.join(presets)}")
    values = dict(presets[preset])
    known = {f.name: f for f in fields(cls)}
    for key, value in given.items():
        if key not in known:
            raise OptionsError(f"unknown option {key!r}; available: {', '.join(known)}")
        default = getattr(cls(), key)
        if isinstance(default, bool) and not isinstance(value, bool):
            raise OptionsError(f"option {key!r} must be true or false, not {value!r}")
        if (
            isinstance(default, int)
            and not isinstance(default, bool)
            and (isinstance(value, bool) or not isinstance(value, int))
        ):
            raise OptionsError(f"option {key!r} must be a whole number, not {value!r}")
        values[key] = value
    return cls(**values)
