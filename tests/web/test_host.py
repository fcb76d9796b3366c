"""Hosting a table (issue 31): the host's secret closes the table and hands an absent
person's seat to a bot until they come back; every page is told who is here or away;
tables nobody plays or looks at expire; the lobby lists finished games with their
placings and scores; each ruleset has a one-page rules summary."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sparrows.server import create_app
from sparrows.server import registry as server_registry
from sparrows.server.limits import Limits
from sparrows.server.store import Store
from tests.support.web_room import FAST

BOT = {"kind": "bot:efficiency"}


def _make(client: TestClient, seats: list[dict[str, str]], **more: Any) -> dict[str, Any]:
    body = {"ruleset": "suzume", "seats": seats, "settings": FAST, **more}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    made: dict[str, Any] = r.json()
    return made


def _token(link: str) -> str:
    return link.split("#t=", 1)[1]


def _until(ws: Any, check: Any, limit: int = 400, play: bool = False) -> dict[str, Any]:
    """Read until ``check(message)``; with ``play``, answer this seat's prompts by the
    ruleset's default action meanwhile (the table goes on)."""
    from sparrows.client import View
    from sparrows.rules import get_ruleset

    rules = get_ruleset("suzume")
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if check(msg):
            return msg
        prompt = msg["view"]["prompt"] if msg["type"] == "state" else None
        if play and prompt and prompt["actions"] != ["pass"]:
            action = rules.default_action(View.from_json(msg["view"]))
            ws.send_json(
                {"type": "act", "prompt": prompt["id"], "action": action.to_string(rules.dialect)}
            )
    raise AssertionError("not seen")


def _host(client: TestClient, table: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/host", json=body)


def test_the_host_closes_a_table_and_nobody_else_can(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _make(client, [{"kind": "human", "name": "Ann"}, BOT, BOT, BOT])
        table = made["id"]
        assert _host(client, table, host="not it", do="close").status_code == 403
        assert _host(client, table, host=made["host"], do="explode").status_code == 400
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": _token(made["links"]["0"])})
            _until(ws, lambda m: m["type"] == "state")
            assert _host(client, table, host=made["host"], do="close").json() == {"ok": True}
            said = _until(ws, lambda m: m["type"] == "error")
            assert said == {
                "type": "error",
                "about": "closed",
                "message": "the host closed this table",
                "why": {"id": "closed", "args": {}, "text": "the host closed this table"},
            }
        listed = client.get("/api/tables").json()
        assert table not in {t["id"] for t in listed["playing"]}
    assert Store(tmp_path / "t.db").table(table).status == "closed"  # type: ignore[union-attr]


def test_an_absent_seat_is_handed_to_a_bot_until_its_player_returns(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _make(
            client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, BOT, BOT]
        )
        table, host = made["id"], made["host"]
        with client.websocket_connect(f"/ws/{table}") as ann:
            ann.send_json({"type": "hello", "token": _token(made["links"]["0"])})
            welcome = _until(ann, lambda m: m["type"] == "welcome")
            first = welcome["presence"]  # who is here comes with the welcome
            assert first["seats"] == ["here", "away", "bot", "bot"] and first["stand_in"] == []
            # Ann's own seat cannot be handed over while she is here; a bot's is no person's
            assert _host(client, table, host=host, do="stand_in", seat=0).status_code == 400
            assert _host(client, table, host=host, do="stand_in", seat=2).status_code == 400
            assert _host(client, table, host=host, do="stand_in", seat=1).status_code == 200
            said = _until(ann, lambda m: m["type"] == "presence", play=True)
            assert said["stand_in"] == [1]
            # Bo's turns are played: his river grows while he is away
            grew = _until(
                ann,
                lambda m: m["type"] == "state" and len(m["view"]["seats"][1]["river"]) >= 1,
                limit=2000,
                play=True,
            )
            assert grew
            with client.websocket_connect(f"/ws/{table}") as bo:  # Bo comes back
                bo.send_json({"type": "hello", "token": _token(made["links"]["1"])})
                back = _until(
                    ann, lambda m: m["type"] == "presence" and m["seats"][1] == "here", play=True
                )
                assert back["stand_in"] == []  # he has his seat again
            gone = _until(
                ann, lambda m: m["type"] == "presence" and m["seats"][1] == "away", play=True
            )
            assert gone["stand_in"] == []  # gone again: the seat waits (no bot unasked)


def test_a_table_nobody_plays_or_watches_expires(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_registry, "SWEEP_SECONDS", 0.05)
    app = create_app(tmp_path / "t.db", Limits(idle_seconds=0.3))
    with TestClient(app) as client:
        made = _make(client, [{"kind": "human"}, BOT, BOT, BOT])
        bots = _make(client, [BOT, BOT, BOT, BOT])  # no person: never idle
        deadline = time.monotonic() + 10
        while made["id"] in {t["id"] for t in client.get("/api/tables").json()["playing"]}:
            assert time.monotonic() < deadline, "the idle table did not expire"
            time.sleep(0.05)
    store = Store(tmp_path / "t.db")
    assert store.table(made["id"]).status == "expired"  # type: ignore[union-attr]
    assert store.table(bots["id"]).status != "expired"  # type: ignore[union-attr]


def test_finished_games_are_listed_with_their_placings(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _make(client, [BOT] * 4)
        deadline = time.monotonic() + 120
        while True:
            over = {t["id"]: t for t in client.get("/api/tables").json()["over"]}
            if made["id"] in over:
                break
            assert time.monotonic() < deadline
            time.sleep(0.2)
        row = over[made["id"]]
        record = client.get(f"/api/records/{made['id']}").json()
        end = [e for e in record["events"] if e["type"] == "game_end"][-1]
        assert (row["places"], row["scores"]) == (end["places"], end["scores"])
    # a game finished by a version that did not keep them: read from its record once
    store = Store(tmp_path / "t.db")
    with store.transaction() as db:
        db.execute("UPDATE tables SET result = ''")
    assert store.results([made["id"]]) == {
        made["id"]: {"places": end["places"], "scores": end["scores"]}
    }


def test_each_ruleset_has_a_rules_page(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        for name, words in {
            "riichi": ["What wins", "Pinfu", "Yakuman"],
            "hongkong": ["faan", "Thirteen"],
            "classical": ["Doubles", "East is doubled"],
            "sichuan": ["void", "Faan"],
            "suzume": ["five points"],
        }.items():
            page = client.get(f"/rules/{name}")
            assert page.status_code == 200
            for word in words:
                assert word in page.text, (name, word)
        missing = client.get("/rules/nope")
        assert missing.status_code == 404 and "no ruleset 'nope'" in missing.json()["error"]
