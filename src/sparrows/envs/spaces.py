"""The Gymnasium spaces every environment of a table uses (one place for both APIs)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from .core import EnvCore

__all__ = ["LIMIT", "SEED_LIMIT", "action_space", "observation_space"]

#: The bounds of the observation's Box (every feature lies well within).
LIMIT = 1e6
#: Game seeds are drawn below this from the environment's generator.
SEED_LIMIT = 2**62


def observation_space(table: EnvCore) -> spaces.Dict:
    """``{"observation": the encoding, "action_mask": the layout's mask}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=-LIMIT, high=LIMIT, shape=(table.encoder.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(table.layout.size,), dtype=np.int8),
        }
    )


def action_space(table: EnvCore) -> spaces.Space[Any]:
    """An index of the family's action layout."""
    return spaces.Discrete(table.layout.size)
