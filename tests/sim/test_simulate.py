"""`sparrows simulate` as users run it (issue 19, items 24 and 28): progress from the first
games, the workers asked for, readable item names with shares of wins, and workers that
end when their parent is killed."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sparrows.agents import make_agent
from sparrows.rules import get_ruleset
from sparrows.sim import play_game, simulate
from sparrows.sim.runner import rotation

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_forty_games_on_two_workers_use_two_and_show_progress_early(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    proc = run(["simulate", "-n", "40", "--workers", "2", "--out", str(out)])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(out.read_text())["workers"] == 2
    counts = [int(n) for n in re.findall(r"\] (\d+)/40 games", proc.stderr)]
    assert counts and counts[0] <= 10 and counts[-1] == 40


def test_one_worker_shows_the_first_game() -> None:
    proc = run(["simulate", "-n", "5"])
    assert re.search(r"\] 1/5 games", proc.stderr)


@pytest.mark.parametrize(
    ("rules", "options"), [("classical", "max_hands=8"), ("riichi", "hanchan=false")]
)
def test_item_names_are_words_and_shares_are_shares(rules: str, options: str) -> None:
    proc = run(["simulate", "--rules", rules, "--option", options, "-n", "8", "--quiet"])
    items = proc.stdout.split("Scoring items (share of wins):")[1].splitlines()[1:]
    assert items
    for line in items:
        name, share = line.rsplit(None, 1)
        assert "_" not in name and 0 < float(share.rstrip("%")) <= 100


def test_an_item_counts_once_per_win() -> None:
    res = simulate(
        "classical", ["efficiency", "random", "random", "random"], 6, options={"max_hands": 8}
    )
    assert all(
        v <= res.per_agent["efficiency"].wins + res.per_agent["random"].wins
        for v in res.item_frequency.values()
    )


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_workers_end_when_the_parent_is_killed() -> None:
    proc = subprocess.Popen(
        [str(SCRIPT), "simulate", "-n", "100000", "--workers", "2", "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the workers did not start"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        alive = workers
        while alive and time.monotonic() < deadline:
            time.sleep(0.2)
            alive = [w for w in workers if Path(f"/proc/{w}").exists() and "Z" not in _state(w)]
        assert not alive, f"workers {alive} outlived their parent"
    finally:
        if proc.poll() is None:
            proc.kill()
        for w in _children(proc.pid):
            os.kill(w, signal.SIGKILL)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_deal_ins_counted_once_per_discard() -> None:
    agents = ["random", "random", "random", "random"]
    res = simulate("suzume", agents, 30, seed=4)
    ron_hands = 0
    for i in range(30):  # replay the same games: count hands won by ron, once each
        names = rotation(agents, i)
        bots = [make_agent(n, seed=(4 * 1_000_003 + i) * 4 + s) for s, n in enumerate(names)]
        game = play_game(get_ruleset("suzume"), bots, 4 * 1_000_003 + i)
        ron_hands += len({r.hand for r in game.hand_results if r.from_seat is not None})
    assert res.per_agent["random"].dealt_in == ron_hands
