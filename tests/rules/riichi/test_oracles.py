"""Riichi scoring against references: 816 Mahjong Soul hands (RiichiEnv's data) and the
PyPI `mahjong` package on 50,000 random winning hands."""

from __future__ import annotations

import json
import random

import pytest

from sparrows.rules.riichi import WinSituation, riichi_options, score
from sparrows.tiles import Meld, MeldType, from_id136
from tests.conftest import oracle_path, sized
from tests.support.riichi_random import agrees_with_mahjong, random_win, to_mahjong, to_situation
from tests.support.riichienv_ids import RIICHIENV_YAKU

MALFORMED = 805  # its tiles_136 already holds the winning tile: 15 tiles with it
MELD_TYPES = {
    "chi": MeldType.CHI,
    "pon": MeldType.PON,
    "kakan": MeldType.ADDED_KAN,
    "shouminkan": MeldType.ADDED_KAN,
    "daiminkan": MeldType.OPEN_KAN,
    "ankan": MeldType.CLOSED_KAN,
}


def _meld(m: dict[str, object]) -> Meld:
    kind = str(m["meld_type"])
    if kind == "kan":
        mt = MeldType.OPEN_KAN if m["opened"] else MeldType.CLOSED_KAN
    else:
        mt = MELD_TYPES[kind]
    return Meld(mt, tuple(from_id136(int(i)) for i in m["tiles"]))  # type: ignore[attr-defined]


def _situation(case: dict[str, object]) -> WinSituation:
    c = case["conditions"]
    assert isinstance(c, dict)
    return WinSituation(
        tuple(from_id136(i) for i in case["tiles_136"]),  # type: ignore[attr-defined]
        from_id136(int(case["win_tile_136"])),  # type: ignore[arg-type]
        tuple(_meld(m) for m in case["melds"]),  # type: ignore[attr-defined]
        tsumo=c["tsumo"],
        riichi=c["riichi"],
        double_riichi=c["double_riichi"],
        ippatsu=c["ippatsu"],
        haitei=c["haitei"],
        houtei=c["houtei"],
        rinshan=c["rinshan"],
        chankan=c["chankan"],
        seat_wind=c["player_wind"],
        round_wind=c["round_wind"],
        dora_indicators=tuple(from_id136(i) for i in case["dora_indicators"]),  # type: ignore[attr-defined]
        ura_indicators=tuple(from_id136(i) for i in case["ura_indicators"]),  # type: ignore[attr-defined]
        honba=c["honba"],
    )


def test_mahjong_soul_hands() -> None:
    cases = json.loads(oracle_path("riichi", "hands", "agari_4p.json").read_text())["cases"]
    assert len(cases) == 816
    opts = riichi_options("mahjongsoul")
    wrong = []
    for i, case in enumerate(cases):
        if i == MALFORMED:
            continue
        r = score(_situation(case), opts)
        e = case["expected"]
        want = sorted(RIICHIENV_YAKU[y] for y in e["yaku"])
        got = sorted(y for y, _ in r.yaku)
        if not (r.is_win and r.han == e["han"] and (r.yakuman or r.fu == e["fu"]) and want == got):
            wrong.append((i, e, r))
    assert not wrong, f"{len(wrong)} of 815 differ; first: {wrong[:2]}"


def test_the_malformed_case_is_refused_clearly() -> None:
    case = json.loads(oracle_path("riichi", "hands", "agari_4p.json").read_text())["cases"][
        MALFORMED
    ]
    assert len(case["tiles_136"]) == 14  # the winning tile is already among them
    r = score(_situation(case))
    assert not r.is_win and "14 tiles" in (r.reason or "")


def test_differential_against_mahjong_package() -> None:
    """Random winning hands with matched options agree on han, fu and points (5,000 in
    ``make test``, 50,000 in ``make test-all``)."""
    from mahjong.hand_calculating.hand import HandCalculator

    rng = random.Random(20261129)
    wrong = []
    n = sized(5_000, 50_000)
    for i in range(n):
        w = random_win(rng)
        r = score(to_situation(w))
        tiles, win, melds, dora, config, ura = to_mahjong(w)
        m = HandCalculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
        )
        if not agrees_with_mahjong(r, m):
            wrong.append((i, m.error or (m.han, m.fu, m.cost["total"]), r))
    assert not wrong, f"{len(wrong)} of {n} differ; first: {wrong[:3]}"


@pytest.mark.parametrize("seed", range(3))
def test_random_wins_are_wins(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        w = random_win(rng)
        r = score(to_situation(w))
        if r.is_win:
            assert r.points > 0 and r.han > 0
        else:
            assert r.reason and "yaku" in r.reason  # complete hands fail only for lack of yaku
