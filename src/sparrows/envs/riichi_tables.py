"""What riichi's array tables (:mod:`.riichi_arrays`) look up and never change: each
face's kind and red copy, the action index of every discard, call, kan, riichi and win in
the family's layout (through the engine's own action objects, :func:`sparrows.rules.calls.
action`), the chi and pon a discard allows by the faces held, the noten payments (the
ruleset's :func:`~sparrows.rules.riichi.settlement.noten_moves`), the claim window's turn
order and the observation's offsets."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from ..engine.actions import Action, ActionType
from ..engine.game import Game
from ..rules import calls
from ..rules.riichi.settlement import noten_moves
from ..tiles.kinds import HONOR, TERMINALS_AND_HONORS, WINDS
from .layout import PROMPT_KINDS
from .turn_order import ClaimOrder

__all__ = ["RiichiTables"]

A: Final = ActionType
PLAYERS: Final = 4
KINDS: Final = 34
TILES: Final = 136
DEALT: Final = 52  # 13 each
LIVE: Final = TILES - 14  # the live wall: dealt tiles and draws
INDICATOR: Final = TILES - 10  # the first dora indicator (the dead wall's fifth tile)
URA: Final = TILES - 5  # the first ura indicator (under the first dora indicator)
DISCARDS: Final = 96  # more discards than a hand can have (draws and calls)
DECISIONS: Final = 512  # more decisions than a hand can have
OFFERS: Final = 17  # per seat: up to 3 pon, 1 kan, 12 chi, ron
RON_AT: Final = 16  # (the offers' column of the ron)
#: terminal and honour kinds; wind kinds
TH: Final = np.zeros(KINDS, dtype=bool)
TH[list(TERMINALS_AND_HONORS)] = True
WIND: Final = np.zeros(KINDS, dtype=bool)
WIND[list(WINDS)] = True
# the three runs a discard of kind k may complete, as the other two kinds' offsets
SHAPES: Final = ((-2, -1), (-1, 1), (1, 2))
_P: Final = PLAYERS
_K: Final = KINDS


class RiichiTables:
    """The lookups of one riichi ruleset's array tables (attributes, read by
    :class:`~.riichi_arrays.RiichiArrays`)."""

    def __init__(self, rules: Any, encoder: Any, layout: Any) -> None:
        self.rules, self.encoder, self.layout = rules, encoder, layout
        self.action_size = layout.size
        self._faces_and_actions(rules)
        self._call_tables()
        self._rule_tables(rules)

    def _faces_and_actions(self, rules: Any) -> None:
        """The tiles' faces and kinds, and the action indices of discards, riichi, wins
        and the kinds of call."""
        layout = self.layout
        index = {a.code: i for i, a in enumerate(layout.actions)}
        self._index = index
        tiles = rules.tileset.tiles
        face_of_id = [index[Action(A.DISCARD, t).code] for t in tiles]
        faces = self._faces = max(face_of_id) + 1  # the discard actions come first
        rep = [face_of_id.index(f) for f in range(faces)]
        self._face_tile = [tiles[t] for t in rep]
        self._face_of_id = np.array(face_of_id, dtype=np.int64)
        kind_of, copy_of = self.encoder.tile_kinds(Game(rules, 0, record=False))
        self._kind = np.array([kind_of[t] for t in rep] + [0], dtype=np.int64)  # (+ "none")
        self._red = np.array([copy_of[t] for t in rep] + [0], dtype=np.int64)
        # per kind: its plain face and its red face (``faces``: a column always 0)
        self._plain = np.full(_K, faces, dtype=np.int64)
        self._redf = np.full(_K, faces, dtype=np.int64)
        for f in range(faces):
            (self._redf if self._red[f] else self._plain)[self._kind[f]] = f
        self._pass = index[Action(A.PASS).code]
        self._abort = index[Action(A.ABORT).code]
        self._ron = index[Action(A.RON).code]
        self._tsumo = index[Action(A.TSUMO).code]
        self._riichi_at = np.array(
            [index[Action(A.RIICHI, self._face_tile[f]).code] for f in range(faces)]
            + [self.action_size],
            dtype=np.int64,
        )
        self._ends_hand = np.zeros(self.action_size + 1, dtype=bool)  # (wins, the abort)
        for i in (self._ron, self._tsumo, self._abort):
            self._ends_hand[i] = True
        # per action index: the face a riichi declaration discards (-1: not one)
        self._riichi_face = np.full(self.action_size + 1, -1, dtype=np.int64)
        self._riichi_face[self._riichi_at[:faces]] = np.arange(faces)
        self._no = self.action_size  # "no action": a cell past the mask's row (dropped)
        # per action index: its kind (1 chi, 2 pon, 3 open kan, 0 other) and the two
        # faces a chi or pon takes from the hand
        face_of_tile = {self._face_tile[f]: f for f in range(faces)}
        self._act_kind = np.zeros(self.action_size + 1, dtype=np.int64)
        self._used = np.zeros((self.action_size + 1, 2), dtype=np.int64)
        self._act_face = np.zeros(self.action_size + 1, dtype=np.int64)  # (a kan's tile)
        kinds_of = {A.CHI: 1, A.PON: 2, A.KAN: 3, A.ANKAN: 4, A.KAKAN: 5}
        for i, action in enumerate(layout.actions):
            got = kinds_of.get(action.type, 0)
            self._act_kind[i] = got
            if got in (1, 2):
                self._used[i] = [face_of_tile[t] for t in action.tiles]
            elif got:
                self._act_face[i] = face_of_tile[action.tiles[0]]

    def _at(self, kind: ActionType, faces: tuple[int, ...]) -> int:
        """The layout index of the action ``kind`` on ``faces`` (the no-action cell where
        the layout has none)."""
        act = calls.action(kind, tuple(self._face_tile[int(f)] for f in faces))
        return int(self._index.get(act.code, self._no))

    def _held_faces(self, k: int, red: int, total: int) -> list[int]:
        """The faces of ``total`` tiles of kind ``k``, ``red`` of them red, sorted as the
        engine sorts them."""
        got = [int(self._redf[k])] * red + [int(self._plain[k])] * (total - red)
        return sorted(got, key=lambda f: self._face_tile[f])

    def _call_tables(self) -> None:
        """Every pon, kan and chi a hand may make, by the faces it holds."""
        faces = self._faces
        # pon: [kind, plain+plain | plain+red | red+red]; open kan: [kind, reds held]
        self._pon_at = np.full((_K, 3), self._no, dtype=np.int64)
        self._kan_at = np.full((_K, 2), self._no, dtype=np.int64)
        self._ankan_at = np.full((_K, 2), self._no, dtype=np.int64)
        self._kakan_at = np.full((_K, 2), self._no, dtype=np.int64)  # [kind, the face red]
        for k in range(_K):
            has_red = self._redf[k] < faces
            for v, red in enumerate((0, 1, 2)):
                if red <= (2 if has_red else 0):
                    pair = self._held_faces(k, red, 2)
                    self._pon_at[k, v] = self._at(A.PON, tuple(pair))
            for red in (0, 1) if has_red else (0,):
                self._kan_at[k, red] = self._at(A.KAN, tuple(self._held_faces(k, red, 3)))
                self._ankan_at[k, red] = self._at(A.ANKAN, (self._held_faces(k, red, 4)[0],))
                self._kakan_at[k, red] = self._at(
                    A.KAKAN, (int((self._redf if red else self._plain)[k]),)
                )
        # in riichi, a closed kan is named by the face drawn (the engine's offer)
        self._ankan_of_drawn = np.array(
            [self._at(A.ANKAN, (f,)) for f in range(faces)] + [self._no], dtype=np.int64
        )
        # chi: [kind, shape, the lower kind's face red, the higher's]
        self._chi_at = np.full((_K, 3, 2, 2), self._no, dtype=np.int64)
        self._chi_kinds = np.zeros((_K, 3, 2), dtype=np.int64)
        self._chi_ok = np.zeros((_K, 3), dtype=bool)
        #: the kind a chi of each shape bans besides the called one (kuikae: the run's
        #: other end; ``_K``, none) and each kind's plain and red face
        self._chi_end = np.full((_K, 3), _K, dtype=np.int64)
        self._face_pair = np.stack([self._plain, self._redf], axis=1)
        for k in range(HONOR):
            for s, (da, db) in enumerate(SHAPES):
                a, b = k + da, k + db
                if a < 0 or b >= HONOR or a // 9 != k // 9 or b // 9 != k // 9:
                    continue
                self._chi_ok[k, s] = True
                self._chi_kinds[k, s] = (a, b)
                end = k + 3 if s == 2 else k - 3 if s == 0 else -1  # (kuikae's other end)
                if 0 <= end < HONOR and end // 9 == k // 9:
                    self._chi_end[k, s] = end
                for ra in (0, 1):
                    for rb in (0, 1):
                        fa = (self._redf if ra else self._plain)[a]
                        fb = (self._redf if rb else self._plain)[b]
                        if fa < faces and fb < faces:
                            self._chi_at[k, s, ra, rb] = self._at(A.CHI, (int(fa), int(fb)))

    def _rule_tables(self, rules: Any) -> None:
        """The noten payments, the claim window's order, the observation's offsets."""
        # the exhaustive draw's payments, per set of ready seats (bit s: seat s)
        self._noten = np.zeros((1 << _P, _P), dtype=np.int64)
        for bits in range(1 << _P):
            ready = [s for s in range(_P) if bits >> s & 1]
            for payer, to, part in noten_moves(ready, _P, rules.options.noten_penalty):
                self._noten[bits, payer] -= part
                self._noten[bits, to] += part
        claims = ClaimOrder(_P)  # (the seats asked in a claim window, in turn)
        self._seat_order, self._bit, self._first_asked = claims.others, claims.bit, claims.first
        off = self._off = self.encoder.offset
        self._prompt_turn = off["prompt"] + PROMPT_KINDS.index("turn")
        self._prompt_claim = off["prompt"] + PROMPT_KINDS.index("claim")
        self._prompt_rob = off["prompt"] + PROMPT_KINDS.index("rob")
        self._scale = float(self.encoder.scale)
        self._stick = int(rules.options.riichi_stick)
        self._riichi_min = int(rules.options.riichi_min_points)
        self._start_points = int(rules.options.start_points)
