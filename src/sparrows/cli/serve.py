"""``sparrows serve``: the web table on this machine."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SparrowsError
from .common import add_bot_arguments, register_bots

if TYPE_CHECKING:  # the web extra, imported when the command runs
    from ..server.hosting import Hosting


def default_db() -> Path:
    """Where the tables are kept unless ``--db`` says: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sparrows" / "tables.db"


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="start the web table (tables with friends or bots in the browser)",
        description=(
            "Serve the web table: create a table, share a link per seat, play in the "
            "browser; spectators, reconnects, finished games and their replays. Tables "
            "are kept in a SQLite file and survive a restart."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: friends "
        "on your network too)",
    )
    p.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address friends open (https://mahjong.example.org behind a proxy): the "
        "table links and QR codes are built from it (default: this machine's network "
        "address when --host is 0.0.0.0)",
    )
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    p.add_argument(
        "--db", default=None, help=f"the SQLite file of the tables (default {default_db()})"
    )
    p.add_argument(
        "--open", action="store_true", help="open the lobby in a browser, if there is one"
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=200,
        metavar="N",
        help="tables in play at once; none is made beyond it (default 200)",
    )
    p.add_argument(
        "--create-rate",
        type=float,
        default=30.0,
        metavar="N",
        help="tables one client address may make a minute (default 30)",
    )
    p.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds a connection has to send a request's headers (default 10)",
    )
    p.add_argument(
        "--idle-hours",
        type=float,
        default=12.0,
        metavar="HOURS",
        help="a table with people expires after this long with nobody acting or looking "
        "(default 12; 0: never)",
    )
    add_bot_arguments(p)
    p.set_defaults(run=run, parser=p)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server import create_app
    except ImportError as exc:
        raise SparrowsError(
            f"the web table needs the web extra ({exc.name} is missing): "
            "pip install 'sparrows[web]'"
        ) from None
    public = _checked(args)
    from ..server.seats import offer_bot

    for name in register_bots(args):  # the owner's external bots, offered to every table
        offer_bot(name)
    from ..server.hosting import Hosting
    from ..server.limits import Limits, guarded_protocol

    hosting = Hosting()  # filled in once the port is known
    limits = Limits(
        max_tables=args.max_tables,
        create_per_minute=args.create_rate,
        header_seconds=args.header_timeout,
        idle_seconds=args.idle_hours * 3600.0,
    )
    db = Path(args.db) if args.db else default_db()
    _log_to_stderr()
    app = create_app(db, limits, hosting)  # the file is checked here: bad: one line, exit 2
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        lifespan="on",
        http=guarded_protocol(limits),
        # connections and requests at once: beyond it a 503, never an exhausted process
        limit_concurrency=_open_files() // 2,
    )
    server = uvicorn.Server(config)

    async def main() -> None:
        import asyncio

        said = _announce(server, args, public, hosting, db)
        task = asyncio.get_running_loop().create_task(said)
        await server.serve()
        task.cancel()

    import asyncio

    asyncio.run(main())
    if not server.started:  # it could not listen after all (the port taken meanwhile)
        raise SparrowsError(f"could not listen on {args.host} port {args.port}")
    return 0


def _checked(args: argparse.Namespace) -> str | None:
    """The port, the limits and the port's being free checked (one line naming what is
    wrong); the public address given, checked, or None."""
    if not 0 <= args.port <= 65535:
        raise SparrowsError(f"--port must be 0-65535, not {args.port}")
    from ..server.hosting import check_public_url

    public = check_public_url(args.public_url) if args.public_url else None
    _check_free(args.host, args.port)
    if args.max_tables < 1 or args.create_rate <= 0 or args.header_timeout <= 0:
        raise SparrowsError("--max-tables, --create-rate and --header-timeout must be above 0")
    if not 0 <= args.idle_hours <= 24 * 365:
        raise SparrowsError(f"--idle-hours must be 0-8760, not {args.idle_hours:g}")
    return public


async def _announce(
    server: Any, args: argparse.Namespace, public: str | None, hosting: Hosting, db: Path
) -> None:
    """Once the server listens: where the table is, where friends reach it (the links'
    base, set here once the port is known), and the browser opened with ``--open``."""
    import asyncio

    from ..server.hosting import ANY, hosting_for

    while not server.started:
        await asyncio.sleep(0.05)
    for sock in server.servers[0].sockets if server.servers else []:
        host, port = sock.getsockname()[:2]
        found, reach = hosting_for(args.host, port, public)
        hosting.base, hosting.local_only = found.base, found.local_only
        url = f"http://localhost:{port}/" if args.host in ANY else _url(host, port)
        print(f"sparrows: the web table is at {url} (tables kept in {db}); Ctrl-C stops it")
        if reach:
            print(f"sparrows: friends open {' or '.join(reach)} (the table links use it)")
        elif hosting.local_only:
            print(
                "sparrows: links open on this machine only; --host 0.0.0.0 lets friends "
                "on your network in"
            )
        sys.stdout.flush()
        if args.open:
            import webbrowser

            webbrowser.open(url)
        break


def _url(host: str, port: int) -> str:
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def _open_files() -> int:
    """The files this process may open: the soft limit raised to the hard one (a server
    holds a file per connection)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        return int(min(soft, 65536))
    except (ImportError, ValueError, OSError):
        return 1024


def _log_to_stderr() -> None:
    """The server's own log (a table set aside, the disk full and back...): one line
    each on stderr, ``sparrows: ...``."""
    import logging

    logger = logging.getLogger("sparrows.server")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("sparrows: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def _check_free(host: str, port: int) -> None:
    """A clear error before starting when the address cannot be listened on."""
    import socket

    if port == 0:
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise SparrowsError(f"cannot listen on {host!r}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise SparrowsError(
                    f"port {port} on {host} is in use (another sparrows serve?); "
                    "choose another with --port"
                ) from None
            raise SparrowsError(
                f"cannot listen on {host} port {port}: {exc.strerror or exc}"
            ) from None
