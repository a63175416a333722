"""R12.7 Diarchia (1st edition): Augustus and Caesar share support: blue and red discs support
Maximian and Constantius, green and yellow support Diocletian and Galerius (each still places only
his own).  The partner's uncovered printed capital supports too, being one of his discs (D23).
"""

from __future__ import annotations

from collections.abc import Callable

from tetrarchia.core.pieces import GARRISON, NO_DISC
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State

PARTNER = (1, 0, 3, 2)  # Diocletian-Galerius, Constantius-Maximian


def supports(state: State, emperor: int) -> Callable[[int], bool]:
    disc = state.disc
    printed = state.board.printed
    pair = (GARRISON + emperor, GARRISON + PARTNER[emperor])
    mask = (1 << emperor) | (1 << PARTNER[emperor])

    def is_theirs(p: int) -> bool:
        d = disc[p]
        return d in pair or (d == NO_DISC and bool(printed[p] & mask))

    return is_theirs


def _hooks(settings: Settings) -> Hooks:
    return Hooks(supports=supports)


MODULE = register(RuleModule(
    key="diarchia", title="Diarchia", family="variant", rule="R12.7",
    summary="Augustus and Caesar share their discs' combat support.",
    hooks=_hooks,
))
