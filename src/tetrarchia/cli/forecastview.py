"""The ``forecast`` command: what the next Barbarian phase (R7) will probably do, from the exact
figures of ``analysis.forecast`` (every roll enumerated, nothing sampled).

Shown on the compact grid of the board (a cell per province: its chance of being in revolt after
R7.1-R7.2), then the Emperors at risk, each army's next step with its battle odds (R7.3, R6) and
the chances that the Empire falls in this phase (an army in Roma, a reserve run dry, R8).  The
forecast takes about a second on a busy position, so it is computed only on request."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from tetrarchia.analysis.forecast import Forecast
from tetrarchia.core.board import ITALIA
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.state import State
from tetrarchia.render.board_text import (
    CELL,
    REGION_HEADS,
    chance_mark,
    percent,
    short_names,
    surely_leaving,
)


def chance_cell(state: State, fc: Forecast, p: int | None) -> Text:
    """A province and its chance of revolt after R7.1-R7.2 (``render.chance_mark``)."""
    if p is None:
        return Text(" " * CELL)
    cell = Text(short_names(state.board)[p].ljust(6) + " ")  # told apart, as on the board
    cell.append_text(chance_mark(state, fc, p))
    return cell


def chance_row(state: State, fc: Forecast, lead: str, cells: Sequence[int | None]) -> Text:
    line = Text(f"{lead:<2}")
    for n, p in enumerate(cells):
        if n:
            line.append(" ")
        line.append_text(chance_cell(state, fc, p))
    line.rstrip()
    return line


def render_forecast(state: State, fc: Forecast) -> RenderableType:
    """The forecast as the terminal shows it (79 columns)."""
    board = state.board
    regions = (1, 2, 3, 4, 5, 6)
    lines = [Text("Forecast of the next Barbarian phase: the chance of revolt after R7.1-R7.2",
                  style="bold")]
    head = Text("  ")
    head.append(" ".join(f"{REGION_HEADS[r]:<{CELL}}" for r in regions), style="bold")
    head.rstrip()
    lines.append(head)
    rows = max(len(board.region_provinces[r]) for r in regions)
    for n in range(rows):
        lines.append(chance_row(state, fc, str(n + 1), [
            board.region_provinces[r][n] if n < len(board.region_provinces[r]) else None
            for r in regions]))
    italia = list(board.region_provinces[ITALIA])
    for start in range(0, len(italia), len(regions)):
        lines.append(chance_row(state, fc, "·", italia[start:start + len(regions)]))
    lines += [Text(line) for line in forecast_lines(state, fc)]
    return Group(*lines)


def forecast_lines(state: State, fc: Forecast) -> list[str]:
    """The Emperors at risk, the armies, the reserves and the fall, a line each."""
    board = state.board
    lines: list[str] = []
    leaving = surely_leaving(state)
    for e in Emperor:
        at = state.emperor_at[e]
        if at < 0:
            continue
        if e in leaving:
            lines.append(f"{e.title} in {board.name(at)}: his province surely turns to revolt at "
                         "the phase's start (R7.1): he leaves the board.")
            continue
        revolt, removed = fc.emperor_in_revolt[e], fc.emperor_removed[e]
        if revolt > 0 or removed > 0:
            lines.append(f"{e.title} in {board.name(at)}: his province in revolt {percent(revolt)} "
                         f"(he leaves at the next R7.1); off the board by the phase's end "
                         f"{percent(removed)}.")
    for army in fc.armies:
        where = board.name(army.province)
        if army.next_step < 0:
            lines.append(f"The army in {where} has no step to take.")
            continue
        line = (f"The army in {where} → {board.name(army.next_step)}: advances "
                f"{percent(army.advances)}, stays {percent(army.stays)}")
        if army.destroyed:
            line += f", destroyed {percent(army.destroyed)}"
        battle = army.battle
        if battle is not None:
            who = Piece(battle.emperor).title if battle.emperor < 4 else "the Dux"
            line += (f"; against {who} as the board stands: Roman win {percent(battle.roman_wins)}, "
                     f"draw {percent(battle.draw)}, army wins {percent(battle.barbarian_wins)}")
        lines.append(line + ".")
    lines.append(f"The Empire falls in this phase: {percent(fc.fall)} (an army in Roma "
                 f"{percent(fc.army_in_roma)}, a reserve run dry {percent(fc.reserve_empty)}; "
                 f"unrest left {state.unrest_reserve}, revolts left {state.revolt_reserve}).")
    if fc.unresolved > 1e-9:
        lines.append(f"(Exact to within {percent(fc.unresolved)}: branches too unlikely to follow.)")
    return lines


