"""The web table killed again and again: nothing a player was shown is lost.

Starts ``sparrows serve`` on a fixed port and a SQLite file, makes ``--tables`` tables
(default 8; riichi, Suzume, Hong Kong, Sichuan, classical in turn), each with one seat
played by a scripted person over a websocket and bots in the others (pace 0.05 s), and
opens ``--pages`` of those seats (default 2) in Chromium (Debian's, through Playwright),
where they are played by clicking. Then ``--kills`` times (default 30), at a random
moment 0.3-3 s apart, the server is killed with SIGKILL and started again on the same
port and file. Reports:

* acknowledged actions lost: an action counts as acknowledged once its player was sent
  the state after it; every such action must be in the file, in order (must be 0);
* pages that came back by themselves: each page, after each restart, shows "connected"
  again without a reload (a mark set in the page before the first kill is still there),
  and the same prompt it had when it had not answered yet (must be all);
* pending prompts restored: a scripted seat that was waiting to act when the server was
  killed is offered the same prompt (the same id) after the restart (must be all).

Run: ``.venv/bin/python benchmarks/bench_kill.py [--kills 30] [--sparrows PATH]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.browser import READ, choose

from sparrows.client import View
from sparrows.rules import get_ruleset

SPARROWS = Path(sys.executable).parent / "sparrows"
CHROMIUM = "/usr/bin/chromium"
RULESETS = [
    ("riichi", "tenhou"),
    ("suzume", ""),
    ("hongkong", ""),
    ("sichuan", ""),
    ("classical", ""),
]


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Server:
    def __init__(self, sparrows: str, db: Path, port: int) -> None:
        self.sparrows, self.db, self.port = sparrows, db, port
        self.proc: subprocess.Popen[str] | None = None
        self.log = open(db.parent / "server.log", "a")  # noqa: SIM115

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.sparrows, "serve", "--port", str(self.port), "--db", str(self.db)],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert "http://" in line, line

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


class Seat:
    """A scripted person at one seat: plays the ruleset's default action, reconnects
    with its cursor whenever the connection drops."""

    def __init__(self, url: str, table: str, token: str, rules: Any) -> None:
        self.url, self.table, self.token, self.rules = url, table, token, rules
        self.cursor = 0
        self.acked: list[str] = []  # own non-pass actions the server answered
        self.sent: tuple[int, str] | None = None  # (prompt id, action) not yet answered
        self.prompt: int | None = None  # the prompt this seat waits to answer
        self.at_kill: int | None = None  # the prompt it was waiting on at a kill
        self.restored = self.checked = 0
        self.errors: list[str] = []
        self.seen: dict[int, dict[str, Any]] = {}  # every event received, by number
        self.stop = False

    async def run(self) -> None:
        while not self.stop:
            try:
                async with connect(
                    self.url.replace("http", "ws") + f"/ws/{self.table}", max_size=2**24
                ) as ws:
                    await ws.send(
                        json.dumps({"type": "hello", "token": self.token, "cursor": self.cursor})
                    )
                    await self._follow(ws)
            except (TimeoutError, OSError, Exception):
                await asyncio.sleep(0.2)

    async def _follow(self, ws: Any) -> None:
        first = True
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                self.errors.append(msg["message"])
                self.sent = None  # refused: not acknowledged
                continue
            if msg["type"] != "state":
                continue
            for event in msg["events"]:
                self.seen[event["seq"]] = event
            self.cursor = msg["cursor"]
            view = msg["view"]
            prompt = view["prompt"]
            pid = prompt["id"] if prompt else None
            if first:
                first = False
                if self.at_kill is not None:
                    self.checked += 1
                    self.restored += pid == self.at_kill
                    self.at_kill = None
            if self.sent is not None and pid != self.sent[0]:
                self.acked.append(self.sent[1])  # the state after it: answered
                self.sent = None
            if view["over"] or self.stop:
                self.stop = True
                return
            if prompt and prompt["actions"] != ["pass"] and self.sent is None:
                self.prompt = pid
                action = self.rules.default_action(View.from_json(view)).to_string(
                    self.rules.dialect
                )
                await asyncio.sleep(random.uniform(0.0, 0.2))
                self.sent = (pid, action)
                await ws.send(json.dumps({"type": "act", "prompt": pid, "action": action}))
            elif not prompt or prompt["actions"] == ["pass"]:
                self.prompt = None

    def killed(self) -> None:
        """The server was killed: what this seat waited on, to be offered again."""
        if self.sent is None and self.prompt is not None:
            self.at_kill = self.prompt
        self.sent = None  # an answer in flight may or may not have been committed


async def page_play(page: Any, stop: asyncio.Event, hold: asyncio.Event) -> None:
    """Click as a player would until ``stop`` (not while ``hold`` is set)."""
    while not stop.is_set():
        if hold.is_set():
            await asyncio.sleep(0.05)
            continue
        try:
            state = await page.evaluate(READ)
            if state["overlay"] == "hand":
                await page.click("[data-testid=hand-end-close]", timeout=2000)
                continue
            move = choose(state)
            if move is not None and state["connection"] == "open":
                await page.click(move[1], timeout=2000)
        except Exception:
            pass
        await asyncio.sleep(0.1)


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="sparrows-kill-bench-"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = Server(args.sparrows, folder / "tables.db", port)
    server.start()
    seats: list[Seat] = []
    links = []
    for i in range(args.tables):
        name, preset = RULESETS[i % len(RULESETS)]
        rules = get_ruleset(name, {"preset": preset} if preset else {})
        body: dict[str, Any] = {
            "ruleset": name,
            "seats": [{"kind": "human"}] + [{"kind": "bot:efficiency"}] * (rules.num_players - 1),
            "settings": {"bot_pace": 0.05, "claim_pause": 0.05, "next_hand_seconds": 0},
        }
        if preset:
            body["preset"] = preset
        made = post(server.url + "/api/tables", body)
        if i < args.pages:
            links.append(made["links"]["0"])
        else:
            seats.append(Seat(server.url, made["id"], made["links"]["0"].split("#t=")[1], rules))
    out: dict[str, Any] = {"pages": 0, "pages_back": 0, "page_prompts": 0, "page_prompts_same": 0}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = []
        for link in links:
            page = await browser.new_page()
            await page.goto(link)
            await page.evaluate("() => { window.__notReloaded = true; }")
            pages.append(page)
        stop, hold = asyncio.Event(), asyncio.Event()
        players = [asyncio.create_task(s.run()) for s in seats]
        clickers = [asyncio.create_task(page_play(pg, stop, hold)) for pg in pages]
        for k in range(args.kills):
            await asyncio.sleep(random.uniform(0.3, 3.0))
            hold.set()  # the pages stop clicking: what they show now is what they had
            await asyncio.sleep(0.3)
            before = [await pg.evaluate(READ) for pg in pages]
            server.kill()
            for s in seats:
                s.killed()
            await asyncio.sleep(random.uniform(0.0, 0.5))
            await asyncio.to_thread(server.start)
            for pg, was in zip(pages, before, strict=True):
                out["pages"] += 1
                try:
                    await pg.wait_for_function(
                        "() => document.querySelector('[data-testid=connection]')"
                        ".dataset.state === 'open' && window.__notReloaded === true",
                        timeout=20000,
                    )
                    out["pages_back"] += 1
                except Exception:
                    print(f"  kill {k + 1}: a page did not come back")
                    continue
                # a decision of its own (a pass-only prompt is answered by the server)
                own = any(t["can"] for t in was["tiles"]) or any(
                    b["action"] not in ("", "pass") for b in was["buttons"]
                )
                if was["prompt"] and not was["answered"] and own:
                    out["page_prompts"] += 1
                    now = await pg.evaluate(READ)
                    out["page_prompts_same"] += now["prompt"] == was["prompt"]
            hold.clear()
            print(f"  kill {k + 1}/{args.kills}: back", flush=True)
        stop.set()
        for s in seats:
            s.stop = True
        await asyncio.sleep(1.0)
        for t in players + clickers:
            t.cancel()
        await browser.close()
    # each seat's whole stream asked for again: every event it was sent over all the
    # restarts must be there under the same number
    reused = compared = 0
    for s in seats:
        async with connect(
            server.url.replace("http", "ws") + f"/ws/{s.table}", max_size=2**26
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": s.token, "cursor": 0}))
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "state":
                    break
        now = {e["seq"]: e for e in msg["events"]}
        for seq, event in s.seen.items():
            compared += 1
            reused += now.get(seq) != event
    server.kill()
    lost = unanswered = 0
    acked = 0
    with sqlite3.connect(server.db) as con:
        for s in seats:
            stored = [
                a
                for (a,) in con.execute(
                    "SELECT action FROM actions WHERE table_id = ? AND seat = 0 ORDER BY n",
                    (s.table,),
                )
                if a != "pass"
            ]
            mine = [a for a in s.acked if a != "pass"]
            acked += len(mine)
            if os.environ.get("BENCH_KILL_DEBUG"):
                print(s.table, s.rules.name, "acked", mine, "stored", stored)
            # every acknowledged action in the file, in order (the file may hold more:
            # an action committed whose answer the kill cut off was never acknowledged)
            left = iter(stored)
            missing = sum(1 for a in mine if not any(a == b for b in left))
            lost += missing
            unanswered += len(stored) - (len(mine) - missing)
    out.update(
        acked=acked,
        lost=lost,
        prompts=sum(s.checked for s in seats),
        restored=sum(s.restored for s in seats),
        errors=[e for s in seats for e in s.errors],
        reused=reused,
        unanswered=unanswered,
        compared=compared,
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--pages", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sparrows", default=str(SPARROWS))
    args = parser.parse_args()
    random.seed(args.seed)
    print(
        f"bench_kill: {args.kills} kill -9 over {args.tables} tables ({args.pages} played in "
        f"Chromium pages), server {args.sparrows}"
    )
    began = time.perf_counter()
    out = asyncio.run(main_async(args))
    print(f"  took {time.perf_counter() - began:.0f} s")
    print(
        f"  acknowledged actions: {out['acked']}, lost: {out['lost']} (must be 0); "
        f"committed but never acknowledged (the kill cut the answer off): {out['unanswered']}"
    )
    print(
        f"  pages back by themselves, no reload: {out['pages_back']} of {out['pages']}; "
        f"with the prompt they had: {out['page_prompts_same']} of {out['page_prompts']}"
    )
    print(
        f"  scripted seats waiting at a kill offered the same prompt after it: "
        f"{out['restored']} of {out['prompts']}"
    )
    print(
        f"  events numbered again for something else after a restart: {out['reused']} of "
        f"{out['compared']} the scripted seats were sent (must be 0)"
    )
    print(f"  refusals sent to the scripted seats: {len(out['errors'])} {out['errors'][:3]}")


if __name__ == "__main__":
    main()
