"""How :meth:`~.game.Game.clone` copies a game: each field's way in one table, and the
copy made by it. A new field of :class:`~.game.Game` or :class:`~.board.Board` is added
to :data:`CLONE_FIELDS` (``tests/engine/test_internals.py`` fails until it is)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, Final

from .board import EngineMeld

#: How :meth:`Game.clone` copies each field of a game. Every attribute a game holds is
#: named here once (``tests/engine/test_internals.py`` checks that a new game holds exactly
#: these and ``scores``), so a new field cannot be left out of a clone.
SHARE: Final = "share"  # configuration, lookup tables, immutable values: the same object
FLAT: Final = "flat"  # a list or dict of immutable values: a shallow copy
NESTED: Final = "nested"  # a list (or dict) of lists: each inner list copied
DEEP: Final = "deep"  # copied whole (the ruleset's state)
OWN: Final = "own"  # its own copy, in _OWN_COPY

CLONE_FIELDS: Final[dict[str, str]] = {
    # configuration and lookup tables
    "ruleset": SHARE,
    "seed": SHARE,
    "record": SHARE,
    "ask_all": SHARE,
    "shuffle": SHARE,
    "n": SHARE,
    "tileset": SHARE,
    "faces": SHARE,
    "kind": SHARE,
    "face_code": SHARE,
    "tile_text": SHARE,
    "key_weight": SHARE,
    "face_weight": SHARE,
    "script": SHARE,  # a scripted game's script is shared
    "_plain": SHARE,
    # the generators of walls and dice
    "rng": OWN,
    "dice": OWN,
    "walls": NESTED,
    "hand_orders": NESTED,
    # the game
    "ledger": OWN,
    "state": DEEP,
    "dealer": SHARE,
    "first_dealer": SHARE,
    "round_wind": SHARE,
    "hand_number": SHARE,
    "events": FLAT,  # the events themselves never change: shared
    "actions": FLAT,
    "phase": SHARE,
    "window": SHARE,  # replaced, never changed in place
    "pending": FLAT,
    "declared": FLAT,
    "hand_results": FLAT,
    "result": FLAT,
    "ended": FLAT,
    "move_log": FLAT,
    # the table of the hand
    "wall": OWN,
    "hands": NESTED,
    "melds": OWN,
    "meld_moves": SHARE,
    "bonus": NESTED,
    "discards": NESTED,
    "river_flags": NESTED,
    "status": FLAT,
    "hand_key": FLAT,
    "face_key": FLAT,
    "counts": NESTED,
    "turn": SHARE,
    "drawn": SHARE,
    "turn_draw": SHARE,
    "last_discard": SHARE,
    "robbed": SHARE,
    "hand_start": NESTED,
    "_held": OWN,
    # caches, tallies and the event stream
    "waits_cache": FLAT,
    "_inner": SHARE,
    "_tallied": SHARE,
    "_answered": FLAT,
    "_last_acted": FLAT,
    "stream": OWN,
    "_following": SHARE,
}


def _copy_random(generator: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(generator.getstate())
    return twin


OWN_COPY: Final[dict[str, Callable[[Any], Any]]] = {
    "rng": lambda g: _copy_random(g.rng),
    "dice": lambda g: _copy_random(g.dice),
    "ledger": lambda g: g.ledger.copy(),
    "wall": lambda g: g.wall.copy(),
    "melds": lambda g: [
        [EngineMeld(m.type, list(m.tiles), m.called, m.from_seat) for m in ms] for ms in g.melds
    ],
    "_held": lambda g: None,  # events held back belong to the step that holds them
    "stream": lambda g: g.stream.copy(),
}


def copy_fields(dst: object, src: object) -> None:
    """Every field of ``src`` into ``dst`` as :data:`CLONE_FIELDS` says."""
    for name, how in CLONE_FIELDS.items():
        value = getattr(src, name)
        if how == SHARE:
            pass
        elif how == FLAT:
            value = copy.copy(value)
        elif how == NESTED:
            if isinstance(value, dict):
                value = {k: list(v) for k, v in value.items()}
            else:
                value = [list(v) for v in value]
        elif how == DEEP:
            value = copy.deepcopy(value)
        else:
            value = OWN_COPY[name](src)
        setattr(dst, name, value)
