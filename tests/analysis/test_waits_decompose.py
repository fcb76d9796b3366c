"""Decompositions, waits, ukeire and discard options, on hands worked by hand."""

from __future__ import annotations

import pytest

from sparrows.analysis import (
    SUZUME,
    BlockType,
    HandShape,
    decompose,
    discard_options,
    is_complete,
    ukeire,
    waits,
)
from sparrows.errors import AnalysisError
from sparrows.tiles import parse_tiles
from tests.conftest import counts

R, T, P = BlockType.RUN, BlockType.TRIPLET, BlockType.PAIR


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def test_triplets_or_runs() -> None:
    ds = decompose(counts("111222333m456p77z"))
    got = {d.blocks for d in ds}
    assert got == {
        ((R, 12), (T, 0), (T, 1), (T, 2), (P, 33)),
        ((R, 0), (R, 0), (R, 0), (R, 12), (P, 33)),
    }


def test_ryanpeikou_shape_has_three_standard_readings_and_seven_pairs() -> None:
    ds = decompose(counts("22334455667788p"))
    standard = {d.blocks for d in ds if d.shape is HandShape.STANDARD}
    # 234 234 567 567 88 / 22 345 345 678 678 / 234 234 55 678 678
    assert standard == {
        ((R, 10), (R, 10), (R, 13), (R, 13), (P, 16)),
        ((R, 11), (R, 11), (R, 14), (R, 14), (P, 10)),
        ((R, 10), (R, 10), (R, 14), (R, 14), (P, 13)),
    }
    assert [d.shape for d in ds].count(HandShape.SEVEN_PAIRS) == 1


def test_thirteen_orphans_reading() -> None:
    (d,) = decompose(counts("19m19p19s12345677z"))
    assert d.shape is HandShape.THIRTEEN_ORPHANS and d.pair == 33


def test_incomplete_and_four_of_a_kind() -> None:
    assert decompose(counts("123m456p789s1122z")) == []
    # 1111 can be 111 + 123 ... with 23m present: 111m 123m 456p 789s 11z
    ds = decompose(counts("111123m456p789s11z"[:-3] + "1z1z"))
    assert ds and all(d.shape is HandShape.STANDARD for d in ds)
    # seven pairs never uses four of a kind unless identical pairs are allowed
    assert not any(d.shape is HandShape.SEVEN_PAIRS for d in decompose(counts("11112233445566z")))


def test_suzume_two_sets_no_pair() -> None:
    ds = decompose(counts("234666s"), SUZUME)
    assert [d.blocks for d in ds] == [((R, 19), (T, 23))]
    assert is_complete(counts("666s777z"), SUZUME)
    assert not is_complete(counts("66s777z"), SUZUME)


def test_bad_decompose_input() -> None:
    with pytest.raises(AnalysisError):
        decompose([5] + [0] * 33)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1112345678999m", "123456789m"),  # nine gates: nine waits
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # 13-sided
        ("123m456p789s1122z", "12z"),  # shanpon
        ("123m456p789s11z45m"[:0] + "123m456p789s45m11z", "36m"),  # ryanmen
        ("1234m", "14m"),  # 123 + 4 tanki, or 1 tanki + 234
        ("1111m234p567s789s", ""),  # no wait: the pair tile would be a fifth 1m
        ("1122334455667z", "7z"),  # seven pairs tanki
    ],
)
def test_waits(hand: str, expected: str) -> None:
    assert waits(counts(hand)) == kinds(expected)


def test_suzume_waits() -> None:
    assert waits(counts("23466s"), SUZUME) == kinds("6s")
    assert waits(counts("234s66z"), SUZUME) == kinds("6z")  # 234 + gg -> ggg
    assert waits(counts("23456s"), SUZUME) == kinds("147s")


def test_ukeire_counts_unseen_tiles() -> None:
    u = ukeire(counts("123m456p789s1122z"))
    assert u.shanten == 0 and u.tiles == {27: 2, 28: 2} and u.total == 4
    seen = counts("1z5z")
    u = ukeire(counts("123m456p789s1122z"), visible=seen)
    assert u.tiles == {27: 1, 28: 2}


def test_ukeire_one_shanten() -> None:
    # 123m 456p 789s 11z 5z 7z: 1-shanten. A third 1z makes a fourth set (tanki on 5z or
    # 7z); a second 5z or 7z makes a pair beside 11z (shanpon). Nothing else helps.
    u = ukeire(counts("123m456p789s1157z"))
    assert u.shanten == 1
    assert u.tiles == {27: 2, 31: 3, 33: 3}


def test_discard_options_order() -> None:
    opts = discard_options(counts("123m456p789s11257z"))
    # Discarding 2z, 5z or 7z leaves 123m456p789s11z + two honours singles -> tenpai?
    # 123m 456p 789s 11z + two singles: not tenpai (needs set + pair from singles).
    # The best is any honour single: shanten 1, accepting 1z x2 and the other two singles x3.
    best = opts[0]
    assert (best.shanten, best.total) == (1, 8)
    assert {o.discard for o in opts if (o.shanten, o.total) == (1, 8)} == {28, 31, 33}
    assert next(o for o in opts if o.discard == 27).shanten == 2
    assert opts == sorted(opts, key=lambda o: (o.shanten, -o.total, o.discard))


def test_improvers_fast_path_agrees_with_one_analysis_per_draw() -> None:
    """``improvers`` combines the unchanged groups once per draw; it must give what
    analysing every one-tile draw from scratch gives (riichi, Sichuan, Suzume forms)."""
    import random

    from sparrows.analysis import RIICHI, SICHUAN, Form, analyse
    from sparrows.analysis.waits import _improvers

    def slow(c: list[int], form: Form, kinds: list[int]) -> tuple[int, tuple[int, ...]]:
        base = analyse(c, form).value
        out = []
        for k in kinds:
            if c[k] < 4:
                c[k] += 1
                if analyse(c, form).value < base:
                    out.append(k)
                c[k] -= 1
        return base, tuple(out)

    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    for size in (13, 10, 7, 4, 1):
        for _ in range(300):
            c = [0] * 34
            for t in rng.sample(wall, size):
                c[t] += 1
            for form in (RIICHI, SICHUAN):
                assert _improvers(bytes(c), form, tuple(range(34)), None, 4, 0) == slow(
                    c, form, list(range(34))
                )
    kinds = [*range(18, 27), 32, 33]
    for _ in range(300):
        c = [0] * 34
        for t in rng.sample([k for k in kinds for _ in range(4)], 5):
            c[t] += 1
        assert _improvers(bytes(c), SUZUME, tuple(kinds), None, 4, 0) == slow(c, SUZUME, kinds)
