"""Hints and decisions in the three rulebook languages, as data for the page: each suggested
action with its plan, its chance of winning and why (issue 10, item 3); what a decision inside a
phase is about and what each of its choices does (``analysis.decisions``).

The reason is the English phrase of ``players.evaluation.REASONS``; it is looked up in the
``advice`` gettext catalogue (``render.catalogues``).  The actions stay in the notation, which the
page sends back to play one.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.analysis.decisions import choice_effect, decision_context
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import Said
from tetrarchia.core.notation import format_action
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.advice import Advice
from tetrarchia.render.catalogues import catalogue
from tetrarchia.render.labels import relabel
from tetrarchia.render.refusals import said_in

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


def explain_choices(data: dict[str, Any], state: State, lang: str) -> None:
    """Add to a state's view (``web.views.state_json``) what the decision awaited is about
    (``decision_context``) and, on each of its choices in ``legal``, what it does (``effect``),
    in ``lang`` (``analysis.decisions``; the page shows them beside the choice buttons); and,
    the view being built in English, its actions' labels and who decides, in ``lang``
    (``render.labels``)."""
    relabel(data, state, lang)
    context = decision_context(state)
    data["decision_context"] = told_in(context, lang) if context is not None else None
    if state.awaiting is not Awaiting.DECISION:
        return
    for item, action in zip(data["legal"], legal_actions(state), strict=True):
        effect = choice_effect(state, action)
        if effect is not None:
            item["effect"] = told_in(effect, lang)


def told_in(sentence: Said, lang: str) -> str:
    """A sentence of the ``advice`` domain in ``lang`` (English when untranslated)."""
    return said_in(sentence, lang, DOMAIN) or str(sentence)
