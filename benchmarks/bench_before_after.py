"""Simulation speed of two commits, compiled builds side by side: did a change slow it down?

``sparrows simulate --rules R -n N --workers 1`` with four random agents (the engine's
pace, not the bots') for each ruleset: Suzume, riichi tonpuu (``hanchan=false``), Hong
Kong and classical capped at 16 hands (``max_hands=16``), Sichuan at 16 hands
(``hands=16``), as in ``bench_chinese.py``. The figure is the hands/s that the command
prints for itself (its own clock: process start-up left out, memo tables filled from
empty in every run). Both commits run the same games (same seeds) in the same run, their
passes interleaved (which commit goes first alternates), the median of several passes.

Not part of ``make bench``: it builds another commit, which takes a few minutes. Run it
from the checkout, after ``make dev`` (its ``.venv`` has mypy and setuptools)::

    .venv/bin/python benchmarks/bench_before_after.py [BEFORE] [--after COMMIT]
        [--passes 5] [--pure] [--keep] [--rules suzume,riichi,...] [--scale 1.0]

``BEFORE`` defaults to ``ad545ff`` (the last commit before the client contract, issue
20); ``--after`` to ``HEAD``. Each commit is checked out with ``git worktree add
--detach`` (``/tmp/before``, ``/tmp/after``) and its compiled wheel built as the
Makefile's ``$(FASTSTAMP)`` rule does (``.venv/bin/pip wheel --no-build-isolation`` with
``SPARROWS_COMPILE=1``, ``MYPY_CACHE_DIR`` in /tmp) into a new environment
(``/tmp/venv-before``, ``/tmp/venv-after``: ``python3 -m venv``, the wheel installed with
``--no-deps``). "After" is built from the commit, not taken from ``.venv-fast``, so
uncommitted changes in the checkout are never measured. An environment whose stamp names
the same commit is reused. ``--pure`` also measures each commit's pure-Python source
(``PYTHONPATH=/tmp/before/src`` with ``.venv``'s interpreter). The worktrees are removed
at the end (``--keep`` keeps them); nothing is committed from them.

Goal (issue 20): no regression beyond 5% in the compiled build.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ROOT / ".venv" / "bin" / "python"
TMP = Path("/tmp")

#: ruleset -> (games per run, options): about 2-3 s a run in the compiled build
RUNS: dict[str, tuple[int, list[str]]] = {
    "suzume": (1500, []),
    "riichi": (300, ["--option", "hanchan=false"]),
    "hongkong": (150, ["--option", "max_hands=16"]),
    "classical": (200, ["--option", "max_hands=16"]),
    "sichuan": (200, ["--option", "hands=16"]),
}


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout.strip()


def checkout(commit: str, where: Path) -> None:
    """A detached worktree of ``commit`` at ``where`` (replacing one left there)."""
    if where.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(where)], cwd=ROOT)
    git("worktree", "add", "--detach", str(where), commit)


def build_compiled(commit: str, tree: Path, venv: Path) -> None:
    """The compiled build of ``tree`` (at ``commit``) in ``venv``, unless ``venv``'s stamp
    names ``commit`` already."""
    stamp = venv / ".sparrows-commit"
    if stamp.exists() and stamp.read_text().strip() == commit:
        print(f"  {venv}: compiled build of {commit[:12]} already there", flush=True)
        return
    wheels = TMP / f"wheel-{tree.name}"
    subprocess.run(["rm", "-rf", str(wheels), str(venv)], check=True)
    env = dict(os.environ, SPARROWS_COMPILE="1", MYPY_CACHE_DIR=str(TMP / f"mypy-{tree.name}"))
    t0 = time.perf_counter()
    subprocess.run(
        [str(ROOT / ".venv" / "bin" / "pip"), "wheel", "-q", "--no-build-isolation",
         "--no-deps", "-w", str(wheels), str(tree)],
        env=env, check=True,
    )  # fmt: skip
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True)
    (wheel,) = wheels.glob("sparrows-*.whl")
    pip = [str(venv / "bin" / "pip"), "install", "-q", "--no-deps", str(wheel)]
    subprocess.run(pip, check=True)
    stamp.write_text(commit + "\n")
    print(f"  {venv}: built {commit[:12]} in {time.perf_counter() - t0:.0f} s", flush=True)


def simulate(command: list[str], name: str, seed: int, scale: float, env: dict[str, str]) -> str:
    """The first line ``sparrows simulate`` prints (its figures) for one run."""
    games, options = RUNS[name]
    games = max(1, round(games * scale))
    out = subprocess.run(
        [*command, "simulate", "--rules", name, "-n", str(games), "--workers", "1",
         "--agents", "random,random,random,random", "--seed", str(seed), "--quiet", *options],
        capture_output=True, text=True, check=True, env=env,
    ).stdout  # fmt: skip
    return out.splitlines()[0]


LABELS = {"compiled": "compiled", "pure": "pure-Python"}  # as the line names the builds


def hands_per_second(head: str, build: str) -> tuple[float, int]:
    """(hands/s, hands) from the line, checking that it names ``build``."""
    assert f"worker(s), {LABELS[build]} build)" in head, f"not the {build} build: {head}"
    rate = float(head.split("(", 1)[1].split(" hands/s", 1)[0].replace(",", ""))
    hands = int(head.split(" hands of ", 1)[0].rsplit(" ", 1)[1])
    return rate, hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", nargs="?", default="ad545ff")
    ap.add_argument("--after", default="HEAD")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--pure", action="store_true", help="the pure-Python sources too")
    ap.add_argument("--keep", action="store_true", help="keep the worktrees")
    ap.add_argument("--rules", default=",".join(RUNS), help="rulesets, comma-separated")
    ap.add_argument("--scale", type=float, default=1.0, help="games per run times this")
    args = ap.parse_args()
    names = args.rules.split(",")
    commits = {
        "before": git("rev-parse", "--verify", args.before + "^{commit}"),
        "after": git("rev-parse", "--verify", args.after + "^{commit}"),
    }
    trees = {side: TMP / side for side in commits}
    venvs = {side: TMP / f"venv-{side}" for side in commits}
    for side, commit in commits.items():
        print(f"{side}: {git('log', '-1', '--format=%h %cd %s', '--date=iso', commit)[:100]}")
    try:
        for side, commit in commits.items():
            checkout(commit, trees[side])
            build_compiled(commit, trees[side], venvs[side])
        # build -> side -> (command, environment)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        commands = {
            "compiled": {side: ([str(venvs[side] / "bin" / "sparrows")], base) for side in commits}
        }
        if args.pure:
            commands["pure"] = {
                side: (
                    [str(PURE), "-m", "sparrows"],
                    dict(base, PYTHONPATH=str(trees[side] / "src")),
                )
                for side in commits
            }
        print(time.strftime("bench_before_after: passes started %Y-%m-%d %H:%M:%S"), flush=True)
        rates: dict[tuple[str, str, str], list[float]] = {}
        hands: dict[tuple[str, str, str], set[int]] = {}
        for p in range(args.passes):
            order = ["before", "after"] if p % 2 == 0 else ["after", "before"]
            for name in names:
                for build, sides in commands.items():
                    for side in order:
                        command, env = sides[side]
                        head = simulate(command, name, p, args.scale, env)
                        rate, n = hands_per_second(head, build)
                        rates.setdefault((build, name, side), []).append(rate)
                        hands.setdefault((build, name, side), set()).add(n)
            print(time.strftime(f"  pass {p + 1} done %H:%M:%S"), flush=True)
    finally:
        if not args.keep:
            for tree in trees.values():
                if tree.exists():
                    git("worktree", "remove", "--force", str(tree))
    print(
        f"\nsparrows simulate --workers 1, random agents, hands/s: medians of {args.passes} "
        f"passes (min-max); before {commits['before'][:9]}, after {commits['after'][:9]}"
    )
    print(f"  {'ruleset':<10} {'build':<9} {'before':>22} {'after':>22} {'after/before':>12}")
    for name in names:
        for build in commands:
            cells = []
            for side in ("before", "after"):
                values = rates[(build, name, side)]
                m = statistics.median(values)
                cells.append(f"{m:,.0f} ({min(values):,.0f}-{max(values):,.0f})")
            ratio = statistics.median(rates[(build, name, "after")]) / statistics.median(
                rates[(build, name, "before")]
            )
            same = hands[(build, name, "before")] == hands[(build, name, "after")]
            note = "" if same else "  (the commits played different games: hands differ)"
            print(f"  {name:<10} {build:<9} {cells[0]:>22} {cells[1]:>22} {ratio:>11.3f}x{note}")
    print("  goal: no regression beyond 5% in the compiled build (after/before >= 0.95)")
    print(time.strftime("bench_before_after: finished %H:%M:%S"))


if __name__ == "__main__":
    main()
