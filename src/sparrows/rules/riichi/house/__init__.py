"""The riichi house preset ``cy-dealers-choice`` (Dealer's Choice Tonpuu, seed 001): its
scoring (:mod:`.scoring`: chips, special tiles, abilities and wildcards over the standard
score), its abilities (:mod:`.abilities`) and its play (:mod:`.play`: the special wins,
kokan's choice, chips at a win, a bust, the called game and the placement at the end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..options import RiichiOptions


def plays_house(options: RiichiOptions) -> bool:
    """Whether a table with these options needs the house layer
    (:class:`.play.HouseRuleset`): special tiles, chips, abilities, the special
    suukantsu, the local yakuman shiisanpuutaa, placement chips, the dealer's choice, the
    unanimous abort, open riichi or the riichi peek. The standard ruleset plays every
    other option."""
    return (
        options.dealer_choice
        or options.unanimous_abort
        or options.open_riichi
        or options.riichi_peek
        or options.special_tiles
        or options.chips
        or bool(options.abilities)
        or options.double_suukantsu
        or options.local_yakuman
        or bool(options.placement_chips)
    )
