"""The JSON Schema of a ruleset's views (``sparrows schema RULESET``): the view's JSON
form with the ruleset's own extras, its tiles and its action layout spelled out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..client.data import json_schema
from ..client.view import SCHEMA_VERSION, View

if TYPE_CHECKING:
    from .protocol import Ruleset

#: The string fields that hold one tile (or a list of tiles).
TILE_FIELDS = (
    "RiverTile.tile",
    "MeldView.tiles",
    "MeldView.called",
    "SeatView.hand",
    "SeatView.bonus",
    "View.indicators",
    "View.hand",
    "View.drawn",
    "LastDiscard.tile",
    "Prompt.subject",
    "RiichiExtra.ura_shown",
    "SichuanExtra.gave",
    "SichuanExtra.got",
)


def view_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The JSON Schema every view of a game of ``ruleset`` (with its options) meets."""
    tiles = sorted(set(ruleset.tile_text))
    layout = ruleset.layout
    extra = ruleset.extra_class
    schema = json_schema(
        View,
        members={"View.extra": [extra] if extra is not None else []},
        strings={
            **{name: tiles for name in TILE_FIELDS},
            "Prompt.actions": layout.texts(ruleset.dialect),
            "View.ruleset": [ruleset.name],
            "View.layout": [layout.name],
        },
        maximum={"Prompt.indices": layout.size - 1},
    )
    schema["title"] = f"sparrows view: {ruleset.name} (schema version {SCHEMA_VERSION})"
    schema["properties"]["schema_version"] = {"const": SCHEMA_VERSION}
    return schema
