"""Scripted hands for the Chinese-family rulesets (Hong Kong, classical): walls built
from the dealt hands, draws and replacement tiles, and helpers that act by action type."""

from __future__ import annotations

from collections.abc import Sequence

from sparrows.engine import ActionType, Game, Phase
from sparrows.tiles import parse_tiles

A = ActionType


def order_for(rules: object, deal: Sequence[str], draws: str = "", back: str = "") -> list[int]:
    """A tile order: ``deal`` is the dealt hands in deal order (dealer's 14 first), then
    ``draws`` in draw order; ``back`` are the tiles at the far end, first replacement
    first. Everything else fills the middle, in id order."""
    faces = rules.tileset.tiles  # type: ignore[attr-defined]
    pool = list(range(len(faces)))

    def take(text: str) -> list[int]:
        out = []
        for face in parse_tiles(text) if text else []:
            tile = next((t for t in pool if faces[t] == face), None)
            assert tile is not None, f"no {face} left for {text!r}"
            pool.remove(tile)
            out.append(tile)
        return out

    front = [t for text in deal for t in take(text)] + take(draws)
    assert [len(parse_tiles(text)) for text in deal] == [14, 13, 13, 13], deal
    tail = take(back)
    middle = [t for t in pool if faces[t].kind < 34] + [t for t in pool if faces[t].kind >= 34]
    return front + middle + list(reversed(tail))


def act(game: Game, seat: int, kind: ActionType, tile: str | None = None) -> None:
    legal = game.legal_actions(seat)
    for a in legal:
        if a.type is kind and (tile is None or a.tiles[0] == parse_tiles(tile)[0]):
            game.step(seat, a)
            game.validate()
            return
    raise AssertionError(f"seat {seat}: no {kind} {tile or ''} among {legal}")


def pass_all(game: Game) -> None:
    while game.phase is Phase.CLAIM:
        seat = game.to_act()[0]
        act(game, seat, A.PASS)
