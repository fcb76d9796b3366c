"""What a ruleset answers the engine: table operations to apply, and what happens next.

A hook returns an :class:`Outcome`: a sequence of *ops* (each a small record the engine
applies in order: discard a tile, make a meld, move points, change a seat's status, emit
an event...) and the *next step*: a seat's :class:`Turn` (with a draw from the live
wall, a replacement draw, or no draw), a decision :class:`Window`, or :class:`EndHand`.
Only the engine changes the table; a ruleset never writes to it.

Ops are plain (not frozen) slotted records because they are built on the hot path; nothing
changes them after they are made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..tiles import MeldType
from .actions import Action
from .events import Event

# ---------------------------------------------------------------------- next steps
LIVE: Final = 0  # draw from the live wall
REPLACEMENT: Final = 1  # a replacement draw (after a kong or a bonus tile)
NO_DRAW: Final = 2  # act without drawing (after a chi or pon)
KEEP: Final = 3  # the same turn goes on, the drawn tile still the drawn tile


# The ops made on every turn write their __init__ out: the compiled build (sparrows.compiled)
# runs a dataclass's generated __init__ as interpreted code.
@dataclass(slots=True, init=False)
class Turn:
    """``seat`` takes a turn, after the draw ``draw`` (LIVE, REPLACEMENT, NO_DRAW or KEEP)."""

    seat: int
    draw: int

    def __init__(self, seat: int, draw: int = LIVE) -> None:
        self.seat = seat
        self.draw = draw


@dataclass(slots=True, init=False)
class Window:
    """A decision window: each seat in ``options`` chooses one of its actions; the answers
    stay hidden until every seat has answered, then the ruleset's ``resolve`` sees them all
    (passes included). ``kind`` names it (``claim``, ``rob``, ``exchange``, ``void``,
    ``dealer``...); ``claim`` windows answer a tile just played; ``data`` is what the
    resolver needs (the discard, the kong...)."""

    kind: str
    options: dict[int, list[Action]]
    data: Any
    claim: bool
    subject: int | None  # the tile (id) the window answers: a discard, a kong's tile
    offered_by: int | None  # the seat that played it

    def __init__(
        self,
        kind: str,
        options: dict[int, list[Action]],
        data: Any = None,
        claim: bool = True,
        subject: int | None = None,
        offered_by: int | None = None,
    ) -> None:
        self.kind = kind
        self.options = options
        self.data = data
        self.claim = claim
        self.subject = subject
        self.offered_by = offered_by


def tile_window(
    kind: str, options: dict[int, list[Action]], seat: int, tile: int, data: Any = None
) -> Window:
    """A window answering the tile (an id) ``seat`` just played: a discard's claims
    (``claim``), a kong's or a North's robbery (``rob``)."""
    return Window(kind, options, data, True, tile, seat)


def played(window: Window) -> tuple[int, int]:
    """(seat, tile) of a window opened by :func:`tile_window`."""
    seat, tile = window.offered_by, window.subject
    if seat is None or tile is None:
        raise AssertionError(f"a {window.kind} window that answers no tile")
    return seat, tile


@dataclass(frozen=True, slots=True)
class EndHand:
    """The hand is over (``reason``: win, exhaustive, abort...)."""

    reason: str


Next = Turn | Window | EndHand


# ---------------------------------------------------------------------- ops
@dataclass(slots=True)
class Deal:
    """Deal ``counts[i]`` tiles from the live wall to ``order[i]``, in that order."""

    order: tuple[int, ...]
    counts: tuple[int, ...]


@dataclass(slots=True)
class ReplaceBonusInDeal:
    """Set aside every bonus tile in the dealt hands and draw replacements, seat by seat in
    ``order``, pass after pass until no hand holds one."""

    order: tuple[int, ...]


@dataclass(slots=True)
class RevealIndicator:
    """Turn the next indicator face up (``source``: the dead wall's indicator slots, or
    the live wall's draw end)."""

    kind: str = "dora"
    source: str = "dead"


@dataclass(slots=True, init=False)
class DiscardTile:
    seat: int
    tile: int  # tile id
    riichi: bool
    dead: bool

    def __init__(self, seat: int, tile: int, riichi: bool = False, dead: bool = False) -> None:
        self.seat = seat
        self.tile = tile
        self.riichi = riichi
        self.dead = dead


@dataclass(slots=True)
class MakeMeld:
    """A meld: ``tiles`` (ids) leave the hand; ``called`` (an id) comes from ``from_seat``'s
    last discard. An added kong extends the seat's pon of that kind with ``tiles[0]``."""

    seat: int
    type: MeldType
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None


@dataclass(slots=True)
class RobTile:
    """``robber`` wins on a tile ``seat`` declared (robbing a kong, or a North set aside
    in three-player riichi): ``tile`` (an id) leaves ``seat``'s added kong, which goes
    back to the pon it was, its concealed kong, whose other tiles go back to the hand, or
    its bonus area, and joins ``robber``'s concealed hand (the first robber's, when
    several win on it)."""

    seat: int
    tile: int
    robber: int


@dataclass(slots=True)
class SetAside:
    """A bonus tile (id) leaves the concealed hand for the seat's bonus area."""

    seat: int
    tile: int


@dataclass(slots=True)
class Move:
    """Move ``amount`` of ``account`` from ``src`` to ``dst`` (seats, or POT = -1)."""

    account: str
    src: int
    dst: int
    amount: int
    reason: str


@dataclass(slots=True)
class SetStatus:
    seat: int
    status: str  # "playing", "won"...


@dataclass(slots=True)
class PassTiles:
    """``tiles`` (ids) go from ``src``'s hand to ``dst``'s (an exchange)."""

    src: int
    dst: int
    tiles: tuple[int, ...]


@dataclass(slots=True, init=False)
class Emit:
    """A ruleset's event (a win with its breakdown, an abort, revealed choices...), or
    how to build it: ``Emit(build=f, args=(...))`` calls ``f(*args)`` only when the game
    keeps events (a game played with ``record=False`` never pays for it). A builder reads
    the table as it is when the op is applied."""

    event: Event | None
    build: Callable[..., Event] | None
    args: tuple[Any, ...]

    def __init__(
        self,
        event: Event | None = None,
        build: Callable[..., Event] | None = None,
        args: tuple[Any, ...] = (),
    ) -> None:
        self.event = event
        self.build = build
        self.args = args


#: What a :class:`HandReport` reports.
WIN: Final = "win"  # a win (one report per winner)
DRAW: Final = "draw"  # a hand that ended without a win (an exhaustive draw)
ABORT: Final = "abort"  # a hand aborted (nine terminals, four winds...; ``facts["reason"]``)
SETTLEMENT: Final = "settlement"  # payments at the end of a hand already won (Sichuan)
COUNTS: Final = "counts"  # the ruleset's per-seat counters alone


@dataclass(slots=True, init=False)
class HandReport:
    """Facts about a hand for the statistics, kept in ``game.hand_results`` also when
    events are not recorded: ``kind`` (:data:`WIN`, :data:`DRAW`, :data:`ABORT`,
    :data:`SETTLEMENT`, :data:`COUNTS`), the hand, for a win its winner, who fed it (None:
    self-drawn), its points, the scoring items' names and its limit (yakuman: how many;
    a limit hand: 1); ``counts``: the ruleset's per-seat counters (summed by the
    simulation); ``facts``: the ruleset's own (han, fu, chips, draw payments...)."""

    kind: str
    hand: int
    winner: int | None
    from_seat: int | None
    points: int
    items: tuple[str, ...]
    limit: int
    counts: dict[str, list[int]]
    facts: dict[str, Any]

    def __init__(
        self,
        kind: str,
        hand: int,
        winner: int | None = None,
        from_seat: int | None = None,
        points: int = 0,
        items: tuple[str, ...] = (),
        limit: int = 0,
        counts: dict[str, list[int]] | None = None,
        facts: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.hand = hand
        self.winner = winner
        self.from_seat = from_seat
        self.points = points
        self.items = items
        self.limit = limit
        self.counts = counts if counts is not None else {}
        self.facts = facts if facts is not None else {}


@dataclass(slots=True)
class Report:
    """A :class:`HandReport` for ``game.hand_results``."""

    report: HandReport


Op = (
    Deal
    | ReplaceBonusInDeal
    | RevealIndicator
    | DiscardTile
    | MakeMeld
    | RobTile
    | SetAside
    | Move
    | SetStatus
    | PassTiles
    | Emit
    | Report
)


@dataclass(slots=True, init=False)
class Outcome:
    ops: Sequence[Op]
    next: Next

    def __init__(self, ops: Sequence[Op], next: Next) -> None:
        self.ops = ops
        self.next = next


# ---------------------------------------------------------------------- between hands
@dataclass(frozen=True, slots=True)
class NextHand:
    """Play another hand with this dealer and round wind (``ops``: moves between hands)."""

    dealer: int
    round_wind: int
    ops: Sequence[Op] = ()


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over; ``ops`` are the final moves (leftover sticks, chip settlement),
    ``result`` the ruleset's final figures (uma, chips...)."""

    ops: Sequence[Op] = ()
    result: dict[str, Any] | None = None
    #: Why the game ended before its last hand, by seat: ``{"bust": [seats]}``...
    ended: dict[str, list[int]] | None = None
