"""Events: everything that happens at the table, one type per thing, JSON-serialisable.

Every event is a dataclass with a ``type``. ``visible_to`` is the set of seats that may
see its private fields (``None``: everyone, the event has none); :func:`redact` hides
them from the other seats. Deals and draws are seen by their seat, an exchange by the two
seats it moves tiles between, the seed by nobody (only the full record holds it).

The engine emits the table's events (deal, draw, discard, call, bonus tile, indicator,
transfer, status, exchange); a ruleset adds its own through the ``Emit`` op (wins with
their breakdown, aborts, revealed choices). A ruleset with an event type of its own
registers it with :func:`register_event` so records can read it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ..errors import RecordError

_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _copy(value: Any) -> Any:
    """A copy of a JSON value (lists and objects copied, tuples as lists)."""
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


#: ``visible_to`` of a field no seat may see (the seed).
NOBODY: frozenset[int] = frozenset()


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = "event"
    private_fields: ClassVar[tuple[str, ...]] = ()
    #: Fields left out of the JSON while empty (added to an event type after records were
    #: written without them, so those records read and compare as before).
    optional_fields: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            data[name] = _copy(getattr(self, name))
        for name in self.optional_fields:
            if not data[name]:
                del data[name]
        return data

    @property
    def visible_to(self) -> frozenset[int] | None:
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
    accounts: dict[str, list[int]] = field(default_factory=dict)  # every account per seat

    @property
    def visible_to(self) -> frozenset[int] | None:
        return NOBODY


@dataclass(slots=True)
class HandStart(Event):
    type: ClassVar[str] = "hand_start"
    hand: int  # 0-based hand number in the game
    dealer: int
    round_wind: int  # 0 East .. 3 North
    scores: list[int]
    indicators: list[str]  # face-up indicator tiles
    extra: dict[str, Any] = field(default_factory=dict)  # the ruleset's (honba, sticks...)


@dataclass(slots=True)
class Deal(Event):
    type: ClassVar[str] = "deal"
    private_fields: ClassVar[tuple[str, ...]] = ("tiles",)
    seat: int
    tiles: list[str]

    @property
    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))


@dataclass(slots=True)
class Draw(Event):
    type: ClassVar[str] = "draw"
    private_fields: ClassVar[tuple[str, ...]] = ("tile",)
    seat: int
    tile: str
    left: int  # tiles left to draw from the live wall after this one
    replacement: bool = False  # a replacement draw (after a kong or a bonus tile)

    @property
    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.seat,))


@dataclass(slots=True)
class Discard(Event):
    type: ClassVar[str] = "discard"
    seat: int
    tile: str
    tsumogiri: bool  # the tile just drawn
    riichi: bool = False  # this discard declares riichi
    dead: bool = False  # a dead discard nobody may claim


@dataclass(slots=True)
class Call(Event):
    """A meld made: chi / pon / kan from a discard (``from_seat`` fed ``called``), a
    concealed kong, or an added kong (``called`` is the tile added)."""

    type: ClassVar[str] = "call"
    seat: int
    meld: str  # chi pon open_kan closed_kan added_kan (MeldType values)
    tiles: list[str]  # every tile of the meld
    called: str | None
    from_seat: int | None


@dataclass(slots=True)
class Robbed(Event):
    """``robber`` won on the tile ``seat`` declared: an added kong goes back to a pon
    (``meld`` is then ``pon``), a concealed kong's other tiles back to the hand
    (``closed_kan``), a North set aside leaves the bonus area (``bonus``)."""

    type: ClassVar[str] = "robbed"
    seat: int
    tile: str
    robber: int
    meld: str  # what the tile was taken from: added_kan, closed_kan or bonus


@dataclass(slots=True)
class BonusTile(Event):
    """A bonus tile (flower, season, a North in three-player) set aside face up."""

    type: ClassVar[str] = "bonus"
    seat: int
    tile: str


@dataclass(slots=True)
class Indicator(Event):
    type: ClassVar[str] = "indicator"
    tile: str
    kind: str = "dora"  # dora, ura...


@dataclass(slots=True)
class Transfer(Event):
    """A move between accounts: ``src``/``dst`` are seats or ``ledger.POT`` (-1)."""

    type: ClassVar[str] = "transfer"
    account: str
    src: int
    dst: int
    amount: int
    reason: str


@dataclass(slots=True)
class Status(Event):
    """A seat's status changed (``won``: out of the hand, the others play on)."""

    type: ClassVar[str] = "status"
    seat: int
    status: str


@dataclass(slots=True)
class Exchange(Event):
    """Tiles passed from one seat to another: seen by those two only."""

    type: ClassVar[str] = "exchange"
    private_fields: ClassVar[tuple[str, ...]] = ("tiles",)
    src: int
    dst: int
    tiles: list[str]

    @property
    def visible_to(self) -> frozenset[int] | None:
        return frozenset((self.src, self.dst))


@dataclass(slots=True)
class Choices(Event):
    """Hidden choices revealed together once every seat has chosen (a void suit...)."""

    type: ClassVar[str] = "choices"
    what: str
    values: list[Any]  # per seat


@dataclass(slots=True)
class Win(Event):
    type: ClassVar[str] = "win"
    seat: int
    from_seat: int | None  # None: self-drawn
    tile: str
    hand: list[str]  # the revealed winning tiles
    reading: str
    points: int
    items: list[list[Any]]  # [label, value]
    payments: list[int]  # per seat, + received / - paid
    detail: dict[str, Any] = field(default_factory=dict)  # the ruleset's (han, fu, yaku...)


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
    """The wall ran out. ``hands``: each seat's concealed tiles where the ruleset shows
    them (``[]`` where not), ``melds`` each shown seat's melds, ``waits`` each ready seat's
    waits (kinds in the ruleset's notation)."""

    type: ClassVar[str] = "exhaustive_draw"
    optional_fields: ClassVar[tuple[str, ...]] = ("melds", "waits")
    hands: list[list[str]] = field(default_factory=list)  # every seat's hand, shown
    ready: list[int] = field(default_factory=list)  # seats whose hand was ready
    melds: list[list[str]] = field(default_factory=list)  # per seat, its melds as text
    waits: list[list[str]] = field(default_factory=list)  # per seat, its waits (ready ones)


@dataclass(slots=True)
class Abort(Event):
    """A hand ended without a result (nine terminals, four winds...)."""

    type: ClassVar[str] = "abort"
    reason: str
    seat: int | None = None  # who declared it, if anyone


@dataclass(slots=True)
class HandEnd(Event):
    type: ClassVar[str] = "hand_end"
    scores: list[int]
    deltas: list[int]
    accounts: dict[str, list[int]] = field(default_factory=dict)  # other accounts' balances


@dataclass(slots=True)
class GameEnd(Event):
    type: ClassVar[str] = "game_end"
    optional_fields: ClassVar[tuple[str, ...]] = ("ended",)
    scores: list[int]
    places: list[int]  # 1-based place of each seat (shared on ties unless broken)
    result: dict[str, Any] = field(default_factory=dict)  # the ruleset's (uma, chips...)
    ended: dict[str, list[int]] = field(default_factory=dict)  # early end: {"bust": [seats]}


EVENT_TYPES: dict[str, type[Event]] = {}


def register_event(cls: type[Event]) -> type[Event]:
    """Make an event type readable from records (rulesets' own events)."""
    known = EVENT_TYPES.get(cls.type)
    if known is not None and known is not cls:
        raise ValueError(f"event type {cls.type!r} is already registered")
    EVENT_TYPES[cls.type] = cls
    return cls


for _cls in (
    GameStart,
    HandStart,
    Deal,
    Draw,
    Discard,
    Call,
    Robbed,
    BonusTile,
    Indicator,
    Transfer,
    Status,
    Exchange,
    Choices,
    Win,
    Misdeclared,
    ExhaustiveDraw,
    Abort,
    HandEnd,
    GameEnd,
):
    register_event(_cls)


def event_from_json(data: dict[str, Any]) -> Event:
    try:
        cls = EVENT_TYPES[data["type"]]
    except (KeyError, TypeError):
        raise RecordError(f"unknown event {str(data)[:80]!r}") from None
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
    seen_by = event.visible_to
    if seen_by is not None and seat not in seen_by:
        for name in event.private_fields:
            data[name] = None
    return data


@dataclass(slots=True)
class Update(Event):
    """Stream only, never in a record: view fields the engine derives from its state
    (whose turn, wall counts, seat winds, the ruleset's facts; for a seat its prompt and
    its private facts) that changed with the last action. ``seat`` None: public (every
    viewer gets it); a seat: that seat alone gets it, and no other viewer learns that it
    exists. ``fields`` holds the changed fields' new values as the view's JSON writes
    them (``extra``: its changed part, merged field by field)."""

    type: ClassVar[str] = "update"
    seat: int | None
    fields: dict[str, Any]

    @property
    def visible_to(self) -> frozenset[int] | None:
        return None if self.seat is None else frozenset((self.seat,))
