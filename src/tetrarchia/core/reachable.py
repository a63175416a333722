"""The machine the rules can reach: the steps on the task stack, where each lies, what the game
awaits on top of them, and the pending roll or decision.

The rules push their steps in a few fixed patterns (``tasks.py``): a turn begins, its Roman phase
runs (a battle may lie on it), its Barbarian phase pushes R7's steps in order and each of them
pushes its own (an uprising, the armies' steps, a broken link's roll, a battle, a decision).  Each
step is declared here with the shapes of its arguments, the steps it may lie on and the roll it
waits for; :func:`check_machine` refuses any stack those declarations cannot build, and a game
that would be stuck.  ``core/validate.py`` runs it after the table's own checks.

The core knows no optional rule by name: each rule module declares its own steps and decisions
(:func:`register_task`, :func:`register_decision`, :func:`allow_below`, :func:`allow_decision_on`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tetrarchia.core import tasks as t
from tetrarchia.core.board import Board
from tetrarchia.core.errors import Said, SaveFileError, said
from tetrarchia.core.events import DICE_NEEDED, PURPOSE_NAMES, Purpose
from tetrarchia.core.extensions import FIGURE_RULES, ONLY_MOVES
from tetrarchia.core.pieces import ARMY, EMPERORS, PIECES, REBEL, REVOLT, Piece
from tetrarchia.core.state import Awaiting, Result, State, Task

PAUSED_AT = frozenset({t.BEGIN_TURN, t.PHASE_START})  # where a machine stands paused (Awaiting.RUN)
MAX_TASKS = 64  # the deepest stack the rules build is about a dozen steps

# An argument of a step: an inclusive range, or a word of the vocabulary below (tasks.ArgKind).
Arg = t.ArgKind
Shape = tuple[Arg, ...]
StepTest = Callable[[Task], bool]  # what must hold of the step a decision is taken on


@dataclass(frozen=True, slots=True)
class TaskSpec:
    """Where a machine step may lie: the steps it may lie on (``None``: only at the bottom of the
    stack), and the roll it waits for when it is on top.  The shapes of its arguments come from
    its record's fields (:func:`step_shapes`)."""

    below: frozenset[int] | None
    purpose: int | None = None  # a Purpose, or an option's (core/extensions.py)


@dataclass(frozen=True, slots=True)
class DecisionSpec:
    """A kind of decision inside a phase (R12): the seat that takes it, its arguments, and the
    steps it is taken on, each with what must hold of that step then (``None``: nothing; e.g.
    ``tasks.dice_rolled``: a battle whose dice are rolled).  With ``on_dice`` it is taken on
    dice just rolled for the step beneath, kept aside meanwhile."""

    seat: int
    shapes: tuple[Shape, ...]
    below: dict[int, StepTest | None] | None = None
    on_dice: bool = False


TASKS: dict[int, TaskSpec] = {}
DECISIONS: dict[int, DecisionSpec] = {}


def register_task(op: int, below: frozenset[int] | None, purpose: int | None = None) -> None:
    """Declare where an option's own machine step lies (its record and name:
    ``tasks.register_step``); ``purpose``: the roll it waits for (a Purpose, or the option's own
    from core/extensions.py declare_purpose)."""
    TASKS[op] = TaskSpec(below, purpose)


def register_decision(kind: int, seat: int, shapes: tuple[Shape, ...] = ((),),
                      below: dict[int, StepTest | None] | None = None,
                      on_dice: bool = False) -> None:
    """Declare a kind of ``DECISION`` step an option pushes, whose seat decides it and on which
    steps (see :class:`DecisionSpec`)."""
    DECISIONS[kind] = DecisionSpec(seat, shapes, below, on_dice)


def step_shapes(op: int) -> tuple[Shape, ...]:
    """The shapes a step's arguments may have in a save, from its record's fields (tasks.py):
    every field, and the short form without the trailing fields at their defaults."""
    kind = t.STEPS[op]
    names = kind.arg_names
    declared = dict(kind.kinds)
    defaults: dict[str, object] = getattr(kind.record, "_field_defaults", {})
    full: list[Arg] = []
    for name in names:
        default = defaults.get(name)
        if name in declared:
            full.append(declared[name])
        elif isinstance(default, bool) or name in kind.bools:
            full.append((0, 1))
        else:
            full.append(name)
    if kind.short is None:
        return (tuple(full),)
    return (tuple(full[:kind.short]), tuple(full))


# --- the steps of the base game (tasks.py); ``below`` is what the rules push them on -------------
_SETUP_ROLLS = frozenset({t.ADDITIONAL_REVOLT, t.INITIAL_ARMY, t.PLACE_FLEETS})
# The steps of a Barbarian phase that may run while a roll or a decision is pending (R7).
BARBARIAN_STEPS = frozenset({t.END_TURN, t.ADVANCE, t.ACTIVITY, t.REMOVE_ON_REVOLT, t.SPREAD,
                             t.UPRISING, t.UPRISING_ARMY, t.ACTIVITY_PROVINCE, t.ARMY_STEP,
                             t.LINK_CHECK, t.BATTLE})
register_task(t.INITIAL_REVOLT, frozenset({t.INITIAL_REVOLT, *_SETUP_ROLLS}),
              Purpose.INITIAL_REVOLT)
register_task(t.ADDITIONAL_REVOLT, _SETUP_ROLLS, Purpose.ADDITIONAL_REVOLT)
register_task(t.INITIAL_ARMY, frozenset({t.INITIAL_ARMY, t.PLACE_FLEETS}), Purpose.INITIAL_ARMY)
register_task(t.PLACE_FLEETS, frozenset({t.BEGIN_TURN}))
register_task(t.BEGIN_TURN, None)
register_task(t.ROMAN_PHASE, None)
register_task(t.ENTRY, frozenset({t.ROMAN_PHASE}))
register_task(t.END_TURN, None)
register_task(t.ADVANCE, frozenset({t.END_TURN}))
register_task(t.ACTIVITY, frozenset({t.ADVANCE}), Purpose.ACTIVITY)
register_task(t.REMOVE_ON_REVOLT, frozenset({t.ACTIVITY}))
register_task(t.SPREAD, frozenset({t.REMOVE_ON_REVOLT}))
register_task(t.PHASE_START, frozenset({t.SPREAD}))
register_task(t.ACTIVITY_PROVINCE, frozenset({t.ADVANCE}), Purpose.UPRISING_PROVINCE)
register_task(t.UPRISING, frozenset({t.ADVANCE}))
register_task(t.UPRISING_ARMY, frozenset({t.ADVANCE}), Purpose.UPRISING_REGION)
register_task(t.ARMY_STEP, frozenset({t.END_TURN, t.ARMY_STEP}))
register_task(t.LINK_CHECK, frozenset({t.SPREAD, t.UPRISING, t.ARMY_STEP}), Purpose.BROKEN_LINK)
register_task(t.BATTLE, frozenset({t.ROMAN_PHASE, t.END_TURN, t.ARMY_STEP}), Purpose.BATTLE)
register_task(t.DECISION, frozenset({t.ACTIVITY, t.ACTIVITY_PROVINCE, t.ARMY_STEP, t.BATTLE,
                                     t.LINK_CHECK, t.SPREAD, t.UPRISING_ARMY}))


def allow_decision_on(kind: int, op: int, when: StepTest | None) -> None:
    """Let the decision ``kind`` also be taken on an option's step ``op`` (``when`` it holds)."""
    spec = DECISIONS[kind]
    below = {**(spec.below or {}), op: when}
    DECISIONS[kind] = DecisionSpec(spec.seat, spec.shapes, below, spec.on_dice)


def allow_below(op: int, *others: int) -> None:
    """Let ``op`` also lie on the steps ``others`` (an option's steps beneath a base step)."""
    spec = TASKS[op]
    if spec.below is None:
        raise ValueError(f"step {op} lies at the bottom of the stack, on nothing")
    TASKS[op] = TaskSpec(spec.below | frozenset(others), spec.purpose)


def _arg_range(arg: Arg, board: Board) -> tuple[int, int]:
    if isinstance(arg, tuple):
        return arg
    last = board.size - 1
    return {
        "region": (1, 6),
        "province": (0, last),
        "army": (0, last),
        "roman": (0, last),
        "dest": (-1, last),
        "fighter": (0, len(PIECES) - 1),  # an Emperor or an extra figure (no ONLY_MOVES: below)
        "link": (0, len(board.links) - 1),
        "broken-link": (0, len(board.links) - 1),
        "bonus": (0, 1),
        "fleets": (0, 3),
        "roman_die": (1, 12),  # a die with the options' +1s (R6, R12.1)
        "barbarian_die": (1, 12),
        "mask": (0, (1 << board.size) - 1),
        "wave": (0, len(board.roman)),
        "flags": (0, 15),  # an army step's four flags as bits (tasks.ArmyStep)
        "seat": (0, 4),
        "zone": (1, 3),
    }[arg]


def _fits(args: tuple[object, ...], shapes: tuple[Shape, ...], board: Board) -> bool:
    """The arguments (as read from JSON: objects, so that a compiled build never takes a bool
    for a count) have one of the shapes."""
    for shape in shapes:
        if len(shape) != len(args):
            continue
        ok = True
        for value, arg in zip(args, shape, strict=True):
            lo, hi = _arg_range(arg, board)
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                ok = False
                break
            if arg == "roman" and board.is_border[value]:
                ok = False
                break
            if arg in ("link", "broken-link") and not board.links[value].broken:
                ok = False
                break
        if ok:
            return True
    return False


def read_step(item: object, board: Board) -> Task:
    """The step record a save writes as ``[name, *args]`` (docs/save-format.md); SaveFileError
    (a ValueError) says what is wrong in the game's words, as a said() the position reader tells
    in the player's language.  The arguments are checked against the shapes of the step's record
    (:func:`step_shapes`); a decision's against its kind later (:func:`check_machine`)."""
    codes = {name: code for code, name in t.TASK_NAMES.items()}
    if not isinstance(item, list) or not item or not isinstance(item[0], str) \
            or item[0] not in codes:
        raise SaveFileError(said("{step} is not a step of the game", step=repr(item)))
    code = codes[item[0]]
    args = tuple(item[1:])
    if code == t.DECISION:  # (seat, kind, the kind's arguments)
        if not 2 <= len(args) <= 9 or not all(is_count(a, -1, 1000) for a in args):
            raise SaveFileError(said("{step} has the wrong arguments", step=repr(item)))
    elif not _fits(args, step_shapes(code), board):
        if "region" in t.STEPS[code].arg_names and args == (0,):
            raise SaveFileError(said("regions are numbered 1 to 6"))
        raise SaveFileError(said("{step} has the wrong arguments", step=repr(item)))
    return t.STEPS[code].from_args(args)


def is_count(value: object, lo: int, hi: int) -> bool:
    """A whole number (never a bool: JSON's true is no count) within ``lo``-``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_machine(state: State, found: list[str | Said]) -> None:
    """The task stack, what the game awaits and the pending roll or decision."""
    board = state.board
    tasks = state.tasks
    awaiting = state.awaiting
    if state.result is not Result.ONGOING:
        if tasks or awaiting is not Awaiting.NOTHING:
            found.append(said("the game is over: nothing is left to do"))
        _check_result(state, found)
        return
    if not tasks:
        found.append(said("the game is not over and has nothing to do: it would be stuck"))
        return
    if state.pending:
        found.append(said("steps a rule triggered are left waiting outside the machine"))
        return
    specs = [TASKS.get(task[0]) if task else None for task in tasks]
    handlers = state.hooks.handlers
    for i, (task, spec) in enumerate(zip(tasks, specs, strict=True)):
        name = t.TASK_NAMES.get(task[0], str(task[0])) if task else "an empty step"
        kind = t.STEPS.get(task[0]) if task else None
        if spec is None or kind is None or type(task) is not kind.record \
                or (task[0] >= t.FIRST_OPTION_TASK and task[0] not in handlers):
            found.append(said("step {number} ({name}) is not a step of this game's rules",
                              number=i + 1, name=name))
            return
        if isinstance(task, t.DecisionStep):
            if i != len(tasks) - 1 or not _decision_fits(state, task):
                found.append(said("step {number}: {step} is not a decision of this game's rules",
                                  number=i + 1, step=str([name, *kind.to_args(task)])))
                return
        elif not _step_fits(task, board):
            found.append(said("step {number}: {step} has the wrong arguments", number=i + 1,
                              step=str([name, *task[1:]])))
            return
        if i == 0:
            if spec.below is not None:
                found.append(said("the game cannot rest on {name}: a turn, its Roman phase or its "
                                  "Barbarian phase lies beneath every step", name=name))
                return
        elif spec.below is None or tasks[i - 1][0] not in spec.below:
            below = t.TASK_NAMES.get(tasks[i - 1][0], "?")
            found.append(said("step {number} ({name}) never follows {below}", number=i + 1,
                              name=name, below=below))
            return
    _check_setup_steps(state, found)
    _check_step_contents(state, found)
    if found:
        return
    top = tasks[-1]
    spec = specs[-1]
    if spec is None:  # unreachable: every step was found above
        return
    name = t.TASK_NAMES.get(top[0], "?")
    if awaiting is Awaiting.RUN:
        if top[0] not in PAUSED_AT:
            found.append(said("the machine pauses only where a turn or a Barbarian phase begins, "
                              "not at {name}", name=name))
    elif top[0] in PAUSED_AT:
        found.append(said("a position stopped where a turn or a Barbarian phase begins ({name}) "
                          "is paused there", name=name))
    elif awaiting is Awaiting.ROLL:
        purpose = spec.purpose
        if purpose is None or (isinstance(top, t.BattleStep) and top.roman_die != t.NOT_ROLLED):
            found.append(said("no dice are rolled for {name}", name=name))
        elif state.roll_purpose != purpose or state.roll_count != DICE_NEEDED[purpose]:
            found.append(said("{name} waits for {dice} dice for {purpose}", name=name,
                              dice=DICE_NEEDED[purpose], purpose=PURPOSE_NAMES[purpose]))
    elif awaiting is Awaiting.FLEET_PLACEMENT:
        if not isinstance(top, t.PlaceFleetsStep) or top.fleets == 0:
            found.append(said("fleets are placed only at setup, while fleets are left to place "
                              "(R3.6)"))
    elif awaiting is Awaiting.ENTRY:
        if top[0] != t.ENTRY or state.emperor_at[state.turn] >= 0:
            found.append(said("{emperor} enters only at the start of his turn, off the board (R4)",
                              emperor=state.turn.title))
    elif awaiting is Awaiting.ROMAN_ACTION:
        if top[0] != t.ROMAN_PHASE:
            found.append(said("no Roman phase is under way ({name} comes first)", name=name))
    elif awaiting is Awaiting.DECISION:
        if top[0] != t.DECISION:
            found.append(said("no decision is pending ({name} comes first)", name=name))
    else:
        found.append(said("the game is not over and waits for nothing: it would be stuck"))
    if state.dice is not None and (awaiting is not Awaiting.DECISION or not _dice_ok(state)):
        found.append(said("dice are kept aside only while the Barbarian player decides on them "
                          "(R12.6), and they are the dice of the step beneath his decision"))
    if state.passing and awaiting is not Awaiting.ROMAN_ACTION:
        found.append(said("a figure passes through a province only in a Roman phase (R5.1)"))
    if found or awaiting in (Awaiting.ROLL, Awaiting.RUN):
        return
    from tetrarchia.core.engine import legal_actions  # the engine never imports this module

    if not legal_actions(state):
        found.append(said("nothing can be done at {name}: the game would be stuck", name=name))


def _step_fits(task: Task, board: Board) -> bool:
    """The record's fields have the types and values its kind allows (a record built by a
    program may hold anything)."""
    try:
        args = t.step_args(task)
    except (TypeError, ValueError):  # a field that is no number
        return False
    return _fits(args, step_shapes(task[0]), board)


def _decision_fits(state: State, task: t.DecisionStep) -> bool:
    """The decision is one a rule in play offers, to its seat, on the step the rule offers it."""
    spec = DECISIONS.get(task.kind)
    if spec is None or task.seat != spec.seat or not isinstance(task.args, tuple) \
            or not _fits(task.args, spec.shapes, state.board):
        return False
    if len(state.tasks) < 2:
        return False
    under = state.tasks[-2]
    if spec.on_dice:
        return _dice_ok(state)
    if state.dice is not None:
        return False
    if spec.below is not None:
        if under[0] not in spec.below:
            return False
        when = spec.below[under[0]]
        if when is not None and not when(under):
            return False
    return not (task.args and isinstance(under, t.ArmyStep) and task.args[0] != under.province)


def _dice_ok(state: State) -> bool:
    """Dice kept aside are those the step beneath the decision rolled for (R12.6's reroll)."""
    dice = state.dice
    if dice is None or len(state.tasks) < 2 or not all(is_count(d, 1, 6) for d in dice):
        return False
    below = TASKS.get(state.tasks[-2][0])
    purpose = below.purpose if below is not None else None
    return purpose is not None and state.roll_purpose == purpose \
        and len(dice) == DICE_NEEDED[purpose]


def _check_setup_steps(state: State, found: list[str | Said]) -> None:
    """R3: the setup steps are the level's, in order, and the fleets add up."""
    ops = [task[0] for task in state.tasks]
    level = state.settings.level
    regions = [task.region for task in state.tasks if isinstance(task, t.InitialRevoltStep)]
    if regions != sorted(set(regions), reverse=True):
        found.append(said("the initial revolts are rolled once per region, in region order (R3.2)"))
    if ops.count(t.ADDITIONAL_REVOLT) > level.revolts or ops.count(t.INITIAL_ARMY) > level.armies:
        found.append(said("more setup rolls than the level {level} has (R3.4, R3.5)",
                          level=str(level)))
    for task in state.tasks:
        if isinstance(task, t.PlaceFleetsStep) \
                and task.fleets + state.fleets.count(1) != level.fleets:
            found.append(said("{placed} fleets placed and {left} to place do not make the {level} "
                              "of the level (R3.6)", placed=state.fleets.count(1),
                              left=task.fleets, level=level.fleets))
    if t.PLACE_FLEETS in ops and (state.round, state.turns_played) != (1, 0):
        found.append(said("the setup happens before the first turn"))


def _check_step_contents(state: State, found: list[str | Said]) -> None:
    """Steps that name pieces: the pieces must be where the step needs them."""
    board = state.board
    figure = state.figure
    for i, task in enumerate(state.tasks):
        if isinstance(task, t.ArmyStep) and task.dest != t.FOLLOW_ARROW \
                and not board.linked(task.province, task.dest):
            found.append(said("the army in {place} cannot step to {dest}: no link joins them",
                              place=board.name(task.province), dest=board.name(task.dest)))
        elif isinstance(task, t.BattleStep):
            piece, army = task.fighter, task.army
            p = t.piece_at(state, piece)
            in_roman_phase = i > 0 and isinstance(state.tasks[i - 1], t.RomanPhaseStep)
            if task.fighter_attacks != in_roman_phase:
                found.append(said("in a Roman phase the Emperor attacks (R5.5); in a Barbarian "
                                  "phase the army does (R7.3)"))
            elif piece in ONLY_MOVES:
                found.append(said("the {figure} never fights nor subdues ({rule})",
                                  figure=Piece(piece).title, rule=FIGURE_RULES[piece]))
            elif in_roman_phase and piece != state.turn and piece < len(EMPERORS):
                found.append(said("{figure} attacks in {emperor}'s Roman phase: only the Emperor "
                                  "of the turn attacks, or a figure fighting for him (R5.5, R11.1)",
                                  figure=Piece(piece).title, emperor=state.turn.title))
            elif p < 0:
                found.append(said("{figure} fights a battle but is not on the board",
                                  figure=Piece(piece).title))
            elif not ARMY <= figure[army] <= REBEL:
                found.append(said("a battle against the army in {place}, where no army is",
                                  place=board.name(army)))
            elif not board.linked(p, army):
                found.append(said("{figure} in {place} cannot fight the army in {army}: no link "
                                  "joins them (R5.5, R7.3)", figure=Piece(piece).title,
                                  place=board.name(p), army=board.name(army)))
        elif isinstance(task, t.UprisingStep) and state.disc[task.province] != REVOLT:
            found.append(said("an uprising starts from a revolt, and {place} is not in revolt "
                              "(R7.2)", place=board.name(task.province)))
    for link in state.memo:
        if not is_count(link, 0, len(board.links) - 1) or not board.links[link].broken:
            found.append(said("link {link} is not a broken link (R7.4)", link=str(link)))
            break


def _check_result(state: State, found: list[str | Said]) -> None:
    """R8: the result says how the game ended, and the table shows it."""
    result = state.result
    if result is Result.ROMA_VICTRIX and state.secured_borders() != 6:
        found.append(said("Roma Victrix needs the six borders secured, not {count} (R8)",
                          count=state.secured_borders()))
    elif result is Result.ARMY_IN_ROMA and not ARMY <= state.figure[state.board.roma] <= REBEL:
        found.append(said("the game was lost to an army in Roma, but no army is there (R8)"))
    elif result is Result.RESERVE_EMPTY and state.unrest_reserve and state.revolt_reserve:
        found.append(said("the game was lost to an empty reserve, but both reserves hold discs (R8)"))
