"""A client's copy of one viewer's view, kept up to date from the event stream alone.

``SeatState(viewer)`` is fed the events ``game.events_since(viewer, cursor)`` returns (or
a server sends), in order; ``state.view()`` is then exactly ``game.view(viewer)`` (or
``game.public_view()`` for a spectator). It imports nothing from the engine: a client
written in another language does the same with the rules in ``docs/protocol.md``.

The table (hands, melds, rivers, bonus tiles, balances, indicators, dealer, round) comes
from the game's events; what the engine derives (whose turn, wall counts, seat winds,
counters, the ruleset's facts, the viewer's prompt and drawn tile) from ``update`` events.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .data import DataError, from_json
from .extras import EXTRA_KINDS, private_fields
from .tiles import sort_tiles, tile_key
from .view import SCHEMA_VERSION, LastDiscard, MeldView, Prompt, RiverTile, SeatView, View


class StreamError(ValueError):
    """An event that does not fit the state (out of order, or for another game)."""


class SeatState:
    """One viewer's state (``viewer``: a seat, or None for a spectator)."""

    def __init__(self, viewer: int | None = None) -> None:
        self.viewer = viewer
        self.cursor = 0  # the next seq expected
        self.ruleset = ""
        self.players = 0
        self.accounts: dict[str, list[int]] = {}
        self.pots: dict[str, int] = {}
        self.hand_number = 0
        self.dealer = 0
        self.round_wind = 0
        self.indicators: list[str] = []
        self.hand: list[str] = []
        self.melds: list[list[dict[str, Any]]] = []
        self.rivers: list[list[dict[str, Any]]] = []
        self.bonus: list[list[str]] = []
        self.status: list[str] = []
        self.public: dict[str, Any] = {}
        self.private: dict[str, Any] = {}

    # ------------------------------------------------------------------ feeding
    def feed(self, events: Iterable[dict[str, Any]]) -> None:
        for event in events:
            self.apply(event)

    def apply(self, event: dict[str, Any]) -> None:
        """One event of the stream (with its ``seq``, which must be the next)."""
        seq = event.get("seq")
        if seq is not None:
            if seq != self.cursor:
                raise StreamError(f"event seq {seq} arrived, {self.cursor} was expected")
            self.cursor += 1
        kind = event.get("type")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(event)

    def _mine(self, seat: int) -> bool:
        return self.viewer is not None and seat == self.viewer

    def _on_game_start(self, e: dict[str, Any]) -> None:
        self.ruleset = e["ruleset"]
        accounts = e.get("accounts") or {"points": e["scores"]}
        self.accounts = {k: list(v) for k, v in accounts.items()}
        self.players = len(e["scores"])
        self.pots = {k: 0 for k in self.accounts}
        self._reset_table()

    def _reset_table(self) -> None:
        n = self.players
        self.hand = []
        self.melds = [[] for _ in range(n)]
        self.rivers = [[] for _ in range(n)]
        self.bonus = [[] for _ in range(n)]
        self.status = ["playing"] * n
        self.indicators = []

    def _on_hand_start(self, e: dict[str, Any]) -> None:
        self.hand_number = e["hand"]
        self.dealer = e["dealer"]
        self.round_wind = e["round_wind"]
        self._reset_table()  # the indicators turned at the deal follow as their own events

    def _on_deal(self, e: dict[str, Any]) -> None:
        if self._mine(e["seat"]):
            self.hand += e["tiles"]

    def _on_draw(self, e: dict[str, Any]) -> None:
        if self._mine(e["seat"]):
            self.hand.append(e["tile"])

    def _on_discard(self, e: dict[str, Any]) -> None:
        seat = e["seat"]
        self.rivers[seat].append(
            {
                "tile": e["tile"],
                "tsumogiri": e["tsumogiri"],
                "riichi": e.get("riichi", False),
                "called": False,
                "dead": e.get("dead", False),
            }
        )
        if self._mine(seat):
            self.hand.remove(e["tile"])

    def _on_call(self, e: dict[str, Any]) -> None:
        seat, meld, tiles, called = e["seat"], e["meld"], e["tiles"], e["called"]
        if meld == "added_kan":
            melds = self.melds[seat]
            for i, m in enumerate(melds):
                if m["type"] == "pon" and _within(m["tiles"], tiles):
                    melds[i] = {
                        "type": meld,
                        "tiles": list(tiles),
                        "called": called,
                        "from_seat": m["from_seat"],
                        "pon_called": m["called"],
                    }
                    break
            else:
                raise StreamError(f"seat {seat} adds {called} to a pon it does not have")
            if self._mine(seat):
                self.hand.remove(called)
            return
        if e["from_seat"] is not None and called is not None:
            river = self.rivers[e["from_seat"]]
            if not river or river[-1]["tile"] != called:
                raise StreamError(f"{called} is not the last discard of seat {e['from_seat']}")
            river[-1]["called"] = True
        self.melds[seat].append(
            {"type": meld, "tiles": list(tiles), "called": called, "from_seat": e["from_seat"]}
        )
        if self._mine(seat):
            taken = list(tiles)
            if called is not None and e["from_seat"] is not None:
                taken.remove(called)
            for t in taken:
                self.hand.remove(t)

    def _on_robbed(self, e: dict[str, Any]) -> None:
        seat, tile, robber, what = e["seat"], e["tile"], e["robber"], e["meld"]
        if what == "bonus":
            self.bonus[seat].remove(tile)
        else:
            melds = self.melds[seat]
            found = [i for i, m in enumerate(melds) if m["type"] == what and tile in m["tiles"]]
            if not found:
                raise StreamError(f"seat {seat} has no {what} holding {tile}")
            i = found[0]
            m = melds[i]
            if what == "added_kan":
                tiles = list(m["tiles"])
                tiles.remove(tile)
                melds[i] = {
                    "type": "pon",
                    "tiles": tiles,
                    "called": m.get("pon_called"),
                    "from_seat": m["from_seat"],
                }
            else:  # a concealed kan: its other tiles go back to the hand
                del melds[i]
                if self._mine(seat):
                    rest = list(m["tiles"])
                    rest.remove(tile)
                    self.hand += rest
        if self._mine(robber):
            self.hand.append(tile)

    def _on_bonus(self, e: dict[str, Any]) -> None:
        seat = e["seat"]
        self.bonus[seat].append(e["tile"])
        if self._mine(seat):
            self.hand.remove(e["tile"])

    def _on_indicator(self, e: dict[str, Any]) -> None:
        self.indicators.append(e["tile"])

    def _on_transfer(self, e: dict[str, Any]) -> None:
        account, src, dst, amount = e["account"], e["src"], e["dst"], e["amount"]
        balances = self.accounts[account]
        if src < 0:
            self.pots[account] -= amount
        else:
            balances[src] -= amount
        if dst < 0:
            self.pots[account] += amount
        else:
            balances[dst] += amount

    def _on_status(self, e: dict[str, Any]) -> None:
        self.status[e["seat"]] = e["status"]

    def _on_exchange(self, e: dict[str, Any]) -> None:
        tiles = e["tiles"]
        if self._mine(e["src"]):
            for t in tiles:
                self.hand.remove(t)
        if self._mine(e["dst"]):
            self.hand += tiles

    def _on_update(self, e: dict[str, Any]) -> None:
        target = self.public if e["seat"] is None else self.private
        target.update(e["fields"])

    # ------------------------------------------------------------------ the view
    def view(self) -> View:
        """The viewer's view as the events so far make it."""
        if not self.ruleset:
            raise StreamError("no game_start event yet")
        pub, priv = self.public, self.private
        winds = pub.get("winds")
        shown = {**pub.get("open_hands", {}), **priv.get("peek_hands", {})}
        own = sort_tiles(self.hand) if self.viewer is not None else None
        seats = []
        for s in range(self.players):
            hand = own if self._mine(s) else shown.get(str(s))
            seats.append(
                SeatView(
                    seat=s,
                    wind=None if winds is None else winds[s],
                    status=self.status[s],
                    points=self.accounts["points"][s],
                    accounts={k: v[s] for k, v in self.accounts.items()},
                    concealed=pub["concealed"][s],
                    hand=None if hand is None else tuple(hand),
                    melds=tuple(
                        MeldView(m["type"], tuple(m["tiles"]), m["called"], m["from_seat"])
                        for m in self.melds[s]
                    ),
                    river=tuple(RiverTile(**r) for r in self.rivers[s]),
                    bonus=tuple(self.bonus[s]),
                )
            )
        last = pub.get("last_discard")
        prompt = priv.get("prompt")
        return View(
            schema_version=SCHEMA_VERSION,
            ruleset=self.ruleset,
            layout=pub["layout"],
            viewer=self.viewer,
            players=self.players,
            hand_number=self.hand_number,
            round_wind=self.round_wind,
            dealer=self.dealer,
            round_label=pub["round_label"],
            round_short=pub["round_short"],
            honba=pub["honba"],
            sticks=pub["sticks"],
            turn=pub["turn"],
            wall_left=pub["wall_left"],
            dead_wall=pub["dead_wall"],
            indicators=tuple(self.indicators),
            last_discard=None if last is None else LastDiscard(last["seat"], last["tile"]),
            pots=dict(self.pots),
            seats=tuple(seats),
            hand=own,
            drawn=priv.get("drawn"),
            prompt=None if prompt is None else from_json(Prompt, prompt),
            over=pub["over"],
            extra=self._extra(),
        )

    def _extra(self) -> Any:
        public = self.public.get("extra")
        if public is None:
            return None
        cls = EXTRA_KINDS.get(public.get("kind", ""))
        if cls is None:
            raise DataError(f"unknown extras kind {public.get('kind')!r}")
        data = {name: None for name in private_fields(cls)}
        data.update(public)
        data.update(self.private.get("extra") or {})
        return from_json(cls, data)


def _within(part: list[str], whole: list[str]) -> bool:
    """Whether the tiles ``part`` are among ``whole`` (as a multiset)."""
    rest = list(whole)
    for t in part:
        if t not in rest:
            return False
        rest.remove(t)
    return True


__all__ = ["SeatState", "StreamError", "tile_key"]
