"""The client contract: what a program outside the engine sees of a game.

* :class:`View` (:mod:`.view`): one viewer's view as plain frozen data, with an exact JSON
  form (``to_json`` / ``View.from_json``) and a JSON Schema per ruleset
  (``sparrows schema RULESET``);
* the rulesets' own facts in it, typed (:mod:`.extras`), and a win's detail per family
  (:mod:`.details`);
* :class:`SeatState` (:mod:`.state`): a view kept up to date from the event stream alone.

Nothing here imports the engine: a web page, a bot in another process or an RL trainer
needs only this package (or ``docs/protocol.md``).
"""

from .data import DataError, from_json, json_schema, to_json
from .details import (
    WIN_DETAILS,
    ClassicalWinDetail,
    FaanWinDetail,
    RiichiWinDetail,
    SuzumeWinDetail,
)
from .extras import EXTRA_KINDS, RiichiExtra, SichuanExtra
from .state import SeatState, StreamError
from .tiles import sort_tiles, tile_key
from .view import (
    SCHEMA_VERSION,
    DealerPayload,
    ExchangePayload,
    KokanPayload,
    LastDiscard,
    MeldView,
    Prompt,
    RiverTile,
    SeatView,
    View,
    VoidPayload,
    VotePayload,
)

__all__ = [
    "EXTRA_KINDS",
    "SCHEMA_VERSION",
    "WIN_DETAILS",
    "ClassicalWinDetail",
    "DataError",
    "DealerPayload",
    "ExchangePayload",
    "FaanWinDetail",
    "KokanPayload",
    "LastDiscard",
    "MeldView",
    "Prompt",
    "RiichiExtra",
    "RiichiWinDetail",
    "RiverTile",
    "SeatState",
    "SeatView",
    "SichuanExtra",
    "StreamError",
    "SuzumeWinDetail",
    "View",
    "VoidPayload",
    "VotePayload",
    "from_json",
    "json_schema",
    "sort_tiles",
    "tile_key",
    "to_json",
]
