"""Reader for Tenhou game logs in the mjlog XML format (the files Tenhou serves, gzip
compressed or not). It gives the same :class:`~sparrows.records.tenhou6.TenhouGame` as the
tenhou.net/6 JSON reader gives for the same game: tile codes, draw and discard lists with
Tenhou's call strings, ``60`` for a discard of the tile just drawn, results, printed
points, yaku names and score changes as the JSON writes them.

The XML::

    <mjloggm ver="2.3">
      <GO type="169" lobby="0"/>                       rule bits (169: 鳳南喰赤)
      <UN n0="%E5.." n1=.. n2=.. n3=../>               names, URL-encoded (UTF-8)
      <TAIKYOKU oya="0"/>
      <INIT seed="kyoku,honba,sticks,dice,dice,dora indicator" ten="250,.." oya=
            hai0="13 tile ids" .. hai3=/>              one per hand
      <T12/> <U..> <V..> <W..>                         draws of seats 0-3 (tile id 0-135)
      <D12/> <E..> <F..> <G..>                         discards of seats 0-3
      <N who= m=/>                                     a call (Tenhou's meld bit encoding)
      <REACH who= step="1"/> discard <REACH who= step="2" ten=../>
      <DORA hai=/>                                     a new (kan) dora indicator
      <AGARI ba= hai= m= machi= ten="fu,points,limit" yaku="id,han,.." | yakuman="id,.."
             doraHai= doraHaiUra= who= fromWho= paoWho= sc="score,delta,.."/>
      <RYUUKYOKU ba= sc= hai0..3= type=/>              (type: yao9 reach4 ron3 kan4 kaze4 nm)
    </mjloggm>

A tile id is ``kind * 4 + copy`` (kind 0-8 man, 9-17 pin, 18-26 sou, 27-33 honours); ids
16, 52 and 88 are the red fives. Scores are in hundreds.

Reading is bounded like the JSON reader's: a file (or its decompressed content) larger
than :data:`~sparrows.records.record.MAX_RECORD_BYTES` is refused after reading at most
that many bytes plus one, a document type declaration (the way to entities, internal or
external) is refused before parsing, and every way the file can be wrong (not XML, cut
short, a missing or unreadable attribute, a meld code that does not decode or names tiles
the caller does not hold, a tile dealt twice) raises :class:`~sparrows.errors.RecordError`
with a one-line message naming the file and the hand.

The log is read as it is written; nothing is replayed (see
:mod:`sparrows.records.tenhou_replay` for that).
"""

from __future__ import annotations

import gzip
import io
import itertools
import os
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

from ..errors import RecordError, excerpt, excerpt_repr
from ..tiles import from_id136, to_tenhou
from .record import MAX_RECORD_BYTES, read_record_bytes
from .tenhou6 import JAPANESE_YAKU, WIN, Entry, TenhouGame, TenhouHand, TenhouWin, parse_call

__all__ = ["MJLOG_YAKU", "read_mjlog", "rule_from_type", "tile_code"]

WHAT = "Tenhou mjlog"

#: Tenhou's yaku ids (the numbers of ``yaku=`` / ``yakuman=``) -> the names the
#: tenhou.net/6 JSON writes (the keys of :data:`~sparrows.records.tenhou6.JAPANESE_YAKU`).
MJLOG_YAKU: tuple[str, ...] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
assert all(name in JAPANESE_YAKU for name in MJLOG_YAKU)

#: ``<RYUUKYOKU type=..>`` -> the draw name of the JSON (no type: an exhaustive draw).
_DRAW_TYPES = {
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
    "kaze4": "四風連打",
    "nm": "流し満貫",
}
#: ``ten="fu,points,limit"``: the limit code -> the name printed before the points.
_LIMITS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
#: Basic points of a limit (a yakuman: per yakuman).
_LIMIT_BASE = {1: 2000, 2: 3000, 3: 4000, 4: 6000, 5: 8000}

_GZIP_MAGIC = b"\x1f\x8b"
_NUMBER = re.compile(r"-?[0-9]{1,12}")
_TILE_TAG = re.compile(r"([DEFGTUVW])([0-9]{1,3})")
_DRAW_LETTERS = "TUVW"
_DISCARD_LETTERS = "DEFG"
#: A call's relative source (Tenhou: 1 right, 2 across, 3 left) -> the position of the
#: call letter in a pon string (the tile taken) and in an open kan string.
_PON_POSITION = {3: 0, 2: 1, 1: 2}
_KAN_POSITION = {3: 0, 2: 1, 1: 3}
_IGNORED_TAGS = frozenset({"SHUFFLE", "TAIKYOKU", "BYE"})


def tile_code(tile_id: int) -> int:
    """The Tenhou code (11-19, 21-29, 31-39, 41-47, red 51-53) of a 136-tile id (ids 16,
    52 and 88 are the red fives, as in every Tenhou game with reds)."""
    return to_tenhou(from_id136(tile_id))


def _call_order(tile_id: int) -> tuple[int, int]:
    """How the JSON orders tiles (dealt tiles, the caller's own tiles in a call string):
    by kind, a red five after a plain one (``p252552``, ``c275226``, ``151515a51``)."""
    return tile_id // 4, tile_code(tile_id)


def rule_from_type(game_type: int) -> dict[str, object]:
    """The JSON's ``rule`` of a ``<GO type=..>``: ``{"disp": "鳳南喰赤", "aka": 1}`` for 169
    (bits: 0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan, 0x10 three players,
    0x20 / 0x80 lobby: both 鳳, 0x80 上, 0x20 特, none 般; 0x40 fast). Only 169 is
    checked against a JSON Tenhou wrote; the other names follow Tenhou's lobby names."""
    lobby = {0xA0: "鳳", 0x80: "上", 0x20: "特", 0: "般"}[game_type & 0xA0]
    disp = (
        ("三" if game_type & 0x10 else "")
        + lobby
        + ("南" if game_type & 0x08 else "東")
        + ("" if game_type & 0x04 else "喰")
        + ("" if game_type & 0x02 else "赤")
        + ("速" if game_type & 0x40 else "")
    )
    return {"disp": disp, "aka": 0 if game_type & 0x02 else 1}


# --------------------------------------------------------------------------- reading


def read_mjlog(path: str | os.PathLike[str]) -> TenhouGame:
    """One game from an mjlog file (gzip compressed or plain XML, told apart by the gzip
    magic bytes). ``file`` is the file's own name. Anything wrong with the file raises
    :class:`~sparrows.errors.RecordError`."""
    source = Path(path)
    name = source.name
    data = read_record_bytes(source, name, WHAT)
    if data[:2] == _GZIP_MAGIC:
        data = _gunzip(data, name)
    root = _parse_xml(data, name)
    return _GameReader(name).read(root)


def _gunzip(data: bytes, label: str) -> bytes:
    """The decompressed content, refused once it passes ``MAX_RECORD_BYTES`` (the
    decompression stops there: a gzip bomb is never expanded whole)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data), mode="rb") as file:
            content = file.read(MAX_RECORD_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:  # BadGzipFile is an OSError
        raise RecordError(
            f"{label} is not a readable gzip file ({excerpt(str(exc) or type(exc).__name__)})"
        ) from None
    if len(content) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{label} decompresses to more than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: "
            f"too large for a {WHAT}"
        )
    return content


def _parse_xml(data: bytes, label: str) -> ElementTree.Element:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{label} is not a text (UTF-8) file, so not a {WHAT}") from None
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        # No mjlog has one; refusing it keeps entity expansion (billion laughs) and
        # external entities out of the parser altogether.
        raise RecordError(f"{label}: a document type declaration is not allowed in a {WHAT}")
    parser = ElementTree.XMLParser()
    try:
        # Fed as text, the document is parsed as the UTF-8 just checked, whatever its
        # XML declaration claims (so no other encoding can hide a declaration above).
        parser.feed(text)
        root = parser.close()
    except (ElementTree.ParseError, ValueError) as exc:
        raise RecordError(f"{label} is not valid XML: {excerpt(str(exc))}") from None
    if root.tag != "mjloggm":
        raise RecordError(
            f"{label} is not a {WHAT}: its root element is <{excerpt(root.tag, 40)}>, not <mjloggm>"
        )
    return root


# --------------------------------------------------------------------------- attributes


def _tag(element: ElementTree.Element) -> str:
    return f"<{excerpt(element.tag, 20)}>"


def _attr(element: ElementTree.Element, key: str) -> str:
    value = element.get(key)
    if value is None:
        raise RecordError(f"{_tag(element)} has no {key!r} attribute")
    return value


def _int(element: ElementTree.Element, key: str, low: int = 0, high: int = 3) -> int:
    text = _attr(element, key).strip()
    if not _NUMBER.fullmatch(text) or not low <= int(text) <= high:
        raise RecordError(
            f"{_tag(element)} {key}={excerpt_repr(text, 40)} is not a number from {low} to {high}"
        )
    return int(text)


def _ints(element: ElementTree.Element, key: str, count: int | None = None) -> list[int]:
    """A comma-separated list of numbers (``count`` of them when given; may be empty)."""
    text = _attr(element, key).strip()
    parts = [p.strip() for p in text.split(",")] if text else []
    if not all(_NUMBER.fullmatch(p) for p in parts) or (count is not None and len(parts) != count):
        size = f"{count} numbers" if count is not None else "numbers"
        raise RecordError(f"{_tag(element)} {key}={excerpt_repr(text, 60)} is not {size}")
    return [int(p) for p in parts]


def _tile_ids(element: ElementTree.Element, key: str, count: int | None = None) -> list[int]:
    ids = _ints(element, key, count)
    for tile in ids:
        if not 0 <= tile < 136:
            raise RecordError(f"{_tag(element)} {key}: {tile} is not a tile id (0-135)")
    return ids


# --------------------------------------------------------------------------- melds


@dataclass(frozen=True)
class _Meld:
    """A decoded ``<N m=..>``: ``kind`` chi / pon / added_kan / open_kan / closed_kan,
    ``source`` the relative seat taken from (1 right, 2 across, 3 left; 0 own hand),
    ``taken`` the tile id called (None for a closed kan), ``own`` the caller's tiles
    (for an added kan: the pon's two tiles from the hand), ``added`` the tile added to a
    pon."""

    kind: str
    source: int
    taken: int | None
    own: tuple[int, ...]
    added: int | None = None


def _decode_meld(m: int) -> _Meld:
    """Tenhou's meld bits: 0-1 relative source; bit 2 chi, bit 3 pon, bit 4 added kan,
    bit 5 north (three players); otherwise a kan (source 0: closed)."""
    if not 0 <= m < 1 << 16:
        raise RecordError(f"meld code {m} is out of range")
    source = m & 3
    if m & 0x4:  # chi: base (7 per suit) * 3 + index of the called tile; a copy per tile
        base, called = divmod(m >> 10, 3)
        if base >= 21 or source != 3:
            raise RecordError(f"meld code {m} is not a chi from the left")
        kind = base // 7 * 9 + base % 7
        tiles = [(kind + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        taken = tiles.pop(called)
        return _Meld("chi", source, taken, tuple(tiles))
    if m & 0x18:  # pon / added kan: kind * 3 + index of the called tile; the unused copy
        if m & 0x18 == 0x18 or source == 0:
            raise RecordError(f"meld code {m} is not a pon or an added kan")
        kind, called = divmod(m >> 9, 3)
        if kind >= 34:
            raise RecordError(f"meld code {m} names no tile")
        unused = (m >> 5) & 3
        tiles = [kind * 4 + c for c in range(4) if c != unused]
        taken = tiles.pop(called)
        if m & 0x8:
            return _Meld("pon", source, taken, tuple(tiles))
        return _Meld("added_kan", source, taken, tuple(tiles), kind * 4 + unused)
    if m & 0x20:
        raise RecordError(f"meld code {m} is a north dora (three-player games are not read)")
    tile = m >> 8  # a kan: the called (or fourth) tile id
    if tile >= 136:
        raise RecordError(f"meld code {m} names no tile")
    kind = tile // 4
    others = tuple(kind * 4 + c for c in range(4) if kind * 4 + c != tile)
    if source == 0:
        return _Meld("closed_kan", 0, None, (*others, tile))
    return _Meld("open_kan", source, tile, others)


def _codes(ids: Iterable[int]) -> str:
    return "".join(str(tile_code(t)) for t in ids)


def _call_string(letter: str, taken: int, own: Iterable[int], position: int) -> str:
    """Tenhou's call string: the caller's tiles in order, ``letter`` + the taken tile at
    ``position``."""
    parts = [str(tile_code(t)) for t in sorted(own, key=_call_order)]
    parts.insert(position, letter + str(tile_code(taken)))
    return "".join(parts)


# --------------------------------------------------------------------------- hands


@dataclass
class _Hand:
    """One hand being read."""

    file: str
    number: int
    kyoku: int
    honba: int
    sticks: int
    start: tuple[int, int, int, int]
    dora: list[int]
    haipai: list[list[int]]
    concealed: list[set[int]]
    seen: set[int]
    draws: list[list[Entry]] = field(default_factory=lambda: [[], [], [], []])
    discards: list[list[Entry]] = field(default_factory=lambda: [[], [], [], []])
    pons: list[dict[int, tuple[frozenset[int], str]]] = field(
        default_factory=lambda: [{}, {}, {}, {}]
    )
    last_draw: list[int | None] = field(default_factory=lambda: [None] * 4)
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    last_discard: tuple[int, int] | None = None  # seat, tile id
    ura: list[int] = field(default_factory=list)
    result: str | None = None
    deltas: list[tuple[int, int, int, int]] = field(default_factory=list)
    wins: list[TenhouWin] = field(default_factory=list)

    # ---------------------------------------------------------------- play

    def _open(self) -> None:
        if self.result is not None:
            raise RecordError(f"play goes on after the hand ended ({self.result})")

    def _new_tile(self, tile: int) -> None:
        if tile in self.seen:
            raise RecordError(f"tile id {tile} appears twice")
        self.seen.add(tile)

    def draw(self, seat: int, tile: int) -> None:
        self._open()
        self._new_tile(tile)
        self.concealed[seat].add(tile)
        self.draws[seat].append(tile_code(tile))
        self.last_draw[seat] = tile
        self.last_discard = None

    def discard(self, seat: int, tile: int) -> None:
        self._open()
        if tile not in self.concealed[seat]:
            raise RecordError(f"seat {seat} discards tile id {tile}, which it does not hold")
        self.concealed[seat].remove(tile)
        code = 60 if tile == self.last_draw[seat] else tile_code(tile)
        entry: Entry = f"r{code}" if self.riichi[seat] else code
        self.riichi[seat] = False
        self.last_draw[seat] = None
        self.discards[seat].append(entry)
        self.last_discard = (seat, tile)

    def declare_riichi(self, seat: int) -> None:
        self._open()
        self.riichi[seat] = True

    def add_dora(self, tile: int) -> None:
        self._open()
        self._new_tile(tile)
        self.dora.append(tile_code(tile))

    def call(self, seat: int, m: int) -> None:
        self._open()
        meld = _decode_meld(m)
        where = f"seat {seat}'s meld code {m} ({meld.kind.replace('_', ' ')})"
        held = self.concealed[seat]
        if meld.kind == "closed_kan":
            if not held.issuperset(meld.own):
                raise RecordError(f"{where} uses tiles the seat does not hold")
            held.difference_update(meld.own)
            tiles = sorted(meld.own, key=_call_order)
            self.discards[seat].append(_codes(tiles[:3]) + "a" + _codes(tiles[3:]))
            self.last_draw[seat] = None
            return
        assert meld.taken is not None
        if meld.kind == "added_kan":
            assert meld.added is not None
            pon = self.pons[seat].pop(meld.taken // 4, None)
            if pon is None or pon[0] != frozenset((meld.taken, *meld.own)):
                raise RecordError(f"{where} adds to a pon the seat has not made")
            if meld.added not in held:
                raise RecordError(f"{where} adds tile id {meld.added}, which it does not hold")
            held.remove(meld.added)
            self.discards[seat].append(pon[1].replace("p", "k" + str(tile_code(meld.added))))
            self.last_draw[seat] = None
            return
        discarder = (seat + meld.source) % 4
        if self.last_discard != (discarder, meld.taken):
            raise RecordError(
                f"{where} takes tile id {meld.taken} from seat {discarder}, "
                "which is not the last discard"
            )
        if not held.issuperset(meld.own):
            raise RecordError(f"{where} uses tiles the seat does not hold")
        held.difference_update(meld.own)
        if meld.kind == "chi":
            text = _call_string("c", meld.taken, meld.own, 0)
        elif meld.kind == "pon":
            text = _call_string("p", meld.taken, meld.own, _PON_POSITION[meld.source])
            self.pons[seat][meld.taken // 4] = (frozenset((meld.taken, *meld.own)), text)
        else:  # an open kan: its discard slot holds 0
            text = _call_string("m", meld.taken, meld.own, _KAN_POSITION[meld.source])
            self.discards[seat].append(0)
        self.draws[seat].append(text)
        parse_call(text)  # the JSON reader's own check of the string
        self.last_draw[seat] = None
        self.last_discard = None

    # ---------------------------------------------------------------- results

    def win(self, element: ElementTree.Element, dealer: int) -> None:
        if self.result not in (None, WIN):
            raise RecordError(f"a win after the hand ended ({self.result})")
        self.result = WIN
        winner = _int(element, "who")
        from_seat = _int(element, "fromWho")
        pao = _int(element, "paoWho") if "paoWho" in element.attrib else winner
        fu, points, limit = _ints(element, "ten", 3)
        if limit not in (0, *_LIMITS) or points <= 0 or fu < 0:
            raise RecordError(f"<AGARI> ten={excerpt_repr(element.get('ten'), 40)} is unreadable")
        yaku = _win_yaku(element)
        han = sum(h for _, h in yaku)
        if "doraHaiUra" in element.attrib and not self.ura:
            self.ura = [tile_code(t) for t in _tile_ids(element, "doraHaiUra")]
        deltas = _deltas(element)
        text = _points_text(fu, han, points, limit, winner, from_seat, dealer)
        self.wins.append(
            TenhouWin(
                winner=winner,
                from_seat=from_seat,
                pao=None if pao == winner else pao,
                points_text=text,
                fu=0 if limit else fu,
                han=0 if limit else han,
                yaku=yaku,
                deltas=deltas,
            )
        )
        self.deltas.append(deltas)

    def draw_result(self, element: ElementTree.Element) -> None:
        self._open()
        kind = element.get("type")
        if kind is None:
            tenpai = sum(f"hai{seat}" in element.attrib for seat in range(4))
            name = {0: "全員不聴", 4: "全員聴牌"}.get(tenpai, "流局")
        elif kind in _DRAW_TYPES:
            name = _DRAW_TYPES[kind]
        else:
            raise RecordError(f"<RYUUKYOKU> of unknown type {excerpt_repr(kind, 40)}")
        self.result = name
        deltas = _deltas(element)
        if any(deltas):
            self.deltas.append(deltas)

    def finish(self) -> TenhouHand:
        if self.result is None:
            raise RecordError("the hand has no result (the log is cut short)")
        return TenhouHand(
            file=self.file,
            number=self.number,
            kyoku=self.kyoku,
            honba=self.honba,
            riichi_sticks=self.sticks,
            start_scores=self.start,
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.ura),
            haipai=tuple(
                tuple(tile_code(t) for t in sorted(h, key=_call_order)) for h in self.haipai
            ),
            draws=tuple(tuple(d) for d in self.draws),
            discards=tuple(tuple(d) for d in self.discards),
            result=self.result,
            deltas=tuple(self.deltas),
            wins=tuple(self.wins),
        )


def _deltas(element: ElementTree.Element) -> tuple[int, int, int, int]:
    sc = _ints(element, "sc", 8)
    a, b, c, d = (sc[2 * seat + 1] * 100 for seat in range(4))
    return a, b, c, d


def _win_yaku(element: ElementTree.Element) -> tuple[tuple[str, int], ...]:
    """``yaku="id,han,.."`` (entries of 0 han, such as an unhit ura dora, left out, as
    the JSON leaves them out) then ``yakuman="id,.."`` (13 each)."""
    yaku: list[tuple[str, int]] = []
    if "yaku" in element.attrib:
        numbers = _ints(element, "yaku")
        if len(numbers) % 2:
            raise RecordError(f"<AGARI> yaku={excerpt_repr(element.get('yaku'), 60)} is not pairs")
        for i in range(0, len(numbers), 2):
            if numbers[i + 1]:
                yaku.append((_yaku_name(numbers[i]), numbers[i + 1]))
    if "yakuman" in element.attrib:
        yaku.extend((_yaku_name(number), 13) for number in _ints(element, "yakuman"))
    if not yaku:
        raise RecordError("<AGARI> lists no yaku")
    return tuple(yaku)


def _yaku_name(number: int) -> str:
    if not 0 <= number < len(MJLOG_YAKU):
        raise RecordError(f"unknown yaku id {number}")
    return MJLOG_YAKU[number]


def _round_up(points: int) -> int:
    return -(-points // 100) * 100


def _points_text(
    fu: int, han: int, points: int, limit: int, winner: int, from_seat: int, dealer: int
) -> str:
    """The JSON's points text: ``30符4飜7700点`` (ron), ``30符4飜2000-3900点`` (a
    non-dealer's tsumo: what non-dealers pay - what the dealer pays), ``...3900点∀`` (the
    dealer's tsumo: what each pays); a limit hand has its name in place of fu and han."""
    prefix = _LIMITS[limit] if limit else f"{fu}符{han}飜"
    if winner != from_seat:
        return f"{prefix}{points}点"
    if winner == dealer:
        if points % 3:
            raise RecordError(f"a dealer's tsumo of {points} points is not 3 equal payments")
        return f"{prefix}{points // 3}点∀"
    if limit == 5:
        base = _LIMIT_BASE[5] * max(1, points // 32000)
    elif limit:
        base = _LIMIT_BASE[limit]
    else:
        base = fu * 2 ** (han + 2)
    child, parent = _round_up(base), _round_up(2 * base)
    if 2 * child + parent != points:
        raise RecordError(
            f"a tsumo of {points} points does not split as {prefix} gives ({child}-{parent})"
        )
    return f"{prefix}{child}-{parent}点"


# --------------------------------------------------------------------------- the game


class _GameReader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.names: tuple[str, ...] | None = None
        self.rule: dict[str, object] | None = None
        self.hands: list[TenhouHand] = []
        self.hand: _Hand | None = None
        self.dealer = 0
        self.ended = False  # an <AGARI> or <RYUUKYOKU> with owari= closes the game

    def read(self, root: ElementTree.Element) -> TenhouGame:
        for element in root:
            try:
                self._element(element)
            except RecordError as error:
                raise RecordError(f"{self._where(element)}: {error}") from None
            except (ValueError, IndexError, KeyError, TypeError) as error:  # a backstop
                raise RecordError(
                    f"{self._where(element)}: malformed {_tag(element)} ({excerpt_repr(error)})"
                ) from None
        self._close_hand()
        if not self.hands:
            raise RecordError(f"{self.file}: the {WHAT} holds no hand")
        if self.names is None:
            raise RecordError(f"{self.file}: the {WHAT} has no <UN> (player names)")
        return TenhouGame(
            file=self.file,
            title=("", ""),  # an mjlog has no title; the JSON's is empty too
            names=self.names,
            rule=dict(self.rule or rule_from_type(169)),
            hands=tuple(self.hands),
            ended=self.ended,
        )

    def _where(self, element: ElementTree.Element) -> str:
        """The file, and the hand being read (a new one for an ``<INIT>``)."""
        if self.hand is None and element.tag != "INIT":
            return self.file
        return f"{self.file} hand {len(self.hands)}"

    def _close_hand(self) -> None:
        if self.hand is not None:
            where = f"{self.file} hand {len(self.hands)}"
            try:
                self.hands.append(self.hand.finish())
            except RecordError as error:
                raise RecordError(f"{where}: {error}") from None
            self.hand = None

    def _play(self) -> _Hand:
        if self.hand is None:
            raise RecordError("play before the first <INIT>")
        return self.hand

    def _element(self, element: ElementTree.Element) -> None:
        tag = element.tag
        match = _TILE_TAG.fullmatch(tag)
        if match:
            letter, tile = match[1], int(match[2])
            if tile >= 136:
                raise RecordError(f"<{tag}>: {tile} is not a tile id (0-135)")
            if letter in _DRAW_LETTERS:
                self._play().draw(_DRAW_LETTERS.index(letter), tile)
            else:
                self._play().discard(_DISCARD_LETTERS.index(letter), tile)
        elif tag == "N":
            self._play().call(_int(element, "who"), _int(element, "m", 0, 0xFFFF))
        elif tag == "REACH":
            who, step = _int(element, "who"), _int(element, "step", 1, 2)
            if step == 1:
                self._play().declare_riichi(who)
        elif tag == "DORA":
            self._play().add_dora(_int(element, "hai", 0, 135))
        elif tag == "AGARI":
            self._play().win(element, self.dealer)
            self.ended = self.ended or "owari" in element.attrib
        elif tag == "RYUUKYOKU":
            self._play().draw_result(element)
            self.ended = self.ended or "owari" in element.attrib
        elif tag == "INIT":
            self._close_hand()
            self.hand = self._init(element)
        elif tag == "GO":
            game_type = _int(element, "type", 0, 0xFFFF)
            if game_type & 0x10:
                raise RecordError("a three-player game (only four-player games are read)")
            self.rule = rule_from_type(game_type)
        elif tag == "UN":
            if self.names is None and "n0" in element.attrib:
                self.names = tuple(_name(element, f"n{seat}") for seat in range(4))
        elif tag not in _IGNORED_TAGS:
            raise RecordError(f"unknown element <{excerpt(tag, 20)}>")

    def _init(self, element: ElementTree.Element) -> _Hand:
        kyoku, honba, sticks, _dice0, _dice1, indicator = _ints(element, "seed", 6)
        if not 0 <= kyoku < 16 or honba < 0 or sticks < 0 or not 0 <= indicator < 136:
            raise RecordError(f"<INIT> seed={excerpt_repr(element.get('seed'), 60)} is unreadable")
        self.dealer = _int(element, "oya")
        if self.dealer != kyoku % 4:
            raise RecordError(f"<INIT> oya={self.dealer} is not the dealer of kyoku {kyoku}")
        a, b, c, d = (score * 100 for score in _ints(element, "ten", 4))
        haipai = [_tile_ids(element, f"hai{seat}", 13) for seat in range(4)]
        hand = _Hand(
            file=self.file,
            number=len(self.hands),
            kyoku=kyoku,
            honba=honba,
            sticks=sticks,
            start=(a, b, c, d),
            dora=[],
            haipai=haipai,
            concealed=[set(h) for h in haipai],
            seen=set(),
        )
        for tile in itertools.chain.from_iterable(haipai):
            hand._new_tile(tile)
        hand.add_dora(indicator)
        return hand


def _name(element: ElementTree.Element, key: str) -> str:
    try:
        return unquote(_attr(element, key), errors="strict")
    except UnicodeDecodeError:
        raise RecordError(f"<UN> {key} is not a URL-encoded UTF-8 name") from None
