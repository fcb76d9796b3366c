"""``sparrows simulate``: self-play statistics."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from types import FrameType
from typing import Any

from ..errors import SparrowsError
from ..rules import RULESETS
from ..sim import SimulationInterrupted, simulate, useful_workers
from ..sim.runner import chunk_size
from .common import (
    Progress,
    add_bot_arguments,
    add_rules_arguments,
    check_output_path,
    register_bots,
    rules_options,
    write_atomic,
)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="self-play many games and summarise",
        description=(
            "Play many games between agents, rotating seats each game, and print the "
            "statistics. Ctrl-C stops early and prints (and writes) what finished."
        ),
    )
    add_rules_arguments(p, "suzume", RULESETS)
    p.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument(
        "--agents",
        default=None,
        help="comma-separated agents, one per seat of the first game (default "
        "balanced then random for the other seats)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help=f"processes (default 1; at most the cores, {os.cpu_count()} here)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the first game (default 0); the same seed gives the same statistics",
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seat rotation, so that every agent holds every seat "
        "of every deal and the luck of the tiles cancels (-n must be a multiple of the "
        "seats)",
    )
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="run the games as Ray tasks: 'auto' (the cluster this machine has joined), "
        "HOST:PORT or ray://HOST:PORT of a head node, or 'local' (start Ray here with "
        "--workers CPUs); needs the ray extra on every node",
    )
    p.add_argument("--out", default=None, help="also write the statistics as JSON to this file")
    p.add_argument(
        "--report",
        metavar="FILE.html",
        default=None,
        help="also write an HTML report with plots (needs the report extra: matplotlib)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_bot_arguments(p)
    p.set_defaults(run=run, parser=p)


_BUILDS = {"pure": "pure-Python", "compiled": "compiled", "partial": "partly compiled"}


def render(res: dict[str, Any]) -> str:
    head = (
        f"{res['games']} games, {res['hands']} hands of {res['ruleset']} in {res['seconds']:.1f} s "
        f"({res['hands_per_second'] or 0:,.0f} hands/s, {res['workers']} "
        f"{'Ray CPU(s)' if res.get('backend') == 'ray' else 'worker(s)'}, "
        f"{_BUILDS.get(res.get('build', ''), 'unknown')} build); "
        f"draws {res['draw_rate']:.1%} of hands; {res['wins_per_hand']:.2f} winners per hand"
    )
    lines = [head]
    if res.get("duplicate"):
        lines.append("Duplicate: every deal was played once in each seat rotation.")
    if not res["complete"]:
        lines.insert(
            0, f"Stopped early: {res['games']} of {res['games_requested']} games finished."
        )
    agents = res["per_agent"]
    pts = max([9, *(len(f"{a['average_points']:.2f}") + 2 for a in agents.values())])
    won = max([9, *(len(f"{a['average_win_points']:.2f}") + 2 for a in agents.values())])
    lines += [
        "",
        f"{'agent':<12}{'seats':>7}{'avg pts':>{pts}}{'avg rank':>10}{'win %':>8}"
        f"{'deal-in %':>11}{'tsumo/ron':>12}{'avg win':>{won}}",
    ]
    for name, a in agents.items():
        lines.append(
            f"{name:<12}{a['games']:>7}{a['average_points']:>{pts}.2f}"
            f"{a['average_rank']:>10.3f}{a['win_rate']:>8.1%}{a['deal_in_rate']:>11.1%}"
            f"{a['tsumo_share']:>6.0%}/{a['ron_share']:<5.0%}"
            f"{a['average_win_points']:>{won}.2f}"
        )
    lines.append(
        "95% intervals: "
        + "; ".join(
            f"{n} rank {a['average_rank_ci95'][0]:.3f}-{a['average_rank_ci95'][1]:.3f}, "
            f"win {a['win_rate_ci95'][0]:.1%}-{a['win_rate_ci95'][1]:.1%}"
            for n, a in agents.items()
        )
    )
    first: dict[str, Any] = next(iter(res["per_agent"].values()), {})
    for account in first.get("average_accounts", {}):  # chips and other accounts
        shown = ", ".join(
            f"{n} {a['average_accounts'][account]:+.2f}" for n, a in res["per_agent"].items()
        )
        lines.append(f"{account} per game: {shown}")
    for ratio in first.get("ratios", {}):
        shown = ", ".join(f"{n} {a['ratios'][ratio]:.1%}" for n, a in res["per_agent"].items())
        lines.append(f"{ratio}: {shown}")
    lines += ["", "Scoring items (share of wins):"]
    names = {item: item.replace("_", " ") for item in res["item_frequency_per_win"]}
    width = max((len(n) for n in names.values()), default=0)
    for item, share in res["item_frequency_per_win"].items():
        lines.append(f"  {names[item]:<{max(width, 12)}}{share:>8.2%}")
    return "\n".join(lines)


class _Terminated(KeyboardInterrupt):
    pass


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise _Terminated("terminated")


def run(args: argparse.Namespace) -> int:
    from ..rules import get_ruleset

    if args.bot and args.ray is not None:
        raise SparrowsError("--bot runs external bots on this machine: it cannot go with --ray")
    register_bots(args)
    if args.agents is None:  # the default bot, then random in every other seat of the table
        seats = get_ruleset(args.rules, rules_options(args)).num_players
        args.agents = ",".join(["balanced"] + ["random"] * (seats - 1))
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.games < 1:
        raise SparrowsError(f"-n must be at least 1, not {args.games}")
    if args.workers < 1:
        raise SparrowsError(f"--workers must be at least 1, not {args.workers}")
    if args.seed < 0:
        raise SparrowsError(f"--seed must be a whole number >= 0, not {args.seed}")
    if args.out:
        check_output_path(args.out, "statistics file")
    if args.report:
        check_output_path(args.report, "report")
        from ..sim.report import _pyplot

        _pyplot()  # matplotlib missing: say so before the games, not after
    options = rules_options(args)
    workers = args.workers
    if args.ray is None:
        workers = useful_workers(args.workers, args.games, chunk_size(args.games, args.workers))
    if workers < args.workers and not args.quiet:
        print(
            f"sparrows: using {workers} worker(s): {os.cpu_count()} core(s), {args.games} game(s)",
            file=sys.stderr,
        )
    progress = None if args.quiet else Progress("games")
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    status = 0
    try:
        result = simulate(
            args.rules,
            agents,
            args.games,
            seed=args.seed,
            workers=workers,
            options=options,
            progress=progress,
            duplicate=args.duplicate,
            ray=args.ray,
        )
    except SimulationInterrupted as stop:
        result = stop.partial
        status = 143 if stop.reason == "terminated" else 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        if progress and progress.last:  # a bar was drawn: end its line
            sys.stderr.write("\n")
    data = result.to_json()
    if status:
        print(f"sparrows: {'terminated' if status == 143 else 'interrupted'}", file=sys.stderr)
    print(render(data))
    if args.out:
        write_atomic(args.out, json.dumps(data, indent=2) + "\n")
        print(f"\nStatistics written to {args.out}")
    if args.report:
        from ..sim.report import render_html

        write_atomic(args.report, render_html(data))
        print(f"{'' if args.out else chr(10)}Report written to {args.report}")
    return status
