"""``sparrows schema``: the JSON Schema of a ruleset's views, or its action layout."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import add_option_arguments, rules_options


def add_parser(sub: Any) -> None:
    from ..rules import RULESETS

    p = sub.add_parser(
        "schema",
        help="print the JSON Schema of a ruleset's views (the client contract)",
        description=(
            "Print the JSON Schema (draft 2020-12) that every view of a game of RULESET "
            "meets (game.view(seat).to_json(), what the web table and the environments "
            "read; docs/protocol.md), or with --layout its fixed action layout (index and "
            "text per line)."
        ),
    )
    p.add_argument("ruleset", choices=sorted(RULESETS), help="the ruleset")
    add_option_arguments(p)
    p.add_argument(
        "--layout", action="store_true", help="print the action layout instead (index TAB text)"
    )
    p.set_defaults(run=run, parser=p)


def run(args: argparse.Namespace) -> int:
    from ..engine.layouts import describe
    from ..engine.schema import view_schema
    from ..rules import get_ruleset

    ruleset = get_ruleset(args.ruleset, rules_options(args))
    if args.layout:
        layout = ruleset.layout
        print(f"# {layout.name} v{layout.version} fingerprint {layout.fingerprint()}")
        for line in describe(layout, ruleset.dialect):
            print(line)
        return 0
    print(json.dumps(view_schema(ruleset), indent=1, ensure_ascii=False))
    return 0
