"""Hands for the shanten tests: the mjx oracle's rows, the legal hand sizes, and a
hypothesis strategy for dense hands (pairs, triplets and fours common)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.conftest import oracle_path


def oracle_rows(name: str) -> list[list[int]]:
    """The rows of one of the mjx shanten oracle files: 14 tiles, then the regular,
    kokushi and chiitoitsu shanten."""
    path = oracle_path("riichi", "shanten", f"{name}.txt")
    return [list(map(int, line.split())) for line in path.read_text().splitlines() if line]


SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


@st.composite
def dense_hands(draw: st.DrawFn) -> list[int]:
    """Hands drawn from a few kinds, so that pairs, triplets and fours are common."""
    size = draw(st.sampled_from(SIZES))
    pool = draw(st.lists(st.integers(0, 33), min_size=1, max_size=6))
    picks = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    c = [0] * 34
    for k in picks:
        while c[k] == 4:  # a fifth copy moves on to the next kind
            k = (k + 1) % 34
        c[k] += 1
    return c
