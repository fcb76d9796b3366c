"""Suzume-Jong simulation speed: full 4-player hands per second on one core.

Measures complete games (16 hands each) with random agents and with efficiency agents,
with recording off and on. If the `pgx` package (with JAX) is installed, its Sparrow
Mahjong environment is measured in the same run: one hand at a time (unbatched), the whole
hand (init, then uniformly random legal actions until it ends) jitted into one call with
``jax.lax.while_loop``, on the CPU; the ratio is printed.
pgx's sparrow_mahjong plays single hands (one hand per episode) with its own simplified
rules; the comparison is of engine throughput per hand, not of identical rules.
"""

from __future__ import annotations

import argparse
import time

from sparrows.agents import make_agent
from sparrows.rules import get_ruleset
from sparrows.sim import play_game


def hands_per_second(agent: str, record: bool, seconds: float) -> tuple[float, float, int]:
    """(best pass, mean over all passes) in hands per second; passes of 10 games each.

    The best pass is the usual estimate of what the code costs (timeit's convention: a
    shared machine only ever makes a pass slower); the mean is printed beside it.
    """
    ruleset = get_ruleset("suzume")
    games = 0
    warm = time.perf_counter()  # fill the rulesets' memo tables first (about a second)
    while time.perf_counter() - warm < 1.0:
        play_game(ruleset, [make_agent(agent, s) for s in range(4)], 10**6 + games)
        games += 1
    games = hands = 0
    best = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        batch = 0
        for _ in range(10):
            game = play_game(
                ruleset, [make_agent(agent, games * 4 + s) for s in range(4)], games, record=record
            )
            batch += game.hand_number + 1
            games += 1
        best = max(best, batch / (time.perf_counter() - t0))
        hands += batch
    return best, hands / (time.perf_counter() - start), hands


def pgx_hands_per_second(seconds: float) -> float | None:
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
        # the whole hand in one jitted call: init, then random legal steps until it ends
        key, sub = jax.random.split(key)
        state, _ = jax.lax.while_loop(alive, body, (env.init(sub), key))
        return state.rewards  # type: ignore[attr-defined, no-any-return]

    key = jax.random.PRNGKey(0)
    one_hand(key).block_until_ready()  # compile
    best = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:  # passes of 20 hands, best pass kept
        t0 = time.perf_counter()
        for _ in range(20):
            key, sub = jax.random.split(key)
            one_hand(sub).block_until_ready()
        best = max(best, 20 / (time.perf_counter() - t0))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = ap.parse_args()
    print("sparrows Suzume-Jong, one core, full 4-player hands per second")
    results = {}
    for agent in ("random", "efficiency"):
        for record in (False, True):
            best, mean, hands = hands_per_second(agent, record, args.seconds)
            results[(agent, record)] = best
            print(
                f"  {agent:<11} recording {'on ' if record else 'off'}  {best:7,.0f} hands/s "
                f"best pass, {mean:7,.0f} mean  ({hands} hands)"
            )
    print("  target: >= 5,000 hands/s with random agents")
    peer = pgx_hands_per_second(args.seconds)
    if peer is None:
        print("pgx not installed: no peer measured (pip install pgx jax)")
    else:
        print(
            f"pgx sparrow_mahjong, unbatched, random legal actions: {peer:,.0f} hands/s best pass"
        )
        ratio = results[("random", False)] / peer
        print(f"ratio (sparrows random best pass, recording off / pgx): {ratio:.1f}x")


if __name__ == "__main__":
    main()
