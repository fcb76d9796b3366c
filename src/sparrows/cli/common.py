"""Small helpers shared by the commands."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from ..tiles import Tile, render_tile
from ..tiles.kinds import GREEN
from ..tiles.notation import Dialect

SEAT_NAMES = ("You", "Right", "Across", "Left")
WIND_NAMES = ("East", "South", "West", "North")
GREEN_ANSI = "\x1b[32m"
RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"


def use_color(stream: TextIO, flag: bool | None = None) -> bool:
    if flag is not None:
        return flag
    return (
        stream.isatty() and os.environ.get("NO_COLOR") is None and os.environ.get("TERM") != "dumb"
    )


def show_tile(tile: Tile, dialect: Dialect, color: bool) -> str:
    if color and dialect == "suzume" and tile.kind == GREEN:
        return f"{GREEN_ANSI}g{RESET}"
    return render_tile(tile, "ascii", color, dialect)


def show_tiles(tiles: list[Tile] | tuple[Tile, ...], dialect: Dialect, color: bool) -> str:
    return " ".join(show_tile(t, dialect, color) for t in tiles)


def relative_name(seat: int, viewer: int | None) -> str:
    if viewer is None:
        return f"Seat {seat}"
    return SEAT_NAMES[(seat - viewer) % 4]


def err(message: str) -> None:
    print(f"sparrows: error: {message}", file=sys.stderr)
