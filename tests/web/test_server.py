"""The web table's server (issue 21): tables through the real app (Starlette's test
client drives the ASGI app, its websockets and its lifespan), a real SQLite file, bots;
abuse refused; nothing hidden in any frame; a table resumes from its file."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sparrows.client import SeatState, View
from sparrows.rules import get_ruleset
from sparrows.server import create_app
from tests.support.web_room import FAST


def _table(client: TestClient, ruleset: str = "suzume", preset: str = "", **kw: Any) -> Any:
    rules = get_ruleset(ruleset, {"preset": preset} if preset else {})
    seats = kw.pop("seats", None) or [{"kind": "human", "name": "Ann"}] + [
        {"kind": "bot:efficiency"} for _ in range(rules.num_players - 1)
    ]
    body = {"ruleset": ruleset, "seats": seats, "settings": {**FAST, **kw.pop("settings", {})}}
    if preset:
        body["preset"] = preset
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def _token(link: str) -> str:
    return link.split("#t=", 1)[1]


class Player:
    """A scripted human at one seat: answers every prompt with the ruleset's default
    action, keeps every frame it was sent."""

    def __init__(self, ws: Any, ruleset: Any) -> None:
        self.ws = ws
        self.rules = ruleset
        self.frames: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.last_state: dict[str, Any] | None = None

    def receive(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        self.frames.append(msg)
        if msg.get("type") == "state":
            self.view = self.last_state = msg["view"]
        return msg

    def play(self, until: Any, limit: int = 5000) -> None:
        """Answer prompts until ``until(view)`` holds."""
        for _ in range(limit):
            view = self.view
            if view is not None and until(view):
                return
            if view is not None and view["prompt"] and view["prompt"]["actions"] != ["pass"]:
                action = self.rules.default_action(View.from_json(view))
                text = action.to_string(self.rules.dialect)
                self.ws.send_json({"type": "act", "prompt": view["prompt"]["id"], "action": text})
                self.view = None  # wait for the state after it
            msg = self.receive()
            if msg["type"] == "error" and msg["message"].startswith("too many messages"):
                time.sleep(0.2)  # faster than a person: wait for the bucket, ask again
                self.view = self.last_state
                continue
            assert msg["type"] != "error" or "stale" in msg["message"], msg
        raise AssertionError("the table did not get there")


def _next(ws: Any) -> dict[str, Any]:
    """The next message but a presence one (another seat's page opened or closed)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "presence":
            return msg


def _hello(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


# ---------------------------------------------------------------------- creating


def test_bad_table_requests_get_one_clear_line(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        for body, message in (
            ({"ruleset": "go", "seats": []}, "unknown ruleset 'go'"),
            ({"ruleset": "suzume", "seats": [{"kind": "human"}]}, "has 4 seats, not 1"),
            (
                {"ruleset": "suzume", "seats": [{"kind": "robot"}] * 4},
                "kind must be human or bot:",
            ),
            (
                {"ruleset": "suzume", "seats": [{}] * 4, "settings": {"speed": 1}},
                "unknown table setting(s) speed",
            ),
            (
                {"ruleset": "suzume", "seats": [{}] * 4, "settings": {"base_seconds": -1}},
                "base_seconds must be a number of seconds",
            ),
            ({"ruleset": "riichi", "seats": [{}] * 4, "preset": "tenhou3"}, "tenhou"),
            ({"ruleset": "suzume", "seats": [{}] * 4, "extra": 1}, "unknown field"),
        ):
            r = client.post("/api/tables", json=body)
            assert r.status_code == 400, (body, r.text)
            error = r.json()["error"]
            assert message in error and "\n" not in error, error
        json_type = {"Content-Type": "application/json"}
        assert client.post("/api/tables", content=b"{", headers=json_type).status_code == 400
        big = client.post("/api/tables", content=b"x" * 20000, headers=json_type)
        assert big.status_code == 413
        assert client.get("/api/tables/nope").status_code == 404


# ---------------------------------------------------------------------- playing


@pytest.mark.parametrize(
    ("ruleset", "preset"),
    [
        ("suzume", ""),
        ("riichi", "tenhou"),
        ("riichi", "tenhou-sanma"),
        ("riichi", "cy-dealers-choice"),
        ("hongkong", ""),
        ("classical", ""),
        ("sichuan", ""),
    ],
)
def test_a_hand_with_bots_and_nothing_hidden_in_any_frame(
    tmp_path: Path, ruleset: str, preset: str
) -> None:
    """One human (scripted) and bots play a whole hand; a spectator watches. Every frame
    to the seat and to the spectator holds no concealed tile of another seat (unless the
    rules show it), no other seat's prompt or private update, no seed; the seat's views
    are what its SeatState rebuilds from the events it was sent."""
    rules = get_ruleset(ruleset, {"preset": preset} if preset else {})
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _table(client, ruleset, preset)
        with (
            client.websocket_connect(f"/ws/{made['id']}") as ws,
            client.websocket_connect(f"/ws/{made['id']}") as watch,
        ):
            assert _hello(ws, _token(made["links"]["0"]))["seat"] == 0
            assert _hello(watch, _token(made["spectate"]))["seat"] is None
            player = Player(ws, rules)
            player.receive()
            player.play(lambda v: v["hand_number"] >= 1 or v["over"])
            spectator = Player(watch, rules)
            spectator.play(lambda v: v["hand_number"] >= 1 or v["over"])
        for who, frames in ((0, player.frames), (None, spectator.frames)):
            state = SeatState(who)
            for msg in frames:
                assert msg["type"] in ("state", "error"), msg
                if msg["type"] != "state":
                    continue
                _check_frame(msg, who)
                state.feed(msg["events"])
                assert state.view() == View.from_json(msg["view"])


def _check_frame(msg: dict[str, Any], viewer: int | None) -> None:
    view = msg["view"]
    open_riichi = (view.get("extra") or {}).get("open_riichi") or ()
    for seat in view["seats"]:
        s = seat["seat"]
        if s != viewer and not (s < len(open_riichi) and open_riichi[s]):
            assert seat["hand"] is None, f"seat {s}'s hand in a frame to {viewer}"
    if viewer is None:
        assert view["hand"] is None and view["prompt"] is None and view["drawn"] is None
    for e in msg["events"]:
        kind = e["type"]
        if kind == "update":
            assert e["seat"] in (None, viewer)
        if kind in ("draw", "deal") and e["seat"] != viewer:
            assert e.get("tile") is None and e.get("tiles") is None
        if kind == "exchange" and viewer not in (e["src"], e["dst"]):
            assert e["tiles"] is None
        if kind == "game_start":
            assert e["seed"] is None
    text = json.dumps(msg)
    assert '"seed": ' not in text or '"seed": null' in text


# ---------------------------------------------------------------------- refusing


def test_what_a_connection_may_not_do(tmp_path: Path) -> None:
    rules = get_ruleset("suzume")
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _table(client, seats=[{"kind": "human"}] * 4)
        tid = made["id"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "act", "prompt": 1, "action": "pass"})
            assert "say hello" in ws.receive_json()["message"]
            ws.send_json({"type": "hello", "token": "not-a-token"})
            assert ws.receive_json()["message"] == "this link is not for this table"
            ws.send_text("garbage")
            assert "a bad message" in ws.receive_json()["message"]
            ws.send_text(json.dumps({"type": "hello", "token": "x" * 5000}))
            assert "at most 4096 bytes" in ws.receive_json()["message"]
            ws.send_json({"type": "act", "prompt": "1", "action": "pass"})
            assert "a bad message" in ws.receive_json()["message"]
        # another seat's token acts only for that seat; a stale prompt is refused
        with (
            client.websocket_connect(f"/ws/{tid}") as dealer,
            client.websocket_connect(f"/ws/{tid}") as other,
        ):
            _hello(dealer, _token(made["links"]["0"]))
            _hello(other, _token(made["links"]["1"]))
            view = _next(dealer)["view"]
            _next(other)
            prompt = view["prompt"]
            assert prompt is not None and prompt["kind"] == "turn"
            # seat 1 tries the dealer's move with the dealer's prompt id: not its turn
            other.send_json({"type": "act", "prompt": prompt["id"], "action": prompt["actions"][0]})
            assert "is not to act now" in _next(other)["message"]
            dealer.send_json(
                {"type": "act", "prompt": prompt["id"] + 5, "action": prompt["actions"][0]}
            )
            assert "stale" in _next(dealer)["message"]
            dealer.send_json({"type": "act", "prompt": prompt["id"], "action": "discard 9z"})
            refused = _next(dealer)
            assert refused["type"] == "error" and "\n" not in refused["message"]
            state = client.get(f"/api/tables/{tid}").json()
            assert state["hand"] == 0  # nothing was applied
            action = rules.default_action(View.from_json(view)).to_string("suzume")
            dealer.send_json({"type": "act", "prompt": prompt["id"], "action": action})
            after = _next(dealer)
            assert after["type"] == "state" and after["view"]["seats"][0]["river"]


def test_a_flood_and_repeated_garbage_close_the_connection(tmp_path: Path) -> None:
    """Over the rate, each message is refused (a strike); so is each malformed one; after
    STRIKES strikes the server says so and closes the connection."""
    from starlette.websockets import WebSocketDisconnect

    from sparrows.server.follow import STRIKES

    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _table(client)
        for flood in (["{}"] * 200, ["{"] * 200):
            seen: list[str] = []
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                for text in flood:
                    ws.send_text(text)
                with pytest.raises(WebSocketDisconnect):
                    while True:
                        seen.append(ws.receive_json().get("message", ""))
            assert seen[-1] == "too many bad messages: closing"
            assert sum(1 for m in seen if m != "" and "closing" not in m) == STRIKES
        # the table goes on for everyone else
        assert client.get(f"/api/tables/{made['id']}").json()["over"] is False


# ---------------------------------------------------------------------- restarting


def test_a_table_resumes_from_its_file(tmp_path: Path) -> None:
    """Play part of a hand, stop the server, start another on the same file: the seat's
    link gives the same view (same hand, same draws to come) and play goes on."""
    rules = get_ruleset("riichi", {"preset": "tenhou"})
    db = tmp_path / "t.db"
    with TestClient(create_app(db)) as client:
        made = _table(client, "riichi", "tenhou")
        token = _token(made["links"]["0"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            _hello(ws, token)
            player = Player(ws, rules)
            player.receive()
            # stop while the table waits for this seat's turn: nothing moves after it
            player.play(
                lambda v: (
                    len(v["seats"][0]["river"]) >= 4
                    and v["prompt"] is not None
                    and v["prompt"]["kind"] == "turn"
                )
            )
            before = player.view
    with TestClient(create_app(db)) as client, client.websocket_connect(f"/ws/{made['id']}") as ws:
        _hello(ws, token)
        again = Player(ws, rules)
        again.receive()
        assert again.view == before
        again.play(lambda v: v["hand_number"] >= 1 or v["over"])


# ---------------------------------------------------------------------- hints and replays


def test_a_hint_is_the_rulesets_advice_on_the_seats_own_prompt(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        made = _table(client, "riichi", "tenhou")
        info = client.get(f"/api/tables/{made['id']}").json()
        assert info["preset"] == "tenhou" and info["options"]["red_fives"] == [1, 1, 1]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            _hello(ws, _token(made["links"]["0"]))
            view = ws.receive_json()["view"]
            prompt = view["prompt"]
            assert prompt["kind"] == "turn"  # the dealer's first turn
            ws.send_json({"type": "hint", "prompt": prompt["id"]})
            msg = ws.receive_json()
            assert msg["type"] == "hint" and msg["prompt"] == prompt["id"]
            hint = msg["hint"]
            # every legal discard ranked, and nothing that is not legal
            legal = {a for a in prompt["actions"] if a.split(" ")[0] in ("discard", "riichi")}
            assert {d["action"] for d in hint["discards"]} == legal
            # the shanten of the hand is the one its best discard leaves
            assert min(d["shanten"] for d in hint["discards"]) == hint["shanten"]
            keys = [(d["shanten"], -d["ukeire"]) for d in hint["discards"]]
            assert keys == sorted(keys)  # best first
            # an answer to another prompt, and a spectator's ask, are refused
            ws.send_json({"type": "hint", "prompt": prompt["id"] + 3})
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["about"] == "hint"
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            _hello(ws, _token(made["spectate"]))
            ws.receive_json()
            ws.send_json({"type": "hint", "prompt": prompt["id"]})
            assert "only a seat's own link" in ws.receive_json()["message"]


def test_a_finished_games_replay_in_every_view(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        bots = [{"kind": "bot:efficiency"}] * 4
        made = _table(client, "suzume", seats=bots)
        for _ in range(600):
            if client.get(f"/api/tables/{made['id']}").json()["over"]:
                break
            time.sleep(0.05)
        record = client.get(f"/api/records/{made['id']}").json()
        plays = [a for a in record["actions"] if a[1] != "pass"]
        hands = sum(1 for e in record["events"] if e["type"] == "hand_start")
        got = {}
        for view in ("all", "public", "2"):
            r = client.get(f"/api/replay/{made['id']}?view={view}")
            assert r.status_code == 200, r.text
            got[view] = r.json()
        for view, data in got.items():
            frames = data["frames"]
            # the deal, then a frame per action that is not a pass (the last pass that
            # ends the game excepted)
            assert 1 + len(plays) <= len(frames) <= 2 + len(plays)
            assert len(data["hands"]) == hands and data["hands"][0] == 0
            last = frames[-1]["view"]
            assert (
                last["over"] and [s["points"] for s in last["seats"]] == record["result"]["scores"]
            )
            # the events of the frames are the viewer's stream, each once
            seqs = [e["seq"] for f in frames for e in f["events"]]
            assert seqs == sorted(set(seqs)), view
        drawn_seen = 0
        for frame in got["all"]["frames"]:
            for seat in frame["view"]["seats"]:
                # every hand open: its tiles, the drawn one among them and named apart
                assert seat["hand"] is not None and len(seat["hand"]) == seat["concealed"]
                tile = frame["drawn"].get(str(seat["seat"]))
                if tile is not None:
                    assert tile in seat["hand"]
                    drawn_seen += 1
        assert drawn_seen
        for frame in got["public"]["frames"]:
            assert all(seat["hand"] is None for seat in frame["view"]["seats"])
        for frame in got["2"]["frames"]:
            hands_seen = [s["hand"] is not None for s in frame["view"]["seats"]]
            assert hands_seen == [False, False, True, False]
        assert client.get(f"/api/replay/{made['id']}?view=7").status_code == 400
        assert client.get("/api/replay/nope").status_code == 404


def test_a_table_of_bots_without_pauses_does_not_hold_the_others(tmp_path: Path) -> None:
    """Random bots in Hong Kong play thousands of hands (exhaustive draws keep the deal):
    such a table plays a few moves at a time, and another table's player is answered at
    once meanwhile."""
    with TestClient(create_app(tmp_path / "t.db")) as client:
        _table(client, "hongkong", seats=[{"kind": "bot:random"}] * 4)
        made = _table(client, "suzume")
        for _ in range(3):
            began = time.monotonic()
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                _hello(ws, _token(made["links"]["0"]))
                assert ws.receive_json()["type"] == "state"
            assert time.monotonic() - began < 1.0


def test_health_says_how_full_the_capped_memo_tables_are(tmp_path: Path) -> None:
    """``/api/health`` names the memory a warm server holds apart from its games: the
    entries of the shared rulesets' memo tables and of the analysis caches, which fill
    as tables play (toward their caps) and are 0 before any game."""
    from sparrows.analysis import cache_entries, improvers

    with TestClient(create_app(tmp_path / "t.db")) as client:
        before = client.get("/api/health").json()
        assert set(before["memo"]) == {"rulesets", "analysis"}
        assert before["in_memory"] == 0 and before["heap_blocks"] > 0
        made = _table(client, "riichi", "tenhou", seats=[{"kind": "bot:efficiency"}] * 4)
        assert client.get("/api/health").json()["in_memory"] == 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            after = client.get("/api/health").json()["memo"]
            if after["rulesets"] > before["memo"]["rulesets"]:
                break
            time.sleep(0.1)
        assert after["rulesets"] > before["memo"]["rulesets"], (made["id"], after)
    improvers([1, 1, 1, 1] + [0] * 30)  # a hand shape: the analysis cache counts it
    assert cache_entries() >= 1


def test_a_server_caps_its_memo_tables_lower_than_a_simulation() -> None:
    """The rulesets a server shares keep their memo tables at SERVER_MEMO_LIMIT entries
    (a long-lived process: its caches are its memory's floor); a ruleset made for a
    simulation keeps the engine's larger cap, and trimming empties a table over it."""
    from sparrows.engine.memo import MEMO_LIMIT
    from sparrows.rules import get_ruleset
    from sparrows.server.seats import SERVER_MEMO_LIMIT, shared_ruleset

    assert SERVER_MEMO_LIMIT < MEMO_LIMIT
    shared = shared_ruleset("hongkong", {})
    assert shared.memos.limit == SERVER_MEMO_LIMIT
    assert shared_ruleset("hongkong", {}) is shared
    assert get_ruleset("hongkong").memos.limit == MEMO_LIMIT
    table = next(iter(shared.memos.tables.values()))
    table.update((i, i) for i in range(SERVER_MEMO_LIMIT + 1))
    shared.memos.trim()
    assert len(table) == 0
