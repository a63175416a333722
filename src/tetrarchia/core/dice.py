"""Where the dice come from (R1): an injected source, never the global random module.

The engine itself never rolls: it waits for a ``Roll`` action.  A driver (``game.Game``) asks a
source for the dice and records them in the log, so a log replays with no source at all.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class DiceSource(Protocol):
    def roll(self, count: int) -> tuple[int, ...]:
        """``count`` six-sided dice (for two: the Roman die, then the Barbarian die)."""
        ...


class SeededDice:
    """Fair dice from a private ``random.Random(seed)``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, count: int) -> tuple[int, ...]:
        rng = self._rng
        return tuple(rng.randint(1, 6) for _ in range(count))


class DiceExhausted(LookupError):
    """A scripted source ran out of dice."""


class ScriptedDice:
    """Exact dice given in advance, for tests, puzzles and replays.

    ``ScriptedDice([3, 5, 4])`` hands them out in order, one value per die.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        for v in self._values:
            if not 1 <= v <= 6:
                raise ValueError(f"a die shows 1 to 6, not {v}")
        self._next = 0

    def roll(self, count: int) -> tuple[int, ...]:
        end = self._next + count
        if end > len(self._values):
            raise DiceExhausted(
                f"the script has {len(self._values) - self._next} dice left, {count} wanted"
            )
        dice = tuple(self._values[self._next:end])
        self._next = end
        return dice

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next
