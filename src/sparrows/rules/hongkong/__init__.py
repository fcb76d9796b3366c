"""Hong Kong (Cantonese) mahjong: faan scoring, payments and the game plug-in."""

from .options import FAAN, LIMITS, PAYMENT_TABLES, PRESETS, HongKongOptions
from .scoring import HKScore, HKSituation, payments, score, score_text, shares

__all__ = [
    "FAAN",
    "LIMITS",
    "PAYMENT_TABLES",
    "PRESETS",
    "HKScore",
    "HKSituation",
    "HongKongOptions",
    "payments",
    "score",
    "score_text",
    "shares",
]
