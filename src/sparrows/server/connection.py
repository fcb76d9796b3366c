"""One websocket following a table, as its room sees it (:class:`Connection`): the seat
or a spectator, how to queue a message to it, how far into the stream it has been sent,
and for a delayed spectator its own view. :mod:`.follow` reads the socket; the room
(:mod:`.rooms`) writes to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..client import SeatState


@dataclass
class Connection:
    """One websocket following a table: a seat or a spectator (``seat`` None). A
    spectator behind by ``delay`` seconds keeps its own view, rebuilt from the stream as
    far as it may see (:class:`sparrows.client.SeatState`)."""

    seat: int | None
    send: Callable[[dict[str, Any]], None]  # queues a message (never blocks)
    cursor: int = 0
    closed: bool = False
    delay: float = 0.0
    state: SeatState | None = None
    #: the next state starts the viewer's stream over (from 0): the page drops what it had
    fresh: bool = False
    #: the state messages carry the ``update`` events (False: the view alone says them)
    updates: bool = True
