"""Riichi tables as numpy arrays: :class:`RiichiArrays`, the tables of
``batch_env("riichi", n, vectorised=True)`` (docs/envs.md, "Riichi's tables as arrays").

``n`` four-player riichi tables (the default or the mahjongsoul preset), one hand or a
whole game an episode, are held as arrays and stepped together: the deal, the draw, the
discard, the claim windows (asked of the seats that may claim, one after another from
the discarder's right), the pass, chi, pon and kans, riichi (its stick and reward,
ippatsu, the discards it forces, the closed kans that keep its waits, riichi furiten),
temporary furiten, the turns with one legal action (autoplay), the wins (ron, several
rons, tsumo: scored by the ruleset's own scorer and paid by its settlement's
``win_deltas``, pao included, honba and sticks to the first winner; three rons abort), a
kan robbed (its window asked of the seats a ron on its tile would complete: chankan; on
a closed kan, thirteen orphans where the rules allow it), the aborts of nine terminals,
four riichi, four winds and four kans, the exhaustive draw with its noten payments or
nagashi mangan, and in whole games the next hand (its dealer, honba and sticks; the
game's end) as the settlement decides it. A table may also hand its episode to its own
engine game (the same walls, the episode's decisions replayed through
:class:`~.core.EnvCore`, the one replay path) and play the rest of that hand there
(``handover``: the tests replay from any decision); the next hand is the arrays' again
(in a whole game, its state read back from the engine's game).

The layers: :class:`~.riichi_tables.RiichiTables` (what the tables look up: faces,
action indices, the offers' shapes), :class:`~.riichi_state.RiichiState` (the arrays),
:class:`~.riichi_view.RiichiView` (each acting seat's observation and mask, and the
offers' facts), :class:`~.riichi_endings.RiichiEndings` (the stick, the wins, the
exhaustive draw, the next hand or game, the engine beside the arrays), and here the play.
``tests/envs/test_riichi_arrays.py`` plays random hands and games against the engine given the same
walls and requires the same acting seat, observation, mask, rewards, end and illegal flag
at every decision.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

import numpy as np

from ..analysis.batch import batch_shanten, batch_waits
from ..errors import SparrowsError
from ..rules.riichi.options import RiichiOptions
from ..rules.riichi.settlement import pao_fed
from ..tiles import MeldType
from .core import EnvCore
from .riichi_endings import RiichiEndings
from .riichi_tables import DEALT as _DEALT
from .riichi_tables import DISCARDS as _DISCARDS
from .riichi_tables import INDICATOR as _INDICATOR
from .riichi_tables import KINDS as _K
from .riichi_tables import LIVE as _LIVE
from .riichi_tables import OFFERS as _OFFERS
from .riichi_tables import PLAYERS as _P
from .riichi_tables import RON_AT as _RON_AT
from .riichi_tables import TH as _TH
from .riichi_tables import TILES as _TILES
from .riichi_tables import WIND as _WIND
from .walls import HashWalls

__all__ = ["RiichiArrays"]

_HONOURS: Final = 27  # (the first honour kind: pao's sets are honours)

#: the options the arrays play either way, at their default preset's values: the scorer
#: counts double yakuman, the settlement pays pao for the yakuman alone, and a closed kan
#: that thirteen orphans may rob opens its window as an added kan's does (Mahjong Soul's
#: preset sets these three)
_PLAYED_OPTIONS: Final = {
    "double_yakuman": False,
    "kokushi_robs_ankan": False,
    "pao_yakuman_only": False,
}


class RiichiArrays(RiichiEndings):
    """``n`` riichi tables; see the module. ``template`` is an :class:`EnvCore` of the
    rules played (its configuration is each engine table's)."""

    def __init__(
        self, n: int, seed: int, config: dict[str, Any] | None = None, handover: float = 0.0
    ) -> None:
        #: the :class:`EnvCore` arguments of every table (an engine table is made from them)
        self.config = dict(config or {"ruleset": "riichi"})
        template = EnvCore(**self.config)
        rules = template.rules
        wrong = []
        if rules.name != "riichi" or rules.num_players != _P:
            wrong.append(f"the {rules.name} ruleset with {rules.num_players} players")
        elif replace(rules.options, **_PLAYED_OPTIONS) != RiichiOptions():
            wrong.append("options other than the default or mahjongsoul preset's")
        if template.claims != "eligible" or not template.autoplay:
            wrong.append("claims other than eligible with autoplay")
        if template.reward == "chips":
            wrong.append(f"reward={template.reward!r}")
        if wrong:
            raise SparrowsError(
                "riichi array tables play four-player hands or games of the default or "
                f"mahjongsoul preset with eligible claims; not {', '.join(wrong)}"
            )
        super().__init__(rules, template.encoder, template.layout)
        self.n = n
        #: the share of decisions after which a table hands its hand to its engine game
        #: (0 in play, where the arrays play every hand; the tests replay from any point)
        self.handover = handover
        self._handover_rng = np.random.default_rng(seed)
        self.illegal_reward = template.illegal_reward
        #: a hand an episode, or a whole game; the rewards (points, placement, final)
        self.episode = template.episode
        self.reward = template.reward
        self._allocate(n)
        self._walls = HashWalls(_TILES)
        self.seed_with(seed)

    # ------------------------------------------------------------------ set-up
    def seed_with(self, seed: int) -> None:
        """Play the games of ``seed`` from each table's next hand on."""
        self._walls.seed_with(seed)
        self.seed = self._walls.seed
        self._hands_played[:] = 0

    def reset(self) -> None:
        """Every table's next episode: a new game's first hand."""
        self._new_game(self._rows)
        self._deal(self._rows)
        self._drain(np.zeros(self.n, dtype=bool), np.zeros((self.n, _P)))
        self._finish()

    def _deal(self, rows: Any) -> None:
        """The next hand at ``rows`` (its dealer, points and sticks as the game left
        them): the wall, the deal (13 tiles each from the dealer), the indicator; the
        dealer's draw queued (:meth:`_drain`)."""
        m = len(rows)
        for i in rows.tolist():
            self._engine_off(i)
        ids = self._walls.orders(rows, self._hands_played[rows])
        self._hands_played[rows] += np.uint64(1)
        self.walls[rows] = ids
        faces = self._face_of_id[ids]
        self._draws[rows] = faces
        dealer = self._dealer[rows]
        block = (np.arange(_P)[None, :] - dealer[:, None]) % _P  # each seat's 13 tiles
        blocks = faces[:, :_DEALT].reshape(m, _P, 13)
        dealt = blocks[np.arange(m)[:, None], block].reshape(m * _P, 13)
        hand = np.arange(m * _P)[:, None]
        width = self._faces + 1
        held = np.bincount((hand * width + dealt).ravel(), minlength=m * _P * width)
        self._held[rows] = held.reshape(m, _P, width)
        kinds = (hand * _K + self._kind[dealt]).ravel()
        kc = np.bincount(kinds, minlength=m * _P * _K).reshape(m, _P, _K).astype(np.int8)
        self._kc[rows] = kc
        self._size[rows] = 13
        self._melds[rows] = 0
        self._meld_kc[rows] = 0
        self._called_kc[rows] = 0
        self._pon[rows] = False
        self._rcount[rows] = 0
        self._rlen[rows] = 0
        self._public[rows] = 0
        self._ind_kc[rows] = 0
        self._revealed[rows] = 0
        self._reveal(rows)
        self._dora_due[rows] = 0
        self._kans[rows] = 0
        self._closed_kans[rows] = 0
        self._ckong_kc[rows] = 0
        self._end[rows] = _LIVE
        self._temp_furiten[rows] = False
        self._riichi[rows] = 0
        self._riichi_furiten[rows] = False
        self._ippatsu[rows] = False
        self._was_called[rows] = False
        self._pending[rows] = -1
        self._rob[rows] = 0
        for i in rows.tolist():
            self._meld_list[i] = [[] for _ in range(_P)]
            self._liable[i] = [{} for _ in range(_P)]
        self._waits[rows] = batch_waits(kc.reshape(m * _P, _K)).reshape(m, _P, _K)
        self._banned[rows] = False
        self._clean[rows] = True
        self._first_wind[rows] = -1
        self._count[rows] = 0
        self._asked[rows] = 0
        self._river_cells[rows] = self._trash
        self._riichi_cells[rows] = self._trash
        self._pos[rows] = _DEALT
        self._queue_draw(rows, dealer, False)

    def _reveal(self, rows: Any) -> None:
        """The next dora indicator turned face up."""
        face = self._draws[rows, _INDICATOR + self._revealed[rows]]
        self._revealed[rows] += 1
        k = self._kind[face]
        self._ind_kc[rows, k] += 1
        self._public[rows, k] += 1

    def _due_dora(self, rows: Any) -> None:
        """The kan dora still to turn at ``rows``, turned now."""
        while (self._dora_due[rows] > 0).any():
            due = rows[self._dora_due[rows] > 0]
            self._reveal(due)
            self._dora_due[due] -= 1

    def _queue_draw(self, rows: Any, seats: Any, replacement: bool) -> None:
        """``seats`` draw at ``rows`` once the step's discards and answers are played
        (:meth:`_drain`: every table's draw of the step in one go)."""
        self._queued.append((rows, seats, np.full(len(rows), replacement)))

    def _drain(self, ended: Any, rewards: Any) -> None:
        """The queued draws, and the turns they force (which may queue more)."""
        while self._queued:
            rows, seats, replacement = (np.concatenate(x) for x in zip(*self._queued, strict=True))
            self._queued.clear()
            self._draw(rows, seats, replacement)
            self._forced(rows, ended, rewards)

    def _draw(self, rows: Any, seats: Any, replacement: Any) -> None:
        """``seats`` draw (their turn; ``replacement``, per row: a kan's replacement tile,
        and the live wall's far end shrinks by one); the turn's offers: a tsumo (where the
        scorer finds a win), riichi, kans, the nine-terminals abort."""
        self._rinshan[rows] = replacement
        kans = self._kans[rows].sum(axis=1)  # (a kan's own included)
        at = np.where(replacement, _LIVE + kans - 1, self._pos[rows])
        face = self._draws[rows, at]
        self._end[rows] -= replacement
        self._pos[rows] += ~replacement
        self._held[rows, seats, face] += 1
        self._kc[rows, seats, self._kind[face]] += 1
        self._size[rows, seats] += 1
        self._turn[rows] = seats
        self.seat[rows] = seats
        self._drawn[rows] = face
        self._claim[rows] = False
        hands = self._kc[rows, seats]
        shanten = batch_shanten(hands)
        self._sh14[rows] = shanten
        can_kan = (self._pos[rows] < self._end[rows]) & (self._kans[rows].sum(axis=1) < 4)
        held_kan = (hands == 4) | (self._pon[rows, seats] & (hands >= 1))
        in_riichi = self._riichi[rows, seats] > 0
        self._kan_turn[rows] = can_kan & held_kan.any(axis=1) & ~in_riichi
        # in riichi, a closed kan of the drawn tile where the waits stay the same
        k = self._kind[face]
        four = np.flatnonzero(in_riichi & can_kan & (hands[np.arange(len(rows)), k] == 4))
        self._riichi_kan[rows] = False
        if len(four):
            before = self._waits[rows[four], seats[four]]
            after = hands[four].astype(np.int64)
            after[np.arange(len(four)), k[four]] = 0
            same = (batch_waits(after) == before).all(axis=1) & before.any(axis=1)
            self._riichi_kan[rows[four[same]]] = True
        closed = self._melds[rows, seats] == self._closed_kans[rows, seats]
        # a tsumo where the hand is complete and the scorer finds a win
        self._tsumo_ok[rows] = False
        for j in np.flatnonzero(shanten < 0).tolist():
            row, seat = int(rows[j]), int(seats[j])
            self._tsumo_ok[row] = self._is_win(row, seat, int(face[j]), True)
        # riichi on each discard that leaves a closed hand ready (the wall long enough)
        riichi = closed & (shanten <= 0) & (self._end[rows] - self._pos[rows] >= 4)
        riichi &= ~in_riichi & (self._scores[rows, seats] >= self._riichi_min)
        self._riichi_ok[rows] = False
        if riichi.any():
            self._riichi_ok[rows[riichi]] = self._ready_after(hands[riichi].astype(np.int64))
        self._nine[rows] = (
            self._clean[rows]
            & (self._rlen[rows, seats] == 0)
            & ((hands[:, _TH] > 0).sum(axis=1) >= 9)
        )

    # ------------------------------------------------------------------ a step
    def step(self, actions: Any, rewards: Any, terminated: Any, illegal: Any) -> None:
        """Play ``actions`` (one layout index per table); fill ``rewards`` (``(n, 4)``),
        ``terminated`` and ``illegal``, which the caller has zeroed; tables whose hand
        ended deal the next (a new game's first where the episode ended); then the next
        observations and masks."""
        acts = np.asarray(actions, dtype=np.int64)
        before = self._scores.copy()  # (a hand handed to the engine: its rewards from here)
        inside = acts.view(np.uint64) < self.action_size
        legal = self._mask_full.reshape(-1).take(
            self._rows * (self.action_size + 1) + acts * inside
        )
        legal = (legal == 1) & inside
        if self.episode == "game" and self._hlen.max() + 1 >= self._hist.shape[1]:
            self._hist = np.concatenate([self._hist, np.zeros_like(self._hist)], axis=1)
        ended = ~legal  # the hands that ended (an illegal action ends its episode)
        over = ~legal  # the episodes that ended
        bad = np.flatnonzero(ended & ~self._on_engine)
        if len(bad):
            rewards[bad, self.seat[bad]] = self.illegal_reward
            illegal[bad] = True
        for i in np.flatnonzero(self._on_engine).tolist():  # (the rest of their episodes)
            ended[i], over[i] = self._engine_step(i, int(acts[i]), rewards, illegal)
        rows = np.flatnonzero(legal & ~self._on_engine)
        if len(rows):
            at = self._hlen[rows]
            self._hist[rows, at, 0] = self.seat[rows]
            self._hist[rows, at, 1] = acts[rows]
            self._hlen[rows] += 1
            claim = self._claim[rows]
            self._turns(rows[~claim], acts[rows[~claim]], ended, rewards)
            self._answers(rows[claim], acts[rows[claim]], ended, rewards)
        # the hands that ended so far: the next deal, its dealer's draw among the step's
        dealt = np.flatnonzero(ended)
        if len(dealt):
            self._next_hands(dealt, over, rewards, illegal)
        self._drain(ended, rewards)
        handed = np.zeros(self.n, dtype=bool)  # (the tests': to the engine from here)
        if self.handover:
            handed[rows[self._handover_rng.random(len(rows)) < self.handover]] = True
        for i in np.flatnonzero(handed & ~ended).tolist():
            ended[i], over[i], now, got = self._engine_take(i)
            points = self.reward == "points"
            rewards[i] = (np.array(now) - before[i]) / self._scale if points else got
        ended[dealt] = False  # (for now: the hands that ended since, in the draws of the
        late = np.flatnonzero(ended)  # step or on the engine on taking them)
        ended[dealt] = True
        if len(late):
            self._next_hands(late, over, rewards, illegal)
            self._drain(ended, rewards)
        terminated[over] = True
        if self.reward != "points":  # (the points' moves: none until the episode's end)
            rewards[~over] = 0
        self._finish()

    def _turns(self, rows: Any, acts: Any, ended: Any, rewards: Any) -> None:
        """Turn decisions at ``rows``: a discard, or a closed or added kan."""
        face = self._riichi_face[acts]
        riichi = face >= 0  # (a riichi declared with its discard)
        acts = np.where(riichi, face, acts)
        discard = acts < self._faces
        ends = self._ends_hand[acts]  # a tsumo, or the nine-terminals abort
        tsumo = acts == self._tsumo
        if tsumo.any():
            won = rows[tsumo]
            self._wins(won, self._turn[won, None], None, ended, rewards)
        self._aborted(rows[acts == self._abort], ended)
        self._pending[rows[riichi]] = self._turn[rows[riichi]]
        self._pending_double[rows[riichi]] = self._clean[rows[riichi]] & (
            self._rlen[rows[riichi], self._turn[rows[riichi]]] == 0
        )
        self._nine[rows] = False
        self._tsumo_ok[rows] = False
        self._riichi_ok[rows] = False
        self._kan_turn[rows] = False
        self._riichi_kan[rows] = False
        self._discard(rows[discard], acts[discard], ended, rewards, riichi[discard])
        kan = ~discard & ~ends
        if kan.any():
            self._turn_kan(rows[kan], acts[kan])

    def _turn_kan(self, rows: Any, acts: Any) -> None:
        """Closed kans (four held; their dora at once) and added kans (a pon's fourth;
        their dora at the next discard); where a seat may rob the kan, its window first
        (:meth:`_rob_window`), else the replacement draw."""
        seats = self._turn[rows]
        face = self._act_face[acts]
        k = self._kind[face]
        closed = self._act_kind[acts] == 4
        self._due_dora(rows)  # an earlier kan's dora first
        c, cs, ck = rows[closed], seats[closed], k[closed]
        self._kan_of_held(c, cs, ck, MeldType.CLOSED_KAN)
        self._ckong_kc[c, cs, ck] += 4
        self._closed_kans[c, cs] += 1
        self._clean[c] = False  # (a closed kan is a call before any robbing: no ippatsu)
        self._ippatsu[c] = False
        a, as_, ak = rows[~closed], seats[~closed], k[~closed]
        for i, seat, kk, f in zip(
            a.tolist(), as_.tolist(), ak.tolist(), face[~closed].tolist(), strict=True
        ):
            melds = self._meld_list[i][seat]
            for j, (mt, faces_, frm) in enumerate(melds):
                if mt is MeldType.PON and self._kind[faces_[0]] == kk:
                    melds[j] = (MeldType.ADDED_KAN, [*faces_, f], frm)
        self._held[a, as_, face[~closed]] -= 1
        self._kc[a, as_, ak] -= 1
        self._size[a, as_] -= 1
        self._meld_kc[a, as_, ak] += 1
        self._public[a, ak] += 1
        self._pon[a, as_, ak] = False
        self._dora_due[a] += 1
        stands = ~self._rob_window(rows, seats, face, closed)
        self._reveal(rows[closed & stands])
        self._kanned(rows[stands], seats[stands])

    def _rob_window(self, rows: Any, seats: Any, faces: Any, closed: Any) -> Any:
        """The kans just made at ``rows`` (of ``faces``; ``closed``, per row) that another
        seat may rob, as the engine asks it (``RiichiBase._robbers``): a ron on the kan's
        tile, its waits not furiten and the scorer finding a win (with chankan; on a
        closed kan only thirteen orphans, where the rules allow it). Their window opens
        (prompt ``rob``: ron or pass); which rows opened one."""
        others = self._seat_order[seats]  # (m, 3): from the kan seat's right
        r3 = rows[:, None]
        waits = self._waits[r3, others, self._kind[faces][:, None]]  # (m, 3)
        if not self.rules.options.kokushi_robs_ankan:
            waits &= ~closed[:, None]
        opened = np.zeros(len(rows), dtype=bool)
        if not waits.any():
            return opened
        ron = waits & ~self._furiten(r3, others, self._waits[r3, others])
        self._rob[rows] = np.where(closed, 2, 1)  # (read by the scorer: chankan)
        for j, o in zip(*np.nonzero(ron), strict=True):
            result = self._score(int(rows[j]), int(others[j, o]), int(faces[j]), False, 0, 0)
            ron[j, o] = result.is_win and (not closed[j] or result.shape == 2)
        opened = ron.any(axis=1)
        self._rob[rows[~opened]] = 0
        at = rows[opened]
        if len(at):
            offers = np.full((len(at), 3, _OFFERS), self._no, dtype=np.int64)
            offers[:, :, _RON_AT] = np.where(ron[opened], self._ron, self._no)
            self._offers[at[:, None], others[opened]] = offers
            self._answer[at] = -1
            self._asked[at] = (ron[opened] * self._bit[others[opened]]).sum(axis=1)
            self._claim[at] = True
            self._subject[at] = faces[opened]
            self._next_asked(at)
        return opened

    def _open_kan(self, rows: Any, seats: Any) -> None:
        """Open kans of the discard at ``rows`` by ``seats`` (their three tiles and the
        discard; their dora at the caller's next discard)."""
        if not len(rows):
            return
        d = self._turn[rows]
        called = self._subject[rows]
        k = self._kind[called]
        self._kan_of_held(rows, seats, k, MeldType.OPEN_KAN, called, d)
        self._note_pao(rows, seats, k, d)
        self._called_kc[rows, seats, k] += 1
        self._dora_due[rows] += 1
        self._called_flag(rows, d)
        self._turn[rows] = seats
        self._claim[rows] = False
        self._kanned(rows, seats)

    def _kan_of_held(
        self, rows: Any, seats: Any, k: Any, meld: MeldType, called: Any = None, frm: Any = None
    ) -> None:
        """Every tile of kind ``k`` the seats hold (four for a closed kan; three for an
        open one, with ``called``, the discard taken from ``frm``) made into a kan."""
        plain = self._held[rows, seats, self._plain[k]]
        red = self._held[rows, seats, self._redf[k]]
        taken = plain.astype(np.int64) + red
        for j, (i, seat, kk) in enumerate(
            zip(rows.tolist(), seats.tolist(), k.tolist(), strict=True)
        ):
            faces = [int(self._plain[kk])] * int(plain[j]) + [int(self._redf[kk])] * int(red[j])
            if called is not None:
                faces.append(int(called[j]))
            self._meld_list[i][seat].append((meld, faces, None if frm is None else int(frm[j])))
        for f in (self._plain[k], self._redf[k]):
            self._held[rows, seats, f] = 0
        self._kc[rows, seats, k] = 0
        self._size[rows, seats] -= taken
        self._meld_kc[rows, seats, k] += 4
        self._public[rows, k] += taken

    def _kanned(self, rows: Any, seats: Any) -> None:
        """A kan standing at ``rows`` (nobody robbed it): counted, the hand no longer
        clean, ippatsu broken, the replacement draw."""
        self._kans[rows, seats] += 1
        self._melds[rows, seats] += 1
        self._clean[rows] = False
        self._ippatsu[rows] = False
        self._queue_draw(rows, seats, True)

    def _discard(self, rows: Any, faces: Any, ended: Any, rewards: Any, riichi: Any) -> None:
        """The seats on turn at ``rows`` discard ``faces`` (``riichi``, per row: declaring
        riichi with it); the claim windows open."""
        if not len(rows):
            return
        seats = self._turn[rows]
        kinds = self._kind[faces]
        self._held[rows, seats, faces] -= 1
        self._kc[rows, seats, kinds] -= 1
        self._size[rows, seats] -= 1
        self._temp_furiten[rows, seats] = False
        self._ippatsu[rows, seats] = False  # (a riichi declared with it: once it stands)
        slot = self._rlen[rows, seats]
        self._rlen[rows, seats] += 1
        self._rcount[rows, seats, kinds] += 1
        self._public[rows, kinds] += 1
        at = self._count[rows]
        self._count[rows] += 1
        self._discarded_at[rows] = at
        # its cells in each viewer's row (only the first ``river`` of each seat's)
        river = self.encoder.river
        inside = (slot < river)[:, None]
        base = self._base[rows][:, None]
        order = base + self._order_at[seats] + (slot * _K + kinds)[:, None]
        giri = (faces == self._drawn[rows])[:, None]
        flags = base + self._flags_at[seats] + (slot * 4)[:, None]
        place = (rows * (_P * 3 * _DISCARDS))[:, None] + self._viewer_at + at[:, None]
        flat = self._river_cells.reshape(-1)
        flat[place] = np.where(inside, order, self._trash)
        flat[place + _DISCARDS] = np.where(inside & giri, flags, self._trash)
        declared = np.flatnonzero(riichi)
        if len(declared):
            r, seat = rows[declared], seats[declared]
            cell = np.where(inside[declared], flags[declared] + 1, self._trash)
            self._riichi_cells[r[:, None], np.arange(_P)[None, :] * _P + seat[:, None]] = cell
        self._drawn[rows] = self._faces
        self._subject[rows] = faces
        self._banned[rows] = False
        self._due_dora(rows)  # a kan's dora, turned after the discard
        # the first go-around's wind, while every discard so far is that one wind
        wind = _WIND[kinds]
        self._first_wind[rows] = np.where(
            at == 0, np.where(wind, kinds, -1), np.where(self._first_wind[rows] == kinds, kinds, -1)
        )
        # the discarder's waits now (13, 10, 7, 4 or 1 tiles)
        near = self._sh14[rows] <= 0
        self._waits[rows[~near], seats[~near]] = False
        if near.any():
            hands = self._kc[rows[near], seats[near]].astype(np.int64)
            self._waits[rows[near], seats[near]] = batch_waits(hands, melds=None)
        self._window(rows, seats, kinds, faces, ended, rewards)

    def _window(self, rows: Any, d: Any, kinds: Any, faces: Any, ended: Any, rewards: Any) -> None:
        """The claim window on each discard: the offers of each other seat (a ron, pon,
        open kan, chi); where none has one, what follows the discard at once."""
        m = len(rows)
        others = self._seat_order[d]  # (m, 3): from the discarder's right
        r3 = rows[:, None]
        k3 = kinds[:, None]
        # a ron may be offered: the discard in a seat's waits, none of which is in its
        # own river, and no ron let go since its discard (or in riichi) (furiten)
        waits = self._waits[r3, others]  # (m, 3, 34)
        furiten = self._furiten(r3, others, waits)
        ron = waits[np.arange(m)[:, None], np.arange(3)[None, :], k3] & ~furiten
        for j, o in zip(*np.nonzero(ron), strict=True):  # (the scorer: a yaku?)
            ron[j, o] = self._is_win(int(rows[j]), int(others[j, o]), int(faces[j]), False)
        last = self._pos[rows] >= self._end[rows]  # the last tile: no calls
        held_k = self._kc[r3, others, k3].astype(np.int64)
        plain = self._held[r3, others, self._plain[kinds][:, None]].astype(np.int64)
        red = self._held[r3, others, self._redf[kinds][:, None]].astype(np.int64)
        size = self._size[r3, others]
        can = ~last[:, None] & (self._riichi[r3, others] == 0)  # (no call in riichi)
        offers = np.full((m, 3, _OFFERS), self._no, dtype=np.int64)
        offers[:, :, _RON_AT] = np.where(ron, self._ron, self._no)
        # pon (kuikae: the hand must keep a tile to discard; it always does here but
        # the rule is the ruleset's), open kan
        pon = can & (held_k >= 2) & (size > held_k)
        pon_at = self._pon_at[kinds]  # (m, 3 variants)
        offers[:, :, 0] = np.where(pon & (plain >= 2), pon_at[:, None, 0], self._no)
        offers[:, :, 1] = np.where(pon & (plain >= 1) & (red >= 1), pon_at[:, None, 1], self._no)
        offers[:, :, 2] = np.where(pon & (red >= 2), pon_at[:, None, 2], self._no)
        kan = can & (held_k >= 3) & (self._kans[rows].sum(axis=1) < 4)[:, None]
        kan_at = self._kan_at[kinds[:, None], np.minimum(red, 1)]
        offers[:, :, 3] = np.where(kan, kan_at, self._no)
        # chi: the next seat, a run of the discard's suit, kuikae allowing (the kinds
        # banned after the call, minus the two used, must leave a tile to discard)
        nxt = others[:, 0]
        pair = self._chi_kinds[kinds]  # (m, 3 shapes, 2): the run's other two kinds
        hk = np.zeros((m, _K + 1), dtype=np.int64)  # (+ "none", 0)
        hk[:, :_K] = self._kc[rows, nxt]
        m2, m3 = np.arange(m)[:, None], np.arange(m)[:, None, None]
        ok = self._chi_ok[kinds] & can[:, :1] & (hk[m3, pair] > 0).all(axis=2)
        banned = hk[np.arange(m), kinds][:, None] + hk[m2, self._chi_end[kinds]]
        ok &= self._size[rows, nxt][:, None] - 2 > banned
        held = self._held[rows, nxt]  # (m, faces + 1): of each face held, plain and red
        low = held[m3, self._face_pair[pair[:, :, 0]]] > 0  # (m, 3, 2)
        high = held[m3, self._face_pair[pair[:, :, 1]]] > 0
        have = ok[:, :, None, None] & low[:, :, :, None] & high[:, :, None, :]
        offers[:, 0, 4:16] = np.where(  # (shape s, red a, red b: column 4 + 4 s + 2 a + b)
            have.reshape(m, 12), self._chi_at[kinds].reshape(m, 12), self._no
        )
        prompted = (offers != self._no).any(axis=2)
        self._offers[r3, others] = offers
        self._answer[rows] = -1
        bits = (prompted * self._bit[others]).sum(axis=1)
        self._asked[rows] = bits
        opened = bits != 0
        self._claim[rows] = opened
        if opened.any():
            self._next_asked(rows[opened])
        quiet = ~opened
        self._after_discard(rows[quiet], d[quiet], ended, rewards)

    def _next_asked(self, rows: Any) -> None:
        """At ``rows``: the next seat to answer acts; a window with none left resolves."""
        first = self._first_asked[self._turn[rows], self._asked[rows]]
        self.seat[rows] = np.where(first >= 0, first, self.seat[rows])

    def _answers(self, rows: Any, acts: Any, ended: Any, rewards: Any) -> None:
        """Answers in claim windows: noted; a window all have answered resolves."""
        if not len(rows):
            return
        seats = self.seat[rows].astype(np.int64)
        self._answer[rows, seats] = np.where(acts == self._pass, -1, acts)
        self._asked[rows] &= ~self._bit[seats]
        left = self._asked[rows] != 0
        self._next_asked(rows[left])
        done = rows[~left]
        if not len(done):
            return
        # rons: the wins (three, the abort), the riichi discard's stick not put down;
        # else a ron offered and not taken makes its seat furiten until its next discard
        d = self._turn[done]
        order = self._seat_order[d]
        answers = self._answer[done[:, None], order]  # (m, 3)
        rons = answers == self._ron
        rob = self._rob[done] > 0
        if rob.any():  # (a kan robbed or standing)
            self._robbed(done[rob], d[rob], order[rob], rons[rob], ended, rewards)
            done, d, order, answers, rons = (x[~rob] for x in (done, d, order, answers, rons))
        won = rons.any(axis=1)
        if won.any():
            self._pending[done[won]] = -1
            three = rons.all(axis=1)
            self._aborted(done[three], ended)
            some = won & ~three
            winners = np.where(rons[some], order[some], -1)  # (from the discarder's right)
            self._wins(done[some], winners, d[some], ended, rewards)
            done, d, order, answers = done[~won], d[~won], order[~won], answers[~won]
        self._let_go(done, order)
        # the call taken: pon or kan before chi, then the seat nearest the discarder
        kind = self._act_kind[answers]  # (-1, no answer: the last entry, 0)
        big = kind >= 2
        pick = np.where(big.any(axis=1), big.argmax(axis=1), (kind == 1).argmax(axis=1))
        took = kind.any(axis=1)
        act = answers[np.arange(len(done)), pick]
        self._stick_down(done[took], d[took], rewards)  # (a called riichi discard stands)
        kan = took & (self._act_kind[act] == 3)
        self._open_kan(done[kan], self._seat_order[d[kan], pick[kan]])
        calling = took & ~kan
        callers = self._seat_order[d[calling], pick[calling]]
        self._call(done[calling], callers, act[calling])
        self._forced(done[calling], ended, rewards)
        self._claim[done[~took]] = False
        self._after_discard(done[~took], d[~took], ended, rewards)

    def _robbed(self, rows: Any, d: Any, order: Any, rons: Any, ended: Any, rewards: Any) -> None:
        """The rob windows answered at ``rows`` (the kan seats ``d``; ``rons``, per seat
        from their right): the wins (every ron, no three-ron abort), else a ron not taken
        makes its seat furiten and the kan stands (its dora as it would have, ippatsu
        broken, the replacement draw)."""
        kind = self._rob[rows]
        self._claim[rows] = False
        won = rons.any(axis=1)
        if won.any():  # (the scorer's chankan: ``_rob`` still set)
            winners = np.where(rons[won], order[won], -1)
            self._wins(rows[won], winners, d[won], ended, rewards)
        self._rob[rows] = 0
        rows, d, order = rows[~won], d[~won], order[~won]
        self._let_go(rows, order)
        self._reveal(rows[kind[~won] == 2])  # (a closed kan's dora at once)
        self._kanned(rows, d)

    def _let_go(self, rows: Any, order: Any) -> None:
        """The windows at ``rows`` closed with no ron (``order``: the seats asked from the
        discarder's or kan seat's right): a seat that let a ron go is furiten until its
        next discard, and for the rest of the hand in riichi."""
        offered = self._offers[rows[:, None], order, _RON_AT] == self._ron
        if offered.any():
            self._temp_furiten[rows[:, None], order] |= offered
            self._riichi_furiten[rows[:, None], order] |= offered & (
                self._riichi[rows[:, None], order] > 0
            )

    def _furiten(self, r3: Any, others: Any, waits: Any) -> Any:
        """``(m, 3)``: whether each of the ``others`` at the rows ``r3`` (a column) is
        furiten for a ron: a wait of ``waits`` (their waits, ``(m, 3, 34)``) in its own
        river, or a ron let go since its discard (in riichi, this hand)."""
        furiten = (waits & (self._rcount[r3, others] > 0)).any(axis=2)
        return furiten | self._temp_furiten[r3, others] | self._riichi_furiten[r3, others]

    def _forced(self, rows: Any, ended: Any, rewards: Any) -> None:
        """A turn with one legal action, a discard of the one face it may let go (after a
        call, or a draw to a lone tile of its face with no win), is played at once (the
        environments' autoplay)."""
        if not len(rows):
            return
        seats = self._turn[rows]
        faces = self._faces
        allowed = (self._held[rows, seats, :faces] > 0) & ~self._banned[rows][:, self._kind[:faces]]
        allowed &= (self._riichi[rows, seats] == 0)[:, None] | (
            np.arange(faces)[None, :] == self._drawn[rows][:, None]
        )
        one = (allowed.sum(axis=1) == 1) & ~self._tsumo_ok[rows] & ~self._riichi_kan[rows]
        if one.any():
            chosen = allowed[one].argmax(axis=1)
            self._discard(rows[one], chosen, ended, rewards, np.zeros(len(chosen), bool))

    def _call(self, rows: Any, seats: Any, acts: Any) -> None:
        """Chi or pon ``acts`` by ``seats``: the meld, the called discard's flag, the
        caller's turn (no draw; kuikae)."""
        if not len(rows):
            return
        d = self._turn[rows]
        face = self._subject[rows]
        k = self._kind[face]
        used = self._used[acts]  # (m, 2): the faces taken from the hand
        uk = self._kind[used]
        for j in (0, 1):
            self._held[rows, seats, used[:, j]] -= 1
            self._kc[rows, seats, uk[:, j]] -= 1
        self._size[rows, seats] -= 2
        self._melds[rows, seats] += 1
        for kk in (k, uk[:, 0], uk[:, 1]):
            self._meld_kc[rows, seats, kk] += 1
        self._called_kc[rows, seats, k] += 1
        is_pon = uk[:, 0] == uk[:, 1]
        self._pon[rows[is_pon], seats[is_pon], k[is_pon]] = True
        # the meld's tiles are seen by all; the called discard no longer as a river tile
        self._public[rows, uk[:, 0]] += 1
        self._public[rows, uk[:, 1]] += 1
        self._called_flag(rows, d)
        self._clean[rows] = False
        self._ippatsu[rows] = False
        kinds_of = (MeldType.CHI, MeldType.PON)
        for i, seat, a, b, called, frm, pon in zip(
            rows.tolist(),
            seats.tolist(),
            used[:, 0].tolist(),
            used[:, 1].tolist(),
            face.tolist(),
            d.tolist(),
            is_pon.tolist(),
            strict=True,
        ):
            self._meld_list[i][seat].append((kinds_of[int(pon)], [a, b, called], frm))
        self._note_pao(rows[is_pon], seats[is_pon], k[is_pon], d[is_pon])
        # kuikae: the called kind, and for a chi at a run's end the other end's
        lo, hi = np.minimum(uk[:, 0], uk[:, 1]), np.maximum(uk[:, 0], uk[:, 1])
        shape = np.where(lo == k + 1, 2, np.where(hi == k - 1, 0, 1))
        self._banned[rows] = False
        self._banned[rows, k] = True
        self._banned[rows, np.where(is_pon, _K, self._chi_end[k, shape])] = True
        self._turn[rows] = seats
        self.seat[rows] = seats
        self._claim[rows] = False
        self._drawn[rows] = self._faces
        self._sh14[rows] = -9
        self._tsumo_ok[rows] = False
        self._riichi_ok[rows] = False
        self._kan_turn[rows] = False

    def _note_pao(self, rows: Any, seats: Any, k: Any, d: Any) -> None:
        """A pon or open kan of kind ``k`` by ``seats`` fed by ``d``: the feeder made
        liable where it completes a yakuman's sets (the settlement's ``pao_fed``)."""
        honour = np.flatnonzero(k >= _HONOURS)
        for j in honour.tolist():
            i, seat = int(rows[j]), int(seats[j])
            melds = self._meld_list[i][seat]
            sets = [int(self._kind[f[0]]) for mt, f, _ in melds if mt is not MeldType.CHI]
            for name in pao_fed(sets, int(k[j])):
                self._liable[i][seat][name] = int(d[j])

    def _called_flag(self, rows: Any, d: Any) -> None:
        """The last discard (by ``d``) called: its flag, in each viewer's row (and ``d``
        no longer a nagashi)."""
        self._was_called[rows, d] = True
        at = self._discarded_at[rows]
        slot = self._rlen[rows, d] - 1
        inside = (slot < self.encoder.river)[:, None]
        flags = self._base[rows][:, None] + self._flags_at[d] + (slot * 4 + 2)[:, None]
        place = (rows * (_P * 3 * _DISCARDS))[:, None] + self._viewer_at + 2 * _DISCARDS
        self._river_cells.reshape(-1)[place + at[:, None]] = np.where(inside, flags, self._trash)

    def _after_discard(self, rows: Any, d: Any, ended: Any, rewards: Any) -> None:
        """A discard nobody took: its riichi stands; the aborts of four riichi, of four
        first discards of one wind with no call, and of four kans by more than one
        player; the exhaustive draw at the wall's end; else the next seat's draw."""
        if not len(rows):
            return
        aborted = self._clean[rows] & (self._count[rows] == _P) & (self._first_wind[rows] >= 0)
        if self._stick_down(rows, d, rewards):  # (four riichi: only once a stick goes down)
            aborted |= (self._riichi[rows] > 0).all(axis=1)
        kans = self._kans[rows]
        four = kans.sum(axis=1) >= 4
        if four.any():  # (four kans by more than one player)
            aborted |= four & ((kans > 0).sum(axis=1) > 1)
        if aborted.any():
            self._aborted(rows[aborted], ended)
            rows, d = rows[~aborted], d[~aborted]
        empty = self._pos[rows] >= self._end[rows]
        self._exhausted(rows[empty], ended, rewards)
        self._queue_draw(rows[~empty], (d[~empty] + 1) % _P, False)
