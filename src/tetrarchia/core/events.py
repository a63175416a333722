"""What happened, as data: one small typed record per kind of happening.

The rules append records only when the caller passes a list (``if events is not None:`` comes
before a record is built), so random playouts and AI search pay nothing for the narration.  A
record holds the facts (province indexes, Emperor and piece numbers, dice, counts), never a
sentence: ``tetrarchia.render`` turns it into words, one catalogue per language, given the board
for the names.  Every record also converts to plain JSON and back (:func:`event_to_json`,
:func:`event_from_json`) for programs that are not written in Python.

Option modules (R11-R13) define their own records beside their rules, as subclasses of
:class:`Event`; defining one registers it for :func:`event_from_json`.

Conventions of the fields: a province, border or capital is a board index; a sea zone is its
number (1-3); ``piece`` is a :class:`~tetrarchia.core.pieces.Piece` number (0-3 the Emperors,
4 the Dux, 5 the Vicarius); ``emperor`` is an Emperor number (0-3); ``-1`` means "none".  A
record of a roll carries its dice as rolled, with its purpose (:class:`Purpose`) and context.
The ``kind`` of a record (a class attribute) is a coarse tag for styling: "battle", "army" ...
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar


class Purpose(IntEnum):
    """Why the game waits for dice (R1: Roman die = region / Roman combat; Barbarian die =
    province / Barbarian combat / broken links)."""

    INITIAL_REVOLT = 0  # R3.2: Barbarian die, a 1 is rerolled
    ADDITIONAL_REVOLT = 1  # R3.4: both dice
    INITIAL_ARMY = 2  # R3.5: Roman die
    ACTIVITY = 3  # R7.2: both dice
    UPRISING_REGION = 4  # R7.2 uprising step 2: Roman die
    UPRISING_PROVINCE = 5  # R7.2 uprising step 2: Barbarian die
    BROKEN_LINK = 6  # R7.4: Barbarian die
    BATTLE = 7  # R6: Roman die, then Barbarian die
    # the optional rules declare their own purposes (core/extensions.py, from code 100 on): the
    # Pirates' sea zone (R11.3, "pirates"), a usurper's province (R12.4, "usurper")


# what each purpose's roll is, in words; how many dice it wants; its name in saves (the core's,
# then each optional rule's as it declares it: core/extensions.py declare_purpose)
PURPOSE_TEXT: dict[int, str] = {
    Purpose.INITIAL_REVOLT: "the Barbarian die for an initial revolt (a 1 is rerolled)",
    Purpose.ADDITIONAL_REVOLT: "both dice (region:province) for an additional revolt",
    Purpose.INITIAL_ARMY: "the Roman die (region) for an initial army",
    Purpose.ACTIVITY: "both dice (region:province) for the Barbarian activity",
    Purpose.UPRISING_REGION: "the Roman die (region) for the uprising's army",
    Purpose.UPRISING_PROVINCE: "the Barbarian die (province) for a new Barbarian activity",
    Purpose.BROKEN_LINK: "the Barbarian die for a broken link (4-6: linked)",
    Purpose.BATTLE: "the Roman die and the Barbarian die for a battle",
}

DICE_NEEDED: dict[int, int] = {
    Purpose.INITIAL_REVOLT: 1,
    Purpose.ADDITIONAL_REVOLT: 2,
    Purpose.INITIAL_ARMY: 1,
    Purpose.ACTIVITY: 2,
    Purpose.UPRISING_REGION: 1,
    Purpose.UPRISING_PROVINCE: 1,
    Purpose.BROKEN_LINK: 1,
    Purpose.BATTLE: 2,
}
PURPOSE_NAMES: dict[int, str] = {p: p.name.lower().replace("_", "-") for p in Purpose}


EVENT_TYPES: dict[str, type[Event]] = {}
"""Every record type by its name, core and options alike (filled as the classes are defined)."""


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every record: a frozen, slotted dataclass of ints, bools and int tuples."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls) -> None:
        # no super() here: @dataclass(slots=True) rebuilds the class, which breaks its cell.
        # It also builds each subclass twice; the slotted one, built last, stays registered.
        known = EVENT_TYPES.get(cls.__name__)
        if known is not None and known.__module__ != cls.__module__:
            raise ValueError(f"event {cls.__name__!r} is defined by {known.__module__} already")
        EVENT_TYPES[cls.__name__] = cls


Events = list[Event] | None


def event_to_json(event: Event) -> dict[str, Any]:
    """A record as plain JSON: ``{"event": type name, "kind": tag, field: value, ...}``; the
    record of a roll also says what the dice were for (``"purpose"``, a :class:`Purpose`)."""
    out: dict[str, Any] = {"event": type(event).__name__, "kind": event.kind}
    purpose = getattr(type(event), "purpose", None)
    if isinstance(purpose, Purpose):  # a roll's record: what the dice were for
        out["purpose"] = int(purpose)
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def event_from_json(data: dict[str, Any]) -> Event:
    """The record that :func:`event_to_json` wrote (its option module must be imported)."""
    name = data.get("event")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown event {name!r}")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise ValueError(f"event {name!r} lacks its field {f.name!r}")
        value = data[f.name]
        values[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**values)


# --- R3 setup --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InitialRevoltRerolled(Event):
    """R3.2: a 1 was rolled for the initial revolt of ``region``; it is rolled again."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = Purpose.INITIAL_REVOLT
    region: int
    die: int


@dataclass(frozen=True, slots=True)
class InitialRevolt(Event):
    """R3.2: the initial revolt of ``region`` goes on its province ``die``."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = Purpose.INITIAL_REVOLT
    region: int
    die: int
    province: int
    revolts_left: int  # the revolt reserve after it


@dataclass(frozen=True, slots=True)
class AdditionalRevoltRerolled(Event):
    """R3.4: ``dice`` (region:province) hit a province already in revolt; rolled again."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = Purpose.ADDITIONAL_REVOLT
    dice: tuple[int, ...]
    province: int


@dataclass(frozen=True, slots=True)
class AdditionalRevolt(Event):
    """R3.4: an additional revolt on the province ``dice`` (region:province)."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = Purpose.ADDITIONAL_REVOLT
    dice: tuple[int, ...]
    province: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class InitialArmyRerolled(Event):
    """R3.5: the border of region ``die`` already holds an army; rolled again."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = Purpose.INITIAL_ARMY
    die: int
    border: int


@dataclass(frozen=True, slots=True)
class FleetPlaced(Event):
    """R3.6: a Roman fleet is placed in sea zone ``zone``."""

    kind: ClassVar[str] = "setup"
    zone: int
    fleets_to_place: int  # still to place after this one


# --- R4 turns --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """R13: the scenario starts with a later Emperor: this one's first turn is skipped."""

    kind: ClassVar[str] = "turn"
    emperor: int


@dataclass(frozen=True, slots=True)
class TurnBegins(Event):
    """R4: ``emperor``'s turn of ``round`` begins with ``ip`` IP (a round begins with
    Diocletian's)."""

    kind: ClassVar[str] = "turn"
    round: int
    emperor: int
    ip: int


@dataclass(frozen=True, slots=True)
class CannotEnter(Event):
    """R4, D1: the Emperor is off the board and can enter neither in Roma nor in his capital:
    his Roman phase is empty and the Barbarian phase begins."""

    kind: ClassVar[str] = "turn"
    emperor: int


# --- R5 Roman phase --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entered(Event):
    """R4: the Emperor enters the board in Roma or his capital."""

    kind: ClassVar[str] = "enter"
    emperor: int
    province: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """R5.1: ``piece`` (moved with ``emperor``'s IP) moves from ``origin`` to ``dest``, along a
    link or ``by_fleet``; ``passing``: he only passes through another figure."""

    kind: ClassVar[str] = "move"
    emperor: int
    piece: int
    origin: int
    dest: int
    by_fleet: bool
    passing: bool
    cost: int


@dataclass(frozen=True, slots=True)
class Sailed(Event):
    """R5.2: a Roman fleet sails from zone ``origin`` to zone ``dest``."""

    kind: ClassVar[str] = "sail"
    emperor: int
    origin: int
    dest: int


@dataclass(frozen=True, slots=True)
class Subdued(Event):
    """R5.4: ``emperor`` (or his ``piece``, the Dux) removes an unrest, reduces a revolt to
    unrest or removes a revolt in ``province``."""

    kind: ClassVar[str] = "subdue"
    emperor: int
    piece: int  # the Dux, or -1 when the Emperor acts himself
    province: int
    what: int  # an actions.SubdueKind
    unrest_left: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """R5.5: ``piece`` attacks the army in ``target`` from ``origin`` for ``cost`` IP."""

    kind: ClassVar[str] = "attack"
    emperor: int
    piece: int
    origin: int
    target: int
    cost: int


@dataclass(frozen=True, slots=True)
class GarrisonPlaced(Event):
    """R5.3: a garrison of ``emperor`` in a Roman province."""

    kind: ClassVar[str] = "secure"
    emperor: int
    province: int
    garrisons_left: int  # his reserve after it


@dataclass(frozen=True, slots=True)
class BorderSecured(Event):
    """R5.3: ``emperor`` secures a border; ``secured`` borders are secured now (of 6)."""

    kind: ClassVar[str] = "secure"
    emperor: int
    border: int
    secured: int
    garrisons_left: int


@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    """R5: ``emperor`` ends his Roman phase; ``defeated``: a lost attack ended it (R5.5).
    The Barbarian phase (R7) follows."""

    kind: ClassVar[str] = "phase"
    emperor: int
    defeated: bool


# --- R6 combat -------------------------------------------------------------------------------
class Outcome(IntEnum):
    """Who won a battle (R6: the higher value; equal values are a draw)."""

    DRAW = 0
    ROMAN = 1
    BARBARIAN = 2


@dataclass(frozen=True, slots=True)
class Battle(Event):
    """R6: a battle of ``piece`` (an Emperor or the Dux) in ``piece_province`` against the army
    in ``army_province``; ``roman_attacks``: he attacked (R5.5), else the army did (R7.3).

    Each side's value is (die + modifier + support) x 2^linked.  The modifiers (the Goths' +1,
    R11.4; Galerius's +1, R12.1) are kept apart from the dice as rolled.  The groups are the
    sizes of the side's connected support groups touching its fighter; ``*_support`` is the
    one that counted (R6, D6).  ``*_linked`` counts the other Emperors (and the Dux) linked to
    the army, and the other armies linked to the Emperor.
    """

    kind: ClassVar[str] = "battle"
    purpose: ClassVar[int] = Purpose.BATTLE
    piece: int
    piece_province: int
    army_province: int
    roman_attacks: bool
    roman_die: int
    roman_modifier: int
    roman_groups: tuple[int, ...]
    roman_support: int
    roman_linked: int
    roman_value: int
    barbarian_die: int
    barbarian_modifier: int
    barbarian_groups: tuple[int, ...]
    barbarian_support: int
    barbarian_linked: int
    barbarian_value: int
    outcome: int  # Outcome


@dataclass(frozen=True, slots=True)
class BattleDrawn(Event):
    """R6: equal values: nothing happens."""

    kind: ClassVar[str] = "battle"
    piece: int


@dataclass(frozen=True, slots=True)
class ArmyDestroyed(Event):
    """R5.5, R7.3: ``piece`` wins: the army in ``army_province`` goes back to the reserve with
    the disc under it; ``entered``: he attacked and moves in (R5.5)."""

    kind: ClassVar[str] = "battle"
    piece: int
    army_province: int
    entered: bool
    unrest_left: int
    revolts_left: int


class Removal(IntEnum):
    """Why the core's rules take a figure off the board (R4, R5.5, R7, R11.1, R11.2)."""

    DEFEATED = 0  # R5.5: he lost the battle he started
    LOST_BATTLE = 1  # R7.3: the army that attacked him won
    ON_REVOLT = 2  # R7.1.2: he stands on a revolt
    REACHED_BY_ARMY = 3  # R11.2: an army reaches the Vicarius
    REACHED_BY_UPRISING = 4  # R11.2: an uprising reaches the Vicarius


@dataclass(frozen=True, slots=True)
class FigureRemoved(Event):
    """An Emperor leaves the board until his next turn (R4); the Dux or the Vicarius dies and
    leaves the game (R11.1, R11.2).  ``province``: where he stood; ``garrison_lost``: defeated
    in the attack he led, he also loses the garrison he stood on (R5.5)."""

    kind: ClassVar[str] = "removed"
    piece: int
    province: int
    why: int  # Removal
    garrison_lost: bool


# --- R7 Barbarian phase ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LinkRolled(Event):
    """R7.4: the Barbarian die for broken link ``link`` (an index of ``board.links``): ``die``
    + ``bonus`` (the Goths' +1) of 4-6 holds.  Context: the ``army`` stepping across it, or the
    ``uprising`` spreading from a province, else the spreading of R7.1 (both -1)."""

    kind: ClassVar[str] = "link"
    purpose: ClassVar[int] = Purpose.BROKEN_LINK
    link: int
    die: int
    bonus: int
    holds: bool
    army: int
    uprising: int


@dataclass(frozen=True, slots=True)
class UnrestSpreads(Event):
    """R7.1.1: the unrest in ``province`` turns to revolt, linked to the revolt in ``source``
    by ``link``; a ``broken`` link held on ``die`` (0 when the link is normal or was rolled
    earlier in this spreading, D3)."""

    kind: ClassVar[str] = "revolt"
    province: int
    source: int
    link: int
    broken: bool
    die: int
    unrest_left: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class ActivityRolled(Event):
    """R7.2: the Barbarian activity falls on ``region``:``number`` (``purpose``: the activity's
    two dice, or the Barbarian die of an uprising's new activity)."""

    kind: ClassVar[str] = "roll"
    purpose: int  # Purpose.ACTIVITY or Purpose.UPRISING_PROVINCE
    region: int
    number: int
    province: int


@dataclass(frozen=True, slots=True)
class ActivityProtected(Event):
    """R7.2: a garrison protects ``province``: nothing happens."""

    kind: ClassVar[str] = "activity"
    province: int


@dataclass(frozen=True, slots=True)
class UnrestPlaced(Event):
    """R7.2: an unrest on ``province``; ``unrest_left`` is the reserve after it (-1: the reserve
    was empty and the game is lost, R8)."""

    kind: ClassVar[str] = "unrest"
    province: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class UnrestRevolts(Event):
    """R7.2: the activity turns the unrest in ``province`` into a revolt."""

    kind: ClassVar[str] = "revolt"
    province: int
    unrest_left: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class UprisingStarts(Event):
    """R7.2: the activity falls on a revolt: an uprising in ``province``."""

    kind: ClassVar[str] = "uprising"
    province: int


@dataclass(frozen=True, slots=True)
class UprisingSpreads(Event):
    """R7.2 uprising step 1: a revolt on ``province``, linked to the uprising in ``origin`` by
    ``link`` (a ``broken`` one held on ``die``)."""

    kind: ClassVar[str] = "revolt"
    origin: int
    province: int
    link: int
    broken: bool
    die: int
    replaced: int  # the disc the revolt replaces (none, an unrest, a garrison)
    unrest_left: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class NoArmyLeft(Event):
    """R7.2 uprising step 2: no army is left in the reserve: the uprising brings none."""

    kind: ClassVar[str] = "army"


@dataclass(frozen=True, slots=True)
class BorderNotEmpty(Event):
    """R7.2 uprising step 2: the Roman die ``region``'s border is not empty: a new activity in
    that region follows."""

    kind: ClassVar[str] = "army"
    purpose: ClassVar[int] = Purpose.UPRISING_REGION
    region: int
    border: int


@dataclass(frozen=True, slots=True)
class ArmyPlaced(Event):
    """R3.5, R7.2: an army (``figure``: an ordinary army or the Goths, R11.4) appears on the
    border of ``region``; ``armies_left``: armies still in the reserve."""

    kind: ClassVar[str] = "army"
    region: int
    border: int
    figure: int
    armies_left: int


@dataclass(frozen=True, slots=True)
class ArmyBlocked(Event):
    """R7.3: the army in ``province`` is blocked by the army in ``ahead``."""

    kind: ClassVar[str] = "army"
    province: int
    ahead: int


@dataclass(frozen=True, slots=True)
class ArmyStopped(Event):
    """R7.4: the army in ``province`` cannot cross the broken link ``link`` to ``dest`` this
    turn.  ``follows_arrow``: it was redirected (R12.6), so the change is cancelled and it
    advances along its arrow instead."""

    kind: ClassVar[str] = "army"
    province: int
    dest: int
    link: int
    follows_arrow: bool = False


@dataclass(frozen=True, slots=True)
class ArmyAttacks(Event):
    """R7.3: the army in ``province`` attacks ``piece`` (an Emperor or the Dux) in ``dest``."""

    kind: ClassVar[str] = "army"
    province: int
    dest: int
    piece: int


@dataclass(frozen=True, slots=True)
class ArmyAdvances(Event):
    """R7.3: the army moves from ``origin`` into ``dest`` and devastates it: a revolt replaces
    the disc there (``replaced``: none, an unrest or a garrison, back to its reserve)."""

    kind: ClassVar[str] = "army"
    origin: int
    dest: int
    replaced: int
    unrest_left: int
    revolts_left: int


# --- R8 the end ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameEnds(Event):
    """R8: the game is over with ``result`` (a ``state.Result``).  ``province``: where the
    unrest or revolt (``disc``) had to go when its reserve was empty, or where the army that
    entered Roma came from; -1 for a victory."""

    kind: ClassVar[str] = "end"
    result: int
    province: int
    disc: int
