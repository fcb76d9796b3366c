"""The board: where every tile of a game is and what each seat holds (the wall, the
concealed hands with their keys and counts, melds, bonus tiles, rivers and their flags,
each seat's status), the ledger, the event log, and the flow ops (:mod:`.flow`) that are
the only way any of it changes.

:class:`~.game.Game` builds on it: turns, decision windows and prompts, the ruleset's
flow, observations and views. A ruleset reads the board through the game it is given and
changes it only by returning ops. See ``docs/engine.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .._mypyc import mypyc_attr
from ..errors import SparrowsError
from ..tiles import Meld, MeldType
from . import events as ev
from . import flow as fl
from .ledger import Ledger
from .stream import Stream
from .wall import Wall

if TYPE_CHECKING:
    from .protocol import Ruleset

PLAYING: Final = "playing"
WON: Final = "won"

# River entry flags.
TSUMOGIRI: Final = 1  # the tile just drawn
RIICHI: Final = 2  # the discard that declared riichi
CALLED: Final = 4  # taken by a call (the tile is now in the caller's meld)
DEAD: Final = 8  # a dead discard nobody may claim


@dataclass(slots=True)
class EngineMeld:
    """A meld as the engine keeps it: tile ids, the called tile id and who fed it (the
    views give it as a :class:`~sparrows.tiles.Meld` of faces)."""

    type: MeldType
    tiles: list[int]
    called: int | None = None
    from_seat: int | None = None


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


@mypyc_attr(allow_interpreted_subclasses=True)
class Board:
    """The tiles, seats, ledger and events of one game, and the ops that change them."""

    def __init__(self, ruleset: Ruleset, record: bool) -> None:
        self.ruleset = ruleset
        self.record = record
        self.n = n = ruleset.num_players
        self.tileset = ruleset.tileset
        self.faces = ruleset.tileset.tiles
        self.kind = [t.kind for t in self.faces]
        self.face_code = [t.code for t in self.faces]
        self.tile_text = ruleset.tile_text
        # hand_key[seat]: the concealed multiset of kinds as one integer (a sum of powers of
        # 5, see Ruleset.kind_weight), kept up to date on every change; rulesets use it as a
        # memo key. face_key: the same for faces (a red five differs from a plain one).
        self.key_weight = ruleset.kind_weight
        self.face_weight = ruleset.face_weight
        self.hand_key = [0] * n
        self.face_key = [0] * n
        # counts[seat][kind]: the concealed tiles of each kind (42 kinds), kept up to date
        # like the keys, for hand analysis without rebuilding count vectors.
        self.counts: list[list[int]] = [[0] * 42 for _ in range(n)]
        self.ledger = Ledger(ruleset.start_balances(), ruleset.floors)
        self.scores = self.ledger.accounts["points"]  # the same list: always current
        self.hand_number = 0
        self.hand_results: list[fl.HandReport] = []
        # the table of the hand, laid out by the game at each hand's start
        self.wall = Wall([])
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[list[EngineMeld]] = [[] for _ in range(n)]
        #: how many times a meld was made or changed (a kong added, a tile robbed) this
        #: game: a reader that keeps a copy of the melds compares them only when it moved
        self.meld_moves = 0
        self.bonus: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]  # every discard, in order
        self.river_flags: list[list[int]] = [[] for _ in range(n)]
        self.status: list[str] = [PLAYING] * n
        self.drawn: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.robbed: tuple[int, int] | None = None  # (robber, tile) of a robbed kong
        #: per seat: (hand key, waits) of the last waits a ruleset asked for: a cache of a
        #: pure function of the hand, not part of the game's state (reads may fill it)
        self.waits_cache: list[tuple[int, tuple[int, ...]]] = [(-1, ())] * n
        #: every ledger move with the number of the action that made it (for ``rewards``)
        self.move_log: list[tuple[int, str, int, int, int]] = []
        # the events (record=True), and the event stream: every event with its hand, and
        # per viewer (the seats, then a spectator) the positions it may see
        self.events: list[ev.Event] = []
        self._held: list[ev.Event] | None = None  # events a step holds back, in order
        self.stream = Stream(n)
        self._following = False  # someone follows the stream (stream.active, read fast)

    # ------------------------------------------------------------------ helpers
    def emit(self, event: ev.Event) -> None:
        if self.record:
            if self._held is not None:
                self._held.append(event)
            else:
                self.events.append(event)
                self.stream.add(event, self.hand_number)

    def fmt(self, tile_id: int) -> str:
        return self.tile_text[tile_id]

    def fmt_all(self, ids: Sequence[int]) -> list[str]:
        text = self.tile_text
        return [text[i] for i in ids]

    def next_seat(self, seat: int, skip: Sequence[int] = ()) -> int:
        """The next seat in turn order that is still playing the hand and not in ``skip``
        (seats leaving by the ops being returned), or ``seat`` itself if none is."""
        n, status = self.n, self.status
        for i in range(1, n + 1):
            s = (seat + i) % n
            if status[s] == PLAYING and s not in skip:
                return s
        return seat

    def playing(self) -> list[int]:
        return [s for s in range(self.n) if self.status[s] == PLAYING]

    def _put(self, seat: int, tile: int) -> None:
        """A tile into a seat's concealed hand, with its keys and counts (the live draw,
        the deal and the discard do this inline: they are the hot path)."""
        self.hands[seat].append(tile)
        self.hand_key[seat] += self.key_weight[tile]
        self.face_key[seat] += self.face_weight[tile]
        self.counts[seat][self.kind[tile]] += 1

    def _take_out(self, seat: int, tile: int) -> None:
        """A tile out of a seat's concealed hand, with its keys and counts."""
        self.hands[seat].remove(tile)
        self.hand_key[seat] -= self.key_weight[tile]
        self.face_key[seat] -= self.face_weight[tile]
        self.counts[seat][self.kind[tile]] -= 1

    # ------------------------------------------------------------------ the ops
    def _op_deal(self, op: fl.Deal) -> None:
        live, hands = self.wall.live, self.hands
        kw, fw = self.key_weight, self.face_weight
        if sum(op.counts) > self.wall.left:
            raise SparrowsError("the live wall is too short for the deal")
        hand_key, face_key = self.hand_key, self.face_key
        for seat, count in zip(op.order, op.counts, strict=True):
            got = live[-count:]
            del live[-count:]
            got.reverse()  # drawn from the end, one by one
            hands[seat].extend(got)
            hk = fk = 0
            counts = self.counts[seat]
            kind = self.kind
            for t in got:
                hk += kw[t]
                fk += fw[t]
                counts[kind[t]] += 1
            hand_key[seat] += hk
            face_key[seat] += fk
            if self.record:
                self.emit(ev.Deal(seat, self.fmt_all(sorted(got))))

    def _op_reveal(self, op: fl.RevealIndicator) -> None:
        wall = self.wall
        tile = wall.reveal_indicator() if op.source == "dead" else wall.reveal_from_live()
        if self.record:
            self.emit(ev.Indicator(self.fmt(tile), op.kind))

    def _op_discard(self, op: fl.DiscardTile) -> None:
        seat, tile = op.seat, op.tile
        self.hands[seat].remove(tile)
        self.hand_key[seat] -= self.key_weight[tile]
        self.face_key[seat] -= self.face_weight[tile]
        self.counts[seat][self.kind[tile]] -= 1
        self.discards[seat].append(tile)
        tsumogiri = tile == self.drawn
        flags = TSUMOGIRI if tsumogiri else 0
        if op.riichi or op.dead:
            flags |= (RIICHI if op.riichi else 0) | (DEAD if op.dead else 0)
        self.river_flags[seat].append(flags)
        self.last_discard = (seat, tile)
        if self.record:
            self.emit(ev.Discard(seat, self.tile_text[tile], tsumogiri, op.riichi, op.dead))
        self.drawn = None

    def _op_meld(self, op: fl.MakeMeld) -> None:
        seat = op.seat
        self.meld_moves += 1
        for t in op.tiles:
            self._take_out(seat, t)
        if op.type is MeldType.ADDED_KAN:
            kind = self.kind[op.tiles[0]]
            for meld in self.melds[seat]:
                if meld.type is MeldType.PON and self.kind[meld.tiles[0]] == kind:
                    meld.type = MeldType.ADDED_KAN
                    meld.tiles.append(op.tiles[0])
                    shown = meld
                    break
            else:
                raise AssertionError(f"seat {seat} has no pon to add {self.fmt(op.tiles[0])} to")
        else:
            tiles = list(op.tiles)
            if op.called is not None:
                assert op.from_seat is not None
                pile = self.discards[op.from_seat]
                if not pile or pile[-1] != op.called:
                    raise AssertionError("a called tile must be the feeder's last discard")
                self.river_flags[op.from_seat][-1] |= CALLED
                tiles.append(op.called)
                self.last_discard = None
            shown = EngineMeld(op.type, sorted(tiles), op.called, op.from_seat)
            self.melds[seat].append(shown)
        self.drawn = None
        if self.record:
            added = op.type is MeldType.ADDED_KAN
            called = op.tiles[0] if added else op.called
            self.emit(
                ev.Call(
                    seat,
                    shown.type.value,
                    self.fmt_all(shown.tiles),
                    None if called is None else self.fmt(called),
                    shown.from_seat,
                )
            )

    def _op_rob(self, op: fl.RobTile) -> None:
        seat, tile = op.seat, op.tile
        self.meld_moves += 1
        if tile in self.bonus[seat]:
            self.bonus[seat].remove(tile)
            taken = "bonus"
        else:
            meld = next((m for m in self.melds[seat] if tile in m.tiles), None)
            if meld is None:
                raise AssertionError(f"seat {seat} has no meld or bonus tile {self.fmt(tile)}")
            taken = meld.type.value
            if meld.type is MeldType.ADDED_KAN:
                meld.type = MeldType.PON
                meld.tiles.remove(tile)
            elif meld.type is MeldType.CLOSED_KAN:
                self.melds[seat].remove(meld)
                for t in meld.tiles:
                    if t != tile:
                        self._put(seat, t)
            else:
                raise AssertionError(f"a {taken} cannot be robbed")
        self._put(op.robber, tile)
        self.robbed = (op.robber, tile)
        if self.record:
            self.emit(ev.Robbed(seat, self.fmt(tile), op.robber, taken))

    def _set_aside(self, seat: int, tile: int) -> None:
        self._take_out(seat, tile)
        self.bonus[seat].append(tile)
        if tile == self.drawn:
            self.drawn = None
        if self.record:
            self.emit(ev.BonusTile(seat, self.fmt(tile)))

    def _op_set_aside(self, op: fl.SetAside) -> None:
        self._set_aside(op.seat, op.tile)

    def _op_status(self, op: fl.SetStatus) -> None:
        self.status[op.seat] = op.status
        if self.record:
            self.emit(ev.Status(op.seat, op.status))

    def _op_pass_tiles(self, op: fl.PassTiles) -> None:
        for t in op.tiles:
            self._take_out(op.src, t)
            self._put(op.dst, t)
        if self.record:
            self.emit(ev.Exchange(op.src, op.dst, self.fmt_all(sorted(op.tiles))))

    def _op_emit(self, op: fl.Emit) -> None:
        if self.record:
            event = op.event
            if event is None:
                assert op.build is not None
                event = op.build(*op.args)
            self.emit(event)

    def _op_report(self, op: fl.Report) -> None:
        self.hand_results.append(op.report)

    # ------------------------------------------------------------------ reading
    def _check_board(self) -> None:
        """The board's invariants (see :meth:`~.game.Game.validate`): every tile in exactly
        one place, keys and counts equal to a full recompute, every account conserved, the
        last discard on top of its river."""
        placed: list[int] = list(self.wall.all_tiles())
        for seat in range(self.n):
            placed += self.hands[seat]
            placed += self.bonus[seat]
            for meld in self.melds[seat]:
                placed += meld.tiles
            placed += [
                t
                for t, f in zip(self.discards[seat], self.river_flags[seat], strict=True)
                if not f & CALLED
            ]
        _need(sorted(placed) == list(range(len(self.faces))), "tiles not conserved")
        for seat, hand in enumerate(self.hands):
            _need(self.hand_key[seat] == sum(self.key_weight[t] for t in hand), "stale hand key")
            _need(self.face_key[seat] == sum(self.face_weight[t] for t in hand), "stale face key")
            fresh = [0] * 42
            for t in hand:
                fresh[self.kind[t]] += 1
            _need(self.counts[seat] == fresh, "stale counts")
        self.ledger.check()
        if self.last_discard is not None:
            who, tile = self.last_discard
            _need(
                bool(self.discards[who]) and self.discards[who][-1] == tile,
                "the last discard is not on top of its river",
            )

    def meld_view(self, seat: int, meld: EngineMeld) -> Meld:
        """A table meld as faces, its feeder relative to ``seat`` (1 right, 2 across, 3
        left)."""
        source = None if meld.from_seat is None else (meld.from_seat - seat) % self.n
        if source == self.n - 1:
            source = 3  # the player before (left), whatever the table's size
        return Meld(meld.type, tuple(self.faces[t] for t in meld.tiles), source)

    def exhaustive_draw(
        self, shown: Sequence[int], waits: Mapping[int, Sequence[int]]
    ) -> ev.ExhaustiveDraw:
        """The event of an exhaustive draw: the concealed tiles and melds of the ``shown``
        seats, and the seats ready with their waits (``waits``: seat -> kinds, named in
        the ruleset's notation). Every ruleset builds it here."""
        n = self.n
        ready = [s for s in range(n) if waits.get(s)]
        return ev.ExhaustiveDraw(
            [self.fmt_all(sorted(self.hands[s])) if s in shown else [] for s in range(n)],
            ready,
            [
                [str(self.meld_view(s, m)) for m in self.melds[s]] if s in shown else []
                for s in range(n)
            ]
            if any(self.melds[s] for s in shown)
            else [],
            [[self.ruleset.kind_text(k) for k in waits.get(s, ())] for s in range(n)]
            if ready
            else [],
        )
