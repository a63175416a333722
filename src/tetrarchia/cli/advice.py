"""Hints, advice on a saved game, and the AI's seats in terminal play (issue 10).

- :func:`advise`: the best few actions for the deciding seat, each with the estimated chance of
  winning after it and why, in the game's words.  The actions come from the search player's plans;
  the chance is measured by playing the game on from the position after the action, ``playouts``
  times, the heuristic player taking every decision and seeded dice rolling (the same dice for
  every action: the comparison is paired).  It works on copies: a hint never changes the game.
- :func:`explain`: one line for a move of the AI: what it does and the main reason.
- :class:`AiSeats`: which seats the AI plays (``tetrarchia play --ai galerius,maximian``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions, resume
from tetrarchia.core.errors import OptionError
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import Emperor, emperor_named
from tetrarchia.core.state import Awaiting, State
from tetrarchia.players.evaluation import main_reason, terms
from tetrarchia.players.heuristic import choose, look_ahead
from tetrarchia.players.protocol import Budget, Player
from tetrarchia.players.registry import make_player
from tetrarchia.players.search import SearchPlayer

DEFAULT_PLAYOUTS = 16
MAX_PLAYOUT_DECISIONS = 20_000


@dataclass(frozen=True, slots=True)
class Advice:
    """One suggested action: the plan it begins, the playouts won after it, and why."""

    action: Action
    plan: tuple[Action, ...]
    wins: int
    playouts: int
    reason: str

    @property
    def chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0


def playout(state: State, seed: int) -> bool:
    """Whether the Emperors win when the heuristic plays on from ``state`` with seeded dice (a
    copy is played; ``state`` is not changed)."""
    game = state.copy()
    dice = random.Random(seed)
    rng = random.Random(seed + 1)
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if game.is_over:
            break
        if game.awaiting is Awaiting.ROLL:
            apply_trusted(game, Roll(tuple(dice.randint(1, 6) for _ in range(game.roll_count))))
        elif game.awaiting is Awaiting.RUN:
            resume(game)
        else:
            apply_trusted(game, choose(game, legal_actions(game), rng))
    return game.result.is_victory


def advise(state: State, count: int = 3, playouts: int = DEFAULT_PLAYOUTS, seed: int = 1,
           budget: Budget | None = None) -> list[Advice]:
    """The best ``count`` actions for the seat deciding now (module docstring)."""
    legal = legal_actions(state)
    if not legal:
        return []
    thinker = SearchPlayer(seed)
    thought = thinker.think(state, legal, random.Random(seed), budget or Budget(simulations=16))
    firsts: list[tuple[Action, tuple[Action, ...]]] = []
    for plan in thought.plans:
        if all(plan.actions[0] != a for a, _ in firsts):
            firsts.append((plan.actions[0], tuple(plan.actions)))
        if len(firsts) == count:
            break
    for action in legal:  # fewer plans than asked: the heuristic's next best
        if len(firsts) == count:
            break
        if all(action != a for a, _ in firsts):
            firsts.append((action, (action,)))
    before = terms(state)
    barbarian = deciding_seat(state) == BARBARIAN_SEAT
    advice: list[Advice] = []
    for action, steps in firsts:
        after = state.copy()
        apply_trusted(after, action)
        wins = sum(playout(after, seed * 1000 + i) for i in range(playouts))
        if barbarian:
            wins = playouts - wins
        reason = main_reason(before, look_ahead(state, action).terms)
        advice.append(Advice(action, steps, wins, playouts, reason))
    advice.sort(key=lambda a: -a.wins)
    return advice


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


def explain(state: State, action: Action) -> str:
    """One line for a move of the AI: the action, and the main reason for it."""
    reason = main_reason(terms(state), look_ahead(state, action).terms)
    return f"{format_action(action, state.board)}: {reason}."


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
