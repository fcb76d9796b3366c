"""Properties of riichi scoring over random winning hands (hypothesis picks the seeds)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sparrows.rules.riichi import score
from sparrows.tiles import Tile
from tests.support.riichi_random import random_win, to_situation

seeds = st.integers(0, 2**32 - 1)


def _win(seed: int):  # type: ignore[no-untyped-def]
    return to_situation(random_win(random.Random(seed)))


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(0, 6), st.integers(0, 4))
def test_honba_and_sticks_add_exactly(seed: int, honba: int, sticks: int) -> None:
    sit = replace(_win(seed), honba=0, riichi_sticks=0)
    base = score(sit)
    more = score(replace(sit, honba=honba, riichi_sticks=sticks))
    assert base.is_win == more.is_win
    if base.is_win:
        # 300 per honba in all (a ron: from the discarder; a tsumo: 100 from each of three)
        assert more.payment.total - base.payment.total == 300 * honba + 1000 * sticks
        assert (more.han, more.fu, more.yaku) == (base.han, base.fu, base.yaku)


@settings(max_examples=300, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_order_of_tiles_does_not_matter(seed: int, rnd: random.Random) -> None:
    sit = _win(seed)
    shuffled = list(sit.concealed)
    rnd.shuffle(shuffled)
    a, b = score(sit), score(replace(sit, concealed=tuple(shuffled)))
    assert (a.is_win, a.han, a.fu, a.yaku, a.payment) == (b.is_win, b.han, b.fu, b.yaku, b.payment)


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(0, 33))
def test_another_dora_indicator_never_lowers_the_value(seed: int, kind: int) -> None:
    sit = _win(seed)
    shown = [t.kind for t in (*sit.all_tiles(), *sit.dora_indicators, *sit.ura_indicators)]
    assume(shown.count(kind) < 4)  # a fifth copy cannot be an indicator (HandError)
    assume(len(sit.dora_indicators) < 5)  # a sixth indicator cannot be (at most 5)
    a = score(sit)
    b = score(replace(sit, dora_indicators=(*sit.dora_indicators, Tile(kind))))
    assert a.is_win == b.is_win
    if a.is_win:
        assert b.han >= a.han and b.payment.total >= a.payment.total


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_dealer_is_paid_more_and_tsumo_totals_match_the_basic_points(seed: int) -> None:
    sit = replace(_win(seed), honba=0, riichi_sticks=0)
    child = score(replace(sit, seat_wind=1, tenhou=False, chiihou=False))
    dealer = score(replace(sit, seat_wind=0, tenhou=False, chiihou=False))
    if not (child.is_win and dealer.is_win) or child.yaku != dealer.yaku:
        return  # the seat wind changed the yaku (a wind triplet): nothing to compare
    b = child.basic
    up = lambda x: -(-x // 100) * 100  # noqa: E731
    if sit.tsumo:
        assert child.payment.total == up(2 * b) + 2 * up(b)
        assert dealer.payment.total == 3 * up(2 * dealer.basic)
    else:
        assert child.payment.total == up(4 * b)
        assert dealer.payment.total == up(6 * dealer.basic)
