"""A finished game's downloads and replays, made once and kept: the record as our JSON,
mjai and tenhou.net/6 logs, and the replay viewer's frames in each view.

Each is made in a worker thread (one at a time: a client asking for many cannot take
more than one thread's share), encoded to bytes and compressed there, and kept in memory
up to a byte budget, the least recently asked for going first. A finished game never
changes, so a kept answer is always right. The event loop only hands the bytes over.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..errors import SparrowsError
from .replay import replay_frames
from .store import Store

#: Bytes of answers kept in memory.
BUDGET = 64 << 20


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    #: the body compressed with gzip (None: too small to bother)
    gzipped: bytes | None
    #: the download's file name ("" for a replay or an error)
    name: str

    @property
    def size(self) -> int:
        return len(self.body) + len(self.gzipped or b"")


class Products:
    """Answers for finished games: ``await get(table_id, kind, arg)`` gives an
    :class:`Answer`, with ``kind`` "record" (``arg`` sparrows, mjai or tenhou6) or
    "replay" (``arg`` a view)."""

    def __init__(self, store: Store, budget: int = BUDGET) -> None:
        self.store = store
        self.budget = budget
        self.kept: OrderedDict[tuple[str, str, str], Answer] = OrderedDict()
        self.size = 0
        self.making: dict[tuple[str, str, str], asyncio.Future[Answer]] = {}
        self.one_at_a_time = asyncio.Semaphore(1)
        #: answers made (not taken from memory), for the tests
        self.made = 0

    async def get(self, table_id: str, kind: str, arg: str) -> Answer:
        key = (table_id, kind, arg)
        got = self.kept.get(key)
        if got is not None:
            self.kept.move_to_end(key)
            return got
        pending = self.making.get(key)
        if pending is not None:  # another request is making it: wait for that one
            return await asyncio.shield(pending)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self.making[key] = future
        try:
            async with self.one_at_a_time:
                answer = await asyncio.to_thread(self._make, table_id, kind, arg)
            self.made += 1
            if answer.status in (200, 400):  # a missing game may finish later: not kept
                self._keep(key, answer)
            future.set_result(answer)
            return answer
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no warning when nobody else waited
            raise
        finally:
            del self.making[key]

    def _keep(self, key: tuple[str, str, str], answer: Answer) -> None:
        if answer.size > self.budget // 4:
            return
        self.kept[key] = answer
        self.size += answer.size
        while self.size > self.budget:
            _, old = self.kept.popitem(last=False)
            self.size -= old.size

    def _make(self, table_id: str, kind: str, arg: str) -> Answer:
        """In a worker thread: the answer, encoded and compressed."""
        status, body, name = self._made(table_id, kind, arg)
        gzipped = gzip.compress(body, 6) if len(body) >= 2048 else None
        return Answer(status, body, gzipped, name)

    def _made(self, table_id: str, kind: str, arg: str) -> tuple[int, bytes, str]:
        data = self.store.record(table_id)
        if data is None:
            return 404, _error("no finished game with that id"), ""
        try:
            if kind == "replay":
                frames = replay_frames(data, arg, f"table {table_id}")
                return 200, _dumps(frames), ""
            if arg == "sparrows":
                return 200, _dumps(data), f"sparrows-{table_id}.json"
            if arg in ("mjai", "tenhou6"):
                body, name = _export(data, arg, table_id)
                return 200, body.encode("utf-8"), name
        except SparrowsError as exc:
            return 400, _error(str(exc)), ""
        return 400, _error("format must be sparrows, mjai or tenhou6"), ""


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _error(message: str) -> bytes:
    return _dumps({"error": message})


def _export(data: dict[str, Any], fmt: str, table_id: str) -> tuple[str, str]:
    from ..records.export import to_tenhou6
    from ..records.mjai_export import to_mjai
    from ..records.record import rebuild, record_from_json

    game = rebuild(record_from_json(data, f"table {table_id}"))
    if fmt == "mjai":
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in to_mjai(game))
        return text, f"sparrows-{table_id}.mjai.jsonl"
    return json.dumps(to_tenhou6(game), ensure_ascii=False), f"sparrows-{table_id}.tenhou6.json"
