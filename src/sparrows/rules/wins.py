"""A win's report and event: one helper for every ruleset.

A win leaves two records: the *report* (facts for the statistics, kept also when events
are not: hand, winner, from, points, the scoring items' names, whether a limit, and the
ruleset's own facts) and the *event* (``win``: the hand shown with the winning tile, the
reading, the itemised score, every seat's payment and the ruleset's detail). The engine
keeps the event only when the game records events; the ruleset always says it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import events as ev
from ..engine import flow as fl

if TYPE_CHECKING:
    from ..engine.game import Game


def win_entries(
    game: Game,
    seat: int,
    from_seat: int | None,
    tile: int | None,
    points: int,
    reading: str | Callable[[], str],
    names: Sequence[str],
    items: Sequence[Sequence[Any]] | Callable[[], Sequence[Sequence[Any]]],
    payments: Sequence[int],
    report: dict[str, Any],
    detail: dict[str, Any] | None = None,
    shown: Sequence[int] | None = None,
    tile_text: str | None = None,
    limit: int = 0,
) -> list[fl.Op]:
    """The report and the event of ``seat``'s win on ``tile`` (an id; None with
    ``tile_text`` for a win without one, such as nagashi) from ``from_seat`` (None:
    self-drawn). ``names``: the scoring items for the statistics; ``items``: ``[label,
    value]`` rows for the event (``reading`` and ``items`` may be builders, called only
    when the event is made); ``report``: the ruleset's further facts for the hand's
    report (``counts``: its counters, the rest its facts); ``limit``: yakuman (how many)
    or a limit hand (1);
    ``shown``: the tile ids shown (default: the concealed hand, with the discard won on)."""
    facts = dict(report)
    summary = fl.HandReport(
        fl.WIN,
        game.hand_number,
        seat,
        from_seat,
        points,
        tuple(names),
        limit,
        facts.pop("counts", {}),
        facts,
    )
    if shown is None:
        held = game.hands[seat]
        shown = held if tile is None or tile in held else [*held, tile]
    args = (game, seat, from_seat, tile, tile_text, list(shown), reading, points, items)
    return [fl.Report(summary), fl.Emit(build=_win_event, args=(*args, payments, detail))]


def _win_event(
    game: Game,
    seat: int,
    from_seat: int | None,
    tile: int | None,
    tile_text: str | None,
    shown: list[int],
    reading: str | Callable[[], str],
    points: int,
    items: Sequence[Sequence[Any]] | Callable[[], Sequence[Sequence[Any]]],
    payments: Sequence[int],
    detail: dict[str, Any] | None,
) -> ev.Win:
    """The ``win`` event (built only when the game keeps events)."""
    text = tile_text if tile_text is not None else game.fmt(tile) if tile is not None else ""
    rows = items() if callable(items) else items
    return ev.Win(
        seat,
        from_seat,
        text,
        game.fmt_all(sorted(shown)),
        reading() if callable(reading) else reading,
        points,
        [list(i) for i in rows],
        list(payments),
        dict(detail or {}),
    )
