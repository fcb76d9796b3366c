"""What the exporters and the readers of other programs' formats share: a game's events
hand by hand, event tile texts as faces, seat names, score transfers, and the check that a
game is one the formats can hold (riichi, not the house table)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import events as ev
from ..errors import RecordError, excerpt_repr
from ..tiles import Tile, parse_tiles

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "EventFaces",
    "HandEvents",
    "apply_transfer",
    "check_riichi_game",
    "hand_events",
    "seat_names",
    "without",
]


@dataclass
class HandEvents:
    """One hand's events: its start, what happened up to its end (included), whether it
    ended, and what came after it (the game's end: leftover sticks)."""

    start: ev.HandStart
    events: list[ev.Event] = field(default_factory=list)
    ended: bool = False
    after: list[ev.Event] = field(default_factory=list)


def check_riichi_game(game: Game, what: str) -> None:
    """Refuse, in one line, a game ``what`` (a format's name) cannot hold."""
    from ..rules.riichi.house.scoring import is_house

    if game.ruleset.name != "riichi":
        raise RecordError(
            f"only riichi games can be written as {what}, not a {game.ruleset.name} game"
        )
    if not game.record:
        raise RecordError(f"this game was played with record=False: it has no events for {what}")
    opts: Any = game.ruleset.options
    if is_house(opts):
        raise RecordError(
            f"{what} cannot hold a game of the house table (its special tiles, chips and "
            "abilities, preset cy-dealers-choice): its sparrows record keeps it (sparrows "
            "replay)"
        )
    reds = tuple(opts.red_fives)
    allowed = ((0, 0, 0), (1, 1, 1)) if game.n == 4 else ((0, 0, 0), (0, 1, 1))
    if reds not in allowed:
        which = "one red five per suit" if game.n == 4 else "a red 5p and 5s"
        raise RecordError(
            f"{what} writes {game.n}-player games with {which} or none, not red_fives={reds}"
        )


def hand_events(
    game: Game, events: Sequence[ev.Event] | None = None
) -> tuple[list[HandEvents], ev.GameEnd | None]:
    """The game's events (or ``events``, a part of them) hand by hand, and its end (None
    while it goes on)."""
    hands: list[HandEvents] = []
    end: ev.GameEnd | None = None
    for e in game.events if events is None else events:
        if isinstance(e, ev.HandStart):
            hands.append(HandEvents(e))
        elif isinstance(e, ev.GameEnd):
            end = e
        elif hands:
            hand = hands[-1]
            if hand.ended:
                hand.after.append(e)
            else:
                hand.events.append(e)
                hand.ended = isinstance(e, ev.HandEnd)
    return hands, end


class EventFaces:
    """Event tile texts -> faces (the ruleset's own texts, parsed once each)."""

    def __init__(self, game: Game) -> None:
        self.faces: dict[str, Tile] = dict(zip(game.tile_text, game.faces, strict=True))

    def __call__(self, text: str) -> Tile:
        face = self.faces.get(text)
        if face is None:
            face = self.faces[text] = parse_tiles(text)[0]
        return face

    def all(self, texts: Sequence[str]) -> list[Tile]:
        return [self(t) for t in texts]


def without(tiles: list[Tile], taken: Tile) -> list[Tile]:
    """``tiles`` less one ``taken``, sorted."""
    rest = sorted(tiles)
    rest.remove(taken)
    return rest


def seat_names(names: Sequence[str] | None, players: int) -> list[str]:
    """One name per seat: ``names`` (``players`` texts; for three players a fourth, empty
    one as tenhou.net/6 writes it may follow), or ``Player 1``... when None."""
    if names is None:
        return [f"Player {s + 1}" for s in range(players)]
    given = list(names)
    if len(given) == 4 and players == 3 and given[3] == "":
        given = given[:3]
    if len(given) != players or not all(isinstance(n, str) for n in given):
        raise RecordError(f"names must be {players} texts, not {excerpt_repr(list(names))}")
    return given


def apply_transfer(values: list[int], e: Any) -> None:
    """Add a transfer event (``src``/``dst`` seats, the pot -1 left out) to per-seat
    values."""
    if e.src >= 0:
        values[e.src] -= e.amount
    if e.dst >= 0:
        values[e.dst] += e.amount
