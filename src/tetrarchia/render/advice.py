"""Hints in the three rulebook languages (issue 10, item 3, in the browser): each suggested
action with its plan, its chance of winning and why, as data for the page.

The reason is the English phrase of ``players.evaluation.REASONS``; it is looked up in the
``advice`` gettext catalogue (``render.catalogues``).  The actions stay in the notation, which the
page sends back to play one.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.core.notation import format_action
from tetrarchia.core.state import State
from tetrarchia.players.advice import Advice
from tetrarchia.render.catalogues import catalogue

DOMAIN = "advice"


def phrase_in(text: str, lang: str) -> str:
    """An English phrase of the ``advice`` domain in ``lang`` (English when untranslated)."""
    return catalogue(lang, DOMAIN).get(text, text)


def advice_json(state: State, advice: list[Advice], lang: str) -> list[dict[str, Any]]:
    """The hints as the page shows them: the action (notation), the plan it begins, the
    playouts won and played, the chance, and why in ``lang``."""
    board = state.board
    return [{"action": format_action(a.action, board),
             "plan": [format_action(x, board) for x in a.plan],
             "wins": a.wins, "playouts": a.playouts, "chance": round(a.chance, 3),
             "reason": phrase_in(a.reason, lang)} for a in advice]
