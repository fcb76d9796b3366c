"""Suzume-Jong's advice: the discard furiten for the hint box, and a win declared only
when it is worth the minimum where the table lets a misdeclared win be penalised."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._mypyc import mypyc_attr
from ..engine.actions import RON, Action
from ..rules.suzume.scoring import score_hand
from .base import Advice, discarded_a_wait

if TYPE_CHECKING:
    from ..engine.observation import Observation
    from ..rules.suzume.ruleset import SuzumeRuleset


@mypyc_attr(allow_interpreted_subclasses=True)
class SuzumeAdvice(Advice):
    """Suzume-Jong's advice."""

    def __init__(self, rules: SuzumeRuleset) -> None:
        super().__init__(rules)
        self.misdeclared: bool = rules.options.allow_misdeclared_wins

    def furiten(self, obs: Observation, waits: Sequence[int]) -> bool:
        return discarded_a_wait(obs, waits)

    def worth_declaring(self, obs: Observation, action: Action) -> bool:
        """With misdeclared wins offered, only a hand worth the minimum is worth it."""
        if not self.misdeclared:
            return True
        tiles = list(obs.hand)
        if action.type is RON and obs.last_discard is not None:
            tiles.append(obs.last_discard[1])
        indicator = obs.indicators[0] if obs.indicators else None
        return score_hand(tiles, indicator).valid
