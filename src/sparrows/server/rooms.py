"""Live tables: a game on the engine, its seats (humans with secret links, bots), the
connections that follow it, its clocks, and its storage.

A :class:`Room` is the only thing that changes a game. Every change runs under the room's
lock: an action is checked (the seat's token, the prompt it answers, the legal set: the
engine refuses anything else), applied, committed to the store with the walls of any hand
it started, and only then are the new views and events sent. Bots answer at once (after
the table's pace); a seat whose only legal answer is ``pass`` is answered by the server
after the same short pause whatever the others hold, so the table's timing says nothing of
who may claim; a human who does not answer before the clock runs out (a base time per
decision and a bank per game, when the table has clocks) or who is away at a table that
says so is played by ``default_action`` or a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import secrets
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..agents import AGENTS, Agent, make_agent
from ..agents.mjai_bot import MjaiAgent
from ..client import SeatState
from ..engine import Action, ActionType, Game
from ..engine.protocol import Ruleset
from ..errors import IllegalActionError, NotationError, SparrowsError
from ..reasons import Reason
from .advice import hint_json
from .connection import Connection
from .seats import (
    BOTS,
    SETTINGS,
    Lane,
    TableError,
    check_settings,
    clean_name,
    error_line,
    shared_ruleset,
)
from .store import SeatRow, Store, StoredTable, StoreError, token_hash

__all__ = ["BOTS", "SETTINGS", "Lane", "Room", "TableError", "clean_name"]


#: The longest a table plays its own moves (bots, pass-only answers) before it lets the
#: other tables and the players in, in seconds (a table of bots without pauses would
#: otherwise hold the server for its whole game).
BATCH_SECONDS = 0.005
#: How often a table whose moves the file could not take tries again, in seconds.
RETRY_SECONDS = 2.0

log = logging.getLogger("sparrows.server")


@dataclass
class Clock:
    """A seat's clock: the bank left and when its current decision began."""

    bank: float
    started: float = 0.0
    prompt: int = 0


@dataclass
class Room:
    row: StoredTable
    store: Store
    game: Game
    rules: Ruleset
    settings: dict[str, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Connection] = field(default_factory=list)
    clocks: list[Clock] = field(default_factory=list)
    saved_actions: int = 0
    saved_walls: int = 0
    #: when each public stream position was made (spectators with a delay)
    public_times: list[tuple[float, int]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    ended: float = 0.0  # when the game ended (monotonic), for dropping the room later
    #: why the file cannot take the table's moves now (None: it can); while it is set,
    #: the moves played and not saved are shown to nobody
    stalled: str | None = None
    resumed: asyncio.Event = field(default_factory=asyncio.Event)
    #: why the table is set aside ("" while it plays)
    problem: str = ""
    #: websockets following the table now (counted against the server's limit)
    followers: int = 0
    #: how the table shares the event loop with the others (the server's :class:`Lane`)
    lane: Lane = field(default_factory=Lane)
    #: between hands: the people who have not pressed OK yet, and when the table goes
    #: on without them (monotonic); nothing is played meanwhile (:meth:`held`)
    waiting: set[int] = field(default_factory=set)
    hold_until: float = 0.0
    hand_seen: int = 0  # the hand the table last played a move in
    #: absent people's seats the host handed to a bot (until their player comes back)
    stand_in: set[int] = field(default_factory=set)
    #: when a person last acted or joined (monotonic): idle tables expire
    last_active: float = field(default_factory=time.monotonic)
    #: the seats played by an external (mjai) bot: its agent, which follows the game;
    #: the prompts it is answering now (seat, prompt id) and the answers come in
    external: dict[int, Agent] = field(default_factory=dict)
    thinking: set[tuple[int, int]] = field(default_factory=set)
    answers: dict[tuple[int, int], Action] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    # ------------------------------------------------------------------ making
    @classmethod
    def create(
        cls,
        store: Store,
        ruleset: str,
        options: dict[str, Any],
        seats: list[dict[str, str]],
        settings: dict[str, Any],
        host_hash: str = "",
    ) -> tuple[Room, list[str | None], str]:
        """A new table: returns the room, each human seat's secret token (None for a
        bot) and the spectators' token (``host_hash``: its host's, hashed)."""
        rules = shared_ruleset(ruleset, options)
        if len(seats) != rules.num_players:
            raise TableError(f"the {ruleset} table has {rules.num_players} seats, not {len(seats)}")
        unknown = set(settings) - set(SETTINGS)
        if unknown:
            raise TableError(
                f"unknown table setting(s) {', '.join(sorted(unknown))}; the settings are "
                f"{', '.join(SETTINGS)}"
            )
        merged = {**SETTINGS, **settings}
        check_settings(merged)
        tokens: list[str | None] = []
        rows = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind", "human")
            if kind == "human":
                fresh = secrets.token_urlsafe(24)
                token: str | None = fresh
                stored = token_hash(fresh)
                name = clean_name(seat.get("name"), f"Seat {i + 1}")
            elif kind.startswith("bot:") and kind[4:] in BOTS:
                if AGENTS[kind[4:]].needs_game:  # an external bot: riichi only
                    try:
                        make_agent(kind[4:], 0, rules)
                    except SparrowsError as exc:
                        raise TableError(f"seat {i}: {exc}") from None
                token, stored = None, ""
                name = clean_name(seat.get("name"), f"{kind[4:].capitalize()} bot")
            else:
                raise TableError(
                    f"seat {i}: kind must be human or bot:{'|bot:'.join(BOTS)}, not {kind!r}"
                )
            tokens.append(token)
            rows.append(SeatRow(i, kind, name, stored))
        spectate = secrets.token_urlsafe(24)
        seed = secrets.randbits(62)
        game = Game(rules, seed, ask_all=True, shuffle="secrets")
        row = StoredTable(
            id=secrets.token_urlsafe(9),
            created=time.time(),
            ruleset=rules.name,
            # every option's value (the table replays the same whatever the defaults
            # become) and the preset's name, which they were made from (for the lobby)
            options={**rules.options_dict(), "preset": str(options.get("preset", "standard"))},
            seed=seed,
            settings=merged,
            status="playing",
            spectate_hash=token_hash(spectate),
            seats=tuple(rows),
            host_hash=host_hash,
        )
        store.create_table(row)
        game.events_since(None, 0)  # the stream is followed from the deal on
        room = cls._make(row, store, rules, game)
        room._save([])  # the first hand's wall
        return room, tokens, spectate

    @classmethod
    def load(cls, store: Store, row: StoredTable) -> Room:
        """A table as the store holds it: its game replayed from its walls and actions."""
        rules = shared_ruleset(row.ruleset, row.options)
        walls = store.walls(row.id)
        game = Game(rules, row.seed, walls=walls, ask_all=True, shuffle="secrets")
        # followed from the deal on, as the live table was: the replay rebuilds the very
        # stream its pages saw (the same numbers for the same events), so a page open across
        # a restart carries on from its cursor
        game.events_since(None, 0)
        for seat, text in store.actions(row.id):
            game.step(seat, Action.from_string(text, rules.dialect))
        room = cls._make(row, store, rules, game)
        room.saved_actions = len(game.actions)
        room.saved_walls = len(walls)  # a hand begun by the last action: its wall next
        if game.over:
            room.ended = time.monotonic()
        return room

    @classmethod
    def _make(cls, row: StoredTable, store: Store, rules: Ruleset, game: Game) -> Room:
        settings = {**SETTINGS, **row.settings}
        room = cls(row, store, game, rules, settings)
        room.clocks = [Clock(float(settings["bank_seconds"])) for _ in range(game.n)]
        room.hand_seen = game.hand_number
        return room

    # ------------------------------------------------------------------ who is who
    def seat_of(self, token: str) -> int | None:
        """The seat a token is for (constant-time comparisons); -1 for the spectators'
        token; None when it is none of them."""
        given = token_hash(token)
        found: int | None = None
        for s in self.row.seats:
            if s.token_hash and hmac.compare_digest(s.token_hash, given):
                found = s.seat
        if hmac.compare_digest(self.row.spectate_hash, given):
            found = -1
        return found

    @property
    def people(self) -> bool:
        """Whether a person sits at the table (a human seat, present or not)."""
        return any(s.kind == "human" for s in self.row.seats)

    def is_bot(self, seat: int) -> bool:
        return self.row.seats[seat].kind.startswith("bot:")

    def present(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.conns)

    def is_host(self, token: object) -> bool:
        """Whether ``token`` is this table's host's (constant-time; no host: never)."""
        want = self.row.host_hash
        return (
            bool(want) and isinstance(token, str) and hmac.compare_digest(token_hash(token), want)
        )

    # ------------------------------------------------------------------ presence
    def presence(self) -> dict[str, Any]:
        """Who sits at the table now, as every page is told: per seat ``bot``, ``here``
        (a page of that seat is open) or ``away``; the seats a bot plays for their
        absent player. Nothing a physical table would not show."""
        seats = [
            "bot" if self.is_bot(s) else "here" if self.present(s) else "away"
            for s in range(self.game.n)
        ]
        return {"type": "presence", "seats": seats, "stand_in": sorted(self.stand_in)}

    def presence_changed(self, joining: Connection | None = None) -> None:
        """A seat's page opened or closed: a player back takes their seat back from its
        bot; every page is told (but ``joining``, which gets it with its state)."""
        for seat in list(self.stand_in):
            if self.present(seat):
                self.stand_in.discard(seat)
        message = self.presence()
        for conn in self.conns:
            if not conn.closed and conn is not joining:
                conn.send(message)
        self.wake.set()

    def hand_to_bot(self, seat: int, on: bool) -> None:
        """The host hands an absent person's seat to a bot (``on``), or takes it back."""
        if not 0 <= seat < self.game.n or self.is_bot(seat):
            raise TableError(f"seat {seat} is not a person's seat at this table")
        if on and self.present(seat):
            raise TableError(f"seat {seat + 1}'s player is here")
        if on:
            self.stand_in.add(seat)
        else:
            self.stand_in.discard(seat)
        self.presence_changed()

    # ------------------------------------------------------------------ acting
    async def act(self, seat: int, prompt: int, text: str) -> None:
        """A human's answer; TableError names what is wrong (nothing changes then). The
        move is committed before anyone is shown it; when the file cannot take it the
        game goes back to before it and the player is told (the move did not count)."""
        async with self.lock:
            self._check_open()
            game = self.game
            if game.over:
                raise TableError(Reason("game_over"))
            if self.held():
                raise TableError(Reason("wait_ok"))
            try:
                action = Action.from_string(text, self.rules.dialect)
            except NotationError as exc:
                raise TableError(str(exc)) from None
            before = game.clone()
            try:
                game.step(seat, action, prompt=prompt)
            except IllegalActionError as exc:
                raise TableError(exc.said or str(exc)) from None  # the page's words
            except Exception as exc:  # a fault of ours: the move is undone, said once
                self.game = before
                log.error(
                    "table %s: seat %d's %r failed (%s: %s); not applied",
                    self.row.id,
                    seat,
                    text[:40],
                    type(exc).__name__,
                    exc,
                    exc_info=exc if os.environ.get("SPARROWS_DEBUG") else None,
                )
                raise TableError(Reason("internal")) from None
            try:
                self._save(game.actions[self.saved_actions :])
            except StoreError as exc:
                self.game = before  # nobody saw the move: it did not happen
                raise TableError(Reason("cannot_save", problem=exc.reason)) from None
            self._used_clock(seat)
            self.last_active = time.monotonic()
            self._hand_ended()  # a pause between hands is said before the new hand's state
            self.broadcast()  # the player's move is committed and echoed at once
        self.wake.set()  # the table's own moves that follow: the run loop plays them

    def _check_open(self) -> None:
        """Refuse while the table is set aside or holds moves it could not save."""
        if self.problem:
            raise TableError(Reason("set_aside", problem=self.problem))
        if self.stalled is not None:
            raise TableError(Reason("saving", problem=self.stalled))

    async def hint(self, seat: int, prompt: int) -> dict[str, Any]:
        """The ruleset's advice on ``seat``'s prompt (the page's hint toggle), drawn from
        what the seat sees and may do: the ruleset's advice (:mod:`sparrows.advice`) and, when a
        complete hand is not offered a win, :meth:`Ruleset.no_win_reason`."""
        async with self.lock:
            self._check_open()
            game = self.game
            if game.over or seat not in game.pending or game.prompt_id(seat) != prompt:
                raise TableError(Reason("stale", prompt=prompt, seat=seat))
            # in the loop's thread: the ruleset's memo tables are shared by every table
            return hint_json(self.rules, game, seat)

    def _used_clock(self, seat: int) -> None:
        clock = self.clocks[seat]
        if self.settings["base_seconds"] and clock.started:
            used = time.monotonic() - clock.started - float(self.settings["base_seconds"])
            clock.bank = max(0.0, clock.bank - max(0.0, used))
        clock.started = 0.0

    def _flush(self) -> bool:
        """Commit what was played since the last commit, then send it. False when the
        file cannot take it: the moves stay unsent (nobody sees them) and the table is
        stalled until a later try commits them (:meth:`run` tries again)."""
        if len(self.game.actions) == self.saved_actions and not self.stalled:
            return True
        try:
            self._save(self.game.actions[self.saved_actions :])
        except StoreError as exc:
            self.stalled = exc.reason
            return False
        if self.stalled is not None:
            self.stalled = None
            self.resumed.set()
        self._hand_ended()  # a pause between hands is said before the new hand's state
        self.broadcast()
        return True

    def _play_due(self) -> float:
        """Play the moves the table owes now (bots, pass-only answers, clocks run out),
        over and over while there are such, for at most BATCH_SECONDS; returns the
        seconds until the next one (0: more are due now, after the other tables' turn)."""
        began = time.perf_counter()
        while not self.game.over:
            if time.perf_counter() - began >= BATCH_SECONDS:
                return 0.0
            wait, acts = self.due()
            if not acts:
                return wait
            for seat, action in acts:
                if action in self.game.legal_actions(seat):
                    self.game.step(seat, action)
                    self._used_clock(seat)
            if self.game.hand_number != self.hand_seen and not self.game.over:
                return 0.0  # the hand ended: sent (and the pause begun) before the next
        return 3600.0

    def _save(self, new: list[tuple[int, Action]]) -> None:
        """Commit ``new`` actions and the walls of hands started since the last commit
        (StoreError when the file cannot take them; nothing is then marked saved)."""
        game = self.game
        walls = {
            i: list(game.hand_orders[i]) for i in range(self.saved_walls, len(game.hand_orders))
        }
        record = None
        status = None
        if game.over:
            from ..records.record import record_from_game

            status = "over"
            record = record_from_game(game).to_json()
        dialect = self.rules.dialect
        self.store.save_progress(
            self.row.id,
            self.saved_actions,
            [(s, a.to_string(dialect)) for s, a in new],
            walls,
            status,
            record,
        )
        self.saved_actions = len(game.actions)
        self.saved_walls = len(game.hand_orders)
        if status:
            self.row = replace(self.row, status=status)

    # ------------------------------------------------------------------ between hands
    def _hand_ended(self) -> None:
        """After moves were sent: when they ended a hand (the game goes on), the next
        hand waits for the people at the table (each connected human seat) to press OK,
        at most ``next_hand_seconds``; every page is told who is waited for."""
        game = self.game
        if game.hand_number == self.hand_seen:
            return
        self.hand_seen = game.hand_number
        seconds = float(self.settings["next_hand_seconds"])
        people = {s for s in range(game.n) if not self.is_bot(s) and self.present(s)}
        if game.over or not seconds or not people:
            return
        self.waiting = people
        self.hold_until = time.monotonic() + seconds
        self._send_hold()

    def held(self) -> bool:
        """Whether the table waits between hands now (it stops waiting once everyone
        still connected has pressed OK, or the time is up: the clocks then start
        afresh on the new hand's prompts)."""
        if not self.waiting:
            return False
        self.waiting = {s for s in self.waiting if self.present(s)}
        if self.waiting and time.monotonic() < self.hold_until:
            return True
        self._release()
        return False

    def _release(self) -> None:
        """The pause ends: the pages are told, the clocks start afresh."""
        self.waiting = set()
        for clock in self.clocks:
            clock.prompt = -1  # started again by the next due()
        self._send_hold()
        self.wake.set()

    def ready(self, seat: int) -> None:
        """A person pressed OK on the hand's result."""
        if seat not in self.waiting:
            return
        self.waiting.discard(seat)
        if not self.waiting:
            self._release()  # the last one: the table goes on
        elif self.held():
            self._send_hold()

    def hold(self) -> dict[str, Any]:
        """The pause between hands as pages are told it: whom the table waits for and
        for how many more seconds (an empty list: it does not wait)."""
        left = max(0.0, self.hold_until - time.monotonic()) if self.waiting else 0.0
        return {"type": "hold", "waiting": sorted(self.waiting), "seconds": round(left, 1)}

    def _send_hold(self) -> None:
        message = self.hold()
        for conn in self.conns:
            if not conn.closed:
                conn.send(message)

    # ------------------------------------------------------------------ the table's turn
    def due(self) -> tuple[float, list[tuple[int, Action]]]:
        """What the server must do itself now, and in how many seconds the next such
        thing is due: bots, pass-only prompts, seats away, clocks run out."""
        game = self.game
        if self.held():
            return max(0.0, self.hold_until - time.monotonic()), []
        now = time.monotonic()
        acts: list[tuple[int, Action]] = []
        wait = 3600.0
        base = float(self.settings["base_seconds"])
        for seat, legal in game.decisions():
            clock = self.clocks[seat]
            pid = game.prompt_id(seat)
            if clock.prompt != pid:
                clock.prompt, clock.started = pid, now
            elapsed = now - clock.started
            absent = not self.present(seat)
            if (
                self.is_bot(seat)
                or seat in self.stand_in
                or (self.settings["absent"] == "bot" and absent)
            ):
                pause = float(self.settings["bot_pace"])
                if elapsed >= pause:
                    action = self._bot_action(seat, legal)
                    if action is not None:
                        acts.append((seat, action))
                    else:  # an external bot is thinking in a worker thread
                        wait = min(wait, 0.05)
                else:
                    wait = min(wait, pause - elapsed)
                continue
            if legal == [_PASS]:
                pause = float(self.settings["claim_pause"])
                if elapsed >= pause:
                    acts.append((seat, legal[0]))
                else:
                    wait = min(wait, pause - elapsed)
                continue
            if base:
                limit = base + clock.bank
                if elapsed >= limit:
                    acts.append((seat, self.rules.default_action(game.view(seat))))
                else:
                    wait = min(wait, limit - elapsed)
        return wait, acts

    def _bot_action(self, seat: int, legal: list[Action]) -> Action | None:
        kind = self.row.seats[seat].kind
        name = kind[4:] if kind.startswith("bot:") else BOTS[0]  # a stand-in: the default bot
        if name not in AGENTS:  # an mjai bot of an earlier run, not configured now
            name = BOTS[0]
        if AGENTS[name].needs_game:  # an external bot (mjai): one per seat, following
            return self._external_action(name, seat, legal)
        # seeded by the table and the moment: the same choice after a restart
        agent = make_agent(
            name, (self.row.seed + 7919 * len(self.game.actions)) % 2**32, self.rules
        )
        observation = self.game.observation(seat) if agent.needs_observation else None
        return agent.act(observation, legal)

    def _external_action(self, name: str, seat: int, legal: list[Action]) -> Action | None:
        """An external bot's answer to the seat's prompt once it has come (None while it
        thinks: its process is asked in a worker thread, so the loop and every other
        table go on; what it is sent is read from the game here, on the loop)."""
        key = (seat, self.game.prompt_id(seat))
        done = self.answers.pop(key, None)
        if done is not None or key in self.thinking:
            return done
        agent = self.external.get(seat)
        if agent is None:
            agent = self.external[seat] = make_agent(name, self.row.seed, self.rules)
            agent.watch(self.game, seat)
        observation = self.game.observation(seat) if agent.needs_observation else None
        assert isinstance(agent, MjaiAgent)
        job = agent.prepare(observation, legal)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a table driven directly): answer at once
            return job()
        self.thinking.add(key)

        async def think() -> None:
            try:
                self.answers[key] = await asyncio.to_thread(job)
            finally:
                self.thinking.discard(key)
                self.wake.set()

        task = loop.create_task(think())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return None

    async def run(self) -> None:
        """Play the table's own moves as they fall due, until the game is over. While
        the file cannot take its moves the table waits, trying again every
        RETRY_SECONDS; a fault of ours sets the table aside (:meth:`set_aside`) and
        leaves every other table alone."""
        try:
            while not self.game.over or self.stalled is not None:
                async with self.lane.slot(self.people), self.lock:
                    if self.stalled is not None:
                        wait = RETRY_SECONDS if not self._flush() else 0.0
                    else:
                        wait = self._play_due()
                        if not self._flush():
                            wait = RETRY_SECONDS
                if self.game.over and self.stalled is None:
                    break
                if wait <= 0:  # more moves are due: let the other tables (and players) in
                    await asyncio.sleep(0)
                    continue
                self.wake.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout=max(0.01, wait))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a fault of ours: this table stops, the others go on
            self.set_aside(f"an internal error ({type(exc).__name__}: {exc})", exc)
            return
        self.ended = time.monotonic()

    def set_aside(self, problem: str, exc: BaseException | None = None) -> None:
        """This table cannot go on: it is marked broken in the file with the reason (the
        lobby lists it so), the log says so once, its pages are told, nothing else stops."""
        self.problem = problem
        self.row = replace(self.row, status="broken", problem=problem)
        log.error(
            "table %s is set aside: %s",
            self.row.id,
            problem,
            exc_info=exc if exc is not None and os.environ.get("SPARROWS_DEBUG") else None,
        )
        with contextlib.suppress(StoreError):
            self.store.set_aside(self.row.id, problem)
        for conn in self.conns:
            if not conn.closed:
                conn.send(error_line(Reason("set_aside", problem=problem)))

    async def writable(self) -> None:
        """Wait while the table holds moves the file has not taken yet."""
        while self.stalled is not None and not self.problem:
            self.resumed.clear()
            await self.resumed.wait()

    def start(self) -> None:
        if self.task is None and not self.game.over:
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        for agent in self.external.values():
            agent.close()
        self.external.clear()

    # ------------------------------------------------------------------ sending
    def message(self, conn: Connection) -> dict[str, Any] | None:
        """What ``conn`` is sent now: its view, the events it has not seen, its clock
        (None: a delayed spectator with nothing new)."""
        game = self.game
        viewer = conn.seat
        if viewer is None and conn.delay:
            if conn.state is None:
                conn.state = SeatState(None)
                conn.cursor = 0
            limit = self._delayed_cursor(conn.delay)
            events, _ = game.events_since(None, conn.cursor)
            events = events[: max(0, limit - conn.cursor)]
            if not events:
                return None
            conn.state.feed(events)
            conn.cursor += len(events)
            view = conn.state.view()
            if not conn.updates:
                events = [e for e in events if e["type"] != "update"]
            out: dict[str, Any] = {
                "type": "state",
                "events": events,
                "cursor": conn.cursor,
                "view": view.to_json(),
                "clock": None,
            }
        else:
            out = self._state(viewer, conn.cursor, updates=conn.updates)
            conn.cursor = int(out["cursor"])
        if conn.fresh:
            out = {**out, "fresh": True}
            conn.fresh = False
        return out

    def _state(
        self,
        viewer: int | None,
        cursor: int,
        made: dict[Any, dict[str, Any]] | None = None,
        updates: bool = True,
    ) -> dict[str, Any]:
        """The state message of ``viewer`` from ``cursor`` on, made once per broadcast for
        every connection of the same viewer at the same cursor (``made``; shared, never
        changed: a connection's own fields go on a copy); ``updates`` False leaves the
        ``update`` events out (the view says what they say)."""
        key = (viewer, cursor, updates)
        if made is not None and key in made:
            return made[key]
        game = self.game
        events, now = game.events_since(viewer, cursor)
        if not updates:
            events = [e for e in events if e["type"] != "update"]
        view = game.public_view() if viewer is None else game.view(viewer)
        out = {
            "type": "state",
            "events": events,
            "cursor": now,
            "view": view.to_json(),
            "clock": self.clock_of(viewer) if viewer is not None else None,
        }
        if made is not None:
            made[key] = out
        return out

    def clock_of(self, seat: int) -> dict[str, float] | None:
        base = float(self.settings["base_seconds"])
        if not base or self.is_bot(seat):
            return None
        clock = self.clocks[seat]
        asked = seat in self.game.pending and seat not in self.game.declared
        asked = asked and not self.waiting and clock.prompt == self.game.prompt_id(seat)
        spent = time.monotonic() - clock.started if asked and clock.started else 0.0
        return {"base": max(0.0, base - spent), "bank": clock.bank - max(0.0, spent - base)}

    def _delayed_cursor(self, delay: float) -> int:
        cutoff = time.monotonic() - delay
        count = 0
        for when, position in self.public_times:
            if when > cutoff:
                break
            count = position
        return count

    def broadcast(self) -> None:
        """Send every connection what is new for its viewer (nothing when nothing is)."""
        stream = self.game.stream
        self.public_times.append((time.monotonic(), stream.count(None)))
        made: dict[Any, dict[str, Any]] = {}  # a viewer's connections share its message
        for conn in list(self.conns):
            if conn.closed:
                self.conns.remove(conn)
                continue
            if conn.seat is None and conn.delay:
                continue  # spectators with a delay are fed by their own loop
            if stream.count(conn.seat) == conn.cursor:
                # nothing this viewer may see changed (another seat's answer in a claim
                # window): it is sent nothing, so it cannot count who answered when
                continue
            message: dict[str, Any] | None
            if conn.fresh:
                message = self.message(conn)
            else:  # every connection of one viewer at one cursor: one message
                message = self._state(conn.seat, conn.cursor, made, conn.updates)
                conn.cursor = int(message["cursor"])
            if message is not None:
                conn.send(message)

    def join(self, conn: Connection) -> list[dict[str, Any]]:
        """A connection joins (or comes back): it gets the whole view and the events from
        its cursor (0: from the start). A cursor past the end of the viewer's stream (a
        page of another server, or of a file put back from a backup) gets one ``error``
        line and a fresh start: every event from 0, the state marked ``fresh``."""
        out: list[dict[str, Any]] = []
        if conn.seat is None and conn.delay:
            conn.fresh = conn.cursor > 0  # a delayed spectator is fed from the start again
        else:
            count = self.game.stream.count(conn.seat)
            if conn.cursor > count:
                out.append(
                    {
                        "type": "error",
                        "about": "cursor",
                        "message": f"cursor {conn.cursor} is past the end of this table's "
                        f"events ({count}): starting afresh from 0",
                    }
                )
                conn.cursor = 0
                conn.fresh = True
        self.conns.append(conn)
        self.last_active = time.monotonic()
        message = self.message(conn)
        if message is not None:
            out.append(message)
        if self.waiting:
            out.append(self.hold())
        if conn.seat is not None:
            self.presence_changed(conn)  # everyone else is told; this page in its welcome
        self.wake.set()
        return out

    def info(self) -> dict[str, Any]:
        """What anyone may know of the table (the lobby's line)."""
        return {
            "id": self.row.id,
            "ruleset": self.row.ruleset,
            "preset": self.row.options.get("preset", ""),
            "options": {k: v for k, v in self.row.options.items() if k != "preset"},
            "status": self.row.status,
            "created": self.row.created,
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind.split(":")[0]}
                for s in self.row.seats
            ],
            "settings": {
                k: self.settings[k]
                for k in ("base_seconds", "bank_seconds", "claim_pause", "next_hand_seconds")
            },
            "hand": self.game.hand_number,
            "over": self.game.over,
        }


_PASS = Action(ActionType.PASS)
