"""Showing tiles to people: Unicode glyphs, an ASCII fallback, ANSI colours."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from .convert import to_unicode
from .tile import Colour, Dialect, Tile, format_tile

Style = Literal["unicode", "ascii"]

#: ANSI foreground colours for coloured tiles.
ANSI = {
    Colour.RED: "\x1b[31m",
    Colour.PURPLE: "\x1b[35m",
    Colour.BLUE: "\x1b[34m",
    Colour.GOLD: "\x1b[33m",
    Colour.PLATINUM: "\x1b[37;1m",
    Colour.CYAN: "\x1b[36m",
}
POCCHI_ANSI = "\x1b[1;4m"
RESET = "\x1b[0m"


def render_tile(
    tile: Tile, style: Style = "ascii", color: bool = False, dialect: Dialect = "mpsz"
) -> str:
    """One tile: ``'5m'``/``'0m'`` (ascii) or its glyph (unicode); ANSI colour if asked."""
    text = to_unicode(tile) if style == "unicode" else format_tile(tile, dialect)
    if style == "unicode" and tile.colour is not Colour.NONE and not color:
        text += format_tile(tile)[1:-1] or "*"  # keep the colour visible without ANSI
    if color:
        prefix = ANSI.get(tile.colour, "") + (POCCHI_ANSI if tile.pocchi else "")
        if prefix:
            text = f"{prefix}{text}{RESET}"
    return text


def render_tiles(
    tiles: Iterable[Tile],
    style: Style = "ascii",
    color: bool = False,
    dialect: Dialect = "mpsz",
    sep: str = " ",
) -> str:
    return sep.join(render_tile(t, style, color, dialect) for t in tiles)
