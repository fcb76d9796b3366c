"""Self-play at scale: the unit of work (play_batch), duplicate seat rotation, Ray tasks
giving the same statistics as a local run, reports (JSON and HTML), and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparrows.errors import SparrowsError
from sparrows.sim import BatchConfig, SimulationInterrupted, play_batch, simulate
from sparrows.sim.runner import MOST_GAMES_RAY, _histogram, _mean_ci, _wilson, chunk_size

AGENTS = ["efficiency", "random", "random", "random"]
RUN_ONLY = ("seconds", "hands_per_second", "workers", "backend")


def same_statistics(a: dict[str, Any], b: dict[str, Any]) -> None:
    a, b = dict(a), dict(b)
    for key in RUN_ONLY:
        a.pop(key)
        b.pop(key)
    assert a == b


def test_play_batch_is_the_unit_of_every_run() -> None:
    config = BatchConfig("suzume", {}, seed=5)
    whole = play_batch(config, range(6), AGENTS)
    # any split of the game numbers gives the same games
    parts = play_batch(config, [4, 5], AGENTS) + play_batch(config, range(4), AGENTS)
    assert [s.scores for s in whole] == [s.scores for s in parts[2:] + parts[:2]]
    # the seats rotate one per game: game i seats the efficiency bot in seat i % 4
    assert [s.agents.index("efficiency") for s in whole] == [0, 1, 2, 3, 0, 1]
    # simulate is play_batch over 0..n-1
    res = simulate("suzume", AGENTS, 6, seed=5)
    assert res.per_agent["efficiency"].points == sum(
        s.scores[s.agents.index("efficiency")] for s in whole
    )
    assert res.hands == sum(s.hands for s in whole)


def test_duplicate_plays_every_deal_in_every_rotation() -> None:
    config = BatchConfig("suzume", {}, seed=2, duplicate=True)
    seatings = [config.seating(AGENTS, i) for i in range(8)]
    seeds = [seed for seed, _ in seatings]
    assert seeds[:4] == [seeds[0]] * 4 and seeds[4:] == [seeds[4]] * 4
    assert seeds[0] != seeds[4]
    # the efficiency bot holds each seat of each deal once
    assert sorted(names.index("efficiency") for _, names in seatings[:4]) == [0, 1, 2, 3]
    assert sorted(names.index("efficiency") for _, names in seatings[4:]) == [0, 1, 2, 3]
    res = simulate("suzume", AGENTS, 8, seed=2, duplicate=True).to_json()
    assert res["duplicate"] is True
    assert res["per_agent"]["efficiency"]["games"] == 8
    with pytest.raises(SparrowsError, match="multiple of 4"):
        simulate("suzume", AGENTS, 6, duplicate=True)


def test_an_average_places_interval_stays_between_first_and_last() -> None:
    """A strong bot's average place near 1 once gave 0.976-1.074: the interval is clipped
    to what a place can be, 1 to the number of seats."""
    res = simulate("suzume", ["efficiency", "random", "random", "random"], 8, seed=1).to_json()
    for stats in res["per_agent"].values():
        low, high = stats["average_rank_ci95"]
        assert 1.0 <= low <= stats["average_rank"] <= high <= 4.0


def test_confidence_intervals_and_histogram() -> None:
    # worked by hand: 30 wins in 100 hands, Wilson 95% interval 0.2190 to 0.3958
    assert _wilson(30, 100) == pytest.approx([0.2190, 0.3958], abs=1.01e-4)
    assert _wilson(0, 10) == pytest.approx([0.0, 0.2775], abs=1.01e-4)
    # mean 2, sample variance 2/3 over 4 values (1, 2, 2, 3): 2 -+ 1.96 * sqrt(1/6)
    assert _mean_ci(8, 18, 4) == pytest.approx([1.1998, 2.8002], abs=1.01e-4)
    # places 1, 1, 1, 2 (mean 1.25, sd 0.5): 1.25 -+ 0.49 runs below 1, so it is clipped
    assert _mean_ci(5, 7, 4) == pytest.approx([0.76, 1.74], abs=1.01e-4)
    assert _mean_ci(5, 7, 4, (1.0, 4.0)) == pytest.approx([1.0, 1.74], abs=1.01e-4)
    assert _mean_ci(15, 57, 4, (1.0, 4.0)) == pytest.approx([3.26, 4.0], abs=1.01e-4)
    hist = _histogram({"a": [0, 10, 20], "b": [20, 20]}, bins=2)
    assert hist == {"edges": [0.0, 10.0, 20.0], "counts": {"a": [1, 2], "b": [0, 2]}}


@pytest.mark.slow  # about 20 s; the CLI's Ray run below stays in make test
def test_ray_tasks_give_the_local_statistics() -> None:
    os.environ["RAY_AUTH_MODE"] = "disabled"  # before Ray starts (Ray 2.60 writes a token)
    ray = pytest.importorskip("ray")
    # address="local": a Ray of this test's own even if a cluster runs on the machine
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        local = simulate("suzume", AGENTS, 12, seed=9, chunk=2).to_json()
        remote = simulate("suzume", AGENTS, 12, seed=9, ray="auto", chunk=2).to_json()
        assert remote["backend"] == "ray" and remote["workers"] == 2
        same_statistics(local, remote)
        # without a chunk, Ray tasks are cut by the cluster's CPUs (2 here), up to 40 games
        # each (a local pool: up to 10), and the statistics stay those of the local run
        done: list[int] = []
        cut = simulate(
            "suzume", AGENTS, 320, seed=9, ray="auto", progress=lambda d, t, s: done.append(d)
        )
        assert done == list(range(40, 321, 40))
        same_statistics(simulate("suzume", AGENTS, 320, seed=9).to_json(), cut.to_json())
        assert chunk_size(320, 2) == 10 and chunk_size(320, 2, MOST_GAMES_RAY) == 40
        assert chunk_size(3200, 8, MOST_GAMES_RAY) == 40 and chunk_size(100, 2, 40) == 12
        tonpuu = {"hanchan": False}
        dup_local = simulate("riichi", AGENTS, 4, 1, options=tonpuu, duplicate=True).to_json()
        dup_remote = simulate(
            "riichi", AGENTS, 4, 1, options=tonpuu, duplicate=True, ray="auto", chunk=1
        )
        same_statistics(dup_local, dup_remote.to_json())

        # Ctrl-C while tasks run: the finished games are kept, the rest cancelled
        def stop(done: int, total: int, seconds: float) -> None:
            if done >= 2:
                raise KeyboardInterrupt

        with pytest.raises(SimulationInterrupted) as caught:
            simulate("suzume", AGENTS, 400, seed=9, ray="auto", chunk=2, progress=stop)
        partial = caught.value.partial
        assert 2 <= partial.games < 400 and not partial.complete
        # the games kept are the run's first ones, as a local run plays them
        first = simulate("suzume", AGENTS, partial.games, seed=9).to_json()
        kept = partial.to_json()
        assert kept["per_agent"] == first["per_agent"]
        assert ray.is_initialized()  # a Ray the caller started stays up
    finally:
        ray.shutdown()


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    return subprocess.run(
        [sys.executable, "-m", "sparrows", "simulate", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


@pytest.mark.slow  # Ray's start: make test-all
def test_cli_ray_local_duplicate_with_reports(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("matplotlib")
    done = run_cli(
        "-n",
        "8",
        "--duplicate",
        "--ray",
        "local",
        "--workers",
        "2",
        "--seed",
        "4",
        "--out",
        "stats.json",
        "--report",
        "report.html",
        "--quiet",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "2 Ray CPU(s)" in done.stdout
    assert "Duplicate: every deal was played once in each seat rotation." in done.stdout
    data = json.loads((tmp_path / "stats.json").read_text())
    same_statistics(
        data, simulate("suzume", ["balanced", *AGENTS[1:]], 8, seed=4, duplicate=True).to_json()
    )
    page = (tmp_path / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == 3
    for figure in ("Rank distribution", "Final points distribution", "Rates by agent"):
        assert f'alt="{figure}"' in page
    assert "duplicate (each deal played in every seat rotation)" in page


def test_cli_refuses_bad_runs_in_one_line(tmp_path: Path) -> None:
    bad = run_cli("-n", "6", "--duplicate", cwd=tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "sparrows: error: a duplicate run plays each deal in all 4 seat rotations: the number of "
        "games must be a multiple of 4, not 6"
    ]
    pytest.importorskip("ray")
    nowhere = run_cli("-n", "4", "--ray", "127.0.0.1:9", "--quiet", cwd=tmp_path)
    assert nowhere.returncode == 2, nowhere.stderr
    lines = nowhere.stderr.strip().splitlines()
    assert lines[-1].startswith("sparrows: error: could not join the Ray cluster at '127.0.0.1:9'")
