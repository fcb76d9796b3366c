"""Shanten speed: sparrows against the PyPI `mahjong` package on the same hands, same run.

Prints microseconds per call for each and the ratio. Both libraries get the same list of
random 14-tile hands (34-count lists); the median of several passes is reported for both.
sparrows memoises per-suit results and combinations of suit profiles (a few thousand
entries that saturate quickly), so it first sees a *different* set of random hands: the
measured hands are new to it, as in real use. Its cost on a cold start is printed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

Hand = list[int]


def random_hands(n: int, size: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        c = [0] * 34
        for t in rng.sample(wall, size):
            c[t] += 1
        hands.append(c)
    return hands


def one_pass_us(fn: Callable[[Hand], object], hands: Sequence[Hand]) -> float:
    t0 = time.perf_counter()
    for h in hands:
        fn(h)
    return (time.perf_counter() - t0) / len(hands) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", type=int, default=20_000, help="hands (default 20,000)")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    from sparrows.analysis import shanten

    hands = random_hands(args.n, 14, args.seed)
    cold = random_hands(args.n, 14, args.seed + 1)
    t0 = time.perf_counter()
    for h in cold:
        shanten(h)
    cold_us = (time.perf_counter() - t0) / len(cold) * 1e6
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        Shanten = None
    # Passes alternate between the two libraries so that both see the same machine load;
    # the median pass of each is reported (min and max beside it).
    our_passes: list[float] = []
    their_passes: list[float] = []
    for _ in range(args.passes):
        our_passes.append(one_pass_us(shanten, hands))
        if Shanten is not None:
            their_passes.append(one_pass_us(Shanten.calculate_shanten, hands))
    ours = statistics.median(our_passes)
    print(f"hands: {args.n} random 14-tile hands, median of {args.passes} alternating passes")
    print(
        f"sparrows shanten          {ours:8.2f} us/hand  (min {min(our_passes):.2f}, "
        f"max {max(our_passes):.2f}; cold start, empty caches: {cold_us:.2f} us)"
    )
    if Shanten is None:
        print("mahjong package not installed: no peer to compare (pip install mahjong)")
        return
    theirs = statistics.median(their_passes)
    print(
        f"mahjong calculate_shanten {theirs:8.2f} us/hand  (min {min(their_passes):.2f}, "
        f"max {max(their_passes):.2f})"
    )
    print(f"ratio of medians (mahjong / sparrows) {theirs / ours:7.1f}x  (target >= 20x)")


if __name__ == "__main__":
    main()
