"""Hong Kong's advice: a one-suit plan when one suit and the honours make most of the
hand (Mixed One Suit carries the minimum faan; Pure Suit when the suit is nearly all of
it), pungs of dragons and scoring winds, dragons kept when speed ties, and a ready hand's
wait chosen by the tiles that win at the minimum.

Two plans live here: the baseline's (``plan_discards`` and ``call_worth`` at their
defaults, what ``efficiency`` and ``efficiency-1`` play) and the ``balanced`` bot's
(:meth:`HongKongAdvice.plan`, :meth:`HongKongAdvice.choose`, the figures below), which the
hint box shows. Their worth is measured in duplicate games (docs/bots-measured.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._mypyc import mypyc_attr
from ..engine.actions import Action, ActionType
from ..rules.chinese.game import WinFacts
from ..rules.hongkong.options import FAAN
from ..rules.hongkong.scoring import score
from ..tiles import Tile
from ..tiles.kinds import NUM_STANDARD
from .base import CLAIMS, Advice, DiscardHint, Plan, Weight

if TYPE_CHECKING:
    from ..engine.observation import Observation
    from ..rules.hongkong.ruleset import HongKongRuleset

A: Final = ActionType

#: The ``balanced`` bot's one-suit plan: from this many tiles of the suit and the honours
#: (held and called), or PLAN_BARE while the seat's bonus tiles give no faan
PLAN_AT: Final = 8
PLAN_BARE: Final = 7
#: Pure Suit (the honours thrown too) once the suit makes this many tiles with at most
#: PURE_HONOURS honours held and none called
PURE_AT: Final = 10
PURE_HONOURS: Final = 2
#: a ready hand's wait that wins only self-drawn, as a share of one that also wins on a
#: discard (at the minimum faan)
TSUMO_ONLY: Final = 0.3


@mypyc_attr(allow_interpreted_subclasses=True)
class HongKongAdvice(Advice):
    """Hong Kong's advice."""

    def __init__(self, rules: HongKongRuleset) -> None:
        super().__init__(rules)
        self.min_faan: int = rules.options.min_faan

    def one_suit_plan(self, obs: Observation, at: int = 8) -> int | None:
        """The suit to collect when one suit (with honours) can carry the minimum: 3 faan
        for Mixed One Suit. Chosen when that suit and the honours make most of the hand
        (``at`` tiles)."""
        if self.min_faan <= 0:
            return None
        tiles = [t.kind for t in obs.hand if t.kind < NUM_STANDARD]
        for meld in obs.melds[obs.seat]:
            tiles += [t.kind for t in meld.tiles]
        per_suit = [sum(1 for k in tiles if k // 9 == s and k < 27) for s in range(3)]
        honours = sum(1 for k in tiles if k >= 27)
        suit = max(range(3), key=lambda s: per_suit[s])
        melded = {m.tiles[0].kind // 9 for m in obs.melds[obs.seat] if m.tiles[0].kind < 27}
        if melded - {suit}:
            return None  # already committed to another suit by a call
        if per_suit[suit] + honours >= at:
            return suit
        return None

    def plan_discards(self, obs: Observation, at: int = 8) -> frozenset[int]:
        suit = self.one_suit_plan(obs, at)
        if suit is None:
            return frozenset()
        return frozenset(k for k in range(27) if k // 9 != suit)

    def call_worth(self, obs: Observation, action: Action, at: int = 8) -> bool:
        k = action.tiles[0].kind
        wind = 27 + (obs.seat_winds or (0,) * 4)[obs.seat]
        if action.type in (A.PON, A.KAN, A.ANKAN, A.KAKAN) and (
            k >= 31 or k in (wind, 27 + obs.round_wind)
        ):
            return True  # a dragon or scoring wind: one faan each
        suit = self.one_suit_plan(obs, at)
        if action.type in (A.ANKAN, A.KAKAN):
            return True  # a kong keeps the hand as it was, with a replacement draw
        return suit is not None and (k >= 27 or k // 9 == suit)

    def keep_value(self, tile: Tile, indicators: Sequence[Tile]) -> int:
        return 1 if tile.kind >= 31 else 0  # dragons make faan when paired up

    def wait_worth(self, obs: Observation, discard: Tile, wait: int) -> tuple[bool, bool]:
        """Whether the hand, ``discard`` thrown, may win on ``wait`` at the minimum faan:
        on a discard, and self-drawn."""
        held = [t.kind for t in obs.hand if t.kind < NUM_STANDARD]
        if discard.kind < NUM_STANDARD:
            held.remove(discard.kind)
        held.append(wait)
        melds = tuple((m.type, m.kinds) for m in obs.melds[obs.seat]) if obs.melds else ()
        bonus = tuple(sorted(t.kind for t in obs.bonus[obs.seat])) if obs.bonus else ()
        wind = (obs.seat_winds or (0,) * 4)[obs.seat]
        ron, tsumo = (
            score(
                WinFacts(tuple(held), melds, bonus, wait, t, wind, obs.round_wind),
                self.rules.options,
            ).valid
            for t in (False, True)
        )
        return ron, tsumo

    def one_suit_at(self, obs: Observation, at: int, bare: int) -> int:
        """The one-suit plan's threshold: ``at`` tiles, or ``bare`` while the seat's bonus
        tiles give no faan (a flower or season not its own; none at all is a faan)."""
        bonus = [t.kind for t in obs.bonus[obs.seat]] if obs.bonus else []
        if not bonus:
            return at
        wind = (obs.seat_winds or (0,) * 4)[obs.seat]
        if any((k - 34) % 4 == wind for k in bonus):
            return at
        return bare

    def pure_suit_honours(
        self, obs: Observation, planned: frozenset[int], at: int, most_honours: int
    ) -> frozenset[int] | None:
        """The honours held (maybe none), to throw for Pure Suit (7 faan), when the
        plan's suit (the kinds not in ``planned``) makes ``at`` tiles, at most
        ``most_honours`` honours are held and none is called; else None."""
        melds = obs.melds[obs.seat] if obs.melds else ()
        if any(m.tiles[0].kind >= 27 for m in melds):
            return None
        kinds = [t.kind for t in obs.hand if t.kind < 34]
        kinds += [t.kind for m in melds for t in m.tiles]
        honours = [k for k in kinds if k >= 27]
        suited = sum(1 for k in kinds if k < 27 and k not in planned)
        if len(honours) > most_honours or suited < at:
            return None
        return frozenset(honours)

    # ------------------------------------------------------------------ balanced's plan
    def plan_at(self, obs: Observation) -> int:
        """The tiles of one suit and the honours from which ``balanced`` plays it."""
        return self.one_suit_at(obs, PLAN_AT, PLAN_BARE)

    def plan(self, obs: Observation) -> Plan | None:
        """The ``balanced`` bot's plan: Mixed One Suit from :meth:`plan_at` tiles, Pure
        Suit (the honours thrown too) from PURE_AT; None while no suit makes enough."""
        throw = self.plan_discards(obs, self.plan_at(obs))
        if not throw:
            return None
        suit = next(s for s in range(3) if s * 9 not in throw)
        honours = self.pure_suit_honours(obs, throw, PURE_AT, PURE_HONOURS)
        item = "mixed_one_suit" if honours is None else "pure_suit"
        faan, text = FAAN[item]
        name = text.partition(":")[0]  # "Mixed One Suit: one suit plus honours"
        return Plan(item, name, faan, suit, throw | (honours or frozenset()))

    def claim(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """The ``balanced`` bot's call on a discard: the first :meth:`call_worth` takes
        with the plan from :meth:`plan_at` (a dragon or scoring wind; the plan's suit or
        an honour); None while a win is offered."""
        if obs.last_discard is None or any(a.type in (A.RON, A.TSUMO) for a in legal):
            return None
        at = self.plan_at(obs)
        return next((a for a in legal if a.type in CLAIMS and self.call_worth(obs, a, at)), None)

    def choose(self, obs: Observation, ranked: list[DiscardHint]) -> DiscardHint:
        """The discard ``balanced`` throws among ``ranked`` (best first by
        :meth:`rank_discards`): the plan's tiles first, the fastest of them, and a ready
        hand's wait by :meth:`best_wait`."""
        plan = self.plan(obs)
        wanted = [d for d in ranked if plan is not None and d.action.tiles[0].kind in plan.throw]
        return self.best_wait(obs, wanted or ranked, TSUMO_ONLY)

    def weights(
        self, obs: Observation, ranked: Sequence[DiscardHint]
    ) -> tuple[tuple[Weight, ...], Action | None]:
        """No weights (Hong Kong's bots weigh no expected points); the discard
        :meth:`choose` throws, from the bots' own ranking."""
        if not ranked:
            return (), None
        hints = self.rank_discards(obs, [d.action for d in ranked])
        return (), self.choose(obs, hints).action

    def best_wait(
        self, obs: Observation, hints: list[DiscardHint], tsumo_only: float
    ) -> DiscardHint:
        """The first of ``hints``; when it makes the hand ready, the ready discard whose
        waits have the most unseen tiles that win at the minimum (on a discard; a wait
        that wins only self-drawn at the weight ``tsumo_only``)."""
        best = hints[0]
        if best.shanten != 0:
            return best
        unseen = self.unseen(obs)
        top: tuple[float, DiscardHint] | None = None
        for d in hints:
            if d.shanten != 0:
                continue
            worth = 0.0
            for w in d.tiles:
                ron, tsumo = self.wait_worth(obs, d.action.tiles[0], w)
                worth += unseen[w] * (1.0 if ron else tsumo_only if tsumo else 0.0)
            if top is None or worth > top[0]:
                top = (worth, d)
        return top[1] if top is not None and top[0] > 0 else best
