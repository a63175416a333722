"""Shared by the research API's tests: random games through the engine, with every option."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.errors import OptionError
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State

# a level each option accepts (the Pirates want fewer than 3 fleets; a scenario its own level)
SCENARIO_LEVELS = ("4221", "4222")


def settings_with(option: str) -> Settings:
    """The settings of a game with ``option`` alone, at a level it accepts."""
    for level in ("4211", *SCENARIO_LEVELS):
        try:
            return Settings(level=Level.parse(level), options=(option,))
        except OptionError:
            continue
    raise AssertionError(f"no level found for {option}")


def every_option() -> list[Settings]:
    return [settings_with(key) for key in sorted(REGISTRY)]


def random_decisions(settings: Settings, seed: int) -> Iterator[tuple[State, list[Action]]]:
    """Each decision of a random game (the state before it and its legal actions), to the end."""
    state = new_game(settings)
    dice = SeededDice(seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
            continue
        legal = legal_actions(state)
        yield state, legal
        apply_trusted(state, legal[rng.randrange(len(legal))])


def markov_conflicts(settings: Settings, seeds: range) -> tuple[int, int]:
    """Random games of ``settings``: how many (seat, tensor) pairs came with two different sets
    of legal action numbers, out of how many distinct pairs seen (the observation must determine
    the deciding seat's situation, and a number must mean one move: issue 29 item 1)."""
    from tetrarchia.core.engine import deciding_seat
    from tetrarchia.research.encoding import legal_ids
    from tetrarchia.research.observation import observe

    seen: dict[tuple[int | None, bytes], frozenset[object]] = {}
    conflicts: set[tuple[int | None, bytes]] = set()
    for seed in seeds:
        for state, legal in random_decisions(settings, seed):
            key = (deciding_seat(state), observe(state).tobytes())
            moves = frozenset((number, action) for number, action in legal_ids(state, legal).items())
            if seen.setdefault(key, moves) != moves:
                conflicts.add(key)
    return len(conflicts), len(seen)
