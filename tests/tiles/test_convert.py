"""Conversions between notations (convert.py) and rendering (render.py).

The expected tables below are written from outside facts, not from the code:

* Tenhou codes: 11-19 = 1m-9m, 21-29 = 1p-9p, 31-39 = 1s-9s, 41-47 = E S W N white green red,
  51/52/53 = red 5m/5p/5s.
* mjai names: 1m..9m, 1p.., 1s.., 5mr/5pr/5sr red, E S W N, P white, F green, C red dragon.
* Unicode (checked a second time against Python's own ``unicodedata`` names):
  U+1F000-1F003 E S W N, 1F004 red dragon, 1F005 green, 1F006 white, 1F007-1F00F characters,
  1F010-1F018 bamboo (s), 1F019-1F021 circles (p), 1F022 plum, 1F023 orchid, 1F024 bamboo,
  1F025 chrysanthemum, 1F026-1F029 spring summer autumn winter.
* 136 ids: id // 4 = kind; in the one-red-per-suit set ids 16, 52, 88 are the red fives.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrows import NotationError
from sparrows.tiles import (
    TABLE,
    Colour,
    Tile,
    format_tile,
    from_id136,
    from_mjai,
    from_tenhou,
    from_unicode,
    parse_tiles,
    render_tile,
    render_tiles,
    riichi_set,
    to_ids136,
    to_mjai,
    to_tenhou,
    to_unicode,
)

R = Colour.RED


def one(mpsz: str) -> Tile:
    (tile,) = parse_tiles(mpsz)
    return tile


# --------------------------------------------------------------------------- expected tables

EXPECTED_TENHOU: dict[int, str] = {}
for _s, _letter in enumerate("mps"):
    for _n in range(1, 10):
        EXPECTED_TENHOU[(_s + 1) * 10 + _n] = f"{_n}{_letter}"
EXPECTED_TENHOU.update({41: "1z", 42: "2z", 43: "3z", 44: "4z", 45: "5z", 46: "6z", 47: "7z"})
EXPECTED_TENHOU.update({51: "0m", 52: "0p", 53: "0s"})

EXPECTED_MJAI: dict[str, str] = {f"{n}{s}": f"{n}{s}" for s in "mps" for n in range(1, 10)}
EXPECTED_MJAI.update({"5mr": "0m", "5pr": "0p", "5sr": "0s"})
EXPECTED_MJAI.update({"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"})

EXPECTED_UNICODE: dict[int, str] = {
    0x1F000: "1z",
    0x1F001: "2z",
    0x1F002: "3z",
    0x1F003: "4z",
    0x1F004: "7z",  # red dragon
    0x1F005: "6z",  # green dragon
    0x1F006: "5z",  # white dragon
    0x1F022: "1f",  # plum
    0x1F023: "2f",  # orchid
    0x1F024: "4f",  # bamboo
    0x1F025: "3f",  # chrysanthemum
    0x1F026: "1h",
    0x1F027: "2h",
    0x1F028: "3h",
    0x1F029: "4h",
}
for _n in range(1, 10):
    EXPECTED_UNICODE[0x1F007 + _n - 1] = f"{_n}m"
    EXPECTED_UNICODE[0x1F010 + _n - 1] = f"{_n}s"
    EXPECTED_UNICODE[0x1F019 + _n - 1] = f"{_n}p"

NUMBER_WORDS = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
UNICODE_NAME: dict[str, str] = {
    **{f"{n + 1}m": f"MAHJONG TILE {w} OF CHARACTERS" for n, w in enumerate(NUMBER_WORDS)},
    **{f"{n + 1}p": f"MAHJONG TILE {w} OF CIRCLES" for n, w in enumerate(NUMBER_WORDS)},
    **{f"{n + 1}s": f"MAHJONG TILE {w} OF BAMBOOS" for n, w in enumerate(NUMBER_WORDS)},
    "1z": "MAHJONG TILE EAST WIND",
    "2z": "MAHJONG TILE SOUTH WIND",
    "3z": "MAHJONG TILE WEST WIND",
    "4z": "MAHJONG TILE NORTH WIND",
    "5z": "MAHJONG TILE WHITE DRAGON",
    "6z": "MAHJONG TILE GREEN DRAGON",
    "7z": "MAHJONG TILE RED DRAGON",
    "1f": "MAHJONG TILE PLUM",
    "2f": "MAHJONG TILE ORCHID",
    "3f": "MAHJONG TILE CHRYSANTHEMUM",
    "4f": "MAHJONG TILE BAMBOO",
    "1h": "MAHJONG TILE SPRING",
    "2h": "MAHJONG TILE SUMMER",
    "3h": "MAHJONG TILE AUTUMN",
    "4h": "MAHJONG TILE WINTER",
}


def expected_id136(mpsz: str) -> int | None:
    """The first id of a face in the one-red-per-suit 136 set."""
    red_ids = {"0m": 16, "0p": 52, "0s": 88}
    if mpsz in red_ids:
        return red_ids[mpsz]
    tile = one(mpsz)
    if tile.kind >= 34:
        return None
    # plain fives start after their red copy
    return tile.kind * 4 + (1 if mpsz in ("5m", "5p", "5s") else 0)


def test_expected_tables_are_complete() -> None:
    assert len(EXPECTED_TENHOU) == 27 + 7 + 3
    assert len(EXPECTED_MJAI) == 27 + 3 + 7
    assert len(EXPECTED_UNICODE) == 42
    assert sorted(EXPECTED_UNICODE) == list(range(0x1F000, 0x1F02A))
    assert len(UNICODE_NAME) == 42


# --------------------------------------------------------------------------- TABLE rows


def test_table_covers_every_face_once() -> None:
    faces = [row.tile for row in TABLE]
    assert len(faces) == len(set(faces)) == 42 + 3
    assert {t.kind for t in faces} == set(range(42))
    assert {t for t in faces if t.red} == {Tile(4, R), Tile(13, R), Tile(22, R)}
    assert {row.tenhou for row in TABLE if row.tenhou is not None} == set(EXPECTED_TENHOU)
    assert {row.mjai for row in TABLE if row.mjai is not None} == set(EXPECTED_MJAI)
    assert {ord(row.unicode) for row in TABLE} == set(EXPECTED_UNICODE)


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.mpsz)
def test_table_row_against_outside_facts(row) -> None:  # type: ignore[no-untyped-def]
    tile = row.tile
    assert one(row.mpsz) == tile
    assert format_tile(tile) == row.mpsz
    assert row.kind == tile.kind
    assert row.id136 == expected_id136(row.mpsz)

    tenhou = {v: k for k, v in EXPECTED_TENHOU.items()}.get(row.mpsz)
    assert row.tenhou == tenhou
    mjai = {v: k for k, v in EXPECTED_MJAI.items()}.get(row.mpsz)
    assert row.mjai == mjai

    plain = format_tile(Tile(tile.kind))  # a red five has the ordinary five's glyph
    assert EXPECTED_UNICODE[ord(row.unicode)] == plain
    assert unicodedata.name(row.unicode) == UNICODE_NAME[plain]


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.mpsz)
def test_table_row_both_ways(row) -> None:  # type: ignore[no-untyped-def]
    tile = row.tile
    if row.tenhou is not None:
        assert to_tenhou(tile) == row.tenhou
        assert from_tenhou(row.tenhou) == tile
    else:
        with pytest.raises(NotationError):
            to_tenhou(tile)
    if row.mjai is not None:
        assert to_mjai(tile) == row.mjai
        assert from_mjai(row.mjai) == tile
    else:
        with pytest.raises(NotationError):
            to_mjai(tile)
    assert to_unicode(tile) == row.unicode
    assert from_unicode(row.unicode) == Tile(tile.kind)  # glyphs carry no colour
    if row.id136 is not None:
        assert from_id136(row.id136) == tile
        assert to_ids136([tile]) == [row.id136]
        assert row.id136 // 4 == tile.kind


# --------------------------------------------------------------------------- each notation


@pytest.mark.parametrize(("code", "mpsz"), sorted(EXPECTED_TENHOU.items()))
def test_tenhou(code: int, mpsz: str) -> None:
    assert from_tenhou(code) == one(mpsz)
    assert to_tenhou(one(mpsz)) == code


@pytest.mark.parametrize(("name", "mpsz"), sorted(EXPECTED_MJAI.items()))
def test_mjai(name: str, mpsz: str) -> None:
    assert from_mjai(name) == one(mpsz)
    assert to_mjai(one(mpsz)) == name


@pytest.mark.parametrize(("code", "mpsz"), sorted(EXPECTED_UNICODE.items()))
def test_unicode(code: int, mpsz: str) -> None:
    assert from_unicode(chr(code)) == one(mpsz)
    assert to_unicode(one(mpsz)) == chr(code)
    assert unicodedata.name(chr(code)) == UNICODE_NAME[mpsz]


def test_red_fives_share_the_glyph_of_fives() -> None:
    for red, plain in (("0m", "5m"), ("0p", "5p"), ("0s", "5s")):
        assert to_unicode(one(red)) == to_unicode(one(plain))


@pytest.mark.parametrize("code", [0, 10, 20, 30, 40, 48, 50, 54, 55, 99, -11])
def test_bad_tenhou_codes(code: int) -> None:
    with pytest.raises(NotationError):
        from_tenhou(code)


@pytest.mark.parametrize("name", ["Z", "", "0m", "5zr", "1z", "e", "Wh", "10m", "5m r"])
def test_bad_mjai_names(name: str) -> None:
    with pytest.raises(NotationError):
        from_mjai(name)


@pytest.mark.parametrize("char", ["A", "", "1m", "\U0001f02a", "\U0001f02b", "\U0001efff"])
def test_bad_unicode(char: str) -> None:
    with pytest.raises(NotationError):
        from_unicode(char)


@pytest.mark.parametrize(
    "tile",
    [
        Tile(34),
        Tile(41),
        Tile(2, Colour.PURPLE),
        Tile(4, Colour.CYAN),
        Tile(13, Colour.GOLD),
        Tile(22, Colour.PLATINUM),
        Tile(24, Colour.BLUE),
        Tile(33, pocchi=True),
    ],
)
def test_tiles_without_tenhou_or_mjai_names(tile: Tile) -> None:
    with pytest.raises(NotationError):
        to_tenhou(tile)
    with pytest.raises(NotationError):
        to_mjai(tile)


@pytest.mark.parametrize("tile", [Tile(20, R), Tile(18, R), Tile(33, R)])
def test_to_tenhou_of_suzume_red_tiles_keeps_the_kind(tile: Tile) -> None:
    try:
        code = to_tenhou(tile)
    except NotationError:
        return
    assert code in EXPECTED_TENHOU
    assert one(EXPECTED_TENHOU[code]).kind == tile.kind


@pytest.mark.parametrize("tile", [Tile(20, R), Tile(18, R)])
def test_to_mjai_of_suzume_red_tiles_is_a_real_name(tile: Tile) -> None:
    try:
        name = to_mjai(tile)
    except NotationError:
        return
    assert name in EXPECTED_MJAI
    assert one(EXPECTED_MJAI[name]).kind == tile.kind


# --------------------------------------------------------------------------- 136 ids


@pytest.mark.parametrize("tile_id", [136, 137, -1, 1000])
def test_bad_ids(tile_id: int) -> None:
    with pytest.raises(NotationError):
        from_id136(tile_id)


def test_every_id_kind_and_red_fives() -> None:
    for i in range(136):
        tile = from_id136(i)
        assert tile.kind == i // 4
        assert tile.red == (i in (16, 52, 88))
        assert tile.colour in (Colour.NONE, R) and not tile.pocchi


@pytest.mark.parametrize("reds", [(1, 1, 1), (0, 0, 0), (4, 4, 4), (2, 0, 3)])
def test_id_round_trip(reds: tuple[int, int, int]) -> None:
    faces = [from_id136(i, reds) for i in range(136)]
    assert to_ids136(faces, reds) == list(range(136))
    assert sum(t.red for t in faces) == sum(reds)
    for suit, base in enumerate((16, 52, 88)):
        assert [t.red for t in faces[base : base + 4]] == [c < reds[suit] for c in range(4)]
    assert tuple(faces) == riichi_set(reds).tiles


def test_reds_with_no_red_copies() -> None:
    assert from_id136(16, (0, 0, 0)) == Tile(4)
    assert to_ids136([Tile(4)] * 4, (0, 0, 0)) == [16, 17, 18, 19]
    with pytest.raises(NotationError):
        to_ids136([Tile(4, R)], (0, 0, 0))


def test_ids_are_distinct_per_copy() -> None:
    assert to_ids136(parse_tiles("1111m")) == [0, 1, 2, 3]
    assert to_ids136(parse_tiles("5505m")) == [17, 18, 16, 19]
    assert to_ids136(parse_tiles("0p0s7z")) == [52, 88, 132]


@pytest.mark.parametrize(
    "text",
    [
        "11111m",  # five copies
        "00m",  # only one red 5m with default reds
        "5555m",  # only three plain 5m with default reds
        "1f",  # bonus tiles are not in the 136 set
        "3Pm",  # nor special tiles
        "5!z",
    ],
)
def test_to_ids136_rejects_impossible_tiles(text: str) -> None:
    with pytest.raises(NotationError):
        to_ids136(parse_tiles(text))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(1, 1, 1), (0, 0, 0), (4, 4, 4), (0, 2, 1)]).flatmap(
        lambda reds: st.tuples(
            st.just(reds), st.lists(st.integers(0, 135), unique=True, max_size=40)
        )
    )
)
def test_ids_faces_ids(args: tuple[tuple[int, int, int], list[int]]) -> None:
    reds, ids = args
    faces = [from_id136(i, reds) for i in ids]
    new_ids = to_ids136(faces, reds)
    assert len(set(new_ids)) == len(new_ids)
    assert [from_id136(i, reds) for i in new_ids] == faces
    assert [i // 4 for i in new_ids] == [i // 4 for i in ids]


def test_against_the_mahjong_library() -> None:
    """The `mahjong` package (a dev dependency) is an independent implementation."""
    constants = pytest.importorskip("mahjong.constants")
    tile_mod = pytest.importorskip("mahjong.tile")
    assert (constants.FIVE_RED_MAN, constants.FIVE_RED_PIN, constants.FIVE_RED_SOU) == (16, 52, 88)
    converter = tile_mod.TilesConverter
    for i in range(136):
        theirs = converter.to_one_line_string([i], print_aka_dora=True)
        assert format_tile(from_id136(i)) == theirs
    ids = converter.string_to_136_array(man="1230", pin="55", honors="77", has_aka_dora=True)
    assert sorted(from_id136(i) for i in ids) == sorted(parse_tiles("1230m55p77z"))


# --------------------------------------------------------------------------- rendering


def test_render_ascii() -> None:
    assert render_tile(one("5m")) == "5m"
    assert render_tile(one("0p")) == "0p"
    assert render_tile(one("7z")) == "7z"
    assert render_tile(one("3Ps")) == "3Ps"
    assert render_tiles(parse_tiles("12m0p")) == "1m 2m 0p"
    assert render_tiles(parse_tiles("12m"), sep="") == "1m2m"


def test_render_ascii_suzume_dialect() -> None:
    assert render_tile(Tile(19, R), dialect="suzume") == "2*"
    assert render_tile(Tile(32), dialect="suzume") == "g"


def test_render_color_wraps_coloured_tiles_in_ansi() -> None:
    red = render_tile(one("0m"), color=True)
    assert red.startswith("\x1b[") and red.endswith("\x1b[0m")
    assert "0m" in red
    assert "\x1b[31m" in red  # ANSI red foreground
    # plain tiles stay plain
    assert render_tile(one("5m"), color=True) == "5m"
    # every special tile is highlighted somehow
    for text in ("3Pm", "7Bs", "5Cm", "5Gp", "5Ts", "6!z"):
        out = render_tile(one(text), color=True)
        assert out.startswith("\x1b[") and out.endswith("\x1b[0m") and text in out


def test_render_unicode() -> None:
    assert render_tile(one("1m"), style="unicode") == "\U0001f007"
    assert render_tile(one("9p"), style="unicode") == "\U0001f021"
    assert render_tile(one("1s"), style="unicode") == "\U0001f010"
    assert render_tile(one("7z"), style="unicode") == "\U0001f004"
    assert render_tile(one("1f"), style="unicode") == "\U0001f022"
    assert render_tiles(parse_tiles("1z5z"), style="unicode") == "\U0001f000 \U0001f006"


def test_render_unicode_red_five() -> None:
    glyph = "\U0001f00b"  # five of characters
    plain = render_tile(one("5m"), style="unicode")
    assert plain == glyph
    red = render_tile(one("0m"), style="unicode")
    assert red.startswith(glyph) and red != glyph  # the colour stays visible without ANSI
    coloured = render_tile(one("0m"), style="unicode", color=True)
    assert coloured == f"\x1b[31m{glyph}\x1b[0m"
