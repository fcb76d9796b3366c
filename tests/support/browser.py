"""Driving the web table in a real headless Chromium (Debian's /usr/bin/chromium through
Playwright): a server process on a fresh database, and a player that reads the page and
clicks like a person does. Used by tests/web/test_browser.py."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SPARROWS = Path(sys.executable).parent / "sparrows"
CHROMIUM = Path("/usr/bin/chromium")

#: What the page shows now, read in one round trip: the overlay (a hand's or the game's
#: end), the action buttons, the hand's tiles, the prompt id and whether it was answered.
READ = """() => {
  const overlay = document.querySelector('#overlay:not(.hidden)');
  const buttons = [...document.querySelectorAll('#actions button')].map((b) => ({
    testid: b.dataset.testid || '', action: b.dataset.action || '', mode: b.dataset.mode || '',
    disabled: b.disabled, key: b.dataset.key || '',
  }));
  const tiles = [...document.querySelectorAll('#my-hand [data-testid=hand-tile]')].map((b) => ({
    tile: b.dataset.tile, can: !b.disabled, drawn: b.classList.contains('drawn'),
    action: b.dataset.action || '', picked: b.classList.contains('picked'),
  }));
  return {
    overlay: overlay ? (overlay.querySelector('[data-testid=game-end]') ? 'game' : 'hand') : '',
    buttons, tiles,
    prompt: document.body.dataset.prompt || '',
    answered: document.body.dataset.answered === '1',
    connection: document.querySelector('[data-testid=connection]').dataset.state,
    error: document.querySelector('[data-testid=error]').textContent,
  };
}"""


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium launched through Playwright (headless), closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def start_server(db: Path, *args: str, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """``sparrows serve`` on ``port`` (0: a free one) with more ``args``; returns the
    process and its URL."""
    proc = subprocess.Popen(
        [str(SPARROWS), "serve", "--port", str(port), "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise AssertionError(f"the server did not start: {line!r}")
    return proc, line.split("is at ", 1)[1].split(" ", 1)[0].rstrip("/")


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def read(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(READ))


def choose(state: dict[str, Any], claims: bool = False) -> tuple[str, str] | None:
    """What a plain player clicks now, as (kind, selector): a win when offered; the
    exchange's three tiles then its button; a void suit; the dealer's or kokan choice;
    pass on a claim (or the first call when ``claims``); else a discard, the drawn tile
    when it may go. None: nothing to do (waiting for the others)."""
    if state["answered"] or not state["prompt"]:
        return None
    buttons = [b for b in state["buttons"] if not b["disabled"]]
    actions = [b["action"] for b in buttons if b["testid"] == "action"]
    for a in actions:
        if a.split(" ")[0] in ("tsumo", "ron"):
            return "win", f'#actions button[data-action="{a}"]'
    tiles = state["tiles"]
    exchange = [
        b
        for b in state["buttons"]
        if b["testid"] == "action" and (b["action"] == "" or b["action"].startswith("exchange"))
    ]
    if exchange:  # pick three tiles, then give them
        if any(b["action"] and not b["disabled"] for b in exchange):
            return "exchange", '#actions button[data-action^="exchange"]'
        for i, t in enumerate(tiles):
            if t["can"] and not t["picked"]:
                return "pick", f'#my-hand [data-testid=hand-tile][data-index="{i}"]'
        return None
    for a in actions:
        if a.split(" ")[0] in ("void", "continue", "kokan"):
            return "choice", f'#actions button[data-action="{a}"]'
    calls = [a for a in actions if a.split(" ")[0] in ("chi", "pon", "kan")]
    if claims and calls:
        return "call", f'#actions button[data-action="{calls[0]}"]'
    if "pass" in actions:
        return "pass", '#actions button[data-action="pass"]'
    playable = [i for i, t in enumerate(tiles) if t["can"]]
    if playable:
        drawn = [i for i in playable if tiles[i]["drawn"]]
        i = drawn[0] if drawn else playable[-1]
        return "discard", f'#my-hand [data-testid=hand-tile][data-index="{i}"]'
    if actions:  # a window of other choices only (an abort...): the first
        return "other", f'#actions button[data-action="{actions[0]}"]'
    return None


def play(
    page: Any,
    until: Callable[[dict[str, Any]], bool],
    *,
    claims: bool = False,
    timeout: float = 60.0,
    close_panels: bool = True,
) -> dict[str, Any]:
    """Click as a player until ``until(state)``; hand-end panels are closed with their
    button (unless ``close_panels`` is false); returns the last state read."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = read(page)
        if until(state):
            return state
        if state["overlay"]:
            if state["overlay"] == "game" or not close_panels:
                return state
            page.click("[data-testid=hand-end-close]")
            continue
        move = choose(state, claims)
        if move is None:  # the others' turn, or an answer on its way
            page.wait_for_timeout(15)
            continue
        page.click(move[1])
    raise AssertionError(f"not there after {timeout:.0f} s: {read(page)}")


def shots(tmp_path: Path) -> Path:
    """Where screenshots go: ``SPARROWS_SCREENSHOTS`` (make screenshots: docs/screenshots),
    else the test's temporary folder."""
    import os

    wanted = os.environ.get("SPARROWS_SCREENSHOTS")
    where = Path(wanted) if wanted else tmp_path
    where.mkdir(parents=True, exist_ok=True)
    return where


def table_at(
    db: Path,
    stop: Callable[[Any, list[Any]], Any],
    ruleset: str = "riichi",
    tables: int = 40,
    pick: Callable[[Any, list[Any]], Any] | None = None,
) -> tuple[str, str]:
    """A table saved in ``db`` (seat 0 a person, the others efficiency bots, no pauses)
    played until ``stop(game, legal)`` says so at one of seat 0's prompts: False plays
    ``pick(game, legal)`` (when it names an action) or else the efficiency bot's choice for
    seat 0, and goes on; True stops there, the prompt open; an action plays it and stops
    after it. Returns (table id, seat 0's token); new tables are tried until one gets
    there."""
    import asyncio

    from sparrows.agents import make_agent
    from sparrows.server.rooms import Room
    from sparrows.server.store import Store

    bot = {"kind": "bot:efficiency"}
    options = {"preset": "tenhou"} if ruleset == "riichi" else {}
    fast = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}
    store = Store(db)
    try:
        for _ in range(tables):
            room, tokens, _ = Room.create(
                store, ruleset, options, [{"kind": "human"}] + [bot] * 3, fast
            )
            agent = make_agent("efficiency", 3, room.rules)
            game = room.game
            while not game.over:
                room._play_due()
                assert room._flush()
                if 0 not in game.pending:
                    continue
                legal = game.legal_actions(0)
                said = stop(game, legal)
                if said is True:
                    assert tokens[0] is not None
                    return room.row.id, tokens[0]
                choice = (
                    said or (pick and pick(game, legal)) or agent.act(game.observation(0), legal)
                )
                text = choice.to_string(room.rules.dialect)
                asyncio.run(room.act(0, game.prompt_id(0), text))
                if said:
                    assert tokens[0] is not None
                    return room.row.id, tokens[0]
    finally:
        store.close()
    raise AssertionError(f"no table got there in {tables} games")
