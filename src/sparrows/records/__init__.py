"""Game records: JSON files holding what makes a game (ruleset, options, seed, walls,
actions) plus the events and final result for readers; replay re-runs the game and checks
them. Real games in Tenhou's formats (tenhou.net/6, mjlog) and mjai logs are played through
the engine (``load_game``); riichi games export to tenhou.net/6 and mjai. ``snapshot(game)``
/ ``restore(data)``: a game in play as JSON, resumed as the identical game."""

from .export import to_tenhou6
from .formats import load_game
from .mjai_export import to_mjai
from .record import (
    FORMAT,
    FORMAT_VERSION,
    GameRecord,
    load_record,
    record_from_game,
    replay,
    restore,
    save_record,
    snapshot,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "GameRecord",
    "load_game",
    "load_record",
    "record_from_game",
    "replay",
    "restore",
    "save_record",
    "snapshot",
    "to_mjai",
    "to_tenhou6",
]
