"""The memo tables of a ruleset object, in one owner with a size cap.

A ruleset memoises pure functions of hand keys (waits, riichi discards, scores of a
face set...) on the ruleset object, shared by every game of a simulation. Left alone such
tables grow with every new hand seen: a long-running server or a million-game simulation
would grow without bound. Every table is made here (:meth:`Memos.table`); the engine calls
:meth:`Memos.trim` at the start of every hand, which empties a table that has grown past
the cap (a fresh start costs a few recomputations; the entries are pure functions of their
keys, so nothing changes but speed).
"""

from __future__ import annotations

from typing import Any, Final

#: Entries a memo table may hold before it starts over (about 30-60 MB for the largest
#: tables at the cap, measured in ``benchmarks/bench_contract.py``).
MEMO_LIMIT: Final = 200_000


class Memos:
    """Named memo tables with a common cap."""

    def __init__(self, limit: int = MEMO_LIMIT) -> None:
        self.limit = limit
        self.tables: dict[str, dict[Any, Any]] = {}

    def table(self, name: str) -> dict[Any, Any]:
        """A new empty table under ``name`` (one per name)."""
        if name in self.tables:
            raise ValueError(f"memo table {name!r} exists already")
        table: dict[Any, Any] = {}
        self.tables[name] = table
        return table

    def trim(self) -> None:
        """Empty every table over the cap (the tables stay the same objects)."""
        limit = self.limit
        for table in self.tables.values():
            if len(table) > limit:
                table.clear()

    def sizes(self) -> dict[str, int]:
        return {name: len(table) for name, table in self.tables.items()}
