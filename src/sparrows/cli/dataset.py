"""``sparrows dataset LOGS... -o FILE``: every decision of every seat in real logs (Tenhou
mjlog and tenhou.net/6, mjai) as training data (:mod:`sparrows.envs.dataset`)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..errors import SparrowsError
from .common import Progress, check_output_path


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "dataset",
        help="real logs to training data: (seat, observation, mask, action) per decision",
        description=(
            "Replay Tenhou logs (mjlog XML, tenhou.net/6 JSON) and mjai logs through the "
            "engine, every hand checked, and write every decision of every seat (a pass "
            "where the log shows the seat could claim) as the family's observation, action "
            "mask and chosen action index, in a compressed numpy .npz written as it goes "
            "(docs/envs.md, 'Datasets'). A log that does not replay as written is left out "
            "and named. Needs the rl extra (numpy)."
        ),
    )
    p.add_argument("logs", nargs="+", help="log files, or folders searched for them")
    p.add_argument("-o", "--out", required=True, help="the .npz file to write")
    p.add_argument(
        "--forced",
        action="store_true",
        help="also keep decisions with one legal action (left out by default, as the "
        "environments play them by themselves)",
    )
    p.add_argument("--shard", type=int, default=20_000, help="decisions per shard")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run, parser=p)


def run(args: argparse.Namespace) -> int:
    try:
        from ..envs.dataset import write_dataset
    except ImportError as exc:
        raise SparrowsError(
            f"sparrows dataset needs the rl extra (pip install 'sparrows[rl]'): {exc}"
        ) from None
    if args.shard < 1:
        raise SparrowsError(f"--shard must be 1 or more, not {args.shard}")
    check_output_path(args.out, "dataset file")
    bar = None if args.quiet else Progress("logs")
    start = time.monotonic()

    def progress(done: int, total: int, decisions: int) -> None:
        if bar is not None:
            bar(done, total, time.monotonic() - start, f", {decisions:,} decisions")

    summary = write_dataset(args.logs, args.out, args.forced, args.shard, progress)
    if bar is not None:
        sys.stderr.write("\n")
    seconds = time.monotonic() - start
    rate = summary.decisions / seconds if seconds > 0 else 0.0
    print(
        f"{args.out}: {summary.decisions:,} decisions from {summary.logs} logs in "
        f"{summary.shards} shards, {seconds:.1f} s ({rate:,.0f} decisions/s)"
    )
    for name, why in summary.skipped:
        print(f"left out {name}: {why}")
    if summary.logs == 0:
        raise SparrowsError("no log could be used: the dataset is empty")
    return 0
