"""Between hands the table waits for the people at it (issue 31): nothing is played (no
bot, no auto-pass, no clock) until every connected person has pressed OK on the hand's
result, or the table's ``next_hand_seconds`` run out; every page is told whom the table
waits for. Tested on the room itself and in Chromium against the real server."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from sparrows.server.connection import Connection
from sparrows.server.rooms import Room, TableError
from sparrows.server.store import Store
from tests.support.browser import CHROMIUM, play, post_json, read, start_server, stop_server

BOT = {"kind": "bot:efficiency"}


def _to_hand_end(room: Room) -> None:
    """Play (the two people by the ruleset's default action, the bots by the room) until
    the first hand ends; the room's pause is then begun as the run loop begins it."""

    start = room.game.hand_number

    async def go() -> None:
        while room.game.hand_number == start:
            room._play_due()
            assert room._flush()
            room._hand_ended()
            for seat in (0, 1):
                if room.game.hand_number != start:
                    return
                view = room.game.view(seat)
                if view.prompt is not None and view.prompt.actions != ["pass"]:
                    action = room.rules.default_action(view)
                    await room.act(seat, view.prompt.id, action.to_string(room.rules.dialect))

    asyncio.run(go())


def _room(tmp_path: Path, seconds: float, **more: Any) -> tuple[Room, list[list[Any]]]:
    store = Store(tmp_path / "t.db")
    settings = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": seconds, **more}
    room, _, _ = Room.create(
        store, "riichi", {"preset": "tenhou"}, [{"kind": "human"}] * 2 + [BOT] * 2, settings
    )
    got: list[list[Any]] = [[], [], []]
    for seat in (0, 1, None):
        room.join(Connection(seat, got[2 if seat is None else seat].append))
    return room, got


def _holds(messages: list[Any]) -> list[list[int]]:
    return [m["waiting"] for m in messages if m["type"] == "hold"]


def test_the_next_hand_waits_for_every_person_to_press_ok(tmp_path: Path) -> None:
    room, got = _room(tmp_path, 30, base_seconds=5)
    _to_hand_end(room)
    assert room.waiting == {0, 1}
    for messages in got:  # both players and the spectator are told whom the table waits for
        assert _holds(messages) == [[0, 1]]
    # nothing is played meanwhile: no bot, no pass, no clock
    played = len(room.game.actions)
    wait, acts = room.due()
    assert acts == [] and 29 < wait <= 30
    room._play_due()
    assert len(room.game.actions) == played
    for seat in (0, 1):
        clock = room.clock_of(seat)
        assert clock is not None and clock["base"] == 5
    # a move meanwhile is refused (it does not count), in words that name nobody
    seat = next(s for s, _ in room.game.decisions())
    view = room.game.view(seat)
    with pytest.raises(TableError, match="the next hand begins when everyone has pressed OK"):
        asyncio.run(room.act(seat, view.prompt.id, view.prompt.actions[0]))  # type: ignore[union-attr]
    room.ready(0)
    assert room.waiting == {1} and _holds(got[2])[-1] == [1]
    room._play_due()
    assert len(room.game.actions) == played
    room.ready(1)  # the last one: the table goes on
    assert not room.held() and _holds(got[0])[-1] == []
    room._play_due()
    assert len(room.game.actions) > played or any(s in (0, 1) for s, _ in room.game.decisions())


def test_the_table_goes_on_after_its_countdown_or_without_a_page_that_closed(
    tmp_path: Path,
) -> None:
    room, got = _room(tmp_path, 1.5)  # long enough to be seen held on a busy machine
    _to_hand_end(room)
    assert room.held()
    time.sleep(1.6)
    assert not room.held() and _holds(got[1])[-1] == []
    # the next hand's end: a person whose page is closed is not waited for
    for conn in room.conns:
        if conn.seat == 1:
            conn.closed = True
    room.settings["next_hand_seconds"] = 30
    _to_hand_end(room)
    assert room.waiting == {0}
    room.ready(0)
    assert not room.held()


def test_a_table_without_a_wait_or_without_people_does_not_pause(tmp_path: Path) -> None:
    room, got = _room(tmp_path, 0)
    _to_hand_end(room)
    assert not room.held() and not _holds(got[0])
    store = Store(tmp_path / "bots.db")
    bots, _, _ = Room.create(store, "suzume", {}, [BOT] * 4, {"bot_pace": 0, "claim_pause": 0})
    while bots.game.hand_number == 0:
        bots._play_due()
        bots._hand_ended()
    assert not bots.held()


@pytest.mark.slow  # a hand played by clicking (about 13 s): make test-all
@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (make browser)")
def test_in_chromium_the_bots_wait_until_the_player_presses_ok(
    tmp_path: Path, browser: Any
) -> None:
    db = tmp_path / "t.db"
    proc, url = start_server(db)
    try:
        made = post_json(
            url + "/api/tables",
            {
                "ruleset": "riichi",
                "preset": "tenhou",
                "seats": [{"kind": "human", "name": "Ann"}, BOT, BOT, BOT],
                "settings": {"bot_pace": 0, "claim_pause": 0},
            },
        )
        page = browser.new_page()
        page.goto(made["links"]["0"])

        def actions() -> int:
            with sqlite3.connect(db) as con:
                return int(
                    con.execute(
                        "SELECT COUNT(*) FROM actions WHERE table_id = ?", (made["id"],)
                    ).fetchone()[0]
                )

        play(page, lambda s: s["overlay"] == "hand", close_panels=False, timeout=90)
        page.wait_for_selector("[data-testid=hold]:has-text('waiting for Ann')")
        before = actions()
        page.wait_for_timeout(2000)  # bots at pace 0 would have played a dozen moves
        assert actions() == before
        assert not read(page)["buttons"]  # nothing to click until the next hand
        page.click("[data-testid=hand-end-close]")
        deadline = time.monotonic() + 20
        # the table goes on: the bots play, or (this seat deals the next hand) it may act
        while (
            actions() == before
            and not read(page)["buttons"]
            and not any(t["can"] for t in read(page)["tiles"])
        ):
            assert time.monotonic() < deadline, "the table did not go on after OK"
            page.wait_for_timeout(50)
        page.close()
    finally:
        stop_server(proc)
