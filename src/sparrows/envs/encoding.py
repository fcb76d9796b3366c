"""Feature encoders: a seat's view as one flat ``float32`` array, one encoder per family
of rulesets (the families of the action layouts), versioned.

An encoding is made from :class:`sparrows.client.View` alone (what the seat may know), so
a tile the seat cannot see cannot change it; :meth:`Encoder.oracle` adds every seat's
concealed hand for teacher models. ``docs/envs.md`` lists the blocks with their offsets;
:meth:`Encoder.blocks` gives them in code.

The array is ``planes`` (a ``(C, K)`` block, ``K`` the family's tile kinds, flattened)
followed by ``vector`` (scalar features). Seats are relative to the viewer: 0 the viewer,
1 the next seat in turn (its right), and so on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..client import View
from ..engine.game import Game
from ..engine.protocol import Ruleset
from ..tiles.notation import format_tile

__all__ = ["ENCODER_VERSION", "PROMPT_KINDS", "Block", "Encoder", "encoder_for"]

#: The version of every family's encoding (a change to any block raises it).
ENCODER_VERSION = 1

#: The prompt kinds, in their one-hot order ("none": no prompt).
PROMPT_KINDS = ("none", "turn", "claim", "rob", "exchange", "void", "dealer", "kokan", "vote")

#: Discards kept per seat in order (older ones only in the river counts).
RIVER_LENGTH = {"suzume": 16, "riichi4": 24, "riichi3": 24, "riichi-house": 24}
RIVER_DEFAULT = 32

_SUITS = "mps"


@dataclass(frozen=True)
class Block:
    """A named part of the encoding: ``offset`` into the flat array, ``shape``."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class Encoder:
    """The encoder of one family (``name``: the action layout's name)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.name = ruleset.layout.name
        self.version = ENCODER_VERSION
        self.players = ruleset.num_players
        faces = sorted(set(ruleset.tileset.tiles))
        kinds = sorted({t.kind for t in faces})
        self.kinds = len(kinds)
        index = {k: i for i, k in enumerate(kinds)}
        plain: dict[int, str] = {}
        for k in kinds:
            plain[k] = ruleset.kind_text(k)
        #: tile text -> (kind index, 1 if a copy that is not the plain face: red, special)
        self.tile: dict[str, tuple[int, int]] = {}
        for face in faces:
            text = format_tile(face, ruleset.dialect)
            self.tile[text] = (index[face.kind], int(text != plain[face.kind]))
        self.river = RIVER_LENGTH.get(self.name, RIVER_DEFAULT)
        start = Game(ruleset, 0, record=False).scores[0]
        #: points are divided by this (the starting score, or 100 where play starts at 0)
        self.scale = float(start) if start > 0 else 100.0
        self.hand_size = ruleset.hand_size
        self.wall = len(ruleset.tileset.tiles)
        p, r = self.players, self.river
        self._planes = [
            ("hand", 4, "own concealed tiles: count >= 1, >= 2, >= 3, >= 4 (drawn tile included)"),
            (
                "copies",
                1,
                "own concealed red or special copies (count; Suzume's red, the house tiles)",
            ),
            ("drawn", 1, "the tile just drawn"),
            ("subject", 1, "the tile the prompt offers (a discard, a kong's tile)"),
            ("indicators", 1, "dora indicators face up (Suzume: the dora itself), count"),
            ("seen", 1, "copies of each kind the seat can see anywhere, / 4"),
            ("melds", p, "per seat: tiles in its melds (count)"),
            ("called", p, "per seat: the tiles it took from others (count)"),
            ("closed_kongs", p, "per seat: tiles of its concealed kongs (count)"),
            ("river_counts", p, "per seat: its discards (count)"),
            ("bonus", p, "per seat: bonus tiles set aside (flowers, seasons, North)"),
            ("river_order", p * r, f"per seat, its discards in order (the first {r}): one-hot"),
        ]
        self.channels = sum(n for _, n, _ in self._planes)
        self._vector = [
            (
                "river_flags",
                p * r * 4,
                "per seat and river position: tsumogiri, riichi, called, dead",
            ),
            ("points", p, "per seat: points / the starting score (100 where it is 0)"),
            ("chips", p, "per seat: chips / 10 (0 where none are played)"),
            ("concealed", p, "per seat: concealed tiles / hand size"),
            ("won", p, "per seat: has won (out of the hand)"),
            ("dealer", p, "per seat: is the dealer"),
            ("seat_wind", 4, "own seat wind, one-hot"),
            ("round_wind", 4, "round wind, one-hot"),
            ("counters", 4, "honba / 10, riichi sticks / 10, hand number / 16, turn is own"),
            ("wall", 2, "live wall left / tiles in the set, dead wall / tiles in the set"),
            ("riichi", p * 2, "per seat: in riichi, open riichi"),
            ("furiten", 1, "own furiten (riichi)"),
            ("void", p * 3, "per seat: its void suit (m, p, s) once chosen (Sichuan)"),
            ("prompt", len(PROMPT_KINDS), "the prompt's kind, one-hot (none: no prompt)"),
            ("offered_by", p, "the seat that offered the prompt's tile, one-hot"),
        ]
        self.vector_size = sum(n for _, n, _ in self._vector)
        self.size = self.channels * self.kinds + self.vector_size
        self._plane_at = {}
        at = 0
        for name, n, _ in self._planes:
            self._plane_at[name] = at
            at += n
        self._vec_at = {}
        at = self.channels * self.kinds
        for name, n, _ in self._vector:
            self._vec_at[name] = at
            at += n

    def blocks(self) -> list[Block]:
        """Every block: planes first (each ``(n, K)``), then the vector's parts."""
        out = []
        for name, n, meaning in self._planes:
            at = self._plane_at[name] * self.kinds
            out.append(Block(name, at, (n, self.kinds), meaning))
        for name, n, meaning in self._vector:
            out.append(Block(name, self._vec_at[name], (n,), meaning))
        return out

    # ------------------------------------------------------------------ encoding
    def encode(self, view: View, out: Any = None) -> Any:
        """``view`` (a seat's) as a flat float32 array of :attr:`size`."""
        if view.viewer is None:
            raise ValueError("an encoding is a seat's: the view is a spectator's")
        a = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            a[:] = 0
        planes = a[: self.channels * self.kinds].reshape(self.channels, self.kinds)
        p = self.players
        me = view.viewer
        rel = [(s - me) % p for s in range(p)]
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
                    if m.type == "closed_kan":
                        planes[at["closed_kongs"] + r, k] += 1
                    else:
                        seen[k] += 1
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
        return a

    def oracle(self, game: Game, seat: int) -> Any:
        """The seat's encoding followed by every seat's concealed tiles (relative seats,
        ``(P, K)`` counts): what a teacher model may see."""
        base = self.encode(game.view(seat))
        extra = np.zeros((self.players, self.kinds), dtype=np.float32)
        for s in range(self.players):
            own = game.view(s)
            for t in (*(own.hand or ()),):
                extra[(s - seat) % self.players, self.tile[t][0]] += 1
        return np.concatenate([base, extra.reshape(-1)])

    @property
    def oracle_size(self) -> int:
        return self.size + self.players * self.kinds

    def split(self, encoded: Any) -> tuple[Any, Any]:
        """(planes ``(C, K)``, vector) of an encoding."""
        n = self.channels * self.kinds
        return encoded[:n].reshape(self.channels, self.kinds), encoded[n : self.size]


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
