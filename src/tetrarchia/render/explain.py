"""The one-line explanation of an AI's move: the action and what it changes on the board that
favours its seat (``players.reasons``, the same claims as the hints'): the terminal's ``--ai``
line (``cli/advice.py``) and the note in every page's log (``web/ai.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from tetrarchia.core.actions import Action
from tetrarchia.core.notation import format_action
from tetrarchia.core.state import State
from tetrarchia.players.protocol import Player
from tetrarchia.players.reasons import reasons


def explain(state: State, action: Action, rest: Sequence[Action] = ()) -> str:
    """One line for a move of the AI: the action, and what it changes on the board that
    favours its seat (``players.reasons``); with ``rest``, the rest of the plan it begins (a
    search player's ``planned``), what the whole plan changes ("his plan ends the revolt ...")."""
    said = format_action(action, state.board)
    if rest:
        why = "; ".join(str(r.said(state.board)) for r in reasons(state, [action, *rest])[:2])
        return f"{said}: his plan {why}." if why else f"{said}."
    why = "; ".join(str(r.said(state.board)) for r in reasons(state, [action])[:2])
    return f"{said}: {why}." if why else f"{said}."


def planned(player: Player) -> tuple[Action, ...]:
    """The rest of the plan ``player`` follows after its last decision (a search player's;
    empty for the others)."""
    rest = getattr(player, "planned", ())
    return tuple(rest) if isinstance(rest, tuple) else ()
