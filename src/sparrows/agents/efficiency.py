"""Efficiency: win whenever allowed, else discard for the fewest shanten and most ukeire.

Wins: a legal tsumo or ron is taken when the ruleset says it is worth declaring (rulesets
that offer penalised declarations say which are). Discards: minimise shanten, then
maximise ukeire counted over tiles not yet seen (own hand, all discards and indicators),
then keep the tiles the ruleset values (red tiles, dora...). Everything ruleset-specific
comes from the ruleset's hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..analysis import improvers
from ..engine.actions import Action, ActionType
from ..engine.game import Observation
from ..errors import SparrowsError
from ..tiles import Tile
from .base import Agent


class EfficiencyAgent(Agent):
    name: ClassVar[str] = "efficiency"

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        assert observation is not None
        rules = self.ruleset
        if rules is None:
            raise SparrowsError("the efficiency agent needs bind(ruleset) before it plays")
        types = {a.type for a in legal}
        for win in (ActionType.TSUMO, ActionType.RON):
            if win in types:
                action = next(a for a in legal if a.type is win)
                if rules.worth_declaring(observation, action):
                    return action
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if not discards:
            return next(a for a in legal if a.type is ActionType.PASS)
        return self._best_discard(observation, discards)

    def _best_discard(self, obs: Observation, discards: list[Action]) -> Action:
        rules = self.ruleset
        assert rules is not None
        form, kinds = rules.form, rules.kinds_in_play
        counts = [0] * 34
        for t in obs.hand:
            counts[t.kind] += 1
        visible = [0] * 34
        for pile in obs.discards:
            for t in pile:
                visible[t.kind] += 1
        for t in obs.indicators:
            visible[t.kind] += 1
        options: dict[int, tuple[int, int]] = {}  # discard kind -> (shanten, ukeire)
        for k in {t.kind for t in obs.hand}:
            counts[k] -= 1
            shanten, better = improvers(counts, form, kinds)
            options[k] = (shanten, sum(max(0, 4 - counts[b] - visible[b]) for b in better))
            counts[k] += 1
        indicators = obs.indicators
        keep = rules.keep_value

        def rank(action: Action) -> tuple[int, int, int, int]:
            tile: Tile = action.tiles[0]
            shanten, ukeire = options[tile.kind]
            return (shanten, -ukeire, keep(tile, indicators), tile.code)

        return min(discards, key=rank)
