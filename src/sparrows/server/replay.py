"""A finished game's replay for the page's viewer: the record replayed on the engine (the
one replay path, :func:`sparrows.records.record.rebuild`) into frames, one after every
action that is not a pass. A frame has the shape of a live table's ``state`` message
(the events since the previous frame and the view after it), so the page draws a replay
with the code that draws a table.

Views: a seat's (``0``..``n-1``: what that seat saw, its prompts included), the public one
(``public``: a spectator's), or every hand open (``all``: the public view with each seat's
concealed tiles filled in, its drawn tile among them; the frame's ``drawn`` names each
seat's drawn tile by seat). A finished game hides nothing any more, so
any of them may be asked for by anyone who may read the record.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import ActionType
from ..engine.game import Game
from ..errors import SparrowsError
from ..records.record import rebuild, record_from_json

__all__ = ["VIEWS", "replay_frames"]

#: The views a replay may be asked for, besides a seat number.
VIEWS = ("all", "public")


def _open_view(game: Game) -> tuple[dict[str, Any], dict[str, str]]:
    """The public view with every seat's concealed tiles shown (its drawn tile among
    them, as in the seat's own view), and each seat's drawn tile by seat."""
    data = game.public_view().to_json()
    seats = []
    drawn: dict[str, str] = {}
    for seat_data in data["seats"]:
        own = game.view(seat_data["seat"])
        seats.append({**seat_data, "hand": list(own.hand or ())})
        if own.drawn is not None:
            drawn[str(seat_data["seat"])] = own.drawn
    data["seats"] = seats
    return data, drawn


def replay_frames(data: dict[str, Any], view: str, name: str = "the record") -> dict[str, Any]:
    """Every frame of a recorded game as ``view`` sees it; SparrowsError names what is
    wrong (an unknown view, a record that does not replay)."""
    record = record_from_json(data, name)
    seat: int | None = None
    if view not in VIEWS:
        try:
            seat = int(view)
        except ValueError:
            seat = -1
        if not 0 <= seat < 4:
            raise SparrowsError(f"view must be all, public or a seat number, not {view[:20]!r}")
    viewer = seat if view not in VIEWS else None
    frames: list[dict[str, Any]] = []
    hands: list[int] = []
    cursor = 0
    hand_seen = -1

    def frame(game: Game, seat_acted: int | None, text: str) -> None:
        nonlocal cursor, hand_seen
        events, cursor = game.events_since(viewer, cursor)
        while hand_seen < game.hand_number:  # a hand over within one action (a win on
            hand_seen += 1  # the first draw) starts at the same frame as the next one
            hands.append(len(frames))
        item: dict[str, Any] = {"seat": seat_acted, "action": text, "events": events}
        if view == "all":
            item["view"], item["drawn"] = _open_view(game)
        elif viewer is None:
            item["view"] = game.public_view().to_json()
        else:
            item["view"] = game.view(viewer).to_json()
        frames.append(item)

    def each(game: Game) -> None:
        if not game.actions:  # the deal, before anyone acts
            if viewer is not None and viewer >= game.ruleset.num_players:
                raise SparrowsError(f"the game has {game.ruleset.num_players} seats")
            frame(game, None, "")
            return
        acted, action = game.actions[-1]
        if action.type is ActionType.PASS and not game.over:
            return
        frame(game, acted, action.to_string(game.ruleset.dialect))

    game = rebuild(record, each=each)
    return {
        "ruleset": game.ruleset.name,
        "players": game.ruleset.num_players,
        "view": view,
        "frames": frames,
        "hands": hands,
    }
