"""The advice every ruleset gets unless it names its own: what a seat's hand needs and
which discard, call or declaration a bot should take, drawn from the legal actions, the
ruleset's :attr:`~sparrows.engine.protocol.Ruleset.form` and its rule facts
(``dora_kinds``, ``dead_kinds``, ``kinds_in_play``), never from its name.

One :class:`Advice` serves the bots (:mod:`sparrows.agents`), the page's hint box
(:mod:`sparrows.server.advice`), the terminal table and ``sparrows review``. A ruleset
chooses its class by :attr:`~sparrows.engine.protocol.Ruleset.advice_class`;
:func:`sparrows.advice.advice_for` makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .._mypyc import mypyc_attr
from ..analysis import Form, form_shanten, improvers, waits
from ..engine.actions import Action, ActionType
from ..tiles import Tile

if TYPE_CHECKING:
    from ..engine.observation import Observation
    from ..engine.protocol import Ruleset


@dataclass(frozen=True)
class DiscardHint:
    """One legal discard (or riichi discard) with the shanten after it, the unseen tiles
    that then help (``ukeire``) and their kinds (``tiles``), and its rank key."""

    action: Action
    shanten: int
    ukeire: int
    tiles: tuple[int, ...]
    key: tuple[int, ...]


@dataclass(frozen=True)
class Weight:
    """A discard weighed: the points the hand is likely worth if it wins (0: an open
    hand with no yaku in reach), its chance to win, the points the tile may cost by
    dealing in now and later (0 with no threat), and ``worth`` = value x chance - loss."""

    value: int
    chance: float
    loss: float
    worth: float


@dataclass(frozen=True)
class Plan:
    """The value plan a hand plays for, as the advice (and the ``balanced`` bot) plays it:
    the scoring item it aims at (its id in the ruleset's scoring, e.g. Hong Kong's
    ``mixed_one_suit``, and its English name), that item's faan, the suit it keeps
    (0 characters, 1 dots, 2 bamboo) and the kinds it throws first."""

    item: str
    name: str
    faan: int
    suit: int
    throw: frozenset[int]


@dataclass(frozen=True)
class Hint:
    """What a seat's hand needs, from what the seat can see and what it may do now:
    shanten (0 ready, -1 complete; tiles that can be part of no win, such as a Sichuan
    void suit, counted as dead), the waits of a ready hand, the unseen tiles that improve
    it (``ukeire``: kind -> copies not seen), furiten; on a turn each *legal* discard
    ranked best first (``discards``), and where the advice weighs them (riichi) each
    one's :class:`Weight` in the same order (``weights``) and the discard with the most
    expected points, the one the ``balanced`` bot throws (``pick``; Hong Kong: the discard
    its value ``plan`` throws, with the plan); in a window of choices (an exchange, a void)
    the advice's :meth:`Advice.suggest` (``suggestion``) and each choice with the shanten
    it leaves (``choices``); offered a call on a discard (no win), the bots' answer
    (``suggestion``: :meth:`Advice.claim`'s call, or pass)."""

    shanten: int
    waits: tuple[int, ...]
    ukeire: dict[int, int]
    furiten: bool
    discards: tuple[DiscardHint, ...] = ()
    suggestion: Action | None = None
    choices: tuple[tuple[Action, int], ...] = ()
    weights: tuple[Weight, ...] = ()
    pick: Action | None = None
    plan: Plan | None = None


_DISCARD_TYPES: Final = frozenset(
    {ActionType.DISCARD, ActionType.RIICHI, ActionType.OPEN_RIICHI, ActionType.TAKO_RIICHI}
)


#: calls on a discard
CLAIMS: Final = frozenset({ActionType.CHI, ActionType.PON, ActionType.KAN})
_WINS: Final = frozenset({ActionType.RON, ActionType.TSUMO})


def best_after_discard(counts: list[int], form: Form, melds: int, dead: int = 0) -> int:
    """The fewest shanten ``counts`` reaches by discarding one of its tiles."""
    best = 99
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            best = min(best, form_shanten(counts, form, melds, dead))
            counts[k] += 1
    return best


def discarded_a_wait(obs: Observation, waits: Sequence[int]) -> bool:
    """The common furiten: one of the waits is among the seat's own discards."""
    thrown = {t.kind for t in obs.discards[obs.seat]}
    return any(k in thrown for k in waits)


@mypyc_attr(allow_interpreted_subclasses=True)
class Advice:
    """A ruleset's advice (speed only: every hook here has the plain answer; a ruleset's
    own class overrides the ones its rules give more to)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        tileset = rules.tileset
        #: copies of each kind in the tile set
        self.copies: tuple[int, ...] = tuple(tileset.kind_copies(k) for k in range(34))

    # ------------------------------------------------------------------ what is known
    def unseen(self, obs: Observation) -> list[int]:
        """34 counts: the copies of each kind ``obs``'s seat cannot see (not in its hand,
        nor in :meth:`Observation.seen`)."""
        seen = obs.seen()
        for t in obs.hand:
            if t.kind < 34:
                seen[t.kind] += 1
        return [max(0, c - s) for c, s in zip(self.copies, seen, strict=True)]

    def shape(self, obs: Observation, without: Sequence[Tile] = ()) -> tuple[list[int], int, int]:
        """``obs``'s concealed hand (less ``without``) for shape analysis: 34 counts of
        the tiles a win can use, the called melds, and the dead tiles held (the ruleset's
        ``dead_kinds`` and bonus tiles)."""
        dead = self.rules.dead_kinds(obs)
        counts = [0] * 34
        spare = 0
        for t in obs.hand:
            if t.kind >= 34 or t.kind in dead:
                spare += 1
            else:
                counts[t.kind] += 1
        for t in without:
            if t.kind >= 34 or t.kind in dead:
                spare -= 1
            else:
                counts[t.kind] -= 1
        melds = len(obs.melds[obs.seat]) if obs.melds else 0
        return counts, melds, spare

    def furiten(self, obs: Observation, waits: Sequence[int]) -> bool:
        """Whether ``obs``'s seat, ready on these waits, may not win on a discard now, as
        the hint box says it (no such rule by default; :func:`discarded_a_wait` is the
        common one)."""
        return False

    # ------------------------------------------------------------------ what to keep
    def keep_value(self, tile: Tile, indicators: Sequence[Tile]) -> int:
        """How much a tile is worth keeping beyond shape: bots break ties between equally
        fast discards with it. By default a red tile 1, and 1 per indicator making its
        kind a dora (the ruleset's ``dora_kinds``)."""
        dora_kinds = self.rules.dora_kinds
        return int(tile.red) + sum(1 for t in indicators if tile.kind in dora_kinds((t,)))

    def plan(self, obs: Observation) -> Plan | None:
        """The value plan ``obs``'s hand plays for, as the ``balanced`` bot plays it (Hong
        Kong: one suit); None when it plays for speed alone (the default)."""
        return None

    def plan_discards(self, obs: Observation) -> frozenset[int]:
        """Kinds a bot should discard first for the hand's value (Hong Kong: the other
        suits when one suit can give the minimum faan), even at a cost in speed; empty
        when speed alone is the plan (the default)."""
        return frozenset()

    # ------------------------------------------------------------------ what to take
    def worth_declaring(self, obs: Observation, action: Action) -> bool:
        """Whether a bot should take an offered declaration: a win (False for one that
        would be penalised, where the ruleset offers those), an abort, a riichi."""
        return True

    def call_worth(self, obs: Observation, action: Action) -> bool:
        """Whether a bot should make an offered call (chi, pon, kongs); none by default."""
        return False

    def claim(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """The call the ``balanced`` bot makes on a discard (a chi, pon or kong among
        ``legal``), or None to let the tile go; the hint box shows it. By default, where
        the ruleset gives no advice on calls (any complete hand wins: Sichuan, classical),
        the call that makes the hand fastest (a kong: no slower, its replacement draw
        follows); where it does (:meth:`call_worth`), the first call worth making. None
        while a win is offered."""
        if obs.last_discard is None or any(a.type in _WINS for a in legal):
            return None
        if type(self).call_worth is not Advice.call_worth:
            return next((a for a in legal if a.type in CLAIMS and self.call_worth(obs, a)), None)
        form = self.rules.form
        counts, melds, dead = self.shape(obs)
        before = form_shanten(counts, form, melds, dead)
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.type not in CLAIMS:
                continue
            counts, _, dead = self.shape(obs, action.tiles)
            if action.type is ActionType.KAN:
                after = form_shanten(counts, form, melds + 1, dead)
                good = after <= before
            else:
                after = best_after_discard(counts, form, melds + 1, dead)
                good = after < before
            if good and (best is None or after < best[0]):
                best = (after, action)
        return best[1] if best is not None else None

    def suggest(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """Advice for decisions bots have no general rule for (Sichuan's exchange and
        void choice); None: no advice."""
        return None

    def choice_shanten(self, obs: Observation, action: Action) -> int | None:
        """The shanten a choice of a window leaves (an exchange: the hand without the
        tiles given; a void: the hand with that suit dead), or None when the ruleset has
        no such measure for it."""
        return None

    # ------------------------------------------------------------------ defence
    def threats(self, obs: Observation) -> list[int]:
        """Seats a bot should defend against (riichi players); none by default."""
        return []

    def danger(self, obs: Observation, tile: Tile) -> float:
        """How likely discarding ``tile`` deals into the threats (0 safe)."""
        return 0.0

    def weights(
        self, obs: Observation, ranked: Sequence[DiscardHint]
    ) -> tuple[tuple[Weight, ...], Action | None]:
        """Each of ``ranked``'s discards weighed by expected points, in its order, and the
        discard that weighing picks; none where the advice has no measure of value and
        danger (the default)."""
        return (), None

    # ------------------------------------------------------------------ the ranking
    def rank_discards(
        self, obs: Observation, actions: Sequence[Action], complete: bool = False
    ) -> list[DiscardHint]:
        """``actions`` (legal discards and riichi discards) best first: fewest shanten
        after, then most unseen tiles that help, then the tile's :meth:`keep_value`, then
        tile order. Ukeire is counted only for the discards reaching the fewest shanten
        unless ``complete`` (the others rank after them anyway). The one ranking the
        efficiency bot and the hints share."""
        rules = self.rules
        form, kinds = rules.form, rules.kinds_in_play
        unseen = self.unseen(obs)
        dead_kinds = rules.dead_kinds(obs)
        counts, melds, dead = self.shape(obs)
        faces: dict[int, Tile] = {}
        for a in actions:
            faces.setdefault(a.tiles[0].code, a.tiles[0])
        # shanten after each discard first (one lookup each); ukeire only for the
        # discards that reach the fewest shanten unless asked for all
        after: dict[int, tuple[int, int, int]] = {}  # code -> shanten, kind taken, dead
        for code, face in faces.items():
            k = face.kind
            if k >= 34 or k in dead_kinds:
                after[code] = (form_shanten(counts, form, melds, dead - 1), -1, dead - 1)
            else:
                counts[k] -= 1
                after[code] = (form_shanten(counts, form, melds, dead), k, dead)
                counts[k] += 1
        fewest = min((v[0] for v in after.values()), default=0)
        found: dict[int, tuple[int, tuple[int, ...]]] = {}
        for code, (value, k, left) in after.items():
            if value > fewest and not complete:
                found[code] = (value, ())
                continue
            if k >= 0:
                counts[k] -= 1
            shanten, better = improvers(counts, form, kinds, melds, dead=left)
            if k >= 0:
                counts[k] += 1
            found[code] = (shanten, tuple(b for b in better if unseen[b]))
        indicators = obs.indicators
        out = []
        for a in actions:
            tile = a.tiles[0]
            shanten, helps = found[tile.code]
            total = sum(unseen[b] for b in helps)
            live = 0 if after[tile.code][1] < 0 else 1
            key = (shanten, -total, live, self.keep_value(tile, indicators), tile.code)
            out.append(DiscardHint(a, shanten, total, helps, key))
        out.sort(key=lambda d: d.key)
        return out

    def hint(self, obs: Observation) -> Hint:
        """Shanten, waits, ukeire and furiten of ``obs``'s hand, counting as unseen only
        the tiles the seat cannot see (its hand, every discard and indicator are seen);
        on a turn every legal discard ranked (:meth:`rank_discards`), in a window of
        choices :meth:`suggest` and each choice's shanten."""
        rules = self.rules
        form, kinds = rules.form, rules.kinds_in_play
        left = self.unseen(obs)
        legal = obs.legal
        discards = [a for a in legal if a.tiles and a.type in _DISCARD_TYPES]
        counts, melds, dead = self.shape(obs)
        if discards:
            ranked = tuple(self.rank_discards(obs, discards, complete=True))
            weights, pick = self.weights(obs, ranked)
            shanten = form_shanten(counts, form, melds, dead)
            plan = self.plan(obs)
            return Hint(shanten, (), {}, False, ranked, weights=weights, pick=pick, plan=plan)
        if sum(counts) + dead + 3 * melds >= form.size:
            # the extra tile is held but no discard is offered (a window after a draw)
            return Hint(form_shanten(counts, form, melds, dead), (), {}, False)
        value, better = improvers(counts, form, kinds, melds, dead=dead)
        ready = tuple(waits(counts, form, melds, kinds)) if value == 0 and not dead else ()
        ukeire = {k: left[k] for k in better if left[k]}
        furiten = bool(ready) and self.furiten(obs, ready)
        choices = tuple((a, v) for a in legal if (v := self.choice_shanten(obs, a)) is not None)
        suggestion = self.suggest(obs, legal) if choices else None
        if suggestion is None and any(a.type in CLAIMS for a in legal):
            # a call on a discard: the bots' answer (no win offered: the line says that)
            passes = [a for a in legal if a.type is ActionType.PASS]
            if not any(a.type in _WINS for a in legal):
                suggestion = self.claim(obs, legal) or (passes[0] if passes else None)
        return Hint(value, ready, ukeire, furiten, (), suggestion, choices)
