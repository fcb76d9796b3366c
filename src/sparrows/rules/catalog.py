"""The rulesets as a catalogue: each one's status, options (default, meaning, allowed
values) and presets, for ``sparrows rules`` and the web table's create-a-table form."""

from __future__ import annotations

import inspect
import re
from dataclasses import fields
from typing import Any

from ..errors import SparrowsError

__all__ = ["STATUS", "describe", "option_docs"]

STATUS = {
    "suzume": "complete: game, scoring, bots, records, terminal play, simulation",
    "riichi": "complete game (presets standard, tenhou, mahjongsoul, and the house preset "
    "cy-dealers-choice with chips, special tiles and abilities): calls, kans, riichi, "
    "furiten, draws and aborts, honba, sticks, uma; calculator; Tenhou logs replay",
    "hongkong": "complete game: 144 tiles with bonus tiles, calls, kongs, robbing, faan "
    "tables and limits, payment options; calculator; bots, play, simulation",
    "sichuan": "game (presets seed, mil): exchange, hidden void choice, bloody battle with "
    "several winners, gang points with call transfer and refunds, draw settlement; "
    "calculator; bots, play, simulation",
    "classical": "complete game (presets classical, cuencana, seed003, limit300/1000): "
    "points and doubles for every hand, losers settling, East double; calculator; bots, "
    "play, simulation",
}


def option_docs(cls: type) -> dict[str, str]:
    """The ``#:`` comment above each field of an options dataclass."""
    docs: dict[str, str] = {}
    pending: list[str] = []
    try:
        source = "\n".join(
            inspect.getsource(c)
            for c in reversed(cls.__mro__)
            if c.__module__.startswith("sparrows")
        )  # inherited options (the Chinese family's) too
    except (OSError, TypeError):  # no source to read (a compiled build without it)
        return docs
    for line in source.splitlines():
        text = line.strip()
        if text.startswith("#:"):
            pending.append(text[2:].strip())
            continue
        m = re.match(r"(\w+)\s*:", text)
        if m and pending:
            docs[m.group(1)] = " ".join(pending)
        if not text.startswith("#"):
            pending = []
    return docs


def describe(name: str, preset: str | None = None) -> dict[str, Any]:
    from ..rules import get_ruleset

    if name not in STATUS:
        raise SparrowsError(f"no options to show for {name!r}; rulesets: {', '.join(STATUS)}")
    instance = get_ruleset(name, {"preset": preset} if preset else None)
    ruleset = type(instance)
    cls = ruleset.options_class
    presets = ruleset.presets
    if cls is None:
        raise SparrowsError(f"the {name} ruleset has no options")
    docs = option_docs(cls)
    defaults = cls()
    choices: dict[str, tuple[str, ...]] = getattr(cls, "CHOICES", {})
    ranges: dict[str, tuple[int, int]] = getattr(cls, "RANGES", {})
    return {
        "ruleset": name,
        "status": STATUS[name],
        "options": [
            {
                "name": f.name,
                "default": getattr(defaults, f.name),
                "doc": docs.get(f.name, ""),
                "choices": list(choices.get(f.name, ())),
                "range": list(ranges.get(f.name, ())),
            }
            for f in fields(cls)
        ],
        "presets": presets,
        "tables": {
            title: [list(row) for row in rows] for title, rows in instance.rule_tables().items()
        },
    }
