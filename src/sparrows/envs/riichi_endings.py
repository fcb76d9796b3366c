"""How a hand of riichi's array tables (:mod:`.riichi_arrays`) ends, and the engine
beside them: the riichi stick put down, the wins (scored by the ruleset's own scorer,
paid by its settlement's ``win_deltas``), the aborts, the exhaustive draw (its noten
payments from the settlement's ``noten_moves`` table), what follows a hand (a new game,
or in whole games the next hand as the settlement's ``game_goes_on`` and ``next_honba``
decide it), and the hand-over of a table's episode to its own engine game (its walls,
its decisions replayed through :class:`~.core.EnvCore`) with the observations of the
tables playing there."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rules.riichi.points import nagashi_payment, settle
from ..rules.riichi.settlement import final_figures, game_goes_on, next_honba, win_deltas
from .core import EnvCore, end_rewards
from .riichi_tables import PLAYERS as _P
from .riichi_tables import TH as _TH
from .riichi_view import RiichiView
from .walls import HashWalls

__all__ = ["RiichiEndings"]

#: walls given to a table's engine game with whole games (a game plays fewer hands)
_AHEAD = 64


class RiichiEndings(RiichiView):
    """The hand's endings and the engine hand-over over the state of
    :class:`~.riichi_state.RiichiState`."""

    #: the :class:`EnvCore` arguments of every table (an engine table is made from them)
    config: dict[str, Any]

    #: a hand an episode ("hand") or a whole game ("game"); the rewards
    episode: str
    reward: str
    _walls: HashWalls

    def game_walls(self, row: int) -> list[list[int]]:
        """Table ``row``'s walls in ``Game``'s order: its current hand's, or with whole
        games the game's hands' from its first (more than a game plays)."""
        if self.episode == "hand":
            return [self.walls[row].tolist()]
        counters = self._game_first[row] + np.arange(_AHEAD, dtype=np.uint64)
        orders = self._walls.orders(np.full(_AHEAD, row), counters)
        return [list(o) for o in orders.tolist()]

    # ------------------------------------------------------------------ the game
    def _new_game(self, rows: Any) -> None:
        """A new game at ``rows``: the starting points, seat 0 the first dealer."""
        self._scores[rows] = self._start_points
        self._pot[rows] = 0
        self._dealer[rows] = 0
        self._kyoku[rows] = 0
        self._honba[rows] = 0
        self._hand_no[rows] = 0
        self._hlen[rows] = 0
        self._game_first[rows] = self._hands_played[rows]

    def _next_hands(self, rows: Any, over: Any, rewards: Any, illegal: Any) -> None:
        """The hands that ended at ``rows``: each game goes on (its next hand's dealer,
        honba and place, as the ruleset's settlement decides them) or its episode ends
        (``over``; with ``placement`` or ``final`` rewards, its end's) and a new game
        starts; then every one of them is dealt."""
        if self.episode == "hand":
            over[rows] = True
        else:
            for i in rows.tolist():
                if self._back[i]:  # (its next hand read from its engine game)
                    self._back[i] = False
                elif not over[i]:
                    over[i] = not self._game_goes_on(i, rewards)
        new = rows[over[rows]]
        for i in new.tolist():
            eng = self._engine[i]
            if self._on_engine[i] and eng is not None:
                if self.episode == "game":  # (the walls its engine game used)
                    used = np.uint64(len(eng.game.hand_orders))
                    self._hands_played[i] = self._game_first[i] + used
            elif self.reward != "points" and not illegal[i]:
                rewards[i] = self._end_rewards(i)
        self._new_game(new)
        self._deal(rows)

    def _end_rewards(self, i: int) -> list[float]:
        """Table ``i``'s rewards at its episode's end, as the environments give them
        (``end_rewards``): the places by the points (at a game's end, the final figures
        with uma and oka too)."""
        scores = self._scores[i].tolist()
        places = self.rules.places(scores)
        over = self.episode == "game"  # (a hand episode: the standing, not a result)
        final = final_figures(scores, places, self.rules.options) if over else scores
        return end_rewards(self.rules, self.reward, places, final, self._scale)

    def _deal(self, rows: Any) -> None:  # pragma: no cover (the play's own)
        """The next hand at ``rows`` (:class:`~.riichi_arrays.RiichiArrays`)."""
        raise NotImplementedError

    def _game_goes_on(self, i: int, rewards: Any) -> bool:
        """After table ``i``'s hand: the next hand's dealer, honba and place, or the game
        over (True: it goes on). At its end, the sticks left go to the first."""
        opts = self.rules.options
        scores = self._scores[i].tolist()
        dealer = int(self._dealer[i])
        renchan = bool(self._renchan[i])
        self._honba[i] = next_honba(int(self._honba[i]), renchan, bool(self._won[i]))
        places = self.rules.places(scores)
        final = (2 if opts.hanchan else 1) * _P - 1
        kyoku = int(self._kyoku[i])
        busted = opts.bust and min(scores) < 0
        top = places[dealer] == 1
        if busted or not game_goes_on(
            kyoku, renchan, bool(self._decided[i]), scores, dealer, top, final, opts
        ):
            if self._pot[i] and opts.sticks_to_winner_at_end:
                first = places.index(1)
                self._scores[i, first] += self._pot[i] * self._stick
                rewards[i, first] += self._pot[i] * self._stick / self._scale
                self._pot[i] = 0
            return False
        if not renchan:
            self._kyoku[i] = kyoku + 1
            self._dealer[i] = (dealer + 1) % _P
        self._hand_no[i] += 1
        return True

    def _aborted(self, rows: Any, ended: Any) -> None:
        """An abortive draw at ``rows`` (no points move; the dealer keeps the deal)."""
        ended[rows] = True
        self._renchan[rows] = True
        self._won[rows] = False
        self._decided[rows] = False

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

    def _wins(self, rows: Any, winners: Any, discarder: Any, ended: Any, rewards: Any) -> None:
        """The wins at ``rows``: per row its winners (seats from the discarder's right,
        -1 none; ``discarder`` None: a tsumo by the seat on turn), each scored by the
        ruleset's scorer and paid as the ruleset's settlement pays it (``win_deltas``: a
        yakuman a feeder is liable for, pao, included), the sticks on the table to the
        first; the hand ends."""
        tsumo = discarder is None
        opts = self.rules.options
        for j, row in enumerate(rows.tolist()):
            frm = None if discarder is None else int(discarder[j])
            face = int(self._drawn[row] if tsumo else self._subject[row])
            deltas = np.zeros(_P, dtype=np.int64)
            sticks, honba = int(self._pot[row]), int(self._honba[row])
            dealer = int(self._dealer[row])
            seats = [s for s in winners[j].tolist() if s >= 0]
            for seat in seats:
                result = self._score(row, seat, face, tsumo, sticks, honba)
                if not result.is_win:  # pragma: no cover (offered only where it is)
                    raise AssertionError(f"table {row}: a win the scorer refuses")
                liable = self._liable[row][seat]
                _, paid = win_deltas(seat, frm, dealer, tsumo, result, honba, liable, opts, _P)
                deltas += paid
                deltas[seat] += result.payment.sticks  # (from the table)
                sticks = honba = 0  # (the first winner's)
            self._scores[row] += deltas
            rewards[row] += deltas / self._scale
            self._pot[row] = 0
            ended[row] = True
            self._renchan[row] = dealer in seats
            self._won[row] = True
            self._decided[row] = True

    def _exhausted(self, rows: Any, ended: Any, rewards: Any) -> None:
        """The exhaustive draw: the noten payments, or where a seat's discards are all
        terminals and honours and none was called, its nagashi mangan (a mangan tsumo
        without honba or sticks, each such seat's, as the settlement pays it)."""
        if not len(rows):
            return
        ready = self._waits[rows].any(axis=2)
        deltas = self._noten[(ready * self._bit).sum(axis=1)]
        if self.rules.options.nagashi_mangan:
            plain = (self._rcount[rows][:, :, ~_TH].sum(axis=2) == 0) & (self._rlen[rows] > 0)
            nagashi = plain & ~self._was_called[rows]  # (m, players)
            for j in np.flatnonzero(nagashi.any(axis=1)).tolist():
                dealer = int(self._dealer[rows[j]])
                deltas[j] = 0
                for seat in np.flatnonzero(nagashi[j]).tolist():
                    pay, _ = nagashi_payment(seat == dealer, 0, self.rules.options)
                    deltas[j] += settle(pay, seat, None, dealer, players=_P)
        self._scores[rows] += deltas
        rewards[rows] += deltas / self._scale
        ended[rows] = True
        self._renchan[rows] = ready[np.arange(len(rows)), self._dealer[rows]]
        self._won[rows] = False
        self._decided[rows] = True

    # ------------------------------------------------------------------ the engine
    def _engine_off(self, i: int) -> None:
        self._on_engine[i] = False

    def _engine_take(self, i: int) -> tuple[bool, bool, list[int], list[float]]:
        """Table ``i``'s episode goes on on an engine game: its walls given, the game's
        decisions replayed. Whether that ended the hand, and the episode, every seat's
        points now and its rewards so far (a game's next hand: back to the arrays)."""
        eng = self._engine[i]
        if eng is None:
            eng = self._engine[i] = EnvCore(**self.config)
        eng.new_game(0, walls=self.game_walls(i))
        for seat, act in self._hist[i, : self._hlen[i]].tolist():
            if not eng.play(seat, act):
                raise AssertionError(f"table {i}: the engine refused a replayed decision")
        self._on_engine[i] = True
        got = eng.rewards()  # (its rewards from now on: what follows)
        ended = eng.done or self._engine_back(i, eng)
        return ended, eng.done, list(eng.game.scores), got

    def _engine_step(self, i: int, act: int, rewards: Any, illegal: Any) -> tuple[bool, bool]:
        """Table ``i``'s decision on its engine game (kept for a later replay): whether
        it ended the hand, and the episode (a game's next hand: back to the arrays)."""
        eng = self._engine[i]
        assert eng is not None
        seat = int(self.seat[i])
        self._hist[i, self._hlen[i]] = (seat, act)
        self._hlen[i] += 1
        eng.play(seat, act)
        got = eng.rewards()
        if any(got):
            rewards[i] = got
        if eng.done:
            illegal[i] = eng.illegal is not None
            return True, True
        return self._engine_back(i, eng), False

    def _engine_back(self, i: int, eng: EnvCore) -> bool:
        """With whole games, once table ``i``'s engine game has gone on to its next hand:
        the game's state read back into the arrays, which deal that hand (its wall, the
        same) and play it (True)."""
        game = eng.game
        if game.hand_number == self._hand_no[i]:
            return False
        self._scores[i] = game.scores
        self._pot[i] = game.ledger.pots["points"] // self._stick
        self._dealer[i] = game.dealer
        self._kyoku[i] = game.state.kyoku
        self._honba[i] = game.state.honba
        self._hand_no[i] = game.hand_number
        self._hands_played[i] = self._game_first[i] + np.uint64(game.hand_number)
        self._back[i] = True
        return True

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
