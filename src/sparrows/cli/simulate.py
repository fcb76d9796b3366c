"""``sparrows simulate``: self-play statistics."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..errors import SparrowsError
from ..sim import simulate


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="self-play many games and summarise",
        description="Play many games between agents, rotating seats each game.",
    )
    p.add_argument("--rules", "--ruleset", dest="rules", default="suzume")
    p.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument(
        "--agents",
        default="efficiency,random,random,random",
        help="comma-separated agents, one per seat of the first game",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help=f"processes (default 1; this machine has {os.cpu_count()} cores)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=None, help="write the statistics as JSON to this file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def _bar(done: int, total: int, seconds: float, hands_per_game: float) -> None:
    width = 30
    filled = int(width * done / max(total, 1))
    rate = done * hands_per_game / seconds if seconds > 0 else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games {rate:,.0f} hands/s "
    )
    sys.stderr.flush()


def render(res: dict[str, Any]) -> str:
    lines = [
        f"{res['games']} games, {res['hands']} hands of {res['ruleset']} in {res['seconds']:.1f} s "
        f"({res['hands_per_second']:,.0f} hands/s, {res['workers']} worker(s)); "
        f"draws {res['draw_rate']:.1%} of hands",
        "",
        f"{'agent':<12}{'seats':>7}{'avg pts':>9}{'avg rank':>10}{'win %':>8}{'deal-in %':>11}"
        f"{'tsumo/ron':>12}{'avg win':>9}",
    ]
    for name, a in res["per_agent"].items():
        lines.append(
            f"{name:<12}{a['games']:>7}{a['average_points']:>9.2f}{a['average_rank']:>10.3f}"
            f"{a['win_rate']:>8.1%}{a['deal_in_rate']:>11.1%}"
            f"{a['tsumo_share']:>6.0%}/{a['ron_share']:<5.0%}{a['average_win_points']:>9.2f}"
        )
    lines += ["", "Scoring items (share of wins):"]
    for item, share in res["item_frequency_per_win"].items():
        lines.append(f"  {item:<12}{share:>8.2%}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.games < 1:
        raise SparrowsError("-n must be at least 1")
    if args.workers < 1:
        raise SparrowsError("--workers must be at least 1")
    progress = None if args.quiet else (lambda d, t, s: _bar(d, t, s, 16.0))
    result = simulate(
        args.rules, agents, args.games, seed=args.seed, workers=args.workers, progress=progress
    )
    if progress:
        sys.stderr.write("\n")
    data = result.to_json()
    print(render(data))
    if args.out:
        Path(args.out).write_text(json.dumps(data, indent=2) + "\n")
        print(f"\nStatistics written to {args.out}")
    return 0
