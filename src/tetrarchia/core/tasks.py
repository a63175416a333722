"""The steps of the game machine and the small moves of pieces that many rules share.

A task is a step record on ``State.tasks``: a NamedTuple per kind (below), whose first field
``op`` is its code and whose other fields are named, e.g. ``ArmyStep(ARMY_STEP, province)``;
option modules declare their own with :func:`register_step`.  Handlers (in setup, turns, barbarian,
combat) either finish their step and pop it, push further steps, or stop the machine to wait for
dice (:func:`take_dice`) or for a decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from tetrarchia.core.errors import Said
from tetrarchia.core.events import (
    DICE_NEEDED,
    ArmyAdvances,
    Events,
    FigureRemoved,
    GameEnds,
    Removal,
)
from tetrarchia.core.extensions import FIGURE_SLOTS, FigureAt
from tetrarchia.core.pieces import (
    FIGURE_PIECES,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    PIECE_FIGURES,
    REVOLT,
    UNREST,
)
from tetrarchia.core.state import DEAD, Awaiting, Result, State

# --- step codes --------------------------------------------------------------------------------
# Each step is a record (below) whose first field ``op`` is its code: the engine dispatches on it
# (``HANDLERS[task[0]]``, as fast as dispatching on the record's type, bench/bench.py), and two
# steps of different kinds never compare equal, as two records of argument-less kinds would if the
# code were not in the tuple.
INITIAL_REVOLT: Final = 1
ADDITIONAL_REVOLT: Final = 2
INITIAL_ARMY: Final = 3
PLACE_FLEETS: Final = 4
BEGIN_TURN: Final = 5
ENTRY: Final = 6
ROMAN_PHASE: Final = 7
SPREAD: Final = 8
REMOVE_ON_REVOLT: Final = 9
ACTIVITY: Final = 10
ACTIVITY_PROVINCE: Final = 11
UPRISING: Final = 12
UPRISING_ARMY: Final = 13
ADVANCE: Final = 14
ARMY_STEP: Final = 15
LINK_CHECK: Final = 16
BATTLE: Final = 17
END_TURN: Final = 18
PHASE_START: Final = 19
DECISION: Final = 20
FIRST_OPTION_TASK: Final = 100  # option modules get their step codes from here on (register_step)


# --- the step records ---------------------------------------------------------------------------
class InitialRevoltStep(NamedTuple):
    """R3.2: roll the province of ``region`` that starts in revolt (a 1 is rerolled)."""

    op: int
    region: int


class AdditionalRevoltStep(NamedTuple):
    """R3.4: one additional revolt of the level, on a rolled province."""

    op: int


class InitialArmyStep(NamedTuple):
    """R3.5: one initial army of the level, on a rolled border."""

    op: int


class PlaceFleetsStep(NamedTuple):
    """R3.6: the players place the level's fleets, ``fleets`` still to place (a decision)."""

    op: int
    fleets: int


class BeginTurnStep(NamedTuple):
    """R4: a turn begins (IP, an Emperor off the board enters or stays off, D1)."""

    op: int


class EntryStep(NamedTuple):
    """R4: the Emperor of the turn, off the board, chooses where he enters (a decision)."""

    op: int


class RomanPhaseStep(NamedTuple):
    """R5: the Emperor of the turn acts until he ends his phase (a decision at each action)."""

    op: int


class SpreadStep(NamedTuple):
    """R7.1.1: unrest linked to a revolt turns to revolt, wave after wave.

    A wave reads the revolts as it begins (``revolts``: the provinces; None while it has not
    begun) and visits the unrest in board order from the ``next``-th Roman province; ``changed``:
    an unrest turned in this wave, so another wave follows.  Saves write ``revolts`` as a bit mask
    of the board's provinces (docs/save-format.md)."""

    op: int
    revolts: frozenset[int] | None = None
    next: int = 0
    changed: bool = False


class RemoveOnRevoltStep(NamedTuple):
    """R7.1.2: Emperors standing on a revolt leave the board; the Dux and the Vicarius die."""

    op: int


class ActivityStep(NamedTuple):
    """R7.2: roll region and province for the Barbarian activity."""

    op: int


class ActivityProvinceStep(NamedTuple):
    """R7.2 uprising step 2: the border of ``region`` was not empty: roll the province of that
    region for a new activity."""

    op: int
    region: int


class UprisingStep(NamedTuple):
    """R7.2 uprising step 1: a revolt on every Roman province linked to ``province``."""

    op: int
    province: int


class UprisingArmyStep(NamedTuple):
    """R7.2 uprising step 2: if an army is left, roll the region whose border receives it."""

    op: int


class AdvanceStep(NamedTuple):
    """R7.3: every army that advances steps along its path, closest to Roma first (D10)."""

    op: int


FOLLOW_ARROW: Final = -1  # ArmyStep.dest: the next province along the army's arrow (R7.3)


class ArmyStep(NamedTuple):
    """R7.3: the army in ``province`` steps to ``dest`` (its arrow unless redirected, R12.6),
    unless an army blocks it or a broken link fails (R7.4); it attacks a Roman figure in its way
    (R6).  The flags say what the step has already done, so that it resumes where it stopped
    (saves write them as the bits 1, 2, 4, 8 of one number, in this order)."""

    op: int
    province: int
    dest: int = FOLLOW_ARROW
    step_offered: bool = False  # the options' decisions before the step were taken (R12.6)
    attack_offered: bool = False  # the decisions before the attack were taken (R12.1)
    arrow_fallback: bool = False  # redirected: if the broken link fails it follows its arrow
    link_passed: bool = False  # the broken link on the way was rolled and holds (R7.4)


class LinkCheckStep(NamedTuple):
    """R7.4: roll for the broken ``link`` (4-6 holds, after ``bonus``: the Goths' +1, R11.4)
    for the step beneath it."""

    op: int
    link: int
    bonus: int = 0


NOT_ROLLED: Final = 0  # a battle's dice before they are rolled


class BattleStep(NamedTuple):
    """R6: ``fighter`` (an Emperor or the Dux) fights the army in ``army``; he attacks it in a
    Roman phase (R5.5, ``fighter_attacks``), it attacks him in a Barbarian phase (R7.3).  The
    dice, once rolled, wait here while the options decide on them (Galerius's +1, R12.1)."""

    op: int
    fighter: int
    army: int
    fighter_attacks: bool
    roman_die: int = NOT_ROLLED
    barbarian_die: int = NOT_ROLLED


class EndTurnStep(NamedTuple):
    """R4: the turn ends; the next Emperor's begins."""

    op: int


class PhaseStartStep(NamedTuple):
    """R7: the options' steps at the start of a Barbarian phase (the black disc, R12.6)."""

    op: int


class DecisionStep(NamedTuple):
    """A decision inside a phase (R12): ``seat`` decides a decision of ``kind`` (declared by its
    option, ``reachable.register_decision``) with the kind's ``args``."""

    op: int
    seat: int
    kind: int
    args: tuple[int, ...] = ()


# Steps without arguments are values: one record each, shared (records are immutable).
ADDITIONAL_REVOLT_STEP: Final = AdditionalRevoltStep(ADDITIONAL_REVOLT)
INITIAL_ARMY_STEP: Final = InitialArmyStep(INITIAL_ARMY)
BEGIN_TURN_STEP: Final = BeginTurnStep(BEGIN_TURN)
ENTRY_STEP: Final = EntryStep(ENTRY)
ROMAN_PHASE_STEP: Final = RomanPhaseStep(ROMAN_PHASE)
SPREAD_STEP: Final = SpreadStep(SPREAD)
REMOVE_ON_REVOLT_STEP: Final = RemoveOnRevoltStep(REMOVE_ON_REVOLT)
ACTIVITY_STEP: Final = ActivityStep(ACTIVITY)
UPRISING_ARMY_STEP: Final = UprisingArmyStep(UPRISING_ARMY)
ADVANCE_STEP: Final = AdvanceStep(ADVANCE)
END_TURN_STEP: Final = EndTurnStep(END_TURN)
PHASE_START_STEP: Final = PhaseStartStep(PHASE_START)


# What must hold of the step beneath a decision (reachable.register_decision's ``below``).
def dice_rolled(step: tuple[Any, ...]) -> bool:
    """A battle step (its last two fields the dice, R6) whose dice are rolled."""
    return bool(step[-1] != NOT_ROLLED)


def step_begun(step: tuple[Any, ...]) -> bool:
    """An army's step (R7.3) whose options' decisions before the step were offered."""
    return isinstance(step, ArmyStep) and step.step_offered


def wave_not_begun(step: tuple[Any, ...]) -> bool:
    """A spreading (R7.1) whose next wave has not begun."""
    return isinstance(step, SpreadStep) and step.revolts is None


# --- the registry of step kinds -----------------------------------------------------------------
Encode = Callable[[Any], tuple[int, ...]]
ArgKind = tuple[int, int] | str  # an inclusive range, or a word of reachable.py's vocabulary
Decode = Callable[[int, tuple[int, ...]], Any]


@dataclass(frozen=True, slots=True)
class StepKind:
    """A kind of machine step: its code, the name saves write, its record and how the record is
    written as the step's JSON arguments (docs/save-format.md).

    By default the arguments are the record's fields after ``op``, as numbers (a bool as 0 or
    1); with ``short``, only that many leading fields are written while every
    later field holds its default (the form saves had before those fields existed).
    ``encode``/``decode`` replace that for a record whose fields are not all numbers (the
    spreading's set of revolts, an army step's flags written as bits), and ``json_args`` names
    the arguments they write.  What values an argument takes comes from its name
    (``reachable.py``'s vocabulary: ``province``, ``region`` ...) or from its default (a bool)
    unless ``kinds`` maps it to a word of that
    vocabulary or to an inclusive range; ``bools`` names the fields that are bools without a
    default."""

    code: int
    name: str
    record: type[tuple[Any, ...]]
    short: int | None = None
    encode: Encode | None = None
    decode: Decode | None = None
    json_args: tuple[str, ...] | None = None
    kinds: tuple[tuple[str, ArgKind], ...] = ()
    bools: tuple[str, ...] = ()
    has_bools: bool = False  # some field is a bool, written 0 or 1 (worked out by register_step)

    @property
    def fields(self) -> tuple[str, ...]:
        """The record's fields after ``op``."""
        return tuple(getattr(self.record, "_fields", ()))[1:]

    @property
    def arg_names(self) -> tuple[str, ...]:
        """The names of the JSON arguments, in order."""
        return self.json_args if self.json_args is not None else self.fields

    def to_args(self, task: tuple[Any, ...]) -> tuple[int, ...]:
        """The step's arguments as saves write them."""
        if self.encode is not None:
            return self.encode(task)
        values: tuple[Any, ...] = task[1:]
        short = self.short
        if short is not None:
            defaults: dict[str, Any] = getattr(self.record, "_field_defaults", {})
            fields = self.fields
            if all(values[i] == defaults[fields[i]] for i in range(short, len(fields))):
                values = values[:short]
        if not self.has_bools:
            return values
        return tuple(int(v) if isinstance(v, bool) else v for v in values)  # bools as 0 or 1


    def from_args(self, args: tuple[int, ...]) -> tuple[Any, ...]:
        """The record for arguments already checked against the kind's shapes (reachable.py)."""
        if self.decode is not None:
            result: tuple[Any, ...] = self.decode(self.code, args)
            return result
        defaults: dict[str, Any] = getattr(self.record, "_field_defaults", {})
        values: list[Any] = [self.code]
        for name, value in zip(self.fields, args, strict=False):
            if isinstance(defaults.get(name), bool) or name in self.bools:
                values.append(bool(value))
            else:
                values.append(value)
        return self.record(*values)


STEPS: dict[int, StepKind] = {}
TASK_NAMES: dict[int, str] = {}  # code -> name, for messages and saves (kept with STEPS)


def register_step(name: str, record: type[tuple[Any, ...]], *, short: int | None = None,
                  encode: Encode | None = None, decode: Decode | None = None,
                  json_args: tuple[str, ...] | None = None,
                  kinds: tuple[tuple[str, ArgKind], ...] = (),
                  bools: tuple[str, ...] = (), code: int | None = None) -> int:
    """Declare a kind of machine step (see :class:`StepKind`): its record, a NamedTuple whose
    first field ``op`` holds the code returned here, under a unique name (the name is what
    positions and saves write).  Option modules get codes from ``FIRST_OPTION_TASK`` on.  Two
    modules asking for one name is an error at import, never a silent overwrite."""
    if name in TASK_NAMES.values():
        raise ValueError(f"a machine step named {name!r} is already registered")
    fields = tuple(getattr(record, "_fields", ()))
    if not fields or fields[0] != "op":
        raise ValueError(f"the record of the step {name!r} must be a NamedTuple whose first "
                         "field is op, the step's code")
    if code is None:
        code = max(FIRST_OPTION_TASK - 1, *TASK_NAMES) + 1
    defaults: dict[str, Any] = getattr(record, "_field_defaults", {})
    has_bools = bool(bools) or any(isinstance(v, bool) for v in defaults.values())
    STEPS[code] = StepKind(code, name, record, short, encode, decode, json_args, kinds, bools,
                           has_bools)
    TASK_NAMES[code] = name
    return code


def step_args(task: tuple[Any, ...]) -> tuple[int, ...]:
    """A step's arguments as saves write them (``[name, *args]``)."""
    return STEPS[task[0]].to_args(task)


def _spread_args(task: SpreadStep) -> tuple[int, ...]:
    if task.revolts is None:
        return ()
    mask = 0
    for p in task.revolts:
        mask |= 1 << p
    return (mask, task.next, int(task.changed))


def _spread_record(code: int, args: tuple[int, ...]) -> SpreadStep:
    if not args:
        return SpreadStep(code)
    mask, start, changed = args
    revolts = frozenset(p for p in range(mask.bit_length()) if mask >> p & 1)
    return SpreadStep(code, revolts, start, bool(changed))


def _army_step_args(task: ArmyStep) -> tuple[int, ...]:
    flags = (task.step_offered | task.attack_offered << 1 | task.arrow_fallback << 2
             | task.link_passed << 3)
    if task.dest == FOLLOW_ARROW and not flags:
        return (task.province,)  # a step not begun: the form saves had before the flags
    return (task.province, task.dest, flags)


def _army_step_record(code: int, args: tuple[int, ...]) -> ArmyStep:
    if len(args) == 1:
        return ArmyStep(code, args[0])
    province, dest, flags = args
    return ArmyStep(code, province, dest, bool(flags & 1), bool(flags & 2), bool(flags & 4),
                    bool(flags & 8))


def _decision_args(task: DecisionStep) -> tuple[int, ...]:
    return (task.seat, task.kind, *task.args)


def _decision_record(code: int, args: tuple[int, ...]) -> DecisionStep:
    return DecisionStep(code, args[0], args[1], tuple(args[2:]))


for _code, _name, _record in (
        (INITIAL_REVOLT, "initial-revolt", InitialRevoltStep),
        (ADDITIONAL_REVOLT, "additional-revolt", AdditionalRevoltStep),
        (INITIAL_ARMY, "initial-army", InitialArmyStep),
        (PLACE_FLEETS, "place-fleets", PlaceFleetsStep),
        (BEGIN_TURN, "begin-turn", BeginTurnStep),
        (ENTRY, "entry", EntryStep),
        (ROMAN_PHASE, "roman-phase", RomanPhaseStep),
        (REMOVE_ON_REVOLT, "remove-on-revolt", RemoveOnRevoltStep),
        (ACTIVITY, "activity", ActivityStep),
        (ACTIVITY_PROVINCE, "activity-province", ActivityProvinceStep),
        (UPRISING_ARMY, "uprising-army", UprisingArmyStep),
        (ADVANCE, "advance", AdvanceStep),
        (END_TURN, "end-turn", EndTurnStep),
        (PHASE_START, "phase-start", PhaseStartStep)):
    register_step(_name, _record, code=_code)
register_step("spread", SpreadStep, code=SPREAD, encode=_spread_args, decode=_spread_record,
              json_args=("mask", "wave", "changed"), short=0)
register_step("uprising", UprisingStep, code=UPRISING, kinds=(("province", "roman"),))
register_step("army-step", ArmyStep, code=ARMY_STEP, encode=_army_step_args,
              decode=_army_step_record, json_args=("province", "dest", "flags"), short=1)
register_step("link-check", LinkCheckStep, code=LINK_CHECK)
register_step("battle", BattleStep, code=BATTLE, short=3, bools=("fighter_attacks",))
register_step("decision", DecisionStep, code=DECISION, encode=_decision_args,
              decode=_decision_record, json_args=())


def in_barbarian_phase(state: State) -> bool:
    """R7: the steps of a Barbarian phase are running (not setup, not a Roman phase)."""
    codes = [t[0] for t in state.tasks]
    return END_TURN in codes and ROMAN_PHASE not in codes


def take_dice(state: State, purpose: int) -> tuple[int, ...] | None:
    """The dice rolled for this step, or None after asking for them (the machine then stops)."""
    dice = state.dice
    if dice is not None:
        state.dice = None
        return dice
    state.awaiting = Awaiting.ROLL
    state.roll_count = DICE_NEEDED[purpose]
    state.roll_purpose = purpose
    return None


def finish(state: State, result: Result, events: Events, province: int = -1,
           disc: int = NO_DISC) -> None:
    """R8: the game ends at once (``province``, ``disc``: see :class:`GameEnds`)."""
    state.result = result
    state.tasks.clear()
    state.dice = None
    state.awaiting = Awaiting.NOTHING
    state.passing = False
    if events is not None:
        events.append(GameEnds(int(result), province, disc))


def push_barbarian_phase(state: State) -> None:
    """R7: after every Roman phase, in this order (the stack runs last-pushed first)."""
    state.passing = False
    state.passer = -1
    state.ip = 0
    state.armies_placed.clear()
    for ahead in state.hooks.barbarian_phase_ahead:
        ahead(state)
    state.memo.clear()  # the spreading (R7.1), first step of the phase, starts with no checks
    state.tasks.extend((END_TURN_STEP, ADVANCE_STEP, ACTIVITY_STEP, REMOVE_ON_REVOLT_STEP,
                        SPREAD_STEP))
    state.tasks.append(PHASE_START_STEP)


# --- discs --------------------------------------------------------------------------------------
def return_disc(state: State, province: int) -> int:
    """Take the disc off ``province`` back to its reserve (R1); returns what it was."""
    disc = state.disc[province]
    if disc == UNREST:
        state.unrest_reserve += 1
    elif disc == REVOLT:
        state.revolt_reserve += 1
    elif disc >= GARRISON:
        state.garrisons[disc - GARRISON] += 1
    state.disc[province] = NO_DISC
    return disc


def place_revolt(state: State, province: int, events: Events) -> bool:
    """Put a revolt on ``province``, replacing any other disc.  False when the game is lost
    because the revolt reserve is empty (R8)."""
    if state.disc[province] == REVOLT:
        return True
    if state.revolt_reserve == 0:
        finish(state, Result.RESERVE_EMPTY, events, province, REVOLT)
        return False
    return_disc(state, province)
    state.revolt_reserve -= 1
    state.disc[province] = REVOLT
    for hook in state.hooks.revolt_placed:
        hook(state, province, events)
    return True


def reserves_after_revolt(state: State, province: int) -> tuple[int, int]:
    """(unrest, revolt) reserves once a revolt is placed on ``province`` (a revolt reserve of -1:
    none was left, R8), for the records announcing it."""
    disc = state.disc[province]
    if disc == REVOLT:
        return state.unrest_reserve, state.revolt_reserve
    return state.unrest_reserve + (disc == UNREST), state.revolt_reserve - 1


def place_unrest(state: State, province: int, events: Events) -> bool:
    """Put an unrest on an empty ``province``; False when the game is lost (R8)."""
    if state.unrest_reserve == 0:
        finish(state, Result.RESERVE_EMPTY, events, province, UNREST)
        return False
    state.unrest_reserve -= 1
    state.disc[province] = UNREST
    return True


def zone_closed(state: State, zone: int) -> Said | None:
    """Why no Roman fleet may be placed in or sail to ``zone`` (R11.3: the Pirates hold it), in
    the game's words, or None."""
    for closed in state.hooks.zone_closed:
        why = closed(state, zone)
        if why is not None:
            return why
    return None


# --- the setup ----------------------------------------------------------------------------------
def in_setup(state: State) -> bool:
    """Whether the setup (R3) is still under way: the fleets, its last step, are not all placed,
    so no Roman phase has been played and every piece stands where the setup put it."""
    return any(task[0] == PLACE_FLEETS for task in state.tasks)


# --- figures ------------------------------------------------------------------------------------
def piece_at(state: State, piece: int) -> int:
    """Where a Roman figure stands (negative: off the board, in the box or dead)."""
    if piece < 4:
        return state.emperor_at[piece]
    at: int = state.ext[FIGURE_SLOTS[piece]][0]  # an option's figure's FigureAt.at
    return at


def _set_piece_at(state: State, piece: int, province: int) -> None:
    if piece < 4:
        state.emperor_at[piece] = province
    else:
        state.ext[FIGURE_SLOTS[piece]] = FigureAt(province)


def remove_piece(state: State, piece: int, events: Events, why: int = -1) -> None:
    """Take a Roman figure off the board: an Emperor until the start of his next turn (R4), the
    Dux or the Vicarius for good: they die and leave the game (R11.1, R11.2).  ``why`` (a
    :class:`~tetrarchia.core.events.Removal`) is reported; -1: the caller reports it."""
    province = piece_at(state, piece)
    figure = PIECE_FIGURES[piece]
    if province >= 0 and state.figure[province] == figure:
        state.figure[province] = NO_FIGURE
    if state.passer == piece:
        state.passer = -1
        state.passing = False
    if events is not None and why >= 0:
        events.append(FigureRemoved(piece, province, why, False))
    if piece < 4:
        state.emperor_at[piece] = -1
    else:
        _set_piece_at(state, piece, DEAD)


def place_piece(state: State, piece: int, province: int) -> None:
    """Put a Roman figure on ``province``; on another figure he is only passing through
    (R5.1): he must move on with his next action."""
    _set_piece_at(state, piece, province)
    if state.figure[province] == NO_FIGURE:
        state.figure[province] = PIECE_FIGURES[piece]  # no enum call on every move
        if state.passer == piece:
            state.passer = -1
            state.passing = False
    else:
        state.passer = piece
        state.passing = True


def figure_piece(figure: int) -> int:
    """The Piece standing as a figure code, or -1 for no Roman figure."""
    return FIGURE_PIECES.get(figure, -1)


def remove_army(state: State, province: int) -> None:
    """The army in ``province`` goes back to the reserve; a rebel's figure leaves the game and
    its place counts as an ordinary army again (D12)."""
    for removed in state.hooks.army_removed:
        removed(state, province)
    state.figure[province] = NO_FIGURE


def push_triggered(state: State) -> None:
    """Steps that a rule triggered inside another step run right after it (R12.4 ...)."""
    if state.pending:
        state.tasks.extend(reversed(state.pending))
        state.pending.clear()


def army_enters(state: State, src: int, dest: int, events: Events) -> None:
    """R7.3: the army moves on; in a Roman province it devastates; in Roma the Empire falls."""
    board = state.board
    army = state.figure[src]
    state.figure[src] = NO_FIGURE
    if state.figure[dest] != NO_FIGURE:  # R11.2: an army reaching the Vicarius kills him
        for reached in state.hooks.reached:
            reached(state, dest, Removal.REACHED_BY_ARMY, events)
    state.figure[dest] = army
    if dest == board.roma:
        finish(state, Result.ARMY_IN_ROMA, events, src)
        return
    if events is not None:
        events.append(ArmyAdvances(src, dest, state.disc[dest],
                                   *reserves_after_revolt(state, dest)))
    place_revolt(state, dest, events)
