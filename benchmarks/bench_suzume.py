"""Suzume-Jong simulation speed: full 4-player hands per second on one core.

What users run is measured first: ``sparrows simulate --rules suzume --workers 1`` with
random agents (the command's own hands/s, several runs). Then the library loop
(``play_game``) with random and efficiency agents, recording off and on. Every figure is
the **median of several passes** (the min and max are printed beside it).

If the ``pgx`` package (with JAX) is installed, its Sparrow Mahjong environment is
measured in the same run, its passes alternating with ours so both see the same machine
load: one hand at a time (unbatched), the whole hand (init, then uniformly random legal
actions until it ends) jitted into one call with ``jax.lax.while_loop``, on the CPU. pgx
plays single hands with its own simplified rules; the comparison is of engine throughput
per hand, not of identical rules.

Each sparrows figure is given for both builds: pure Python (this interpreter) and, when
``make fast`` has built it, the compiled build (``.venv-fast``; passes interleaved, see
``builds.py``). ``make bench`` builds both.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from builds import compiled_bin, in_compiled
from sparrows.agents import make_agent
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

RULES = get_ruleset("suzume")


def library_pass(agent: str, record: bool, games: int, first: int) -> float:
    """Hands per second over ``games`` games (16 hands each)."""
    t0 = time.perf_counter()
    hands = 0
    for g in range(first, first + games):
        agents = [make_agent(agent, g * 4 + s, RULES) for s in range(4)]
        hands += play_game(RULES, agents, g, record=record).hand_number + 1
    return hands / (time.perf_counter() - t0)


def warm() -> None:
    """Fill the ruleset's memo tables (they persist in a long run)."""
    for g in range(20):
        library_pass("random", False, 1, 10**6 + g)


def simulate_pass(games: int, seed: int, script: Path | None = None) -> float:
    """The hands/s that ``sparrows simulate --workers 1`` reports for itself (``script``:
    another build's ``sparrows``)."""
    script = script or Path(sys.executable).with_name("sparrows")
    out = subprocess.run(
        [
            str(script),
            "simulate",
            "--rules",
            "suzume",
            "-n",
            str(games),
            "--agents",
            "random,random,random,random",
            "--workers",
            "1",
            "--seed",
            str(seed),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    head = out.splitlines()[0]  # "... (4,321 hands/s, 1 worker(s)) ..."
    return float(head.split("(", 1)[1].split(" hands/s", 1)[0].replace(",", ""))


def pgx_pass_maker() -> Callable[[], float] | None:
    try:
        import jax
        import jax.numpy as jnp
        import pgx
    except ImportError:
        return None
    env = pgx.make("sparrow_mahjong")

    def body(carry: tuple[object, jax.Array]) -> tuple[object, jax.Array]:
        state, key = carry
        key, sub = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)  # type: ignore[attr-defined]
        return env.step(state, jax.random.categorical(sub, logits)), key

    def alive(carry: tuple[object, jax.Array]) -> jax.Array:
        state = carry[0]
        return ~(state.terminated | state.truncated)  # type: ignore[attr-defined]

    @jax.jit
    def one_hand(key: jax.Array) -> jax.Array:
        key, sub = jax.random.split(key)
        state, _ = jax.lax.while_loop(alive, body, (env.init(sub), key))
        return state.rewards  # type: ignore[attr-defined, no-any-return]

    keys = [jax.random.PRNGKey(0)]
    one_hand(keys[0]).block_until_ready()  # compile

    def run() -> float:
        t0 = time.perf_counter()
        for _ in range(40):
            keys[0], sub = jax.random.split(keys[0])
            one_hand(sub).block_until_ready()
        return 40 / (time.perf_counter() - t0)

    return run


def summary(values: list[float]) -> str:
    return (
        f"{statistics.median(values):7,.0f} hands/s median "
        f"(min {min(values):,.0f}, max {max(values):,.0f}, {len(values)} passes)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--passes", type=int, default=7, help="passes per measurement")
    ap.add_argument("--games", type=int, default=40, help="games (16 hands) per pass")
    args = ap.parse_args()
    print("sparrows Suzume-Jong, one core, full 4-player hands per second")
    warm()
    fast_cli = compiled_bin("sparrows")
    if fast_cli is None:
        print("  (compiled build not built: `make fast`; pure Python only)")
    pgx_run = pgx_pass_maker()
    ours: list[float] = []
    ours_c: list[float] = []
    theirs: list[float] = []
    for p in range(args.passes):  # alternate ours (both builds) and pgx's passes
        pass_args = ("random", False, args.games, p * args.games)
        ours.append(library_pass(*pass_args))
        if fast_cli is not None:
            ours_c.append(in_compiled("bench_suzume", "library_pass", pass_args, warm="warm"))
        if pgx_run is not None:
            theirs.append(pgx_run())
    sim: list[float] = []
    sim_c: list[float] = []
    for p in range(max(3, args.passes // 2)):
        sim.append(simulate_pass(args.games * 5, 100 + p))
        if fast_cli is not None:
            sim_c.append(simulate_pass(args.games * 5, 100 + p, fast_cli))
    builds = [("pure", ours, sim)] + ([("compiled", ours_c, sim_c)] if fast_cli else [])
    for name, lib, cli in builds:
        print(f"  {name:>8}: sparrows simulate --workers 1, random agents: {summary(cli)}")
        print(f"  {name:>8}: library play_game, random, recording off: {summary(lib)}")
    for agent, record in (("random", True), ("efficiency", False), ("efficiency", True)):
        for name in ("pure", "compiled") if fast_cli else ("pure",):
            values = []
            for p in range(args.passes):
                pass_args = (agent, record, max(5, args.games // 4), 5000 + p * args.games)
                values.append(
                    library_pass(*pass_args)
                    if name == "pure"
                    else in_compiled("bench_suzume", "library_pass", pass_args, warm="warm")
                )
            rec = "on" if record else "off"
            print(f"  {name:>8}: library {agent}, recording {rec}: {summary(values)}")
    print("  target: >= 5,000 hands/s through `sparrows simulate` with random agents")
    if pgx_run is None:
        print("pgx not installed: no peer measured (make bench installs it)")
        return
    print(f"pgx sparrow_mahjong, unbatched, random legal actions: {summary(theirs)}")
    for name, lib, _ in builds:
        ratio = statistics.median(lib) / statistics.median(theirs)
        print(f"ratio of medians (sparrows {name} library, random, recording off / pgx): "
              f"{ratio:.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
