"""The house preset's scoring for the tests: its options, scoring a written hand and the
checks the house scoring tests share.

Conventions (as in ``tests/support/riichi_scoring.py``): hands are mpsz text (``[...]`` called meld,
``(....)`` closed kan) holding the 13 tiles *before* the winning tile, which is given
separately. Unless a case says otherwise the winner sits South (seat 1, not the dealer) in
the East round, and -- the preset having tonshaaba -- the situation's ``tonshaaba`` flag is
on, so East (1z) and West (3z) are both round winds; 2z is the seat wind.

House tiles: a suffix after the digit: ``3Pm`` purple, ``7Bs`` blue, ``5Gp`` gold,
``5Ts`` platinum, ``5Cm`` cyan, ``5!z`` pocchi (the set holds one of each special face;
the other three copies of those kinds are plain).

Options: ``BARE`` is the preset with no abilities (so the gold / platinum / cyan tiles are
plain +1-chip tiles); ``CY`` is the preset as shipped (set 2: gold 5p naki menzen, platinum
5s tako riichi, cyan 5m kokan); ``SET1`` gold han o tsukeru, platinum chippu zoka, cyan agari
han-su; ``SET3`` gold ura-dora kaiji, platinum yaku-ka, cyan naki menzen.

Points: basic = fu x 2^(han+2); non-dealer ron 4 x basic, dealer ron 6 x basic; non-dealer
tsumo: dealer pays 2 x basic, others 1 x basic; dealer tsumo 2 x basic from each; each
payment rounded up to 100. Limits: mangan 2000 (5 han, basic over 2000, or with kiriage
4 han 30 fu / 3 han 60 fu), haneman 3000 (6-7), baiman 4000 (8-10), sanbaiman 6000
(11-12), yakuman 8000 (13+ counted, or per yakuman). Honba (basengo): 1500 per honba on a
ron, 500 from each payer on a tsumo.

Chips (per payer: the discarder on a ron, each other player on a tsumo): 1 per special tile
in the winning hand (purple, blue, gold, platinum, cyan, pocchi), ippatsu 1, 1 per ura dora,
yaku-ka 1, kokan +3 / -1, yakuman 20 per yakuman on a ron and 10 on a tsumo (kazoe 10 / 5);
then agari han-su adds the final han (13 per yakuman); then chippu zoka x1.5 rounded up.
"""

from __future__ import annotations

import re

from sparrows.rules.riichi import (
    RiichiOptions,
    RiichiScore,
    riichi_options,
)
from sparrows.rules.riichi.house.scoring import (
    house_score,
)
from tests.support.riichi_scoring import check as riichi_check
from tests.support.riichi_scoring import situation

CY = riichi_options("cy-dealers-choice")
BARE = riichi_options("cy-dealers-choice", abilities="")
SET1 = riichi_options("cy-dealers-choice", abilities="set1")
SET3 = riichi_options("cy-dealers-choice", abilities="set3")

#: The yaku and yakuman ids that only the house preset has (each has a case below).
HOUSE_IDS = frozenset(
    {
        "open_riichi",
        "open_double_riichi",
        "round_wind_2",
        "yakuka",
        "kansai_quad",
        "kansai_quads",
        "kansai_three_quads",
        "renhou",
    }
)

# Tile kinds (0-8 man, 9-17 pin, 18-26 sou, 27-33 honours).
M1, M5, S1 = 0, 4, 18


def hwin(
    hand: str,
    tile: str,
    opts: RiichiOptions = BARE,
    *,
    kokan: str | None = None,
    wildcard: bool = False,
    **kw: object,
) -> RiichiScore:
    """Score at the house table (``house_score``); tonshaaba follows the options."""
    kw.setdefault("tonshaaba", opts.tonshaaba)
    return house_score(situation(hand, tile, **kw), opts, kokan=kokan, wildcard=wildcard)  # type: ignore[arg-type]


def check(
    r: RiichiScore,
    yaku: dict[str, int],
    fu: int | None = None,
    total: int | None = None,
    chips: int | None = None,
) -> None:
    """The exact yaku (with han; dora / special entries included), han, fu, total payment
    (what the winner receives): the standard checks (:func:`riichi_scoring.check`); and
    the chips per payer."""
    riichi_check(r, yaku, fu, total)
    if chips is not None:
        assert r.chips == chips, r.chip_items


def not_a_win(r: RiichiScore, word: str) -> None:
    assert not r.is_win
    assert word in (r.reason or ""), r.reason


def step_names(r: RiichiScore) -> list[str]:
    return [s.split(":")[0] for s in r.steps]


def step_last_number(r: RiichiScore, name: str) -> int:
    (line,) = [s for s in r.steps if s.startswith(name)]
    return int(re.findall(r"\d+", line)[-1])


# A plain closed hand: 123m (won on 2m, kanchan) 456p 789s 234s 99p. No yaku of its own.
PLAIN = "13m456p789s234s99p"
# riichi ron on 2m: riichi 1; 20 + 10 closed ron + 2 kanchan = 32 -> 40 fu.
