"""mpsz / Suzume notation: parsing, formatting, errors, hands and melds.

Expected values come from the notation's definition (kinds 0-8 = 1-9m, 9-17 = 1-9p,
18-26 = 1-9s, 27-33 = 1-7z, 34-37 = 1-4f, 38-41 = 1-4h; ``0`` = red five), worked out by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sparrows
from sparrows import NotationError
from sparrows.tiles import (
    Colour,
    Hand,
    Meld,
    MeldType,
    Tile,
    check_tiles,
    counts34,
    format_hand,
    format_meld,
    format_tile,
    format_tiles,
    make_meld,
    parse_hand,
    parse_tiles,
    suzume_set,
)

R = Colour.RED


def kinds(text: str, dialect: str = "mpsz") -> list[int]:
    return [t.kind for t in parse_tiles(text, dialect)]  # type: ignore[arg-type]


def raises_at(call: Callable[[], object], position: int | None, *needles: str) -> NotationError:
    """Run ``call``; it must raise NotationError at ``position`` mentioning every needle."""
    with pytest.raises(NotationError) as info:
        call()
    err = info.value
    assert err.position == position
    message = str(err)
    if position is not None:
        assert str(position) in message
    for needle in needles:
        assert needle in message, (needle, message)
    return err


# ----------------------------------------------------------------------------- mpsz parsing


def test_error_class_is_exported_and_a_value_error() -> None:
    assert sparrows.NotationError is NotationError
    assert issubclass(NotationError, ValueError)
    assert issubclass(NotationError, sparrows.SparrowsError)


def test_parse_mixed_suits_with_red_five() -> None:
    tiles = parse_tiles("123m406p789s1234z")
    assert [t.kind for t in tiles] == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 28, 29, 30]
    assert tiles[4] == Tile(13, Colour.RED)
    assert tiles[4].red
    assert [t for t in tiles if t.colour is not Colour.NONE] == [Tile(13, R)]


def test_parse_honours() -> None:
    assert kinds("1234567z") == [27, 28, 29, 30, 31, 32, 33]


def test_parse_bonus_tiles() -> None:
    assert kinds("1234f") == [34, 35, 36, 37]
    assert kinds("1f2f3f4f") == [34, 35, 36, 37]
    assert kinds("1234h") == [38, 39, 40, 41]


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("1m", Tile(0)),
        ("9m", Tile(8)),
        ("1p", Tile(9)),
        ("9p", Tile(17)),
        ("1s", Tile(18)),
        ("9s", Tile(26)),
        ("5z", Tile(31)),
        ("7z", Tile(33)),
        ("0m", Tile(4, R)),
        ("0p", Tile(13, R)),
        ("0s", Tile(22, R)),
        ("5*m", Tile(4, R)),
        ("5*p", Tile(13, R)),
        ("5*s", Tile(22, R)),
        ("3Pm", Tile(2, Colour.PURPLE)),
        ("3Pp", Tile(11, Colour.PURPLE)),
        ("3Ps", Tile(20, Colour.PURPLE)),
        ("7Bm", Tile(6, Colour.BLUE)),
        ("7Bp", Tile(15, Colour.BLUE)),
        ("7Bs", Tile(24, Colour.BLUE)),
        ("5Cm", Tile(4, Colour.CYAN)),
        ("5Gp", Tile(13, Colour.GOLD)),
        ("5Ts", Tile(22, Colour.PLATINUM)),
        ("5!z", Tile(31, pocchi=True)),
        ("6!z", Tile(32, pocchi=True)),
        ("7!z", Tile(33, pocchi=True)),
    ],
)
def test_parse_single_tile_and_suffixes(text: str, tile: Tile) -> None:
    assert parse_tiles(text) == [tile]


def test_star_on_five_is_the_same_as_zero() -> None:
    assert parse_tiles("5*m5*p5*s") == parse_tiles("0m0p0s")
    assert parse_tiles("45*6m") == parse_tiles("406m")


def test_suffixes_inside_a_group() -> None:
    assert parse_tiles("23P4m") == [Tile(1), Tile(2, Colour.PURPLE), Tile(3)]
    assert parse_tiles("55!6!z") == [Tile(31), Tile(31, pocchi=True), Tile(32, pocchi=True)]
    assert parse_tiles("5C5*5m") == [Tile(4, Colour.CYAN), Tile(4, R), Tile(4)]


def test_special_tile_properties() -> None:
    assert not Tile(4).special and not Tile(4, R).special
    assert Tile(4, Colour.CYAN).special
    assert Tile(33, pocchi=True).special
    assert Tile(4, R).red and not Tile(4, Colour.CYAN).red


def test_whitespace_between_groups_is_ignored() -> None:
    assert parse_tiles("123m 456p\t7z") == parse_tiles("123m456p7z")
    assert parse_tiles("") == []
    assert parse_tiles("   ") == []


def test_tile_kind_out_of_range() -> None:
    with pytest.raises(ValueError):
        Tile(42)
    with pytest.raises(ValueError):
        Tile(-1)


# ----------------------------------------------------------------------------- formatting


@pytest.mark.parametrize(
    ("tile", "text"),
    [
        (Tile(0), "1m"),
        (Tile(13), "5p"),
        (Tile(4, R), "0m"),
        (Tile(13, R), "0p"),
        (Tile(22, R), "0s"),
        (Tile(27), "1z"),
        (Tile(33), "7z"),
        (Tile(34), "1f"),
        (Tile(37), "4f"),
        (Tile(38), "1h"),
        (Tile(41), "4h"),
        (Tile(2, Colour.PURPLE), "3Pm"),
        (Tile(24, Colour.BLUE), "7Bs"),
        (Tile(4, Colour.CYAN), "5Cm"),
        (Tile(13, Colour.GOLD), "5Gp"),
        (Tile(22, Colour.PLATINUM), "5Ts"),
        (Tile(32, pocchi=True), "6!z"),
    ],
)
def test_format_tile(tile: Tile, text: str) -> None:
    assert format_tile(tile) == text
    assert str(tile) == text
    assert text in repr(tile)


def test_format_tiles_groups_runs_of_one_suit() -> None:
    assert format_tiles([Tile(0), Tile(1), Tile(13)]) == "12m5p"
    assert format_tiles([Tile(0), Tile(9), Tile(1)]) == "1m1p2m"
    assert format_tiles([Tile(0), Tile(9), Tile(1)], sort=True) == "12m1p"
    assert format_tiles([]) == ""


def test_format_tiles_sorted_puts_plain_before_coloured() -> None:
    tiles = [Tile(4, R), Tile(4), Tile(33), Tile(3)]
    assert format_tiles(tiles, sort=True) == "450m7z"


def test_counts34() -> None:
    counts = counts34(parse_tiles("1123m0p7z"))
    assert len(counts) == 34
    assert counts[0] == 2 and counts[1] == 1 and counts[2] == 1
    assert counts[13] == 1 and counts[33] == 1
    assert sum(counts) == 6
    with pytest.raises(ValueError):
        counts34([Tile(34)])


# ----------------------------------------------------------------------------- Suzume dialect


def test_suzume_parse() -> None:
    tiles = parse_tiles("2*34 666", "suzume")
    assert tiles == [Tile(19, R), Tile(20), Tile(21), Tile(23), Tile(23), Tile(23)]
    for n in range(1, 10):
        assert parse_tiles(str(n), "suzume") == [Tile(18 + n - 1)]
        assert parse_tiles(f"{n}*", "suzume") == [Tile(18 + n - 1, R)]
    assert parse_tiles("g", "suzume") == [Tile(32)]
    assert parse_tiles("r", "suzume") == [Tile(33, R)]


def test_suzume_format() -> None:
    tiles = [Tile(19, R), Tile(20), Tile(32), Tile(33, R)]
    assert format_tiles(tiles, "suzume") == "2*3gr"
    assert format_tile(Tile(26), "suzume") == "9"


@pytest.mark.parametrize(
    "tile",
    [
        Tile(0),
        Tile(9),
        Tile(31),
        Tile(33),
        Tile(34),
        Tile(20, Colour.PURPLE),
        Tile(22, Colour.PLATINUM),
    ],
)
def test_suzume_format_rejects_other_tiles(tile: Tile) -> None:
    with pytest.raises(NotationError):
        format_tile(tile, "suzume")


def test_suzume_format_rejects_pocchi_green() -> None:
    with pytest.raises(NotationError):
        format_tile(Tile(32, pocchi=True), "suzume")


@pytest.mark.parametrize(
    ("text", "position", "needle"),
    [
        ("12m", 2, "'m'"),
        ("*2", 0, "'*'"),
        ("g*", 1, "'*'"),
        ("2 *", 2, "'*'"),
        ("2**", 2, "'*'"),
        ("0", 0, "'0'"),
        ("x", 0, "'x'"),
    ],
)
def test_suzume_errors(text: str, position: int, needle: str) -> None:
    raises_at(lambda: parse_tiles(text, "suzume"), position, needle)


def test_unknown_dialect() -> None:
    with pytest.raises(NotationError):
        parse_tiles("1m", "tenhou")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- mpsz errors


def test_unexpected_character_names_it_and_its_position() -> None:
    err = raises_at(lambda: parse_tiles("12x3m"), 2, "'x'")
    assert err.text == "12x3m"


def test_red_four_is_rejected_at_the_suffix() -> None:
    raises_at(lambda: parse_tiles("4*m"), 1, "4")


@pytest.mark.parametrize(
    ("text", "position", "needle"),
    [
        ("0z", 0, "0"),
        ("0f", 0, "0"),
        ("0h", 0, "0"),
        ("8z", 0, "8z"),
        ("9z", 0, "9z"),
        ("5f", 0, "5f"),
        ("5h", 0, "5h"),
        ("1238z", 3, "8z"),
    ],
)
def test_numbers_outside_a_suit(text: str, position: int, needle: str) -> None:
    raises_at(lambda: parse_tiles(text), position, needle)


@pytest.mark.parametrize(
    ("text", "position", "needle"),
    [
        ("*5m", 0, "'*'"),  # suffix before any digit
        ("5m*", 2, "'*'"),  # suffix after the suit letter
        ("5**m", 2, "'*'"),  # two suffixes
        ("5*Cm", 2, "'C'"),  # two different suffixes
        ("5 *m", 1, "space"),  # digit separated from its suffix (and its suit) by a space
        ("5*z", 1, "5z"),  # no red honours in mpsz
        ("3*s", 1, "3s"),  # only fives are red in mpsz
        ("1!z", 1, "'!'"),  # pocchi only on 5z-7z
        ("5!m", 1, "'!'"),
        ("5Pm", 1, "'P'"),  # purple only on threes
        ("3Pz", 1, "'P'"),
        ("7Bz", 1, "'B'"),  # blue only on suited sevens
        ("5Bp", 1, "'B'"),
        ("5Cp", 1, "'C'"),  # cyan only on 5m
        ("5Gm", 1, "'G'"),  # gold only on 5p
        ("5Tp", 1, "'T'"),  # platinum only on 5s
    ],
)
def test_misplaced_suffixes(text: str, position: int, needle: str) -> None:
    raises_at(lambda: parse_tiles(text), position, needle)


def test_suffix_on_a_red_zero_is_rejected() -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles("0*m")
    assert info.value.position in (0, 1)  # the '0' or the '*'


@pytest.mark.parametrize(("text", "position"), [("123", 2), ("1m23", 3), ("1", 0)])
def test_digits_without_suit(text: str, position: int) -> None:
    raises_at(lambda: parse_tiles(text), position, "suit")


def test_digits_before_a_space_need_a_suit() -> None:
    raises_at(lambda: parse_tiles("12 3m"), 2)


@pytest.mark.parametrize(("text", "position"), [("m", 0), ("12mp", 3), ("1m z", 3)])
def test_suit_letter_without_digits(text: str, position: int) -> None:
    raises_at(lambda: parse_tiles(text), position)


def test_non_ascii_digit_raises_notation_error() -> None:
    raises_at(lambda: parse_tiles("²m"), 0, "'²'")


def test_arabic_indic_digit_is_rejected() -> None:
    raises_at(lambda: parse_tiles("\u0663m"), 0)


# ----------------------------------------------------------------------------- hand checks


def test_five_copies_of_a_tile() -> None:
    raises_at(lambda: parse_hand("11111m"), None, "5", "1m")
    raises_at(lambda: parse_hand("00000p"), None, "5")
    raises_at(lambda: parse_hand("05*555m"), None, "5")  # red and plain fives are one kind


def test_four_copies_are_fine() -> None:
    assert len(parse_hand("1111m").concealed) == 4
    assert parse_hand("0000s").concealed == [Tile(22, R)] * 4


def test_too_many_tiles() -> None:
    fifteen = "123m456p789s111222z"
    assert len(parse_tiles(fifteen)) == 15
    raises_at(lambda: parse_hand(fifteen), None, "15", "14")
    # 14 tiles is the maximum, and max_tiles can be raised.
    assert len(parse_hand("123m456p789s11122z").concealed) == 14
    assert len(parse_hand(fifteen, max_tiles=15).concealed) == 15


def test_bonus_tiles_do_not_count_toward_hand_size_but_are_unique() -> None:
    hand = parse_hand("123m456p789s11122z1234f1234h")
    assert len(hand.concealed) == 14
    assert len(hand.bonus) == 8
    raises_at(lambda: parse_hand("11f"), None, "1f")
    raises_at(lambda: parse_hand("1h2h1h"), None, "1h")


def test_special_tiles_are_unique() -> None:
    raises_at(lambda: parse_hand("3P3Pm"), None, "3Pm")
    raises_at(lambda: parse_hand("5!z5!z"), None, "5!z")
    # one special copy alongside plain copies is fine
    assert parse_hand("3P33m").concealed == [Tile(2, Colour.PURPLE), Tile(2), Tile(2)]


def test_empty_hand() -> None:
    raises_at(lambda: parse_hand(""), None)
    raises_at(lambda: parse_hand("   "), None)


def test_check_tiles_directly() -> None:
    check_tiles(parse_tiles("1111m"))
    with pytest.raises(NotationError):
        check_tiles(parse_tiles("11111m"))
    check_tiles(parse_tiles("2*34", "suzume"), "suzume")
    with pytest.raises(NotationError):
        check_tiles(parse_tiles("2*2*", "suzume"), "suzume")


def test_suzume_hand_limits() -> None:
    hand = parse_hand("2*34 666", "suzume")
    assert [t.kind for t in hand.concealed] == [19, 20, 21, 23, 23, 23]
    raises_at(lambda: parse_hand("2*2*", "suzume"), None)  # one red 2 in the set
    raises_at(lambda: parse_hand("rrrrr", "suzume"), None)  # four red dragons
    raises_at(lambda: parse_hand("2222", "suzume"), None)  # three plain 2s
    assert len(parse_hand("2*222", "suzume").concealed) == 4
    assert len(parse_hand("rrrr gggg", "suzume").concealed) == 8


# ----------------------------------------------------------------------------- melds


def test_hand_with_melds() -> None:
    text = "123m406p11z [777z] [1111s<] (9999p)"
    # 8 concealed + three melds (a kong counts as 3) is 17: too many for a 14-tile hand.
    raises_at(lambda: parse_hand(text), None, "17", "14")
    hand = parse_hand(text, max_tiles=17)
    assert len(hand.concealed) == 8
    assert [t.kind for t in hand.concealed] == [0, 1, 2, 12, 13, 14, 27, 27]
    assert hand.concealed[4] == Tile(13, R)
    assert hand.bonus == []
    pon, kan, closed = hand.melds
    assert pon == Meld(MeldType.PON, (Tile(33),) * 3, None)
    assert kan.type is MeldType.OPEN_KAN and kan.source == 3 and kan.kinds == (18,) * 4
    assert closed.type is MeldType.CLOSED_KAN and closed.source is None
    assert closed.kinds == (17,) * 4
    assert hand.size == 17
    assert parse_hand(format_hand(hand), max_tiles=17) == hand


def test_legal_hand_with_three_melds() -> None:
    hand = parse_hand("123m40p [777z] [1111s<] (9999p)")
    assert len(hand.concealed) == 5
    assert hand.size == 14
    assert [m.type for m in hand.melds] == [MeldType.PON, MeldType.OPEN_KAN, MeldType.CLOSED_KAN]
    assert format_hand(hand) == "123m40p [777z] [1111s<] (9999p)"


def test_added_kan() -> None:
    hand = parse_hand("[5555p+]")
    (meld,) = hand.melds
    assert meld.type is MeldType.ADDED_KAN
    assert meld.is_kan and meld.opened
    assert meld.kinds == (13,) * 4
    assert format_meld(meld) == "[5555p+]"
    fed = parse_hand("[0555p+^]").melds[0]
    assert fed.type is MeldType.ADDED_KAN and fed.source == 2
    assert fed.tiles[0] == Tile(13, R)


def test_chi_is_from_the_left() -> None:
    (meld,) = parse_hand("[234s]").melds
    assert meld.type is MeldType.CHI
    assert meld.source == 3
    assert meld.kinds == (19, 20, 21)
    assert not meld.is_kan and meld.opened
    assert parse_hand("[234s<]").melds[0] == meld
    # a chi may be written in any order and include a red five
    assert parse_hand("[604p]").melds[0].type is MeldType.CHI


@pytest.mark.parametrize(("mark", "source"), [("", None), ("<", 3), ("^", 2), (">", 1)])
def test_pon_and_open_kan_sources(mark: str, source: int | None) -> None:
    pon = parse_hand(f"[222m{mark}]").melds[0]
    assert pon.type is MeldType.PON and pon.source == source
    kan = parse_hand(f"[2222m{mark}]").melds[0]
    assert kan.type is MeldType.OPEN_KAN and kan.source == source
    assert format_meld(pon) == f"[222m{mark}]"
    assert format_meld(kan) == f"[2222m{mark}]"


def test_closed_kan_is_not_opened() -> None:
    meld = parse_hand("(1111z)").melds[0]
    assert meld.type is MeldType.CLOSED_KAN
    assert meld.is_kan and not meld.opened
    assert format_meld(meld) == "(1111z)"


def test_bonus_tiles_land_in_bonus() -> None:
    hand = parse_hand("1f123m2h [777z]")
    assert hand.concealed == parse_tiles("123m")
    assert hand.bonus == [Tile(34), Tile(39)]
    assert hand.all_tiles() == parse_tiles("123m777z1f2h")
    assert hand.size == 6
    assert parse_hand(format_hand(hand)) == hand


def test_make_meld_direct() -> None:
    assert make_meld(parse_tiles("123m")).type is MeldType.CHI
    assert make_meld(parse_tiles("555z")).type is MeldType.PON
    assert make_meld(parse_tiles("5555z"), closed=True).type is MeldType.CLOSED_KAN
    assert make_meld(parse_tiles("5555z"), added=True).type is MeldType.ADDED_KAN
    with pytest.raises(NotationError, match=r"chi|run"):
        make_meld(parse_tiles("123z"))
    with pytest.raises(NotationError):
        make_meld(parse_tiles("567z"))  # the three dragons are no run either
    with pytest.raises(NotationError):
        make_meld(parse_tiles("5555z"), closed=True, source=3)


def test_chi_of_honours() -> None:
    raises_at(lambda: parse_hand("123z [123z]"), 5, "chi")
    raises_at(lambda: parse_hand("[123z]"), 0, "chi")


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("123m [777z", 5),  # unclosed bracket
        ("(1111z", 0),  # unclosed parenthesis
        ("123m]", 4),  # closes nothing
        ("123m)", 4),
        ("(777z)", 0),  # concealed kong with three tiles
        ("(77777z)", 0),
        ("(1234z)", 0),
        ("[123m^]", 0),  # chi from across
        ("[123m>]", 0),  # chi from the right
        ("1m [12m]", 3),  # two tiles are no meld
        ("[135m]", 0),  # not a run
        ("[89m1p]", 0),  # runs do not cross suits
        ("[9m12p]", 0),
        ("[12345m]", 0),
        ("[1111f]", 0),  # flowers are never called
        ("[]", 0),
        ("[222m+]", 0),  # an added kong needs four tiles
        ("[1234m+]", 0),
    ],
)
def test_bad_melds(text: str, position: int) -> None:
    raises_at(lambda: parse_hand(text), position)


@pytest.mark.parametrize("text", ["(5555p+)", "(5555p<)", "(5555p^)", "[5555p<+]"])
def test_bad_meld_marks(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert info.value.position is not None


def test_meld_tiles_count_toward_copies() -> None:
    raises_at(lambda: parse_hand("1s [1111s<]"), None, "5")
    raises_at(lambda: parse_hand("[123m] [123m] [123m] [123m] [123m]", max_tiles=15), None)


def test_suzume_hand_with_melds() -> None:
    hand = parse_hand("55 [2*34] [666<] (8*888) [gggg]", "suzume")
    assert hand.concealed == [Tile(22), Tile(22)]
    chi, pon, closed, kan = hand.melds
    assert chi.type is MeldType.CHI and chi.tiles[0] == Tile(19, R)
    assert pon.type is MeldType.PON and pon.source == 3
    assert closed.type is MeldType.CLOSED_KAN
    assert kan.type is MeldType.OPEN_KAN and kan.kinds == (32,) * 4
    text = format_hand(hand, "suzume")
    assert text == "55 [2*34<] [666<] (8*888) [gggg]"  # a chi is always fed from the left
    assert parse_hand(text, "suzume") == hand


def test_hand_counts_and_str() -> None:
    hand = parse_hand("1123m [555z]")
    assert hand.counts()[0] == 2 and sum(hand.counts()) == 4
    assert str(hand) == "1123m [555z]"
    assert str(hand.melds[0]) == "[555z]"
    assert Hand(parse_tiles("1m")) == parse_hand("1m")


# ----------------------------------------------------------------------------- round trips

SUITED_RED_FIVES = (4, 13, 22)
SPECIALS = (
    [Tile(k, Colour.PURPLE) for k in (2, 11, 20)]
    + [Tile(k, Colour.BLUE) for k in (6, 15, 24)]
    + [Tile(4, Colour.CYAN), Tile(13, Colour.GOLD), Tile(22, Colour.PLATINUM)]
    + [Tile(k, pocchi=True) for k in (31, 32, 33)]
)
STANDARD_FACES = [Tile(k) for k in range(34)] + [Tile(k, R) for k in SUITED_RED_FIVES]
BONUS_FACES = [Tile(k) for k in range(34, 42)]


def _repair(tiles: list[Tile]) -> list[Tile]:
    """Drop the copies that could not exist: >4 per kind, >1 per bonus kind or special tile."""
    per_kind: Counter[int] = Counter()
    per_face: Counter[Tile] = Counter()
    out = []
    for t in tiles:
        limit = 1 if t.kind >= 34 else 4
        if per_kind[t.kind] >= limit or (t.special and per_face[t] >= 1):
            continue
        per_kind[t.kind] += 1
        per_face[t] += 1
        out.append(t)
    return out


@st.composite
def mpsz_hands(draw: st.DrawFn, specials: bool = True) -> list[Tile]:
    faces = STANDARD_FACES + BONUS_FACES + (SPECIALS if specials else [])
    tiles = _repair(draw(st.lists(st.sampled_from(faces), max_size=22)))
    standard = [t for t in tiles if t.kind < 34][:14]
    bonus = [t for t in tiles if t.kind >= 34]
    merged = draw(st.permutations(standard + bonus))
    return list(merged)


@st.composite
def suzume_hands(draw: st.DrawFn) -> list[Tile]:
    size = draw(st.integers(0, 14))
    return list(draw(st.permutations(suzume_set().tiles))[:size])


@settings(max_examples=300, deadline=None)
@given(mpsz_hands())
def test_mpsz_round_trip(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert parse_tiles(text) == tiles
    assert format_tiles(parse_tiles(text)) == text
    check_tiles(tiles)
    # and as a hand: bonus tiles are set aside, the rest keeps its order
    if tiles:
        hand = parse_hand(text)
        assert hand.concealed == [t for t in tiles if t.kind < 34]
        assert hand.bonus == [t for t in tiles if t.kind >= 34]
        assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=200, deadline=None)
@given(mpsz_hands())
def test_mpsz_round_trip_sorted(tiles: list[Tile]) -> None:
    text = format_tiles(tiles, sort=True)
    parsed = parse_tiles(text)
    assert Counter(parsed) == Counter(tiles)
    assert [t.kind for t in parsed] == sorted(t.kind for t in tiles)
    assert format_tiles(parsed) == text
    # every suit letter appears at most once in sorted output
    letters = [c for c in text if c in "mpszfh"]
    assert len(letters) == len(set(letters))


@settings(max_examples=200, deadline=None)
@given(suzume_hands())
def test_suzume_round_trip(tiles: list[Tile]) -> None:
    text = format_tiles(tiles, "suzume")
    assert parse_tiles(text, "suzume") == tiles
    assert format_tiles(parse_tiles(text, "suzume"), "suzume") == text
    suzume_set().check(tiles)
    if tiles:
        assert parse_hand(text, "suzume").concealed == tiles


@st.composite
def hands_with_melds(draw: st.DrawFn) -> Hand:
    used: Counter[int] = Counter()
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        shape = draw(st.sampled_from(["chi", "pon", "open", "added", "closed"]))
        if shape == "chi":
            suit = draw(st.integers(0, 2))
            start = suit * 9 + draw(st.integers(0, 6))
            ks = [start, start + 1, start + 2]
        else:
            k = draw(st.integers(0, 33))
            ks = [k] * (3 if shape == "pon" else 4)
        if any(used[k] + ks.count(k) > 4 for k in set(ks)):
            continue
        used.update(ks)
        tiles = tuple(Tile(k) for k in ks)
        if shape == "chi":
            melds.append(make_meld(tiles))
        else:
            source = None if shape == "closed" else draw(st.sampled_from([None, 1, 2, 3]))
            melds.append(
                make_meld(tiles, closed=shape == "closed", added=shape == "added", source=source)
            )
    concealed = []
    for t in draw(st.lists(st.sampled_from([Tile(k) for k in range(34)]), max_size=14)):
        if len(concealed) + 3 * len(melds) >= 14 or used[t.kind] >= 4:
            continue
        used[t.kind] += 1
        concealed.append(t)
    if not concealed and not melds:
        concealed = [Tile(0)]
    return Hand(concealed, melds)


@settings(max_examples=200, deadline=None)
@given(hands_with_melds())
def test_hand_round_trip(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text
