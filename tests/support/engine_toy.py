"""The engine's mechanism tests' shared pieces: the toy ruleset with options, walls
scripted tile by tile, and small drivers (``tests/engine/test_mechanisms.py``,
``tests/engine/test_engine_play.py``)."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path
from typing import Any

from sparrows.agents import make_agent
from sparrows.analysis import shanten
from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.events import EVENT_TYPES, Event
from sparrows.engine.protocol import Ruleset
from sparrows.tiles import format_tile, parse_tiles
from tests.support.toy_rules import ToyRuleset

ROOT = Path(__file__).resolve().parents[2]
BASE = "147m147p147s1234z"  # no pair, no two tiles of a run: nothing to claim from it
#: The engine's own event types (rulesets may register more for their own games).
ENGINE_EVENTS = {t for t, cls in EVENT_TYPES.items() if cls.__module__ == Event.__module__}
FLAGS = ("calls", "kans", "bonus", "bloody", "exchange", "chips", "abort")


def toy(**options: Any) -> ToyRuleset:
    return ToyRuleset.from_options(options)


def make_wall(
    rules: ToyRuleset,
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    indicators: str = "",
    far: str = "",
) -> list[int]:
    """A tile order for ``Game(..., walls=[order])``: the deal (13 tiles per seat from
    the dealer, seat 0 in the first hand), then the live draws in order, the unnamed
    tiles, and ``far`` at the live wall's far end (its first tile is the first one taken
    from there: a bonus replacement, or the tile a kong moves out of the live wall).
    With a dead wall the order ends with 4 replacement tiles, 5 indicators and 5 hidden
    tiles (padded with unnamed tiles)."""
    faces = rules.tileset.tiles
    pool = list(range(len(faces)))

    def take(text: str) -> list[int]:
        out = []
        for face in parse_tiles(text) if text else []:
            tile = next(t for t in pool if faces[t] == face)
            pool.remove(tile)
            out.append(tile)
        return out

    head = [t for hand in hands for t in take(hand)] + take(draws)
    reps, inds, ends = take(replacements), take(indicators), take(far)
    if not rules.dead_wall:
        return head + pool + ends[::-1]
    reps += [pool.pop() for _ in range(4 - len(reps))]
    inds += [pool.pop() for _ in range(5 - len(inds))]
    hidden = [pool.pop() for _ in range(5)]
    return head + pool + ends[::-1] + reps + inds + hidden


def new_game(rules: Ruleset, seed: int = 0, walls: list[list[int]] | None = None) -> Game:
    game = Game(rules, seed, walls=walls)
    game.validate()
    return game


def act(game: Game, seat: int, text: str) -> None:
    game.step(seat, Action.from_string(text, game.ruleset.dialect))
    game.validate()


def faces(game: Game, ids: list[int]) -> list[str]:
    """The faces of tile ids in tile order, one string each."""
    return [format_tile(t) for t in sorted(game.faces[i] for i in ids)]


def tiles(text: str) -> list[str]:
    """The faces of an mpsz string in tile order, one string each."""
    return [format_tile(t) for t in sorted(parse_tiles(text))]


def of_type(game: Game, kind: str) -> list[Any]:
    return [e for e in game.events if e.type == kind]


TOY_CONFIGS = [dict(zip(FLAGS, bits, strict=True)) for bits in product((False, True), repeat=7)]
SUZUME_CONFIGS = [{"hands": 2}, {"hands": 2, "preset": "tutorial"}]


class Greedy:
    """A random agent that takes every win and discards toward a complete hand (the
    fewest shanten, ties broken at random): toy games then see wins, several rons and
    bloody play, which uniformly random 13-tile hands almost never reach."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.rng = game, random.Random(seed)

    def act(self, seat: int, legal: list[Action]) -> Action:
        game, rng = self.game, self.rng
        wins = [a for a in legal if a.type in (ActionType.TSUMO, ActionType.RON)]
        if wins:
            return wins[0]
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if not discards or game.phase is not Phase.TURN:
            return rng.choice(legal)
        counts = [0] * 42
        for t in game.hands[seat]:
            counts[game.kind[t]] += 1

        stuck = [a for a in discards if a.tiles[0].kind >= 34]
        if stuck:  # a bonus tile nobody could replace (the last tile): away with it
            return stuck[0]

        def after(action: Action) -> tuple[int, float]:
            k = action.tiles[0].kind
            counts[k] -= 1
            value = shanten(counts[:34])
            counts[k] += 1
            return (value, rng.random())

        return min(discards, key=after)


def play_random(
    rules: Ruleset, seed: int, walls: list[list[int]] | None = None, greedy: int = 0
) -> Game:
    """A game of random agents (``greedy`` seats: :class:`Greedy`) with ``validate()``
    after every step; every legal action is in the dense action space, exactly once."""
    game = Game(rules, seed, walls=walls)
    game.validate()
    agents = [make_agent("random", seed=seed * 4 + s, ruleset=rules) for s in range(4)]
    greedy_agent = Greedy(game, seed)
    space = rules.layout
    while not game.over:
        for seat, legal in game.decisions():
            assert sum(space.mask(legal)) == len(legal), legal
            if seat < greedy:
                action = greedy_agent.act(seat, legal)
            else:
                action = agents[seat].act(None, legal)
            game.step(seat, action)
            game.validate()
    return game
