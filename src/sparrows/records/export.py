"""Riichi games written in other programs' formats: tenhou.net/6 JSON and mjai JSON lines.

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
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ..engine import events as ev
from ..errors import RecordError, excerpt_repr
from ..tiles import Tile, parse_tiles, to_tenhou
from ..tiles import to_mjai as mjai_name
from .tenhou6 import ABORT_NAMES, JAPANESE_YAKU, NUKI, rule_options, tenhou_rule

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "ABORT_NAMES",
    "MJAI_ABORTS",
    "MJAI_YAKU",
    "TENHOU_YAKU_ORDER",
    "EventFaces",
    "HandEvents",
    "hand_events",
    "mjai_hand",
    "options_lost",
    "seat_names",
    "tenhou_points_text",
    "tenhou_yaku_texts",
    "to_mjai",
    "to_tenhou6",
]

#: Our abort reasons -> mjai ``ryukyoku`` reasons (the spellings of mjai's own Tenhou
#: converter).
MJAI_ABORTS = {
    "nine terminals": "kyushukyuhai",
    "four riichi": "suchareach",
    "three ron": "sanchaho",
    "four kans": "sukaikan",
    "four winds": "sufonrenta",
}
#: Our yaku ids -> mjai's yaku names.
MJAI_YAKU = {
    "menzen_tsumo": "menzenchin_tsumoho", "riichi": "reach", "ippatsu": "ippatsu",
    "chankan": "chankan", "rinshan": "rinshankaiho", "haitei": "haiteiraoyue",
    "houtei": "hoteiraoyui", "pinfu": "pinfu", "tanyao": "tanyaochu", "iipeikou": "ipeko",
    "seat_wind": "jikaze", "round_wind": "bakaze", "yakuhai_haku": "sangenpai",
    "yakuhai_hatsu": "sangenpai", "yakuhai_chun": "sangenpai", "double_riichi": "double_reach",
    "chiitoitsu": "chitoitsu", "chanta": "honchantaiyao", "ittsu": "ikkitsukan",
    "sanshoku": "sanshokudojun", "sanshoku_doukou": "sanshokudoko", "sankantsu": "sankantsu",
    "toitoi": "toitoiho", "sanankou": "sananko", "shousangen": "shosangen",
    "honroutou": "honroto", "ryanpeikou": "ryanpeko", "junchan": "junchantaiyao",
    "honitsu": "honiso", "chinitsu": "chiniso", "renhou": "renho", "tenhou": "tenho",
    "chiihou": "chiho", "daisangen": "daisangen", "suuankou": "suanko",
    "suuankou_tanki": "suanko", "tsuuiisou": "tsuiso", "ryuuiisou": "ryuiso",
    "chinroutou": "chinroto", "chuuren": "churenpoton", "junsei_chuuren": "churenpoton",
    "kokushi": "kokushimuso", "kokushi_13": "kokushimuso", "daisuushi": "daisushi",
    "shousuushi": "shosushi", "suukantsu": "sukantsu", "dora": "dora", "aka": "akadora",
    "ura": "uradora",
}  # fmt: skip

_WINDS = "東南西北"
_MJAI_WINDS = "ESWN"
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


# --------------------------------------------------------------------------- hands


@dataclass
class HandEvents:
    """One hand's events: its start, what happened up to its end (included), whether it
    ended, and what came after it (the game's end: leftover sticks)."""

    start: ev.HandStart
    events: list[ev.Event] = field(default_factory=list)
    ended: bool = False
    after: list[ev.Event] = field(default_factory=list)


def _riichi_game(game: Game, what: str) -> None:
    """Refuse, in one line, a game ``what`` (a format's name) cannot hold."""
    from ..rules.riichi.house import is_house

    if game.ruleset.name != "riichi":
        raise RecordError(
            f"only riichi games can be written as {what}, not a {game.ruleset.name} game"
        )
    if not game.record:
        raise RecordError(f"this game was played with record=False: it has no events for {what}")
    opts: Any = game.ruleset.options
    if is_house(opts):
        raise RecordError(
            f"{what} cannot hold a game of the house table (its special tiles, chips and "
            "abilities, preset cy-dealers-choice): its sparrows record keeps it (sparrows "
            "replay)"
        )
    reds = tuple(opts.red_fives)
    allowed = ((0, 0, 0), (1, 1, 1)) if game.n == 4 else ((0, 0, 0), (0, 1, 1))
    if reds not in allowed:
        which = "one red five per suit" if game.n == 4 else "a red 5p and 5s"
        raise RecordError(
            f"{what} writes {game.n}-player games with {which} or none, not red_fives={reds}"
        )


def hand_events(
    game: Game, events: Sequence[ev.Event] | None = None
) -> tuple[list[HandEvents], ev.GameEnd | None]:
    """The game's events (or ``events``, a part of them) hand by hand, and its end (None
    while it goes on)."""
    hands: list[HandEvents] = []
    end: ev.GameEnd | None = None
    for e in game.events if events is None else events:
        if isinstance(e, ev.HandStart):
            hands.append(HandEvents(e))
        elif isinstance(e, ev.GameEnd):
            end = e
        elif hands:
            hand = hands[-1]
            if hand.ended:
                hand.after.append(e)
            else:
                hand.events.append(e)
                hand.ended = isinstance(e, ev.HandEnd)
    return hands, end


class EventFaces:
    """Event tile texts -> faces (the ruleset's own texts, parsed once each)."""

    def __init__(self, game: Game) -> None:
        self.faces: dict[str, Tile] = dict(zip(game.tile_text, game.faces, strict=True))

    def __call__(self, text: str) -> Tile:
        face = self.faces.get(text)
        if face is None:
            face = self.faces[text] = parse_tiles(text)[0]
        return face

    def all(self, texts: Sequence[str]) -> list[Tile]:
        return [self(t) for t in texts]


def _without(tiles: list[Tile], taken: Tile) -> list[Tile]:
    """``tiles`` less one ``taken``, sorted."""
    rest = sorted(tiles)
    rest.remove(taken)
    return rest


def seat_names(names: Sequence[str] | None, players: int) -> list[str]:
    """One name per seat: ``names`` (``players`` texts; for three players a fourth, empty
    one as tenhou.net/6 writes it may follow), or ``Player 1``... when None."""
    if names is None:
        return [f"Player {s + 1}" for s in range(players)]
    given = list(names)
    if len(given) == 4 and players == 3 and given[3] == "":
        given = given[:3]
    if len(given) != players or not all(isinstance(n, str) for n in given):
        raise RecordError(f"names must be {players} texts, not {excerpt_repr(list(names))}")
    return given


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
    _riichi_game(game, "tenhou.net/6")
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


def apply_transfer(values: list[int], e: Any) -> None:
    """Add a transfer event (``src``/``dst`` seats, the pot -1 left out) to per-seat
    values."""
    if e.src >= 0:
        values[e.src] -= e.amount
    if e.dst >= 0:
        values[e.dst] += e.amount


def _codes(tiles: Sequence[Tile]) -> str:
    return "".join(str(to_tenhou(t)) for t in tiles)


def _call_string(letter: str, tiles: list[Tile], called: Tile, relative: int) -> str:
    """A pon or open kan string: the letter before the called tile, which stands first
    (fed by the left), second (across) or last (right) among the tiles."""
    rest = _without(tiles, called)
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
        draws[seat].append("c" + str(to_tenhou(called)) + _codes(_without(tiles, called)))
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


# --------------------------------------------------------------------------- mjai


def options_lost(game: Game, fmt: str) -> list[str]:
    """The game's rule options that an export to ``fmt`` ("tenhou6" or "mjai") cannot
    carry, as ``name=value``: a replay of the export plays them by Tenhou's rules."""
    from ..rules import get_ruleset
    from .mjai import options_for_mjai
    from .tenhou6 import rule_options

    _riichi_game(game, "tenhou.net/6" if fmt == "tenhou6" else fmt)
    ours: Any = game.ruleset.options
    if fmt == "tenhou6":
        carried = rule_options(tenhou_rule(ours))
    else:
        carried = options_for_mjai(to_mjai(game)[0])
    theirs = get_ruleset("riichi", carried).options
    return [
        f"{f.name}={getattr(ours, f.name)!r}"
        for f in fields(ours)
        if getattr(ours, f.name) != getattr(theirs, f.name)
    ]


def to_mjai(game: Game, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The game as mjai events (one JSON object per line in a file; see the module)."""
    _riichi_game(game, "mjai")
    opts: Any = game.ruleset.options
    out: list[dict[str, Any]] = [
        {
            "type": "start_game",
            "names": seat_names(names, game.n),
            "kyoku_first": 0 if opts.hanchan else 4,
            "aka_flag": any(opts.red_fives),
        }
    ]
    faces = EventFaces(game)
    hands, end = hand_events(game)
    for hand in hands:
        out += mjai_hand(hand, faces, game.n)
    if end is not None:
        out.append({"type": "end_game", "scores": list(end.scores)})
    return out


def _m(tile: Tile) -> str:
    return mjai_name(tile)


def _ms(tiles: Sequence[Tile]) -> list[str]:
    return [mjai_name(t) for t in tiles]


def mjai_hand(hand: HandEvents, face: EventFaces, n: int = 4) -> list[dict[str, Any]]:
    """One hand's mjai events (``start_kyoku`` to ``end_kyoku``) of an ``n``-player game."""
    start = hand.start
    tehais: list[list[str]] = [[] for _ in range(n)]
    for e in hand.events:
        if isinstance(e, ev.Deal):
            tehais[e.seat] = _ms(sorted(face.all(e.tiles)))
    scores = list(start.scores)
    out: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": _MJAI_WINDS[start.round_wind % 4],
            "kyoku": start.dealer + 1,
            "honba": int(start.extra.get("honba", 0)),
            "kyotaku": int(start.extra.get("sticks", 0)),
            "oya": start.dealer,
            "dora_marker": _m(face(start.indicators[0])),
            "scores": list(scores),
            "tehais": tehais,
        }
    ]
    initial = len(start.indicators)
    indicators = 0
    deltas = [0] * n  # the hand's changes but the riichi sticks put down
    reasons: set[str] = set()
    for e in hand.events:
        if isinstance(e, ev.Indicator):
            indicators += 1
            if indicators > initial:
                out.append({"type": "dora", "dora_marker": _m(face(e.tile))})
        elif isinstance(e, ev.Draw):
            out.append({"type": "tsumo", "actor": e.seat, "pai": _m(face(e.tile))})
        elif isinstance(e, ev.Discard):
            if e.riichi:
                out.append({"type": "reach", "actor": e.seat})
            out.append(
                {
                    "type": "dahai",
                    "actor": e.seat,
                    "pai": _m(face(e.tile)),
                    "tsumogiri": e.tsumogiri,
                }
            )
        elif isinstance(e, ev.Call):
            out.append(_mjai_call(e, face))
        elif isinstance(e, ev.BonusTile):  # a North set aside (three players)
            out.append({"type": "nukidora", "actor": e.seat, "pai": _m(face(e.tile))})
        elif isinstance(e, ev.Transfer) and e.account == "points":
            apply_transfer(scores, e)
            if e.reason == "riichi":
                change = [0] * n
                change[e.src] = -e.amount
                out.append(
                    {
                        "type": "reach_accepted",
                        "actor": e.src,
                        "deltas": change,
                        "scores": list(scores),
                    }
                )
            else:
                reasons.add(e.reason)
                apply_transfer(deltas, e)
        elif isinstance(e, ev.Win):
            out.append(_mjai_hora(e, face, scores))
        elif isinstance(e, ev.ExhaustiveDraw):
            out.append(
                {
                    "type": "ryukyoku",
                    "reason": "nagashimangan" if "nagashi mangan" in reasons else "fanpai",
                    "tenpais": [s in e.ready for s in range(n)],
                    "tehais": [
                        _ms(face.all(e.hands[s])) if s in e.ready else ["?"] * len(tehais[s])
                        for s in range(n)
                    ],
                    "deltas": list(deltas),
                    "scores": list(scores),
                }
            )
        elif isinstance(e, ev.Abort):
            out.append(
                {
                    "type": "ryukyoku",
                    "reason": MJAI_ABORTS.get(e.reason, e.reason),
                    "deltas": list(deltas),
                    "scores": list(scores),
                }
            )
        elif isinstance(e, ev.HandEnd):
            out.append({"type": "end_kyoku"})
    return out


def _mjai_call(e: ev.Call, face: EventFaces) -> dict[str, Any]:
    tiles = face.all(e.tiles)
    if e.meld == "closed_kan":
        return {"type": "ankan", "actor": e.seat, "consumed": _ms(sorted(tiles))}
    if e.called is None:
        raise RecordError(f"a {e.meld} without its called tile")
    called = face(e.called)
    rest = _ms(_without(tiles, called))
    if e.meld == "added_kan":
        return {"type": "kakan", "actor": e.seat, "pai": _m(called), "consumed": rest}
    kind = {"chi": "chi", "pon": "pon", "open_kan": "daiminkan"}.get(e.meld)
    if kind is None:
        raise RecordError(f"unknown meld {e.meld!r}")
    return {
        "type": kind,
        "actor": e.seat,
        "target": e.from_seat,
        "pai": _m(called),
        "consumed": rest,
    }


def _mjai_hora(e: ev.Win, face: EventFaces, scores: list[int]) -> dict[str, Any]:
    detail = e.detail
    return {
        "type": "hora",
        "actor": e.seat,
        "target": e.seat if e.from_seat is None else e.from_seat,
        "pai": _m(face(e.tile)),
        "ura_markers": _ms(face.all(detail.get("ura_indicators", []))),
        "fu": detail.get("fu", 0),
        "fan": detail.get("han", 0),
        "hora_points": e.points,
        "yakus": [[MJAI_YAKU.get(y, y), han] for y, han in detail.get("yaku", [])],
        "deltas": list(e.payments),
        "scores": list(scores),
    }
