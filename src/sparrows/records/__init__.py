"""Game records: JSON files holding what makes a game (ruleset, options, seed, actions)
plus the events and final result for readers; replay re-runs the game and checks them."""

from .record import (
    FORMAT,
    FORMAT_VERSION,
    GameRecord,
    load_record,
    record_from_game,
    replay,
    save_record,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "GameRecord",
    "load_record",
    "record_from_game",
    "replay",
    "save_record",
]
