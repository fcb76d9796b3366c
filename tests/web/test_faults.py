"""The web table under faults (issue 30): restarts rebuild the very stream the pages saw,
every table in play comes back running, a table that cannot be loaded is set aside alone,
a refusal tells a seat nothing of who may claim, a full disk loses no move and a bad
database file at start is named in one line. The guards on making tables and on sockets:
``test_guards.py``."""

from __future__ import annotations

import json
import re
import sqlite3
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


def _streams(room: Room) -> list[list[dict[str, Any]]]:
    game = room.game
    return [game.events_since(v, 0)[0] for v in [*range(game.n), None]]


@pytest.mark.parametrize(
    ("ruleset", "preset"),
    [("suzume", ""), ("riichi", "tenhou"), ("hongkong", ""), ("sichuan", "")],
)
def test_a_restarted_table_rebuilds_exactly_the_stream_it_had(
    tmp_path: Path, ruleset: str, preset: str
) -> None:
    """Every viewer's stream after a reload equals the live one: the same events under
    the same numbers (before the fix the reload followed the stream only after its
    replay, and a page's cursor pointed past the end or at other events)."""
    store = Store(tmp_path / "t.db")
    options = {"preset": preset} if preset else {}
    n = get_ruleset(ruleset, options).num_players
    room, _, _ = Room.create(store, ruleset, options, BOTS[:n], dict(FAST))
    while len(room.game.hand_orders) < 2 and not room.game.over:  # into the second hand
        play_due(room, len(room.game.actions) + 50)
    play_due(room, len(room.game.actions) + 30)
    live = _streams(room)
    copy = Store(tmp_path / "copy.db")  # the file as a restarted server finds it
    store.db.backup(copy.db)
    again = Room.load(copy, copy.table(room.row.id))  # type: ignore[arg-type]
    assert _streams(again) == live


def test_a_cursor_past_the_end_gets_one_error_and_a_fresh_start(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.db")) as client:
        body = {"ruleset": "suzume", "seats": [{"kind": "human"}, *BOTS[:3]], "settings": FAST}
        made = client.post("/api/tables", json=body).json()
        token = made["links"]["0"].split("#t=", 1)[1]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, token)
            first = ws.receive_json()
            assert first["type"] == "state" and "fresh" not in first
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, token, cursor=first["cursor"] + 10**6)
            error = ws.receive_json()
            assert error["type"] == "error" and error["about"] == "cursor"
            assert "past the end" in error["message"] and "\n" not in error["message"]
            state = ws.receive_json()
            assert state["type"] == "state" and state["fresh"] is True
            assert [e["seq"] for e in state["events"]] == list(range(state["cursor"]))
            assert state["view"] == first["view"] or state["cursor"] >= first["cursor"]
            ws.send_json({"type": "ping"})  # the connection lives on
            assert ws.receive_json()["type"] == "pong"


def test_every_table_in_play_comes_back_running_however_many(tmp_path: Path) -> None:
    """More tables than the lobby's old limit of 200: after a restart all are listed, and
    the oldest, opened by its link, plays on (its bots answer)."""
    db = tmp_path / "t.db"
    store = Store(db)
    made = []
    for _ in range(205):
        room, tokens, _ = Room.create(
            store, "suzume", {}, [{"kind": "human"}, *BOTS[:3]], dict(FAST)
        )
        play_due(room, 10**6)  # the bots play until the human seat is asked
        made.append((room.row.id, tokens[0]))
        time.sleep(0.0005)  # distinct creation times
    store.close()
    oldest, token = made[0]
    with TestClient(create_app(db)) as client:
        listed = client.get("/api/tables").json()
        assert {t["id"] for t in listed["playing"]} == {t for t, _ in made}
        with client.websocket_connect(f"/ws/{oldest}") as ws:
            hello(ws, token)
            view = ws.receive_json()["view"]
            while view["prompt"] is None or view["prompt"]["actions"] == ["pass"]:
                view = ws.receive_json()["view"]
            rivers = sum(len(s["river"]) for s in view["seats"])
            action = next(a for a in view["prompt"]["actions"] if a.startswith("discard"))
            ws.send_json({"type": "act", "prompt": view["prompt"]["id"], "action": action})
            # the bots answer: the other seats' rivers grow without this seat acting
            for _ in range(50):
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                view = msg["view"]
                if sum(len(s["river"]) for s in view["seats"]) >= rivers + 2 or view["over"]:
                    break
            else:
                raise AssertionError("the table did not play on")


def _bad_store(db: Path) -> tuple[list[str], str]:
    """Three tables in a file: one whose stored action the engine refuses, one with an
    option this version does not know, one sound. Returns the bad ids and the good."""
    store = Store(db)
    ids = []
    for _ in range(3):
        room, _, _ = Room.create(store, "suzume", {}, BOTS, dict(FAST))
        play_due(room, 30)
        ids.append(room.row.id)
    store.close()
    con = sqlite3.connect(db)
    n = con.execute("SELECT max(n) FROM actions WHERE table_id = ?", (ids[0],)).fetchone()[0]
    con.execute("INSERT INTO actions VALUES (?, ?, 0, 'discard 9z', 0)", (ids[0], n + 1))
    options = json.loads(
        con.execute("SELECT options FROM tables WHERE id = ?", (ids[1],)).fetchone()[0]
    )
    options["dora_from_the_moon"] = True
    con.execute("UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), ids[1]))
    con.commit()
    con.close()
    return ids[:2], ids[2]


def test_a_table_that_cannot_be_loaded_is_set_aside_and_the_others_start(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "t.db"
    bad, good = _bad_store(db)
    with caplog.at_level("INFO", logger="sparrows.server"), TestClient(create_app(db)) as client:
        listed = client.get("/api/tables").json()
        assert [t["id"] for t in listed["playing"]] == [good]
        broken = {t["id"]: t["problem"] for t in listed["broken"]}
        assert set(broken) == set(bad)
        assert "discard 9z" in broken[bad[0]] or "9z" in broken[bad[0]]
        assert "dora_from_the_moon" in broken[bad[1]]
        r = client.get(f"/api/tables/{bad[0]}")
        assert r.status_code == 409 and "set aside" in r.json()["error"]
        with client.websocket_connect(f"/ws/{bad[1]}") as ws:
            assert "set aside" in ws.receive_json()["message"]
        # the good table plays on
        for _ in range(200):
            if client.get(f"/api/tables/{good}").json()["hand"] >= 1:
                break
            time.sleep(0.02)
        else:
            raise AssertionError("the sound table did not play")
    lines = [r.getMessage() for r in caplog.records if "is set aside" in r.getMessage()]
    assert len(lines) == 2 and all(any(b in line for b in bad) for line in lines), lines
    assert all("\n" not in line for line in lines)
    con = sqlite3.connect(db)
    marked = dict(con.execute("SELECT id, status FROM tables").fetchall())
    con.close()
    assert marked[bad[0]] == marked[bad[1]] == "broken"


# ---------------------------------------------------------------------- claims


def test_a_refusal_in_a_claim_window_names_nobody_and_reads_the_same(tmp_path: Path) -> None:
    """Four scripted people at a real server. After each discard the discarder, who is
    not asked, sends an answer that cannot count once the pass-only pause is over: the
    refusal reads the same whether or not another seat is still deciding on a claim, and
    names no other seat; and no seat is ever sent a state with nothing new (another
    seat's answer in a window is not announced)."""
    from sparrows.client import View
    from tests.support.browser import post_json, start_server, stop_server

    websockets = pytest.importorskip("websockets.sync.client")
    rules = get_ruleset("riichi", {"preset": "tenhou"})
    proc, url = start_server(tmp_path / "t.db")
    socks: list[Any] = []
    try:
        made = post_json(
            url + "/api/tables",
            {
                "ruleset": "riichi",
                "preset": "tenhou",
                "seats": [{"kind": "human"}] * 4,
                "settings": {"claim_pause": 0.1},
            },
        )
        views: list[dict[str, Any]] = []
        for seat in range(4):
            ws = websockets.connect(url.replace("http", "ws") + f"/ws/{made['id']}", legacy=True)
            socks.append(ws)
            token = made["links"][str(seat)].split("#t=", 1)[1]
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            views.append(json.loads(ws.recv(timeout=10))["view"])

        def drain(seat: int, wait: float = 0.0) -> list[dict[str, Any]]:
            got = []
            while True:
                try:
                    msg = json.loads(socks[seat].recv(timeout=wait))
                except TimeoutError:
                    return got
                wait = 0.0
                if msg["type"] == "state":
                    assert msg["events"], f"seat {seat} was sent a state with nothing new"
                    views[seat] = msg["view"]
                got.append(msg)

        refusals: dict[bool, set[str]] = {True: set(), False: set()}
        windows = {True: 0, False: 0}
        deadline = time.monotonic() + 150
        while min(windows.values()) < 2:
            assert time.monotonic() < deadline, refusals
            for seat in range(4):
                drain(seat)
            turn = [
                s for s in range(4) if views[s]["prompt"] and views[s]["prompt"]["kind"] == "turn"
            ]
            if not turn:
                if any(v["over"] or v["hand_number"] >= 1 for v in views):
                    break  # the hand is over: enough windows were seen, or not (asserted below)
                for s in range(4):  # a claim offered late: passed on
                    p = views[s]["prompt"]
                    if p and p["kind"] != "turn" and p["actions"] != ["pass"]:
                        socks[s].send(
                            json.dumps({"type": "act", "prompt": p["id"], "action": "pass"})
                        )
                time.sleep(0.05)
                continue
            d = turn[0]
            prompt = views[d]["prompt"]
            action = rules.default_action(View.from_json(views[d])).to_string(rules.dialect)
            if not action.startswith(("discard", "riichi")):
                action = next(a for a in prompt["actions"] if a.startswith("discard"))
            socks[d].send(json.dumps({"type": "act", "prompt": prompt["id"], "action": action}))
            drain(d, 5.0)  # the echo
            others = [s for s in range(4) if s != d]
            for s in others:
                drain(s, 2.0)
            claimants = [
                s
                for s in others
                if views[s]["prompt"] and views[s]["prompt"]["actions"] != ["pass"]
            ]
            time.sleep(0.3)  # past the pass-only pause: only seats that may claim are left
            socks[d].send(json.dumps({"type": "act", "prompt": prompt["id"], "action": action}))
            got = drain(d, 5.0)
            while not any(m["type"] == "error" for m in got):
                got += drain(d, 5.0)
            errors = [m["message"] for m in got if m["type"] == "error"]
            assert len(errors) == 1, got
            for other in others:
                assert f"seat {other}" not in errors[0], errors[0]
            refusals[bool(claimants)].add(re.sub(r"\d+", "#", errors[0]))
            windows[bool(claimants)] += 1
            for s in claimants:  # then those who could claim pass
                drain(s)
                p = views[s]["prompt"]
                socks[s].send(json.dumps({"type": "act", "prompt": p["id"], "action": "pass"}))
                drain(s, 5.0)
        assert refusals[True] and refusals[False], refusals
        assert refusals[True] == refusals[False], refusals
    finally:
        for ws in socks:
            ws.close()
        stop_server(proc)


# ---------------------------------------------------------------------- a full disk


@pytest.fixture
def small_disk(tmp_path: Path) -> Any:
    """A real 16 MiB file system (tmpfs) to fill up; unmounted afterwards."""
    import subprocess

    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(where)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _fill(where: Path) -> Path:
    filler = where / "filler"
    with open(filler, "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass
    return filler


def test_a_save_that_returns_is_committed_and_one_that_fails_is_not(small_disk: Path) -> None:
    """On a disk that fills and frees a little at a time, every save either raises and
    is nowhere in the file, or returns and is committed (another connection reads it):
    a failure never leaves a transaction open that takes later writes uncommitted."""
    from sparrows.server.store import StoreError

    db = small_disk / "t.db"
    store = Store(db)
    room, _, _ = Room.create(store, "suzume", {}, BOTS, dict(FAST))
    fillers = []
    try:
        for i in range(10_000):  # the disk filled in 64 KiB files, freed one by one below
            path = small_disk / f"fill{i}"
            with open(path, "wb") as f:
                f.write(b"\0" * 65536)
            fillers.append(path)
    except OSError:
        pass
    outcomes = []
    n = 0
    for _ in range(40):
        record = {"pad": "x" * 150_000, "n": n}
        try:
            store.save_progress(room.row.id, n, [(0, "discard 1")], {}, None, record)
            saved = True
        except StoreError as exc:
            assert exc.reason == "disk full", exc.reason
            saved = False
        other = sqlite3.connect(db)
        there = other.execute(
            "SELECT COUNT(*) FROM actions WHERE table_id = ? AND n = ?", (room.row.id, n)
        ).fetchone()[0]
        other.close()
        assert there == int(saved), (n, saved, there)
        outcomes.append(saved)
        n += saved
        for _ in range(2):
            if fillers:
                fillers.pop().unlink()
    assert False in outcomes and True in outcomes, outcomes


class Sock:
    """A websocket client of a real server that keeps the last view and every message."""

    def __init__(self, url: str, table: str, token: str) -> None:
        import websockets.sync.client as client

        self.ws = client.connect(url.replace("http", "ws") + f"/ws/{table}", legacy=True)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.welcome = json.loads(self.ws.recv(timeout=10))
        self.view: dict[str, Any] = {}
        self.got: list[dict[str, Any]] = []

    def read(self, wait: float = 0.0) -> list[dict[str, Any]]:
        got = []
        while True:
            try:
                msg = json.loads(self.ws.recv(timeout=wait))
            except TimeoutError:
                break
            wait = 0.0
            if msg["type"] == "state":
                self.view = msg["view"]
            got.append(msg)
        self.got += got
        return got

    def until(self, check: Any, seconds: float = 20.0) -> None:
        """Read until ``check(view)``, passing on any claim offered meanwhile."""
        deadline = time.monotonic() + seconds
        passed = None
        while not (self.view and check(self.view)):
            prompt = self.view.get("prompt") if self.view else None
            claim = prompt and prompt["kind"] != "turn" and prompt["actions"] != ["pass"]
            if claim and "pass" in prompt["actions"] and passed != prompt["id"]:
                passed = prompt["id"]
                self.ws.send(json.dumps({"type": "act", "prompt": passed, "action": "pass"}))
            assert time.monotonic() < deadline, [
                (m["type"], m.get("message"), [e["type"] for e in m.get("events", [])])
                for m in self.got[-8:]
            ]
            self.read(0.2)

    def act(self, action: str) -> None:
        prompt = self.view["prompt"]["id"]
        self.ws.send(json.dumps({"type": "act", "prompt": prompt, "action": action}))


def _my_turn(view: dict[str, Any]) -> bool:
    return (view["prompt"] or {}).get("kind") == "turn"


def test_a_full_disk_loses_no_move_and_freezes_no_table(small_disk: Path) -> None:
    """The disk fills up mid-game: a player's move is refused with one line and not
    applied (the view after a reconnect is the one before it), a table of bots waits
    and shows nothing it could not save, the log says it once; space comes back: the
    move goes through and the bots play on; killed and restarted, the file holds every
    move anyone was shown."""
    import os
    import signal

    from tests.support.browser import post_json, start_server

    db = small_disk / "t.db"
    proc, url = start_server(db)
    try:
        seats = [{"kind": "human"}, *BOTS[:3]]
        made = post_json(
            url + "/api/tables", {"ruleset": "suzume", "seats": seats, "settings": FAST}
        )
        bots = post_json(
            url + "/api/tables",
            {"ruleset": "suzume", "seats": BOTS, "settings": {"bot_pace": 0.1, "claim_pause": 0}},
        )
        me = Sock(url, made["id"], made["links"]["0"].split("#t=", 1)[1])
        me.until(_my_turn)
        before = me.view
        filler = _fill(small_disk)
        watch = Sock(url, bots["id"], bots["spectate"].split("#t=", 1)[1])
        watch.read(1.0)
        discard = next(a for a in before["prompt"]["actions"] if a.startswith("discard"))
        for _ in range(3):  # refused each time, said in the log once
            me.act(discard)
            got = me.read(3.0)
            assert [m["type"] for m in got] == ["error"], got
            assert got[0]["message"].startswith("the server cannot save: disk full")
        seen = len(watch.read(2.5))  # the bots' table shows nothing it could not save
        assert seen == 0
        again = Sock(url, made["id"], made["links"]["0"].split("#t=", 1)[1])
        again.read(2.0)
        assert again.view == before  # the refused move did not happen
        again.ws.close()
        filler.unlink()  # space comes back
        start = len(me.got)
        me.act(discard)

        def shown() -> bool:  # the event, not the river: a claim may end the hand at once
            me.read(0.2)
            assert not any(m["type"] == "error" for m in me.got[start:]), me.got[start:]
            return any(
                e["type"] == "discard" and e.get("seat") == 0
                for m in me.got[start:]
                for e in m.get("events", [])
            )

        deadline = time.monotonic() + 20
        while not shown():
            assert time.monotonic() < deadline, me.got[start:]
        watch.read(4.0)  # the bots' table goes on by itself
        assert watch.got, "the table of bots did not resume"
        me.until(_my_turn)
        last = me.view
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    log = proc.stderr.read() if proc.stderr else ""
    assert log.count("cannot save") == 1, log
    assert log.count("takes writes again") == 1, log
    assert "Traceback" not in log, log
    proc, url = start_server(db)
    try:
        back = Sock(url, made["id"], made["links"]["0"].split("#t=", 1)[1])
        back.read(2.0)
        assert back.view == last
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


# ---------------------------------------------------------------------- a bad file at start


def _sound_file(db: Path, tables: int = 6) -> None:
    store = Store(db)
    for _ in range(tables):
        room, _, _ = Room.create(store, "riichi", {"preset": "tenhou"}, BOTS, dict(FAST))
        play_due(room, 400)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""


def test_a_bad_database_file_is_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    """Each fault of the file at start is one line naming the file and the problem, and
    the file is not changed (an empty file is not taken as a new database either)."""
    from sparrows.server.store import StoreError

    sound = tmp_path / "sound.db"
    _sound_file(sound)
    data = sound.read_bytes()
    page = 4096
    cases: dict[str, bytes] = {
        "empty": b"",
        "truncated": data[: len(data) // 2],
        "random": bytes(range(256)) * 64,
        "corrupt page": data[: 6 * page] + b"\xa5" * page + data[7 * page :],
    }
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.execute("INSERT INTO notes VALUES ('mine')")
    con.commit()
    con.close()
    files = {"another program's": other}
    for name, content in cases.items():
        path = tmp_path / f"{name.replace(' ', '-')}.db"
        path.write_bytes(content)
        files[name] = path
    expected = {
        "empty": "empty",
        "truncated": "damaged",
        "random": "not a SQLite database",
        "corrupt page": "damaged",
        "another program's": "not a sparrows database",
    }
    for name, path in files.items():
        digest = _digest(path)
        with pytest.raises(StoreError) as got:
            Store(path)
        message = str(got.value)
        assert message.startswith(f"the database {path}: "), (name, message)
        assert expected[name] in message and "\n" not in message, (name, message)
        assert _digest(path) == digest, name  # left as it was
        assert not Path(f"{path}-wal").exists() or name == "truncated", name
    # the command says it in one line and exits with 2
    import subprocess

    from tests.support.browser import SPARROWS

    for name in ("empty", "random"):
        done = subprocess.run(
            [str(SPARROWS), "serve", "--port", "0", "--db", str(files[name])],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("sparrows: error: the database "), lines


def test_a_read_only_or_full_disk_at_start_is_one_line(small_disk: Path) -> None:
    import subprocess

    from sparrows.server.store import StoreError

    db = small_disk / "t.db"
    _sound_file(db, tables=1)
    filler = _fill(small_disk)
    for path in (db, small_disk / "new.db"):  # an existing file, a new one: no room
        with pytest.raises(StoreError) as got:
            Store(path)
        assert str(got.value) == f"the database {path}: disk full", str(got.value)
    filler.unlink()
    digest = _digest(db)
    done = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True)
    assert done.returncode == 0, done.stderr
    with pytest.raises(StoreError) as got:
        Store(db)
    assert str(got.value).startswith(f"the database {db}: the file is read-only")
    assert _digest(db) == digest
