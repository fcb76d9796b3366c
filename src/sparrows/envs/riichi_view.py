"""What each acting seat of riichi's array tables (:mod:`.riichi_arrays`) sees and may
do: its observation and mask, written from the arrays cell for cell as
:class:`~.live.LiveEncoder` writes them from a game (tested at every decision), and the
facts the offers need: whether the ruleset's scorer finds a win, which discards leave a
hand ready."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..analysis.batch import batch_waits
from ..rules.riichi.scoring import RiichiScore, score
from ..rules.riichi.situation import WinSituation, timing
from ..tiles import Meld
from .riichi_state import RiichiState
from .riichi_tables import DISCARDS as _DISCARDS
from .riichi_tables import INDICATOR as _INDICATOR
from .riichi_tables import KINDS as _K
from .riichi_tables import PLAYERS as _P
from .riichi_tables import URA as _URA

__all__ = ["RiichiView"]


class RiichiView(RiichiState):
    """:meth:`_encode`, :meth:`_masks` and the offers' facts over the state of
    :class:`~.riichi_state.RiichiState`."""

    def _encode(self) -> None:
        """Each table's acting seat's observation and mask, from the arrays."""
        n, p, k = self.n, _P, _K
        rows, me = self._rows, self.seat.astype(np.int64)
        off = self._off
        obs = self.obs
        obs[:] = 0
        rel = (me[:, None] + np.arange(p)[None, :]) & 3  # relative seat -> seat
        r4 = rows[:, None]
        kc = self._kc[r4, rel].astype(np.int64)  # (n, 4, 34)
        own = kc[:, 0]
        hand = obs[:, off["hand"] : off["hand"] + 4 * k].reshape(n, 4, k)
        hand[:] = own[:, None, :] > np.arange(4)[None, :, None]
        red = self._held[rows, me][:, self._redf]  # (n, 34): the red face of each kind
        obs[:, off["copies"] : off["copies"] + k] = red * (self._redf < self._faces)
        claim = self._claim
        drawn = (self._drawn < self._faces) & ~claim  # (a kan robbed: the kan seat's)
        cells = np.stack(  # (-1: none)
            [
                np.where(drawn, off["drawn"] + self._kind[self._drawn], -1),
                np.where(claim, off["subject"] + self._kind[self._subject], -1),
                np.where(
                    claim,
                    np.where(self._rob > 0, self._prompt_rob, self._prompt_claim),
                    self._prompt_turn,
                ),
                np.where(claim, off["offered_by"] + ((self._turn - me) & 3), -1),
                off["dealer"] + ((self._dealer - me) & 3),
                off["seat_wind"] + ((me - self._dealer) & 3),
                off["round_wind"] + self._kyoku // p % 4,
                np.where(self._turn == me, off["counters"] + 3, -1),
            ]
        )
        ones = np.where(cells < 0, self._trash, self._base + cells)
        # each viewer's cells of the discards so far (of the hand's ``_DISCARDS``)
        upto = int(self._count.max())
        at = rows * p + me
        river = self._river_cells.reshape(n * p, 3, _DISCARDS)[at, :, :upto]
        riichi = self._riichi_cells.reshape(n * p, p)[at]
        self._cells[np.concatenate([ones.ravel(), river.ravel(), riichi.ravel()])] = 1
        obs[:, off["melds"] : off["melds"] + p * k] = self._meld_kc[r4, rel].reshape(n, p * k)
        obs[:, off["called"] : off["called"] + p * k] = self._called_kc[r4, rel].reshape(n, p * k)
        obs[:, off["river_counts"] : off["river_counts"] + p * k] = self._rcount[r4, rel].reshape(
            n, p * k
        )
        seen = np.minimum(own + self._public, 4)
        obs[:, off["seen"] : off["seen"] + k] = seen * 0.25
        obs[:, off["points"] : off["points"] + p] = self._scores[r4, rel] / self._scale
        obs[:, off["concealed"] : off["concealed"] + p] = (
            self._size[r4, rel] / self.encoder.hand_size
        )
        obs[:, off["indicators"] : off["indicators"] + k] = self._ind_kc
        obs[:, off["closed_kongs"] : off["closed_kongs"] + p * k] = self._ckong_kc[r4, rel].reshape(
            n, p * k
        )
        obs[:, off["wall"]] = (self._end - self._pos) / self.encoder.wall
        obs[:, off["wall"] + 1] = (14 - self._revealed) / self.encoder.wall
        # furiten (a claim's answer: 13, 10, 7, 4 or 1 tiles, a wait in its own river)
        mine = self._waits[rows, me]
        furiten = claim & (mine & (self._rcount[rows, me] > 0)).any(axis=1)
        furiten |= self._temp_furiten[rows, me] | self._riichi_furiten[rows, me]
        obs[:, off["riichi"] : off["riichi"] + 2 * p : 2] = self._riichi[r4, rel] > 0
        obs[:, off["counters"]] = self._honba / 10
        obs[:, off["counters"] + 1] = self._pot / 10
        obs[:, off["counters"] + 2] = self._hand_no / 16
        obs[:, off["furiten"]] = furiten
        self._masks(me, own)

    def _masks(self, me: Any, own: Any) -> None:
        """The acting seat's legal actions: a turn's discards (not the kuikae kinds after
        a call) and kans, or a claim's offers and the pass."""
        mask = self._mask_full
        mask[:] = 0
        faces = self._faces
        claim = self._claim
        turn = ~claim
        held = self._held[self._rows, me][:, :faces]
        mask[:, :faces] = (held > 0) & ~self._banned[:, self._kind[:faces]] & turn[:, None]
        r = np.flatnonzero((self._riichi[self._rows, me] > 0) & turn)  # (the drawn tile only)
        if len(r):
            mask[r, :faces] = 0
            mask[r, self._drawn[r]] = 1
            k = np.flatnonzero(self._riichi_kan)  # (and its closed kan, where offered)
            mask[k, self._ankan_of_drawn[self._drawn[k]]] = 1
        mask[:, self._abort] = self._nine & turn
        mask[:, self._tsumo] = self._tsumo_ok & turn
        r = np.flatnonzero(self._riichi_ok.any(axis=1) & turn)
        if len(r):
            ok = (held[r] > 0) & self._riichi_ok[r][:, self._kind[:faces]]
            mask[r[:, None], np.where(ok, self._riichi_at[None, :faces], self._no)] = 1
        # kans on a turn with a draw (the wall not empty): four held, or a pon's fourth
        r = np.flatnonzero(self._kan_turn & turn)
        if len(r):
            held_r = self._held[r, me[r]]
            red = held_r[:, self._redf] > 0  # (m, 34)
            plain = held_r[:, self._plain] > 0
            four = own[r] == 4
            added = self._pon[r, me[r]] & (own[r] >= 1)
            r34 = r[:, None]
            mask[r34, np.where(four & red, self._ankan_at[None, :, 1], self._no)] = 1
            mask[r34, np.where(four & ~red, self._ankan_at[None, :, 0], self._no)] = 1
            mask[r34, np.where(added & red, self._kakan_at[None, :, 1], self._no)] = 1
            mask[r34, np.where(added & plain, self._kakan_at[None, :, 0], self._no)] = 1
        # a claim's offers
        c = np.flatnonzero(claim)
        if len(c):
            offers = self._offers[c, me[c]]  # (m, _OFFERS)
            mask[c[:, None], offers] = 1
            mask[c, self._pass] = 1
        mask[:, -1] = 0

    def _is_win(self, row: int, seat: int, face: int, tsumo: bool) -> bool:
        """Whether the ruleset's scorer finds a win for ``seat`` on ``face`` (its draw, or
        the discard)."""
        return self._score(row, seat, face, tsumo, 0, 0).is_win

    def _score(
        self, row: int, seat: int, face: int, tsumo: bool, sticks: int, honba: int
    ) -> RiichiScore:
        """The ruleset's score of ``seat``'s win on ``face`` (its draw, or the discard),
        from the table's state as the engine builds it (``RiichiBase._situation``), with
        ``sticks`` riichi sticks and ``honba`` to collect."""
        tile = self._face_tile
        held = self._held[row, seat, : self._faces].tolist()
        if tsumo:
            held[face] -= 1
        concealed = tuple(tile[f] for f, c in enumerate(held) for _ in range(c))
        melds = tuple(
            Meld(kind, tuple(sorted(tile[f] for f in faces)), _source(frm, seat))
            for kind, faces, frm in self._meld_list[row][seat]
        )
        dealer = int(self._dealer[row])
        when = timing(
            tsumo=tsumo,
            last=bool(self._pos[row] >= self._end[row]),
            replacement=bool(self._rinshan[row]),
            chankan=bool(self._rob[row]),
            first=bool(self._clean[row]) and bool(self._rlen[row, seat] == 0),
            dealer=seat == dealer,
        )
        revealed = int(self._revealed[row])
        shown = self._draws[row, _INDICATOR : _INDICATOR + revealed].tolist()
        riichi = int(self._riichi[row, seat])
        under = self._draws[row, _URA : _URA + revealed].tolist() if riichi else []
        situation = WinSituation(
            concealed,
            tile[face],
            melds,
            tsumo=tsumo,
            riichi=riichi > 0,
            double_riichi=riichi == 2,
            ippatsu=riichi > 0 and bool(self._ippatsu[row, seat]),
            rinshan=when.rinshan,
            chankan=when.chankan,
            haitei=when.haitei,
            houtei=when.houtei,
            tenhou=when.tenhou,
            chiihou=when.chiihou,
            seat_wind=(seat - dealer) % _P,
            round_wind=int(self._kyoku[row]) // _P % 4,
            dora_indicators=tuple(tile[f] for f in shown),
            ura_indicators=tuple(tile[f] for f in under),
            honba=honba,
            riichi_sticks=sticks,
        )
        return score(situation, self.rules.options)

    @staticmethod
    def _ready_after(hands: Any) -> Any:
        """``(m, 34)``: the kinds whose discard leaves each hand (``(m, 34)`` counts)
        ready."""
        at, kinds = np.nonzero(hands > 0)
        less = hands[at]
        less[np.arange(len(at)), kinds] -= 1
        ready = np.zeros(hands.shape, dtype=bool)
        ready[at, kinds] = batch_waits(less).any(axis=1)
        return ready


def _source(frm: int | None, seat: int) -> int | None:
    """A meld's feeder relative to its owner (1 right, 2 across, 3 left), as the engine's
    ``meld_view`` gives it."""
    return None if frm is None else (frm - seat) % _P
