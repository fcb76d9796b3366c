"""Helpers of the batch and array-table tests."""

from __future__ import annotations

from typing import Any

import numpy as np


def pick(mask: Any, rng: Any) -> Any:
    """A uniformly random legal action per row of ``mask`` (``rng``: a numpy Generator)."""
    cum = mask.cumsum(axis=1)
    draw = (rng.random(len(mask)) * cum[:, -1]).astype(np.int64)
    return (cum <= draw[:, None]).sum(axis=1)
