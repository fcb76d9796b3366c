"""The Suzume-Jong plug-in: deal, legal actions, wins, payments, dealer rotation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import events as ev
from ...engine.actions import DISCARD, PASS, RON, TSUMO, Action
from ...tiles import suzume_set
from ..base import Ruleset, build_options
from .scoring import SuzumeScore, readings, score_hand, tsumo_share

if TYPE_CHECKING:
    from ...engine.game import Game

HAND_SIZE = 5
MISDECLARED_PENALTY = 2


@dataclass(frozen=True)
class SuzumeOptions:
    """Suzume-Jong options (every field is a house-rule switch with the rulebook default)."""

    #: Points each player starts with (160 in play with four players).
    starting_points: int = 40
    #: Hands in a game: 16 = four rounds of four dealers.
    hands: int = 16
    #: Offer win declarations for complete shapes worth under 5 (they cost a penalty).
    allow_misdeclared_wins: bool = False
    #: Break ties by seat order from the first dealer instead of sharing the place.
    tie_break_by_seat: bool = False

    def __post_init__(self) -> None:
        from ...errors import OptionsError

        if not 1 <= self.starting_points <= 10_000:
            raise OptionsError(f"starting_points must be 1-10000, not {self.starting_points}")
        if not 1 <= self.hands <= 1000:
            raise OptionsError(f"hands must be 1-1000, not {self.hands}")


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "tutorial": {"allow_misdeclared_wins": True},
}

_RON = Action(RON)
_PASS = Action(PASS)
_TSUMO = Action(TSUMO)


class SuzumeRuleset(Ruleset):
    name: ClassVar[str] = "suzume"
    version: ClassVar[str] = "1"
    dialect = "suzume"
    hand_size: ClassVar[int] = HAND_SIZE
    floor_zero: ClassVar[bool] = True
    options: SuzumeOptions

    def __init__(self, options: SuzumeOptions | None = None) -> None:
        self.options = options or SuzumeOptions()
        self.tileset = suzume_set()
        faces = self.tileset.tiles
        self._kinds = [t.kind for t in faces]
        self._complete: dict[int, bool] = {}  # hand key (see Game.hand_key) -> two sets?
        actions = {t: Action(DISCARD, t) for t in set(faces)}
        self._discard_action = [actions[t] for t in faces]  # by tile id
        self._code = [t.code for t in faces]
        self._discards: dict[int, list[Action]] = {}  # face key -> discard actions

    @classmethod
    def from_options(cls, given: dict[str, Any]) -> SuzumeRuleset:
        return cls(build_options(SuzumeOptions, PRESETS, given))

    # ------------------------------------------------------------------ setup
    def starting_scores(self) -> list[int]:
        return [self.options.starting_points] * 4

    def deal(self, game: Game) -> None:
        game.deal_tiles(HAND_SIZE)
        game.indicators = [game.wall.pop()]

    # ------------------------------------------------------------------ wins
    def value(self, game: Game, seat: int, ids: Sequence[int]) -> SuzumeScore:
        faces = game.faces
        return score_hand(
            [faces[t] for t in ids], self._kinds[game.indicators[0]], dealer=seat == game.dealer
        )

    def _is_complete(self, key: int, ids: Sequence[int]) -> bool:
        done = self._complete.get(key)
        if done is None:
            kinds = self._kinds
            done = self._complete[key] = bool(readings(tuple(sorted(kinds[t] for t in ids))))
        return done

    def _win_offer(self, game: Game, seat: int, ids: Sequence[int]) -> bool:
        if not self._is_complete(game.hand_key[seat], ids):
            return False
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
        if self._complete.get(game.hand_key[seat]) is not False and self._win_offer(
            game, seat, hand
        ):
            return [_TSUMO, *discards]
        return list(discards)

    def discard_claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        # The hot path of every discard: one memo lookup per seat on the hand key.
        weight = game.key_weight[tile]
        keys = game.hand_key
        complete = self._complete.get
        claims = {}
        for seat in ((discarder + 1) % 4, (discarder + 2) % 4, (discarder + 3) % 4):
            if complete(keys[seat] + weight) is not False:
                options = self.claim_actions(game, seat, tile)
                if options:
                    claims[seat] = options
        return claims

    def claim_actions(self, game: Game, seat: int, tile: int) -> list[Action]:
        key = game.hand_key[seat] + game.key_weight[tile]
        done = self._complete.get(key)
        if done is False:
            return []
        ids = [*game.hands[seat], tile]
        if (
            (done or self._is_complete(key, ids))
            and not self._furiten(game, seat, tile)
            and (self.options.allow_misdeclared_wins or self.value(game, seat, ids).valid)
        ):
            return [_RON, _PASS]
        return []

    # ------------------------------------------------------------------ settlement
    def _misdeclared(
        self, game: Game, seat: int, ids: Sequence[int], how: str, score: SuzumeScore
    ) -> None:
        before = list(game.scores)
        for i in range(1, 4):
            game.pay(seat, (seat + i) % 4, MISDECLARED_PENALTY)
        payments = [a - b for a, b in zip(game.scores, before, strict=True)]
        game.emit(ev.Misdeclared(seat, how, game.fmt_all(sorted(ids)), score.base, payments))

    def _win(
        self,
        game: Game,
        seat: int,
        from_seat: int | None,
        tile: int,
        ids: Sequence[int],
        score: SuzumeScore,
    ) -> None:
        before = list(game.scores)
        if from_seat is None:
            share = tsumo_share(score.total)
            for i in range(1, 4):
                game.pay((seat + i) % 4, seat, share)
        else:
            game.pay(from_seat, seat, score.total)
        payments = [a - b for a, b in zip(game.scores, before, strict=True)]
        game.hand_results.append(
            {
                "hand": game.hand_number,
                "winner": seat,
                "from": from_seat,
                "points": score.total,
                "items": [i.name for i in score.items],
                "yakuman": score.yakuman,
            }
        )
        if game.record:
            game.emit(
                ev.Win(
                    seat,
                    from_seat,
                    game.fmt(tile),
                    game.fmt_all(sorted(ids)),
                    score.reading,
                    score.total,
                    [[label, pts] for label, pts in score.breakdown()],
                    payments,
                )
            )

    def declare_tsumo(self, game: Game, seat: int) -> bool:
        hand = game.hands[seat]
        score = self.value(game, seat, hand)
        assert game.drawn is not None
        if not score.valid:
            self._misdeclared(game, seat, hand, "tsumo", score)
            return False
        self._win(game, seat, None, game.drawn, hand, score)
        return True

    def apply_claims(
        self, game: Game, discarder: int, claims: Sequence[tuple[int, Action]]
    ) -> bool:
        assert game.last_discard is not None
        tile = game.last_discard[1]
        valid = []
        for seat, _action in claims:
            ids = [*game.hands[seat], tile]
            score = self.value(game, seat, ids)
            if score.valid:
                valid.append((seat, ids, score))
            else:
                self._misdeclared(game, seat, ids, "ron", score)
        for seat, ids, score in valid:  # in turn order from the discarder's right
            self._win(game, seat, discarder, tile, ids, score)
        return bool(valid)

    def exhaustive_draw(self, game: Game) -> None:
        game.hand_results.append({"hand": game.hand_number, "winner": None})
        game.emit(ev.ExhaustiveDraw())

    def next_hand(self, game: Game) -> bool:
        if game.hand_number + 1 >= self.options.hands:
            return False  # the game is over: dealer and round wind stay as they were
        game.dealer = (game.dealer + 1) % 4
        if game.dealer == game.first_dealer:
            game.round_wind = (game.round_wind + 1) % 4
        return True

    def places(self, scores: Sequence[int]) -> list[int]:
        if not self.options.tie_break_by_seat:
            return super().places(scores)
        order = sorted(range(4), key=lambda s: (-scores[s], s))  # first dealer is seat 0
        places = [0] * 4
        for rank, s in enumerate(order):
            places[s] = rank + 1
        return places
