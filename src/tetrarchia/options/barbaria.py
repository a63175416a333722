"""R12.6 Barbaria: a fifth player plays the Barbarians and wins if the Emperors lose.

He starts with 4 gray and 1 black disc taken from the reserves, and may spend gray discs in the
Barbarian phase (each back to the general reserve): reroll all the dice just rolled (once per
roll, D24); cancel one army's advance; send an army inside the Empire through a link other than
its arrow.  If a broken link stops the redirected army, "the change is cancelled" (000), "l'armée
se déplace en suivant la flèche" (002): it advances along its own arrow as it would have
(``redirect=arrow``, the default); ``redirect=stay`` keeps the reading where it stays in place.
He refills to 4 gray at the start of each round (as far as the unrest reserve allows).  Once per
game, at any moment of his phase - before R7.1, before R7.2, before R7.3, before each army's
step, and after any roll of the phase, before the roll is used - the black disc either goes on an
empty Roman province (no disc, no figure, D25) other than the capitals, as a revolt, or, when no
army is on the board, back to the reserve to place an army on an empty border of his choice.

Every one of these is a pending decision of the Barbarian seat (seat 4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.barbarian import place_army
from tetrarchia.core.board import Board
from tetrarchia.core.engine import roll_description
from tetrarchia.core.errors import (
    IllegalAction,
    NotYourTurn,
    Refusal,
    Said,
    SaveFileError,
    WrongMoment,
    said,
)
from tetrarchia.core.events import Event, Events
from tetrarchia.core.extensions import TURN, declare_flag, declare_record
from tetrarchia.core.faces import (
    PASS_WORDS,
    SAME,
    Arg,
    DiscChange,
    Mark,
    Namer,
    Pick,
    declare_decision,
    declare_disc_changes,
    declare_label,
    declare_lines,
    declare_told,
    declare_words,
    explained,
    labelled,
    tell,
)
from tetrarchia.core.notation import province_key, register_parser
from tetrarchia.core.pieces import ARMY, NO_DISC, NO_FIGURE, REBEL, REVOLT
from tetrarchia.core.reachable import allow_below, register_task
from tetrarchia.core.rulebook import Hooks, Param, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State, Task
from tetrarchia.core.tasks import (
    ACTIVITY,
    ACTIVITY_PROVINCE,
    ADVANCE,
    ARMY_STEP,
    DECISION,
    REMOVE_ON_REVOLT,
    UPRISING,
    UPRISING_ARMY,
    ArmyStep,
    DecisionStep,
    SpreadStep,
    in_setup,
    place_revolt,
    register_step,
    reserves_after_revolt,
)
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    army_phrase,
    parse_province,
)

SEAT = 4
GRAY_DISCS = 4
REROLLED = declare_flag("rerolled", TURN)  # the dice on the table were already rerolled (D24)


class BarbarianDiscs(NamedTuple):
    """R12.6: the Barbarian player's gray discs (from the unrest reserve) and his black disc
    (1 while unused, from the revolt reserve)."""

    gray: int = 0
    black: int = 0


def _discs_from_json(state: State, data: Any) -> BarbarianDiscs:
    if not isinstance(data, dict) or set(data) - {"gray", "black"}:
        raise SaveFileError(said("{value} is not {{\"gray\": count, \"black\": count}}",
                                 value=repr(data)))
    gray, black = data.get("gray", 0), data.get("black", 0)
    if type(gray) is not int or type(black) is not int or not 0 <= gray <= GRAY_DISCS \
            or not 0 <= black <= 1:
        raise SaveFileError(said("the Barbarian player holds 0-{most} gray discs and 0-1 black "
                                 "disc, not {gray} and {black}", most=GRAY_DISCS,
                                 gray=repr(gray), black=repr(black)))
    return BarbarianDiscs(gray, black)


def _check_discs(state: State, record: BarbarianDiscs, found: list[str | Said]) -> None:
    if not isinstance(record, BarbarianDiscs) or not 0 <= record.gray <= GRAY_DISCS \
            or not 0 <= record.black <= 1:
        found.append(said("the Barbarian player holds 0-{most} gray discs and 0-1 black disc, "
                          "not {record}", most=GRAY_DISCS, record=repr(record)))
    elif in_setup(state) and (record.gray, record.black) != (GRAY_DISCS, 1):
        # R12.6: he takes them before the first revolt is placed and spends none before play
        found.append(said("before the first turn the Barbarian player holds {most} gray discs "
                          "and the black disc (R12.6), not {gray} and {black}", most=GRAY_DISCS,
                          gray=record.gray, black=record.black))


DISCS = declare_record(
    "barbarian-discs", BarbarianDiscs(), "the Barbarian player's discs",
    lambda state, record: {"gray": record.gray, "black": record.black}, _discs_from_json,
    _check_discs, reserve_unrest=lambda record: record.gray,
    reserve_revolt=lambda record: record.black, v1=("barbarian_reserve", {"gray": 0, "black": 0}))


_DISCS = DISCS.index  # the slot read directly: asked after every roll of his phase


def gray(state: State) -> int:
    """The Barbarian player's gray discs (R12.6)."""
    count: int = state.ext[_DISCS].gray
    return count


def black(state: State) -> int:
    """1 while the Barbarian player's black disc is unused (R12.6)."""
    count: int = state.ext[_DISCS].black
    return count


def _put(state: State, **changes: int) -> None:
    DISCS.put(state, DISCS.get(state)._replace(**changes))


# The steps a BARBARIAN_BLACK decision comes before (its argument, BlackMomentStep.before)
BEFORE_SPREAD = 1  # R7.1
BEFORE_ACTIVITY = 2  # R7.2
BEFORE_ADVANCE = 3  # R7.3


class BlackMomentStep(NamedTuple):
    """R12.6: the Barbarian player may use his black disc now, ``before`` R7.2 or R7.3."""

    op: int
    before: int


BLACK_MOMENT = register_step("black-moment", BlackMomentStep,
                             kinds=(("before", (BEFORE_ACTIVITY, BEFORE_ADVANCE)),))
# It lies just above the activity (R7.2) or the advance (R7.3); what lay on those lies on it.
register_task(BLACK_MOMENT, frozenset({ACTIVITY, ADVANCE}))
for _step in (ACTIVITY, REMOVE_ON_REVOLT, UPRISING, UPRISING_ARMY, ACTIVITY_PROVINCE):
    allow_below(_step, BLACK_MOMENT)


@dataclass(frozen=True, slots=True)
class GrayRefilled(Event):
    """R12.6: at the start of a round the Barbarian player refills to ``gray`` gray discs from
    the unrest reserve (``unrest_left`` after it)."""

    kind: ClassVar[str] = "barbaria"
    gray: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class DiceRerolled(Event):
    """R12.6, D24: a gray disc (back to the unrest reserve) rerolls the dice just rolled;
    ``dice``: the dice set aside."""

    kind: ClassVar[str] = "barbaria"
    dice: tuple[int, ...]
    gray: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class AdvanceCancelled(Event):
    """R12.6: a gray disc cancels the advance of the army in ``province``."""

    kind: ClassVar[str] = "barbaria"
    province: int
    gray: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class ArmyRedirected(Event):
    """R12.6: a gray disc sends the army in ``province`` towards ``dest``, not its arrow."""

    kind: ClassVar[str] = "barbaria"
    province: int
    dest: int
    gray: int
    unrest_left: int


@dataclass(frozen=True, slots=True)
class BlackDiscRevolt(Event):
    """R12.6: the black disc becomes a revolt on ``province``."""

    kind: ClassVar[str] = "barbaria"
    province: int
    unrest_left: int
    revolts_left: int


@dataclass(frozen=True, slots=True)
class BlackDiscArmy(Event):
    """R12.6: the black disc goes back to the reserve for an army on ``border``."""

    kind: ClassVar[str] = "barbaria"
    border: int


@dataclass(frozen=True, slots=True)
class BarbarianOutcome(Event):
    """R12.6: at the end, the Barbarian player wins (``barbarians_win``: the Emperors lost) or is
    beaten (a Roman victory)."""

    kind: ClassVar[str] = "end"
    barbarians_win: bool


def _outcome_text(e: BarbarianOutcome, board: Board) -> str:
    if e.barbarians_win:
        return "The Barbarian player wins: Roma has fallen."
    return "The Emperors win: the Barbarian player is beaten."


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    BarbarianOutcome: _outcome_text,
    GrayRefilled: lambda e, board: f"The Barbarian player refills his gray discs ({e.gray}).",
    DiceRerolled: lambda e, board: "The Barbarian player spends a gray disc to reroll the dice.",
    AdvanceCancelled: lambda e, board: ("The Barbarian player cancels the advance of the army in "
                                        f"{board.name(e.province)}."),
    ArmyRedirected: lambda e, board: (f"The Barbarian player sends the army in "
                                      f"{board.name(e.province)} towards {board.name(e.dest)}."),
    BlackDiscRevolt: lambda e, board: (f"The Barbarian player places his black disc in "
                                       f"{board.name(e.province)}: a revolt."),
    BlackDiscArmy: lambda e, board: "The Barbarian player returns his black disc for an army.",
}}


@dataclass(frozen=True, slots=True)
class Reroll(OptionAction):
    def notation(self, board: Board, compact: bool) -> str:
        return "B reroll" if compact else "the Barbarians reroll the dice"

    def group(self, state: State) -> str:
        return "Decide"

    def label(self, state: State) -> str:
        return "reroll the dice (1 gray disc)"


@dataclass(frozen=True, slots=True)
class CancelAdvance(OptionAction):
    province: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"B cancel {province_key(board, self.province)}"
        return f"the Barbarians cancel the advance of the army in {board.name(self.province)}"

    def group(self, state: State) -> str:
        return "Decide"

    def label(self, state: State) -> str:
        return "cancel the advance (1 gray disc)"


@dataclass(frozen=True, slots=True)
class Redirect(OptionAction):
    province: int
    dest: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"B {province_key(board, self.province)}>{province_key(board, self.dest)}"
        return (f"the Barbarians send the army in {board.name(self.province)} to "
                f"{board.name(self.dest)}")

    def group(self, state: State) -> str:
        return "Decide"

    def label(self, state: State) -> str:
        return f"send it to {state.board.label(self.dest)} (1 gray disc)"


@dataclass(frozen=True, slots=True)
class BlackRevolt(OptionAction):
    province: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"B black {province_key(board, self.province)}"
        return f"the Barbarians place the black disc in {board.name(self.province)}"

    def group(self, state: State) -> str:
        return "Revolt (black disc)"

    def label(self, state: State) -> str:
        return state.board.label(self.province)


@dataclass(frozen=True, slots=True)
class BlackArmy(OptionAction):
    border: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"B army {province_key(board, self.border)}"
        return f"the Barbarians trade the black disc for an army in {board.name(self.border)}"

    def group(self, state: State) -> str:
        return "Army (black disc)"

    def label(self, state: State) -> str:
        return state.board.label(self.border)


@dataclass(frozen=True, slots=True)
class BarbarianPass(OptionAction):
    @property
    def passes(self) -> bool:
        return True

    def notation(self, board: Board, compact: bool) -> str:
        return "B pass" if compact else "the Barbarians pass"

    def group(self, state: State) -> str:
        return "Decide"

    def label(self, state: State) -> str:
        return "pass"


_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^(?:the barbarians reroll the dice|b reroll)$"), "reroll"),
    (re.compile(r"^(?:the barbarians pass|b pass)$"), "pass"),
    (re.compile(r"^(?:the barbarians cancel the advance of the army in (.+)|b cancel (\S+))$"),
     "cancel"),
    (re.compile(r"^(?:the barbarians send the army in (.+?) to (.+)|b (\S+?)>(\S+))$"), "redirect"),
    (re.compile(r"^(?:the barbarians place the black disc in (.+)|b black (\S+))$"), "black"),
    (re.compile(r"^(?:the barbarians trade the black disc for an army in (.+)|b army (\S+))$"),
     "army"),
]


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(low)
        if not match:
            continue
        args = [g for g in match.groups() if g is not None]
        if kind == "reroll":
            return Reroll()
        if kind == "pass":
            return BarbarianPass()
        if kind == "cancel":
            return CancelAdvance(parse_province(board, args[0], text))
        if kind == "redirect":
            return Redirect(parse_province(board, args[0], text), parse_province(board, args[1], text))
        if kind == "black":
            return BlackRevolt(parse_province(board, args[0], text))
        return BlackArmy(parse_province(board, args[0], text))
    return None


# --- hooks --------------------------------------------------------------------------------------
def _setup(state: State) -> None:
    _put(state, gray=min(GRAY_DISCS, state.unrest_reserve))
    state.unrest_reserve -= gray(state)
    _put(state, black=1)
    state.revolt_reserve -= 1


def _round_start(state: State, events: Events) -> None:
    refill = min(GRAY_DISCS - gray(state), state.unrest_reserve)
    if refill > 0:
        _put(state, gray=gray(state) + refill)
        state.unrest_reserve -= refill
        if events is not None:
            events.append(GrayRefilled(gray(state), state.unrest_reserve))


def _after_roll(state: State) -> bool:
    """After a roll of his phase: a reroll (once per roll, D24, while he has gray discs) and the
    black disc (before the roll is used)."""
    rerolled = state.flags & REROLLED
    state.flags &= ~REROLLED
    may_reroll = not rerolled and gray(state) > 0
    if not may_reroll and not black_choices(state):
        return False
    state.tasks.append(DecisionStep(DECISION, SEAT, BARBARIAN_REROLL, (int(may_reroll),)))
    return True


def _redirect_targets(state: State, src: int) -> list[int]:
    board = state.board
    if board.is_border[src]:
        return []  # only once the army is inside the Empire
    usual = board.next_step[src]
    return [q for q, _ in board.neighbours[src]
            if q != usual and not board.is_border[q] and not ARMY <= state.figure[q] <= REBEL]


def _before_step(state: State, task: ArmyStep) -> bool:
    if gray(state) <= 0 and not black_choices(state):
        return False
    state.tasks.append(DecisionStep(DECISION, SEAT, BARBARIAN_ADVANCE, (task.province,)))
    return True


def _phase_start(state: State, events: Events) -> None:
    """Before R7.1: the black disc; and its moments before R7.2 and R7.3 go on the machine,
    just above those steps (the stack runs last-pushed first)."""
    if not black(state):
        return
    tasks = state.tasks
    for op, before in ((ADVANCE, BEFORE_ADVANCE), (ACTIVITY, BEFORE_ACTIVITY)):
        at = _last_index(tasks, op)
        if at >= 0:
            tasks.insert(at + 1, BlackMomentStep(BLACK_MOMENT, before))
    if black_choices(state):
        tasks.append(DecisionStep(DECISION, SEAT, BARBARIAN_BLACK, (BEFORE_SPREAD,)))


def _last_index(tasks: list[Task], op: int) -> int:
    for i in range(len(tasks) - 1, -1, -1):
        if tasks[i][0] == op:
            return i
    return -1


def run_black_moment(state: State, task: BlackMomentStep, events: Events) -> bool:
    """Before R7.2 or R7.3: the black disc, while unused and while it can go somewhere."""
    state.tasks.pop()
    if black_choices(state):
        state.tasks.append(DecisionStep(DECISION, SEAT, BARBARIAN_BLACK, (task.before,)))
    return True


def black_revolt_places(state: State) -> list[int]:
    board = state.board
    return [p for p in board.roman if state.disc[p] == NO_DISC and state.figure[p] == NO_FIGURE
            and not board.printed[p]]


def black_army_borders(state: State) -> list[int]:
    if state.armies_on_board() > 0 or state.armies_in_reserve() <= 0:
        return []
    return [b for b in state.board.borders
            if state.figure[b] == NO_FIGURE and state.disc[b] == NO_DISC]


def black_choices(state: State) -> list[Action]:
    """The black disc's uses now (R12.6, D25), none once it is spent."""
    if not black(state):
        return []
    return [*(BlackRevolt(p) for p in black_revolt_places(state)),
            *(BlackArmy(b) for b in black_army_borders(state))]


def _choices(state: State) -> list[Action] | None:
    task = state.tasks[-1] if state.tasks else None
    if not isinstance(task, DecisionStep) or task.seat != SEAT:
        return None
    kind = task.kind
    if kind == BARBARIAN_REROLL:  # its argument, when written: whether he may still reroll
        may_reroll = (not task.args or task.args[0]) and gray(state) > 0
        return [*([Reroll()] if may_reroll else []), *black_choices(state), BarbarianPass()]
    if kind == BARBARIAN_ADVANCE:
        src = task.args[0]
        spend: list[Action] = []
        if gray(state) > 0:
            spend = [CancelAdvance(src), *(Redirect(src, q) for q in _redirect_targets(state, src))]
        return [*spend, *black_choices(state), BarbarianPass()]
    if kind == BARBARIAN_BLACK:
        return [*black_choices(state), BarbarianPass()]
    return None


def _spend_gray(state: State) -> None:
    _put(state, gray=gray(state) - 1)
    state.unrest_reserve += 1


def apply(state: State, action: OptionAction, events: Events) -> None:
    board = state.board
    state.tasks.pop()  # the decision
    if isinstance(action, Reroll):
        _spend_gray(state)
        if events is not None:
            events.append(DiceRerolled(state.dice or (), gray(state), state.unrest_reserve))
        state.dice = None
        state.flags |= REROLLED
    elif isinstance(action, CancelAdvance):
        _spend_gray(state)
        state.tasks.pop()  # the army's step
        if events is not None:
            events.append(AdvanceCancelled(action.province, gray(state), state.unrest_reserve))
    elif isinstance(action, Redirect):
        _spend_gray(state)
        fallback = state.settings.param("barbaria", "redirect") == "arrow"
        state.tasks[-1] = ArmyStep(ARMY_STEP, action.province, action.dest, step_offered=True,
                                   arrow_fallback=fallback)
        if events is not None:
            events.append(ArmyRedirected(action.province, action.dest, gray(state),
                                         state.unrest_reserve))
    elif isinstance(action, BlackRevolt):
        _put(state, black=0)
        state.revolt_reserve += 1  # the black disc becomes a revolt on the board
        if events is not None:
            events.append(BlackDiscRevolt(action.province,
                                          *reserves_after_revolt(state, action.province)))
        place_revolt(state, action.province, events)
        _spreading_goes_on(state)
    elif isinstance(action, BlackArmy):
        _put(state, black=0)
        state.revolt_reserve += 1
        if events is not None:
            events.append(BlackDiscArmy(action.border))
        place_army(state, board.region_of[action.border], False, events)
    # BarbarianPass: the decision is gone and nothing else changes


def _spreading_goes_on(state: State) -> None:
    """A revolt placed during the spreading of R7.1 (after one of its broken-link rolls) spreads
    too: the wave under way is marked as having changed something, so another wave follows."""
    for i, task in enumerate(state.tasks):
        if isinstance(task, SpreadStep) and task.revolts is not None:
            state.tasks[i] = task._replace(changed=True)


def explain(state: State, action: OptionAction) -> IllegalAction:
    task = state.tasks[-1] if state.tasks else None
    if not isinstance(task, DecisionStep):
        return WrongMoment(said("the Barbarian player decides only during the Barbarian phase, "
                                "when the game asks him"))
    if task.seat != SEAT:
        return NotYourTurn(said("the game waits for an Emperor's decision, not the Barbarian "
                                "player's"))
    return IllegalAction(said("that is not one of the Barbarian player's choices now"),
                         Refusal.NOT_A_CHOICE)


def _hooks(settings: Settings) -> Hooks:
    kinds = (Reroll, CancelAdvance, Redirect, BlackRevolt, BlackArmy, BarbarianPass)
    return Hooks(setup=(_setup,), round_start=(_round_start,), after_roll=(_after_roll,),
                 before_step=(_before_step,), phase_start=(_phase_start,), decisions=(_choices,),
                 handlers={BLACK_MOMENT: run_black_moment},
                 appliers=dict.fromkeys(kinds, apply), explainers=dict.fromkeys(kinds, explain),
                 end_report=(_report,))


def _report(state: State) -> list[Event]:
    if state.result.is_defeat:
        return [BarbarianOutcome(True)]
    if state.result.is_victory:
        return [BarbarianOutcome(False)]
    return []


MODULE = register(RuleModule(
    key="barbaria", title="Barbaria", family="variant", rule="R12.6",
    pieces=("barbarian-discs",),
    summary="A fifth player leads the Barbarians with gray discs (reroll, cancel or redirect an "
            "advance) and a black disc at any moment of his phase (a revolt, or a new army); he "
            "wins if Roma falls.",
    params=(Param("redirect", "arrow", ("arrow", "stay"),
                  "a redirected army stopped by a broken link advances along its own arrow "
                  "(\"the change is cancelled\": 000, 002) or stays where it is",
                  aliases=(("3rd", "arrow"), ("2nd", "stay"))),),
    hooks=_hooks, texts=TEXTS,
    # every one of his moments is a decision of his seat: passed, the phase is the base game's
    forecast_neutral=("phase_start", "after_roll", "before_step", "decisions"),
))


# R12.6: the Barbarian player's choices, as his buttons name them
def _reroll_label(state: State, action: Reroll, name: Namer) -> Said:
    return labelled("reroll the dice (1 gray disc)")


def _cancel_label(state: State, action: CancelAdvance, name: Namer) -> Said:
    return labelled("cancel the advance (1 gray disc)")


def _redirect_label(state: State, action: Redirect, name: Namer) -> Said:
    return labelled("send it to {place} (1 gray disc)", place=state.board.label(action.dest))


def _revolt_label(state: State, action: BlackRevolt, name: Namer) -> Said:
    return labelled("{place}", place=state.board.label(action.province))


def _army_label(state: State, action: BlackArmy, name: Namer) -> Said:
    return labelled("{place}", place=state.board.label(action.border))


def _pass_label(state: State, action: BarbarianPass, name: Namer) -> Said:
    return labelled("pass")


declare_label(Reroll, _reroll_label)
declare_label(CancelAdvance, _cancel_label)
declare_label(Redirect, _redirect_label)
declare_label(BlackRevolt, _revolt_label)
declare_label(BlackArmy, _army_label)
declare_label(BarbarianPass, _pass_label)


def _board_lines(state: State, width: int) -> list[Mark]:
    """R12.6: the Barbarian player's discs, on the board as text."""
    if not state.settings.has("barbaria"):
        return []
    used = "black disc" if black(state) else "black used"
    return [Mark(f"Barbarian {gray(state)} gray, {used}", "magenta")]


declare_lines(100, _board_lines)


# --- the decisions explained (R12.6; core.faces) ---------------------------------------------
def _gray(state: State) -> Said:
    count = gray(state)
    if count == 1:
        return explained("1 gray disc")
    return explained("{count} gray discs", count=count)


def _reroll(state: State) -> Said:
    rolled = state.dice or ()
    dice = " ".join(str(d) for d in rolled)
    task = state.tasks[-1]
    may_reroll = not isinstance(task, DecisionStep) or not task.args or task.args[0]
    one = len(rolled) == 1
    if may_reroll and gray(state) > 0:
        if black(state):
            offer = (explained("may spend one of his {gray} to reroll it (once per roll, D24), or "
                               "use his black disc before the roll is used", gray=_gray(state))
                     if one else
                     explained("may spend one of his {gray} to reroll them (once per roll, D24), "
                               "or use his black disc before the roll is used", gray=_gray(state)))
        else:
            offer = (explained("may spend one of his {gray} to reroll it (once per roll, D24)",
                               gray=_gray(state)) if one else
                     explained("may spend one of his {gray} to reroll them (once per roll, D24)",
                               gray=_gray(state)))
    else:
        offer = explained("may use his black disc before the roll is used")
    purpose = explained(roll_description(state))
    if one:
        return explained("The die shows {dice} ({purpose}). Barbaria (R12.6): the Barbarian "
                         "player {offer}.", dice=dice, purpose=purpose, offer=offer)
    return explained("The dice show {dice} ({purpose}). Barbaria (R12.6): the Barbarian player "
                     "{offer}.", dice=dice, purpose=purpose, offer=offer)


def _advance(state: State) -> Said:
    board = state.board
    task = state.tasks[-1]
    src = task.args[0] if isinstance(task, DecisionStep) else -1  # the army's province
    dest = board.next_step[src]
    army = army_phrase(state, src, board.name(src))
    towards: Arg = explained(" to {dest} (its arrow)", dest=board.name(dest)) if dest >= 0 else ""
    if gray(state) <= 0:
        return explained("{army} about to advance{towards}. Barbaria (R12.6): the Barbarian player "
                         "may use his black disc before it does.", army=army, towards=towards)
    if state.settings.param("barbaria", "redirect") == "arrow":
        redirect = explained("advances along its own arrow (the change is cancelled)")
    else:
        redirect = explained("stays")
    sentence = explained(
        "{army} about to advance{towards}. Barbaria (R12.6): the Barbarian player may spend one of "
        "his {gray} to cancel the advance, or, for an army inside the Empire, to send it through "
        "another link to a Roman province without army; a redirected army stopped by a broken link "
        "{redirect}.", army=army, towards=towards, gray=_gray(state), redirect=redirect)
    if black(state):
        return explained("{sentence} He may also use his black disc now.", sentence=sentence)
    return sentence


def _black(state: State) -> Said:
    task = state.tasks[-1]
    before = task.args[0] if isinstance(task, DecisionStep) and task.args else BEFORE_SPREAD
    moment = {BEFORE_ACTIVITY: explained("The Barbarian activity (R7.2) comes next"),
              BEFORE_ADVANCE: explained("The Barbarian advance (R7.3) comes next")}.get(
        before, explained("A Barbarian phase begins"))
    if black_army_borders(state):
        return explained("{moment}. Barbaria (R12.6): once per game, at any moment of his phase, "
                         "the Barbarian player may use his black disc: a revolt on an empty Roman "
                         "province (no disc, no figure, not a capital: D25), or, no army being on "
                         "the board, return it to place an army on an empty border. He may also "
                         "keep it for later.", moment=moment)
    return explained("{moment}. Barbaria (R12.6): once per game, at any moment of his phase, the "
                     "Barbarian player may use his black disc: a revolt on an empty Roman province "
                     "(no disc, no figure, not a capital: D25). He may also keep it for later.",
                     moment=moment)


def _effect(state: State, action: Action) -> Said | None:
    """What each choice of the Barbarian player does (R12.6)."""
    board = state.board
    if isinstance(action, Reroll):
        return explained("rerolls the dice for a gray disc ({left} left after)",
                         left=gray(state) - 1)
    if isinstance(action, CancelAdvance):
        return explained("the army in {place} does not advance this turn (a gray disc)",
                         place=board.name(action.province))
    if isinstance(action, Redirect):
        return explained("the army in {place} goes to {dest} instead of along its arrow (a gray "
                         "disc)", place=board.name(action.province), dest=board.name(action.dest))
    if isinstance(action, BlackRevolt):
        return explained("a revolt in {place} (the black disc, once per game)",
                         place=board.name(action.province))
    if isinstance(action, BlackArmy):
        return explained("an army on the border of {place} (the black disc returned, once per "
                         "game)", place=board.name(action.border))
    if isinstance(action, BarbarianPass):
        return explained("lets it be: nothing is spent")
    return None


def _first(kind: type) -> Pick:
    def pick(legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if isinstance(a, kind)), None)
    return pick


declare_decision(BARBARIAN_REROLL, _reroll, _effect)
declare_decision(BARBARIAN_ADVANCE, _advance, _effect)
declare_decision(BARBARIAN_BLACK, _black, _effect)
declare_words(PASS_WORDS, _first(BarbarianPass))
declare_words(("cancel",), _first(CancelAdvance))
declare_words(("reroll",), _first(Reroll))


# The sentences of the records, for the languages of the events catalogue (render.told).
declare_told(GrayRefilled, lambda e, b: tell("The Barbarian player refills his gray discs ({gray}).",
                                             gray=e.gray))
declare_told(DiceRerolled, lambda e, b: tell("The Barbarian player spends a gray disc to reroll "
                                             "the dice."))
declare_told(AdvanceCancelled, lambda e, b: tell("The Barbarian player cancels the advance of the "
                                                 "army in {place}.", place=b.name(e.province)))
declare_told(ArmyRedirected, lambda e, b: tell("The Barbarian player sends the army in {place} "
                                               "towards {dest}.", place=b.name(e.province),
                                               dest=b.name(e.dest)))
declare_told(BlackDiscRevolt, lambda e, b: tell("The Barbarian player places his black disc in "
                                                "{place}: a revolt.", place=b.name(e.province)))
declare_told(BlackDiscArmy, lambda e, b: tell("The Barbarian player returns his black disc for an "
                                              "army."))
declare_told(BarbarianOutcome, lambda e, b: (
    tell("The Barbarian player wins: Roma has fallen.") if e.barbarians_win
    else tell("The Emperors win: the Barbarian player is beaten.")))

# R12.6: the black disc makes a revolt of whatever the province had (the terminal's phase summary)
declare_disc_changes(BlackDiscRevolt, lambda e: (DiscChange(e.province, SAME, REVOLT),))
