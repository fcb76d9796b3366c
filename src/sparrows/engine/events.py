"""Events: everything that happens at the table, one type per thing, JSON-serialisable.

Every event is a dict-like dataclass with a ``type``. ``private_to`` marks information
only one seat may see (its deal and draws); :func:`redact` hides it from other seats.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from ..errors import RecordError

#: ``private_to`` of a field no seat may see (the seed): only the full record holds it.
NOBODY = -1


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = "event"
    private_fields: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **asdict(self)}

    @property
    def private_to(self) -> int | None:
        return None


@dataclass(slots=True)
class GameStart(Event):
    type: ClassVar[str] = "game_start"
    private_fields: ClassVar[tuple[str, ...]] = ("seed",)
    ruleset: str
    version: str
    options: dict[str, Any]
    seed: int  # the seed fixes every wall: no seat may see it during play
    scores: list[int]

    @property
    def private_to(self) -> int | None:
        return NOBODY


@dataclass(slots=True)
class HandStart(Event):
    type: ClassVar[str] = "hand_start"
    hand: int  # 0-based hand number in the game
    dealer: int
    round_wind: int  # 0 East .. 3 North
    scores: list[int]
    indicators: list[str]  # face-up indicator tiles


@dataclass(slots=True)
class Deal(Event):
    type: ClassVar[str] = "deal"
    private_fields: ClassVar[tuple[str, ...]] = ("tiles",)
    seat: int
    tiles: list[str]

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(slots=True)
class Draw(Event):
    type: ClassVar[str] = "draw"
    private_fields: ClassVar[tuple[str, ...]] = ("tile",)
    seat: int
    tile: str
    left: int  # tiles left to draw after this one

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(slots=True)
class Discard(Event):
    type: ClassVar[str] = "discard"
    seat: int
    tile: str
    tsumogiri: bool  # the tile just drawn


@dataclass(slots=True)
class Win(Event):
    type: ClassVar[str] = "win"
    seat: int
    from_seat: int | None  # None: self-drawn
    tile: str
    hand: list[str]  # the revealed winning tiles
    reading: str
    points: int
    items: list[list[Any]]  # [label, points]
    payments: list[int]  # per seat, + received / - paid


@dataclass(slots=True)
class Misdeclared(Event):
    type: ClassVar[str] = "misdeclared"
    seat: int
    action: str  # "tsumo" or "ron"
    hand: list[str]
    points: int
    payments: list[int]


@dataclass(slots=True)
class ExhaustiveDraw(Event):
    type: ClassVar[str] = "exhaustive_draw"
    hands: list[list[str]] = field(default_factory=list)


@dataclass(slots=True)
class HandEnd(Event):
    type: ClassVar[str] = "hand_end"
    scores: list[int]
    deltas: list[int]


@dataclass(slots=True)
class GameEnd(Event):
    type: ClassVar[str] = "game_end"
    scores: list[int]
    places: list[int]  # 1-based place of each seat (shared on ties unless broken)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        GameStart,
        HandStart,
        Deal,
        Draw,
        Discard,
        Win,
        Misdeclared,
        ExhaustiveDraw,
        HandEnd,
        GameEnd,
    )
}


def event_from_json(data: dict[str, Any]) -> Event:
    try:
        cls = EVENT_TYPES[data["type"]]
    except (KeyError, TypeError):
        raise RecordError(f"unknown event {data!r}") from None
    names = {f.name for f in fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise RecordError(f"event {data['type']} has unknown fields {sorted(extra)}")
    try:
        return cls(**{k: v for k, v in data.items() if k != "type"})
    except TypeError as exc:
        raise RecordError(f"event {data['type']} is malformed: {exc}") from None


def redact(event: Event, seat: int | None) -> dict[str, Any]:
    """The event as ``seat`` may see it (``None``: a spectator, who sees no private field)."""
    data = event.to_json()
    owner = event.private_to
    if owner is not None and owner != seat:
        for name in event.private_fields:
            data[name] = None
    return data
