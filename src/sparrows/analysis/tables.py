"""Loads the per-suit distance tables made by ``tools/gen_tables.py``.

``SUIT_IDS[i]`` / ``HONOR_IDS[i]`` is the profile id of the count vector with base-5 index
``i`` (position 0 most significant); ``SUIT_PROFILES[id]`` is its 10 distances
``(A0..A4, B0..B4)``: the fewest tiles to add so the group holds ``m`` sets (A) or ``m``
sets and a pair (B).
"""

from __future__ import annotations

import struct
import zlib
from importlib import resources


def _read() -> tuple[bytes, list[tuple[int, ...]], bytes, list[tuple[int, ...]]]:
    raw = zlib.decompress(
        resources.files("sparrows.analysis").joinpath("data/shanten_tables.bin").read_bytes()
    )
    if raw[:5] != b"SPRW\x01":
        raise RuntimeError("shanten_tables.bin is not a sparrows table file (version 1)")
    pos = 5
    out: list[object] = []
    for size in (5**9, 5**7):
        (nprof,) = struct.unpack_from("<H", raw, pos)
        pos += 2
        profs = [tuple(raw[pos + 10 * i : pos + 10 * i + 10]) for i in range(nprof)]
        pos += 10 * nprof
        out += [raw[pos : pos + size], profs]
        pos += size
    if pos != len(raw):
        raise RuntimeError("shanten_tables.bin has trailing data")
    return out[0], out[1], out[2], out[3]  # type: ignore[return-value]


SUIT_IDS, SUIT_PROFILES, HONOR_IDS, HONOR_PROFILES = _read()
