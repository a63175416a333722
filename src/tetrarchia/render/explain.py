"""The one-line explanation of an AI's move: the action and the main reason for it (the
terminal's ``--ai`` line, ``cli/advice.py``, and the note in every page's log, ``web/ai.py``)."""

from __future__ import annotations

from tetrarchia.core.actions import Action
from tetrarchia.core.notation import format_action
from tetrarchia.core.state import State
from tetrarchia.players.evaluation import main_reason, terms
from tetrarchia.players.heuristic import look_ahead


def explain(state: State, action: Action) -> str:
    """One line for a move of the AI: the action, and the main reason for it."""
    reason = main_reason(terms(state), look_ahead(state, action).terms)
    return f"{format_action(action, state.board)}: {reason}."
