"""Riichi mahjong (``../shared/rules/riichi.md``): the game (four and three players, the
house preset) and its hand scoring, with the presets of ``options.PRESETS``.

Decisions where the rules page is silent, following the common online rules:

* When a hand reads several ways, the reading with the most basic points wins, then the
  most han, then the most fu.
* A triplet completed by a ron counts as open (fu and sanankou / suuankou).
* Dora, red fives and ura dora count only in a hand with at least one yaku; ura dora only
  for a riichi winner. Kazoe: 13+ han is a yakuman (preset option ``kazoe``).
* Pinfu needs a closed hand of four runs, a pair that scores no fu and a two-sided wait;
  pinfu tsumo is 20 fu; an open hand of 20 fu won by ron is 30 fu.
* A double wind pair is 4 fu (``double_wind_pair_fu``).
"""

from .options import PRESETS, RiichiOptions, riichi_options
from .points import Payment, settle
from .scoring import RiichiScore, dora_of, score
from .situation import WinSituation
from .yaku import NAMES, YAKU, YAKUMAN

__all__ = [
    "NAMES",
    "PRESETS",
    "YAKU",
    "YAKUMAN",
    "Payment",
    "RiichiOptions",
    "RiichiScore",
    "WinSituation",
    "dora_of",
    "riichi_options",
    "score",
    "settle",
]
