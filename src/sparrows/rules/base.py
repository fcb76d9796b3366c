"""Shared helpers of the rulesets: the one option builder. The plug-in protocol and the
option builder live in :mod:`sparrows.engine` (re-exported here)."""

from __future__ import annotations

from ..engine.options import build_options
from ..engine.protocol import Ruleset

__all__ = ["Ruleset", "build_options"]
