"""Classical Chinese mahjong: points and doubles for every hand, settlement, the game."""

from .options import DOUBLES, LIMIT_HANDS, MELD_POINTS, POINTS, PRESETS, ClassicalOptions
from .scoring import (
    ClassicalScore,
    score_loser,
    score_loser_text,
    score_text,
    score_winner,
    settle,
)

__all__ = [
    "DOUBLES",
    "LIMIT_HANDS",
    "MELD_POINTS",
    "POINTS",
    "PRESETS",
    "ClassicalOptions",
    "ClassicalScore",
    "score_loser",
    "score_loser_text",
    "score_text",
    "score_winner",
    "settle",
]
