"""The environments' fast encoding: :class:`LiveEncoder` keeps one table's encodings up
to date from the game's state between calls, writing only what changed, and gives the
same arrays as :meth:`~.encoding.Encoder.encode` of the seat's view (tested at every
decision of every ruleset)."""

from __future__ import annotations

from collections.abc import Collection
from operator import attrgetter
from typing import Any, Final

import numpy as np

from ..engine.board import CALLED, DEAD, RIICHI, TSUMOGIRI, WON, EngineMeld
from ..engine.game import Game
from ..tiles import MeldType
from .layout import PROMPT_KINDS, Layout

_SUITS: Final = "mps"

_PROMPT_INDEX: Final = {kind: i for i, kind in enumerate(PROMPT_KINDS)}
# The vector's groups, each written when what it is made of changes (_Viewer.last); Final:
# the compiled build reads them as constants, not from the module's dictionary.
_POINTS: Final = 0
_CHIPS: Final = 1
_WON: Final = 2
_DEALER: Final = 3
_SEAT_WIND: Final = 4
_ROUND_WIND: Final = 5
_COUNTERS: Final = 6
_HAND: Final = 7
_TURN: Final = 8
_LEFT: Final = 9
_DEAD: Final = 10
_RIICHI: Final = 11
_FURITEN: Final = 12
_VOID: Final = 13
_PROMPT: Final = 14
_OFFERED_BY: Final = 15
_GROUPS: Final = 16
_ONE_HOT: Final = (_DEALER, _SEAT_WIND, _ROUND_WIND, _PROMPT, _OFFERED_BY)
_FLAG_BITS: Final = (TSUMOGIRI, RIICHI, CALLED, DEAD)  # the river_flags order
_CLOSED_KAN: Final = MeldType.CLOSED_KAN
_ADDED_KAN: Final = MeldType.ADDED_KAN

#: A meld as last encoded (its tiles a copy): what _MELD reads of a meld now.
_MeldSnap = tuple[MeldType, list[int], int | None, int | None]
_MELD: Final = attrgetter("type", "tiles", "called", "from_seat")


class _Viewer:
    """One seat's encoding as last made, and the private parts it was made from."""

    __slots__ = (
        "arr",
        "concealed",
        "copies",
        "counts",
        "dirty",
        "drawn",
        "hand",
        "last",
        "seen",
        "shown",
        "shown_any",
        "subject",
    )

    def __init__(self, size: int, kinds: int, players: int) -> None:
        self.arr: Any = np.zeros(size, dtype=np.float32)
        self.seen = [0] * kinds  # copies of each kind the seat sees (not capped at 4)
        self.dirty: set[int] = set()  # kinds whose ``seen`` cell is out of date
        self.hand: list[int] = []  # its concealed tiles (ids)
        self.counts = [0] * kinds
        self.copies = [0] * kinds
        self.drawn = -1  # the kind in the drawn plane, -1: none
        self.subject = -1  # the kind in the subject plane, -1: none
        self.shown = [0] * kinds  # the other seats' hands shown to it (an open riichi)
        self.shown_any = False
        #: per vector group (_POINTS ..): what its cells were last written from
        self.last: list[Any] = [None] * _GROUPS
        self.concealed = [-1] * players  # per relative seat: its concealed tiles
        for slot in _ONE_HOT:
            self.last[slot] = -1  # the cell set, -1: none


class LiveEncoder:
    """One table's encodings, kept up to date from the game's state between calls: the
    fast path of :class:`sparrows.envs.core.EnvCore` (and, made afresh each call, of
    :meth:`Encoder.encode_game`).

    :meth:`encode` gives exactly ``encoder.encode(game.view(seat))``. It reads only what
    the view holds: the public table (rivers, melds, bonus tiles, indicators, scores,
    counters, the ruleset's public facts), and the seat's own concealed tiles, drawn tile
    and prompt, the hands the ruleset shows it (:meth:`Ruleset.shown_hands`) and its
    private facts (:meth:`Ruleset.extra`). Each seat's array is kept between calls; a call
    writes only the cells that changed (a discard, a call, a draw), found by comparing
    the game's lists with copies kept here. A new game or a new hand starts afresh.
    """

    def __init__(self, encoder: Layout) -> None:
        self.encoder = e = encoder
        self.p = p = e.players
        self.k = e.kinds
        self.r = e.river
        at, off = e._plane_at, e.offset
        self._hand_at = off["hand"]
        self._copies_at = off["copies"]
        self._drawn_at = off["drawn"]
        self._subject_at = off["subject"]
        self._indicators_at = off["indicators"]
        self._seen_at = off["seen"]
        self._melds_row = at["melds"]
        self._called_row = at["called"]
        self._closed_row = at["closed_kongs"]
        self._counts_row = at["river_counts"]
        self._bonus_row = at["bonus"]
        self._order_row = at["river_order"]
        self._flags_at = off["river_flags"]
        self._points_at = off["points"]
        self._chips_at = off["chips"]
        self._concealed_at = off["concealed"]
        self._won_at = off["won"]
        self._dealer_at = off["dealer"]
        self._seat_wind_at = off["seat_wind"]
        self._round_wind_at = off["round_wind"]
        self._counters_at = off["counters"]
        self._wall_at = off["wall"]
        self._riichi_at = off["riichi"]
        self._furiten_at = off["furiten"]
        self._void_at = off["void"]
        self._prompt_at = off["prompt"]
        self._offered_by_at = off["offered_by"]
        self._seats_from = [[(v + r) % p for r in range(p)] for v in range(p)]
        self.game: Game | None = None
        self._viewers: dict[int, _Viewer] = {}
        self._pairs: list[tuple[int, _Viewer]] = []
        self._hand_lists: tuple[object, object, object] = (None, None, None)
        self._kind: list[int] = []
        self._copy: list[int] = []
        self._winds: tuple[int, ...] | None = None
        self._extra_kind: str | None = None  # the kind of the ruleset's extra
        self._start()

    def _start(self) -> None:
        """Empty every snapshot of the public table."""
        p = self.p
        self._tiles: list[list[int]] = [[] for _ in range(p)]  # each river as encoded
        self._flags: list[list[int]] = [[] for _ in range(p)]
        self._melds: list[list[_MeldSnap]] = [[] for _ in range(p)]
        self._meld_cells: list[list[tuple[int, int]]] = [[] for _ in range(p)]
        self._meld_seen: list[list[int]] = [[] for _ in range(p)]
        self._bonus: list[list[int]] = [[] for _ in range(p)]
        self._revealed: list[int] = []
        self._meld_moves = -1  # the game's meld_moves when the melds were compared

    def _reset(self, game: Game, seat: int) -> _Viewer:
        """Start afresh: a new game, a new hand, or a seat not encoded before."""
        if game.n != self.p:
            raise ValueError(f"a {self.p}-player encoder cannot encode a {game.n}-player game")
        if not 0 <= seat < self.p:
            raise ValueError(f"there is no seat {seat!r} (seats are 0-{self.p - 1})")
        self.game = game
        self._hand_lists = (game.discards, game.melds, game.bonus)
        self._kind, self._copy = self.encoder.tile_kinds(game)
        self._winds = game.ruleset.seat_winds(game)  # this hand's
        self._extra_kind = getattr(game.ruleset.extra_class, "kind", None)
        size, kinds = self.encoder.size, self.k
        seats = sorted({*self._viewers, seat})
        self._viewers = {s: _Viewer(size, kinds, self.p) for s in seats}
        self._pairs = list(self._viewers.items())
        self._start()
        return self._viewers[seat]

    def encode(self, game: Game, seat: object, out: Any = None) -> Any:
        """``seat``'s encoding of ``game`` now: the array ``encoder.encode(game.view(seat))``
        gives (a new array, or written into ``out``)."""
        if type(seat) is not int:  # (``object``: a compiled build checks it here too)
            raise ValueError(f"there is no seat {seat!r} (seats are 0-{self.p - 1})")
        v = self._viewers.get(seat)
        if (
            v is None
            or game is not self.game
            or game.discards is not self._hand_lists[0]
            or game.melds is not self._hand_lists[1]
            or game.bonus is not self._hand_lists[2]
        ):
            v = self._reset(game, seat)
        self._public(game)
        self._private(game, seat, v)
        if out is None:
            return v.arr.copy()
        out[:] = v.arr
        return out

    # ------------------------------------------------------------------ every seat's
    def _cell(self, row: int, seat: int, k: int, delta: int) -> None:
        """Add ``delta`` to kind ``k`` of plane ``row`` + ``seat`` (relative to each
        viewer), in every viewer's array."""
        p, kinds = self.p, self.k
        for vs, v in self._pairs:
            v.arr[(row + (seat - vs) % p) * kinds + k] += delta

    def _see(self, k: int, delta: int) -> None:
        for _, v in self._pairs:
            v.seen[k] += delta
            v.dirty.add(k)

    def _public(self, game: Game) -> None:
        # (lists compared whole first: most calls find nothing changed)
        tiles_kept, flags_kept = self._tiles, self._flags
        rivers, flags = game.discards, game.river_flags
        if rivers != tiles_kept or flags != flags_kept:
            for s in range(self.p):
                if rivers[s] != tiles_kept[s] or flags[s] != flags_kept[s]:
                    self._river(s, rivers[s], flags[s])
        if game.meld_moves != self._meld_moves:  # (the melds change only with it)
            self._meld_moves = game.meld_moves
            now = [list(map(_MELD, melds)) for melds in game.melds]
            if now != self._melds:
                for s, melds in enumerate(game.melds):
                    if now[s] != self._melds[s]:
                        self._meld_seat(s, melds)
        bonus, bonus_kept = game.bonus, self._bonus
        if bonus != bonus_kept:
            for s in range(self.p):
                if bonus[s] != bonus_kept[s]:
                    self._bonus_seat(s, bonus[s])
        revealed = game.wall.revealed
        if revealed != self._revealed:
            self._indicators(revealed)

    def _river(self, seat: int, tiles: list[int], flags: list[int]) -> None:
        old_tiles, old_flags = self._tiles[seat], self._flags[seat]
        n = len(old_tiles)
        if len(tiles) < n or tiles[:n] != old_tiles:  # not a river grown: encode it anew
            for i in range(n):
                self._river_entry(seat, i, old_tiles[i], old_flags[i], -1)
            n = 0
        if flags[:n] != old_flags[:n]:
            for i in range(n):
                if flags[i] != old_flags[i]:
                    self._river_flags(seat, i, tiles[i], old_flags[i], flags[i])
        for i in range(n, len(tiles)):
            self._river_entry(seat, i, tiles[i], flags[i], 1)
        self._tiles[seat] = list(tiles)
        self._flags[seat] = list(flags)

    def _river_entry(self, seat: int, i: int, tile: int, flags: int, sign: int) -> None:
        k = self._kind[tile]
        p, kinds, length = self.p, self.k, self.r
        counts_row, order_row, flags_at = self._counts_row, self._order_row, self._flags_at
        on = 1 if sign > 0 else 0
        for vs, v in self._pairs:
            a = v.arr
            r = (seat - vs) % p
            a[(counts_row + r) * kinds + k] += sign
            if i < length:
                a[(order_row + r * length + i) * kinds + k] = on
                if flags:
                    at = flags_at + (r * length + i) * 4
                    for j, bit in enumerate(_FLAG_BITS):
                        if flags & bit:
                            a[at + j] = on
        if not flags & CALLED:
            self._see(k, sign)

    def _river_flags(self, seat: int, i: int, tile: int, old: int, new: int) -> None:
        if (old ^ new) & CALLED:
            self._see(self._kind[tile], -1 if new & CALLED else 1)
        if i >= self.r:
            return
        p, length = self.p, self.r
        for vs, v in self._pairs:
            at = self._flags_at + (((seat - vs) % p) * length + i) * 4
            for j, bit in enumerate(_FLAG_BITS):
                if (old ^ new) & bit:
                    v.arr[at + j] = 1 if new & bit else 0

    def _meld_seat(self, seat: int, melds: list[EngineMeld]) -> None:
        for row, k in self._meld_cells[seat]:
            self._cell(row, seat, k, -1)
        for k in self._meld_seen[seat]:
            self._see(k, -1)
        kind = self._kind
        cells: list[tuple[int, int]] = []
        seen: list[int] = []
        for m in melds:
            closed = m.type is _CLOSED_KAN
            for t in m.tiles:
                k = kind[t]
                cells.append((self._melds_row, k))
                seen.append(k)  # a closed kong is shown too
                if closed:
                    cells.append((self._closed_row, k))
            called = m.tiles[-1] if m.type is _ADDED_KAN else m.called  # as the view has it
            if called is not None and m.from_seat is not None:
                cells.append((self._called_row, kind[called]))
        for row, k in cells:
            self._cell(row, seat, k, 1)
        for k in seen:
            self._see(k, 1)
        self._meld_cells[seat], self._meld_seen[seat] = cells, seen
        self._melds[seat] = [(m.type, list(m.tiles), m.called, m.from_seat) for m in melds]

    def _bonus_seat(self, seat: int, bonus: list[int]) -> None:
        kind, row = self._kind, self._bonus_row
        for t in self._bonus[seat]:
            self._cell(row, seat, kind[t], -1)
            self._see(kind[t], -1)
        for t in bonus:
            self._cell(row, seat, kind[t], 1)
            self._see(kind[t], 1)
        self._bonus[seat] = list(bonus)

    def _indicators(self, revealed: list[int]) -> None:
        kind, at = self._kind, self._indicators_at
        for sign, tiles in ((-1, self._revealed), (1, revealed)):
            for t in tiles:
                k = kind[t]
                for _, v in self._pairs:
                    v.arr[at + k] += sign
                self._see(k, sign)
        self._revealed = list(revealed)

    # ------------------------------------------------------------------ the seat's own
    def _private(self, game: Game, vs: int, v: _Viewer) -> None:
        a = v.arr
        kind = self._kind
        hand = game.hands[vs]
        if hand != v.hand:
            self._own_hand(v, hand)
        drawn = game.drawn
        k = kind[drawn] if drawn is not None and game.turn == vs and drawn in hand else -1
        if k != v.drawn:
            v.drawn = _moved(a, self._drawn_at, v.drawn, k)
        # the prompt, as the view's prompt has it (Game.owed)
        prompt = 0  # none
        subject = -1
        offered_by: int | None = None
        facts = game.owed(vs)
        if facts is not None:
            prompt = _prompt_index(facts[0])
            if facts[1] is not None:
                subject = kind[facts[1]]
            offered_by = facts[2]
        if subject != v.subject:
            v.subject = _moved(a, self._subject_at, v.subject, subject)
        ruleset = game.ruleset
        shown = ruleset.shown_hands(game, vs)
        if shown or v.shown_any:
            self._shown(game, vs, v, shown)
        if v.dirty:
            seen, at = v.seen, self._seen_at
            for k in v.dirty:
                c = seen[k]
                a[at + k] = (c if c < 4 else 4) / 4
            v.dirty.clear()
        self._vector(game, vs, v, prompt, offered_by)

    def _own_hand(self, v: _Viewer, hand: list[int]) -> None:
        kind, copy = self._kind, self._copy
        was = v.hand
        gone: Collection[int]
        got: Collection[int]
        if len(hand) == len(was) + 1 and hand[:-1] == was:  # a tile drawn
            gone, got = (), hand[-1:]
        else:
            old, new = set(was), set(hand)
            if len(old) < len(was) or len(new) < len(hand):  # an id twice: all out, all in
                gone, got = was, hand
            else:
                gone, got = old - new, new - old
        counts, copies = v.counts, v.copies
        changed: set[int] = set()
        for sign, tiles in ((-1, gone), (1, got)):
            for t in tiles:
                k = kind[t]
                counts[k] += sign
                v.seen[k] += sign
                changed.add(k)
                if copy[t]:
                    copies[k] += sign
                    v.arr[self._copies_at + k] = copies[k]
        a, at, kinds = v.arr, self._hand_at, self.k
        for k in changed:
            n = counts[k]
            for level in range(4):
                a[at + level * kinds + k] = n > level
            v.dirty.add(k)
        v.hand = list(hand)

    def _shown(self, game: Game, vs: int, v: _Viewer, shown: frozenset[int]) -> None:
        kind = self._kind
        counts = [0] * self.k
        for s in shown:
            if s != vs:
                for t in game.hands[s]:
                    counts[kind[t]] += 1
        old = v.shown
        if counts != old:
            for k in range(self.k):
                if counts[k] != old[k]:
                    v.seen[k] += counts[k] - old[k]
                    v.dirty.add(k)
            v.shown = counts
            v.shown_any = any(counts)

    def _vector(self, game: Game, vs: int, v: _Viewer, prompt: int, offered_by: int | None) -> None:
        """The vector from ``points`` on: each group (or cell) is written when what it is
        made of has changed since the seat's last encoding."""
        a, last, p = v.arr, v.last, self.p
        order = self._seats_from[vs]
        scores = game.scores
        if scores != last[_POINTS]:
            scale = self.encoder.scale
            a[self._points_at : self._points_at + p] = [scores[s] / scale for s in order]
            last[_POINTS] = list(scores)
        chips = game.ledger.accounts.get("chips")
        if chips is not None and chips != last[_CHIPS]:
            a[self._chips_at : self._chips_at + p] = [chips[s] / 10 for s in order]
            last[_CHIPS] = list(chips)
        hands, concealed, at = game.hands, v.concealed, self._concealed_at
        for r, s in enumerate(order):
            n = len(hands[s])
            if n != concealed[r]:
                a[at + r] = n / self.encoder.hand_size
                concealed[r] = n
        status = game.status
        if status != last[_WON]:
            a[self._won_at : self._won_at + p] = [1.0 if status[s] == WON else 0.0 for s in order]
            last[_WON] = list(status)
        index = (game.dealer - vs) % p
        if index != last[_DEALER]:
            _hot(a, last, _DEALER, self._dealer_at, index)
        winds = self._winds
        index = -1 if winds is None else winds[vs]
        if index != last[_SEAT_WIND]:
            _hot(a, last, _SEAT_WIND, self._seat_wind_at, index)
        index = game.round_wind % 4
        if index != last[_ROUND_WIND]:
            _hot(a, last, _ROUND_WIND, self._round_wind_at, index)
        ruleset = game.ruleset
        counters = ruleset.counters(game)
        at = self._counters_at
        if counters != last[_COUNTERS]:
            a[at] = counters[0] / 10
            a[at + 1] = counters[1] / 10
            last[_COUNTERS] = counters
        if game.hand_number != last[_HAND]:
            a[at + 2] = game.hand_number / 16
            last[_HAND] = game.hand_number
        own = game.turn == vs
        if own is not last[_TURN]:
            a[at + 3] = own
            last[_TURN] = own
        at, tiles = self._wall_at, self.encoder.wall
        left = game.wall.left
        if left != last[_LEFT]:
            a[at] = left / tiles
            last[_LEFT] = left
        dead = game.wall.dead_count()
        if dead != last[_DEAD]:
            a[at + 1] = dead / tiles
            last[_DEAD] = dead
        if self._extra_kind is not None:
            self._facts(game, vs, v, order)
        if prompt != last[_PROMPT]:
            _hot(a, last, _PROMPT, self._prompt_at, prompt)
        index = -1 if offered_by is None else (offered_by - vs) % p
        if index != last[_OFFERED_BY]:
            _hot(a, last, _OFFERED_BY, self._offered_by_at, index)

    def _facts(self, game: Game, vs: int, v: _Viewer, order: list[int]) -> None:
        """The ruleset's facts (riichi: riichi, open riichi, furiten; Sichuan: the void
        suits), read as :meth:`~.encoding.Encoder.encode` reads the view's extra."""
        a, last, p = v.arr, v.last, self.p
        ruleset = game.ruleset
        kind = self._extra_kind
        if kind == "riichi":
            marks, opened, furiten_now = ruleset.extra_fields(game, vs, _RIICHI_FIELDS)
            riichi = (marks, opened)
            if riichi != last[_RIICHI]:
                cells = []
                for s in order:
                    cells.append(1.0 if marks[s] > 0 else 0.0)
                    cells.append(float(opened[s]))
                a[self._riichi_at : self._riichi_at + 2 * p] = cells
                last[_RIICHI] = riichi
            furiten = bool(furiten_now)
            if furiten is not last[_FURITEN]:
                a[self._furiten_at] = furiten
                last[_FURITEN] = furiten
        elif kind == "sichuan":
            void = tuple(ruleset.extra_fields(game, vs, _SICHUAN_FIELDS)[0])
            if void != last[_VOID]:
                cells = [0.0] * (3 * p)
                for r, s in enumerate(order):
                    if void[s] is not None:
                        cells[3 * r + _SUITS.index(void[s])] = 1.0
                a[self._void_at : self._void_at + 3 * p] = cells
                last[_VOID] = void


_RIICHI_FIELDS: Final = ("riichi", "open_riichi", "furiten")
_SICHUAN_FIELDS: Final = ("void",)


def _moved(a: Any, at: int, old: int, index: int) -> int:
    """A one-hot row at ``at``: cell ``old`` cleared, cell ``index`` set (-1: none);
    ``index`` back, to keep."""
    if old >= 0:
        a[at + old] = 0
    if index >= 0:
        a[at + index] = 1
    return index


def _hot(a: Any, last: list[Any], slot: int, at: int, index: int) -> None:
    """A one-hot group kept in ``last[slot]``: moved to ``index`` where it changed."""
    if index != last[slot]:
        last[slot] = _moved(a, at, last[slot], index)


def _prompt_index(kind: str) -> int:
    got = _PROMPT_INDEX.get(kind)
    if got is None:
        raise ValueError(f"{kind!r} is not a prompt kind the encoder knows")
    return got
