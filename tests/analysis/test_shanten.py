"""Shanten: hand-checked examples, the 40,000 mjx oracle cases, and the PyPI `mahjong`
package as a differential reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparrows.analysis import (
    NO_SPECIAL,
    RIICHI,
    SICHUAN,
    SUZUME,
    Form,
    analyse,
    form_shanten,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
)
from sparrows.errors import AnalysisError
from sparrows.tiles import counts34, parse_tiles
from tests.conftest import counts, sized
from tests.support.shanten import SIZES, dense_hands, oracle_rows


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456p789s11222z", -1),  # four sets and a pair
        ("123m456p789s1122z", 0),  # three sets, two pairs: ready on 1z or 2z
        ("19m19p19s1234567z", 0),  # thirteen orphans, 13-sided
        ("19m19p19s12345677z", -1),  # thirteen orphans complete
        ("1122334455667z", 0),  # seven pairs ready on 7z
        ("1112345678999m", 0),  # nine gates shape
        # 3 sets + four single honours: a set and a pair from 1z 3z 5z 7z need 3 tiles
        ("123m456p789s1357z", 2),
        ("1m", 0),  # lone tile: ready on a pair
        ("11m", -1),  # a pair alone (four melds called) is complete
        ("1111m", 1),  # 111 + 1: the pair tile is exhausted, one tile more is needed
        ("1111m234p567s789s", 1),  # same trap in a full hand: no wait exists
        # ten orphan kinds, no pair: thirteen orphans 13 - 10 = 3 beats standard 8
        ("159m159p159s1357z", 3),
    ],
)
def test_worked_hands(hand: str, expected: int) -> None:
    assert shanten(counts(hand)) == expected


def test_scattered_hand_forms() -> None:
    r = analyse(counts("159m159p159s1357z"))
    # each of the five blocks can reuse one held tile at most: 14 - 5 = 9 to add -> 8
    assert (r.standard, r.seven_pairs, r.thirteen_orphans) == (8, 6, 3)
    assert thirteen_orphans_shanten(counts("159m159p159s1357z")) == 3


def test_forms_separately() -> None:
    r = analyse(counts("1122334455667z"))
    assert (r.seven_pairs, r.value) == (0, 0)
    assert r.thirteen_orphans == 13 - 7 - 1  # seven honour kinds and a pair
    # Identical pairs (house preset): 1111z counts as two pairs.
    hand = counts("11112233445566z")
    assert seven_pairs_shanten(hand) == 1  # six kinds paired, one kind short
    assert seven_pairs_shanten(hand, identical_pairs=True) == -1
    house = Form(identical_pairs=True)
    assert analyse(hand, house).value == -1


def test_called_melds() -> None:
    # 10 tiles = one call: three sets and a pair needed.
    assert shanten(counts("123m456p789s1z")) == 0
    assert shanten(counts("123m456p789s1z"), melds=1) == 0
    r = analyse(counts("123m456p789s1z"))
    assert r.seven_pairs is None and r.thirteen_orphans is None
    with pytest.raises(AnalysisError):
        shanten(counts("123m456p789s1z"), melds=0)


def test_suzume_form() -> None:
    assert analyse(counts("234666s"), SUZUME).value == -1
    # 234 + (6s g g): one more green makes ggg -> one tile from complete
    assert analyse(counts("2346s66z"), SUZUME).value == 0
    assert analyse(counts("23466s"), SUZUME).value == 0
    assert analyse(counts("123789s"), SUZUME).value == -1
    assert analyse(counts("159s67z"), SUZUME).value == 3  # 5 tiles, no two related


@pytest.mark.parametrize("bad", [[0] * 33, [5] + [0] * 33, [4] * 34, [-1] + [0] * 33])
def test_bad_counts(bad: list[int]) -> None:
    with pytest.raises(AnalysisError):
        shanten(bad)


def test_wrong_sizes() -> None:
    with pytest.raises(AnalysisError, match="12 concealed tiles"):
        shanten(counts("123m456p789s111z"))
    with pytest.raises(AnalysisError):
        shanten(counts("123m456p789s11122z1m"))


@pytest.mark.parametrize("name", ["p_normal_10000", "p_hon_10000", "p_tin_10000", "p_koku_10000"])
def test_mjx_oracle(name: str) -> None:
    rows = oracle_rows(name)
    assert len(rows) == 10000
    wrong = []
    for row in rows:
        c = [0] * 34
        for t in row[:14]:
            c[t] += 1
        r = analyse(c)
        # file columns: regular, kokushi, chiitoitsu
        if (r.standard, r.thirteen_orphans, r.seven_pairs) != tuple(row[14:]):
            wrong.append((row, r))
    assert not wrong, f"{len(wrong)} mismatches, first: {wrong[:3]}"


def test_differential_against_mahjong_package() -> None:
    """Random hands of every legal size agree exactly: 2,000 of each size in ``make test``,
    10,000 of each (100,000 in all) in ``make test-all``."""
    from mahjong.shanten import Shanten

    rng = random.Random(20261129)
    wall = [k for k in range(34) for _ in range(4)]
    checked = 0
    per_size = sized(2_000, 10_000)
    for size in SIZES:
        for _ in range(per_size):
            c = [0] * 34
            for t in rng.sample(wall, size):
                c[t] += 1
            ours, theirs = shanten(c), Shanten.calculate_shanten(c)
            assert ours == theirs, (size, c, ours, theirs)
            checked += 1
    assert checked == per_size * len(SIZES)


@settings(
    max_examples=sized(600, 3000), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(dense_hands())
def test_differential_dense_hands(c: list[int]) -> None:
    from mahjong.shanten import Shanten

    assert shanten(c) == Shanten.calculate_shanten(c)


@settings(max_examples=500, deadline=None)
@given(dense_hands(), st.integers(0, 33))
def test_one_draw_changes_shanten_by_at_most_one(c: list[int], k: int) -> None:
    if sum(c) % 3 != 1 or c[k] == 4:
        return
    before = shanten(c)
    c[k] += 1
    after = shanten(c)
    assert before - 1 <= after <= before


KANSAI = Form(identical_pairs=True)


@settings(max_examples=400, deadline=None)
@given(dense_hands(), st.sampled_from([RIICHI, SICHUAN, NO_SPECIAL, KANSAI]), st.booleans())
def test_form_shanten_is_the_minimum_of_analyse(c: list[int], form: Form, melds: bool) -> None:
    """The game loops' shortcut gives exactly ``analyse(...).value``: the minimum over the
    forms that apply (seven pairs and orphans only with no calls, a full closed hand)."""
    called = (14 - sum(c)) // 3 if melds and sum(c) <= 11 else None
    got = analyse(c, form, called)
    assert form_shanten(c, form, called) == got.value
    applicable = [v for v in (got.standard, got.seven_pairs, got.thirteen_orphans) if v is not None]
    assert got.value == min(applicable)


def test_form_shanten_workeddense_hands() -> None:
    seven = [0] * 34  # 11m 22m 33m 44p 55p 66s 7z: seven pairs tenpai, standard 1-shanten
    for k in (0, 1, 2, 12, 13, 23):
        seven[k] = 2
    seven[33] = 1
    assert analyse(seven).standard == 1 and form_shanten(seven) == 0
    assert form_shanten(seven, NO_SPECIAL) == 1  # no seven pairs in this form
    orphans = [0] * 34  # 19m 19p 19s 1234567z: thirteen orphans, 13-sided wait
    for k in (0, 8, 9, 17, 18, 26, *range(27, 34)):
        orphans[k] = 1
    assert form_shanten(orphans) == 0 and form_shanten(orphans, SICHUAN) > 0


def test_riichi_form_is_default() -> None:
    assert RIICHI.size == 14 and SUZUME.size == 6


# ---------------------------------------------------------------------- dead tiles
@pytest.mark.parametrize(
    ("live", "dead", "expected"),
    [
        # 123456789m 22p and two void tiles: four sets need one more set, 3 tiles to add
        # (each draw lets a void tile go): shanten 2
        ("123456789m22p", 2, 2),
        # 123456789m 2p and three void tiles: a pair (1 tile) and a set (3): shanten 3
        ("123456789m2p", 3, 3),
        # 123456789m 123p 2p and one void tile, 14 on a turn: throwing the void tile
        # leaves four sets and a single, waiting on 2p: shanten 0
        ("123456789m123p2p", 1, 0),
        # nothing dead: the plain shanten
        ("123456789m123p2p5s", 0, 0),
    ],
)
def test_dead_tiles_count_toward_the_size_and_go_first(live: str, dead: int, expected: int) -> None:
    counts = counts34(parse_tiles(live))
    assert form_shanten(counts, SICHUAN, 0, dead) == expected
    assert analyse(counts, SICHUAN, 0, dead).value == expected
