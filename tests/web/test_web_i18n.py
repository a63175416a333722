"""The page in English, Spanish and French (issue 9): every sentence of the page has its
translation in both catalogues, and the compiled .mo files shipped say what the .po files say."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tetrarchia.web.i18n import catalogue, po_path, sentences


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_sentence_of_the_page_is_translated(lang: str) -> None:
    words = catalogue(lang)
    missing = [s for s in sentences() if not words.get(s)]
    assert not missing, f"{lang}: untranslated (run python tools/i18n.py): {missing}"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_shipped_mo_is_compiled_from_the_po(lang: str) -> None:
    with po_path(lang).open("rb") as file:
        source = {m.id: m.string for m in read_po(file, locale=lang) if m.id}
    assert catalogue(lang) == {k: v for k, v in source.items() if v}


def test_english_is_the_sentences_themselves() -> None:
    assert catalogue("en") == {} and catalogue("xx") == {}
