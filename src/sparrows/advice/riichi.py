"""Riichi's advice (every preset: sanma and the house preset too): the hint box's furiten,
which declarations and calls a bot takes, its own choices (a North, kokan, the dealer's
choice), the threats (riichi players) and a plain danger per tile; and each discard
weighed by expected points (:meth:`RiichiAdvice.weigh`: the hand's likely value, its
chance to win, what the tile may deal in; figures in :mod:`.riichi_model`), which the
``balanced`` bot plays by and the hint box shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._mypyc import mypyc_attr
from ..analysis import form_shanten
from ..client.extras import RiichiExtra
from ..engine.actions import Action, ActionType
from ..rules.riichi.hand import TERMINAL_HONOR
from ..rules.riichi.table import _CONTINUE, _NUKI, _PASS_DEAL
from ..tiles import Meld, MeldType, Tile
from ..tiles.kinds import HONOR
from . import riichi_model as rm
from .base import CLAIMS, Advice, DiscardHint, Weight, best_after_discard, discarded_a_wait

if TYPE_CHECKING:
    from ..engine.observation import Observation
    from ..rules.riichi.game import RiichiRuleset

A: Final = ActionType
#: facing a threat, the share of the hand's win chance left (the threat may win first)
THREATENED_CHANCE: Final = 0.6
#: the danger still ahead: a discard's risk counts (1 + this x shanten after it) times
DANGER_AHEAD: Final = 0.5
#: the farthest from ready (after the call) a call may leave the hand: with a value-honour
#: triplet, with another yaku, and facing a threat
CALL_REACH: Final = (3, 2, 0)


class Situation:
    """What every discard of one decision is weighed against, gathered once: the dora,
    the value honours, the threats and the tiles safe against each, the tiles the seat
    sees and cannot see, the draws left."""

    def __init__(self, advice: RiichiAdvice, obs: Observation) -> None:
        rules = advice.rules
        self.players = players = rules.num_players
        self.dora = [k for t in obs.indicators for k in rules.dora_kinds((t,))]
        #: the han the hand has whatever it keeps: the Norths set aside (three players)
        self.fixed_han = rm.nuki_han(obs, self.dora)
        self.honours = advice.yakuhai(obs)
        self.threats = rm.threats(obs, players, self.dora, rules.form)
        self.safe = [rm.safe_kinds(obs, t, players) for t in self.threats]
        self.unseen = advice.unseen(obs)
        self.unseen_total = sum(self.unseen)
        self.visible = obs.seen()  # every copy the seat sees, its own hand included
        for t in obs.hand:
            if t.kind < 34:
                self.visible[t.kind] += 1
        # three players: 1m and 9m wait only as pairs or triplets (no 2m-8m for runs)
        self.runless: frozenset[int] = advice.runless
        self.turns = obs.wall_left // players
        self.dealer = obs.seat == obs.dealer
        self.form = rules.form
        self.in_riichi = bool(obs.extra.riichi[obs.seat])
        opts = rules.options
        #: a chip's worth in points where chips are played (the house preset), else 0
        self.chip_value = opts.chip_value if opts.chips else 0

    def danger(self, kind: int) -> float:
        """Expected points lost by discarding ``kind`` now."""
        return sum(
            rm.deal_in(kind, t, safe, self.visible, self.runless) * t.value
            for t, safe in zip(self.threats, self.safe, strict=True)
        )


@mypyc_attr(allow_interpreted_subclasses=True)
class RiichiAdvice(Advice):
    """Riichi's advice."""

    def __init__(self, rules: RiichiRuleset) -> None:
        super().__init__(rules)
        self.riichi = rules
        self.seats: tuple[int, ...] = tuple(range(rules.num_players))
        #: number kinds in no run of the tile set (1m and 9m with three players)
        self.runless: frozenset[int] = rules._runless

    def furiten(self, obs: Observation, waits: Sequence[int]) -> bool:
        # the discard furiten, and the temporary and riichi ones the table keeps
        extra: RiichiExtra = obs.extra
        return discarded_a_wait(obs, waits) or bool(extra.furiten)

    def worth_declaring(self, obs: Observation, action: Action) -> bool:
        """Wins and riichi always; nine terminals unless the hand holds eleven or more
        terminal and honour kinds (then thirteen orphans is worth a try)."""
        if action.type is A.ABORT:
            if obs.window == "vote":
                return False  # a bot plays the hand rather than vote to abort it
            return len({t.kind for t in obs.hand if t.kind in TERMINAL_HONOR}) < 11
        return True

    def yakuhai(self, obs: Observation) -> frozenset[int]:
        """The honour kinds whose triplet is a yaku for ``obs``'s seat."""
        rules = self.riichi
        seat_wind = 27 + (obs.seat - obs.dealer) % rules.num_players
        rounds = (27, 29) if rules.options.tonshaaba else (27 + obs.round_wind % 4,)
        return frozenset((31, 32, 33, seat_wind, *rounds))

    def call_worth(self, obs: Observation, action: Action) -> bool:
        """Pon of a yakuhai; a chi or pon that brings an all-simples hand closer; a
        concealed or added kong that keeps the shanten."""
        form = self.rules.form
        kind = action.tiles[0].kind
        counts = [0] * 34
        for t in obs.hand:
            counts[t.kind] += 1
        before = form_shanten(counts, form)
        if action.type in (A.ANKAN, A.KAKAN):
            if obs.extra.riichi[obs.seat]:
                return True  # offered in riichi only when the waits stay
            taken = 4 if action.type is A.ANKAN else 1
            counts[kind] -= taken
            return form_shanten(counts, form) <= before
        if action.type is A.KAN:
            return False
        if action.type is A.PON and kind in self.yakuhai(obs):
            return True
        if obs.last_discard is None:
            return False
        called = obs.last_discard[1].kind
        melds = obs.melds[obs.seat]
        simples = all(t.kind not in TERMINAL_HONOR for m in melds for t in m.tiles)
        used = [t.kind for t in action.tiles] + [called]
        if not simples or any(k in TERMINAL_HONOR for k in used):
            return False
        if sum(1 for t in obs.hand if t.kind in TERMINAL_HONOR) > 2:
            return False  # too far from all simples
        for k in used[:-1]:
            counts[k] -= 1
        best = min(
            (
                form_shanten([c - (i == k) for i, c in enumerate(counts)], form)
                for k in set(t.kind for t in obs.hand)
                if counts[k] > 0
            ),
            default=before,
        )
        return best < before

    def suggest(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """A North set aside whenever offered (three players). Kokan: the better choice
        (offered first). The dealer's choice: pass when first
        with the game's last hand at stake (passing there ends it), else continue. The
        unanimous abort vote: see ``worth_declaring`` (never)."""
        types = {a.type for a in legal}
        if A.NUKI in types:
            return _NUKI  # a North set aside is a dora and a fresh draw
        if A.KOKAN in types:
            return legal[0]
        if types == {A.CONTINUE, A.PASS_DEAL}:
            top = max(self.seats, key=lambda s: (obs.scores[s], -s)) == obs.seat
            last = obs.extra.kyoku >= self.riichi._last_kyoku
            return _PASS_DEAL if top and last else _CONTINUE
        return None

    # ------------------------------------------------------------------ calls
    def claim(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """The ``balanced`` bot's call on a discard: the chi or pon leaving the hand
        fewest from ready among those worth making (:meth:`claim_shanten`); none in
        riichi, and never an open kong from a discard."""
        table = self.situation(obs)
        if table.in_riichi or obs.last_discard is None:
            return None
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.type not in CLAIMS:
                continue
            after = self.claim_shanten(obs, action, table)
            if after is not None and (best is None or after < best[0]):
                best = (after, action)
        return best[1] if best is not None else None

    def claim_shanten(self, obs: Observation, action: Action, table: Situation) -> int | None:
        """The shanten after ``action`` (a chi or pon) and its best discard, when the call
        is worth making: faster, a yaku kept in reach, not from afar (CALL_REACH) or,
        facing a threat, only one that makes the hand ready."""
        assert obs.last_discard is not None
        if action.type is A.KAN:
            return None  # an open kong from a discard: more dora for everyone, no speed
        called = obs.last_discard[1]
        shape = rm.shape_of(obs)
        melds = len(shape.melds)
        before = form_shanten(shape.counts, table.form, melds)
        taken = rm.shape_of(obs, action.tiles)
        meld = Meld(
            MeldType.PON if action.type is A.PON else MeldType.CHI,
            (*action.tiles, called),
        )
        counts = taken.counts
        after = best_after_discard(counts, table.form, melds + 1)
        if after >= before:
            return None
        opened = rm.Shape(counts, (*taken.melds, meld))
        paths = rm.yaku_paths(opened, table.honours, after, table.form)
        if not any(paths.values()):
            return None
        honour, other, threatened = CALL_REACH
        reach = threatened if table.threats else honour if paths["yakuhai"] else other
        return after if after <= reach else None

    # ------------------------------------------------------------------ expected points
    def situation(self, obs: Observation) -> Situation:
        """The figures every discard of this decision shares."""
        return Situation(self, obs)

    def weigh(
        self,
        obs: Observation,
        h: DiscardHint,
        sit: Situation,
        threatened_chance: float = THREATENED_CHANCE,
        danger_ahead: float = DANGER_AHEAD,
    ) -> Weight:
        """The expected points of discarding ``h``'s tile: the hand's value times its
        chance to win, less what the tile may deal in (and the danger still ahead)."""
        tile = h.action.tiles[0]
        kept = list(obs.hand)
        kept.remove(tile)
        shape = rm.shape_of(obs, (tile,))
        form, shanten = sit.form, max(0, h.shanten)
        han = rm.value_han(kept, shape, sit.dora, sit.honours, form, shanten, fixed=sit.fixed_han)
        value = rm.han_points(han, sit.dealer) + rm.chip_points(kept, shape, sit.chip_value)
        ukeire = h.ukeire
        if not shape.closed:
            paths = rm.yaku_paths(shape, sit.honours, shanten, form)
            if not any(paths.values()):
                value = 0  # an open hand with no yaku in reach cannot win
            elif paths["tanyao"] and not (paths["yakuhai"] or paths["honitsu"]):
                # all simples is its only yaku: a terminal or an honour would not win
                ukeire = sum(sit.unseen[k] for k in h.tiles if not rm.terminal_or_honour(k))
        chance = rm.win_chance(h.shanten, ukeire, sit.unseen_total, sit.turns)
        if h.shanten == 0 and 0 < ukeire < h.ukeire:
            # a wait with a side that wins no yaku: that side, drawn or passed first,
            # leaves the hand furiten; the share of the waits that win is the chance
            # that one of them comes first
            chance *= ukeire / h.ukeire
        if sit.threats:
            chance *= threatened_chance
            loss = sit.danger(tile.kind) * (1 + danger_ahead * max(0, h.shanten))
            return Weight(value, chance, loss, value * chance - loss)
        return Weight(value, chance, 0.0, value * chance)

    def best_weighed(
        self,
        obs: Observation,
        ranked: Sequence[DiscardHint],
        sit: Situation,
        threatened_chance: float = THREATENED_CHANCE,
        danger_ahead: float = DANGER_AHEAD,
    ) -> tuple[DiscardHint, Weight] | None:
        """Of ``ranked`` (plain discards, best first by speed) the one worth the most
        expected points, the earlier on a tie; with no threat only the fastest are
        weighed (value decides between equally fast discards), and where none of those
        is worth anything (an open hand that keeps no yaku) those one slower too. The
        ``balanced`` bot's discard, and the hint box's pick."""
        best: tuple[tuple[float, int], DiscardHint, Weight] | None = None
        fewest = ranked[0].shanten if ranked else 0
        for i, h in enumerate(ranked):
            worthless = best is None or best[2].value == 0  # no yaku kept so far
            if not sit.threats and h.shanten > fewest + (1 if worthless else 0):
                break
            w = self.weigh(obs, h, sit, threatened_chance, danger_ahead)
            key = (w.worth, -i)
            if best is None or key > best[0]:
                best = (key, h, w)
        return None if best is None else (best[1], best[2])

    def weights(
        self, obs: Observation, ranked: Sequence[DiscardHint]
    ) -> tuple[tuple[Weight, ...], Action | None]:
        """Each discard weighed as the ``balanced`` bot weighs it, and the one it would
        throw (none in riichi, where the drawn tile goes)."""
        sit = self.situation(obs)
        if sit.in_riichi:
            return (), None
        plain = [h for h in ranked if h.action.type is A.DISCARD]
        best = self.best_weighed(obs, plain, sit)
        pick = best[0].action if best is not None else None
        return tuple(self.weigh(obs, h, sit) for h in ranked), pick

    def threats(self, obs: Observation) -> list[int]:
        riichi = obs.extra.riichi
        return [s for s in self.seats if s != obs.seat and riichi[s]]

    def danger(self, obs: Observation, tile: Tile) -> float:
        """Per threat: 0 for a tile it discarded (genbutsu); honours by how many copies are
        seen; suji of its discards halve a number's danger; terminals less than middles.
        A number no run of the tile set can hold (1m and 9m with three players, where
        2m-8m are out) waits only as a pair or a triplet, as an honour does: it is rated
        as one (its suji, 4m or 6m, do not exist)."""
        k = tile.kind
        seen = sum(1 for pile in obs.discards for t in pile if t.kind == k)
        seen += sum(1 for t in obs.hand if t.kind == k)
        total = 0.0
        runless = k >= HONOR or k in self.runless
        for s in self.threats(obs):
            thrown = {t.kind for t in obs.discards[s]}
            if k in thrown:
                continue
            if runless:
                total += max(0.0, 3 - seen) * 0.5
                continue
            n = k % 9
            risk = 1.0 if n in (0, 8) else 1.5 if n in (1, 7) else 2.0
            low, high = k - 3, k + 3
            suji = (n < 3 or low in thrown) and (n > 5 or high in thrown)
            total += risk * (0.5 if suji else 1.0)
        return total
