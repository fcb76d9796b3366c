"""Shared helpers of the rulesets: the one option builder. The plug-in protocol and the
option builder live in :mod:`sparrows.engine` (re-exported here)."""

from __future__ import annotations

from ..engine.options import build_options
from ..engine.protocol import Hint, Ruleset

__all__ = ["Hint", "Ruleset", "build_options"]
