"""The components of R1: Emperors, discs, figures, dice and the reserves' sizes."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Emperor(IntEnum):
    """The four Emperors in turn order (R1, R4)."""

    DIOCLETIAN = 0
    GALERIUS = 1
    CONSTANTIUS = 2
    MAXIMIAN = 3

    @property
    def title(self) -> str:
        return EMPEROR_TITLES[self]  # a tuple look-up: self.name.capitalize() cost ~260 ns

    @property
    def augustus(self) -> Emperor:
        """The Augustus of this Emperor's pair (East: Diocletian, West: Maximian)."""
        return Emperor.DIOCLETIAN if self in (Emperor.DIOCLETIAN, Emperor.GALERIUS) else Emperor.MAXIMIAN

    @property
    def is_augustus(self) -> bool:
        return self in (Emperor.DIOCLETIAN, Emperor.MAXIMIAN)


EMPERORS: tuple[Emperor, ...] = tuple(Emperor)  # EMPERORS[i] is Emperor(i) without an enum call (~410 ns)
EMPEROR_TITLES: tuple[str, ...] = tuple(e.name.capitalize() for e in EMPERORS)


def emperor_named(text: str) -> Emperor:
    """The Emperor whose name (or a prefix of it, or its initial) is ``text``."""
    key = text.strip().lower()
    if key:
        for emperor in EMPERORS:
            if emperor.name.lower().startswith(key):
                return emperor
    raise KeyError(text)


# Discs on a province (R2 occupancy: at most one).  Garrisons are GARRISON + emperor.
NO_DISC: Final = 0
UNREST: Final = 1
REVOLT: Final = 2
GARRISON: Final = 3


def garrison_of(emperor: int) -> int:
    return GARRISON + emperor


def disc_owner(disc: int) -> int:
    """The Emperor of a garrison disc (only meaningful when ``disc >= GARRISON``)."""
    return disc - GARRISON


# Figures on a province (R2 occupancy: at most one).  The three kinds of army come first so that
# "is an army" is one comparison; Emperors are EMPEROR_FIGURE + emperor.
NO_FIGURE: Final = 0
ARMY: Final = 1  # an ordinary Barbarian army (or a usurper, R12.4)
GOTHS: Final = 2  # R11.4
REBEL: Final = 3  # R13: a rebel army (whatever figure stands for it); never advances
EMPEROR_FIGURE: Final = 4
DUX: Final = 8  # R11.1
VICARIUS: Final = 9  # R11.2


ARMY_FIGURES: Final = tuple(range(ARMY, REBEL + 1))  # every kind of army (R9: all count)


def is_army(figure: int) -> bool:
    return ARMY <= figure <= REBEL


def emperor_figure(emperor: int) -> int:
    return EMPEROR_FIGURE + emperor


def figure_emperor(figure: int) -> int:
    """The Emperor standing as ``figure``, or -1 when it is no Emperor."""
    return figure - EMPEROR_FIGURE if EMPEROR_FIGURE <= figure < EMPEROR_FIGURE + 4 else -1


class Piece(IntEnum):
    """A Roman figure that spends IP: the four Emperors, the Dux and the Vicarius (R11)."""

    DIOCLETIAN = 0
    GALERIUS = 1
    CONSTANTIUS = 2
    MAXIMIAN = 3
    DUX = 4
    VICARIUS = 5

    @property
    def title(self) -> str:
        return PIECE_TITLES[self]

    @property
    def figure(self) -> int:
        return PIECE_FIGURES[self]


PIECES: tuple[Piece, ...] = tuple(Piece)  # PIECES[i] is Piece(i) without an enum call (~410 ns)
PIECE_TITLES: tuple[str, ...] = tuple(p.name.capitalize() for p in PIECES)
# The figure code of each piece on the board: the Emperors', then the Dux's and the Vicarius's.
PIECE_FIGURES: tuple[int, ...] = (EMPEROR_FIGURE, EMPEROR_FIGURE + 1, EMPEROR_FIGURE + 2,
                                  EMPEROR_FIGURE + 3, DUX, VICARIUS)
# The piece standing as each figure code (the inverse of PIECE_FIGURES): Emperors and extra
# figures alike, so that a reader of the board needs no list of the options' figures.
FIGURE_PIECES: dict[int, int] = {figure: piece for piece, figure in enumerate(PIECE_FIGURES)}


DISCS_PER_RESERVE: Final = 21  # R1: 21 unrest and 21 revolt discs
GARRISONS_IN_BOX: Final = 5  # R1: 5 per Emperor
ARMIES: Final = 3  # R1, R9: at most 3 armies on the board
IP_PER_TURN: Final = 6  # R5

ROMAN_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
NUMERAL_VALUES = {v: k for k, v in ROMAN_NUMERALS.items()}
