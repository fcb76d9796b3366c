"""The layout of an encoding: for one family of rulesets (the families of the action
layouts), which blocks the flat ``float32`` array holds and where (:class:`Layout`),
versioned. :class:`~.encoding.Encoder` encodes a view on it and
:class:`~.live.LiveEncoder` a game. ``docs/envs.md`` lists the blocks with their offsets.

The array is ``planes`` (a ``(C, K)`` block, ``K`` the family's tile kinds, flattened)
followed by ``vector`` (scalar features). Seats are relative to the viewer: 0 the viewer,
1 the next seat in turn (its right), and so on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.game import Game
from ..engine.protocol import Ruleset
from ..tiles.tile import format_tile

ENCODER_VERSION = 2  # 2: ``seen`` counts closed kongs; the oracle adds the wall in order

#: The prompt kinds, in their one-hot order ("none": no prompt).
PROMPT_KINDS = ("none", "turn", "claim", "rob", "exchange", "void", "dealer", "kokan", "vote")

#: Discards kept per seat in order (older ones only in the river counts).
RIVER_LENGTH = {"suzume": 16, "riichi4": 24, "riichi3": 24, "riichi-house": 24}
RIVER_DEFAULT = 32


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


class Layout:
    """Where each feature of one family's encoding lies (``name``: the action layout's
    name): the blocks, their offsets and sizes, and the tile kinds."""

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
        #: (tile texts, per tile id: kind index, copy flag): tile_kinds' last answer
        self._kinds_for: tuple[list[str], list[int], list[int]] | None = None
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
        self._place()

    def _place(self) -> None:
        """Each block's place: its first plane, its first vector cell, its first cell."""
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
        #: every block's first cell in the flat array, by name (planes and vector alike)
        self.offset: dict[str, int] = {
            **{name: plane * self.kinds for name, plane in self._plane_at.items()},
            **self._vec_at,
        }

    def blocks(self) -> list[Block]:
        """Every block: planes first (each ``(n, K)``), then the vector's parts."""
        out = []
        for name, n, meaning in self._planes:
            at = self._plane_at[name] * self.kinds
            out.append(Block(name, at, (n, self.kinds), meaning))
        for name, n, meaning in self._vector:
            out.append(Block(name, self._vec_at[name], (n,), meaning))
        return out

    def tile_kinds(self, game: Game) -> tuple[list[int], list[int]]:
        """Per tile id of ``game``'s set: its kind index, and 1 if it is a copy that is
        not the plain face (red, special), 0 if not."""
        text = game.tile_text
        got = self._kinds_for
        if got is None or got[0] is not text:
            got = (text, [self.tile[t][0] for t in text], [self.tile[t][1] for t in text])
            self._kinds_for = got
        return got[1], got[2]

    def split(self, encoded: Any) -> tuple[Any, Any]:
        """(planes ``(C, K)``, vector) of an encoding."""
        n = self.channels * self.kinds
        return encoded[:n].reshape(self.channels, self.kinds), encoded[n : self.size]
