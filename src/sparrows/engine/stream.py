"""The event stream a client follows (``game.events_since(viewer, cursor)``).

The stream is the record's events (a deal, a draw, a discard...: what happens), each
with the number of its hand, plus ``update`` events (:class:`~.events.Update`): after
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

from typing import TYPE_CHECKING, Any

from ..errors import SparrowsError
from . import events as ev

if TYPE_CHECKING:
    from .game import Game

_MISSING: Any = object()
#: Each event's JSON is kept for the most recent events only (the ones every follower
#: asks for in turn); an older one (a follower catching up from far back) is made again.
JSON_KEPT = 256


class Stream:
    """Events in order with their hands, and per viewer (each seat, then a spectator)
    the positions of the events it may see."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.events: list[ev.Event] = []
        self.hands: list[int] = []
        #: each event's JSON, made once when first sent (viewers get copies)
        self._json: list[dict[str, Any] | None] = []
        self.positions: list[list[int]] = [[] for _ in range(players + 1)]
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
        other.hands = list(self.hands)
        other._json = list(self._json)
        other.positions = [list(p) for p in self.positions]
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
        self.events.append(event)
        self.hands.append(hand)
        self._json.append(None)
        if pos >= JSON_KEPT:
            self._json[pos - JSON_KEPT] = None
        if seat is None:
            for p in self.positions:
                p.append(pos)
        else:
            self.positions[seat].append(pos)

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
        events, hands, made = self.events, self.hands, self._json
        for seq in range(cursor, len(positions)):
            pos = positions[seq]
            event = events[pos]
            whole = made[pos]
            if whole is None:
                whole = event.to_json()
                if pos >= len(made) - JSON_KEPT:  # the recent ones, that others will ask for
                    made[pos] = whole
            data = dict(whole)  # a fresh object; its lists are shared: read, do not change
            seen_by = event.visible_to
            if seen_by is not None and seat not in seen_by:
                for name in event.private_fields:
                    data[name] = None
            data["seq"] = seq
            data["hand"] = hands[pos]
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
