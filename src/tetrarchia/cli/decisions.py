"""The decisions taken inside a phase (``Awaiting.DECISION``, R12) in the terminal: who decides,
what is being decided (``analysis.decisions``, shared with the browser), and the words that
answer a decision.

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
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.barbaria import BarbarianPass, CancelAdvance, Reroll
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
    RESERVE,
)
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.seats import seat_label_of

DECISION_KINDS = (BARBARIAN_ADVANCE, BARBARIAN_BLACK, BARBARIAN_REROLL, CONSTANTIUS_BLOCK,
                  GALERIUS_BONUS)
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


PASS_WORDS = ("pass", "no", "n", "decline", "none", "skip", "keep")


def decision_word(state: State, text: str, legal: list[Action]) -> Action | None:
    """Words that answer a decision: ``pass``/``no``/``decline`` (let it go), ``reroll``,
    ``cancel``, ``power``/``yes`` (the power, burning from the reserve when he can)."""
    if state.awaiting is not Awaiting.DECISION:
        return None
    word = text.strip().lower()
    if word in PASS_WORDS:
        return next((a for a in legal if isinstance(a, (BarbarianPass, Decline))), None)
    if word in ("power", "yes", "y", "use", "burn", "block", "+1"):
        powers = [a for a in legal if isinstance(a, UsePower)]
        return next((a for a in powers if a.burn == RESERVE), powers[0] if len(powers) == 1 else None)
    if word == "cancel":
        return next((a for a in legal if isinstance(a, CancelAdvance)), None)
    if word == "reroll":
        return next((a for a in legal if isinstance(a, Reroll)), None)
    return None
