"""The client contract's costs (issue 20): views, the event stream, copies, snapshots, memory.

For each ruleset (Suzume; riichi tonpuu, ``hanchan: false``; Hong Kong and classical capped
at 16 hands, ``max_hands``; Sichuan at 16 hands, ``hands``: as in ``bench_chinese.py``),
whole games with random legal actions (``random.Random(seed).choice``), the same seeded
games in both builds:

* **Per call**: ``game.view(seat)`` (each seat), ``game.public_view()`` and
  ``game.events_since(viewer, cursor)`` after every step for the 4 seats and a spectator
  (incremental: each call fetches what the last step added), the stream followed from the
  game's start. Each call is timed on its own.
* **Per step**: the time in ``game.step`` of the same game played three ways: followed
  (``record=True``, ``events_since`` polled for every viewer after each step, so the
  stream makes its ``update`` events), recorded but never polled (``record=True``), and
  not recorded (``record=False``, the simulation's mode). Followed minus unfollowed is
  the stream's extra cost per step; the polls' own time is given beside it. Before these
  three runs the game is played once untimed, so all find the rulesets' memo tables
  equally warm; their order turns from game to game.
* **Copies** at mid-game (after 150 random steps): ``game.clone()``,
  ``json.dumps(snapshot(game))`` and ``restore(json.loads(text))``, for a recorded
  game whose stream is followed (a server's) and an unrecorded one (a trainer's), and
  the snapshot's size.
* **Memory**: the resident set size of a fresh process after every tenth of 10,000 random
  riichi tonpuu games (``sparrows.sim.play_game``, random agents, ``record=False``): now
  (after ``gc.collect()``) and the most seen after any game so far, with the entries of
  the ruleset's memo tables (capped by ``sparrows.engine.memo.Memos``, emptied at a
  hand's start once past the cap): the curve should be flat after warm-up. One process
  at a time, compiled build first, then pure Python (``--memory-builds``; pure takes a
  few minutes; ``--memory-games 0`` skips the curve).

Figures are medians over several passes (min and max beside them). A pass in the compiled
build runs in ``.venv-fast``'s interpreter (``make fast``), in a child process that warms
up first, its passes alternating with the pure build's (see ``builds.py``).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from builds import compiled_bin
from sparrows.agents import make_agent
from sparrows.compiled import build
from sparrows.engine.game import Game
from sparrows.engine.protocol import Ruleset
from sparrows.records import restore, snapshot
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

RULES: dict[str, Ruleset] = {
    "suzume": get_ruleset("suzume"),
    "riichi": get_ruleset("riichi", {"hanchan": False}),
    "hongkong": get_ruleset("hongkong", {"max_hands": 16}),
    "classical": get_ruleset("classical", {"max_hands": 16}),
    "sichuan": get_ruleset("sichuan", {"hands": 16}),
}
MID_GAME = 150  # random steps before the copies are timed
HERE = Path(__file__).resolve()


# ------------------------------------------------------------------ playing
def random_step(game: Game, rng: random.Random) -> None:
    """One random legal action of one seat that is to act (untimed helper)."""
    seat, legal = game.decisions()[0]
    game.step(seat, rng.choice(legal))


def play_timed(game: Game, seed: int, poll: bool) -> tuple[int, float, float]:
    """Play ``game`` to its end with random legal actions from ``seed``: (steps, seconds in
    ``step``, seconds polling ``events_since`` for every viewer after each step)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    viewers: list[int | None] = [*range(game.n), None]
    cursors = [0] * len(viewers)
    if poll:  # the stream followed from the start, as a server does
        for i, v in enumerate(viewers):
            cursors[i] = game.events_since(v, cursors[i])[1]
    steps = 0
    stepping = polling = 0.0
    while not game.over:
        seat, legal = game.decisions()[0]
        action = rng.choice(legal)
        t0 = clock()
        game.step(seat, action)
        t1 = clock()
        stepping += t1 - t0
        steps += 1
        if poll:
            for i, v in enumerate(viewers):
                cursors[i] = game.events_since(v, cursors[i])[1]
            polling += clock() - t1
    return steps, stepping, polling


def play_viewed(game: Game, seed: int) -> dict[str, float]:
    """Play ``game`` to its end as :func:`play_timed` does, timing every call of ``view``
    (each seat), ``public_view`` and ``events_since`` (each seat and a spectator) after
    each step: total seconds and calls of each, and the events fetched."""
    rng = random.Random(seed)
    clock = time.perf_counter
    n = game.n
    viewers: list[int | None] = [*range(n), None]
    cursors = [0] * len(viewers)
    for i, v in enumerate(viewers):
        cursors[i] = game.events_since(v, cursors[i])[1]
    views = public = since = 0.0
    steps = fetched = 0
    while not game.over:
        seat, legal = game.decisions()[0]
        game.step(seat, rng.choice(legal))
        steps += 1
        for s in range(n):
            t0 = clock()
            game.view(s)
            views += clock() - t0
        t0 = clock()
        game.public_view()
        public += clock() - t0
        for i, v in enumerate(viewers):
            t0 = clock()
            events, cursors[i] = game.events_since(v, cursors[i])
            since += clock() - t0
            fetched += len(events)
    return {
        "view s": views,
        "view n": steps * n,
        "public s": public,
        "public n": steps,
        "since s": since,
        "since n": steps * len(viewers),
        "since events": fetched,
    }


def repeat(call: Any, budget: float) -> float:
    """Seconds per call of ``call()``, repeated for about ``budget`` seconds (5 at least)."""
    clock = time.perf_counter
    calls = 0
    t0 = clock()
    while True:
        call()
        calls += 1
        spent = clock() - t0
        if spent >= budget and calls >= 5:
            return spent / calls


def mid_game(rules: Ruleset, seed: int, record: bool) -> Game:
    """A game after :data:`MID_GAME` random steps; a recorded one with its stream followed
    (every viewer polled once)."""
    game = Game(rules, seed, record=record)
    rng = random.Random(seed)
    for _ in range(MID_GAME):
        if game.over:
            break
        random_step(game, rng)
    if record:
        for v in [*range(game.n), None]:
            game.events_since(v, 0)
    return game


def copies(rules: Ruleset, seed: int, record: bool, budget: float) -> dict[str, float]:
    game = mid_game(rules, seed, record)
    text = json.dumps(snapshot(game))
    restored = restore(json.loads(text))
    assert restored.actions == game.actions and restored.hands == game.hands
    tag = "rec" if record else "norec"
    return {
        f"clone {tag}": repeat(game.clone, budget),
        f"snapshot {tag}": repeat(lambda: json.dumps(snapshot(game)), budget),
        f"restore {tag}": repeat(lambda: restore(json.loads(text)), budget),
        f"bytes {tag}": float(len(text.encode())),
    }


# ------------------------------------------------------------------ one pass
def contract_pass(name: str, games: int, first: int, budget: float) -> dict[str, float]:
    """Every per-call, per-step and copy figure of one pass of ruleset ``name``: sums over
    ``games`` games (seeds ``first``...) and seconds per copy."""
    rules = RULES[name]
    sums: dict[str, float] = {}

    def add(key: str, value: float) -> None:
        sums[key] = sums.get(key, 0.0) + value

    for i, seed in enumerate(range(first, first + games)):
        play_timed(Game(rules, seed, record=False), seed, poll=False)  # memo tables warm
        for key, value in play_viewed(Game(rules, seed), seed).items():
            add(key, value)
        ways = [("followed", True, True), ("unfollowed", True, False), ("norecord", False, False)]
        for way, record, poll in ways[i % 3 :] + ways[: i % 3]:
            steps, stepping, polling = play_timed(Game(rules, seed, record=record), seed, poll)
            add(f"step {way}", stepping)
            if poll:
                add("poll", polling)
                add("steps", steps)
        gc.collect()
    for record in (True, False):
        sums.update(copies(rules, first, record, budget))
    return sums


def warm(name: str) -> None:
    """One untimed game of the ruleset (the code paths, some memo entries)."""
    play_timed(Game(RULES[name], 10**6, record=True), 10**6, poll=True)


def compiled_pass(name: str, games: int, first: int, budget: float) -> dict[str, float]:
    """:func:`contract_pass` in the compiled build's interpreter, after :func:`warm`."""
    python = compiled_bin()
    assert python is not None, "the compiled build is missing: make fast"
    call = json.dumps([name, games, first, budget])
    out = subprocess.run(
        [str(python), str(HERE), "--child", call], capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def child(call: str) -> None:
    name, games, first, budget = json.loads(call)
    assert build() == "compiled", build()
    warm(name)
    print(json.dumps(contract_pass(name, games, first, budget)))


# ------------------------------------------------------------------ memory
def rss_mb() -> float:
    """This process's resident set size now, in MiB (Linux's ``/proc``; elsewhere the peak,
    which a child may inherit from its parent)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def memory_child(games: int, every: int) -> None:
    """Play ``games`` random riichi tonpuu games, printing a JSON line at every ``every``:
    games played, RSS now (after ``gc.collect()``), the most RSS seen after any game so
    far (MiB), the memo tables' entries, seconds."""
    rules = RULES["riichi"]
    t0 = time.perf_counter()
    gc.collect()
    top = rss_mb()
    print(json.dumps({"games": 0, "rss": top, "top": top, "memo": 0, "s": 0.0}))
    for g in range(games):
        play_game(rules, [make_agent("random", g * 4 + s, rules) for s in range(4)], g)
        top = max(top, rss_mb())
        if (g + 1) % every == 0:
            gc.collect()
            line = {
                "games": g + 1,
                "rss": rss_mb(),
                "top": top,
                "memo": sum(rules.memos.sizes().values()),
                "s": time.perf_counter() - t0,
            }
            print(json.dumps(line), flush=True)


def memory_curve(python: Path, games: int) -> list[dict[str, float]]:
    out = subprocess.run(
        [str(python), str(HERE), "--memory-child", str(games)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


# ------------------------------------------------------------------ report
def spread(values: list[float], scale: float, digits: int = 1) -> str:
    m = statistics.median(values) * scale
    lo, hi = min(values) * scale, max(values) * scale
    return f"{m:.{digits}f} ({lo:.{digits}f}-{hi:.{digits}f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--games", type=int, default=2, help="games per ruleset in a pass")
    ap.add_argument("--budget", type=float, default=0.2, help="seconds timing each copy")
    ap.add_argument("--rules", default=",".join(RULES), help="rulesets, comma-separated")
    ap.add_argument("--memory-games", type=int, default=10_000, help="0: no memory curve")
    ap.add_argument("--memory-builds", default="compiled,pure")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    if args.memory_child:
        memory_child(args.memory_child, max(1, args.memory_child // 10))
        return
    names = args.rules.split(",")
    fast = compiled_bin() is not None
    builds = ["pure", "compiled"] if fast else ["pure"]
    print(time.strftime("bench_contract: started %Y-%m-%d %H:%M:%S"), flush=True)
    for name in names:
        warm(name)
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    for p in range(args.passes):
        for name in names:
            pass_args = (name, args.games, 1000 * p, args.budget)
            runs.setdefault(("pure", name), []).append(contract_pass(*pass_args))
            if fast:
                runs.setdefault(("compiled", name), []).append(compiled_pass(*pass_args))
    passes = f"medians of {args.passes} passes (min-max)"
    if not fast:
        print("(compiled build not built: `make fast`; pure Python only)")

    print(f"\nPer call, microseconds, after each step of whole random games; {passes}")
    head = f"  {'ruleset':<10} {'build':<9} {'view(seat)':>21} {'public_view()':>21}"
    print(head + f" {'events_since(v, c)':>21} {'events/call':>11}")
    for name in names:
        for b in builds:
            r = runs[(b, name)]
            view = [x["view s"] / x["view n"] for x in r]
            public = [x["public s"] / x["public n"] for x in r]
            since = [x["since s"] / x["since n"] for x in r]
            per = statistics.median(x["since events"] / x["since n"] for x in r)
            print(
                f"  {name:<10} {b:<9} {spread(view, 1e6):>21} {spread(public, 1e6):>21} "
                f"{spread(since, 1e6):>21} {per:>11.2f}"
            )

    print(f"\nPer step, microseconds in game.step; {passes}")
    print(
        f"  {'ruleset':<10} {'build':<9} {'record=False':>19} {'record, unfollowed':>19} "
        f"{'record, followed':>19} {'stream extra':>19} {'extra %':>7} {'polls (5)':>19}"
    )
    for name in names:
        for b in builds:
            r = runs[(b, name)]
            norec = [x["step norecord"] / x["steps"] for x in r]
            unf = [x["step unfollowed"] / x["steps"] for x in r]
            fol = [x["step followed"] / x["steps"] for x in r]
            extra = [(x["step followed"] - x["step unfollowed"]) / x["steps"] for x in r]
            pct = statistics.median(
                100 * (x["step followed"] / x["step unfollowed"] - 1) for x in r
            )
            polls = [x["poll"] / x["steps"] for x in r]
            print(
                f"  {name:<10} {b:<9} {spread(norec, 1e6):>19} {spread(unf, 1e6):>19} "
                f"{spread(fol, 1e6):>19} {spread(extra, 1e6):>19} {pct:>6.1f}% "
                f"{spread(polls, 1e6):>19}"
            )
    steps = {
        n: statistics.median(x["steps"] / args.games for x in runs[("pure", n)]) for n in names
    }
    print("  steps per game (median): " + ", ".join(f"{n} {s:.0f}" for n, s in steps.items()))

    print(f"\nCopies at mid-game ({MID_GAME} random steps), microseconds; {passes}")
    print(
        f"  {'ruleset':<10} {'build':<9} {'game':<9} {'clone()':>21} "
        f"{'snapshot + dumps':>21} {'loads + restore':>21} {'bytes':>7}"
    )
    for name in names:
        for b in builds:
            r = runs[(b, name)]
            for tag, label in (("rec", "followed"), ("norec", "no record")):
                clone = [x[f"clone {tag}"] for x in r]
                snap = [x[f"snapshot {tag}"] for x in r]
                rest = [x[f"restore {tag}"] for x in r]
                size = statistics.median(x[f"bytes {tag}"] for x in r)
                print(
                    f"  {name:<10} {b:<9} {label:<9} {spread(clone, 1e6):>21} "
                    f"{spread(snap, 1e6):>21} {spread(rest, 1e6):>21} {size:>7.0f}"
                )

    if args.memory_games:
        print("\nMemory: RSS after random riichi tonpuu games (record=False), fresh process")
        pythons = {"compiled": compiled_bin(), "pure": Path(sys.executable)}
        for b in args.memory_builds.split(","):
            python = pythons[b]
            if python is None:
                print(f"  {b}: not built")
                continue
            print(time.strftime(f"  {b} build, started %H:%M:%S"), flush=True)
            curve = memory_curve(python, args.memory_games)
            print(f"  {'games':>7} {'RSS MiB':>8} {'max MiB':>8} {'memo entries':>12} {'s':>6}")
            for row in curve:
                print(
                    f"  {row['games']:>7.0f} {row['rss']:>8.1f} {row['top']:>8.1f} "
                    f"{row['memo']:>12,.0f} {row['s']:>6.0f}"
                )
    print(time.strftime("bench_contract: finished %H:%M:%S"))


if __name__ == "__main__":
    main()
