"""Suzume-Jong (sparrow mahjong): 44 tiles, six-tile hands of two sets, ron and tsumo only.

The rules follow ``../shared/rules/suzume.md`` (from the rulebook, seed 000). Decisions
where the rulebook is silent:

* Seat 0 is the first dealer and holds the Round Wind marker.
* The dealer draws a sixth tile on the first turn like everyone else.
* Only valid wins (>= 5 points before the dealer bonus, not furiten) are offered, unless
  ``allow_misdeclared_wins``: then any complete shape that is not furiten may be declared,
  and a declaration worth 4 or less costs 2 points to each other player (paid in turn order
  from the declarer's right, down to 0) and the hand goes on; after a misdeclared tsumo the
  player still discards.
* Several ron on one discard are all paid, in turn order from the discarder's right, until
  the discarder reaches 0. A misdeclared ron among them pays its penalty first.
* Ties share a place unless ``tie_break_by_seat`` (then the seat nearer the first dealer
  in turn order ranks higher).
"""

from __future__ import annotations

from .options import SuzumeOptions
from .ruleset import SuzumeRuleset
from .scoring import SuzumeScore, score_hand

__all__ = ["SuzumeOptions", "SuzumeRuleset", "SuzumeScore", "score_hand"]
