"""Riichi game speed: complete tonpuu (East-only) games per second on one core.

sparrows plays tonpuu games (``hanchan: false``; the West extension on, as in the
standard rules) with random agents and with efficiency agents. In the same run, passes
alternating with ours so that every library sees the same machine load:

* ``riichienv`` (Rust core, PyPI), game mode ``4p-red-east``, its RandomAgent;
* ``jansou`` (pure Python, PyPI), preset ``tenhou`` with ``game_length`` East, its
  RandomAgent.

Three players (issue 13): complete hanchan (East and South) of the preset ``tenhou-sanma``
with random agents beside ``riichienv``'s three-player hanchan mode ``3p-red-half``.

Every figure is the median of several passes (min and max beside it), for both builds:
pure Python and, when ``make fast`` has built it, the compiled build (passes interleaved,
see ``builds.py``). The peers come with ``make bench`` (the ``bench`` extra); a missing
peer is reported and skipped.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from builds import compiled_bin, in_compiled
from sparrows.agents import make_agent
from sparrows.engine.protocol import Ruleset
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

RULES = get_ruleset("riichi", {"hanchan": False})
SANMA = get_ruleset("riichi", {"preset": "tenhou-sanma"})  # hanchan


def ours(agent: str, seconds: float, first: int, rules: Ruleset = RULES) -> float:
    """Games per second over about ``seconds`` (tonpuu; ``rules`` may say otherwise)."""
    t0 = time.perf_counter()
    games = 0
    n = rules.num_players
    while time.perf_counter() - t0 < seconds:
        g = first + games
        play_game(rules, [make_agent(agent, g * 4 + s, rules) for s in range(n)], g)
        games += 1
    return games / (time.perf_counter() - t0)


TABLES = {"tonpuu": RULES, "sanma": SANMA}


def warm() -> None:
    """Fill the ruleset's memo tables (they persist in a long run)."""
    ours("random", 2.0, 10**6)
    ours("random", 1.0, 10**6, SANMA)


def ours_at(table: str, agent: str, seconds: float, first: int) -> float:
    """:func:`ours` on a table named in :data:`TABLES` (callable in the compiled build)."""
    return ours(agent, seconds, first, TABLES[table])


def riichienv_pass(mode: str = "4p-red-east") -> Callable[[float], float] | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None

    def run(seconds: float) -> float:
        env = RiichiEnv(game_mode=mode, skip_mjai_logging=True, seed=1)
        agent = RandomAgent(seed=1)
        t0 = time.perf_counter()
        games = 0
        while time.perf_counter() - t0 < seconds:
            obs = env.reset()
            while not env.done():
                obs = env.step({p: agent.act(o) for p, o in obs.items()})
            games += 1
        return games / (time.perf_counter() - t0)

    return run


def jansou_pass() -> Callable[[float], float] | None:
    try:
        from jansou.core.rules import Wind, preset, replace
        from jansou.game.agents import RandomAgent
        from jansou.game.environment import Environment
    except ImportError:
        return None
    rules = replace(preset("tenhou"), game_length=Wind.EAST)

    def run(seconds: float) -> float:
        t0 = time.perf_counter()
        games = 0
        while time.perf_counter() - t0 < seconds:
            Environment(rules, seed=games).run([RandomAgent(seed=games * 4 + s) for s in range(4)])
            games += 1
        return games / (time.perf_counter() - t0)

    return run


def summary(values: list[float]) -> str:
    return (
        f"{statistics.median(values):7.1f} games/s median "
        f"(min {min(values):.1f}, max {max(values):.1f}, {len(values)} passes)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="length of one pass")
    args = ap.parse_args()
    warm()
    fast = compiled_bin() is not None
    peers = {"riichienv": riichienv_pass(), "jansou": jansou_pass()}
    sanma_peer = riichienv_pass("3p-red-half")
    ours_keys = [("tonpuu", "random"), ("tonpuu", "efficiency"), ("sanma", "random")]
    builds = ["pure", "compiled"] if fast else ["pure"]
    results: dict[str, list[float]] = {"r3": []}
    results.update({name: [] for name, run in peers.items() if run is not None})
    for p in range(args.passes):
        for table, agent in ours_keys:
            pass_args = (table, agent, args.seconds, p * 1000)
            results.setdefault(f"pure {table} {agent}", []).append(ours_at(*pass_args))
            if fast:
                got = in_compiled("bench_riichi_game", "ours_at", pass_args, warm="warm")
                results.setdefault(f"compiled {table} {agent}", []).append(got)
            if table == "tonpuu" and agent == "random":
                for name, run in peers.items():
                    if run is not None:
                        results[name].append(run(args.seconds))
        if sanma_peer is not None:
            results["r3"].append(sanma_peer(args.seconds))
    print("Riichi tonpuu games per second, one core")
    if not fast:
        print("  (compiled build not built: `make fast`; pure Python only)")
    for build in builds:
        for agent in ("random", "efficiency"):
            label = f"sparrows {build}, {agent} agents:"
            print(f"  {label:<38} {summary(results[f'{build} tonpuu {agent}'])}")
    for name, run in peers.items():
        if run is None:
            print(f"  {name}: not installed (make bench installs it)")
            continue
        theirs = statistics.median(results[name])
        print(f"  {name}, random agents: {summary(results[name])}")
        for build in builds:
            mine = statistics.median(results[f"{build} tonpuu random"])
            print(f"    ratio sparrows {build} / {name} (random, medians): {mine / theirs:.2f}x")
    print("  goals: parity with riichienv, at least 5x jansou")
    print("Three-player riichi hanchan (tenhou-sanma) per second, one core")
    for build in builds:
        label = f"sparrows {build}, random agents:"
        print(f"  {label:<38} {summary(results[f'{build} sanma random'])}")
    if sanma_peer is None:
        print("  riichienv: not installed (make bench installs it)")
        return
    print(f"  riichienv 3p-red-half, random agents: {summary(results['r3'])}")
    for build in builds:
        ratio = statistics.median(results[f"{build} sanma random"]) / statistics.median(
            results["r3"]
        )
        print(f"    ratio sparrows {build} / riichienv (random, medians): {ratio:.2f}x")


if __name__ == "__main__":
    main()
