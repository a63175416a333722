"""A fixed numbering of the game's actions and of the dice, as the toolkits want it.

Learning and search toolkits want each action as a number below a fixed bound, the same number
for the same action in every state.  The engine's actions (``legal_actions``, the one source of
truth) are records; this module numbers them in blocks, on a board of ``n`` provinces (48 on the
default board), 6 pieces (the four Emperors, the Dux, the Vicarius: ``Piece``) and 3 sea zones:

==============  =========  ==================================================================
block           size       the action
==============  =========  ==================================================================
place-fleet     3          R3.6 ``PlaceFleet(zone)``: zone - 1
enter           n          R4 ``Enter``: the province entered
move            6 n        R5.1 ``Move`` through a link: the figure moved × the destination
move-by-fleet   6 n        R5.1 ``Move`` by fleet: the figure moved × the destination
sail            9          R5.2 ``Sail``: (from zone - 1) × 3 + (to zone - 1)
secure          n          R5.3 ``Secure``: the province secured
subdue          6 × 3      R5.4 ``Subdue``: the figure subduing × the kind (``SubdueKind``)
attack          6 n        R5.5 ``Attack``: the figure attacking × the army's province
end-phase       1          R5 ``EndPhase``
option blocks   ...        the optional rules' own actions (R11-R13: a power, a deployment,
                           the Barbarian player's choices...), one block per kind numbered
                           from its fields (:mod:`tetrarchia.research.option_numbers`), then
                           32 numbers for an extension's actions (the k-th in this state)
==============  =========  ==================================================================

The figure of a move, a subdue or an attack is the one that acts (``actions.mover``: the
Emperor of the turn, or the Dux, the Vicarius, another Emperor moved with his IP); where it
starts follows from the board, so the number does not need it.  Every number of the game's
rules thus means the same move in every state (issue 29: one number for one move, or the
observation cannot be Markov); only an extension's unknown actions are numbered per state, in
the engine's order.  ``action_to_string`` gives any number's notation.  :func:`legal_ids`
checks that no two legal actions share a number.

A roll (R1) is a chance outcome: one die shows ``d`` -> ``d - 1`` (0-5); two dice, the Roman
die ``r`` then the Barbarian die ``b`` -> ``6 (r - 1) + (b - 1)`` (0-35).  Their probabilities are
the engine's (``chance_outcomes``): fair six-sided dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
    mover,
)
from tetrarchia.core.board import Board
from tetrarchia.core.engine import chance_outcomes, legal_actions
from tetrarchia.core.errors import IllegalAction, Refusal
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import PIECES
from tetrarchia.core.state import State
from tetrarchia.research.option_numbers import (
    BLOCK_OF,
    EXTENSION_SLOTS,
    OPTION_BLOCKS,
    max_links,
)

SEA_ZONES = 3  # R1: three sea zones hold the Roman fleets (state.fleets[1..3])
MAX_CHANCE_OUTCOMES = 36  # two dice (R1)
KINDS = len(SubdueKind)


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """Where each block of numbers starts, for a board."""

    provinces: int
    links: int = 6  # the most neighbours a province has (option_numbers.max_links)

    @property
    def place_fleet(self) -> int:
        return 0

    @property
    def enter(self) -> int:
        return self.place_fleet + SEA_ZONES

    @property
    def move(self) -> int:
        return self.enter + self.provinces

    @property
    def move_by_fleet(self) -> int:
        return self.move + len(PIECES) * self.provinces

    @property
    def sail(self) -> int:
        return self.move_by_fleet + len(PIECES) * self.provinces

    @property
    def secure(self) -> int:
        return self.sail + SEA_ZONES * SEA_ZONES

    @property
    def subdue(self) -> int:
        return self.secure + self.provinces

    @property
    def attack(self) -> int:
        return self.subdue + len(PIECES) * KINDS

    @property
    def end_phase(self) -> int:
        return self.attack + len(PIECES) * self.provinces

    @property
    def option(self) -> int:
        return self.end_phase + 1

    def option_starts(self) -> list[int]:
        """Where each block of :data:`OPTION_BLOCKS` starts, then the extension block."""
        starts = [self.option]
        for block in OPTION_BLOCKS:
            starts.append(starts[-1] + block.size(self.provinces, self.links))
        return starts

    @property
    def extension(self) -> int:
        return self.option_starts()[-1]

    @property
    def size(self) -> int:
        """How many numbers: OpenSpiel's ``num_distinct_actions``, the size of a Discrete."""
        return self.extension + EXTENSION_SLOTS

    def blocks(self) -> list[tuple[str, int, int]]:
        """Each block's name, first number and size (the table of docs/research.md)."""
        starts = [("place-fleet", self.place_fleet), ("enter", self.enter), ("move", self.move),
                  ("move-by-fleet", self.move_by_fleet), ("sail", self.sail),
                  ("secure", self.secure), ("subdue", self.subdue), ("attack", self.attack),
                  ("end-phase", self.end_phase),
                  *zip([b.name for b in OPTION_BLOCKS], self.option_starts(), strict=False),
                  ("extension", self.extension)]
        ends = [start for _, start in starts[1:]] + [self.size]
        return [(name, start, end - start) for (name, start), end in zip(starts, ends, strict=True)]


def action_space(board: Board) -> ActionSpace:
    return ActionSpace(board.size, max_links(board))


def option_id(action: OptionAction, space: ActionSpace, board: Board) -> int:
    """The number of an optional rule's action of :data:`OPTION_BLOCKS`; -1 for an unknown kind."""
    index = BLOCK_OF.get(type(action))
    if index is None:
        return -1
    return space.option_starts()[index] + OPTION_BLOCKS[index].place(action, board)


def base_id(action: Action, space: ActionSpace) -> int:
    """The number of a base-game action (R3.6, R4, R5); -1 for an optional rule's own action."""
    n = space.provinces
    if isinstance(action, Move):
        start = space.move_by_fleet if action.by_fleet else space.move
        return start + int(mover(action)) * n + action.dest
    if isinstance(action, Attack):
        return space.attack + int(mover(action)) * n + action.target
    if isinstance(action, Subdue):
        return space.subdue + int(mover(action)) * KINDS + int(action.kind)
    if isinstance(action, Secure):
        return space.secure + action.at
    if isinstance(action, EndPhase):
        return space.end_phase
    if isinstance(action, Enter):
        return space.enter + action.province
    if isinstance(action, Sail):
        return space.sail + (action.src - 1) * SEA_ZONES + action.dst - 1
    if isinstance(action, PlaceFleet):
        return space.place_fleet + action.zone - 1
    return -1


def legal_ids(state: State, legal: list[Action] | None = None) -> dict[int, Action]:
    """The legal actions of the deciding seat by number (empty at a roll and at the end)."""
    if state.is_over:
        return {}
    actions = legal_actions(state) if legal is None else legal
    board = state.board
    space = action_space(board)
    found: dict[int, Action] = {}
    slot = 0
    for action in actions:
        if isinstance(action, Roll):
            return {}
        if isinstance(action, OptionAction):
            number = option_id(action, space, board)
            if number < 0:  # an extension's action: numbered in this state's order
                if slot >= EXTENSION_SLOTS:
                    raise AssertionError(f"{len(actions)} legal actions hold more than "
                                         f"{EXTENSION_SLOTS} actions of unknown options: raise "
                                         "EXTENSION_SLOTS")
                number = space.extension + slot
                slot += 1
        else:
            number = base_id(action, space)
        if number in found:  # the numbering must tell every legal action apart
            raise AssertionError(f"actions {found[number]!r} and {action!r} share number {number}")
        found[number] = action
    return found


def decode(state: State, number: int, legal: dict[int, Action] | None = None) -> Action:
    """The legal action numbered ``number`` now; a number of no legal action is refused."""
    actions = legal if legal is not None else legal_ids(state)
    action = actions.get(number)
    if action is None:
        raise IllegalAction(f"action number {number!r} is not one of the legal actions now "
                            f"(legal: {sorted(actions)})", Refusal.NOT_A_CHOICE)
    return action


def describe(state: State, number: int, legal: dict[int, Action] | None = None) -> str:
    """The notation of action ``number`` in this state (docs/notation.md); a number that is no
    legal action here is named by its block."""
    action = (legal if legal is not None else legal_ids(state)).get(number)
    if action is not None:
        return format_action(action, state.board)
    space = action_space(state.board)
    for name, start, size in space.blocks():
        if start <= number < start + size:
            return f"{name} #{number - start} (not legal here)"
    return f"action number {number} (out of range 0-{space.size - 1})"


def roll_id(roll: Roll) -> int:
    """A chance outcome's number: one die d -> d - 1; Roman die r, Barbarian die b -> 6(r-1)+b-1."""
    if len(roll.dice) == 1:
        return roll.dice[0] - 1
    roman, barbarian = roll.dice
    return 6 * (roman - 1) + barbarian - 1


def roll_of(number: int, dice: int) -> Roll:
    """The roll numbered ``number`` for ``dice`` dice (1 or 2)."""
    if dice == 1:
        if not 0 <= number < 6:
            raise IllegalAction(f"chance outcome {number!r} is no face of one die (0-5)", Refusal.BAD_ROLL)
        return Roll((number + 1,))
    if not 0 <= number < 36:
        raise IllegalAction(f"chance outcome {number!r} is no roll of two dice (0-35)", Refusal.BAD_ROLL)
    return Roll((number // 6 + 1, number % 6 + 1))


def chances(state: State) -> list[tuple[int, float]]:
    """The pending roll's outcomes by number, with the engine's probabilities (R1)."""
    return [(roll_id(roll), p) for roll, p in chance_outcomes(state)]
