"""The table: wall, hands, discards, turn order, claim windows, events and observations.

A game is a pure function of (ruleset with options, seed, actions): the wall of each hand
is shuffled by a ``random.Random(seed)`` that nothing else uses. The engine asks the
ruleset what is legal, validates every action against that, and refuses anything else
with :class:`IllegalActionError` without changing the state.

Flow: a hand starts with the ruleset's deal; the dealer draws; the seat to act takes a
turn action (discard or a declared win). After a discard the engine asks every other seat
what it may claim; seats with a claim are asked at once, their declarations collected,
and only when all have answered is the highest priority applied (several seats at once
where the ruleset allows it). A hand ends on a win or when the wall runs out; then the
ruleset moves dealer and round, or ends the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError, SparrowsError
from ..tiles import Tile
from . import events as ev
from .actions import Action, ActionType

if TYPE_CHECKING:
    from ..rules.base import Ruleset


class Phase(StrEnum):
    TURN = "turn"  # one seat holds a drawn tile and must act
    CLAIM = "claim"  # seats answer a discard
    OVER = "over"  # the game has ended
    WAIT = "wait"  # (observations only) another seat is deciding


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Other seats' concealed tiles never appear here."""

    seat: int
    ruleset: str
    phase: Phase
    hand: tuple[Tile, ...]
    drawn: Tile | None
    discards: tuple[tuple[Tile, ...], ...]
    indicators: tuple[Tile, ...]
    scores: tuple[int, ...]
    dealer: int
    round_wind: int
    hand_number: int
    wall_left: int
    to_act: tuple[int, ...]
    last_discard: tuple[int, Tile] | None
    legal: tuple[Action, ...] = field(default=())


_OVER, _TURN = Phase.OVER, Phase.TURN
_DISCARD = ActionType.DISCARD


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


class Game:
    """One game of a ruleset. ``record=False`` skips building events (for fast simulation);
    actions are always kept, so any game can be replayed."""

    def __init__(self, ruleset: Ruleset, seed: int, record: bool = True) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise SparrowsError(f"the seed must be a whole number >= 0, not {seed!r}")
        self.ruleset = ruleset
        self.seed = seed
        self.record = record
        self.rng = random.Random(seed)
        self.n = ruleset.num_players
        self.tileset = ruleset.tileset
        self.faces = ruleset.tileset.tiles
        self.kind = [t.kind for t in self.faces]
        self.face_code = [t.code for t in self.faces]
        self.tile_text = ruleset.tile_text
        # hand_key[seat]: the concealed multiset of kinds as one integer (a sum of powers of
        # 5, see Ruleset.kind_weight), kept up to date on every change; rulesets use it as a
        # memo key.
        self.key_weight = ruleset.kind_weight
        self.hand_key = [0] * self.n
        # face_key[seat]: the same for faces (a red five differs from a plain one).
        self.face_weight = ruleset.face_weight
        self.face_key = [0] * self.n
        self.scores = ruleset.starting_scores()
        self.initial_total = sum(self.scores)
        self.dealer = 0
        self.first_dealer = 0
        self.round_wind = 0
        self.hand_number = 0
        self.events: list[ev.Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.phase = Phase.TURN
        self.pending: dict[int, list[Action]] = {}
        self.declared: dict[int, Action] = {}
        self.hand_results: list[dict[str, Any]] = []
        # per-hand state, set by _start_hand
        self.wall: list[int] = []
        self.indicators: list[int] = []
        self.hands: list[list[int]] = []
        self.discards: list[list[int]] = []
        self.turn = 0
        self.drawn: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.hand_start_scores: list[int] = []
        self.emit(
            ev.GameStart(
                ruleset.name, ruleset.version, ruleset.options_dict(), seed, list(self.scores)
            )
        )
        self._start_hand()

    # ------------------------------------------------------------------ helpers
    def emit(self, event: ev.Event) -> None:
        if self.record:
            self.events.append(event)

    def fmt(self, tile_id: int) -> str:
        return self.tile_text[tile_id]

    def fmt_all(self, ids: Sequence[int]) -> list[str]:
        text = self.tile_text
        return [text[i] for i in ids]

    def draw_from_wall(self) -> int:
        return self.wall.pop()

    def deal_tiles(self, per_seat: int) -> None:
        for seat in range(self.n):
            self.hands[seat] = [self.wall.pop() for _ in range(per_seat)]
            self.hand_key[seat] = sum(self.key_weight[t] for t in self.hands[seat])
            self.face_key[seat] = sum(self.face_weight[t] for t in self.hands[seat])

    def pay(self, payer: int, receiver: int, amount: int, floor: int | None = 0) -> int:
        """Move up to ``amount`` points; a payer never goes below ``floor`` (None: no floor).
        Returns what was paid."""
        if floor is not None:
            amount = max(0, min(amount, self.scores[payer] - floor))
        self.scores[payer] -= amount
        self.scores[receiver] += amount
        return amount

    # ------------------------------------------------------------------ flow
    def _start_hand(self) -> None:
        self.wall = list(range(len(self.faces)))
        self.rng.shuffle(self.wall)
        self.hands = [[] for _ in range(self.n)]
        self.discards = [[] for _ in range(self.n)]
        self.indicators = []
        self.last_discard = None
        self.drawn = None
        self.hand_start_scores = list(self.scores)
        self.ruleset.deal(self)
        self.emit(
            ev.HandStart(
                self.hand_number,
                self.dealer,
                self.round_wind,
                list(self.scores),
                self.fmt_all(self.indicators),
            )
        )
        if self.record:
            for seat in range(self.n):
                self.emit(ev.Deal(seat, self.fmt_all(sorted(self.hands[seat]))))
        self._begin_turn(self.dealer)

    def _begin_turn(self, seat: int) -> None:
        if not self.wall:
            self.ruleset.exhaustive_draw(self)
            self._end_hand()
            return
        self.turn = seat
        tile = self.wall.pop()
        self.hands[seat].append(tile)
        self.hand_key[seat] += self.key_weight[tile]
        self.face_key[seat] += self.face_weight[tile]
        self.drawn = tile
        if self.record:
            self.emit(ev.Draw(seat, self.fmt(tile), len(self.wall)))
        self.phase = _TURN
        self.pending = {seat: self.ruleset.turn_actions(self, seat)}
        if self.declared:
            self.declared = {}

    def _end_hand(self) -> None:
        deltas = [s - h for s, h in zip(self.scores, self.hand_start_scores, strict=True)]
        self.emit(ev.HandEnd(list(self.scores), deltas))
        if self.ruleset.next_hand(self):
            self.hand_number += 1
            self._start_hand()
        else:
            self.phase = Phase.OVER
            self.pending = {}
            self.emit(ev.GameEnd(list(self.scores), self.ruleset.places(self.scores)))

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> list[int]:
        """Seats whose decision is awaited now (several during a claim window)."""
        if not self.declared:
            return list(self.pending)
        return [s for s in self.pending if s not in self.declared]

    def decisions(self) -> list[tuple[int, list[Action]]]:
        """Every awaited decision as (seat, legal actions): ``to_act`` and
        ``legal_actions`` in one call (the lists are fresh; the engine keeps its own)."""
        declared = self.declared
        return [(s, list(a)) for s, a in self.pending.items() if s not in declared]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.declared:
            return []
        return list(self.pending.get(seat, ()))

    def step(self, seat: int, action: Action) -> None:
        """Apply one seat's action. Raises IllegalActionError (state unchanged) if the seat
        is not to act or the action is not among its legal actions."""
        if self.phase is _OVER:
            raise IllegalActionError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalActionError(f"there is no seat {seat!r} (seats are 0-{self.n - 1})")
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"an action must be an Action (Action.from_string parses text), not {action!r}"
            )
        legal = self.pending.get(seat)
        if legal is None or seat in self.declared:
            waiting = ", ".join(map(str, self.to_act())) or "nobody"
            raise IllegalActionError(
                f"seat {seat} is not to act now ({self.phase.value} phase; waiting for seat "
                f"{waiting})"
            )
        for candidate in legal:  # identity first: agents return one of the legal objects
            if candidate is action:
                break
        else:
            if action in legal:
                action = legal[legal.index(action)]
            else:
                options = ", ".join(a.to_string(self.ruleset.dialect) for a in legal)
                raise IllegalActionError(
                    f"{action.to_string(self.ruleset.dialect)!r} is not legal for seat {seat} "
                    f"now; legal: {options}"
                )
        self.actions.append((seat, action))
        if self.phase is _TURN:
            if action.type is _DISCARD:
                self._discard(seat, action)
            else:
                self._turn_action(seat, action)
        else:
            self.declared[seat] = action
            if len(self.declared) == len(self.pending):
                self._resolve_claims()

    def _turn_action(self, seat: int, action: Action) -> None:
        if action.type is ActionType.DISCARD:
            self._discard(seat, action)
        elif action.type is ActionType.TSUMO:
            if self.ruleset.declare_tsumo(self, seat):
                self._end_hand()
            else:  # a misdeclared win: the player still discards
                self.pending = {
                    seat: [a for a in self.pending[seat] if a.type is not ActionType.TSUMO]
                }
        else:  # pragma: no cover - rulesets only offer known turn actions
            raise IllegalActionError(f"{action} cannot be taken on a turn")

    def _discard(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        code = self.face_code
        want = action.tile.code  # type: ignore[union-attr]  # a discard names a tile
        for tile in hand:
            if code[tile] == want:
                break
        hand.remove(tile)
        self.hand_key[seat] -= self.key_weight[tile]
        self.face_key[seat] -= self.face_weight[tile]
        self.discards[seat].append(tile)
        self.last_discard = (seat, tile)
        if self.record:
            self.emit(ev.Discard(seat, self.fmt(tile), tile == self.drawn))
        self.drawn = None
        claims = self.ruleset.discard_claims(self, seat, tile)
        if claims:
            self.phase = Phase.CLAIM
            self.pending = claims
            self.declared = {}
        else:
            self._begin_turn((seat + 1) % self.n)

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, _tile = self.last_discard
        prio = self.ruleset.claim_priority
        best = max(prio[a.type] for a in self.declared.values())
        self.pending, declared, self.declared = {}, self.declared, {}
        if best == prio[ActionType.PASS]:
            self._begin_turn((discarder + 1) % self.n)
            return
        order = [(discarder + i) % self.n for i in range(1, self.n)]
        chosen = [
            (s, declared[s]) for s in order if s in declared and prio[declared[s].type] == best
        ]
        if not self.ruleset.multiple_claims(chosen[0][1].type):
            chosen = chosen[:1]
        if self.ruleset.apply_claims(self, discarder, chosen):
            self._end_hand()
        else:
            self._begin_turn((discarder + 1) % self.n)

    # ------------------------------------------------------------------ views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know. During a claim window only the seats asked see the
        claim phase; the others see ``WAIT``, so nobody learns who could claim."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalActionError(f"there is no seat {seat!r} (seats are 0-{self.n - 1})")
        faces = self.faces
        last = self.last_discard
        asked = seat in self.pending and seat not in self.declared
        to_act: tuple[int, ...]
        if self.phase is Phase.CLAIM:
            phase, to_act = (Phase.CLAIM, (seat,)) if asked else (Phase.WAIT, ())
        else:
            phase, to_act = self.phase, tuple(self.to_act())
        return Observation(
            seat=seat,
            ruleset=self.ruleset.name,
            phase=phase,
            hand=tuple(faces[t] for t in sorted(self.hands[seat])) if self.hands else (),
            drawn=faces[self.drawn] if self.drawn is not None and self.turn == seat else None,
            discards=tuple(tuple(faces[t] for t in d) for d in self.discards),
            indicators=tuple(faces[t] for t in self.indicators),
            scores=tuple(self.scores),
            dealer=self.dealer,
            round_wind=self.round_wind,
            hand_number=self.hand_number,
            wall_left=len(self.wall),
            to_act=to_act,
            last_discard=(last[0], faces[last[1]]) if last else None,
            legal=tuple(self.legal_actions(seat)),
        )

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        return [ev.redact(e, seat) for e in self.events]

    def validate(self) -> None:
        """Check invariants; raises AssertionError naming the broken one (also under -O)."""
        held = [t for h in self.hands for t in h]
        thrown = [t for d in self.discards for t in d]
        everything = sorted(self.wall + self.indicators + held + thrown)
        _need(everything == list(range(len(self.faces))), "tiles not conserved")
        for seat, hand in enumerate(self.hands):
            _need(self.hand_key[seat] == sum(self.key_weight[t] for t in hand), "stale hand key")
            _need(self.face_key[seat] == sum(self.face_weight[t] for t in hand), "stale face key")
        total = sum(self.scores)
        _need(total == self.initial_total, f"points not conserved: {total} != {self.initial_total}")
        _need(all(s >= 0 for s in self.scores) or not self.ruleset.floor_zero, "negative score")
        if self.phase is Phase.TURN:
            for seat, hand in enumerate(self.hands):
                want = self.ruleset.hand_size + (1 if seat == self.turn else 0)
                _need(len(hand) == want, f"seat {seat} holds {len(hand)} tiles, not {want}")
        elif self.phase is Phase.CLAIM:
            for seat, hand in enumerate(self.hands):
                _need(len(hand) == self.ruleset.hand_size, f"seat {seat} holds {len(hand)}")
