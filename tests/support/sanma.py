"""Three-player riichi (sanma) for the tests: the ruleset, its injected 108-tile walls
(the three-player twin of ``tests/support/riichi_walls.riichi_wall``) and the hands and
readings the sanma tests share."""

from __future__ import annotations

from functools import partial
from typing import Any

from sparrows.engine import Game
from sparrows.engine.protocol import Ruleset
from sparrows.tiles import format_tile
from tests.support.riichi_walls import (
    riichi,
    riichi_wall,
)

SANMA = "tenhou-sanma"
SIZE = 108
LIVE_SIZE = SIZE - 14  # dealt and drawn tiles
DRAWS = LIVE_SIZE - 39  # live draws in a hand without replacement draws: 55


def sanma(**options: Any) -> Ruleset:
    """The riichi ruleset with the ``tenhou-sanma`` preset (``preset`` may name another)."""
    return riichi(**{"preset": SANMA, **options})


#: The three-player wall builder is riichi_walls.riichi_wall (it takes the seat count and
#: the tile set's size from the ruleset).
sanma_wall = partial(riichi_wall, dead_first=False)


def bonus_of(game: Game, seat: int) -> list[str]:
    """The faces a seat has set aside (its Norths)."""
    return [format_tile(game.faces[t]) for t in game.bonus[seat]]


def ids(event: Any) -> list[str]:
    """The yaku ids of a win event (dora, red fives, ura and nuki dora included)."""
    return sorted(y for y, _ in event.detail["yaku"])


# Hands that can claim nothing (no pair, no wait) and hold no North.
Q1 = "19m147p258s12356z"
Q2 = "19m258p369s12357z"
Q3 = "1m369p124578s123z"
# A closed hand waiting on 3s (kanchan) with a red dragon triplet: a tsumo is menzen tsumo
# + chun = 2 han, 20 + 2 (tsumo) + 2 (kanchan) + 8 (concealed honour triplet) = 32 -> 40
# fu: basic 40 x 2^4 = 640; a ron 1 han 20 + 10 + 2 + 8 = 40 fu: basic 320, 4 x 320 =
# 1280 -> 1300.
KANCHAN = "123p456p777z24s99s"
# Waits on 3p (penchan) with chun: a ron 1 han, 20 + 10 + 2 + 8 = 40 fu.
PENCHAN = "12p456p777z11s789s"
# Three tenpai hands (a draw needs no yaku) and their noten twins.
TENPAI = ["123p456p789s24s99s", "123s456s789p13p55z", "111m999m345p678s5s"]
NOTEN = [Q1, Q2, Q3]
