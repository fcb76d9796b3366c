"""Self-play scaling: ``sparrows simulate`` games per second with 1 and 2 local worker
processes and as Ray tasks on a 2-CPU Ray cluster (a head started here with
``ray start --head --num-cpus 2``, joined by address as a real cluster is), pure and
compiled builds, medians of several passes, the configurations interleaved.

Scaling efficiency = rate with 2 workers / (2 x rate with 1). The issue's goal: >= 85%.
What is timed is the run as users run it: the ``seconds`` the command reports (from
before the first game to the last result, worker start-up and, for Ray, joining the
cluster included), over ``--games`` games.

    .venv/bin/python benchmarks/bench_simulate.py [--passes 3] [--games 800 [3200 ...]]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from builds import compiled_bin

HERE = Path(__file__).resolve().parent
PURE = HERE.parent / ".venv" / "bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, seconds: float = 60) -> None:
    """Until the head answers on ``port``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            time.sleep(2)  # the head's other services come up just after its port
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the Ray head on port {port} did not start")


def run(sparrows: Path, args: list[str], env: dict[str, str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "stats.json"
        subprocess.run(
            [str(sparrows), "simulate", *args, "--quiet", "--out", str(out)],
            check=True,
            capture_output=True,
            env=env,
        )
        data = json.loads(out.read_text())
    return {"games_per_s": data["games"] / data["seconds"], "build": data["build"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[800],
        help="games per pass (default 800); several sizes are measured one after another",
    )
    ap.add_argument("--rules", default="riichi")
    ap.add_argument("--agents", default="random,random,random,random")
    args = ap.parse_args()
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    builds = [("pure", PURE)]
    fast = compiled_bin("sparrows")
    if fast is not None:
        builds.append(("compiled", fast.parent))
    base = ["--rules", args.rules, "--agents", args.agents, "--seed", "1"]
    heads: dict[str, str] = {}
    blocking: list[subprocess.Popen[bytes]] = []
    try:
        for name, bindir in builds:  # one 2-CPU cluster per build: its workers run that build
            port = free_port()
            # --block: the head lives as long as this process group, which is stopped at
            # the end (`ray stop` would stop every Ray on the machine, others' too)
            blocking.append(
                subprocess.Popen(
                    [
                        *(str(bindir / "ray"), "start", "--head", "--num-cpus", "2", "--block"),
                        *("--port", str(port), "--include-dashboard=false"),
                        "--disable-usage-stats",
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env=env,
                    start_new_session=True,
                )
            )
            heads[name] = f"127.0.0.1:{port}"
            wait_for(port)
        configs = {
            "1 worker": ["--workers", "1"],
            "2 workers": ["--workers", "2"],
            "Ray, 2 CPUs": ["--ray", "HEAD"],
        }
        rates: dict[tuple[int, str, str], list[float]] = {}
        for _ in range(args.passes):
            for games in args.games:
                for build, bindir in builds:
                    for label, extra in configs.items():
                        extra = [heads[build] if e == "HEAD" else e for e in extra]
                        got = run(bindir / "sparrows", [*base, "-n", str(games), *extra], env)
                        assert got["build"] == build, got
                        rates.setdefault((games, build, label), []).append(got["games_per_s"])
    finally:
        for proc in blocking:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    print(
        f"sparrows simulate --rules {args.rules} --agents {args.agents}: games/s, median of "
        f"{args.passes} passes (min-max), {time.strftime('%Y-%m-%d %H:%M')}"
    )
    print(
        f"{'games':>6}  {'build':<10}{'configuration':<14}{'games/s':>10}{'min-max':>16}"
        f"{'scaling':>10}"
    )
    for games in args.games:
        for build, _ in builds:
            one = statistics.median(rates[(games, build, "1 worker")])
            for label in configs:
                got = rates[(games, build, label)]
                med = statistics.median(got)
                scaling = "" if label == "1 worker" else f"{med / (2 * one):.0%}"
                print(
                    f"{games:>6}  {build:<10}{label:<14}{med:>10.2f}"
                    f"{f'{min(got):.2f}-{max(got):.2f}':>16}{scaling:>10}"
                )
    print("scaling: the rate over twice the 1-worker rate (goal >= 85%)")


if __name__ == "__main__":
    main()
