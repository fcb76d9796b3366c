"""Sichuan's advice: the exchange and the void (the suit with the fewest tiles, ties to
the one with fewer pairs and neighbours), the void suit shed first, and the shanten each
choice of those windows leaves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._mypyc import mypyc_attr
from ..analysis import form_shanten
from ..engine.actions import Action, ActionType
from .base import Advice

if TYPE_CHECKING:
    from ..engine.observation import Observation

A: Final = ActionType


@mypyc_attr(allow_interpreted_subclasses=True)
class SichuanAdvice(Advice):
    """Sichuan's advice."""

    def suggest(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """Bots' exchange and void choices: the suit with the fewest tiles (ties: the one
        with fewer pairs and neighbours); the exchange gives three of it, loose tiles
        first."""
        types = {a.type for a in legal}
        if not types & {A.EXCHANGE, A.VOID}:
            return None
        kinds = [t.kind for t in obs.hand]

        def weight(suit: int) -> tuple[int, int]:
            held = [k for k in kinds if k // 9 == suit]
            links = sum(1 for a in held for b in held if a != b and abs(a - b) <= 1)
            pairs = sum(1 for k in set(held) if held.count(k) >= 2)
            return (len(held), links + 2 * pairs)

        if A.VOID in types:
            return min(legal, key=lambda a: weight("mps".index(a.choice or "m")))

        def loose(action: Action) -> tuple[tuple[int, int], int]:
            suit = action.tiles[0].kind // 9
            rest = list(kinds)
            for t in action.tiles:
                rest.remove(t.kind)
            kept = sum(
                1
                for a in rest
                for b in rest
                if a // 9 == b // 9 == suit and a != b and abs(a - b) <= 2
            )
            return (weight(suit), kept)

        return min(legal, key=loose)

    def choice_shanten(self, obs: Observation, action: Action) -> int | None:
        """A void: the shanten with that suit dead. An exchange: the shanten of what is
        kept, the three tiles to come counted as dead, with the best void after it."""
        counts = [0] * 34
        for t in obs.hand:
            counts[t.kind] += 1
        given = 0
        if action.type is A.EXCHANGE:
            for t in action.tiles:
                counts[t.kind] -= 1
            given = len(action.tiles)
            suits: Sequence[int] = (0, 1, 2)
        elif action.type is A.VOID:
            suits = ("mps".index(action.choice or "m"),)
        else:
            return None
        form = self.rules.form
        best = None
        for suit in suits:
            live = list(counts)
            dead = given + sum(live[suit * 9 : suit * 9 + 9])
            live[suit * 9 : suit * 9 + 9] = [0] * 9
            value = form_shanten(live, form, 0, dead)
            best = value if best is None else min(best, value)
        return best

    def plan_discards(self, obs: Observation) -> frozenset[int]:
        """The void suit, shed first."""
        return self.rules.dead_kinds(obs)
