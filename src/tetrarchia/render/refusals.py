"""Refusals in the three rulebook languages, from their code and arguments (never from the
English sentence).

A :class:`~tetrarchia.core.errors.TetrarchiaError` raised where a player can meet it carries a
:class:`~tetrarchia.core.errors.Said`: the English template and its arguments.  In English the
refusal is its message, unchanged.  In Spanish and French the template is looked up in the
``refusals`` gettext catalogue (``render.catalogues``) and filled with the same arguments, each
nested phrase told in the language too.  A refusal raised with plain text (a program's mistake
rather than a player's, such as a malformed save) is told by the sentence of its code
(:data:`BY_CODE`), so no refusal ever comes out in English in another language.
"""

from __future__ import annotations

import re
from string import Formatter

from tetrarchia.core.errors import Refusal, Said, TetrarchiaError
from tetrarchia.render.catalogues import catalogue


def N_(text: str) -> str:  # noqa: N802  (gettext's name)
    """Marks an English sentence for the catalogue (gettext's usual name): returned as is."""
    return text


BY_CODE: dict[Refusal, str] = {
    Refusal.COST: N_("not enough IP left for that (R5)"),
    Refusal.OCCUPANCY: N_("a Roman figure or fleet already holds that place (R2)"),
    Refusal.ARMY_THERE: N_("a Barbarian army stands in that province"),
    Refusal.DISC_PRESENT: N_("that province already holds a disc"),
    Refusal.COVERED_CAPITAL: N_("that capital is covered by a disc: no entry there (R4)"),
    Refusal.PIRATES_THERE: N_("the Pirates hold that sea zone (R11.3)"),
    Refusal.NO_LINK: N_("no link joins those two places (R5)"),
    Refusal.REGION_IN_REVOLT: N_("a border is secured only in a region free of revolt (R5.3)"),
    Refusal.NO_DISC_LEFT: N_("the reserve it would take a disc from is empty"),
    Refusal.NO_TARGET: N_("what that action needs is not there"),
    Refusal.NO_SUCH_PLACE: N_("there is no such province or sea zone"),
    Refusal.NOT_ON_BOARD: N_("that figure is not on the board"),
    Refusal.NOT_THERE: N_("that figure is not where the action says"),
    Refusal.ALREADY_THERE: N_("the figure is already there"),
    Refusal.MUST_MOVE_ON: N_("a figure passing through must move on first (R5.1)"),
    Refusal.REVOLT: N_("the Vicarius never enters a revolt (R11.2)"),
    Refusal.NOT_ALLOWED: N_("the rules do not allow that now"),
    Refusal.NOT_COMMANDED: N_("the Emperor of the turn cannot spend his IP on that figure now"),
    Refusal.PROTECTED_BORDER: N_("a secured border keeps its garrison (R5.3)"),
    Refusal.ALREADY_USED: N_("already used this turn or this round"),
    Refusal.NOT_IN_PLAY: N_("that figure or rule is not in this game"),
    Refusal.SCENARIO_CONDITION: N_("a condition of the scenario is not met (R13)"),
    Refusal.NOT_A_CHOICE: N_("that is not one of the choices of the decision awaited"),
    Refusal.PHASE_OVER: N_("that Roman phase is over (R5.5)"),
    Refusal.GAME_OVER: N_("the game is over"),
    Refusal.NOT_YOUR_TURN: N_("another player must decide now"),
    Refusal.WRONG_MOMENT: N_("the game waits for something else now"),
    Refusal.BAD_ROLL: N_("the dice awaited cannot show that"),
    Refusal.NO_UNDO: N_("a die once rolled is never taken back (R1)"),
    Refusal.NOT_FORECASTABLE: N_("there is no Barbarian phase to forecast from here"),
    Refusal.BAD_BOARD: N_("the board file cannot be read or breaks R2"),
    Refusal.BAD_SAVE: N_("the saved game cannot be read or is impossible"),
    Refusal.INVALID_NOTATION: N_("that is not an action in the notation (docs/notation.md)"),
    Refusal.INVALID_ACTION: N_("an action with a field of the wrong kind"),
    Refusal.AMBIGUOUS: N_("that short form matches several legal actions: write more of it"),
    Refusal.BAD_OPTIONS: N_("these settings cannot be played"),
}
"""Each code's own sentence, for a refusal raised with plain text."""

DOMAIN = "refusals"


def said_in(sentence: Said, lang: str, domain: str = DOMAIN) -> str | None:
    """``sentence`` in ``lang`` from the ``domain`` catalogue; None when its template has no
    translation there (a template without words, such as ``"{p0}; {p1}"``, is its own)."""
    if lang == "en":
        return str(sentence)
    template = catalogue(lang, domain).get(sentence.template)
    if template is None:
        if any(c.isalpha() for c in _words(sentence.template)):
            return None
        template = french_spacing(sentence.template) if lang == "fr" else sentence.template
    values: dict[str, str | int] = {}
    for name, value in sentence.args:
        if isinstance(value, Said):
            told = said_in(value, lang, domain)
            if told is None:
                return None
            values[name] = told
        else:
            values[name] = value
    return template.format(**values)


_FRENCH_SPACED = re.compile(r"(?<! )([:;!?])(?=\s)")
_FRENCH_SPACED_LAST = re.compile(r"(?<! )([:;!?])(?=\s|$)")  # the template's end too


def french_spacing(template: str) -> str:
    """A template of fields alone (``"{text}: {power}"``, its own in every language) as French
    typography writes it: a space before ``:`` ``;`` ``!`` ``?`` (« réserve : un 7e PI »), as
    the French catalogues' own sentences do.  A colon inside a token (``{region}:{number}``,
    the province's label) is left alone."""
    parts = []
    for text, field, spec, conversion in Formatter().parse(template):
        literal = (_FRENCH_SPACED if field is not None else _FRENCH_SPACED_LAST).sub(r" \1", text)
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            parts.append("{" + field + (f"!{conversion}" if conversion else "")
                         + (f":{spec}" if spec else "") + "}")
    return "".join(parts)


def _words(template: str) -> str:
    """The template without its fields."""
    return "".join(text for text, _, _, _ in Formatter().parse(template))


def refusal_in(error: TetrarchiaError, lang: str) -> str:
    """Why ``error`` refused, in ``lang`` ("en", "es", "fr"; any other: English)."""
    if lang not in ("es", "fr"):
        return str(error)
    if error.said is not None:
        told = said_in(error.said, lang)
        if told is not None:
            return told
    return catalogue(lang, DOMAIN).get(BY_CODE[error.code], str(error))


def args_in(error: TetrarchiaError, lang: str) -> dict[str, str | int]:
    """The refusal's arguments as data, a nested phrase told in ``lang``."""
    if error.said is None:
        return {}
    data: dict[str, str | int] = {}
    for name, value in error.said.args:
        if isinstance(value, Said):
            data[name] = said_in(value, lang) or str(value)
        else:
            data[name] = value
    return data
