"""An external bot that speaks the mjai protocol, played as a sparrows agent (riichi).

The bot is a program (``command``) that reads JSON lines on its standard input and
answers each with one JSON line on its standard output, as Mortal's and mjai.app's bots
do: each line sent is a JSON array of the mjai events its seat has not seen yet (its own
draws with their tiles, the others' as ``"?"``; its own starting hand only), and the
answer is its action to the last of them: ``{"type": "dahai", "pai": "5mr", "tsumogiri":
false}``, ``reach`` (then it is sent its own ``reach`` event and answers with the
discard), ``chi`` / ``pon`` / ``daiminkan`` (with ``consumed``), ``ankan``, ``kakan``,
``hora``, ``ryukyoku`` (nine terminals), ``nukidora``, or ``none`` (pass). Lines are
sent only when the seat owes a decision.

A bot that crashes, does not answer within ``timeout`` seconds, answers something that
is not JSON or an action that is not legal now is named in one line (the logger
``sparrows.mjai``: on standard error where nothing else is set up), stopped, and the
``fallback`` bot plays the seat from then on: the game goes on.

``register_mjai(name, command)`` makes ``name`` an agent like the others (``simulate
--bot NAME=COMMAND``, ``serve --bot NAME=COMMAND``, an environment's ``opponents``).
"""

from __future__ import annotations

import json
import logging
import queue
import shlex
import subprocess
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine.actions import Action, ActionType
from ..errors import SparrowsError
from ..tiles import Tile
from .base import Agent

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.observation import Observation
    from ..engine.protocol import Ruleset

A = ActionType
log = logging.getLogger("sparrows.mjai")

_CALLS = {"chi": A.CHI, "pon": A.PON, "daiminkan": A.KAN}


class BotFailed(Exception):
    """The bot process failed: why, in a few words."""


class _Process:
    """The bot's process with a reader thread (so an answer can be waited for with a
    timeout)."""

    def __init__(self, command: Sequence[str]) -> None:
        try:
            self.proc = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise BotFailed(f"cannot start {shlex.join(command)}: {exc.strerror or exc}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        weakref.finalize(self, _stop, self.proc)

    def _read(self) -> None:
        stdout = self.proc.stdout
        assert stdout is not None
        for line in stdout:
            self.lines.put(line)
        self.lines.put(None)

    def ask(self, events: list[dict[str, Any]], timeout: float) -> Any:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
            stdin.flush()
        except (OSError, ValueError):
            raise BotFailed(f"it stopped (exit status {self.proc.poll()})") from None
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise BotFailed(f"no answer within {timeout:g} s") from None
        if line is None:
            self.proc.wait(timeout=5)
            raise BotFailed(f"it stopped (exit status {self.proc.returncode})")
        try:
            return json.loads(line)
        except ValueError:
            raise BotFailed(f"its answer is not JSON: {line.strip()[:60]!r}") from None

    def stop(self) -> None:
        _stop(self.proc)


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait()


class MjaiAgent(Agent):
    """A seat played by an external mjai bot (see the module); the subclass that
    :func:`register_mjai` makes names its command."""

    name: ClassVar[str] = "mjai"
    needs_game: ClassVar[bool] = True
    rulesets: ClassVar[tuple[str, ...] | None] = ("riichi",)
    command: ClassVar[tuple[str, ...]] = ()
    timeout: ClassVar[float] = 10.0
    fallback: ClassVar[str] = "balanced"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.game: Game | None = None
        self.seat = 0
        self._process: _Process | None = None
        self._failed: Agent | None = None  # the fallback, once the bot has failed
        self._hand = -1  # the hand whose events were sent
        self._sent = 0  # of that hand's events

    def bind(self, ruleset: Ruleset) -> Agent:
        if ruleset.name != "riichi" or getattr(ruleset.options, "chips", False):
            raise SparrowsError(
                f"the mjai bot {self.name} plays riichi (not the house table), not {ruleset.name}"
            )
        return super().bind(ruleset)

    def watch(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self._hand, self._sent = -1, 0
        if self._process is not None:
            self._process.stop()
            self._process = None

    def close(self) -> None:
        if self._process is not None:
            self._process.stop()
            self._process = None

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        return self.prepare(observation, legal)()

    def prepare(
        self, observation: Observation | None, legal: Sequence[Action]
    ) -> Callable[[], Action]:
        """The decision in two parts: what the bot is sent is read from the game now (on
        the caller's thread); the returned call talks to the process and gives the
        action (the web table runs it in a worker thread, so a slow bot holds no other
        table)."""
        events: list[dict[str, Any]] | None = None
        if self._failed is None:
            try:
                events = self._new_events()
            except BotFailed as exc:
                self._fail(str(exc))

        def answer() -> Action:
            if self._failed is None and events is not None:
                try:
                    return self._ask(events, legal)
                except BotFailed as exc:
                    self._fail(str(exc))
            assert self._failed is not None
            return self._failed.act(observation, legal)

        return answer

    def _fail(self, why: str) -> None:
        from . import make_agent

        log.warning(
            "mjai bot %s (seat %d): %s; the %s bot plays the seat from here",
            self.name,
            self.seat,
            why,
            self.fallback,
        )
        self.close()
        assert self.ruleset is not None
        self._failed = make_agent(self.fallback, self.seed, self.ruleset)

    # ------------------------------------------------------------------ the protocol
    def _new_events(self) -> list[dict[str, Any]]:
        """The seat's mjai events since the last line sent (the game's start first)."""
        game = self.game
        if game is None or not game.record:
            raise SparrowsError(
                f"the mjai bot {self.name} needs watch(game, seat) on a game with record=True"
            )
        from ..records.hands import EventFaces, hand_events, seat_names
        from ..records.mjai_export import mjai_hand

        out: list[dict[str, Any]] = []
        if self._process is None:
            self._process = _Process(self.command)
            opts: Any = game.ruleset.options
            out.append(
                {
                    "type": "start_game",
                    "id": self.seat,
                    "names": seat_names(None, game.n),
                    "kyoku_first": 0 if opts.hanchan else 4,
                    "aka_flag": any(opts.red_fives),
                }
            )
            self._hand, self._sent = -1, 0
        hands, _ = hand_events(game)
        faces = EventFaces(game)
        if 0 <= self._hand < len(hands) - 1:  # the end of the hand it last saw (its win...)
            rest = mjai_hand(hands[self._hand], faces, game.n)[self._sent :]
            out += [self._masked(e) for e in rest]
        if len(hands) - 1 != self._hand:
            self._hand, self._sent = len(hands) - 1, 0
        events = mjai_hand(hands[-1], faces, game.n) if hands else []
        out += [self._masked(e) for e in events[self._sent :]]
        self._sent = len(events)
        return out

    def _masked(self, e: dict[str, Any]) -> dict[str, Any]:
        """What the seat may see of an event: others' starting hands and draws hidden."""
        if e["type"] == "start_kyoku":
            e = dict(e)
            e["tehais"] = [
                t if s == self.seat else ["?"] * len(t) for s, t in enumerate(e["tehais"])
            ]
        elif e["type"] == "tsumo" and e["actor"] != self.seat:
            e = {**e, "pai": "?"}
        return e

    def _ask(self, events: list[dict[str, Any]], legal: Sequence[Action]) -> Action:
        assert self._process is not None
        answer = self._process.ask(events, self.timeout)
        if isinstance(answer, dict) and answer.get("type") == "reach":
            riichi = [a for a in legal if a.type is A.RIICHI]
            if not riichi:
                raise BotFailed("it declared riichi where it may not")
            again = self._process.ask([{"type": "reach", "actor": self.seat}], self.timeout)
            return self._action(again, legal, riichi=True)
        return self._action(answer, legal)

    def _action(self, answer: Any, legal: Sequence[Action], riichi: bool = False) -> Action:
        """The legal action the bot's answer names (BotFailed when none)."""
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise BotFailed(f"its answer is not an mjai action: {str(answer)[:60]!r}")
        kind = answer["type"]
        try:
            want = self._want(kind, answer, legal, riichi)
        except (SparrowsError, KeyError, TypeError, ValueError) as exc:
            raise BotFailed(f"its answer {json.dumps(answer)[:80]} cannot be read: {exc}") from None
        for action in legal:
            if action == want:
                return action
        raise BotFailed(f"its answer {json.dumps(answer)[:80]} is not legal now")

    def _want(
        self, kind: str, answer: dict[str, Any], legal: Sequence[Action], riichi: bool
    ) -> Action:
        from ..tiles import from_mjai

        def tile(key: str) -> Tile:
            return from_mjai(answer[key])

        if kind == "none":
            return Action(A.PASS)
        if kind == "dahai":
            return Action(A.RIICHI if riichi else A.DISCARD, tile("pai"))
        if kind in _CALLS:
            return Action(_CALLS[kind], tuple(from_mjai(t) for t in answer["consumed"]))
        if kind == "ankan":
            consumed = [from_mjai(t) for t in answer["consumed"]]
            closed = [a for a in legal if a.type is A.ANKAN and a.tiles[0].kind == consumed[0].kind]
            return closed[0] if closed else Action(A.ANKAN, consumed[0])
        if kind == "kakan":
            return Action(A.KAKAN, tile("pai"))
        if kind == "hora":
            return Action(A.TSUMO) if any(a.type is A.TSUMO for a in legal) else Action(A.RON)
        if kind == "ryukyoku":
            return Action(A.ABORT)
        if kind == "nukidora":
            return Action(A.NUKI, from_mjai("N"))
        raise BotFailed(f"unknown mjai action {kind!r}")


def register_mjai(
    name: str, command: str | Sequence[str], timeout: float = 10.0, fallback: str = "balanced"
) -> type[MjaiAgent]:
    """Make ``name`` an agent played by the mjai bot ``command`` (a command line, split
    as a shell would, or its words)."""
    from . import AGENTS

    words = tuple(shlex.split(command) if isinstance(command, str) else command)
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise SparrowsError(f"a bot's name is letters, digits, - and _, not {name!r}")
    if name in AGENTS and not issubclass(AGENTS[name], MjaiAgent):
        raise SparrowsError(f"{name!r} is a sparrows bot already: name the mjai bot otherwise")
    if not words:
        raise SparrowsError(f"the mjai bot {name!r} has no command")
    if fallback not in AGENTS or issubclass(AGENTS[fallback], MjaiAgent):
        raise SparrowsError(f"the fallback of an mjai bot is a sparrows bot, not {fallback!r}")
    cls = type(
        f"MjaiAgent_{name}",
        (MjaiAgent,),
        {"name": name, "command": words, "timeout": float(timeout), "fallback": fallback},
    )
    AGENTS[name] = cls
    return cls


def parse_bot_option(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` (the ``--bot`` option) as (name, command)."""
    name, sep, command = text.partition("=")
    if not sep or not name.strip() or not command.strip():
        raise SparrowsError(f"--bot takes NAME=COMMAND (an mjai bot), not {text!r}")
    return name.strip(), command.strip()
