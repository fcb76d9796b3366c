"""Hong Kong (Cantonese) mahjong: faan scoring, payments and the game plug-in."""

from ..chinese import WinFacts
from .options import FAAN, LIMITS, PAYMENT_TABLES, PRESETS, HongKongOptions
from .scoring import HKScore, payments, score, score_text, shares

__all__ = [
    "FAAN",
    "LIMITS",
    "PAYMENT_TABLES",
    "PRESETS",
    "HKScore",
    "HongKongOptions",
    "WinFacts",
    "payments",
    "score",
    "score_text",
    "shares",
]
