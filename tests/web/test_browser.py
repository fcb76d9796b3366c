"""The web table in a real headless Chromium (issue 21): Debian's /usr/bin/chromium driven
by Playwright, against a real ``sparrows serve`` process on a real SQLite file.

Every ruleset: a table made in the lobby with three bots, a whole hand played by clicking
until the score panel shows. Two human players in two browser contexts play each other
while a spectator context watches (it is sent no hidden tile and shows none). A player
closes the page during a claim prompt, opens the link again and answers the same prompt.
A hand played with the keyboard alone. The table on a phone-sized screen.

Screenshots of each ruleset's table are taken on the way; with SPARROWS_SCREENSHOTS=DIR
(``make screenshots``) they are written to DIR (the README shows docs/screenshots/).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from tests.support.browser import (  # noqa: E402
    CHROMIUM,
    choose,
    get_json,
    play,
    post_json,
    read,
    shots,
)

if not CHROMIUM.exists():  # `make test` installs it (apt-get); a bare pytest may lack it
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

#: Every ruleset and the presets that change the table (players, special tiles, chips).
#: `make test` plays one hand per family of the page's rules (Suzume, riichi, the Chinese
#: family); the others run in `make test-all`.
_SLOW = pytest.mark.slow
TABLES = [
    ("suzume", "standard"),
    ("riichi", "tenhou"),
    pytest.param("riichi", "tenhou-sanma", marks=_SLOW, id="riichi-tenhou-sanma"),
    pytest.param("riichi", "cy-dealers-choice", marks=_SLOW, id="riichi-cy-dealers-choice"),
    ("hongkong", "standard"),
    pytest.param("classical", "standard", marks=_SLOW, id="classical-standard"),
    pytest.param("sichuan", "standard", marks=_SLOW, id="sichuan-standard"),
]


class Page:
    """A page with its console errors collected (a script error fails the test)."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 860) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[list[Page]]:
    made: list[Page] = []
    yield made
    for p in made:
        p.close()


def _table(server: str, ruleset: str, humans: int = 1, preset: str = "") -> dict[str, Any]:
    meta = get_json(server + "/api/rulesets")
    players = next(r for r in meta["rulesets"] if r["name"] == ruleset)["presets"][
        preset or "standard"
    ]
    seats = [{"kind": "human", "name": f"Player {i + 1}"} for i in range(humans)]
    seats += [{"kind": "bot:efficiency"}] * (players - humans)
    body: dict[str, Any] = {
        "ruleset": ruleset,
        "seats": seats,
        "settings": {"bot_pace": 0, "claim_pause": 0},
    }
    if preset:
        body["preset"] = preset
    return dict(post_json(server + "/api/tables", body))


def _hand_end(state: dict[str, Any]) -> bool:
    return state["overlay"] != ""


@pytest.mark.parametrize(("ruleset", "preset"), TABLES)
def test_a_hand_of_every_ruleset_made_in_the_lobby_and_played_by_clicking(
    server: str, browser: Any, pages: list[Page], tmp_path: Path, ruleset: str, preset: str
) -> None:
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(server + "/")
    page.select_option("[data-testid=ruleset]", ruleset)
    page.select_option("[data-testid=preset]", preset)
    page.click("[data-testid=settings] summary")
    page.fill("[data-testid=bot-pace]", "0")
    page.fill("[data-testid=claim-pause]", "0")
    page.click("[data-testid=create]")
    link = page.locator("[data-testid=play-here]").first.get_attribute("href")
    assert link and "#t=" in link
    page.goto(link)
    # a few turns in, the table is photographed
    turns = {"n": 0}

    def some_turns(state: dict[str, Any]) -> bool:
        if state["prompt"] and not state["answered"] and any(t["can"] for t in state["tiles"]):
            turns["n"] += 1
        return turns["n"] >= 6 or state["overlay"] != ""

    play(page, some_turns, close_panels=False)
    page.screenshot(path=str(shots(tmp_path) / f"{ruleset}-{preset}.jpg"), quality=80)
    state = play(page, _hand_end, close_panels=False, timeout=90)
    panel = page.locator("#overlay [data-testid=hand-end], #overlay [data-testid=game-end]")
    assert panel.count() == 1, state
    page.wait_for_timeout(400)  # the panel as a player reads it (call-outs faded)
    page.screenshot(path=str(shots(tmp_path) / f"{ruleset}-{preset}-end.jpg"), quality=80)
    if state["overlay"] == "hand":
        outcome = panel.locator("[data-testid=win], [data-testid=draw], [data-testid=abort]")
        assert outcome.count() >= 1
        rows = panel.locator("[data-testid=hand-scores] tr")
        players = 3 if preset == "tenhou-sanma" else 4
        assert rows.count() >= players  # a row per seat (and a header)
        wins = panel.locator("[data-testid=win]")
        for i in range(wins.count()):  # every win shows its itemised score and payments
            assert wins.nth(i).locator("[data-testid=win-item]").count() >= 1
            assert wins.nth(i).locator("[data-testid=payments]").count() == 1
    assert pages[0].errors == []


def _frames(page: Any) -> list[dict[str, Any]]:
    """Every websocket frame the page receives, parsed."""
    import json

    got: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return got


def test_two_players_in_two_browsers_and_a_spectator_who_sees_no_hidden_tile(
    server: str, browser: Any, pages: list[Page]
) -> None:
    made = _table(server, "suzume", humans=2)
    pages.extend([Page(browser), Page(browser), Page(browser)])
    first, second, spectator = (p.page for p in pages)
    watched = _frames(spectator)
    spectator.goto(made["spectate"])
    first.goto(made["links"]["0"])
    second.goto(made["links"]["1"])
    ended: set[int] = set()
    shown_to_spectator = 0
    for _ in range(6000):
        for i, page in enumerate((first, second)):
            state = read(page)
            if state["overlay"]:
                ended.add(i)
                continue
            move = choose(state)
            if move is not None:
                page.click(move[1])
        # the spectator's page shows the backs of every concealed hand, and no hand of its own
        shown_to_spectator += spectator.locator("[data-testid=seat-hand] .tile:not(.back)").count()
        assert spectator.locator("#my-hand .tile").count() == 0
        if len(ended) == 2:
            break
        first.wait_for_timeout(10)
    assert ended == {0, 1}, "the hand did not end on both pages"
    spectator.wait_for_selector("#overlay:not(.hidden)")
    # the three pages show the same hand result
    texts = [
        p.locator("#overlay [data-testid=hand-scores]").inner_text()
        for p in (first, second, spectator)
    ]
    assert texts[0] == texts[1] == texts[2]
    assert shown_to_spectator == 0
    # what the spectator was sent: views without any concealed tile, draws without tiles
    states = [f for f in watched if f.get("type") == "state"]
    assert states
    for frame in states:
        view = frame["view"]
        assert view["viewer"] is None and view["hand"] is None and view["prompt"] is None
        assert view["drawn"] is None
        assert all(seat["hand"] is None for seat in view["seats"])
        for event in frame["events"]:
            if event["type"] in ("draw", "deal"):
                assert event.get("tile") is None and not event.get("tiles"), event
    for p in pages:
        assert p.errors == []


@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_a_player_closes_the_page_during_a_claim_prompt_and_answers_it_after_reopening(
    server: str, browser: Any, pages: list[Page]
) -> None:
    made = _table(server, "riichi", preset="tenhou")
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(made["links"]["0"])

    def offered_a_call(state: dict[str, Any]) -> bool:
        calls = [
            b["action"]
            for b in state["buttons"]
            if b["action"].split(" ")[0] in ("chi", "pon", "kan", "ron")
        ]
        return bool(state["prompt"]) and not state["answered"] and bool(calls)

    state = play(page, offered_a_call, timeout=150)
    offered = sorted(b["action"] for b in state["buttons"] if b["testid"] == "action")
    prompt = state["prompt"]
    pages[0].close()
    pages.pop()
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(made["links"]["0"])
    page.wait_for_function(f"document.body.dataset.prompt === '{prompt}'")
    again = read(page)
    assert sorted(b["action"] for b in again["buttons"] if b["testid"] == "action") == offered
    call = next(a for a in offered if a.split(" ")[0] in ("chi", "pon", "kan", "ron"))
    page.click(f'#actions button[data-action="{call}"]')
    page.wait_for_function(f"document.body.dataset.prompt !== '{prompt}'")
    assert read(page)["error"] == ""
    table = get_json(server + f"/api/tables/{made['id']}")
    assert not table["over"] or table["hand"] >= 0
    assert pages[0].errors == []


@pytest.mark.slow  # a second riichi hand by keyboard: make test-all
def test_a_hand_played_with_the_keyboard_alone(
    server: str, browser: Any, pages: list[Page]
) -> None:
    made = _table(server, "riichi", preset="tenhou")
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(made["links"]["0"])
    discards = 0
    for _ in range(20000):
        state = read(page)
        if state["overlay"]:
            break
        move = choose(state)
        if move is None:
            page.wait_for_timeout(15)
            continue
        kind = move[0]
        if kind == "discard":
            # ArrowLeft puts the cursor on the last tile (the drawn one), then on the one
            # before... (a tile that may not go now is passed over on the next round)
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Enter")
            page.wait_for_timeout(30)
            after = read(page)
            if after["answered"] or after["prompt"] != state["prompt"]:
                discards += 1
        elif kind == "pass":
            page.keyboard.press("Escape")
        else:  # a win or another choice: its button's number key
            action = move[1].split('data-action="', 1)[1].split('"', 1)[0]
            key = next(b["key"] for b in state["buttons"] if b["action"] == action)
            assert key, state
            page.keyboard.press(key)
        page.wait_for_timeout(15)
    assert read(page)["overlay"], "the hand did not end"
    assert discards >= 3
    page.keyboard.press("Enter")  # closes the panel
    page.wait_for_selector("#overlay.hidden", state="attached")
    assert pages[0].errors == []


def test_the_table_fits_a_phone_sized_screen(
    server: str, browser: Any, pages: list[Page], tmp_path: Path
) -> None:
    made = _table(server, "riichi", preset="tenhou")
    pages.append(Page(browser, 375, 740))
    page = pages[0].page
    page.goto(made["links"]["0"])
    play(page, lambda s: bool(s["prompt"]) and any(t["can"] for t in s["tiles"]))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide on a 375 px screen"
    hand = page.locator("#my-hand [data-testid=hand-tile]")
    assert hand.count() >= 13
    for i in range(hand.count()):  # every tile on the screen, large enough to tap
        box = hand.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
        assert box["width"] >= 32, f"a hand tile is {box['width']:.0f} px wide on a phone"
    page.screenshot(path=str(shots(tmp_path) / "riichi-phone.jpg"), quality=80)
    assert pages[0].errors == []


def test_rule_options_in_the_lobby_make_the_table_and_a_bad_value_is_named(
    server: str, browser: Any, pages: list[Page]
) -> None:
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(server + "/")
    page.select_option("[data-testid=ruleset]", "riichi")
    page.select_option("[data-testid=preset]", "tenhou")
    page.click("[data-testid=options] summary")
    field = page.locator("[data-testid=option-start_points]")
    assert field.input_value() == "25000"  # the preset's value is shown
    field.fill("-5")
    page.click("[data-testid=create]")
    page.wait_for_function("document.querySelector('[data-testid=create-error]').textContent")
    error = page.locator("[data-testid=create-error]").inner_text()
    assert "start_points" in error and "must be" in error, error
    field.fill("30000")
    page.click("[data-testid=create]")
    link = page.locator("[data-testid=play-here]").first.get_attribute("href")
    assert link
    table_id = link.split("/table/", 1)[1].split("#", 1)[0]
    info = get_json(server + f"/api/tables/{table_id}")
    assert info["preset"] == "tenhou" and info["options"]["start_points"] == 30000
    # the refused request is the browser's one complaint
    assert [e for e in pages[0].errors if "status of 400" not in e] == []


@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_the_replay_viewer_steps_jumps_and_changes_view(
    server: str, browser: Any, pages: list[Page]
) -> None:
    bots = [{"kind": "bot:efficiency"}] * 4
    made = post_json(
        server + "/api/tables",
        {"ruleset": "riichi", "preset": "tenhou", "seats": bots, "settings": {"bot_pace": 0}},
    )
    for _ in range(600):
        if get_json(server + f"/api/tables/{made['id']}")["over"]:
            break
        time.sleep(0.05)
    frames = len(get_json(server + f"/api/replay/{made['id']}?view=public")["frames"])
    pages.append(Page(browser))
    page = pages[0].page
    page.goto(server + f"/replay/{made['id']}")
    counter = page.locator("[data-testid=replay-counter]")
    page.wait_for_function(
        "document.querySelector('[data-testid=replay-counter]').textContent.includes('/')"
    )
    assert counter.inner_text().replace(" ", "") == f"1/{frames}"
    page.click("[data-testid=replay-next]")
    page.keyboard.press("ArrowRight")
    assert counter.inner_text().replace(" ", "") == f"3/{frames}"
    # the move in the table's words ("Discard East wind"), not the engine's ("discard 1z");
    # the walls are the server's own shuffle, so the third frame may be a nine-terminals
    # abort (once shown as "act.abort")
    said = page.locator("[data-testid=replay-action]").inner_text()
    assert re.search(r": (Discard|Riichi|Tsumo|Kan|Abort)\b", said), said
    assert not re.search(r"\d[mpsz]|act\.", said), said
    # every hand open: the concealed hands are shown face up
    assert page.locator("[data-testid=seat-hand] .tile:not(.back)").count() >= 3 * 13
    # the spectator's view at the same frame: no concealed tile face up
    page.select_option("[data-testid=replay-view]", "public")
    page.wait_for_function("!document.querySelector('[data-testid=seat-hand] .tile:not(.back)')")
    assert counter.inner_text().replace(" ", "") == f"3/{frames}"
    # the second hand, then the end: the game's ranking
    page.select_option("[data-testid=replay-hand]", index=1)
    page.wait_for_function(
        "document.querySelector('[data-testid=round-label]').textContent !== 'East 1, honba 0'"
    )
    page.keyboard.press("End")
    page.wait_for_selector("[data-testid=replay-panel] [data-testid=game-end]")
    assert counter.inner_text().replace(" ", "") == f"{frames}/{frames}"
    assert pages[0].errors == []
