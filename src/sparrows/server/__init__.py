"""The web table: a server on the engine's client contract (extra ``web``: Starlette,
uvicorn, msgspec). ``sparrows serve`` starts it; :func:`create_app` builds the ASGI app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(db: Any) -> Starlette:
    """The ASGI app serving the tables of the SQLite file ``db``."""
    from .app import create_app as make

    return make(db)


__all__ = ["create_app"]
