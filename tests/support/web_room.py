"""The web table's tests' shared pieces: four bots, settings that play at once, a room
played to a given move, and a socket's hello."""

from __future__ import annotations

from typing import Any

from sparrows.server.rooms import Room

BOTS = [{"kind": "bot:efficiency"}] * 4
#: table settings with no pauses: bots move at once, no claim pause, the next hand at once
FAST = {"bot_pace": 0, "claim_pause": 0, "next_hand_seconds": 0}


def play_due(room: Room, moves: int) -> None:
    """Let the room play its own due moves (bots at pace 0), committing as it goes,
    until ``moves`` actions, the game's end or a human's decision."""
    while len(room.game.actions) < moves and not room.game.over:
        before = len(room.game.actions)
        room._play_due()
        assert room._flush() is not False
        if len(room.game.actions) == before:
            return


def hello(ws: Any, token: str, cursor: int = 0) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "cursor": cursor})
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome
