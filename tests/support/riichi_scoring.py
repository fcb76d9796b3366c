"""Riichi scoring for the tests: scoring a written hand, the exact check of a result,
and the plain hands the scoring tests build on.

Conventions: hands are mpsz text (``[...]`` called meld, ``(....)`` closed kan) holding the
13 tiles *before* the winning tile, which is given separately. Unless a case says otherwise
the winner sits South (seat 1, not the dealer) in the East round, so a 2z pair is a seat
wind pair, 1z a round wind pair, and 3z / 4z are plain honours.

Points: basic = fu x 2^(han+2); non-dealer ron 4 x basic, dealer ron 6 x basic; non-dealer
tsumo: dealer pays 2 x basic, others 1 x basic; dealer tsumo 2 x basic from each; each
payment rounded up to 100. Limits: mangan 2000 (5 han or basic over 2000), haneman 3000
(6-7), baiman 4000 (8-10), sanbaiman 6000 (11-12), yakuman 8000 (13+ counted, or any
yakuman; multiples stack).
"""

from __future__ import annotations

from sparrows.rules.riichi import (
    RiichiOptions,
    RiichiScore,
    WinSituation,
    riichi_options,
    score,
)
from sparrows.tiles.notation import parse_hand, parse_tiles

MS = riichi_options("mahjongsoul")


def situation(
    hand: str,
    tile: str,
    *,
    seat: int = 1,
    rnd: int = 0,
    dora: str = "",
    ura: str = "",
    **flags: object,
) -> WinSituation:
    """``hand`` (13 tiles, melds included) completed by ``tile``."""
    h = parse_hand(hand)
    (w,) = parse_tiles(tile)
    return WinSituation(
        tuple(h.concealed),
        w,
        tuple(h.melds),
        seat_wind=seat,
        round_wind=rnd,
        dora_indicators=tuple(parse_tiles(dora)) if dora else (),
        ura_indicators=tuple(parse_tiles(ura)) if ura else (),
        **flags,  # type: ignore[arg-type]
    )


def win(hand: str, tile: str, opts: RiichiOptions | None = None, **kw: object) -> RiichiScore:
    """Score ``hand`` (13 tiles, melds included) completed by ``tile`` (``kw``: as
    :func:`situation` takes them)."""
    return score(situation(hand, tile, **kw), opts)  # type: ignore[arg-type]


def check(
    r: RiichiScore, yaku: dict[str, int], fu: int | None = None, total: int | None = None
) -> None:
    """The exact yaku (with han; dora entries included), han, fu and total payment."""
    assert r.is_win, r.reason
    assert dict(r.yaku) == yaku, r.reading
    assert r.han == sum(yaku.values())
    if fu is not None:
        assert r.fu == fu, r.fu_items
    if total is not None:
        assert r.payment.total == total


def fu_of(r: RiichiScore, word: str) -> int:
    """The fu of the items whose name contains ``word``."""
    return sum(v for name, v in r.fu_items if word in name)


# A plain closed hand: 123m (won on 2m, kanchan) 456p 789s 234s 99p. No yaku of its own
# (1m/9s/9p kill tanyao, the kanchan kills pinfu).
PLAIN = "13m456p789s234s99p"
# A closed pinfu hand: 234m (won on 4m, 23m waits 1-4m) 456p 789s 234s 99p.
PINFU = "23m456p789s234s99p"
# Closed riichi + pinfu + tanyao + iipeikou (4 han 30 fu on a ron): 234m 234m (won on 4m,
# ryanmen) 567p 678s 88p. Dora kinds present: 2m x2, 3m x2, 4m x2, 5p 6p 7p, 6s 7s 8s, 8p x2.
FOUR_HAN = "22334m567p678s88p"
