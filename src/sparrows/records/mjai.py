"""mjai game logs: reading them and playing them through the engine.

An mjai log is a stream of JSON objects, one per line (``start_game``, ``start_kyoku``,
``tsumo``, ``dahai``, ``reach``, ``reach_accepted``, ``chi``, ``pon``, ``daiminkan``,
``ankan``, ``kakan``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``; tiles
as mjai names: ``1m``, ``5mr``, ``E``, ``P``...). :func:`read_mjai` reads one (bounded
like the other readers: at most :data:`~sparrows.records.record.MAX_RECORD_BYTES`).

:func:`replay_mjai` plays it the way :func:`sparrows.records.tenhou_replay.replay_log`
plays a Tenhou log: a riichi :class:`~sparrows.engine.game.Game` plays the game; each
hand's wall is injected (the dealt tiles from the dealer, the dora indicators and the ura
indicators of a win in their dead-wall slots), every draw is scripted from the next
``tsumo`` (:class:`MjaiScript` is the game's ``DrawScript``) and every decision the
engine asks for is answered from the log's next events: a discard, riichi, kan, tsumo or
nine-terminals abort on a seat's turn; ron for the seats of the ``hora`` events that
follow a discard (or an added kan), the call that follows it, pass otherwise. As the log
holds every event in order, nothing is guessed: a call declined or lost to another one is
simply not in the log. Each hand is checked (:class:`~sparrows.records.tenhou_replay.
HandCheck`): its start (dealer, round, honba, sticks, scores) and every result event the
log holds (``reach_accepted``, ``hora`` and ``ryukyoku``: who, the reason, the score
changes and the scores after them) against the same events written from the engine's own
events (:func:`.mjai_export.to_mjai`). A log that stops in the middle of a hand
is played as far as it goes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..engine import flow as fl
from ..engine.actions import Action, ActionType
from ..engine.game import Game
from ..engine.wall import Wall
from ..errors import NotationError, RecordError, SparrowsError, excerpt_repr
from ..tiles import Tile, from_mjai
from .hands import (
    EventFaces,
    hand_events,
)
from .mjai_export import mjai_hand
from .record import MAX_RECORD_BYTES, decode_json, read_record_text
from .tenhou_replay import (
    HandCheck,
    Watch,
    pick_closed_kan,
    pick_legal,
    play_hands,
    riichi_hand_wall,
)

__all__ = ["MjaiHand", "MjaiScript", "options_for_mjai", "read_mjai", "replay_mjai"]

A = ActionType
_PASS = Action(A.PASS)
_RON = Action(A.RON)
_WINDS = "ESWN"
#: Events the engine produces by itself (skipped when looking for the next decision).
_PASSIVE = frozenset({"dora", "reach_accepted", "none"})
#: Events that end a hand.
_RESULTS = frozenset({"hora", "ryukyoku"})
_CALLS = {"chi": A.CHI, "pon": A.PON, "daiminkan": A.KAN}
#: Events with an ``actor``, and with a ``pai`` (optional in ``hora``).
_ACTED = frozenset(
    {"tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan", "ankan", "kakan",
     "hora", "nukidora"}
)  # fmt: skip
_TILED = frozenset({"tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "hora"})
_KNOWN = frozenset(
    {
        "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi",
        "pon", "daiminkan", "ankan", "kakan", "dora", "hora", "ryukyoku", "end_kyoku",
        "end_game", "none", "nukidora",
    }
)  # fmt: skip
_NORTH = from_mjai("N")
#: Spellings of ``ryukyoku`` reasons -> ours ("exhaustive" for the wall running out).
REASONS = {
    "fanpai": "exhaustive", "ryukyoku": "exhaustive", "nagashimangan": "exhaustive",
    "kyushukyuhai": "nine terminals", "kyushu_kyuhai": "nine terminals",
    "yao9": "nine terminals", "sufonrenta": "four winds", "suufonrenda": "four winds",
    "kaze4": "four winds", "suchareach": "four riichi", "suuchariichi": "four riichi",
    "reach4": "four riichi", "sukaikan": "four kans", "suukaikan": "four kans",
    "kan4": "four kans", "sanchaho": "three ron", "sanchahou": "three ron",
    "ron3": "three ron",
}  # fmt: skip


# --------------------------------------------------------------------------- reading


def read_mjai(
    source: str | os.PathLike[str] | Iterable[str], label: str | None = None
) -> list[dict[str, Any]]:
    """The events of an mjai log: a file (a path) or its lines (any iterable of texts).
    Blank lines are skipped; a line that is not a JSON object with a ``type`` text, or a
    log larger than :data:`~sparrows.records.record.MAX_RECORD_BYTES`, raises
    :class:`~sparrows.errors.RecordError` naming the line."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = label or path.name
        # lines end at "\n" only: splitlines() would also split at characters such as
        # U+2028 that JSON strings may hold unescaped
        lines: Iterable[str] = read_record_text(path, name, "mjai log").split("\n")
    else:
        name = label or "the mjai log"
        lines = source
    events: list[dict[str, Any]] = []
    size = 0
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise RecordError(f"{name} line {number}: not a text line ({type(line).__name__})")
        size += len(line) + 1
        if size > MAX_RECORD_BYTES:
            raise RecordError(
                f"{name} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: too large "
                "for an mjai log"
            )
        if not line.strip():
            continue
        where = f"{name} line {number}"
        event, _ = decode_json(line, where)
        if not isinstance(event, dict):
            raise RecordError(f"{where}: an mjai event is a JSON object, not {excerpt_repr(event)}")
        kind = event.get("type")
        if not isinstance(kind, str):
            raise RecordError(
                f"{where}: an mjai event needs a 'type' text, got {excerpt_repr(event)}"
            )
        events.append(event)
    return events


# --------------------------------------------------------------------------- hands


class MjaiHand:
    """One hand of a log: its ``start_kyoku`` and the events after it up to its
    ``end_kyoku`` (not included); ``ended`` when the log has that ``end_kyoku``."""

    def __init__(self, number: int, start: dict[str, Any], first: int) -> None:
        self.number = number
        self.start = start
        self.first = first  # index of start_kyoku in the log
        self.events: list[dict[str, Any]] = []
        self.ended = False
        self.pos = 0  # the replay's place in ``events``
        self.dealer = _seat(start, "oya", first)
        wind = start.get("bakaze")
        if wind not in tuple(_WINDS):
            raise RecordError(
                f"event {first} (start_kyoku): unreadable bakaze {excerpt_repr(wind)}"
            )
        self.round_wind = _WINDS.index(wind)
        kyoku = _whole(start, "kyoku", first)
        tehais = start.get("tehais")
        if not (isinstance(tehais, list) and len(tehais) in (3, 4)):
            raise RecordError(
                f"event {first} (start_kyoku): 'tehais' must be 4 lists of tiles (3 for "
                "three players)"
            )
        #: 3 or 4: one list of dealt tiles per seat
        self.players = len(tehais)
        if not 1 <= kyoku <= self.players:
            raise RecordError(
                f"event {first} (start_kyoku): kyoku must be 1-{self.players}, not {kyoku}"
            )
        self.kyoku = self.round_wind * 4 + kyoku - 1
        self.honba = _whole(start, "honba", first)
        self.sticks = _whole(start, "kyotaku", first)
        self.tehais = [_tiles(t, f"event {first} (start_kyoku) tehais", 13) for t in tehais]
        self.dora = [_tile(start, "dora_marker", first)]
        _numbers(start, first, self.players, "scores")

    @property
    def result(self) -> str:
        kinds = [e["type"] for e in self.events if e["type"] in _RESULTS]
        if not kinds:
            return ""
        if kinds[0] == "hora":
            return "hora"
        ryukyoku = next(e for e in self.events if e["type"] == "ryukyoku")
        reason = ryukyoku.get("reason")
        return f"ryukyoku {reason}" if isinstance(reason, str) else "ryukyoku"

    def draws(self) -> list[Tile]:
        return [e["_tile"] for e in self.events if e["type"] == "tsumo"]

    def ura(self) -> list[Tile]:
        longest: list[Tile] = []
        for e in self.events:
            if e["type"] == "hora" and len(e["_ura"]) > len(longest):
                longest = e["_ura"]
        return longest


def _whole(event: dict[str, Any], key: str, index: int) -> int:
    value = event.get(key)
    if type(value) is not int or value < 0:
        raise RecordError(
            f"event {index} ({event.get('type')}): {key!r} must be a whole number >= 0, "
            f"not {excerpt_repr(value, 40)}"
        )
    return value


def _seat(event: dict[str, Any], key: str, index: int) -> int:
    value = event.get(key)
    if type(value) is not int or not 0 <= value < 4:
        raise RecordError(
            f"event {index} ({event.get('type')}): {key!r} must be a seat 0-3, "
            f"not {excerpt_repr(value, 40)}"
        )
    return value


def _tile(event: dict[str, Any], key: str, index: int) -> Tile:
    value = event.get(key)
    try:
        return from_mjai(value)  # type: ignore[arg-type]
    except NotationError:
        raise RecordError(
            f"event {index} ({event.get('type')}): {key!r} is not an mjai tile: "
            f"{excerpt_repr(value, 40)}"
        ) from None


def _tiles(values: Any, where: str, count: int | None = None) -> list[Tile]:
    if not isinstance(values, list) or (count is not None and len(values) != count):
        size = f"{count} " if count is not None else ""
        raise RecordError(
            f"{where}: expected a list of {size}mjai tiles, got {excerpt_repr(values)}"
        )
    out = []
    for value in values:
        if value == "?":
            raise RecordError(
                f"{where}: a hidden tile '?' (a log seen by one seat cannot be replayed)"
            )
        try:
            out.append(from_mjai(value))
        except NotationError:
            raise RecordError(f"{where}: {excerpt_repr(value, 40)} is not an mjai tile") from None
    return out


def _split(events: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, list[MjaiHand], bool]:
    """The ``start_game`` event, the hands (fields checked, tiles read into ``_tile`` /
    ``_consumed`` / ``_ura``) and whether the log has ``end_game``."""
    start: dict[str, Any] | None = None
    hands: list[MjaiHand] = []
    ended = False
    for i, e in enumerate(events):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str):
            raise RecordError(f"event {i}: not an mjai event: {excerpt_repr(e)}")
        kind = e["type"]
        if kind not in _KNOWN:
            raise RecordError(f"event {i}: unknown mjai event type {excerpt_repr(kind, 40)}")
        if ended:
            raise RecordError(f"event {i} ({kind}) after end_game")
        if kind == "start_game":
            if start is not None or hands:
                raise RecordError(f"event {i}: start_game after the game started")
            start = e
            continue
        if kind == "end_game":
            ended = True
            continue
        if kind == "none":
            continue
        if kind == "start_kyoku":
            if hands and not hands[-1].ended:
                raise RecordError(
                    f"event {i}: start_kyoku before the end_kyoku of hand {len(hands) - 1}"
                )
            hand = MjaiHand(len(hands), e, i)
            if hands and hand.players != hands[0].players:
                raise RecordError(f"event {i}: hands of three and of four players in one log")
            names = start.get("names") if start is not None else None
            if isinstance(names, list) and len(names) in (3, 4) and len(names) != hand.players:
                raise RecordError(
                    f"event {i}: {hand.players} seats dealt, but start_game names {len(names)}"
                )
            hands.append(hand)
            continue
        if not hands or hands[-1].ended:
            raise RecordError(f"event {i} ({kind}) outside a hand (no start_kyoku before it)")
        hand = hands[-1]
        if kind == "end_kyoku":
            hand.ended = True
            continue
        event = _checked(e, i, hand.players)
        hand.events.append(event)
        if kind == "dora":
            hand.dora.append(event["_tile"])
    return start, hands, ended


def _checked(e: dict[str, Any], i: int, players: int = 4) -> dict[str, Any]:
    """A copy of a hand event with its fields checked and its tiles read."""
    kind = e["type"]
    out = dict(e)
    out["_index"] = i
    if kind in _ACTED:
        _seat(e, "actor", i)
    if kind in _TILED and (kind != "hora" or "pai" in e):
        out["_tile"] = _tile(e, "pai", i)
    if kind in ("chi", "pon", "daiminkan", "hora"):
        _seat(e, "target", i)
    if kind in _CALLS or kind in ("ankan", "kakan"):
        size = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 3}[kind]
        out["_consumed"] = _tiles(e.get("consumed"), f"event {i} ({kind}) consumed", size)
    if kind == "dora":
        out["_tile"] = _tile(e, "dora_marker", i)
    if kind == "hora":
        markers = e.get("ura_markers", e.get("uradora_markers", []))
        out["_ura"] = _tiles(markers, f"event {i} (hora) ura_markers")
    if kind == "dahai" and "tsumogiri" in e and not isinstance(e["tsumogiri"], bool):
        raise RecordError(f"event {i} (dahai): 'tsumogiri' must be true or false")
    if kind == "nukidora":
        if players != 3:
            raise RecordError(f"event {i} (nukidora): a North set aside with four players")
        if "pai" in e and _tile(e, "pai", i) != _NORTH:
            raise RecordError(f"event {i} (nukidora): the tile set aside is N, not {e['pai']!r}")
    _numbers(e, i, players, "deltas", "scores")
    return out


def _numbers(e: dict[str, Any], i: int, players: int, *keys: str) -> None:
    """The fields that are there are lists of whole numbers, one per seat (deltas,
    scores)."""
    for key in keys:
        if key in e and not (
            isinstance(e[key], list)
            and len(e[key]) == players
            and all(type(v) is int for v in e[key])
        ):
            raise RecordError(
                f"event {i} ({e.get('type')}): {key!r} must be {players} whole numbers"
            )


def options_for_mjai(start: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """Riichi options for a log: Tenhou's rules (``tenhou-sanma`` for three players:
    ``players`` 3, or without it ``start_game`` naming three); East only when
    ``start_game`` has ``kyoku_first`` 4; no red fives when its ``aka_flag`` is false."""
    if players is None and start is not None:
        names = start.get("names")
        players = 3 if isinstance(names, list) and len(names) == 3 else 4
    options: dict[str, Any] = {"preset": "tenhou-sanma" if players == 3 else "tenhou"}
    if start is not None:
        if start.get("kyoku_first") == 4:
            options["hanchan"] = False
        if start.get("aka_flag") is False:
            options["red_fives"] = [0, 0, 0]
    return options


# --------------------------------------------------------------------------- walls


def hand_wall(
    game_faces: Sequence[Tile], hand: MjaiHand, build: Callable[[Sequence[int]], Wall]
) -> list[int]:
    """The tile order of a hand (:func:`~.tenhou_replay.riichi_hand_wall`), checked to
    agree with the ruleset's ``build_wall``."""
    where = f"hand {hand.number} (event {hand.first})"
    dora, ura = list(hand.dora), list(hand.ura())
    order = riichi_hand_wall(
        game_faces, hand.dealer, hand.tehais, dora, ura, list(hand.draws()), where
    )
    wall = build(order)
    shown = [game_faces[t] for t in wall.indicators[: len(dora)]]
    hidden = [game_faces[t] for t in wall.hidden[: len(ura)]]
    if shown != dora or hidden != ura:
        raise RecordError(f"{where}: the ruleset's wall has no dead wall of 14 tiles")
    return order


# --------------------------------------------------------------------------- script


class _LogEnd(Exception):
    """The log stops in the middle of a hand: the replay stops there."""


class MjaiScript:
    """Draws and decisions of one mjai log, answered hand by hand from its next events."""

    def __init__(self, hands: list[MjaiHand]) -> None:
        self.hands = hands
        self.index = -1
        self.hand: MjaiHand | None = None
        self._window: fl.Window | None = None
        self._plan: dict[int, Action] = {}

    def _sync(self, game: Game) -> MjaiHand:
        if game.hand_number != self.index:
            if game.hand_number >= len(self.hands):
                raise RecordError("the engine plays on after the log's last hand")
            self.index = game.hand_number
            self.hand = self.hands[self.index]
        assert self.hand is not None
        return self.hand

    def peek(self) -> dict[str, Any] | None:
        """The next event that is not one the engine produces by itself."""
        hand = self.hand
        assert hand is not None
        events = hand.events
        while hand.pos < len(events) and events[hand.pos]["type"] in _PASSIVE:
            hand.pos += 1
        return events[hand.pos] if hand.pos < len(events) else None

    def _advance(self) -> None:
        assert self.hand is not None
        self.hand.pos += 1

    def at_end(self, game: Game) -> bool:
        """The log of the current hand stops here (it has no more decisions and no end)."""
        hand = self._sync(game)
        return self.peek() is None and not hand.ended

    @staticmethod
    def leftover(hand: MjaiHand) -> list[str]:
        """Decisions of a hand the engine never asked for."""
        rest = hand.events[hand.pos :]
        return [
            f"event {e['_index']} ({e['type']})"
            for e in rest
            if e["type"] not in _PASSIVE and e["type"] not in _RESULTS
        ]

    # ------------------------------------------------------------------ draws
    def next_draw(self, game: Game, seat: int, replacement: bool) -> Tile | None:
        self._sync(game)
        e = self.peek()
        if e is None:
            if self.hand is not None and not self.hand.ended:
                return None  # the log stops here: any tile (the replay stops at once)
            raise RecordError(f"seat {seat} draws, but the hand's log has no more events")
        if e["type"] != "tsumo" or e["actor"] != seat:
            raise RecordError(
                f"seat {seat} draws, but the log has event {e['_index']} ({e['type']}{_by(e)}) next"
            )
        self._advance()
        tile: Tile = e["_tile"]
        return tile

    # ------------------------------------------------------------------ decisions
    def answer(self, game: Game, seat: int, legal: list[Action]) -> Action:
        self._sync(game)
        window = game.window
        if window is None:
            return self._turn(game, seat, legal)
        if window is not self._window:
            self._window = window
            self._plan = self._plan_window(game, window)
        return pick_legal(legal, self._plan.get(seat, _PASS))

    def _plan_window(self, game: Game, window: fl.Window) -> dict[int, Action]:
        """Every asked seat's answer to a window, from the log's next event."""
        target, tile_id = fl.played(window)
        tile = game.faces[tile_id]
        plan: dict[int, Action] = {}
        e = self.peek()
        if e is None:
            return plan
        if e["type"] == "hora" and e["target"] == target and e["actor"] != target:
            while e is not None and e["type"] == "hora" and e["target"] == target:
                if e["actor"] not in window.options:
                    raise RecordError(
                        f"event {e['_index']} (hora): seat {e['actor']} wins on seat "
                        f"{target}'s tile, but the engine offers it nothing"
                    )
                plan[e["actor"]] = _RON
                self._advance()
                e = self.peek()
            return plan
        if e["type"] == "ryukyoku":
            reason = REASONS.get(str(e.get("reason")))
            can_ron = [s for s, options in window.options.items() if _RON in options]
            if reason == "three ron" or (reason is None and len(can_ron) == 3):
                return {s: _RON for s in can_ron}
            return plan
        if window.kind == "claim" and e["type"] in _CALLS and e["target"] == target:
            if e["_tile"] != tile:
                raise RecordError(
                    f"event {e['_index']} ({e['type']}) calls {e['pai']}, the discard is {tile}"
                )
            if e["actor"] not in window.options:
                raise RecordError(
                    f"event {e['_index']} ({e['type']}): seat {e['actor']} calls, but the "
                    "engine offers it nothing"
                )
            self._advance()
            plan[e["actor"]] = Action(_CALLS[e["type"]], tuple(e["_consumed"]))
        return plan

    def _turn(self, game: Game, seat: int, legal: list[Action]) -> Action:
        e = self.peek()
        if e is None:
            raise RecordError(f"seat {seat} is to act, but the hand's log has no more events")
        kind = e["type"]
        mine = e.get("actor") == seat
        drawn = game.faces[game.drawn] if game.drawn is not None else None
        if kind == "dahai" and mine:
            self._advance()
            return pick_legal(legal, self._discard(e, A.DISCARD, drawn))
        if kind == "reach" and mine:
            self._advance()
            nxt = self.peek()
            if nxt is None or nxt["type"] != "dahai" or nxt["actor"] != seat:
                raise RecordError(f"event {e['_index']} (reach) is not followed by its dahai")
            self._advance()
            return pick_legal(legal, self._discard(nxt, A.RIICHI, drawn))
        if kind == "ankan" and mine:
            self._advance()
            return pick_closed_kan(legal, e["_consumed"][0])
        if kind == "kakan" and mine:
            self._advance()
            return pick_legal(legal, Action(A.KAKAN, e["_tile"]))
        if kind == "nukidora" and mine:
            self._advance()
            return pick_legal(legal, Action(A.NUKI, _NORTH))
        if kind == "hora" and mine and e["target"] == seat:
            self._advance()
            return pick_legal(legal, Action(A.TSUMO))
        if kind == "ryukyoku" and REASONS.get(str(e.get("reason")), "nine terminals") == (
            "nine terminals"
        ):
            return pick_legal(legal, Action(A.ABORT))
        raise RecordError(
            f"seat {seat} is on its turn, but the log has event {e['_index']} ({kind}{_by(e)}) next"
        )

    @staticmethod
    def _discard(e: dict[str, Any], kind: ActionType, drawn: Tile | None) -> Action:
        tile: Tile = e["_tile"]
        if e.get("tsumogiri") is True and drawn != tile:
            raise RecordError(
                f"event {e['_index']} (dahai) discards {e['pai']} as the tile just drawn, "
                f"which is {drawn}"
            )
        return Action(kind, tile)


def _by(e: dict[str, Any]) -> str:
    return f" by seat {e['actor']}" if "actor" in e else ""


# --------------------------------------------------------------------------- replay


def replay_mjai(
    events: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    watch: Watch | None = None,
) -> tuple[Game, list[HandCheck]]:
    """Play an mjai log through the engine (see the module); every hand checked.
    ``options`` are the riichi options (default: :func:`options_for_mjai` of the log's
    ``start_game``). A log that cannot be read raises :class:`RecordError`; a log the
    engine does not play as written is reported in the checks. ``watch`` sees every
    decision (:data:`~.tenhou_replay.Watch`)."""
    from ..rules import get_ruleset

    if not isinstance(events, list):
        raise RecordError(f"mjai events are a list, not {type(events).__name__}")
    start, hands, log_ended = _split(events)
    if not hands:
        raise RecordError("the mjai log has no hand")
    players = hands[0].players
    if options is None:
        options = options_for_mjai(start, players)
    try:
        rules = get_ruleset("riichi", options)
    except SparrowsError as exc:
        raise RecordError(f"the options are not usable: {exc}") from None
    faces = rules.tileset.tiles
    walls = [hand_wall(faces, hand, rules.build_wall) for hand in hands]
    script = MjaiScript(hands)
    game = Game(rules, seed=0, record=True, walls=walls, script=script)
    checks, complete = play_hands(
        game, hands, script.answer, _check_start, _check_end, at_end=script.at_end, watch=watch
    )
    if complete and log_ended and checks and not game.over:
        checks[-1].problems.append("the engine plays on after the log's end_game")
    if complete and not log_ended and game.over and checks:
        checks[-1].problems.append("the engine ended the game; the log has no end_game")
    return game, checks


def _check_start(game: Game, hand: MjaiHand, check: HandCheck) -> None:
    sticks = game.ledger.pots["points"] // game.ruleset.options.riichi_stick
    want: tuple[Any, ...] = (hand.dealer, hand.round_wind, hand.honba, hand.sticks)
    got: tuple[Any, ...] = (game.dealer, game.round_wind, game.state.honba, sticks)
    scores = hand.start.get("scores")
    if scores is not None:
        want += (list(scores),)
        got += (list(game.scores),)
    if want != got:
        check.problems.append(
            f"hand start: the log has dealer, round, honba, sticks, scores {want}, the engine {got}"
        )


#: Fields of the result events compared (when the log has them).
_COMPARED = {
    "reach_accepted": ("actor", "deltas", "scores"),
    "hora": ("actor", "target", "pai", "deltas", "scores"),
    "ryukyoku": ("reason", "deltas", "scores"),
}


def _check_end(game: Game, hand: MjaiHand, begin: int, check: HandCheck) -> None:
    """The log's result events against those written from the engine's events (the
    hand's from ``begin``, its ``hand_start``), after the log's decisions the engine never
    asked for."""
    check.problems += [f"the engine never asked for {e}" for e in MjaiScript.leftover(hand)]
    hands, _ = hand_events(game, game.events[begin:])
    ours = [e for e in mjai_hand(hands[0], EventFaces(game), game.n) if e["type"] in _COMPARED]
    theirs = [e for e in hand.events if e["type"] in _COMPARED]
    if not hand.ended:  # an unfinished hand: only what the log has so far
        ours = ours[: len(theirs)]
    if [e["type"] for e in ours] != [e["type"] for e in theirs]:
        check.problems.append(
            f"results {[e['type'] for e in ours]}, the log {[e['type'] for e in theirs]}"
        )
        return
    for mine, logged in zip(ours, theirs, strict=True):
        for key in _COMPARED[mine["type"]]:
            if key not in logged:
                continue
            want, got = logged[key], mine.get(key)
            if key == "reason":
                want, got = REASONS.get(str(want), want), REASONS.get(str(got), got)
            elif key == "pai":
                want, got = logged["_tile"], from_mjai(got) if got is not None else None
            if want != got:
                check.problems.append(
                    f"event {logged['_index']} ({logged['type']}): {key} {excerpt_repr(got)}, "
                    f"the log {excerpt_repr(want)}"
                )
