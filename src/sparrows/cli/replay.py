"""``sparrows replay``: show a recorded game hand by hand, or check it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import SparrowsError, excerpt
from .common import use_color


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="show or check a recorded game (sparrows, tenhou.net/6, mjlog or mjai)",
        description=(
            "Show a game hand by hand, or check it. FILE is a sparrows record, a "
            "tenhou.net/6 JSON log, a Tenhou mjlog XML file (gzip or not) or an mjai log; "
            "logs are played through the riichi engine."
        ),
    )
    p.add_argument("file", help="a game record")
    p.add_argument(
        "--check",
        action="store_true",
        help="re-run the game and confirm it: a sparrows record from its seed and actions "
        "(every event and score), a Tenhou log hand by hand (every action legal, every "
        "payment, honba and stick as logged)",
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

    a = sub.add_parser(
        "analyze-log",
        aliases=["analyse-log"],
        help="each discard of a seat beside the shanten/ukeire-best choice",
        description=(
            "Review a recorded game (sparrows, tenhou.net/6 or mjlog): for one seat, every "
            "discard with the shanten after it and the tiles that then help (ukeire), beside "
            "the best choice by shanten then ukeire, counting as unseen only what the seat "
            "could not see."
        ),
    )
    a.add_argument("file", help="a game record")
    a.add_argument("--seat", type=int, default=0, choices=range(4), help="the seat (default 0)")
    a.add_argument("--json", action="store_true", help="one JSON object per discard")
    a.add_argument("--differences", action="store_true", help="only discards that differ")
    a.set_defaults(run=run_review, parser=a)


def add_export_parser(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help="write a riichi game as tenhou.net/6 JSON or mjai JSON lines",
        description=(
            "Export a recorded riichi game of four or three players (a sparrows record, a "
            "tenhou.net/6 or mjlog log, an mjai log) to tenhou.net/6 JSON or mjai JSON lines. "
            "A log's player names, title and rule name are written again. Games of the house "
            "table (special tiles, chips, abilities: preset cy-dealers-choice) are refused."
        ),
    )
    e.add_argument("file", help="a game record")
    e.add_argument(
        "--format", dest="fmt", choices=["tenhou6", "mjai"], required=True, help="what to write"
    )
    e.add_argument("--out", default=None, help="write to this file (default: standard output)")
    e.set_defaults(run=run_export, parser=e)


def run_export(args: argparse.Namespace) -> int:
    from ..fileio import check_output_path, write_atomic
    from ..records.export import to_tenhou6
    from ..records.formats import load_game, options_lost
    from ..records.mjai_export import to_mjai

    if args.out:
        check_output_path(args.out, "export file")
    loaded = load_game(args.file, check=True)
    if not loaded.ok:
        raise SparrowsError(f"{args.file} does not replay exactly (see sparrows replay --check)")
    lost = options_lost(loaded.game, args.fmt)
    if lost:
        print(
            f"sparrows: note: {args.fmt} cannot carry these rule options of the game: "
            f"{', '.join(lost)}; a replay of the export plays by Tenhou's rules",
            file=sys.stderr,
        )
    if args.fmt == "mjai":
        events = to_mjai(loaded.game, loaded.names)
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
    else:
        data = to_tenhou6(loaded.game, loaded.names, loaded.title, rule=loaded.rule)
        text = json.dumps(data, ensure_ascii=False) + "\n"
    if args.out:
        write_atomic(args.out, text)
    else:
        sys.stdout.write(text)
    return 0


def run(args: argparse.Namespace) -> int:
    from ..records.formats import SPARROWS, load_game

    loaded = load_game(args.file, check=args.check)
    game = loaded.game
    if args.check:
        if loaded.kind == SPARROWS:
            from ..records.record import replay_mode

            record = loaded.record
            assert record is not None
            mode = replay_mode(record)
            how = {
                "exact": "replays exactly",
                "v1": "replays exactly (a version 1 record: every field its events hold)",
                "earlier": (
                    f"replays exactly (made with {record.ruleset} version "
                    f"{record.ruleset_version}: every event and field it wrote)"
                ),
            }[mode]
            print(
                f"OK: {args.file} {how}: {len(record.actions)} actions, "
                f"{len(record.events)} events, {game.hand_number + 1} hand(s); final "
                f"scores {game.scores}"
            )
            return 0
        for c in loaded.checks:
            mark = "ok" if c.ok else "DIFFERS"
            print(f"  hand {c.number + 1:>3} {c.label:<6} {c.result:<6} {mark}")
            for problem in c.problems:
                print(f"        {excerpt(problem, 300)}")
        for note in loaded.notes:
            print(f"  note: {note}")
        good = sum(1 for c in loaded.checks if c.ok)
        total = len(loaded.checks)
        status = "OK" if loaded.ok else "DIFFERS"
        print(f"{status}: {args.file}: {good} of {total} hand(s) replay through the engine")
        return 0 if loaded.ok else 2
    from ..engine import events as ev

    def view(e: ev.Event) -> dict[str, Any]:
        return e.to_json() if args.seat is None else ev.redact(e, args.seat)

    if args.json:
        for e in game.events:
            print(json.dumps(view(e), ensure_ascii=False))
        return 0
    from .narration import Narrator

    viewer = 0 if args.seat is None else args.seat
    color = use_color(sys.stdout)
    table = Narrator(game, viewer, sys.stdout, color)
    names = loaded.names
    if names is not None and any(names):
        # a log's players: named in a review of every seat; seen from one seat (--seat)
        # the table keeps You / Right / Across / Left, and this line says who is who
        shown = [n or table.name(s) for s, n in enumerate(names)]
        print("Players: " + ", ".join(f"{shown[s]} ({table.name(s)})" for s in table.order))
        if args.seat is None:

            class Named(Narrator):
                def name(self, seat: int) -> str:
                    return shown[seat]

            table = Named(game, viewer, sys.stdout, color)
    for e in game.events:
        table.show_event(view(e), review=True)
    if not loaded.ok:
        print("sparrows: this log does not replay exactly: see --check", file=sys.stderr)
        return 2
    return 0


def run_review(args: argparse.Namespace) -> int:
    from ..records.formats import load_game
    from ..records.review import review

    loaded = load_game(args.file, check=True)
    if not loaded.ok:
        raise SparrowsError(
            f"{args.file} does not replay exactly, so its discards cannot be reviewed "
            "(see sparrows replay --check)"
        )
    game = loaded.game
    dialect = game.ruleset.dialect
    rows = review(game, args.seat)
    if args.differences:
        rows = [r for r in rows if not r.agrees]
    if args.json:
        for r in rows:
            print(json.dumps(r.to_json(dialect), ensure_ascii=False))
        return 0
    hand = -1
    for r in rows:
        if r.hand != hand:
            hand = r.hand
            print(f"Hand {hand + 1}, seat {args.seat}:")
        data = r.to_json(dialect)
        mark = "  " if r.agrees else "<>"
        riichi = " riichi" if r.riichi else ""
        best = " ".join(data["best"])
        weighed = data["weighed"]
        worth = ""
        if weighed is not None and (weighed["played_worth"] or 0) < (weighed["worth"] or 0):
            worth = (
                f"; weighing value and danger {weighed['pick']} (worth {weighed['worth']:,} "
                f"points against {weighed['played_worth']:,})"
            )
        plan = data["plan"]
        if plan is not None and plan["pick"] not in (None, data["discard"]):
            worth += (
                f"; playing for {plan['name']} in {plan['suit']} ({plan['faan']} faan), "
                f"the bots throw {plan['pick']}"
            )
        print(
            f" {mark} {r.turn:>2}. {''.join(data['held'])}: discard {data['discard']}{riichi} "
            f"-> shanten {r.shanten}, {r.ukeire} tiles; best {best} -> shanten "
            f"{r.best_shanten}, {r.best_ukeire} tiles{worth}"
        )
    agree = sum(1 for r in rows if r.agrees)
    if not args.differences:
        print(f"{agree} of {len(rows)} discards agree with the shanten/ukeire-best choice")
    return 0
