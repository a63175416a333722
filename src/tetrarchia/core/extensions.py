"""The optional rules' own state, flags and dice, declared through one registry.

The core knows no optional rule by name (R11-R13 live in ``tetrarchia.options``).  A module that
needs state of its own declares it here when it is imported, and gets back a handle:

- a **record** (:func:`declare_record`): an immutable value (a ``NamedTuple``) with its default
  and its JSON form.  Every :class:`~tetrarchia.core.state.State` holds every declared record in
  one list, ``state.ext``, at the slot the registry handed out; a copy of the state copies that
  list (``ext[:]``: the records are immutable, so sharing them is safe and cheap), equality
  compares them, and ``core/serialize.py`` writes each record that differs from its default under
  its name (``"records"`` of a position, docs/save-format.md).  A rule changes its record by
  replacing it: ``DUX.put(state, DUX.get(state)._replace(at=p))``.
- a **flag** (:func:`declare_flag`): one bit of ``state.flags`` with a name and a scope (the
  turn's bits are cleared when a turn begins, the round's when Diocletian's turn comes back, the
  game's never).  Saves write the names of the set flags, never the bit field.
- a **dice purpose** (:func:`declare_purpose`): why the game waits for a roll, with its name (as
  saves and events write it), its sentence and how many dice it wants.
- a **figure** (:func:`declare_figure`): a Roman figure other than the Emperors (R11.1 the Dux,
  R11.2 the Vicarius) whose place is kept in a record with an ``at`` field, so that the core
  moves, places and removes it like an Emperor without knowing its rule, and the notation
  writes and reads it by the words and the tag it declares (docs/notation.md).

Two modules claiming one name, or the flags of a scope running out, is an error at import time,
never a silent overwrite.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, NamedTuple, TypeVar

from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import PIECE_FIGURES

if TYPE_CHECKING:
    from tetrarchia.core.state import State

R = TypeVar("R")

# state.flags: bits 0-7 belong to the turn, 8-15 to the round, 16-31 to the whole game
TURN: Final = "turn"
ROUND: Final = "round"
GAME: Final = "game"
SCOPE_BITS: Final = {TURN: range(8), ROUND: range(8, 16), GAME: range(16, 32)}


class RecordSlot(Generic[R]):
    """The handle of a declared record: where it sits in ``state.ext`` and how to read it."""

    __slots__ = ("default", "index", "name")

    def __init__(self, name: str, index: int, default: R) -> None:
        self.name = name
        self.index = index
        self.default = default

    def get(self, state: State) -> R:
        record: R = state.ext[self.index]
        return record

    def put(self, state: State, record: R) -> None:
        state.ext[self.index] = record

    def __repr__(self) -> str:
        return f"RecordSlot({self.name!r}, {self.index})"


@dataclass(frozen=True, slots=True)
class RecordKind:
    """A declared record: its JSON form and its checks.

    ``to_json(state, record)`` gives plain JSON data; ``from_json(state, data)`` reads it back
    into a record (and may put the record's figures on the board of ``state``, whose discs,
    figures and fleets are read already), raising :class:`~tetrarchia.core.errors.SaveFileError`
    with what is wrong (the reader adds where).  ``check(state, record, found)`` appends what
    makes the record impossible in ``state`` to ``found``, in the game's words (the validation,
    ``core/validate.py``).  ``slot`` is -1 for a part with no record of its own: the Goths are
    a figure on the board and nothing else (R11.4), so they only have a JSON form.
    ``reserve_unrest``, ``reserve_revolt`` and ``burned`` count the discs the record holds out of
    the general reserves and the Emperors' garrisons (R1 conservation, per Emperor for burned).
    ``v1`` is the record's key in the ``"expansion"`` object of format 1 and the neutral value
    format 1 wrote there (:data:`V1_PER_EMPEROR`: a table of the Emperors, neutral when all are
    0), read by ``core/migrate.py``; ``lists_armies``: its JSON form lists armies on the board
    (R9: they count among the 3, as format 3's reserve does).
    """

    name: str
    slot: int
    title: str  # what the record holds, in the game's words ("the Dux", "glory discs")
    to_json: Callable[[State, Any], Any]
    from_json: Callable[[State, Any], Any]
    is_default: Callable[[State], bool]
    check: Callable[[State, Any, list[str | Said]], None] | None = None
    reserve_unrest: Callable[[Any], int] | None = None
    reserve_revolt: Callable[[Any], int] | None = None
    burned: Callable[[Any, int], int] | None = None
    v1: tuple[str, Any] | None = None
    lists_armies: bool = False


V1_PER_EMPEROR: Final = "per-emperor"  # RecordKind.v1's neutral value of a table of the Emperors


class FigureAt(NamedTuple):
    """The place of an extra Roman figure: a province, or ``IN_BOX`` / ``DEAD`` (core.state)."""

    at: int


@dataclass(frozen=True, slots=True)
class PurposeKind:
    code: int
    name: str  # as saves and events write it ("pirates")
    text: str  # "the Barbarian die for the Pirates' sea zone (until 2 or 3)"
    dice: int


RECORDS: list[RecordKind] = []  # every declared record and part, in declaration order
RECORD_NAMES: dict[str, RecordKind] = {}
DEFAULTS: list[Any] = []  # the default of each slot: a new state's ext is a copy
FLAGS: dict[str, int] = {}  # flag name -> bit
FLAG_SCOPES: dict[str, str] = {}
PURPOSES: dict[int, PurposeKind] = {}
PURPOSE_NAMES: dict[str, PurposeKind] = {}
FIGURE_SLOTS: dict[int, int] = {}  # Piece -> ext slot of its FigureAt record
FIGURE_RULES: dict[int, str] = {}  # Piece -> the rule that brings him ("R11.2")
ONLY_MOVES: set[int] = set()  # figures that only move: never subdue nor attack (R11.2)
AVOIDS_REVOLT: set[int] = set()  # figures that never enter a revolt (R11.2)
# the figure codes (core.pieces.PIECE_FIGURES) of the extra figures that count, like an Emperor,
# among the Emperors linked to another's battle (R11.1 the Dux; never the Vicarius)
SUPPORTING_FIGURES: set[int] = set()
FIGURE_TAGS: dict[int, str] = {}  # Piece -> its tag in the compact notation ("D/dux ...")
FIGURE_WORDS: dict[str, int] = {}  # a word of the long notation ("dux", "dvx") -> Piece
FIRST_OPTION_PURPOSE: Final = 100  # the core's own purposes (events.Purpose) stay below


def declare_record(
    name: str,
    default: R,
    title: str,
    to_json: Callable[[State, R], Any],
    from_json: Callable[[State, Any], R],
    check: Callable[[State, R, list[str | Said]], None] | None = None,
    reserve_unrest: Callable[[R], int] | None = None,
    reserve_revolt: Callable[[R], int] | None = None,
    burned: Callable[[R, int], int] | None = None,
    v1: tuple[str, Any] | None = None,
    lists_armies: bool = False,
) -> RecordSlot[R]:
    """Declare a record of an optional rule under ``name`` (the name its module lists in
    ``RuleModule.pieces`` and saves write) and hand out its slot; ``v1`` and ``lists_armies``:
    its earlier forms (:class:`RecordKind`)."""
    _claim(name)
    slot = RecordSlot(name, len(DEFAULTS), default)
    DEFAULTS.append(default)
    kind = RecordKind(name, slot.index, title, to_json, from_json,
                      lambda state: state.ext[slot.index] == default, check,
                      reserve_unrest, reserve_revolt, burned, v1, lists_armies)
    RECORDS.append(kind)
    RECORD_NAMES[name] = kind
    return slot


def declare_part(
    name: str,
    title: str,
    to_json: Callable[[State], Any],
    from_json: Callable[[State, Any], None],
    is_default: Callable[[State], bool],
    check: Callable[[State, list[str | Said]], None] | None = None,
    v1: tuple[str, Any] | None = None,
    lists_armies: bool = False,
) -> None:
    """Declare a part of a saved position with no record of its own (figures on the board);
    ``check(state, found)`` appends what makes the part impossible, as a record's check does;
    ``v1`` and ``lists_armies``: its earlier forms (:class:`RecordKind`)."""
    _claim(name)
    kind = RecordKind(name, -1, title, lambda state, _: to_json(state),
                      from_json, is_default,
                      None if check is None else lambda state, _, found: check(state, found),
                      v1=v1, lists_armies=lists_armies)
    RECORDS.append(kind)
    RECORD_NAMES[name] = kind


def _claim(name: str) -> None:
    if name in RECORD_NAMES:
        raise ValueError(f"the state record {name!r} is declared twice")


def declare_figure(piece: int, slot: RecordSlot[FigureAt], rule: str, *,
                   tag: str, words: tuple[str, ...] = (),
                   only_moves: bool = False, avoids_revolt: bool = False,
                   supports: bool = False) -> None:
    """The place of the Roman figure ``piece`` (a core.pieces.Piece beyond the Emperors) is the
    ``at`` of the record in ``slot``; ``rule`` is the rule that brings him (R11.1, R11.2).  What
    sets him apart from an Emperor in the Roman phase, as data the move generation reads at full
    speed: ``only_moves``, he never subdues nor attacks (R11.2 the Vicarius); ``avoids_revolt``,
    he never enters a revolt (R11.2); ``supports``, he counts among the Emperors linked to
    another's battle (R11.1).  The notation writes him ``tag`` after the Emperor's initial
    (``D/dux``) and reads the ``words`` (lower case) as his name in the long form ("Diocletian
    moves the dux ...", "Diocletian's dux attacks ...")."""
    if piece in FIGURE_SLOTS:
        raise ValueError(f"the figure {piece} is declared twice")
    if len(tag) < 2 or tag in FIGURE_TAGS.values():  # one letter is an Emperor's initial
        raise ValueError(f"the tag {tag!r} of the figure {piece} is taken or too short")
    FIGURE_TAGS[piece] = tag
    for word in (tag, *words):
        FIGURE_WORDS[word] = piece
    FIGURE_RULES[piece] = rule
    if only_moves:
        ONLY_MOVES.add(piece)
    if avoids_revolt:
        AVOIDS_REVOLT.add(piece)
    if supports:
        SUPPORTING_FIGURES.add(PIECE_FIGURES[piece])
    FIGURE_SLOTS[piece] = slot.index
    ordered = sorted(FIGURE_SLOTS.items())  # in Piece order, whatever the import order
    FIGURE_SLOTS.clear()
    FIGURE_SLOTS.update(ordered)


def extra_figures_on_board(state: State) -> list[int]:
    """The extra Roman figures (declared with :func:`declare_figure`) standing on the board, in
    Piece order."""
    ext = state.ext
    return [piece for piece, slot in FIGURE_SLOTS.items() if ext[slot][0] >= 0]


def declare_flag(name: str, scope: str) -> int:
    """One bit of ``state.flags`` named ``name``, cleared with its ``scope`` ("turn", "round")
    or never ("game"); returns the bit's mask."""
    if scope not in SCOPE_BITS:
        raise ValueError(f"unknown scope {scope!r} of the flag {name!r}: turn, round or game")
    if name in FLAGS:
        raise ValueError(f"the flag {name!r} is declared twice")
    taken = set(FLAGS.values())
    for bit in SCOPE_BITS[scope]:
        if 1 << bit not in taken:
            FLAGS[name] = 1 << bit
            FLAG_SCOPES[name] = scope
            return 1 << bit
    raise ValueError(f"no {scope} flag left for {name!r}: the {len(SCOPE_BITS[scope])} are taken")


def missing_records(state: State) -> str | None:
    """Why ``state.ext`` does not hold every declared record, in the game's words, or None.

    A state made before a record was declared (a module imported late, a test declaring its own
    record) has no slot for it: reading or saving that record would reach past its list.  The
    validation reports it and ``position_to_json`` refuses with it rather than fail on an index.
    """
    held = len(state.ext)
    if held == len(DEFAULTS):
        return None
    if held > len(DEFAULTS):
        return f"{held} records of the optional rules, not {len(DEFAULTS)}"
    late = [repr(kind.name) for kind in RECORDS if kind.slot >= held]
    return (f"this position holds {held} records of the optional rules, not {len(DEFAULTS)}: it was "
            f"set up before {', '.join(late)} was declared (set it up again once every optional "
            "rule is imported)")


def flag_names(flags: int) -> list[str]:
    """The names of the flags set in ``flags``, in the order of their bits."""
    return [name for name, bit in sorted(FLAGS.items(), key=lambda item: item[1]) if flags & bit]


def declare_purpose(name: str, text: str, dice: int) -> int:
    """A reason to roll the dice, declared by the option that rolls them; returns its code."""
    from tetrarchia.core import events  # the core's purposes, and where saves look them up

    if name in PURPOSE_NAMES or name in events.PURPOSE_NAMES.values():
        raise ValueError(f"the dice purpose {name!r} is declared twice")
    code = FIRST_OPTION_PURPOSE + len(PURPOSES)
    kind = PurposeKind(code, name, text, dice)
    PURPOSES[code] = kind
    PURPOSE_NAMES[name] = kind
    events.PURPOSE_TEXT[code] = text
    events.DICE_NEEDED[code] = dice
    events.PURPOSE_NAMES[code] = name
    return code
