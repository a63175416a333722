"""The engine's gettext catalogues in Spanish and French, read from
``render/locale/<lang>/LC_MESSAGES/<domain>.mo`` (compiled with Babel from the ``.po`` beside it
by ``tools/i18n.py``), one domain per kind of sentence (:data:`SOURCES`):

- ``refusals``: every ``said("...")`` written as a literal in the package's source, found here by
  reading the source (:func:`refusal_templates`), plus the per-code sentences of
  ``render.refusals`` and the dice purposes of ``core.events``;
- ``advice``: why a hint suggests an action (``players.reasons``), and what each
  choice of a decision inside a phase does (:func:`advice_sentences`);
- ``events``: every event record's sentence, the literal templates of ``render.told``
  (:func:`event_templates`), the Emperors' names among them;
- ``labels``: the words of the page's action list and seats, the literal templates of
  ``render.labels``, and the optional rules' descriptions (:func:`label_templates`).

The message ids are the English sentences themselves (gettext's usual way), so the translators'
files are always complete against the code: ``tools/i18n.py --check`` fails on a sentence
without its translation.
"""

from __future__ import annotations

import ast
import struct
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from string import Formatter

LANGUAGES = ("en", "es", "fr")
TRANSLATED = ("es", "fr")
RENDER = Path(str(resources.files("tetrarchia.render")))
PACKAGE = RENDER.parent


def po_path(lang: str, domain: str) -> Path:
    """The catalogue translators edit; its compiled ``.mo`` lies beside it."""
    return RENDER / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def _literal_calls(tree: ast.AST, names: tuple[str, ...]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            if name in names:
                found.append(node.args[0].value)
    return found


def refusal_templates() -> list[str]:
    """Every refusal sentence of the package, in source order: the literal templates of
    ``said(...)`` and ``N_(...)`` in ``tetrarchia``'s modules, the dice purposes and the titles
    of the optional rules' records (a phrase of an impossible position's problems)."""
    import tetrarchia.options  # noqa: F401  (every rule's purposes and records, declared on import)
    from tetrarchia.core.events import PURPOSE_TEXT
    from tetrarchia.core.extensions import RECORDS

    found: dict[str, None] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for template in _literal_calls(tree, ("said", "N_")):
            found[template] = None
    for text in PURPOSE_TEXT.values():
        found[text] = None
    for kind in RECORDS:
        found[kind.title] = None
    return list(found)


def advice_sentences() -> list[str]:
    """Every sentence of a hint (its reasons, its verdict, its chance: the literal
    ``reasoned("...")`` templates, ``players.reasons``) and the sentences explaining a
    decision's choices (literal ``explained("...")`` templates) in the package's source."""
    from tetrarchia.core.events import PURPOSE_TEXT

    found: dict[str, None] = {}
    for text in PURPOSE_TEXT.values():  # what a roll is for, in a decision's context
        found[text] = None
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for template in _literal_calls(tree, ("explained", "reasoned")):
            found[template] = None
    return list(found)


def event_templates() -> list[str]:
    """Every event sentence: the literal templates of ``tell("...")``: the core's records
    (``render.told``), the phrases of ``core.faces`` and each optional rule's records, declared
    in its module (``declare_told``)."""
    sources = [RENDER / "told.py", RENDER.parent / "core" / "faces.py",
               *sorted((RENDER.parent / "options").glob("*.py"))]
    words = [t for path in sources
             for t in _literal_calls(ast.parse(path.read_text("utf-8")), ("tell",))
             if any(c.isalpha() for c in t)]
    return list(dict.fromkeys(words))


def label_templates() -> list[str]:
    """Every label of an action and every seat title: the literal templates of
    ``labelled("...")`` (``render.labels``, ``core.faces`` and the optional rules' modules,
    which declare their actions' labels; a template of fields alone is its own); and the
    start page's description of every optional rule and of its parameters (the registry), and
    of every AI player a seat can be given to (``players.registry``)."""
    import tetrarchia.options  # noqa: F401  (registers every optional rule)
    from tetrarchia.core.rulebook import REGISTRY
    from tetrarchia.players.registry import PLAYERS

    # the base game's labels, then each optional rule's, declared in its module (core.faces)
    sources = [RENDER / "labels.py", RENDER.parent / "core" / "faces.py",
               *sorted((RENDER.parent / "options").glob("*.py"))]
    words = [t for path in sources
             for t in _literal_calls(ast.parse(path.read_text("utf-8")), ("labelled",))
             if any(c.isalpha() for text, _, _, _ in Formatter().parse(t) for c in text)]
    for module in sorted(REGISTRY.values(), key=lambda m: (m.family, m.key)):
        words += [module.summary, *(p.help for p in module.params)]
        # the start page's names of a rule, its parameters and their values (issue 23)
        words += [module.title, *(p.name for p in module.params),
                  *(choice_word(c) for p in module.params for c in p.choices)]
    words += [player.summary for player in sorted(PLAYERS.values(), key=lambda p: p.name)]
    return list(dict.fromkeys(w for w in words if w and any(c.isalpha() for c in w)))


def choice_word(value: object) -> str:
    """An optional rule's parameter value as the start page shows it, in English: a switch is
    "yes"/"no" (the registry's True/False), any other value as written ("per-zone", 4)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


SOURCES: dict[str, Callable[[], list[str]]] = {"refusals": refusal_templates,
                                               "advice": advice_sentences,
                                               "events": event_templates,
                                               "labels": label_templates}
"""Each domain and the function that lists its English sentences."""


@cache
def catalogue(lang: str, domain: str) -> dict[str, str]:
    """English template → its translation in ``lang`` (empty for English or an unknown
    language, or a catalogue not compiled)."""
    if lang not in TRANSLATED:
        return {}
    path = RENDER / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
    if not path.exists():
        return {}
    return read_mo(path.read_bytes())


MO_MAGIC = 0x950412DE


def read_mo(data: bytes) -> dict[str, str]:
    """A compiled gettext catalogue (GNU ``.mo``: a header, then two tables of (length, offset)
    pairs, the message ids' and their translations'), as id → translation, UTF-8 as Babel
    writes it; the header entry (empty id) and untranslated ids left out.  Read here rather than
    with Babel so that the terminal game needs only the core install (Babel compiles the
    catalogues, ``tools/i18n.py``, and serves the page's language negotiation: the web extra)."""
    if len(data) < 20:
        raise ValueError("not a gettext catalogue: too short")
    for order in ("<", ">"):
        if struct.unpack(order + "I", data[:4])[0] == MO_MAGIC:
            break
    else:
        raise ValueError("not a gettext catalogue: wrong magic number")
    count, ids_at, strings_at = struct.unpack(order + "3I", data[8:20])

    def entry(table: int, i: int) -> str:
        length, offset = struct.unpack(order + "2I", data[table + 8 * i: table + 8 * i + 8])
        return data[offset: offset + length].decode("utf-8")

    found: dict[str, str] = {}
    for i in range(count):
        message, translation = entry(ids_at, i), entry(strings_at, i)
        if message and translation:
            found[message] = translation
    return found
