"""The sentences the rules and the server say to a player, said so that any client can
word them in its own language: why a complete shape is offered no win, and why the table
refused or paused. A :class:`Reason` is an id from :data:`REASONS` with its parameters,
and also the English sentence (it is a ``str``: the CLI prints it, an error carries it).

The web page words each id from its ``reasons`` block (``static/js/i18n.js`` and each
language's file); a test holds those blocks to this table, placeholders included. A
parameter named ``tile`` holds a tile in the ruleset's notation, ``suit`` a suit letter
(``m``, ``p``, ``s``), so the page names them in its language too; ``problem`` is the
server's own few words (``disk full``), shown as they are."""

from __future__ import annotations

from typing import Any, Final

#: Every reason's id and its English sentence (``{name}``: a parameter).
REASONS: Final[dict[str, str]] = {
    # riichi
    "furiten": (
        "furiten: one of your waits is among your discards, or you passed a ron on one since "
        "your last discard (or in riichi), so you may win only by tsumo"
    ),
    "furiten_ron": "furiten: a ron is not allowed",
    "no_yaku": "no yaku (dora alone do not make a win)",
    "wildcard_no_yaku": "the wildcard completes no hand with a yaku",
    # Suzume
    "furiten_tile": "furiten: you discarded a {tile} earlier this hand, so you may not ron on it",
    "below_points": "the hand is worth {worth} before the dealer bonus; a win needs {need}",
    # Hong Kong
    "below_faan": "the hand is worth {faan} faan; a win needs at least {need} (min_faan)",
    "below_faan_no_bonus": (
        "the hand is worth {faan} faan without its bonus tiles; a win needs at least {need} "
        "(min_faan)"
    ),
    # classical
    "own_discard": "you discarded {tile} earlier this hand, so you may not win on it",
    # Sichuan
    "void_tile": "the hand holds a tile of its void suit ({suit})",
    "three_suits": "the hand holds all three suits: one of them must be void",
    "passed_win": (
        "you passed a win since your last draw, so you may not win on a discard until you "
        "draw again"
    ),
    # the web table's refusals and pauses (error lines)
    "stale": "prompt {prompt} is not seat {seat}'s prompt now: a stale answer is not applied",
    "not_to_act": "seat {seat} is not to act now: the move was not applied",
    "game_over": "the game is over",
    "wait_ok": "the next hand begins when everyone has pressed OK",
    "internal": "an internal error; the move was not applied",
    "cannot_save": "the server cannot save: {problem}; the move did not count, try again",
    "saving": "the server cannot save: {problem}; the table waits until it can",
    "set_aside": "this table is set aside: {problem}",
    "closed": "the host closed this table",
    "expired": "this table expired",
    "no_table": "no such table",
    "bad_link": "this link is not for this table",
    "busy_here": "too many connections from here (at most {n})",
    "busy_table": "this table has its most connections ({n})",
}


class Reason(str):
    """A reason by id (a key of :data:`REASONS`) with its parameters; its text is the
    English sentence."""

    key: str
    args: dict[str, str | int]

    def __new__(cls, key: str, **args: str | int) -> Reason:
        self = super().__new__(cls, REASONS[key].format(**args))
        self.key = key
        self.args = args
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, str | int]]:
        return (self.key,), dict(self.args)  # a copy or a pickle is made from the id

    def to_json(self) -> dict[str, Any]:
        """``{"id", "args", "text"}``: what a client words, and the English."""
        return {"id": self.key, "args": dict(self.args), "text": str(self)}
