"""The players' one window on the optional rules' state (R11, R12): where the Dux and the Vicarius
stand, the Barbarian player's discs, the Pirates.

The option fields are moving out of ``State`` into per-module records; every player reads them
here and nowhere else, so that move changes this module alone.  Each reading returns the neutral
value of the base game when the option is not in play.
"""

from __future__ import annotations

from tetrarchia.core.state import State


def dux_province(state: State) -> int:
    """R11.1: the Dux's province, or -1 when he is in the box or dead."""
    return state.dux_at if state.dux_at >= 0 else -1


def vicarius_province(state: State) -> int:
    """R11.2: the Vicarius's province, or -1 when he is in the box or dead."""
    return state.vicarius_at if state.vicarius_at >= 0 else -1


def barbarian_gray(state: State) -> int:
    """R12.6: the Barbarian player's gray discs (0 without Barbaria)."""
    return state.gray


def barbarian_black(state: State) -> int:
    """R12.6: 1 while the Barbarian player's black disc is unused."""
    return state.black


def pirates_zone(state: State) -> int:
    """R11.3: the Pirates' sea zone, 0 when they are off the board."""
    return state.pirates


def glory(state: State) -> tuple[int, ...]:
    """R12.5: each Emperor's glory discs."""
    return tuple(state.glory)
