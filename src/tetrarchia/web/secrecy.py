"""Dice nobody can foresee (issue 26, item 2: decision D2 of the review).

A served game's seed decides every die it will roll, so it is the server's secret while the
game runs: what a seat or a spectator can fetch (the export, the positions, the replay, the
state, the live messages, the analysis, the hint, the forecast, a rematch) carries the dice
already rolled, which the log records, never the seed.  Once the game is over nothing is left to
foresee: the export then gives the seed, and anyone can check that it deals the logged dice
(docs/web.md).  A game of the daily challenge shares its dice with every game of its day, so its
seed and its replay stay sealed until the day ends (web/daily.py).

- The seed is drawn from 2**53 values (``SEED_SPACE``): far too many to search for the one that
  deals the dice already seen (10**9 could be searched in minutes), and still exact as a number
  in JSON for the page.
- The AI seats decide with a generator seeded by a one-way digest of the seed (``ai_seed``), not
  by the seed itself: their moves, which everyone sees, tell nothing of the dice's generator.
- An exported running game has ``"seed": null`` and imports as any unseeded save does: the
  server gives it a fresh secret seed (docs/save-format.md).

A seed the creator chose (``POST /api/games`` with ``seed``) or an imported save's seed is the
creator's own: the server keeps it to itself, but he knows it.  Local and terminal games keep
their seeds as before: this module is the server's.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from tetrarchia.game import Game

SEED_SPACE = 2**53  # a served game's seed is below this (JavaScript's exact integers)


def fresh_seed() -> int:
    """A new secret seed, from the operating system's generator."""
    return secrets.randbelow(SEED_SPACE)


def ai_seed(seed: int | None) -> int:
    """The seed of a game's AI seats: a digest of the game's seed that cannot be turned back
    into it, so that the AI's random choices are no window on the dice's generator."""
    digest = hashlib.sha256(f"tetrarchia-ai:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE


def told_save(game: Game, revealed: bool) -> dict[str, Any]:
    """The saved game (docs/save-format.md) as a seat or spectator may have it: the seed and the
    count of dice drawn from it only when ``revealed``; the log, dice included, always."""
    data = game.to_json()
    if not revealed:
        data["seed"] = None
        data["dice_drawn"] = 0
    return data


class DiceSecret:
    """Whether a served game's seed may be told: once it is over, and, for a game of the daily
    challenge, once its day is over too (``sealed``: web/daily.py)."""

    def __init__(self, sealed: Callable[[str], bool]) -> None:
        self.sealed = sealed

    def revealed(self, game_id: str, over: bool) -> bool:
        return over and not self.sealed(game_id)
