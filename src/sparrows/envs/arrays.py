"""Suzume-Jong tables as numpy arrays: :class:`SuzumeArrays`, the fast path of
``batch_env("suzume", n, vectorised=True)``.

``n`` tables, each playing one hand per episode (a new game's first hand), are held as
arrays (walls, hands as counts of each face, rivers, scores, whose decision it is) and
stepped together by a few dozen numpy operations over all of them: no Python object per
table, no loop over tables on the hot path. What the tables play is the one engine's
Suzume (``rules/suzume``), and the rules' facts come from there, not from here:

* the tiles: each id's face and kind, the red copies and the hand keys, from the
  ruleset's tile set (``kind_weight``, ``face_weight``);
* which six tiles make two sets: the ruleset's table of complete hand keys;
* what a hand is worth and whether it may win (the 5-point minimum): the ruleset's one
  scorer (:meth:`SuzumeRuleset.value_at`, memoised), asked in Python only for the few
  hands each step that make two sets;
* the payments: the ruleset's :func:`~sparrows.rules.suzume.ruleset.pay_win` on the
  engine's :class:`~sparrows.engine.ledger.Settlement` (its floor at 0), once a hand is
  won;
* the actions and the observation: the family's action layout and encoder offsets.

What is written here is the turn order (the draw, the discard, the claim window asked of
the seats that can ron, one after another from the discarder's right, the exhaustive
draw) and the observation made from the arrays. ``tests/envs/test_arrays.py`` plays
thousands of random hands against the engine itself, the engine given the same walls,
and requires the same observation, mask, acting seat, rewards and end at every decision.

Each table's walls come from a counter-based hash of (seed, table, hand), so a table's
games depend on the seed and its own hands only. They are not the walls the engine's
``random.Random(seed)`` would deal: the same seed gives other games than the per-table
batch (:attr:`walls` holds each table's current wall, ready for ``Game(walls=...)``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Final

import numpy as np

from ..engine.actions import DISCARD, PASS, RON, TSUMO, Action
from ..engine.game import Game
from ..engine.ledger import Ledger, Settlement
from ..errors import SparrowsError
from ..rules.suzume.ruleset import SuzumeRuleset, pay_win
from .encoding import Encoder
from .layout import PROMPT_KINDS

__all__ = ["SuzumeArrays"]

_PLAYERS: Final = 4
_HAND: Final = 5  # tiles held between turns
_DEALT: Final = _PLAYERS * _HAND  # then the dora indicator
_MASK64: Final = (1 << 64) - 1


def _mix(x: Any) -> Any:
    """splitmix64's finaliser over a uint64 array (wrapping arithmetic)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


_DORA_KINDS: Final = 16  # more than the kinds a dora can be (a key's last digits)
_WINNING: dict[str, Any] = {}  # per ruleset and options: _winning's table


def _winning(
    rules: SuzumeRuleset,
    complete: Any,
    kind_weight: Any,
    face_weight: Any,
    rep: list[int],
    dora_kinds: list[int],
) -> Any:
    """The sorted keys (face key x _DORA_KINDS + the dora's index) of every six tiles of
    two sets that may win with that dora, and their scores (``(keys, 2)``: not the dealer,
    the dealer): the ruleset's scorer asked once for each (about 2,000 sets of faces, each
    with each dora), when the first tables of these rules are made."""
    name = repr((rules.name, sorted(rules.options_dict().items())))
    got = _WINNING.get(name)
    if got is not None:
        return got
    faces = len(rep)
    combos = np.array(list(combinations_with_replacement(range(faces), 6)), dtype=np.int64)
    keys = kind_weight[combos].sum(axis=1)
    at = np.minimum(np.searchsorted(complete, keys), len(complete) - 1)
    combos = combos[complete[at] == keys]
    copies = np.zeros(faces, dtype=np.int64)  # copies of each face in the set
    for face in rules_faces(rules, rep):
        copies[face] += 1
    held = np.zeros((len(combos), faces), dtype=np.int64)
    np.add.at(held, (np.arange(len(combos))[:, None], combos), 1)
    combos = combos[(held <= copies).all(axis=1)]
    out = []
    for combo in combos.tolist():
        ids = [rep[f] for f in combo]
        face_key = int(face_weight[combo].sum())
        for i, dora in enumerate(dora_kinds):
            score = rules.value_at(face_key, ids, dora, False)
            if score.valid:  # (counted before the dealer's bonus: the same for the dealer)
                dealer = rules.value_at(face_key, ids, dora, True).total
                out.append((face_key * _DORA_KINDS + i, score.total, dealer))
    out.sort()
    keys = np.array([row[0] for row in out], dtype=np.int64)
    totals = np.array([row[1:] for row in out], dtype=np.int64)
    got = _WINNING[name] = (keys, totals)
    return got


def rules_faces(rules: SuzumeRuleset, rep: list[int]) -> list[int]:
    """Each tile id's face index (of ``rep``'s faces): by the faces' codes."""
    code = [rules.tileset.tiles[t].code for t in rep]
    return [code.index(t.code) for t in rules.tileset.tiles]


class SuzumeArrays:
    """``n`` Suzume tables as arrays; see the module's documentation. Every table's acting
    seat has an observation row and a mask row; :meth:`step` plays one action per table."""

    def __init__(
        self, rules: SuzumeRuleset, encoder: Encoder, n: int, seed: int, illegal_reward: float
    ) -> None:
        if rules.num_players != _PLAYERS or rules.options.allow_misdeclared_wins:
            raise SparrowsError("the array tables play four-player Suzume without misdeclared wins")
        self.rules, self.encoder, self.n = rules, encoder, n
        self.illegal_reward = float(illegal_reward)
        tiles = rules.tileset.tiles
        layout = rules.layout
        index = {a.code: i for i, a in enumerate(layout.actions)}
        self.action_size = layout.size
        self._tsumo, self._ron, self._pass = (index[Action(t).code] for t in (TSUMO, RON, PASS))
        kind_of, copy_of = encoder.tile_kinds(Game(rules, 0, record=False))
        # faces: the discard actions' order (the layout's), each with an id that has it
        face_of_id = [index[Action(DISCARD, t).code] for t in tiles]
        faces = self._faces = max(face_of_id) + 1
        rep = [face_of_id.index(f) for f in range(faces)]
        self._face_of_id = np.array(face_of_id, dtype=np.int64)
        self._rep = rep  # an id of each face
        self._kind = np.array([kind_of[t] for t in rep], dtype=np.int64)  # encoder kinds
        self._rule_kind = [tiles[t].kind for t in rep]  # the ruleset's kinds (the dora's)
        copy = np.array([copy_of[t] for t in rep], dtype=np.int64)
        kw, fw = rules.kind_weight, rules.face_weight
        complete = self._complete = np.array(sorted(rules._complete), dtype=np.int64)
        k = kinds = encoder.kinds
        self._levels = np.arange(4)[None, :, None]
        self._scale = float(encoder.scale)
        self._start_points = int(rules.options.starting_points)
        self._floors = dict(rules.floors)
        self._offsets(encoder)
        # Each seat's record, one int64 row: the counts of each face held, of each kind,
        # of the red copies of each kind, the tiles held, the hand key (kind weights) and
        # the face key; a tile drawn adds its face's row of _GAIN, a discard takes it away.
        self._kinds_at, self._copies_at_rec = faces, faces + k
        self._held_at, self._hkey_at, self._fkey_at = (
            faces + 2 * k,
            faces + 2 * k + 1,
            faces + 2 * k + 2,
        )
        gain = np.zeros((faces, faces + 2 * k + 3), dtype=np.int64)
        for f in range(faces):
            gain[f, f] = 1
            gain[f, faces + self._kind[f]] = 1
            gain[f, faces + k + self._kind[f]] = copy[f]
            gain[f, self._held_at] = 1
            gain[f, self._hkey_at] = kw[rep[f]]
            gain[f, self._fkey_at] = fw[rep[f]]
        self._gain = gain
        self._fw = gain[:, self._fkey_at].copy()
        self._kw = gain[:, self._hkey_at].copy()
        dora_kinds = sorted(set(self._rule_kind))
        self._dora_of = np.array([dora_kinds.index(d) for d in self._rule_kind], dtype=np.int64)
        self._winning, self._totals = _winning(
            rules, complete, gain[:, self._hkey_at], self._fw, rep, dora_kinds
        )
        # Each seat's shown blocks, one float32 row: its river's counts of each kind, its
        # river in order (one-hot kinds, the first ``river`` tiles) and their flags.
        r = self._length = encoder.river
        # the state, one row per table
        p = _PLAYERS
        self.walls = np.zeros((n, len(tiles)), dtype=np.int64)  # ids, in Game's order
        self._draws = np.zeros((n, len(tiles)), dtype=np.int64)  # faces, in draw order
        self._pos = np.zeros(n, dtype=np.int64)  # the next draw's index
        self._rec = np.zeros((n, p, gain.shape[1]), dtype=np.int64)
        # each seat's river as its encoding shows it, one float32 row: the counts of each
        # kind, then the one-hots in order (``river`` x kinds), then their flags
        self._order_blk, self._flags_blk = k, k + r * k
        self._river = np.zeros((n, p, k + r * k + r * 4), dtype=np.float32)
        self._public = np.zeros((n, kinds), dtype=np.int64)  # the rivers and indicator
        self._rlen = np.zeros((n, p), dtype=np.int64)
        self._furiten = np.zeros((n, p, kinds), dtype=bool)  # kinds each seat discarded
        self._scores = np.zeros((n, p), dtype=np.int64)
        self._indicator = np.zeros(n, dtype=np.int64)  # its face
        self._dora = np.zeros(n, dtype=np.int64)  # the dora's index (of _winning's kinds)
        self._turn = np.zeros(n, dtype=np.int64)  # the seat on turn (the discarder)
        self._drawn = np.full(n, -1, dtype=np.int64)  # the drawn face, -1: none
        self._tsumo_ok = np.zeros(n, dtype=bool)
        self._claim = np.zeros(n, dtype=bool)  # a claim window is open
        self._subject = np.zeros(n, dtype=np.int64)  # the discarded face
        self._asked = np.zeros((n, p), dtype=bool)  # seats still to answer
        self._rons = np.zeros((n, p), dtype=bool)  # seats that answered ron
        self.seat = np.zeros(n, dtype=np.int64)  # the acting seat
        self._hands_played = np.zeros(n, dtype=np.uint64)  # per table: walls dealt
        self._rows = np.arange(n)
        steps = np.arange(1, len(tiles) + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        self._tile_steps = steps[None, :]
        self.seed_with(seed)
        self.obs = np.zeros((n, encoder.size), dtype=np.float32)
        self.mask = np.zeros((n, self.action_size), dtype=np.int8)

    def _offsets(self, e: Encoder) -> None:
        k, at, vec = e.kinds, e._plane_at, e._vec_at
        self._hand_at = at["hand"] * k
        self._copies_at = at["copies"] * k
        self._drawn_at = at["drawn"] * k
        self._subject_at = at["subject"] * k
        self._indicators_at = at["indicators"] * k
        self._seen_at = at["seen"] * k
        self._counts_at = at["river_counts"] * k
        self._order_at = at["river_order"] * k
        self._flags_at = vec["river_flags"]
        self._points_at = vec["points"]
        self._concealed_at = vec["concealed"]
        self._dealer_at = vec["dealer"]
        self._round_wind_at = vec["round_wind"]
        self._turn_at = vec["counters"] + 3
        self._wall_at = vec["wall"]
        self._prompt_turn = vec["prompt"] + PROMPT_KINDS.index("turn")
        self._prompt_claim = vec["prompt"] + PROMPT_KINDS.index("claim")
        self._offered_by_at = vec["offered_by"]

    def seed_with(self, seed: int) -> None:
        """Play the games of ``seed`` from each table's next hand on (as from the start)."""
        self.seed = seed & _MASK64
        self._seed_key = _mix(np.array([self.seed], dtype=np.uint64))[0]
        self._hands_played[:] = 0

    # ------------------------------------------------------------------ hands
    def reset(self) -> None:
        """Every table's next hand."""
        self._deal(self._rows)
        self._encode()

    def _deal(self, rows: Any) -> None:
        """New hands at ``rows``: a wall from (seed, table, hand), the deal, the dealer's
        draw."""
        m = len(rows)
        table = rows.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        hand = self._hands_played[rows] * np.uint64(0xD1B54A32D192ED03)
        base = _mix(self._seed_key + table + hand)
        self._hands_played[rows] += np.uint64(1)
        keys = base[:, None] + self._tile_steps  # (tile steps: odd multiples of a constant)
        keys ^= keys >> np.uint64(29)
        keys *= np.uint64(0xBF58476D1CE4E5B9)
        keys ^= keys >> np.uint64(32)
        ids = np.argsort(keys, axis=1, kind="stable")  # the draw order
        self.walls[rows] = ids[:, ::-1]  # Game's order: the last is drawn first
        faces = self._face_of_id[ids]
        self._draws[rows] = faces
        dealt = faces[:, :_DEALT].reshape(m, _PLAYERS, _HAND)
        self._rec[rows] = self._gain[dealt].sum(axis=2)
        self._indicator[rows] = faces[:, _DEALT]
        self._dora[rows] = self._dora_of[faces[:, _DEALT]]
        self._pos[rows] = _DEALT + 1
        self._river[rows] = 0
        self._public[rows] = 0
        self._public[rows, self._kind[faces[:, _DEALT]]] = 1
        self._rlen[rows] = 0
        self._furiten[rows] = False
        self._scores[rows] = self._start_points
        self._asked[rows] = False
        self._rons[rows] = False
        self._draw(rows, np.zeros(m, dtype=np.int64))  # the first dealer's turn

    def _draw(self, rows: Any, seats: Any) -> None:
        """``seats`` (one per row) draw and owe a turn decision."""
        face = self._draws[rows, self._pos[rows]]
        self._pos[rows] += 1
        self._rec[rows, seats] += self._gain[face]
        self._turn[rows] = seats
        self.seat[rows] = seats
        self._drawn[rows] = face
        self._claim[rows] = False
        rec = self._rec[rows, seats]
        ok = self._two_sets(rec[:, self._hkey_at])  # (then the winning table, for those)
        if ok.any():
            at = np.flatnonzero(ok)
            ok[at] = self._wins(rec[at, self._fkey_at], self._dora[rows[at]])
        self._tsumo_ok[rows] = ok

    def _two_sets(self, keys: Any) -> Any:
        """Whether each hand key is one of six tiles in two sets (the ruleset's table)."""
        complete = self._complete
        return complete[np.minimum(np.searchsorted(complete, keys), len(complete) - 1)] == keys

    def _wins(self, face_keys: Any, dora: Any) -> Any:
        """Whether six tiles (their face keys) with the dora of index ``dora`` may win:
        two sets worth the minimum (the table the ruleset's scorer made)."""
        keys = face_keys * _DORA_KINDS + dora
        table = self._winning
        return table[np.minimum(np.searchsorted(table, keys), len(table) - 1)] == keys

    def _total(self, face_key: int, dora: int, dealer: bool) -> int:
        """The score of six tiles that may win (the ruleset's, from the table)."""
        at = int(np.searchsorted(self._winning, face_key * _DORA_KINDS + dora))
        return int(self._totals[at, 1 if dealer else 0])

    # ------------------------------------------------------------------ a step
    def step(self, actions: Any, rewards: Any, terminated: Any, illegal: Any) -> None:
        """Play ``actions`` (one layout index per table); fill ``rewards`` (``(n, 4)``),
        ``terminated`` and ``illegal`` (``(n,)``), which the caller has zeroed; tables
        whose hand ended start the next; then the next observations and masks."""
        rows = self._rows
        acts = np.asarray(actions, dtype=np.int64)
        legal = self.mask[rows, np.clip(acts, 0, self.action_size - 1)] == 1
        legal &= (acts >= 0) & (acts < self.action_size)
        ended = ~legal
        if not legal.all():
            bad = np.flatnonzero(ended)
            rewards[bad, self.seat[bad]] = self.illegal_reward
            illegal[bad] = True
        claim = self._claim
        turn_rows = np.flatnonzero(legal & ~claim)
        claim_rows = np.flatnonzero(legal & claim)
        won: list[tuple[int, list[int], int | None]] = []  # (row, winners, discarder)
        if len(turn_rows):
            acts_t = acts[turn_rows]
            tsumo = acts_t == self._tsumo
            if tsumo.any():
                for row in turn_rows[tsumo]:
                    won.append((int(row), [int(self._turn[row])], None))
                ended[turn_rows[tsumo]] = True
                turn_rows, acts_t = turn_rows[~tsumo], acts_t[~tsumo]
            self._discard(turn_rows, acts_t)
        if len(claim_rows):
            self._answer(claim_rows, acts[claim_rows] == self._ron)
        closed = np.flatnonzero(legal & ~ended & ~self._claim & (self._drawn < 0))
        if len(closed):  # windows closed (or none opened): a ron, or the next turn
            has_ron = self._rons[closed].any(axis=1)
            if has_ron.any():
                for row in closed[has_ron]:
                    d = int(self._turn[row])
                    order = [(d + i) % _PLAYERS for i in (1, 2, 3)]
                    won.append((int(row), [s for s in order if self._rons[row, s]], d))
                ended[closed[has_ron]] = True
                closed = closed[~has_ron]
            empty = self._pos[closed] >= self._draws.shape[1]
            ended[closed[empty]] = True  # the exhaustive draw: no payments
            going = closed[~empty]
            if len(going):
                self._draw(going, (self._turn[going] + 1) % _PLAYERS)
        for row, winners, discarder in won:
            rewards[row] = self._settle(row, winners, discarder)
        done = np.flatnonzero(ended)
        if len(done):
            terminated[done] = True
            self._deal(done)
        self._encode()

    def _discard(self, rows: Any, faces: Any) -> None:
        """The seats on turn at ``rows`` discard ``faces``; the seats that may ron are
        asked, in turn order from the discarder's right."""
        if not len(rows):
            return
        seats = self._turn[rows]
        kinds = self._kind[faces]
        self._rec[rows, seats] -= self._gain[faces]
        at = self._rlen[rows, seats]
        self._rlen[rows, seats] += 1
        self._public[rows, kinds] += 1
        self._furiten[rows, seats, kinds] = True
        # the river's blocks (the encoding shows a river's first ``river`` tiles; Suzume's
        # never pass 6)
        river = self._river
        river[rows, seats, kinds] += 1
        inside = at < self._length
        rows_in, seats_in, at_in = rows[inside], seats[inside], at[inside]
        river[rows_in, seats_in, self._order_blk + at_in * self.encoder.kinds + kinds[inside]] = 1
        giri = faces[inside] == self._drawn[rows_in]
        river[rows_in, seats_in, self._flags_blk + at_in * 4] = giri  # tsumogiri
        self._drawn[rows] = -1
        self._subject[rows] = faces
        # two sets (the ruleset's complete hand keys) first: most hands are not, and that
        # table is small; then the winning table, for those that are
        rec = self._rec[rows]
        asked = self._two_sets(rec[:, :, self._hkey_at] + self._kw[faces][:, None])
        asked[np.arange(len(rows)), seats] = False
        asked &= ~self._furiten[rows, :, kinds]
        if asked.any():
            at, seat_at = np.nonzero(asked)
            face_keys = rec[at, seat_at, self._fkey_at] + self._fw[faces[at]]
            asked[at, seat_at] = self._wins(face_keys, self._dora[rows[at]])
        self._rons[rows] = False
        if asked.any():
            self._asked[rows] = asked
            self._next_asked(rows)
        else:  # (most discards: nobody can ron)
            self._claim[rows] = False

    def _next_asked(self, rows: Any) -> None:
        """At ``rows``: the first seat still to answer, from the discarder's right, acts;
        a window with none left is closed (``_claim`` False)."""
        d = self._turn[rows]
        order = (d[:, None] + np.arange(1, _PLAYERS)[None, :]) % _PLAYERS
        waiting = self._asked[rows[:, None], order]
        anyone = waiting.any(axis=1)
        self._claim[rows] = anyone
        first = order[np.arange(len(rows)), waiting.argmax(axis=1)]
        self.seat[rows[anyone]] = first[anyone]

    def _answer(self, rows: Any, ron: Any) -> None:
        seats = self.seat[rows]
        self._asked[rows, seats] = False
        self._rons[rows, seats] = ron
        self._next_asked(rows)

    def _settle(self, row: int, winners: list[int], discarder: int | None) -> Any:
        """The payments of a won hand, by the ruleset's rule: each seat's reward."""
        start = self._scores[row].tolist()
        pay = Settlement(Ledger({"points": start}, self._floors))
        dora = int(self._dora[row])
        claimed = 0 if discarder is None else int(self._fw[self._subject[row]])
        for seat in winners:
            face_key = int(self._rec[row, seat, self._fkey_at]) + claimed
            pay_win(pay, seat, discarder, self._total(face_key, dora, seat == 0))
        return np.array(pay.deltas(), dtype=np.float32) / self._scale

    # ------------------------------------------------------------------ observations
    def _encode(self) -> None:
        """Each table's acting seat's observation and mask, from the arrays (every cell
        written by one scatter or slice over all tables)."""
        n, p, k = self.n, _PLAYERS, self.encoder.kinds
        size, r = self.encoder.size, self._length
        rows, me = self._rows, self.seat
        obs = self.obs
        obs[:] = 0
        flat = obs.reshape(-1)
        base = rows * size
        rel = (me[:, None] + np.arange(p)[None, :]) % p  # relative seat -> seat
        by_rel = (rows[:, None] * p + rel).ravel()  # (each seat's rows, by relative seat)
        rec = self._rec.reshape(n * p, -1).take(by_rel, axis=0).reshape(n, p, -1)
        own = rec[:, 0]
        counts = own[:, self._kinds_at : self._kinds_at + k]
        hand = obs[:, self._hand_at : self._hand_at + 4 * k].reshape(n, 4, k)
        hand[:] = counts[:, None, :] > self._levels
        obs[:, self._copies_at : self._copies_at + k] = own[
            :, self._copies_at_rec : self._copies_at_rec + k
        ]
        claim = self._claim
        turn_rows = np.flatnonzero(~claim)
        claim_rows = np.flatnonzero(claim)
        flat[turn_rows * size + self._drawn_at + self._kind[self._drawn[turn_rows]]] = 1
        flat[claim_rows * size + self._subject_at + self._kind[self._subject[claim_rows]]] = 1
        flat[base + self._indicators_at + self._kind[self._indicator]] = 1
        river = self._river.reshape(n * p, -1).take(by_rel, axis=0).reshape(n, p, -1)
        counts_at, order_at, flags_at = self._counts_at, self._order_at, self._flags_at
        obs[:, counts_at : counts_at + p * k].reshape(n, p, k)[:] = river[:, :, :k]
        used = int(self._rlen.max())  # (the cells beyond every river stay 0)
        order = obs[:, order_at : order_at + p * r * k].reshape(n, p, r, k)
        order[:, :, :used] = river[:, :, k : k + r * k].reshape(n, p, r, k)[:, :, :used]
        flags = obs[:, flags_at : flags_at + p * r * 4].reshape(n, p, r, 4)
        flags[:, :, :used] = river[:, :, k + r * k :].reshape(n, p, r, 4)[:, :, :used]
        seen = np.minimum(counts + self._public, 4)
        obs[:, self._seen_at : self._seen_at + k] = seen * 0.25
        points = self._scores.reshape(-1).take(by_rel).reshape(n, p)
        obs[:, self._points_at : self._points_at + p] = points / self._scale
        held = rec[:, :, self._held_at] / self.encoder.hand_size
        obs[:, self._concealed_at : self._concealed_at + p] = held
        flat[base + self._dealer_at + (-me) % p] = 1  # the first hand's dealer: seat 0
        obs[:, self._round_wind_at] = 1
        flat[turn_rows * size + self._turn_at] = 1
        obs[:, self._wall_at] = (self._draws.shape[1] - self._pos) / self.encoder.wall
        flat[turn_rows * size + self._prompt_turn] = 1
        flat[claim_rows * size + self._prompt_claim] = 1
        offered = (self._turn[claim_rows] - me[claim_rows]) % p
        flat[claim_rows * size + self._offered_by_at + offered] = 1
        mask = self.mask
        mask[:] = 0
        faces = self._faces
        mask[turn_rows, :faces] = own[turn_rows, :faces] > 0
        mask[turn_rows, self._tsumo] = self._tsumo_ok[turn_rows]
        mask[claim_rows, self._ron] = 1
        mask[claim_rows, self._pass] = 1
