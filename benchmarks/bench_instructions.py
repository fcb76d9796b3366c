"""Instructions per decision of the research environments, counted by valgrind's callgrind:
a figure that does not move with the machine's load, for comparing two versions of the code
(the hands/s of ``bench_envs.py`` moved by up to 1.6x within one session on this machine).

The workload is ``bench_envs.py``'s: the PettingZoo AEC loop with an observation at every
decision and a seeded random legal action, ``--hands`` hands (each a new seeded game's
first hand). It runs twice under callgrind, with those hands and with none (start-up,
imports and the environment's construction), and the difference is divided by the
decisions played. ``PYTHONHASHSEED=0`` and one BLAS thread make the count repeatable (two
runs differed by 2 instructions a decision here). Not a wall-clock figure: a large copy
counts by the byte (``rep movsb``), so the observation's copy weighs more here than in
time.

    .venv/bin/python benchmarks/bench_instructions.py [--hands 10] [--src DIR]
        [--claims uniform|eligible] [keys...]

``--src DIR`` measures the pure-Python source tree ``DIR/src`` instead of this one (check
out another commit with ``git worktree add``); the compiled build is measured when ``make
fast`` has built it. ``--claims`` chooses how claim windows are asked: ``uniform`` (the
default, as the figures recorded in docs/benchmarks.md were measured) or ``eligible`` (the
environments' default, fewer and costlier decisions). Needs valgrind (``make bench``
installs it). A run of 10 riichi hands takes about half a minute a build.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from builds import HERE, compiled_bin

PURE = HERE.parent / ".venv" / "bin" / "python"
CONFIGS = {
    "suzume": ("suzume", None),
    "riichi": ("riichi", None),
    "sanma": ("riichi", "tenhou-sanma"),
    "house": ("riichi", "cy-dealers-choice"),
    "hongkong": ("hongkong", None),
    "sichuan": ("sichuan", None),
}


def child(key: str, hands: int, claims: str = "uniform") -> None:
    """The workload (run under callgrind): prints the decisions taken."""
    import numpy as np

    from bench_envs import _hand  # the hands/s benchmark's loop (it quiets PettingZoo too)
    from sparrows.envs import aec_env

    ruleset, preset = CONFIGS[key]
    # uniform claims by default, as the table's columns were measured (instructions per
    # decision compare across commits only for the same decisions); --claims eligible:
    # the environments' default
    try:
        env = aec_env(ruleset, preset=preset, episode="hand", claims=claims)
    except TypeError:  # a source from before the claims option (uniform was the only mode)
        env = aec_env(ruleset, preset=preset, episode="hand")
    rng = np.random.default_rng(0)
    decisions = 0
    for h in range(hands):
        env.reset(seed=h)
        decisions += _hand(env, rng)
    print(f"decisions {decisions}")


def count(
    python: Path, key: str, hands: int, src: Path | None, claims: str = "uniform"
) -> tuple[int, int]:
    """(instructions, decisions) of the workload under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    if src is not None:
        env["PYTHONPATH"] = str(src)
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            str(python),
            str(Path(__file__).resolve()),
            "--child",
            key,
            str(hands),
            claims,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    collected = re.search(r"Collected : (\d+)", out.stderr)
    decisions = re.search(r"decisions (\d+)", out.stdout)
    if collected is None or decisions is None:
        raise RuntimeError(f"callgrind gave no count:\n{out.stderr[-2000:]}")
    return int(collected.group(1)), int(decisions.group(1))


def per_decision(
    python: Path, key: str, hands: int, src: Path | None, claims: str = "uniform"
) -> tuple[float, int]:
    base, _ = count(python, key, 0, src, claims)
    total, decisions = count(python, key, hands, src, claims)
    return (total - base) / decisions, decisions


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", help=f"of {', '.join(CONFIGS)} (riichi, suzume)")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--src", type=Path, help="measure DIR/src (pure build) instead")
    parser.add_argument(
        "--claims",
        choices=("uniform", "eligible"),
        default="uniform",
        help="how claim windows are asked (uniform: the figures recorded so far)",
    )
    args = parser.parse_args()
    keys = args.keys or ["riichi", "suzume"]
    unknown = [k for k in keys if k not in CONFIGS]
    if unknown:
        parser.error(f"unknown key {unknown[0]!r}; expected one of {', '.join(CONFIGS)}")
    src = None if args.src is None else args.src.resolve() / "src"
    builds: list[tuple[str, Path]] = [("pure", PURE)]
    fast = compiled_bin()
    if src is None and fast is not None:
        builds.append(("compiled", fast))
    print(
        f"instructions per decision (callgrind), {args.hands} hands, AEC env, random play,"
        f" claims={args.claims!r}"
    )
    print(f"source: {src or HERE.parent / 'src'}")
    print("| | decisions | " + " | ".join(name for name, _ in builds) + " |")
    print("|---|---|" + "---|" * len(builds))
    for key in keys:
        cells = []
        decisions = 0
        for _name, python in builds:
            value, decisions = per_decision(python, key, args.hands, src, args.claims)
            cells.append(f"{value:,.0f}")
        print(f"| {key} | {decisions} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
