"""``sparrows replay``: show a recorded game hand by hand, or check it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..records import load_record, replay
from .common import use_color


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="show or check a recorded game",
        description="Show a game record hand by hand; --check re-runs it.",
    )
    p.add_argument("file", help="a sparrows JSON record")
    p.add_argument(
        "--check",
        action="store_true",
        help="re-run the game from its seed and actions and confirm every event and score",
    )
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        choices=range(4),
        help="show only what this seat could see (default: every hand, as a review)",
    )
    p.add_argument("--json", action="store_true", help="print the (redacted) events as JSON lines")
    p.set_defaults(run=run, parser=p)


def run(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if args.check:
        game = replay(record)
        hands = game.hand_number + 1
        print(
            f"OK: {args.file} replays exactly: {len(record.actions)} actions, "
            f"{len(record.events)} events, {hands} hand(s); final scores {game.scores}"
        )
        return 0
    from ..engine import events as ev
    from ..records.record import rebuild

    game = rebuild(record)  # the shown events come from the engine, not from the file

    def view(e: ev.Event) -> dict[str, Any]:
        return e.to_json() if args.seat is None else ev.redact(e, args.seat)

    if args.json:
        for e in game.events:
            print(json.dumps(view(e), ensure_ascii=False))
        return 0
    from .play import TerminalTable

    viewer = 0 if args.seat is None else args.seat
    table = TerminalTable(game, viewer, sys.stdout, sys.stdin, use_color(sys.stdout))
    for e in game.events:
        table.show_event(view(e), review=True)
    return 0
