"""Hints, advice on a saved game, and the AI's seats in terminal play (issue 10).

- :func:`advise` (``players.advice``, shared with the browser's hint button): the best few
  actions for the deciding seat, each with the estimated chance of winning after it and why;
  :func:`advice_lines` writes them for the terminal.  A hint never changes the game.
- :func:`explain`: one line for a move of the AI: what it does and the main reason.
- :class:`AiSeats`: which seats the AI plays (``tetrarchia play --ai galerius,maximian``).
"""

from __future__ import annotations

import random

from tetrarchia.core.actions import Action
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat
from tetrarchia.core.errors import OptionError
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import Emperor, emperor_named
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.advice import DEFAULT_PLAYOUTS, MAX_PLAYOUT_DECISIONS, Advice, advise, playout
from tetrarchia.players.protocol import Budget, Player
from tetrarchia.players.registry import make_player
from tetrarchia.render.explain import explain

__all__ = ["DEFAULT_PLAYOUTS", "MAX_PLAYOUT_DECISIONS", "Advice", "AiSeats", "advice_lines", "advise",
           "explain", "playout"]

def advice_lines(state: State, advice: list[Advice]) -> list[str]:
    """The advice as lines of text."""
    board = state.board
    if not advice:
        return ["Nothing to decide now."]
    seat = deciding_seat(state)
    who = "the Barbarian player" if seat == BARBARIAN_SEAT else Emperor(seat or 0).title
    lines = [f"Hint for {who} (chance of winning: games played on by the heuristic player from "
             "the position after the action):"]
    for i, a in enumerate(advice, 1):
        lines.append(f"{i}. {format_action(a.action, board)}: {a.chance:.0%} "
                     f"({a.wins} of {a.playouts}); {a.reason}")
        if len(a.plan) > 1:
            rest = "; ".join(format_action(x, board) for x in a.plan[1:])
            lines.append(f"   then: {rest}")
    return lines


class AiSeats:
    """The seats the AI plays and its players.  ``names``: Emperors' names (or initials) and
    ``barbarian``, comma-separated (``galerius,maximian``)."""

    def __init__(self, names: str, player: str = "search", seed: int = 1,
                 budget: Budget | None = None) -> None:
        self.seats: dict[int, Player] = {}
        self.rng = random.Random(seed)
        self.budget = budget or Budget(seconds=1.0)
        for word in (w.strip() for w in names.split(",")):
            if not word:
                continue
            if word.lower() in ("barbarian", "barbarians", "b"):
                seat = BARBARIAN_SEAT
            else:
                try:
                    seat = int(emperor_named(word))
                except KeyError:
                    raise OptionError(f"--ai {word!r} is no seat: name Emperors (diocletian, "
                                      "galerius, constantius, maximian) or barbarian") from None
            self.seats[seat] = make_player(player, seed + seat)

    def plays(self, state: State) -> bool:
        seat = deciding_seat(state)
        return seat is not None and seat in self.seats and state.awaiting is not Awaiting.ROLL

    def move(self, state: State, legal: list[Action]) -> tuple[Action, str]:
        """The AI's action for the seat deciding, and its one-line explanation."""
        seat = deciding_seat(state)
        if seat is None or seat not in self.seats:
            raise ValueError("the AI plays no seat that decides now")
        action = self.seats[seat].decide(state, legal, self.rng, self.budget)
        who = "Barbarian player" if seat == BARBARIAN_SEAT else Emperor(seat).title
        return action, f"AI ({who}) {explain(state, action)}"
