"""Scripted riichi hands: injected walls, small driving helpers and the hands and
readings shared by the scripted game tests (``tests/rules/riichi/test_game.py``,
``test_riichi.py``, ``test_draws.py``, ``test_game_end.py``).

Those tests: one test per rule of ``../shared/rules/riichi.md`` (preset ``standard``)
and per decision in the module docstring of ``sparrows.rules.riichi.game``. Every
expected payment is worked out by hand in the comments (han, fu, basic points, rounding)
from the spec, never read back from the engine; ``game.validate()`` runs after every
step.

:func:`riichi_wall` returns the tile order (a permutation of the 136 ids) that
``RiichiRuleset.build_wall`` turns into exactly the hand asked for: the deal (13 tiles each,
from the dealer in turn order), the live draws in the order they are drawn, and the dead
wall's 4 replacement tiles, 5 dora and 5 ura indicators. Positions left open get the
remaining tiles in a fixed shuffled order (``fill_seed``), so a wall never depends on the
test run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sparrows.engine import Action, ActionType, Game, Phase
from sparrows.engine.protocol import Ruleset
from sparrows.errors import IllegalActionError
from sparrows.rules import get_ruleset
from sparrows.tiles import Tile, format_tile, parse_tiles

LIVE_SIZE = 136 - 14  # dealt and drawn tiles
DRAWS = LIVE_SIZE - 52  # live draws in a hand without kans


def riichi(**options: Any) -> Ruleset:
    """The riichi ruleset with options (``preset`` names a preset)."""
    return get_ruleset("riichi", options)


def _faces(spec: str | Sequence[str | None] | None) -> list[Tile | None]:
    """Tiles of an mpsz string, or of a list of mpsz strings / None (an open position)."""
    if spec is None:
        return []
    if isinstance(spec, str):
        return list(parse_tiles(spec)) if spec.strip() else []
    out: list[Tile | None] = []
    for item in spec:
        if item is None:
            out.append(None)
        else:
            out.extend(parse_tiles(item))
    return out


def riichi_wall(
    rules: Ruleset,
    hands: Sequence[str | None],
    draws: str | Sequence[str | None] = "",
    replacements: str | Sequence[str | None] = "",
    dora: str | Sequence[str | None] = "",
    ura: str | Sequence[str | None] = "",
    dealer: int = 0,
    fill_seed: int = 0,
    dead_first: bool = True,
) -> list[int]:
    """The tile order for ``Game(rules, seed, walls=[order])`` of a hand dealt by ``dealer``.

    ``hands[seat]``: the 13 tiles dealt to that seat (mpsz; None: any 13). ``draws``: the
    live draws in the order they are drawn (an mpsz string, or a list whose None entries
    are open positions). ``replacements``: the replacement (rinshan) tiles in order, at
    most 4. ``dora`` / ``ura``: the dora and ura indicators in order, at most 5 each. A red
    five is ``0m``/``0p``/``0s``; ``5m`` is always a plain five. Raises ValueError if a face
    is asked for more often than the tile set holds it.
    """
    faces = rules.tileset.tiles
    n = rules.num_players
    size = len(faces)
    assert size == (136 if n == 4 else 108), "a riichi wall has 136 tiles (108 for three)"
    assert len(hands) == n, f"{n} hands, indexed by seat"
    live_size = size - 14
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
    for seat in range(n):
        text = hands[seat]
        if text is None:
            dealt.append([None] * 13)
            continue
        hand = [take(f) for f in _faces(text)]
        if len(hand) != 13:
            raise ValueError(f"seat {seat} is dealt {len(hand)} tiles, not 13: {text!r}")
        dealt.append(hand)
    drawn = [take(f) for f in _faces(draws)]
    reps = [take(f) for f in _faces(replacements)]
    inds = [take(f) for f in _faces(dora)]
    hidden = [take(f) for f in _faces(ura)]
    if len(reps) > 4 or len(inds) > 5 or len(hidden) > 5:
        raise ValueError("the dead wall holds 4 replacement tiles, 5 dora and 5 ura indicators")
    if len(drawn) > live_size - 13 * n:
        raise ValueError(f"{len(drawn)} draws do not fit in the live wall")
    rest = sorted(i for ids in free.values() for i in ids)
    random.Random(fill_seed).shuffle(rest)

    def fill(part: list[int | None], size: int) -> list[int]:
        part = part + [None] * (size - len(part))
        return [rest.pop() if t is None else t for t in part]

    deal = [t for i in range(n) for t in fill(dealt[(dealer + i) % n], 13)]
    if dead_first:  # which part the filler tiles go to first (fixes the walls of the tests)
        dead = fill(reps, 4) + fill(inds, 5) + fill(hidden, 5)
        live = deal + fill(drawn, live_size - 13 * n)
    else:
        live = deal + fill(drawn, live_size - 13 * n)
        dead = fill(reps, 4) + fill(inds, 5) + fill(hidden, 5)
    order = live + dead
    assert not rest and sorted(order) == list(range(size))
    return order


def new_game(rules: Ruleset, *walls: list[int], seed: int = 0) -> Game:
    """A recording game on the given walls (later hands shuffled from ``seed``)."""
    game = Game(rules, seed, walls=list(walls))
    game.validate()
    return game


def parse(game: Game, text: str) -> Action:
    return Action.from_string(text, game.ruleset.dialect)


def legal(game: Game, seat: int) -> set[str]:
    """The legal actions of ``seat`` as text."""
    return {a.to_string() for a in game.legal_actions(seat)}


def act(game: Game, seat: int, text: str) -> None:
    """Take a legal action (the assertion names the legal ones) and validate the game."""
    action = parse(game, text)
    options = game.legal_actions(seat)
    assert action in options, f"{text!r} is not legal for seat {seat}: {legal(game, seat)}"
    game.step(seat, action)
    game.validate()


def refused(game: Game, seat: int, text: str) -> bool:
    """True if the engine refuses the action, leaving the game as it was."""
    before = (len(game.actions), len(game.events))
    try:
        game.step(seat, parse(game, text))
    except IllegalActionError:
        assert (len(game.actions), len(game.events)) == before
        game.validate()
        return True
    return False


def drawn(game: Game) -> str:
    """The face of the tile the seat on turn just drew."""
    assert game.drawn is not None, "no tile was drawn this turn"
    return format_tile(game.faces[game.drawn])


def tsumogiri(game: Game, seat: int | None = None) -> None:
    """The seat on turn discards the tile it drew (``seat`` checks whose turn it is)."""
    assert game.phase is Phase.TURN
    if seat is not None:
        assert game.turn == seat, f"it is seat {game.turn}'s turn, not seat {seat}'s"
    act(game, game.turn, f"discard {drawn(game)}")


def pass_all(game: Game) -> None:
    """Every seat asked in an open window passes."""
    while game.phase is Phase.CLAIM or game.phase is Phase.CHOICE:
        for seat in game.to_act():
            act(game, seat, "pass")


def cycle(game: Game, turns: int) -> None:
    """``turns`` turns of tsumogiri, every claim passed."""
    for _ in range(turns):
        tsumogiri(game)
        pass_all(game)


def play_out(game: Game) -> None:
    """Tsumogiri and pass until the hand ends (no win, no abort is taken)."""
    hand = game.hand_number
    while not game.over and game.hand_number == hand:
        if game.phase is Phase.TURN:
            tsumogiri(game)
        else:
            pass_all(game)


def of_type(game: Game, kind: str, since: int = 0) -> list[Any]:
    """The events of one type (from index ``since`` of the event log)."""
    return [e for e in game.events[since:] if e.type == kind]


def types(game: Game, since: int = 0) -> list[str]:
    return [e.type for e in game.events[since:]]


def last(game: Game, kind: str) -> Any:
    found = of_type(game, kind)
    assert found, f"no {kind} event"
    return found[-1]


def tiles(text: str) -> list[str]:
    """The faces of an mpsz string in tile order, one string each."""
    return [format_tile(t) for t in sorted(parse_tiles(text))]


def hand_of(game: Game, seat: int) -> list[str]:
    return [format_tile(t) for t in sorted(game.faces[i] for i in game.hands[seat])]


__all__ = [
    "DRAWS",
    "ActionType",
    "act",
    "cycle",
    "drawn",
    "hand_of",
    "last",
    "legal",
    "new_game",
    "of_type",
    "parse",
    "pass_all",
    "play_out",
    "refused",
    "riichi",
    "riichi_wall",
    "tiles",
    "tsumogiri",
    "types",
]


def dealt_wall(rules: Ruleset, hands: list[str], draws: str) -> list[int]:
    """A wall for ``Game(walls=[...])``: the hands dealt in order from the dealer (seat
    0), then the draws, the rest in id order (the dead wall: its last 14)."""
    faces = rules.tileset.tiles
    pool = list(range(len(faces)))
    order = []
    for face in [t for h in hands for t in parse_tiles(h)] + parse_tiles(draws):
        tile = next(i for i in pool if faces[i] == face)
        pool.remove(tile)
        order.append(tile)
    return order + pool


# ---------------------------------------------------------------- hands and readings
# shared by the scripted game tests (tests/rules/riichi/test_game*.py and neighbours)

# Hands that can claim nothing: no pair, no two tiles of a suit within two ranks.
Q1 = "147m147p147s1234z"
Q2 = "258m258p258s1567z"
Q3 = "369m369p369s2345z"
Q4 = "147m258p369s3456z"
# Closed tenpai hands with red dragons (1 han), for rons and tsumos of known value.
KANCHAN = "123m456m777z24s99s"  # waits 3s (kanchan): ron 20+10+2+8 = 40 fu
RYANMEN = "123m456m777z34s99s"  # waits 2s 5s: ron 20+10+8 = 38 -> 40 fu; tsumo 20+2+8 -> 30
PENCHAN = "12m456p777z11s789s"  # waits 3m (penchan): ron 20+10+2+8 = 40 fu
# Four tenpai hands (no yaku needed at a draw or in riichi) and four noten ones.
TENPAI = [
    "123m456m789p24s99s",  # waits 3s
    "123p456p789m13s55z",  # 2s
    "234m567p678s11z46p",  # 5p 8p
    "345m345p345s22z78m",  # 6m 9m
]
NOTEN = [Q1, "258m258p258s1567z", "369m369p369s2347z", "147m258p369s3456z"]
# 1 han 40 fu: basic 40 x 2^3 = 320; non-dealer ron 4 x 320 = 1280 -> 1300; dealer ron
# 6 x 320 = 1920 -> 2000.
RON_1H40 = 1300
DEALER_RON_1H40 = 2000
# 2 han 40 fu: basic 640; non-dealer ron 2560 -> 2600.
RON_2H40 = 2600
# 3 han 40 fu: basic 1280; non-dealer ron 5120 -> 5200.
RON_3H40 = 5200


def ids(event: Any) -> list[str]:
    """The yaku ids of a win event (dora, red fives and ura dora left out)."""
    return sorted(y for y, _ in event.detail["yaku"] if y not in ("dora", "aka", "ura"))


def events(game: Game, since: int) -> list[Any]:
    """The events from index ``since`` of the log."""
    return list(game.events[since:])


def riichi_flags(game: Game) -> list[int]:
    return list(game.observation(0).extra.riichi)


def furiten(game: Game, seat: int) -> bool:
    return bool(game.observation(seat).extra.furiten)


def kinds(game: Game, seat: int) -> set[ActionType]:
    return {a.type for a in game.legal_actions(seat)}


def nine_terminals_abort(rules: Ruleset) -> list[int]:
    """A hand the dealer's next player ends with nine terminals on its first draw (the
    dealer may first declare a double riichi: its stick stays on the table)."""
    return riichi_wall(
        rules,
        ["123m456m789p24s99s", "19m19p19s123z234m5p", Q2, Q3],
        draws=["7z", "6z"],
    )


def start_after_abort(game: Game, riichi_first: bool) -> None:
    if riichi_first:
        act(game, 0, "riichi 7z")
    else:
        act(game, 0, "discard 7z")
    assert "abort" in legal(game, 1)
    act(game, 1, "abort")
    abort = last(game, "abort")
    assert (abort.reason, abort.seat) == ("nine terminals", 1)


def two_aborts(game: Game) -> None:
    """The dealer (seat 0) ends the first two hands with nine terminals (each wall made so
    that it may): the dealer repeats, so the third hand starts with 2 honba."""
    for _ in range(2):
        assert "abort" in legal(game, 0)
        act(game, 0, "abort")
    start = last(game, "hand_start")
    assert (start.hand, start.dealer, start.extra["honba"]) == (2, 0, 2)
