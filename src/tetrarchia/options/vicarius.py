"""R11.2 Vicarius: any player may spend 2 IP to place the Vicarius in any Roman province free of
figures and revolts; any player may then spend IP to move him as an Emperor moves, except that he
never enters a revolt.  He removes unrest in his province for free on entering (D16: also where he
is placed) and blocks the Barbarian roll on his province.  He never fights or supports.  An
uprising or an army reaching him kills him.

Moving, blocking and dying are the engine's (``core``); this module places him.
"""

from __future__ import annotations

from tetrarchia.core.pieces import VICARIUS, Piece
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.options.dux import Deploy, _actions, apply_deploy, declare_figure_record, explain_deploy

VICARIUS_AT = declare_figure_record("vicarius", "the Vicarius", Piece.VICARIUS, VICARIUS)  # R11.2


def vicarius_at(state: State) -> int:
    """Where the Vicarius stands: a province, or ``IN_BOX`` / ``DEAD`` (R11.2)."""
    return VICARIUS_AT.get(state).at


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions(Piece.VICARIUS),),
                 appliers={Deploy: apply_deploy}, explainers={Deploy: explain_deploy})


MODULE = register(RuleModule(
    key="vicarius", title="Vicarius", family="Dux expansion", rule="R11.2",
    pieces=("vicarius",),
    summary="Spend 2 IP to place the Vicarius in any Roman province without revolt; he removes "
            "unrest where he goes, blocks the Barbarian roll there, never fights, and dies if "
            "an uprising or army reaches him.",
    hooks=_hooks,
))
