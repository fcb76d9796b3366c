"""The web table: a server on the engine's client contract (extra ``web``: Starlette,
uvicorn, msgspec). ``sparrows serve`` starts it; :func:`create_app` builds the ASGI app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(db: Any, limits: Any = None, hosting: Any = None) -> Starlette:
    """The ASGI app serving the tables of the SQLite file ``db``, within ``limits``
    (:class:`sparrows.server.limits.Limits`; the defaults when None), its table links
    built as ``hosting`` says (:class:`sparrows.server.hosting.Hosting`; None: from each
    request's own address)."""
    from .app import create_app as make

    return make(db, limits, hosting)


__all__ = ["create_app"]
