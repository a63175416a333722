"""The game state: everything on the table, and what the game waits for now.

The state is a plain mutable record of small lists and ints so that :meth:`State.copy` is cheap
(AI search copies it constantly).  The board and the settings never change during a game and are
shared between copies.  The optional rules' own state (R11-R13) is one list of immutable records,
``ext``, declared by their modules (core/extensions.py): the state knows none of them by name.

The game is a little machine: ``tasks`` is a stack of the steps still to do (the Barbarian phase,
an uprising, a battle ...).  It runs until it needs a decision of a seat or a roll of the dice;
``awaiting`` says which.  Every die comes from outside as a ``Roll`` action (R1), so a game replays
from its log alone and a test can script exact rolls.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final

from tetrarchia.core import extensions
from tetrarchia.core.board import Board
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    ARMY_FIGURES,
    DISCS_PER_RESERVE,
    EMPEROR_FIGURE,
    GARRISON,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    Emperor,
)
from tetrarchia.core.rulebook import Hooks
from tetrarchia.core.settings import Settings

IN_BOX: Final = -1  # the Dux or the Vicarius before he is deployed (R11.1, R11.2)
DEAD: Final = -2  # ... after he died: he left the game
TURN_FLAGS: Final = 0xFF  # state.flags bits 0-7 hold what was used this turn; cleared at its start
ROUND_FLAGS: Final = 0xFF00  # bits 8-15: what was used this round; cleared at Diocletian's turn


class Awaiting(IntEnum):
    """What the game waits for."""

    ROLL = 0  # the dice (a chance step): see State.roll_count and State.roll_purpose
    FLEET_PLACEMENT = 1  # the players place a fleet (R3.6)
    ENTRY = 2  # the Emperor of the turn chooses where to enter (R4)
    ROMAN_ACTION = 3  # the Emperor of the turn acts or ends his Roman phase (R5)
    NOTHING = 4  # the game is over
    DECISION = 5  # a decision inside a phase: an Emperor's power or the Barbarian player (R12)
    RUN = 6  # nothing to decide or roll: the machine stands paused at a boundary (a position
    #          loaded or built there, or a stop of Game.advance) and runs when the program asks


class Result(IntEnum):
    ONGOING = 0
    ROMA_VICTRIX = 1  # R8: all six borders secured
    ARMY_IN_ROMA = 2  # R8: an army entered Roma
    RESERVE_EMPTY = 3  # R8: an unrest or revolt had to be placed and its reserve was empty

    @property
    def is_victory(self) -> bool:
        return self is Result.ROMA_VICTRIX

    @property
    def is_defeat(self) -> bool:
        return self in (Result.ARMY_IN_ROMA, Result.RESERVE_EMPTY)


Task = tuple[Any, ...]  # a step record of core/tasks.py (a NamedTuple whose first field is its code)

# The fields of a State, named once: its __slots__, and what __eq__ compares (all but the shared
# board and hooks).  A module-level tuple, because a compiled class (mypyc) has no __slots__ to read.
FIELDS = (
    "armies_placed",
    "awaiting",
    "board",
    "dice",
    "disc",
    "emperor_at",
    "ext",
    "figure",
    "flags",
    "fleets",
    "garrisons",
    "hooks",
    "ip",
    "memo",
    "passer",
    "passing",
    "pending",
    "result",
    "revolt_reserve",
    "roll_count",
    "roll_purpose",
    "round",
    "settings",
    "tasks",
    "turn",
    "turns_played",
    "unrest_reserve",
)
_COMPARED = tuple(name for name in FIELDS if name not in ("board", "hooks"))


class State:
    """A whole game situation.  Mutated in place by the rules; copy it first to explore."""

    __slots__ = FIELDS

    board: Board
    settings: Settings
    hooks: Hooks  # the joined hooks of the settings' optional rules (shared, never copied)
    disc: list[int]  # per province: NO_DISC, UNREST, REVOLT or GARRISON + emperor
    figure: list[int]  # per province: NO_FIGURE, ARMY or EMPEROR_FIGURE + emperor
    emperor_at: list[int]  # per Emperor: his province, or -1 off the board
    garrisons: list[int]  # per Emperor: garrison discs in his reserve
    unrest_reserve: int
    revolt_reserve: int
    fleets: list[int]  # per sea zone id (index 0 unused): 1 if a Roman fleet is there
    turn: Emperor  # whose turn it is
    round: int  # 1-based
    turns_played: int
    ip: int  # Imperivm Points left in this Roman phase
    passing: bool  # the Emperor of the turn stands on another figure and must move on
    awaiting: Awaiting
    roll_count: int  # dice wanted while awaiting a roll
    roll_purpose: int  # why (a rules.Purpose)
    dice: tuple[int, ...] | None  # dice rolled and not yet used
    tasks: list[Task]  # steps still to do, last on top
    memo: dict[int, bool]  # broken-link checks of the current spreading or uprising (D3)
    armies_placed: list[int]  # provinces where armies were placed in this Barbarian phase (D2)
    result: Result
    passer: int  # R5.1: the Piece passing through another figure (-1: none); ``passing`` mirrors it
    flags: int  # powers and transfers used this turn or round, named bits (core/extensions.py)
    ext: list[Any]  # the optional rules' records (R11-R13), by slot (core/extensions.py)
    pending: list[Task]  # steps triggered inside another step, pushed when it returns

    @classmethod
    def empty(cls, board: Board, settings: Settings) -> State:
        """A table with nothing on it yet: all discs in the reserves, Emperors off the board."""
        state = cls()
        n = board.size
        state.board = board
        state.settings = settings
        state.hooks = settings.hooks
        state.disc = [NO_DISC] * n
        state.figure = [NO_FIGURE] * n
        state.emperor_at = [-1, -1, -1, -1]
        state.garrisons = [settings.level.garrisons] * 4
        state.unrest_reserve = DISCS_PER_RESERVE
        state.revolt_reserve = DISCS_PER_RESERVE
        state.fleets = [0, 0, 0, 0]
        state.turn = Emperor.DIOCLETIAN
        state.round = 1
        state.turns_played = 0
        state.ip = 0
        state.passing = False
        state.awaiting = Awaiting.NOTHING
        state.roll_count = 0
        state.roll_purpose = 0
        state.dice = None
        state.tasks = []
        state.memo = {}
        state.armies_placed = []
        state.result = Result.ONGOING
        state.passer = -1
        state.flags = 0
        state.ext = extensions.DEFAULTS[:]
        state.pending = []
        return state

    def copy(self) -> State:
        """An independent copy (hand-written: ``deepcopy`` is some 30 times slower)."""
        new = State()
        new.board = self.board
        new.settings = self.settings
        new.hooks = self.hooks
        new.disc = self.disc[:]
        new.figure = self.figure[:]
        new.emperor_at = self.emperor_at[:]
        new.garrisons = self.garrisons[:]
        new.unrest_reserve = self.unrest_reserve
        new.revolt_reserve = self.revolt_reserve
        new.fleets = self.fleets[:]
        new.turn = self.turn
        new.round = self.round
        new.turns_played = self.turns_played
        new.ip = self.ip
        new.passing = self.passing
        new.awaiting = self.awaiting
        new.roll_count = self.roll_count
        new.roll_purpose = self.roll_purpose
        new.dice = self.dice
        new.tasks = self.tasks[:]  # tasks are tuples: sharing them is safe
        new.memo = dict(self.memo)
        new.armies_placed = self.armies_placed[:]
        new.result = self.result
        new.passer = self.passer
        new.flags = self.flags
        new.ext = self.ext[:]  # the records are immutable: sharing them is safe
        new.pending = self.pending[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name) for name in _COMPARED
        ) and (self.board is other.board or self.board.digest == other.board.digest)

    __hash__ = None  # type: ignore[assignment]  # mutable

    # --- questions the rules ask often -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not Result.ONGOING

    def armies(self) -> list[int]:
        """Provinces holding an army (ordinary, Goths or rebel), in board order."""
        figure = self.figure
        return [p for p in range(len(figure)) if ARMY <= figure[p] <= REBEL]

    def armies_on_board(self) -> int:
        figure = self.figure
        return sum(map(figure.count, ARMY_FIGURES))

    def armies_in_reserve(self) -> int:
        """R9, D12: 3 armies minus those on the board (Goths and rebels count)."""
        return ARMIES - self.armies_on_board()

    def ordinary_armies_in_reserve(self) -> int:
        """The armies in the reserve that are not set apart by an optional rule (R11.4: the
        Goths are one of the three armies and wait in the reserve for their own rule)."""
        count = self.armies_in_reserve()
        for set_apart in self.hooks.armies_set_apart:
            count -= set_apart(self)
        return count

    def fleet_zones(self) -> list[int]:
        return [z for z in (1, 2, 3) if self.fleets[z]]

    def is_secured(self, border: int) -> bool:
        return self.disc[border] >= GARRISON

    def secured_borders(self) -> int:
        disc = self.disc
        return sum(1 for b in self.board.borders if disc[b] >= GARRISON)

    def region_has_revolt(self, region: int) -> bool:
        disc = self.disc
        return any(disc[p] == REVOLT for p in self.board.region_provinces[region])

    def counts_as_garrison(self, province: int, emperor: int) -> bool:
        """R2: his own disc, or his printed capital disc (Roma: everyone's) uncovered."""
        disc = self.disc[province]
        if disc == NO_DISC:
            return bool(self.board.printed[province] >> emperor & 1)
        return disc == GARRISON + emperor

    def is_protected(self, province: int) -> bool:
        """R7.2: a garrison (real disc or uncovered printed capital) protects from the roll."""
        disc = self.disc[province]
        if disc == NO_DISC:
            return self.board.printed[province] != 0
        return disc >= GARRISON

    def emperor_on(self, province: int) -> int:
        """The Emperor standing on ``province``, or -1."""
        f = self.figure[province] - EMPEROR_FIGURE
        return f if 0 <= f < 4 else -1
