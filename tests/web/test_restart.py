"""A real server process killed with SIGKILL mid-game and started again on the same file:
every table continues exactly where its players saw it (issue 21)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets.sync.client")

from sparrows.client import View  # noqa: E402
from sparrows.rules import get_ruleset  # noqa: E402
from tests.support.browser import SPARROWS, post_json, start_server, stop_server  # noqa: E402


def _connect(url: str, table: str) -> Any:
    return websockets.connect(url.replace("http://", "ws://") + f"/ws/{table}", open_timeout=10)


class Seat:
    def __init__(self, ws: Any, token: str, ruleset: Any) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(self.ws.recv(timeout=10))
        assert welcome["type"] == "welcome", welcome
        self.rules = ruleset
        self.view: dict[str, Any] = self._next()

    def _next(self) -> dict[str, Any]:
        while True:
            msg = json.loads(self.ws.recv(timeout=10))
            if msg["type"] == "state":
                return dict(msg["view"])
            assert msg["type"] == "error" and "stale" in msg["message"], msg

    def play_until_my_turn(self, discards: int) -> None:
        """Answer with the default action until this seat has discarded ``discards``
        tiles and is asked for its turn (the table then waits for it)."""
        for _ in range(3000):
            view = self.view
            prompt = view["prompt"]
            mine = len(view["seats"][view["viewer"]]["river"])
            if prompt and prompt["kind"] == "turn" and mine >= discards:
                return
            if prompt and prompt["actions"] != ["pass"]:
                action = self.rules.default_action(View.from_json(view))
                text = action.to_string(self.rules.dialect)
                self.ws.send(json.dumps({"type": "act", "prompt": prompt["id"], "action": text}))
            self.view = self._next()
        raise AssertionError("never got there")


def test_kill_9_and_restart_resumes_every_table(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    proc, url = start_server(db)
    tables = []
    try:
        for ruleset, preset in (("riichi", "tenhou"), ("hongkong", ""), ("sichuan", "")):
            rules = get_ruleset(ruleset, {"preset": preset} if preset else {})
            seats = [{"kind": "human"}] + [{"kind": "bot:efficiency"}] * (rules.num_players - 1)
            body: dict[str, Any] = {
                "ruleset": ruleset,
                "seats": seats,
                "settings": {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0},
            }
            if preset:
                body["preset"] = preset
            made = post_json(url + "/api/tables", body)
            token = made["links"]["0"].split("#t=", 1)[1]
            with _connect(url, made["id"]) as ws:
                seat = Seat(ws, token, rules)
                seat.play_until_my_turn(3)
                tables.append((made["id"], token, rules, seat.view))
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    proc, url = start_server(db)
    try:
        for table_id, token, rules, before in tables:
            with _connect(url, table_id) as ws:
                seat = Seat(ws, token, rules)
                assert seat.view == before  # the same hand, the same prompt (its id too)
                seat.play_until_my_turn(len(before["seats"][0]["river"]) + 2)
    finally:
        stop_server(proc)


def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    proc, url = start_server(tmp_path / "a.db")
    try:
        port = url.rsplit(":", 1)[1]
        second = subprocess.run(
            [str(SPARROWS), "serve", "--port", port, "--db", str(tmp_path / "b.db")],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode == 2
        assert second.stderr.strip() == (
            f"sparrows: error: port {port} on 127.0.0.1 is in use (another sparrows serve?); "
            "choose another with --port"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_an_open_page_resumes_across_a_kill_9_without_a_reload(tmp_path: Path) -> None:
    """A player's page in Chromium stays open while the server is killed (SIGKILL) and
    started again on the same port and file: it reconnects by itself with its cursor,
    shows the same prompt, and play goes on, all without a reload (issue 30)."""
    import socket

    pytest.importorskip("playwright.sync_api")
    from tests.support.browser import CHROMIUM, chromium, play, read

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium (make browser installs it)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "tables.db"
    proc, url = start_server(db, port=port)
    try:
        made = post_json(
            url + "/api/tables",
            {
                "ruleset": "riichi",
                "preset": "tenhou",
                "seats": [{"kind": "human"}] + [{"kind": "bot:efficiency"}] * 3,
                "settings": {"bot_pace": 0, "claim_pause": 0},
            },
        )
        with chromium() as browser:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(made["links"]["0"])
            turns = {"n": 0}

            def waits_for_me(state: dict[str, Any]) -> bool:
                mine = any(t["can"] for t in state["tiles"]) and not state["answered"]
                if mine:
                    turns["n"] += 1
                return turns["n"] >= 4 and mine

            before = play(page, waits_for_me, close_panels=True, timeout=60)
            page.evaluate("() => { window.__notReloaded = true; }")
            for _ in range(2):  # twice: the second restart finds a rebuilt stream
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
                page.wait_for_function(
                    "() => document.querySelector('[data-testid=connection]')"
                    ".dataset.state !== 'open'",
                    timeout=15000,
                )
                proc, url = start_server(db, port=port)
                page.wait_for_function(
                    "() => document.querySelector('[data-testid=connection]')"
                    ".dataset.state === 'open'",
                    timeout=20000,
                )
                after = read(page)
                assert after["prompt"] == before["prompt"]  # the same prompt, the same id
                assert [t["tile"] for t in after["tiles"]] == [t["tile"] for t in before["tiles"]]
            assert page.evaluate("() => window.__notReloaded === true")
            rivers = page.locator("[data-testid=river] .tile").count()
            play(page, lambda s: page.locator("[data-testid=river] .tile").count() > rivers + 3)
            assert errors == []
    finally:
        stop_server(proc)
