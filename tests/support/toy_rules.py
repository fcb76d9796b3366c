"""A test-only toy ruleset that exercises every mechanism of the engine: calls (chi, pon,
open kan), kongs with replacement draws and a riichi-style dead wall, bonus tiles with
automatic replacement, bloody-end play (winners leave, the others play on), a
simultaneous tile exchange and a hidden void choice, a second ledger account (chips) and
an abortive draw. Wins: any complete 14-tile hand in the standard riichi form (a meld
counting 3); tsumo pays 1000 from every other playing seat, ron 3000 from the discarder.

It is scaffolding for ``tests/engine/test_mechanisms.py``, not a real ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from sparrows.analysis import shanten
from sparrows.client import SichuanExtra
from sparrows.engine import events as ev
from sparrows.engine import flow as fl
from sparrows.engine.actions import Action, ActionType
from sparrows.engine.board import PLAYING, WON
from sparrows.engine.game import Game
from sparrows.engine.protocol import Ruleset
from sparrows.engine.wall import Wall
from sparrows.errors import OptionsError
from sparrows.tiles import MeldType, Tile, classical_set, hongkong_set

A = ActionType
TSUMO_POINTS, RON_POINTS, START_POINTS, START_CHIPS = 1000, 3000, 25000, 10
EXCHANGE_LIMIT = 10  # exchange options offered per suit (at most 30 per seat)
_TSUMO, _RON, _PASS, _ABORT = Action(A.TSUMO), Action(A.RON), Action(A.PASS), Action(A.ABORT)
_VOIDS = [Action(A.VOID, choice=c) for c in "mps"]
_MELD = {A.CHI: MeldType.CHI, A.PON: MeldType.PON, A.KAN: MeldType.OPEN_KAN}


@dataclass(frozen=True)
class ToyOptions:
    #: Chi (from the previous seat), pon and open kan on discards.
    calls: bool = True
    #: Concealed, added and open kongs with replacement draws (a dead wall unless bonus).
    kans: bool = True
    #: Play with flowers and seasons (144 tiles), replaced from the live wall's far end.
    bonus: bool = False
    #: Winners leave the hand; the others play on until three have won.
    bloody: bool = False
    #: A three-tile exchange and a hidden void choice at the start of each hand.
    exchange: bool = False
    #: A second account: every win also moves one chip from each payer.
    chips: bool = False
    #: The dealer may declare an abortive draw on its first turn.
    abort: bool = False
    #: Hands in a game.
    hands: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.hands <= 100:
            raise OptionsError(f"hands must be 1-100, not {self.hands}")


PRESETS: dict[str, dict[str, Any]] = {"standard": {}}


@dataclass
class ToyState:
    void: list[str | None] = field(default_factory=lambda: [None] * 4)  # revealed choices


class ToyRuleset(Ruleset):
    name: ClassVar[str] = "toy"
    version: ClassVar[str] = "1"
    options: ToyOptions

    def __init__(self, options: ToyOptions | None = None) -> None:
        self.options = o = options or ToyOptions()
        self.tileset = hongkong_set() if o.bonus else classical_set(bonus=False)
        # Class-level switches that depend on the options are set per instance (the
        # engine reads ``ruleset.auto_bonus`` at every draw).
        self.auto_bonus = o.bonus  # type: ignore[misc]
        self.accounts = ("points", "chips") if o.chips else ("points",)  # type: ignore[misc]
        self.dead_wall = o.kans and not o.bonus
        self._complete: dict[int, bool] = {}  # hand key (+ a tile) -> a complete hand?

    options_class: ClassVar[type | None] = ToyOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS

    def all_actions(self) -> list[Action]:
        faces = sorted(set(self.tileset.tiles))
        plain = [f for f in faces if f.kind < 34]
        out = [Action(A.DISCARD, f) for f in faces] + [_TSUMO, _RON, _PASS, _ABORT, *_VOIDS]
        for f in plain:
            out += [Action(t, (f,) * n) for t, n in ((A.PON, 2), (A.KAN, 3), (A.ANKAN, 1))]
            out.append(Action(A.KAKAN, f))
        for k in range(27):
            out += [Action(A.CHI, (Tile(k), Tile(k + d))) for d in (1, 2) if k % 9 + d < 9]
        for base in (0, 9, 18):
            for combo in combinations_with_replacement(range(9), 3):
                out.append(Action(A.EXCHANGE, [Tile(base + n) for n in combo]))
        return out

    # ------------------------------------------------------------------ hands
    def start_balances(self) -> dict[str, list[int]]:
        balances = {"points": [START_POINTS] * 4}
        if self.options.chips:
            balances["chips"] = [START_CHIPS] * 4
        return balances

    def new_state(self) -> ToyState:
        return ToyState()

    def build_wall(self, order: Sequence[int]) -> Wall:
        if not self.dead_wall:
            return Wall.simple(order)  # replacements come from the far end: order[-1]...
        live = len(order) - 14
        return Wall(
            list(reversed(order[:live])),  # drawn from the end: order[0] first
            replacements=list(order[live : live + 4]),
            indicators=list(order[live + 4 : live + 9]),
            hidden=list(order[live + 9 :]),
            dead_wall=True,
        )

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.void = [None] * 4
        seats = tuple((game.dealer + i) % 4 for i in range(4))
        ops: list[fl.Op] = [fl.Deal(seats, (13,) * 4)]
        if self.options.bonus:
            ops.append(fl.ReplaceBonusInDeal(seats))
        if self.dead_wall:
            ops.append(fl.RevealIndicator())
        if self.options.exchange:
            # The exchange options depend on the dealt hands, which do not exist yet: an
            # empty window is resolved at once, after the deal ops (see resolve "start").
            return fl.Outcome(ops, fl.Window("start", {}, claim=False))
        return fl.Outcome(ops, fl.Turn(game.dealer))

    # ------------------------------------------------------------------ decisions
    def _wins(self, game: Game, seat: int, extra: int | None = None) -> bool:
        key = game.hand_key[seat] + (0 if extra is None else game.key_weight[extra])
        done = self._complete.get(key)
        if done is None:
            counts, kinds = [0] * 34, game.kind
            ids = game.hands[seat] if extra is None else [*game.hands[seat], extra]
            for t in ids:
                if kinds[t] < 34:
                    counts[kinds[t]] += 1
            ok = all(kinds[t] < 34 for t in ids) and len(ids) % 3 == 2
            done = self._complete[key] = ok and shanten(counts) == -1
        return done

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hand, faces, kinds = game.hands[seat], game.faces, game.kind
        out = []
        if game.drawn is not None and self._wins(game, seat):
            out.append(_TSUMO)
        first = not any(game.discards) and not any(game.melds)
        if self.options.abort and seat == game.dealer and first:
            out.append(_ABORT)
        if self.options.kans and game.wall.can_replace():
            held = [kinds[t] for t in hand]
            out += [Action(A.ANKAN, Tile(k)) for k in sorted(set(held)) if held.count(k) == 4]
            for meld in game.melds[seat]:
                k = kinds[meld.tiles[0]]
                if meld.type is MeldType.PON and k in held:
                    out.append(Action(A.KAKAN, Tile(k)))
        out += [Action(A.DISCARD, f) for f in sorted({faces[t] for t in hand})]
        return out

    def on_turn(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        kind = action.type
        if kind is A.DISCARD:
            tile = game.tile_of(seat, action.tiles[0])
            claims = self._claims(game, seat, tile)
            nxt: fl.Next = (
                fl.Window("claim", claims, (seat, tile))
                if claims
                else fl.Turn(game.next_seat(seat))
            )
            return fl.Outcome([fl.DiscardTile(seat, tile)], nxt)
        if kind is A.TSUMO:
            assert game.drawn is not None
            return self._win(game, [seat], None, game.drawn)
        if kind is A.ABORT:
            ops = [fl.Report(fl.HandReport(fl.ABORT, game.hand_number))]
            return fl.Outcome([*ops, fl.Emit(ev.Abort("dealer", seat))], fl.EndHand("abort"))
        k = action.tiles[0].kind
        if kind is A.ANKAN:
            ids = tuple(t for t in game.hands[seat] if game.kind[t] == k)
            meld = fl.MakeMeld(seat, MeldType.CLOSED_KAN, ids)
        else:  # KAKAN
            meld = fl.MakeMeld(seat, MeldType.ADDED_KAN, (game.tile_of(seat, action.tiles[0]),))
        return fl.Outcome([meld, *self._reveal()], fl.Turn(seat, fl.REPLACEMENT))

    def _reveal(self) -> list[fl.Op]:
        return [fl.RevealIndicator()] if self.dead_wall else []

    def _claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        k, o = game.kind[tile], self.options
        if k >= 34:  # a bonus tile nobody could replace: dead
            return {}
        claims = {}
        chi_seat = game.next_seat(discarder)
        for i in (1, 2, 3):
            seat = (discarder + i) % 4
            if game.status[seat] != PLAYING:
                continue
            options = [_RON] if self._wins(game, seat, tile) else []
            if o.calls:
                held = [game.kind[t] for t in game.hands[seat]]
                same = held.count(k)
                face = Tile(k)
                if same >= 2:
                    options.append(Action(A.PON, (face, face)))
                if same >= 3 and o.kans and game.wall.can_replace():
                    options.append(Action(A.KAN, (face,) * 3))
                if seat == chi_seat and k < 27:
                    n, base = k % 9, k - k % 9
                    for a, b in ((n - 2, n - 1), (n - 1, n + 1), (n + 1, n + 2)):
                        if a >= 0 and b <= 8 and base + a in held and base + b in held:
                            options.append(Action(A.CHI, (Tile(base + a), Tile(base + b))))
            if options:
                claims[seat] = [*options, _PASS]
        return claims

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        if window.kind == "start":
            return fl.Outcome((), self._exchange_window(game))
        if window.kind == "exchange":
            offset = 1 + game.rng.randint(1, 6) % 3  # a die: pass 1, 2 or 3 seats on
            ops: list[fl.Op] = []
            for seat in range(4):
                ids = _ids(game, seat, answers[seat].tiles)
                ops.append(fl.PassTiles(seat, (seat + offset) % 4, ids))
            return fl.Outcome(ops, self._void_window())
        if window.kind == "void":
            game.state.void = [answers[s].choice for s in range(4)]
            return fl.Outcome(
                [fl.Emit(ev.Choices("void", list(game.state.void)))], fl.Turn(game.dealer)
            )
        discarder, tile = window.data
        order = [(discarder + i) % 4 for i in (1, 2, 3) if (discarder + i) % 4 in answers]
        rons = [s for s in order if answers[s].type is A.RON]
        if rons:
            return self._win(game, rons if self.options.bloody else rons[:1], discarder, tile)
        for types in ((A.PON, A.KAN), (A.CHI,)):
            for seat in order:
                action = answers[seat]
                if action.type in types:
                    meld = fl.MakeMeld(
                        seat, _MELD[action.type], _ids(game, seat, action.tiles), tile, discarder
                    )
                    if action.type is A.KAN:
                        return fl.Outcome([meld, *self._reveal()], fl.Turn(seat, fl.REPLACEMENT))
                    return fl.Outcome([meld], fl.Turn(seat, fl.NO_DRAW))
        return fl.Outcome((), fl.Turn(game.next_seat(discarder)))

    def _exchange_window(self, game: Game) -> fl.Window:
        options = {s: self._exchange_options(game, s) for s in range(4)}
        if all(options.values()):
            return fl.Window("exchange", options, claim=False)
        return self._void_window()  # a seat holds no three tiles of one suit

    def _exchange_options(self, game: Game, seat: int) -> list[Action]:
        out = []
        for base in (0, 9, 18):
            held = sorted(t for t in game.hands[seat] if base <= game.kind[t] < base + 9)
            faces = sorted({game.faces[t] for t in held})
            count = {f: sum(1 for t in held if game.faces[t] == f) for f in faces}
            combos = [
                c
                for c in combinations_with_replacement(faces, 3)
                if all(c.count(f) <= count[f] for f in c)
            ]
            out += [Action(A.EXCHANGE, c) for c in combos[:EXCHANGE_LIMIT]]
        return out

    def _void_window(self) -> fl.Window:
        return fl.Window("void", {s: list(_VOIDS) for s in range(4)}, claim=False)

    # ------------------------------------------------------------------ settlement
    def _win(self, game: Game, winners: list[int], discarder: int | None, tile: int) -> fl.Outcome:
        ops: list[fl.Op] = []
        out = {s for s in range(4) if game.status[s] == WON} | set(winners)
        for seat in winners:
            how, amount = ("tsumo", TSUMO_POINTS) if discarder is None else ("ron", RON_POINTS)
            payers = [p for p in game.playing() if p != seat] if discarder is None else [discarder]
            ids = [*game.hands[seat], *(() if discarder is None else (tile,))]
            payments = [0] * 4
            for p in payers:
                payments[p] -= amount
                payments[seat] += amount
            points, hand = amount * len(payers), game.fmt_all(sorted(ids))
            report = fl.HandReport(fl.WIN, game.hand_number, seat, discarder, points, ("win",))
            ops.append(fl.Report(report))
            if game.record:
                items = [["win", amount]]
                win = ev.Win(seat, discarder, game.fmt(tile), hand, "std", points, items, payments)
                ops.append(fl.Emit(win))
            ops += [fl.Move("points", p, seat, amount, how) for p in payers]
            if self.options.chips:
                ops += [fl.Move("chips", p, seat, 1, how) for p in payers]
            if self.options.bloody:
                ops.append(fl.SetStatus(seat, WON))
        if not self.options.bloody or len(out) >= 3:
            return fl.Outcome(ops, fl.EndHand("win"))
        # game.next_seat reads the statuses before these ops: skip the new winners here
        start = winners[0] if discarder is None else discarder
        nxt = next(s for s in ((start + i) % 4 for i in (1, 2, 3)) if s not in out)
        return fl.Outcome(ops, fl.Turn(nxt))

    def on_exhausted(self, game: Game) -> fl.Outcome:
        ops: list[fl.Op] = [fl.Report(fl.HandReport(fl.DRAW, game.hand_number))]
        if game.record:
            ready = [s for s in game.playing() if self._ready(game, s)]
            hands = [game.fmt_all(sorted(h)) for h in game.hands]
            ops.append(fl.Emit(ev.ExhaustiveDraw(hands, ready)))
        return fl.Outcome(ops, fl.EndHand("exhaustive"))

    def _ready(self, game: Game, seat: int) -> bool:
        counts = [0] * 34
        for t in game.hands[seat]:
            if game.kind[t] >= 34:
                return False
            counts[game.kind[t]] += 1
        return len(game.hands[seat]) % 3 == 1 and shanten(counts) == 0

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        if game.hand_number + 1 >= self.options.hands:
            chips = game.ledger.accounts.get("chips")
            return fl.GameOver(result={"chips": list(chips)} if chips else None)
        return fl.NextHand((game.dealer + 1) % 4, 0)

    # ------------------------------------------------------------------ views and checks
    extra_class = SichuanExtra  # its facts: the hidden void choice, as Sichuan's

    def extra(self, game: Game, viewer: int | None) -> SichuanExtra | None:
        if not self.options.exchange:
            return None
        return SichuanExtra(tuple(game.state.void), (), None, None, None)

    def validate(self, game: Game) -> None:
        won = [s for s in range(4) if game.status[s] == WON]
        assert len(won) <= (3 if self.options.bloody else 0), f"seats {won} have won"
        assert not set(won) & set(game.to_act()), "a seat that has won is asked"


def _ids(game: Game, seat: int, faces: Sequence[Tile]) -> tuple[int, ...]:
    """Distinct ids of ``seat``'s concealed tiles with these faces."""
    pool, out = list(game.hands[seat]), []
    for face in faces:
        tile = next(t for t in pool if game.faces[t] == face)
        pool.remove(tile)
        out.append(tile)
    return tuple(out)
