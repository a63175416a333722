"""The actions of the game as small frozen records (R3.6, R4, R5, and the dice of R1).

Provinces are board indices; the notation (``notation.py``) turns them into names and back.
Each Emperor's action names where he stands (``origin``/``at``): it keeps a log readable on its
own, and an action typed for a stale situation is refused instead of doing something else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar

from tetrarchia.core.pieces import Emperor, Piece

if TYPE_CHECKING:
    from tetrarchia.core.board import Board
    from tetrarchia.core.state import State


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of a chance step: one die, or Roman die then Barbarian die (R1)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceFleet:
    """R3.6: the players put a Roman fleet on a sea zone."""

    zone: int


@dataclass(frozen=True, slots=True)
class Enter:
    """R4: an Emperor off the board enters in Roma or in his capital."""

    emperor: Emperor
    province: int


@dataclass(frozen=True, slots=True)
class Move:
    """R5.1: move through a link, or by a Roman fleet between two provinces of its coast.

    ``piece`` is the figure moved with the Emperor's IP when it is not himself: the Dux or the
    Vicarius (R11), or another Emperor (Diocletian's Imperivm power, R12.1).  ``zones`` are the
    sea zones a move by fleet crosses, in order: one zone, or with Mare Nostrvm (R12.2) the chain
    of joined fleet zones (``roman.fleet_zones_between``); empty for a move through a link.  The
    zones follow from the situation, like the cost, so they take no part in equality: a move
    written without them (the notation of format 1) is the same move, and one naming other zones
    than the fleets' route is refused by ``engine.apply_action``.
    """

    emperor: Emperor
    origin: int
    dest: int
    by_fleet: bool = False
    piece: Piece | None = None
    zones: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Sail:
    """R5.2: move a Roman fleet to an adjacent sea zone."""

    emperor: Emperor
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Secure:
    """R5.3: place a garrison of his own in his province (a border: secure it)."""

    emperor: Emperor
    at: int


class SubdueKind(IntEnum):
    REMOVE_REVOLT = 0  # 2 IP
    REDUCE_REVOLT = 1  # 1 IP: the revolt becomes unrest
    REMOVE_UNREST = 2  # 1 IP


@dataclass(frozen=True, slots=True)
class Subdue:
    """R5.4: deal with the revolt or unrest in his province."""

    emperor: Emperor
    at: int
    kind: SubdueKind
    piece: Piece | None = None  # the Dux subdues too (R11.1)


@dataclass(frozen=True, slots=True)
class Attack:
    """R5.5: attack the army in a province linked to his."""

    emperor: Emperor
    origin: int
    target: int
    piece: Piece | None = None  # the Dux attacks too (R11.1)


@dataclass(frozen=True, slots=True)
class EndPhase:
    """The Emperor ends his Roman phase; unspent IP are lost (R5)."""

    emperor: Emperor


@dataclass(frozen=True, slots=True)
class OptionAction:
    """Base of the actions that optional rules add (``tetrarchia.options``).

    ``emperor`` is the Emperor whose seat takes it; None for the Barbarian player (R12.6).
    """

    passes: ClassVar[bool] = False  # the choice of a decision that lets the moment pass

    @property
    def seat(self) -> Emperor | None:
        emperor = getattr(self, "emperor", None)
        return emperor if isinstance(emperor, Emperor) else None

    def notation(self, board: Board, compact: bool) -> str:
        """The action in the long or compact notation (docs/notation.md)."""
        raise NotImplementedError

    def group(self, state: State) -> str:
        """The heading an interface lists the action under: its rule's name, or "Decide" for
        the choices of a decision inside a phase."""
        return "Other"

    def label(self, state: State) -> str:
        """A few words for a list of choices, with the cost or the effect: by default the
        notation without the name of the Emperor of the turn (the prompt names him).  A
        subclass adding to it calls ``OptionAction.label(self, state)``: a zero-argument
        ``super()`` fails in a slotted dataclass."""
        return self.notation(state.board, False).removeprefix(f"{state.turn.title} ")


BaseAction = Roll | PlaceFleet | Enter | Move | Sail | Secure | Subdue | Attack | EndPhase
Action = BaseAction | OptionAction


def mover(action: Move | Subdue | Attack) -> Piece:
    """The figure that acts: ``piece`` if given, else the Emperor himself."""
    return action.piece if action.piece is not None else Piece(action.emperor)
