"""What the Hong Kong and classical calculators share: reading the hand, the winning
tile, the bonus tiles, the winds and the winning conditions from the command line."""

from __future__ import annotations

import argparse

from ..errors import SparrowsError
from ..rules.chinese import WinFacts, situation_from_hand
from ..tiles import Hand, Tile, parse_hand, parse_tiles
from ..tiles.kinds import FLOWER
from .common import tile_list, wind_arg


def read_win(
    text: str, args: argparse.Namespace, keep_bonus: bool = False
) -> tuple[Hand, Tile, WinFacts]:
    """The parsed hand, the winning tile (``--win``, ``--ron TILE`` or the last
    concealed tile written) and the checked win facts; SparrowsError on bad input."""
    hand = parse_hand(text, "mpsz", max_tiles=14)
    extra = parse_tiles(tile_list(args.flowers)) if args.flowers else []
    if any(t.kind < FLOWER for t in extra):
        raise SparrowsError(
            f"--flowers takes bonus tiles (1f-4f, 1h-4h) only, not {args.flowers!r}"
        )
    seat = wind_arg(args.seat, "--seat") if args.seat is not None else 0
    round_wind = wind_arg(args.round_wind, "--round") if args.round_wind is not None else 0
    given = args.win or args.ron or None
    if given:
        wins = parse_tiles(given)
        if len(wins) != 1:
            raise SparrowsError(f"the winning tile must be one tile, not {given!r}")
        win = wins[0]
    elif hand.concealed:
        win = hand.concealed[-1]  # the last concealed tile written
    else:
        raise SparrowsError("no concealed tile to win on")
    facts = situation_from_hand(
        hand,
        win,
        bool(args.tsumo),
        seat,
        round_wind,
        extra,
        last_tile=args.last_tile,
        kong_bloom=args.kong_bloom,
        robbing=args.robbing,
        heavenly=args.heavenly,
        earthly=args.earthly,
        keep_bonus=keep_bonus,
    )
    return hand, win, facts
