"""Hints, advice on a saved game, and the AI's seats in terminal play (issues 10 and 24).

- :func:`advise` (``players.advice``, shared with the browser's hint button): the best few
  actions for the deciding seat, each with the chance of winning after it, its 95% interval and
  why, or the sentence saying every action leads to the same chance; :func:`advice_lines` writes
  them for the terminal.  A hint never changes the game.
- :func:`explain`: one line for a move of the AI: what it does and why, from what it changes on
  the board (``players.reasons``, the hints' own reasons).
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
from tetrarchia.players.advice import DEFAULT_SECONDS, Advice, Hint, advise
from tetrarchia.players.protocol import Budget, Player
from tetrarchia.players.registry import make_player
from tetrarchia.render.advice import chance_texts
from tetrarchia.render.explain import explain, planned

__all__ = ["DEFAULT_SECONDS", "Advice", "AiSeats", "Hint", "advice_lines", "advise", "explain", "planned"]


def advice_lines(state: State, hint: Hint) -> list[str]:
    """The hint as lines of text."""
    board = state.board
    if not hint.advice:
        return ["Nothing to decide now."]
    seat = deciding_seat(state)
    who = "the Barbarian player" if seat == BARBARIAN_SEAT else Emperor(seat or 0).title
    games = hint.advice[0].estimate.games
    lines = [f"Hint for {who} ({hint.seconds:.1f} s; the chance of winning after each action: the "
             f"heuristic player's, read two turns on, over {games} continuations with the same dice):"]
    if hint.verdict is not None:
        lines.append(f"{hint.verdict.said(state)}.")
    texts = chance_texts(hint.advice, "en")
    for i, (a, text) in enumerate(zip(hint.advice, texts, strict=True), 1):
        figure = "" if hint.verdict is not None else f": {text}"
        why = "".join(f"; {r.said(board)}" for r in a.reasons)
        lines.append(f"{i}. {format_action(a.action, board)}{figure}{why}")
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
        player = self.seats[seat]
        action = player.decide(state, legal, self.rng, self.budget)
        who = "Barbarian player" if seat == BARBARIAN_SEAT else Emperor(seat).title
        return action, f"AI ({who}) {explain(state, action, planned(player))}"
