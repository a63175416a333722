"""The board and the legal actions drawn for a terminal of 100 x 40, readable without colour.

Each province is one line: number, name, the sea zones it touches, its disc and its figure.
Letters carry the meaning (``u`` unrest, ``R`` revolt, ``[D]`` a garrison of Diocletian, ``(D)``
his printed capital uncovered, ``@Dio`` Diocletian himself, ``ARMY``); colours only help.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.battle import explain_attack
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Sail,
    Secure,
    Subdue,
    mover,
)
from tetrarchia.core.actions import SubdueKind as Kind
from tetrarchia.core.board import Board
from tetrarchia.core.combat import battle_odds, battle_values
from tetrarchia.core.costs import attack_cost, move_cost
from tetrarchia.core.engine import apply_action, end_records
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.events import Event, PhaseEnded, TurnBegins
from tetrarchia.core.faces import ODDS
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import (
    EMPERORS,
    Piece,
)
from tetrarchia.core.state import Awaiting, State
from tetrarchia.render import render as render_event
from tetrarchia.render.board_text import (
    COLOUR,
    percent,
)

# --- the legal actions ------------------------------------------------------------------------


def odds(base_roman: int, roman_multiplier: int, base_barbarian: int, barbarian_multiplier: int) -> str:
    """R6 before the dice: both formulas and the chances over the 36 rolls."""
    win, _, lose = battle_odds(base_roman, roman_multiplier, base_barbarian, barbarian_multiplier)
    return (f"(d+{base_roman})x{roman_multiplier} vs (d+{base_barbarian})x{barbarian_multiplier}: "
            f"win {percent(win / 36)}, lose {percent(lose / 36)}")


def attack_odds(state: State, action: Attack) -> str:
    """R6 before the dice, for the Emperor or the Dux (R11.1) who attacks."""
    base = battle_values(state, mover(action), action.origin, action.target, 0, 0)
    return odds(base.roman_die + base.roman_support, base.roman_multiplier,
                base.barbarian_die + base.barbarian_support, base.barbarian_multiplier)


def option_odds(state: State, action: OptionAction) -> str | None:
    """R6 before the dice for an optional rule's battle (R11.3 the Pirates), as its module
    declares the values (``core.faces.declare_odds``); None for an action that is no battle."""
    declared = ODDS.get(type(action))
    return None if declared is None else odds(*declared(state, action))


# The headings of the list, in this order; the optional rules' own headings (their actions'
# ``group``) come after the figures' ones, in the order they first appear.
FIRST_GROUPS = ("Enter", "Place a fleet", "Move", "Move by fleet", "Sail a fleet", "Secure", "Subdue",
                "Attack", "Dux", "Vicarius", "Other Emperors")
LAST_GROUPS = ("Decide", "Other", "End")
PIECE_GROUPS = {Piece.DUX: "Dux", Piece.VICARIUS: "Vicarius"}


def action_group(action: Action, state: State) -> str:
    """The heading an action is listed under (the optional rules' actions name their own)."""
    if isinstance(action, OptionAction):
        return action.group(state)
    if state.awaiting is Awaiting.DECISION:
        return "Decide"
    if isinstance(action, (Move, Subdue, Attack)) and action.piece is not None:
        return PIECE_GROUPS.get(action.piece, "Other Emperors")  # R11.1, R11.2, R12.1
    if isinstance(action, Enter):
        return "Enter"
    if isinstance(action, PlaceFleet):
        return "Place a fleet"
    if isinstance(action, Move):
        return "Move by fleet" if action.by_fleet else "Move"
    if isinstance(action, Sail):
        return "Sail a fleet"
    if isinstance(action, Secure):
        return "Secure"
    if isinstance(action, Subdue):
        return "Subdue"
    if isinstance(action, Attack):
        return "Attack"
    if isinstance(action, EndPhase):
        return "End"
    return "Other"


def group_order(groups: Sequence[str]) -> list[str]:
    """The headings in the order of the list: the base ones, the options' ones, the last ones."""
    options = [g for g in dict.fromkeys(groups) if g not in FIRST_GROUPS and g not in LAST_GROUPS]
    return [*FIRST_GROUPS, *options, *LAST_GROUPS]


SHORT_LIST = 100  # below this width the list names provinces without coordinates, odds alone


def action_label(state: State, action: Action, short: bool = False) -> str:
    """A short label for the numbered list (the group heading says what kind of action);
    ``short``: for a narrow terminal, the provinces without their coordinates and the odds of an
    attack without the formulas."""
    board = state.board
    place = board.name if short else board.label
    if isinstance(action, OptionAction):  # a battle of an option's (R11.3): the odds before the dice
        chances = option_odds(state, action)
        return action.label(state) if chances is None else f"{action.label(state)} {chances}"
    if isinstance(action, PlaceFleet):
        return board.zones[action.zone].title
    if isinstance(action, Enter):
        return place(action.province)
    if isinstance(action, Move):
        # R2, D8: into a province where another figure stands he only passes through
        passing = ", passing" if state.figure[action.dest] else ""
        label = f"{place(action.dest)} ({move_cost(state, action)} IP{passing})"
        if action.piece is None:
            return label
        who = f"{action.piece.title} " if action.piece < Piece.DUX else ""
        return f"{who}{'by fleet ' if action.by_fleet else ''}to {label}"
    if isinstance(action, Sail):
        return f"{action.src}→{action.dst} {board.zones[action.dst].title} (1 IP)"
    if isinstance(action, Secure):
        if board.is_border[action.at]:
            return f"the border {board.name(action.at)} (2 IP)"
        return f"{board.name(action.at)} (1 IP)"
    if isinstance(action, Subdue):
        return {Kind.REMOVE_REVOLT: "remove the revolt (2 IP)",
                Kind.REDUCE_REVOLT: "revolt to unrest (1 IP)",
                Kind.REMOVE_UNREST: "remove the unrest (1 IP)"}[action.kind]
    if isinstance(action, Attack):
        chances = attack_odds(state, action)
        if short:
            chances = chances.split(": ", 1)[-1]
        label = f"{place(action.target)} ({attack_cost(state, action)} IP) {chances}"
        return label if action.piece is None else f"attack {label}"
    if isinstance(action, EndPhase):
        return "end the Roman phase"
    return format_action(action, board)


def shown_actions(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions the list shows: a move of a figure to a province reached both through a link
    and by fleet appears once, the cheaper way (the link when they cost the same).  The other way
    can still be typed in the notation."""
    best: dict[tuple[int, int], Move] = {}
    for action in actions:
        if isinstance(action, Move):
            key = (mover(action), action.dest)
            known = best.get(key)
            if known is None or (move_cost(state, action), action.by_fleet) < \
                    (move_cost(state, known), known.by_fleet):
                best[key] = action
    return [a for a in actions if not isinstance(a, Move) or best[(mover(a), a.dest)] == a]


def numbered(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions in the order the list shows them (grouped by kind): number n is item n-1."""
    shown = shown_actions(state, actions)
    groups = [action_group(a, state) for a in shown]
    rank = {group: i for i, group in enumerate(group_order(groups))}
    return [a for _, a in sorted(zip(groups, shown, strict=True), key=lambda pair: rank[pair[0]])]


def render_actions(state: State, actions: Sequence[Action], width: int = 100,
                   numbers: Mapping[Action, int] | None = None) -> Text:
    """The numbered legal actions, grouped by kind and packed into lines of ``width``.
    ``numbers``: the number of each action when they are kept stable through a Roman phase
    (``play.Numbering``); by default 1, 2, 3 ... in the order of the list."""
    out = Text()
    items = numbered(state, actions)
    groups = [action_group(a, state) for a in items]
    head = max([15, *(len(g) + 2 for g in groups)])
    short = width < SHORT_LIST
    number = numbers or {a: n for n, a in enumerate(items, 1)}
    for group in group_order(groups):
        entries = sorted(((number[a], a) for a, g in zip(items, groups, strict=True) if g == group),
                         key=lambda pair: pair[0])
        if not entries:
            continue
        line = Text()
        line.append(f"{group + ':':<{head}}", style="bold")
        used = len(line)
        for n, action in entries:
            label = action_label(state, action, short)
            piece_len = len(str(n)) + 1 + len(label) + 3
            if used + piece_len > width and used > head:
                line.rstrip()
                out.append_text(line)
                out.append("\n")
                line = Text(" " * head)
                used = head
            line.append(str(n), style="bold cyan")
            line.append(f" {label}   ")
            used += piece_len
        line.rstrip()
        out.append_text(line)
        out.append("\n")
        for n, action in entries:  # R6: what makes each side's value, before the dice
            if isinstance(action, Attack):
                out.append(f"{'':<{head}}{n}: {explain_attack(state, action)}\n", style="dim")
    gone = end_refused(state, actions)
    if gone:
        out.append(f"{'End:':<{head}}", style="bold")
        out.append(f"not now: {gone}\n", style="dim")
    out.rstrip()
    return out


def end_refused(state: State, actions: Sequence[Action]) -> str:
    """Why "end" is missing from a Roman phase's list (passing through, R2/D8), in the
    engine's words; empty when it is there."""
    if state.awaiting is not Awaiting.ROMAN_ACTION or any(isinstance(a, EndPhase) for a in actions):
        return ""
    try:
        apply_action(state.copy(), EndPhase(state.turn))
    except TetrarchiaError as exc:
        return str(exc)
    return ""


def end_report(state: State) -> list[str]:
    """The optional rules' lines at the end of a game (R12.5 individual scores and the Great,
    R12.6 the Barbarian player's win ...)."""
    return [render_event(record, state.board) for record in end_records(state)]


# --- what happened ----------------------------------------------------------------------------
EVENT_STYLE = {"end": "bold", "battle": "bold", "uprising": "bold magenta", "army": "magenta",
               "removed": "bold", "link": "dim", "barbaria": "bold magenta", "usurper": "bold magenta",
               "power": "bold", "glory": "bold yellow", "pirates": "bold", "deploy": "bold",
               "patres": "bold", "garrison": "bold"}


def print_events(console: Console, events: Sequence[Event], board: Board) -> None:
    """The engine's narration (``tetrarchia.render``): a rule for each new turn and for each
    Barbarian phase."""
    for event in events:
        text = render_event(event, board)
        if isinstance(event, TurnBegins):
            colour = COLOUR[EMPERORS[event.emperor]]
            console.rule(Text(text, style=f"bold {colour}"))
        elif isinstance(event, PhaseEnded):
            console.print(Text(f"  {text}"))
            console.rule(Text("Barbarian phase", style="bold magenta"), style="magenta")
        else:
            console.print(Text(f"  {text}", style=EVENT_STYLE.get(event.kind, "")))
