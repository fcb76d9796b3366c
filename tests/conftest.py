"""Shared fixtures. Oracle data lives in ``../shared/oracles`` beside the checkout (never
copied into the repository); ``SPARROWS_SHARED`` may point elsewhere."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sparrows.tiles import counts34, parse_tiles

#: ``make test-all`` sets SPARROWS_FULL=1: the differential and property runs at full size.
FULL = os.environ.get("SPARROWS_FULL") == "1"


def sized(quick: int, full: int) -> int:
    """A run's size: ``quick`` in ``make test`` (fast on a busy 2-core machine), ``full``
    in ``make test-all``."""
    return full if FULL else quick


SHARED = Path(os.environ.get("SPARROWS_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def oracle_path(*parts: str) -> Path:
    path = SHARED.joinpath("oracles", *parts)
    if not path.exists():
        pytest.skip(f"oracle data not found at {path} (set SPARROWS_SHARED)")
    return path


def counts(text: str) -> list[int]:
    """34 counts of an mpsz string."""
    return counts34(parse_tiles(text))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``sparrows serve`` process on a fresh database, one per test module that asks
    for it; its URL."""
    from tests.support.browser import start_server, stop_server

    proc, url = start_server(tmp_path_factory.mktemp("web") / "tables.db")
    try:
        yield url
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, one per test module that asks for it."""
    from tests.support.browser import chromium

    with chromium() as b:
        yield b
