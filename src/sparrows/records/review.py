"""Reviewing a played game: each discard of one seat beside the shanten/ukeire-best choice.

The game is played again from its record (walls and actions); before each discard of the
seat, the ruleset's hint (:meth:`~sparrows.advice.Advice.hint`, which counts as
unseen only what the seat could not see) ranks every legal discard by shanten after it
and then by the unseen tiles that would improve the hand; in riichi it also names the
discard worth the most expected points (value, chance to win, danger: the ``balanced``
bot's choice) beside the worth of the one played, and in Hong Kong the value plan the bots
play the hand for (one suit) with the discard it throws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..advice import Hint, Plan, advice_for
from ..engine.actions import ActionType
from ..engine.game import Game
from ..engine.observation import Phase
from ..tiles import Tile, format_tile
from ..tiles.kinds import SUIT_NAMES


@dataclass(frozen=True)
class DiscardReview:
    hand: int  # hand number in the game
    turn: int  # the seat's n-th discard in the hand, from 1
    held: tuple[Tile, ...]  # the hand before the discard (the drawn tile included)
    played: Tile
    riichi: bool
    shanten: int  # after the discard played
    ukeire: int
    best: tuple[Tile, ...]  # the discards ranked first (fewest shanten, then most ukeire)
    best_shanten: int
    best_ukeire: int
    #: weighing value and danger (riichi): the discard picked, its expected points and
    #: those of the discard played (None where the ruleset's advice does not weigh)
    pick: Tile | None = None
    pick_worth: int | None = None
    played_worth: int | None = None
    #: the value plan the bots play the hand for (Hong Kong: one suit) and the discard
    #: they throw with it (None where the advice has no plan for the hand)
    plan: Plan | None = None
    plan_pick: Tile | None = None

    @property
    def agrees(self) -> bool:
        return (self.shanten, self.ukeire) == (self.best_shanten, self.best_ukeire)

    def to_json(self, dialect: str = "mpsz") -> dict[str, Any]:
        def name(t: Tile) -> str:
            return format_tile(t, dialect)  # type: ignore[arg-type]

        return {
            "hand": self.hand,
            "turn": self.turn,
            "held": [name(t) for t in self.held],
            "discard": name(self.played),
            "riichi": self.riichi,
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "best": [name(t) for t in self.best],
            "best_shanten": self.best_shanten,
            "best_ukeire": self.best_ukeire,
            "agrees": self.agrees,
            "weighed": None
            if self.pick is None
            else {
                "pick": name(self.pick),
                "worth": self.pick_worth,
                "played_worth": self.played_worth,
            },
            "plan": None
            if self.plan is None
            else {
                "item": self.plan.item,
                "name": self.plan.name,
                "faan": self.plan.faan,
                "suit": SUIT_NAMES[self.plan.suit].lower(),
                "pick": None if self.plan_pick is None else name(self.plan_pick),
            },
        }


def _weighed(hint: Hint, played: Tile) -> tuple[Tile | None, int | None, int | None]:
    """The hint's pick by expected points, its worth and the played discard's (whole
    points), where the advice weighs discards."""
    if hint.pick is None or not hint.weights:
        return None, None, None
    worth = {
        d.action.tiles[0]: round(w.worth) for d, w in zip(hint.discards, hint.weights, strict=True)
    }
    pick = hint.pick.tiles[0]
    return pick, worth.get(pick), worth.get(played)


def review(played: Game, seat: int) -> list[DiscardReview]:
    """Every discard ``seat`` made in ``played`` (a finished or unfinished game)."""
    rules = played.ruleset
    advice = advice_for(rules)
    walls = played.hand_orders if (played.walls or played.script) else None
    game = Game(rules, played.seed, record=False, walls=walls)
    out: list[DiscardReview] = []
    turn_in_hand = 0
    hand = -1
    for who, action in played.actions:
        if game.hand_number != hand:
            hand, turn_in_hand = game.hand_number, 0
        if (
            who == seat
            and game.phase is Phase.TURN
            and action.type in (ActionType.DISCARD, ActionType.RIICHI)
        ):
            turn_in_hand += 1
            obs = game.observation(seat)
            hint = advice.hint(obs)  # every legal discard, ranked
            by_face = {d.action.tiles[0]: (d.shanten, d.ukeire) for d in hint.discards}
            shanten, ukeire = by_face[action.tiles[0]]
            top = hint.discards[0]
            best = tuple(
                dict.fromkeys(
                    d.action.tiles[0]
                    for d in hint.discards
                    if (d.shanten, d.ukeire) == (top.shanten, top.ukeire)
                )
            )
            pick, pick_worth, played_worth = _weighed(hint, action.tiles[0])
            out.append(
                DiscardReview(
                    hand,
                    turn_in_hand,
                    obs.hand,
                    action.tiles[0],
                    action.type is ActionType.RIICHI,
                    shanten,
                    ukeire,
                    best,
                    top.shanten,
                    top.ukeire,
                    pick,
                    pick_worth,
                    played_worth,
                    hint.plan,
                    hint.pick.tiles[0] if hint.plan is not None and hint.pick else None,
                )
            )
        game.step(who, action)
    return out
