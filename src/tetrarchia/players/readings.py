"""The players' one window on the optional rules' state (R11, R12): where the Dux and the Vicarius
stand, the Barbarian player's discs, the Pirates, the glory.

The option state lives in per-module records (``core/extensions.py``), read through each
option module's own functions; every player reads it here and nowhere else, so that a change
of those records changes this module alone.  Each reading returns the neutral value of the base
game when the option is not in play.
"""

from __future__ import annotations

from tetrarchia.core.state import State
from tetrarchia.options import barbaria, dux, pirates, roma_aeterna, vicarius
from tetrarchia.options.common import burn_choices


def dux_province(state: State) -> int:
    """R11.1: the Dux's province, or -1 when he is in the box or dead."""
    at = dux.dux_at(state)
    return at if at >= 0 else -1


def vicarius_province(state: State) -> int:
    """R11.2: the Vicarius's province, or -1 when he is in the box or dead."""
    at = vicarius.vicarius_at(state)
    return at if at >= 0 else -1


def power_ready(state: State, emperor: int) -> bool:
    """R12.1 Imperivm (2nd edition): whether ``emperor`` can use his power now or when it comes
    (he has a disc to burn: in his reserve, or a garrison off the borders); False without it."""
    return state.settings.has("imperivm") and bool(burn_choices(state, emperor))


def link_bonus(state: State, province: int) -> int:
    """R7.4: what options add to the Barbarian die of the army in ``province`` crossing a broken
    link (the Goths' +1, R11.4); 0 in the base game."""
    return sum(hook(state, province) for hook in state.hooks.link_bonus)


def barbarian_gray(state: State) -> int:
    """R12.6: the Barbarian player's gray discs (0 without Barbaria)."""
    return barbaria.gray(state)


def barbarian_black(state: State) -> int:
    """R12.6: 1 while the Barbarian player's black disc is unused."""
    return barbaria.black(state)


def pirates_zone(state: State) -> int:
    """R11.3: the Pirates' sea zone, 0 when they are off the board."""
    return pirates.pirates_zone(state)


def glory(state: State) -> tuple[int, ...]:
    """R12.5: each Emperor's glory discs."""
    return tuple(roma_aeterna.GLORY.get(state).counts)
