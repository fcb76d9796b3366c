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

A three-player game has the same layout: four names (the fourth empty), four scores (the
fourth 0), the fourth seat's dealt, draw and discard lists empty, ``kyoku`` counted as
with four (South 1 is 4), a ``disp`` starting with ``三`` (``三鳳南喰赤``) and a North set
aside written ``f44`` in the discard list (its replacement draw is the next draw entry);
a call's letter stands first (left) or last (right), never at the across place.

This module only reads: each hand becomes a :class:`TenhouHand` holding the lists as they
are (checked for shape and tile supply). The hand is *played* by the engine itself:
:mod:`sparrows.records.tenhou_replay` drives a riichi game with the log's draws and
decisions and compares every payment with the log.
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
    "ABORT_NAMES",
    "DRAW_NAMES",
    "EXHAUSTIVE_DRAWS",
    "JAPANESE_YAKU",
    "LIVE_WALL",
    "MAX_RECORD_BYTES",
    "NUKI",
    "YAKUMAN_IDS",
    "Call",
    "TenhouGame",
    "TenhouHand",
    "TenhouWin",
    "normal_tile",
    "parse_call",
    "read_game",
    "read_games",
    "rule_options",
    "tenhou_rule",
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
#: Our abort reasons -> Tenhou's result names.
ABORT_NAMES = {
    "nine terminals": "九種九牌",
    "four riichi": "四家立直",
    "three ron": "三家和了",
    "four kans": "四槓散了",
    "four winds": "四風連打",
}

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

_YAKU_RE = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|(?P<yakuman>役満))\)$")
_FU_HAN_RE = re.compile(r"^(?P<fu>\d+)符(?P<han>\d+)飜")
_CALL_RE = re.compile(r"^(\d\d)*[cpmak](\d\d)+$")
_RIICHI_RE = re.compile(r"^r\d\d$")
#: A North set aside as nuki dora (three players), in the discard list.
NUKI = "f44"
_RED = {51: 15, 52: 25, 53: 35}
_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)])
_SOURCE_BY_POSITION = (3, 2, 1)  # letter before 1st / 2nd / last tile: left, across, right


def normal_tile(code: int) -> int:
    """The Tenhou code with a red five read as a plain five (51 -> 15...)."""
    return _RED.get(code, code)


@dataclass(frozen=True)
class TenhouWin:
    """One win record of a hand (a double ron gives two): who won from whom (the same
    seat on a tsumo), the liable player (pao) if any, Tenhou's printed points, fu and han
    (0 for limit hands, which Tenhou writes without them), the yaku with their han (13 for
    a yakuman) and this win's score changes (honba, sticks and pao included)."""

    winner: int
    from_seat: int
    pao: int | None
    points_text: str
    fu: int
    han: int
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, int, int, int]

    @property
    def tsumo(self) -> bool:
        return self.winner == self.from_seat

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


Entry = int | str


@dataclass(frozen=True)
class TenhouHand:
    """One hand (kyoku) as the log writes it: its start, every seat's dealt tiles, draw
    list and discard list, and how it ended."""

    file: str
    number: int  # position in the game, from 0
    kyoku: int  # 0-3 East 1-4, 4-7 South, 8-11 West
    honba: int
    riichi_sticks: int
    start_scores: tuple[int, int, int, int]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    haipai: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[Entry, ...], ...]
    discards: tuple[tuple[Entry, ...], ...]
    result: str  # "和了" or the name of the draw / abort
    deltas: tuple[tuple[int, int, int, int], ...]  # one per win, or the draw's (maybe none)
    wins: tuple[TenhouWin, ...]
    #: 3 for a three-player hand (the fourth seat's lists are empty, its score 0)
    players: int = 4

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    @property
    def total_deltas(self) -> tuple[int, ...]:
        return tuple(sum(d[s] for d in self.deltas) for s in range(4))


@dataclass(frozen=True)
class TenhouGame:
    file: str
    title: tuple[str, ...]
    names: tuple[str, ...]
    rule: dict[str, Any] = field(hash=False)
    hands: tuple[TenhouHand, ...]
    #: Whether the log says the game ended after its last hand (an mjlog's ``owari``);
    #: None where the format does not say (tenhou.net/6 JSON).
    ended: bool | None = None

    @property
    def wins(self) -> list[TenhouWin]:
        return [win for hand in self.hands for win in hand.wins]

    @property
    def players(self) -> int:
        """3 or 4 (every hand of a game has the same)."""
        return self.hands[0].players if self.hands else 4


# --------------------------------------------------------------------------- reading


def rule_options(rule: dict[str, Any], players: int | None = None) -> dict[str, Any]:
    """Riichi options for a Tenhou ``rule`` (``{"disp": "鳳南喰赤", "aka": 1}``): Tenhou's
    preset, ``tenhou-sanma`` for three players (``players`` 3, or without ``players`` a
    ``disp`` starting with ``三``); ``東`` East only; no ``喰`` no open tanyao (an empty
    ``disp`` says nothing); ``aka`` 0 no red fives."""
    disp = str(rule.get("disp", ""))
    three = players == 3 if players is not None else disp.startswith("三")
    options: dict[str, Any] = {"preset": "tenhou-sanma" if three else "tenhou"}
    if "東" in disp:
        options["hanchan"] = False
    if disp and "喰" not in disp:
        options["open_tanyao"] = False
    if rule.get("aka", 1) in (0, "0"):
        options["red_fives"] = [0, 0, 0]
    return options


def tenhou_rule(options: Any, room: str = "般") -> dict[str, Any]:
    """The Tenhou ``rule`` of riichi options (the inverse of :func:`rule_options` for
    what it carries); ``room`` is the lobby letter of ``disp``: 般 上 特 鳳 (after ``三``
    for three players)."""
    three = options.players == 3
    red = any(options.red_fives)
    disp = (
        ("三" if three else "")
        + room
        + ("南" if options.hanchan else "東")
        + ("喰" if options.open_tanyao else "")
    )
    return {"disp": disp + ("赤" if red else ""), "aka": 1 if red else 0}


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
    if not hands:
        raise RecordError(f"{file}: the tenhou.net/6 log holds no hand")
    players = {hand.players for hand in hands}
    if len(players) > 1:
        raise RecordError(f"{file}: hands of three and of four players in one game")
    if str(rule.get("disp", "")).startswith("三") and players == {4}:
        raise RecordError(
            f"{file}: the rule {excerpt_repr(rule.get('disp'))} is a three-player "
            "one, but the hands have four players"
        )
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
    if not 0 <= kyoku < 16 or honba < 0 or sticks < 0:
        raise RecordError(f"unreadable hand start {excerpt_repr(raw[0])}")
    start = _scores(raw[1])
    dora = tuple(int(t) for t in raw[2])
    ura = tuple(int(t) for t in raw[3])
    haipai = tuple(tuple(int(t) for t in raw[4 + 3 * p]) for p in range(4))
    draws = tuple(tuple(_entry(t) for t in raw[5 + 3 * p]) for p in range(4))
    discards = tuple(tuple(_entry(t) for t in raw[6 + 3 * p]) for p in range(4))
    # three players: the fourth seat's lists are empty (and its score 0)
    players = 3 if not (haipai[3] or draws[3] or discards[3]) else 4
    if players == 3 and start[3]:
        raise RecordError(f"a three-player hand with a fourth score {start[3]}")
    for p in range(players):
        if len(haipai[p]) != 13:
            raise RecordError(f"seat {p} is dealt {len(haipai[p])} tiles")
        for entry in draws[p]:
            if isinstance(entry, str) and parse_call(entry).letter not in "cpm":
                raise RecordError(f"seat {p}: {excerpt_repr(entry)} in the draw list")
            if players == 3 and isinstance(entry, str) and entry.startswith("c"):
                raise RecordError(f"seat {p}: a chi {excerpt_repr(entry)} with three players")
        for entry in discards[p]:
            if isinstance(entry, str):
                if entry.startswith("r"):
                    if not _RIICHI_RE.match(entry):
                        raise RecordError(f"unreadable riichi {excerpt_repr(entry)}")
                elif entry == NUKI:
                    if players == 4:
                        raise RecordError(f"seat {p}: a North set aside ({NUKI}) with four players")
                elif parse_call(entry).letter not in "ak":
                    raise RecordError(f"seat {p}: {excerpt_repr(entry)} in the discard list")
    result = raw[16]
    name = str(result[0])
    _check_supply([*dora, *ura, *(t for h in haipai for t in h)] + [
        t for d in draws for t in d if isinstance(t, int)
    ])  # fmt: skip
    if name != WIN:
        if name not in DRAW_NAMES:
            raise RecordError(f"unknown result {excerpt_repr(name)}")
        deltas = tuple(_scores(d) for d in result[1:])
        return TenhouHand(
            file, number, kyoku, honba, sticks, start, dora, ura, haipai, draws, discards,
            name, deltas, (), players,
        )  # fmt: skip
    if len(result) < 3 or len(result) % 2 != 1:
        raise RecordError(f"a win result has deltas/info pairs, got {excerpt_repr(result)}")
    records: list[TenhouWin] = []
    for i in range(1, len(result), 2):
        deltas4 = _scores(result[i])
        info = result[i + 1]
        winner, from_seat, pao = int(info[0]), int(info[1]), int(info[2])
        if not (0 <= winner < players and 0 <= from_seat < players and 0 <= pao < players):
            raise RecordError(f"unreadable win {excerpt_repr(info[:3])}")
        fu, han = _parse_points(str(info[3]))
        records.append(
            TenhouWin(
                winner, from_seat, None if pao == winner else pao, str(info[3]), fu, han,
                _parse_yaku([str(y) for y in info[4:]]), deltas4,
            )
        )  # fmt: skip
    return TenhouHand(
        file, number, kyoku, honba, sticks, start, dora, ura, haipai, draws, discards, name,
        tuple(w.deltas for w in records), tuple(records), players,
    )  # fmt: skip


def _entry(value: Any) -> Entry:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"a draw or discard is a tile code or a call, not {excerpt_repr(value)}")
    return value


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
class Call:
    """A call string: ``letter`` (c chi, p pon, m open kan, a closed kan, k added kan),
    its tiles (Tenhou codes) and ``position``, the index of the tile the letter precedes:
    the tile taken (a closed kan: the fourth tile; an added kan: the tile added)."""

    letter: str
    tiles: tuple[int, ...]
    position: int  # index of the tile the letter precedes

    @property
    def taken(self) -> int:
        """The tile the letter precedes (called, or added to a pon)."""
        return self.tiles[self.position]

    @property
    def rest(self) -> tuple[int, ...]:
        """The other tiles (from the caller's hand for a call from a discard)."""
        return self.tiles[: self.position] + self.tiles[self.position + 1 :]

    @property
    def source(self) -> int:
        last = len(self.tiles) - 1 if self.letter == "m" else 2
        if self.position == last:
            return 1
        if self.position in (0, 1):
            return _SOURCE_BY_POSITION[self.position]
        raise RecordError(f"call letter {self.letter!r} at an unknown place")


def parse_call(text: str) -> Call:
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
    return Call(letter, tiles, at // 2)
