"""A win's ``detail`` (the ``win`` event's, :mod:`sparrows.engine.events`), typed per family
of rules, as :mod:`.extras` types the views' facts: what a client reads to say how the hand
counted. ``WIN_DETAILS`` gives the class by ruleset; ``from_json(cls, data)`` reads one and
``json_schema(cls)`` gives its JSON Schema (a field marked ``absent`` may be left out).
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import absent, doc

Pair = tuple[str, int]


@dataclass(frozen=True)
class RiichiPayment:
    """What the hand's value asks of the payers (before honba and sticks)."""

    ron: int = doc("from the discarder, on a ron")
    tsumo_dealer: int = doc("from the dealer, on a self-draw by another seat")
    tsumo_other: int = doc("from each other seat, on a self-draw")


@dataclass(frozen=True)
class RiichiWinDetail:
    """Riichi (every preset; three players and the house table too)."""

    han: int = doc("the hand's han (dora included)")
    fu: int = doc("its fu, rounded")
    yaku: tuple[Pair, ...] = doc("each yaku id with its han (dora, aka, ura as yaku)")
    yakuman: int = doc("yakuman counted (0: none)")
    limit: str | None = doc("mangan, haneman, baiman, sanbaiman, yakuman...; null below")
    dora: int = doc("dora counted")
    aka: int = doc("red fives counted")
    ura: int = doc("ura dora counted")
    fu_items: tuple[Pair, ...] = doc("each fu item with its fu")
    pao: int | None = doc("the seat liable for the hand (pao), or null")
    honba: int = doc("the counters on the table")
    payment: RiichiPayment = doc("what the hand's value asks of the payers")
    melds: tuple[str, ...] = doc("the winner's called melds, in the notation")
    ura_indicators: tuple[str, ...] = doc("the ura indicators turned (a riichi winner's)")
    chips: int | None = absent("the house table: chips the win is paid")
    chip_items: tuple[Pair, ...] | None = absent("the house table: each chip item")
    abilities: tuple[str, ...] | None = absent("the house table: abilities that worked")
    steps: tuple[str, ...] | None = absent("the house table: the order of operations")
    wildcard: int | None = absent("the house table: the wildcard's kind (-1: none)")
    special: int | None = absent("the house table: special tiles counted")


@dataclass(frozen=True)
class FaanWinDetail:
    """Hong Kong and Sichuan: the hand counted in faan (fan)."""

    items: tuple[Pair, ...] = doc("each scoring item id with its faan")
    limit_hand: str | None = doc("the limit hand it is, or null")
    faan: int = doc("the hand's faan")
    capped: bool = doc("the faan reached the table's limit")
    call_transfer: int | None = absent("Sichuan: a gang's points passed to the winner")
    paid_by: int | None = absent("the one seat that pays a self-draw (a liable seat)")


@dataclass(frozen=True)
class ClassicalWinDetail:
    """Classical Chinese: points and doubles."""

    items: tuple[tuple[str, str, int], ...] = doc(
        "each item id, what it gives (points or doubles) and how much"
    )
    limit_hand: str | None = doc("the limit hand it is, or null")
    points: int = doc("the hand's points before doubling")
    doubles: int = doc("its doubles")
    score: int = doc("points x 2^doubles, capped at the limit")
    hand_scores: tuple[int, ...] = doc("every seat's hand score (the losers settle too)")
    paid_by: int | None = absent("the one seat that pays a self-draw (a liable seat)")


@dataclass(frozen=True)
class SuzumeWinDetail:
    """Suzume-Jong: the win event's items and points say it all (an empty detail)."""


#: Each ruleset's win detail class, by the ruleset's name.
WIN_DETAILS: dict[str, type] = {
    "riichi": RiichiWinDetail,
    "hongkong": FaanWinDetail,
    "sichuan": FaanWinDetail,
    "classical": ClassicalWinDetail,
    "suzume": SuzumeWinDetail,
}
