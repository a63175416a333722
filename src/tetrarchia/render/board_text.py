"""The board as text, drawn for a terminal of 100 x 40 and readable without colour: the
terminal's board (``cli/render.py``) and the research environments' ``render_mode="ansi"``
(``research/text.py``) draw it from here.

Each province is one line: number, name, the sea zones it touches, its disc and its figure.
Letters carry the meaning (``u`` unrest, ``R`` revolt, ``[D]`` a garrison of Diocletian, ``(D)``
his printed capital uncovered, ``@Dio`` Diocletian himself, ``ARMY``); colours only help.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

import tetrarchia.options  # noqa: F401  (every optional rule declares its face on import)
from tetrarchia.analysis.forecast import Forecast, phase_start
from tetrarchia.core.board import ITALIA, Board
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.faces import (
    ARMY_STYLE,
    CELLS,
    LEGENDS,
    LINES,
    SETUP_STEPS,
    ZONE_MARKS,
    Counts,
    Mark,
)
from tetrarchia.core.pieces import (
    ARMY,
    EMPERORS,
    GARRISON,
    NO_DISC,
    REVOLT,
    UNREST,
    Emperor,
)
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import (
    ADDITIONAL_REVOLT,
    INITIAL_ARMY,
    INITIAL_REVOLT,
    PLACE_FLEETS,
    in_barbarian_phase,
)
from tetrarchia.seats import seat_of

REGION_NAMES = {1: "I HISPANIA", 2: "II GALLIA", 3: "III ILLYRICVM", 4: "IV GRAECIA",
                5: "V ASIA MINOR", 6: "VI AFRICA", ITALIA: "ITALIA"}
COLOUR = {Emperor.DIOCLETIAN: "green", Emperor.GALERIUS: "yellow",
          Emperor.CONSTANTIUS: "red", Emperor.MAXIMIAN: "blue"}
FIGURE_STYLE = {Emperor.DIOCLETIAN: "bold black on green", Emperor.GALERIUS: "bold black on yellow",
                Emperor.CONSTANTIUS: "bold white on red", Emperor.MAXIMIAN: "bold white on blue"}
REVOLT_STYLE = "bold reverse"
UNREST_STYLE = "bright_black"
NAME_WIDTH = 17
BLOCK_WIDTH = 31
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
    cell = CELLS.get(figure)  # an optional rule's figure (R11, R13), as its module draws it
    if cell is not None:
        text, style = cell(state, p)
        return Text(text, style=style)
    here = emperors_in(state, p)
    if len(here) > 1:  # R2, D8: one passing through the other's province
        return Text("@" + "+".join(e.name[0] for e in here), style="bold reverse")
    if here:
        return Text(f"@{here[0].title[:3]}", style=FIGURE_STYLE[here[0]])
    return Text("    ")


def emperors_in(state: State, p: int) -> list[Emperor]:
    """The Emperors standing on ``p``: two while one passes through the other's province (R2)."""
    return [e for e in EMPERORS if state.emperor_at[e] == p]


def province_line(state: State, p: int, marks: Forecast | None = None) -> Text:
    """A province in the wide board: lead, name, coasts, disc, figure, and with ``marks`` its
    chance of being in revolt after the next R7.1-R7.2 (analysis.forecast)."""
    province = state.board.provinces[p]
    lead = "»" if province.is_border else str(province.number or "·")
    coast = "~" + "".join(str(z) for z in province.coastal) if province.coastal else ""
    line = Text(f"{lead} ")
    line.append(province.title[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if province.capital_of else "")
    line.append(f" {coast:<3}", style="cyan")
    line.append_text(disc_cell(state, p))
    line.append(" ")
    line.append_text(figure_cell(state, p))
    if marks is not None and not province.is_border:
        line.append(" ")
        line.append_text(chance_mark(state, marks, p))
    return line


def chance_mark(state: State, marks: Forecast, p: int) -> Text:
    """Five characters: the chance that ``p`` is in revolt after the next R7.1-R7.2; blank when
    no roll can reach it, R when it is and stays in revolt."""
    chance = marks.revolt[p]
    if state.disc[p] == REVOLT and chance >= SURE:
        return Text("    R", style="bold reverse")
    if chance >= 0.9995:
        return Text(" 100%", style="bold red")
    if chance < 0.0005:
        return Text("     ")
    text = f"{100 * chance:4.1f}%" if chance < 0.1 else f"{100 * chance:4.0f}%"
    return Text(text, style="bold red" if chance >= 0.5 else ("yellow" if chance >= 0.2 else ""))


def percent(p: float) -> str:
    """A chance as the terminal shows it: one decimal (66.7%, never cut to 66%)."""
    return f"{100 * p:.1f}%"


SURE = 1 - 1e-9  # a chance this close to 1 is shown as certain
MARK_WIDTH = 6  # " 42.0%" after a province of the wide board


def surely_leaving(state: State) -> list[Emperor]:
    """The Emperors on the board now whom the next phase's first step, R7.1, surely removes (no
    die is rolled before it when no broken link is in the way).  The forecast's own figures
    count the Emperors still on the board once the dice begin."""
    try:
        start = phase_start(state)
    except TetrarchiaError:
        return []
    return [e for e in EMPERORS if state.emperor_at[e] >= 0 and start.emperor_at[e] < 0]


def region_block(state: State, region: int, marks: Forecast | None = None) -> Text:
    board = state.board
    lines = [Text(REGION_NAMES.get(region, str(region)), style="bold underline")]
    lines += [province_line(state, p, marks) for p in board.region_provinces[region]]
    if region in board.border_of:
        lines.append(province_line(state, board.border_of[region]))
    return Text("\n").join(lines)


def risk_lines(state: State, marks: Forecast, width: int) -> list[Text]:
    """The forecast's marks that the board's cells have no room for: the likeliest revolts
    (when ``width`` is 0) and the Emperors at risk, a line each, within ``width``."""
    board = state.board
    lines: list[Text] = []
    if not width:
        likely = sorted((p for p in board.roman if state.disc[p] != REVOLT and marks.revolt[p] >= 0.05),
                        key=lambda p: -marks.revolt[p])
        if likely:
            lines.append(Text("Forecast, revolt after R7.1-R7.2: " + " · ".join(
                f"{board.name(p)} {percent(marks.revolt[p])}" for p in likely[:6]), style="yellow"))
    leaving = surely_leaving(state)
    risks = [f"{e.title} {percent(1.0 if e in leaving else marks.emperor_in_revolt[e])}"
             for e in EMPERORS if state.emperor_at[e] >= 0
             and (e in leaving or marks.emperor_in_revolt[e] > 0)]
    if risks:
        lines.append(Text("Forecast, Emperors on a revolt: " + " · ".join(risks), style="yellow"))
    if marks.fall > 0:
        lines.append(Text(f"Forecast, the Empire falls in this phase: {percent(marks.fall)}",
                          style="bold red"))
    return lines


def seas_and_reserves(state: State) -> Text:
    board = state.board
    lines = [Text("SEAS", style="bold underline")]
    for zone in sorted(board.zones):
        line = Text(f"{zone} {board.zones[zone].title:<16}")
        fleet = state.fleets[zone]
        mark = zone_mark(state, zone)  # R11.3 the Pirates
        if mark is not None:
            line.append(mark.text, style=mark.style)
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


def emperors_block(state: State, width: int = BLOCK_WIDTH) -> Text:
    """Where each Emperor stands; the name with its coordinates when the block is wide enough,
    the name alone otherwise (never a name cut short)."""
    board = state.board
    lines = [Text("EMPERORS", style="bold underline")]
    for e in EMPERORS:
        line = Text("▶ " if state.turn is e and not state.is_over else "  ")
        line.append_text(emperor_text(e))
        line.append(" " * (12 - len(e.title)))
        where = state.emperor_at[e]
        label = board.label(where) if where >= 0 else "off the board"
        if len(line) + len(label) > width:
            label = board.name(where)
        line.append(label, style="" if where >= 0 else "dim")
        lines.append(line)
    extra = option_lines(state, width)
    if extra:
        lines.append(Text("OPTIONS", style="bold underline"))
        lines += extra
    return Text("\n").join(lines)


def per_emperor(title: str, values: Sequence[int], signed: bool = False) -> Text:
    line = Text(f"{title:<9}")
    for e in EMPERORS:
        value = f"{values[e]:+d}" if signed else str(values[e])
        line.append(f"{e.name[0]}{value}", style=f"bold {COLOUR[e]}")
        line.append(" ")
    line.rstrip()
    return line


def option_lines(state: State, width: int = 99) -> list[Text]:
    """The pieces and counters of the optional rules in play (R11-R13), a line each, as each
    module declares them (``core.faces.declare_lines``)."""
    lines: list[Text] = []
    for _, declared in LINES:
        for line in declared(state, width):
            if isinstance(line, Counts):
                lines.append(per_emperor(line.title, line.values, line.signed))
            else:
                lines.append(Text(line.text, style=line.style))
    return lines


def option_legend(state: State) -> str:
    """The legend of the optional pieces in play (empty in the base game)."""
    return " · ".join(entry for _, legend in LEGENDS if (entry := legend(state)) is not None)


def zone_mark(state: State, zone: int) -> Mark | None:
    """What an optional rule shows in sea zone ``zone`` instead of its fleet (R11.3)."""
    for declared in ZONE_MARKS:
        marked = declared(state)
        if marked is not None and marked[0] == zone:
            return marked[1]
    return None


def is_setup(state: State) -> bool:
    """R3: the setup is still going on (dice for revolts and armies, or fleets to place)."""
    return any(task[0] in SETUP_TASKS or task[0] in SETUP_STEPS for task in state.tasks)


def status_line(state: State, ai: str = "") -> Text:
    """The header: level, options, round, whose turn, IP, borders; ``ai``: the seats the
    program plays (``AI Galerius``), so a player sees whom he plays with (issue 30)."""
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
        if state.awaiting is Awaiting.ROMAN_ACTION:  # with the AI's seats, short: 80 columns
            line.append(f" · {state.ip} IP{'' if ai else ' left'}", style="bold")
        elif in_barbarian_phase(state):
            line.append(" · Barbarian phase", style="magenta")
    # with the AI's seats named, "borders" alone (and "6 IP") keeps the line within 80 columns
    line.append(f" · {'' if ai else 'secured '}borders {state.secured_borders()}/6")
    if ai:
        line.append(f" · {ai}", style="bold cyan")
    return line


WIDE = 3 * BLOCK_WIDTH + 2 * 3  # three columns of blocks with " │ " between them: 99
COMPACT = 79  # the compact layout: a grid of the six regions, fits 80 columns


def render_board(state: State, width: int = 100, marks: Forecast | None = None,
                 ai: str = "") -> RenderableType:
    """The whole table, in the layout the width allows: three columns of regions, seas,
    reserves and Emperors from 98 columns (wider blocks on a wider terminal); the compact grid
    of the six regions (about 15 lines) from 79 columns, so that an 80x24 terminal keeps the
    actions and the narration in view; the blocks one under the other below that.

    ``marks``: the forecast of the next Barbarian phase (``forecast on``): each province's chance
    of revolt in its line when the wide board has room (from 117 columns), else the likeliest in
    a line below; the Emperors at risk and the chance of the fall below.  ``ai``: the seats the
    program plays, in the status line."""
    if width >= WIDE:
        return wide_board(state, width, marks, ai)
    if width >= COMPACT:
        return compact_board(state, marks, ai)
    columns = max(1, min(3, (width + 1) // (BLOCK_WIDTH + 1)))
    return blocks_board(state, columns, BLOCK_WIDTH, " ", marks, ai)


def wide_board(state: State, width: int, marks: Forecast | None = None,
               ai: str = "") -> RenderableType:
    """Three columns, the blocks as wide as the terminal allows (up to 44 characters), with a
    rule between the columns so that a figure at a line's end reads as that province's."""
    block = min(44, (width - 2 * 3) // 3)
    return blocks_board(state, 3, block, "│", marks, ai)


def blocks_board(state: State, columns: int, block: int, rule: str,
                 marks: Forecast | None = None, ai: str = "") -> RenderableType:
    in_cells = marks is not None and block >= BLOCK_WIDTH + MARK_WIDTH
    blocks = [region_block(state, r, marks if in_cells else None) for r in (1, 2, 3, 4, 5, 6, ITALIA)]
    blocks += [seas_and_reserves(state), emperors_block(state, block)]
    grid = Table.grid(padding=0)
    for n in range(columns):
        if n:
            grid.add_column(width=3, no_wrap=True)
        grid.add_column(width=block, no_wrap=True)
    for start in range(0, len(blocks), columns):
        items = blocks[start:start + columns]
        height = max(len(item.plain.split("\n")) for item in items)
        row: list[RenderableType] = []
        for n, item in enumerate(items):
            if n:
                row.append(Text("\n".join(f" {rule} " for _ in range(height)), style="dim"))
            row.append(item)
        grid.add_row(*row)
    legends = [Text(LEGEND, style="dim")]
    extra = option_legend(state)
    if extra:
        legends.append(Text(extra, style="dim"))
    if marks is not None:
        legends += risk_lines(state, marks, block if in_cells else 0)
    return Group(status_line(state, ai), grid, *legends)


# --- the compact grid (80 columns) --------------------------------------------------------------
CELL = 12  # a province: 6 letters of its name, its disc, its figure
REGION_HEADS = {1: "I HISPANIA", 2: "II GALLIA", 3: "III ILLYRIC", 4: "IV GRAECIA", 5: "V ASIA MIN",
                6: "VI AFRICA"}
COMPACT_LEGEND = "u unrest R revolt DGCM garrison dgcm capital *Roma ARM army » border · help"


def disc_letter(state: State, p: int) -> Text:
    """One character for the disc on ``p``: u, R, the owner's initial for a garrison, his
    initial in lower case for his uncovered printed capital (R2), * for uncovered Roma."""
    disc = state.disc[p]
    if disc == UNREST:
        return Text("u", style=UNREST_STYLE)
    if disc == REVOLT:
        return Text("R", style=REVOLT_STYLE)
    if disc >= GARRISON:
        owner = Emperor(disc - GARRISON)
        return Text(owner.name[0], style=f"bold {COLOUR[owner]}")
    printed = state.board.provinces[p].capital_of
    if disc == NO_DISC and len(printed) == 1:
        return Text(printed[0].name[0].lower(), style=COLOUR[printed[0]])
    if disc == NO_DISC and printed:
        return Text("*", style="bold")
    return Text(" ")


def figure_short(state: State, p: int) -> Text:
    """Three characters for the figure(s) on ``p`` (two Emperors: D+G)."""
    full = figure_cell(state, p)
    here = emperors_in(state, p)
    if len(here) > 1:
        return Text("+".join(e.name[0] for e in here), style=full.style)
    if not full.plain.strip():
        return Text("   ")
    text = full.plain.lstrip("@")[:3]
    return Text(text, style=full.style)


def short_names(board: Board, size: int = 6) -> tuple[str, ...]:
    """Each province's name cut to ``size`` letters so that no two read the same (issue 30: at
    80 columns "German" stood for three provinces): the first letters when they are unique,
    else the first word's start and the next word's initial (``Germ S``, ``Pann I``), else the
    start and the last letter."""
    return _short_names(tuple(p.title for p in board.provinces), size)


@functools.lru_cache(maxsize=8)
def _short_names(titles: tuple[str, ...], size: int) -> tuple[str, ...]:
    def candidates(title: str) -> list[str]:
        words = title.split()
        found = [title[:size]]
        if len(words) > 1:
            found.append(f"{words[0][:size - 2]} {words[1][0]}")
        found.append(title[:size - 1] + title[-1])
        return found

    options = [candidates(title) for title in titles]
    chosen = [0] * len(options)
    for _ in range(3):
        names = [o[min(c, len(o) - 1)] for o, c in zip(options, chosen, strict=True)]
        seen: dict[str, int] = {}
        for name in names:
            seen[name] = seen.get(name, 0) + 1
        if all(n == 1 for n in seen.values()):
            break
        chosen = [c + 1 if seen[name] > 1 else c for c, name in zip(chosen, names, strict=True)]
    return tuple(o[min(c, len(o) - 1)] for o, c in zip(options, chosen, strict=True))


def compact_cell(state: State, p: int) -> Text:
    name = short_names(state.board)[p]
    cell = Text(name.ljust(6), style="bold" if state.board.provinces[p].capital_of else "")
    cell.append(" ")
    cell.append_text(disc_letter(state, p))
    cell.append(" ")
    cell.append_text(figure_short(state, p))
    return cell


def compact_row(state: State, lead: str, provinces: Sequence[int | None]) -> Text:
    line = Text(f"{lead:<2}")
    for n, p in enumerate(provinces):
        if n:
            line.append(" ")
        line.append_text(compact_cell(state, p) if p is not None else Text(" " * CELL))
    line.rstrip()
    return line


def compact_board(state: State, marks: Forecast | None = None, ai: str = "") -> RenderableType:
    """The board in about 15 lines of 79 columns: a column per region (rows 1-6 and the border
    ») and Italia in a row, then the seas, the reserves, the Emperors, the options and the
    status line."""
    board = state.board
    regions = (1, 2, 3, 4, 5, 6)
    lines: list[Text] = []
    head = Text("  ")
    head.append(" ".join(f"{REGION_HEADS[r]:<{CELL}}" for r in regions), style="bold")
    head.rstrip()
    lines.append(head)
    rows = max(len(board.region_provinces[r]) for r in regions)
    for n in range(rows):
        cells = [board.region_provinces[r][n] if n < len(board.region_provinces[r]) else None
                 for r in regions]
        lines.append(compact_row(state, str(n + 1), cells))
    lines.append(compact_row(state, "»", [board.border_of.get(r) for r in regions]))
    # the regions named again under their columns: on 24 lines a long list of actions pushes
    # the top of the board away, and the grid is read from here (issue 30)
    lines.append(head)
    italia = list(board.region_provinces[ITALIA])
    for start in range(0, len(italia), len(regions)):
        lines.append(compact_row(state, "·", italia[start:start + len(regions)]))
    seas = Text("Seas ", style="bold")
    for n, zone in enumerate(sorted(board.zones)):
        if n:
            seas.append(" · ")
        seas.append(f"{zone} {board.zones[zone].title.split()[-1]} ")
        mark = zone_mark(state, zone)  # R11.3 the Pirates
        if mark is not None:
            seas.append(mark.text, style=mark.style)
        else:
            fleet = bool(state.fleets[zone])
            seas.append("FLEET" if fleet else "-", style="bold cyan" if fleet else "")
    lines.append(seas)
    reserves = Text("Reserves ", style="bold")
    reserves.append(f"unrest {state.unrest_reserve} revolt {state.revolt_reserve} armies "
                    f"{state.armies_in_reserve()} · garrisons ")
    for e in EMPERORS:
        reserves.append(f"{e.name[0]}{state.garrisons[e]} ", style=f"bold {COLOUR[e]}")
    reserves.rstrip()
    lines.append(reserves)
    emperors = Text("Emperors ", style="bold")
    for n, e in enumerate(EMPERORS):
        if n:
            emperors.append(" · ")
        if state.turn is e and not state.is_over:
            emperors.append("▶")
        emperors.append(e.title[:3], style=f"bold {COLOUR[e]}")
        where = state.emperor_at[e]
        emperors.append(f" {board.name(where)}" if where >= 0 else " off", style="" if where >= 0 else "dim")
    lines.append(emperors)
    extra = option_lines(state)
    if extra:
        lines.append(Text(" · ").join(extra))
    lines.append(Text(COMPACT_LEGEND, style="dim"))
    extra_legend = option_legend(state)
    if extra_legend:
        lines.append(Text(extra_legend, style="dim"))
    if marks is not None:
        lines += risk_lines(state, marks, 0)
    # the status last, next to the list and the prompt: on 24 lines a long list of actions
    # pushes the top of the board away, never whose turn it is and the IP left
    lines.append(status_line(state, ai))
    return Group(*lines)
