"""Exceptions raised by sparrows. Every error names what was wrong."""

from __future__ import annotations


def excerpt(text: str, limit: int = 80) -> str:
    """``text`` cut to its first ``limit`` characters for an error message, with
    ``… (N characters)`` added when it was cut (a 100 kB input never makes a 100 kB line)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def excerpt_repr(value: object, limit: int = 80) -> str:
    """:func:`excerpt` of ``repr(value)``, for any value: an int too long to print or a
    structure nested too deeply to print is described instead of raising."""
    try:
        text = repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        size = value.bit_length() if isinstance(value, int) else 0
        return f"an integer of {size} bits" if size else f"a {type(value).__name__}"
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    return excerpt(text, limit)


def quoted_excerpt(text: str, limit: int = 80) -> str:
    """Like :func:`excerpt`, with the shown part quoted as ``repr`` quotes it (the
    character count stays outside the quotes): ``'123m'… (100000 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


class SparrowsError(Exception):
    """Base class of every error sparrows raises on purpose."""


def robbed_tile_problem(copies_held: int, tile: str) -> str | None:
    """Why a win robbing a kong of ``tile`` cannot happen when the robber's hand (its
    concealed tiles, the winning tile included, and its melds) holds ``copies_held`` of
    that kind: the kong holds the other three, so the robber holds just the one it robs.
    The one rule of every calculator."""
    if copies_held > 1:
        return (
            f"robbing a kong of {tile}: the kong holds three of the four, so the hand holds "
            f"no other {tile} (it holds {copies_held})"
        )
    return None


class InternalError(Exception):
    """A fault of sparrows itself, caught where the program runs its own code (the engine
    during play, a hint, the analysis of a hand already read): whatever was raised there,
    even a :class:`SparrowsError`, is a bug, not bad input. The command-line tool exits
    with status 3 for it (``SPARROWS_DEBUG=1`` shows the traceback of the original
    error, kept as ``__cause__``). Deliberately not a SparrowsError."""


class NotationError(SparrowsError, ValueError):
    """A tile, hand or meld string could not be read.

    ``text`` is the input, ``position`` the 0-based index of the offending character
    (or ``None`` when the problem is the whole string, e.g. too many tiles). The message
    quotes at most the first 80 characters of ``text`` (see :func:`excerpt`); ``text``
    keeps all of it.
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        if position is not None and text:
            message = f"{message} (at position {position} of {quoted_excerpt(text)})"
        elif text:
            message = f"{message} (in {quoted_excerpt(text)})"
        super().__init__(message)


class HandError(SparrowsError, ValueError):
    """A hand or win situation that cannot exist: too many copies of a tile (more than the
    four of a kind, or more red fives than the options have), wrong winds (not 0-3),
    negative counters (honba, riichi sticks), tiles the options lack (flowers and seasons,
    house-preset special tiles, red tiles that are not fives), melds whose tiles do not
    match their type (a pon of a run, a chi of honours, a kan of three tiles).

    A hand that is possible but is not a win (incomplete, no yaku, furiten) is not an
    error: the scorer answers it with ``is_win=False`` and a reason."""


class AnalysisError(SparrowsError, ValueError):
    """A hand cannot be analysed as asked (wrong number of tiles, too many copies...)."""


class IllegalActionError(SparrowsError):
    """An action the engine refuses: wrong seat, wrong phase, a tile not held, a win that
    is not a win. The game state is unchanged. ``said``: for the refusals a player's page
    may meet (the game is over, not the seat's move, a stale answer), the same as a
    :class:`~sparrows.reasons.Reason` a page words in its language (None otherwise)."""

    def __init__(self, message: str, said: str | None = None) -> None:
        super().__init__(message)
        self.said = said


class RecordError(SparrowsError):
    """A game record that cannot be read, or whose replay does not match what it says."""


class OptionsError(SparrowsError, ValueError):
    """An unknown option, or a value of the wrong type or range."""
