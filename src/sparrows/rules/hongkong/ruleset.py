"""The Hong Kong plug-in: the 144-tile game on the shared engine (calls from
:mod:`sparrows.rules.calls`, bonus tiles replaced by the engine), faan scoring from
:mod:`.scoring`, dealer rotation and game end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ...analysis import analyse, waits
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.game import PLAYING
from ...engine.protocol import Ruleset
from ...engine.wall import Wall
from ...tiles import MeldType, Tile, hongkong_set
from ...tiles.kinds import FLOWER, NUM_STANDARD
from .. import calls
from .options import FAAN, LIMITS, PAYMENT_TABLES, PRESETS, HongKongOptions
from .scoring import HKScore, HKSituation, form_for, payments, score

if TYPE_CHECKING:
    from ...engine.game import Game, Observation

A = ActionType
_TSUMO, _RON, _PASS = Action(A.TSUMO), Action(A.RON), Action(A.PASS)
SEATS = (0, 1, 2, 3)
MEMO_LIMIT = 500_000  # waits memo entries kept before the memo starts over


@dataclass
class HKHand:
    """Per hand: what the winning conditions need."""

    after_kong: bool = False  # the turn's draw replaces a kong
    kong_feeder: int | None = None  # who fed the open kong whose replacement is drawn
    untouched: bool = True  # no call yet and nobody has discarded twice (heavenly/earthly)
    discards: list[int] = field(default_factory=lambda: [0] * 4)  # per seat, this hand
    winners: list[int] = field(default_factory=list)
    complete: list[int] = field(default_factory=lambda: [0] * 4)  # winning shapes met
    blocked: list[int] = field(default_factory=lambda: [0] * 4)  # ... below the minimum


@dataclass
class HKState:
    hand: HKHand = field(default_factory=HKHand)
    hands_played: int = 0


class HongKongRuleset(Ruleset):
    """Hong Kong mahjong (``../shared/rules/hongkong.md``). Decisions where the spec is
    silent: the dealer's 14th tile is dealt, so the dealer's first turn has no draw; the
    game ends when the deal would pass from the last dealer of the last round; the
    reserve option keeps that many tiles out of play (``Wall.reserve``); a bonus tile
    that cannot be replaced (the wall is empty) stays in the hand and may be discarded,
    and nobody claims it."""

    name: ClassVar[str] = "hongkong"
    version: ClassVar[str] = "1"
    auto_bonus = True
    options_class: ClassVar[type | None] = HongKongOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    options: HongKongOptions
    indicator_label: ClassVar[str] = ""  # no dora
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {
        "winning shapes blocked by the minimum": ("blocked_by_minimum", "winning_shapes")
    }

    def __init__(self, options: HongKongOptions | None = None) -> None:
        self.options = options or HongKongOptions()
        self.tileset = hongkong_set()
        self._form = form_for(self.options)  # seven pairs per option
        # hand key (13 tiles, or 10, 7... with melds) -> the kinds that complete it: one
        # table-driven shanten per new hand, then a lookup per claim and per draw.
        self._waits: dict[int, tuple[int, ...]] = {}
        self._discard_by_code = {f.code: Action(A.DISCARD, f) for f in set(self.tileset.tiles)}
        self._discards: dict[int, list[Action]] = {}  # face key -> discard actions

    def all_actions(self) -> list[Action]:
        faces = sorted(set(self.tileset.tiles))
        plain = [f for f in faces if f.kind < NUM_STANDARD]
        out = [Action(A.DISCARD, f) for f in faces] + [_TSUMO, _RON, _PASS]
        for f in plain:
            out += [Action(A.PON, (f, f)), Action(A.KAN, (f, f, f))]
            out += [Action(A.ANKAN, f), Action(A.KAKAN, f)]
        for k in range(27):
            out += [Action(A.CHI, (Tile(k), Tile(k + d))) for d in (1, 2) if k % 9 + d < 9]
        return out

    # ------------------------------------------------------------------ setup
    def start_balances(self) -> dict[str, list[int]]:
        return {"points": [self.options.starting_points] * 4}

    def new_state(self) -> HKState:
        return HKState()

    def build_wall(self, order: Sequence[int]) -> Wall:
        keep = self.options.reserve
        wall = Wall.simple(order[: len(order) - keep] if keep else order)
        wall.reserve = list(order[len(order) - keep :]) if keep else []
        return wall

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.hand = HKHand()
        seats = tuple((game.dealer + i) % 4 for i in SEATS)
        return fl.Outcome(
            (fl.Deal(seats, (14, 13, 13, 13)), fl.ReplaceBonusInDeal(seats)),
            fl.Turn(game.dealer, fl.NO_DRAW),
        )

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
            held = game.counts[seat]
            counts = held[:NUM_STANDARD]
            if minus is not None and game.kind[minus] < NUM_STANDARD:
                counts[game.kind[minus]] -= 1
            bonus = sum(held[NUM_STANDARD:]) - (minus is not None and game.kind[minus] >= FLOWER)
            got = () if bonus else tuple(waits(counts, self._form))
            if len(self._waits) >= MEMO_LIMIT:
                self._waits.clear()
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
        held = game.counts[seat]  # the dealer's dealt 14
        if any(held[NUM_STANDARD:]):
            return False
        return analyse(held[:NUM_STANDARD], self._form).value == -1

    def situation(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> HKSituation:
        hs: HKHand = game.state.hand
        kind = game.kind
        concealed = [kind[t] for t in game.hands[seat]]
        if not tsumo:
            concealed.append(kind[tile])
        melds = tuple((m.type, tuple(kind[t] for t in m.tiles)) for m in game.melds[seat])
        first = hs.untouched and not any(game.melds)
        return HKSituation(
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
        )

    def value(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> HKScore:
        return score(self.situation(game, seat, tile, tsumo, robbing), self.options)

    def _can_win(self, game: Game, seat: int, tile: int, robbing: bool = False) -> bool:
        if not self._is_complete(game, seat, tile):
            return False
        return self._offer(game, seat, self.value(game, seat, tile, False, robbing))

    @staticmethod
    def _offer(game: Game, seat: int, got: HKScore) -> bool:
        """A winning shape met: offered if worth the minimum (counted either way)."""
        hs: HKHand = game.state.hand
        hs.complete[seat] += 1
        if not got.valid:
            hs.blocked[seat] += 1
        return got.valid

    def _winning_tile(self, game: Game, seat: int) -> int:
        """The tile a self-drawn win is on: the drawn one (the last dealt for the
        dealer's first turn)."""
        return game.drawn if game.drawn is not None else game.hands[seat][-1]

    # ------------------------------------------------------------------ turns
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        out: list[Action] = []
        if len(game.bonus[seat]) == 8 or (  # all eight bonus tiles win at once
            self._is_complete(game, seat, None)
            and self._offer(
                game, seat, self.value(game, seat, self._winning_tile(game, seat), True)
            )
        ):
            out.append(_TSUMO)
        if game.wall.can_replace():
            out += calls.turn_kongs(game, seat)
        key = game.face_key[seat]
        discards = self._discards.get(key)
        if discards is None:  # one action per distinct face, memoised by the face key
            code, by_code = game.face_code, self._discard_by_code
            discards = [by_code[c] for c in sorted({code[t] for t in game.hands[seat]})]
            if len(self._discards) >= MEMO_LIMIT:
                self._discards.clear()
            self._discards[key] = discards
        return [*out, *discards] if out else discards

    def on_turn(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        hs: HKHand = game.state.hand
        t = action.type
        if t is A.DISCARD:
            tile = game.tile_of(seat, action.tiles[0])
            hs.after_kong = False
            hs.kong_feeder = None
            hs.discards[seat] += 1
            if hs.discards[seat] > 1:
                hs.untouched = False
            ops: list[fl.Op] = [fl.DiscardTile(seat, tile, dead=game.kind[tile] >= FLOWER)]
            claims = self._claims(game, seat, tile)
            if claims:
                return fl.Outcome(ops, fl.Window("claim", claims, (seat, tile)))
            return fl.Outcome(ops, fl.Turn(game.next_seat(seat)))
        if t is A.TSUMO:
            tile = self._winning_tile(game, seat)
            feeder = hs.kong_feeder if self.options.kong_bloom_feeder_pays else None
            return self._win(game, [seat], feeder, tile, tsumo=True)
        hs.untouched = False
        meld = calls.kong_ops(game, seat, action)
        hs.after_kong = True
        hs.kong_feeder = None
        if t is A.KAKAN or self.options.thirteen_orphans_rob_concealed:
            robbers = self._robbers(game, seat, meld.tiles[0], only_orphans=t is A.ANKAN)
            if robbers:
                return fl.Outcome([meld], fl.Window("rob", robbers, (seat, meld.tiles[0])))
        return fl.Outcome([meld], fl.Turn(seat, fl.REPLACEMENT))

    def _robbers(
        self, game: Game, kong_seat: int, tile: int, only_orphans: bool
    ) -> dict[int, list[Action]]:
        out = {}
        for i in (1, 2, 3):
            s = (kong_seat + i) % 4
            if not self._is_complete(game, s, tile):
                continue
            got = self.value(game, s, tile, False, robbing=True)
            if got.valid and (not only_orphans or got.limit_hand == "thirteen_orphans"):
                out[s] = [_RON, _PASS]
        return out

    def _claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        if game.kind[tile] >= FLOWER:
            return {}
        out: dict[int, list[Action]] = {}
        can_draw = game.wall.left > 0
        next_seat = (discarder + 1) % 4
        for i in (1, 2, 3):
            s = (discarder + i) % 4
            options = [_RON] if self._can_win(game, s, tile) else []
            if can_draw:  # no calls on the last discard: nothing would be left to draw
                options += calls.claim_calls(game, s, tile, chi=s == next_seat, kong=True)
            if options:
                out[s] = [*options, _PASS]
        return out

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        hs: HKHand = game.state.hand
        seat0, tile = window.data
        order = [(seat0 + i) % 4 for i in (1, 2, 3)]
        rons = [s for s in order if answers.get(s) == _RON]
        if rons:
            winners = rons if self.options.multiple_winners else rons[:1]
            return self._win(game, winners, seat0, tile, tsumo=False, robbing=window.kind == "rob")
        if window.kind == "rob":
            return fl.Outcome((), fl.Turn(seat0, fl.REPLACEMENT))
        taken = calls.winning_call(order, answers)
        if taken is None:
            return fl.Outcome((), fl.Turn(game.next_seat(seat0)))
        seat, action = taken
        hs.untouched = False
        ops, nxt = calls.call_ops(game, seat, action, seat0, tile)
        if action.type is A.KAN:
            hs.after_kong = True
            hs.kong_feeder = seat0
        return fl.Outcome(ops, nxt)

    # ------------------------------------------------------------------ settlement
    def _win(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool = False,
    ) -> fl.Outcome:
        ops: list[fl.Op] = []
        for seat in winners:
            got = self.value(game, seat, tile, tsumo, robbing)
            assert got.valid, got.reason
            deltas = payments(got.faan, seat, payer, game.dealer, self.options)
            how = "tsumo" if tsumo else "ron"
            ops += [fl.Move("points", p, seat, -deltas[p], how) for p in SEATS if deltas[p] < 0]
            ops.append(
                fl.Report(
                    {
                        "hand": game.hand_number,
                        "winner": seat,
                        "from": None if tsumo else payer,
                        "points": got.faan,
                        "items": [n for n, _ in got.items],
                        "yakuman": got.limit_hand is not None,
                        "faan": got.faan,
                        **({} if seat != winners[0] else {"counts": self._counts(game)}),
                    }
                )
            )
            if game.record:
                shown = game.hands[seat] if tsumo else [*game.hands[seat], tile]
                ops.append(
                    fl.Emit(
                        ev.Win(
                            seat,
                            None if tsumo else payer,
                            game.fmt(tile),
                            game.fmt_all(sorted(shown)),
                            got.reading,
                            got.faan,
                            [[label, v] for label, v in got.breakdown()],
                            deltas,
                            {
                                "faan": got.faan,
                                "items": [list(i) for i in got.items],
                                "limit_hand": got.limit_hand,
                                "capped": got.capped,
                            },
                        )
                    )
                )
        game.state.hand.winners = list(winners)
        return fl.Outcome(ops, fl.EndHand("win"))

    @staticmethod
    def _counts(game: Game) -> dict[str, list[int]]:
        hs: HKHand = game.state.hand
        return {"winning_shapes": list(hs.complete), "blocked_by_minimum": list(hs.blocked)}

    def on_exhausted(self, game: Game) -> fl.Outcome:
        ops: list[fl.Op] = [
            fl.Report({"hand": game.hand_number, "winner": None, "counts": self._counts(game)})
        ]
        if game.record:
            hands = [game.fmt_all(sorted(h)) for h in game.hands]
            ops.append(fl.Emit(ev.ExhaustiveDraw(hands, [])))
        return fl.Outcome(ops, fl.EndHand("exhaustive"))

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        winners: list[int] = game.state.hand.winners
        if self.options.max_hands and game.hand_number + 1 >= self.options.max_hands:
            return fl.GameOver()
        if not winners or game.dealer in winners:
            return fl.NextHand(game.dealer, game.round_wind)  # the dealer keeps the deal
        dealer = (game.dealer + 1) % 4
        wind = game.round_wind
        if dealer == game.first_dealer:
            wind += 1
            if wind >= self.options.rounds:
                return fl.GameOver()
        return fl.NextHand(dealer, wind)

    # ------------------------------------------------------------------ views and checks
    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        return {"seat_winds": [self.seat_wind(game, s) for s in SEATS]}

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        table = PAYMENT_TABLES[self.options.spicy]
        return {
            "Faan (add all that apply)": [(n, v, d) for n, (v, d) in FAAN.items()],
            "Limited hands (the highest only, plus the winning conditions)": [
                (n, v, d) for n, (v, d) in LIMITS.items()
            ],
            f"One share per faan ({self.options.spicy}-spicy)": [
                (str(f), v, "") for f, v in enumerate(table)
            ],
        }

    # ------------------------------------------------------------------ hints (bots)
    def _one_suit_plan(self, obs: Observation) -> int | None:
        """The suit to collect when one suit (with honours) can carry the minimum: 3 faan
        for Mixed One Suit. Chosen when that suit and the honours make most of the hand."""
        if self.options.min_faan <= 0:
            return None
        tiles = [t.kind for t in obs.hand if t.kind < NUM_STANDARD]
        for meld in obs.melds[obs.seat]:
            tiles += [t.kind for t in meld.tiles]
        per_suit = [sum(1 for k in tiles if k // 9 == s and k < 27) for s in range(3)]
        honours = sum(1 for k in tiles if k >= 27)
        suit = max(range(3), key=lambda s: per_suit[s])
        melded = {m.tiles[0].kind // 9 for m in obs.melds[obs.seat] if m.tiles[0].kind < 27}
        if melded - {suit}:
            return None  # already committed to another suit by a call
        if per_suit[suit] + honours >= 8:
            return suit
        return None

    def plan_discards(self, obs: Observation) -> frozenset[int]:
        suit = self._one_suit_plan(obs)
        if suit is None:
            return frozenset()
        return frozenset(k for k in range(27) if k // 9 != suit)

    def call_worth(self, obs: Observation, action: Action) -> bool:
        k = action.tiles[0].kind
        wind = 27 + obs.extra.get("seat_winds", [0] * 4)[obs.seat]
        if action.type in (A.PON, A.KAN, A.ANKAN, A.KAKAN) and (
            k >= 31 or k in (wind, 27 + obs.round_wind)
        ):
            return True  # a dragon or scoring wind: one faan each
        suit = self._one_suit_plan(obs)
        if action.type in (A.ANKAN, A.KAKAN):
            return True  # a kong keeps the hand as it was, with a replacement draw
        return suit is not None and (k >= 27 or k // 9 == suit)

    def keep_value(self, tile: Tile, indicators: Sequence[Tile]) -> int:
        return 1 if tile.kind >= 31 else 0  # dragons make faan when paired up

    def no_win_reason(self, game: Game, seat: int, tile: int | None = None) -> str | None:
        if not self._is_complete(game, seat, tile):
            return None
        got = self.value(
            game, seat, self._winning_tile(game, seat) if tile is None else tile, tile is None
        )
        return None if got.valid else got.reason

    def validate(self, game: Game) -> None:
        for s in SEATS:
            assert game.status[s] == PLAYING, f"seat {s} left a Hong Kong hand"
        for s in SEATS:
            for m in game.melds[s]:
                assert m.type is not MeldType.CHI or m.from_seat == (s - 1) % 4, (
                    "chi not from the left"
                )
