"""The turn order the array tables (:mod:`.arrays`, :mod:`.riichi_arrays`) share: the
other seats from a discarder's right, and which of the seats still asked in a claim window
answers next (one after another from the discarder's right, as the engine asks them)."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["ClaimOrder"]


class ClaimOrder:
    """For ``players`` seats: ``others[d]`` the other seats from ``d``'s right;
    ``bit[s]`` seat ``s``'s bit in a set of asked seats; ``first[d, bits]`` the first
    seat of ``bits`` from ``d``'s right (-1: none)."""

    def __init__(self, players: int) -> None:
        p = players
        self.others: Any = np.array([[(d + i) % p for i in range(1, p)] for d in range(p)])
        self.bit: Any = np.left_shift(1, np.arange(p, dtype=np.int64))
        self.first: Any = np.full((p, 1 << p), -1, dtype=np.int64)
        for d in range(p):
            for bits in range(1 << p):
                asked = [s for s in self.others[d].tolist() if bits >> s & 1]
                if asked:
                    self.first[d, bits] = asked[0]
