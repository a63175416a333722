"""The faces of the optional rules (issue 25, item 2): what an interface shows of a rule, declared
by the rule's own module, so that no interface (``render/``, ``cli/``, ``web/``, ``analysis/``)
names an option module.

- **Action labels** (:func:`declare_label`): for each kind of an option's action, a function that
  gives its label as an English template and its arguments (a :class:`Said` made with
  :func:`labelled`, whose literal templates ``render.catalogues`` gathers from ``options/``), the
  Emperors named through the ``name`` the interface passes in its language.  ``render.labels``
  reads them.
- **Event sentences** (:func:`declare_told`): each of the option's event records told as an
  English template of the ``events`` catalogue and its arguments (``tell("...")``), which
  ``render.told`` reads for Spanish and French.

The registries live in ``core/`` because an option may import the core only (the layers,
CONTRIBUTING.md); they are filled when ``tetrarchia.options`` is imported, once, like the other
registries of ``core/extensions.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import EMPERORS, Emperor, Piece
from tetrarchia.core.state import DEAD, IN_BOX, State

if TYPE_CHECKING:
    from tetrarchia.core.board import Board

Arg = str | int | Said
Namer = Callable[[Emperor], str]  # an Emperor's name in the interface's language
Labeller = Callable[[State, Any, Namer], Said | None]  # Any: each declares its own kind

LABELS: dict[type, Labeller] = {}


def labelled(template: str, /, **args: Arg) -> Said:
    """A phrase of the ``labels`` catalogue (write the template as a literal string:
    ``render.catalogues`` gathers them for the translators)."""
    return Said(template, tuple(args.items()))


def declare_label(kind: type, labeller: Labeller) -> None:
    """``kind``'s actions are labelled by ``labeller(state, action, name)``; a kind declared
    twice is an error at import."""
    if kind in LABELS:
        raise ValueError(f"the label of {kind.__name__} is declared twice")
    LABELS[kind] = labeller


def by(state: State, emperor: Emperor, alone: Said, named: Said) -> Said:
    """An option's label names the Emperor acting unless he is the Emperor of the turn (the
    prompt names him: ``OptionAction.label``)."""
    return alone if emperor is state.turn else named


# --- the board as text ---------------------------------------------------------------------------
ARMY_STYLE = "bold white on magenta"  # a Barbarian army's, which the Goths and rebels share


class Mark(NamedTuple):
    """Words on the board and their terminal style (rich's; empty: plain)."""

    text: str
    style: str = ""


class Counts(NamedTuple):
    """A line of one count per Emperor (R12: glory, burned discs ...), each in his colour."""

    title: str
    values: tuple[int, ...]
    signed: bool = False


BoardLine = Mark | Counts
Cell = Callable[[State, int], Mark]  # (state, province) -> the figure's four letters
Lines = Callable[[State, int], Sequence[BoardLine]]  # (state, width) -> its lines, none if not in play
Legend = Callable[[State], str | None]  # its legend entry, None if not in play
ZoneMark = Callable[[State], tuple[int, Mark] | None]  # the sea zone it marks, if any

CELLS: dict[int, Cell] = {}
LINES: list[tuple[int, Lines]] = []
LEGENDS: list[tuple[int, Legend]] = []
ZONE_MARKS: list[ZoneMark] = []
SETUP_STEPS: set[int] = set()


def declare_cell(figure: int, cell: Cell) -> None:
    """The option's figure code ``figure`` (``state.figure``) is drawn by ``cell``."""
    if figure in CELLS:
        raise ValueError(f"the cell of figure {figure} is declared twice")
    CELLS[figure] = cell


def declare_lines(order: int, lines: Lines) -> None:
    """The option's lines under the Emperors; ``order`` places them among the options' (the
    lowest first: the figures, then the counters, as the board has always listed them)."""
    LINES.append((order, lines))
    LINES.sort(key=lambda pair: pair[0])


def declare_legend(order: int, legend: Legend) -> None:
    """The option's legend entry, ``order`` placing it among the options' entries."""
    LEGENDS.append((order, legend))
    LEGENDS.sort(key=lambda pair: pair[0])


def declare_zone_mark(mark: ZoneMark) -> None:
    """A sea zone the option marks instead of its fleet (R11.3 the Pirates)."""
    ZONE_MARKS.append(mark)


def declare_setup_step(code: int) -> None:
    """A step of the option's that belongs to the setup (R3): while it is on the stack the
    interfaces say the setup goes on."""
    SETUP_STEPS.add(code)


def figure_place(state: State, at: int, room: int = 99) -> str:
    """Where an extra Roman figure is (R11.1, R11.2), in ``room`` characters when the name with
    its coordinates is too long."""
    if at == IN_BOX:
        return "not deployed"
    if at == DEAD:
        return "dead (out of the game)"
    label = state.board.label(at)
    return label if len(label) <= room else state.board.name(at)


# --- battle odds ---------------------------------------------------------------------------------
class Odds(NamedTuple):
    """R6 before the dice: ``(d + roman) x roman_times`` against ``(d + barbarian) x
    barbarian_times``."""

    roman: int
    roman_times: int
    barbarian: int
    barbarian_times: int


OddsOf = Callable[[State, Any], Odds]  # Any: each declares its own kind of action
ODDS: dict[type, OddsOf] = {}


def declare_odds(kind: type, odds: OddsOf) -> None:
    """``kind``'s actions are battles whose values before the dice ``odds`` gives."""
    if kind in ODDS:
        raise ValueError(f"the odds of {kind.__name__} are declared twice")
    ODDS[kind] = odds


# --- decisions inside a phase --------------------------------------------------------------------
def explained(template: str, /, **args: Arg) -> Said:
    """A sentence of the ``advice`` catalogue (``render.catalogues`` gathers the literal
    templates of ``explained("...")`` in the whole package)."""
    return Said(template, tuple(args.items()))


Context = Callable[[State], Said]  # what is being decided, and what the choices are for
Effect = Callable[[State, Any], Said | None]  # what a choice does; None: not one of its choices
Pick = Callable[[Sequence[Any]], Any]  # the legal action a word answers with (None: none)


class DecisionFace(NamedTuple):
    """How a kind of decision is explained."""

    context: Context
    effect: Effect


DECISIONS: dict[int, DecisionFace] = {}
WORDS: list[tuple[frozenset[str], Pick]] = []
PASS_WORDS = ("pass", "no", "n", "decline", "none", "skip", "keep")  # let a moment pass


def declare_decision(kind: int, context: Context, effect: Effect) -> None:
    """The decision ``kind`` (``core.reachable.register_decision``) is explained by ``context``
    and its choices by ``effect``."""
    if kind in DECISIONS:
        raise ValueError(f"the decision {kind} is explained twice")
    DECISIONS[kind] = DecisionFace(context, effect)


def declare_words(words: Sequence[str], pick: Pick) -> None:
    """Any of ``words`` typed at a decision answers with ``pick(legal)`` when it finds one."""
    WORDS.append((frozenset(words), pick))


# --- events as sentences -------------------------------------------------------------------------
def tell(template: str, /, **args: Arg) -> Said:
    """A sentence of the ``events`` catalogue (``render.catalogues`` gathers the literal templates
    of ``tell("...")`` in ``render/told.py``, here and in ``options/``)."""
    return Said(template, tuple(args.items()))


EMPEROR_NAMES: dict[Emperor, Said] = {
    Emperor.DIOCLETIAN: tell("Diocletian"),
    Emperor.GALERIUS: tell("Galerius"),
    Emperor.CONSTANTIUS: tell("Constantius"),
    Emperor.MAXIMIAN: tell("Maximian"),
}
"""Each Emperor's name as a phrase of the catalogue: each rulebook names him in its language
(Diocleciano, Galerio... in Spanish; Dioclétien, Galère... in French), the English the board's."""


def emperor_said(emperor: int) -> Said:
    """The Emperor ``emperor`` by name, a phrase of the catalogue."""
    return EMPEROR_NAMES[Emperor(emperor)]


def leaves(piece: int, why: Said) -> Said:
    """A Roman figure taken off the board (R4: an Emperor until his next turn; R11.1, R11.2:
    an extra figure dies)."""
    if piece < len(EMPERORS):
        return tell("{figure} {why} and leaves the board.", figure=emperor_said(piece), why=why)
    return tell("The {figure} {why} and dies: he leaves the game.", figure=Piece(piece).title,
                why=why)


Teller = Callable[[Any, "Board"], Said]  # (event, board) -> its sentence
TOLD: dict[type, Teller] = {}


def declare_told(kind: type, teller: Teller) -> None:
    """The option's event records of ``kind`` are told by ``teller`` (``render.told`` reads it):
    the sentence word for word the one its module's ``texts`` gives in English."""
    if kind in TOLD:
        raise ValueError(f"the sentence of {kind.__name__} is declared twice")
    TOLD[kind] = teller


class DiscChange(NamedTuple):
    """A disc an option's event changed in a province: ``old`` the disc it had (``SAME``: the
    one it had then, whatever it was), ``new`` the one it has; ``burned``: a garrison burned for
    a die, out of the game (R12.1)."""

    province: int
    old: int
    new: int
    burned: bool = False


SAME = -1  # DiscChange.old: the disc the province had when the event happened
DiscChanges = Callable[[Any], Sequence[DiscChange]]  # event -> the discs it changed
DISC_CHANGES: dict[type, DiscChanges] = {}
RECOVERIES: dict[type, Callable[[Any], int]] = {}  # event -> the Emperor who took back a disc


def declare_disc_changes(kind: type, changes: DiscChanges) -> None:
    """The option's event records of ``kind`` change the discs ``changes`` gives (the terminal's
    phase summary, cli/phase.py, reads them: told from the events alone, issue 30)."""
    if kind in DISC_CHANGES:
        raise ValueError(f"the disc changes of {kind.__name__} are declared twice")
    DISC_CHANGES[kind] = changes


def declare_recovery(kind: type, emperor: Callable[[Any], int]) -> None:
    """The option's event records of ``kind`` are an Emperor taking back a burned disc (R12.1b)."""
    if kind in RECOVERIES:
        raise ValueError(f"the recovery of {kind.__name__} is declared twice")
    RECOVERIES[kind] = emperor
