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
