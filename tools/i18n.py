"""The page's catalogues (development time): extract the sentences of the page, bring the
Spanish and French ``.po`` files up to date with them, compile the ``.mo`` files shipped.

    python tools/i18n.py            # extract, update the .po files, compile the .mo files
    python tools/i18n.py --check    # exit 1 if a sentence has no translation

A sentence of the page is written in English where it is used, inside ``t("...")`` (translated
there), ``N_("...")`` (marked, translated where shown) or ``p("...")`` (a help paragraph), or as
``data-i18n="..."`` in index.html.  Translators edit ``locale/<lang>/LC_MESSAGES/tetrarchia.po``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

WEB = Path(__file__).resolve().parent.parent / "src" / "tetrarchia" / "web"
LANGUAGES = ("es", "fr")
CALL = re.compile(r'\b(?:t|N_|p)\(\s*"((?:[^"\\]|\\.)*)"')
ATTRIBUTE = re.compile(r'data-i18n="([^"]*)"')


def sentences() -> list[str]:
    """Every sentence of the page, in the order first written."""
    found: dict[str, None] = {}
    for path in sorted((WEB / "static").glob("*.js")) + [WEB / "static" / "index.html"]:
        text = path.read_text("utf-8")
        for match in [*CALL.finditer(text), *ATTRIBUTE.finditer(text)]:
            found[match.group(1).replace('\\"', '"').replace("\\'", "'")] = None
    return list(found)


def po_path(lang: str) -> Path:
    return WEB / "locale" / lang / "LC_MESSAGES" / "tetrarchia.po"


def update(lang: str, ids: list[str]) -> list[str]:
    """Bring the language's .po file up to date and compile it; the sentences left untranslated."""
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = read_po(path.open("rb"), locale=lang) if path.exists() else Catalog(locale=lang)
    catalog = Catalog(locale=lang, project="tetrarchia", domain="tetrarchia")
    for message_id in ids:
        previous = old.get(message_id)
        catalog.add(message_id, previous.string if previous is not None else "")
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, catalog)
    return [m.id for m in catalog if m.id and not m.string]  # type: ignore[misc]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say what is untranslated")
    args = parser.parse_args(argv)
    ids = sentences()
    missing: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        if args.check:
            catalog = read_po(po_path(lang).open("rb"), locale=lang)
            left = [i for i in ids if catalog.get(i) is None or not catalog.get(i).string]
        else:
            left = update(lang, ids)
        if left:
            missing[lang] = left
    for lang, left in missing.items():
        print(f"{lang}: {len(left)} sentences untranslated: {left[:5]}", file=sys.stderr)
    print(f"{len(ids)} sentences; {', '.join(LANGUAGES)}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
