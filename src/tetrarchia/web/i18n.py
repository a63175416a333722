"""The page's words in English, Spanish and French (the three rulebook languages), from gettext
catalogues: ``locale/<lang>/LC_MESSAGES/tetrarchia.po`` is the source, compiled with Babel
(``pybabel compile -d src/tetrarchia/web/locale -D tetrarchia``) into the ``.mo`` shipped beside
it.  The page asks for a whole catalogue once and looks its English sentences up in it.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from babel.messages.mofile import read_mo

LANGUAGES = ("en", "es", "fr")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """English sentence → its translation in ``lang`` (empty for English or an unknown
    language: the page then keeps the English)."""
    if lang not in LANGUAGES or lang == "en":
        return {}
    path = resources.files("tetrarchia.web").joinpath(f"locale/{lang}/LC_MESSAGES/tetrarchia.mo")
    with path.open("rb") as file:
        messages = read_mo(file)
    return {str(m.id): str(m.string) for m in messages if m.id and m.string}
