"""Events in the three rulebook languages: English (``render.en``, the terminal's sentences),
Spanish and French from the ``events`` gettext catalogues (``render/locale/<lang>/LC_MESSAGES/
events.po``, compiled with Babel by ``tools/i18n.py``).

A record is turned into its English template and arguments by ``render.told`` (the core's records
and every optional rule's), and the template is looked up in the language's catalogue, each
nested phrase on its own.  A record that ``render.told`` does not know (a new optional rule) is
told by the ``texts`` its module declares for the language, else in English: it still shows in
every language.
"""

from __future__ import annotations

from tetrarchia.core.board import Board
from tetrarchia.core.events import Event
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.render import en
from tetrarchia.render.refusals import said_in
from tetrarchia.render.told import TELLERS, told

LANGUAGES = ("en", "es", "fr")
DOMAIN = "events"


def told_in(event_type: type[Event], lang: str) -> bool:
    """Whether records of ``event_type`` have a sentence of their own in ``lang``."""
    if lang == "en" or (lang in LANGUAGES and event_type in TELLERS):
        return True
    return any(event_type in module.texts.get(lang, {}) for module in REGISTRY.values())


def render_in(event: Event, board: Board, lang: str) -> str:
    """The sentence of ``event`` in ``lang`` ("en", "es", "fr"; any other: English)."""
    if lang == "en" or lang not in LANGUAGES:
        return en.render(event, board)
    sentence = told(event, board)
    if sentence is not None:
        text = said_in(sentence, lang, DOMAIN)
        if text is not None:
            return text
    for module in REGISTRY.values():
        own = module.texts.get(lang, {}).get(type(event))
        if own is not None:
            result: str = own(event, board)
            return result
    return en.render(event, board)
