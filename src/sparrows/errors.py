"""Exceptions raised by sparrows. Every error names what was wrong."""

from __future__ import annotations


class SparrowsError(Exception):
    """Base class of every error sparrows raises on purpose."""


class NotationError(SparrowsError, ValueError):
    """A tile, hand or meld string could not be read.

    ``text`` is the input, ``position`` the 0-based index of the offending character
    (or ``None`` when the problem is the whole string, e.g. too many tiles).
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        if position is not None and text:
            message = f"{message} (at position {position} of {text!r})"
        elif text:
            message = f"{message} (in {text!r})"
        super().__init__(message)


class AnalysisError(SparrowsError, ValueError):
    """A hand cannot be analysed as asked (wrong number of tiles, too many copies...)."""


class IllegalActionError(SparrowsError):
    """An action the engine refuses: wrong seat, wrong phase, a tile not held, a win that
    is not a win. The game state is unchanged."""


class RecordError(SparrowsError):
    """A game record that cannot be read, or whose replay does not match what it says."""


class OptionsError(SparrowsError, ValueError):
    """An unknown option, or a value of the wrong type or range."""
