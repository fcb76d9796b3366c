"""Hong Kong, classical and Sichuan speed: full 4-player hands per second on one core with random
agents, beside riichi's figure measured the same way in the same run (passes alternate so
every ruleset sees the same machine load).

Goal (issues 10, 11): >= 500 hands/s for each, a Rust riichi engine's pace here. That engine
(``riichienv``, in the ``bench`` extra) is measured in the same run too: random tonpuu games
per second times its hands per game (counted in 20 untimed games), so the goal can also be
read as a ratio that does not move with the machine's speed (>= 1.0x riichienv). Random agents
rarely reach a win worth Hong Kong's minimum, and the dealer keeps the deal on a draw, so
games are capped at 16 hands (``max_hands``): the unit is the hand either way. Reported:
the median of several passes (min and max beside it), through the library (``play_game``)
and through ``sparrows simulate --workers 1`` (what users run), for both builds: pure
Python and, when ``make fast`` has built it, the compiled build (passes interleaved, see
``builds.py``).
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

RULES = {
    "hongkong": get_ruleset("hongkong", {"max_hands": 16}),
    "classical": get_ruleset("classical", {"max_hands": 16}),
    "sichuan": get_ruleset("sichuan", {"hands": 16}),
    "riichi": get_ruleset("riichi", {"hanchan": False}),
}


def library_pass(name: str, seconds: float, first: int) -> float:
    rules = RULES[name]
    t0 = time.perf_counter()
    hands = 0
    g = first
    while time.perf_counter() - t0 < seconds:
        game = play_game(rules, [make_agent("random", g * 4 + s, rules) for s in range(4)], g)
        hands += game.hand_number + 1
        g += 1
    return hands / (time.perf_counter() - t0)


def riichienv_hands_pass() -> Callable[[float], float] | None:
    """riichienv's random tonpuu hands per second: its games per second (the same pass as
    ``bench_riichi_game.py``) times its hands per game, counted once untimed."""
    from bench_riichi_game import riichienv_pass

    games_pass = riichienv_pass()
    if games_pass is None:
        return None
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(game_mode="4p-red-east", skip_mjai_logging=True, seed=7)
    agent = RandomAgent(seed=7)
    hands = 0
    for _ in range(20):  # a hand is a distinct (round wind, dealer, honba): one changes
        obs = env.reset()
        seen = set()
        while not env.done():
            seen.add((env.round_wind, env.kyoku_idx, env.honba))
            obs = env.step({p: agent.act(o) for p, o in obs.items()})
        hands += len(seen)
    per_game = hands / 20
    return lambda seconds: games_pass(seconds) * per_game


def warm() -> None:
    """Fill every ruleset's memo tables (they persist in a long run)."""
    for name in RULES:
        library_pass(name, 0.3, 10**6)


def simulate_pass(name: str, games: int, seed: int, script: Path | None = None) -> float:
    script = script or Path(sys.executable).with_name("sparrows")
    extra = {
        "riichi": ["--option", "hanchan=false"],
        "sichuan": ["--option", "hands=16"],
    }.get(name, ["--option", "max_hands=16"])
    out = subprocess.run(
        [str(script), "simulate", "--rules", name, "-n", str(games), "--workers", "1",
         "--agents", "random,random,random,random", "--seed", str(seed), "--quiet", *extra],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    head = out.splitlines()[0]
    return float(head.split("(", 1)[1].split(" hands/s", 1)[0].replace(",", ""))


def show(label: str, values: list[float]) -> float:
    median = statistics.median(values)
    print(
        f"  {label:<53} {median:>8,.0f} hands/s  (min {min(values):,.0f}, max {max(values):,.0f})"
    )
    return median


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of a library pass")
    ap.add_argument("--games", type=int, default=30, help="games per simulate pass")
    args = ap.parse_args()
    warm()
    fast_cli = compiled_bin("sparrows")
    builds = ["pure", "compiled"] if fast_cli else ["pure"]
    lib: dict[str, list[float]] = {}
    sim: dict[str, list[float]] = {}
    peer = riichienv_hands_pass()
    peer_values: list[float] = []
    for p in range(args.passes):
        if peer is not None:
            peer_values.append(peer(args.seconds))
        for name in RULES:
            pass_args = (name, args.seconds, 1000 * p)
            lib.setdefault(f"pure {name}", []).append(library_pass(*pass_args))
            sim.setdefault(f"pure {name}", []).append(simulate_pass(name, args.games, p))
            if fast_cli is not None:
                got = in_compiled("bench_chinese", "library_pass", pass_args, warm="warm")
                lib.setdefault(f"compiled {name}", []).append(got)
                got = simulate_pass(name, args.games, p, fast_cli)
                sim.setdefault(f"compiled {name}", []).append(got)
    print(f"Chinese-family hands per second, random agents, one core ({args.passes} passes):")
    if fast_cli is None:
        print("  (compiled build not built: `make fast`; pure Python only)")
    medians = {}
    for build in builds:
        for name in RULES:
            key = f"{build} {name}"
            medians[key] = show(f"{key}, sparrows simulate --workers 1", sim[key])
            show(f"{key}, library", lib[key])
    for build in builds:
        for name in ("hongkong", "classical", "sichuan"):
            ratio = medians[f"{build} {name}"] / medians[f"{build} riichi"]
            print(f"  {build} {name}: {ratio:.2f}x our riichi's hands/s (goal 500 hands/s)")
    if peer is None:
        print("  riichienv not installed (make bench installs it): no peer measured")
        return
    rust = show("riichienv tonpuu, random agents (games/s x hands/game)", peer_values)
    for build in builds:
        for name in ("hongkong", "classical", "sichuan"):
            ratio = medians[f"{build} {name}"] / rust
            print(f"  {build} {name} (simulate): {ratio:.2f}x riichienv's hands/s (goal 1.0x)")


if __name__ == "__main__":
    main()
