"""What a riichi player weighs beyond tile efficiency, as small pure functions over what
the seat sees (an :class:`~sparrows.engine.game.Observation`): the hand's likely value,
which seats threaten and what they are worth, how likely a tile deals into each, and the
chance a hand wins from its shanten and live tiles. Riichi's advice weighs each discard
with them (:meth:`.riichi.RiichiAdvice.weigh`), for the ``balanced`` bot and the hint box
alike; nothing here decides.

The figures are rough estimates in line with commonly quoted riichi deal-in rates by tile
class against a riichi (a genbutsu 0, an honour by the copies left, a suji terminal about
2%, a middle tile with no suji about 12%), not fitted to data here; their worth is
measured in duplicate games (``benchmarks/bench_bots.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..analysis import Form, form_shanten, waits
from ..engine.board import CALLED, RIICHI
from ..engine.observation import Observation
from ..rules.riichi.house.scoring import tile_chips
from ..rules.riichi.scoring import nuki_dora, tile_han
from ..tiles import Meld, MeldType, Tile
from ..tiles.kinds import NORTH

HONOUR: Final = 27
TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
#: the points of a non-dealer's win by han (the common fu), mangan and up from 5
_POINTS: Final = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000)
#: deal-in chance against one riichi by a number tile's class (not genbutsu)
_NO_SUJI: Final = {0: 0.06, 1: 0.08, 2: 0.09, 3: 0.12, 4: 0.12, 5: 0.12, 6: 0.09, 7: 0.08, 8: 0.06}
_SUJI: Final = {0: 0.02, 1: 0.035, 2: 0.05, 3: 0.06, 4: 0.06, 5: 0.06, 6: 0.05, 7: 0.035, 8: 0.02}
#: an honour by its copies still unseen (0: none left to wait on)
_HONOUR: Final = (0.0, 0.025, 0.045, 0.06, 0.06)


def terminal_or_honour(kind: int) -> bool:
    return kind >= HONOUR or kind in TERMINALS


def chip_points(tiles: Sequence[Tile], shape: Shape, chip_value: int) -> int:
    """What the special tiles of a hand (its concealed ``tiles`` and ``shape``'s melds)
    add to a win where chips are played (the house preset): their chips (the scorer's
    :func:`~sparrows.rules.riichi.house.scoring.tile_chips`) at ``chip_value`` points
    each, as a discarder pays them (0 where no chips are played: ``chip_value`` 0)."""
    if not chip_value:
        return 0
    return tile_chips([*tiles, *(t for m in shape.melds for t in m.tiles)]) * chip_value


def nuki_han(obs: Observation, dora: Sequence[int]) -> int:
    """The han of the Norths the seat has set aside (three players): 1 each (the scorer's
    item ``nuki``) and their dora (:func:`~sparrows.rules.riichi.scoring.nuki_dora`;
    ``dora``: one kind per indicator); 0 where none are."""
    bonus = obs.bonus[obs.seat] if obs.bonus else ()
    nuki = sum(1 for t in bonus if t.kind == NORTH)
    return nuki + nuki_dora(nuki, dora) if nuki else 0


def han_points(han: float, dealer: bool) -> int:
    """The usual value of a win of ``han`` han (rounded down; 11 and up: a sanbaiman)."""
    h = int(han)
    base = 24000 if h >= 11 else _POINTS[max(0, h)]
    return base * 3 // 2 if dealer else base


@dataclass(frozen=True)
class Shape:
    """A seat's own hand as counts (concealed, and with its melds), its melds' kinds."""

    counts: list[int]  # concealed
    melds: tuple[Meld, ...]

    @property
    def closed(self) -> bool:
        return all(m.type is MeldType.CLOSED_KAN for m in self.melds)

    def meld_kinds(self) -> list[int]:
        return [t.kind for m in self.melds for t in m.tiles if t.kind < 34]


def shape_of(obs: Observation, without: Sequence[Tile] = ()) -> Shape:
    counts = [0] * 34
    for t in obs.hand:
        if t.kind < 34:
            counts[t.kind] += 1
    for t in without:
        if t.kind < 34:
            counts[t.kind] -= 1
    melds = obs.melds[obs.seat] if obs.melds else ()
    return Shape(counts, tuple(melds))


def path_shanten(shape: Shape, form: Form, keep: Callable[[int], bool]) -> int:
    """The shanten of the hand toward a completion using only the kinds ``keep`` accepts
    (the others held count as tiles to throw)."""
    counts = [c if keep(k) else 0 for k, c in enumerate(shape.counts)]
    dead = sum(shape.counts) - sum(counts)
    return form_shanten(counts, form, len(shape.melds), dead)


def yaku_paths(
    shape: Shape, value_honours: frozenset[int], shanten: int, form: Form
) -> dict[str, bool]:
    """Which yaku the hand can reach without riichi (for an open hand, the only ones) as
    fast as its plain ``shanten``: a value-honour triplet held or called; all simples (no
    terminal or honour called, and the hand as near completion with its terminals and
    honours thrown); one suit with honours (the same, the other suits thrown)."""
    counts, kinds = shape.counts, shape.meld_kinds()
    held_triplet = any(counts[k] >= 3 for k in value_honours)
    called_triplet = any(
        m.tiles[0].kind in value_honours and m.type is not MeldType.CHI for m in shape.melds
    )
    simples = not any(terminal_or_honour(k) for k in kinds) and (
        path_shanten(shape, form, lambda k: not terminal_or_honour(k)) <= shanten
    )
    main = max(
        range(3),
        key=lambda s: sum(counts[s * 9 : s * 9 + 9]) + sum(1 for k in kinds if k // 9 == s),
    )
    one_suit = all(k >= HONOUR or k // 9 == main for k in kinds) and (
        path_shanten(shape, form, lambda k: k >= HONOUR or k // 9 == main) <= shanten
    )
    return {"yakuhai": held_triplet or called_triplet, "tanyao": simples, "honitsu": one_suit}


def value_han(
    tiles: Sequence[Tile],
    shape: Shape,
    dora: Sequence[int],
    value_honours: frozenset[int],
    form: Form,
    shanten: int,
    riichi: bool = True,
    fixed: float = 0.0,
) -> float:
    """The han the hand (its concealed ``tiles`` and ``shape``'s melds) is likely worth if
    it wins: dora (``dora``: one entry per indicator), red fives (and the house set's
    purple and blue tiles: the scorer's :func:`~sparrows.rules.riichi.scoring.tile_han`),
    value-honour triplets (a pair about half), all simples, one suit, and for a closed
    hand riichi with the tsumo, ippatsu and ura it may bring (unless ``riichi`` is False:
    a dama). ``fixed``: the han the hand has whatever it keeps (three players: the
    Norths set aside, :func:`nuki_han`). ``form`` and ``shanten``: see
    :func:`yaku_paths`."""
    han = fixed
    for t in [*tiles, *(t for m in shape.melds for t in m.tiles)]:
        han += dora.count(t.kind) + tile_han(t)
    counts = shape.counts
    for k in value_honours:
        if counts[k] >= 3:
            han += 1
        elif counts[k] == 2:
            han += 0.4
    for m in shape.melds:
        if m.type is not MeldType.CHI and m.tiles[0].kind in value_honours:
            han += 1
    paths = yaku_paths(shape, value_honours, shanten, form)
    if paths["tanyao"]:
        han += 1
    if paths["honitsu"] and not paths["tanyao"]:
        han += 2 if shape.closed else 1
    if shape.closed and riichi:
        han += 1.5  # riichi, and the tsumo, ippatsu and ura it may bring
    return max(han, 1.0)


@dataclass(frozen=True)
class Threat:
    """A seat to defend against: how surely it is ready and its win's likely value."""

    seat: int
    ready: float  # 0-1
    value: int  # points it would take from the one dealing in
    riichi_at: int  # its river index of the riichi discard (-1: no riichi)
    #: its waits where its hand is shown (an open riichi), else None
    waits: frozenset[int] | None = None


def shown_waits(obs: Observation, seat: int, form: Form) -> frozenset[int] | None:
    """The waits of ``seat``'s hand where ``obs`` shows it (an open riichi), else None."""
    hand = obs.shown[seat] if seat < len(obs.shown) else None
    if hand is None:
        return None
    counts = [0] * 34
    for t in hand:
        if t.kind < 34:
            counts[t.kind] += 1
    melds = len(obs.melds[seat]) if obs.melds else 0
    return frozenset(waits(counts, form, melds))


def threats(
    obs: Observation, players: int, dora: Sequence[int], form: Form | None = None
) -> list[Threat]:
    """Riichi players (ready, worth about 5,200, a dealer 7,700; their waits where their
    hand is shown, ``form`` the ruleset's), and open hands that look ready: three or more
    calls, or two calls of one suit with honours or a value honour triplet (a readiness of
    0.5 and the value their calls show)."""
    out: list[Threat] = []
    riichi = obs.extra.riichi if obs.extra is not None else ()
    for s in range(players):
        if s == obs.seat:
            continue
        dealer = s == obs.dealer
        flags = obs.river_flags[s] if obs.river_flags else ()
        if s < len(riichi) and riichi[s]:
            at = next((i for i, f in enumerate(flags) if f & RIICHI), len(flags) - 1)
            known = shown_waits(obs, s, form) if form is not None and obs.shown else None
            out.append(Threat(s, 1.0, 7700 if dealer else 5200, at, known))
            continue
        melds = [m for m in obs.melds[s]] if obs.melds else []
        called = [m for m in melds if m.type is not MeldType.CLOSED_KAN]
        if len(called) < 2:
            continue
        kinds = [t.kind for m in melds for t in m.tiles]
        suits = {k // 9 for k in kinds if k < HONOUR}
        honour_sets = sum(1 for m in melds if m.tiles[0].kind >= HONOUR)
        if len(called) >= 3 or (len(suits) <= 1 and honour_sets) or len(suits) == 1:
            shown = sum(dora.count(k) for k in kinds) + (2 if len(suits) <= 1 else 0)
            base = 3900 if shown >= 2 else 2600
            ready = 0.6 if len(called) >= 3 else 0.4
            out.append(Threat(s, ready, base * (3 if dealer else 2) // 2, -1))
    return out


def safe_kinds(obs: Observation, threat: Threat, players: int) -> set[int]:
    """Kinds that cannot deal into ``threat``: its own discards (furiten), and for a
    riichi every kind discarded after its riichi that it let pass (about: the rivers carry
    no clock, so a tile counts only when it lies a full turn after the declaration)."""
    safe = {t.kind for t in obs.discards[threat.seat]}
    if threat.riichi_at < 0:
        return safe
    someone_called = any(f & CALLED for flags in (obs.river_flags or ()) for f in flags)
    for j in range(players):
        if j == threat.seat:
            continue
        after = threat.riichi_at + (1 if (j - threat.seat) % players else 0) + int(someone_called)
        for i, t in enumerate(obs.discards[j]):
            if i > after or (i == after and (j - threat.seat) % players and not someone_called):
                safe.add(t.kind)
    return safe


def deal_in(
    kind: int,
    threat: Threat,
    safe: set[int],
    visible: Sequence[int],
    runless: frozenset[int],
) -> float:
    """The chance that discarding ``kind`` deals into ``threat`` (scaled by how surely it
    is ready). ``visible``: the copies of each kind the seat can see (its own hand
    included). Where the threat's waits are known (its hand shown): 1 on a wait, else 0,
    and 0 everywhere once a wait is among its safe tiles (it is furiten)."""
    if kind in safe:
        return 0.0
    if threat.waits is not None:
        return 1.0 if kind in threat.waits and not threat.waits & safe else 0.0
    if kind >= HONOUR or kind in runless:
        return _HONOUR[max(0, 4 - visible[kind])] * threat.ready
    n = kind % 9
    base = kind - n
    low_safe = n < 3 or (base + n - 3) in safe
    high_safe = n > 5 or (base + n + 3) in safe
    rate = _SUJI[n] if low_safe and high_safe else _NO_SUJI[n]
    if not (low_safe and high_safe) and (low_safe or high_safe) and 3 <= n <= 5:
        rate = (rate + _SUJI[n]) / 2  # half suji: one side covered
    # kabe: every copy of a neighbour is seen, so the runs through it cannot wait
    walls = sum(1 for d in (-2, -1, 1, 2) if 0 <= n + d <= 8 and visible[base + n + d] >= 4)
    if walls:
        rate *= 0.6 if walls == 1 else 0.35
    return rate * threat.ready


def win_chance(shanten: int, ukeire: int, unseen_total: int, turns: int) -> float:
    """The chance a hand this far from ready, with ``ukeire`` live tiles that help,
    wins in the ``turns`` draws left (ron on others' discards counted as about as many
    chances again)."""
    if turns <= 0:
        return 0.0
    q = min(0.9, ukeire / max(1, unseen_total))
    if shanten <= 0:
        per = min(0.9, q * 2.2)  # a draw, and the discards of the others
        return 1 - (1 - per) ** turns
    if shanten == 1:
        reach = 1 - (1 - q) ** turns
        return reach * 0.45 * min(1.0, turns / 10)
    if shanten == 2:
        return 0.12 * min(1.0, turns / 12)
    return 0.03 * min(1.0, turns / 14)
