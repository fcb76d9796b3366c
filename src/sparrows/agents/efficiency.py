"""Efficiency: win whenever allowed, else play for the fewest shanten and most ukeire.

* Wins, aborts and riichi are taken when the ruleset says they are worth declaring.
* Calls (chi, pon, kongs) are made when the ruleset says the call is worth it (riichi:
  yakuhai, and calls that speed up an all-simples hand).
* Discards (and riichi discards): minimise shanten, then maximise ukeire counted over tiles
  not yet seen (own hand, every discard, meld and indicator), then keep the tiles the
  ruleset values (red tiles, dora...).
* Defence: when the ruleset names threats (riichi players) and the hand would not be
  ready after the best discard, discard the tile the ruleset rates least dangerous.

Everything ruleset-specific comes from the ruleset's hints; nothing here names a ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from ..analysis import form_shanten, improvers
from ..engine.actions import Action, ActionType
from ..engine.game import Observation
from ..errors import SparrowsError
from ..tiles import Tile
from .base import Agent

A: Final = ActionType
_DISCARDS: Final = (A.DISCARD, A.RIICHI)
_CALLS: Final = (A.CHI, A.PON, A.KAN, A.ANKAN, A.KAKAN)


class EfficiencyAgent(Agent):
    name: ClassVar[str] = "efficiency"
    #: Fold against a threat when the best discard leaves the hand this far from ready.
    fold_at: ClassVar[int] = 1

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        assert observation is not None
        rules = self.ruleset
        if rules is None:
            raise SparrowsError("the efficiency agent needs bind(ruleset) before it plays")
        obs = observation
        for kind in (A.TSUMO, A.RON, A.ABORT):
            for action in legal:
                if action.type is kind and rules.worth_declaring(obs, action):
                    return action
        advice = rules.suggest(obs, legal)
        if advice is not None:
            return advice
        calls = [a for a in legal if a.type in _CALLS and rules.call_worth(obs, a)]
        if calls:
            return calls[0]
        discards = [a for a in legal if a.type is A.DISCARD]
        if not discards:
            passes = [a for a in legal if a.type is A.PASS]
            return passes[0] if passes else legal[0]
        threats = rules.threats(obs)
        ranked = self._rank(obs, [a for a in legal if a.type in _DISCARDS])
        planned = rules.plan_discards(obs)
        if planned:  # the ruleset's value plan: its tiles go first, the fastest of them
            wanted = [r for r in ranked if r[1].type is A.DISCARD and r[1].tiles[0].kind in planned]
            if wanted and not threats:
                return wanted[0][1]
        if threats and ranked[0][0][0] >= self.fold_at:  # far from ready while threatened
            return min(discards, key=lambda a: (rules.danger(obs, a.tiles[0]), a.tiles[0].code))
        riichi = [r for r in ranked if r[1].type is A.RIICHI]
        if riichi and rules.worth_declaring(obs, riichi[0][1]):
            return riichi[0][1]
        return next(a for _, a in ranked if a.type is A.DISCARD)

    def _rank(
        self, obs: Observation, actions: list[Action]
    ) -> list[tuple[tuple[int, int, int, int], Action]]:
        """Discards (and riichi discards) best first: (shanten after, -ukeire, keep value,
        tile code)."""
        rules = self.ruleset
        assert rules is not None
        form, kinds = rules.form, rules.kinds_in_play
        counts = [0] * 34
        for t in obs.hand:
            if t.kind < 34:  # a bonus tile left unreplaced (the wall ran out) is no shape
                counts[t.kind] += 1
        unseen = rules.unseen(obs)
        # shanten after each discard first (one lookup each); ukeire only for the
        # discards that reach the fewest shanten (the others rank after them anyway)
        after: dict[int, int] = {}
        bonus = [t for t in obs.hand if t.kind >= 34]
        if bonus:  # bonus tiles held (unreplaced, or kept by a house rule) go first; the
            # suited tiles then fit no hand size to rank by shape: in tile order after them
            return sorted(
                (((0 if a.tiles[0].kind >= 34 else 1, 0, 0, a.tiles[0].code), a) for a in actions),
                key=lambda r: r[0],
            )
        for k in {t.kind for t in obs.hand if t.kind < 34}:
            counts[k] -= 1
            after[k] = form_shanten(counts, form)
            counts[k] += 1
        fewest = min(after.values())
        options: dict[int, tuple[int, int]] = {}  # discard kind -> (shanten, ukeire)
        for k, value in after.items():
            if value > fewest or k >= 34:
                options[k] = (value, 0)
                continue
            counts[k] -= 1
            shanten, better = improvers(counts, form, kinds)
            options[k] = (shanten, sum(unseen[b] for b in better))
            counts[k] += 1
        indicators = obs.indicators
        keep = rules.keep_value

        def rank(action: Action) -> tuple[int, int, int, int]:
            tile: Tile = action.tiles[0]
            shanten, ukeire = options[tile.kind]
            return (shanten, -ukeire, keep(tile, indicators), tile.code)

        return sorted(((rank(a), a) for a in actions), key=lambda r: r[0])
