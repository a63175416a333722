"""The board and the legal actions drawn for a terminal of 100 x 40, readable without colour.

Each province is one line: number, name, the sea zones it touches, its disc and its figure.
Letters carry the meaning (``u`` unrest, ``R`` revolt, ``[D]`` a garrison of Diocletian, ``(D)``
his printed capital uncovered, ``@Dio`` Diocletian himself, ``ARMY``); colours only help.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tetrarchia.core.actions import Action, Attack, EndPhase, Enter, Move, PlaceFleet, Sail, Secure, Subdue
from tetrarchia.core.actions import SubdueKind as Kind
from tetrarchia.core.board import ITALIA
from tetrarchia.core.combat import battle_values
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import ARMY, EMPERORS, GARRISON, NO_DISC, REVOLT, UNREST, Emperor
from tetrarchia.core.roman import attack_cost, move_cost
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import ADDITIONAL_REVOLT, INITIAL_ARMY, INITIAL_REVOLT, PLACE_FLEETS
from tetrarchia.seats import seat_of

REGION_NAMES = {1: "I HISPANIA", 2: "II GALLIA", 3: "III ILLYRICVM", 4: "IV GRAECIA",
                5: "V ASIA MINOR", 6: "VI AFRICA", ITALIA: "ITALIA"}
COLOUR = {Emperor.DIOCLETIAN: "green", Emperor.GALERIUS: "yellow",
          Emperor.CONSTANTIUS: "red", Emperor.MAXIMIAN: "blue"}
FIGURE_STYLE = {Emperor.DIOCLETIAN: "bold black on green", Emperor.GALERIUS: "bold black on yellow",
                Emperor.CONSTANTIUS: "bold white on red", Emperor.MAXIMIAN: "bold white on blue"}
ARMY_STYLE = "bold white on magenta"
REVOLT_STYLE = "bold reverse"
UNREST_STYLE = "bright_black"
NAME_WIDTH = 17
BLOCK_WIDTH = 32
RESULT_TEXT = {
    Result.ROMA_VICTRIX: "ROMA VICTRIX: all six borders are secured",
    Result.ARMY_IN_ROMA: "THE EMPIRE FALLS: a Barbarian army entered Roma",
    Result.RESERVE_EMPTY: "THE EMPIRE FALLS: an unrest or revolt disc had to be placed and its reserve "
                          "was empty",
}
SETUP_TASKS = (INITIAL_REVOLT, ADDITIONAL_REVOLT, INITIAL_ARMY, PLACE_FLEETS)
RESULT_SHORT = {
    Result.ROMA_VICTRIX: "ROMA VICTRIX",
    Result.ARMY_IN_ROMA: "THE EMPIRE FALLS: an army in Roma",
    Result.RESERVE_EMPTY: "THE EMPIRE FALLS: a disc reserve is empty",
}
LEGEND = ("u unrest · R revolt · [D] garrison · (D) capital uncovered, (*) Roma · @Dio Emperor · "
          "ARMY · ~2 sea")


def emperor_text(emperor: Emperor) -> Text:
    return Text(emperor.title, style=f"bold {COLOUR[emperor]}")


def disc_cell(state: State, p: int) -> Text:
    """Three characters for the disc on ``p`` (R2: a printed capital counts until covered)."""
    disc = state.disc[p]
    if disc == UNREST:
        return Text(" u ", style=UNREST_STYLE)
    if disc == REVOLT:
        return Text(" R ", style=REVOLT_STYLE)
    if disc >= GARRISON:
        owner = Emperor(disc - GARRISON)
        return Text(f"[{owner.name[0]}]", style=f"bold {COLOUR[owner]}")
    printed = state.board.provinces[p].capital_of
    if disc == NO_DISC and len(printed) == 1:
        return Text(f"({printed[0].name[0]})", style=COLOUR[printed[0]])
    if disc == NO_DISC and printed:
        return Text("(*)", style="bold")
    return Text("   ")


def figure_cell(state: State, p: int) -> Text:
    figure = state.figure[p]
    if figure == ARMY:
        return Text("ARMY", style=ARMY_STYLE)
    emperor = state.emperor_on(p)
    if emperor >= 0:
        e = Emperor(emperor)
        return Text(f"@{e.title[:3]}", style=FIGURE_STYLE[e])
    return Text("    ")


def province_line(state: State, p: int) -> Text:
    province = state.board.provinces[p]
    lead = "»" if province.is_border else str(province.number or "·")
    coast = "~" + "".join(str(z) for z in province.coastal) if province.coastal else ""
    line = Text(f"{lead} ")
    line.append(province.title[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if province.capital_of else "")
    line.append(f" {coast:<3} ", style="cyan")
    line.append_text(disc_cell(state, p))
    line.append(" ")
    line.append_text(figure_cell(state, p))
    return line


def region_block(state: State, region: int) -> Text:
    board = state.board
    lines = [Text(REGION_NAMES.get(region, str(region)), style="bold underline")]
    lines += [province_line(state, p) for p in board.region_provinces[region]]
    if region in board.border_of:
        lines.append(province_line(state, board.border_of[region]))
    return Text("\n").join(lines)


def seas_and_reserves(state: State) -> Text:
    board = state.board
    lines = [Text("SEAS", style="bold underline")]
    for zone in sorted(board.zones):
        line = Text(f"{zone} {board.zones[zone].title:<16}")
        fleet = state.fleets[zone]
        line.append("FLEET" if fleet else "  -  ", style="bold cyan" if fleet else "")
        lines.append(line)
    lines.append(Text("RESERVES", style="bold underline"))
    lines.append(Text(f"unrest {state.unrest_reserve:>2}  revolt {state.revolt_reserve:>2}  "
                      f"armies {state.armies_in_reserve()}"))
    garrisons = Text("garrisons ")
    for e in EMPERORS:
        garrisons.append(f"{e.name[0]}{state.garrisons[e]}", style=f"bold {COLOUR[e]}")
        garrisons.append(" ")
    lines.append(garrisons)
    return Text("\n").join(lines)


def emperors_block(state: State) -> Text:
    board = state.board
    lines = [Text("EMPERORS", style="bold underline")]
    for e in EMPERORS:
        line = Text("▶ " if state.turn is e and not state.is_over else "  ")
        line.append_text(emperor_text(e))
        line.append(" " * (12 - len(e.title)))
        where = state.emperor_at[e]
        line.append(board.label(where) if where >= 0 else "off the board",
                    style="" if where >= 0 else "dim")
        lines.append(line)
    return Text("\n").join(lines)


def is_setup(state: State) -> bool:
    """R3: the setup is still going on (dice for revolts and armies, or fleets to place)."""
    return any(task[0] in SETUP_TASKS for task in state.tasks)


def status_line(state: State) -> Text:
    settings = state.settings
    line = Text("TETRARCHIA", style="bold")
    line.append(f" {settings.level} · ")
    if state.is_over:
        line.append(RESULT_SHORT[state.result], style="bold")
        return line
    if is_setup(state):
        line.append("setup", style="bold")
    else:
        line.append(f"round {state.round} · ")
        line.append_text(emperor_text(state.turn))
        line.append("'s turn")
        if settings.players > 1:
            line.append(f" (Player {seat_of(state.turn, settings.players, settings.shared_caesar)})")
        if state.awaiting is Awaiting.ROMAN_ACTION:
            line.append(f" · {state.ip} IP left", style="bold")
    line.append(f" · secured borders {state.secured_borders()}/6")
    return line


def render_board(state: State, width: int = 100) -> RenderableType:
    """The whole table: status, the 7 regions, the seas, the reserves and the Emperors, in three
    columns (two or one on a narrower terminal)."""
    columns = max(1, min(3, (width + 1) // (BLOCK_WIDTH + 1)))
    blocks = [region_block(state, r) for r in (1, 2, 3, 4, 5, 6, ITALIA)]
    blocks += [seas_and_reserves(state), emperors_block(state)]
    grid = Table.grid(padding=(0, 1))
    for _ in range(columns):
        grid.add_column(width=BLOCK_WIDTH, no_wrap=True)
    for start in range(0, len(blocks), columns):
        grid.add_row(*blocks[start:start + columns])
    return Group(status_line(state), grid, Text(LEGEND, style="dim"))


# --- the legal actions ------------------------------------------------------------------------


def attack_odds(state: State, action: Attack) -> str:
    """R6 before the dice: both formulas and the chances over the 36 rolls."""
    base = battle_values(state, action.emperor, action.origin, action.target, 0, 0)
    win = lose = 0
    for roman in range(1, 7):
        for barbarian in range(1, 7):
            r = (roman + base.roman_support) * base.roman_multiplier
            b = (barbarian + base.barbarian_support) * base.barbarian_multiplier
            win += r > b
            lose += r < b
    return (f"(d+{base.roman_support})x{base.roman_multiplier} vs (d+{base.barbarian_support})"
            f"x{base.barbarian_multiplier}: win {win * 100 // 36}%, lose {lose * 100 // 36}%")


GROUPS = ("Enter", "Place a fleet", "Move", "Move by fleet", "Sail a fleet", "Secure", "Subdue",
          "Attack", "Other", "End")


def action_group(action: Action) -> str:
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
    return "Other"  # the actions of optional rules (R11-R12)


def action_label(state: State, action: Action) -> str:
    """A short label for the numbered list (the group heading says what kind of action)."""
    board = state.board
    if isinstance(action, PlaceFleet):
        return board.zones[action.zone].title
    if isinstance(action, Enter):
        return board.label(action.province)
    if isinstance(action, Move):
        passing = ", passing" if state.figure[action.dest] and not state.passing else ""
        return f"{board.label(action.dest)} ({move_cost(state, action)} IP{passing})"
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
        return f"{board.label(action.target)} ({attack_cost(state, action)} IP) {attack_odds(state, action)}"
    if isinstance(action, EndPhase):
        return "end the Roman phase"
    return format_action(action, board)


def shown_actions(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions the list shows: a move to a province reached both through a link and by fleet
    appears once, the cheaper way (the link when they cost the same).  The other way can still be
    typed in the notation."""
    best: dict[int, Move] = {}
    for action in actions:
        if isinstance(action, Move):
            known = best.get(action.dest)
            if known is None or (move_cost(state, action), action.by_fleet) < \
                    (move_cost(state, known), known.by_fleet):
                best[action.dest] = action
    return [a for a in actions if not isinstance(a, Move) or best[a.dest] == a]


def numbered(state: State, actions: Sequence[Action]) -> list[Action]:
    """The actions in the order the list shows them (grouped by kind): number n is item n-1."""
    return sorted(shown_actions(state, actions), key=lambda a: GROUPS.index(action_group(a)))


def render_actions(state: State, actions: Sequence[Action], width: int = 100) -> Text:
    """The numbered legal actions, grouped by kind and packed into lines of ``width``."""
    out = Text()
    items = numbered(state, actions)
    for group in GROUPS:
        entries = [(n, a) for n, a in enumerate(items, 1) if action_group(a) == group]
        if not entries:
            continue
        line = Text()
        line.append(f"{group + ':':<15}", style="bold")
        used = len(line)
        for n, action in entries:
            label = action_label(state, action)
            piece_len = len(str(n)) + 1 + len(label) + 3
            if used + piece_len > width and used > 15:
                line.rstrip()
                out.append_text(line)
                out.append("\n")
                line = Text(" " * 15)
                used = 15
            line.append(str(n), style="bold cyan")
            line.append(f" {label}   ")
            used += piece_len
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


# --- what happened ----------------------------------------------------------------------------
EVENT_STYLE = {"end": "bold", "battle": "bold", "uprising": "bold magenta", "army": "magenta",
               "removed": "bold", "link": "dim"}


def print_events(console: Console, events: Sequence[Event]) -> None:
    """The engine's narration: a rule for each new turn and for each Barbarian phase."""
    for event in events:
        if event.kind == "turn" and event.text.startswith("Round"):
            colour = next((COLOUR[e] for e in EMPERORS if e.title in event.text), "")
            console.rule(Text(event.text, style=f"bold {colour}"))
        elif event.kind == "phase":
            console.print(Text(f"  {event.text}"))
            console.rule(Text("Barbarian phase", style="bold magenta"), style="magenta")
        else:
            console.print(Text(f"  {event.text}", style=EVENT_STYLE.get(event.kind, "")))
            if event.kind == "battle" and "Roman phase ends" in event.text:  # R5.5 defeat
                console.rule(Text("Barbarian phase", style="bold magenta"), style="magenta")
