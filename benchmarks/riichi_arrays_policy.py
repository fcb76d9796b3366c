"""Riichi's array tables (``sparrows.envs.riichi_arrays``) under a policy that plays as a
learner would more than random play does: it takes every win offered, declares every
riichi offered, and otherwise (four decisions in five) passes every claim and throws a
tile that leaves its hand nearest ready; the fifth, a random legal action.

It prints the hands a second of the tables' ``step`` alone (the policy's own time is not
counted), the hands ended and how many times a table handed its hand to its engine
(none since robbed kans and pao came into the arrays; the count is for runs of older
commits, where won and robbed hands went there).
Run by hand, not in ``make bench`` (figures in docs/envs.md, "Riichi's tables as
arrays"): ``.venv/bin/python benchmarks/riichi_arrays_policy.py [--tables 256]
[--steps 1500] [--seed 7] [--passes 2]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

from sparrows.analysis.batch import batch_shanten
from sparrows.envs.riichi_arrays import RiichiArrays


class Policy:
    """The policy above, over the tables' masks and hands."""

    def __init__(self, tables: RiichiArrays, seed: int) -> None:
        self.t = tables
        self.rng = np.random.default_rng(seed)
        kinds = [a.type.value for a in tables.layout.actions]
        self.riichi_at = np.array([i for i, k in enumerate(kinds) if k == "riichi"])
        self.wins = np.array([tables._ron, tables._tsumo])

    def __call__(self) -> Any:
        t, rng = self.t, self.rng
        mask = t.mask
        cum = mask.cumsum(axis=1)
        draw = (rng.random(t.n) * cum[:, -1]).astype(np.int64)
        acts = (cum <= draw[:, None]).sum(axis=1)
        for i in range(t.n):
            acts[i] = self._one(i, mask[i], int(acts[i]))
        return acts

    def _one(self, i: int, m: Any, random_act: int) -> int:
        t, rng = self.t, self.rng
        for offered in (self.wins, self.riichi_at):
            there = offered[m[offered] > 0]
            if len(there):
                return int(there[0] if offered is self.wins else rng.choice(there))
        if rng.random() < 0.2:
            return random_act
        if m[t._pass]:
            return int(t._pass)
        legal = np.flatnonzero(m[: t._faces])
        if len(legal) < 2:
            return random_act
        counts = t._kc[i, int(t.seat[i])].astype(np.int64)
        after = np.repeat(counts[None, :], len(legal), axis=0)
        after[np.arange(len(legal)), t._kind[legal]] -= 1
        shanten = batch_shanten(after)
        return int(rng.choice(legal[shanten == shanten.min()]))


def one_pass(n: int, steps: int, seed: int) -> tuple[float, int, int]:
    """(seconds in ``step``, hands ended, hand-overs to the engine)."""
    tables = RiichiArrays(n, seed)
    tables.reset()
    policy = Policy(tables, seed)
    rewards = np.zeros((n, 4), dtype=np.float32)
    ended = np.zeros(n, dtype=bool)
    illegal = np.zeros(n, dtype=bool)
    spent, hands, handed = 0.0, 0, 0
    for _ in range(steps):
        acts = policy()
        was = tables._on_engine.copy()
        rewards[:] = 0
        ended[:] = False
        illegal[:] = False
        start = time.perf_counter()
        tables.step(acts, rewards, ended, illegal)
        spent += time.perf_counter() - start
        handed += int((tables._on_engine & ~was).sum())
        hands += int(ended.sum())
    return spent, hands, handed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=256)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--passes", type=int, default=2)
    args = ap.parse_args()
    rates = []
    for _ in range(args.passes):
        spent, hands, handed = one_pass(args.tables, args.steps, args.seed)
        rates.append(hands / spent)
        rate = rates[-1]
        print(f"  {hands} hands, {handed} hand-overs, {spent:.2f} s in step: {rate:.1f} hands/s")
    decisions = args.tables * args.steps / hands
    print(f"median {statistics.median(rates):.1f} hands/s ({decisions:.0f} decisions a hand)")


if __name__ == "__main__":
    main()
