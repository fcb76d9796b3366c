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

from tests.support.browser import (
    CHROMIUM,
    choose,
    play,
    post_json,
    read,
    shots,
    start_server,
    stop_server,
    table_at,
)
from tests.support.web_room import FAST

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

BOT = {"kind": "bot:efficiency"}


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
        # riichi: the discard weighing value and danger picks, with the hand's worth and
        # chance (nobody threatens yet, so no deal-in cost), a tile the hand may throw
        pick = page.locator("[data-testid=hint-pick]")
        pick.wait_for()
        words = pick.inner_text()
        assert words.startswith("Weighing value and danger:") and "a win worth about" in words
        assert "deal-in cost" not in words, words
        thrown = (pick.get_attribute("data-action") or "").split(" ")[-1]
        held = page.locator("#my-hand [data-testid=hand-tile]:not([disabled])")
        assert thrown in {held.nth(i).get_attribute("data-tile") for i in range(held.count())}
    finally:
        page.close()


@pytest.mark.slow  # make test-all: the browser's budget in make test
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


@pytest.mark.slow  # pixels of one tile: make test-all
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


#: Every call-out the page shows, collected as it appears: [seat, text].
WATCH = """() => {
  window.__callouts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('callout')) {
        window.__callouts.push([n.dataset.seat, n.textContent]);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}"""


@pytest.mark.slow  # about 30 s: make test-all
def test_call_outs_reach_every_player_and_the_spectator(
    server: str, browser: Any, tmp_path: Path
) -> None:
    """Two people and a spectator: each sees the same call-outs, by the caller's seat
    (calls are made whenever offered, so a hand is not long without one)."""
    made = post_json(
        server + "/api/tables",
        {
            "ruleset": "riichi",
            "preset": "tenhou",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, BOT, BOT],
            "settings": {**FAST, "next_hand_seconds": 30},
        },
    )
    pages = []
    shot = False
    for link in (made["links"]["0"], made["links"]["1"], made["spectate"]):
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.add_init_script(f"({WATCH})()")
        page.goto(link)
        pages.append(page)
    try:
        seen: list[Any] = []
        for _ in range(4):  # hands, until one had a call-out
            for _ in range(4000):
                states = [read(p) for p in pages[:2]]
                if all(s["overlay"] for s in states):
                    break
                moved = False
                for p, s in zip(pages[:2], states, strict=True):
                    if s["overlay"]:
                        continue
                    move = choose(s, claims=True)
                    if move is not None:
                        p.click(move[1])
                        moved = True
                if not shot and pages[2].locator(".callout:not(.kind-info)").count():
                    shot = True  # the spectator's screen with a call-out (make screenshots)
                    pages[2].screenshot(path=str(shots(tmp_path) / "callout.jpg"), quality=80)
                if not moved:
                    pages[0].wait_for_timeout(20)
            pages[0].wait_for_timeout(300)
            seen = [p.evaluate("window.__callouts") for p in pages]
            if seen[0]:
                break
            for p in pages[:2]:
                p.click("[data-testid=hand-end-close]")
        assert seen[0], "no call-out in four hands"
        assert seen[0] == seen[1] == seen[2], seen  # the same for every viewer
        words = {"Chi", "Pon", "Kan", "Riichi", "Ron", "Tsumo", "Nuki"}
        assert {text for _, text in seen[0]} <= words, seen[0]
    finally:
        for p in pages:
            p.close()


def _riichi_table(db: Path) -> tuple[str, str]:
    """A riichi table whose person (seat 0, played by the efficiency bot's choices) has
    just declared riichi: (table id, seat 0's token)."""
    return table_at(
        db, lambda game, legal: next((a for a in legal if a.type.value == "riichi"), False)
    )


def _auto_discards(db: Path, url: str, browser: Any, table: str, token: str) -> list[str]:
    """Open seat 0's page after its riichi and click nothing: its discards that follow
    (until two, or the hand's end)."""
    import sqlite3

    def mine() -> list[str]:
        with sqlite3.connect(db) as con:
            return [
                a
                for (a,) in con.execute(
                    "SELECT action FROM actions WHERE table_id = ? AND seat = 0 ORDER BY n",
                    (table,),
                )
            ]

    before = len(mine())
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    try:
        page.goto(f"{url}/table/{table}#t={token}")
        page.wait_for_selector("[data-testid=connection][data-state=open]")
        assert page.locator("[data-testid=flow-auto-discard]").is_checked()  # on by default
        turns: list[str] = []
        for _ in range(200):
            page.wait_for_timeout(100)
            turns = [a for a in mine()[before:] if a.startswith("discard")]
            if len(turns) >= 2 or read(page)["overlay"]:
                break
        return turns
    finally:
        page.close()


@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_after_riichi_the_page_discards_the_drawn_tile_by_itself(
    tmp_path: Path, browser: Any
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    for attempt in range(3):  # a hand that ends on the riichi discard itself: another
        db = tmp_path / f"t{attempt}.db"
        with ThreadPoolExecutor(1) as pool:  # its own thread: Playwright holds this loop
            table, token = pool.submit(_riichi_table, db).result()
        proc, url = start_server(db)
        try:
            turns = _auto_discards(db, url, browser, table, token)
        finally:
            stop_server(proc)
        if turns:
            return
    raise AssertionError("the page never discarded by itself after riichi")


@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_presence_is_shown_and_a_seat_that_leaves_and_returns_is_announced(
    server: str, browser: Any
) -> None:
    made = post_json(
        server + "/api/tables",
        {
            "ruleset": "riichi",
            "preset": "tenhou",
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, BOT, BOT],
            "settings": FAST,
        },
    )
    ann = browser.new_page(viewport={"width": 1280, "height": 860})
    ann.goto(made["links"]["0"] + "&h=" + made["host"])  # Ann made the table: its host
    bo = browser.new_page(viewport={"width": 1280, "height": 860})
    bo.goto(made["links"]["1"])
    try:
        mark = "[data-testid=seat][data-seat='1'] [data-testid=presence]"
        ann.wait_for_selector(f"{mark}[data-state=here]")
        bo.close()  # Bo closes his page
        ann.wait_for_selector(f"{mark}[data-state=away]")
        ann.wait_for_selector("[data-testid=presence-toast]:has-text('Bo left the table')")
        # the host may hand Bo's seat to a bot meanwhile
        ann.click("[data-testid=stand-in][data-seat='1']")
        ann.wait_for_selector(f"{mark}[data-state=stand-in]")
        bo = browser.new_page(viewport={"width": 1280, "height": 860})
        bo.goto(made["links"]["1"])  # he comes back and has his seat again
        ann.wait_for_selector(f"{mark}[data-state=here]")
        ann.wait_for_selector("[data-testid=presence-toast]:has-text('Bo is back')")
        # a page without the host's secret has no host buttons
        assert bo.locator("[data-testid=stand-in]").count() == 0
    finally:
        ann.close()
        bo.close()


def test_call_outs_name_the_house_presets_riichi(server: str, browser: Any) -> None:
    """The call-outs as the page draws them from events and public views (callouts.js
    run in Chromium): a riichi discard is "Riichi"; once the view marks it open or tako
    (the house preset), the same call-out says so; a Sichuan exchange is said once."""
    page = browser.new_page()
    try:
        page.goto(server + "/")
        said = page.evaluate(
            """async () => {
              const { calloutsOf } = await import('/static/js/callouts.js');
              const view = (open, tako) => ({ extra: { kind: 'riichi', riichi: [0, 1, 0, 0],
                open_riichi: [false, open, false, false], tako: [false, tako, false, false] } });
              const riichi = [{ type: 'discard', seat: 1, tile: '5m', riichi: true }];
              const plain = view(false, false);
              return [
                calloutsOf(riichi, 'riichi', 4, plain, plain),
                calloutsOf(riichi, 'riichi', 4, plain, view(true, false)),
                calloutsOf([], 'riichi', 4, plain, view(false, true)),
                calloutsOf([], 'riichi', 4, view(false, true), view(false, true)),
                calloutsOf([{ type: 'exchange', src: 0, dst: 1 },
                            { type: 'exchange', src: 1, dst: 2 }], 'sichuan', 4),
              ];
            }"""
        )
    finally:
        page.close()
    assert said[0] == [{"seat": 1, "text": "Riichi", "kind": "riichi"}]
    assert said[1] == [{"seat": 1, "text": "Open riichi", "kind": "riichi"}]
    assert said[2] == [{"seat": 1, "text": "Tako riichi", "kind": "riichi"}]
    assert said[3] == []  # said once, when it happens
    assert len(said[4]) == 1 and said[4][0]["seat"] is None


def test_each_family_draws_its_own_marks(server: str, browser: Any) -> None:
    """The page's family module (static/js/families.js) in Chromium: riichi's badges
    (riichi, double, open) and stick, Sichuan's void badge, riichi's counters and
    indicator label, each family's win headline, and the export formats."""
    page = browser.new_page()
    page.goto(server + "/")
    got = page.evaluate(
        """async () => {
        const { family } = await import("/static/js/families.js");
        const text = (els) => els.map((e) => e.textContent);
        const r = family("riichi"), s = family("sichuan");
        const extra = { riichi: [1, 2, 1, 0], open_riichi: [false, false, true, false] };
        return {
          riichi: [0, 1, 2, 3].map((x) => text(r.badges(extra, x))),
          stick: [0, 3].map((x) => r.stick(extra, x) !== null),
          sichuan: text(s.badges({ void: ["m", null, "s", null] }, 0)),
          nothing: text(family("hongkong").badges(extra, 0)),
          counters: r.counters({ honba: 2, sticks: 1 }).textContent,
          label: [r.indicatorLabel(), family("suzume").indicatorLabel()],
          heads: [
            r.headline({ points: 7700 }, { han: 4, fu: 30 }, 7700),
            r.headline({ points: 32000 }, { han: 13, yakuman: 1 }, 32000),
            family("hongkong").headline({ points: 64 }, { faan: 5 }, 192),
            family("classical").headline(
              { points: 112 }, { points: 28, doubles: 2, score: 112 }, 448),
            family("sichuan").headline({ points: 8 }, {}, 24),
          ],
          exports: [r.exports("tenhou").length, r.exports("cy-dealers-choice").length,
                    family("suzume").exports("").length],
        };
      }"""
    )
    assert got["riichi"] == [["riichi"], ["double riichi"], ["open riichi"], []]
    assert got["stick"] == [True, False]
    assert len(got["sichuan"]) == 1 and got["nothing"] == []
    assert "2" in got["counters"] and "1" in got["counters"]
    assert got["label"][0] != got["label"][1]
    heads = [" · ".join(h) for h in got["heads"]]
    assert "4" in heads[0] and "30" in heads[0] and "7,700" in heads[0]
    assert "32,000" in heads[1]
    assert "5" in heads[2] and "192" in heads[2]
    assert "112" in heads[3] and "448" in heads[3]
    assert heads[4] == "8 points"
    assert got["exports"] == [2, 0, 0]
    page.close()
