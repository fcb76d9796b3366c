"""What a table is made of: the bots a seat may hold, the table's settings and their
checks, seat names as every page shows them, the rulesets the tables share, and the lane
the tables of bots alone take turns in (:mod:`sparrows.server.rooms` plays the tables)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from ..engine.protocol import Ruleset
from ..errors import SparrowsError
from ..reasons import Reason
from ..rules import shared_ruleset as rules_shared
from ..rules import shared_rulesets


class TableError(SparrowsError):
    """A request the table refuses (a bad token, an illegal or stale action...); raised
    with a :class:`~sparrows.reasons.Reason`, the page words it in its language."""


def error_line(said: str | BaseException, about: str | None = None) -> dict[str, Any]:
    """An ``error`` frame for a page: the one-line message and, when it is a
    :class:`~sparrows.reasons.Reason`, its id and parameters (``why``) to word it by."""
    if isinstance(said, BaseException):
        said = said.args[0] if said.args and isinstance(said.args[0], Reason) else str(said)
    line: dict[str, Any] = {"type": "error", "message": str(said)}
    if about is not None:
        line["about"] = about
    if isinstance(said, Reason):
        line["why"] = said.to_json()
    return line


#: Bots a table may seat (the first: the lobby's default); the server's owner adds the
#: external (mjai) bots it configures (``serve --bot NAME=COMMAND``: :func:`offer_bot`),
#: never a page.
BOTS: list[str] = ["balanced", "efficiency", "random"]


def offer_bot(name: str) -> None:
    """Let tables seat the agent ``name`` (an mjai bot registered by the server's owner)."""
    if name not in BOTS:
        BOTS.append(name)


#: What a table may set, with its default.
SETTINGS: dict[str, Any] = {
    "base_seconds": 0,  # seconds per decision before the bank is used; 0: no clocks
    "bank_seconds": 0,  # seconds per game a seat may use beyond the base
    "spectator_delay": 0,  # seconds the spectators' view lags behind the table
    "bot_pace": 0.4,  # seconds a bot waits before it acts (lets people follow)
    "claim_pause": 0.8,  # seconds before a pass-only prompt is answered for its seat
    "absent": "wait",  # a seat without a connection: "wait", or "bot" (a bot plays it)
    # after a hand ends, the next waits until every person at the table has pressed OK,
    # or this many seconds (0: it does not wait); nobody's clock runs meanwhile
    "next_hand_seconds": 30,
}


class Lane:
    """How the tables share the one event loop. A table with people plays its due moves
    in short batches between everyone else's; tables of bots alone (nobody waits on
    them) go one batch at a time through one lane, which rests after each batch as long
    as the batch took: however many such tables play flat out, they take at most half
    of the loop, and a person's move waits at most one batch."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def slot(self, people: bool) -> AsyncIterator[None]:
        """A batch of a table's moves (``people``: someone plays at it)."""
        if people:
            yield
            return
        async with self._lock:
            began = time.perf_counter()
            yield
            await asyncio.sleep(min(0.05, time.perf_counter() - began))


#: Entries each memo table of a shared ruleset may hold before it starts over: a tenth of
#: a simulation's cap (``engine/memo.py``). A server lives for weeks, so its caches are
#: its memory's floor: at this cap the memo tables of every ruleset and preset together
#: stay under about 40 MiB, where the simulation's cap let them reach several hundred
#: (about 0.2 KiB an entry); lookups made again cost about 6% of the bots' speed.
SERVER_MEMO_LIMIT = 20_000


def shared_ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    """One ruleset object per ruleset and options for every table of the process
    (:func:`sparrows.rules.shared_ruleset`), its memo tables capped at
    :data:`SERVER_MEMO_LIMIT`."""
    return rules_shared(name, options, SERVER_MEMO_LIMIT)


def memo_entries() -> dict[str, int]:
    """How full the process's memo tables are (entries; each is capped, so they grow
    toward a bound and then start over): the shared rulesets' tables, and the analysis
    caches (``/api/health``: what a warm server's memory holds besides its games)."""
    from ..analysis import cache_entries

    rulesets = sum(sum(r.memos.sizes().values()) for r in shared_rulesets())
    return {"rulesets": rulesets, "analysis": cache_entries()}


#: The longest name a seat may have, in characters.
NAME_MAX = 24
#: Characters a name may not hold: controls, format characters (the bidirectional
#: overrides such as U+202E among them), surrogates, private use, unassigned, line and
#: paragraph separators.
_NOT_IN_NAMES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def clean_name(given: object, fallback: str) -> str:
    """A seat's name as every page shows it: the characters that draw nothing or
    reorder the text left out, runs of spaces made one, at most NAME_MAX characters;
    ``fallback`` when nothing is left."""
    import unicodedata

    text = given if isinstance(given, str) else ""
    kept = "".join(c for c in text[: NAME_MAX * 8] if unicodedata.category(c) not in _NOT_IN_NAMES)
    return " ".join(kept.split())[:NAME_MAX].strip() or fallback


def check_settings(settings: dict[str, Any]) -> None:
    for key in (
        "base_seconds",
        "bank_seconds",
        "spectator_delay",
        "bot_pace",
        "claim_pause",
        "next_hand_seconds",
    ):
        value = settings[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 3600:
            raise TableError(f"{key} must be a number of seconds 0-3600, not {value!r}")
    if settings["absent"] not in ("wait", "bot"):
        raise TableError(f"absent must be 'wait' or 'bot', not {settings['absent']!r}")
