"""Three-player riichi (sanma), presets ``tenhou-sanma`` and ``mahjongsoul-sanma``.

Scripted hands on injected 108-tile walls (:func:`sanma_wall`, the three-player twin of
``tests/riichi_walls.riichi_wall``): nuki with its replacement draw and its dora, nuki in
riichi, a kita robbed by thirteen orphans, no chi, tsumo loss and north bisection, noten
payments, the 1m/9m dora wrap, rounds of three hands and the final results. Every expected
payment is worked out by hand in the comments from the rules (docs/rulesets.md, "Three
players"), never read back from the engine; ``game.validate()`` runs after every step.
Then a differential against the PyPI ``mahjong`` package on random three-player wins with
nuki, random self-play with every invariant, and the calculator's ``--players 3``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from sparrows.engine import ActionType, Game, Phase
from sparrows.engine.ledger import POT
from sparrows.engine.protocol import Ruleset
from sparrows.tiles import Tile, format_tile, parse_tiles

from .riichi_walls import (
    act,
    cycle,
    drawn,
    hand_of,
    last,
    legal,
    new_game,
    of_type,
    pass_all,
    play_out,
    riichi,
    tiles,
    tsumogiri,
    types,
)

A = ActionType
SANMA = "tenhou-sanma"
SIZE = 108
LIVE_SIZE = SIZE - 14  # dealt and drawn tiles
DRAWS = LIVE_SIZE - 39  # live draws in a hand without replacement draws: 55


def sanma(**options: Any) -> Ruleset:
    """The riichi ruleset with the ``tenhou-sanma`` preset (``preset`` may name another)."""
    return riichi(**{"preset": SANMA, **options})


def _faces(spec: str | Sequence[str | None]) -> list[Tile | None]:
    """Tiles of an mpsz string, or of a list of mpsz strings / None (an open position)."""
    if isinstance(spec, str):
        return list(parse_tiles(spec)) if spec.strip() else []
    out: list[Tile | None] = []
    for item in spec:
        out.extend([None] if item is None else parse_tiles(item))
    return out


def sanma_wall(
    rules: Ruleset,
    hands: Sequence[str | None],
    draws: str | Sequence[str | None] = "",
    replacements: str | Sequence[str | None] = "",
    dora: str | Sequence[str | None] = "",
    ura: str | Sequence[str | None] = "",
    dealer: int = 0,
    fill_seed: int = 0,
) -> list[int]:
    """The tile order (a permutation of the 108 ids) that ``RiichiRuleset.build_wall``
    turns into the hand asked for: 13 tiles dealt to each of the three seats from
    ``dealer`` in turn order, the live draws in the order they are drawn, and the dead
    wall's 4 replacement tiles, 5 dora and 5 ura indicators (the last 14). Open positions
    (None, or past the end of a part) get the remaining tiles in a fixed shuffled order."""
    faces = rules.tileset.tiles
    assert len(faces) == SIZE, "a three-player wall has 108 tiles"
    assert len(hands) == 3, "three hands, indexed by seat"
    free: dict[Tile, list[int]] = {}
    for tile_id, face in enumerate(faces):
        free.setdefault(face, []).append(tile_id)

    def take(face: Tile | None) -> int | None:
        if face is None:
            return None
        ids = free.get(face)
        if not ids:
            raise ValueError(f"no {format_tile(face)} left for the wall")
        return ids.pop(0)

    dealt: list[list[int | None]] = []
    for seat in range(3):
        text = hands[seat]
        hand = [None] * 13 if text is None else [take(f) for f in _faces(text)]
        if len(hand) != 13:
            raise ValueError(f"seat {seat} is dealt {len(hand)} tiles, not 13: {text!r}")
        dealt.append(hand)
    drawn_ = [take(f) for f in _faces(draws)]
    reps = [take(f) for f in _faces(replacements)]
    inds = [take(f) for f in _faces(dora)]
    hidden = [take(f) for f in _faces(ura)]
    if len(reps) > 4 or len(inds) > 5 or len(hidden) > 5 or len(drawn_) > DRAWS:
        raise ValueError("too many tiles for a part of the wall")
    rest = sorted(i for ids in free.values() for i in ids)
    random.Random(fill_seed).shuffle(rest)

    def fill(part: list[int | None], size: int) -> list[int]:
        part = part + [None] * (size - len(part))
        return [rest.pop() if t is None else t for t in part]

    deal = [t for i in range(3) for t in fill(dealt[(dealer + i) % 3], 13)]
    order = deal + fill(drawn_, DRAWS) + fill(reps, 4) + fill(inds, 5) + fill(hidden, 5)
    assert not rest and sorted(order) == list(range(SIZE))
    return order

Q1 = "19m147p258s12356z"
Q3 = "1m369p124578s123z"

def probe():
    rules = sanma()
    seat1 = "123p456p789s13s5z4z"
    order = sanma_wall(rules, [Q1, seat1, Q3], draws=["9p", "6z", "9s", "9p", "5z"], replacements="2s", dora="3z")
    game = new_game(rules, order)
    print(types(game), game.wall.left)
    cycle(game, 1)
    print(legal(game, 1))
    tsumogiri(game, 1); pass_all(game)
    cycle(game, 2)
    print(game.turn, drawn(game), legal(game, 1), game.wall.left, len(game.wall.replacements))
    mark = len(game.events)
    act(game, 1, "nuki 4z")
    print([e.to_json() for e in game.events[mark:]])
    print(game.bonus, game.wall.left, len(game.wall.replacements), legal(game, 1))
    act(game, 1, "tsumo")
    w = last(game, "win")
    print(w.to_json())
    print(last(game, "hand_end").to_json())

def probe_riichi(first):
    rules = sanma()
    seat1 = "123p456p789s13s44z"
    # seat1 draws: turn1 X (tsumogiri), turn2 Y -> riichi Y, turn3 first, turn4 4z
    d = [None, "7p", None, None, "8p", None, None, first, None, None, "4z"]
    if first == "4z":
        d = d[:8]
    order = sanma_wall(rules, [Q1, seat1, Q3], draws=d, replacements="2s", dora="6z", ura="6z")
    game = new_game(rules, order)
    cycle(game, 4)
    print(game.turn, drawn(game))
    act(game, 1, f"riichi {drawn(game)}"); pass_all(game)
    cycle(game, 2)
    print(game.turn, drawn(game), legal(game, 1))
    if first != "4z":
        tsumogiri(game, 1); pass_all(game); cycle(game, 2)
        print(game.turn, drawn(game), legal(game, 1))
    act(game, 1, "nuki 4z")
    print(legal(game, 1))
    act(game, 1, "tsumo")
    w = last(game, "win")
    print(w.to_json())
    print(last(game, "hand_end").to_json())

def probe_kokushi(answer, **opts):
    rules = sanma(**opts)
    seat0 = "123p456p789s555z4z"  # tanki 4z with haku
    seat1 = Q3[:-3] + "12z4z" if False else "1m369p124578s124z"
    seat2 = "19m19p19s123567z1m"
    order = sanma_wall(rules, [seat0, seat1, seat2], draws=["1m", "7p"])
    game = new_game(rules, order)
    print(legal(game, 0))
    tsumogiri(game, 0); pass_all(game)
    print(game.turn, drawn(game), legal(game, 1))
    act(game, 1, "nuki 4z")
    print(game.phase, game.to_act(), legal(game, 2), legal(game, 0))
    if game.phase is Phase.CLAIM:
        act(game, 2, answer)
        print(types(game)[-8:])
        if answer == "ron":
            print(last(game, "win").to_json())
            print(last(game, "hand_end").to_json())
        else:
            print(game.turn, game.drawn and drawn(game), game.bonus, game.observation(2).extra)

TENPAI = ["123p456p789s24s99s", "123s456s789p13p55z", "111m999m345p678s5s"]
NOTEN = ["19m147p258s12356z", "19m258p369s12357z", "1m369p124578s123z"]

def probe_noten(ready):
    rules = sanma()
    hands = [TENPAI[s] if s in ready else NOTEN[s] for s in range(3)]
    game = new_game(rules, sanma_wall(rules, hands))
    play_out(game)
    print(ready, last(game, "exhaustive_draw").to_json(), last(game, "hand_end").to_json(), last(game, "hand_start").to_json())

def probe_nagashi():
    rules = sanma()
    orphans = "99m111p999p11s99s66z77z5z1z"
    draws = [None] * DRAWS
    for i, t in enumerate(tiles(orphans)):
        draws[1 + 3 * i] = t
    hands = NOTEN
    game = new_game(rules, sanma_wall(rules, hands, draws=draws))
    try:
        play_out(game)
    except Exception as e:
        print("EXC", type(e), e)
    print([e.to_json() for e in game.events[-8:]])
