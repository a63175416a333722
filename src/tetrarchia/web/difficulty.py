"""How hard each level is, in words and measured (issue 23): the start page's level chooser.

The figures are package data with one source each: ``data/difficulty.csv`` is docs/difficulty.csv
(``tetrarchia calibrate report``: the heuristic player at all 81 levels, the search player at a
few), ``data/strength.csv`` the search player's rows of docs/ai.md's strength table (bench/
strength.py); tests/web/test_web_start.py checks both against the documents.  The page reads them
through ``GET /api/levels?lang=`` and never re-derives a figure.

A level is GFRA (R3): garrisons per Emperor 5/4/3, Roman fleets 3/2/1, additional revolts 0/1/2,
initial Barbarian armies 0/1/2.  The four groups are cut on the heuristic player's measured win
rate (``lowest``), so that each says what a newcomer meets: Gentle, Standard, Hard, Brutal.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from tetrarchia.web import i18n
from tetrarchia.web.i18n import LANGUAGES, N_, accepted

DEFAULT_LEVEL = "4211"  # the terminal's default (README): a medium level
# (group key, the lowest heuristic win rate it holds), easiest first; the page names each group
# (static/levels.js: "Gentle", "Standard", "Hard", "Brutal")
GROUPS = (("gentle", 0.35), ("standard", 0.15), ("hard", 0.06), ("brutal", 0.0))
# R3: each dial's value in words
GARRISONS = {"5": N_("5 garrisons per Emperor"), "4": N_("4 garrisons per Emperor"),
             "3": N_("3 garrisons per Emperor")}
FLEETS = {"3": N_("3 Roman fleets"), "2": N_("2 Roman fleets"), "1": N_("1 Roman fleet")}
REVOLTS = {"0": N_("no additional revolt"), "1": N_("1 additional revolt"),
           "2": N_("2 additional revolts")}
ARMIES = {"0": N_("no initial Barbarian army"), "1": N_("1 initial Barbarian army"),
          "2": N_("2 initial Barbarian armies")}


@dataclass(frozen=True)
class Measured:
    """One player's games at one level: wins of games, with the 95% Wilson interval when the
    source gives it."""

    player: str
    games: int
    wins: int
    low: float | None = None
    high: float | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "games": self.games, "wins": self.wins,
                "rate": round(self.rate, 4), "low": self.low, "high": self.high}


def data_text(name: str) -> str:
    return resources.files("tetrarchia").joinpath(f"data/{name}").read_text("utf-8")


@cache
def measured() -> tuple[dict[str, Measured], dict[str, Measured]]:
    """The base game's levels (no optional rule): the heuristic player's figures, and the
    search player's best-measured figures (the source with the most games at that level)."""
    heuristic: dict[str, Measured] = {}
    search: dict[str, Measured] = {}
    for row in csv.DictReader(io.StringIO(data_text("difficulty.csv"))):
        if row["options"]:
            continue
        figures = Measured(row["player"], int(row["games"]), int(row["wins"]),
                           float(row["ci95_low"]), float(row["ci95_high"]))
        table = heuristic if row["player"] == "heuristic" else search if row["player"] == "search" else None
        if table is not None:
            table[row["level"]] = figures
    for row in csv.DictReader(io.StringIO(data_text("strength.csv"))):
        figures = Measured(row["player"], int(row["games"]), int(row["wins"]))
        kept = search.get(row["level"])
        if kept is None or figures.games > kept.games:
            search[row["level"]] = figures
    return heuristic, search


def group_of(rate: float) -> str:
    return next(key for key, lowest in GROUPS if rate >= lowest)


def level_words(level: str, lang: str = "en") -> str:
    """The level's GFRA spelt out (R3), in ``lang``."""
    words = i18n.catalogue(lang)
    g, f, r, a = level[0], level[1], level[2], level[3]
    return ", ".join(words.get(text, text) for text in (GARRISONS[g], FLEETS[f], REVOLTS[r], ARMIES[a]))


@cache  # the same answer for the life of the process: the figures are package data
def levels_json(lang: str = "en") -> dict[str, Any]:
    """Every level of the base game, easiest first, in its group, with its words and figures."""
    heuristic, search = measured()
    ordered = sorted(heuristic, key=lambda level: (-heuristic[level].rate, level))
    groups = []
    for key, lowest in GROUPS:
        levels = [{"level": level, "words": level_words(level, lang),
                   "heuristic": heuristic[level].to_json(),
                   "search": search[level].to_json() if level in search else None}
                  for level in ordered if group_of(heuristic[level].rate) == key]
        groups.append({"key": key, "lowest": lowest, "levels": levels})
    return {"default": DEFAULT_LEVEL, "groups": groups}


async def levels_route(request: Request) -> JSONResponse:
    """``GET /api/levels?lang=``: the level chooser's groups, words and figures."""
    chosen = request.query_params.get("lang")
    lang = chosen if chosen in LANGUAGES else accepted(request.headers.get("accept-language")) or "en"
    return JSONResponse(levels_json(str(lang)))
