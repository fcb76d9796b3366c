"""Riichi games written as mjai JSON lines (:func:`to_mjai`; :mod:`.mjai` reads them).

The event stream ``start_game`` (``names``, ``kyoku_first`` 0 for East-South, 4 for East
only, ``aka_flag``), then per hand ``start_kyoku``, ``tsumo``, ``reach`` + ``dahai``,
``reach_accepted``, ``chi`` / ``pon`` / ``daiminkan`` / ``ankan`` / ``kakan``, ``dora``,
``hora`` / ``ryukyoku`` (with ``deltas`` and the ``scores`` after them) and ``end_kyoku``,
and ``end_game``; a hand still being played is written as far as it went (no
``end_kyoku``); three players with three seats and a ``nukidora`` event. See
:mod:`.export` for what neither format carries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine import events as ev
from ..errors import RecordError
from ..tiles import Tile
from ..tiles import to_mjai as mjai_name
from .hands import (
    EventFaces,
    HandEvents,
    apply_transfer,
    check_riichi_game,
    hand_events,
    seat_names,
    without,
)

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["MJAI_ABORTS", "MJAI_YAKU", "mjai_hand", "to_mjai"]


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
_MJAI_WINDS = "ESWN"


def to_mjai(game: Game, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The game as mjai events (one JSON object per line in a file; see the module)."""
    check_riichi_game(game, "mjai")
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
    out: list[dict[str, Any]] = [_start_kyoku(hand, face, tehais)]
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
            nagashi = "nagashi mangan" in reasons
            out.append(_ryukyoku(e, face, tehais, nagashi, deltas, scores))
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


def _start_kyoku(hand: HandEvents, face: EventFaces, tehais: list[list[str]]) -> dict[str, Any]:
    """The hand's ``start_kyoku``: round, dealer, counters, the first dora indicator,
    scores and the dealt hands."""
    start = hand.start
    return {
        "type": "start_kyoku",
        "bakaze": _MJAI_WINDS[start.round_wind % 4],
        "kyoku": start.dealer + 1,
        "honba": int(start.extra.get("honba", 0)),
        "kyotaku": int(start.extra.get("sticks", 0)),
        "oya": start.dealer,
        "dora_marker": _m(face(start.indicators[0])),
        "scores": list(start.scores),
        "tehais": tehais,
    }


def _ryukyoku(
    e: ev.ExhaustiveDraw,
    face: EventFaces,
    tehais: list[list[str]],
    nagashi: bool,
    deltas: list[int],
    scores: list[int],
) -> dict[str, Any]:
    """An exhaustive draw's ``ryukyoku``: who is ready, their hands shown (the others'
    hidden), the hand's changes and the scores."""
    n = len(tehais)
    return {
        "type": "ryukyoku",
        "reason": "nagashimangan" if nagashi else "fanpai",
        "tenpais": [s in e.ready for s in range(n)],
        "tehais": [
            _ms(face.all(e.hands[s])) if s in e.ready else ["?"] * len(tehais[s]) for s in range(n)
        ],
        "deltas": list(deltas),
        "scores": list(scores),
    }


def _mjai_call(e: ev.Call, face: EventFaces) -> dict[str, Any]:
    tiles = face.all(e.tiles)
    if e.meld == "closed_kan":
        return {"type": "ankan", "actor": e.seat, "consumed": _ms(sorted(tiles))}
    if e.called is None:
        raise RecordError(f"a {e.meld} without its called tile")
    called = face(e.called)
    rest = _ms(without(tiles, called))
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
