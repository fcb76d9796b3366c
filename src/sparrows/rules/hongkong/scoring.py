"""Hong Kong scoring: the faan of a winning hand as an itemised breakdown, and payments.

The values are data (:mod:`.options`); this module holds one small function per rule
family. A hand is read every way :func:`~sparrows.analysis.decompose` finds, with the
winning tile placed in each block that can hold it (a pung completed by a discard is
exposed), and the reading worth most is taken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ...analysis import Form, HandShape, decompose
from ...reasons import Reason
from ...tiles import MeldType, Tile, format_tiles
from ...tiles.kinds import FLOWER, HONOR, SEASON
from ..chinese import WinFacts, facts_from_text, placements
from .options import BONUS_ITEMS, FAAN, LIMITS, PAYMENT_TABLES, WIN_CONDITIONS, HongKongOptions

WINDS: Final = range(HONOR, HONOR + 4)
DRAGONS: Final = range(HONOR + 4, HONOR + 7)
TERMINALS: Final = frozenset(k for s in (0, 9, 18) for k in (s, s + 8))


@dataclass(frozen=True, slots=True)
class HKSet:
    """A set of the final hand: a run (``kind`` its lowest) or a pung/kong."""

    run: bool
    kind: int
    concealed: bool
    kong: bool = False


@dataclass(frozen=True)
class HKScore:
    """A scored hand. ``items`` are (name, faan) pairs, one per pung for per-pung items."""

    valid: bool
    faan: int  # after the cap
    items: tuple[tuple[str, int], ...] = ()
    limit_hand: str | None = None
    capped: bool = False
    reason: str | None = None
    reading: str = ""
    counted: int = 0  # faan counted toward the minimum (before the cap)
    complete: bool = field(default=True)

    def breakdown(self) -> list[tuple[str, int]]:
        """(description, faan) per item, for display."""
        out = []
        for name, value in self.items:
            text = (LIMITS.get(name) or FAAN[name])[1]
            out.append((text, value))
        return out


def form_for(options: HongKongOptions) -> Form:
    return Form(seven_pairs=options.seven_pairs, thirteen_orphans=True)


def _suits(kinds: Sequence[int]) -> set[int]:
    return {k // 9 for k in kinds if k < HONOR}


def _bonus_items(bonus: Sequence[int], seat: int) -> list[tuple[str, int]]:
    held = set(bonus)
    if not held:
        return [("no_flowers", FAAN["no_flowers"][0])]
    out = []
    for first, own, every in (
        (FLOWER, "own_flower", "all_flowers"),
        (SEASON, "own_season", "all_seasons"),
    ):
        if all(first + i in held for i in range(4)):
            out.append((every, FAAN[every][0]))
        elif first + seat in held:
            out.append((own, FAAN[own][0]))
    return out


def _condition_items(sit: WinFacts) -> list[tuple[str, int]]:
    out = []
    if sit.tsumo:
        out.append(("self_drawn", FAAN["self_drawn"][0]))
    if sit.last_tile:
        out.append(("last_tile", FAAN["last_tile"][0]))
    if sit.kong_bloom:
        out.append(("kong_bloom", FAAN["kong_bloom"][0]))
    if sit.robbing:
        out.append(("robbing_kong", FAAN["robbing_kong"][0]))
    return out


def _suit_items(kinds: Sequence[int]) -> list[tuple[str, int]]:
    suits = _suits(kinds)
    honours = any(k >= HONOR for k in kinds)
    out = []
    if len(suits) == 1:
        name = "mixed_one_suit" if honours else "pure_suit"
        out.append((name, FAAN[name][0]))
    if (
        honours
        and all(k >= HONOR or k in TERMINALS for k in kinds)
        and any(k in TERMINALS for k in kinds)
    ):
        out.append(("mixed_orphans", FAAN["mixed_orphans"][0]))
    return out


def _pattern_items(sets: Sequence[HKSet], pair: int, sit: WinFacts) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    pungs = [s.kind for s in sets if not s.run]
    runs = len(sets) - len(pungs)
    seat_wind, round_wind = HONOR + sit.seat, HONOR + sit.round
    if runs == 4 and pair not in DRAGONS and pair not in (seat_wind, round_wind):
        out.append(("common_hand", FAAN["common_hand"][0]))
    if not runs:
        out.append(("all_triplets", FAAN["all_triplets"][0]))
    dragons = sum(1 for k in pungs if k in DRAGONS)
    winds = sum(1 for k in pungs if k in WINDS)
    if dragons == 3:
        out.append(("great_dragons", FAAN["great_dragons"][0]))
    elif dragons == 2 and pair in DRAGONS:
        out.append(("small_dragons", FAAN["small_dragons"][0]))
    if winds == 3 and pair in WINDS:
        out.append(("small_winds", FAAN["small_winds"][0]))
    out += [("dragon_pung", FAAN["dragon_pung"][0])] * dragons
    if seat_wind in pungs:
        out.append(("seat_wind", FAAN["seat_wind"][0]))
    if round_wind in pungs:
        out.append(("round_wind", FAAN["round_wind"][0]))
    return out


def _limits(
    sit: WinFacts, kinds: Sequence[int], sets: Sequence[HKSet] | None, shape: HandShape
) -> list[str]:
    found = []
    if shape is HandShape.THIRTEEN_ORPHANS:
        found.append("thirteen_orphans")
    if all(k >= HONOR for k in kinds):
        found.append("all_honours")
    if all(k in TERMINALS for k in kinds):
        found.append("all_terminals")
    if not sit.melds and len(_suits(kinds)) == 1 and all(k < HONOR for k in kinds):
        c = Counter(k % 9 for k in kinds)
        if c[0] >= 3 and c[8] >= 3 and all(c[i] >= 1 for i in range(1, 8)):
            found.append("nine_gates")
    if sets is not None:
        pungs = [s for s in sets if not s.run]
        if len(pungs) == 4 and all(s.concealed for s in pungs):
            found.append("four_concealed_pungs")
        if sum(1 for s in pungs if s.kind in WINDS) == 4:
            found.append("great_four_winds")
        if sum(1 for s in pungs if s.kong) == 4:
            found.append("all_kongs")
    if sit.heavenly:
        found.append("heavenly_hand")
    if sit.earthly:
        found.append("earthly_hand")
    return found


def _finish(
    items: list[tuple[str, int]],
    limit: str | None,
    options: HongKongOptions,
    reading: str,
) -> HKScore:
    total = sum(v for _, v in items)
    counted = total
    if limit is None and not options.flowers_count_to_minimum:
        counted = sum(v for n, v in items if n not in BONUS_ITEMS)
    faan = min(total, options.limit_faan)
    valid = limit is not None or counted >= options.min_faan
    reason = None
    if not valid:
        key = "below_faan" if options.flowers_count_to_minimum else "below_faan_no_bonus"
        reason = Reason(key, faan=counted, need=options.min_faan)
    return HKScore(valid, faan, tuple(items), limit, total > faan, reason, reading, counted)


def _set_text(s: HKSet) -> str:
    kinds = [s.kind, s.kind + 1, s.kind + 2] if s.run else [s.kind] * (4 if s.kong else 3)
    body = format_tiles([Tile(k) for k in kinds])
    return body if s.concealed else f"[{body}]"


def score(sit: WinFacts, options: HongKongOptions | None = None) -> HKScore:
    """The best score of a hand (see the module docs)."""
    options = options or HongKongOptions()
    if len(set(sit.bonus)) == 8:  # wins at once at its faan, paid as a self-draw
        items = [("all_eight_bonus", LIMITS["all_eight_bonus"][0])]
        return _finish(items, "all_eight_bonus", options, "all eight bonus tiles")
    counts = [0] * 34
    for k in sit.concealed:
        counts[k] += 1
    meld_sets = []
    meld_kinds: list[int] = []
    for mtype, mk in sit.melds:
        meld_kinds += mk
        run = mtype is MeldType.CHI
        kong = mtype in (MeldType.OPEN_KAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)
        meld_sets.append(HKSet(run, min(mk), mtype is MeldType.CLOSED_KAN, kong))
    kinds = list(sit.concealed) + meld_kinds
    concealed_hand = all(m[0] is MeldType.CLOSED_KAN for m in sit.melds)
    best: HKScore | None = None
    for d in decompose(counts, form_for(options)):
        candidates: list[tuple[list[HKSet] | None, int]] = []
        if d.shape is HandShape.STANDARD:
            pair = d.pair
            assert pair is not None
            for _, way in placements(list(d.sets), pair, sit):
                placed = list(meld_sets)
                placed += [HKSet(run, k, concealed) for run, k, concealed in way]
                candidates.append((placed, pair))
        else:
            candidates.append((None, -1))
        for sets, pair in candidates:
            found: list[HKScore] = []
            # the reading with the exposed melds, limited hand or not
            reading = (
                str(d)
                if sets is None
                else " ".join(_set_text(s) for s in sets) + " " + format_tiles([Tile(pair)] * 2)
            )
            limits = _limits(sit, kinds, sets, d.shape)
            if limits:
                top = max(limits, key=lambda n: LIMITS[n][0])
                items = [(top, LIMITS[top][0])]
                items += [i for i in _condition_items(sit) if i[0] in WIN_CONDITIONS]
                found.append(_finish(items, top, options, reading))
            if d.shape is not HandShape.THIRTEEN_ORPHANS:  # the ordinary faan, too: the
                items = []  # reading worth most counts, limited or not
                if d.shape is HandShape.SEVEN_PAIRS:
                    items.append(("seven_pairs", FAAN["seven_pairs"][0]))
                else:
                    assert sets is not None
                    items += _pattern_items(sets, pair, sit)
                items += _suit_items(kinds)
                if not items:
                    items.append(("chicken", FAAN["chicken"][0]))
                if concealed_hand:
                    items.append(("concealed", FAAN["concealed"][0]))
                items += _condition_items(sit)
                items += _bonus_items(sit.bonus, sit.seat)
                found.append(_finish(items, None, options, reading))
            for got in found:
                if best is None or _rank(got) > _rank(best):
                    best = got
    if best is None:
        return HKScore(
            False,
            0,
            reason="the tiles are not a complete hand "
            "(four sets and a pair, seven pairs or thirteen orphans)",
            complete=False,
        )
    return best


def _rank(s: HKScore) -> tuple[int, bool, int, int]:
    """The reading worth most: the faan paid (after the cap), then a limited hand."""
    return (s.faan, s.limit_hand is not None, sum(v for _, v in s.items), s.counted)


# --------------------------------------------------------------------------- payments
def shares(faan: int, options: HongKongOptions | None = None) -> int:
    """One share of a win worth ``faan`` (capped at 13) in the options' table."""
    options = options or HongKongOptions()
    table = PAYMENT_TABLES[options.spicy]
    return table[max(0, min(faan, len(table) - 1))]


def payments(
    faan: int,
    winner: int,
    discarder: int | None,
    dealer: int,
    options: HongKongOptions | None = None,
    players: int = 4,
) -> list[int]:
    """Per-seat deltas of a win: self-draw (``discarder`` None) 2 shares from each other
    player; on a discard, half gun: 2 from the discarder and 1 from each other, full gun:
    4 from the discarder alone. With ``dealer_double`` a payment to or from the dealer
    doubles."""
    options = options or HongKongOptions()
    share = shares(faan, options)
    deltas = [0] * players
    for p in range(players):
        if p == winner:
            continue
        if discarder is None:
            amount = 2 * share
        elif options.gun == "full":
            amount = 4 * share if p == discarder else 0
        else:
            amount = 2 * share if p == discarder else share
        if options.dealer_double and dealer in (p, winner):
            amount *= 2
        deltas[p] -= amount
        deltas[winner] += amount
    return deltas


# --------------------------------------------------------------------------- text input
def score_text(
    text: str, win: str, options: HongKongOptions | None = None, **facts: Any
) -> HKScore:
    """Score a hand written in the tile notation (the winning tile included); the
    other keywords are those of :func:`sparrows.rules.chinese.facts_from_text` (tsumo,
    seat, round, flowers, last_tile, kong_bloom, robbing, heavenly, earthly)."""
    return score(facts_from_text(text, win, **facts), options)
