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
from tetrarchia.core.board import ITALIA, Board
from tetrarchia.core.combat import battle_values
from tetrarchia.core.events import Event, PhaseEnded, TurnBegins
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    EMPERORS,
    GARRISON,
    GOTHS,
    NO_DISC,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Emperor,
    Piece,
)
from tetrarchia.core.roman import attack_cost, move_cost
from tetrarchia.core.state import DEAD, IN_BOX, Awaiting, Result, State
from tetrarchia.core.tasks import (
    ADDITIONAL_REVOLT,
    INITIAL_ARMY,
    INITIAL_REVOLT,
    PLACE_FLEETS,
    in_barbarian_phase,
)
from tetrarchia.options.barbaria import black as barbarian_black
from tetrarchia.options.barbaria import gray as barbarian_gray
from tetrarchia.options.common import BURNED
from tetrarchia.options.dux import dux_at
from tetrarchia.options.imperivm_first import RECOVERABLE
from tetrarchia.options.patres_patriae import IP_NEXT
from tetrarchia.options.pirates import PIRATES_SETUP, AttackPirates, coast_values, pirates_zone
from tetrarchia.options.roma_aeterna import GLORY
from tetrarchia.options.scenarios import rebel_name, rebels
from tetrarchia.options.vicarius import vicarius_at
from tetrarchia.render import render as render_event
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
SETUP_TASKS = (INITIAL_REVOLT, ADDITIONAL_REVOLT, INITIAL_ARMY, PLACE_FLEETS, PIRATES_SETUP)
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


def rebel_tag(name: str) -> str:
    """Four letters for a rebel army on the board (R13): CARA, BERB, NARS, DOMI."""
    return name.removeprefix("the ")[:4].upper()


def figure_cell(state: State, p: int) -> Text:
    figure = state.figure[p]
    if figure == ARMY:
        return Text("ARMY", style=ARMY_STYLE)
    if figure == GOTHS:  # R11.4
        return Text("GOTH", style=ARMY_STYLE)
    if figure == REBEL:  # R13
        return Text(rebel_tag(rebel_name(state, p) or "rebel"), style=ARMY_STYLE)
    if figure == DUX:  # R11.1
        return Text("DVX ", style="bold black on white")
    if figure == VICARIUS:  # R11.2
        return Text("VIC ", style="bold black on cyan")
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
        if pirates_zone(state) == zone:  # R11.3
            line.append("PIRATES", style="bold red")
        else:
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
    extra = option_lines(state)
    if extra:
        lines.append(Text("OPTIONS", style="bold underline"))
        lines += extra
    return Text("\n").join(lines)


def piece_place(state: State, at: int) -> str:
    """Where the Dux or the Vicarius is (R11.1, R11.2)."""
    if at == IN_BOX:
        return "not deployed"
    if at == DEAD:
        return "dead (out of the game)"
    return state.board.label(at)


def per_emperor(title: str, values: Sequence[int], signed: bool = False) -> Text:
    line = Text(f"{title:<9}")
    for e in EMPERORS:
        value = f"{values[e]:+d}" if signed else str(values[e])
        line.append(f"{e.name[0]}{value}", style=f"bold {COLOUR[e]}")
        line.append(" ")
    line.rstrip()
    return line


def option_lines(state: State) -> list[Text]:
    """The pieces and counters of the optional rules in play (R11-R13), a line each."""
    settings = state.settings
    board = state.board
    lines: list[Text] = []
    if settings.has("dux"):
        lines.append(Text(f"Dux      {piece_place(state, dux_at(state))}"))
    if settings.has("vicarius"):
        lines.append(Text(f"Vicarius {piece_place(state, vicarius_at(state))}"))
    if settings.has("goths"):
        goths = [p for p, f in enumerate(state.figure) if f == GOTHS]
        lines.append(Text(f"Goths    {board.label(goths[0]) if goths else 'in the reserve'}"))
    if settings.has("pirates"):
        where = board.zones[pirates_zone(state)].title if pirates_zone(state) else "off the board"
        lines.append(Text(f"Pirates  {where}"))
    for border, zone in rebels(state):
        name = rebel_name(state, border) or "Rebels"
        lines.append(Text(f"{name[0].upper()}{name[1:]}: {board.name(border)}, fleet ~{zone}"))
    if settings.has("roma-aeterna") or settings.has("the-great"):
        lines.append(per_emperor("glory", list(GLORY.get(state).counts)))
    if settings.has("imperivm") or settings.has("imperivm-1st"):
        lines.append(per_emperor("burned", list(BURNED.get(state).counts)))
    if settings.has("imperivm-1st") and any(RECOVERABLE.get(state).counts):
        lines.append(per_emperor("to regain", list(RECOVERABLE.get(state).counts)))
    if settings.has("patres-patriae") and any(IP_NEXT.get(state).counts):
        lines.append(per_emperor("IP next", list(IP_NEXT.get(state).counts), signed=True))
    if settings.has("barbaria"):
        black = "black disc" if barbarian_black(state) else "black used"
        lines.append(Text(f"Barbarian {barbarian_gray(state)} gray, {black}", style="magenta"))
    return lines


def option_legend(state: State) -> str:
    """The legend of the optional pieces in play (empty in the base game)."""
    settings = state.settings
    parts = []
    if settings.has("goths"):
        parts.append("GOTH the Goths")
    if settings.has("dux"):
        parts.append("DVX the Dux")
    if settings.has("vicarius"):
        parts.append("VIC the Vicarius")
    if rebels(state):
        tags = "/".join(rebel_tag(rebel_name(state, b) or "rebel") for b, _ in rebels(state))
        parts.append(f"{tags} rebel armies (fleet ~zone to attack them)")
    if settings.has("pirates"):
        parts.append("PIRATES their sea zone")
    return " · ".join(parts)


def is_setup(state: State) -> bool:
    """R3: the setup is still going on (dice for revolts and armies, or fleets to place)."""
    return any(task[0] in SETUP_TASKS for task in state.tasks)


def status_line(state: State) -> Text:
    settings = state.settings
    line = Text("TETRARCHIA", style="bold")
    line.append(f" {settings.level} · ")
    if settings.options:
        line.append(" ".join(f"+{key}" for key in settings.options) + " · ", style="cyan")
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
        elif in_barbarian_phase(state):
            line.append(" · Barbarian phase", style="magenta")
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
    legends = [Text(LEGEND, style="dim")]
    extra = option_legend(state)
    if extra:
        legends.append(Text(extra, style="dim"))
    return Group(status_line(state), grid, *legends)


# --- the legal actions ------------------------------------------------------------------------


def odds(base_roman: int, roman_multiplier: int, base_barbarian: int, barbarian_multiplier: int) -> str:
    """R6 before the dice: both formulas and the chances over the 36 rolls."""
    win = lose = 0
    for roman in range(1, 7):
        for barbarian in range(1, 7):
            r = (roman + base_roman) * roman_multiplier
            b = (barbarian + base_barbarian) * barbarian_multiplier
            win += r > b
            lose += r < b
    return (f"(d+{base_roman})x{roman_multiplier} vs (d+{base_barbarian})x{barbarian_multiplier}: "
            f"win {win * 100 // 36}%, lose {lose * 100 // 36}%")


def attack_odds(state: State, action: Attack) -> str:
    """R6 before the dice, for the Emperor or the Dux (R11.1) who attacks."""
    base = battle_values(state, mover(action), action.origin, action.target, 0, 0)
    return odds(base.roman_die + base.roman_support, base.roman_multiplier,
                base.barbarian_die + base.barbarian_support, base.barbarian_multiplier)


def pirate_odds(state: State, action: AttackPirates) -> str:
    """R11.3 before the dice: the coast counts as linked."""
    piece = action.piece if action.piece is not None else action.emperor
    support, times, revolts, pirate_times = coast_values(state, piece, pirates_zone(state))
    return odds(support, times, revolts, pirate_times)


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


def action_label(state: State, action: Action) -> str:
    """A short label for the numbered list (the group heading says what kind of action)."""
    board = state.board
    if isinstance(action, AttackPirates):  # R11.3: the odds before the dice
        return f"{action.label(state)} {pirate_odds(state, action)}"
    if isinstance(action, OptionAction):
        return action.label(state)
    if isinstance(action, PlaceFleet):
        return board.zones[action.zone].title
    if isinstance(action, Enter):
        return board.label(action.province)
    if isinstance(action, Move):
        passing = ", passing" if state.figure[action.dest] and not state.passing else ""
        label = f"{board.label(action.dest)} ({move_cost(state, action)} IP{passing})"
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
        label = f"{board.label(action.target)} ({attack_cost(state, action)} IP) {attack_odds(state, action)}"
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


def render_actions(state: State, actions: Sequence[Action], width: int = 100) -> Text:
    """The numbered legal actions, grouped by kind and packed into lines of ``width``."""
    out = Text()
    items = numbered(state, actions)
    groups = [action_group(a, state) for a in items]
    head = max([15, *(len(g) + 2 for g in groups)])
    for group in group_order(groups):
        entries = [(n, a) for n, (a, g) in enumerate(zip(items, groups, strict=True), 1) if g == group]
        if not entries:
            continue
        line = Text()
        line.append(f"{group + ':':<{head}}", style="bold")
        used = len(line)
        for n, action in entries:
            label = action_label(state, action)
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
    out.rstrip()
    return out


def end_report(state: State) -> list[str]:
    """The optional rules' lines at the end of a game (R12.5 individual scores and the Great,
    R12.6 the Barbarian player's win ...)."""
    return [line for hook in state.hooks.end_report for line in hook(state)]


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
