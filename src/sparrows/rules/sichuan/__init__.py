"""Sichuan "bloody battle" mahjong: faan scoring (the game plug-in is a later step)."""

from .options import FAAN, PRESETS, SichuanOptions
from .scoring import (
    SichuanScore,
    SichuanWin,
    best_waiting,
    best_waiting_score,
    score_text,
    score_win,
)

__all__ = [
    "FAAN",
    "PRESETS",
    "SichuanOptions",
    "SichuanScore",
    "SichuanWin",
    "best_waiting",
    "best_waiting_score",
    "score_text",
    "score_win",
]
