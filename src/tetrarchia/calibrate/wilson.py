"""The 95% Wilson score interval of a win rate (Wilson 1927).

Why Wilson rather than the normal approximation ``p ± 1.96·sqrt(p(1-p)/n)``: the win rates of
this game run from near 0 to near 1, where the normal interval leaves [0, 1] and is far too
narrow (at 0 wins it has width 0); Wilson's stays inside and keeps its coverage near 95%.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The interval (low, high) for ``wins`` out of ``games``; (0, 1) for no game."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
