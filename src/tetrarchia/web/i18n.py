"""The page's words in English, Spanish and French (the three rulebook languages), from gettext
catalogues: ``locale/<lang>/LC_MESSAGES/tetrarchia.po`` is the source, compiled with Babel
(``pybabel compile -d src/tetrarchia/web/locale -D tetrarchia``) into the ``.mo`` shipped beside
it.  The page asks for a whole catalogue once and looks its English sentences up in it.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

from tetrarchia.render.catalogues import read_mo

LANGUAGES = ("en", "es", "fr")
WEB = Path(str(resources.files("tetrarchia.web")))
# A sentence of the page is written in English where it is used, inside ``t("...")``
# (translated there), ``N_("...")`` (marked, translated where shown) or ``p("...")`` (a help
# paragraph), or as ``data-i18n="..."`` in index.html.
CALL = re.compile(r'\b(?:t|N_|p)\(\s*"((?:[^"\\]|\\.)*)"')
ATTRIBUTE = re.compile(r'data-i18n="([^"]*)"')
# The server's own sentences a player reads (refusals of his seat, web/live.py): marked with
# ``N_`` and a string literal in the server's modules, translated with ``catalogue`` when the answer is built.
SERVER = re.compile(r'\bN_\(\s*"((?:[^"\\]|\\.)*)"')


def N_(text: str) -> str:  # noqa: N802 - gettext's name for "mark this sentence"
    """Marks a server sentence for the catalogue; translated where it is answered."""
    return text


def sentences() -> list[str]:
    """Every sentence of the page, in the order first written."""
    found: dict[str, None] = {}
    for path in [*sorted((WEB / "static").glob("*.js")), WEB / "static" / "index.html"]:
        text = path.read_text("utf-8")
        for match in [*CALL.finditer(text), *ATTRIBUTE.finditer(text)]:
            found[match.group(1).replace('\\"', '"').replace("\\'", "'")] = None
    for path in sorted(WEB.glob("*.py")):
        if path.name == "i18n.py":  # its comments show the marks, they are no sentences
            continue
        for match in SERVER.finditer(path.read_text("utf-8")):
            found[match.group(1)] = None
    from tetrarchia.web.tutorial import sentences as lessons  # the tutorial's, kept as data
    found.update(dict.fromkeys(lessons()))
    return list(found)


def po_path(lang: str) -> Path:
    """The catalogue translators edit; its compiled ``.mo`` lies beside it."""
    return WEB / "locale" / lang / "LC_MESSAGES" / "tetrarchia.po"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """English sentence → its translation in ``lang`` (empty for English or an unknown
    language: the page then keeps the English)."""
    if lang not in LANGUAGES or lang == "en":
        return {}
    path = resources.files("tetrarchia.web").joinpath(f"locale/{lang}/LC_MESSAGES/tetrarchia.mo")
    return read_mo(path.read_bytes())  # the engine's catalogues' reader: the same messages as Babel's


def accepted(header: str | None) -> str | None:
    """The first of :data:`LANGUAGES` an ``Accept-Language`` header asks for (RFC 9110 12.5.4:
    ranges by weight, ``fr-CH`` counting as ``fr``, a weight of 0 refusing), or None.

    The language of an answer that cannot read the player's choice from his request (a
    WebSocket hello that is not JSON, or a request without ``?lang=``): his browser's."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and match is None:
            continue  # a malformed range is ignored rather than guessed at
        if match is not None:
            weight = float(match.group(1))
        primary = tag.strip().split("-")[0].lower()
        if weight > 0 and primary in LANGUAGES:
            ranked.append((-weight, order, primary))
    return min(ranked)[2] if ranked else None
