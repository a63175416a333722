"""The heat map of the 81 levels (docs/difficulty.png and .svg), drawn with matplotlib.

A 9 × 9 grid: the rows are garrisons G and fleets F, the columns additional revolts R and initial
armies A (GFRA, R3), each from easiest to hardest, so the easiest level (5300) is the top left
corner and the hardest (3122) the bottom right.  Each cell is the win rate, written in it.

The files are reproducible: the Agg backend, the fonts matplotlib ships, no date or software
version in the metadata, and a fixed ``svg.hashsalt`` for the SVG's element ids.  The SVG keeps
its words and numbers as ``<text>`` (``svg.fonttype = "none"``), so a reader can search and
select them (they were drawn as shapes before issue 29).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.settings import ARMY_CHOICES, FLEET_CHOICES, GARRISON_CHOICES, REVOLT_CHOICES

if TYPE_CHECKING:  # report.py draws its heat map with this module: no import loop at run time
    from tetrarchia.calibrate.report import SetupStats

INSTALL = "pip install 'tetrarchia[calibrate]'"


class PictureError(TetrarchiaError):
    """The heat map cannot be drawn (matplotlib is missing)."""


def pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise PictureError("the heat map needs matplotlib, which is not installed: "
                           f"{INSTALL} (or --no-picture for the table alone)") from exc
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "tetrarchia"
    matplotlib.rcParams["svg.fonttype"] = "none"  # issue 29: the numbers stay text (searchable)
    import matplotlib.pyplot as plt

    return plt


ROWS = [(g, f) for g in GARRISON_CHOICES for f in FLEET_CHOICES]
COLUMNS = [(r, a) for r in REVOLT_CHOICES for a in ARMY_CHOICES]


@dataclass(slots=True)
class Drawing:
    figure: Any

    def save(self, stem: Path) -> list[Path]:
        """Write ``stem``.png and ``stem``.svg; return their paths."""
        png, svg = stem.with_suffix(".png"), stem.with_suffix(".svg")
        self.figure.savefig(png, dpi=100, metadata={"Software": None})
        self.figure.savefig(svg, metadata={"Date": None, "Creator": None})
        pyplot().close(self.figure)
        return [png, svg]


def heat_map(levels: dict[str, SetupStats], player: str) -> Drawing:
    """The 9 × 9 picture of the win rates of ``levels`` (a level not measured stays blank)."""
    plt = pyplot()
    values: list[list[float]] = []
    for g, f in ROWS:
        row = []
        for r, a in COLUMNS:
            s = levels.get(f"{g}{f}{r}{a}")
            row.append(100 * s.win_rate if s is not None else float("nan"))
        values.append(row)
    figure, axes = plt.subplots(figsize=(9.6, 8.4))
    image = axes.imshow(values, cmap="RdYlGn", vmin=0, vmax=100)
    axes.set_xticks(range(9), [f"R{r} A{a}" for r, a in COLUMNS], rotation=45, ha="right")
    axes.set_yticks(range(9), [f"G{g} F{f}" for g, f in ROWS])
    axes.set_xlabel("additional revolts R, initial Barbarian armies A")
    axes.set_ylabel("garrisons G, Roman fleets F")
    games = sorted({s.games for s in levels.values()})
    counted = f"{games[0]}" if len(games) == 1 else f"{games[0]}-{games[-1]}" if games else "0"
    axes.set_title(f"TETRARCHIA: games won by the {player} player at each level GFRA\n"
                   f"({counted} seeded games per level; tetrarchia calibrate)")
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            if value == value:  # not NaN: a measured level
                colour = "black" if 20 <= value <= 80 else "white"
                axes.text(j, i, f"{value:.0f}%" if value >= 9.95 or value == 0 else f"{value:.1f}%",
                          ha="center", va="center", color=colour, fontsize=9)
            else:
                axes.text(j, i, "-", ha="center", va="center", color="grey", fontsize=9)
    figure.colorbar(image, ax=axes, label="games won (%)", shrink=0.8)
    figure.tight_layout()
    return Drawing(figure)
