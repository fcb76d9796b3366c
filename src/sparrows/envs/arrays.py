"""Suzume-Jong tables as numpy arrays: :class:`SuzumeArrays`, the fast path of
``batch_env("suzume", n, vectorised=True)``.

``n`` tables, each playing one hand per episode (a new game's first hand) or whole
games (the ruleset's hands, the deal passing to the right each hand), are held as
arrays (walls, hands as counts of each face, rivers, scores, whose decision it is) and
stepped together by a few dozen numpy operations over all of them: no Python object per
table, no loop over tables on the hot path. What the tables play is the one engine's
Suzume (``rules/suzume``), and the rules' facts come from there, not from here:

* the tiles: each id's face and kind, the red copies and the hand keys, from the
  ruleset's tile set (``kind_weight``, ``face_weight``);
* which six tiles make two sets: the ruleset's table of complete hand keys;
* which six tiles may win (the 5-point minimum) and what they score: a table that the
  ruleset's one scorer (:meth:`SuzumeRuleset.value_at`) fills once per process, for
  every two-set hand of faces with every dora (:func:`_winning`);
* the payments: a table of what each single win moves, made by the ruleset's
  :func:`~sparrows.rules.suzume.ruleset.pay_win`; where a payer would reach the floor,
  and for several rons on one discard, ``pay_win`` itself on the engine's
  :class:`~sparrows.engine.ledger.Settlement`;
* the actions and the observation: the family's action layout and encoder offsets
  (``Layout.offset``).

What is written here is the turn order (the draw, the discard, the claim window asked of
the seats that can ron, one after another from the discarder's right, the exhaustive
draw) and the observation made from the arrays. ``tests/envs/test_arrays.py`` plays
thousands of random hands against the engine itself, the engine given the same walls,
and requires the same observation, mask, acting seat, rewards, end and illegal flag at
every decision.

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
from .core import EPISODES, REWARDS, end_rewards
from .encoding import Encoder
from .layout import PROMPT_KINDS
from .turn_order import ClaimOrder
from .walls import HashWalls

__all__ = ["SuzumeArrays"]

_PLAYERS: Final = 4
_HAND: Final = 5  # tiles held between turns
_DEALT: Final = _PLAYERS * _HAND  # then the dora indicator
_DORA_KINDS: Final = 16  # more than the kinds a dora can be (a key's last digits)
_WINNING: dict[str, Any] = {}  # per ruleset and options: _winning's table


def _winning(
    rules: SuzumeRuleset,
    complete: Any,
    kind_weight: Any,
    face_weight: Any,
    rep: list[int],
    face_of_id: list[int],
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
    copies = np.bincount(face_of_id, minlength=faces)  # copies of each face in the set
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


def _hash_table(keys: Any) -> Any:
    """An int64 table in which each of ``keys`` (all > 0) sits at its remainder by the
    table's size, the smallest size from ``4 * len(keys)`` with no two keys at one place
    (-1 elsewhere)."""
    size = 4 * len(keys)
    while len(np.unique(keys % size)) < len(keys):
        size += 1
    table = np.full(size, -1, dtype=np.int64)
    table[keys % size] = keys
    return table


def _check_play(episode: str, reward: str) -> None:
    """A one-line error unless the array tables play ``episode`` with ``reward``."""
    if episode not in EPISODES:
        raise SparrowsError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
    if reward not in REWARDS or reward == "chips" or (reward == "final" and episode != "game"):
        raise SparrowsError(f"the array tables give no reward={reward!r} with episode={episode!r}")


class SuzumeArrays:
    """``n`` Suzume tables as arrays; see the module's documentation. Every table's acting
    seat has an observation row and a mask row; :meth:`step` plays one action per table."""

    def __init__(
        self,
        rules: SuzumeRuleset,
        encoder: Encoder,
        n: int,
        seed: int,
        illegal_reward: float,
        episode: str = "hand",
        reward: str = "points",
    ) -> None:
        if rules.num_players != _PLAYERS or rules.options.allow_misdeclared_wins:
            raise SparrowsError("the array tables play four-player Suzume without misdeclared wins")
        _check_play(episode, reward)
        #: rewards as the environments' REWARDS say: points moved each step, or at the
        #: episode's end the place (placement) or the final score (final)
        self.reward = reward
        self.rules, self.encoder, self.n = rules, encoder, n
        #: hands an episode: one, or the ruleset's game (the dealer moves on each hand)
        self.hands = 1 if episode == "hand" else int(rules.options.hands)
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
        complete = np.array(sorted(rules.two_set_keys), dtype=np.int64)
        self._complete_at = _hash_table(complete)
        k = encoder.kinds
        self._levels = np.arange(4, dtype=np.int8)[None, :, None]
        self._scale = float(encoder.scale)
        self._start_points = int(rules.options.starting_points)
        off = self._off = encoder.offset  # each block's first cell (the family's layout)
        self._turn_at = off["counters"] + 3  # (its "turn is own" cell)
        self._prompt_turn = off["prompt"] + PROMPT_KINDS.index("turn")
        self._prompt_claim = off["prompt"] + PROMPT_KINDS.index("claim")
        # Each seat's record, one int8 row: the counts of each face held, of each kind and
        # of the red copies of each kind, and the tiles held; and its keys, an int64 pair:
        # the hand key (kind weights) and the face key. A tile drawn adds its face's row
        # of _gain (and of _key_gain), a discard takes it away.
        self._kinds_at, self._copies_at_rec, self._held_at = faces, faces + k, faces + 2 * k
        gain = np.zeros((faces, faces + 2 * k + 1), dtype=np.int8)
        for f in range(faces):
            gain[f, f] = 1
            gain[f, faces + self._kind[f]] = 1
            gain[f, faces + k + self._kind[f]] = copy[f]
            gain[f, self._held_at] = 1
        # (a last row of zeros: the "no tile" that pads the deal's sixth column)
        self._gain = np.concatenate((gain, np.zeros((1, gain.shape[1]), dtype=np.int8)))
        self._kw = np.array([kw[t] for t in rep], dtype=np.int64)
        self._fw = np.array([fw[t] for t in rep], dtype=np.int64)
        key_gain = np.stack((self._kw, self._fw), axis=1)
        self._key_gain = np.concatenate((key_gain, np.zeros((1, 2), dtype=np.int64)))
        self._kind_hot = np.eye(k, dtype=np.int64)[self._kind]  # each face's kind, one-hot
        dora_kinds = sorted(set(self._rule_kind))
        self._dora_of = np.array([dora_kinds.index(d) for d in self._rule_kind], dtype=np.int64)
        self._winning, totals = _winning(
            rules, complete, self._kw, self._fw, rep, face_of_id, dora_kinds
        )
        self._totals = totals  # (by the winning keys: (not the dealer, the dealer))
        self._ledger = Ledger({"points": [0] * _PLAYERS}, dict(rules.floors))
        self._pay_table = self._payments(int(totals.max()))
        self._allocate(n, len(tiles), gain.shape[1])
        self.seed_with(seed)

    def _payments(self, most: int) -> Any:
        """The ruleset's payments (``pay_win``) of every win, as points moved per seat:
        ``[winner, discarder (4: tsumo), score]``, each payer able to pay it all."""
        table = np.zeros((_PLAYERS, _PLAYERS + 1, most + 1, _PLAYERS), dtype=np.int64)
        for seat in range(_PLAYERS):
            for frm in range(_PLAYERS + 1):
                if frm == seat:
                    continue
                for total in range(most + 1):
                    pay = Settlement(Ledger({"points": [10**9] * _PLAYERS}))
                    pay_win(pay, seat, None if frm == _PLAYERS else frm, total)
                    table[seat, frm, total] = pay.deltas()
        return table

    def _allocate(self, n: int, tiles: int, record: int) -> None:
        """The state, one row per table (zeros until :meth:`reset` deals)."""
        p, k = _PLAYERS, self.encoder.kinds
        self.walls = np.zeros((n, tiles), dtype=np.int64)  # ids, in Game's order
        self._draws = np.zeros((n, tiles), dtype=np.int64)  # faces, in draw order
        # per table: the next draw's index, the discards so far, the seat on turn (the
        # discarder); one array, so that a new hand sets them in one go
        self._table = np.zeros((n, 3), dtype=np.int64)
        self._pos, self._count, self._turn = (self._table[:, i] for i in range(3))
        self._rec = np.zeros((n, p, record), dtype=np.int8)  # each seat's record
        self._keys = np.zeros((n, p, 2), dtype=np.int64)  # its (hand key, face key)
        self._rec_rows = self._rec.reshape(n * p, record)  # (views: a row per seat)
        self._keys_rows = self._keys.reshape(n * p, 2)
        # the discards in order, per table (``_count`` of them), as the observation cells
        # they set in each seat's row: per table and viewing seat, each discard's one-hot
        # cell in the river's order, then its tsumogiri flag's (the trash cell where there
        # is none: a discard not made yet, a flag not set); and the rivers' counts of each
        # kind
        longest_hand = tiles - _DEALT - 1
        self._river_cells = np.zeros((n, p * 2 * longest_hand), dtype=np.int64)
        # a discard's cells: per discarding seat, its river's first cells in each viewer's
        # row (order, then flags); each slot's and kind's steps; their places
        slots, order, flags = self.encoder.river, self._off["river_order"], self._off["river_flags"]
        rel = (np.arange(p)[:, None] - np.arange(p)[None, :]) & 3  # [seat, viewer]
        self._river_at = np.concatenate((order + rel * slots * k, flags + rel * slots * 4), axis=1)
        self._river_step = np.array([k] * p + [4] * p, dtype=np.int64)
        self._river_kind = np.array([1] * p + [0] * p, dtype=np.int64)
        viewer = np.arange(p) * 2 * longest_hand
        self._river_place = np.concatenate((viewer, viewer + longest_hand))[None, :]
        self._rcount = np.zeros((n, p, k), dtype=np.int8)
        self._public = np.zeros((n, k), dtype=np.int64)  # the rivers and indicator
        self._seats = np.zeros((n, p, 2), dtype=np.int64)  # per seat: its river's length, points
        self._rlen, self._scores = self._seats[:, :, 0], self._seats[:, :, 1]
        self._indicator = np.zeros(n, dtype=np.int64)  # its face
        self._dora = np.zeros(n, dtype=np.int64)  # the dora's index (of _winning's kinds)
        self._drawn = np.full(n, -1, dtype=np.int64)  # the drawn face, -1: none
        self._tsumo_ok = np.zeros(n, dtype=bool)
        self._claim = np.zeros(n, dtype=bool)  # a claim window is open
        self._subject = np.zeros(n, dtype=np.int64)  # the discarded face
        # (their cells in the table's observation row: drawn, subject, indicator)
        self._drawn_cell = np.zeros(n, dtype=np.int64)
        self._subject_cell = np.zeros(n, dtype=np.int64)
        self._indicator_cell = np.zeros(n, dtype=np.int64)
        claims = ClaimOrder(_PLAYERS)  # (the seats asked in a claim window, in turn)
        self._seat_order, self._bit, self._first_asked = claims.others, claims.bit, claims.first
        # per table, as seat bits: still to answer the claim window, answered ron; and per
        # set of ron bits, the one seat that answered ron (-1: none or several)
        self._window = np.zeros((n, 2), dtype=np.int64)
        self._asked, self._rons = self._window[:, 0], self._window[:, 1]
        self._lone = np.array(
            [
                bits.bit_length() - 1 if bits and not bits & (bits - 1) else -1
                for bits in range(1 << p)
            ]
        )
        self.seat = np.zeros(n, dtype=np.int32)  # the acting seat (int32, as BatchStep says)
        self._hands_played = np.zeros(n, dtype=np.uint64)  # per table: walls dealt
        self._hand_no = np.zeros(n, dtype=np.int64)  # the hand of the game (0 first)
        self._dealer = np.zeros(n, dtype=np.int64)  # its dealer: the hand's number mod 4
        self._rows = np.arange(n)
        self._rel_steps = np.arange(p)[None, :]
        self._walls = HashWalls(tiles)
        # the observations, and one cell after them that takes the writes of discards not
        # made yet (a scatter needs no compaction first)
        self._cells = np.zeros(n * self.encoder.size + 1, dtype=np.float32)
        self._trash = n * self.encoder.size
        base = self._rows * self.encoder.size  # each table's row
        self._base6 = np.tile(base, 6)
        self._east = np.full(n, self._off["round_wind"], dtype=np.int64)
        self._base = base
        self._river_cells[:] = self._trash
        self.obs = self._cells[: self._trash].reshape(n, self.encoder.size)
        self.mask = np.zeros((n, self.action_size), dtype=np.int8)
        self._mask_base = self._rows * self.action_size

    def seed_with(self, seed: int) -> None:
        """Play the games of ``seed`` from each table's next hand on (as from the start)."""
        self._walls.seed_with(seed)
        self.seed = self._walls.seed
        self._hands_played[:] = 0

    # ------------------------------------------------------------------ hands
    def reset(self) -> None:
        """Every table's next episode: a new game."""
        self._hand_no[:] = 0  # new games: the first hand, every seat at the starting points
        self._scores[:] = self._start_points
        self._deal(self._rows)
        self._encode()

    def game_walls(self, row: int) -> list[list[int]]:
        """Table ``row``'s walls for every hand of its current game, in ``Game``'s order
        (``Game(rules, seed, walls=...)`` plays the same game)."""
        first = int(self._hands_played[row]) - 1 - int(self._hand_no[row])
        counters = np.arange(first, first + self.hands)
        ids = self._walls.orders(np.full(self.hands, row), counters)
        walls: list[list[int]] = ids[:, ::-1].tolist()
        return walls

    def _deal(self, rows: Any) -> None:
        """The next hands at ``rows``: a wall from (seed, table, hand), the deal, the
        dealer's draw."""
        m = len(rows)
        ids = self._walls.orders(rows, self._hands_played[rows])  # the draw order
        self._hands_played[rows] += np.uint64(1)
        self.walls[rows] = ids[:, ::-1]  # Game's order: the last is drawn first
        faces = self._face_of_id[ids]
        self._draws[rows] = faces
        # the deal (seat 0 first, whoever deals), with the dealer's first draw as its sixth
        # tile (the others' sixth: none)
        at = np.arange(m)
        held = np.full((m, _PLAYERS, _HAND + 1), self._faces, dtype=np.int64)
        held[:, :, :_HAND] = faces[:, :_DEALT].reshape(m, _PLAYERS, _HAND)
        first = faces[:, _DEALT + 1]
        if self.hands > 1:
            dealer = self._hand_no[rows] % _PLAYERS
            self._dealer[rows] = dealer
            held[at, dealer, _HAND] = first
        else:  # (seat 0 deals every episode's one hand)
            dealer = 0
            held[:, 0, _HAND] = first
        self._rec[rows] = self._gain[held].sum(axis=2, dtype=np.int8)
        keys = self._key_gain[held].sum(axis=2)
        self._keys[rows] = keys
        indicator = faces[:, _DEALT]
        self._indicator[rows] = indicator
        self._dora[rows] = self._dora_of[indicator]
        self._public[rows] = self._kind_hot[indicator]
        self._table[rows, :2] = (_DEALT + 2, 0)  # the next draw, no discard yet
        self._turn[rows] = dealer
        self._rcount[rows] = 0
        self._rlen[rows] = 0
        self._river_cells[rows] = self._trash
        self._window[rows] = 0
        self.seat[rows] = dealer
        self._drawn[rows] = first
        self._drawn_cell[rows] = self._off["drawn"] + self._kind[first]
        self._indicator_cell[rows] = self._off["indicators"] + self._kind[indicator]
        self._claim[rows] = False
        self._tsumo_ok[rows] = self._may_tsumo(keys[at, dealer], rows)

    def _draw(self, rows: Any, seats: Any) -> None:
        """``seats`` (one per row) draw and owe a turn decision."""
        face = self._draws[rows, self._pos[rows]]
        self._pos[rows] += 1
        at_seat = rows * _PLAYERS + seats
        self._rec_rows[at_seat] += self._gain[face]
        keys = self._keys_rows[at_seat] + self._key_gain[face]
        self._keys_rows[at_seat] = keys
        self._turn[rows] = seats
        self.seat[rows] = seats
        self._drawn[rows] = face
        self._drawn_cell[rows] = self._off["drawn"] + self._kind[face]
        self._claim[rows] = False
        self._tsumo_ok[rows] = self._may_tsumo(keys, rows)

    def _may_tsumo(self, keys: Any, rows: Any) -> Any:
        """Whether each hand of six (its (hand key, face key) row) may win on a tsumo."""
        ok = self._two_sets(keys[:, 0])  # (then the winning table, for those)
        if ok.any():
            at = np.flatnonzero(ok)
            ok[at] = self._wins(keys[at, 1], self._dora[rows[at]])
        return ok

    def _two_sets(self, keys: Any) -> Any:
        """Whether each hand key is one of six tiles in two sets (the ruleset's table, as
        a hash table with no collisions: each key at its remainder)."""
        return self._complete_at[keys % len(self._complete_at)] == keys

    def _wins(self, face_keys: Any, dora: Any) -> Any:
        """Whether six tiles (their face keys) with the dora of index ``dora`` may win:
        two sets worth the minimum (the table the ruleset's scorer made)."""
        keys = face_keys * _DORA_KINDS + dora
        table = self._winning
        return table[np.minimum(np.searchsorted(table, keys), len(table) - 1)] == keys

    # ------------------------------------------------------------------ a step
    def step(self, actions: Any, rewards: Any, terminated: Any, illegal: Any) -> None:
        """Play ``actions`` (one layout index per table); fill ``rewards`` (``(n, 4)``),
        ``terminated`` and ``illegal`` (``(n,)``), which the caller has zeroed; tables
        whose hand ended start the next; then the next observations and masks."""
        acts = np.asarray(actions, dtype=np.int64)
        inside = acts.view(np.uint64) < self.action_size  # (a negative one: a huge number)
        legal = self.mask.reshape(-1).take(self._mask_base + acts * inside) == 1
        legal &= inside
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
                drew = turn_rows[tsumo]
                ended[drew] = True
                self._pay(drew, self._turn[drew], None, rewards)
                turn_rows, acts_t = turn_rows[~tsumo], acts_t[~tsumo]
            self._discard(turn_rows, acts_t)
        answered = len(claim_rows) > 0  # (only a window answered now can close on a ron)
        if answered:
            self._answer(claim_rows, acts[claim_rows] == self._ron)
        closed = np.flatnonzero(legal & ~ended & ~self._claim & (self._drawn < 0))
        if len(closed):  # windows closed (or none opened): a ron, or the next turn
            has_ron = self._rons[closed] != 0 if answered else None
            if has_ron is not None and has_ron.any():
                ron_rows = closed[has_ron]
                ended[ron_rows] = True
                lone = self._lone[self._rons[ron_rows]]
                one = lone >= 0
                single = ron_rows[one]
                self._pay(single, lone[one], self._turn[single], rewards)
                for row in ron_rows[~one]:  # (several rons on one discard: rare)
                    d, bits = int(self._turn[row]), int(self._rons[row])
                    order = self._seat_order[d].tolist()  # from the discarder's right
                    won.append((int(row), [s for s in order if bits >> s & 1], d))
                closed = closed[~has_ron]
            empty = self._pos[closed] >= self._draws.shape[1]
            ended[closed[empty]] = True  # the exhaustive draw: no payments
            going = closed[~empty]
            if len(going):
                self._draw(going, (self._turn[going] + 1) % _PLAYERS)
        for row, winners, discarder in won:
            self._paid(row, winners, discarder, rewards)
        done = np.flatnonzero(ended)
        games = self.hands > 1
        finished = done[illegal[done] | (self._hand_no[done] + 1 >= self.hands)] if games else done
        if self.reward != "points":
            rewards[legal] = 0  # (the points moved; the reward is given at the end)
            self._end_rewards(finished[~illegal[finished]], rewards)
        if len(done):  # hands over: the game's next, or (the episode over) a new game's
            terminated[finished] = True
            if games:
                self._hand_no[done] += 1
                self._hand_no[finished] = 0
            self._scores[finished] = self._start_points
            self._deal(done)
        self._encode()

    def _end_rewards(self, rows: Any, rewards: Any) -> None:
        """The rewards of episodes ended at ``rows`` (not by an illegal action), by the
        environments' :func:`~.core.end_rewards` from what ``Ruleset.returns`` gives a
        Suzume game: the ruleset's places of the scores, and the scores as final figures."""
        rules = self.rules
        for row in rows.tolist():
            scores = self._scores[row].tolist()  # (a Suzume game's returns: places, scores)
            rewards[row] = end_rewards(
                rules, self.reward, rules.places(scores), scores, self._scale
            )

    def _discard(self, rows: Any, faces: Any) -> None:
        """The seats on turn at ``rows`` discard ``faces``; the seats that may ron are
        asked, in turn order from the discarder's right."""
        if not len(rows):
            return
        seats = self._turn[rows]
        kinds = self._kind[faces]
        at_seat = rows * _PLAYERS + seats
        self._rec_rows[at_seat] -= self._gain[faces]
        self._keys_rows[at_seat] -= self._key_gain[faces]
        slot = self._rlen[rows, seats]
        self._rlen[rows, seats] += 1
        self._rcount[rows, seats, kinds] += 1
        self._public[rows, kinds] += 1
        at = self._count[rows]  # the table's discards so far
        self._count[rows] += 1
        # its cells in each viewer's row (the river of relative seat (seat - viewer)):
        # the one-hot in order, then the tsumogiri flag (the trash cell: not set)
        cells = (
            self._base[rows][:, None]
            + self._river_at[seats]
            + slot[:, None] * self._river_step
            + kinds[:, None] * self._river_kind
        )
        cells[faces != self._drawn[rows], _PLAYERS:] = self._trash
        places = (rows * self._river_cells.shape[1])[:, None] + self._river_place + at[:, None]
        self._river_cells.reshape(-1)[places] = cells
        self._drawn[rows] = -1
        self._subject[rows] = faces
        self._subject_cell[rows] = self._off["subject"] + kinds
        # two sets (the ruleset's complete hand keys) first: most hands are not, and that
        # table is small; then the winning table, for those that are
        keys = self._keys[rows]
        asked = self._two_sets(keys[:, :, 0] + self._kw[faces][:, None])
        asked[np.arange(len(rows)), seats] = False
        asked &= self._rcount[rows, :, kinds] == 0  # furiten: that kind in its river
        if asked.any():
            hit, seat_at = np.nonzero(asked)
            face_keys = keys[hit, seat_at, 1] + self._fw[faces[hit]]
            asked[hit, seat_at] = self._wins(face_keys, self._dora[rows[hit]])
        self._rons[rows] = 0
        if asked.any():
            self._asked[rows] = asked @ self._bit
            self._next_asked(rows)
        else:  # (most discards: nobody can ron)
            self._claim[rows] = False

    def _next_asked(self, rows: Any) -> None:
        """At ``rows``: the first seat still to answer, from the discarder's right, acts;
        a window with none left is closed (``_claim`` False)."""
        first = self._first_asked[self._turn[rows], self._asked[rows]]
        anyone = first >= 0
        self._claim[rows] = anyone
        self.seat[rows[anyone]] = first[anyone]

    def _answer(self, rows: Any, ron: Any) -> None:
        bit = self._bit[self.seat[rows]]
        self._asked[rows] &= ~bit
        self._rons[rows] |= bit * ron
        self._next_asked(rows)

    def _pay(self, rows: Any, winners: Any, discarders: Any, rewards: Any) -> None:
        """The rewards of hands won by one seat each (``discarders``: None for tsumo):
        the ruleset's payments from its table where no payer reaches the floor, else
        by :meth:`_settle`."""
        if not len(rows):
            return
        totals = self._hand_scores(rows, winners, discarders is not None)
        frm = _PLAYERS if discarders is None else discarders
        deltas = self._pay_table[winners, frm, totals]
        ok = (self._scores[rows] + deltas >= 0).all(axis=1)
        rewards[rows[ok]] = deltas[ok] / self._scale
        self._scores[rows[ok]] += deltas[ok]
        for i in np.flatnonzero(~ok):  # (a payer at the floor)
            who = None if discarders is None else int(discarders[i])
            self._paid(int(rows[i]), [int(winners[i])], who, rewards)

    def _hand_scores(self, rows: Any, winners: Any, ron: bool) -> Any:
        """The ruleset's score of each winner's hand (``ron``: with the discard it won
        on), from the winning table."""
        claimed = self._fw[self._subject[rows]] if ron else 0
        keys = (self._keys[rows, winners, 1] + claimed) * _DORA_KINDS + self._dora[rows]
        dealer = winners == self._dealer[rows]
        return self._totals[np.searchsorted(self._winning, keys), dealer * 1]

    def _paid(self, row: int, winners: list[int], discarder: int | None, rewards: Any) -> None:
        """Table ``row``'s hand won by ``winners`` paid by :meth:`_settle`: the scores
        moved and the rewards written."""
        deltas = self._settle(row, winners, discarder)
        self._scores[row] += deltas
        rewards[row] = [d / self._scale for d in deltas]

    def _settle(self, row: int, winners: list[int], discarder: int | None) -> list[int]:
        """The payments of a won hand, by the ruleset's rule, from the table's scores now:
        each seat's points moved."""
        ledger = self._ledger
        ledger.accounts["points"] = self._scores[row].tolist()
        pay = Settlement(ledger)
        seats = np.array(winners)
        scores = self._hand_scores(np.full(len(winners), row), seats, discarder is not None)
        for seat, score in zip(winners, scores.tolist(), strict=True):
            pay_win(pay, seat, discarder, score)
        return pay.deltas()

    # ------------------------------------------------------------------ observations
    def _encode(self) -> None:
        """Each table's acting seat's observation and mask, from the arrays (every cell
        written by one scatter or slice over all tables)."""
        n, p, k = self.n, _PLAYERS, self.encoder.kinds
        rows, me = self._rows, self.seat
        obs = self.obs
        obs[:] = 0
        rel = (me[:, None] + self._rel_steps) & 3  # relative seat -> seat (four seats)
        by_rel = (rows[:, None] * p + rel).ravel()  # (each seat's rows, by relative seat)
        rec = self._rec.reshape(n * p, -1).take(by_rel, axis=0).reshape(n, p, -1)
        own = rec[:, 0]
        counts = own[:, self._kinds_at : self._kinds_at + k]
        hand = obs[:, self._off["hand"] : self._off["hand"] + 4 * k].reshape(n, 4, k)
        hand[:] = counts[:, None, :] > self._levels  # (a bool array copied: faster)
        obs[:, self._off["copies"] : self._off["copies"] + k] = own[
            :, self._copies_at_rec : self._copies_at_rec + k
        ]
        # the one-hot cells, one scatter: the drawn tile or the claim's subject, the prompt,
        # the turn counter or who offered the tile, the indicator, the dealer; then each
        # discard's one-hot and tsumogiri flag at its seat's place relative to the viewer
        # (a discard not made yet: the trash cell)
        claim = self._claim
        subject = np.where(claim, self._subject_cell, self._drawn_cell)
        prompt = np.where(claim, self._prompt_claim, self._prompt_turn)
        turn_or_by = np.where(
            claim, self._off["offered_by"] + ((self._turn - me) & 3), self._turn_at
        )
        if self.hands > 1:  # the hand's dealer and round (four dealers a round)
            dealer = self._off["dealer"] + ((self._dealer - me) & 3)
            round_wind = self._off["round_wind"] + ((self._hand_no >> 2) & 3)
        else:  # (one hand an episode: seat 0 deals, the east round)
            dealer = self._off["dealer"] + ((-me) & 3)
            round_wind = self._east
        river = self._river_cells.reshape(n * p, -1).take(rows * p + me, axis=0)
        ones = np.concatenate(
            (
                self._base6
                + np.concatenate(
                    (subject, prompt, turn_or_by, self._indicator_cell, dealer, round_wind)
                ),
                river.ravel(),
            )
        )
        self._cells[ones] = 1
        river_counts = self._rcount.reshape(n * p, k).take(by_rel, axis=0)
        obs[:, self._off["river_counts"] : self._off["river_counts"] + p * k] = (
            river_counts.reshape(n, p * k)
        )
        seen = np.minimum(counts + self._public, 4)
        obs[:, self._off["seen"] : self._off["seen"] + k] = seen * 0.25
        points = self._scores.reshape(-1).take(by_rel).reshape(n, p)
        obs[:, self._off["points"] : self._off["points"] + p] = points / self._scale
        held = rec[:, :, self._held_at] / self.encoder.hand_size
        obs[:, self._off["concealed"] : self._off["concealed"] + p] = held
        if self.hands > 1:  # (a game's later hands: the counter; the first's is 0)
            obs[:, self._off["counters"] + 2] = self._hand_no / 16
        obs[:, self._off["wall"]] = (self._draws.shape[1] - self._pos) / self.encoder.wall
        mask = self.mask
        faces = self._faces
        turn = ~claim
        mask[:, :faces] = (own[:, :faces] > 0) & turn[:, None]
        mask[:, self._tsumo] = self._tsumo_ok & turn
        mask[:, self._ron] = claim
        mask[:, self._pass] = claim
