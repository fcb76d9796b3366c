"""Classical Chinese scoring for the tests: the hands' notation, the base hand and the
checks the scoring tests share.

Notation: mpsz; ``[...]`` an exposed meld, ``(....)`` a concealed kong, ``[...+]`` an added
kong; ``f`` flowers and ``h`` seasons (number = seat + 1 is one's own). Seat and round are
East (0) unless a case says otherwise. Meld points (simples / terminals and honours):
exposed pung 2/4, concealed pung 4/8, exposed kong 8/16, concealed kong 16/32.

Most single-item hands are built on ``BASE`` = ``[123m] 456p 789s [234s] 11p`` won on a
discarded 4p: an exposed chow (so no ``fully_concealed``), runs (no ``no_chow``), three
suits, a plain pair, and a two-sided wait 56p -> 4p or 7p (no ``only_tile``, no
``pair_wait``): Mah Jongg 20 and nothing else. Items worth 0 (a chow, a plain pair), if an
implementation lists them at all, are left out of the comparison.
"""

from __future__ import annotations

from collections import Counter

from sparrows.rules.classical import ClassicalOptions

#: No cap: the raw points x 2^doubles can be checked for big hands.
NOCAP = ClassicalOptions(limit=0)
#: Seven Pairs allowed (off by default).
SEVEN = ClassicalOptions(seven_pairs=True)

#: Mah Jongg 20 and nothing else when won on a discarded 4p (two-sided wait 56p).
BASE = "[123m]456p789s[234s]11p"


def P(name: str, value: int) -> tuple[str, str, int]:
    return (name, "points", value)


def D(name: str, value: int = 1) -> tuple[str, str, int]:
    return (name, "doubles", value)


MJ = P("mah_jongg", 20)


def check(s, items, points, doubles, score, *, valid=True):
    """``items`` as a multiset of (name, kind, value); points, doubles, score as computed by
    hand. The first two asserts check the test data itself (the arithmetic of the case)."""
    assert sum(v for _, k, v in items if k == "points") == points, "test data: points"
    assert sum(v for _, k, v in items if k == "doubles") == doubles, "test data: doubles"
    assert Counter(tuple(it) for it in s.items if it[2] != 0) == Counter(items)
    assert s.points == points
    assert s.doubles == doubles
    assert s.score == score
    assert s.limit_hand is None
    assert s.valid is valid
    if valid:
        assert s.reason is None


def check_limit(s, name, limit=500):
    """A limit hand: exactly the limit, one item (name, "limit", limit), 0 points."""
    assert s.valid is True
    assert s.reason is None
    assert s.limit_hand == name
    assert [tuple(it) for it in s.items] == [(name, "limit", limit)]
    assert s.points == 0
    assert s.score == limit
