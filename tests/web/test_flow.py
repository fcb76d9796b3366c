"""The player's flow controls and sound at the web table (issue 31), in Chromium against
the real server and SQLite file: a table is played in-process to the moment wanted (seat
0 at a win, a call, a furiten hand), saved, served, and its page opened. Win by itself,
no calls, pass on everything this turn (not offered on the seat's own turn), the furiten
badge on the hand, and sound: off by default, remembered, heard on a discard."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from sparrows.engine import ActionType
from tests.support.browser import CHROMIUM, post_json, start_server, stop_server, table_at

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

A = ActionType
WINS = {A.TSUMO, A.RON}
CALLS = {A.CHI, A.PON, A.KAN}


def _made(db: Path, stop: Any, **kw: Any) -> tuple[str, str]:
    with ThreadPoolExecutor(1) as pool:  # its own thread: Playwright holds this one's loop
        return pool.submit(table_at, db, stop, **kw).result()


def _seat0(db: Path, table: str) -> list[str]:
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT action FROM actions WHERE table_id = ? AND seat = 0 ORDER BY n", (table,)
        )
        return [a for (a,) in rows]


def _next_of_seat0(db: Path, table: str, before: int, seconds: float) -> str | None:
    """Seat 0's next stored action within ``seconds``, or None."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done = _seat0(db, table)
        if len(done) > before:
            return done[before]
        time.sleep(0.05)
    return None


def _page(
    browser: Any,
    url: str,
    table: str,
    token: str,
    flow: dict[str, bool] | None = None,
    lang: str = "en",
) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    if flow is not None:  # the player's flow settings, as if saved before
        saved = json.dumps(json.dumps(flow))
        page.add_init_script(f"localStorage.setItem('sparrows.flow', {saved})")
    page.goto(f"{url}/table/{table}?lang={lang}#t={token}")
    page.wait_for_selector("[data-testid=connection][data-state=open]")
    # seat 0's prompt is on the page: buttons, or tiles to discard
    page.wait_for_selector("#actions button, #my-hand [data-testid=hand-tile]:not([disabled])")
    return page


class At:
    """A table stopped at a moment (see ``table_at``), served, with seat 0's page open:
    ``next(seconds)`` is seat 0's next stored action (None when none came)."""

    def __init__(
        self,
        tmp_path: Path,
        browser: Any,
        stop: Any,
        flow: dict[str, bool] | None = None,
        lang: str = "en",
        **kw: Any,
    ) -> None:
        self.db = tmp_path / "t.db"
        self.table, token = _made(self.db, stop, **kw)
        self.proc, url = start_server(self.db)
        self.before = len(_seat0(self.db, self.table))
        self.page = _page(browser, url, self.table, token, flow, lang)

    def next(self, seconds: float) -> str | None:
        return _next_of_seat0(self.db, self.table, self.before, seconds)

    def close(self) -> None:
        self.page.close()
        stop_server(self.proc)


@contextlib.contextmanager
def at(tmp_path: Path, browser: Any, stop: Any, **kw: Any) -> Iterator[At]:
    moment = At(tmp_path, browser, stop, **kw)
    try:
        yield moment
    finally:
        moment.close()


def _pass_only(legal: list[Any]) -> bool:
    """A prompt the table answers by itself (pass is all there is): not one to stop at."""
    return [a.type for a in legal] == [A.PASS]


def _calls_offered(game: Any, legal: list[Any]) -> bool:
    kinds = {a.type for a in legal}
    return bool(kinds & CALLS) and A.PASS in kinds and not kinds & WINS


@pytest.mark.slow  # make test-all (the budget: one of these in make test)
def test_win_by_itself_only_when_the_player_asks(tmp_path: Path, browser: Any) -> None:
    with at(tmp_path, browser, lambda game, legal: any(a.type in WINS for a in legal)) as m:
        page = m.page
        assert not page.locator("[data-testid=flow-auto-win]").is_checked()  # off by default
        assert m.next(1.5) is None  # the player chooses
        page.click("[data-testid=flow] summary")
        page.check("[data-testid=flow-auto-win]")
        won = m.next(10)
        assert won is not None and won.split()[0] in ("tsumo", "ron"), won
        page.reload()
        assert page.locator("[data-testid=flow-auto-win]").is_checked()  # remembered


@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_no_calls_passes_a_call_and_nothing_else(tmp_path: Path, browser: Any) -> None:
    with at(tmp_path, browser, _calls_offered) as m:
        assert m.next(1.5) is None  # offered, and waiting
        calls = ", ".join(f"#actions button[data-action^={c}]" for c in ("chi", "pon", "kan"))
        assert m.page.locator(calls).count()
        m.page.click("[data-testid=flow] summary")
        m.page.check("[data-testid=flow-no-calls]")
        assert m.next(10) == "pass"


def test_pass_on_everything_this_turn(tmp_path: Path, browser: Any) -> None:
    with at(tmp_path, browser, _calls_offered) as m:
        button = m.page.locator("[data-testid=pass-turn]")
        assert button.is_visible() and button.is_enabled()
        assert m.next(1.0) is None
        button.click()
        assert m.next(10) == "pass"
        # until the seat's own turn, when there is nothing to pass and it is off again
        m.page.wait_for_selector("#my-hand [data-testid=hand-tile]:not([disabled])", timeout=30000)
        assert button.is_disabled()
        assert button.get_attribute("aria-pressed") == "false"


@pytest.mark.slow  # make test-all (the budget: one of these in make test)
def test_the_furiten_badge_is_on_the_hand(tmp_path: Path, browser: Any) -> None:
    def ron_passed(game: Any, legal: list[Any]) -> Any:  # the seat lets a ron go by
        return (
            next((a for a in legal if a.type == A.PASS), None)
            if any(a.type == A.RON for a in legal)
            else None
        )

    def furiten(game: Any, legal: list[Any]) -> bool:
        return bool(game.view(0).extra.furiten) and not _pass_only(legal)

    # in riichi the page would discard the drawn tile by itself, and a ron of it may end
    # the hand (and the furiten) before the badge is looked at: the player turned that off
    with at(tmp_path, browser, furiten, pick=ron_passed, flow={"autoDiscard": False}) as m:
        page = m.page
        badge = page.locator("[data-testid=furiten-badge]")
        with contextlib.suppress(Exception):  # said below, with what the page shows
            badge.wait_for(state="visible", timeout=5000)
        assert badge.is_visible() and badge.inner_text() == "Furiten", (
            page.locator("[data-testid=status]").inner_text(),
            page.locator("[data-testid=hints]").inner_text(),
            page.locator("#actions").inner_text(),
        )


@pytest.mark.slow  # make test-all (the budget: one of these in make test)
def test_sound_is_off_until_asked_then_remembered_and_heard(tmp_path: Path, browser: Any) -> None:
    proc, url = start_server(tmp_path / "t.db")
    try:
        made = post_json(
            url + "/api/tables",
            {
                "ruleset": "suzume",
                "seats": [{"kind": "bot:efficiency"}] * 4,
                "settings": {"bot_pace": 0.3, "claim_pause": 0},
            },
        )
        page = browser.new_page()
        page.goto(made["spectate"])
        toggle = page.locator("[data-testid=sound-toggle]")
        toggle.wait_for()
        assert not toggle.is_checked()
        page.wait_for_timeout(1500)  # discards go by in silence
        assert page.evaluate("document.body.dataset.sound") is None
        # (a hand may have ended meanwhile: its panel lies over the page, so the box is
        # clicked as a keyboard user would reach it, not through the panel)
        toggle.dispatch_event("click")
        assert toggle.is_checked()
        page.wait_for_function("document.body.dataset.sound === 'discard'", timeout=10000)
        page.reload()
        assert page.locator("[data-testid=sound-toggle]").is_checked()  # remembered
        page.close()
    finally:
        stop_server(proc)


@pytest.mark.slow  # make test-all: 25 s of Hong Kong games to reach the moment (the words
# themselves are checked in make test by test_web_languages)
def test_a_refused_win_is_said_in_the_players_language(tmp_path: Path, browser: Any) -> None:
    """A Hong Kong hand complete on its draw but below the minimum faan: the hints line
    says why in traditional Chinese, with the hand's faan and the minimum (the server
    sends the reason's id and numbers; the page words them)."""
    from sparrows.server.advice import hint_json

    def refused(game: Any, legal: list[Any]) -> bool:
        return not _pass_only(legal) and hint_json(game.ruleset, game, 0)["no_win_why"] is not None

    with at(tmp_path, browser, refused, ruleset="hongkong", tables=120, lang="zh-Hant") as m:
        page = m.page
        page.click("[data-testid=hint-toggle]")
        said = page.locator("[data-testid=hint-no-win]")
        said.wait_for(timeout=10000)
        text = said.inner_text()
        assert "番" in text and "起糊" in text and "faan" not in text, text
        assert "3番" in text, text  # the table's minimum (min_faan 3)


@pytest.mark.slow  # make test-all (the words' keys are checked in make test by test_languages)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_names_the_plan_the_bots_play(tmp_path: Path, browser: Any, lang: str) -> None:
    """A Hong Kong hand one suit makes most of: the hints line names the plan the bots
    play it for (Mixed One Suit or Pure Suit, the suit, the faan) in the page's language,
    and the discard the bots would throw, the server's pick."""
    from sparrows.server.advice import hint_json

    seen: dict[str, Any] = {}

    def planned(game: Any, legal: list[Any]) -> bool:
        if not any(a.type == A.DISCARD for a in legal):
            return False
        hint = hint_json(game.ruleset, game, 0)
        seen.update(hint)
        return hint["plan"] is not None

    with at(tmp_path, browser, planned, ruleset="hongkong", lang=lang) as m:
        page = m.page
        page.click("[data-testid=hint-toggle]")
        line = page.locator("[data-testid=hint-plan]")
        line.wait_for(timeout=10000)
        plan, text = seen["plan"], line.inner_text()
        assert line.get_attribute("data-item") == plan["item"]
        assert line.get_attribute("data-pick") == seen["pick"]
        assert f"{plan['faan']}" in text, text
        if lang == "en":
            name = {"mixed_one_suit": "Mixed One Suit", "pure_suit": "Pure Suit"}[plan["item"]]
            suit = {"m": "characters", "p": "dots", "s": "bamboo"}[plan["suit"]]
            assert name in text and suit in text and "The bots would throw" in text, text
        else:
            assert "一色" in text and "番" in text and "_" not in text, text
