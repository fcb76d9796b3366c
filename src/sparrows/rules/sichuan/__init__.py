"""Sichuan "bloody battle" mahjong: the game plug-in (``ruleset``) and its faan scoring."""

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
