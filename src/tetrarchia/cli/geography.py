"""The ``map`` command: the provinces where they lie on the map of the Empire, roughly.

The board data (``data/board.toml``) has no positions, so this table lays the 48 spaces on a grid
of 8 columns (west to east) and 9 rows (north to south) by the geography of the Roman Empire:
Britannia and the Rhine in the north-west, Hispania in the west, Italia in the middle, the Danube
and Graecia to the east of it, Asia Minor and Syria in the east, Africa along the bottom.  The
grid squeezes the east (Asia Minor and Mesopotamia share the last two columns), so the map is a
sketch for finding one's way, not a survey; links and costs are given by ``info PROVINCE``.

Each cell is 9 characters: five letters of the name, the disc (the board's letters), the figure
in two letters, and the direction in which an army standing there advances (R7.3, its arrow or
D9), an arrow pointing to the neighbouring cell it goes to.  A board file with other provinces
(``--board``) shows the ones this table does not place in a line under the map.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from tetrarchia.core.state import State
from tetrarchia.render.board_text import disc_letter, emperors_in, figure_cell

COLUMN = 10  # a cell of 9 characters and a space
LAYOUT: dict[str, tuple[int, int]] = {  # province id: (row, column)
    "britannia": (0, 1), "germania_magna": (0, 3), "sarmatia": (0, 5),
    "belgica": (1, 1), "germania_inferior": (1, 2), "rhaetia": (1, 3), "pannonia_superior": (1, 4),
    "dacia": (1, 5), "moesia_inferior": (1, 6),
    "lvgdvnensis": (2, 1), "germania_superior": (2, 2), "noricvm": (2, 3),
    "pannonia_inferior": (2, 4), "moesia_superior": (2, 5), "thracia": (2, 6), "bithynia": (2, 7),
    "aqvitania": (3, 0), "narbonensis": (3, 1), "cisalpina": (3, 2), "venetia": (3, 3),
    "dalmatia": (3, 4), "macedonia": (3, 5), "asia": (3, 6), "cappadocia": (3, 7),
    "gallaecia": (4, 0), "tarraconensis": (4, 1), "etrvria": (4, 2), "epirvs": (4, 4),
    "achaia": (4, 5), "cilicia": (4, 6), "mesopotamia": (4, 7),
    "lvsitania": (5, 0), "carthaginensis": (5, 1), "roma": (5, 2), "lvcania": (5, 3),
    "syria": (5, 6), "persia": (5, 7),
    "baetica": (6, 0), "sicilia": (6, 3),
    "tingitana": (7, 0), "mavretania": (7, 1), "nvmidia": (7, 2), "africa": (7, 3),
    "tripolitania": (7, 4), "cyrenaica": (7, 5), "aegyptvs": (7, 6),
    "gaetvlia": (8, 0), "libya": (8, 4),
}
ARROWS = {(-1, -1): "↖", (-1, 0): "↑", (-1, 1): "↗", (0, -1): "←", (0, 1): "→",
          (1, -1): "↙", (1, 0): "↓", (1, 1): "↘"}
LEGEND = "u unrest R revolt DGCM garrison dgcm capital free *Roma · Ar army · ↘ next step"


def short_name(title: str) -> str:
    """Five letters: ``Belgica`` Belgi, ``Germania Inferior`` GeInf."""
    words = title.split()
    if len(words) == 1:
        return words[0][:5]
    return (words[0][:2] + words[1][:3])[:5]


def figure_letters(state: State, p: int) -> Text:
    """Two letters for the figure(s) on ``p`` (two Emperors: both initials)."""
    here = emperors_in(state, p)
    full = figure_cell(state, p)
    if len(here) > 1:
        return Text("".join(e.name[0] for e in here[:2]), style=full.style)
    text = full.plain.lstrip("@").strip()
    if not text:
        return Text("  ")
    return Text(text[:1] + text[1:2].lower(), style=full.style)


def arrow(state: State, p: int) -> str:
    """Where an army on ``p`` steps (R7.3, D9), as an arrow towards that cell."""
    board = state.board
    step = board.next_step[p]
    if step < 0:
        return " "
    here, there = LAYOUT.get(board.provinces[p].id), LAYOUT.get(board.provinces[step].id)
    if here is None or there is None:
        return " "
    dr, dc = there[0] - here[0], there[1] - here[1]
    return ARROWS.get(((dr > 0) - (dr < 0), (dc > 0) - (dc < 0)), " ")


def cell(state: State, p: int) -> Text:
    province = state.board.provinces[p]
    text = Text(short_name(province.title).ljust(5),
                style="bold" if province.capital_of or province.is_border else "")
    text.append_text(disc_letter(state, p))
    text.append_text(figure_letters(state, p))
    text.append(arrow(state, p), style="magenta")
    return text


def render_map(state: State) -> RenderableType:
    """The map (9 rows of 79 columns), its legend, and any province the layout does not place."""
    board = state.board
    rows = 1 + max(r for r, _ in LAYOUT.values())
    grid: list[list[int | None]] = [[None] * 8 for _ in range(rows)]
    unplaced: list[str] = []
    for province in board.provinces:
        where = LAYOUT.get(province.id)
        if where is None:
            unplaced.append(province.title)
        else:
            grid[where[0]][where[1]] = province.index
    lines: list[Text] = [Text("The Empire, roughly as on the map (info NAME: links, costs, coasts)",
                              style="bold")]
    for row in grid:
        line = Text()
        for n, p in enumerate(row):
            if n:
                line.append(" ")
            line.append_text(cell(state, p) if p is not None else Text(" " * (COLUMN - 1)))
        line.rstrip()
        lines.append(line)
    lines.append(Text(LEGEND, style="dim"))
    if unplaced:
        lines.append(Text("Not on this sketch (another board): " + ", ".join(unplaced), style="dim"))
    return Group(*lines)
