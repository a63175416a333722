"""The decisions taken inside a phase (``Awaiting.DECISION``, R12) in the terminal: who decides,
what is being decided (``analysis.decisions``, shared with the browser), and the words that
answer a decision (each optional rule declares its own: ``core.faces.declare_words``).

- Imperivm (R12.1): Galerius may add +1 to his die after the dice of his battle; Constantius may
  block an army just before it attacks him.  Each use burns one of his discs.
- Barbaria (R12.6): the Barbarian player may reroll the dice just rolled, cancel or redirect an
  army about to advance (a gray disc each), and use his black disc once per game, at any of
  these moments.
"""

from __future__ import annotations

from tetrarchia.analysis.decisions import decision_context as explain_decision
from tetrarchia.analysis.decisions import decision_kind
from tetrarchia.core.actions import Action
from tetrarchia.core.engine import deciding_seat
from tetrarchia.core.faces import DECISIONS, PASS_WORDS, WORDS
from tetrarchia.core.state import Awaiting, State
from tetrarchia.seats import seat_label_of

DECISION_KINDS = tuple(sorted(DECISIONS))  # every kind of decision an optional rule explains
__all__ = ["DECISION_KINDS", "PASS_WORDS", "decision_context", "decision_kind", "decision_word",
           "who_decides"]


def who_decides(state: State) -> str:
    """The player who decides now, as the prompts name him (R10, R12.6)."""
    seat = deciding_seat(state)
    if seat is None:
        return "Nobody"
    return seat_label_of(seat, state.settings)


def decision_context(state: State) -> str:
    """What is being decided now and what the choices are for (empty when nothing is), in
    English (``analysis.decisions``, which the browser tells in every language)."""
    context = explain_decision(state)
    return str(context) if context is not None else ""


def decision_word(state: State, text: str, legal: list[Action]) -> Action | None:
    """Words that answer a decision: ``pass``/``no``/``decline`` (let it go), ``reroll``,
    ``cancel``, ``power``/``yes`` (the power, burning from the reserve when he can)."""
    if state.awaiting is not Awaiting.DECISION:
        return None
    word = text.strip().lower()
    for words, pick in WORDS:  # each optional rule's words (core.faces.declare_words)
        if word in words:
            found: Action | None = pick(legal)
            if found is not None:
                return found
    return None
