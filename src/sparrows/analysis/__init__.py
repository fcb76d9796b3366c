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
