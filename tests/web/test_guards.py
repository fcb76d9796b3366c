"""The web table's guards (issue 30): making tables is limited, followers are capped per
table and per client, tables of people are not starved by tables of bots, idle or slow
sockets, big bodies and bad frames are refused, and finished games' answers are made
once off the loop."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sparrows.rules import get_ruleset
from sparrows.server import create_app
from sparrows.server.rooms import Room
from sparrows.server.store import Store
from tests.support.web_room import BOTS, FAST, hello, play_due

# ---------------------------------------------------------------------- making tables


def _body(**kw: Any) -> dict[str, Any]:
    return {"ruleset": "suzume", "seats": [{"kind": "human"}, *BOTS[:3]], **kw}


def test_making_tables_is_guarded(tmp_path: Path) -> None:
    """Only JSON from this server's own pages (or a program) makes a table; a client
    makes so many a minute; the server holds so many in play; a body nested too deeply
    is one 400 line; names are cut and cleaned."""
    from sparrows.server.limits import Limits

    limits = Limits(max_tables=4, create_per_minute=3)
    with TestClient(create_app(tmp_path / "t.db", limits)) as client:
        form = client.post(
            "/api/tables",
            content=json.dumps(_body()).encode(),
            headers={"Content-Type": "text/plain"},
        )
        assert form.status_code == 415, form.text
        evil = client.post("/api/tables", json=_body(), headers={"Origin": "https://evil.example"})
        assert evil.status_code == 403 and "another site" in evil.json()["error"]
        site = client.post("/api/tables", json=_body(), headers={"Sec-Fetch-Site": "cross-site"})
        assert site.status_code == 403
        deep = "[" * 5000 + "1" + "]" * 5000
        text = json.dumps(_body(options={"hands": "DEEP"})).replace('"DEEP"', deep)
        nested = client.post(
            "/api/tables", content=text.encode(), headers={"Content-Type": "application/json"}
        )
        assert nested.status_code == 400 and "\n" not in nested.json()["error"], nested.text
        assert client.get("/api/tables").json()["playing"] == []  # nothing was made
        seats = [
            {"kind": "human", "name": "Ann\u202e\u0007 \t  Lee"},
            {"kind": "bot:efficiency", "name": "x" * 15000},
            *BOTS[:2],
        ]
        same = {"Origin": "http://testserver"}
        made = client.post("/api/tables", json=_body(seats=seats), headers=same)
        assert made.status_code == 200, made.text
        names = [s["name"] for s in made.json()["table"]["seats"]]
        assert names[:2] == ["Ann Lee", "x" * 24]
        # three a minute: the bad request, the table above, this one
        assert client.post("/api/tables", json=_body()).status_code == 200
        limited = client.post("/api/tables", json=_body())
        assert limited.status_code == 429 and "a minute" in limited.json()["error"]
    limits = Limits(max_tables=2)
    with TestClient(create_app(tmp_path / "u.db", limits)) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=_body()).status_code == 200
        full = client.post("/api/tables", json=_body())
        assert full.status_code == 503 and "most tables" in full.json()["error"]


def test_followers_are_capped_per_table_and_per_client(tmp_path: Path) -> None:
    from sparrows.server.limits import Limits

    limits = Limits(ws_per_table=3, ws_per_client=5)
    with TestClient(create_app(tmp_path / "t.db", limits)) as client:
        a = client.post("/api/tables", json=_body()).json()
        b = client.post("/api/tables", json=_body()).json()
        with (
            client.websocket_connect(f"/ws/{a['id']}"),
            client.websocket_connect(f"/ws/{a['id']}"),
            client.websocket_connect(f"/ws/{a['id']}"),
        ):
            with client.websocket_connect(f"/ws/{a['id']}") as ws:
                assert "most connections (3)" in ws.receive_json()["message"]
            with (
                client.websocket_connect(f"/ws/{b['id']}"),
                client.websocket_connect(f"/ws/{b['id']}"),
                client.websocket_connect(f"/ws/{b['id']}") as ws,
            ):
                assert "too many connections from here" in ws.receive_json()["message"]
        with client.websocket_connect(f"/ws/{a['id']}") as ws:  # freed again
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"


def test_a_table_of_people_is_not_starved_by_tables_of_bots(tmp_path: Path) -> None:
    """Six tables of bots playing flat out (random bots in Hong Kong: thousands of
    hands) beside a person's table: the person's moves are answered at once."""
    from sparrows.client import View

    rules = get_ruleset("suzume")
    with TestClient(create_app(tmp_path / "t.db")) as client:
        for _ in range(6):
            body = {"ruleset": "hongkong", "seats": [{"kind": "bot:random"}] * 4, "settings": FAST}
            assert client.post("/api/tables", json=body).status_code == 200
        made = client.post("/api/tables", json=_body(settings=FAST)).json()
        took = []
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["links"]["0"].split("#t=", 1)[1])
            view = ws.receive_json()["view"]
            while len(took) < 15 and not view["over"]:
                prompt = view["prompt"]
                if (
                    prompt is not None
                    and prompt["kind"] != "turn"
                    and prompt["actions"] != ["pass"]
                ):
                    # a claim this seat may make (a ron): passed, or the table waits on it
                    ws.send_json({"type": "act", "prompt": prompt["id"], "action": "pass"})
                if prompt is None or prompt["kind"] != "turn":
                    view = ws.receive_json()["view"]
                    continue
                action = rules.default_action(View.from_json(view)).to_string("suzume")
                began = time.monotonic()
                ws.send_json({"type": "act", "prompt": prompt["id"], "action": action})
                view = ws.receive_json()["view"]
                took.append(time.monotonic() - began)
        took.sort()
        assert took[len(took) // 2] < 0.1, took  # the median answer


# ---------------------------------------------------------------------- sockets


def test_idle_sockets_slow_headers_big_bodies_and_bad_frames(tmp_path: Path) -> None:
    """A real server with a 1 s header timeout: a socket that sends nothing, or headers
    a few bytes at a time, is closed; a client's connections beyond its cap are closed at
    once; a body announced as 64 MiB is refused unread; a websocket text frame that is
    not UTF-8 is one line in the log, not a traceback."""
    import base64
    import os
    import socket

    from tests.support.browser import post_json, start_server

    proc, url = start_server(tmp_path / "t.db", "--header-timeout", "1")
    port = int(url.rsplit(":", 1)[1])

    def closed_within(sock: socket.socket, seconds: float) -> bool:
        sock.settimeout(seconds)
        try:
            return sock.recv(1024) == b""
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True

    try:
        idle = socket.create_connection(("127.0.0.1", port))
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        began = time.monotonic()
        assert closed_within(idle, 5.0) and closed_within(slow, 5.0)
        assert time.monotonic() - began < 4.0
        many = [socket.create_connection(("127.0.0.1", port)) for _ in range(80)]
        refused = sum(closed_within(s, 0.3) for s in many[64:])
        assert refused == 16, refused  # beyond 64 from one address: closed at once
        for s in many:
            s.close()
        time.sleep(0.2)
        big = socket.create_connection(("127.0.0.1", port))
        big.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 67108864\r\n\r\n{"
        )
        big.settimeout(5.0)
        assert big.recv(200).startswith(b"HTTP/1.1 413"), "the body was waited for"
        big.close()
        made = post_json(url + "/api/tables", _body())
        ws = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16))
        ws.sendall(
            b"GET /ws/" + made["id"].encode() + b" HTTP/1.1\r\nHost: x\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key + b"\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )
        ws.settimeout(5.0)
        assert ws.recv(1024).startswith(b"HTTP/1.1 101")
        payload = b'{"type":"ping"}\xff\xfe'
        mask = os.urandom(4)
        ws.sendall(
            bytes([0x81, 0x80 | len(payload)])
            + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        )
        assert ws.recv(64)[:1] == b"\x88"  # a close frame
        ws.close()
        assert post_json(url + "/api/tables", _body())["id"]  # the server is still there
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    log = proc.stderr.read() if proc.stderr else ""
    assert "Traceback" not in log, log
    assert log.count("not UTF-8") == 1, log


def test_finished_games_answers_are_made_once_off_the_loop(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db")
    with TestClient(app) as client:
        made = client.post(
            "/api/tables", json={"ruleset": "suzume", "seats": BOTS, "settings": FAST}
        )
        table = made.json()["id"]
        for _ in range(600):
            if client.get(f"/api/tables/{table}").json()["over"]:
                break
            time.sleep(0.05)
        products = app.state.server.products
        first = client.get(f"/api/replay/{table}?view=all")
        again = client.get(f"/api/replay/{table}?view=all")
        assert first.status_code == again.status_code == 200
        assert first.content == again.content and first.headers["content-encoding"] == "gzip"
        record = client.get(f"/api/records/{table}")
        assert record.json()["actions"] and client.get(f"/api/records/{table}").content == (
            record.content
        )
        assert products.made == 2  # one replay, one record: each made once
        bad = client.get(f"/api/replay/{table}?view=9")
        assert bad.status_code == 400 and "view must be" in bad.json()["error"]
        assert client.get("/api/records/nope").status_code == 404


def test_connections_of_one_viewer_share_one_message_per_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broadcast makes each viewer's state once, however many of its connections follow
    the table (300 spectators of one table once cost a view each per step): every
    spectator at the same cursor gets the very same message, and the view is made once."""
    from sparrows.server.connection import Connection

    store = Store(tmp_path / "t.db")
    room, _, _ = Room.create(store, "riichi", {"preset": "tenhou"}, BOTS, dict(FAST))
    got: list[list[dict[str, Any]]] = [[] for _ in range(5)]
    for i in range(5):
        room.join(Connection(None, got[i].append))
    play_due(room, 20)
    made = {"views": 0}
    real = room.game.public_view

    def counted() -> Any:
        made["views"] += 1
        return real()

    monkeypatch.setattr(room.game, "public_view", counted)
    play_due(room, len(room.game.actions) + 1)
    room.broadcast()
    last = [messages[-1] for messages in got]
    assert all(m is last[0] for m in last)
    assert made["views"] == 1


def test_a_page_may_leave_the_update_events_out(tmp_path: Path) -> None:
    """A hello with ``updates: false`` (the page's) gets state messages without ``update``
    events (the view it draws from says them); a client that rebuilds the view from the
    events gets them as before."""
    with TestClient(create_app(tmp_path / "t.db")) as client:
        body = {"ruleset": "suzume", "seats": [{"kind": "human"}, *BOTS[:3]], "settings": FAST}
        made = client.post("/api/tables", json=body).json()
        token = made["links"]["0"].split("#t=", 1)[1]
        kinds = []
        for updates in (False, True):
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_json({"type": "hello", "token": token, "updates": updates})
                assert ws.receive_json()["type"] == "welcome"
                state = ws.receive_json()
                assert state["type"] == "state" and state["view"]
                kinds.append({e["type"] for e in state["events"]})
        assert "update" not in kinds[0] and "deal" in kinds[0]
        assert "update" in kinds[1]
