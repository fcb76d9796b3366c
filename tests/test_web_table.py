"""The table as friends see it (issue 31), in Chromium against the real server: seats
around the centre (the left and right ones beside it), whose turn lit in the centre, the
log in the table's own words, the hints' wording for a hand about to discard, and after
the last hand the top bar says the game is over."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from .browser import CHROMIUM, play, post_json, read, start_server, stop_server

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

BOT = {"kind": "bot:efficiency"}
FAST = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    proc, url = start_server(tmp_path_factory.mktemp("table") / "t.db")
    try:
        yield url
    finally:
        stop_server(proc)


def _open(browser: Any, url: str, body: dict[str, Any], width: int = 1280) -> Any:
    made = post_json(url + "/api/tables", body)
    page = browser.new_page(viewport={"width": width, "height": 860})
    page.goto(made["links"]["0"])
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return dict(box)


def test_seats_sit_around_the_centre_and_the_turn_is_lit(server: str, browser: Any) -> None:
    page = _open(
        browser,
        server,
        {
            "ruleset": "riichi",
            "preset": "tenhou",
            "seats": [{"kind": "human"}, BOT, BOT, BOT],
            "settings": FAST,
        },
    )
    try:
        play(page, lambda s: bool(s["prompt"]) and any(t["can"] for t in s["tiles"]))
        centre = _box(page, "[data-testid=centre]")
        for pos in ("left", "right"):  # beside the centre, their rivers level with it
            river = _box(page, f"[data-pos={pos}] [data-testid=river]")
            middle = river["y"] + river["height"] / 2
            assert centre["y"] <= middle <= centre["y"] + centre["height"], (pos, river, centre)
            if pos == "left":
                assert river["x"] + river["width"] <= centre["x"]
            else:
                assert river["x"] >= centre["x"] + centre["width"]
        top = _box(page, "[data-pos=top] [data-testid=river]")
        assert top["y"] + top["height"] <= centre["y"]
        # the centre shows each seat's wind and score; the one to act is lit (it is us)
        assert page.locator("[data-testid=compass]").count() == 4
        lit = page.locator("[data-testid=compass].turn")
        assert lit.count() == 1 and lit.get_attribute("data-seat") == "0"
        # a 14-tile hand's hint speaks of the discard to come, never "0 from ready"
        page.click("[data-testid=hint-toggle]")
        page.wait_for_selector("[data-testid=hint-shanten]")
        said = page.locator("[data-testid=hint-shanten]").inner_text()
        assert not re.fullmatch(r"\d+ from ready", said), said
    finally:
        page.close()


def test_the_log_speaks_the_tables_words_and_the_game_end_is_said(
    server: str, browser: Any
) -> None:
    page = _open(
        browser,
        server,
        {
            "ruleset": "hongkong",
            "options": {"max_hands": 1},
            "seats": [{"kind": "human"}, BOT, BOT, BOT],
            "settings": FAST,
        },
    )
    try:
        state = play(page, lambda s: s["overlay"] == "game", timeout=120)
        log = page.locator("[data-testid=log]").inner_text()
        # the engine's words (pon, ron, tsumo, chi, kan) never; the Chinese table's instead
        assert not re.search(r"\b(pon|chi|kan|ron|tsumo|void)\b", log, re.IGNORECASE), log
        if "wins" not in log and "draw" not in log.lower():
            assert "Mahjong" in log, log
        assert page.locator("[data-testid=round-short]").inner_text() == "Game over"
        assert page.locator(".toast").count() == 0
        assert state["overlay"] == "game" and not read(page)["error"]
    finally:
        page.close()


def test_the_white_dragon_has_a_frame(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 400, "height": 200})
    try:
        page.goto(server + "/credits")
        border = page.evaluate(
            """async () => {
              const m = await import('/static/js/tiles.js');
              const link = document.createElement('link');
              link.rel = 'stylesheet'; link.href = '/static/css/base.css';
              document.head.appendChild(link);
              await new Promise((ok) => link.addEventListener('load', ok));
              const tile = m.tileEl('5z');
              tile.style.setProperty('--tw', '22px');
              document.body.appendChild(tile);
              const after = getComputedStyle(tile.querySelector('.body'), '::after');
              return [after.borderTopWidth, after.borderTopStyle, after.content];
            }"""
        )
        width, style, content = border  # a drawn frame, not a blank face
        assert float(width.replace("px", "")) >= 1 and style == "solid" and content != "none"
    finally:
        page.close()
