"""What the web server allows any one client, and the whole server: how many tables, how
fast tables are made, how many connections, how long a connection may take to ask
something. The defaults suit a server for friends and clubs; ``sparrows serve`` sets
them (``--max-tables`` ...).

Connections are held to account in two places. The HTTP protocol (:class:`Guarded`, a
subclass of uvicorn's) closes a connection that has not sent a whole request's headers
within ``header_seconds`` (an idle socket, or headers sent a byte at a time) and refuses a
client's connections beyond ``http_per_client``; the websocket route counts each
client's and each table's followers (``ws_per_client``, ``ws_per_table``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Limits:
    """The server's limits (``sparrows serve`` flags in brackets)."""

    #: tables in play at once (``--max-tables``); a table is made only below it
    max_tables: int = 200
    #: tables one client may make per minute, in a burst (``--create-rate``)
    create_per_minute: float = 30.0
    #: seconds a connection has to send a request's headers, from its first byte (or
    #: from connecting)
    header_seconds: float = 10.0
    #: open HTTP connections (websockets not counted) per client address
    http_per_client: int = 64
    #: websocket connections per client address, over every table
    ws_per_client: int = 64
    #: websocket connections following one table (its seats and its spectators)
    ws_per_table: int = 64
    #: seconds a table with people may stay in play with nobody acting or looking
    #: (``--idle-hours``); then it expires. 0: never
    idle_seconds: float = 12 * 3600.0


class Bucket:
    """A token bucket: ``rate`` a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Clients:
    """Per client address: the tables it may still make (a bucket) and its websockets."""

    limits: Limits
    buckets: dict[str, Bucket] = field(default_factory=dict)
    sockets: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def may_create(self, client: str) -> bool:
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:  # forget the idle ones
                full = [k for k, b in self.buckets.items() if b.tokens >= b.burst - 1]
                for k in full:
                    del self.buckets[k]
            per_minute = self.limits.create_per_minute
            bucket = self.buckets[client] = Bucket(per_minute / 60.0, max(1.0, per_minute))
        return bucket.take()


def guarded_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools, else h11) with the header timeout and the cap
    of connections per client."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Base
    except ImportError:  # uvicorn without httptools
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]

    open_per_client: dict[str, int] = defaultdict(int)

    class Guarded(Base):
        """Closes a connection that takes longer than ``header_seconds`` to send a
        request's headers, and refuses a client's connections beyond the cap."""

        _timer: asyncio.TimerHandle | None = None
        _who: str = ""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._who = self.client[0] if self.client else ""
            open_per_client[self._who] += 1
            if open_per_client[self._who] > limits.http_per_client:
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._timer = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()  # a request begins: its headers must follow in time

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            self._forget()
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._forget()
            super().connection_lost(exc)

        def _forget(self) -> None:
            if self._who is not None:
                left = open_per_client[self._who] - 1
                if left > 0:
                    open_per_client[self._who] = left
                else:
                    open_per_client.pop(self._who, None)
                self._who = None  # type: ignore[assignment]

    return Guarded


class OneLine(logging.Filter):
    """uvicorn logs a websocket text frame that is not UTF-8 with a traceback: one line
    says it (the connection is closed with code 1007 all the same)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, UnicodeDecodeError):
            record.msg = "a websocket text frame that is not UTF-8 was refused (code 1007)"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_uvicorn() -> None:
    """Install :class:`OneLine` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())
