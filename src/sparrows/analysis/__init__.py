"""Hand analysis: shanten, decompositions, waits and ukeire. Knows no scoring."""

from .decompose import BlockType, Decomposition, HandShape, decompose, is_complete
from .shanten import (
    NO_SPECIAL,
    RIICHI,
    SICHUAN,
    SUZUME,
    Form,
    Shanten,
    analyse,
    form_shanten,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    thirteen_orphans_shanten,
)
from .waits import DiscardOption, Ukeire, discard_options, improvers, ukeire, waits


def cache_entries() -> int:
    """Entries held by the analysis's own caches (each capped): how warm they are."""
    from .decompose import _MEMO
    from .waits import _improvers

    return int(_improvers.cache_info().currsize) + sum(len(m) for m in _MEMO)


__all__ = [
    "NO_SPECIAL",
    "RIICHI",
    "SICHUAN",
    "SUZUME",
    "BlockType",
    "Decomposition",
    "DiscardOption",
    "Form",
    "HandShape",
    "Shanten",
    "Ukeire",
    "analyse",
    "cache_entries",
    "decompose",
    "discard_options",
    "form_shanten",
    "improvers",
    "is_complete",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "thirteen_orphans_shanten",
    "ukeire",
    "waits",
]
