"""The web table's HTTP and websocket server (Starlette on uvicorn).

Pages: the lobby (``/``), a table (``/table/{id}``; the seat's secret token travels in the
link's fragment, never in a request line), a finished game's replay (``/replay/{id}``) and
the credits. The API: ``/api/rulesets``, ``/api/tables`` (create, list), ``/api/tables/{id}``
``/api/records/{id}`` (a finished game as our JSON, mjai or tenhou.net/6) and
``/api/replay/{id}?view=all|public|SEAT`` (its frames for the replay viewer). A table is
followed over ``/ws/{id}``: the first message is ``hello`` with the token; then ``act``
(an action for the prompt it names), ``hint`` (the ruleset's advice on the seat's prompt)
and ``ping``. Every inbound frame is size-capped,
rate-limited and validated (msgspec); a bad one is answered with one ``error`` line and the
connection is closed only after repeated garbage. See ``docs/protocol.md``, "The web table".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..agents import AGENTS
from ..errors import SparrowsError
from ..reasons import Reason
from ..rules import RULESETS, get_ruleset
from ..rules.catalog import describe
from .collector import Collector
from .hosting import Hosting, qr_svg
from .limits import Bucket, Clients, Limits, quiet_uvicorn
from .products import Answer, Products
from .rooms import BOTS, SETTINGS, Connection, Lane, Room, TableError
from .seats import error_line, memo_entries
from .store import Store, StoredTable, StoreError, token_hash

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("sparrows.server")

#: The largest inbound websocket frame, in bytes.
MAX_FRAME = 4096
#: Messages a connection may send per second (sustained) and in a burst.
RATE, BURST = 50.0, 100
#: Bad frames (malformed, oversized, over the rate) before the connection is closed.
STRIKES = 12
#: The largest body of a create-a-table request.
MAX_BODY = 16384
#: A finished table stays in memory this long (seconds) after its end, then its record
#: alone is kept; the memory is swept every SWEEP_SECONDS.
KEEP_FINISHED, SWEEP_SECONDS = 20.0, 5.0


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


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    kind: str = "human"
    name: str = ""


#: An option's or a setting's value: a scalar, or a flat list (riichi's red fives). Nothing
#: nests deeper, so a body nested a thousand deep is one 400 line, not a RecursionError.
Scalar = str | int | float | bool | None
Value = Scalar | list[str | int | float | bool]


class CreateTable(msgspec.Struct, forbid_unknown_fields=True):
    ruleset: str
    seats: list[SeatSpec]
    preset: str = ""
    options: dict[str, Value] = {}
    settings: dict[str, Scalar] = {}


# ---------------------------------------------------------------------- the server


class Server:
    """The tables of one database, live in one event loop."""

    def __init__(
        self, db: str | Path | Store, limits: Limits | None = None, hosting: Hosting | None = None
    ) -> None:
        self.store = db if isinstance(db, Store) else Store(db)
        self.limits = limits or Limits()
        #: where friends reach the server: the base of the table links
        self.hosting = hosting or Hosting()
        self.clients = Clients(self.limits)
        self.products = Products(self.store)
        self.collector = Collector()
        self.rooms: dict[str, Room] = {}
        #: tables set aside (id -> the reason), listed in the lobby as broken
        self.broken: dict[str, str] = {}
        self.lane = Lane()
        #: tables in play not loaded yet (after a start), oldest first
        self.pending: dict[str, None] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._loader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start answering at once and load every table still in play in the
        background, however many, each starting to play its own moves as it loads (one
        asked for meanwhile is loaded first); a table that cannot be loaded is set aside
        (marked broken in the file, logged once with the reason) and the others start.
        Tables set aside earlier are tried again (a newer version may read them)."""
        ids = self.store.table_ids("playing") + self.store.table_ids("broken")
        self.pending = dict.fromkeys(reversed(ids))  # oldest first, in order
        loop = asyncio.get_running_loop()
        self._loader = loop.create_task(self._load_all(len(ids)))
        self._sweeper = loop.create_task(self._sweep())
        self.collector.start()

    async def _load_all(self, count: int) -> None:
        began = time.monotonic()
        while self.pending:
            table_id = next(iter(self.pending))
            del self.pending[table_id]
            if table_id not in self.rooms:
                self.load(table_id)
            await asyncio.sleep(0)  # the server answers between two tables
        if count:
            log.info(
                "tables in play: %d loaded in %.1f s, %d set aside",
                sum(1 for r in self.rooms.values() if not r.game.over),
                time.monotonic() - began,
                len(self.broken),
            )

    def load(self, table_id: str) -> Room | None:
        """A table from the file, started if it is in play; None when there is no such
        table or it cannot be loaded (then it is set aside)."""
        try:
            row = self.store.table(table_id)
            if row is None:
                return None
            room = Room.load(self.store, row)
        except Exception as exc:  # a bad row or record: this table alone stays down
            problem = (
                str(exc)
                if isinstance(exc, SparrowsError)
                else (f"an internal error ({type(exc).__name__}: {exc})")
            )
            problem = " ".join(problem.split())[:300]
            if self.broken.get(table_id) != problem:
                log.error(
                    "table %s is set aside: %s",
                    table_id,
                    problem,
                    exc_info=exc if os.environ.get("SPARROWS_DEBUG") else None,
                )
            self.broken[table_id] = problem
            with contextlib.suppress(StoreError):
                self.store.set_aside(table_id, problem)
            return None
        if row.status == "broken":
            with contextlib.suppress(StoreError):
                self.store.set_status(table_id, "over" if room.game.over else "playing")
            room.row = replace(room.row, status="over" if room.game.over else "playing")
            self.broken.pop(table_id, None)
        self.add(room)
        return room

    def add(self, room: Room) -> None:
        room.lane = self.lane
        self.rooms[room.row.id] = room
        room.start()

    async def _sweep(self) -> None:
        """Let finished tables go from memory a while after their end, once nobody
        follows them (their records stay in the file; asked for, they load again)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            idle = self.limits.idle_seconds
            for table_id, room in list(self.rooms.items()):
                followed = any(not c.closed for c in room.conns)
                if (
                    idle
                    and room.people
                    and not room.game.over
                    and not room.problem
                    and not followed
                    and now - room.last_active >= idle
                ):
                    await self.close(room, "expired")
                    continue
                done = room.game.over and now - (room.ended or now) >= KEEP_FINISHED
                if room.problem:
                    self.broken[table_id] = room.problem
                    done = True
                if done and not any(not c.closed for c in room.conns):
                    del self.rooms[table_id]

    async def close(self, room: Room, status: str) -> None:
        """A table in play ends without a result: ``closed`` by its host, ``expired``
        when no person acted or looked for the server's ``--idle-hours``. Its pages are
        told; it leaves the lobby (the file keeps its moves)."""
        await room.stop()
        self.store.set_status(room.row.id, status)
        room.row = replace(room.row, status=status)
        said = Reason("closed" if status == "closed" else "expired")
        for conn in room.conns:
            if not conn.closed:
                conn.send(error_line(said, "closed"))
        self.rooms.pop(room.row.id, None)

    async def stop(self) -> None:
        self.collector.stop()
        for task in (self._sweeper, self._loader):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            await room.stop()
        self.store.close()

    def room(self, table_id: str) -> Room | None:
        """A table, from memory or loaded from the file (and started) on demand."""
        room = self.rooms.get(table_id)
        if room is None and table_id not in self.broken:
            self.pending.pop(table_id, None)
            room = self.load(table_id)
        return room


class Api:
    """The HTTP and websocket routes' handlers, a method each, over the server's state."""

    def __init__(self, server: Server) -> None:
        self.server = server

    async def rulesets(self, request: Request) -> Response:
        out = []
        for name in RULESETS:
            rules = get_ruleset(name)
            info = describe(name)
            out.append(
                {
                    "name": name,
                    "players": rules.num_players,
                    "presets": {
                        p: get_ruleset(name, {"preset": p}).num_players for p in rules.presets
                    },
                    "preset_values": info["presets"],
                    "options": info["options"],
                }
            )
        # the bots that play some rulesets only (an external mjai bot: riichi)
        only: dict[str, list[str]] = {}
        for b in BOTS:
            plays = AGENTS[b].rulesets if b in AGENTS else None
            if plays is not None:
                only[b] = list(plays)
        body = json.dumps(
            {"rulesets": out, "bots": list(BOTS), "bot_rulesets": only, "settings": SETTINGS},
            default=list,
        )
        return Response(body, media_type="application/json")

    async def create(self, request: Request) -> Response:
        refused = _refuse_cross_site(request)
        if refused is not None:
            return refused
        client = request.client.host if request.client else ""
        playing = sum(1 for r in self.server.rooms.values() if not r.game.over and not r.problem)
        if playing >= self.server.limits.max_tables:
            return _error(
                f"the server has its most tables in play ({self.server.limits.max_tables}); "
                "try again when one ends",
                503,
            )
        body = await _body(request)
        if body is None:
            return _error(f"the request is larger than {MAX_BODY} bytes", 413)
        if not self.server.clients.may_create(client):
            return _error(
                f"too many tables made from here (at most "
                f"{self.server.limits.create_per_minute:g} a minute); try again in a minute",
                429,
            )
        try:
            spec = msgspec.json.decode(body, type=CreateTable)
        except msgspec.ValidationError as exc:
            return _error(f"a bad request: {str(exc)[:200]}")
        except (msgspec.DecodeError, RecursionError):
            return _error("the request is not JSON (or nests too deeply)")
        if spec.ruleset not in RULESETS:
            return _error(
                f"unknown ruleset {spec.ruleset!r}; the rulesets are {', '.join(RULESETS)}"
            )
        options = dict(spec.options)
        if spec.preset:
            options["preset"] = spec.preset
        try:
            host = secrets.token_urlsafe(24)
            room, tokens, spectate = Room.create(
                self.server.store,
                spec.ruleset,
                options,
                [{"kind": s.kind, "name": s.name} for s in spec.seats],
                dict(spec.settings),
                host_hash=token_hash(host),
            )
        except SparrowsError as exc:
            return _error(str(exc))
        self.server.add(room)
        return self._made(request, room, tokens, spectate, host)

    async def tables(self, request: Request) -> Response:
        over = self.server.store.tables("over", limit=100)
        # placings and scores (a game finished by an older version: read once, off the loop)
        results = await asyncio.to_thread(self.server.store.results, [r.id for r in over])
        # what plays and what still loads, taken together after that wait (a table the
        # loader moved meanwhile is in one list or the other, never in neither)
        playing = sorted(
            (r for r in self.server.rooms.values() if not r.game.over and not r.problem),
            key=lambda r: -r.row.created,
        )
        broken = self.server.store.tables("broken", limit=100)
        loading = [
            r
            for r in self.server.store.tables_of(list(self.server.pending))
            if r.status == "playing"
        ]
        return JSONResponse(
            {
                "playing": [r.info() for r in playing]
                + [{**_summary(r), "loading": True} for r in loading],
                "over": [{**_summary(r), **results.get(r.id, {})} for r in over],
                "broken": [{**_summary(r), "problem": r.problem} for r in broken],
            }
        )

    async def table(self, request: Request) -> Response:
        table_id = request.path_params["id"]
        room = self.server.room(table_id)
        if room is None:
            if table_id in self.server.broken:
                return _error(f"this table is set aside: {self.server.broken[table_id]}", 409)
            return _error("no such table", 404)
        return JSONResponse(room.info())

    async def record(self, request: Request) -> Response:
        fmt = request.query_params.get("format", "sparrows")[:20]
        return _answer(
            request, await self.server.products.get(request.path_params["id"], "record", fmt)
        )

    async def replay(self, request: Request) -> Response:
        view = request.query_params.get("view", "all")[:20]
        return _answer(
            request, await self.server.products.get(request.path_params["id"], "replay", view)
        )

    async def health(self, request: Request) -> Response:
        """How the server does (for its host and the benchmarks; nothing of any game)."""
        live = [r for r in self.server.rooms.values() if not r.game.over and not r.problem]
        return JSONResponse(
            {
                "tables": len(live),
                "loading": len(self.server.pending),
                "stalled": sum(1 for r in live if r.stalled is not None),
                "broken": len(self.server.broken),
                "saving": self.server.store.failing or "ok",
                "gc": self.server.collector.stats(),
                "memo": memo_entries(),
                # what the heap holds: the tables in memory (finished ones not yet let go
                # included) and Python's allocated blocks (live objects; RSS beside it
                # tells the heap's growth from the allocator's)
                "in_memory": len(self.server.rooms),
                "heap_blocks": sys.getallocatedblocks(),
            }
        )

    async def socket(self, websocket: WebSocket) -> None:
        await _follow(self.server, websocket)

    def _made(
        self, request: Request, room: Room, tokens: list[str | None], spectate: str, host: str
    ) -> Response:
        """A new table's answer: a link per human seat and for spectators (with their QR
        codes), whether they open on this machine alone, the host's secret, the table."""
        hosting = self.server.hosting
        base = hosting.link_base(str(request.base_url))
        links = {
            str(seat): f"{base}/table/{room.row.id}#t={token}"
            for seat, token in enumerate(tokens)
            if token is not None
        }
        watch = f"{base}/table/{room.row.id}#t={spectate}"
        return JSONResponse(
            {
                "id": room.row.id,
                "links": links,
                "spectate": watch,
                # each link as a QR code a phone scans (an SVG data: URI)
                "qr": {
                    **{seat: qr_svg(url) for seat, url in links.items()},
                    "spectate": qr_svg(watch),
                },
                # the links open on this machine alone (the server listens on no network)
                "local_only": hosting.local_only,
                # the host's secret: closes the table, hands an absent seat to a bot
                "host": host,
                "table": room.info(),
            }
        )


def create_app(
    db: str | Path, limits: Limits | None = None, hosting: Hosting | None = None
) -> Starlette:
    server = Server(db, limits, hosting)
    quiet_uvicorn()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})

        return serve

    api = Api(server)

    routes = [
        Route("/", page("index.html")),
        Route("/table/{id}", page("table.html")),
        Route("/replay/{id}", page("replay.html")),
        Route("/credits", page("credits.html")),
        Route("/rules/{name}", rules_summary),
        Route("/api/rulesets", api.rulesets),
        Route("/api/health", api.health),
        Route("/api/tables", api.tables, methods=["GET"]),
        Route("/api/tables", api.create, methods=["POST"]),
        Route("/api/tables/{id}", api.table),
        Route("/api/tables/{id}/host", host_action, methods=["POST"]),
        Route("/api/records/{id}", api.record),
        Route("/api/replay/{id}", api.replay),
        WebSocketRoute("/ws/{id}", api.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    # replays and records are large JSON: compressed for browsers that ask (all do)
    middleware = [Middleware(GZipMiddleware, minimum_size=2048)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.server = server
    return app


class HostAsk(msgspec.Struct, forbid_unknown_fields=True):
    """What a table's host may do: close it, or hand an absent person's seat to a bot
    (``on``) and take it back."""

    host: str
    do: str
    seat: int = -1
    on: bool = True


async def host_action(request: Request) -> Response:
    """``POST /api/tables/{id}/host``: the host's requests (their secret, given when the
    table was made, in the body); 403 without it."""
    server: Server = request.app.state.server
    refused = _refuse_cross_site(request)
    if refused is not None:
        return refused
    body = await _body(request)
    if body is None:
        return _error(f"the request is larger than {MAX_BODY} bytes", 413)
    try:
        ask = msgspec.json.decode(body, type=HostAsk)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        return _error(f"a bad request: {str(exc)[:200]}")
    room = server.rooms.get(request.path_params["id"])
    if room is None or room.game.over or room.problem:
        return _error("no such table in play", 404)
    if not room.is_host(ask.host):
        return _error("only the table's host may do this", 403)
    if ask.do == "close":
        await server.close(room, "closed")
    elif ask.do == "stand_in":
        try:
            room.hand_to_bot(ask.seat, ask.on)
        except TableError as exc:
            return _error(str(exc))
    else:
        return _error(f"a host may 'close' or 'stand_in', not {ask.do!r}")
    return JSONResponse({"ok": True})


async def rules_summary(request: Request) -> Response:
    """``/rules/{name}``: a ruleset's one-page summary (what wins, its scoring tables)."""
    from starlette.responses import HTMLResponse

    from .rulepages import rules_page

    try:
        return HTMLResponse(rules_page(request.path_params["name"]))
    except SparrowsError as exc:
        return _error(str(exc), 404)


def _answer(request: Request, answer: Answer) -> Response:
    """A kept answer as it is, compressed when the client takes gzip."""
    headers = {"Vary": "Accept-Encoding"}
    if answer.name:
        headers["Content-Disposition"] = f'attachment; filename="{answer.name}"'
    body = answer.body
    if answer.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
        body = answer.gzipped
        headers["Content-Encoding"] = "gzip"
    return Response(body, answer.status, headers, media_type="application/json")


def _refuse_cross_site(request: Request) -> Response | None:
    """A request that changes state must be JSON and come from this server's own pages
    (or from a program, which sends no Origin): a form or a script on another site
    cannot make tables on a server the visitor runs."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        return _error("the request must be JSON (Content-Type: application/json)", 415)
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        if origin == "null" or origin.split("://", 1)[-1].rstrip("/") != host:
            return _error(f"a request from another site ({origin[:80]}) is refused", 403)
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return _error("a request from another site is refused", 403)
    return None


async def _body(request: Request) -> bytes | None:
    """The request's body, read no further than MAX_BODY (None: it is longer): a body
    announced as longer is refused unread."""
    announced = request.headers.get("content-length")
    if announced is not None:
        try:
            if int(announced) > MAX_BODY:
                return None
        except ValueError:
            return None
    got = bytearray()
    async for chunk in request.stream():
        got += chunk
        if len(got) > MAX_BODY:
            return None
    return bytes(got)


def _summary(row: StoredTable) -> dict[str, Any]:
    """A table the lobby lists without loading it."""
    return {
        "id": row.id,
        "ruleset": row.ruleset,
        "preset": row.options.get("preset", ""),
        "created": row.created,
        "seats": [{"seat": s.seat, "name": s.name} for s in row.seats],
    }


def _error(message: str, status: int = 400) -> Response:
    return JSONResponse({"error": message}, status_code=status)


# ---------------------------------------------------------------------- a connection


async def _follow(server: Server, websocket: WebSocket) -> None:
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
