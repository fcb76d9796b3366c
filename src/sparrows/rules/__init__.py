"""Rulesets: one plug-in per ruleset over the shared engine.

``get_ruleset(name, **options)`` builds a ruleset by name; ``RULESETS`` lists them.
"""

from __future__ import annotations

from typing import Any

from ..errors import SparrowsError
from .base import Ruleset

RULESETS = ("suzume", "riichi")


def get_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    """A ruleset by name with options (a dict of option names to values, or a preset name
    under the key ``preset``). Raises SparrowsError for an unknown name or option."""
    if name == "suzume":
        from .suzume import SuzumeRuleset

        return SuzumeRuleset.from_options(options or {})
    if name == "riichi":
        from .riichi.game import RiichiRuleset

        return RiichiRuleset.from_options(options or {})
    raise SparrowsError(
        f"unknown ruleset {name!r}; available: {', '.join(RULESETS)} "
        "(hongkong, sichuan and classical are planned)"
    )
