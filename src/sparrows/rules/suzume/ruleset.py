"""The Suzume-Jong plug-in: deal, legal actions, wins, payments, dealer rotation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...analysis import SUZUME, Form, form_shanten, waits
from ...client.details import SuzumeWinDetail
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import DISCARD, PASS, RON, TSUMO, Action
from ...engine.ledger import Settlement
from ...engine.protocol import EarlierVersion, Ruleset, places_by_seat
from ...engine.wall import Wall
from ...reasons import Reason
from ...tiles import Tile, TileSet, suzume_set
from ..wins import win_entries
from .options import PRESETS, SuzumeOptions
from .scoring import MIN_POINTS, SuzumeScore, score_hand, tsumo_share

if TYPE_CHECKING:
    from ...engine.game import Game

HAND_SIZE: Final = 5
MISDECLARED_PENALTY: Final = 2
SEATS: Final = (0, 1, 2, 3)


@dataclass
class SuzumeState:
    """Per game: whether the seat on its turn has just misdeclared a tsumo (it must then
    discard, with no second declaration)."""

    misdeclared_turn: bool = False


_RON: Final = Action(RON)
_PASS: Final = Action(PASS)
_TSUMO: Final = Action(TSUMO)
_TURNS: Final = [fl.Turn(s) for s in SEATS]  # a turn with a live draw, per seat
_OTHERS: Final = [((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in SEATS]  # in turn order
_START: Final = fl.Deal(SEATS, (HAND_SIZE,) * 4)
_INDICATOR: Final = fl.RevealIndicator("dora", source="live")


def complete_keys(tileset: TileSet, kind_weight: Sequence[int]) -> frozenset[int]:
    """The hand key of every six-tile hand of two sets (runs of sou, triplets of any kind)
    that the tile set holds, with ``kind_weight`` per tile id (``Ruleset.kind_weight``)."""
    weight: dict[int, int] = {}
    available: Counter[int] = Counter()
    for tile, w in zip(tileset.tiles, kind_weight, strict=True):
        weight[tile.kind] = w
        available[tile.kind] += 1
    kinds = sorted(weight)
    sets = [(k, k, k) for k in kinds]
    sets += [(k, k + 1, k + 2) for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in weight]
    keys = set()
    for a, b in combinations_with_replacement(sets, 2):
        need = Counter(a + b)
        if all(available[k] >= c for k, c in need.items()):
            keys.add(sum(weight[k] for k in a + b))
    return frozenset(keys)


def pay_win(pay: Settlement, seat: int, from_seat: int | None, total: int) -> None:
    """A win's payments: on a tsumo each other seat pays a third of ``total`` (rounded
    up), on a ron the discarder pays it all; each down to 0 (the settlement's floor)."""
    if from_seat is None:
        share = tsumo_share(total)
        for i in (1, 2, 3):
            pay.pay((seat + i) % 4, seat, share, "tsumo")
    else:
        pay.pay(from_seat, seat, total, "ron")


@mypyc_attr(allow_interpreted_subclasses=True)
class SuzumeRuleset(Ruleset):
    name: ClassVar[str] = "suzume"
    detail_class: ClassVar[type | None] = SuzumeWinDetail
    advice_class: ClassVar[str] = "sparrows.advice.suzume:SuzumeAdvice"
    layout_name: ClassVar[str | None] = "suzume"
    version: ClassVar[str] = "2"
    #: 2: an exhaustive draw names the ready hands' waits.
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "1": EarlierVersion(new_fields={"exhaustive_draw": frozenset({"waits"})})
    }
    dialect = "suzume"
    hand_size: ClassVar[int] = HAND_SIZE
    floors: ClassVar[dict[str, int]] = {"points": 0}  # payers pay down to 0
    form: Form = SUZUME
    indicator_label: ClassVar[str] = "dora"  # the tile shown is itself the dora
    options: SuzumeOptions

    def __init__(self, options: SuzumeOptions | None = None) -> None:
        self.options = options or SuzumeOptions()
        self.tileset = suzume_set()
        faces = self.tileset.tiles
        self._kinds = [t.kind for t in faces]
        # The hand keys (see Game.hand_key) of every six-tile hand of two sets: a table of
        # 145 keys built once, so a completeness check is one set lookup.
        self._complete = complete_keys(self.tileset, self.kind_weight)
        actions = {t: Action(DISCARD, t) for t in set(faces)}
        self._discard_action = [actions[t] for t in faces]  # by tile id
        self._code = [t.code for t in faces]
        self._discards: dict[int, list[Action]] = self.memos.table("discards")  # by face key
        self._values: dict[tuple[int, int, bool], SuzumeScore] = self.memos.table("values")
        self._face_weight = self.face_weight
        # The outcome of a discard nobody can claim, per (seat, tile id): built once, as
        # that is most discards (outcomes are never changed after they are made).
        self._quiet = [
            [fl.Outcome((fl.DiscardTile(seat, t),), _TURNS[(seat + 1) % 4]) for t in range(44)]
            for seat in SEATS
        ]

    @property
    def two_set_keys(self) -> frozenset[int]:
        """The hand key of every six tiles of two sets (see :func:`complete_keys`)."""
        return self._complete

    options_class: ClassVar[type | None] = SuzumeOptions
    calls_melds: ClassVar[bool] = False
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS

    # ------------------------------------------------------------------ setup
    def start_balances(self) -> dict[str, list[int]]:
        return {"points": [self.options.starting_points] * 4}

    def new_state(self) -> SuzumeState:
        return SuzumeState()

    def build_wall(self, order: Sequence[int]) -> Wall:
        return Wall(list(order))  # drawn from the end of the shuffled order

    def start_hand(self, game: Game) -> fl.Outcome:
        return fl.Outcome((_START, _INDICATOR), _TURNS[game.dealer])

    # ------------------------------------------------------------------ wins
    def value(self, game: Game, seat: int, ids: Sequence[int]) -> SuzumeScore:
        """The score of six tiles (ids) for ``seat``, memoised on their faces, the dora
        kind and whether the seat deals (a pure function of those)."""
        weight = self._face_weight
        face_key = 0
        for t in ids:
            face_key += weight[t]
        return self.value_at(face_key, ids, self._kinds[game.wall.revealed[0]], seat == game.dealer)

    def value_at(self, face_key: int, ids: Sequence[int], dora: int, dealer: bool) -> SuzumeScore:
        """:meth:`value` of six tiles (ids) whose face key (the sum of their
        ``face_weight``) is ``face_key``, with the dora of kind ``dora``: the one scorer,
        memoised, for the engine and the environments' array tables."""
        key = (face_key, dora, dealer)
        got = self._values.get(key)
        if got is None:
            faces = self.tileset.tiles
            got = self._values[key] = score_hand([faces[t] for t in ids], dora, dealer)
        return got

    def _win_offer(self, game: Game, seat: int, ids: Sequence[int]) -> bool:
        """A complete hand (checked by the caller) offers a win if it is worth one."""
        if self.options.allow_misdeclared_wins:
            return True
        return self.value(game, seat, ids).valid

    def _furiten(self, game: Game, seat: int, tile: int) -> bool:
        kinds = self._kinds
        k = kinds[tile]
        return any(kinds[d] == k for d in game.discards[seat])

    # ------------------------------------------------------------------ decisions
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hand = game.hands[seat]
        discards = self._discards.get(game.face_key[seat])
        if discards is None:  # one action per distinct face, in tile order
            code, discard = self._code, self._discard_action
            discards = []
            last = -1
            for t in sorted(hand):  # ids of one face are adjacent
                if code[t] != last:
                    last = code[t]
                    discards.append(discard[t])
            self._discards[game.face_key[seat]] = discards
        if (
            game.hand_key[seat] in self._complete
            and not game.state.misdeclared_turn
            and self._win_offer(game, seat, hand)
        ):
            return [_TSUMO, *discards]
        return discards  # the memoised list: the engine never changes the lists it is given

    def on_turn(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        if action.type is DISCARD:
            state = game.state
            if state.misdeclared_turn:
                state.misdeclared_turn = False
            tile = game.tile_of(seat, action.tiles[0])
            # the hot path of every discard: one memo lookup per other seat on its hand key
            weight = game.key_weight[tile]
            keys = game.hand_key
            complete = self._complete
            claims = None
            for other in _OTHERS[seat]:
                if keys[other] + weight in complete:
                    options = self.claim_actions(game, other, tile)
                    if options:
                        if claims is None:
                            claims = {}
                        claims[other] = options
            if claims is None:
                return self._quiet[seat][tile]
            return fl.Outcome(
                (fl.DiscardTile(seat, tile),),
                fl.tile_window("claim", claims, seat, tile),
            )
        # a tsumo declaration
        hand = game.hands[seat]
        score = self.value(game, seat, hand)
        pay = Settlement(game.ledger)
        if not score.valid:  # misdeclared: the penalty, then the player still discards
            game.state.misdeclared_turn = True
            ops = self._misdeclared(game, pay, seat, hand, "tsumo", score)
            return fl.Outcome(ops, fl.Turn(seat, fl.KEEP))
        assert game.drawn is not None
        ops = self._win(game, pay, seat, None, game.drawn, hand, score)
        return fl.Outcome(ops, fl.EndHand("win"))

    def claim_actions(self, game: Game, seat: int, tile: int) -> list[Action]:
        if game.hand_key[seat] + game.key_weight[tile] not in self._complete:
            return []
        ids = [*game.hands[seat], tile]
        if not self._furiten(game, seat, tile) and (
            self.options.allow_misdeclared_wins or self.value(game, seat, ids).valid
        ):
            return [_RON, _PASS]
        return []

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        discarder, tile = fl.played(window)
        order = [(discarder + i) % 4 for i in (1, 2, 3)]
        rons = [s for s in order if s in answers and answers[s].type is RON]
        if not rons:
            return fl.Outcome((), _TURNS[(discarder + 1) % 4])
        pay = Settlement(game.ledger)
        ops: list[fl.Op] = []
        valid = []
        for seat in rons:  # misdeclared rons pay their penalty first
            ids = [*game.hands[seat], tile]
            score = self.value(game, seat, ids)
            if score.valid:
                valid.append((seat, ids, score))
            else:
                ops += self._misdeclared(game, pay, seat, ids, "ron", score)
        for seat, ids, score in valid:  # in turn order from the discarder's right
            ops += self._win(game, pay, seat, discarder, tile, ids, score)
        nxt = fl.EndHand("win") if valid else _TURNS[(discarder + 1) % 4]
        return fl.Outcome(ops, nxt)

    # ------------------------------------------------------------------ settlement
    def _misdeclared(
        self,
        game: Game,
        pay: Settlement,
        seat: int,
        ids: Sequence[int],
        how: str,
        score: SuzumeScore,
    ) -> list[fl.Op]:
        before = list(pay.balances)
        for i in (1, 2, 3):
            pay.pay(seat, (seat + i) % 4, MISDECLARED_PENALTY, f"misdeclared {how}")
        payments = [a - b for a, b in zip(pay.balances, before, strict=True)]
        return [
            *self._flush(pay),
            fl.Emit(ev.Misdeclared(seat, how, game.fmt_all(sorted(ids)), score.base, payments)),
        ]

    def _flush(self, pay: Settlement) -> list[fl.Op]:
        ops: list[fl.Op] = list(pay.ops)
        pay.ops.clear()
        return ops

    def _win(
        self,
        game: Game,
        pay: Settlement,
        seat: int,
        from_seat: int | None,
        tile: int,
        ids: Sequence[int],
        score: SuzumeScore,
    ) -> list[fl.Op]:
        before = list(pay.balances)
        pay_win(pay, seat, from_seat, score.total)
        payments = [a - b for a, b in zip(pay.balances, before, strict=True)]
        ops = win_entries(
            game,
            seat,
            from_seat,
            tile,
            score.total,
            score.reading_text,
            [i.name for i in score.items],
            score.breakdown,
            payments,
            {"yakuman": score.yakuman} if score.yakuman else {},
            shown=ids,
            limit=1 if score.yakuman else 0,
        )
        return [*ops, *self._flush(pay)]

    def on_exhausted(self, game: Game) -> fl.Outcome:
        ops: list[fl.Op] = [
            fl.Report(fl.HandReport(fl.DRAW, game.hand_number)),
            fl.Emit(build=self._draw_event, args=(game,)),
        ]
        return fl.Outcome(ops, fl.EndHand("exhaustive"))

    def _draw_event(self, game: Game) -> ev.ExhaustiveDraw:
        """The hands shown at the end of a drawn hand, with the ready ones' waits."""
        ready = {
            s: waits(game.counts[s][:34], SUZUME, 0, self.kinds_in_play)
            for s in SEATS
            if self.ready(game, s)
        }
        return game.exhaustive_draw(SEATS, ready)

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        if game.hand_number + 1 >= self.options.hands:
            return fl.GameOver()  # dealer and round wind stay as they were
        dealer = (game.dealer + 1) % 4
        wind = game.round_wind
        if dealer == game.first_dealer:
            wind = (wind + 1) % 4
        return fl.NextHand(dealer, wind)

    def places(self, scores: Sequence[int]) -> list[int]:
        if not self.options.tie_break_by_seat:
            return super().places(scores)
        return places_by_seat(scores)

    # ------------------------------------------------------------------ hints
    def dora_kinds(self, indicators: Sequence[Tile]) -> frozenset[int]:
        return frozenset(t.kind for t in indicators)  # the indicator's kind is the dora

    def no_win_reason(self, game: Game, seat: int, tile: int | None = None) -> Reason | None:
        ids = [*game.hands[seat], *(() if tile is None else (tile,))]
        if len(ids) != HAND_SIZE + 1:
            return None
        score = self.value(game, seat, ids)
        if not score.complete:
            return None
        if tile is not None and self._furiten(game, seat, tile):
            return Reason("furiten_tile", tile=game.fmt(tile).rstrip("*"))
        if not score.valid:
            return Reason("below_points", worth=score.base, need=MIN_POINTS)
        return None

    def ready(self, game: Game, seat: int) -> bool:
        """A five-tile hand one tile from two sets."""
        counts = game.counts[seat][:34]
        return len(game.hands[seat]) == HAND_SIZE and form_shanten(counts, SUZUME) == 0
