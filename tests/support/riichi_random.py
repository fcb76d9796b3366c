"""Random winning riichi hands for differential tests and benchmarks.

Each hand is a legal 14-tile win (four sets and a pair with 0-4 called melds, seven pairs,
or thirteen orphans) with physical 136 ids (at most one red five per suit), a winning tile
from the concealed part, and random but consistent conditions (riichi only when closed,
ippatsu only with riichi, rinshan only with a kan...). ``random_sanma_win`` makes
three-player wins (no 2m-8m, Norths set aside) with the same tail (``_finish``);
``agrees_with_mahjong`` is the differential tests' one check against the ``mahjong`` package.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass
class RandomMeld:
    type: str  # chi pon open_kan closed_kan added_kan
    ids: list[int]
    called: int | None


@dataclass
class RandomWin:
    concealed: list[int]  # 136 ids without the winning tile
    win: int
    melds: list[RandomMeld]
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    seat_wind: int
    round_wind: int
    dora: list[int]
    ura: list[int]
    honba: int
    sticks: int


class _Ids:
    """Hands out physical ids: copy 0 of a five is the red one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = {k: [0, 1, 2, 3] for k in range(34)}
        for k in range(34):
            rng.shuffle(self.free[k])

    def take(self, kind: int) -> int:
        return kind * 4 + self.free[kind].pop()

    def left(self, kind: int) -> int:
        return len(self.free[kind])


def _standard_blocks(
    rng: random.Random,
) -> tuple[list[tuple[str, int]], int, list[int]] | None:
    counts = [0] * 34
    blocks = []
    for _ in range(4):
        for _try in range(20):
            if rng.random() < 0.55:
                k = rng.choice([s * 9 + n for s in range(3) for n in range(7)])
                if all(counts[k + d] < 4 for d in range(3)):
                    for d in range(3):
                        counts[k + d] += 1
                    blocks.append(("run", k))
                    break
            else:
                k = rng.randrange(34)
                if counts[k] <= 1:
                    counts[k] += 3
                    blocks.append(("triplet", k))
                    break
        else:
            return None
    pairs = [k for k in range(34) if counts[k] <= 2]
    pair = rng.choice(pairs)
    counts[pair] += 2
    return blocks, pair, counts


def random_win(rng: random.Random) -> RandomWin:
    ids = _Ids(rng)
    melds: list[RandomMeld] = []
    concealed_kinds: list[int] = []
    r = rng.random()
    if r < 0.06:  # seven pairs
        kinds = rng.sample(range(34), 7)
        concealed_kinds = [k for k in kinds for _ in range(2)]
    elif r < 0.08:  # thirteen orphans
        concealed_kinds = [*ORPHANS, rng.choice(ORPHANS)]
    else:
        got = None
        while got is None:
            got = _standard_blocks(rng)
        blocks, pair, used = got
        n_called = rng.choice([0, 0, 0, 1, 1, 2, 2, 3, 4])
        for i, (kind_type, k) in enumerate(blocks):
            if i < n_called:
                if kind_type == "run":
                    tiles = [ids.take(k + d) for d in range(3)]
                    melds.append(RandomMeld("chi", tiles, tiles[rng.randrange(3)]))
                else:
                    style = rng.choice(["pon", "pon", "pon", "open_kan", "closed_kan", "added_kan"])
                    if style != "pon" and used[k] != 3:  # a kan needs the fourth copy
                        style = "pon"
                    n = 3 if style == "pon" else 4
                    tiles = [ids.take(k) for _ in range(n)]
                    melds.append(
                        RandomMeld(style, tiles, None if style == "closed_kan" else tiles[0])
                    )
            else:
                concealed_kinds += [k, k + 1, k + 2] if kind_type == "run" else [k] * 3
        concealed_kinds += [pair, pair]
    return _finish(rng, ids, concealed_kinds, melds, three=False)[0]


#: Three players: no 2m-8m; runs only in pins and sous.
SANMA_KINDS = (0, 8, *range(9, 34))
SANMA_RUN_STARTS = (*range(9, 16), *range(18, 25))
NORTH = 30


def _sanma_blocks(rng: random.Random) -> tuple[list[tuple[str, int]], int, list[int]] | None:
    counts = [0] * 34
    blocks = []
    for _ in range(4):
        for _try in range(20):
            if rng.random() < 0.5:
                k = rng.choice(SANMA_RUN_STARTS)
                if all(counts[k + d] < 4 for d in range(3)):
                    for d in range(3):
                        counts[k + d] += 1
                    blocks.append(("run", k))
                    break
            else:
                k = rng.choice(SANMA_KINDS)
                if counts[k] <= 1:
                    counts[k] += 3
                    blocks.append(("triplet", k))
                    break
        else:
            return None
    pair = rng.choice([k for k in SANMA_KINDS if counts[k] <= 2])
    counts[pair] += 2
    return blocks, pair, counts


def random_sanma_win(rng: random.Random) -> tuple[RandomWin, int]:
    """A random three-player win (no 2m-8m, called melds only pons and kans) and its Norths
    set aside (0-4, as many as are left). Dora indicators favour 1m, 9m, West and North
    (the sanma wrap and the nuki dora)."""
    ids = _Ids(rng)
    melds: list[RandomMeld] = []
    concealed_kinds: list[int] = []
    r = rng.random()
    if r < 0.06:  # seven pairs
        concealed_kinds = [k for k in rng.sample(SANMA_KINDS, 7) for _ in range(2)]
    elif r < 0.09:  # thirteen orphans (all of them exist with three players)
        concealed_kinds = [*ORPHANS, rng.choice(ORPHANS)]
    else:
        got = None
        while got is None:
            got = _sanma_blocks(rng)
        blocks, pair, used = got
        n_called = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
        for kind_type, k in blocks:
            if kind_type == "triplet" and len(melds) < n_called:
                style = rng.choice(["pon", "pon", "open_kan", "closed_kan", "added_kan"])
                if style != "pon" and used[k] != 3:  # a kan needs the fourth copy
                    style = "pon"
                taken = [ids.take(k) for _ in range(3 if style == "pon" else 4)]
                melds.append(RandomMeld(style, taken, None if style == "closed_kan" else taken[0]))
            else:
                concealed_kinds += [k, k + 1, k + 2] if kind_type == "run" else [k] * 3
        concealed_kinds += [pair, pair]
    return _finish(rng, ids, concealed_kinds, melds, three=True)


def _finish(
    rng: random.Random,
    ids: _Ids,
    concealed_kinds: list[int],
    melds: list[RandomMeld],
    three: bool,
) -> tuple[RandomWin, int]:
    """The part both generators share: the concealed ids and the winning tile, the Norths
    set aside (three players), consistent conditions, indicators and the counters."""
    concealed = [ids.take(k) for k in concealed_kinds]
    rng.shuffle(concealed)
    win = concealed.pop()
    nuki = 0
    if three:
        nuki = rng.randint(0, ids.left(NORTH))
        for _ in range(nuki):
            ids.take(NORTH)
    closed = all(m.type == "closed_kan" for m in melds)
    has_kan = any(m.type.endswith("kan") for m in melds)
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.08
    ippatsu = riichi and rng.random() < 0.2
    rinshan = tsumo and (has_kan or nuki > 0) and rng.random() < 0.3
    # a robbed kan holds the other three copies: the hand holds no other of the kind
    alone = ids.left(win // 4) == 3
    chankan = not tsumo and rng.random() < 0.03 and alone
    haitei = tsumo and not rinshan and rng.random() < 0.04
    houtei = not tsumo and not chankan and rng.random() < 0.04

    def indicators(n: int) -> list[int]:
        out = []
        for _ in range(n):
            if three:
                favoured = [k for k in (0, 8, 29, 30) if ids.left(k)]
                choices = [k for k in SANMA_KINDS if ids.left(k)]
                pool = favoured if favoured and rng.random() < 0.4 else choices
            else:
                pool = [k for k in range(34) if ids.left(k)]
            out.append(ids.take(rng.choice(pool)))
        return out

    n_dora = 1 + sum(1 for m in melds if m.type.endswith("kan"))
    dora = indicators(n_dora)
    ura = indicators(n_dora) if riichi else []
    got = RandomWin(
        concealed,
        win,
        melds,
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        rng.randrange(3 if three else 4),  # seat winds (East, South, West with three)
        rng.randrange(2),
        dora,
        ura,
        rng.choice([0, 0, 1, 2, 5]),
        rng.choice([0, 0, 1, 3]),
    )
    return got, nuki


def agrees_with_mahjong(r: Any, m: Any) -> bool:
    """Whether our score ``r`` and the ``mahjong`` package's estimate ``m`` of one hand
    agree: both refuse it, or han, fu (below yakuman) and every point received match."""
    if m.error:
        return not r.is_win
    return bool(
        r.is_win
        and r.han == m.han
        and (r.yakuman or r.fu == m.fu)
        and r.payment.total == m.cost["total"]
    )


def to_situation(w: RandomWin):  # type: ignore[no-untyped-def]
    from sparrows.rules.riichi import WinSituation
    from sparrows.tiles import Meld, MeldType, from_id136

    melds = tuple(
        Meld(
            MeldType(m.type),  # the generator's meld names are MeldType values
            tuple(from_id136(i) for i in m.ids),
            None if m.type == "closed_kan" else 3,
        )
        for m in w.melds
    )
    return WinSituation(
        tuple(from_id136(i) for i in w.concealed),
        from_id136(w.win),
        melds,
        tsumo=w.tsumo,
        riichi=w.riichi,
        double_riichi=w.double_riichi,
        ippatsu=w.ippatsu,
        rinshan=w.rinshan,
        chankan=w.chankan,
        haitei=w.haitei,
        houtei=w.houtei,
        seat_wind=w.seat_wind,
        round_wind=w.round_wind,
        dora_indicators=tuple(from_id136(i) for i in w.dora),
        ura_indicators=tuple(from_id136(i) for i in w.ura),
        honba=w.honba,
        riichi_sticks=w.sticks,
    )


def to_mahjong(  # type: ignore[no-untyped-def]
    w: RandomWin, nuki: int = 0, three: bool = False, double_yakuman: bool = False
):
    """Arguments for mahjong's HandCalculator.estimate_hand_value with matched options
    (``three``: three players, 1m -> 9m, honba 200 on a ron and 100 per tsumo payer, one
    non-dealer payer; ``nuki`` Norths set aside; ``double_yakuman`` as the preset says)."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    types = {
        "chi": Meld.CHI,
        "pon": Meld.PON,
        "open_kan": Meld.KAN,
        "closed_kan": Meld.KAN,
        "added_kan": Meld.SHOUMINKAN,
    }
    melds = [Meld(types[m.type], m.ids, m.type != "closed_kan", m.called, 0, 3) for m in w.melds]
    tiles = [*w.concealed, w.win, *(i for m in w.melds for i in m.ids)]
    opts = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=double_yakuman,
        kazoe_limit=HandConfig.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=three,
    )
    config = HandConfig(
        is_tsumo=w.tsumo,
        is_riichi=w.riichi,
        is_ippatsu=w.ippatsu,
        is_rinshan=w.rinshan,
        is_chankan=w.chankan,
        is_haitei=w.haitei,
        is_houtei=w.houtei,
        is_daburu_riichi=w.double_riichi,
        player_wind=27 + w.seat_wind,
        round_wind=27 + w.round_wind,
        tsumi_number=w.honba,
        kyoutaku_number=w.sticks,
        num_nuki_dora=nuki,
        options=opts,
    )
    return tiles, w.win, melds, w.dora, config, w.ura
