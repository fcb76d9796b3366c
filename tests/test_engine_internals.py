"""Engine internals that must stay exact: the inlined wall shuffle gives the walls
``random.Random.shuffle`` gives (records and seeds from before depend on it)."""

from __future__ import annotations

import random

import pytest

from sparrows.engine.game import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 5, 44, 108, 136, 144])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getrandbits(64) == b.getrandbits(64)  # the generators stay in step
