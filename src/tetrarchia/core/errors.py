"""One small hierarchy of errors, all under ``ValueError``.

Messages say what is wrong in the game's words and quote the input.  Each class has a stable
``code`` that an interface can map to its own answers (the web layer will map them to HTTP codes).
"""

from __future__ import annotations


class TetrarchiaError(ValueError):
    code = "error"


class BoardError(TetrarchiaError):
    """A board file is malformed or breaks a rule of R2."""

    code = "bad-board"


class SaveFileError(TetrarchiaError):
    """A saved game or position cannot be read, or describes an impossible situation."""

    code = "bad-save"


class InvalidNotation(TetrarchiaError):
    """The text is not an action in the notation (docs/notation.md)."""

    code = "invalid-notation"


class AmbiguousAction(InvalidNotation):
    """A short form matches several legal actions."""

    code = "ambiguous"


class OptionError(TetrarchiaError):
    """Game settings that cannot be played (unknown level, bad player count ...)."""

    code = "bad-options"


class IllegalAction(TetrarchiaError):
    """The action is well formed but the rules forbid it now."""

    code = "illegal"


class InvalidAction(IllegalAction):
    """An action record with a field of the wrong type (``Enter(e, 3.0)``, ``Roll((True,))``,
    ``EndPhase(0)``): only a program can build it, and no rule can ever make it legal."""

    code = "invalid-action"


class GameOver(IllegalAction):
    code = "game-over"


class NotYourTurn(IllegalAction):
    """Someone other than the one who must decide now tried to act."""

    code = "not-your-turn"


class WrongMoment(IllegalAction):
    """The action does not fit what the game waits for (a roll, an entry, fleet placement ...)."""

    code = "wrong-moment"


class NotEnoughIP(IllegalAction):
    code = "not-enough-ip"


class NotLinked(IllegalAction):
    """The provinces are not joined by a link (or by a fleet, for a move)."""

    code = "not-linked"


class Occupied(IllegalAction):
    """A figure or a disc is in the way (R2 occupancy)."""

    code = "occupied"


class MustMoveOn(IllegalAction):
    """An Emperor passing through another figure's province must move out (R5.1, D8, D21)."""

    code = "must-move-on"


class NothingThere(IllegalAction):
    """The action needs a disc, an army or a fleet that is not there."""

    code = "nothing-there"


class ReserveEmpty(IllegalAction):
    code = "reserve-empty"


class RegionInRevolt(IllegalAction):
    """A border can be secured only when its region holds no revolt (R5.3)."""

    code = "region-in-revolt"


class BadRoll(IllegalAction):
    """A die result that the pending roll cannot have."""

    code = "bad-roll"
