"""The game shared by the Chinese family (Hong Kong, classical): 144 tiles with bonus tiles
replaced from the end of the wall, the dealer's 14, chow/pung/kong claims
(:mod:`sparrows.rules.calls`), concealed and added kongs with replacement draws, robbing a
kong, the dealer keeping the deal, round winds and game end.

A ruleset of the family subclasses :class:`ChineseRuleset` and supplies:

* ``value(game, seat, tile, tsumo, robbing)``: the score of a win (an object with
  ``valid``, ``reason`` and ``limit_hand``), built from :meth:`ChineseRuleset.situation`;
* ``win_ops(game, winners, payer, tile, tsumo, robbing)``: the ops that pay a win;
* optionally ``may_win_on`` (a claim restriction), ``pick_winners`` (several claims to
  win on one tile), ``draw_ops`` (an exhaustive draw), ``draw_keeps_deal``,
  ``instant_win`` (a win whatever the shape, e.g. all eight bonus tiles).

Its options need the fields ``reserve``, ``starting_points``, ``rounds``, ``max_hands``
and ``thirteen_orphans_rob_concealed`` (``kong_bloom_feeder_pays`` is read if present).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...analysis import BlockType, Form, form_shanten, waits
from ...client.details import FaanWinDetail
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.board import PLAYING
from ...engine.protocol import Ruleset
from ...engine.wall import Wall
from ...errors import SparrowsError, robbed_tile_problem
from ...reasons import Reason
from ...tiles import Hand, MeldType, Tile, format_tile
from ...tiles.kinds import FLOWER, NUM_STANDARD, WIND_NAMES
from .. import calls
from ..wins import win_entries

if TYPE_CHECKING:
    from ...engine.game import Game

A: Final = ActionType
TSUMO: Final = Action(A.TSUMO)
RON: Final = Action(A.RON)
PASS: Final = Action(A.PASS)
SEATS: Final = (0, 1, 2, 3)


@dataclass(frozen=True)
class WinFacts:
    """Everything a Chinese-family score depends on. Kinds are 0-33 (bonus tiles 34-41)."""

    concealed: tuple[int, ...]  # the concealed tiles' kinds, the winning tile included
    melds: tuple[tuple[MeldType, tuple[int, ...]], ...]  # declared melds: type and kinds
    bonus: tuple[int, ...]  # bonus tile kinds (34-41)
    win: int  # the winning tile's kind
    tsumo: bool
    seat: int  # seat wind 0-3 (East...)
    round: int  # round wind 0-3
    last_tile: bool = False
    kong_bloom: bool = False
    robbing: bool = False
    heavenly: bool = False
    earthly: bool = False
    kept: tuple[int, ...] = ()  # bonus tiles held in the concealed hand (classical cuencana)


def situation_from_hand(
    hand: Hand,
    win: Tile,
    tsumo: bool,
    seat: int,
    round: int,
    extra_bonus: Sequence[Tile] = (),
    last_tile: bool = False,
    kong_bloom: bool = False,
    robbing: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    keep_bonus: bool = False,
) -> WinFacts:
    """Check a parsed hand and its conditions (SparrowsError naming what is impossible).
    ``keep_bonus`` (classical cuencana): the bonus tiles written in the hand are kept in
    it, counting toward its 14 tiles, none set aside."""
    bonus = [t.kind for t in [*hand.bonus, *extra_bonus]]
    if len(set(bonus)) != len(bonus):
        raise SparrowsError("a bonus tile is given twice (there is one of each)")
    kept: list[int] = []
    if keep_bonus:
        if extra_bonus:
            raise SparrowsError("in cuencana bonus tiles are kept: write them in the hand")
        kept, bonus = bonus, []
    size = hand.size + len(kept)
    if len(set(bonus)) == 8 and size <= 14:
        pass  # all eight bonus tiles: a win at once whatever the other tiles (Hong Kong)
    elif size != 14:
        raise SparrowsError(f"a winning hand has 14 tiles (a kong counting 3), this one has {size}")
    if win.kind >= FLOWER:
        raise SparrowsError("the winning tile cannot be a bonus tile")
    if size == 14 and win.kind not in {t.kind for t in hand.concealed}:
        raise SparrowsError(f"the winning tile {win} is not among the concealed tiles")
    for w, name in ((seat, "seat"), (round, "round")):
        if w not in range(4):
            raise SparrowsError(f"the {name} wind must be 0-3 (East-North), not {w}")
    kongs = [m for m in hand.melds if m.is_kan]
    if kong_bloom and not tsumo:
        raise SparrowsError("a kong-bloom win is self-drawn (on the replacement tile)")
    if kong_bloom and not kongs:
        raise SparrowsError("a kong-bloom win needs a kong in the hand")
    if robbing and tsumo:
        raise SparrowsError("robbing a kong is a win on another player's tile, not self-drawn")
    if robbing and kong_bloom:
        raise SparrowsError("a win cannot both rob a kong and bloom on one")
    if robbing:
        held = sum(1 for t in hand.concealed if t.kind == win.kind)
        held += sum(1 for m in hand.melds for t in m.tiles if t.kind == win.kind)
        problem = robbed_tile_problem(held, format_tile(Tile(win.kind)))
        if problem:
            raise SparrowsError(problem)
    if heavenly and (not tsumo or seat != 0 or hand.melds):
        raise SparrowsError("a heavenly hand is the dealer's (East) self-drawn dealt 14, no melds")
    if earthly and (tsumo or seat == 0 or hand.melds):
        raise SparrowsError(
            "an earthly hand is a non-dealer's win on the dealer's first discard, no melds"
        )
    return WinFacts(
        tuple(t.kind for t in hand.concealed),
        tuple((m.type, m.kinds) for m in hand.melds),
        tuple(sorted(bonus)),
        win.kind,
        tsumo,
        seat,
        round,
        last_tile,
        kong_bloom or False,
        robbing,
        heavenly,
        earthly,
        kept=tuple(sorted(kept)),
    )


def placements(
    blocks: Sequence[tuple[BlockType, int]], pair: int | None, facts: WinFacts
) -> list[tuple[bool, list[tuple[bool, int, bool]]]]:
    """The ways the winning tile can sit in a reading: for each block that can hold it,
    (whether it completes the pair, the sets as (run, lowest kind, concealed)). A pung the
    winning discard completes is exposed."""
    win = facts.win
    choices = [
        i
        for i, (t, k) in enumerate(blocks)
        if k <= win <= k + 2 and (t is BlockType.RUN or k == win)
    ]
    if pair == win:
        choices.append(-1)
    return [
        (
            choice == -1 and pair == win,
            [
                (
                    t is BlockType.RUN,
                    k,
                    not (i == choice and t is BlockType.TRIPLET and not facts.tsumo),
                )
                for i, (t, k) in enumerate(blocks)
            ],
        )
        for choice in choices or [-1]
    ]


@dataclass
class HandFacts:
    """Per hand: what the winning conditions and the statistics need."""

    after_kong: bool = False  # the turn's draw replaces a kong
    kong_feeder: int | None = None  # who fed the open kong whose replacement is drawn
    untouched: bool = True  # no call yet and nobody has discarded twice (heavenly/earthly)
    discards: list[int] = field(default_factory=lambda: [0] * 4)  # per seat, this hand
    winners: list[int] = field(default_factory=list)
    complete: list[int] = field(default_factory=lambda: [0] * 4)  # winning shapes met
    blocked: list[int] = field(default_factory=lambda: [0] * 4)  # ... not worth a win
    # A lower bound of each seat's shanten: its value when last computed (-9: unknown)
    # and the seat's discards then. A discard ends one exchange of one tile, which lowers
    # shanten by at most one, so floor - (discards since) bounds it (a kong resets it).
    floor: list[int] = field(default_factory=lambda: [-9] * 4)
    floor_at: list[int] = field(default_factory=lambda: [0] * 4)


@dataclass
class FamilyState:
    hand: HandFacts = field(default_factory=HandFacts)


@mypyc_attr(allow_interpreted_subclasses=True)
class ChineseRuleset(Ruleset):
    """The shared game of the Chinese family (see the module docstring). Decisions where
    the specs are silent: the dealer's 14th tile is dealt, so its first turn has no draw;
    bonus tiles in the deal are replaced in rounds in turn order from East; a bonus tile
    the wall cannot replace stays in the hand and is discarded dead; no call on the last
    discard; the game ends when the deal would return to the first dealer after the last
    round, or after ``max_hands``."""

    detail_class: ClassVar[type | None] = FaanWinDetail

    indicator_label = ""  # no dora
    layout_name: ClassVar[str | None] = "chinese"
    options: Any
    call_names: ClassVar[dict[str, str]] = {
        "chi": "chow",
        "pon": "pung",
        "kan": "kong",
        "ankan": "concealed-kong",
        "kakan": "added-kong",
    }

    def __init__(self, form: Form) -> None:
        self._form = form
        self.form = form  # the hints' form too (shanten, ukeire, the bots' discards)
        # hand key (13 tiles, or 10, 7... with melds) -> the kinds that complete it: one
        # table-driven shanten per new hand, then a lookup per claim and per draw.
        self._waits: dict[int, tuple[int, ...]] = self.memos.table("waits")
        self._discard_by_code = {f.code: Action(A.DISCARD, f) for f in set(self.tileset.tiles)}
        self._discards: dict[int, list[Action]] = self.memos.table("discards")  # face key ->

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def value(self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False) -> Any:
        """The score of ``seat`` winning on ``tile`` (``valid``, ``reason``, ``limit_hand``)."""

    @abstractmethod
    def win_ops(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool,
    ) -> list[fl.Op]:
        """The ops that pay a win (and report it)."""

    def may_win_on(self, game: Game, seat: int, tile: int) -> bool:
        """Whether ``seat`` may claim ``tile`` to win at all (before its value)."""
        return True

    def locked_out(self, game: Game, seat: int, tile: int) -> Reason | None:
        """Why :meth:`may_win_on` refuses ``seat`` a win on ``tile`` (None: it does not)."""
        return None

    def pick_winners(self, game: Game, rons: list[int], payer: int, tile: int) -> list[int]:
        """Who wins when several claim one tile (``rons`` in turn order): the first."""
        return rons[:1]

    def instant_win(self, game: Game, seat: int) -> bool:
        """A win offered on the turn whatever the shape (none by default)."""
        return False

    def turn_extras(self, game: Game, seat: int) -> list[Action]:
        """More declarations offered on the turn when a replacement can be drawn."""
        return []

    def allowed_discards(self, game: Game, seat: int, discards: list[Action]) -> list[Action]:
        """The discards offered (all by default; the list must not be changed in place)."""
        return discards

    def kong_meld(self, game: Game, seat: int, action: Action) -> fl.MakeMeld:
        """The meld a declared kong makes."""
        return calls.kong_ops(game, seat, action)

    def kong_stands(
        self, game: Game, seat: int, feeder: int | None, kind: ActionType
    ) -> list[fl.Op]:
        """Ops when a kong stands (declared and not robbed; ``kind`` ANKAN, KAKAN or KAN
        with its ``feeder``): Sichuan's gang points. None by default."""
        return []

    def on_discard(self, game: Game, seat: int, tile: int) -> None:
        """Bookkeeping of a discard before its claims (Sichuan: a discard after a gang)."""

    def discard_passed(self, game: Game, seat: int) -> None:
        """Bookkeeping once a discard was not won on (claimed or not)."""

    def bloom_feeder_pays(self) -> bool:
        """Whether a kong-bloom win after a claimed kong is paid by that kong's feeder."""
        return bool(getattr(self.options, "kong_bloom_feeder_pays", False))

    def may_call(self, game: Game, seat: int, tile: int) -> bool:
        """Whether ``seat`` may pung or kong ``tile`` (Sichuan: not its void suit)."""
        return True

    chi_allowed: bool = True  # chow from the previous player (Sichuan: none)

    draw_keeps_deal: bool = True  # the dealer deals again after an exhaustive draw

    def draw_ops(self, game: Game) -> list[fl.Op]:
        """The ops of an exhaustive draw (a report, the hands shown)."""
        return [
            fl.Report(fl.HandReport(fl.DRAW, game.hand_number, counts=self.counts(game))),
            fl.Emit(build=self.draw_event, args=(game, SEATS)),
        ]

    def draw_event(self, game: Game, seats: Sequence[int]) -> ev.ExhaustiveDraw:
        """An exhaustive draw's event: every hand shown, the ``seats`` that are ready with
        their waits (built only when the game keeps events)."""
        waits = {s: w for s in seats if (w := self.waits_of(game, s))}
        return game.exhaustive_draw(SEATS, waits)

    # ------------------------------------------------------------------ setup
    def start_balances(self) -> dict[str, list[int]]:
        return {"points": [self.options.starting_points] * 4}

    def new_state(self) -> FamilyState:
        return FamilyState()

    def build_wall(self, order: Sequence[int]) -> Wall:
        keep = self.options.reserve
        wall = Wall.simple(order[: len(order) - keep] if keep else order)
        wall.reserve = list(order[len(order) - keep :]) if keep else []
        return wall

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.hand = HandFacts()
        seats = tuple((game.dealer + i) % 4 for i in SEATS)
        ops: list[fl.Op] = [fl.Deal(seats, (14, 13, 13, 13))]
        if self.auto_bonus:
            ops.append(fl.ReplaceBonusInDeal(seats))
        return fl.Outcome(ops, fl.Turn(game.dealer, fl.NO_DRAW))

    def hand_info(self, game: Game) -> dict[str, Any]:
        return {"seat_winds": [self.seat_wind(game, s) for s in SEATS]}

    @staticmethod
    def seat_wind(game: Game, seat: int) -> int:
        return (seat - game.dealer) % 4

    # ------------------------------------------------------------------ wins
    def waits_of(self, game: Game, seat: int, minus: int | None = None) -> tuple[int, ...]:
        """The kinds completing ``seat``'s concealed hand waiting to draw (without the tile
        ``minus`` when it holds one extra), memoised by hand key."""
        key = game.hand_key[seat] - (0 if minus is None else game.key_weight[minus])
        got = self._waits.get(key)
        if got is None:
            hs: HandFacts = game.state.hand
            if hs.floor[seat] - (hs.discards[seat] - hs.floor_at[seat]) >= 1:
                return ()  # still at least one from ready: no need to look
            held = game.counts[seat]
            counts = held[:NUM_STANDARD]
            if minus is not None and game.kind[minus] < NUM_STANDARD:
                counts[game.kind[minus]] -= 1
            bonus = sum(held[NUM_STANDARD:]) - (minus is not None and game.kind[minus] >= FLOWER)
            if bonus:
                got = ()
            else:
                value = form_shanten(counts, self._form)
                hs.floor[seat], hs.floor_at[seat] = value, hs.discards[seat]
                got = tuple(waits(counts, self._form)) if value == 0 else ()
            self._waits[key] = got
        return got

    def _is_complete(self, game: Game, seat: int, extra: int | None) -> bool:
        """Whether the hand (plus ``extra``, a discard) is a winning shape."""
        kind = game.kind
        if extra is not None:
            return kind[extra] in self.waits_of(game, seat)
        drawn = game.drawn
        if drawn is not None:
            return kind[drawn] < NUM_STANDARD and kind[drawn] in self.waits_of(game, seat, drawn)
        if any(game.discards) or seat != game.dealer:
            return False  # a turn after a pung or chow: no self-drawn win on a claimed tile
        held = game.counts[seat]  # the dealer's dealt 14, before any discard
        if any(held[NUM_STANDARD:]):
            return False
        return form_shanten(held[:NUM_STANDARD], self._form) == -1

    def situation(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> WinFacts:
        hs: HandFacts = game.state.hand
        kind = game.kind
        held = [kind[t] for t in game.hands[seat]]
        if not tsumo:
            held.append(kind[tile])
        concealed = [k for k in held if k < NUM_STANDARD]
        melds = tuple((m.type, tuple(kind[t] for t in m.tiles)) for m in game.melds[seat])
        first = hs.untouched and not any(game.melds)
        return WinFacts(
            tuple(concealed),
            melds,
            tuple(sorted(kind[t] for t in game.bonus[seat])),
            kind[tile],
            tsumo,
            self.seat_wind(game, seat),
            game.round_wind,
            last_tile=game.wall.left == 0,
            kong_bloom=tsumo and hs.after_kong,
            robbing=robbing,
            heavenly=tsumo and first and seat == game.dealer and not any(hs.discards),
            earthly=not tsumo
            and first
            and seat != game.dealer
            and hs.discards[game.dealer] == 1
            and sum(hs.discards) == 1,
            kept=tuple(sorted(k for k in held if k >= NUM_STANDARD)),
        )

    def _can_win(self, game: Game, seat: int, tile: int, robbing: bool = False) -> bool:
        if not self._is_complete(game, seat, tile) or not self.may_win_on(game, seat, tile):
            return False
        return self._offer(game, seat, self.value(game, seat, tile, False, robbing))

    @staticmethod
    def _offer(game: Game, seat: int, got: Any) -> bool:
        """A winning shape met: offered if its value makes it a win (counted either way)."""
        hs: HandFacts = game.state.hand
        hs.complete[seat] += 1
        if not got.valid:
            hs.blocked[seat] += 1
        return bool(got.valid)

    def _winning_tile(self, game: Game, seat: int) -> int:
        """The tile a self-drawn win is on: the drawn one (the last dealt for the
        dealer's first turn)."""
        return game.drawn if game.drawn is not None else game.hands[seat][-1]

    # ------------------------------------------------------------------ turns
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.instant_win(game, seat) or (
            self._is_complete(game, seat, None)
            and self._offer(
                game, seat, self.value(game, seat, self._winning_tile(game, seat), True)
            )
        ):
            out.append(TSUMO)
        if game.wall.can_replace():
            out += calls.turn_kongs(game, seat)
            out += self.turn_extras(game, seat)
        key = game.face_key[seat]
        discards = self._discards.get(key)
        if discards is None:  # one action per distinct face, memoised by the face key
            code, by_code = game.face_code, self._discard_by_code
            discards = [by_code[c] for c in sorted({code[t] for t in game.hands[seat]})]
            self._discards[key] = discards
        discards = self.allowed_discards(game, seat, discards)
        return [*out, *discards] if out else discards

    def on_turn(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        hs: HandFacts = game.state.hand
        t = action.type
        if t is A.DISCARD:
            tile = game.tile_of(seat, action.tiles[0])
            self.on_discard(game, seat, tile)  # before the kong facts are reset
            hs.after_kong = False
            hs.kong_feeder = None
            hs.discards[seat] += 1
            if hs.discards[seat] > 1:
                hs.untouched = False
            ops: list[fl.Op] = [fl.DiscardTile(seat, tile, dead=game.kind[tile] >= FLOWER)]
            claims = self._claims(game, seat, tile)
            if claims:
                return fl.Outcome(ops, fl.tile_window("claim", claims, seat, tile))
            self.discard_passed(game, seat)  # nobody could claim it
            return fl.Outcome(ops, fl.Turn(game.next_seat(seat)))
        if t is A.TSUMO:
            tile = self._winning_tile(game, seat)
            feeder = hs.kong_feeder if self.bloom_feeder_pays() else None
            return self._win(game, [seat], feeder, tile, tsumo=True)
        hs.untouched = False
        hs.floor[seat] = -9  # a kong can change the hand by more than one tile
        meld = self.kong_meld(game, seat, action)
        hs.after_kong = True
        hs.kong_feeder = None
        if t is A.KAKAN or getattr(self.options, "thirteen_orphans_rob_concealed", False):
            robbers = self._robbers(game, seat, meld.tiles[0], only_orphans=t is A.ANKAN)
            if robbers:
                return fl.Outcome(
                    [meld],
                    fl.tile_window("rob", robbers, seat, meld.tiles[0], t),
                )
        stands = self.kong_stands(game, seat, None, t)
        return fl.Outcome([meld, *stands], fl.Turn(seat, fl.REPLACEMENT))

    def _robbers(
        self, game: Game, kong_seat: int, tile: int, only_orphans: bool
    ) -> dict[int, list[Action]]:
        out = {}
        for i in (1, 2, 3):
            s = (kong_seat + i) % 4
            if (
                game.status[s] != PLAYING
                or not self._is_complete(game, s, tile)
                or not self.may_win_on(game, s, tile)
            ):
                continue
            got = self.value(game, s, tile, False, robbing=True)
            if got.valid and (not only_orphans or got.limit_hand == "thirteen_orphans"):
                out[s] = [RON, PASS]
        return out

    def _claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        if game.kind[tile] >= FLOWER:
            return {}
        out: dict[int, list[Action]] = {}
        can_draw = game.wall.left > 0
        next_seat = game.next_seat(discarder)
        for i in (1, 2, 3):
            s = (discarder + i) % 4
            if game.status[s] != PLAYING:
                continue
            options = [RON] if self._can_win(game, s, tile) else []
            # no calls on the last discard: nothing would be left to draw
            if can_draw and self.may_call(game, s, tile):
                chi = self.chi_allowed and s == next_seat
                options += calls.claim_calls(game, s, tile, chi=chi, kong=True)
            if options:
                out[s] = [*options, PASS]
        return out

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        hs: HandFacts = game.state.hand
        seat0, tile = fl.played(window)
        order = [s for s in ((seat0 + i) % 4 for i in (1, 2, 3)) if s in window.options]
        self.passed(game, window, answers)
        rons = [s for s in order if answers.get(s) == RON]
        robbing = window.kind == "rob"
        if rons:
            winners = self.pick_winners(game, rons, seat0, tile)
            out = self._win(game, winners, seat0, tile, tsumo=False, robbing=robbing)
            if robbing:  # the kong is undone: the tile goes to the (first) robber
                hs.after_kong = False
                hs.kong_feeder = None
                out.ops = [fl.RobTile(seat0, tile, winners[0]), *out.ops]
            return out
        if robbing:  # nobody robbed: the kong stands
            kind: ActionType = window.data  # the kong robbed: added or concealed
            stands = self.kong_stands(game, seat0, None, kind)
            return fl.Outcome(stands, fl.Turn(seat0, fl.REPLACEMENT))
        self.discard_passed(game, seat0)  # the discard was not won on
        taken = calls.winning_call(order, answers)
        if taken is None:
            return fl.Outcome((), fl.Turn(game.next_seat(seat0)))
        seat, action = taken
        hs.untouched = False
        ops, nxt = calls.call_ops(game, seat, action, seat0, tile)
        if action.type is A.KAN:
            hs.after_kong = True
            hs.kong_feeder = seat0
            hs.floor[seat] = -9
            ops += self.kong_stands(game, seat, seat0, A.KAN)
        return fl.Outcome(ops, nxt)

    def passed(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> None:
        """Bookkeeping of the answers of a window (Sichuan: the pass-Hu lock)."""

    # ------------------------------------------------------------------ settlement
    def win_report(
        self,
        game: Game,
        seat: int,
        payer: int | None,
        tile: int,
        tsumo: bool,
        got: Any,
        value: int,
        deltas: list[int],
        detail: dict[str, Any],
        facts: dict[str, Any] | None = None,
    ) -> list[fl.Op]:
        """A win's ledger moves (``deltas``, each losing seat paying the gaining seats in
        seat order), its report for the statistics and (recording) its event. ``got``
        is the score (``items`` whose first field is the name, ``limit_hand``,
        ``reading``, ``breakdown()``), ``value`` the number the statistics count.

        A self-drawn win with a ``payer`` (a kong bloom after a claimed kong, paid by the
        kong's feeder as a discarder: ``bloom_feeder_pays``) stays self-drawn (no
        ``from``: the tile was drawn, and it earns the self-drawn faan); the report and
        the event's detail name the feeder as ``paid_by``."""
        ops = moves(deltas, "tsumo" if tsumo else "ron")
        paid_by = {"paid_by": payer} if tsumo and payer is not None else {}
        report = {
            "counts": self.counts(game),
            **paid_by,
            **(facts or {}),
        }
        detail = self._detail(got, {**detail, **paid_by})
        names = [i[0] for i in got.items]
        ops += win_entries(
            game,
            seat,
            None if tsumo else payer,
            tile,
            value,
            got.reading,
            names,
            got.breakdown,
            deltas,
            report,
            detail,
            shown=game.hands[seat] if tsumo else [*game.hands[seat], tile],
            limit=int(got.limit_hand is not None),
        )
        return ops

    def _detail(self, got: Any, fields: dict[str, Any]) -> dict[str, Any]:
        """A win's detail as the ruleset's typed record writes it
        (:attr:`detail_class`): the items and the limit hand, then the
        ruleset's own ``fields``."""
        from ...client.data import to_json

        cls = self.detail_class
        assert cls is not None
        record = cls(items=tuple(tuple(i) for i in got.items), limit_hand=got.limit_hand, **fields)
        out: dict[str, Any] = to_json(record)
        return out

    def _win(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool = False,
    ) -> fl.Outcome:
        ops = self.win_ops(game, winners, payer, tile, tsumo, robbing)
        more, nxt = self.after_win(game, winners, payer, tsumo)
        return fl.Outcome(ops + more, nxt)

    def after_win(
        self, game: Game, winners: list[int], payer: int | None, tsumo: bool
    ) -> tuple[list[fl.Op], fl.Next]:
        """What follows a win: by default the hand ends (Sichuan: the winners leave and
        the others play on)."""
        game.state.hand.winners = list(winners)
        return [], fl.EndHand("win")

    @staticmethod
    def counts(game: Game) -> dict[str, list[int]]:
        """The hand's counters for the statistics (``Report`` ``counts``)."""
        hs: HandFacts = game.state.hand
        return {"winning_shapes": list(hs.complete), "blocked_by_minimum": list(hs.blocked)}

    def on_exhausted(self, game: Game) -> fl.Outcome:
        game.state.hand.winners = []
        return fl.Outcome(self.draw_ops(game), fl.EndHand("exhaustive"))

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        winners: list[int] = game.state.hand.winners
        if self.options.max_hands and game.hand_number + 1 >= self.options.max_hands:
            return fl.GameOver()
        if game.dealer in winners or (not winners and self.draw_keeps_deal):
            return fl.NextHand(game.dealer, game.round_wind)  # the dealer keeps the deal
        dealer = (game.dealer + 1) % 4
        wind = game.round_wind
        if dealer == game.first_dealer:
            wind += 1
            if wind >= self.options.rounds:
                return fl.GameOver()
        return fl.NextHand(dealer, wind)

    # ------------------------------------------------------------------ views and checks
    #: whether the prevailing wind scores (wind sets): then the hand is named by it
    prevailing_wind: ClassVar[bool] = True

    def round_label(
        self, round_wind: int, hand: int, info: dict[str, Any]
    ) -> tuple[str, str] | None:
        """``East round, hand 3`` / ``E·3``: the prevailing wind, which wind sets score
        by, and the hand's number in the game (None without a prevailing wind)."""
        if not self.prevailing_wind:
            return None
        wind = WIND_NAMES[round_wind % 4]
        return f"{wind} round, hand {hand + 1}", f"{wind[0]}\u00b7{hand + 1}"

    def seat_winds(self, game: Game) -> tuple[int, ...] | None:
        return tuple(self.seat_wind(game, s) for s in SEATS)

    def no_win_reason(self, game: Game, seat: int, tile: int | None = None) -> str | None:
        waiting = len(game.hands[seat]) % 3 == 1  # 13 tiles (melds as 3): not on its turn
        if (tile is not None) != waiting or not self._is_complete(game, seat, tile):
            return None
        if tile is not None and not self.may_win_on(game, seat, tile):
            return self.locked_out(game, seat, tile)
        got = self.value(
            game, seat, self._winning_tile(game, seat) if tile is None else tile, tile is None
        )
        return None if got.valid else got.reason

    def validate(self, game: Game) -> None:
        for s in SEATS:
            assert game.status[s] == PLAYING, f"seat {s} left the hand"
            for m in game.melds[s]:
                assert m.type is not MeldType.CHI or m.from_seat == (s - 1) % 4, (
                    "a chow not from the left"
                )


def moves(deltas: Sequence[int], reason: str) -> list[fl.Op]:
    """Ledger moves realising per-seat changes that sum to zero: each losing seat pays the
    gaining seats in seat order."""
    give = {s: -d for s, d in enumerate(deltas) if d < 0}
    take = {s: d for s, d in enumerate(deltas) if d > 0}
    ops: list[fl.Op] = []
    for src in sorted(give):
        for dst in sorted(take):
            amount = min(give[src], take[dst])
            if amount:
                ops.append(fl.Move("points", src, dst, amount, reason))
                give[src] -= amount
                take[dst] -= amount
    return ops


def facts_from_text(
    text: str,
    win: str,
    tsumo: bool = False,
    seat: int = 0,
    round: int = 0,
    flowers: str = "",
    last_tile: bool = False,
    kong_bloom: bool = False,
    robbing: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
) -> WinFacts:
    """The win facts of a hand written in the tile notation (the winning tile
    included), checked (SparrowsError naming what is wrong)."""
    from ...tiles import parse_hand, parse_tiles

    hand = parse_hand(text, "mpsz", max_tiles=14)
    tiles = parse_tiles(win) if win else []
    if len(tiles) != 1:
        raise SparrowsError(f"the winning tile must be one tile, not {win!r}")
    extra = parse_tiles(flowers) if flowers else []
    if any(t.kind < FLOWER for t in extra):
        raise SparrowsError(f"flowers are bonus tiles (1f-4f, 1h-4h) only, not {flowers!r}")
    return situation_from_hand(
        hand, tiles[0], tsumo, seat, round, extra, last_tile, kong_bloom, robbing, heavenly, earthly
    )
