"""Physical tile sets (tile.py): sizes, red and special copies, and TileSet.check.

Expected sizes are the well-known ones: Suzume-Jong 44 (bamboo 1-9 and the green and red
dragons, four each), Sichuan 108 (three suits, no honours), riichi 136, Hong Kong 144
(136 + one of each of the 4 flowers and 4 seasons).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows import NotationError
from sparrows.tiles import (
    TILE_SETS,
    Colour,
    Tile,
    TileSet,
    classical_set,
    hongkong_set,
    house_set,
    parse_tiles,
    riichi_set,
    sichuan_set,
    suzume_set,
)

R = Colour.RED
STANDARD = range(34)


def kind_counts(ts: TileSet) -> Counter[int]:
    return Counter(t.kind for t in ts.tiles)


def reds(ts: TileSet) -> list[Tile]:
    return [t for t in ts.tiles if t.red]


def specials(ts: TileSet) -> list[Tile]:
    return [t for t in ts.tiles if t.special]


# --------------------------------------------------------------------------- sizes


@pytest.mark.parametrize(
    ("factory", "size"),
    [
        (suzume_set, 44),
        (sichuan_set, 108),
        (riichi_set, 136),
        (house_set, 136),
        (hongkong_set, 144),
        (classical_set, 144),
        (lambda: classical_set(bonus=False), 136),
        (lambda: riichi_set((0, 0, 0)), 136),
        (lambda: riichi_set((4, 4, 4)), 136),
    ],
)
def test_sizes(factory, size: int) -> None:  # type: ignore[no-untyped-def]
    ts = factory()
    assert len(ts) == size
    assert len(ts.tiles) == size


def test_registry() -> None:
    assert set(TILE_SETS) == {"suzume", "sichuan", "riichi", "house", "hongkong", "classical"}
    sizes = {name: len(factory()) for name, factory in TILE_SETS.items()}
    assert sizes == {
        "suzume": 44,
        "sichuan": 108,
        "riichi": 136,
        "house": 136,
        "hongkong": 144,
        "classical": 144,
    }


# --------------------------------------------------------------------------- Suzume


def test_suzume_set() -> None:
    ts = suzume_set()
    counts = kind_counts(ts)
    # bamboo 1-9 (kinds 18-26), green (32) and red (33) dragons, four of each
    assert set(counts) == set(range(18, 27)) | {32, 33}
    assert all(n == 4 for n in counts.values())
    assert ts.kinds == frozenset(counts)
    red = reds(ts)
    assert len(red) == 13
    # one red copy of every number, and all four red dragons
    assert Counter(t.kind for t in red) == Counter({**{k: 1 for k in range(18, 27)}, 33: 4})
    assert ts.copies(Tile(33, R)) == 4 and ts.copies(Tile(33)) == 0
    assert ts.copies(Tile(32)) == 4
    for k in range(18, 27):
        assert ts.copies(Tile(k, R)) == 1
        assert ts.copies(Tile(k)) == 3
        assert ts.kind_copies(k) == 4
    assert not specials(ts)


def test_suzume_check_red_copies() -> None:
    ts = suzume_set()
    ts.check([Tile(20, R)])  # one red 3s: fine
    ts.check([Tile(20, R), Tile(20), Tile(20), Tile(20)])
    with pytest.raises(NotationError):
        ts.check([Tile(20, R), Tile(20, R)])  # there is only one red 3s
    with pytest.raises(NotationError):
        ts.check([Tile(20)] * 4)  # only three plain 3s
    with pytest.raises(NotationError):
        ts.check([Tile(0)])  # no characters at all
    with pytest.raises(NotationError):
        ts.check([Tile(33)])  # the red dragon is always red
    with pytest.raises(NotationError):
        ts.check([Tile(33, R)] * 5)


def test_check_reports_the_text() -> None:
    with pytest.raises(NotationError) as info:
        suzume_set().check([Tile(20, R)] * 2, "3*3*")
    assert info.value.text == "3*3*"
    assert "3*3*" in str(info.value)


# --------------------------------------------------------------------------- Sichuan


def test_sichuan_set() -> None:
    ts = sichuan_set()
    counts = kind_counts(ts)
    assert set(counts) == set(range(27))
    assert all(n == 4 for n in counts.values())
    assert not reds(ts) and not specials(ts)
    with pytest.raises(NotationError):
        ts.check(parse_tiles("1z"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("0m"))
    ts.check(parse_tiles("1111m999s"))


# --------------------------------------------------------------------------- riichi


def test_riichi_default_has_one_red_five_per_suit() -> None:
    ts = riichi_set()
    assert Counter(kind_counts(ts).values()) == Counter({4: 34})
    assert reds(ts) == [Tile(4, R), Tile(13, R), Tile(22, R)]
    # Tenhou ids: the red fives are 16, 52 and 88, and id // 4 is the kind
    assert [i for i, t in enumerate(ts.tiles) if t.red] == [16, 52, 88]
    assert all(t.kind == i // 4 for i, t in enumerate(ts.tiles))
    assert ts.copies(Tile(4)) == 3 and ts.kind_copies(4) == 4
    assert not specials(ts)
    assert ts.name == "riichi"


def test_riichi_without_reds() -> None:
    ts = riichi_set((0, 0, 0))
    assert not reds(ts)
    assert Counter(kind_counts(ts).values()) == Counter({4: 34})
    with pytest.raises(NotationError):
        ts.check(parse_tiles("0m"))
    ts.check(parse_tiles("5555m"))
    assert ts.name != riichi_set().name


def test_riichi_all_reds() -> None:
    ts = riichi_set((4, 4, 4))
    red = reds(ts)
    assert len(red) == 12
    assert Counter(t.kind for t in red) == Counter({4: 4, 13: 4, 22: 4})
    assert ts.copies(Tile(4)) == 0
    ts.check(parse_tiles("0000m"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("5m"))


@pytest.mark.parametrize("bad", [(1, 1), (1, 1, 1, 1), (5, 0, 0), (-1, 0, 0)])
def test_riichi_bad_reds(bad: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        riichi_set(bad)


def test_riichi_check() -> None:
    ts = riichi_set()
    ts.check(parse_tiles("123m406p789s11122z"))
    ts.check(parse_tiles("0555m"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("00m"))  # one red 5m
    with pytest.raises(NotationError):
        ts.check(parse_tiles("5555m"))  # three plain 5m
    with pytest.raises(NotationError):
        ts.check(parse_tiles("11111z"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("1f"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("3Pm"))


# --------------------------------------------------------------------------- house


HOUSE_SPECIALS = {
    Tile(2, Colour.PURPLE),  # 3m
    Tile(11, Colour.PURPLE),  # 3p
    Tile(20, Colour.PURPLE),  # 3s
    Tile(6, Colour.BLUE),  # 7m
    Tile(15, Colour.BLUE),  # 7p
    Tile(24, Colour.BLUE),  # 7s
    Tile(4, Colour.CYAN),  # 5m
    Tile(13, Colour.GOLD),  # 5p
    Tile(22, Colour.PLATINUM),  # 5s
    Tile(31, pocchi=True),  # 5z
    Tile(32, pocchi=True),  # 6z
    Tile(33, pocchi=True),  # 7z
}


def test_house_set() -> None:
    ts = house_set()
    assert Counter(kind_counts(ts).values()) == Counter({4: 34})
    special = specials(ts)
    assert len(special) == 12
    assert set(special) == HOUSE_SPECIALS
    for tile in HOUSE_SPECIALS:
        assert ts.copies(tile) == 1
        assert ts.copies(Tile(tile.kind)) == 3
        assert ts.kind_copies(tile.kind) == 4
    assert not reds(ts)


def test_house_specials_parse_from_mpsz() -> None:
    tiles = parse_tiles("3P7B5Cm3P5G7Bp3P5T7Bs5!6!7!z")
    assert set(tiles) == HOUSE_SPECIALS
    house_set().check(tiles)


def test_house_check() -> None:
    ts = house_set()
    ts.check(parse_tiles("3P33m"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("3P3Pm"))  # unique
    with pytest.raises(NotationError):
        ts.check(parse_tiles("3333m"))  # one of the four 3m is purple
    with pytest.raises(NotationError):
        ts.check(parse_tiles("0m"))  # no red fives in the house set


# --------------------------------------------------------------------------- Hong Kong / classical


def test_hongkong_set() -> None:
    ts = hongkong_set()
    counts = kind_counts(ts)
    assert all(counts[k] == 4 for k in STANDARD)
    assert all(counts[k] == 1 for k in range(34, 42))
    assert set(counts) == set(range(42))
    assert not reds(ts) and not specials(ts)
    ts.check(parse_tiles("1234f1234h"))
    with pytest.raises(NotationError):
        ts.check(parse_tiles("11f"))


def test_classical_set() -> None:
    with_bonus = classical_set()
    without = classical_set(bonus=False)
    assert kind_counts(with_bonus) == kind_counts(hongkong_set())
    counts = kind_counts(without)
    assert set(counts) == set(STANDARD)
    assert all(n == 4 for n in counts.values())
    assert with_bonus.name != without.name
    with pytest.raises(NotationError):
        without.check(parse_tiles("1f"))
    with_bonus.check(parse_tiles("1f"))


# --------------------------------------------------------------------------- check, property


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(sorted(TILE_SETS)).flatmap(
        lambda name: st.tuples(st.just(name), st.permutations(TILE_SETS[name]().tiles))
    )
)
def test_any_draw_from_a_set_passes_its_check(args: tuple[str, list[Tile]]) -> None:
    name, shuffled = args
    ts = TILE_SETS[name]()
    ts.check(shuffled[:14])
    ts.check(shuffled)  # the whole box is fine
    with pytest.raises(NotationError):
        ts.check([*shuffled, shuffled[0]])  # one tile too many of that face


def test_ids_of() -> None:
    assert riichi_set().ids_of(Tile(4, R)) == [16]
    assert riichi_set().ids_of(Tile(4)) == [17, 18, 19]
    assert suzume_set().ids_of(Tile(0)) == []
