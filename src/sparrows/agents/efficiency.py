"""Efficiency: win whenever allowed, else discard for the fewest shanten and most ukeire.

Wins: a legal tsumo or ron is always taken (the engine offers only valid wins by default;
with misdeclared wins allowed the agent checks the value first). Discards: minimise
shanten, then maximise ukeire counted over tiles not yet seen (own hand, all discards and
indicators), then prefer keeping the tiles that score (red tiles, dora, for Suzume).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..analysis import RIICHI, SUZUME, Form, improvers
from ..engine.actions import Action, ActionType
from ..engine.game import Observation
from ..tiles import Tile
from .base import Agent

FORMS: dict[str, Form] = {"suzume": SUZUME, "riichi": RIICHI}
SUZUME_KINDS = [*range(18, 27), 32, 33]


class EfficiencyAgent(Agent):
    name: ClassVar[str] = "efficiency"

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        assert observation is not None
        types = {a.type for a in legal}
        for win in (ActionType.TSUMO, ActionType.RON):
            if win in types and self._worth_declaring(observation, win):
                return next(a for a in legal if a.type is win)
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if not discards:
            return next(a for a in legal if a.type is ActionType.PASS)
        return self._best_discard(observation, discards)

    def _worth_declaring(self, obs: Observation, win: ActionType) -> bool:
        if obs.ruleset != "suzume":
            return True
        from ..rules.suzume.scoring import MIN_POINTS, score_hand

        tiles = list(obs.hand)
        if win is ActionType.RON and obs.last_discard is not None:
            tiles.append(obs.last_discard[1])
        indicator = obs.indicators[0] if obs.indicators else None
        return score_hand(tiles, indicator).base >= MIN_POINTS

    def _best_discard(self, obs: Observation, discards: list[Action]) -> Action:
        form = FORMS.get(obs.ruleset, RIICHI)
        kinds = SUZUME_KINDS if obs.ruleset == "suzume" else list(range(34))
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
        dora = {t.kind for t in obs.indicators} if obs.ruleset == "suzume" else set()

        def keep_value(tile: Tile) -> int:
            return int(tile.red) + int(tile.kind in dora)

        def rank(action: Action) -> tuple[int, int, int, int]:
            tile = action.tile
            assert tile is not None
            shanten, ukeire = options[tile.kind]
            return (shanten, -ukeire, keep_value(tile), tile.code)

        return min(discards, key=rank)
