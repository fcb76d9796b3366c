"""The state of riichi's array tables (:mod:`.riichi_arrays`): every array a table is
made of, one row (or block of rows) per table, made once for ``n`` tables and reset by
each deal."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..tiles import MeldType
from .core import EnvCore
from .riichi_tables import DECISIONS as _DECISIONS
from .riichi_tables import DISCARDS as _DISCARDS
from .riichi_tables import KINDS as _K
from .riichi_tables import OFFERS as _OFFERS
from .riichi_tables import PLAYERS as _P
from .riichi_tables import TILES as _TILES
from .riichi_tables import RiichiTables

__all__ = ["RiichiState"]


class RiichiState(RiichiTables):
    """The arrays of ``n`` tables (attributes; played by
    :class:`~.riichi_arrays.RiichiArrays`, read by :class:`~.riichi_view.RiichiView`)."""

    def _allocate(self, n: int) -> None:
        """The state, one row per table."""
        self.n = n
        self._allocate_game(n)
        self._allocate_hands(n)
        self._allocate_facts(n)
        self._allocate_window_and_view(n)

    def _allocate_game(self, n: int) -> None:
        """The game around the hand: points, sticks, the dealer, the hand's place."""
        self._scores = np.zeros((n, _P), dtype=np.int64)
        self._pot = np.zeros(n, dtype=np.int64)  # riichi sticks on the table
        self._dealer = np.zeros(n, dtype=np.int64)
        self._kyoku = np.zeros(n, dtype=np.int64)  # the hand's place by dealer turns
        self._honba = np.zeros(n, dtype=np.int64)
        self._hand_no = np.zeros(n, dtype=np.int64)  # hands of the game before this one
        self._game_first = np.zeros(n, dtype=np.uint64)  # the walls' counter at its start
        # how the hand ended: the dealer keeps the deal; a win; a win or the exhaustive
        # draw (not an abort)
        self._renchan = np.zeros(n, dtype=bool)
        self._won = np.zeros(n, dtype=bool)
        self._decided = np.zeros(n, dtype=bool)
        self._back = np.zeros(n, dtype=bool)  # the next hand read from the engine's game

    def _allocate_hands(self, n: int) -> None:
        """The walls, the hands, the melds and the rivers."""
        p, faces = _P, self._faces
        self.walls = np.zeros((n, _TILES), dtype=np.int64)  # ids, in Game's order
        self._draws = np.zeros((n, _TILES), dtype=np.int64)  # faces, in that order
        self._pos = np.zeros(n, dtype=np.int64)  # the next draw's index in ``_draws``
        self._held = np.zeros((n, p, faces + 1), dtype=np.int8)  # faces held (+ "none")
        self._kc = np.zeros((n, p, _K), dtype=np.int8)  # kinds held
        self._size = np.zeros((n, p), dtype=np.int64)  # tiles held
        self._melds = np.zeros((n, p), dtype=np.int64)  # melds called
        self._meld_kc = np.zeros((n, p, _K), dtype=np.int8)  # tiles in melds, by kind
        self._called_kc = np.zeros((n, p, _K), dtype=np.int8)  # tiles taken, by kind
        self._pon = np.zeros((n, p, _K), dtype=bool)  # a pon of that kind
        self._rcount = np.zeros((n, p, _K), dtype=np.int8)  # the rivers, by kind
        self._rlen = np.zeros((n, p), dtype=np.int64)
        self._public = np.zeros((n, _K), dtype=np.int64)  # seen by all: river, melds, dora
        self._waits = np.zeros((n, p, _K), dtype=bool)  # each concealed hand's waits
        self._banned = np.zeros((n, _K + 1), dtype=bool)  # kuikae: kinds not to discard now
        self._turn = np.zeros(n, dtype=np.int64)  # the seat on turn (the discarder)
        self.seat = np.zeros(n, dtype=np.int32)  # the acting seat
        self._drawn = np.full(n, faces, dtype=np.int64)  # the face drawn (faces: none)
        self._claim = np.zeros(n, dtype=bool)  # a claim window is open
        # it is on a kan a ron may rob (chankan): 0 no, 1 an added kan, 2 a closed kan
        self._rob = np.zeros(n, dtype=np.int8)
        self._subject = np.zeros(n, dtype=np.int64)  # the face discarded

    def _allocate_facts(self, n: int) -> None:
        """The hand's facts: dora, kans, the turn's offers, furiten, riichi."""
        p = _P
        self._ind_kc = np.zeros((n, _K), dtype=np.int8)  # the indicators face up, by kind
        self._revealed = np.zeros(n, dtype=np.int64)  # indicators face up
        self._dora_due = np.zeros(n, dtype=np.int64)  # kan dora to turn at the next discard
        self._kans = np.zeros((n, p), dtype=np.int64)
        self._closed_kans = np.zeros((n, p), dtype=np.int64)
        self._ckong_kc = np.zeros((n, p, _K), dtype=np.int8)  # tiles in closed kans
        self._end = np.zeros(n, dtype=np.int64)  # the live wall's end (kans shorten it)
        self._clean = np.zeros(n, dtype=bool)  # no call yet this hand
        self._nine = np.zeros(n, dtype=bool)  # the turn may abort: nine terminals
        self._tsumo_ok = np.zeros(n, dtype=bool)  # the turn may win (the scorer says)
        self._kan_turn = np.zeros(n, dtype=bool)  # the turn may declare a kan
        self._riichi_kan = np.zeros(n, dtype=bool)  # in riichi: a closed kan of the draw
        self._was_called = np.zeros((n, _P), dtype=bool)  # a discard of the seat's called
        self._riichi_ok = np.zeros((n, _K), dtype=bool)  # discards that may declare riichi
        self._rinshan = np.zeros(n, dtype=bool)  # the turn's tile is a kan's replacement
        self._temp_furiten = np.zeros((n, p), dtype=bool)  # a ron passed since its discard
        # riichi: per seat 0, 1 or 2 (double); a ron passed in riichi (furiten for the
        # hand); the seat whose riichi discard awaits its claims (-1), a double one
        self._riichi = np.zeros((n, p), dtype=np.int64)
        self._riichi_furiten = np.zeros((n, p), dtype=bool)
        self._pending = np.full(n, -1, dtype=np.int64)
        self._pending_double = np.zeros(n, dtype=bool)
        self._ippatsu = np.zeros((n, p), dtype=bool)  # in riichi, no call nor own discard since
        #: per table and seat, its melds as the scorer reads them (type, faces, feeder)
        self._meld_list: list[list[list[tuple[MeldType, list[int], int | None]]]] = [
            [[] for _ in range(p)] for _ in range(n)
        ]
        #: per table and seat, the seat liable for each pao yakuman it was fed (pao)
        self._liable: list[list[dict[str, int]]] = [[{} for _ in range(p)] for _ in range(n)]
        # the shanten of the hand on turn once it drew (-9: not known, after a call): a
        # hand 1 or more from ready before its discard is not ready after it
        self._sh14 = np.zeros(n, dtype=np.int64)
        self._first_wind = np.zeros(n, dtype=np.int64)  # the first discards' wind, or -1
        self._count = np.zeros(n, dtype=np.int64)  # discards this hand
        self._discarded_at = np.zeros(n, dtype=np.int64)  # the last discard's index

    def _allocate_window_and_view(self, n: int) -> None:
        """The claim window, the observation's cells and the mask, the hand's decisions
        (for the engine's replay), the engine tables."""
        p, size = _P, self.encoder.size
        # the claim window: seats still to answer (bits), each seat's offers and answer
        self._asked = np.zeros(n, dtype=np.int64)
        self._offers = np.full((n, p, _OFFERS), self.action_size, dtype=np.int64)
        self._answer = np.full((n, p), -1, dtype=np.int64)
        # each discard's cells in each viewer's row: its one-hot in order, its tsumogiri
        # flag, its called flag (the trash cell where there is none)
        self._cells = np.zeros(n * size + 1, dtype=np.float32)
        self._trash = n * size
        self.obs = self._cells[: self._trash].reshape(n, size)
        self._base = np.arange(n) * size
        self._river_cells = np.full((n, p * 3 * _DISCARDS), self._trash, dtype=np.int64)
        self._viewer_at = (np.arange(p) * 3 * _DISCARDS)[None, :]  # each viewer's part
        # and per viewer, the riichi flag cell of each seat's riichi discard (one a hand)
        self._riichi_cells = np.full((n, p * p), self._trash, dtype=np.int64)
        river, order, flags = self.encoder.river, self._off["river_order"], self._off["river_flags"]
        rel = (np.arange(p)[:, None] - np.arange(p)[None, :]) & 3  # [seat, viewer]
        self._order_at = order + rel * river * _K
        self._flags_at = flags + rel * river * 4
        self._mask_full = np.zeros((n, self.action_size + 1), dtype=np.int8)  # (+ "none")
        self.mask = self._mask_full[:, : self.action_size]
        # the game's decisions, for the engine's replay (grown as a game needs)
        self._hist = np.zeros((n, _DECISIONS, 2), dtype=np.int64)  # (seat, action)
        self._hlen = np.zeros(n, dtype=np.int64)
        self._hands_played = np.zeros(n, dtype=np.uint64)
        # tables playing their hand on the engine
        self._engine: list[EnvCore | None] = [None] * n
        self._on_engine = np.zeros(n, dtype=bool)
        self._rows = np.arange(n)
        self._queued: list[tuple[Any, Any, Any]] = []  # draws of the step (_queue_draw)
