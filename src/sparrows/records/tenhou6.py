"""Reader for Tenhou game logs in the tenhou.net/6 JSON format.

A file holds one game, either as one JSON object or as several objects one after another
(one per line, each with a one-hand ``log``); the hands of all objects are joined in order::

    {"title": [..], "name": [4 names], "rule": {"disp": "鳳南喰赤", "aka": 1},
     "log": [[[kyoku, honba, sticks], [4 scores], [dora ind.], [ura ind.],
              haipai0, draws0, discards0, ..., haipai3, draws3, discards3, result], ...]}

Tiles are Tenhou codes: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N white green red,
51/52/53 red 5m/5p/5s; in a discard list 60 is "the tile just drawn" and 0 fills the
discard slot of an open kan. Calls are strings whose letter sits before the tile taken
(its position tells the feeder: first = left, second = across, last = right):
``c`` chi and ``p`` pon and ``m`` open kan in the draw list, ``a`` closed kan (letter
before the 4th tile), ``k`` added kan (the pon string with ``k`` + the added tile in place
of ``p``) and ``r`` riichi in the discard list.

Every hand is replayed turn by turn: the result must leave every list consumed and every
tile where the log says it is, or :class:`~sparrows.errors.RecordError` is raised. Each
win becomes a :class:`TenhouWin` whose situational flags (riichi, ippatsu, rinshan,
haitei...) come from the replay alone; :func:`flag_mismatches` compares them (and the
dora counts, the winds and the closed-hand yaku) with the yaku Tenhou lists.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RecordError, excerpt_repr
from .record import MAX_RECORD_BYTES, decode_json, read_record_text

__all__ = [
    "DRAW_NAMES",
    "EXHAUSTIVE_DRAWS",
    "JAPANESE_YAKU",
    "LIVE_WALL",
    "MAX_RECORD_BYTES",
    "YAKUMAN_IDS",
    "TenhouGame",
    "TenhouHand",
    "TenhouMeld",
    "TenhouWin",
    "dora_from_indicator",
    "flag_mismatches",
    "normal_tile",
    "read_game",
    "read_games",
    "wins",
]

#: Tiles a hand can draw from the wall (136 - 14 dead wall - 4 x 13 dealt); every kan
#: moves one of them to the dead wall, so draws + replacement draws never exceed it.
LIVE_WALL = 70

WIN = "和了"
#: Result names that end a hand without a win (exhaustive draw and aborts).
DRAW_NAMES = frozenset(
    {
        "流局", "全員聴牌", "全員不聴", "流し満貫",  # exhaustive draw (wall empty)
        "九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打",  # aborts
    }
)  # fmt: skip
#: Draws that happen only once the wall is empty.
EXHAUSTIVE_DRAWS = frozenset({"流局", "全員聴牌", "全員不聴", "流し満貫"})

#: Tenhou's yaku names (as written before "(N飜)" / "(役満)") -> our yaku ids.
JAPANESE_YAKU: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo",
    "立直": "riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "嶺上開花": "rinshan",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "一盃口": "iipeikou",
    "自風 東": "seat_wind",
    "自風 南": "seat_wind",
    "自風 西": "seat_wind",
    "自風 北": "seat_wind",
    "場風 東": "round_wind",
    "場風 南": "round_wind",
    "場風 西": "round_wind",
    "場風 北": "round_wind",
    "役牌 白": "yakuhai_haku",
    "役牌 發": "yakuhai_hatsu",
    "役牌 中": "yakuhai_chun",
    "両立直": "double_riichi",
    "七対子": "chiitoitsu",
    "混全帯幺九": "chanta",
    "一気通貫": "ittsu",
    "三色同順": "sanshoku",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "小三元": "shousangen",
    "混老頭": "honroutou",
    "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan",
    "混一色": "honitsu",
    "清一色": "chinitsu",
    "人和": "renhou",
    "天和": "tenhou",
    "地和": "chiihou",
    "大三元": "daisangen",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi",
    "国士無双１３面": "kokushi_13",
    "大四喜": "daisuushi",
    "小四喜": "shousuushi",
    "四槓子": "suukantsu",
    "ドラ": "dora",
    "赤ドラ": "aka",
    "裏ドラ": "ura",
}

YAKUMAN_IDS = frozenset(
    {
        "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou",
        "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi", "kokushi_13",
        "daisuushi", "shousuushi", "suukantsu",
    }
)  # fmt: skip

_WIND_NAMES = ("東", "南", "西", "北")
_YAKU_RE = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|(?P<yakuman>役満))\)$")
_FU_HAN_RE = re.compile(r"^(?P<fu>\d+)符(?P<han>\d+)飜")
_CALL_RE = re.compile(r"^(\d\d)*[cpmak](\d\d)+$")
_RED = {51: 15, 52: 25, 53: 35}
_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)])
_SOURCE_BY_POSITION = (3, 2, 1)  # letter before 1st / 2nd / last tile: left, across, right


def normal_tile(code: int) -> int:
    """The Tenhou code with a red five read as a plain five (51 -> 15...)."""
    return _RED.get(code, code)


def dora_from_indicator(code: int) -> int:
    """The (plain) tile a dora indicator points at."""
    tile = normal_tile(code)
    suit, rank = divmod(tile, 10)
    if suit < 4:
        return suit * 10 + rank % 9 + 1
    if rank <= 4:
        return 40 + rank % 4 + 1
    return 45 + (rank - 4) % 3


@dataclass(frozen=True)
class TenhouMeld:
    """A call: ``type`` is "chi", "pon", "open_kan", "closed_kan" or "added_kan"; ``tiles``
    every tile of it (4 for kans); ``called`` the tile taken from another player and
    ``source`` its feeder relative to the caller (3 left, 2 across, 1 right), both None
    for a closed kan. An added kan keeps the pon's called tile and source."""

    type: str
    tiles: tuple[int, ...]
    called: int | None
    source: int | None

    @property
    def opened(self) -> bool:
        return self.type != "closed_kan"

    @property
    def is_kan(self) -> bool:
        return self.type in ("open_kan", "closed_kan", "added_kan")


@dataclass(frozen=True)
class TenhouWin:
    """One win record (a double ron gives two). ``kyoku`` is Tenhou's index (0-3 East 1-4,
    4-7 South, 8-11 West), ``file`` the log's file name; seats are 0-3 in table order.
    Flags come from replaying the hand; ``riichi`` is also True for a double riichi.
    ``fu``/``han`` are those written in ``points_text`` (0 for limit hands, which Tenhou
    writes without them); ``yaku`` pairs Tenhou's names with their han (13 for a
    yakuman); ``deltas`` are this win's score changes (honba, sticks and pao included)."""

    file: str
    kyoku: int
    honba: int
    riichi_sticks: int
    round_wind: int
    dealer: int
    winner: int
    from_seat: int
    pao: int | None
    seat_wind: int
    concealed: tuple[int, ...]
    melds: tuple[TenhouMeld, ...]
    win_tile: int
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    riichi_declared_this_hand: tuple[int, ...]
    fu: int
    han: int
    points_text: str
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, int, int, int]
    start_scores: tuple[int, int, int, int]

    @property
    def yaku_ids(self) -> tuple[str, ...]:
        """Our ids of the listed yaku (dora lines included), in Tenhou's order."""
        return tuple(JAPANESE_YAKU[name] for name, _ in self.yaku)

    @property
    def han_total(self) -> int:
        """Sum of the listed han, dora included (13 per yakuman)."""
        return sum(han for _, han in self.yaku)

    @property
    def is_yakuman(self) -> bool:
        return any(JAPANESE_YAKU[name] in YAKUMAN_IDS for name, _ in self.yaku)

    @property
    def closed(self) -> bool:
        """No open meld (closed kans keep the hand closed)."""
        return not any(m.opened for m in self.melds)

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Concealed tiles, winning tile and every meld tile."""
        return (
            *self.concealed,
            self.win_tile,
            *(tile for meld in self.melds for tile in meld.tiles),
        )


@dataclass(frozen=True)
class TenhouHand:
    """One hand (kyoku) of a game: its start, how it ended and its wins."""

    file: str
    number: int  # position in the game, from 0
    kyoku: int
    honba: int
    riichi_sticks: int
    start_scores: tuple[int, int, int, int]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    result: str  # "和了" or the name of the draw / abort
    deltas: tuple[tuple[int, int, int, int], ...]  # one per win, or the draw's (maybe none)
    wins: tuple[TenhouWin, ...]
    riichi_declared: tuple[int, ...]  # seats whose riichi stick went down this hand
    wall_draws: int  # tiles drawn, replacement draws included

    @property
    def dealer(self) -> int:
        return self.kyoku % 4


@dataclass(frozen=True)
class TenhouGame:
    file: str
    title: tuple[str, ...]
    names: tuple[str, ...]
    rule: dict[str, Any] = field(hash=False)
    hands: tuple[TenhouHand, ...]

    @property
    def wins(self) -> list[TenhouWin]:
        return [win for hand in self.hands for win in hand.wins]


# --------------------------------------------------------------------------- reading


def read_games(path: str | os.PathLike[str]) -> list[TenhouGame]:
    """Games of one file, or of every ``*.json`` file of a folder (sorted by name)."""
    source = Path(path)
    if source.is_dir():
        return [read_game(file) for file in sorted(source.glob("*.json"))]
    return [read_game(source)]


def wins(path: str | os.PathLike[str]) -> list[TenhouWin]:
    """Every win record of a file or a folder of files, in game order."""
    return [win for game in read_games(path) for win in game.wins]


def read_game(path: str | os.PathLike[str]) -> TenhouGame:
    """One game from a file. Anything wrong with it (unreadable, not UTF-8, larger than
    :data:`~sparrows.records.record.MAX_RECORD_BYTES`, not JSON, nested too deeply, fields
    of the wrong type, a hand that does not replay) raises
    :class:`~sparrows.errors.RecordError`."""
    source = Path(path)
    text = read_record_text(source, source.name, "tenhou.net/6 game log")
    try:
        return _read_game(source.name, text)
    except RecursionError:  # a value nested just under the parser's limit, shown or copied
        raise RecordError(f"{source.name} is nested too deeply to read") from None


def _read_game(file: str, text: str) -> TenhouGame:
    objects = list(_json_objects(text, file))
    if not objects:
        raise RecordError(f"{file}: no tenhou.net/6 JSON object")
    first = objects[0]
    title = _field(first, "title", list, file)
    names = _field(first, "name", list, file)
    rule = _field(first, "rule", dict, file)
    hands: list[TenhouHand] = []
    for obj in objects:
        log = obj.get("log")
        if not isinstance(log, list):
            raise RecordError(f"{file}: an object has no 'log' list")
        for raw in log:
            where = f"{file} hand {len(hands)}"
            try:
                hands.append(_read_hand(file, len(hands), raw))
            except RecordError as error:
                raise RecordError(f"{where}: {error}") from None
            except (TypeError, ValueError, IndexError, KeyError) as error:
                raise RecordError(f"{where}: malformed hand ({excerpt_repr(error)})") from None
    return TenhouGame(
        file=file,
        title=tuple(str(t) for t in title),
        names=tuple(str(n) for n in names),
        rule=dict(rule),
        hands=tuple(hands),
    )


_TYPE_NAMES: dict[type, str] = {list: "a list", dict: "an object"}


def _field(obj: dict[str, Any], key: str, kind: type, name: str) -> Any:
    """``obj[key]`` when it has the type ``kind`` (an empty one when it is missing)."""
    value = obj.get(key, kind())
    if not isinstance(value, kind):
        raise RecordError(
            f"{name}: {key!r} must be {_TYPE_NAMES[kind]}, not {type(value).__name__} "
            f"{excerpt_repr(value, 40)}"
        )
    return value


def _json_objects(text: str, name: str) -> Iterator[dict[str, Any]]:
    index = 0
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            return
        obj, index = decode_json(text, name, index)
        if not isinstance(obj, dict):
            raise RecordError(f"{name}: expected a JSON object, got {type(obj).__name__}")
        yield obj


def _scores(values: Sequence[Any]) -> tuple[int, int, int, int]:
    if len(values) != 4:
        raise RecordError(f"expected 4 scores, got {excerpt_repr(list(values))}")
    a, b, c, d = (int(v) for v in values)
    return a, b, c, d


def _read_hand(file: str, number: int, raw: list[Any]) -> TenhouHand:
    if len(raw) != 17:
        raise RecordError(f"a hand has 17 entries, this one {len(raw)}")
    kyoku, honba, sticks = (int(v) for v in raw[0])
    start = _scores(raw[1])
    dora = tuple(int(t) for t in raw[2])
    ura = tuple(int(t) for t in raw[3])
    haipai = [[int(t) for t in raw[4 + 3 * p]] for p in range(4)]
    draws: list[list[int | str]] = [list(raw[5 + 3 * p]) for p in range(4)]
    discards: list[list[int | str]] = [list(raw[6 + 3 * p]) for p in range(4)]
    result = raw[16]
    name = str(result[0])
    _check_supply([*dora, *ura, *(t for h in haipai for t in h)] + [
        int(t) for d in draws for t in d if not isinstance(t, str)
    ])  # fmt: skip
    replay = _Replay(kyoku % 4, haipai, draws, discards)
    end = replay.run(name == WIN)
    if name != WIN:
        if name not in DRAW_NAMES:
            raise RecordError(f"unknown result {excerpt_repr(name)}")
        if (name in EXHAUSTIVE_DRAWS) != (replay.wall_draws == LIVE_WALL):
            raise RecordError(f"{name} after {replay.wall_draws} of {LIVE_WALL} draws")
        deltas = tuple(_scores(d) for d in result[1:])
        return TenhouHand(
            file, number, kyoku, honba, sticks, start, dora, ura, name, deltas, (),
            tuple(replay.sticks_down), replay.wall_draws,
        )  # fmt: skip
    if len(result) < 3 or len(result) % 2 != 1:
        raise RecordError(f"a win result has deltas/info pairs, got {excerpt_repr(result)}")
    records: list[TenhouWin] = []
    for i in range(1, len(result), 2):
        deltas4 = _scores(result[i])
        info = result[i + 1]
        winner, from_seat, pao = int(info[0]), int(info[1]), int(info[2])
        records.append(
            replay.win(
                end, file, kyoku, honba, sticks, start, dora, ura,
                winner, from_seat, None if pao == winner else pao,
                str(info[3]), [str(y) for y in info[4:]], deltas4,
            )
        )  # fmt: skip
    return TenhouHand(
        file, number, kyoku, honba, sticks, start, dora, ura, name,
        tuple(w.deltas for w in records), tuple(records), tuple(replay.sticks_down),
        replay.wall_draws,
    )  # fmt: skip


def _check_supply(tiles: list[int]) -> None:
    """Every physical tile of a hand (dealt, drawn, indicators) is a different one of the
    136: at most 4 of a kind, one red five of each suit."""
    kinds: dict[int, int] = {}
    for tile in tiles:
        plain = normal_tile(tile)
        if plain not in _CODES:
            raise RecordError(f"unknown tile code {tile}")
        kinds[plain] = kinds.get(plain, 0) + 1
        if kinds[plain] > 4:
            raise RecordError(f"more than 4 tiles {plain} in one hand")
    for red in _RED:
        if tiles.count(red) > 1:
            raise RecordError(f"two red fives {red} in one hand")


def _parse_points(text: str) -> tuple[int, int]:
    match = _FU_HAN_RE.match(text)
    if match:
        return int(match["fu"]), int(match["han"])
    if not any(limit in text for limit in ("満貫", "跳満", "倍満", "三倍満", "役満")):
        raise RecordError(f"unreadable points {excerpt_repr(text)}")
    return 0, 0


def _parse_yaku(texts: Sequence[str]) -> tuple[tuple[str, int], ...]:
    yaku: list[tuple[str, int]] = []
    for text in texts:
        match = _YAKU_RE.match(text)
        if not match or match["name"] not in JAPANESE_YAKU:
            raise RecordError(f"unknown yaku entry {excerpt_repr(text)}")
        yaku.append((match["name"], 13 if match["yakuman"] else int(match["han"])))
    return tuple(yaku)


# --------------------------------------------------------------------------- calls


@dataclass(frozen=True)
class _Call:
    letter: str
    tiles: tuple[int, ...]
    position: int  # index of the tile the letter precedes

    @property
    def source(self) -> int:
        last = len(self.tiles) - 1 if self.letter == "m" else 2
        if self.position == last:
            return 1
        if self.position in (0, 1):
            return _SOURCE_BY_POSITION[self.position]
        raise RecordError(f"call letter {self.letter!r} at an unknown place")


def _parse_call(text: str) -> _Call:
    if not _CALL_RE.match(text):
        raise RecordError(f"unreadable call {excerpt_repr(text)}")
    at = next(i for i, ch in enumerate(text) if ch.isalpha())
    if at % 2:
        raise RecordError(f"unreadable call {excerpt_repr(text)}")
    letter = text[at]
    if letter == "c" and at:
        raise RecordError(f"chi {excerpt_repr(text)} not from the left")
    digits = text[:at] + text[at + 1 :]
    tiles = tuple(int(digits[i : i + 2]) for i in range(0, len(digits), 2))
    size = 3 if letter in "cp" else 4
    if len(tiles) != size:
        raise RecordError(f"call {excerpt_repr(text)} should hold {size} tiles")
    return _Call(letter, tiles, at // 2)


# --------------------------------------------------------------------------- replay


@dataclass
class _End:
    """How the action stopped: ``kind`` is "tsumo" (a draw and no discard), "discard"
    (a discard nobody called and the next draw is missing), "added_kan" or "closed_kan"
    (a kan with no replacement draw after it)."""

    kind: str
    seat: int
    tile: int
    rinshan: bool = False
    first_draw: bool = False


@dataclass
class _Seat:
    hand: list[int]
    draws: list[int | str]
    discards: list[int | str]
    melds: list[TenhouMeld] = field(default_factory=list)
    di: int = 0
    si: int = 0
    draw_count: int = 0
    discard_count: int = 0
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False

    def next_draw(self) -> int | str | None:
        return self.draws[self.di] if self.di < len(self.draws) else None

    def next_discard(self) -> int | str | None:
        return self.discards[self.si] if self.si < len(self.discards) else None

    def take(self, tile: int, what: str) -> None:
        try:
            self.hand.remove(tile)
        except ValueError:
            raise RecordError(f"{what}: tile {tile} not in hand {sorted(self.hand)}") from None


class _Replay:
    def __init__(
        self,
        dealer: int,
        haipai: list[list[int]],
        draws: list[list[int | str]],
        discards: list[list[int | str]],
    ) -> None:
        self.dealer = dealer
        self.seats = [_Seat(list(haipai[p]), draws[p], discards[p]) for p in range(4)]
        for p, seat in enumerate(self.seats):
            if len(seat.hand) != 13:
                raise RecordError(f"seat {p} is dealt {len(seat.hand)} tiles")
        self.wall_draws = 0
        self.any_call = False  # a chi, pon or kan (closed too) happened
        self.sticks_down: list[int] = []
        self.pending_riichi: int | None = None

    # The hand is walked as: draw -> (kans -> replacement draw)* -> discard -> call? ...
    def run(self, won: bool) -> _End:
        seat_no = self.dealer
        rinshan = False
        while True:
            seat = self.seats[seat_no]
            entry = seat.next_draw()
            if entry is None:
                raise RecordError(f"seat {seat_no} has no draw left where one is due")
            if isinstance(entry, str):
                raise RecordError(f"seat {seat_no}: call {excerpt_repr(entry)} where a draw is due")
            tile = int(entry)
            seat.di += 1
            seat.draw_count += 1
            self.wall_draws += 1
            if self.wall_draws > LIVE_WALL:
                raise RecordError("more draws than the wall holds")
            seat.hand.append(tile)
            first_draw = seat.draw_count == 1 and not rinshan and not self.any_call
            end, next_seat, rinshan = self._turn(seat_no, tile, rinshan, first_draw, won)
            if end is not None:
                self._check_consumed()
                return end
            seat_no = next_seat

    def _turn(
        self, p: int, drawn: int, rinshan: bool, first_draw: bool, won: bool
    ) -> tuple[_End | None, int, bool]:
        """After seat ``p`` drew ``drawn``: its kans and discard, then any call on it.
        Returns (end, next seat to draw, whether that draw is a replacement)."""
        seat = self.seats[p]
        action = seat.next_discard()
        if action is None:
            return _End("tsumo", p, drawn, rinshan=rinshan, first_draw=first_draw), p, False
        seat.si += 1
        if isinstance(action, str) and action[:1] != "r":
            return self._own_kan(p, action)
        riichi = isinstance(action, str)
        tile = int(str(action)[1:]) if isinstance(action, str) else int(action)
        if tile == 60:
            tile = drawn
        elif tile == 0:
            raise RecordError(f"seat {p}: discard 0 after a draw")
        seat.take(tile, f"seat {p} discard")
        return self._after_discard(p, tile, riichi, won)

    def _own_kan(self, p: int, text: str) -> tuple[_End | None, int, bool]:
        seat = self.seats[p]
        call = _parse_call(text)
        if call.letter == "a":
            for tile in call.tiles:
                seat.take(tile, f"seat {p} closed kan {text}")
            seat.melds.append(TenhouMeld("closed_kan", call.tiles, None, None))
            kind, tile = "closed_kan", call.tiles[-1]
        elif call.letter == "k":
            added = call.tiles[call.position]
            seat.take(added, f"seat {p} added kan {text}")
            plain = normal_tile(added)
            pons = [
                i
                for i, m in enumerate(seat.melds)
                if m.type == "pon" and normal_tile(m.tiles[0]) == plain
            ]
            if len(pons) != 1:
                raise RecordError(f"seat {p}: added kan {text} without its pon")
            pon = seat.melds[pons[0]]
            if sorted((*pon.tiles, added)) != sorted(call.tiles) or call.source != pon.source:
                raise RecordError(f"seat {p}: added kan {text} does not extend {pon}")
            seat.melds[pons[0]] = TenhouMeld("added_kan", call.tiles, pon.called, pon.source)
            kind, tile = "added_kan", added
        else:
            raise RecordError(f"seat {p}: {excerpt_repr(text)} in the discard list")
        if seat.next_draw() is None:  # robbed (chankan) or the hand stopped here
            return _End(kind, p, tile), p, False
        self._call_made()
        return None, p, True

    def _after_discard(
        self, p: int, tile: int, riichi: bool, won: bool
    ) -> tuple[_End | None, int, bool]:
        seat = self.seats[p]
        seat.ippatsu = False
        if riichi:
            if seat.riichi:
                raise RecordError(f"seat {p} declares riichi twice")
            seat.double_riichi = seat.discard_count == 0 and not self.any_call
        seat.discard_count += 1
        caller = self._caller(p, tile)
        if caller is None and self.seats[(p + 1) % 4].next_draw() is None:
            # Nobody draws again: a ron on this tile, or a draw / abort after it.
            if riichi and not won:
                self._riichi_down(p)
            return _End("discard", p, tile), p, False
        if riichi:
            self._riichi_down(p)
        if caller is None:
            return None, (p + 1) % 4, False
        q, call = caller
        taker = self.seats[q]
        taker.di += 1
        called = call.tiles[call.position]
        for t in call.tiles[: call.position] + call.tiles[call.position + 1 :]:
            taker.take(t, f"seat {q} call {call}")
        kind = {"c": "chi", "p": "pon", "m": "open_kan"}[call.letter]
        taker.melds.append(TenhouMeld(kind, call.tiles, called, call.source))
        self._call_made()
        if kind == "open_kan":
            if taker.next_discard() != 0:
                raise RecordError(f"seat {q}: open kan without its 0 in the discard list")
            taker.si += 1
            return None, q, True
        action = taker.next_discard()
        if not isinstance(action, int) or action in (0, 60):
            raise RecordError(f"seat {q}: after a call the discard is {excerpt_repr(action)}")
        taker.si += 1
        taker.take(action, f"seat {q} discard after call")
        return self._after_discard(q, action, False, won)

    def _caller(self, p: int, tile: int) -> tuple[int, _Call] | None:
        found: list[tuple[int, int, _Call]] = []
        for q in range(4):
            entry = self.seats[q].next_draw()
            if q == p or not isinstance(entry, str):
                continue
            call = _parse_call(entry)
            if call.letter not in "cpm":
                raise RecordError(f"seat {q}: {excerpt_repr(entry)} in the draw list")
            feeder = (q + call.source) % 4
            if feeder == p and call.tiles[call.position] == tile:
                found.append((0 if call.letter == "c" else 1, q, call))
        if not found:
            return None
        best = max(found, key=lambda f: f[0])
        if sum(1 for f in found if f[0] == best[0]) > 1:
            raise RecordError(f"two calls wait for seat {p}'s tile {tile}")
        return best[1], best[2]

    def _riichi_down(self, p: int) -> None:
        seat = self.seats[p]
        seat.riichi = True
        seat.ippatsu = True
        self.sticks_down.append(p)

    def _call_made(self) -> None:
        self.any_call = True
        for seat in self.seats:
            seat.ippatsu = False

    def _check_consumed(self) -> None:
        for p, seat in enumerate(self.seats):
            if seat.di != len(seat.draws) or seat.si != len(seat.discards):
                raise RecordError(
                    f"seat {p}: hand ended with draws {excerpt_repr(seat.draws[seat.di :])} "
                    f"and discards {excerpt_repr(seat.discards[seat.si :])} left"
                )

    def win(
        self,
        end: _End,
        file: str,
        kyoku: int,
        honba: int,
        sticks: int,
        start: tuple[int, int, int, int],
        dora: tuple[int, ...],
        ura: tuple[int, ...],
        winner: int,
        from_seat: int,
        pao: int | None,
        points_text: str,
        yaku_texts: list[str],
        deltas: tuple[int, int, int, int],
    ) -> TenhouWin:
        seat = self.seats[winner]
        tsumo = end.kind == "tsumo"
        if tsumo:
            if winner != end.seat or from_seat != winner:
                raise RecordError(f"tsumo by seat {end.seat} but the result says {winner}")
            concealed = list(seat.hand)
            concealed.remove(end.tile)
        else:
            if from_seat != end.seat or winner == end.seat:
                raise RecordError(
                    f"ron on seat {end.seat}'s {end.kind} but the result says "
                    f"{winner} from {from_seat}"
                )
            concealed = list(seat.hand)
        fu, han = _parse_points(points_text)
        first = tsumo and end.first_draw
        houtei = end.kind == "discard" and self.wall_draws == LIVE_WALL
        return TenhouWin(
            file=file,
            kyoku=kyoku,
            honba=honba,
            riichi_sticks=sticks,
            round_wind=kyoku // 4,
            dealer=self.dealer,
            winner=winner,
            from_seat=from_seat,
            pao=pao,
            seat_wind=(winner - self.dealer) % 4,
            concealed=tuple(sorted(concealed, key=lambda t: (normal_tile(t), t))),
            melds=tuple(seat.melds),
            win_tile=end.tile,
            tsumo=tsumo,
            riichi=seat.riichi,
            double_riichi=seat.double_riichi and seat.riichi,
            ippatsu=seat.riichi and seat.ippatsu,
            rinshan=tsumo and end.rinshan,
            chankan=end.kind == "added_kan",
            haitei=tsumo and not end.rinshan and self.wall_draws == LIVE_WALL,
            houtei=houtei,
            tenhou=first and winner == self.dealer,
            chiihou=first and winner != self.dealer,
            dora_indicators=dora,
            ura_indicators=ura,
            riichi_declared_this_hand=tuple(self.sticks_down),
            fu=fu,
            han=han,
            points_text=points_text,
            yaku=_parse_yaku(yaku_texts),
            deltas=deltas,
            start_scores=start,
        )


# --------------------------------------------------------------------------- checks

_FLAG_YAKU = (
    ("ippatsu", "一発"),
    ("rinshan", "嶺上開花"),
    ("chankan", "槍槓"),
    ("haitei", "海底摸月"),
    ("houtei", "河底撈魚"),
    ("double_riichi", "両立直"),
)


def flag_mismatches(win: TenhouWin) -> list[str]:
    """Where the replayed state disagrees with what Tenhou lists (empty when all agree):
    each situational flag against its yaku, riichi/menzen tsumo, tenhou/chiihou, the
    wind yaku against seat and round winds, and the dora / red / ura han against the
    tiles. Flags yaku are skipped for yakuman hands, where Tenhou lists only yakuman."""
    names = {name for name, _ in win.yaku}
    han_of = dict(win.yaku)
    problems: list[str] = []

    def expect(flag: str, value: bool, listed: bool) -> None:
        if value != listed:
            problems.append(f"{flag}={value} but Tenhou {'lists' if listed else 'omits'} it")

    expect("tenhou", win.tenhou, "天和" in names)
    expect("chiihou", win.chiihou, "地和" in names)
    if not win.is_yakuman:
        for flag, name in _FLAG_YAKU:
            expect(flag, bool(getattr(win, flag)), name in names)
        expect("riichi (single)", win.riichi and not win.double_riichi, "立直" in names)
        expect("menzen tsumo", win.tsumo and win.closed, "門前清自摸和" in names)
        for prefix, wind in (("自風", win.seat_wind), ("場風", win.round_wind)):
            listed = {n for n in names if n.startswith(prefix)}
            holds = sum(1 for t in win.all_tiles if normal_tile(t) == 41 + wind) >= 3
            expected = {f"{prefix} {_WIND_NAMES[wind]}"} if holds else set()
            if listed != expected:
                problems.append(f"{prefix}: expected {sorted(expected)}, listed {sorted(listed)}")
        tiles = [normal_tile(t) for t in win.all_tiles]
        dora = sum(tiles.count(dora_from_indicator(i)) for i in win.dora_indicators)
        aka = sum(1 for t in win.all_tiles if t in _RED)
        ura = sum(tiles.count(dora_from_indicator(i)) for i in win.ura_indicators)
        for name, count in (("ドラ", dora), ("赤ドラ", aka), ("裏ドラ", ura if win.riichi else 0)):
            if han_of.get(name, 0) != count:
                problems.append(f"{name}: {count} in the tiles, Tenhou {han_of.get(name, 0)}")
    if win.riichi and len(win.ura_indicators) != len(win.dora_indicators):
        problems.append("riichi win without one ura indicator per dora indicator")
    return problems


def win_situation(win: TenhouWin, honba: int | None = None, sticks: int | None = None) -> Any:
    """The :class:`~sparrows.rules.riichi.WinSituation` of a Tenhou win, for the scorer.
    ``honba`` / ``sticks`` override the hand's (a second ron winner gets neither)."""
    from ..rules.riichi import WinSituation
    from ..tiles import Meld, MeldType, from_tenhou

    melds = tuple(  # TenhouMeld.type names are MeldType values
        Meld(MeldType(m.type), tuple(from_tenhou(t) for t in m.tiles), m.source) for m in win.melds
    )
    on_table = win.riichi_sticks + len(win.riichi_declared_this_hand)
    return WinSituation(
        tuple(from_tenhou(t) for t in win.concealed),
        from_tenhou(win.win_tile),
        melds,
        tsumo=win.tsumo,
        riichi=win.riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu,
        rinshan=win.rinshan,
        chankan=win.chankan,
        haitei=win.haitei,
        houtei=win.houtei,
        tenhou=win.tenhou,
        chiihou=win.chiihou,
        seat_wind=win.seat_wind,
        round_wind=win.round_wind,
        dora_indicators=tuple(from_tenhou(t) for t in win.dora_indicators),
        ura_indicators=tuple(from_tenhou(t) for t in win.ura_indicators),
        honba=win.honba if honba is None else honba,
        riichi_sticks=on_table if sticks is None else sticks,
    )
