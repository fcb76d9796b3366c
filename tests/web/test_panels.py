"""The win panel draws the hand as it was held (issue 31): the concealed tiles with the tile
won on marked once, the seat's real melds, its flowers, seasons or nuki norths; never a
triplet completed by ron as a called meld with the winning tile again (15 tiles).

Seeded games of efficiency bots give each kind of win (the seeds are checked: each must
still give its kind of win); they are stored as finished tables and opened in the replay
viewer in Chromium, which draws a hand's end with the live table's panel code.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from sparrows.agents import make_agent  # noqa: E402
from sparrows.engine import Game  # noqa: E402
from sparrows.records.record import record_from_game  # noqa: E402
from sparrows.rules import get_ruleset  # noqa: E402
from sparrows.server.store import SeatRow, Store, StoredTable, token_hash  # noqa: E402
from tests.support.browser import CHROMIUM, get_json, start_server, stop_server  # noqa: E402

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

Want = Callable[[Any, list[Any], list[int]], bool]

#: (name, ruleset, preset, seed, what the win must be: (event, the seat's melds, its bonus))
CASES: list[tuple[str, str, str, int, Want]] = [
    (
        "ron on a triplet",
        "riichi",
        "tenhou",
        7,
        lambda e, m, b: e.from_seat is not None and not m and "[" in e.reading,
    ),
    ("a pon hand", "riichi", "tenhou", 0, lambda e, m, b: any(x.type.value == "pon" for x in m)),
    ("a kan hand", "riichi", "tenhou", 0, lambda e, m, b: any("kan" in x.type.value for x in m)),
    ("a flower hand", "hongkong", "", 0, lambda e, m, b: len(b) >= 1),
    ("a nuki hand", "riichi", "tenhou-sanma", 0, lambda e, m, b: len(b) >= 1),
    ("a classical win", "classical", "", 3, lambda e, m, b: True),
]


def _cases(*quick: str) -> list[Any]:
    """The cases as parameters: those named run in `make test`, the rest in `make test-all`
    (the browser's budget)."""
    return [
        pytest.param(i, id=c[0], marks=() if c[0] in quick else pytest.mark.slow)
        for i, c in enumerate(CASES)
    ]


def _game_with(ruleset: str, preset: str, seed: int, want: Want) -> tuple[Game, dict[str, Any]]:
    """The seeded game played to the end of the hand of the first win ``want`` accepts;
    the win and what its seat held then (melds, bonus tiles)."""
    rules = get_ruleset(ruleset, {"preset": preset} if preset else {})
    agent = make_agent("efficiency", 1, rules)
    game = Game(rules, seed)
    found: dict[str, Any] = {}
    while not game.over:
        seat, legal = game.decisions()[0]
        seen = len(game.events)
        melds = [list(m) for m in game.melds]
        bonus = [list(b) for b in game.bonus]
        game.step(seat, agent.act(game.observation(seat), legal))
        for e in game.events[seen:]:
            if not found and e.type == "win" and want(e, melds[e.seat], bonus[e.seat]):
                shown = sum(len(m.tiles) for m in melds[e.seat]) + len(bonus[e.seat])
                found = {
                    "event": e.to_json(),
                    "seat": e.seat,
                    "tiles": len(e.hand) + shown,
                    "nth": sum(x.type == "win" for x in game.events[: game.events.index(e)]),
                }
            if found and e.type == "hand_end":
                found["deltas"] = list(e.deltas)
                return game, found
    raise AssertionError(f"seed {seed} no longer gives the win asked for")


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Any]]]:
    db = tmp_path_factory.mktemp("panels") / "tables.db"
    store = Store(db)
    made = []
    for name, ruleset, preset, seed, want in CASES:
        game, found = _game_with(ruleset, preset, seed, want)
        table_id = secrets.token_urlsafe(9)
        seats = tuple(SeatRow(s, "bot:efficiency", f"Bot {s + 1}", "") for s in range(game.n))
        store.create_table(
            StoredTable(
                table_id,
                time.time(),
                ruleset,
                {"preset": preset},
                seed,
                {},
                "over",
                token_hash(secrets.token_urlsafe(8)),
                seats,
            )
        )
        store.save_progress(table_id, 0, [], {}, "over", record_from_game(game).to_json())
        made.append((name, table_id, found))
    store.close()
    proc, url = start_server(db)
    try:
        yield url, made
    finally:
        stop_server(proc)


@pytest.mark.parametrize("case", range(len(CASES)), ids=[c[0] for c in CASES])
def _open_panel(url: str, table_id: str, found: dict[str, Any], page: Any) -> Any:
    """The replay at the end of the hand of the win ``found``; its win block."""
    frames = get_json(f"{url}/api/replay/{table_id}?view=all")["frames"]
    wins = [i for i, f in enumerate(frames) for e in f["events"] if e["type"] == "win"]
    won = wins[found["nth"]]
    at = next(
        i
        for i, f in enumerate(frames)
        if i >= won and any(e["type"] == "hand_end" for e in f["events"])
    )
    page.goto(f"{url}/replay/{table_id}")
    page.wait_for_selector("#slider:not([disabled])")
    page.eval_on_selector(
        "#slider", f"el => {{ el.value = '{at + 1}'; el.dispatchEvent(new Event('input')); }}"
    )
    seat = found["seat"]
    win = page.locator(f"[data-testid=replay-panel] [data-testid=win][data-seat='{seat}']")
    win.first.wait_for(timeout=10000)
    return win.first


def _number(text: str) -> int:
    return int(text.replace(",", "").replace("+", "").replace("\u2212", "-"))


@pytest.mark.parametrize("case", _cases())
def test_the_headline_says_what_the_winner_is_paid_and_the_payments_add_up(
    replays: tuple[str, list[Any]], browser: Any, case: int
) -> None:
    """Hong Kong's headline is the faan and what the winner is paid (not "9 faan · 9
    points"); classical shows points, doubles, the score and the payment, and how the
    losers settle among themselves; every panel's payments plus its line of other
    payments (riichi sticks put down and taken, a draw's settlement) equal the score
    changes."""
    url, made = replays
    name, table_id, found = made[case]
    e = found["event"]
    d = e["detail"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        win = _open_panel(url, table_id, found, page)
        head = win.locator("[data-testid=win-headline]").inner_text()
        paid = f"paid {e['payments'][e['seat']]:,}"
        if "faan" in d:
            assert head == f"{d['faan']} faan \u00b7 {paid}", (name, head)
        elif "doubles" in d:
            assert (
                head == f"{d['points']} points \u00d7 2^{d['doubles']} = {d['score']} \u00b7 {paid}"
            )
            settle = win.locator("[data-testid=settle]").inner_text()
            assert "losers then pay one another the difference" in settle
        else:
            assert head.endswith(f"{e['points']:,} points"), (name, head)
        panel = page.locator("[data-testid=replay-panel]")
        shown = [0] * len(found["deltas"])
        for w in range(panel.locator("[data-testid=win]").count()):
            pays = panel.locator("[data-testid=win]").nth(w).locator("[data-testid=payments] .pay")
            for i in range(pays.count()):
                seat = int(pays.nth(i).get_attribute("data-seat") or "0")
                shown[seat] += _number(pays.nth(i).locator("b").inner_text())
        # the sticks put down (or a draw's settlement); the sticks taken are already in
        # the winner's payment
        other = panel.locator("[data-testid=sticks] .pay[data-seat]")
        for i in range(other.count()):
            seat = int(other.nth(i).get_attribute("data-seat") or "0")
            shown[seat] += _number(other.nth(i).locator("b").inner_text())
        assert shown == found["deltas"], (name, shown, found["deltas"])
    finally:
        page.close()


@pytest.mark.parametrize("case", _cases("ron on a triplet"))
def test_the_win_panel_draws_exactly_the_hand_held(
    replays: tuple[str, list[Any]], browser: Any, case: int
) -> None:
    url, made = replays
    name, table_id, found = made[case]
    frames = get_json(f"{url}/api/replay/{table_id}?view=all")["frames"]
    wins = [
        i for i, f in enumerate(frames) for e in f["events"] if e["type"] == "win"
    ]  # the frame of each win, in order
    won = wins[found["nth"]]
    at = next(
        i
        for i, f in enumerate(frames)
        if i >= won and any(e["type"] == "hand_end" for e in f["events"])
    )
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/replay/{table_id}")
        page.wait_for_selector("#slider:not([disabled])")
        page.eval_on_selector(
            "#slider",
            f"el => {{ el.value = '{at + 1}'; el.dispatchEvent(new Event('input')); }}",
        )
        seat = found["seat"]
        win = page.locator(f"[data-testid=replay-panel] [data-testid=win][data-seat='{seat}']")
        win.first.wait_for(timeout=10000)
        hand = win.first.locator("[data-testid=win-hand]")
        tiles = hand.locator(".tile").count()
        assert tiles == found["tiles"], (name, tiles, found)
        assert hand.locator("[data-testid=winning-tile]").count() == 1, name
        assert errors == []
    finally:
        page.close()
