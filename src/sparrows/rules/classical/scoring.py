"""Classical Chinese scoring: points x 2^doubles, capped at the limit, for the winner and
for every loser; and the settlement (the winner paid by each loser, losers paying one
another the difference, East paying and receiving double). Values are data
(:mod:`.options`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from ...analysis import Form, HandShape, decompose, waits
from ...errors import SparrowsError
from ...tiles import MeldType, Tile, format_tiles, parse_hand, parse_tiles
from ...tiles.kinds import FLOWER, HONOR, SEASON
from ..chinese import WinFacts, facts_from_text, placements
from .options import DOUBLES, LIMIT_HANDS, MELD_POINTS, POINTS, ClassicalOptions

WINDS: Final = range(HONOR, HONOR + 4)
DRAGONS: Final = range(HONOR + 4, HONOR + 7)
TERMINALS: Final = frozenset(k for s in (0, 9, 18) for k in (s, s + 8))

Item = tuple[str, str, int]  # name, "points" | "doubles" | "limit", value
#: What a limit hand scores when the options set no limit (``limit=0``): the highest of the
#: common limits.
NO_LIMIT_HAND: Final = 1000


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


def _bonus_items(set_aside: Sequence[int], seat: int, held: Sequence[int] = ()) -> list[Item]:
    """4 points per bonus tile set aside; the own-flower/season and all-four doubles over
    every bonus tile the player has (set aside, or kept in the hand in cuencana)."""
    have = set(set_aside) | set(held)
    out = [_p("bonus_tile") for _ in set_aside]
    for first, own, every in (
        (FLOWER, "own_flower", "all_flowers"),
        (SEASON, "own_season", "all_seasons"),
    ):
        if first + seat in have:
            out.append(_d(own))
        if all(first + i in have for i in range(4)):
            out.append(_d(every))
    return out


def _matching(group: Sequence[int]) -> bool:
    """Bonus tiles that match: all flowers, all seasons, or (two) of one number."""
    flowers = all(FLOWER <= k < SEASON for k in group)
    seasons = all(k >= SEASON for k in group)
    return flowers or seasons or len({(k - FLOWER) % 4 for k in group}) == 1


def _bonus_group_item(group: Sequence[int]) -> Item:
    name = {2: "bonus_pair", 3: "bonus_set", 4: "bonus_kong"}[len(group)]
    simple, major, _ = MELD_POINTS[name]
    return (name, "points", major if _matching(group) else simple)


def kept_groups(kept: Sequence[int], pair: bool | None) -> list[list[int]]:
    """The best way to use bonus tiles kept in the hand (cuencana): sets of three and, with
    ``pair`` True, exactly one pair (False: no pair; None: at most one, leftovers unused,
    for a loser). [] when they cannot be used that way (or there are none)."""
    tiles = sorted(kept)
    best: tuple[int, list[list[int]]] | None = None

    def walk(left: list[int], groups: list[list[int]], pairs: int) -> None:
        nonlocal best
        if not left or (pair is None and len(left) < 2):
            if pair is None or pairs == (1 if pair else 0):
                value = sum(_bonus_group_item(g)[2] for g in groups)
                if best is None or value > best[0]:
                    best = (value, [list(g) for g in groups])
            return
        first, rest = left[0], left[1:]
        if pair is None:
            walk(rest, groups, pairs)  # leave it unused
        for size in (3, 2):
            if size == 2 and (pairs or pair is False):
                continue
            for others in combinations(rest, size - 1):
                remaining = list(rest)
                for o in others:
                    remaining.remove(o)
                walk(remaining, [*groups, [first, *others]], pairs + (size == 2))

    walk(tiles, [], 0)
    return best[1] if best else []


def _pung_items(
    sets: Sequence[tuple[bool, int, bool, bool]], seat: int, round: int, bonus_sets: int = 0
) -> list[Item]:
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
    if sum(1 for run, _, concealed, _ in sets if not run and concealed) + bonus_sets >= 3:
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
        return 0, 0, options.limit or NO_LIMIT_HAND
    points = sum(v for _, kind, v in items if kind == "points")
    doubles = sum(v for _, kind, v in items if kind == "doubles")
    value = points * 2**doubles
    return points, doubles, min(value, options.limit) if options.limit else value


def _meld_sets(facts: WinFacts) -> list[tuple[bool, int, bool, bool]]:
    """The declared melds as (run, kind, concealed, kong); bonus kongs are left out (they
    score as ``bonus_kong``, see :func:`_bonus_kongs`)."""
    out = []
    for mtype, kinds in facts.melds:
        if min(kinds) >= FLOWER:
            continue
        kong = mtype in (MeldType.OPEN_KAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)
        out.append((mtype is MeldType.CHI, min(kinds), mtype is MeldType.CLOSED_KAN, kong))
    return out


def _bonus_kongs(facts: WinFacts) -> list[Item]:
    return [_bonus_group_item(ks) for _, ks in facts.melds if min(ks) >= FLOWER]


def _held_bonus(facts: WinFacts) -> list[int]:
    return [*facts.kept, *(k for _, ks in facts.melds for k in ks if k >= FLOWER)]


def _only_tile(facts: WinFacts, form: Form) -> bool:
    if facts.win >= FLOWER or facts.kept:  # won on a kept bonus tile, or bonus sets
        return False
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
    kept = len(facts.kept)
    if kept % 3 == 1:
        return _incomplete()
    # cuencana: three kept bonus tiles make a set, two the pair (then the suits make none)
    pair_here = kept % 3 == 0
    form = Form(
        pair=pair_here,
        seven_pairs=options.seven_pairs and not kept,
        thirteen_orphans=not kept,
    )
    groups = kept_groups(facts.kept, not pair_here) if kept else []
    if kept and not groups:
        return _incomplete()
    bonus_sets = [_bonus_group_item(g) for g in groups] + _bonus_kongs(facts)
    counts = [0] * 34
    for k in facts.concealed:
        counts[k] += 1
    meld_kinds = [k for _, ks in facts.melds for k in ks]
    kinds = list(facts.concealed) + meld_kinds + list(facts.kept)  # bonus count as honours
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
            pair = d.pair if d.pair is not None else -1  # -1: the pair is of bonus tiles
            candidates = []
            for on_pair, way in placements(list(d.sets), d.pair, facts):
                sets = _meld_sets(facts)
                sets += [(run, k, concealed, False) for run, k, concealed in way]
                text = " ".join(  # the reading with the exposed melds, limited or not
                    [_set_text(s) for s in sets]
                    + [format_tiles([Tile(k) for k in g]) for g in groups]
                    + ([format_tiles([Tile(pair)] * 2)] if pair >= 0 else [])
                )
                limit = _limit_of(facts, kinds, sets, d.shape)
                if limit:
                    candidates.append(([], limit, text))
                    continue
                if only is None:
                    only = _only_tile(facts, form)
                items = [_p("mah_jongg")]
                items += _pung_items(
                    sets, facts.seat, facts.round, sum(i[0] != "bonus_pair" for i in bonus_sets)
                )
                items += _pair_items(pair, facts.seat, facts.round) + bonus_sets
                if on_pair:
                    items.append(_p("pair_wait"))
                if only:
                    items.append(_p("only_tile"))
                if facts.tsumo:
                    items.append(_p("self_drawn"))
                items += _bonus_items(facts.bonus, facts.seat, _held_bonus(facts))
                items += _winner_doubles(facts, kinds, sets, pair, fully_concealed)
                candidates.append((items, None, text))
        for items, limit, text in candidates:
            if limit:
                items = [(limit, "limit", options.limit or NO_LIMIT_HAND)]
            points, doubles, value = _total(items, options, limit)
            got = ClassicalScore(True, points, doubles, value, tuple(items), limit, None, text)
            if best is None or (got.score, got.points) > (best.score, best.points):
                best = got
    if best is None:
        return _incomplete()
    return best


def _incomplete() -> ClassicalScore:
    return ClassicalScore(
        False, 0, 0, 0, reason="the tiles are not a complete hand (four sets and a pair)"
    )


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
    kept = tuple(k for k in concealed if k >= FLOWER)
    plain = tuple(k for k in concealed if k < FLOWER)
    facts = WinFacts(plain, tuple(melds), tuple(bonus), 0, False, seat, round, kept=kept)
    sets = _meld_sets(facts)
    held = Counter(plain)
    sets += [(False, k, True, False) for k, n in sorted(held.items()) if n >= 3]
    bonus_sets = [_bonus_group_item(g) for g in kept_groups(kept, None)] + _bonus_kongs(facts)
    items = _pung_items(sets, seat, round, sum(1 for i in bonus_sets if i[0] != "bonus_pair"))
    for k, n in sorted(held.items()):
        if n == 2:
            items += _pair_items(k, seat, round)
    items += bonus_sets
    items += _bonus_items(bonus, seat, _held_bonus(facts))
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
    """Score a winning hand written in the tile notation (the winning tile included);
    the other keywords are those of :func:`sparrows.rules.chinese.facts_from_text`."""
    return score_winner(facts_from_text(text, win, **facts), options)


def score_loser_text(
    text: str,
    seat: int = 0,
    round: int = 0,
    flowers: str = "",
    options: ClassicalOptions | None = None,
) -> ClassicalScore:
    """Score a loser's hand written in the tile notation."""
    hand = parse_hand(text, "mpsz", max_tiles=14)
    extra = parse_tiles(flowers) if flowers else []
    bonus = [t.kind for t in [*hand.bonus, *extra]]
    if len(set(bonus)) != len(bonus):
        raise SparrowsError("a bonus tile is given twice (there is one of each)")
    for w, name in ((seat, "seat"), (round, "round")):
        if w not in range(4):
            raise SparrowsError(f"the {name} wind must be 0-3 (East-North), not {w}")
    options = options or ClassicalOptions()
    kept: list[int] = []
    if options.bonus_tiles and options.bonus_mode == "keep":  # cuencana: kept in the hand
        kept, bonus = [t.kind for t in hand.bonus], [t.kind for t in extra]
        if bonus:
            raise SparrowsError("in cuencana bonus tiles are kept: write them in the hand")
    if hand.size + len(kept) > 14:
        raise SparrowsError(
            f"a hand holds at most 14 tiles (a kong as 3), not {hand.size + len(kept)}"
        )
    return score_loser(
        [t.kind for t in hand.concealed] + kept,
        [(m.type, m.kinds) for m in hand.melds],
        bonus,
        seat,
        round,
        options,
    )
