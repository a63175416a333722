"""One validation of a whole state: is this a situation the rules can reach?

Every loader (positions, saved games) runs it, and so do the invariant tests, so that a file can
never bring in a table the game could not have produced: discs and figures conserved (R1: 21
unrest, 21 revolts, the level's garrisons per Emperor, 3 armies, counting the discs the optional
rules take out of the reserves), one figure and one disc per province (R2), the pieces of the
optional rules absent unless their rule is in play, counts within their bounds, and a machine (the
task stack, what the game awaits, the pending decision) that the rules can reach and that can go
on.  :func:`problems` lists what is wrong in the game's words; :func:`validate_state` raises a
:class:`SaveFileError` with them.

The core knows no optional rule by name: each rule module declares the pieces it owns
(``RuleModule.pieces``) and registers the shape of its own machine steps and decisions here
(:func:`register_task`, :func:`register_decision`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tetrarchia.core import tasks as t
from tetrarchia.core.board import Board
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.events import DICE_NEEDED, Purpose
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    DISCS_PER_RESERVE,
    DUX,
    EMPEROR_FIGURE,
    EMPERORS,
    GARRISON,
    GARRISONS_IN_BOX,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Piece,
)
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.state import DEAD, GOTHS_IN_PLAY, IN_BOX, Awaiting, Result, State

MAX_ROUND = 100_000  # far beyond the length of any game
MAX_TASKS = 64  # the deepest stack the rules build is about a dozen steps

# An argument of a step: an inclusive range, or a name resolved against the board.
Arg = tuple[int, int] | str
Shape = tuple[Arg, ...]


@dataclass(frozen=True, slots=True)
class TaskSpec:
    """What a machine step may look like: its argument shapes, the steps it may lie on (``None``:
    only at the bottom of the stack), and the roll it waits for when it is on top."""

    shapes: tuple[Shape, ...]
    below: frozenset[int] | None
    purpose: Purpose | None = None


@dataclass(frozen=True, slots=True)
class DecisionSpec:
    """A kind of decision inside a phase (R12): the seat that takes it, its arguments, and the
    steps it is taken on, each with the length that step has then (``None``: any length).  With
    ``on_dice`` it is taken on dice just rolled for the step beneath, kept aside meanwhile."""

    seat: int
    shapes: tuple[Shape, ...]
    below: dict[int, int | None] | None = None
    on_dice: bool = False


TASKS: dict[int, TaskSpec] = {}
DECISIONS: dict[int, DecisionSpec] = {}


def register_task(op: int, shapes: tuple[Shape, ...], below: frozenset[int] | None,
                  purpose: Purpose | None = None) -> None:
    """Declare an option's own machine step (opcodes from ``tasks.FIRST_OPTION_TASK``)."""
    TASKS[op] = TaskSpec(shapes, below, purpose)


def register_decision(kind: int, seat: int, shapes: tuple[Shape, ...] = ((),),
                      below: dict[int, int | None] | None = None, on_dice: bool = False) -> None:
    """Declare a kind of ``DECISION`` step an option pushes, whose seat decides it and on which
    steps (see :class:`DecisionSpec`)."""
    DECISIONS[kind] = DecisionSpec(seat, shapes, below, on_dice)


# --- the steps of the base game (tasks.py); ``below`` is what the rules push them on -------------
_SETUP_ROLLS = frozenset({t.ADDITIONAL_REVOLT, t.INITIAL_ARMY, t.PLACE_FLEETS})
# The steps of a Barbarian phase that may run while a roll or a decision is pending (R7).
BARBARIAN_STEPS = frozenset({t.END_TURN, t.ADVANCE, t.ACTIVITY, t.REMOVE_ON_REVOLT, t.SPREAD,
                             t.UPRISING, t.UPRISING_ARMY, t.ACTIVITY_PROVINCE, t.ARMY_STEP,
                             t.LINK_CHECK, t.BATTLE})
register_task(t.INITIAL_REVOLT, (("region",),), frozenset({t.INITIAL_REVOLT, *_SETUP_ROLLS}),
              Purpose.INITIAL_REVOLT)
register_task(t.ADDITIONAL_REVOLT, ((),), _SETUP_ROLLS, Purpose.ADDITIONAL_REVOLT)
register_task(t.INITIAL_ARMY, ((),), frozenset({t.INITIAL_ARMY, t.PLACE_FLEETS}),
              Purpose.INITIAL_ARMY)
register_task(t.PLACE_FLEETS, (((0, 3),),), frozenset({t.BEGIN_TURN}))
register_task(t.BEGIN_TURN, ((),), None)
register_task(t.ROMAN_PHASE, ((),), None)
register_task(t.ENTRY, ((),), frozenset({t.ROMAN_PHASE}))
register_task(t.END_TURN, ((),), None)
register_task(t.ADVANCE, ((),), frozenset({t.END_TURN}))
register_task(t.ACTIVITY, ((),), frozenset({t.ADVANCE}), Purpose.ACTIVITY)
register_task(t.REMOVE_ON_REVOLT, ((),), frozenset({t.ACTIVITY}))
register_task(t.SPREAD, ((), ("mask", "wave", (0, 1))), frozenset({t.REMOVE_ON_REVOLT}))
register_task(t.PHASE_START, ((),), frozenset({t.SPREAD}))
register_task(t.ACTIVITY_PROVINCE, (("region",),), frozenset({t.ADVANCE}),
              Purpose.UPRISING_PROVINCE)
register_task(t.UPRISING, (("roman",),), frozenset({t.ADVANCE}))
register_task(t.UPRISING_ARMY, ((),), frozenset({t.ADVANCE}), Purpose.UPRISING_REGION)
register_task(t.ARMY_STEP, (("province",), ("province", "dest", (0, 15))),
              frozenset({t.END_TURN, t.ARMY_STEP}))
register_task(t.LINK_CHECK, (("broken-link", (0, 1)),),
              frozenset({t.SPREAD, t.UPRISING, t.ARMY_STEP}), Purpose.BROKEN_LINK)
register_task(t.BATTLE, (("fighter", "province", (0, 1)),
                         ("fighter", "province", (0, 1), (1, 12), (1, 12))),
              frozenset({t.ROMAN_PHASE, t.END_TURN, t.ARMY_STEP}), Purpose.BATTLE)
register_task(t.DECISION, (), frozenset({t.ACTIVITY, t.ACTIVITY_PROVINCE, t.ARMY_STEP, t.BATTLE,
                                         t.LINK_CHECK, t.SPREAD, t.UPRISING_ARMY}))


def allow_decision_on(kind: int, op: int, length: int | None) -> None:
    """Let the decision ``kind`` also be taken on an option's step ``op`` (of that length)."""
    spec = DECISIONS[kind]
    below = {**(spec.below or {}), op: length}
    DECISIONS[kind] = DecisionSpec(spec.seat, spec.shapes, below, spec.on_dice)


def allow_below(op: int, *others: int) -> None:
    """Let ``op`` also lie on the steps ``others`` (an option's steps beneath a base step)."""
    spec = TASKS[op]
    if spec.below is None:
        raise ValueError(f"step {op} lies at the bottom of the stack, on nothing")
    TASKS[op] = TaskSpec(spec.shapes, spec.below | frozenset(others), spec.purpose)


def _arg_range(arg: Arg, board: Board) -> tuple[int, int]:
    if isinstance(arg, tuple):
        return arg
    last = board.size - 1
    return {
        "region": (1, 6),
        "province": (0, last),
        "roman": (0, last),
        "dest": (-1, last),
        "fighter": (0, int(Piece.DUX)),
        "broken-link": (0, len(board.links) - 1),
        "mask": (0, (1 << board.size) - 1),
        "wave": (0, len(board.roman)),
        "seat": (0, 4),
        "zone": (1, 3),
    }[arg]


def _fits(args: tuple[int, ...], shapes: tuple[Shape, ...], board: Board) -> bool:
    for shape in shapes:
        if len(shape) != len(args):
            continue
        ok = True
        for value, arg in zip(args, shape, strict=True):
            lo, hi = _arg_range(arg, board)
            if not _is_count(value, lo, hi):
                ok = False
                break
            if arg == "roman" and board.is_border[value]:
                ok = False
                break
            if arg == "broken-link" and not board.links[value].broken:
                ok = False
                break
        if ok:
            return True
    return False


# --- the checks -------------------------------------------------------------------------------


def validate_state(state: State) -> None:
    """Raise :class:`SaveFileError` naming what is wrong when the rules cannot reach ``state``."""
    found = problems(state)
    if found:
        raise SaveFileError("impossible position: " + "; ".join(found))


def problems(state: State, machine: bool = True) -> list[str]:
    """Everything that makes ``state`` a situation the rules cannot reach (empty: none);
    without ``machine``, the table alone (pieces, discs, counters and turn)."""
    found: list[str] = []
    _check_counts(state, found)
    if found:  # the rest indexes by these counts: stop at the first broken layer
        return found
    _check_discs(state, found)
    _check_figures(state, found)
    _check_options(state, found)
    _check_turn(state, found)
    if machine and not found:
        _check_machine(state, found)
    return found


def _is_count(value: object, lo: int, hi: int) -> bool:
    """A whole number (never a bool: JSON's true is no count) within ``lo``-``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_counts(state: State, found: list[str]) -> None:
    """The shape of every field: lists of the board's length, codes and counts in range."""
    n = state.board.size
    if len(state.disc) != n or len(state.figure) != n:
        found.append(f"the board has {n} provinces")
        return
    if not all(_is_count(d, NO_DISC, GARRISON + 3) for d in state.disc):
        found.append("a province holds something that is not a disc")
    if not all(_is_count(f, NO_FIGURE, VICARIUS) for f in state.figure):
        found.append("a province holds something that is not a figure")
    for name in ("emperor_at", "garrisons", "glory", "burned", "recoverable", "ip_next", "fleets"):
        if len(getattr(state, name)) != 4:
            found.append(f"{name} must have 4 entries")
            return
    level = state.settings.level.garrisons
    for e in EMPERORS:
        if not _is_count(state.emperor_at[e], -1, n - 1):
            found.append(f"{e.title} stands on no province of the board")
        if not _is_count(state.garrisons[e], 0, level):
            found.append(f"{e.title} cannot have {state.garrisons[e]} garrisons in his reserve "
                         f"(the level gives {level})")
        if not _is_count(state.glory[e], 0, DISCS_PER_RESERVE):
            found.append(f"{e.title}'s glory {state.glory[e]} is not a count of discs")
        if not _is_count(state.burned[e], 0, GARRISONS_IN_BOX):
            found.append(f"{e.title} cannot have burned {state.burned[e]} discs")
        if not _is_count(state.recoverable[e], 0, max(0, state.burned[e])):
            found.append(f"{e.title} cannot take back {state.recoverable[e]} discs: he burned "
                         f"{state.burned[e]}")
        if not _is_count(state.ip_next[e], -1, 1):
            found.append(f"{e.title}'s next turn cannot gain or lose {state.ip_next[e]} IP")
    for name, value in (("unrest", state.unrest_reserve), ("revolt", state.revolt_reserve)):
        if not _is_count(value, 0, DISCS_PER_RESERVE):
            found.append(f"the {name} reserve cannot hold {value} discs (0-{DISCS_PER_RESERVE}, R1)")
    if not _is_count(state.gray, 0, 4) or not _is_count(state.black, 0, 1):
        found.append(f"the Barbarian player holds 0-4 gray discs and 0-1 black disc, not "
                     f"{state.gray} and {state.black}")
    if state.fleets[0] != 0 or not all(_is_count(f, 0, 1) for f in state.fleets):
        found.append("a sea zone holds one Roman fleet at most (zones 1-3)")
    if not _is_count(state.pirates, 0, 3):
        found.append(f"there is no sea zone {state.pirates} for the Pirates")
    for name, at in (("Dux", state.dux_at), ("Vicarius", state.vicarius_at)):
        if not _is_count(at, DEAD, n - 1):
            found.append(f"the {name} stands on no province of the board")
    if not _is_count(state.passer, -1, int(Piece.VICARIUS)):
        found.append(f"there is no figure {state.passer} to pass through a province")
    if not _is_count(state.skip, 0, 3):
        found.append(f"{state.skip} turns to skip: a scenario skips at most 3 (R13)")
    if not _is_count(state.flags, 0, (GOTHS_IN_PLAY << 1) - 1):
        found.append(f"unknown flags {state.flags}")
    if len(state.tasks) > MAX_TASKS:
        found.append(f"{len(state.tasks)} steps to do: the rules never stack more than {MAX_TASKS}")
    if len(state.armies_placed) > 3 * ARMIES or len(state.usurpers) > ARMIES:
        found.append("more armies placed in one Barbarian phase than the rules allow")
    if not all(_is_count(p, 0, n - 1) for p in (*state.armies_placed, *state.usurpers)):
        found.append("an army was placed on no province of the board")
    if len(state.rebels) > ARMIES or not all(
            _is_count(p, 0, n - 1) and _is_count(z, 1, 3) for p, z in state.rebels):
        found.append("a rebel is on no border of the board, or needs no sea zone")


def _check_discs(state: State, found: list[str]) -> None:
    """R1 conservation and R2 placement of the discs."""
    board = state.board
    disc = state.disc
    unrest_out = disc.count(UNREST) + sum(state.glory) + state.gray
    if unrest_out + state.unrest_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(UNREST)} unrest on the board, {sum(state.glory)} glory, "
                     f"{state.gray} gray and {state.unrest_reserve} in the reserve do not make the "
                     f"{DISCS_PER_RESERVE} unrest discs of R1")
    revolts = disc.count(REVOLT) + state.black
    if revolts + state.revolt_reserve != DISCS_PER_RESERVE:
        found.append(f"{disc.count(REVOLT)} revolts on the board, {state.black} black and "
                     f"{state.revolt_reserve} in the reserve do not make the {DISCS_PER_RESERVE} "
                     "revolt discs of R1")
    level = state.settings.level.garrisons
    for e in EMPERORS:
        on_board = disc.count(GARRISON + e)
        if on_board + state.garrisons[e] + state.burned[e] != level:
            found.append(f"{e.title}: {on_board} garrisons on the board, {state.garrisons[e]} in "
                         f"reserve and {state.burned[e]} burned do not make the {level} of the level")
    rebels = {p for p, _ in state.rebels}
    for b in board.borders:
        if disc[b] == UNREST or (disc[b] == REVOLT and b not in rebels):
            found.append(f"a border never holds unrest or revolt ({board.name(b)}), only a "
                         "rebel's revolt (R13)")


def _check_figures(state: State, found: list[str]) -> None:
    """R2: one figure per province, where the pieces say they stand; R9: 3 armies."""
    board = state.board
    figure = state.figure
    armies = sum(1 for f in figure if ARMY <= f <= REBEL)
    if armies > ARMIES:
        found.append(f"{armies} armies on the board: there are only {ARMIES} (R9)")
    if figure.count(GOTHS) > 1:
        found.append("there is only one Goths army (R11.4)")
    if ARMY <= figure[board.roma] <= REBEL and state.result is not Result.ARMY_IN_ROMA:
        found.append("an army in Roma has already ended the game (R8)")
    rebels = [p for p, _ in state.rebels]
    if sorted(rebels) != [p for p, f in enumerate(figure) if f == REBEL]:
        found.append("the rebels listed and the rebel figures on the board differ (R13)")
    for b in board.borders:
        if ARMY <= figure[b] < REBEL and state.disc[b] != NO_DISC:
            found.append(f"an army stands on the secured border {board.name(b)}: armies arrive "
                         "only on an empty border (R7.2), and the Goths take the garrison (R11.4)")
    for p in rebels:
        if not board.is_border[p] or state.disc[p] != REVOLT:
            found.append(f"a rebel stands on a revolt on its border (R13), not in {board.name(p)}")
    where = [t.piece_at(state, piece) for piece in range(6)]
    for piece in Piece:
        p = where[piece]
        own = piece.figure
        if p < 0:
            if own in figure:
                found.append(f"{piece.title} is off the board but his figure is on it")
        elif piece == state.passer:
            holder = figure[p]
            if holder in (own, NO_FIGURE) or ARMY <= holder <= REBEL:
                found.append(f"{piece.title} is passing through {board.name(p)}, where no other "
                             "Roman figure stands (R5.1)")
            if figure.count(own):
                found.append(f"{piece.title} stands in two places")
        elif figure[p] != own:
            found.append(f"{piece.title} is said to stand in {board.name(p)}, where another "
                         "figure is (R2)")
        elif figure.count(own) != 1:
            found.append(f"{piece.title} stands in two places")
    for p, f in enumerate(figure):
        if f >= EMPEROR_FIGURE and where[t.figure_piece(f)] != p:
            found.append(f"a figure in {board.name(p)} belongs to no piece standing there")
        elif EMPEROR_FIGURE + 4 <= f < DUX:
            found.append(f"unknown figure in {board.name(p)}")
    if state.passing != (state.passer >= 0):
        found.append("a figure passes through a province exactly when one is named to (R5.1)")


def _owned(state: State) -> set[str]:
    """The pieces the optional rules in play own (``RuleModule.pieces``)."""
    return {piece for key in state.settings.options for piece in REGISTRY[key].pieces}


def _check_options(state: State, found: list[str]) -> None:
    """The pieces of an optional rule are on the table only when that rule is in play."""
    owned = _owned(state)
    neutral = {
        "dux": state.dux_at == IN_BOX,
        "vicarius": state.vicarius_at == IN_BOX,
        "pirates": state.pirates == 0,
        "goths": GOTHS not in state.figure and not state.flags & GOTHS_IN_PLAY,
        "burned": state.burned == [0, 0, 0, 0],
        "recoverable": state.recoverable == [0, 0, 0, 0],
        "glory": state.glory == [0, 0, 0, 0],
        "barbarian-discs": state.gray == 0 and state.black == 0,
        "ip-next": state.ip_next == [0, 0, 0, 0],
        "rebels": not state.rebels,
        "skip": state.skip == 0,
        "usurpers": not state.usurpers,
    }
    words = {
        "dux": "the Dux", "vicarius": "the Vicarius", "pirates": "the Pirates", "goths": "the Goths",
        "burned": "burned discs", "recoverable": "discs to take back", "glory": "glory discs",
        "barbarian-discs": "the Barbarian player's discs", "ip-next": "IP moved to a next turn",
        "rebels": "rebels", "skip": "skipped turns", "usurpers": "usurpers",
    }
    for piece, is_neutral in neutral.items():
        if not is_neutral and piece not in owned:
            found.append(f"{words[piece]} on the table, but no optional rule in play has them")
    if "goths" in owned and not state.flags & GOTHS_IN_PLAY:
        found.append("the Goths are in play but not marked so")
    if state.pirates and state.fleets[state.pirates]:
        found.append("a Roman fleet in the Pirates' sea zone (R11.3)")
    if state.fleets.count(1) > state.settings.level.fleets:
        found.append(f"{state.fleets.count(1)} fleets: the level {state.settings.level} has "
                     f"{state.settings.level.fleets}")


def _check_turn(state: State, found: list[str]) -> None:
    if not 1 <= state.round <= MAX_ROUND:
        found.append(f"round {state.round} is not possible")
    elif state.turns_played != 4 * (state.round - 1) + int(state.turn):
        found.append(f"round {state.round}, {state.turn.title}'s turn: "
                     f"{4 * (state.round - 1) + int(state.turn)} turns played before, not "
                     f"{state.turns_played}")
    owned = _owned(state)
    # 7 at most in the base game (a hand-written position may say 7); Maximian's 7th IP (R12.1)
    # or one IP per disc burned (R12.1b); one more from Patres Patriae (R12.8)
    most = 7 + (GARRISONS_IN_BOX if "recoverable" in owned else 1 if "burned" in owned else 0)
    most += 1 if "ip-next" in owned else 0
    if not 0 <= state.ip <= most:
        found.append(f"{state.ip} IP is not possible")
    if state.skip and state.turns_played > 3:
        found.append("turns are skipped only at the start of a scenario (R13)")


def _check_machine(state: State, found: list[str]) -> None:
    """The task stack, what the game awaits and the pending roll or decision."""
    board = state.board
    tasks = state.tasks
    awaiting = state.awaiting
    if state.result is not Result.ONGOING:
        if tasks or awaiting is not Awaiting.NOTHING:
            found.append("the game is over: nothing is left to do")
        _check_result(state, found)
        return
    if not tasks:
        found.append("the game is not over and has nothing to do: it would be stuck")
        return
    if state.pending:
        found.append("steps a rule triggered are left waiting outside the machine")
        return
    specs = [TASKS.get(task[0]) if task else None for task in tasks]
    handlers = state.hooks.handlers
    for i, (task, spec) in enumerate(zip(tasks, specs, strict=True)):
        name = t.TASK_NAMES.get(task[0], str(task[0])) if task else "an empty step"
        if spec is None or (task[0] >= t.FIRST_OPTION_TASK and task[0] not in handlers):
            found.append(f"step {i + 1} ({name}) is not a step of this game's rules")
            return
        if task[0] == t.DECISION:
            if i != len(tasks) - 1 or not _decision_fits(state, task):
                found.append(f"step {i + 1}: {list(task)} is not a decision of this game's rules")
                return
        elif not _fits(task[1:], spec.shapes, board):
            found.append(f"step {i + 1}: {[name, *task[1:]]} has the wrong arguments")
            return
        if i == 0:
            if spec.below is not None:
                found.append(f"the game cannot rest on {name}: a turn, its Roman phase or its "
                             "Barbarian phase lies beneath every step")
                return
        elif spec.below is None or tasks[i - 1][0] not in spec.below:
            below = t.TASK_NAMES.get(tasks[i - 1][0], "?")
            found.append(f"step {i + 1} ({name}) never follows {below}")
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
    if top[0] == t.BEGIN_TURN:
        found.append("a position cannot stop at the beginning of a turn")
    elif awaiting is Awaiting.ROLL:
        purpose = spec.purpose
        if purpose is None or (top[0] in (t.BATTLE,) and len(top) != 4):
            found.append(f"no dice are rolled for {name}")
        elif state.roll_purpose != purpose or state.roll_count != DICE_NEEDED[purpose]:
            found.append(f"{name} waits for {DICE_NEEDED[purpose]} dice for "
                         f"{purpose.name.lower().replace('_', '-')}")
    elif awaiting is Awaiting.FLEET_PLACEMENT:
        if top[0] != t.PLACE_FLEETS or top[1] == 0:
            found.append("fleets are placed only at setup, while fleets are left to place (R3.6)")
    elif awaiting is Awaiting.ENTRY:
        if top[0] != t.ENTRY or state.emperor_at[state.turn] >= 0:
            found.append(f"{state.turn.title} enters only at the start of his turn, off the board (R4)")
    elif awaiting is Awaiting.ROMAN_ACTION:
        if top[0] != t.ROMAN_PHASE:
            found.append(f"no Roman phase is under way ({name} comes first)")
    elif awaiting is Awaiting.DECISION:
        if top[0] != t.DECISION:
            found.append(f"no decision is pending ({name} comes first)")
    else:
        found.append("the game is not over and waits for nothing: it would be stuck")
    if state.dice is not None and (awaiting is not Awaiting.DECISION or not _dice_ok(state)):
        found.append("dice are kept aside only while the Barbarian player decides on them (R12.6), "
                     "and they are the dice of the step beneath his decision")
    if state.passing and awaiting is not Awaiting.ROMAN_ACTION:
        found.append("a figure passes through a province only in a Roman phase (R5.1)")
    if found or awaiting is Awaiting.ROLL:
        return
    from tetrarchia.core.engine import legal_actions  # the engine never imports this module

    if not legal_actions(state):
        found.append(f"nothing can be done at {name}: the game would be stuck")


def _decision_fits(state: State, task: tuple[int, ...]) -> bool:
    """The decision is one a rule in play offers, to its seat, on the step the rule offers it."""
    if len(task) < 3:
        return False
    spec = DECISIONS.get(task[2])
    if spec is None or task[1] != spec.seat or not _fits(task[3:], spec.shapes, state.board):
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
        length = spec.below[under[0]]
        if length is not None and len(under) != length:
            return False
    return not (task[3:] and under[0] == t.ARMY_STEP and task[3] != under[1])


def _dice_ok(state: State) -> bool:
    """Dice kept aside are those the step beneath the decision rolled for (R12.6's reroll)."""
    dice = state.dice
    if dice is None or len(state.tasks) < 2 or not all(_is_count(d, 1, 6) for d in dice):
        return False
    below = TASKS.get(state.tasks[-2][0])
    purpose = below.purpose if below is not None else None
    return purpose is not None and state.roll_purpose == purpose \
        and len(dice) == DICE_NEEDED[purpose]


def _check_setup_steps(state: State, found: list[str]) -> None:
    """R3: the setup steps are the level's, in order, and the fleets add up."""
    ops = [task[0] for task in state.tasks]
    level = state.settings.level
    regions = [task[1] for task in state.tasks if task[0] == t.INITIAL_REVOLT]
    if regions != sorted(set(regions), reverse=True):
        found.append("the initial revolts are rolled once per region, in region order (R3.2)")
    if ops.count(t.ADDITIONAL_REVOLT) > level.revolts or ops.count(t.INITIAL_ARMY) > level.armies:
        found.append(f"more setup rolls than the level {level} has (R3.4, R3.5)")
    for task in state.tasks:
        if task[0] == t.PLACE_FLEETS and task[1] + state.fleets.count(1) != level.fleets:
            found.append(f"{state.fleets.count(1)} fleets placed and {task[1]} to place do not make "
                         f"the {level.fleets} of the level (R3.6)")
    if t.PLACE_FLEETS in ops and (state.round, state.turns_played) != (1, 0):
        found.append("the setup happens before the first turn")


def _check_step_contents(state: State, found: list[str]) -> None:
    """Steps that name pieces: the pieces must be where the step needs them."""
    board = state.board
    figure = state.figure
    for task in state.tasks:
        op = task[0]
        if op == t.ARMY_STEP and len(task) == 4 and task[2] >= 0 \
                and not board.linked(task[1], task[2]):
            found.append(f"the army in {board.name(task[1])} cannot step to {board.name(task[2])}: "
                         "no link joins them")
        elif op == t.BATTLE:
            piece, army = task[1], task[2]
            p = t.piece_at(state, piece)
            in_roman_phase = state.tasks[state.tasks.index(task) - 1][0] == t.ROMAN_PHASE
            if task[3] != int(in_roman_phase):
                found.append("in a Roman phase the Emperor attacks (R5.5); in a Barbarian phase the "
                             "army does (R7.3)")
            elif in_roman_phase and piece not in (int(state.turn), int(Piece.DUX)):
                found.append(f"{Piece(piece).title} attacks in {state.turn.title}'s Roman phase: only "
                             "the Emperor of the turn or the Dux attacks (R5.5, R11.1)")
            elif p < 0:
                found.append(f"{Piece(piece).title} fights a battle but is not on the board")
            elif not ARMY <= figure[army] <= REBEL:
                found.append(f"a battle against the army in {board.name(army)}, where no army is")
            elif not board.linked(p, army):
                found.append(f"{Piece(piece).title} in {board.name(p)} cannot fight the army in "
                             f"{board.name(army)}: no link joins them (R5.5, R7.3)")
        elif op == t.UPRISING and state.disc[task[1]] != REVOLT:
            found.append(f"an uprising starts from a revolt, and {board.name(task[1])} is not in "
                         "revolt (R7.2)")
    for link in state.memo:
        if not _is_count(link, 0, len(board.links) - 1) or not board.links[link].broken:
            found.append(f"link {link} is not a broken link (R7.4)")
            break


def _check_result(state: State, found: list[str]) -> None:
    """R8: the result says how the game ended, and the table shows it."""
    result = state.result
    if result is Result.ROMA_VICTRIX and state.secured_borders() != 6:
        found.append(f"Roma Victrix needs the six borders secured, not {state.secured_borders()} (R8)")
    elif result is Result.ARMY_IN_ROMA and not ARMY <= state.figure[state.board.roma] <= REBEL:
        found.append("the game was lost to an army in Roma, but no army is there (R8)")
    elif result is Result.RESERVE_EMPTY and state.unrest_reserve and state.revolt_reserve:
        found.append("the game was lost to an empty reserve, but both reserves hold discs (R8)")

