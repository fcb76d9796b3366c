"""Riichi games written as tenhou.net/6 JSON (mjai's writer is in :mod:`.mjai`, with its
reader; what both share is in :mod:`.hands`).

Both exporters read the game's events (a game played with ``record=True``), never its
private state, so a game rebuilt from a record exports the same way.

**tenhou.net/6** (:func:`to_tenhou6`): one object with ``title``, ``name``, ``rule``
(``disp`` like ``般南喰赤``, ``aka``) and one ``log`` entry per finished hand, in the layout
:mod:`sparrows.records.tenhou6` reads: ``[kyoku, honba, sticks]``, start scores, dora
indicators (the first and every kan dora turned), ura indicators (when a riichi player
won), then per seat the dealt tiles (sorted as Tenhou sorts them: a red five after the
plain fives), the draw list (tiles, ``c``/``p``/``m`` call strings whose letter stands
before the called tile at the place naming the feeder) and the discard list (tiles, ``60``
for the tile just drawn, ``r`` before a riichi discard, ``a``/``k`` kan strings, ``0``
after an open kan), and the result: ``和了`` with each win's score changes and
``[who, from, pao, points text, yaku...]``, or the draw / abort name with its changes.
Tenhou's changes leave out the riichi sticks put down during the hand; the sticks the
winner takes from the table are in them. A hand still being played is left out (the format
has no way to write a hand without its result).

**mjai** (:func:`to_mjai`): the event stream ``start_game`` (``names``, ``kyoku_first``
0 for East-South, 4 for East only, ``aka_flag``), then per hand ``start_kyoku``,
``tsumo``, ``reach`` + ``dahai``, ``reach_accepted``, ``chi`` / ``pon`` / ``daiminkan`` /
``ankan`` / ``kakan``, ``dora``, ``hora`` / ``ryukyoku`` (with ``deltas`` and the
``scores`` after them) and ``end_kyoku``, and ``end_game``. A hand still being played is
written as far as it went (no ``end_kyoku``).

Three players: tenhou.net/6 as Tenhou writes them (a fourth, empty seat; ``三`` before
the rule's room; ``kyoku`` four to a round; a North set aside as ``f44`` in the discard
list; Norths set aside counted with the dora, ``ドラ``); mjai with three seats and a
``nukidora`` event (see ``docs/formats.md``). Games of the house table (special tiles,
chips, abilities) are refused: neither format can hold them.

Tsumogiri (``60``, ``r60``, mjai ``tsumogiri``) is the engine's flag of each discard: the
tile drawn last in the turn (never after a chi, pon or open kan; the replacement tile
after a closed or added kan or a North set aside).

Neither format carries the seed, the options beyond game length and red fives, the tiles
nobody saw (the rest of the wall, ura indicators unless a riichi player won), which copy
of a face was discarded, or the calls, rons and tsumo a player declined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import events as ev
from ..errors import RecordError, excerpt_repr
from ..tiles import Tile, to_tenhou
from .hands import (
    EventFaces,
    HandEvents,
    apply_transfer,
    check_riichi_game,
    hand_events,
    seat_names,
    without,
)
from .tenhou6 import ABORT_NAMES, JAPANESE_YAKU, NUKI, rule_options, tenhou_rule

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "ABORT_NAMES",
    "TENHOU_YAKU_ORDER",
    "tenhou_points_text",
    "tenhou_yaku_texts",
    "to_tenhou6",
]

_WINDS = "東南西北"
_LIMITS = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}
_TSUMOGIRI = 60
#: The order Tenhou's yaku texts are written in. Tenhou's own order is its scorer's and
#: not always the same (it follows the hand: 役牌 中 before 自風 北 before 役牌 白 in one
#: game); this fixed order agrees with every win of the 31 oracle games.
TENHOU_YAKU_ORDER = (
    "立直", "両立直", "一発", "門前清自摸和", "槍槓", "嶺上開花", "海底摸月", "河底撈魚",
    "平和", "一盃口", "三色同順", "一気通貫", "七対子", "三暗刻", "対々和", "三色同刻",
    "三槓子", "断幺九", "小三元", "場風 西", "場風 北", "場風 南", "自風 南", "自風 西",
    "役牌 中", "自風 北", "場風 東", "自風 東", "役牌 發", "役牌 白", "混老頭", "混全帯幺九",
    "純全帯幺九", "二盃口", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻",
    "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双",
    "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "赤ドラ", "裏ドラ",
)  # fmt: skip
_YAKU_RANK = {name: i for i, name in enumerate(TENHOU_YAKU_ORDER)}
_YAKU_NAME: dict[str, str] = {}
for _name, _id in JAPANESE_YAKU.items():
    _YAKU_NAME.setdefault(_id, _name)


# --------------------------------------------------------------------------- tenhou.net/6


def to_tenhou6(
    game: Game,
    names: Sequence[str] | None = None,
    title: Sequence[str] | None = None,
    room: str = "般",
    rule: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The game as one tenhou.net/6 JSON object (see the module); ``names`` of the seats,
    ``title`` (Tenhou's two title lines) and ``room`` (the lobby letter of the rule's
    ``disp``: 般 上 特 鳳) are written as given. ``rule``: the rule object of the log the
    game was read from, written as it is (``鳳南喰赤`` stays) when it gives the game's
    options back; a rule that names other options is refused."""
    check_riichi_game(game, "tenhou.net/6")
    opts: Any = game.ruleset.options
    n = game.n
    faces = EventFaces(game)
    hands, _end = hand_events(game)
    log = [_tenhou_hand(hand, faces, opts.honba_ron, n) for hand in hands if hand.ended]
    written = tenhou_rule(opts, room)
    if rule is not None:
        if rule_options(dict(rule), n) != rule_options(written, n):
            raise RecordError(
                f"the rule {excerpt_repr(dict(rule))} does not describe this game's options "
                f"({excerpt_repr(written)})"
            )
        written = dict(rule)
    return {
        "title": list(title) if title is not None else ["sparrows", ""],
        "name": seat_names(names, n) + [""] * (4 - n),
        "rule": written,
        "log": log,
    }


def _codes(tiles: Sequence[Tile]) -> str:
    return "".join(str(to_tenhou(t)) for t in tiles)


def _call_string(letter: str, tiles: list[Tile], called: Tile, relative: int) -> str:
    """A pon or open kan string: the letter before the called tile, which stands first
    (fed by the left), second (across) or last (right) among the tiles."""
    rest = without(tiles, called)
    at = {3: 0, 2: 1, 1: len(rest)}[relative]
    return _codes(rest[:at]) + letter + str(to_tenhou(called)) + _codes(rest[at:])


def _tenhou_hand(hand: HandEvents, face: EventFaces, honba_ron: int, n: int = 4) -> list[Any]:
    start = hand.start
    dealer = start.dealer
    dora = [to_tenhou(face(t)) for t in start.indicators]
    initial = len(start.indicators)
    haipai: list[list[int]] = [[] for _ in range(4)]
    draws: list[list[int | str]] = [[] for _ in range(4)]
    discards: list[list[int | str]] = [[] for _ in range(4)]
    pons: dict[tuple[int, int], str] = {}
    deltas = [0] * 4
    reasons: set[str] = set()
    wins: list[ev.Win] = []
    ending: ev.Event | None = None
    indicators = 0
    for e in hand.events:
        if isinstance(e, ev.Deal):
            haipai[e.seat] = [to_tenhou(t) for t in sorted(face.all(e.tiles))]
        elif isinstance(e, ev.Indicator):
            indicators += 1
            if indicators > initial:
                dora.append(to_tenhou(face(e.tile)))
        elif isinstance(e, ev.Draw):
            draws[e.seat].append(to_tenhou(face(e.tile)))
        elif isinstance(e, ev.Discard):
            code = _TSUMOGIRI if e.tsumogiri else to_tenhou(face(e.tile))
            discards[e.seat].append(f"r{code}" if e.riichi else code)
        elif isinstance(e, ev.Call):
            _tenhou_call(e, face, draws, discards, pons, n)
        elif isinstance(e, ev.BonusTile):  # a North set aside (three players)
            discards[e.seat].append(NUKI)
        elif isinstance(e, ev.Transfer) and e.account == "points" and e.reason != "riichi":
            reasons.add(e.reason)
            apply_transfer(deltas, e)
        elif isinstance(e, ev.Win):
            wins.append(e)
        elif isinstance(e, (ev.ExhaustiveDraw, ev.Abort)):
            ending = e
    ura: list[int] = []
    result: list[Any]
    if wins:
        result = ["和了"]
        for win in wins:
            shown = [to_tenhou(face(t)) for t in win.detail.get("ura_indicators", [])]
            if len(shown) > len(ura):
                ura = shown
            payments = [*win.payments, *[0] * (4 - n)]
            result += [payments, _tenhou_win(win, dealer, start.round_wind, honba_ron, n)]
    elif isinstance(ending, ev.ExhaustiveDraw):
        if "nagashi mangan" in reasons:
            result = ["流し満貫", deltas]
        elif len(ending.ready) == n:
            result = ["全員聴牌"]
        elif not ending.ready:
            result = ["全員不聴"]
        else:
            result = ["流局", deltas]
    elif isinstance(ending, ev.Abort):
        result = [ABORT_NAMES[ending.reason]]
    else:  # pragma: no cover - every ended riichi hand has a win, a draw or an abort
        raise RecordError(f"hand {start.hand} ended without a result")
    # Tenhou counts hands four to a round, also with three players (South 1 is 4)
    kyoku = start.round_wind * 4 + dealer
    entry: list[Any] = [
        [kyoku, int(start.extra.get("honba", 0)), int(start.extra.get("sticks", 0))],
        [*start.scores, *[0] * (4 - n)],
        dora,
        ura,
    ]
    for seat in range(4):
        entry += [haipai[seat], draws[seat], discards[seat]]
    entry.append(result)
    return entry


def _tenhou_call(
    e: ev.Call,
    face: EventFaces,
    draws: list[list[int | str]],
    discards: list[list[int | str]],
    pons: dict[tuple[int, int], str],
    n: int = 4,
) -> None:
    tiles = face.all(e.tiles)
    seat = e.seat
    if e.meld == "closed_kan":
        ordered = sorted(tiles)
        discards[seat].append(_codes(ordered[:3]) + "a" + _codes(ordered[3:]))
        return
    if e.called is None:
        raise RecordError(f"a {e.meld} without its called tile")
    called = face(e.called)
    if e.meld == "added_kan":
        pon = pons.get((seat, called.kind))
        if pon is None:
            raise RecordError(f"seat {seat}: an added kan of {e.called} without its pon")
        discards[seat].append(pon.replace("p", "k" + str(to_tenhou(called)), 1))
        return
    if e.from_seat is None:
        raise RecordError(f"a {e.meld} without its feeder")
    # Tenhou's places count four seats: 1 right, 2 across, 3 left (three players: 1 or 3)
    relative = (e.from_seat - seat) % n
    if relative == n - 1:
        relative = 3
    if e.meld == "chi":
        draws[seat].append("c" + str(to_tenhou(called)) + _codes(without(tiles, called)))
    elif e.meld == "pon":
        text = _call_string("p", tiles, called, relative)
        pons[(seat, called.kind)] = text
        draws[seat].append(text)
    elif e.meld == "open_kan":
        draws[seat].append(_call_string("m", tiles, called, relative))
        discards[seat].append(0)
    else:
        raise RecordError(f"unknown meld {e.meld!r}")


def tenhou_points_text(
    detail: dict[str, Any], tsumo: bool, honba_ron: int = 300, payers: int = 3
) -> str:
    """Tenhou's points text of a win from its detail: ``30符4飜7700点``,
    ``満貫2000-4000点`` (a non-dealer's tsumo: the others' part, then the dealer's),
    ``4000点∀`` (a dealer's tsumo: each pays), honba left out (``honba_ron`` a ron's
    honba, a tsumo's split between the ``payers``)."""
    limit = detail.get("limit")
    if limit is None:
        head = f"{detail['fu']}符{detail['han']}飜"
    elif "yakuman" in limit:  # every yakuman, counted ones and multiples alike
        head = "役満"
    else:
        head = _LIMITS[limit]
    pay = detail["payment"]
    honba = int(detail.get("honba", 0))
    if not tsumo:
        return f"{head}{pay['ron'] - honba * honba_ron}点"
    share = honba * (honba_ron // payers)
    other = pay["tsumo_other"] - share
    if not pay["tsumo_dealer"]:
        return f"{head}{other}点∀"
    return f"{head}{other}-{pay['tsumo_dealer'] - share}点"


def tenhou_yaku_texts(
    detail: dict[str, Any], seat: int, dealer: int, round_wind: int, players: int = 4
) -> list[str]:
    """Tenhou's yaku texts of a win, in Tenhou's order: ``立直(1飜)``, ``大三元(役満)``...
    Norths set aside (three players) count with the dora: ``ドラ``."""
    yaku = [(str(yid), int(han)) for yid, han in detail["yaku"] if yid != "nuki"]
    nuki = sum(int(han) for yid, han in detail["yaku"] if yid == "nuki")
    if nuki:
        dora = sum(han for yid, han in yaku if yid == "dora")
        yaku = [(yid, han) for yid, han in yaku if yid != "dora"] + [("dora", dora + nuki)]
    named = []
    for yid, han in yaku:
        if yid == "seat_wind":
            name = "自風 " + _WINDS[(seat - dealer) % players]
        elif yid == "round_wind":
            name = "場風 " + _WINDS[round_wind % 4]
        else:
            try:
                name = _YAKU_NAME[yid]
            except KeyError:
                raise RecordError(f"yaku {yid!r} has no Tenhou name") from None
        named.append((name, han))
    named.sort(key=lambda y: _YAKU_RANK[y[0]])
    yakuman = bool(detail.get("yakuman"))
    return [f"{name}(役満)" if yakuman else f"{name}({han}飜)" for name, han in named]


def _tenhou_win(win: ev.Win, dealer: int, round_wind: int, honba_ron: int, n: int = 4) -> list[Any]:
    detail = win.detail
    tsumo = win.from_seat is None
    pao = detail.get("pao")
    return [
        win.seat,
        win.seat if tsumo else win.from_seat,
        win.seat if pao is None else pao,
        tenhou_points_text(detail, tsumo, honba_ron, n - 1),
        *tenhou_yaku_texts(detail, win.seat, dealer, round_wind, n),
    ]
