"""R11.2 Vicarius: any player may spend 2 IP to place the Vicarius in any Roman province free of
figures and revolts; any player may then spend IP to move him as an Emperor moves, except that he
never enters a revolt.  He removes unrest in his province for free on entering (D16: also where he
is placed) and blocks the Barbarian roll on his province.  He never fights or supports.  An
uprising or an army reaching him kills him.

The engine moves him as any Roman figure: this module declares his place (the ``"vicarius"``
record), that he only moves and never enters a revolt (figure traits the move generation reads),
and, through hooks, his clearing of unrest, his blocking of the roll and his death.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tetrarchia.core.board import Board
from tetrarchia.core.events import Event, Events
from tetrarchia.core.faces import (
    Mark,
    declare_cell,
    declare_legend,
    declare_lines,
    declare_told,
    figure_place,
    tell,
)
from tetrarchia.core.pieces import UNREST, VICARIUS, Piece
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.core.tasks import remove_piece, return_disc
from tetrarchia.options.dux import (
    DEPLOY_COST,
    Deploy,
    VicariusClears,
    _actions,
    apply_deploy,
    declare_figure_record,
    explain_deploy,
)

VICARIUS_AT = declare_figure_record("vicarius", "the Vicarius", Piece.VICARIUS, VICARIUS, "R11.2",
                                    "vic", ("vicarius",), only_moves=True, avoids_revolt=True)


def _moved(state: State, piece: int, dest: int, events: Events) -> None:
    """R11.2, D16: he removes the unrest of the province he enters."""
    if piece == Piece.VICARIUS and state.disc[dest] == UNREST:
        return_disc(state, dest)
        if events is not None:
            events.append(VicariusClears(dest, state.unrest_reserve))


@dataclass(frozen=True, slots=True)
class ActivityBlocked(Event):
    """R11.2: the Vicarius in ``province`` blocks the activity: nothing happens."""

    kind: ClassVar[str] = "activity"
    province: int


def _blocked_text(e: ActivityBlocked, board: Board) -> str:
    return f"The Vicarius in {board.name(e.province)} blocks the roll: nothing happens."


def _blocks(state: State, province: int, events: Events) -> bool:
    """R11.2: he blocks the Barbarian roll on his province."""
    if state.figure[province] != VICARIUS:
        return False
    if events is not None:
        events.append(ActivityBlocked(province))
    return True


def _reached(state: State, province: int, why: int, events: Events) -> None:
    """R11.2: an uprising (Removal.REACHED_BY_UPRISING) or an army (REACHED_BY_ARMY) reaching
    him kills him: he leaves the game, without a battle."""
    if state.figure[province] == VICARIUS:
        remove_piece(state, Piece.VICARIUS, events, why)


def vicarius_at(state: State) -> int:
    """Where the Vicarius stands: a province, or ``IN_BOX`` / ``DEAD`` (R11.2)."""
    return VICARIUS_AT.get(state).at


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions(Piece.VICARIUS),), figure_moved=(_moved,),
                 activity_blocked=(_blocks,), reached=(_reached,),
                 appliers={Deploy: apply_deploy}, costs={Deploy: DEPLOY_COST},
                 explainers={Deploy: explain_deploy})


MODULE = register(RuleModule(
    key="vicarius", title="Vicarius", family="Dux expansion", rule="R11.2",
    pieces=("vicarius",),
    summary="Spend 2 IP to place the Vicarius in any Roman province without revolt; he removes "
            "unrest where he goes, blocks the Barbarian roll there, never fights, and dies if "
            "an uprising or army reaches him.",
    hooks=_hooks, texts={"en": {ActivityBlocked: _blocked_text}},
))


# R11.2: the Vicarius on the board as text
def _cell(state: State, province: int) -> Mark:
    return Mark("VIC ", "bold black on cyan")


def _lines(state: State, width: int) -> list[Mark]:
    if not state.settings.has("vicarius"):
        return []
    return [Mark(f"Vicarius {figure_place(state, vicarius_at(state), width - 9)}")]


def _legend(state: State) -> str | None:
    return "VIC the Vicarius" if state.settings.has("vicarius") else None


declare_cell(VICARIUS, _cell)
declare_lines(20, _lines)
declare_legend(30, _legend)


# The sentence of the record, for the languages of the events catalogue (render.told).
declare_told(ActivityBlocked, lambda e, b: tell("The Vicarius in {place} blocks the roll: nothing "
                                                "happens.", place=b.name(e.province)))
