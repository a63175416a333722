"""R11.4 Goths: one of the three armies (two ordinary armies and the Goths).  Whenever an army is
to be placed on border III or IV and the Goths are in the reserve, the Goths are placed instead;
they arrive even if that border is secured or occupied, removing the garrison (the border is no
longer secured) or the figure there (D19: an army goes back to the reserve, an Emperor leaves the
board until his next turn, the Dux dies).  Elsewhere the Goths are placed only when no ordinary
army is left (D5).  They add +1 to their combat die and to their broken-link rolls.

At setup (R3.5) a rolled border III/IV that already holds an army is rolled again, as for any
initial army (D22).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tetrarchia.core.board import Board
from tetrarchia.core.errors import Said, SaveFileError, said
from tetrarchia.core.events import ArmyPlaced, Event, Events
from tetrarchia.core.extensions import declare_part
from tetrarchia.core.faces import (
    ARMY_STYLE,
    DiscChange,
    Mark,
    declare_cell,
    declare_disc_changes,
    declare_legend,
    declare_lines,
    declare_told,
    leaves,
    tell,
)
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import ARMY, GARRISON, GOTHS, NO_DISC, NO_FIGURE, REBEL, garrison_of
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Result, State
from tetrarchia.core.tasks import figure_piece, in_setup, remove_army, remove_piece, return_disc
from tetrarchia.options.common import leaves_board, province_from_json

NORTHEASTERN = (3, 4)  # borders III and IV
GOTHS_BONUS = 1


@dataclass(frozen=True, slots=True)
class SweptAway(Event):
    """R11.4, D19: the Goths arriving on ``border`` sweep ``piece`` off it (an Emperor leaves
    the board until his next turn, the Dux dies)."""

    kind: ClassVar[str] = "removed"
    piece: int
    border: int


@dataclass(frozen=True, slots=True)
class PushedBack(Event):
    """R11.4, D19: the Goths arriving on ``border`` send the army there back to the reserve."""

    kind: ClassVar[str] = "army"
    border: int


@dataclass(frozen=True, slots=True)
class BorderTaken(Event):
    """R11.4: the Goths take ``border``: the garrison of ``emperor`` there goes back to his
    reserve (``garrisons_left`` after it) and the border is no longer secured."""

    kind: ClassVar[str] = "army"
    border: int
    emperor: int
    garrisons_left: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    SweptAway: lambda e, board: leaves_board(
        e.piece, f"is swept away by the Goths in {board.name(e.border)}"),
    PushedBack: lambda e, board: f"The Goths push the army in {board.name(e.border)} back.",
    BorderTaken: lambda e, board: (f"The Goths take the border of {board.name(e.border)}: it is "
                                   "no longer secured."),
}}


def goths_in_reserve(state: State) -> bool:
    """R11.4: the Goths are one of the three armies and wait in the reserve when not on the
    board (asked only when their module is in play)."""
    return GOTHS not in state.figure


def _set_apart(state: State) -> int:
    """R11.4: the Goths in the reserve are no ordinary army (D5)."""
    return 0 if GOTHS in state.figure else 1


def _goths_to_json(state: State) -> list[str]:
    return [province_key(state.board, p) for p, f in enumerate(state.figure) if f == GOTHS]


def _goths_from_json(state: State, data: Any) -> None:
    if not isinstance(data, list):
        raise SaveFileError(said("{value} is not a list of provinces", value=repr(data)))
    for key in data:
        p = province_from_json(state, key)
        # an army in Roma ended the game (R8): only then may the Goths stand there
        ended_there = p == state.board.roma and state.result is Result.ARMY_IN_ROMA
        if state.figure[p] != NO_FIGURE or (p == state.board.roma and not ended_there):
            raise SaveFileError(said("the Goths need a province with no figure"))
        state.figure[p] = GOTHS


def _check_goths(state: State, found: list[str | Said]) -> None:
    """R11.4: one Goths army; D5: the setup places it only on border III or IV (its armies, 2 at
    most, never use up the 2 ordinary armies that would send the Goths elsewhere)."""
    if state.figure.count(GOTHS) > 1:
        found.append(said("there is only one Goths army (R11.4)"))
    if not in_setup(state):
        return
    board = state.board
    allowed = {board.border_of[region] for region in NORTHEASTERN}
    for p, f in enumerate(state.figure):
        if f == GOTHS and p not in allowed:
            found.append(said("before the first turn the Goths stand on border III or IV "
                              "(R11.4), not in {place}", place=board.name(p)))


# The Goths are a figure on the board and nothing else: a part of the position with no record.
declare_part("goths", "the Goths", _goths_to_json, _goths_from_json,
             lambda state: GOTHS not in state.figure, _check_goths, v1=("goths", []),
             lists_armies=True)


def arrive(state: State, region: int, setup: bool, events: Events) -> bool:
    """R11.4 and D5: which army arrives on the border of ``region``, if any."""
    board = state.board
    border = board.border_of[region]
    here = state.figure[border]
    if region in NORTHEASTERN and goths_in_reserve(state):
        if setup and ARMY <= here <= REBEL:
            return False  # D22: roll again, as for any initial army
        if here != NO_FIGURE:
            piece = figure_piece(here)
            if piece >= 0:
                if events is not None:
                    events.append(SweptAway(piece, border))
                remove_piece(state, piece, events)
            else:
                remove_army(state, border)
                if events is not None:
                    events.append(PushedBack(border))
        if state.disc[border] >= GARRISON:
            owner = state.disc[border] - GARRISON
            return_disc(state, border)
            if events is not None:
                events.append(BorderTaken(border, owner, state.garrisons[owner]))
        _place(state, border, GOTHS, events)
        return True
    if here != NO_FIGURE or state.disc[border] != NO_DISC:
        return False
    if state.ordinary_armies_in_reserve() > 0:
        _place(state, border, ARMY, events)
        return True
    if goths_in_reserve(state):  # D5: no ordinary army is left
        _place(state, border, GOTHS, events)
        return True
    return False


def _place(state: State, border: int, figure: int, events: Events) -> None:
    state.figure[border] = figure
    state.armies_placed.append(border)
    if events is not None:
        events.append(ArmyPlaced(state.board.region_of[border], border, figure,
                                 state.armies_in_reserve()))


def die_bonus(state: State, army_province: int, emperor: int) -> tuple[int, int]:
    if army_province >= 0 and state.figure[army_province] == GOTHS:
        return 0, GOTHS_BONUS
    return 0, 0


def link_bonus(state: State, province: int) -> int:
    return GOTHS_BONUS if state.figure[province] == GOTHS else 0


def _hooks(settings: Settings) -> Hooks:
    return Hooks(armies_set_apart=(_set_apart,), army_arrives=(arrive,), die_bonus=(die_bonus,),
                 link_bonus=(link_bonus,))


MODULE = register(RuleModule(
    key="goths", title="Goths", family="Dux expansion", rule="R11.4",
    pieces=("goths",),
    summary="One of the three armies; it takes borders III and IV even when secured or "
            "occupied, and adds +1 to its combat and broken-link rolls.",
    hooks=_hooks, texts=TEXTS,
))


# R11.4: the Goths on the board as text, drawn as an army
def _cell(state: State, province: int) -> Mark:
    return Mark("GOTH", ARMY_STYLE)


def _lines(state: State, width: int) -> list[Mark]:
    if not state.settings.has("goths"):
        return []
    goths = [p for p, f in enumerate(state.figure) if f == GOTHS]
    return [Mark(f"Goths    {state.board.label(goths[0]) if goths else 'in the reserve'}")]


def _legend(state: State) -> str | None:
    return "GOTH the Goths" if state.settings.has("goths") else None


declare_cell(GOTHS, _cell)
declare_lines(30, _lines)
declare_legend(10, _legend)


# The sentences of the records, for the languages of the events catalogue (render.told).
declare_told(SweptAway, lambda e, b: leaves(e.piece, tell("is swept away by the Goths in {place}",
                                                          place=b.name(e.border))))
declare_told(PushedBack, lambda e, b: tell("The Goths push the army in {place} back.",
                                           place=b.name(e.border)))
declare_told(BorderTaken, lambda e, b: tell("The Goths take the border of {place}: it is no "
                                            "longer secured.", place=b.name(e.border)))

# R11.4: the Goths take a secured border: its garrison goes (the terminal's phase summary)
declare_disc_changes(BorderTaken, lambda e: (DiscChange(e.border, garrison_of(e.emperor), NO_DISC),))
