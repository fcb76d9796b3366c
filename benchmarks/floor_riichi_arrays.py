"""A floor, not an environment: what riichi tables held as numpy arrays (as Suzume's are,
``sparrows.envs.arrays``) would cost at least per decision, to judge whether that design
can reach issue 33's batch goal (riichi at least twice riichienv's hands a second).

It plays only the part of a riichi turn every design must do, for ``n`` tables at once:
the draw, the discard the caller chose, the river, every seat's waits kept up to date
(memoised by hand key, one dictionary lookup per changed hand, as the engine does), the
claim checks of the other seats on each discard (pon, chi, kan, ron with the discard
furiten), the tsumo check and which discards leave the hand ready (riichi), a new deal
where the wall ends, and the acting seat's observation and mask in riichi's layout (the
family's offsets, 4,702 cells). It leaves out what would make a real table dearer: the
claims answered and resolved, calls, kans and their dora, riichi and its sticks, wins
and their scores, temporary and riichi furiten, the abortive draws, the end-of-hand
payments. So the rate it prints is an upper bound: a riichi array table plays no faster.
The hands a second assume the environments' 89 decisions a riichi hand (eligible claims,
docs/envs.md); here every decision is a turn.

The waits and ready checks are made one of three ways (``--checks``): ``memo``, per hand
through the engine's memoised shanten (a dictionary lookup per changed hand, a
computation on a miss); ``arrays``, over every changed hand at once
(:mod:`sparrows.analysis.batch`: the same tables as numpy arrays); ``none``, not at all
(every hand taken as not ready: what the array part alone costs).

Run: ``.venv/bin/python benchmarks/floor_riichi_arrays.py [--tables 256] [--seconds 3]
[--checks memo|arrays|none]`` (the compiled build, ``.venv-fast/bin/python``, compiles
the shanten and waits the ``memo`` checks call).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

from sparrows.analysis import form_shanten, waits
from sparrows.analysis.batch import batch_shanten, batch_waits
from sparrows.analysis.shanten import RIICHI
from sparrows.envs import batch_env

P, K, TILES, HAND = 4, 34, 136, 13
DECISIONS_A_HAND = 89  # riichi through the environments, eligible claims (docs/envs.md)
DEAD = 14  # the dead wall: a hand ends when the live wall's 122 tiles are drawn


class Floor:
    """``n`` tables' draws and discards as arrays (see the module)."""

    def __init__(self, n: int, seed: int, checks: str = "memo") -> None:
        self.n = n
        self.checks = checks  # how the waits and ready checks are made (see the module)
        self.rng = np.random.default_rng(seed)
        enc = batch_env("riichi", 1).encoder
        self.size = enc.size
        self.off = enc.offset
        self.river = enc.river
        self.obs = np.zeros((n, self.size), dtype=np.float32)
        self.mask = np.zeros((n, 2 * K + 1), dtype=np.int8)  # discards, riichi, tsumo
        self.rows = np.arange(n)
        self.counts = np.zeros((n, P, K), dtype=np.int8)
        self.rcount = np.zeros((n, P, K), dtype=np.int8)
        self.rkind = np.zeros((n, P, self.river), dtype=np.int64)
        self.rlen = np.zeros((n, P), dtype=np.int64)
        self.rbits = np.zeros((n, P), dtype=np.int64)  # kinds in each river, as bits
        self.wbits = np.zeros((n, P), dtype=np.int64)  # each seat's waits, as bits
        self.wall = np.zeros((n, TILES), dtype=np.int64)
        self.pos = np.zeros(n, dtype=np.int64)
        self.turn = np.zeros(n, dtype=np.int64)
        self.drawn = np.zeros(n, dtype=np.int64)
        self.ready = np.zeros((n, K), dtype=bool)  # discards that leave the hand ready
        self.tsumo = np.zeros(n, dtype=bool)
        self.pow5 = (5 ** (np.arange(K) % 17)).astype(np.int64)  # two keys of 17 kinds
        self.bits = np.left_shift(1, np.arange(K, dtype=np.int64))
        self.memo_waits: dict[tuple[int, int], int] = {}
        self.memo_ready: dict[tuple[int, int], tuple[int, ...]] = {}
        self.claims = 0  # discards some other seat could have claimed
        self.deal(self.rows)
        self.encode()

    # ------------------------------------------------------------------ keys and memos
    def keys(self, hands: Any) -> list[tuple[int, int]]:
        """Hand keys (two base-5 numbers of 17 kinds each) of ``hands`` (m, 34)."""
        weighted = hands.astype(np.int64) * self.pow5
        low = weighted[:, :17].sum(axis=1).tolist()
        high = weighted[:, 17:].sum(axis=1).tolist()
        return list(zip(low, high, strict=True))

    def waits_bits(self, hands: Any) -> Any:
        if self.checks == "none":
            return np.zeros(len(hands), dtype=np.int64)
        if self.checks == "arrays":
            return (batch_waits(hands) * self.bits).sum(axis=1)
        memo = self.memo_waits
        out = []
        for key, row in zip(self.keys(hands), hands, strict=True):
            got = memo.get(key)
            if got is None:
                got = memo[key] = sum(1 << k for k in waits(row.tolist()))
            out.append(got)
        return np.array(out, dtype=np.int64)

    def ready_kinds(self, hands: Any) -> Any:
        """(m, 34): the discards that leave each 14-tile hand ready."""
        memo = self.memo_ready
        out = np.zeros((len(hands), K), dtype=bool)
        if self.checks == "none":
            return out
        if self.checks == "arrays":  # the hands one from complete, each discard tried
            near = np.flatnonzero(batch_shanten(hands) <= 0)
            if len(near):
                held = hands[near].astype(np.int64)
                less = np.repeat(held, K, axis=0).reshape(len(near), K, K)
                less[:, np.arange(K), np.arange(K)] -= held > 0
                after = batch_shanten(less.reshape(-1, K)).reshape(len(near), K)
                out[near] = (after == 0) & (held > 0)
            return out
        for i, (key, row) in enumerate(zip(self.keys(hands), hands, strict=True)):
            got = memo.get(key)
            if got is None:
                c = row.tolist()
                found = []
                for k in range(K) if form_shanten(c, RIICHI) <= 0 else ():  # (as the engine)
                    if c[k]:
                        c[k] -= 1
                        if waits(c):
                            found.append(k)
                        c[k] += 1
                got = memo[key] = tuple(found)
            if got:
                out[i, list(got)] = True
        return out

    # ------------------------------------------------------------------ play
    def deal(self, rows: Any) -> None:
        m = len(rows)
        order = np.argsort(self.rng.random((m, TILES)), axis=1) // 4  # kinds in draw order
        self.wall[rows] = order
        hands = np.zeros((m, P, K), dtype=np.int8)
        dealt = order[:, : P * HAND].reshape(m, P, HAND)
        for s in range(P):
            np.add.at(hands[:, s], (np.arange(m)[:, None], dealt[:, s]), 1)
        self.counts[rows] = hands
        self.rcount[rows] = 0
        self.rlen[rows] = 0
        self.rbits[rows] = 0
        self.pos[rows] = P * HAND
        self.turn[rows] = 0
        for s in range(P):
            self.wbits[rows, s] = self.waits_bits(hands[:, s])
        self.draw(rows)

    def draw(self, rows: Any) -> None:
        seats = self.turn[rows]
        tile = self.wall[rows, self.pos[rows]]
        self.pos[rows] += 1
        self.tsumo[rows] = (self.wbits[rows, seats] >> tile) & 1 == 1
        self.counts[rows, seats, tile] += 1
        self.drawn[rows] = tile
        self.ready[rows] = self.ready_kinds(self.counts[rows, seats])

    def step(self, kinds: Any) -> None:
        """Every table's acting seat discards a tile of ``kinds`` (one per table)."""
        rows, seats = self.rows, self.turn
        self.counts[rows, seats, kinds] -= 1
        i = self.rlen[rows, seats]
        inside = i < self.river
        self.rkind[rows[inside], seats[inside], i[inside]] = kinds[inside]
        self.rlen[rows, seats] += 1
        self.rcount[rows, seats, kinds] += 1
        self.rbits[rows, seats] |= np.left_shift(1, kinds)
        self.wbits[rows, seats] = self.waits_bits(self.counts[rows, seats])
        # the others' claims on the discard: pon and kan, chi (the next seat), ron
        others = (seats[:, None] + np.arange(1, P)[None, :]) % P
        held = self.counts[rows[:, None], others, kinds[:, None]]
        pon = held >= 2
        nxt = self.counts[rows, others[:, 0]]
        number = kinds < 27
        r = kinds % 9
        lo2 = np.where(number & (r >= 2), kinds - 2, 0)
        lo1 = np.where(number & (r >= 1), kinds - 1, 0)
        hi1 = np.where(number & (r <= 7), kinds + 1, 0)
        hi2 = np.where(number & (r <= 6), kinds + 2, 0)
        chi = number & (
            ((r >= 2) & (nxt[rows, lo2] > 0) & (nxt[rows, lo1] > 0))
            | ((r >= 1) & (r <= 7) & (nxt[rows, lo1] > 0) & (nxt[rows, hi1] > 0))
            | ((r <= 6) & (nxt[rows, hi1] > 0) & (nxt[rows, hi2] > 0))
        )
        w = self.wbits[rows[:, None], others]
        ron = ((w >> kinds[:, None]) & 1 == 1) & (w & self.rbits[rows[:, None], others] == 0)
        self.claims += int((pon.any(axis=1) | chi | ron.any(axis=1)).sum())
        # the next seat draws; a wall at its end deals the next hand
        self.turn = (seats + 1) % P
        ended = self.pos >= TILES - DEAD
        if ended.any():
            self.deal(np.flatnonzero(ended))
        going = np.flatnonzero(~ended)
        self.draw(going)
        self.encode()

    def encode(self) -> None:
        n, off, length = self.n, self.off, self.river
        obs, rows, me = self.obs, self.rows, self.turn
        obs[:] = 0
        own = self.counts[rows, me]
        hand = obs[:, off["hand"] : off["hand"] + 4 * K].reshape(n, 4, K)
        for level in range(4):
            np.greater(own, level, out=hand[:, level])
        rel = (me[:, None] + np.arange(P)[None, :]) % P
        rc = self.rcount[rows[:, None], rel]
        obs[:, off["river_counts"] : off["river_counts"] + P * K] = rc.reshape(n, P * K)
        seen = np.minimum(own + rc.sum(axis=1), 4)
        obs[:, off["seen"] : off["seen"] + K] = seen * 0.25
        obs[rows, off["drawn"] + self.drawn] = 1
        # each river's discards in order, one-hot (by relative seat)
        slots = np.arange(length)[None, None, :]
        laid = slots < self.rlen[rows[:, None], rel][:, :, None]
        kinds = self.rkind[rows[:, None], rel]
        at = off["river_order"] + (np.arange(P)[None, :, None] * length + slots) * K + kinds
        flat = obs.reshape(-1)
        cells = (rows[:, None, None] * self.size + at)[laid]
        flat[cells] = 1
        obs[:, off["wall"]] = (TILES - DEAD - self.pos) / TILES
        obs[:, off["prompt"] + 1] = 1
        self.mask[:, :K] = own > 0
        self.mask[:, K : 2 * K] = self.ready
        self.mask[:, 2 * K] = self.tsumo


def rate(n: int, seconds: float, seed: int, checks: str = "memo") -> tuple[float, float]:
    """Decisions a second and the share of discards another seat could claim."""
    floor = Floor(n, seed, checks)
    rng = np.random.default_rng(seed)

    def pick() -> Any:
        held = floor.mask[:, :K].astype(np.float64)
        cum = held.cumsum(axis=1)
        draw = rng.random(n) * cum[:, -1]
        return (cum <= draw[:, None]).sum(axis=1)

    for _ in range(300):  # warm the memo tables
        floor.step(pick())
    floor.claims = 0
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        floor.step(pick())
        steps += 1
    elapsed = time.perf_counter() - t0
    return steps * n / elapsed, floor.claims / (steps * n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--checks", choices=("memo", "arrays", "none"), default="memo")
    args = parser.parse_args()
    checks = args.checks
    got = [rate(args.tables, args.seconds, 1 + p, checks) for p in range(args.passes)]
    dec = statistics.median(d for d, _ in got)
    print(
        f"floor of riichi array tables (waits checks: {checks}), "
        f"{args.tables} tables: {dec:,.0f} decisions a second "
        f"(passes {', '.join(f'{d:,.0f}' for d, _ in got)}), "
        f"{dec / DECISIONS_A_HAND:,.0f} hands a second at {DECISIONS_A_HAND} decisions a "
        f"hand; {got[0][1]:.0%} of discards claimable by another seat"
    )


if __name__ == "__main__":
    main()
