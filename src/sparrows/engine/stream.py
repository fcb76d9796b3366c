"""The event stream a client follows (``game.events_since(viewer, cursor)``).

The stream is the record's events (a deal, a draw, a discard...: what happens), each
with the number of its hand (``hand_number``: apart from a win's own ``hand``, its tiles),
plus ``update`` events (:class:`~.events.Update`): after
every action the engine compares the view fields it derives from its state (whose turn,
wall counts, seat winds, counters, the ruleset's facts; per seat its prompt, its drawn
tile and its private facts) with what it last sent, and sends the ones that changed. A
seat's own update goes to that seat alone: other viewers' streams do not hold it, and
their ``seq`` numbers (each viewer counts its own events) show no gap where it was.

Updates are made from the first ``events_since`` call on (that call sends every derived
field at once): a game nobody follows, a simulation or a replay, pays nothing for them.

A record event reaches every viewer, its private fields (a draw's tile, a deal) hidden
from the seats not in its ``visible_to``. Fed from the start in order,
:class:`sparrows.client.SeatState` rebuilds the viewer's :class:`~sparrows.client.View`
exactly (tested over random games of every ruleset and real Tenhou games).
"""

from __future__ import annotations

import json
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ..errors import SparrowsError
from . import events as ev

if TYPE_CHECKING:
    from .game import Game

_MISSING: Any = object()
#: Each event's JSON is kept for the most recent events only (the ones every follower
#: asks for in turn); an older one (a follower catching up from far back) is made again.
JSON_KEPT = 256


class Packed:
    """The events of a finished hand as a followed stream keeps them: one compressed
    blob of JSON lines (each event's JSON, the seats it is private to and its private
    fields), from stream position ``first`` on. A hand's hundreds of events become a
    few kilobytes that hold no object the garbage collector must walk (a live server
    keeps every table's stream); the rare follower that catches up from far back has
    them read again."""

    __slots__ = ("blob", "first")

    def __init__(self, first: int, events: list[ev.Event], made: list[Any]) -> None:
        self.first = first
        lines = []
        for event, whole in zip(events, made, strict=True):
            seen = event.visible_to
            lines.append(
                json.dumps(
                    [
                        whole if whole is not None else event.to_json(),
                        None if seen is None else sorted(seen),
                        list(event.private_fields),
                    ],
                    ensure_ascii=False,
                    separators=(",", ":"),
                )
            )
        self.blob = zlib.compress("\n".join(lines).encode("utf-8"), 6)

    def lines(self) -> list[Any]:
        """Every event's [JSON, private to, private fields], from ``first`` on."""
        return [json.loads(line) for line in zlib.decompress(self.blob).split(b"\n")]


class Stream:
    """Events in order with their hands, and per viewer (each seat, then a spectator)
    the positions of the events it may see."""

    def __init__(self, players: int) -> None:
        self.players = players
        #: the events in order; those of finished hands packed (once followed)
        self.events: list[ev.Event | Packed] = []
        self._packed = 0  # events before this position are packed
        # positions as arrays of 32-bit integers (no object per entry); the hand numbers
        # as runs: the position where each new hand number begins, and the number
        self._hand_at = array("i")
        self._hand_of = array("i")
        #: each event's JSON, made once when first sent (viewers get copies)
        self._json: list[dict[str, Any] | None] = []
        self.positions = [array("i") for _ in range(players + 1)]
        self._public: dict[str, Any] = {}
        self._private: list[dict[str, Any]] = [{} for _ in range(players)]
        self._prompts = [-1] * players  # per seat: the key of the prompt last sent
        #: updates are made once someone follows the stream (the first ``events_since``
        #: sends every derived field; the game's events are all there from the start)
        self.active = False

    def copy(self) -> Stream:
        """An independent copy (``Game.clone``); the events themselves are shared (they
        never change once made)."""
        other = Stream(self.players)
        other.events = list(self.events)
        other._packed = self._packed
        other._hand_at = array("i", self._hand_at)
        other._hand_of = array("i", self._hand_of)
        other._json = list(self._json)
        other.positions = [array("i", p) for p in self.positions]
        other._public = dict(self._public)
        other._private = [dict(p) for p in self._private]
        other._prompts = list(self._prompts)
        other.active = self.active
        return other

    def count(self, seat: int | None) -> int:
        """How many events a seat (None: a spectator) may see so far."""
        return len(self.positions[self.players if seat is None else seat])

    def __len__(self) -> int:
        return len(self.events)

    def add(self, event: ev.Event, hand: int, seat: int | None = None) -> None:
        """An event every viewer sees (``seat`` None), or ``seat`` alone."""
        pos = len(self.events)
        if type(event) is ev.HandStart and self.active:
            self.pack(pos)
        self.events.append(event)
        if not self._hand_of or self._hand_of[-1] != hand:
            self._hand_at.append(pos)
            self._hand_of.append(hand)
        self._json.append(None)
        if pos >= JSON_KEPT:
            self._json[pos - JSON_KEPT] = None
        if seat is None:
            for p in self.positions:
                p.append(pos)
        else:
            self.positions[seat].append(pos)

    def pack(self, upto: int) -> None:
        """Pack the events before position ``upto`` (a finished hand's: they never
        change, and followers rarely read them again) into one :class:`Packed`."""
        first = self._packed
        if upto <= first:
            return
        events, made = self.events, self._json
        packed = Packed(first, events[first:upto], made[first:upto])  # type: ignore[arg-type]
        for pos in range(first, upto):
            events[pos] = packed
            made[pos] = None
        self._packed = upto

    def sync(self, game: Game) -> None:
        """Send the derived view fields that changed since the last sync."""
        from .views import private_state, prompt_key, public_state

        hand = game.hand_number
        changed = _changes(self._public, public_state(game))
        if changed:
            self.add(ev.Update(None, changed), hand)
        for seat in range(self.players):
            key = prompt_key(game, seat)
            new_prompt = key != self._prompts[seat]
            self._prompts[seat] = key
            changed = _changes(self._private[seat], private_state(game, seat, new_prompt))
            if changed:
                self.add(ev.Update(seat, changed), hand, seat)

    def since(
        self, index: int, seat: int | None, cursor: object
    ) -> tuple[list[dict[str, Any]], int]:
        """The events of viewer ``index`` (a seat, or ``players`` for a spectator, who
        sees as ``seat`` None) from ``cursor`` on, and the new cursor."""
        positions = self.positions[index]
        if type(cursor) is not int or not 0 <= cursor <= len(positions):
            raise SparrowsError(
                f"the cursor must be a whole number 0-{len(positions)} (what events_since "
                f"returned), not {cursor!r}"
            )
        out = []
        events, made = self.events, self._json
        starts, numbers = self._hand_at, self._hand_of
        read: dict[int, list[Any]] = {}  # packed hands read in this call, by position
        for seq in range(cursor, len(positions)):
            pos = positions[seq]
            event = events[pos]
            seen: Collection[int] | None
            if type(event) is Packed:  # a finished hand's: fresh objects from its blob
                lines = read.get(event.first)
                if lines is None:
                    lines = read[event.first] = event.lines()
                data, seen, hidden = lines[pos - event.first]
            else:
                whole = made[pos]
                if whole is None:
                    whole = event.to_json()  # type: ignore[union-attr]
                    if pos >= len(made) - JSON_KEPT:  # the recent ones, others ask for them
                        made[pos] = whole
                data = dict(whole)  # a fresh object; its lists are shared: read, not change
                seen = event.visible_to  # type: ignore[union-attr]
                hidden = event.private_fields  # type: ignore[union-attr]
            if seen is not None and seat not in seen:
                for name in hidden:
                    data[name] = None
            data["seq"] = seq
            # apart from a win's own `hand` (its tiles)
            data["hand_number"] = numbers[bisect_right(starts, pos) - 1]
            out.append(data)
        return out, len(positions)


def _changes(last: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``now`` that differ from ``last`` (updated in place)."""
    changed = {}
    for key, value in now.items():
        if last.get(key, _MISSING) != value:
            changed[key] = value
            last[key] = value
    return changed
