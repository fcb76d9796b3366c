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
import secrets
import sys
from collections.abc import AsyncIterator
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
from starlette.websockets import WebSocket

from ..agents import AGENTS
from ..errors import SparrowsError
from ..rules import RULESETS, get_ruleset
from ..rules.catalog import describe
from .follow import follow
from .hosting import Hosting, qr_svg
from .limits import Limits, quiet_uvicorn
from .products import Answer
from .registry import Server
from .rooms import BOTS, SETTINGS, Room, TableError
from .seats import memo_entries
from .store import StoredTable, token_hash

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("sparrows.server")

#: The largest body of a create-a-table request.
MAX_BODY = 16384


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
        await follow(self.server, websocket)

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
