"""Hints and decisions in the three rulebook languages, as data for the page: each suggested
action with its plan, its chance of winning with its 95% interval and why (issues 10 and 24), or
the sentence saying that every action leads to the same chance; what a decision inside a phase is
about and what each of its choices does (``analysis.decisions``).

The reasons (``players.reasons``) and the verdict (``players.advice.Verdict``) are sentences of
the ``advice`` gettext catalogue (``render.catalogues``).  The actions stay in the notation, which
the page sends back to play one.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.analysis.decisions import choice_effect, decision_context
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import Said
from tetrarchia.core.notation import format_action
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.advice import Advice, Hint
from tetrarchia.players.reasons import reasoned
from tetrarchia.render.catalogues import catalogue
from tetrarchia.render.labels import relabel
from tetrarchia.render.refusals import said_in

DOMAIN = "advice"


def phrase_in(text: str, lang: str) -> str:
    """An English phrase of the ``advice`` domain in ``lang`` (English when untranslated)."""
    return catalogue(lang, DOMAIN).get(text, text)


def advice_json(state: State, advice: list[Advice], lang: str) -> list[dict[str, Any]]:
    """The hints as the page shows them: the action (notation), the plan it begins, the
    chance of winning after it and its 95% interval (``chance_text``: "24% (95%: 22-26%)" in
    ``lang``), the continuations played, and why in ``lang`` (each reason, and joined)."""
    board = state.board
    found = []
    texts = chance_texts(advice, lang)
    for a, text in zip(advice, texts, strict=True):
        e = a.estimate
        reasons = [told_in(r.said(board), lang) for r in a.reasons]
        found.append({"action": format_action(a.action, board),
                      "plan": [format_action(x, board) for x in a.plan],
                      "chance": round(e.chance, 3), "low": round(e.low, 3), "high": round(e.high, 3),
                      "games": e.games,
                      "chance_text": text,
                      "reasons": reasons, "reason": "; ".join(reasons)})
    return found


def decimals(advice: list[Advice]) -> int:
    """The decimals a hint's percentages need: 0, or 1 when two chances listed would read the
    same whole percentage (a hint never lists identical figures without saying why)."""
    whole = [round(a.estimate.chance * 100) for a in advice]
    return 1 if len(set(whole)) < len(whole) else 0


def chance_texts(advice: list[Advice], lang: str) -> list[str]:
    """Each listed action's chance and interval in ``lang``; an action whose figures would read
    exactly as an earlier one's (two plans the dice treated alike) says so instead."""
    digits = decimals(advice)
    texts: list[str] = []
    for a in advice:
        e = a.estimate
        text = told_in(chance_said(e.chance, e.low, e.high, digits, lang), lang)
        if text in texts:
            text = told_in(reasoned("the same chance as action {number}", number=texts.index(text) + 1), lang)
        texts.append(text)
    return texts


def percent(value: float, digits: int, lang: str) -> str:
    """A share as a percentage's number in ``lang`` (a decimal comma in Spanish and French)."""
    text = f"{value * 100:.{digits}f}"
    return text.replace(".", ",") if lang in ("es", "fr") else text


def chance_said(chance: float, low: float, high: float, digits: int = 0, lang: str = "en") -> Said:
    """A chance and its interval as a sentence of the ``advice`` catalogue, with ``digits``
    decimals written as ``lang`` writes them."""
    return reasoned("{percent}% (95%: {low}-{high}%)", percent=percent(chance, digits, lang),
                    low=percent(low, digits, lang), high=percent(high, digits, lang))


def hint_json(state: State, hint: Hint, lang: str) -> dict[str, Any]:
    """A whole hint for the page: the actions (``advice_json``), the verdict's sentence when
    every action leads to the same chance (then the page shows no figure per action), and the
    seconds it took."""
    return {"hints": advice_json(state, hint.advice, lang),
            "verdict": None if hint.verdict is None else told_in(hint.verdict.said(state), lang),
            "seconds": round(hint.seconds, 2)}


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
