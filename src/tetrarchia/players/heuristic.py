"""The heuristic player: one action ahead, judged by the threat readings of ``evaluation.py``.

For each legal action it plays the action on a copy of the state and evaluates the position
reached.  When the action leads straight to dice that settle it (an attack's battle, R5.5-R6; a
reroll of the Barbarian player, R12.6), it averages over the rolls the engine lists with their
probabilities (``chance_outcomes``).  Ending a Roman phase is judged on the position at the start
of the Barbarian phase, whose readings already weigh what the dice of R7.1-R7.3 may do.  IP left
in the phase count a little (``Weights.ip``), so an action is taken only when it is worth the IP
it costs.

The Emperors' seats take the best value; the Barbarian seat (R12.6) the worst for the Emperors.
Ties are broken with the player's generator: same seed, same game.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from tetrarchia.core.actions import Action, EndPhase, Roll, Secure, Subdue
from tetrarchia.core.combat import battle_values
from tetrarchia.core.engine import (
    BARBARIAN_SEAT,
    apply_trusted,
    chance_outcomes,
    deciding_seat,
    legal_actions,
)
from tetrarchia.core.events import Purpose
from tetrarchia.core.pieces import NO_DISC, REVOLT, UNREST
from tetrarchia.core.roman import work_actions
from tetrarchia.core.state import FIELDS, Awaiting, State
from tetrarchia.core.tasks import NOT_ROLLED, BattleStep, piece_at
from tetrarchia.players.evaluation import WEIGHTS, BoardFacts, TermsMemo, Weights, board_facts
from tetrarchia.players.protocol import UNLIMITED, Budget

TIE = 1e-9
FOLLOW_UPS = 2  # Secure/Subdue actions looked at after a move (position_terms)
WHOLE_FIELDS = tuple(name for name in FIELDS if name not in ("board", "hooks"))
_LOCAL = threading.local()  # one memo per thread: the web server plays games in threads


def default_memo() -> TermsMemo:
    """This thread's memo of the positions judged lately (exact; it starts afresh with each
    game, :class:`~tetrarchia.players.evaluation.TermsMemo`)."""
    memo: TermsMemo | None = getattr(_LOCAL, "memo", None)
    if memo is None:
        memo = _LOCAL.memo = TermsMemo()
    return memo


@dataclass(frozen=True, slots=True)
class Scored:
    """An action with the value of the position it leads to (for the Emperors) and that value's
    terms (expected over the dice when it leads to dice)."""

    action: Action
    value: float
    terms: dict[str, float]


def position_terms(state: State, turn_of: State, weights: Weights, facts: BoardFacts,
                   depth: int = FOLLOW_UPS, memo: TermsMemo | None = None) -> dict[str, float]:
    """The terms of ``state``, with the IP still to spend in the Roman phase of ``turn_of``.

    In that phase the Emperor's work where he stands (R5.3 Secure, R5.4 Subdue) is looked at
    too, up to ``depth`` actions: a move onto a revolt is judged with the revolt removed if he
    has the IP left, not as an Emperor left on a revolt.  ``memo`` keeps the readings of the
    positions already judged (exact, :class:`~tetrarchia.players.evaluation.TermsMemo`)."""
    if memo is None:
        memo = default_memo()
    found = memo.terms(state, weights, facts)
    if state.awaiting is Awaiting.ROMAN_ACTION and state.turn == turn_of.turn \
            and state.turns_played == turn_of.turns_played and not state.is_over:
        found["ip"] = weights.ip * state.ip
        if depth > 0 and state.ip > 0 and _work_here(state):
            best = sum(found.values())
            work = work_actions(state)  # the engine's Subdue and Secure, in its order
            if work is None:  # other pieces or options' actions: the whole list, filtered
                work = [a for a in legal_actions(state) if isinstance(a, (Subdue, Secure))]
            for action in work:
                child = state.copy()
                apply_trusted(child, action)
                then = position_terms(child, turn_of, weights, facts, depth - 1, memo)
                value = sum(then.values())
                if value > best:
                    best, found = value, then
    return found


def _work_here(state: State) -> bool:
    """Whether the Emperor of the turn may Subdue or Secure where he stands (a quick filter
    before asking the engine for the legal actions): a revolt or unrest, or no disc and a
    garrison left (R5.3, R5.4)."""
    at = state.emperor_at[state.turn]
    if at < 0:
        return False
    disc = state.disc[at]
    if disc in (REVOLT, UNREST):
        return True
    return disc == NO_DISC and state.garrisons[state.turn] > 0


def settles_with_dice(state: State, action: Action, child: State) -> bool:
    """Whether ``action`` leads straight to dice worth averaging over: not the end of a Roman
    phase (the Barbarian phase is weighed by the readings), anything else that waits for dice."""
    return child.awaiting is Awaiting.ROLL and not child.is_over and not isinstance(action, EndPhase)


def look_ahead(state: State, action: Action, weights: Weights = WEIGHTS,
               facts: BoardFacts | None = None, memo: TermsMemo | None = None) -> Scored:
    """The value of playing ``action`` now (one action ahead, one roll of dice averaged)."""
    facts = facts or board_facts(state.board)
    if memo is None:
        memo = default_memo()
    child = state.copy()
    apply_trusted(child, action)
    if not settles_with_dice(state, action, child):
        found = position_terms(child, state, weights, facts, FOLLOW_UPS, memo)
        if isinstance(action, EndPhase):  # the IP left are lost: judged as if kept, so that an
            found["ip"] = weights.ip * state.ip  # action must be worth its cost, not wasted
        return Scored(action, sum(found.values()), found)
    total: dict[str, float] = {}
    judged: dict[tuple[object, ...], dict[str, float]] = {}  # most rolls reach the same few
    outcomes = chance_outcomes(child)  # positions (a battle is won or lost, R5.5, R6)
    sides = battle_sides(child, [roll for roll, _ in outcomes])
    by_side: dict[int, dict[str, float]] = {}
    for i, (roll, p) in enumerate(outcomes):
        side = sides[i] if sides is not None else None
        known = by_side.get(side) if side is not None else None
        if known is None:
            outcome = child.copy()
            apply_trusted(outcome, roll)
            reached = whole_state(outcome)
            known = judged.get(reached) if reached is not None else None
            if known is None:
                known = position_terms(outcome, state, weights, facts, FOLLOW_UPS, memo)
                if reached is not None:
                    judged[reached] = known
            if side is not None:
                by_side[side] = known
        for key, value in known.items():  # every roll added in turn: the same sums as before
            total[key] = total.get(key, 0.0) + p * value
    return Scored(action, sum(total.values()), total)


def battle_sides(state: State, rolls: list[Roll]) -> list[int] | None:
    """At the dice of a battle (R6) that no option touches: for each roll, who wins it (1 the
    Roman side, 0 a draw, -1 the army), from the values of :func:`core.combat.battle_values`
    read once with dice of 0 (R6: each side's die plus its support, times its multiplier).  Rolls
    with the same winner lead to the same whole position (R5.5, R7.3: the dice themselves are
    not kept), so the engine is run once per winner.  None when the roll is not such a battle's:
    options' decisions on the dice (Galerius's +1, R12.1) or die modifiers (the Goths, R11.4)."""
    hooks = state.hooks
    if state.roll_purpose != Purpose.BATTLE or state.roll_count != 2 or hooks.die_bonus \
            or hooks.battle_decisions or not state.tasks:
        return None
    task = state.tasks[-1]
    if not isinstance(task, BattleStep) or task.roman_die != NOT_ROLLED:
        return None
    values = battle_values(state, task.fighter, piece_at(state, task.fighter), task.army, 0, 0)
    roman_base, roman_multiplier = values.roman_support, values.roman_multiplier
    barbarian_base, barbarian_multiplier = values.barbarian_support, values.barbarian_multiplier
    sides: list[int] = []
    for roll in rolls:
        roman = (roll.dice[0] + roman_base) * roman_multiplier
        barbarian = (roll.dice[1] + barbarian_base) * barbarian_multiplier
        sides.append((roman > barbarian) - (roman < barbarian))
    return sides


def whole_state(state: State) -> tuple[object, ...] | None:
    """Every field of ``state`` (``state.FIELDS``) but the shared board and hooks, as a key;
    None when a field cannot be hashed."""
    parts: list[object] = []
    for name in WHOLE_FIELDS:
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = tuple(value.items())
        parts.append(value)
    key = tuple(parts)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def rank(state: State, legal_actions: list[Action], weights: Weights = WEIGHTS) -> list[Scored]:
    """Every legal action with its value, best first for the seat deciding (stable order)."""
    facts = board_facts(state.board)
    scored = [look_ahead(state, a, weights, facts) for a in legal_actions]
    sign = -1.0 if deciding_seat(state) == BARBARIAN_SEAT else 1.0
    return sorted(scored, key=lambda s: -sign * s.value)


def choose(state: State, legal_actions: list[Action], rng: random.Random,
           weights: Weights = WEIGHTS) -> Action:
    """The best action for the seat deciding; ties drawn with ``rng``."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    facts = board_facts(state.board)
    memo = default_memo()
    sign = -1.0 if deciding_seat(state) == BARBARIAN_SEAT else 1.0
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal_actions:
        value = sign * look_ahead(state, action, weights, facts, memo).value
        if value > best_value + TIE:
            best, best_value = [action], value
        elif value >= best_value - TIE:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class HeuristicPlayer:
    """One action ahead with the threat readings (module docstring).  ``weights`` default to the
    tuned :data:`~tetrarchia.players.evaluation.WEIGHTS`; the budget is not needed."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: Weights = WEIGHTS) -> None:
        self.seed = seed
        self.weights = weights

    def decide(self, state: State, legal_actions: list[Action], rng: random.Random,
               budget: Budget = UNLIMITED) -> Action:
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        return choose(state, legal_actions, rng, self.weights)


class BarbarianHeuristicPlayer(HeuristicPlayer):
    """The heuristic for every seat, named for the Barbarian seat of Barbaria (R12.6): there it
    picks what hurts Roma most; at the Emperors' seats it plays as :class:`HeuristicPlayer`."""

    name = "barbarian-heuristic"
