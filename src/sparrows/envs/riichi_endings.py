"""How a hand of riichi's array tables (:mod:`.riichi_arrays`) ends, and the engine
beside them: the riichi stick put down, the wins (scored by the ruleset's own scorer,
paid by its ``settle``), the exhaustive draw (its noten payments from the settlement's
``noten_moves`` table), and the hand-over of a table's hand to its own engine game
(its wall, its decisions replayed through :class:`~.core.EnvCore`) with the
observations of the tables playing there."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rules.riichi.points import settle
from ..rules.riichi.table import PAO_YAKUMAN
from .core import EnvCore
from .riichi_tables import PLAYERS as _P
from .riichi_tables import TH as _TH
from .riichi_view import RiichiView

__all__ = ["RiichiEndings"]


class RiichiEndings(RiichiView):
    """The hand's endings and the engine hand-over over the state of
    :class:`~.riichi_state.RiichiState`."""

    #: the :class:`EnvCore` arguments of every table (an engine table is made from them)
    config: dict[str, Any]

    def game_walls(self, row: int) -> list[list[int]]:
        """Table ``row``'s wall for its current hand, in ``Game``'s order."""
        return [self.walls[row].tolist()]

    def _stick_down(self, rows: Any, d: Any, rewards: Any) -> bool:
        """The riichi declared by ``d``'s discard at ``rows``, which nobody ronned,
        stands: its stick goes to the table (the seat's points, and its reward). Whether
        any did."""
        up = rows[self._pending[rows] == d]
        if not len(up):
            return False
        seat = self._pending[up]
        self._riichi[up, seat] = np.where(self._pending_double[up], 2, 1)
        self._ippatsu[up, seat] = True
        self._scores[up, seat] -= self._stick
        rewards[up, seat] -= self._stick / self._scale
        self._pot[up] += 1
        self._pending[up] = -1
        return True

    def _wins(
        self, rows: Any, winners: Any, discarder: Any, fallback: Any, ended: Any, rewards: Any
    ) -> None:
        """The wins at ``rows``: per row its winners (seats from the discarder's right,
        -1 none; ``discarder`` None: a tsumo by the seat on turn), each scored by the
        ruleset's scorer and paid as the ruleset's settlement pays it (``settle``), the
        sticks on the table to the first; the hand ends. A yakuman that may make a feeder
        liable (pao): the engine."""
        tsumo = discarder is None
        for j, row in enumerate(rows.tolist()):
            frm = None if discarder is None else int(discarder[j])
            face = int(self._drawn[row] if tsumo else self._subject[row])
            deltas = np.zeros(_P, dtype=np.int64)
            sticks = int(self._pot[row])
            for seat in (s for s in winners[j].tolist() if s >= 0):
                result = self._score(row, seat, face, tsumo, sticks)
                if not result.is_win:  # pragma: no cover (offered only where it is)
                    raise AssertionError(f"table {row}: a win the scorer refuses")
                if any(name in PAO_YAKUMAN for name, _ in result.yaku):
                    fallback[row] = True
                    break
                deltas += settle(result.payment, seat, frm, 0, None, 0, _P)
                sticks = 0  # (the first winner's)
            else:
                self._scores[row] += deltas
                rewards[row] += deltas / self._scale
                ended[row] = True

    def _exhausted(self, rows: Any, fallback: Any, ended: Any, rewards: Any) -> None:
        """The exhaustive draw: noten payments (a nagashi mangan that may come: the
        engine)."""
        if not len(rows):
            return
        other = ~_TH
        nagashi = ((self._rcount[rows][:, :, other].sum(axis=2) == 0) & (self._rlen[rows] > 0)).any(
            axis=1
        )
        fallback[rows[nagashi]] = True
        rows = rows[~nagashi]
        ready = self._waits[rows].any(axis=2)
        deltas = self._noten[(ready * self._bit).sum(axis=1)]
        self._scores[rows] += deltas
        rewards[rows] += deltas / self._scale
        ended[rows] = True

    # ------------------------------------------------------------------ the engine
    def _engine_off(self, i: int) -> None:
        self._on_engine[i] = False

    def _engine_take(self, i: int) -> tuple[bool, list[int]]:
        """Table ``i``'s hand goes on on an engine game: its wall given, its decisions
        replayed. Whether that ended the hand, and every seat's points now."""
        eng = self._engine[i]
        if eng is None:
            eng = self._engine[i] = EnvCore(**self.config)
        eng.new_game(0, walls=self.game_walls(i))
        for seat, act in self._hist[i, : self._hlen[i]].tolist():
            if not eng.play(seat, act):
                raise AssertionError(f"table {i}: the engine refused a replayed decision")
        self._on_engine[i] = True
        eng.rewards()  # (its rewards from now on: what follows)
        return eng.done, list(eng.game.scores)

    def _engine_step(self, i: int, act: int, rewards: Any, illegal: Any) -> bool:
        """Table ``i``'s decision on its engine game; True if the hand ended."""
        eng = self._engine[i]
        assert eng is not None
        eng.play(int(self.seat[i]), act)
        got = eng.rewards()
        if any(got):
            rewards[i] = got
        if eng.done:
            illegal[i] = eng.illegal is not None
            return True
        return False

    # ------------------------------------------------------------------ observations
    def _finish(self) -> None:
        """Every table's observation and mask: from the arrays, or from its engine."""
        self._encode()
        for i in np.flatnonzero(self._on_engine).tolist():
            eng = self._engine[i]
            assert eng is not None
            seat = eng.to_act()[0]
            self.seat[i] = seat
            eng.live.encode(eng.game, seat, self.obs[i])
            self.mask[i] = eng._offer(seat)[2]
