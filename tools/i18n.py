"""The page's catalogues (development time): extract the sentences of the page, bring the
Spanish and French ``.po`` files up to date with them, compile the ``.mo`` files shipped.

    python tools/i18n.py            # extract, update the .po files, compile the .mo files
    python tools/i18n.py --check    # exit 1 if a sentence has no translation

The sentences are found by ``tetrarchia.web.i18n.sentences``.  Translators edit
``src/tetrarchia/web/locale/<lang>/LC_MESSAGES/tetrarchia.po``, then run this script.
"""

from __future__ import annotations

import argparse
import sys

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tetrarchia.web.i18n import po_path, sentences

LANGUAGES = ("es", "fr")

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
            found = {m.id: m.string for m in catalog if m.id}
            left = [i for i in ids if not found.get(i)]
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
