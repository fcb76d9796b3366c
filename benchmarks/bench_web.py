"""The web table under load: many tables at once through real websockets on loopback.

Starts ``sparrows serve`` (a real process, a real SQLite file), creates ``--tables``
tables (default 50), each with one seat played by a client here (the ruleset's default
action, sent over a websocket as a person's browser would) and bots in the other seats
(no pause), and runs them all concurrently for ``--seconds`` (default 60): flat out by
default (each answer sent the moment the state arrives: the most actions per second the
server gives, and its latency when saturated), or at people's pace with ``--think S``
(each player takes S seconds per decision; bots and pass-only prompts keep the table's
default pauses: the latency people feel on a busy server). Reports:

* actions per second the clients had accepted (and every action the tables played, bots
  included, read back from the file at the end);
* the latency from a client's action to the server's answer (the first state message
  after it): median and 99th percentile (goal: p99 under 50 ms on loopback);
* lost or duplicated actions: every action a client had accepted is in the file once, in
  the order sent;
* the server's memory (RSS) over the run, sampled every second.

With ``--humans H`` only H of the tables have a client; the others are bots alone (at the
table's pace with ``--think``, flat out with ``--bots-flat-out``: what a person's table
feels beside tables of bots). ``--restart`` then kills the server (SIGKILL), starts it
again on the same file and times how soon it answers and how soon every table is back.
The server's full garbage collections (``/api/health``) are reported too.

Each figure is given per pass and as the median of ``--passes`` runs (default 3), each on
a fresh server and file.

Run: ``.venv/bin/python benchmarks/bench_web.py [--tables 50] [--humans H] [--seconds 60]
[--think S] [--bots-flat-out] [--restart] [--passes 3] [--sparrows PATH]`` (``make bench``
runs it on the pure and the compiled build: 50 tables flat out and at people's pace, and
200 tables with 20 people).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from sparrows.client import View
from sparrows.rules import get_ruleset
from sparrows.server.seats import SERVER_MEMO_LIMIT

SPARROWS = Path(sys.executable).parent / "sparrows"
RULESETS = [
    ("suzume", ""),
    ("riichi", "tenhou"),
    ("hongkong", ""),
    ("sichuan", ""),
    ("classical", ""),
]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def new_table(url: str, i: int, paced: bool, human: bool = True) -> tuple[str, str, Any]:
    name, preset = RULESETS[i % len(RULESETS)]
    rules = get_ruleset(name, {"preset": preset} if preset else {})
    # efficiency bots: random ones rarely win, and a Hong Kong game of random bots lasts
    # thousands of hands (exhaustive draws keep the deal)
    seats = [{"kind": "human" if human else "bot:efficiency"}] + [{"kind": "bot:efficiency"}] * (
        rules.num_players - 1
    )
    body: dict[str, Any] = {
        "ruleset": name,
        "seats": seats,
        # paced: the table's defaults (bots wait 0.4 s, a pass-only prompt 0.8 s)
        "settings": {} if paced else {"bot_pace": 0, "claim_pause": 0},
    }
    if preset:
        body["preset"] = preset
    made = post(url + "/api/tables", body)
    return made["id"], made["links"].get("0", "#t=").split("#t=", 1)[1], rules


async def play_one(
    url: str, table: str, token: str, rules: Any, stop: float, out: dict[str, Any], think: float
) -> bool:
    """Play this seat until ``stop`` or the game's end (True: it ended). Each action is
    sent after the answer to the one before: the server's next state for this seat (its
    latency is measured) or an error."""
    sent: list[str] = []
    async with connect(url.replace("http://", "ws://") + f"/ws/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        waiting: tuple[float, int] | None = None  # (when sent, the prompt answered)
        held = False  # the table waits between hands (a "hold" naming someone)
        last: dict[str, Any] | None = None  # the last state
        while time.monotonic() < stop:
            try:
                left = max(0.1, stop - time.monotonic())
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
            except TimeoutError:
                break
            if msg["type"] == "error":
                out["errors"].append(msg["message"])
                if waiting is not None:
                    sent.pop()
                    waiting = None
                continue
            if msg["type"] == "hold":  # between hands: a person reads the result, then OK
                held = bool(msg["waiting"])
                if 0 in msg["waiting"]:
                    if think:
                        await asyncio.sleep(think)
                    await ws.send(json.dumps({"type": "ready"}))
                if held or last is None:
                    continue
                msg = last  # the table goes on: the prompt it held back may be answered
            if msg["type"] != "state":
                continue
            last = msg
            if held:
                continue
            view = msg["view"]
            prompt = view["prompt"]
            if waiting is not None:
                if prompt is not None and prompt["id"] == waiting[1]:
                    continue  # an older state, sent before the answer was applied
                out["latencies"].append(time.perf_counter() - waiting[0])
                waiting = None
            if view["over"]:
                out["sent"][table] = sent
                return True
            if prompt and prompt["actions"] != ["pass"]:
                action = rules.default_action(View.from_json(view)).to_string(rules.dialect)
                if think:
                    await asyncio.sleep(think)  # a person deciding
                waiting = (time.perf_counter(), prompt["id"])
                await ws.send(json.dumps({"type": "act", "prompt": prompt["id"], "action": action}))
                sent.append(action)
    out["sent"][table] = sent
    return False


async def client(url: str, i: int, stop: float, out: dict[str, Any], think: float) -> None:
    """One player: a table after another (a new one when a game ends) until ``stop``."""
    n = 0
    while time.monotonic() < stop:
        table, token, rules = await asyncio.to_thread(new_table, url, i + 1000 * n, think > 0)
        out["tables"].append(table)
        n += 1
        if not await play_one(url, table, token, rules, stop, out, think):
            return


async def bots_only(url: str, i: int, stop: float, paced: bool) -> None:
    """A table of bots alone (at the table's pace, or flat out), and another when its
    game ends."""
    n = 0
    while time.monotonic() < stop:
        table, _, _ = await asyncio.to_thread(new_table, url, i + 1000 * n, paced, False)
        n += 1
        while time.monotonic() < stop:
            await asyncio.sleep(2.0)
            info = await asyncio.to_thread(get, f"{url}/api/tables/{table}")
            if info["over"]:
                break


async def run(
    url: str, tables: int, humans: int, seconds: float, pid: int, think: float, flat: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "sent": {},
        "latencies": [],
        "errors": [],
        "rss": [],
        "memo": [],
        "blocks": [],
        "in_memory": [],
        "tables": [],
    }
    stop = time.monotonic() + seconds

    async def sample() -> None:
        tick = 0
        while time.monotonic() < stop:
            out["rss"].append(rss_mib(pid))
            if tick % 60 == 0:  # the capped caches' entries, once a minute
                health = await asyncio.to_thread(get, f"{url}/api/health")
                memo = health.get("memo", {})
                out["memo"].append(memo.get("rulesets", 0) + memo.get("analysis", 0))
                out["blocks"].append(health.get("heap_blocks", 0))
                out["in_memory"].append(health.get("in_memory", 0))
            tick += 1
            await asyncio.sleep(1)

    sampler = asyncio.get_running_loop().create_task(sample())
    players = [client(url, i, stop, out, think) for i in range(humans)]
    paced = think > 0 and not flat
    others = [bots_only(url, humans + i, stop, paced) for i in range(tables - humans)]
    await asyncio.gather(*players, *others)
    sampler.cancel()
    return out


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def serve(sparrows: str, db: Path) -> tuple[subprocess.Popen[str], str]:
    """The server on a free port, with room for the benchmark's tables (a version
    without those limits, measured for comparison, is started without them)."""
    limits = ["--max-tables", "10000", "--create-rate", "100000"]
    helped = subprocess.run([sparrows, "serve", "--help"], capture_output=True, text=True)
    if "--max-tables" not in helped.stdout:
        limits = []
    proc = subprocess.Popen(
        [sparrows, "serve", "--port", "0", "--db", str(db), *limits],
        stdout=subprocess.PIPE,
        stderr=open(db.parent / "server.log", "a"),  # noqa: SIM115 (the server keeps it)
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    return proc, line.split("is at ", 1)[1].split(" ", 1)[0].rstrip("/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables in play at once")
    parser.add_argument(
        "--humans",
        type=int,
        default=None,
        help="of them, tables with a scripted person (the others: bots alone, at the "
        "table's pace when --think is given); default: all",
    )
    parser.add_argument(
        "--bots-flat-out",
        action="store_true",
        help="the tables of bots alone play without pauses (the people's tables keep theirs)",
    )
    parser.add_argument(
        "--restart",
        action="store_true",
        help="at the end, kill the server (SIGKILL) and time its start on the same file",
    )
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds each player takes per decision; above 0 the tables also keep their "
        "default pace (bots 0.4 s, pass-only prompts 0.8 s): the load of people playing. "
        "0 (default): everything as fast as it goes (the server's most actions per second)",
    )
    parser.add_argument(
        "--sparrows",
        default=str(SPARROWS),
        help="the sparrows command that serves (default: this environment's; the compiled "
        "build's is .venv-fast/bin/sparrows)",
    )
    parser.add_argument(
        "--passes",
        type=int,
        default=3,
        help="runs, each on a fresh server and file; the summary gives their medians",
    )
    args = parser.parse_args()
    humans = args.tables if args.humans is None else min(args.humans, args.tables)
    pace = f"players think {args.think:g} s, table pace" if args.think else "no pauses"
    print(
        f"bench_web: {args.tables} tables ({humans} with a person) for {args.seconds:g} s "
        f"({pace}), server {args.sparrows}, {args.passes} passes"
    )
    results = []
    for n in range(args.passes):
        print(f" pass {n + 1}:")
        results.append(one_pass(args, humans))
    if len(results) > 1:
        med = {k: statistics.median(r[k] for r in results) for k in results[0]}
        print(
            f" median of {len(results)} passes: client actions {med['client_rate']:,.0f}/s, "
            f"all actions {med['all_rate']:,.0f}/s, latency median {med['p50']:.1f} ms, "
            f"p99 {med['p99']:.1f} ms, server RSS at the end {med['rss_end']:.0f} MiB; "
            f"lost {max(r['lost'] for r in results):.0f}, "
            f"duplicated {max(r['dup'] for r in results):.0f} (the worst pass)"
        )


def one_pass(args: argparse.Namespace, humans: int) -> dict[str, float]:
    """One run on a fresh server and file: its lines printed, its figures returned."""
    folder = Path(tempfile.mkdtemp(prefix="sparrows-web-bench-"))
    db = folder / "tables.db"
    proc, url = serve(args.sparrows, db)
    health: dict[str, Any] = {}
    restart = ""
    try:
        start_rss = rss_mib(proc.pid)
        began = time.perf_counter()
        out = asyncio.run(
            run(url, args.tables, humans, args.seconds, proc.pid, args.think, args.bots_flat_out)
        )
        elapsed = time.perf_counter() - began
        try:
            health = get(url + "/api/health")
        except OSError:  # a version without it
            health = {}
        if args.restart:
            proc.kill()
            proc.wait(timeout=30)
            t0 = time.perf_counter()
            proc, url = serve(args.sparrows, db)
            up = time.perf_counter() - t0
            while get(url + "/api/health").get("loading", 0):
                time.sleep(0.1)
            loaded = time.perf_counter() - t0
            count = get(url + "/api/health")["tables"]
            restart = (
                f"answering {up:.2f} s after the kill -9 (the process started and serving); "
                f"all {count} tables in play loaded and running after {loaded:.2f} s"
            )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    with sqlite3.connect(db) as con:
        stored = {
            t: [
                a
                for (a,) in con.execute(
                    "SELECT action FROM actions WHERE table_id = ? AND seat = 0 ORDER BY n", (t,)
                )
            ]
            for t in out["tables"]
        }
        total = con.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    sent = out["sent"]
    lost = dup = 0
    for table, actions in sent.items():
        # the seat's own moves (the server passes for it where pass is all it may do):
        # every one the client had answered is stored once, in order
        mine = [a for a in actions if a != "pass"]
        got = [a for a in stored[table] if a != "pass"]
        lost += max(0, len(mine) - len(got))
        dup += max(0, len(got) - len(mine))
        if got[: len(mine)] != mine[: len(got)]:
            lost += 1
    lat = sorted(out["latencies"])
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000 if lat else float("nan")
    accepted = sum(len(a) for a in sent.values())
    rss = out["rss"]
    print(f"  tables played by people: {len(out['tables'])} ({humans} at a time)")
    print(f"  client actions: {accepted} in {elapsed:.1f} s = {accepted / elapsed:,.0f}/s")
    print(f"  all actions played (bots too): {total:,} = {total / elapsed:,.0f}/s")
    print(f"  latency action -> answer: median {p50:.1f} ms, p99 {p99:.1f} ms ({len(lat)} samples)")
    print(
        f"  lost or out-of-order actions: {lost}; duplicated: {dup}; errors: {len(out['errors'])}"
    )
    if rss:
        print(
            f"  server RSS: {start_rss:.0f} MiB at the start, {min(rss):.0f}-{max(rss):.0f} MiB "
            f"during, {rss[-1]:.0f} MiB at the end "
            f"(first half max {max(rss[: len(rss) // 2] or [0]):.0f}, "
            f"second half max {max(rss[len(rss) // 2 :]):.0f})"
        )
        step = max(1, len(rss) // 12)
        shown = " ".join(f"{r:.0f}" for r in rss[::step])
        print(f"  RSS over time (MiB, every {step} s): {shown}")
    if out["memo"]:
        step = max(1, len(out["memo"]) // 12)
        shown = " ".join(f"{m / 1000:.0f}" for m in out["memo"][::step])
        print(f"  memo entries over time (thousands, every {60 * step} s): {shown}")
        shown = " ".join(f"{b / 1e6:.2f}" for b in out["blocks"][::step])
        print(f"  heap blocks over time (millions, every {60 * step} s): {shown}")
        shown = " ".join(str(n) for n in out["in_memory"][::step])
        print(f"  tables in memory over time (every {60 * step} s): {shown}")
    if health:
        gc = health["gc"]
        print(
            f"  full collections: {gc['full_collections']}, longest {gc['longest_ms']} ms, "
            f"last {gc['last_ms']} ms; the others' longest "
            f"{gc.get('young_longest_ms', float('nan'))} ms; {gc['frozen']:,} objects frozen"
        )
        memo = health.get("memo")
        if memo:  # capped caches: memory that grows to a bound, apart from the games
            print(
                f"  memo entries at the end: rulesets {memo['rulesets']:,} (each table capped "
                f"at {SERVER_MEMO_LIMIT:,}), analysis {memo['analysis']:,}"
            )
    if restart:
        print(f"  restart: {restart}")
    for e in out["errors"][:5]:
        print(f"  error: {e}")
    return {
        "client_rate": accepted / elapsed,
        "all_rate": total / elapsed,
        "p50": p50,
        "p99": p99,
        "rss_end": rss[-1] if rss else float("nan"),
        "lost": lost,
        "dup": dup,
    }


if __name__ == "__main__":
    main()
