"""Tile texts as a client needs them: one sort order for hands in views."""

from __future__ import annotations

_SUITS = "mpszfh"
_SUFFIXES = "*PBCGT!"


def tile_key(text: str) -> tuple[int, int, int]:
    """A sort key for a tile's text, mpsz (``5m``, ``0p``, ``3Ps``, ``7!z``) or Suzume's
    (``2``, ``2*``, ``g``, ``r``): suit, number, then plain before red and special copies.
    Views list a hand in this order."""
    if text and text[-1] in _SUITS:
        digit = text[0]
        suffix = text[1:-1]
        number = 5 if digit == "0" else int(digit) if digit.isdigit() else 0
        if digit == "0":
            rank = 1
        elif len(suffix) == 1 and suffix in _SUFFIXES:
            rank = 1 + _SUFFIXES.index(suffix)
        else:
            rank = 0
        return (_SUITS.index(text[-1]), number, rank)
    if text in ("g", "r"):
        return (9, 0 if text == "g" else 1, 0)
    number = int(text[0]) if text[:1].isdigit() else 0
    return (0, number, 1 if text.endswith("*") else 0)


def sort_tiles(texts: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Tile texts in :func:`tile_key` order."""
    return tuple(sorted(texts, key=tile_key))
