"""``tetrarchia board``: the board data in words (R2), and the reminder that it is a
reconstruction that a corrected file can replace."""

from __future__ import annotations

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from tetrarchia.core.board import ITALIA, OUTER_REGIONS, Board
from tetrarchia.render.board_text import REGION_NAMES

RECONSTRUCTION = (
    "This map is a reconstruction: the printed board is not published, so the provinces' numbers, "
    "the links, the broken links and the arrows are inferred from the rulebooks (see docs/board.md, "
    "which gives the basis of every entry). Load a corrected board with --board FILE, and check a "
    "file with: tetrarchia board --check FILE."
)


def board_summary(board: Board) -> str:
    """One line: what the board holds."""
    broken = sum(1 for link in board.links if link.broken)
    return (f"{len(board.roman)} Roman provinces, {len(board.borders)} borders, {len(board.links)} links "
            f"({broken} broken), {sum(1 for a in board.arrow if a >= 0)} arrows, "
            f"{len(board.zones)} sea zones")


def describe_board(board: Board, console: Console) -> None:
    console.print(Text(RECONSTRUCTION, style="yellow"))
    console.print(f"Board: {board.source} (digest {board.digest}): {board_summary(board)}.",
                  markup=False, highlight=False)
    console.print("Each province: coordinates, name, sea zones, capital, and its links "
                  "(≈ broken link: 2 IP, rolled for in the Barbarian phase).", style="dim")
    for region in (*OUTER_REGIONS, ITALIA):
        console.print(Text(REGION_NAMES[region], style="bold underline"))
        members = list(board.region_provinces[region])
        if region in board.border_of:
            members.append(board.border_of[region])
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=7)
        grid.add_column(width=17, no_wrap=True)
        grid.add_column(width=8, style="cyan")
        grid.add_column()
        for p in members:
            province = board.provinces[p]
            capital = Text()
            if province.capital_of:
                capital.append("capital of " + ", ".join(e.title for e in province.capital_of) + "; ",
                               style="bold")
            capital.append("links: " + ", ".join(
                board.name(q) + ("≈" if broken else "") for q, broken in board.neighbours[p]))
            coast = ",".join(str(z) for z in province.coastal)
            grid.add_row(province.coords or ("border" if province.is_border else ""), province.title,
                         f"sea {coast}" if coast else "", capital)
        console.print(Padding(grid, (0, 0, 0, 2)))
    broken = [f"{board.name(link.a)} - {board.name(link.b)}" for link in board.links if link.broken]
    paths = []
    for border in board.borders:
        path = [border]
        while board.arrow[path[-1]] >= 0:
            path.append(board.arrow[path[-1]])
        paths.append(f"{' → '.join(board.name(p) for p in path)} ({len(path) - 1} steps)")
    coasts = [f"{zone} {board.zones[zone].title}: " + ", ".join(board.name(p) for p in provinces)
              for zone, provinces in sorted(board.coast.items())]
    for title, lines in (("Broken links", ["; ".join(broken)]), ("Barbarian paths (arrows)", paths),
                         ("Coasts", coasts)):
        console.print(Text(title, style="bold underline"))
        for line in lines:
            console.print(Padding(Text(line), (0, 0, 0, 2)))
