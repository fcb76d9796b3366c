"""Generate the per-suit shanten tables (``src/sparrows/analysis/data/shanten_tables.bin``).

For every count vector ``h`` of one suit (9 positions, 0-4 each; 5**9 vectors) and of the
honours (7 positions, triplets only; 5**7 vectors), and for every target of ``m`` sets
(0-4) with or without a pair, the table holds the *distance*: the fewest tiles that must be
added to ``h`` to contain such a target, where a target holds at most 4 of a kind.
Shanten is then ``min over the split of sets between the four groups of the summed
distances - 1``. The distance vectors take only a few hundred distinct values (profiles),
so each vector stores a one-byte profile id.

Run with ``make tables`` (needs numpy, which the runtime does not).
The file layout: magic ``SPRW`` + version byte; then for suits and honours in turn:
uint16 number of profiles, profiles as 10 bytes each (A0..A4 without pair, B0..B4 with
pair), then one profile id byte per vector in C order (position 0 most significant).
All of it zlib-compressed.
"""

from __future__ import annotations

import itertools
import struct
import zlib
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "src/sparrows/analysis/data/shanten_tables.bin"


def blocks(n: int, runs: bool) -> list[tuple[int, ...]]:
    out = []
    for i in range(n):
        v = [0] * n
        v[i] = 3
        out.append(tuple(v))
    if runs:
        for i in range(n - 2):
            v = [0] * n
            v[i] = v[i + 1] = v[i + 2] = 1
            out.append(tuple(v))
    return out


def targets(n: int, runs: bool, m: int, pair: bool) -> set[tuple[int, ...]]:
    found = set()
    bl = blocks(n, runs)
    for combo in itertools.combinations_with_replacement(range(len(bl)), m):
        g = [0] * n
        for c in combo:
            for i in range(n):
                g[i] += bl[c][i]
        if max(g, default=0) > 4:
            continue
        if pair:
            for i in range(n):
                if g[i] <= 2:
                    gg = list(g)
                    gg[i] += 2
                    found.add(tuple(gg))
        else:
            found.add(tuple(g))
    return found


def overlap(n: int, runs: bool, m: int, pair: bool) -> np.ndarray:
    """max over targets g of sum_i min(g_i, h_i), for every h at once."""
    a = np.full((5,) * n, -100, dtype=np.int16)
    for g in targets(n, runs, m, pair):
        a[g] = 0
    for k in range(n):
        new = np.full_like(a, -100)
        for h in range(5):
            best = None
            for g in range(5):
                t = np.take(a, g, axis=k) + min(g, h)
                best = t if best is None else np.maximum(best, t)
            idx: list[object] = [slice(None)] * n
            idx[k] = h
            new[tuple(idx)] = best
        a = new
    return a


def table(n: int, runs: bool) -> bytes:
    cols = []
    for pair in (False, True):
        for m in range(5):
            cols.append((3 * m + 2 * pair) - overlap(n, runs, m, pair))
    dist = np.stack(cols, axis=-1).reshape(-1, 10)
    assert dist.min() >= 0 and dist.max() < 256
    profiles, ids = np.unique(dist, axis=0, return_inverse=True)
    assert len(profiles) < 256
    head = struct.pack("<H", len(profiles))
    return head + profiles.astype(np.uint8).tobytes() + ids.astype(np.uint8).tobytes()


def main() -> None:
    data = b"SPRW\x01" + table(9, True) + table(7, False)
    OUT.write_bytes(zlib.compress(data, 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
