"""Efficiency: win whenever allowed, else play for the fewest shanten and most ukeire.

* Wins, aborts and riichi are taken when the ruleset says they are worth declaring.
* Calls (chi, pon, kongs) are made when the ruleset says the call is worth it (riichi:
  yakuhai, and calls that speed up an all-simples hand).
* Discards (and riichi discards): minimise shanten, then maximise ukeire counted over tiles
  not yet seen (own hand, every discard, meld and indicator), then keep the tiles the
  ruleset values (red tiles, dora...).
* Defence: when the ruleset names threats (riichi players) and the hand would not be
  ready after the best discard, discard the tile the ruleset rates least dangerous.

Everything ruleset-specific comes from the ruleset's advice (:mod:`sparrows.advice`);
nothing here names a ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from .._mypyc import mypyc_attr
from ..advice.base import DiscardHint
from ..engine.actions import Action, ActionType
from ..engine.observation import Observation
from ..errors import SparrowsError
from .base import Agent

A: Final = ActionType
_DISCARDS: Final = (A.DISCARD, A.RIICHI)
_CALLS: Final = (A.CHI, A.PON, A.KAN, A.ANKAN, A.KAKAN)


@mypyc_attr(allow_interpreted_subclasses=True)
class EfficiencyAgent(Agent):
    name: ClassVar[str] = "efficiency"
    #: Fold against a threat when the best discard leaves the hand this far from ready.
    fold_at: ClassVar[int] = 1

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        assert observation is not None
        advice = self.advice
        if advice is None:
            raise SparrowsError("the efficiency agent needs bind(ruleset) before it plays")
        obs = observation
        taken = self._declared_or_advised(obs, legal)
        if taken is not None:
            return taken
        calls = [a for a in legal if a.type in _CALLS and self._call_worth(obs, a)]
        if calls:
            return calls[0]
        discards = [a for a in legal if a.type is A.DISCARD]
        if not discards:
            passes = [a for a in legal if a.type is A.PASS]
            return passes[0] if passes else legal[0]
        threats = advice.threats(obs)
        hints = advice.rank_discards(obs, [a for a in legal if a.type in _DISCARDS])
        plain = [h for h in hints if h.action.type is A.DISCARD]
        planned = self._planned(obs)
        if planned:  # the ruleset's value plan: its tiles go first, the fastest of them
            wanted = [h for h in plain if h.action.tiles[0].kind in planned]
            if wanted and not threats:
                return self._pick(obs, wanted).action
        if threats and hints[0].key[0] >= self.fold_at:  # far from ready while threatened
            return min(discards, key=lambda a: (advice.danger(obs, a.tiles[0]), a.tiles[0].code))
        riichi = [h.action for h in hints if h.action.type is A.RIICHI]
        if riichi and advice.worth_declaring(obs, riichi[0]):
            return riichi[0]
        return self._pick(obs, plain).action

    def _declared_or_advised(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """A win, then an abort, the ruleset says is worth declaring; else the ruleset's
        own advice for the decision (:meth:`~sparrows.advice.Advice.suggest`);
        None when neither applies."""
        advice = self.advice
        assert advice is not None
        for kind in (A.TSUMO, A.RON, A.ABORT):
            for action in legal:
                if action.type is kind and advice.worth_declaring(obs, action):
                    return action
        return advice.suggest(obs, legal)

    # ---- what a bot built on this one may weigh otherwise (the ruleset's advice here)
    def _call_worth(self, obs: Observation, action: Action) -> bool:
        """Whether to make this call (pung, chow, kong)."""
        advice = self.advice
        assert advice is not None
        return advice.call_worth(obs, action)

    def _planned(self, obs: Observation) -> frozenset[int]:
        """The kinds the hand's value plan throws first."""
        advice = self.advice
        assert advice is not None
        return advice.plan_discards(obs)

    def _pick(self, obs: Observation, hints: list[DiscardHint]) -> DiscardHint:
        """The discard to play among ``hints`` (ranked best first by the ruleset's advice,
        :meth:`~sparrows.advice.Advice.rank_discards`, shared with the hints): the first."""
        return hints[0]
