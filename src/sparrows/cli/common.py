"""Small helpers shared by the commands."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

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


def json_lines(answer: Callable[[str], dict[str, Any]]) -> int:
    """Batch mode: one input per stdin line, one JSON object per output line. A bad line
    answers ``{"hand", "error"}`` and the rest go on; the status is 2 if any line failed."""
    from ..errors import SparrowsError

    status = 0
    for line in sys.stdin:
        text = line.strip()
        if not text:
            continue
        try:
            res = answer(text)
        except SparrowsError as exc:
            res = {"hand": text, "error": str(exc)}
            status = 2
        sys.stdout.write(json.dumps(res, ensure_ascii=False) + "\n")
    return status
