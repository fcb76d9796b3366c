"""Riichi scoring speed: sparrows against the PyPI `mahjong` package on the same hands.

Both score the same random winning hands (four sets and a pair with 0-4 calls, seven
pairs, thirteen orphans; random conditions, dora, red fives) with matched options; the
passes alternate between the libraries and the median of each is reported. The hands come from
``tests/support/riichi_random.py`` (the generator the differential test uses). sparrows is timed
in both builds: pure Python and, when ``make fast`` has built it, the compiled build
(passes interleaved, see ``builds.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from riichi_random import random_win, to_mahjong, to_situation

from builds import compiled_bin, in_compiled
from sparrows.rules.riichi import score


def score_pass(n: int, seed: int, loops: int = 1) -> float:
    """Microseconds per hand scoring ``n`` random wins from ``seed`` ``loops`` times over:
    the hands made and scored once untimed first, so the per-suit memo tables are as warm
    as in the in-process passes after the first. The compiled build's passes use 3 loops,
    so that its timed window is about as long as the others' (a short window is at the
    mercy of a shared machine's scheduler)."""
    rng = random.Random(seed)
    hands = [to_situation(random_win(rng)) for _ in range(n)]
    for s in hands:
        score(s)
    t0 = time.perf_counter()
    for _ in range(loops):
        for s in hands:
            score(s)
    return (time.perf_counter() - t0) / (n * loops) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", type=int, default=5000, help="hands (default 5,000)")
    ap.add_argument("--passes", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    wins = [random_win(rng) for _ in range(args.n)]
    ours_in = [to_situation(w) for w in wins]
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        HandCalculator = None
    theirs_in = [to_mahjong(w) for w in wins] if HandCalculator else []
    for s in ours_in[:200]:  # warm the per-suit memo tables
        score(s)
    fast = compiled_bin() is not None
    our_passes: list[float] = []
    fast_passes: list[float] = []
    their_passes: list[float] = []
    for _ in range(args.passes):
        if fast:
            got = in_compiled("bench_riichi_score", "score_pass", (args.n, args.seed, 3))
            fast_passes.append(got)
        t0 = time.perf_counter()
        for s in ours_in:
            score(s)
        our_passes.append((time.perf_counter() - t0) / args.n * 1e6)
        if HandCalculator is not None:
            t0 = time.perf_counter()
            for tiles, win, melds, dora, config, ura in theirs_in:
                HandCalculator.estimate_hand_value(
                    tiles,
                    win,
                    melds=melds,
                    dora_indicators=dora,
                    config=config,
                    ura_dora_indicators=ura,
                )
            their_passes.append((time.perf_counter() - t0) / args.n * 1e6)
    ours = statistics.median(our_passes)
    print(f"hands: {args.n} random winning hands, median of {args.passes} alternating passes")
    print(
        f"sparrows score                      {ours:8.1f} us/hand  "
        f"(min {min(our_passes):.1f}, max {max(our_passes):.1f})"
    )
    if fast:
        print(
            f"sparrows score, compiled build      {statistics.median(fast_passes):8.1f} us/hand  "
            f"(min {min(fast_passes):.1f}, max {max(fast_passes):.1f})"
        )
    else:
        print("compiled build not built (`make fast`): pure Python only")
    if HandCalculator is None:
        print("mahjong package not installed: no peer to compare (pip install mahjong)")
        return
    theirs = statistics.median(their_passes)
    print(
        f"mahjong HandCalculator.estimate_... {theirs:8.1f} us/hand  "
        f"(min {min(their_passes):.1f}, max {max(their_passes):.1f})"
    )
    print(f"ratio of medians (mahjong / sparrows) {theirs / ours:6.1f}x  (target >= 5x)")
    if fast:
        ratio = theirs / statistics.median(fast_passes)
        print(f"ratio of medians (mahjong / sparrows compiled) {ratio:6.1f}x")


if __name__ == "__main__":
    main()
