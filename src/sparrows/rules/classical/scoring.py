"""Classical Chinese scoring: points x 2^doubles, capped at the limit, for the winner and
for every loser; and the settlement (the winner paid by each loser, losers paying one
another the difference, East paying and receiving double). Values are data
(:mod:`.options`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...analysis import BlockType, Form, HandShape, decompose, waits
from ...errors import SparrowsError
from ...tiles import MeldType, Tile, format_tiles, parse_hand, parse_tiles
from ...tiles.kinds import FLOWER, HONOR, SEASON
from ..chinese import WinFacts, facts_from_text
from .options import DOUBLES, LIMIT_HANDS, MELD_POINTS, POINTS, ClassicalOptions

WINDS = range(HONOR, HONOR + 4)
DRAGONS = range(HONOR + 4, HONOR + 7)
TERMINALS = frozenset(k for s in (0, 9, 18) for k in (s, s + 8))

Item = tuple[str, str, int]  # name, "points" | "doubles" | "limit", value


@dataclass(frozen=True)
class ClassicalScore:
    valid: bool
    points: int
    doubles: int
    score: int
    items: tuple[Item, ...] = ()
    limit_hand: str | None = None
    reason: str | None = None
    reading: str = ""

    def breakdown(self) -> list[tuple[str, int]]:
        """(description, value) per item, for display."""
        out = []
        for name, kind, value in self.items:
            if kind == "limit":
                text = LIMIT_HANDS[name]
            elif kind == "doubles":
                text = DOUBLES[name][1] + " (double)"
            else:
                text = (POINTS.get(name) or MELD_POINTS[name][::2])[-1]
            out.append((text, value))
        return out


def _major(k: int) -> bool:
    return k >= HONOR or k in TERMINALS


def _meld_item(kind: str, k: int) -> Item:
    simple, major, _ = MELD_POINTS[kind]
    return (kind, "points", major if _major(k) else simple)


def _d(name: str) -> Item:
    return (name, "doubles", DOUBLES[name][0])


def _p(name: str) -> Item:
    return (name, "points", POINTS[name][0])


def _bonus_items(bonus: Sequence[int], seat: int) -> list[Item]:
    held = set(bonus)
    out = [_p("bonus_tile") for _ in bonus]
    for first, own, every in (
        (FLOWER, "own_flower", "all_flowers"),
        (SEASON, "own_season", "all_seasons"),
    ):
        if first + seat in held:
            out.append(_d(own))
        if all(first + i in held for i in range(4)):
            out.append(_d(every))
    return out


def _pung_items(sets: Sequence[tuple[bool, int, bool, bool]], seat: int, round: int) -> list[Item]:
    """Points and doubles of pungs/kongs: sets as (run, kind, concealed, kong)."""
    out: list[Item] = []
    for run, k, concealed, kong in sets:
        if run:
            continue
        name = ("concealed_" if concealed else "exposed_") + ("kong" if kong else "pung")
        out.append(_meld_item(name, k))
        if k in DRAGONS:
            out.append(_d("dragon_pung"))
        if k == HONOR + seat:
            out.append(_d("seat_wind_pung"))
        if k == HONOR + round:
            out.append(_d("round_wind_pung"))
    if sum(1 for run, _, concealed, _ in sets if not run and concealed) >= 3:
        out.append(_d("three_concealed_pungs"))
    return out


def _pair_items(k: int, seat: int, round: int) -> list[Item]:
    out = []
    if k in DRAGONS:
        out.append(_p("dragon_pair"))
    if k == HONOR + seat:
        out.append(_p("seat_wind_pair"))
    if k == HONOR + round:
        out.append(_p("round_wind_pair"))
    return out


def _total(
    items: list[Item], options: ClassicalOptions, limit_hand: str | None
) -> tuple[int, int, int]:
    if limit_hand is not None:
        return 0, 0, options.limit
    points = sum(v for _, kind, v in items if kind == "points")
    doubles = sum(v for _, kind, v in items if kind == "doubles")
    value = points * 2**doubles
    return points, doubles, min(value, options.limit) if options.limit else value


def _meld_sets(facts: WinFacts) -> list[tuple[bool, int, bool, bool]]:
    out = []
    for mtype, kinds in facts.melds:
        kong = mtype in (MeldType.OPEN_KAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)
        out.append((mtype is MeldType.CHI, min(kinds), mtype is MeldType.CLOSED_KAN, kong))
    return out


def _only_tile(facts: WinFacts, form: Form) -> bool:
    counts = [0] * 34
    for k in facts.concealed:
        counts[k] += 1
    counts[facts.win] -= 1
    held = Counter(facts.concealed) + Counter(k for _, ks in facts.melds for k in ks)
    held[facts.win] -= 1  # the 13 tiles before the win; a kind all four of which are
    # held (melds included) is no wait
    return len([k for k in waits(counts, form) if held[k] < 4]) == 1


def _limit_of(
    facts: WinFacts,
    kinds: Sequence[int],
    sets: list[tuple[bool, int, bool, bool]] | None,
    shape: HandShape,
) -> str | None:
    exposed = any(m[0] is not MeldType.CLOSED_KAN for m in facts.melds)
    suits = {k // 9 for k in kinds if k < HONOR}
    honours = any(k >= HONOR for k in kinds)
    if shape is HandShape.THIRTEEN_ORPHANS:
        return "thirteen_orphans"
    if facts.heavenly:
        return "heavenly_hand"
    if facts.earthly:
        return "earthly_hand"
    if all(k >= HONOR for k in kinds):
        return "all_honours"
    if all(k in TERMINALS for k in kinds):
        return "all_terminals"
    if not facts.melds and len(suits) == 1 and not honours:
        c = Counter(k % 9 for k in kinds)
        if c[0] >= 3 and c[8] >= 3 and all(c[i] >= 1 for i in range(1, 8)):
            return "nine_gates"
    if sets is not None:
        pungs = [s for s in sets if not s[0]]
        if sum(1 for s in pungs if s[3]) == 4:
            return "four_kongs"
        if len(pungs) == 4 and all(s[2] for s in pungs):
            return "hidden_treasure"
    if not exposed and len(suits) == 1 and not honours:
        return "concealed_one_suit"
    return None


def score_winner(facts: WinFacts, options: ClassicalOptions | None = None) -> ClassicalScore:
    """The winner's best score."""
    options = options or ClassicalOptions()
    form = Form(seven_pairs=options.seven_pairs, thirteen_orphans=True)
    counts = [0] * 34
    for k in facts.concealed:
        counts[k] += 1
    meld_kinds = [k for _, ks in facts.melds for k in ks]
    kinds = list(facts.concealed) + meld_kinds
    fully_concealed = all(m[0] is MeldType.CLOSED_KAN for m in facts.melds)
    only = None
    best: ClassicalScore | None = None
    for d in decompose(counts, form):
        candidates: list[tuple[list[Item], str | None, str]]
        if d.shape is HandShape.SEVEN_PAIRS:
            limit = _limit_of(facts, kinds, None, d.shape)
            items = (
                []
                if limit
                else [_p("mah_jongg"), _d("seven_pairs"), *_bonus_items(facts.bonus, facts.seat)]
            )
            candidates = [(items, limit, str(d))]
        elif d.shape is HandShape.THIRTEEN_ORPHANS:
            candidates = [([], "thirteen_orphans", str(d))]
        else:
            pair = d.pair
            assert pair is not None
            blocks = list(d.sets)
            choices = [
                i
                for i, (t, k) in enumerate(blocks)
                if k <= facts.win <= k + 2 and (t is BlockType.RUN or k == facts.win)
            ]
            if pair == facts.win:
                choices.append(-1)
            candidates = []
            for choice in choices or [-1]:
                sets = _meld_sets(facts)
                for i, (t, k) in enumerate(blocks):
                    exposed = i == choice and t is BlockType.TRIPLET and not facts.tsumo
                    sets.append((t is BlockType.RUN, k, not exposed, False))
                limit = _limit_of(facts, kinds, sets, d.shape)
                if limit:
                    candidates.append(([], limit, str(d)))
                    continue
                if only is None:
                    only = _only_tile(facts, form)
                items = [_p("mah_jongg")]
                items += _pung_items(sets, facts.seat, facts.round)
                items += _pair_items(pair, facts.seat, facts.round)
                if choice == -1 and pair == facts.win:
                    items.append(_p("pair_wait"))
                if only:
                    items.append(_p("only_tile"))
                if facts.tsumo:
                    items.append(_p("self_drawn"))
                items += _bonus_items(facts.bonus, facts.seat)
                items += _winner_doubles(facts, kinds, sets, pair, fully_concealed)
                text = " ".join(_set_text(s) for s in sets) + " " + format_tiles([Tile(pair)] * 2)
                candidates.append((items, None, text))
        for items, limit, text in candidates:
            if limit:
                items = [(limit, "limit", options.limit)]
            points, doubles, value = _total(items, options, limit)
            got = ClassicalScore(True, points, doubles, value, tuple(items), limit, None, text)
            if best is None or (got.score, got.points) > (best.score, best.points):
                best = got
    if best is None:
        return ClassicalScore(
            False, 0, 0, 0, reason="the tiles are not a complete hand (four sets and a pair)"
        )
    return best


def _winner_doubles(
    facts: WinFacts,
    kinds: Sequence[int],
    sets: list[tuple[bool, int, bool, bool]],
    pair: int,
    fully_concealed: bool,
) -> list[Item]:
    out: list[Item] = []
    if not any(s[0] for s in sets):
        out.append(_d("no_chow"))
    if fully_concealed:
        out.append(_d("fully_concealed"))
    suits = {k // 9 for k in kinds if k < HONOR}
    honours = any(k >= HONOR for k in kinds)
    if len(suits) == 1:
        out.append(_d("mixed_one_suit" if honours else "pure_one_suit"))
    if honours and all(_major(k) for k in kinds) and any(k in TERMINALS for k in kinds):
        out.append(_d("terminals_and_honours"))
    if facts.last_tile:
        out.append(_d("last_tile"))
    if facts.kong_bloom:
        out.append(_d("kong_replacement"))
    if facts.robbing:
        out.append(_d("robbing_kong"))
    pungs = [s[1] for s in sets if not s[0]]
    dragons = sum(1 for k in pungs if k in DRAGONS)
    winds = sum(1 for k in pungs if k in WINDS)
    if dragons == 3:
        out.append(_d("big_three_dragons"))
    elif dragons == 2 and pair in DRAGONS:
        out.append(_d("little_three_dragons"))
    if winds == 4:
        out.append(_d("big_four_winds"))
    elif winds == 3 and pair in WINDS:
        out.append(_d("little_four_winds"))
    return out


def _set_text(s: tuple[bool, int, bool, bool]) -> str:
    run, k, concealed, kong = s
    kinds = [k, k + 1, k + 2] if run else [k] * (4 if kong else 3)
    body = format_tiles([Tile(x) for x in kinds])
    return body if concealed else f"[{body}]"


def score_loser(
    concealed: Sequence[int],
    melds: Sequence[tuple[MeldType, tuple[int, ...]]],
    bonus: Sequence[int],
    seat: int,
    round: int,
    options: ClassicalOptions | None = None,
) -> ClassicalScore:
    """A loser's score: its melds, concealed pungs, scoring pairs and bonus tiles, with
    their doubles."""
    options = options or ClassicalOptions()
    facts = WinFacts(tuple(concealed), tuple(melds), tuple(bonus), 0, False, seat, round)
    sets = _meld_sets(facts)
    held = Counter(concealed)
    sets += [(False, k, True, False) for k, n in sorted(held.items()) if n >= 3]
    items = _pung_items(sets, seat, round)
    for k, n in sorted(held.items()):
        if n == 2:
            items += _pair_items(k, seat, round)
    items += _bonus_items(bonus, seat)
    points, doubles, value = _total(items, options, None)
    return ClassicalScore(True, points, doubles, value, tuple(items))


def settle(
    scores: Sequence[int], winner: int | None, east: int, options: ClassicalOptions | None = None
) -> list[int]:
    """Per-seat changes: each loser pays the winner its score; the losers pay one another
    the difference of their scores; every payment to or from East is doubled."""
    n = len(scores)
    deltas = [0] * n
    if winner is None:
        return deltas

    def pay(src: int, dst: int, amount: int) -> None:
        if src == east or dst == east:
            amount *= 2
        deltas[src] -= amount
        deltas[dst] += amount

    losers = [s for s in range(n) if s != winner]
    for s in losers:
        pay(s, winner, scores[winner])
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            if scores[a] > scores[b]:
                pay(b, a, scores[a] - scores[b])
            elif scores[b] > scores[a]:
                pay(a, b, scores[b] - scores[a])
    return deltas


# --------------------------------------------------------------------------- text input
def score_text(
    text: str, win: str, options: ClassicalOptions | None = None, **facts: Any
) -> ClassicalScore:
    """Score a winning hand written in the README's notation (the winning tile included);
    the other keywords are those of :func:`sparrows.rules.chinese.facts_from_text`."""
    return score_winner(facts_from_text(text, win, **facts), options)


def score_loser_text(
    text: str,
    seat: int = 0,
    round: int = 0,
    flowers: str = "",
    options: ClassicalOptions | None = None,
) -> ClassicalScore:
    """Score a loser's hand written in the README's notation."""
    hand = parse_hand(text, "mpsz", max_tiles=14)
    extra = parse_tiles(flowers) if flowers else []
    bonus = [t.kind for t in [*hand.bonus, *extra]]
    if len(set(bonus)) != len(bonus):
        raise SparrowsError("a bonus tile is given twice (there is one of each)")
    for w, name in ((seat, "seat"), (round, "round")):
        if w not in range(4):
            raise SparrowsError(f"the {name} wind must be 0-3 (East-North), not {w}")
    return score_loser(
        [t.kind for t in hand.concealed],
        [(m.type, m.kinds) for m in hand.melds],
        bonus,
        seat,
        round,
        options,
    )
