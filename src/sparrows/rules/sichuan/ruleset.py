"""The Sichuan "bloody battle" plug-in over the shared Chinese-family game
(:mod:`sparrows.rules.chinese`): 108 tiles, the three-tile exchange and the hidden void
choice (simultaneous decision windows), no chow, winners leaving the hand while the
others play on (several on one discard), gang points paid at once with call transfer and
refunds, the exhaustive-draw settlement, and the dealer rules of the spec."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...client.extras import SichuanExtra
from ...client.tiles import sort_tiles
from ...client.view import ExchangePayload, Payload, View, VoidPayload
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.board import PLAYING, WON
from ...engine.protocol import EarlierVersion
from ...engine.wall import Wall
from ...reasons import Reason
from ...tiles import MeldType, Tile, sichuan_set
from .. import calls
from ..chinese import RON, SEATS, ChineseRuleset, HandFacts, moves
from .options import FAAN, PRESETS, SichuanOptions
from .scoring import FORM, SichuanScore, SichuanWin, best_waiting, score_win

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.observation import Observation

A: Final = ActionType
VOIDS: Final = [Action(A.VOID, choice=c) for c in "mps"]


@dataclass
class Gang:
    """A gang's points, paid at once: who received how much from whom."""

    seat: int
    paid: dict[int, int]


#: Where the exchanged tiles went, by seat offset.
_DIRECTIONS: Final = {1: "right", 2: "across", 3: "left"}


@dataclass
class SichuanHand(HandFacts):
    void: list[int | None] = field(default_factory=lambda: [None] * 4)  # once all chose
    hu_lock: list[bool] = field(default_factory=lambda: [False] * 4)
    gangs: list[Gang] = field(default_factory=list)
    last_gang: Gang | None = None  # the gang whose replacement turn is on (after_gang)
    order: list[int] = field(default_factory=list)  # winners in the order they won
    first_win_from: int | None = None  # the discarder of the first win (several winners)
    first_win_count: int = 0
    exchange: int = 0  # where the exchanged tiles went: 1 the next seat, 2 across, 3 the previous
    gave: list[tuple[int, ...]] = field(default_factory=list)  # per seat, the tiles it passed


@mypyc_attr(allow_interpreted_subclasses=True)
class SichuanRuleset(ChineseRuleset):
    """Sichuan bloody battle (``../shared/rules/sichuan.md``); the decisions where the
    spec is silent are in ``docs/rulesets.md``."""

    name: ClassVar[str] = "sichuan"
    advice_class: ClassVar[str] = "sparrows.advice.sichuan:SichuanAdvice"
    layout_name: ClassVar[str | None] = "sichuan"
    version: ClassVar[str] = "3"
    # 2: a robbed gang goes back to a pung, the pass-Hu lock lasts until the next draw,
    # the call transfer is split: version 1's games play differently (none listed).
    #: 3: a gang bloom paid by the claimed gang's feeder (``gang_bloom_claimed_pays``)
    #: names it in the win's detail (``paid_by``).
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "2": EarlierVersion(changed_fields=frozenset({("win", "detail")}))
    }
    auto_bonus = False
    options_class: ClassVar[type | None] = SichuanOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    options: SichuanOptions
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, options: SichuanOptions | None = None) -> None:
        self.options = options or SichuanOptions()
        self.tileset = sichuan_set()
        super().__init__(FORM)

    # ------------------------------------------------------------------ setup
    def build_wall(self, order: Sequence[int]) -> Wall:
        return Wall.simple(order)

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.hand = SichuanHand()
        seats = tuple((game.dealer + i) % 4 for i in SEATS)
        # 13 each; the dealer's 14th is its first draw, after the exchange and the void
        # choice. The choices depend on the dealt hands: an empty window resolves after
        # the deal
        return fl.Outcome([fl.Deal(seats, (13, 13, 13, 13))], fl.Window("start", {}, claim=False))

    def _exchange_options(self, game: Game, seat: int) -> list[Action]:
        out = []
        faces, kind = game.faces, game.kind
        for base in (0, 9, 18):
            have: dict[Tile, int] = {}
            for t in game.hands[seat]:
                if base <= kind[t] < base + 9:
                    have[faces[t]] = have.get(faces[t], 0) + 1
            fs = sorted(have)
            n = [have[f] for f in fs]
            m = len(fs)
            # every multiset of three held faces, in combinations_with_replacement order
            for i in range(m):
                for j in range(i, m):
                    if i == j and n[i] < 2:
                        continue
                    for k in range(j, m):
                        if k == j and n[j] < (3 if i == j else 2):
                            continue
                        out.append(calls.action(A.EXCHANGE, (fs[i], fs[j], fs[k])))
        return out

    def _void_window(self, game: Game) -> fl.Window:
        options = {}
        for s in SEATS:
            suits = {game.kind[t] // 9 for t in game.hands[s]}
            missing = [VOIDS[i] for i in range(3) if i not in suits]
            options[s] = missing or list(VOIDS)  # a missing suit is forced
        return fl.Window("void", options, claim=False)

    # ------------------------------------------------------------------ values
    def value(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> SichuanScore:
        hs: SichuanHand = game.state.hand
        kind = game.kind
        concealed = [kind[t] for t in game.hands[seat]]
        if not tsumo:
            concealed.append(kind[tile])
        melds = tuple((m.type, tuple(kind[t] for t in m.tiles)) for m in game.melds[seat])
        win = SichuanWin(
            tuple(concealed),
            melds,
            kind[tile],
            tsumo,
            hs.void[seat],
            last_tile=game.wall.left == 0,
            robbing=robbing,
            after_gang=not tsumo and not robbing and hs.last_gang is not None,
            gang_bloom=tsumo and hs.after_kong,
        )
        return score_win(win, self.options)

    def may_win_on(self, game: Game, seat: int, tile: int) -> bool:
        hs: SichuanHand = game.state.hand
        return not hs.hu_lock[seat]

    def locked_out(self, game: Game, seat: int, tile: int) -> Reason | None:
        return None if self.may_win_on(game, seat, tile) else Reason("passed_win")

    def _void_held(self, game: Game, seat: int) -> bool:
        void = game.state.hand.void[seat]
        return void is not None and any(game.kind[t] // 9 == void for t in game.hands[seat])

    def allowed_discards(self, game: Game, seat: int, discards: list[Action]) -> list[Action]:
        """Void-suit tiles go before any other tile."""
        void = game.state.hand.void[seat]
        if void is None:
            return discards
        first = [a for a in discards if a.tiles[0].kind // 9 == void]
        return first or discards

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        if game.turn_draw == fl.LIVE or game.turn_draw == fl.REPLACEMENT:
            game.state.hand.hu_lock[seat] = False  # the lock lasts until one's next draw
        out = super().turn_actions(game, seat)
        void = game.state.hand.void[seat]
        if void is None:
            return out
        return [a for a in out if a.type not in (A.ANKAN, A.KAKAN) or a.tiles[0].kind // 9 != void]

    # ------------------------------------------------------------------ turns
    # ------------------------------------------------------------------ family hooks
    chi_allowed = False

    def pick_winners(self, game: Game, rons: list[int], payer: int, tile: int) -> list[int]:
        return rons  # every player claiming a discard wins on it

    def on_discard(self, game: Game, seat: int, tile: int) -> None:
        hs: SichuanHand = game.state.hand
        hs.last_gang = hs.last_gang if hs.after_kong else None  # a discard after a gang

    def discard_passed(self, game: Game, seat: int) -> None:
        game.state.hand.last_gang = None

    def bloom_feeder_pays(self) -> bool:
        return self.options.gang_bloom_claimed_pays

    def may_call(self, game: Game, seat: int, tile: int) -> bool:
        return bool(game.state.hand.void[seat] != game.kind[tile] // 9)  # not one's void suit

    def passed(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> None:
        """The pass-Hu lock: a seat that let a winning discard go may not Hu on a discard
        until its next draw."""
        if self.options.pass_hu_lock:
            hs: SichuanHand = game.state.hand
            for s, options in window.options.items():
                if RON in options and answers.get(s) != RON:
                    hs.hu_lock[s] = True

    def kong_stands(
        self, game: Game, seat: int, feeder: int | None, kind: ActionType
    ) -> list[fl.Op]:
        """Gang points at once: concealed 2 x base from each player still in, exposed 2 x
        base from the feeder, added 1 x base from each player still in."""
        return self._gang_pay(game, seat, feeder, 1 if kind is A.KAKAN else 2)

    def _gang_pay(self, game: Game, seat: int, feeder: int | None, times: int) -> list[fl.Op]:
        """A gang's points at once: from the feeder, or from every player still in."""
        hs: SichuanHand = game.state.hand
        amount = times * self.options.base
        payers = [feeder] if feeder is not None else [p for p in game.playing() if p != seat]
        gang = Gang(seat, {p: amount for p in payers})
        hs.gangs.append(gang)
        hs.last_gang = gang
        return [fl.Move("points", p, seat, amount, "gang") for p in payers]

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        hs: SichuanHand = game.state.hand
        if window.kind == "start":
            if self.options.exchange:
                options = {s: self._exchange_options(game, s) for s in SEATS}
                if all(options.values()):
                    return fl.Outcome((), fl.Window("exchange", options, claim=False))
            return fl.Outcome((), self._void_window(game))
        if window.kind == "exchange":
            roll = game.dice.randint(1, 6)
            offset = 3 if roll <= 2 else 1 if roll <= 4 else 2  # clockwise, counter, across
            ops: list[fl.Op] = [fl.Emit(ev.Choices("exchange_die", [roll]))]
            hs.exchange = offset
            hs.gave = [game.take(s, answers[s].tiles) for s in SEATS]
            for s in SEATS:
                ops.append(fl.PassTiles(s, (s + offset) % 4, hs.gave[s]))
            return fl.Outcome(ops, self._void_window(game))
        if window.kind == "void":
            hs.void = ["mps".index(answers[s].choice or "m") for s in SEATS]
            event = ev.Choices("void", ["mps"[v] for v in hs.void if v is not None])
            return fl.Outcome([fl.Emit(event)], fl.Turn(game.dealer))
        return super().resolve(game, window, answers)

    # ------------------------------------------------------------------ settlement
    def after_win(
        self, game: Game, winners: list[int], payer: int | None, tsumo: bool
    ) -> tuple[list[fl.Op], fl.Next]:
        """Bloody battle: the winners leave; the hand ends at the third winner, else the
        next player still in after the discarder (or the self-drawer) plays on."""
        hs: SichuanHand = game.state.hand
        if not hs.order:
            hs.first_win_from = None if tsumo else payer
            hs.first_win_count = len(winners)
        hs.order += winners
        hs.winners = list(hs.order)
        ops: list[fl.Op] = [fl.SetStatus(s, WON) for s in winners]
        if len(hs.order) >= 3:
            return ops + self._end_ops(game, winners), fl.EndHand("win")
        start = winners[0] if tsumo else payer
        assert start is not None
        nxt = next(
            s
            for s in ((start + i) % 4 for i in (1, 2, 3, 4))
            if game.status[s] == PLAYING and s not in winners
        )
        return ops, fl.Turn(nxt)

    def win_ops(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool,
    ) -> list[fl.Op]:
        hs: SichuanHand = game.state.hand
        ops: list[fl.Op] = []
        transfers = self.call_transfers(game, winners, payer, tsumo, robbing)
        for seat in winners:
            # a claimed gang's bloom paid by its feeder (payer) is still self-drawn
            got = self.value(game, seat, tile, tsumo, robbing)
            assert got.valid, got.reason
            deltas = [0] * 4
            if payer is None:
                for p in game.playing():
                    if p != seat and p not in winners:
                        deltas[p] -= got.score
                        deltas[seat] += got.score
            else:
                deltas[payer] -= got.score
                deltas[seat] += got.score
            detail: dict[str, Any] = {"faan": got.faan, "capped": got.capped}
            if transfers:
                share = transfers[winners.index(seat)]
                assert payer is not None
                deltas[payer] -= share
                deltas[seat] += share
                detail["call_transfer"] = share
            ops += self.win_report(game, seat, payer, tile, tsumo, got, got.score, deltas, detail)
        if transfers and hs.last_gang is not None:
            hs.gangs.remove(hs.last_gang)  # transferred: not refunded again
        hs.last_gang = None
        return ops

    def call_transfers(
        self, game: Game, winners: Sequence[int], payer: int | None, tsumo: bool, robbing: bool
    ) -> list[int]:
        """What each winner (in turn order from the discarder) receives of the gang the
        discarder made just before the winning discard (call transfer), or [] when none
        is transferred: the gang's points divided among the winners, the remainder to the
        first (``call_transfer="split"``), all of them to each (``"each"``)."""
        hs: SichuanHand = game.state.hand
        mode = self.options.call_transfer
        gang = hs.last_gang
        if mode == "off" or tsumo or robbing or gang is None or gang.seat != payer:
            return []
        total = sum(gang.paid.values())
        if mode == "each":
            return [total] * len(winners)
        share, rest = divmod(total, len(winners))
        return [share + (rest if i == 0 else 0) for i in range(len(winners))]

    def _end_ops(self, game: Game, last: Sequence[int] = ()) -> list[fl.Op]:
        """Gang refunds at the end of the hand: a player still in who is not waiting
        returns the gang points received this hand."""
        hs: SichuanHand = game.state.hand
        ops: list[fl.Op] = []
        for gang in hs.gangs:
            s = gang.seat
            if game.status[s] != PLAYING or s in last or self._waiting(game, s):
                continue
            ops += [fl.Move("points", s, p, v, "gang refund") for p, v in gang.paid.items()]
        return ops

    def _waiting(self, game: Game, seat: int) -> bool:
        return (
            best_waiting(*self._hand_kinds(game, seat), game.state.hand.void[seat], self.options)
            > 0
        )

    def _hand_kinds(
        self, game: Game, seat: int
    ) -> tuple[list[int], list[tuple[MeldType, tuple[int, ...]]]]:
        kind = game.kind
        return (
            [kind[t] for t in game.hands[seat]],
            [(m.type, tuple(kind[t] for t in m.tiles)) for m in game.melds[seat]],
        )

    def draw_ops(self, game: Game) -> list[fl.Op]:
        """Exhaustive draw: each active player who is not waiting pays each waiting one
        that one's best possible score (situational faan excluded); the flower pig option;
        then the gang refunds."""
        hs: SichuanHand = game.state.hand
        active = game.playing()
        best = {
            s: best_waiting(*self._hand_kinds(game, s), hs.void[s], self.options) for s in active
        }
        deltas = [0] * 4
        for s in active:
            if best[s]:
                continue
            for w in active:
                if best[w]:
                    deltas[s] -= best[w]
                    deltas[w] += best[w]
        if self.options.flower_pig:
            cap = self.options.faan_cap
            fine = self.options.base * (2**cap if cap else 16)
            for s in active:
                if self._void_held(game, s):
                    for o in active:
                        if o != s:
                            deltas[s] -= fine
                            deltas[o] += fine
        ops = moves(deltas, "draw")
        ops += self._end_ops(game)
        kind = fl.SETTLEMENT if hs.order else fl.DRAW  # a hand nobody won: a draw
        facts = {"draw_payments": deltas}
        ops.append(fl.Report(fl.HandReport(kind, game.hand_number, facts=facts)))
        ready = tuple(s for s in active if best[s])
        ops.append(fl.Emit(build=self.draw_event, args=(game, ready)))
        return ops

    def on_exhausted(self, game: Game) -> fl.Outcome:
        return fl.Outcome(self.draw_ops(game), fl.EndHand("exhaustive"))

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        hs: SichuanHand = game.state.hand
        if game.hand_number + 1 >= self.options.hands:
            return fl.GameOver()
        if not hs.order:
            return fl.NextHand(game.dealer, game.round_wind)
        if hs.first_win_count > 1 and hs.first_win_from is not None:
            return fl.NextHand(hs.first_win_from, game.round_wind)
        return fl.NextHand(hs.order[0], game.round_wind)

    # ------------------------------------------------------------------ views and checks
    extra_class: ClassVar[type | None] = SichuanExtra

    def extra(self, game: Game, viewer: int | None) -> SichuanExtra:
        hs: SichuanHand = game.state.hand
        gave = got = None
        if viewer is not None and hs.gave:
            gave = sort_tiles(game.fmt_all(hs.gave[viewer]))
            got = sort_tiles(game.fmt_all(hs.gave[(viewer - hs.exchange) % 4]))
        return SichuanExtra(
            void=_voids(hs),
            won=tuple(hs.order),
            exchange=_DIRECTIONS.get(hs.exchange),
            gave=gave,
            got=got,
        )

    def extra_fields(
        self, game: Game, viewer: int | None, names: tuple[str, ...]
    ) -> tuple[Any, ...]:
        """The void suits as :meth:`extra` has them, without building it."""
        if names == ("void",):
            return (_voids(game.state.hand),)
        return super().extra_fields(game, viewer, names)

    prevailing_wind: ClassVar[bool] = False  # no wind scores: the hands are numbered

    def seat_winds(self, game: Game) -> tuple[int, ...] | None:
        return None  # no wind tiles, no seat winds

    def payload(self, game: Game, seat: int) -> Payload | None:
        window = game.window
        if window is None or seat not in window.options:
            return None
        held = {suit: 0 for suit in "mps"}
        for t in game.hands[seat]:
            held["mps"[game.kind[t] // 9]] += 1
        if window.kind == "exchange":
            suits = tuple(s for s in "mps" if held[s] >= 3)
            return ExchangePayload(3, suits)
        if window.kind == "void":
            return VoidPayload(held)
        return None

    def default_choice(self, view: View) -> str:
        """The void with the fewest tiles held (ties: m, p, s); otherwise the first
        choice offered (the first exchange)."""
        prompt = view.prompt
        assert prompt is not None
        if isinstance(prompt.payload, VoidPayload):
            held = prompt.payload.held
            offered = [a for a in prompt.actions if a.startswith("void ")]
            return min(offered, key=lambda a: (held.get(a[5:], 0), a))
        return prompt.actions[0]

    def hand_info(self, game: Game) -> dict[str, Any]:
        return {}

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        return {"Faan (score = base x 2^faan)": [(n, v, d) for n, (v, d) in FAAN.items()]}

    def dead_kinds(self, obs: Observation) -> frozenset[int]:
        """The void suit: no winning hand holds it."""
        void = obs.extra.void[obs.seat]
        if void is None:
            return frozenset()
        suit = "mps".index(void)
        return frozenset(range(suit * 9, suit * 9 + 9))

    def dead_choices(self) -> dict[str, frozenset[int]]:
        return {v: frozenset(range(i * 9, i * 9 + 9)) for i, v in enumerate("mps")}

    def validate(self, game: Game) -> None:
        hs: SichuanHand = game.state.hand
        won = [s for s in SEATS if game.status[s] == WON]
        assert sorted(won) == sorted(hs.order), "the seats that left are the winners"
        assert len(won) <= 3, "at most three winners"
        for s in SEATS:
            for m in game.melds[s]:
                assert m.type is not MeldType.CHI, "Sichuan has no chow"


def _voids(hs: SichuanHand) -> tuple[str | None, ...]:
    """Per seat, its void suit (m, p or s), or None before it is chosen."""
    return tuple("mps"[v] if v is not None else None for v in hs.void)
