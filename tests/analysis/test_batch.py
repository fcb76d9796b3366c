"""Shanten and waits of many hands at once (``sparrows.analysis.batch``): row by row the
same as the one-hand functions, on the 40,000 mjx oracle hands, random hands of every
size, dense hands (pairs, triplets and fours common) in every form, with called melds,
and ready hands' waits."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparrows.analysis import NO_SPECIAL, RIICHI, SICHUAN, Form, form_shanten, waits
from tests.conftest import sized
from tests.support.shanten import SIZES, dense_hands, oracle_rows

np = pytest.importorskip("numpy")

from sparrows.analysis.batch import batch_shanten, batch_waits  # noqa: E402

KANSAI = Form(identical_pairs=True)


def test_the_mjx_oracle_hands_in_one_call() -> None:
    rows = [
        r
        for name in ("p_normal_10000", "p_hon_10000", "p_tin_10000", "p_koku_10000")
        for r in oracle_rows(name)
    ]
    hands = np.zeros((len(rows), 34), dtype=np.int64)
    for i, row in enumerate(rows):
        np.add.at(hands[i], row[:14], 1)
    # the file's columns: regular, kokushi, chiitoitsu; the shanten is their minimum
    expected = np.array([min(row[14:]) for row in rows])
    assert len(rows) == 40_000
    assert (batch_shanten(hands) == expected).all()


def test_random_hands_of_every_size_match_one_by_one() -> None:
    rng = random.Random(20261207)
    wall = [k for k in range(34) for _ in range(4)]
    for size in SIZES:
        hands = np.zeros((sized(1_000, 5_000), 34), dtype=np.int64)
        for row in hands:
            for t in rng.sample(wall, size):
                row[t] += 1
        got = batch_shanten(hands)
        assert got.tolist() == [form_shanten(h.tolist()) for h in hands], size


@settings(
    max_examples=sized(300, 2000), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.lists(dense_hands(), min_size=1, max_size=8),
    st.sampled_from([RIICHI, SICHUAN, NO_SPECIAL, KANSAI]),
    st.booleans(),
)
def test_dense_hands_in_every_form(hands: list[list[int]], form: Form, melds: bool) -> None:
    """Every form, with the called melds given or read from the size; hands of one size
    per call when the melds are given (they are one number for the call)."""
    size = sum(hands[0])
    if melds:
        hands = [h for h in hands if sum(h) == size]
    called = (14 - size) // 3 if melds and size <= 11 else None
    got = batch_shanten(np.array(hands), form, called)
    assert got.tolist() == [form_shanten(h, form, called) for h in hands]


def _ready_hands(rng: random.Random, n: int) -> list[list[int]]:
    """Complete hands (four sets and a pair) with one tile taken out."""
    out = []
    while len(out) < n:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                c[rng.randrange(34)] += 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(start, start + 3):
                    c[k] += 1
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            continue
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        out.append(c)
    return out


def test_waits_of_ready_hands_and_of_others() -> None:
    rng = random.Random(7)
    hands = _ready_hands(rng, sized(2_000, 10_000))
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(500):  # and hands far from ready: no waits
        c = [0] * 34
        for t in rng.sample(wall, 13):
            c[t] += 1
        hands.append(c)
    got = batch_waits(np.array(hands))
    assert got.shape == (len(hands), 34)
    for hand, row in zip(hands, got, strict=True):
        assert np.flatnonzero(row).tolist() == waits(hand), hand
    # a hand that would wait only on the fifth copy of a kind it holds four (1111m 456p
    # 789p 123s): not ready (the tables hold at most four of a kind), no waits
    four = [0] * 34
    for k in (0, 0, 0, 0, 12, 13, 14, 15, 16, 17, 18, 19, 20):
        four[k] += 1
    assert batch_shanten(np.array([four])).tolist() == [1] == [form_shanten(four)]
    assert not batch_waits(np.array([four])).any() and waits(four) == []


def test_a_wrong_shape_is_named() -> None:
    with pytest.raises(ValueError, match=r"\(m, 34\) array"):
        batch_shanten(np.zeros((3, 33), dtype=np.int64))
