"""sparrows: a mahjong engine that plays, referees and scores many rulesets with one core."""

from .errors import AnalysisError, NotationError, SparrowsError

__version__ = "0.1.0"

__all__ = ["AnalysisError", "NotationError", "SparrowsError", "__version__"]
