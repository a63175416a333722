"""The help of terminal play, wrapped once to the terminal's width (issue 30): ``help`` (the
notation, the commands and the legend of every mark of the board), ``help rules`` and
``rules``.  Each entry is a term and its text; the text wraps under itself, never under the
term, and the printer is told to wrap nothing again (a line broken twice at 80 columns read
"Diocletian attacks / Dacia from Thracia")."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from tetrarchia.core.state import State
from tetrarchia.render.board_text import option_legend

Entry = tuple[str, str]


def examples(*texts: str) -> str:
    """Examples joined by ``·``; each one's spaces are no-break spaces, so that a line breaks
    between two examples, never inside one."""
    return " · ".join(text.replace(" ", "\xa0") for text in texts)


NOTATION: list[Entry] = [
    ("", "Type an action, or its number in the list.  Actions may be written"),
    ("in full", examples("Maximian moves from Cisalpina to Etrvria",
                         "Diocletian attacks Dacia from Thracia")),
    ("compact", examples("M cisalpina-etrvria", "D IV:3xIV:1", "C +II:4", "G s2-3", "M end")),
    ("short", examples("etrvria", "attack dacia", "secure", "remove revolt", "sail", "end")),
    ("names", "a province in Latin, English, Spanish or French, accents or not (Germania "
              "Superior, Pannonie supérieure); an exact name always wins; a typo gets the nearest "
              "names offered"),
]
OPTIONS: list[Entry] = [
    ("", "Optional rules, when chosen (tetrarchia options lists them):"),
    ("Dux, Vicarius", examples("M +dux III:1", "M/dux III:1-III:3", "M/dux -R III:3",
                               "M/dux III:1xgermania_magna", "M +vic etrvria", "M/vic etrvria-roma",
                               "Maximian deploys the Dux in Rhaetia")),
    ("Pirates", examples("G IV:5xpirates", "Galerius attacks the Pirates from Achaia")),
    ("Imperivm", examples("M power reserve", "D power IV:3") + ", then Diocletian moves the "
                 "others: " + examples("D/g IV:3-IV:4")),
    ("Imperivm 1st", examples("D +ip reserve")),
    ("Via Romana", examples("M gII:3>II:4")),
    ("Patres", examples("D patres")),
    ("Decisions", "(Galerius's +1, Constantius's block, the Barbarian player) type the number, or "
                  + examples("power reserve", "decline", "reroll", "pass", "cancel", "black etrvria")),
]
# Every mark of the board, wide (from 99 columns) and compact (80 columns).
LEGEND: list[Entry] = [
    ("", "The board's marks:"),
    ("»", "a border (the Barbarians' land beyond the region); secure all six to win"),
    ("1-6 ·", "a province's number in its region (its coordinates II:5); · Italia"),
    ("u  R", "unrest; a revolt"),
    ("[D] D", "a garrison of Diocletian (wide board; compact: the capital letter "
              + examples("D G C M") + ")"),
    ("(D) d", "his printed capital, uncovered: it counts as his garrison (R2); "
              + examples("(*) *") + " Roma"),
    ("@Dio Dio", "an Emperor on the board; D+G two, one passing through (R2)"),
    ("ARMY ARM", "a Barbarian army"),
    ("~2", "the province's coasts (sea zones); FLEET: a Roman fleet in that sea"),
    ("▶", "whose turn it is; bold names: the Emperors' capitals"),
    ("Pann S", "a name too long for its cell, cut so that no two read the same: "
               + examples("Pann S: Pannonia Svperior", "Moes I: Moesia Inferior")),
]
LAST = "Press Enter alone when only one action is possible."

RULES: list[Entry] = [
    ("Roman phase (R5)", "6 IP: move 1 IP (broken link 2, by fleet 1; +1 into a revolt; never "
                    "into an army) · sail a fleet to an adjacent empty sea 1 · secure (place a "
                    "garrison) 1, a border 2 with its region free of revolt · remove a revolt 2, "
                    "reduce it to unrest 1, remove unrest 1 · attack an army in a linked province "
                    "for the cost of the move"),
    ("Battle (R6)", "(die + support) x 2 per other Emperor linked to the army, against (die + "
               "revolt support) x 2 per other army linked to the Emperor"),
    ("Barbarian phase (R7)", "unrest next to a revolt turns; Emperors on a revolt leave; both dice "
                        "pick a province (garrison: nothing, empty: unrest, unrest: revolt, revolt: "
                        "uprising); armies advance"),
    ("Win", "all six borders secured"),
    ("Lose", "an army in Roma, or no unrest/revolt disc left to place"),
]
RULES_FILE = "docs/rules.md in the repository"


def wrapped(entries: Sequence[Entry], width: int) -> list[str]:
    """The entries as lines of at most ``width`` columns: a term in a column of its own (as
    wide as the longest term, at most a third of the width), its text wrapped beside it."""
    column = min(max((len(term) for term, _ in entries), default=0), width // 3)
    lines: list[str] = []
    for term, text in entries:
        if not term:  # a heading: wrapped on its own
            lines += textwrap.wrap(text, width, break_on_hyphens=False) or [""]
            continue
        lead = f"  {term:<{column}}  "
        if len(lead) > width // 2 + 4:  # a long term: its text on the next lines
            lines.append(f"  {term}")
            lead = " " * (column // 2 + 4)
        lines += textwrap.wrap(text, width, initial_indent=lead,
                               subsequent_indent=" " * len(lead), break_on_hyphens=False)
    return lines


def help_lines(width: int, commands: Sequence[Entry], state: State | None = None) -> list[str]:
    """``help``: the notation, the options' notation (when options are chosen), the commands
    and the board's legend (with the optional pieces in play), each wrapped once to ``width``."""
    legend = list(LEGEND)
    extra = option_legend(state) if state is not None else ""
    if extra:
        legend.append(("options", extra))
    chosen = state is not None and bool(state.settings.options)
    return (wrapped(NOTATION, width) + (wrapped(OPTIONS, width) if chosen else [])
            + wrapped([("", "Commands:"), *commands], width) + wrapped(legend, width)
            + textwrap.wrap(LAST, width))


def rules_lines(width: int, full: bool) -> list[str]:
    """``rules`` and ``help rules``: the rules in brief, and where the complete rules are."""
    where = (f"The complete rules (R1-R14, every option, the decisions): {RULES_FILE}; one option "
             "in full: tetrarchia options NAME." if full
             else f"The complete rules: {RULES_FILE} (or: help rules).")
    return wrapped(RULES, width) + textwrap.wrap(where, width)
