"""Reading the open hands of games with no riichi (Hong Kong, classical, Sichuan): who
shows a hand near completion, what it collects, and how likely a tile feeds it.

A seat with three or more exposed sets is taken as ready; one with two, all of one suit
(with honours) or all pungs of honours, as likely ready and worth more. A tile is
dangerous to such a seat when it fits what its sets collect (its suit, honours for a
one-suit or honour hand), less so when the seat threw that kind itself (these games have
no furiten, so a thrown kind is only less likely, not safe), and an honour by the copies
still unseen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import Observation
from ..tiles import MeldType

HONOUR = 27


@dataclass(frozen=True)
class OpenThreat:
    seat: int
    ready: float  # 0-1
    suits: frozenset[int]  # the suits its exposed sets use (0-2)
    one_suit: bool  # its sets are of one suit at most (honours aside)


def open_threats(obs: Observation, players: int) -> list[OpenThreat]:
    out = []
    status = obs.status or ()
    for s in range(players):
        if s == obs.seat or not obs.melds or (s < len(status) and status[s] != "playing"):
            continue
        shown = [m for m in obs.melds[s] if m.type is not MeldType.CLOSED_KAN]
        if len(shown) < 2:
            continue
        kinds = [t.kind for m in obs.melds[s] for t in m.tiles if t.kind < 34]
        suits = frozenset(k // 9 for k in kinds if k < HONOUR)
        one_suit = len(suits) <= 1
        if len(shown) >= 3:
            ready = 0.7
        elif one_suit:
            ready = 0.4
        else:
            continue
        out.append(OpenThreat(s, ready, suits, one_suit))
    return out


def danger(kind: int, threat: OpenThreat, obs: Observation, visible: Sequence[int]) -> float:
    """How likely discarding ``kind`` feeds ``threat`` (0-1, scaled by its readiness)."""
    if kind >= 34:
        return 0.0
    if kind >= HONOUR:
        left = max(0, 4 - visible[kind])
        rate = (0.0, 0.04, 0.07, 0.09, 0.09)[left]
    elif threat.one_suit and threat.suits and kind // 9 not in threat.suits:
        rate = 0.01  # a one-suit hand does not want the other suits
    else:
        n = kind % 9
        rate = 0.06 if n in (0, 8) else 0.09 if n in (1, 7) else 0.12
    if any(t.kind == kind for t in obs.discards[threat.seat]):
        rate *= 0.3  # thrown by the seat itself: less likely its wait (no furiten here)
    return rate * threat.ready
