"""Balanced: the efficiency bot's speed, weighed against the hand's value and the danger
of each discard (riichi: every preset, three players and the house preset).

* Discards: each legal discard's expected worth, the hand's likely value times its chance
  to win (from shanten and live tiles) less, per threat, the chance the tile deals in
  times what that costs. With no threat the fastest discards are compared by value alone
  (a dora or a value pair is kept when it costs little speed); facing a riichi a far hand
  folds (genbutsu, tiles passed after the riichi, suji, kabe, honours by copies left) and a
  ready or valuable one pushes.
* Calls (the advice's ``claim``, which the hint box shows too): only ones that make the
  hand faster and keep a yaku in reach as fast (a value-honour triplet; all simples or
  one suit when the hand is as near completion with its terminals and honours, or its
  other suits, thrown), never while folding, and facing a threat only a call that makes
  the hand ready.
* Riichi when ready and closed, unless the hand is already worth a haneman with a yaku of
  its own (dama).

In the other rulesets it calls (pung, chow, kong) whenever that makes the hand faster where
the ruleset gives no call advice (any complete hand wins: Sichuan, classical). In Hong
Kong it plays the advice's one-suit plan and calls (``HongKongAdvice.plan``), from 7 tiles instead
of 8 while its bonus tiles give no faan, Pure Suit (the honours thrown too) when the
suit makes 10 tiles with at most two honours held, and a ready hand's wait chosen by
the tiles that win at the minimum faan. Elsewhere (Suzume) it plays as the efficiency
bot does. The riichi choices weigh each discard with riichi's advice
(:meth:`sparrows.advice.riichi.RiichiAdvice.weigh`, figures in
:mod:`sparrows.advice.riichi_model`, shared with the hint box); their worth is
measured in duplicate games (``benchmarks/bench_bots.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from ..advice import riichi_model as rm
from ..advice.base import DiscardHint
from ..advice.hongkong import HongKongAdvice
from ..advice.riichi import DANGER_AHEAD, THREATENED_CHANCE, RiichiAdvice, Situation
from ..engine.actions import Action, ActionType
from ..engine.observation import Observation
from .efficiency import EfficiencyAgent

A: Final = ActionType
_TURN_KONGS: Final = (A.ANKAN, A.KAKAN)
_CLAIMS: Final = (A.CHI, A.PON, A.KAN)


class BalancedAgent(EfficiencyAgent):
    name: ClassVar[str] = "balanced"
    #: facing a threat, the share of the hand's win chance left (the threat may win first)
    threatened_chance: ClassVar[float] = THREATENED_CHANCE
    #: the danger still ahead: a discard's risk counts (1 + this x shanten after it) times
    danger_ahead: ClassVar[float] = DANGER_AHEAD
    #: dama (no riichi) when the ready hand is worth this many han without it
    dama_han: ClassVar[float] = 6

    def act(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        obs = observation
        advice = self.advice
        if obs is None or advice is None:
            return super().act(observation, legal)
        if any(a.type in _CLAIMS for a in legal):  # a window on a discard
            taken = self._declared_or_advised(obs, legal)
            if taken is None:
                taken = advice.claim(obs, legal)  # the call the advice makes, if any
            passes = [a for a in legal if a.type is A.PASS]
            return taken or (passes[0] if passes else legal[0])
        if not isinstance(advice, RiichiAdvice):
            return super().act(obs, legal)
        taken = self._declared_or_advised(obs, legal)
        if taken is not None:
            return taken
        table = advice.situation(obs)
        discards = [a for a in legal if a.type in (A.DISCARD, A.RIICHI)]
        if not discards:
            passes = [a for a in legal if a.type is A.PASS]
            return passes[0] if passes else legal[0]
        kongs = [a for a in legal if a.type in _TURN_KONGS and advice.call_worth(obs, a)]
        if kongs and (table.in_riichi or not table.threats):
            return kongs[0]
        return self._discard(obs, discards, table)

    # ------------------------------------------------------------------ Hong Kong
    # the advice's plan (HongKongAdvice.plan, its figures there, shown by the hint box):
    # one suit from 7 or 8 tiles, Pure Suit from 10, a ready hand's wait by what wins
    def _call_worth(self, obs: Observation, action: Action) -> bool:
        advice = self.advice
        if isinstance(advice, HongKongAdvice):  # the one-suit plan from its threshold
            return advice.call_worth(obs, action, advice.plan_at(obs))
        return super()._call_worth(obs, action)

    def _planned(self, obs: Observation) -> frozenset[int]:
        if isinstance(self.advice, HongKongAdvice):
            return frozenset()  # the plan is the advice's choice below (choose)
        return super()._planned(obs)

    def _pick(self, obs: Observation, hints: list[DiscardHint]) -> DiscardHint:
        advice = self.advice
        if isinstance(advice, HongKongAdvice):  # the plan's discards, a ready hand's wait
            return advice.choose(obs, hints)  # the hint box's pick too
        return super()._pick(obs, hints)

    # ------------------------------------------------------------------ discards
    def _discard(self, obs: Observation, actions: list[Action], table: Situation) -> Action:
        advice = self.advice
        assert isinstance(advice, RiichiAdvice)
        plain = [a for a in actions if a.type is A.DISCARD]
        if table.in_riichi or not plain:
            return plain[0] if plain else actions[0]
        # every discard's ukeire facing a threat, or with melds (a slower discard may be
        # the one that keeps a yaku)
        complete = bool(table.threats or obs.melds[obs.seat])
        ranked = advice.rank_discards(obs, plain, complete=complete)
        best = advice.best_weighed(obs, ranked, table, self.threatened_chance, self.danger_ahead)
        assert best is not None
        chosen = best[0].action
        riichi = [a for a in actions if a.type is A.RIICHI and a.tiles[0] == chosen.tiles[0]]
        if riichi and best[0].shanten == 0 and self._riichi(obs, chosen, table):
            return riichi[0]
        return chosen

    def _riichi(self, obs: Observation, discard: Action, table: Situation) -> bool:
        """Riichi, unless a dama already pays a haneman with a yaku of its own."""
        kept = list(obs.hand)
        kept.remove(discard.tiles[0])
        shape = rm.shape_of(obs, discard.tiles)
        paths = rm.yaku_paths(shape, table.honours, 0, table.form)
        dama = rm.value_han(
            kept, shape, table.dora, table.honours, table.form, 0, False, table.fixed_han
        )
        return not ((paths["tanyao"] or paths["yakuhai"]) and dama >= self.dama_han)
