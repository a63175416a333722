"""Events in the three rulebook languages: English (``render.en``), Spanish (``render.es``),
French (``render.fr``).

A record is told by its language's catalogue (the core's records), else by the ``texts`` an
optional rule's module declares for that language, else in English: a new optional rule that
brings only English sentences still shows in every language, in English.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.core.board import Board
from tetrarchia.core.events import Event
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.render import en, es, fr

LANGUAGES = ("en", "es", "fr")
_CATALOGUES: dict[str, dict[type[Any], Any]] = {"es": es.TEXTS, "fr": fr.TEXTS}


def told_in(event_type: type[Event], lang: str) -> bool:
    """Whether records of ``event_type`` have a sentence of their own in ``lang``."""
    if lang == "en":
        return True
    if event_type in _CATALOGUES.get(lang, {}):
        return True
    return any(event_type in module.texts.get(lang, {}) for module in REGISTRY.values())


def render_in(event: Event, board: Board, lang: str) -> str:
    """The sentence of ``event`` in ``lang`` ("en", "es", "fr"; any other: English)."""
    catalogue = _CATALOGUES.get(lang)
    if catalogue is not None:
        text = catalogue.get(type(event))
        if text is None:
            for module in REGISTRY.values():
                text = module.texts.get(lang, {}).get(type(event))
                if text is not None:
                    break
        if text is not None:
            sentence: str = text(event, board)
            return sentence
    return en.render(event, board)
