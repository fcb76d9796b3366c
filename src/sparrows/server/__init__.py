"""The web table: a server on the engine's client contract (extra ``web``: Starlette,
uvicorn, msgspec). ``sparrows serve`` starts it; :func:`create_app` builds the ASGI app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(db: Any, limits: Any = None) -> Starlette:
    """The ASGI app serving the tables of the SQLite file ``db``, within ``limits``
    (:class:`sparrows.server.limits.Limits`; the defaults when None)."""
    from .app import create_app as make

    return make(db, limits)


__all__ = ["create_app"]
