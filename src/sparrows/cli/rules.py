"""``sparrows rules``: the rulesets, their status, options, defaults and presets."""

from __future__ import annotations

import argparse
import inspect
import json
import re
from dataclasses import fields
from typing import Any

from ..errors import SparrowsError

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


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "rules",
        help="list rulesets, or show a ruleset's options and presets",
        description="Rulesets, their options with defaults, and presets.",
    )
    p.add_argument("ruleset", nargs="?", help="a ruleset name (suzume, riichi...)")
    p.add_argument(
        "--preset",
        default=None,
        help="show the value tables of this preset (riichi: cy-dealers-choice's abilities, "
        "chips and placement chips)",
    )
    p.add_argument(
        "--json", action="store_true", help="machine-readable output (options, presets, status)"
    )
    p.set_defaults(run=run, parser=p)


def _option_docs(cls: type) -> dict[str, str]:
    """The ``#:`` comment above each field of an options dataclass."""
    docs: dict[str, str] = {}
    pending: list[str] = []
    source = "\n".join(
        inspect.getsource(c) for c in reversed(cls.__mro__) if c.__module__.startswith("sparrows")
    )  # inherited options (the Chinese family's) too
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
    docs = _option_docs(cls)
    defaults = cls()
    return {
        "ruleset": name,
        "status": STATUS[name],
        "options": [
            {"name": f.name, "default": getattr(defaults, f.name), "doc": docs.get(f.name, "")}
            for f in fields(cls)
        ],
        "presets": presets,
        "tables": {
            title: [list(row) for row in rows] for title, rows in instance.rule_tables().items()
        },
    }


def run(args: argparse.Namespace) -> int:
    if not args.ruleset:
        if args.json:
            print(json.dumps(STATUS))
        else:
            for name, status in STATUS.items():
                print(f"{name:<10} {status}")
            print("\nsparrows rules NAME shows a ruleset's options and presets.")
        return 0
    info = describe(args.ruleset, args.preset)
    if args.json:
        print(json.dumps(info, default=list))
        return 0
    print(f"{info['ruleset']}: {info['status']}\n\nOptions (default):")
    for o in info["options"]:
        print(f"  {o['name']:<31} {o['default']!s:<8} {o['doc']}")
    print("\nPresets (values that differ from the defaults):")
    for preset, values in info["presets"].items():
        shown = ", ".join(f"{k}={v}" for k, v in values.items()) or "(the defaults)"
        print(f"  {preset:<20} {shown}")
    for title, rows in info["tables"].items():
        print(f"\n{title}:")
        for name, value, doc in rows:
            print(f"  {name:<22} {value!s:>5}  {doc}".rstrip())
    return 0
