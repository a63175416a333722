"""What a position means, computed from the rules: the forecast of the Barbarian phase (exact
probabilities), and the readings every interface and the AI share.  Pure, like the core."""

from tetrarchia.analysis.forecast import (
    ArmyOutlook,
    BattleOdds,
    Forecast,
    NotForecastable,
    engine_forecast,
    fast_forecast,
    fast_model_gap,
    forecast,
)
from tetrarchia.analysis.threats import ArmyPath, army_path, army_paths, domino_chance, uprising_chance

__all__ = ["ArmyOutlook", "ArmyPath", "BattleOdds", "Forecast", "NotForecastable", "army_path",
           "army_paths", "domino_chance", "engine_forecast", "fast_forecast", "fast_model_gap",
           "forecast", "uprising_chance"]
