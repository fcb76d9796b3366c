"""The house preset `cy-dealers-choice` (seed 001): chips, special tiles, abilities and
wildcards on top of the riichi scorer.

:func:`house_score` scores a win the way the house table does, in the spec's order of
operations:

1. the hand's han and fu (:func:`~.scoring.score`), with the abilities that change what
   counts (naki menzen, yaku-ka, ura-dora kaiji) set on the situation;
2. the han abilities: han o tsukeru, then kokan's han;
3. the base chips: special tiles in the hand, ippatsu, ura dora, yaku-ka, kokan's chips,
   yakuman (20 per yakuman on a ron, 10 from each payer on a tsumo; kazoe 10 / 5);
4. the +han chips (agari han-su o chippu ni kasan: + the final han, 13 per yakuman);
5. chippu zoka (x1.5, rounded up).

Chips are per payer: the discarder pays them on a ron, each other player on a tsumo.
Every value is data below with a one-line description (``sparrows rules riichi`` shows
them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import ceil
from typing import TYPE_CHECKING, Final

from ....errors import HandError
from ....reasons import Reason
from ....tiles import Colour, Tile
from ..points import basic_points, payment
from ..situation import WinSituation
from .abilities import ability_names

if TYPE_CHECKING:
    from ..options import RiichiOptions
    from ..scoring import RiichiScore

#: The tiles that carry the three abilities, in order.
ABILITY_TILES: Final[tuple[Tile, Tile, Tile]] = (
    Tile(13, Colour.GOLD),
    Tile(22, Colour.PLATINUM),
    Tile(4, Colour.CYAN),
)
#: Chips of one special tile in the winning hand (every special face: 1).
TILE_CHIPS: Final = 1
#: Chips of ippatsu, of each ura dora, of yaku-ka.
IPPATSU_CHIPS: Final = 1
URA_CHIPS: Final = 1
YAKUKA_CHIPS: Final = 1
#: Chips per yakuman: (ron, from each payer on a tsumo); kazoe yakuman: half.
YAKUMAN_CHIPS: Final = (20, 10)
KAZOE_CHIPS: Final = (10, 5)
#: Kokan's two choices: (han change, chip change).
KOKAN: Final = {"chips": (-1, 3), "han": (3, -1)}
#: Han o tsukeru: the lowest han of the limit above each limit.
NEXT_LIMIT_HAN: Final = {"mangan": 6, "haneman": 8, "baiman": 11, "sanbaiman": 13}
#: Kansai seven pairs: han added per number of identical pairs (3 is a yakuman).
KANSAI_QUAD_HAN: Final = {1: 1, 2: 3}


def is_house(opts: RiichiOptions) -> bool:
    """Whether the options describe the house table (chips, special tiles or abilities):
    its wins are scored by :func:`house_score`."""
    return opts.special_tiles or opts.chips or bool(opts.abilities)


def abilities_of(tiles: Sequence[Tile], opts: RiichiOptions) -> frozenset[str]:
    """The abilities whose tile is among ``tiles`` (a hand with its melds)."""
    names = ability_names(opts.abilities)
    have = set(tiles)
    return frozenset(n for n, t in zip(names, ABILITY_TILES, strict=False) if t in have)


def tile_chips(tiles: Sequence[Tile]) -> int:
    """Chips of the special tiles among ``tiles``."""
    return sum(TILE_CHIPS for t in tiles if t.special)


def han_o_tsukeru(han: int, fu: int, opts: RiichiOptions) -> int:
    """The han after han o tsukeru: +1 below mangan (kiriage's 4/30 and 3/60 count as
    mangan when the option is on), else the lowest han of the next limit."""
    _, limit = basic_points(han, fu, 0, opts)
    if limit is None:
        return han + 1
    if limit in NEXT_LIMIT_HAN:
        return max(han, NEXT_LIMIT_HAN[limit])
    return han  # already a counted yakuman


def kokan_choices(han: int, chips: int, yakuman: int) -> list[str]:
    """Kokan's choices that keep han >= 1 and chips >= 0 (none on a yakuman)."""
    if yakuman:
        return []
    return [c for c, (dh, dc) in KOKAN.items() if han + dh >= 1 and chips + dc >= 0]


def house_score(
    sit: WinSituation,
    opts: RiichiOptions,
    kokan: str | None = None,
    wildcard: bool = False,
) -> RiichiScore:
    """Score a win at the house table (see the module's order of operations). ``kokan``:
    "chips" or "han" when the kokan ability acts (None: the better for the winner, by
    points plus chips at the chip value). ``wildcard``: the winning tile is a pocchi that
    acts as a wildcard (it then stands for the kind worth most; ties to the lower kind)."""
    if wildcard:
        return _best_wildcard(sit, opts, kokan)
    return _house_score(sit, opts, kokan, sit.win_tile)


def _best_wildcard(sit: WinSituation, opts: RiichiOptions, kokan: str | None) -> RiichiScore:
    from ..scoring import RiichiScore

    pocchi = sit.win_tile
    if not pocchi.pocchi:
        raise HandError(f"{pocchi} is not a pocchi tile: only pocchi are wildcards")
    best: RiichiScore | None = None
    best_value = -1
    for kind in range(34):
        try:
            result = _house_score(replace(sit, win_tile=Tile(kind)), opts, kokan, pocchi)
        except HandError:
            continue  # a fifth copy of the kind
        if not result.is_win:
            continue
        value = result.payment.hand_value + result.chips * _payers(sit) * opts.chip_value
        if value > best_value:
            best, best_value = result, value
    if best is None:
        return RiichiScore(False, Reason("wildcard_no_yaku"))
    return best


def _payers(sit: WinSituation) -> int:
    return 3 if sit.tsumo else 1


def _house_score(
    sit: WinSituation, opts: RiichiOptions, kokan: str | None, real_win: Tile
) -> RiichiScore:
    from ..scoring import score

    tiles = [*sit.concealed, real_win, *(t for m in sit.melds for t in m.tiles)]
    active = abilities_of(tiles, opts)
    sit = replace(
        sit,
        naki_menzen=sit.naki_menzen or "naki_menzen" in active,
        yakuka=sit.yakuka or "yakuka" in active,
        ura_kaiji=sit.ura_kaiji or "ura_kaiji" in active,
    )
    result = score(sit, opts)
    if not result.is_win:
        return result
    if real_win != sit.win_tile:
        result.wildcard = sit.win_tile.kind
    steps: list[str] = [f"hand: {result.han} han {result.fu} fu"]
    han, yakuman = result.han, result.yakuman
    if "han_o_tsukeru" in active and not yakuman:
        new = han_o_tsukeru(han, result.fu, opts)
        steps.append(f"han o tsukeru: {han} -> {new} han")
        han = new
    # base chips: the hand's own first, then kokan's han (which may make a kazoe), then
    # the limit's chips and kokan's chip change
    chip_items: list[tuple[str, int]] = []
    n_tiles = tile_chips(tiles)
    if n_tiles:
        chip_items.append(("special tiles", n_tiles))
    if sit.ippatsu:
        chip_items.append(("ippatsu", IPPATSU_CHIPS))
    # a yakuman's ura chips too (the scorer counts no dora on one); a wildcard counts as
    # the kind it stands for
    ura = _ura_count(sit, [*sit.concealed, sit.win_tile, *(t for m in sit.melds for t in m.tiles)])
    if ura:
        chip_items.append(("ura dora", URA_CHIPS * ura))
    if "yakuka" in active:
        chip_items.append(("yaku-ka", YAKUKA_CHIPS))
    chips = sum(n for _, n in chip_items)
    pick: str | None = None
    if "kokan" in active:
        choices = kokan_choices(han, chips, yakuman)
        result.choices = tuple(choices)
        if kokan is not None and kokan not in choices:
            raise HandError(
                f"kokan choice {kokan!r} is not possible here; "
                f"choices: {', '.join(choices) or 'none'}"
            )
        pick = (
            kokan if kokan is not None else _better_kokan(han, result.fu, chips, choices, sit, opts)
        )
        if pick is not None:
            dh, _ = KOKAN[pick]
            steps.append(f"kokan ({pick}): {han} -> {han + dh} han, {KOKAN[pick][1]:+d} chips")
            han += dh
    kazoe = not yakuman and han >= 13 and opts.kazoe == "yakuman"
    if yakuman or kazoe:
        ron, each = KAZOE_CHIPS if kazoe else YAKUMAN_CHIPS
        per = each if sit.tsumo else ron
        chip_items.append(("kazoe yakuman" if kazoe else "yakuman", per * (yakuman or 1)))
        chips += per * (yakuman or 1)
    if pick is not None:
        dc = KOKAN[pick][1]
        chip_items.append((f"kokan ({pick})", dc))
        chips += dc
    chips = chip_stages(chip_items, 13 * yakuman if yakuman else han, active, steps)
    if han != result.han:
        basic, limit = basic_points(han, result.fu, yakuman, opts)
        result.han, result.basic, result.limit = han, basic, limit
        result.payment = payment(basic, sit.dealer, sit.tsumo, sit.honba, sit.riichi_sticks, opts)
    result.chips = chips
    result.chip_items = tuple(chip_items)
    result.abilities = tuple(sorted(a for a in active if a != "tako_riichi"))  # (at riichi)
    steps.append(
        f"result: {han} han {result.fu} fu, {result.payment.hand_value} points, "
        f"{chips} chips {'from each payer' if sit.tsumo else 'from the discarder'}"
    )
    result.steps = tuple(steps)
    return result


def chip_stages(
    chip_items: list[tuple[str, int]], final_han: int, active: frozenset[str], steps: list[str]
) -> int:
    """The chips of a win from its base chip items: their sum, then agari han-su (+ the
    final han), then chippu zoka (x1.5 rounded up), each stage written to ``steps``."""
    chips = sum(n for _, n in chip_items)
    if chip_items:
        steps.append(
            "base chips: "
            + "".join(
                f"{'' if i == 0 else (' - ' if n < 0 else ' + ')}{abs(n) if i else n} {name}"
                for i, (name, n) in enumerate(chip_items)
            )
            + f" = {chips}"
        )
    if "agari_hansu" in active:
        steps.append(f"agari han-su: {chips} + {final_han} = {chips + final_han} chips")
        chips += final_han
    if "chippu_zoka" in active:
        new = ceil(chips * 3 / 2)
        steps.append(f"chippu zoka: {chips} x 1.5 -> {new} chips")
        chips = new
    return chips


def local_yakuman_chips(
    tiles: Sequence[Tile], opts: RiichiOptions, tsumo: bool
) -> tuple[int, list[str]]:
    """Chips of a yakuman won without a reading (shiisanpuutaa): the yakuman's, the special
    tiles', yaku-ka's, then the chip abilities in the order of operations."""
    active = abilities_of(tiles, opts)
    items = [("yakuman", YAKUMAN_CHIPS[1] if tsumo else YAKUMAN_CHIPS[0])]
    n_tiles = tile_chips(tiles)
    if n_tiles:
        items.append(("special tiles", n_tiles))
    if "yakuka" in active:
        items.append(("yaku-ka", YAKUKA_CHIPS))
    steps: list[str] = []
    return chip_stages(items, 13, active, steps), steps


def _ura_count(sit: WinSituation, tiles: Sequence[Tile]) -> int:
    from ..scoring import dora_of

    if not (sit.riichi or sit.double_riichi or sit.ura_kaiji):
        return 0
    kinds = [t.kind for t in tiles]
    return sum(kinds.count(dora_of(t.kind)) for t in sit.ura_indicators)


def _better_kokan(
    han: int,
    fu: int,
    chips: int,
    choices: list[str],
    sit: WinSituation,
    opts: RiichiOptions,
) -> str | None:
    """The kokan choice worth more (points + chips at the chip value); None if none."""
    best, best_value = None, -1
    for c in choices:
        dh, dc = KOKAN[c]
        basic, limit = basic_points(han + dh, fu, 0, opts)
        pay = payment(basic, sit.dealer, sit.tsumo, 0, 0, opts)
        kazoe = KAZOE_CHIPS[1 if sit.tsumo else 0] if limit == "kazoe yakuman" else 0
        value = pay.hand_value + (chips + kazoe + dc) * _payers(sit) * opts.chip_value
        if value > best_value:
            best, best_value = c, value
    return best


#: Chips of the special suukantsu: (ron from the feeder, tsumo from each payer).
SUUKANTSU_CHIPS: Final = (20, 10)
BUST_CHIPS: Final = 1  # a busted player pays each player who won or was ready in the hand
CALLED_GAME_CHIPS: Final = 1  # the called game: from each other player
#: Placement chips of the house preset (seed 001): (points below which, chips) per place,
#: checked in order; 2nd receives, 3rd and 4th pay, 1st gets the balance.
DYNAMIC_PLACEMENT: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    4: ((5000, -11), (15000, -10), (10**9, -9)),
    3: ((5000, -5), (15000, -4), (25000, -3), (10**9, -2)),
    2: ((5000, 0), (15000, 1), (25000, 2), (35000, 3), (10**9, 4)),
}
FIXED_PLACEMENT: Final = {1: 13, 2: 3, 3: -5, 4: -11}


def placement_chips(scores: Sequence[int], places: Sequence[int], how: str) -> list[int]:
    """Oka and uma in chips per seat: "dynamic" (by the points of 2nd-4th, 1st gets the
    balance) or "fixed" (13/3/-5/-11)."""
    if how == "fixed":
        return [FIXED_PLACEMENT[p] for p in places]
    out = [0] * len(scores)
    for s, p in enumerate(places):
        if p == 1:
            continue
        out[s] = next(c for below, c in DYNAMIC_PLACEMENT[p] if scores[s] < below)
    first = list(places).index(1)
    out[first] = -sum(out)
    return out
