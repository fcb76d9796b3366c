"""Scripted hands for the Chinese-family rulesets (Hong Kong, classical): walls built
from the dealt hands, draws and replacement tiles, and helpers that act by action type."""

from __future__ import annotations

from collections.abc import Sequence

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.records.record import record_from_game, replay
from sparrows.tiles import parse_tiles

A = ActionType


def order_for(
    rules: object,
    deal: Sequence[str],
    draws: str = "",
    back: str = "",
    sizes: Sequence[int] = (14, 13, 13, 13),
) -> list[int]:
    """A tile order: ``deal`` is the dealt hands in deal order (``sizes``: the dealer's 14
    first; Sichuan deals 13 each), then ``draws`` in draw order; ``back`` are the tiles at
    the far end, first replacement first. Everything else fills the middle (suited tiles
    in id order, then bonus tiles)."""
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
    assert [len(parse_tiles(text)) for text in deal] == list(sizes), deal
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


def play_out(game: Game) -> None:
    """Nobody else wins this hand: every turn discards the drawn tile when the rules
    allow it (else the first discard allowed), every claim passes."""
    hand = game.hand_number
    while game.hand_number == hand and not game.over:
        if game.phase is Phase.TURN:
            seat = game.turn
            drawn = game.faces[game.drawn] if game.drawn is not None else None
            legal = [a for a in game.legal_actions(seat) if a.type is A.DISCARD]
            game.step(seat, next((a for a in legal if a.tiles[0] == drawn), legal[0]))
        else:
            pass_all(game)


def check_random_games(
    rules: object, seeds: range, agents: Sequence[str] = ("random",) * 4
) -> None:
    """Play each seed to the end with these agents, ``validate()`` after every step;
    points conserved, and the record replays to the same scores and hand results."""
    for seed in seeds:
        game = Game(rules, seed)  # type: ignore[arg-type]
        bots = [make_agent(a, seed * 4 + s, rules) for s, a in enumerate(agents)]  # type: ignore[arg-type]
        blind = [not b.needs_observation for b in bots]
        game.validate()
        while not game.over:
            for seat, legal in game.decisions():
                obs = None if blind[seat] else game.observation(seat)
                game.step(seat, bots[seat].act(obs, legal))
                game.validate()
        assert sum(game.scores) == 0
        again = replay(record_from_game(game))
        assert again.scores == game.scores and again.hand_results == game.hand_results
