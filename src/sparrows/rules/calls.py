"""Calls shared by the rulesets with chi/pon/kong (Hong Kong, classical, ...): the claim
options a seat has on a discard, the kongs it may declare on its turn, the claim that wins
a window, and the ops that make a called meld. Rulesets add their own restrictions (a
filter) and their own wins; the mechanics live here once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from ..engine import flow as fl
from ..engine.actions import Action, ActionType
from ..tiles import MeldType, Tile
from ..tiles.kinds import HONOR

if TYPE_CHECKING:
    from ..engine.game import Game

A: Final = ActionType
PASS: Final = Action(A.PASS)
MELD_OF: Final = {A.CHI: MeldType.CHI, A.PON: MeldType.PON, A.KAN: MeldType.OPEN_KAN}
#: Claim priority: a higher number wins a window (wins are resolved before calls).
PRIORITY: Final = {A.KAN: 2, A.PON: 2, A.CHI: 1}

#: (seat, action type, kinds used from the hand) -> allowed? (kuikae and the like)
CallFilter = Callable[[int, ActionType, tuple[int, ...]], bool]


_ACTIONS: Final[dict[tuple[ActionType, tuple[int, ...]], Action]] = {}


def action(kind: ActionType, faces: tuple[Tile, ...]) -> Action:
    """One shared Action object per (type, faces): calls recur all the time. Keyed by the
    faces' codes (a tile's hash and equality are Python methods, slow on this path)."""
    key = (kind, tuple([f.code for f in faces]))
    got = _ACTIONS.get(key)
    if got is None:
        got = _ACTIONS[key] = Action(kind, faces)
    return got


def _faces_of(game: Game, seat: int, k: int) -> list[Tile]:
    kind, faces = game.kind, game.faces
    return sorted(faces[t] for t in game.hands[seat] if kind[t] == k)


def claim_calls(
    game: Game,
    seat: int,
    tile: int,
    chi: bool,
    kong: bool,
    allowed: CallFilter | None = None,
) -> list[Action]:
    """Pon, open kong (``kong``: a replacement can be drawn) and chi (``chi``: the seat
    may chi this discard) on ``tile`` for ``seat``, one action per distinct choice of
    faces, in that order."""
    k = game.kind[tile]
    if k >= HONOR + 7:  # bonus tiles are never called
        return []
    held = game.counts[seat]
    out: list[Action] = []
    if held[k] >= 2:
        same = _faces_of(game, seat, k)
        if allowed is None or allowed(seat, A.PON, (k, k)):
            out += [action(A.PON, pair) for pair in sorted(set(combinations(same, 2)))]
        if kong and held[k] >= 3 and (allowed is None or allowed(seat, A.KAN, (k, k, k))):
            out.append(action(A.KAN, tuple(same[:3])))
    if chi and k < HONOR:
        suit = k // 9
        for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
            if a < 0 or b >= HONOR or a // 9 != suit or b // 9 != suit:
                continue
            if not (held[a] and held[b]):
                continue
            if allowed is not None and not allowed(seat, A.CHI, (a, b)):
                continue
            for x in sorted(set(_faces_of(game, seat, a))):
                for y in sorted(set(_faces_of(game, seat, b))):
                    out.append(action(A.CHI, (x, y)))
    return out


def turn_kongs(game: Game, seat: int) -> list[Action]:
    """Concealed kongs (four alike in hand) and added kongs (a held tile of an exposed
    pon's kind) ``seat`` may declare now."""
    held = game.counts[seat]
    melds = game.melds[seat]
    four = 4 in held
    if not melds and not four:
        return []
    kind, faces, hand = game.kind, game.faces, game.hands[seat]
    out: list[Action] = []
    if four:
        out = [
            action(A.ANKAN, (min(faces[t] for t in hand if kind[t] == k),))
            for k in sorted({kind[t] for t in hand})
            if k < 34 and held[k] == 4
        ]
    for meld in melds:
        if meld.type is MeldType.PON:
            k = kind[meld.tiles[0]]
            if held[k]:  # the fourth tile is in the hand
                faces_k = sorted({faces[t] for t in hand if kind[t] == k})
                out += [action(A.KAKAN, (f,)) for f in faces_k]
    return out


def winning_call(order: Sequence[int], answers: dict[int, Action]) -> tuple[int, Action] | None:
    """The call that takes the discard: pon/kong before chi, then the seat nearest the
    discarder in turn order (``order``). None when everyone passed."""
    best: tuple[int, int, int, Action] | None = None
    for i, seat in enumerate(order):
        action = answers.get(seat)
        if action is None or action.type not in PRIORITY:
            continue
        rank = (PRIORITY[action.type], -i)
        if best is None or rank > best[:2]:
            best = (*rank, seat, action)
    return None if best is None else (best[2], best[3])


def call_ops(
    game: Game, seat: int, action: Action, discarder: int, tile: int
) -> tuple[list[fl.Op], fl.Next]:
    """The meld a claim makes and the turn that follows: a replacement draw after an open
    kong, no draw after a pon or chi."""
    ids = game.take(seat, action.tiles)
    meld = MELD_OF[action.type]
    ops: list[fl.Op] = [fl.MakeMeld(seat, meld, ids, tile, discarder)]
    if meld is MeldType.OPEN_KAN:
        return ops, fl.Turn(seat, fl.REPLACEMENT)
    return ops, fl.Turn(seat, fl.NO_DRAW)


def kong_ops(game: Game, seat: int, action: Action) -> fl.MakeMeld:
    """The meld of a concealed or added kong declared on the turn."""
    if action.type is A.ANKAN:
        k = action.tiles[0].kind
        ids = tuple(t for t in game.hands[seat] if game.kind[t] == k)
        return fl.MakeMeld(seat, MeldType.CLOSED_KAN, ids)
    return fl.MakeMeld(seat, MeldType.ADDED_KAN, (game.tile_of(seat, action.tiles[0]),))
