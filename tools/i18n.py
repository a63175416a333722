"""The gettext catalogues (development time): extract the sentences, bring the Spanish and French
``.po`` files up to date with them, compile the ``.mo`` files shipped.

    python tools/i18n.py            # extract, update the .po files, compile the .mo files
    python tools/i18n.py --check    # exit 1 if a sentence has no translation, a translation is
                                    # fuzzy, or a compiled .mo differs from its .po

Two sets of catalogues:

- the page's words (domain ``tetrarchia``), found by ``tetrarchia.web.i18n.sentences``, in
  ``src/tetrarchia/web/locale/<lang>/LC_MESSAGES/tetrarchia.po``;
- the engine's sentences (``tetrarchia.render.catalogues.SOURCES``: domain ``refusals``, the
  English templates of ``said(...)``; domain ``advice``, the reasons of hints and the
  explanations of a decision's choices), in
  ``src/tetrarchia/render/locale/<lang>/LC_MESSAGES/<domain>.po``.

Translators edit the ``.po`` files, then run this script.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from tetrarchia.render import catalogues
from tetrarchia.web import i18n

LANGUAGES = ("es", "fr")
# (domain, the sentences to translate, where a language's .po lies)
DOMAINS: list[tuple[str, Callable[[], list[str]], Callable[[str], Path]]] = [
    ("tetrarchia", i18n.sentences, i18n.po_path),
    *((domain, source, lambda lang, domain=domain: catalogues.po_path(lang, domain))
      for domain, source in catalogues.SOURCES.items()),
]


def update(lang: str, domain: str, path: Path, ids: list[str]) -> list[str]:
    """Bring the language's .po file up to date and compile it; the sentences left untranslated."""
    path.parent.mkdir(parents=True, exist_ok=True)
    old = read_po(path.open("rb"), locale=lang) if path.exists() else Catalog(locale=lang)
    catalog = Catalog(locale=lang, project="tetrarchia", domain=domain)
    for message_id in ids:
        previous = old.get(message_id)
        catalog.add(message_id, previous.string if previous is not None else "",
                    flags=previous.flags if previous is not None else ())
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, catalog)
    return [m.id for m in catalog if m.id and not m.string]  # type: ignore[misc]


def check(lang: str, path: Path, ids: list[str]) -> list[str]:
    """What is wrong with a language's catalogue: untranslated or fuzzy sentences, and a
    compiled .mo that does not hold the .po's translations."""
    catalog = read_po(path.open("rb"), locale=lang)
    found = {m.id: m for m in catalog if m.id}
    problems = [f"untranslated: {i!r}" for i in ids if i not in found or not found[i].string]
    problems += [f"fuzzy: {m.id!r}" for m in found.values() if m.fuzzy]
    mo = path.with_suffix(".mo")
    if not mo.exists():
        return [*problems, f"{mo} is missing: run tools/i18n.py"]
    compiled = {m.id: m.string for m in read_mo(io.BytesIO(mo.read_bytes())) if m.id}
    wanted = {m.id: m.string for m in found.values() if m.string and not m.fuzzy}
    if compiled != wanted:
        problems.append(f"{mo} is not compiled from {path.name}: run tools/i18n.py")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say what is wrong")
    args = parser.parse_args(argv)
    failed = False
    for domain, sentences, po_path in DOMAINS:
        ids = sentences()
        for lang in LANGUAGES:
            if args.check:
                problems = check(lang, po_path(lang), ids)
            else:
                problems = [f"untranslated: {i!r}" for i in update(lang, domain, po_path(lang), ids)]
            if problems:
                failed = True
                print(f"{domain} {lang}: {len(problems)} problems: {problems[:5]}", file=sys.stderr)
        print(f"{domain}: {len(ids)} sentences; {', '.join(LANGUAGES)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
