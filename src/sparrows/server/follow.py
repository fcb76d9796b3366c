"""A websocket following a table (``/ws/{id}``): the messages it may send (``hello``
with the seat's token, ``act``, ``hint``, ``ready``, ``ping``; each frame size-capped,
rate-limited and validated with msgspec), the limits on followers per client and per
table, and :class:`Follow`, a method per message. See ``docs/protocol.md``, "The web
table"."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..reasons import Reason
from .connection import Connection
from .limits import Bucket
from .registry import Server
from .rooms import Room, TableError
from .seats import error_line

#: The largest inbound websocket frame, in bytes.
MAX_FRAME = 4096
#: Messages a connection may send per second (sustained) and in a burst.
RATE, BURST = 50.0, 100
#: Bad frames (malformed, oversized, over the rate) before the connection is closed.
STRIKES = 12


# ---------------------------------------------------------------------- messages in


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    token: str
    cursor: int = 0
    #: false: leave the ``update`` events out of the state messages (the page reads the
    #: view they come with instead; a client rebuilding the view from the events keeps them)
    updates: bool = True


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    prompt: int
    action: str


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    pass


class HintAsk(msgspec.Struct, tag="hint", forbid_unknown_fields=True):
    prompt: int


class Ready(msgspec.Struct, tag="ready", forbid_unknown_fields=True):
    """A person read the hand's result (pressed OK): the next hand may begin."""


Inbound = Hello | Act | Ping | HintAsk | Ready
_decode = msgspec.json.Decoder(Inbound)


async def follow(server: Server, websocket: WebSocket) -> None:
    """A websocket following a table, within the limits on followers per client and
    per table."""
    await websocket.accept()
    table_id = websocket.path_params["id"]
    room = server.room(table_id)
    if room is None or room.problem:
        problem = room.problem if room is not None else server.broken.get(table_id)
        said = Reason("set_aside", problem=problem) if problem else Reason("no_table")
        await websocket.send_json(error_line(said))
        await websocket.close(code=4404)
        return
    who = websocket.client.host if websocket.client else ""
    limits, sockets = server.limits, server.clients.sockets
    full = None
    if sockets[who] >= limits.ws_per_client:
        full = Reason("busy_here", n=limits.ws_per_client)
    elif room.followers >= limits.ws_per_table:
        full = Reason("busy_table", n=limits.ws_per_table)
    if full is not None:
        await websocket.send_json(error_line(full))
        await websocket.close(code=1013)
        return
    sockets[who] += 1
    room.followers += 1
    try:
        await _connection(server, room, websocket)
    finally:
        room.followers -= 1
        sockets[who] -= 1
        if sockets[who] <= 0:
            del sockets[who]


async def _connection(server: Server, room: Room, websocket: WebSocket) -> None:
    await Follow(room, websocket).run()


class Follow:
    """One websocket following a table: its queue of messages out (a writer task sends
    them in order), its rate and its strikes, and a method per message in (``hello``,
    ``act``, ``ready``, ``hint``, ``ping``). Too many bad messages close it."""

    def __init__(self, room: Room, websocket: WebSocket) -> None:
        self.room = room
        self.websocket = websocket
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=512)
        self.conn: Connection | None = None  # once it has said hello
        self.strikes = 0
        self.bucket = Bucket(RATE, BURST)
        self.spectating: asyncio.Task[None] | None = None  # a delayed spectator's feed

    # ------------------------------------------------------------------ out
    def send(self, message: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a client that does not read: let it go
            if self.conn is not None:
                self.conn.closed = True

    async def _write(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None:
                return
            await self.websocket.send_text(json.dumps(message, ensure_ascii=False))

    def refuse(self, message: str | Reason) -> None:
        self.strikes += 1
        self.send(error_line(message))

    # ------------------------------------------------------------------ in
    async def run(self) -> None:
        writer = asyncio.get_running_loop().create_task(self._write())
        try:
            while self.strikes < STRIKES:
                msg = await self._next()
                if msg is not None:
                    await self._handle(msg)
            self.send({"type": "error", "message": "too many bad messages: closing"})
            await asyncio.sleep(0.05)
            await self.websocket.close(code=1008)
        except WebSocketDisconnect:
            pass
        finally:
            await self._close(writer)

    async def _next(self) -> Any:
        """The next message, decoded (None, and a strike, for a bad one)."""
        try:
            data = await self.websocket.receive_text()
        except KeyError:  # a binary frame
            self.refuse("frames are JSON text")
            return None
        if len(data) > MAX_FRAME:
            self.refuse(f"a frame is at most {MAX_FRAME} bytes")
            return None
        if not self.bucket.take():
            self.refuse(f"too many messages (at most {RATE:g} a second)")
            return None
        try:
            return _decode.decode(data)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            self.refuse(f"a bad message: {str(exc)[:200]}")
            return None

    async def _handle(self, msg: Any) -> None:
        if isinstance(msg, Ping):
            self.send({"type": "pong"})
        elif isinstance(msg, Hello):
            await self.hello(msg)
        elif isinstance(msg, Act):
            await self.act(msg)
        elif isinstance(msg, Ready):
            self.ready()
        elif isinstance(msg, HintAsk):
            await self.hint(msg)

    async def hello(self, msg: Hello) -> None:
        room = self.room
        if self.conn is not None:
            self.refuse("hello was said already")
            return
        seat = room.seat_of(msg.token)
        if seat is None:
            self.refuse(Reason("bad_link"))
            return
        if room.stalled is not None:  # moves nobody may see yet: wait for the file
            self.send(error_line(Reason("saving", problem=room.stalled), "saving"))
            await room.writable()
        viewer = None if seat < 0 else seat
        delay = float(room.settings["spectator_delay"]) if viewer is None else 0.0
        conn = self.conn = Connection(
            viewer, self.send, cursor=max(0, msg.cursor), delay=delay, updates=msg.updates
        )
        firsts = room.join(conn)
        presence = room.presence()
        self.send({"type": "welcome", "seat": viewer, "table": room.info(), "presence": presence})
        for first in firsts:
            self.send(first)
        if viewer is None and delay:
            self.spectating = asyncio.get_running_loop().create_task(_feed(room, conn))

    async def act(self, msg: Act) -> None:
        conn = self.conn
        if conn is None:
            self.refuse("say hello with your link's token first")
        elif conn.seat is None:
            self.refuse("a spectator cannot act")
        else:
            try:
                await self.room.act(conn.seat, msg.prompt, msg.action)
            except TableError as exc:
                self.send(error_line(exc))

    def ready(self) -> None:
        if self.conn is None or self.conn.seat is None:
            self.refuse("only a seat's own link says it is ready")
            return
        self.room.ready(self.conn.seat)

    async def hint(self, msg: HintAsk) -> None:
        if self.conn is None or self.conn.seat is None:
            self.refuse("only a seat's own link may ask for a hint")
            return
        try:
            hint = await self.room.hint(self.conn.seat, msg.prompt)
        except TableError as exc:
            self.send(error_line(exc, "hint"))
            return
        self.send({"type": "hint", "prompt": msg.prompt, "hint": hint})

    async def _close(self, writer: asyncio.Task[None]) -> None:
        room, conn = self.room, self.conn
        if conn is not None:
            conn.closed = True
            if conn.seat is not None:
                room.presence_changed()  # the others see the seat go away
            room.wake.set()
        if self.spectating is not None:
            self.spectating.cancel()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _feed(room: Room, conn: Connection) -> None:
    """A delayed spectator: what it may see, as it becomes old enough."""
    while not conn.closed:
        message = room.message(conn)
        if message is not None:
            conn.send(message)
        await asyncio.sleep(0.25)
