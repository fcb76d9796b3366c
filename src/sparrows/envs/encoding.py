"""Feature encoders: a seat's view as one flat ``float32`` array, one encoder per family
of rulesets (the families of the action layouts), versioned.

An encoding is made from :class:`sparrows.client.View` alone (what the seat may know), so
a tile the seat cannot see cannot change it: :meth:`Encoder.encode` is that definition,
for any client that holds a view. The environments take the fast path,
:class:`~.live.LiveEncoder` (:meth:`Encoder.live`; :meth:`Encoder.encode_game` for one
call), which reads the same fields from the game itself, keeps each seat's array between
calls and writes only what changed; it gives the same arrays (tested at every decision of
every ruleset). The blocks and their offsets: :class:`~.layout.Layout`.
:meth:`Encoder.oracle` adds every seat's concealed hand and the wall in order for teacher
models.
``docs/envs.md`` lists the blocks with their offsets; :meth:`Encoder.blocks` gives them in
code.

The array is ``planes`` (a ``(C, K)`` block, ``K`` the family's tile kinds, flattened)
followed by ``vector`` (scalar features). Seats are relative to the viewer: 0 the viewer,
1 the next seat in turn (its right), and so on.
"""

from __future__ import annotations

import json
from typing import Any, Final

import numpy as np

from ..client import View
from ..engine.game import Game
from ..engine.protocol import Ruleset
from .layout import ENCODER_VERSION, PROMPT_KINDS, Block, Layout
from .live import LiveEncoder

__all__ = ["ENCODER_VERSION", "PROMPT_KINDS", "Block", "Encoder", "encoder_for"]

_SUITS: Final = "mps"


class Encoder(Layout):
    """The encoder of one family: a seat's view (or game) as a flat array on the family's
    :class:`~.layout.Layout`."""

    def encode(self, view: View, out: Any = None) -> Any:
        """``view`` (a seat's) as a flat float32 array of :attr:`size`."""
        if view.viewer is None:
            raise ValueError("an encoding is a seat's: the view is a spectator's")
        a = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            a[:] = 0
        me = view.viewer
        rel = [(s - me) % self.players for s in range(self.players)]
        self._tiles_of(view, me, rel, a)
        self._scalars_of(view, me, rel, a)
        return a

    def _tiles_of(self, view: View, me: int, rel: list[int], a: Any) -> None:
        """The planes (every tile the view shows) and the rivers' flags."""
        planes = a[: self.channels * self.kinds].reshape(self.channels, self.kinds)
        p = self.players
        tile = self.tile
        at = self._plane_at
        seen = np.zeros(self.kinds, dtype=np.float32)
        hand = list(view.hand or ())
        counts = np.zeros(self.kinds, dtype=np.int64)
        for t in hand:
            k, copy = tile[t]
            counts[k] += 1
            planes[at["copies"], k] += copy
        for level in range(4):
            planes[at["hand"] + level] = counts > level
        seen += counts
        if view.drawn is not None:
            planes[at["drawn"], tile[view.drawn][0]] = 1
        prompt = view.prompt
        if prompt is not None and prompt.subject is not None:
            planes[at["subject"], tile[prompt.subject][0]] = 1
        for t in view.indicators:
            k = tile[t][0]
            planes[at["indicators"], k] += 1
            seen[k] += 1
        r_len = self.river
        flags = a[self._vec_at["river_flags"] :].reshape(-1)[: p * r_len * 4].reshape(p, r_len, 4)
        for seat in view.seats:
            r = rel[seat.seat]
            for m in seat.melds:
                for t in m.tiles:
                    k = tile[t][0]
                    planes[at["melds"] + r, k] += 1
                    seen[k] += 1  # a closed kong is shown too (the viewer's own and others')
                    if m.type == "closed_kan":
                        planes[at["closed_kongs"] + r, k] += 1
                if m.called is not None and m.from_seat is not None:
                    planes[at["called"] + r, tile[m.called][0]] += 1
            for i, d in enumerate(seat.river):
                k = tile[d.tile][0]
                planes[at["river_counts"] + r, k] += 1
                if not d.called:
                    seen[k] += 1
                if i < r_len:
                    planes[at["river_order"] + r * r_len + i, k] = 1
                    flags[r, i] = (d.tsumogiri, d.riichi, d.called, d.dead)
            for t in seat.bonus:
                k = tile[t][0]
                planes[at["bonus"] + r, k] += 1
                seen[k] += 1
            if seat.hand is not None and seat.seat != me:  # shown (an open riichi)
                for t in seat.hand:
                    seen[tile[t][0]] += 1
        planes[at["seen"]] = np.minimum(seen, 4) / 4

    def _scalars_of(self, view: View, me: int, rel: list[int], a: Any) -> None:
        """The vector's scalars: points, counters, the wall, the ruleset's facts, the
        prompt."""
        p = self.players
        prompt = view.prompt
        v = self._vec_at
        for seat in view.seats:
            r = rel[seat.seat]
            a[v["points"] + r] = seat.points / self.scale
            a[v["chips"] + r] = seat.accounts.get("chips", 0) / 10
            a[v["concealed"] + r] = seat.concealed / self.hand_size
            a[v["won"] + r] = seat.status == "won"
        a[v["dealer"] + rel[view.dealer]] = 1
        wind = view.seats[me].wind
        if wind is not None:
            a[v["seat_wind"] + wind] = 1
        a[v["round_wind"] + view.round_wind % 4] = 1
        a[v["counters"] : v["counters"] + 4] = (
            view.honba / 10,
            view.sticks / 10,
            view.hand_number / 16,
            view.turn == me,
        )
        a[v["wall"]] = view.wall_left / self.wall
        a[v["wall"] + 1] = view.dead_wall / self.wall
        extra = view.extra
        kind = getattr(extra, "kind", None)
        if kind == "riichi":
            for s in range(p):
                a[v["riichi"] + 2 * rel[s]] = extra.riichi[s] > 0  # type: ignore[union-attr]
                a[v["riichi"] + 2 * rel[s] + 1] = extra.open_riichi[s]  # type: ignore[union-attr]
            a[v["furiten"]] = bool(extra.furiten)  # type: ignore[union-attr]
        elif kind == "sichuan":
            for s, suit in enumerate(extra.void):  # type: ignore[union-attr]
                if suit is not None:
                    a[v["void"] + 3 * rel[s] + _SUITS.index(suit)] = 1
        a[v["prompt"] + PROMPT_KINDS.index(prompt.kind if prompt is not None else "none")] = 1
        if prompt is not None and prompt.offered_by is not None:
            a[v["offered_by"] + rel[prompt.offered_by]] = 1

    def encode_game(self, game: Game, seat: object, out: Any = None) -> Any:
        """The same array as ``encode(game.view(seat))``, read from the game's state
        directly (what the view holds, nothing more), without building the view. Each call
        starts afresh; :meth:`live` keeps a game's encodings up to date between calls,
        which is faster still."""
        return LiveEncoder(self).encode(game, seat, out)

    def live(self) -> LiveEncoder:
        """A :class:`LiveEncoder`: a table's encodings kept from call to call."""
        return LiveEncoder(self)

    def oracle(self, game: Game, seat: int) -> Any:
        """What a teacher model may see (Suphx's oracle): the seat's encoding, then every
        seat's concealed tiles (relative seats, ``(P, K)`` counts), then the wall in the
        order its tiles will come (``(T, K)`` one-hot, ``T`` the tiles of the set: the
        live wall's draws to come, then the dead wall's replacement tiles, the indicators
        still face down and the hidden ones (ura) in order, then the reserve; rows after
        the last tile 0), then those five parts' sizes ``/ T`` (where each part starts)."""
        base = self.encode_game(game, seat)
        extra = np.zeros((self.players, self.kinds), dtype=np.float32)
        kind, _ = self.tile_kinds(game)
        for s in range(self.players):
            row = extra[(s - seat) % self.players]
            for t in game.hands[s]:
                row[kind[t]] += 1
        wall = game.wall
        parts = (
            wall.live[::-1],  # kept reversed: the next draw is live[-1]
            wall.replacements,
            wall.indicators,
            wall.hidden,
            wall.reserve,
        )
        total = self.wall
        rows = np.zeros((total, self.kinds), dtype=np.float32)
        i = 0
        for part in parts:
            for t in part:
                if i < total:
                    rows[i, kind[t]] = 1
                i += 1
        sizes = np.array([len(part) / total for part in parts], dtype=np.float32)
        return np.concatenate([base, extra.reshape(-1), rows.reshape(-1), sizes])

    @property
    def oracle_size(self) -> int:
        return self.size + self.players * self.kinds + self.wall * self.kinds + 5


_ENCODERS: dict[str, Encoder] = {}


def encoder_for(ruleset: Ruleset) -> Encoder:
    """The encoder of ``ruleset``'s family, made once per ruleset and options (the family
    fixes the blocks; the options may change the starting score it divides points by)."""
    key = json.dumps([ruleset.name, ruleset.options_dict()], sort_keys=True, default=str)
    found = _ENCODERS.get(key)
    if found is None:
        found = _ENCODERS[key] = Encoder(ruleset)
    return found


def describe(encoder: Encoder) -> list[str]:
    """The blocks as table rows (docs/envs.md)."""
    return [
        f"| `{b.name}` | {b.offset} | {' x '.join(map(str, b.shape))} | {b.meaning} |"
        for b in encoder.blocks()
    ]
