"""External bots that speak mjai (issue 33), run as separate processes: the adapter plays a
whole riichi game with one; the bot sees only its own seat's tiles; a bot that crashes,
hangs, answers something that is not JSON or an illegal action is named in one line and
the fallback bot plays on; ``simulate --bot`` and an environment's opponents use it; the
web table seats one only where its owner configured it, and only at riichi tables."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sparrows.agents import AGENTS, make_agent
from sparrows.agents.mjai_bot import register_mjai
from sparrows.errors import SparrowsError
from sparrows.rules import get_ruleset
from sparrows.sim.runner import play_game

BOT = Path(__file__).resolve().parents[1] / "support" / "mjai_tsumogiri.py"
RULES = get_ruleset("riichi", {"preset": "tenhou", "hanchan": False})


def _register(name: str, *args: str, timeout: float = 10.0) -> str:
    register_mjai(name, [sys.executable, str(BOT), *args], timeout=timeout)
    return name


@pytest.fixture(autouse=True)
def _forget() -> Any:
    before = dict(AGENTS)
    yield
    AGENTS.clear()
    AGENTS.update(before)


def _game(name: str, seed: int = 5) -> Any:
    agents = [make_agent(name, 1, RULES)] + [make_agent("efficiency", s, RULES) for s in (1, 2, 3)]
    return play_game(RULES, agents, seed)


def test_an_mjai_bot_plays_a_whole_game_seeing_only_its_own_tiles(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    game = _game(_register("tsumogiri", "--log", str(log)))
    assert game.over
    mine = [e for e in game.events if e.type == "discard" and e.seat == 0]
    assert len(mine) > 20 and all(e.tsumogiri for e in mine)  # the bot's own play
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0][0] == {**lines[0][0], "type": "start_game", "id": 0}
    hands, ends = 0, 0
    for events in lines:
        for e in events:
            if e["type"] == "start_kyoku":
                hands += 1
                assert all(t == "?" for s in (1, 2, 3) for t in e["tehais"][s])
                assert "?" not in e["tehais"][0]
            if e["type"] == "tsumo":
                assert (e["pai"] == "?") == (e["actor"] != 0)
            ends += e["type"] == "end_kyoku"
    started = sum(e.type == "hand_start" for e in game.events)
    assert hands == started and ends >= started - 1  # each hand's end before the next


@pytest.mark.parametrize(
    ("mode", "why"),
    [
        ("crash", "it stopped"),
        ("hang", "no answer within 0.5 s"),
        ("illegal", "is not legal now"),
        ("garbage", "not JSON"),
    ],
)
def test_a_failing_bot_is_named_once_and_the_fallback_plays_on(
    mode: str, why: str, caplog: pytest.LogCaptureFixture
) -> None:
    name = _register(f"bad-{mode}", "--mode", mode, "--after", "5", timeout=0.5)
    with caplog.at_level(logging.WARNING, logger="sparrows.mjai"):
        game = _game(name)
    assert game.over
    said = [r.getMessage() for r in caplog.records if r.name == "sparrows.mjai"]
    assert len(said) == 1, said
    assert said[0].startswith(f"mjai bot {name} (seat 0): ") and why in said[0]
    assert "the balanced bot plays the seat from here" in said[0]
    assert "\n" not in said[0]


def test_names_commands_and_rulesets_are_checked() -> None:
    name = _register("checked")
    with pytest.raises(SparrowsError, match="plays riichi"):
        make_agent(name, 0, get_ruleset("suzume"))
    with pytest.raises(SparrowsError, match="sparrows bot already"):
        register_mjai("balanced", "true")
    with pytest.raises(SparrowsError, match="no command"):
        register_mjai("empty", "")
    with pytest.raises(SparrowsError, match="letters, digits"):
        register_mjai("a b", "true")
    missing = register_mjai("missing", "/no/such/bot")
    agents = [make_agent(missing.name, 1, RULES)] + [
        make_agent("efficiency", s, RULES) for s in (1, 2, 3)
    ]
    assert play_game(RULES, agents, 3).over  # cannot start: named, the fallback plays


def test_simulate_seats_an_mjai_bot_and_refuses_bad_options(tmp_path: Path) -> None:
    bot = f"tg={sys.executable} {BOT}"
    out = tmp_path / "s.json"
    args = ["--rules", "riichi", "--preset", "tenhou", "-n", "2", "--quiet"]
    run = subprocess.run(
        [sys.executable, "-m", "sparrows", "simulate", *args, "--bot", bot,
         "--agents", "tg,efficiency,efficiency,efficiency", "--out", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "tg" in json.loads(out.read_text())["per_agent"]
    for bad, said in (("--bot=nocommand", "NAME=COMMAND"), ("--ray=local", "cannot go with")):
        extra = [bad] if bad.startswith("--bot") else ["--bot", bot, bad]
        run = subprocess.run(
            [sys.executable, "-m", "sparrows", "simulate", *args, *extra],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert run.returncode == 2 and said in run.stderr
        assert run.stderr.strip().count("\n") == 0


def test_an_environment_plays_against_mjai_bots() -> None:
    np = pytest.importorskip("numpy")
    from sparrows.envs import gym_env

    env = gym_env("riichi", "tenhou", opponents=_register("gym-bot"))
    obs, _ = env.reset(seed=1)
    done, steps = False, 0
    while not done and steps < 400:
        obs, _, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert "illegal_action" not in info
        steps += 1
    assert done
    env.close()


def test_the_web_table_seats_a_configured_mjai_bot_at_riichi_tables_only(
    tmp_path: Path,
) -> None:
    pytest.importorskip("starlette")
    from sparrows.server import seats
    from sparrows.server.rooms import Room, TableError
    from sparrows.server.store import Store

    name = _register("table-bot")
    store = Store(tmp_path / "t.db")
    fast = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}
    four = [{"kind": f"bot:{name}"}] + [{"kind": "bot:efficiency"}] * 3
    with pytest.raises(TableError, match="kind must be"):  # not offered: never from a page
        Room.create(store, "riichi", {"preset": "tenhou"}, four, dict(fast))
    seats.offer_bot(name)
    try:
        with pytest.raises(TableError, match="plays riichi"):
            Room.create(store, "hongkong", {}, four, dict(fast))
        room, _, _ = Room.create(store, "riichi", {"preset": "tenhou"}, four, dict(fast))
        for _ in range(400):  # the table plays its bots' moves, the mjai one's included
            if room.game.over or room.game.hand_number > 0:
                break
            room._play_due()
            assert room._flush() is not False
        assert room.game.hand_number > 0 or room.game.over
        assert any(a[0] == 0 for a in room.game.actions)
        assert 0 in room.external
    finally:
        seats.BOTS.remove(name)


def test_a_slow_bot_at_a_web_table_holds_no_other_table(tmp_path: Path) -> None:
    """The web table asks an external bot in a worker thread: while it thinks (0.3 s an
    answer here) the event loop, and every other table on it, goes on."""
    pytest.importorskip("starlette")
    import asyncio
    import time

    from sparrows.server import seats
    from sparrows.server.rooms import Room
    from sparrows.server.store import Store

    name = _register("slow-bot", "--mode", "slow")
    seats.offer_bot(name)
    try:
        store = Store(tmp_path / "t.db")
        fast = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}
        four = [{"kind": f"bot:{name}"}] + [{"kind": "bot:efficiency"}] * 3
        room, _, _ = Room.create(store, "riichi", {"preset": "tenhou"}, four, dict(fast))

        async def main() -> float:
            table = asyncio.get_running_loop().create_task(room.run())
            gaps, last = [], time.monotonic()
            while len([a for a in room.game.actions if a[0] == 0]) < 4:
                await asyncio.sleep(0.01)
                now = time.monotonic()
                gaps.append(now - last)
                last = now
            await room.stop()
            table.cancel()
            return max(gaps)

        longest = asyncio.run(main())
        assert longest < 0.2  # the loop never waited on the bot's 0.3 s
    finally:
        seats.BOTS.remove(name)


@pytest.mark.slow  # a server and Chromium: make test-all
def test_serve_offers_its_owners_mjai_bot_at_riichi_tables_only(tmp_path: Path) -> None:
    """``serve --bot NAME=COMMAND``: the lobby (in Chromium) offers NAME for riichi seats and
    not for Hong Kong's, and a riichi table seated with it plays."""
    pytest.importorskip("playwright.sync_api")
    from tests.support.browser import (
        CHROMIUM,
        chromium,
        get_json,
        post_json,
        start_server,
        stop_server,
    )

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium")
    proc, url = start_server(tmp_path / "t.db", "--bot", f"tg={sys.executable} {BOT}")
    try:
        assert get_json(url + "/api/rulesets")["bot_rulesets"] == {"tg": ["riichi"]}
        with chromium() as browser:
            page = browser.new_page()
            page.goto(url + "/")
            kinds = "[data-testid=seat-kind][data-seat='1'] option"
            page.select_option("#ruleset", "riichi")
            assert "bot:tg" in page.eval_on_selector_all(kinds, "os => os.map(o => o.value)")
            page.select_option("#ruleset", "hongkong")
            assert "bot:tg" not in page.eval_on_selector_all(kinds, "os => os.map(o => o.value)")
            page.close()
        seats = [{"kind": "bot:tg"}] + [{"kind": "bot:efficiency"}] * 3
        fast = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}
        body = {"ruleset": "riichi", "seats": seats, "settings": fast}
        table = post_json(url + "/api/tables", body)["id"]
        for _ in range(100):  # the table plays (the mjai bot's seat included) into hand 2
            info = get_json(f"{url}/api/tables/{table}")
            if info["hand"] > 0 or info["over"]:
                break
            time.sleep(0.1)
        assert info["hand"] > 0 or info["over"], info
    finally:
        stop_server(proc)
