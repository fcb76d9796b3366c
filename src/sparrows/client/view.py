"""What one viewer (a seat, or a spectator) may know of a game, as plain frozen data.

``game.view(seat)`` and ``game.public_view()`` return a :class:`View`; ``to_json()`` /
``View.from_json()`` round-trip it exactly. Tiles are strings in the ruleset's notation
(mpsz; Suzume's own), actions are their text form and their index in the ruleset's fixed
action layout. ``docs/protocol.md`` describes every field; ``sparrows schema RULESET``
prints the JSON Schema.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .data import doc, from_json, to_json
from .extras import Extra

#: The version of the view's JSON form (a client checks it; a change that removes or
#: changes a field raises it).
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class RiverTile:
    """One discard in a river, in order."""

    tile: str = doc("the tile")
    tsumogiri: bool = doc("it was the tile just drawn")
    riichi: bool = doc("it declared riichi")
    called: bool = doc("another seat called it (it is in that seat's meld now)")
    dead: bool = doc("a dead discard nobody may claim")


@dataclass(frozen=True)
class MeldView:
    """A called or declared meld."""

    type: str = doc("chi, pon, open_kan, closed_kan or added_kan")
    tiles: tuple[str, ...] = doc("every tile of the meld, sorted")
    called: str | None = doc("the tile taken from another seat (an added kan: the tile added)")
    from_seat: int | None = doc("the seat that fed it (null: none)")


@dataclass(frozen=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int = doc("the seat, 0 = the first dealer")
    wind: int | None = doc("the seat wind: 0 East .. 3 North (null: the ruleset has none)")
    status: str = doc("playing, or won (out of the hand, the others play on)")
    points: int = doc("the score")
    accounts: dict[str, int] = doc("every ledger account (points, chips...)")
    concealed: int = doc("how many concealed tiles the seat holds")
    hand: tuple[str, ...] | None = doc(
        "its concealed tiles where the viewer may see them (its own; an open riichi...)"
    )
    melds: tuple[MeldView, ...] = doc("its melds, in the order made")
    river: tuple[RiverTile, ...] = doc("every discard, in order (called ones flagged)")
    bonus: tuple[str, ...] = doc("bonus tiles set aside (flowers, seasons, North)")


@dataclass(frozen=True)
class KokanPayload:
    """The kokan ability's choice when a win is scored (house preset)."""

    kind: ClassVar[str] = "kokan"
    effects: dict[str, tuple[int, int]] = doc(
        "per choice offered (chips, han): what it changes, as (han, chips)"
    )


@dataclass(frozen=True)
class DealerPayload:
    """The dealer's choice to keep the deal or pass it (house preset)."""

    kind: ClassVar[str] = "dealer"
    reason: str = doc("why the dealer would keep the deal: win or tenpai")


@dataclass(frozen=True)
class ExchangePayload:
    """The tile exchange (Sichuan): pass three tiles of one suit."""

    kind: ClassVar[str] = "exchange"
    tiles: int = doc("how many tiles to pass")
    suits: tuple[str, ...] = doc("suits the viewer holds enough tiles of (m, p, s)")


@dataclass(frozen=True)
class VoidPayload:
    """The hidden void-suit choice (Sichuan)."""

    kind: ClassVar[str] = "void"
    held: dict[str, int] = doc("tiles held of each suit")


@dataclass(frozen=True)
class VotePayload:
    """A vote (riichi's unanimous abort)."""

    kind: ClassVar[str] = "vote"
    question: str = doc("what is voted on")


Payload = KokanPayload | DealerPayload | ExchangePayload | VoidPayload | VotePayload


@dataclass(frozen=True)
class Prompt:
    """The decision the viewer owes now."""

    id: int = doc("the prompt's number for this seat (an answer names it; a stale one is refused)")
    kind: str = doc(
        "turn, claim (a discard), rob (a kong's tile or a North), exchange, void, dealer, "
        "kokan or vote"
    )
    subject: str | None = doc("the tile offered (a discard, the tile added to a kong)")
    offered_by: int | None = doc("the seat that played it")
    actions: tuple[str, ...] = doc("the legal actions as text")
    indices: tuple[int, ...] = doc("the legal actions' indices in the ruleset's action layout")
    payload: Payload | None = doc("the ruleset's facts for this decision")


@dataclass(frozen=True)
class LastDiscard:
    seat: int = doc("who discarded it")
    tile: str = doc("the tile")


@dataclass(frozen=True)
class View:
    """A viewer's view of the game: a seat's, or a spectator's (``viewer`` null)."""

    schema_version: int = doc("the version of this JSON form")
    ruleset: str = doc("the ruleset's name")
    layout: str = doc("the name of the ruleset's action layout (indices refer to it)")
    viewer: int | None = doc("the seat viewing, null for a spectator")
    players: int = doc("seats at the table")
    hand_number: int = doc("0-based number of the hand in the game")
    round_wind: int = doc("0 East .. 3 North")
    dealer: int = doc("the dealer's seat")
    round_label: str = doc("the hand as players name it (East 2, honba 1; Hand 3)")
    round_short: str = doc("the same, short (E2-1)")
    honba: int = doc("repeat counters (riichi), else 0")
    sticks: int = doc("riichi sticks on the table, else 0")
    turn: int = doc("whose turn it is")
    wall_left: int = doc("tiles left to draw from the live wall")
    dead_wall: int = doc("tiles in the dead wall (replacements, indicators), 0 if none")
    indicators: tuple[str, ...] = doc("face-up dora indicators (Suzume: the dora itself)")
    last_discard: LastDiscard | None = doc("the discard that may be claimed now, if any")
    pots: dict[str, int] = doc("what lies on the table per account (riichi sticks)")
    seats: tuple[SeatView, ...] = doc("every seat")
    hand: tuple[str, ...] | None = doc("the viewer's concealed tiles, sorted (null: spectator)")
    drawn: str | None = doc("the viewer's tile just drawn, if it is the viewer's turn")
    prompt: Prompt | None = doc("the decision the viewer owes now, if any")
    over: bool = doc("the game has ended")
    extra: Extra | None = doc("the ruleset's own facts (null where it has none)")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = to_json(self)
        return data

    @classmethod
    def from_json(cls, data: Any) -> View:
        return from_json(cls, data)


__all__ = [
    "SCHEMA_VERSION",
    "DealerPayload",
    "ExchangePayload",
    "KokanPayload",
    "LastDiscard",
    "MeldView",
    "Payload",
    "Prompt",
    "RiverTile",
    "SeatView",
    "View",
    "VoidPayload",
    "VotePayload",
]
