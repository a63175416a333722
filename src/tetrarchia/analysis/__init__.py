"""What a position means, computed from the rules: the forecast of the Barbarian phase (exact
probabilities), and the readings every interface and the AI share.  Pure, like the core."""

from tetrarchia.analysis.forecast import ArmyOutlook, BattleOdds, Forecast, NotForecastable, forecast

__all__ = ["ArmyOutlook", "BattleOdds", "Forecast", "NotForecastable", "forecast"]
