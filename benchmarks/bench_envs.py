"""Research environment speed: hands per second through the PettingZoo AEC environment of
every ruleset (``sparrows.envs.aec_env(ruleset, preset=..., episode="hand")``), on one
core, beside two peers in the same run (issue 22).

sparrows: the standard PettingZoo loop a learner runs, ``for agent in env.agent_iter():
obs, reward, terminated, truncated, info = env.last()``, then a uniformly random legal
action from ``obs["action_mask"]`` (a seeded numpy Generator), ``env.step(None)`` for a
finished agent, and ``env.reset()`` for the next hand (each a new game's first hand). Every
decision's observation is produced (``env.last()`` encodes it), claim windows included.
The environments' default asks a claim window as the peers do (``claims="eligible"``:
only the seats with a legal claim) and plays a decision with one legal action by itself;
the row "riichi, uniform claims" (``claims="uniform"``: every seat but the discarder
answers each discard, pass-only where it cannot claim) is the web table's mode.

Peers, passes alternating with ours so all see the same machine load:

* RLCard's ``rlcard.make("mahjong")`` (its own simplified rules, no scoring): the loop of
  its ``env.run`` with random agents, written out (without the trajectory lists):
  ``state, player = env.reset()``, then until ``env.is_over()`` a uniformly random id of
  ``state["legal_actions"]`` (a seeded numpy Generator) and ``state, player =
  env.step(id)``, which encodes the next player's observation (``state["obs"]``, a
  6x34x4 array, and its legal action ids); ``env.get_payoffs()`` at the hand's end.
* riichienv's ``RiichiEnv(game_mode="4p-red-single")`` (one hand per ``reset``; Rust
  core): ``obs = env.reset()``, then until ``env.done()`` for every seat in ``obs`` (the
  seats that owe a decision; a seat that cannot claim a discard is not asked) its feature
  tensor ``np.frombuffer(o.encode(), float32)`` (74x34) and a uniformly random element of
  ``o.legal_actions()``, then ``obs = env.step(actions)``. A second row does the same with
  ``o.encode_extended()`` (215x34), about the size of our riichi encoding (4,702 floats).

The batches: ``batch_env`` of riichi (16, 64 and 256 tables) and of Suzume (256), each
table an engine's game, and both rulesets' tables as arrays (``vectorised=True``, 64 and
256), beside pgx's ``sparrow_mahjong`` jitted and vmapped over 256 hands (its decisions a
hand counted in its loop) and riichienv.

Then PettingZoo's own ``pettingzoo.test.performance_benchmark(env)`` (5 s each, it prints
its figures; captured below) for the riichi and Suzume AEC environments, both builds.

Every figure is the median of several passes (min and max beside it), for both builds:
pure Python and, when ``make fast`` has built it, the compiled build (passes interleaved,
see ``builds.py``). Goals (issue 22): riichi at least 5x RLCard's hands/s in the pure
build and 10x compiled, and at least riichienv's hands/s compiled. A missing peer is
reported and skipped (``make bench`` installs both: the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import os
import statistics
import subprocess
import time
import warnings
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from builds import FAST, HERE, compiled_bin, in_compiled
from sparrows.envs import aec_env

# PettingZoo's advice on Dict observation spaces (the masks): not a measurement matter.
warnings.filterwarnings("ignore", category=UserWarning, module=r"pettingzoo\..*")

#: key: (ruleset, preset, label); the preset None is the ruleset's default.
CONFIGS: dict[str, tuple[str, str | None, str]] = {
    "suzume": ("suzume", None, "Suzume"),
    "riichi": ("riichi", None, "riichi (default preset)"),
    "riichi-uniform": ("riichi", None, "riichi, uniform claims"),
    "sanma": ("riichi", "tenhou-sanma", "riichi tenhou-sanma"),
    "house": ("riichi", "cy-dealers-choice", "riichi house (cy-dealers-choice)"),
    "hongkong": ("hongkong", None, "Hong Kong"),
    "classical": ("classical", None, "classical"),
    "sichuan": ("sichuan", None, "Sichuan"),
}

#: the configurations played with uniform claims (the others: the default, eligible)
UNIFORM = frozenset({"riichi-uniform"})

#: hands and decisions played (timed passes of this process), per key: decisions/hand.
COUNTS: dict[str, list[int]] = {}


def _hand(env: Any, rng: np.random.Generator) -> int:
    """One hand with random legal actions, the observation made at every step; the number
    of decisions taken."""
    decisions = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        decisions += 1
    return decisions


def ours(key: str, seconds: float, first: int, warm: float = 0.3) -> float:
    """Hands per second of ``CONFIGS[key]`` over about ``seconds``, after ``warm`` seconds
    of untimed hands (memo tables filled, as in a long run; callable in the compiled
    build, where every pass is a new process)."""
    ruleset, preset, _label = CONFIGS[key]
    claims = "uniform" if key in UNIFORM else "eligible"
    env = aec_env(ruleset, preset=preset, episode="hand", claims=claims)
    rng = np.random.default_rng(first)
    env.reset(seed=first)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warm:
        _hand(env, rng)
        env.reset()
    hands = decisions = 0
    t0 = time.perf_counter()
    while True:
        decisions += _hand(env, rng)
        hands += 1
        if time.perf_counter() - t0 >= seconds:
            break
        env.reset()
    elapsed = time.perf_counter() - t0
    count = COUNTS.setdefault(key, [0, 0])
    count[0] += hands
    count[1] += decisions
    return hands / elapsed


#: the batch rows: (ruleset key, tables, vectorised) through ``batch_env``; Suzume's
#: tables as arrays (``vectorised=True``) beside its per-table batch; riichi at 16 tables
#: too, where a process's per-table batch peaks (its rate falls with more tables)
BATCHES: tuple[tuple[str, int, bool], ...] = (
    ("riichi", 16, False),
    ("riichi", 64, False),
    ("riichi", 256, False),
    ("riichi", 64, True),
    ("riichi", 256, True),
    ("suzume", 256, False),
    ("suzume", 64, True),
    ("suzume", 256, True),
)


def batch_name(key: str, n: int, vectorised: bool) -> str:
    return f"batch {key} {n}" + (" arrays" if vectorised else "")


def batch_pass(
    seconds: float, first: int, key: str = "riichi", n: int = 64, vectorised: bool = False
) -> float:
    """Hands per second of ``CONFIGS[key]`` through ``batch_env(..., n)``: one call steps
    every table, a uniformly random legal action per row (numpy, vectorised: the mask's
    cumulative sum against one uniform draw per row), an observation for every row;
    timed once every table has ended a hand. The rate is the decisions a second divided
    by the decisions of the hands the tables ended in the window (each hand's own
    length): counting the hands ended in the window instead is biased, since a batch
    started together ends its hands in waves (random play plays most hands out) and a
    window holds a whole number of them (that count made Suzume's hands 25 decisions
    long instead of 21.5)."""
    from sparrows.envs import batch_env

    ruleset, preset, _label = CONFIGS[key]
    env = batch_env(ruleset, n, preset=preset, seed=first, copy=False, vectorised=vectorised)
    rng = np.random.default_rng(first)
    _obs, mask, _seat = env.reset()

    def pick(mask: Any) -> Any:
        cum = mask.cumsum(axis=1)
        draw = (rng.random(n) * cum[:, -1]).astype(np.int64)
        return (cum <= draw[:, None]).sum(axis=1)

    # warm until every table has ended a hand: from then on each table's step counter
    # counts its hand from its start
    length = np.zeros(n, dtype=np.int64)
    ended = np.zeros(n, dtype=bool)
    while not ended.all():
        step = env.step(pick(mask))
        mask = step.mask
        length += 1
        length[step.terminated] = 0
        ended |= step.terminated
    hands = hand_decisions = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or hands < 2 * n:
        step = env.step(pick(mask))
        mask = step.mask
        length += 1
        done = step.terminated
        if done.any():
            hands += int(done.sum())
            hand_decisions += int(length[done].sum())
            length[done] = 0
        steps += 1
    elapsed = time.perf_counter() - t0
    count = COUNTS.setdefault(batch_name(key, n, vectorised), [0, 0])
    count[0] += hands
    count[1] += hand_decisions
    return steps * n / elapsed / (hand_decisions / hands)


def pgx_batch_pass(n: int = 256) -> Callable[[float, int], float] | None:
    """pgx's Sparrow Mahjong (its own simplified rules), ``n`` hands at once: init, then
    uniformly random legal actions until every hand has ended, jitted into one call
    (``jax.vmap`` of a ``jax.lax.while_loop``) on the CPU; hands per second."""
    try:
        import jax
        import jax.numpy as jnp
        import pgx
    except ImportError:
        return None
    env = pgx.make("sparrow_mahjong")

    def body(carry: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
        state, key, steps = carry
        key, sub = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return env.step(state, jax.random.categorical(sub, logits)), key, steps + 1

    def alive(carry: tuple[Any, Any, Any]) -> Any:
        state = carry[0]
        return ~(state.terminated | state.truncated)

    def one_hand(key: Any) -> Any:
        key, sub = jax.random.split(key)
        state, _, steps = jax.lax.while_loop(alive, body, (env.init(sub), key, 0))
        return state.rewards, steps  # (steps: the hand's decisions, for dec/hand)

    hands = jax.jit(jax.vmap(one_hand))
    keys = [jax.random.PRNGKey(0)]
    hands(jax.random.split(keys[0], n))[1].block_until_ready()  # compile
    count = COUNTS.setdefault("pgx 256", [0, 0])

    def run(seconds: float, first: int) -> float:
        done = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            keys[0], sub = jax.random.split(keys[0])
            _rewards, steps = hands(jax.random.split(sub, n))
            count[1] += int(steps.block_until_ready().sum())
            done += n
        count[0] += done
        return done / (time.perf_counter() - t0)

    return run


def dataset_pass(first: int) -> float:
    """Decisions per second of ``write_dataset`` over the shared Tenhou games (mjlog): each
    log replayed and checked, every decision encoded, the file written compressed."""
    import tempfile
    from pathlib import Path

    from sparrows.envs.dataset import write_dataset

    logs = HERE.parent.parent / "shared" / "oracles" / "riichi" / "mjlog"
    if not logs.is_dir():
        return 0.0
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        summary = write_dataset([logs], Path(tmp) / "d.npz")
        seconds = time.perf_counter() - t0
    count = COUNTS.setdefault("dataset", [0, 0])
    count[0] += summary.logs
    count[1] += summary.decisions
    return summary.decisions / seconds


def rlcard_pass() -> Callable[[float, int], float] | None:
    try:
        import rlcard
    except ImportError:
        return None
    count = COUNTS.setdefault("rlcard", [0, 0])

    def run(seconds: float, first: int) -> float:
        env = rlcard.make("mahjong", config={"seed": first})
        rng = np.random.default_rng(first)
        hands = 0
        t0 = time.perf_counter()
        while True:
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[int(rng.integers(len(legal)))])
                count[1] += 1
            env.get_payoffs()
            hands += 1
            if time.perf_counter() - t0 >= seconds:
                break
        count[0] += hands
        return hands / (time.perf_counter() - t0)

    return run


def riichienv_pass(extended: bool) -> Callable[[float, int], float] | None:
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    count = COUNTS.setdefault("riichienv extended" if extended else "riichienv", [0, 0])

    def run(seconds: float, first: int) -> float:
        env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=first + 1)
        rng = np.random.default_rng(first)
        hands = 0
        t0 = time.perf_counter()
        while True:
            obs = env.reset()
            while not env.done():
                actions = {}
                for seat, o in obs.items():
                    buf = o.encode_extended() if extended else o.encode()
                    np.frombuffer(buf, dtype=np.float32)
                    legal = o.legal_actions()
                    actions[seat] = legal[int(rng.integers(len(legal)))]
                    count[1] += 1
                obs = env.step(actions)
            hands += 1
            if time.perf_counter() - t0 >= seconds:
                break
        count[0] += hands
        return hands / (time.perf_counter() - t0)

    return run


def floor_pass(seconds: float, first: int, per_hand: int = 306, legal: int = 8) -> float:
    """Hands per second of the same loop (:func:`_hand`) over a PettingZoo AEC environment
    that does nothing: four agents in turn, ``per_hand`` decisions a hand, an observation
    the size of riichi's (a new float32 array each ``observe``, as ours) and an int8 mask of
    the riichi layout's size with ``legal`` actions set. No environment with that many
    decisions a hand can pass this loop faster: it is the ceiling the loop, PettingZoo's
    ``agent_iter`` / ``last`` and the random pick set."""
    from pettingzoo import AECEnv

    from sparrows.envs.core import EnvCore

    table = EnvCore("riichi")
    obs = np.zeros(table.encoder.size, dtype=np.float32)
    mask = np.zeros(table.layout.size, dtype=np.int8)
    mask[:legal] = 1

    class Idle(AECEnv):  # type: ignore[misc]
        metadata: ClassVar[dict[str, Any]] = {"name": "idle"}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(4)]

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {"legal_actions": []} for a in self.agents}
            self.agent_selection = self.agents[0]
            self.steps = 0

        def observe(self, agent: str) -> dict[str, Any]:
            return {"observation": obs.copy(), "action_mask": mask.copy()}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.steps += 1
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % 4]
            if self.steps >= per_hand:
                self.terminations = dict.fromkeys(self.agents, True)

    env = Idle()
    rng = np.random.default_rng(first)
    env.reset()
    hands = 0
    t0 = time.perf_counter()
    while True:
        _hand(env, rng)
        hands += 1
        if time.perf_counter() - t0 >= seconds:
            break
        env.reset()
    return hands / (time.perf_counter() - t0)


def engine_pass(seconds: float, first: int) -> float:
    """Hands per second of the riichi engine alone, as the environment plays it by default
    (eligible claims, no record), with a uniformly random legal action at every decision (Python's
    ``random``: cheaper than numpy's pick, which the floor already counts): no observation,
    mask or PettingZoo. With the floor it bounds the environment: 1 / (1 / floor + 1 /
    engine) hands/s were the encoder and the wrapper free."""
    import random

    from sparrows.engine.game import Game
    from sparrows.rules import get_ruleset

    rules = get_ruleset("riichi")
    rng = random.Random(first)
    hands = decisions = 0
    seed = first
    t0 = time.perf_counter()
    while True:
        game = Game(rules, seed, record=False)
        while game.hand_number == 0 and game.pending:
            for seat, legal in game.decisions():
                game.step(seat, legal[rng.randrange(len(legal))])
                decisions += 1
        hands += 1
        seed += 1
        if time.perf_counter() - t0 >= seconds:
            break
    count = COUNTS.setdefault("engine", [0, 0])
    count[0] += hands
    count[1] += decisions
    return hands / (time.perf_counter() - t0)


PZ_ENVS = ("riichi", "suzume")


def pz_benchmark(key: str) -> str:
    """PettingZoo's ``performance_benchmark`` of ``CONFIGS[key]``'s AEC environment (5 s;
    its own random actions from the mask): what it printed."""
    from pettingzoo.test import performance_benchmark

    ruleset, preset, _label = CONFIGS[key]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(aec_env(ruleset, preset=preset, episode="hand"))
    return out.getvalue()


def pz_benchmark_compiled(key: str) -> str:
    python = compiled_bin()
    assert python is not None
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); import bench_envs as m; "
        "from sparrows.compiled import build; assert build() == 'compiled', build(); "
        f"print(m.pz_benchmark({key!r}), end='')"
    )
    return subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    ).stdout


def med(values: list[float]) -> float:
    return statistics.median(values)


def cell(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{med(values):7.1f} ({min(values):.1f}-{max(values):.1f})"


def ratio(mine: list[float], theirs: list[float]) -> str:
    if not mine or not theirs:
        return "-"
    return f"{med(mine) / med(theirs):.2f}x"


def freshness() -> str:
    """Which code the compiled build holds: a warning when a source is newer."""
    stamp = FAST.parent / ".installed"
    if not stamp.exists():
        return "compiled build: not built (`make fast`)"
    built = stamp.stat().st_mtime
    src = HERE.parent / "src"
    newer = [p for p in src.rglob("*.py") if p.stat().st_mtime > built]
    when = datetime.datetime.fromtimestamp(built).strftime("%Y-%m-%d %H:%M")
    note = f"compiled build made {when}"
    if newer:
        note += f"; WARNING: {len(newer)} source files changed since (run `make fast`)"
    return note


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one pass")
    ap.add_argument("--quick", action="store_true", help="smoke run: 1 pass of 0.5 s")
    ap.add_argument("--no-pz", action="store_true", help="skip PettingZoo's benchmark")
    ap.add_argument(
        "--all-cores", action="store_true", help="do not pin the run (and its children) to one core"
    )
    args = ap.parse_args()
    if args.quick:
        args.passes, args.seconds = 1, 0.5
    if not args.all_cores and hasattr(os, "sched_setaffinity"):
        # one core for every measurement, ours and the peers' (JAX's threads included);
        # the compiled passes' processes inherit it
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    started = datetime.datetime.now()
    commit = subprocess.run(
        ["git", "-C", str(HERE), "log", "-1", "--format=%h %cd", "--date=format:%Y-%m-%d %H:%M"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    fast = compiled_bin() is not None
    peers: dict[str, Callable[[float, int], float] | None] = {
        "rlcard": rlcard_pass(),
        "riichienv": riichienv_pass(extended=False),
        "riichienv extended": riichienv_pass(extended=True),
    }
    pgx_batch = pgx_batch_pass(256)
    results: dict[str, list[float]] = {}
    for p in range(args.passes):
        first = 1000 * (p + 1)
        for key in CONFIGS:
            results.setdefault(f"pure {key}", []).append(ours(key, args.seconds, first))
            if fast:
                got = in_compiled("bench_envs", "ours", (key, args.seconds, first))
                results.setdefault(f"compiled {key}", []).append(got)
            if key == "riichi":  # the peers, the floor and the engine beside riichi's
                for name, run in peers.items():
                    if run is not None:
                        results.setdefault(name, []).append(run(args.seconds, first))
                hands, decisions = COUNTS["riichi"]
                per_hand = round(decisions / hands)
                results.setdefault("floor", []).append(floor_pass(args.seconds, first, per_hand))
                results.setdefault("pure engine", []).append(engine_pass(args.seconds, first))
                for bkey, n, vec in BATCHES:
                    name = batch_name(bkey, n, vec)
                    got = batch_pass(args.seconds, first, bkey, n, vec)
                    results.setdefault(f"pure {name}", []).append(got)
                    if fast:
                        got = in_compiled(
                            "bench_envs", "batch_pass", (args.seconds, first, bkey, n, vec)
                        )
                        results.setdefault(f"compiled {name}", []).append(got)
                if pgx_batch is not None:
                    results.setdefault("pgx 256", []).append(pgx_batch(args.seconds, first))
                if p < 3:  # the dataset writer: three passes are enough (about 10 s each)
                    results.setdefault("pure dataset", []).append(dataset_pass(first))
                    if fast:
                        got = in_compiled("bench_envs", "dataset_pass", (first,))
                        results.setdefault("compiled dataset", []).append(got)
                if fast:
                    got = in_compiled("bench_envs", "engine_pass", (args.seconds, first))
                    results.setdefault("compiled engine", []).append(got)
        print(f"  pass {p + 1}/{args.passes} done", flush=True)
    pz: dict[str, str] = {}
    if not args.no_pz:
        for key in ("suzume",) if args.quick else PZ_ENVS:
            pz[f"pure {key}"] = pz_benchmark(key)
            if fast:
                pz[f"compiled {key}"] = pz_benchmark_compiled(key)

    print()
    print(
        f"Research environments: hands per second, AEC env, episode='hand', random legal "
        f"actions, observation at every decision, one core; {started:%Y-%m-%d %H:%M}, "
        f"commit {commit}"
    )
    print(
        f"  medians of {args.passes} passes of {args.seconds:g} s (min-max); pure: this "
        f"interpreter; {freshness() if fast else 'compiled build: not built (make fast)'}"
    )
    head = (
        f"  {'ruleset':<44} {'dec/hand':>8} {'dec/s':>7}  {'pure hands/s':>22}"
        f"  {'compiled hands/s':>22}  {'x RLCard p/c':>13}  {'x riichienv p/c':>15}"
    )
    print(head)
    print("  " + "-" * (len(head) - 2))
    rl = results.get("rlcard", [])
    rv = results.get("riichienv", [])
    for key, (_r, _p, label) in CONFIGS.items():
        pure = results[f"pure {key}"]
        comp = results.get(f"compiled {key}", [])
        hands, decisions = COUNTS[key]
        x_rl = f"{ratio(pure, rl)}/{ratio(comp, rl)}"
        x_rv = f"{ratio(pure, rv)}/{ratio(comp, rv)}" if key == "riichi" else ""
        print(
            f"  {label:<44} {decisions / hands:8.0f} {med(pure) * decisions / hands:7.0f}"
            f"  {cell(pure):>22}  {cell(comp):>22}"
            f"  {x_rl:>13}  {x_rv:>15}"
        )
    labels = {
        "rlcard": "RLCard mahjong (simplified rules)",
        "riichienv": "riichienv 4p-red-single, encode",
        "riichienv extended": "riichienv ..., encode_extended",
    }
    for name, label in labels.items():
        if peers[name] is None:
            print(f"  {label:<44} not installed (make bench installs it)")
            continue
        hands, decisions = COUNTS[name]
        per_hand = decisions / hands
        rate = med(results[name]) * per_hand
        print(f"  {label:<44} {per_hand:8.0f} {rate:7.0f}  {cell(results[name]):>22}")
    per_hand = COUNTS["riichi"][1] / COUNTS["riichi"][0]
    print(
        f"  {'floor: an idle AEC env, riichi sizes':<44} {round(per_hand):8d}"
        f" {med(results['floor']) * round(per_hand):7.0f}  {cell(results['floor']):>22}"
    )
    for bkey, n, vec in BATCHES:
        name = batch_name(bkey, n, vec)
        hands, decisions = COUNTS[name]
        pure, comp = results[f"pure {name}"], results.get(f"compiled {name}", [])
        x_rv = f"{ratio(pure, rv)}/{ratio(comp, rv)}" if bkey == "riichi" else ""
        pgx = results.get("pgx 256", [])
        x_pgx = f"{ratio(pure, pgx)}/{ratio(comp, pgx)} pgx" if bkey == "suzume" else ""
        print(
            f"  {f'{CONFIGS[bkey][2]}, batch_env of {n}' + (', arrays' if vec else ''):<44}"
            f" {decisions / max(hands, 1):8.0f}"
            f" {med(pure) * decisions / max(hands, 1):7.0f}  {cell(pure):>22}  {cell(comp):>22}"
            f"  {x_pgx:>13}  {x_rv:>15}"
        )
    if results.get("pgx 256"):
        hands, decisions = COUNTS["pgx 256"]
        per_hand = decisions / max(hands, 1)
        print(
            f"  {'pgx sparrow_mahjong, vmap of 256':<44} {per_hand:8.0f}"
            f" {med(results['pgx 256']) * per_hand:7.0f}  {cell(results['pgx 256']):>22}"
        )
    else:
        print(f"  {'pgx sparrow_mahjong, vmap of 256':<44} not installed (make bench installs it)")
    if results.get("pure dataset") and results["pure dataset"][0] > 0:
        logs, decisions = COUNTS["dataset"]
        print(
            f"  {'dataset writer, shared Tenhou games':<44} {decisions / max(logs, 1):8.0f}"
            f" (decisions a game; decisions/s)  {cell(results['pure dataset']):>22}"
            f"  {cell(results.get('compiled dataset', [])):>22}"
        )
    hands, decisions = COUNTS["engine"]
    engine = results["pure engine"]
    print(
        f"  {'riichi engine alone, no env':<44} {decisions / hands:8.0f}"
        f" {med(engine) * decisions / hands:7.0f}  {cell(engine):>22}"
        f"  {cell(results.get('compiled engine', [])):>22}"
    )
    print(
        "  (dec/hand: decisions, so observations made, per hand, counted in this process's"
        " passes; dec/s: that times the pure (or the peer's) median hands/s. floor: the"
        " same loop over an environment that does nothing but hand out riichi-sized"
        " observations and masks for riichi's decisions a hand: no environment with that"
        " many decisions can pass this loop faster)"
    )
    print("Goals (issues 22 and 33), riichi (default preset) unless named, medians:")
    goals = [
        ("pure >= 5x RLCard", "pure riichi", "rlcard", 5.0),
        ("compiled >= 10x RLCard", "compiled riichi", "rlcard", 10.0),
        ("compiled >= riichienv (encode)", "compiled riichi", "riichienv", 1.0),
    ]
    for text, mine, theirs, target in goals:
        if not results.get(mine) or not results.get(theirs):
            print(f"  {text}: not measured")
            continue
        got = med(results[mine]) / med(results[theirs])
        ours_dec = COUNTS["riichi"][1] / COUNTS["riichi"][0]
        theirs_dec = COUNTS[theirs][1] / COUNTS[theirs][0]
        per_decision = got * ours_dec / theirs_dec
        print(
            f"  {text}: {got:.2f}x, {'met' if got >= target else 'NOT met'}"
            f" (per decision, not the goal's measure: {per_decision:.2f}x)"
        )
    batch_goals = [  # issue 33: through batch_env, compiled
        ("riichi batch_env of 64, compiled >= 2x riichienv", "batch riichi 64", "riichienv", 2.0),
        ("riichi batch_env of 256, compiled >= 2x riichienv", "batch riichi 256", "riichienv", 2.0),
        (
            "riichi batch_env of 64 as arrays, compiled >= 2x riichienv",
            "batch riichi 64 arrays",
            "riichienv",
            2.0,
        ),
        (
            "riichi batch_env of 256 as arrays, compiled >= 2x riichienv",
            "batch riichi 256 arrays",
            "riichienv",
            2.0,
        ),
        ("Suzume batch_env of 256, compiled >= pgx (256)", "batch suzume 256", "pgx 256", 1.0),
        (
            "Suzume batch_env of 256 as arrays, compiled >= pgx (256)",
            "batch suzume 256 arrays",
            "pgx 256",
            1.0,
        ),
    ]
    for text, mine, theirs, target in batch_goals:
        got_c, peer = results.get(f"compiled {mine}"), results.get(theirs)
        if not got_c or not peer:
            print(f"  {text}: not measured")
            continue
        got = med(got_c) / med(peer)
        print(f"  {text}: {got:.2f}x, {'met' if got >= target else 'NOT met'}")
    floor = med(results["floor"])
    for text, build, theirs, target in (
        ("5x RLCard", "pure", "rlcard", 5.0),
        ("10x RLCard", "compiled", "rlcard", 10.0),
        ("riichienv (encode)", "compiled", "riichienv", 1.0),
    ):
        engine = results.get(f"{build} engine")
        if results.get(theirs) and engine:
            need = target * med(results[theirs])
            bound = 1 / (1 / floor + 1 / med(engine))
            print(
                f"  {text} is {need:.1f} hands/s; the floor with the {build} engine allows"
                f" {bound:.1f} were the encoder and the wrapper free ({bound / need:.2f}x)"
            )
    if "riichienv extended" in results and "compiled riichi" in results:
        got = med(results["compiled riichi"]) / med(results["riichienv extended"])
        print(f"  (compiled beside riichienv with encode_extended: {got:.2f}x)")
    if pz:
        print("PettingZoo performance_benchmark (5 s each; turns = agent steps, a cycle =")
        print("one step of each agent; env.reset() when all are done), as it printed:")
        for name, text in pz.items():
            lines = [ln for ln in text.splitlines() if "per second" in ln]
            print(f"  {name:<16} " + "; ".join(lines))


if __name__ == "__main__":
    main()
