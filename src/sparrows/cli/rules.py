"""``sparrows rules``: the rulesets, their status, options, defaults and presets."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..rules.catalog import STATUS, describe


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
