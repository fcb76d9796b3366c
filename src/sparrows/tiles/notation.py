"""Reading and writing tiles, hands and melds as text.

mpsz notation (the default dialect)
-----------------------------------
Digits followed by a suit letter: ``123m406p789s1234z``. ``m`` characters, ``p`` dots,
``s`` bamboo, ``z`` honours (1-4 East South West North, 5-7 white, green, red dragons),
``f`` flowers 1-4 (plum, orchid, chrysanthemum, bamboo), ``h`` seasons 1-4 (spring, summer,
autumn, winter). ``0`` is a red five (``0m`` = ``5*m``). A digit may carry one suffix:

=======  =========================================  ==============
suffix   meaning                                    allowed on
=======  =========================================  ==============
``*``    red copy (written ``0`` for fives)         5m 5p 5s
``P``    purple (house preset)                      3m 3p 3s
``B``    blue (house preset)                        7m 7p 7s
``C``    cyan (house preset)                        5m
``G``    gold (house preset)                        5p
``T``    platinum (house preset)                    5s
``!``    pocchi (house preset)                      5z 6z 7z
=======  =========================================  ==============

Suzume dialect
--------------
Digits 1-9 are the bamboo numbers, ``g`` the green dragon, ``r`` the red dragon (always
red), and ``*`` after a digit its red copy: ``2*34 666``. Spaces are ignored.

Hands and melds
---------------
A hand is concealed tiles plus called melds, separated by spaces:
``"123m40p [777z] [1111s<] (9999p)"`` (a kong counts as three of the 14 tiles).

* ``[...]`` an exposed meld: a chi/chow (a run), a pon/pung (three alike) or an exposed
  kong (four alike, claimed from a discard). ``[....+]`` (four alike followed by ``+``) is
  an added kong (a pon promoted with a drawn tile).
* ``(....)`` a concealed kong.
* Inside the brackets, a last ``<`` ``^`` or ``>`` says who fed the meld: the player before
  you (left), across, or after you (right). A chi is always from the left.
* Flowers and seasons among the concealed tiles are set aside as the hand's bonus tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import NotationError, excerpt, excerpt_repr
from .kinds import GREEN, HONOR, NUM_STANDARD, RED, SOU, is_bonus
from .tile import (  # the text of one tile lives with the tile
    _SUFFIX_COLOUR,
    _SUIT_BASE,
    DIALECTS,
    POCCHI_KINDS,
    SPECIAL_COLOUR_KINDS,
    Colour,
    Dialect,
    Tile,
    format_tile,
    format_tiles,
)

_SUIT_MAX = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 4, "h": 4}
_SUFFIXES = "".join(_SUFFIX_COLOUR) + "!"
_SOURCES = {"<": 3, "^": 2, ">": 1}  # relative seat of the feeder: (feeder - me) % 4
_SOURCE_MARK = {v: k for k, v in _SOURCES.items()}


def parse_tiles(text: str, dialect: Dialect = "mpsz") -> list[Tile]:
    """Read a run of tiles (any number); whitespace separates groups and is otherwise ignored.

    Raises :class:`NotationError` naming the offending character and its position.
    """
    return _parse_span(text, 0, len(text), dialect)


def _parse_span(text: str, start: int, end: int, dialect: Dialect) -> list[Tile]:
    if dialect == "suzume":
        return _parse_suzume(text, start, end)
    if dialect != "mpsz":
        raise NotationError(f"unknown notation dialect {dialect!r}; use one of {DIALECTS}")
    tiles: list[Tile] = []
    pending: list[tuple[str, str, int]] = []  # (digit, suffix, position)
    i = start
    while i < end:
        ch = text[i]
        if ch in "0123456789":
            pending.append((ch, "", i))
        elif ch in _SUFFIXES:
            if not pending:
                raise NotationError(f"suffix {ch!r} must follow a digit", text, i)
            digit, suffix, pos = pending[-1]
            if suffix or pos != i - 1:
                raise NotationError(f"suffix {ch!r} must follow a digit directly", text, i)
            pending[-1] = (digit, ch, pos)
        elif ch in _SUIT_BASE:
            if not pending:
                raise NotationError(f"suit letter {ch!r} has no digits before it", text, i)
            tiles.extend(_make_tile(d, s, ch, p, text) for d, s, p in pending)
            pending = []
        elif ch.isspace():
            if pending:
                raise NotationError(
                    "digits before the space need a suit letter (m, p, s, z, f or h)", text, i
                )
        else:
            expected = "a digit, a suit letter (m p s z f h) or a suffix (* P B C G T !)"
            raise NotationError(f"unexpected character {ch!r}; expected {expected}", text, i)
        i += 1
    if pending:
        raise NotationError(
            "the last digits have no suit letter (m, p, s, z, f or h)", text, pending[-1][2]
        )
    return tiles


def _make_tile(digit: str, suffix: str, suit: str, pos: int, text: str) -> Tile:
    number = int(digit)
    base = _SUIT_BASE[suit]
    if number == 0:
        if suit not in "mps":
            raise NotationError(
                f"0 (a red five) exists only in m, p and s, not {suit!r}", text, pos
            )
        if suffix:
            raise NotationError(
                f"0 is already a red five; suffix {suffix!r} is not allowed", text, pos
            )
        return Tile(base + 4, Colour.RED)
    if number > _SUIT_MAX[suit]:
        raise NotationError(
            f"{number}{suit} does not exist: {suit!r} tiles go from 1 to {_SUIT_MAX[suit]}",
            text,
            pos,
        )
    kind = base + number - 1
    if suffix == "!":
        if kind not in POCCHI_KINDS:
            raise NotationError("pocchi ('!') exists only on 5z, 6z and 7z", text, pos + 1)
        return Tile(kind, pocchi=True)
    if not suffix:
        return Tile(kind)
    colour = _SUFFIX_COLOUR[suffix]
    if colour is Colour.RED:
        if suit not in "mps" or number != 5:
            raise NotationError(
                f"there is no red {number}{suit}: only fives have red copies in mpsz notation "
                "(Suzume red tiles use the suzume dialect)",
                text,
                pos + 1,
            )
        return Tile(kind, Colour.RED)
    if kind not in SPECIAL_COLOUR_KINDS[colour]:
        allowed = format_tiles(Tile(k) for k in sorted(SPECIAL_COLOUR_KINDS[colour]))
        raise NotationError(
            f"{colour.value} ({suffix!r}) exists only on {allowed}, not {number}{suit}",
            text,
            pos + 1,
        )
    return Tile(kind, colour)


def _parse_suzume(text: str, start: int, end: int) -> list[Tile]:
    tiles: list[Tile] = []
    for i in range(start, end):
        ch = text[i]
        if ch in "123456789":
            tiles.append(Tile(SOU + int(ch) - 1))
        elif ch == "g":
            tiles.append(Tile(GREEN))
        elif ch == "r":
            tiles.append(Tile(RED, Colour.RED))
        elif ch == "*":
            if not tiles or i == start or text[i - 1] not in "123456789":
                raise NotationError("'*' (red copy) must follow a number 1-9", text, i)
            tiles[-1] = Tile(tiles[-1].kind, Colour.RED)
        elif ch.isspace():
            continue
        else:
            raise NotationError(
                f"unexpected character {ch!r}; Suzume tiles are 1-9, g, r and '*' after a number",
                text,
                i,
            )
    return tiles


# --------------------------------------------------------------------------- melds


class MeldType(StrEnum):
    CHI = "chi"  # a run claimed from the previous player (chow, soeng)
    PON = "pon"  # three alike claimed from a discard (pung)
    OPEN_KAN = "open_kan"  # four alike, three in hand plus a discard (daiminkan)
    ADDED_KAN = "added_kan"  # a pon promoted with a drawn tile (shouminkan)
    CLOSED_KAN = "closed_kan"  # four alike from the hand (ankan); not an exposure


@dataclass(frozen=True, slots=True)
class Meld:
    """A called (or declared) set. ``source`` is the feeder relative to the owner:
    3 the previous player (left), 2 across, 1 the next player (right); ``None`` when
    unknown or for a closed kan."""

    type: MeldType
    tiles: tuple[Tile, ...]
    source: int | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t.kind for t in self.tiles)

    @property
    def is_kan(self) -> bool:
        return self.type in (MeldType.OPEN_KAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)

    @property
    def opened(self) -> bool:
        return self.type is not MeldType.CLOSED_KAN

    def __str__(self) -> str:
        return format_meld(self)


def format_meld(meld: Meld, dialect: Dialect = "mpsz") -> str:
    body = format_tiles(meld.tiles, dialect)
    if meld.type is MeldType.CLOSED_KAN:
        return f"({body})"
    mark = "+" if meld.type is MeldType.ADDED_KAN else ""
    src = _SOURCE_MARK.get(meld.source, "") if meld.source is not None else ""
    return f"[{body}{mark}{src}]"


def make_meld(
    tiles: Sequence[Tile],
    closed: bool = False,
    added: bool = False,
    source: int | None = None,
    text: str = "",
    pos: int | None = None,
) -> Meld:
    """Check a meld's shape and classify it. Raises NotationError on an impossible meld.

    ``source`` is who fed it, relative to the owner (the :class:`Meld` convention):
    ``None`` (unknown, or a concealed kong), 1 right, 2 across, 3 left."""
    if source is not None and (type(source) is not int or source not in _SOURCE_MARK):
        raise NotationError(
            f"a meld's source (its feeder) must be None or 1 (right), 2 (across) or 3 (left), "
            f"not {excerpt_repr(source, 40)}",
            text,
            pos,
        )
    kinds = sorted(t.kind for t in tiles)
    n = len(kinds)
    where = excerpt(format_tiles(tiles), 40)
    if any(is_bonus(k) for k in kinds):
        raise NotationError(f"[{where}]: flowers and seasons are never called", text, pos)
    same = len(set(kinds)) == 1
    if closed or added:
        what = "a concealed kong" if closed else "an added kong"
        if n != 4 or not same:
            raise NotationError(f"{what} needs four alike tiles, not {where}", text, pos)
        if closed and source is not None:
            raise NotationError("a concealed kong has no feeder", text, pos)
        return Meld(MeldType.CLOSED_KAN if closed else MeldType.ADDED_KAN, tuple(tiles), source)
    if n == 3 and same:
        return Meld(MeldType.PON, tuple(tiles), source)
    if n == 4 and same:
        return Meld(MeldType.OPEN_KAN, tuple(tiles), source)
    if (
        n == 3
        and kinds[0] < HONOR
        and kinds[0] // 9 == kinds[2] // 9
        and kinds[1] == kinds[0] + 1
        and kinds[2] == kinds[0] + 2
    ):
        if source not in (None, 3):
            raise NotationError(
                f"a chi ([{where}]) can only be claimed from the left ('<')", text, pos
            )
        return Meld(MeldType.CHI, tuple(tiles), 3)
    if n == 3 and any(k >= HONOR for k in kinds) and len(set(kinds)) == 3:
        raise NotationError(f"[{where}]: honours cannot form a chi (run)", text, pos)
    raise NotationError(
        f"[{where}] is not a meld: expected a run of three, three alike or four alike", text, pos
    )


# --------------------------------------------------------------------------- hands


@dataclass
class Hand:
    """Concealed tiles, called melds and bonus tiles, as read from text."""

    concealed: list[Tile]
    melds: list[Meld] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)

    @property
    def size(self) -> int:
        """Tiles counted toward the hand size: a kong counts as three."""
        return len(self.concealed) + 3 * len(self.melds)

    def all_tiles(self) -> list[Tile]:
        return self.concealed + [t for m in self.melds for t in m.tiles] + self.bonus

    def counts(self) -> list[int]:
        """A 34-length count vector of the concealed tiles."""
        return counts34(self.concealed)

    def __str__(self) -> str:
        return format_hand(self)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    c = [0] * NUM_STANDARD
    for t in tiles:
        if t.kind >= NUM_STANDARD:
            raise ValueError(f"{format_tile(t)} is a bonus tile; it has no place in a 34-count")
        c[t.kind] += 1
    return c


def format_hand(hand: Hand, dialect: Dialect = "mpsz") -> str:
    parts = (
        [format_tiles(hand.concealed + hand.bonus, dialect)] if hand.concealed or hand.bonus else []
    )
    parts += [format_meld(m, dialect) for m in hand.melds]
    return " ".join(parts)


def parse_hand(text: str, dialect: Dialect = "mpsz", max_tiles: int = 14) -> Hand:
    """Read a hand (see the module docs). Checks at most 4 of a kind (Suzume: the 44-tile
    set), the special tiles' single copies, and ``max_tiles`` (a kong counts as 3)."""
    concealed: list[Tile] = []
    melds: list[Meld] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "[(":
            close = "]" if ch == "[" else ")"
            j = text.find(close, i + 1)
            if j < 0:
                raise NotationError(f"{ch!r} is never closed with {close!r}", text, i)
            melds.append(_parse_meld(text, i, j, dialect))
            i = j + 1
        elif ch in "])":
            raise NotationError(f"{ch!r} closes nothing", text, i)
        else:
            j = i
            while j < n and text[j] not in "[]()":
                j += 1
            concealed += _parse_span(text, i, j, dialect)
            i = j
    hand = Hand(
        [t for t in concealed if not is_bonus(t.kind)],
        melds,
        [t for t in concealed if is_bonus(t.kind)],
    )
    if not hand.concealed and not hand.melds and not hand.bonus:
        raise NotationError("the hand is empty", text)
    if hand.size > max_tiles:
        raise NotationError(
            f"{hand.size} tiles is too many: a hand holds at most {max_tiles} (a kong counts as 3)",
            text,
        )
    check_tiles(hand.all_tiles(), dialect, text)
    return hand


def _parse_meld(text: str, open_at: int, close_at: int, dialect: Dialect) -> Meld:
    closed = text[open_at] == "("
    end = close_at
    source: int | None = None
    added = False
    if end > open_at + 1 and text[end - 1] in _SOURCES:
        source = _SOURCES[text[end - 1]]
        end -= 1
    if end > open_at + 1 and text[end - 1] == "+":
        added = True
        end -= 1
    if closed and added:
        raise NotationError("'+' marks an added kong, which is exposed: write [....+]", text, end)
    tiles = _parse_span(text, open_at + 1, end, dialect)
    if not tiles:
        raise NotationError("empty meld", text, open_at)
    return make_meld(tiles, closed=closed, added=added, source=source, text=text, pos=open_at)


def check_tiles(tiles: Sequence[Tile], dialect: Dialect = "mpsz", text: str = "") -> None:
    """Raise NotationError when the tiles could not occur together (5 of a kind...)."""
    if dialect == "suzume":
        from .tile import suzume_set

        suzume_set().check(tiles, text)
        return
    kinds = Counter(t.kind for t in tiles)
    for kind, count in sorted(kinds.items()):
        limit = 1 if is_bonus(kind) else 4
        if count > limit:
            raise NotationError(
                f"{count} copies of {format_tile(Tile(kind))}: there are only {limit}", text
            )
    specials = Counter(t for t in tiles if t.special)
    for tile, count in specials.items():
        if count > 1:
            raise NotationError(f"{count} x {format_tile(tile)}: that special tile is unique", text)
