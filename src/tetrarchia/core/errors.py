"""One small hierarchy of errors, all under ``ValueError``, each carrying a stable code.

Messages say what is wrong in the game's words and quote the input.  The classes are families
(a refusal for IP, for a link, for what stands in the way ...); the precise reason is the error's
``code``, one member of the closed set :class:`Refusal`, which an interface maps to its own
answers (the web layer to HTTP codes, a translation to its sentences) without reading the English.
The codes are public API: docs/api.md lists them with their meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Refusal(StrEnum):
    """Why an input is refused: the ``code`` of every :class:`TetrarchiaError` (docs/api.md)."""

    # --- refusals by the rules (IllegalAction and its families) ---
    COST = "cost"  # not enough IP left for it (R5)
    OCCUPANCY = "occupancy"  # a Roman figure or a Roman fleet already holds the place (R2, R5.2)
    ARMY_THERE = "army_there"  # a Barbarian army stands in the province (R2, R4, R5.1)
    DISC_PRESENT = "disc_present"  # the province already holds a disc (R2, R5.3)
    COVERED_CAPITAL = "covered_capital"  # his capital is covered by a disc: no entry there (R4)
    PIRATES_THERE = "pirates_there"  # the Pirates hold that sea zone (R11.3)
    NO_LINK = "no_link"  # no link (or no fleet, or no adjacent zone) joins the two places (R5)
    REGION_IN_REVOLT = "region_in_revolt"  # a border is secured only in a region free of revolt
    NO_DISC_LEFT = "no_disc_left"  # the reserve it would take a disc from is empty (R1, D15)
    NO_TARGET = "no_target"  # the army, disc, fleet or Pirates the action needs is not there
    NO_SUCH_PLACE = "no_such_place"  # the province or sea zone number does not exist
    NOT_ON_BOARD = "not_on_board"  # the figure is off the board (R4, R11)
    NOT_THERE = "not_there"  # the figure is not where the action says it stands
    ALREADY_THERE = "already_there"  # a move to the province the figure stands in
    MUST_MOVE_ON = "must_move_on"  # a figure passing through another's province moves on first
    REVOLT = "revolt"  # the Vicarius never enters a revolt (R11.2)
    NOT_ALLOWED = "not_allowed"  # that figure or Emperor may never do that (R4, R11, R12)
    NOT_COMMANDED = "not_commanded"  # the Emperor of the turn cannot spend IP on that figure now
    PROTECTED_BORDER = "protected_border"  # a secured border keeps its garrison (R5.3)
    ALREADY_USED = "already_used"  # a power or a transfer already used this turn or round (R12)
    NOT_IN_PLAY = "not_in_play"  # the figure or the rule is not in this game (or left it)
    SCENARIO_CONDITION = "scenario_condition"  # a condition of the scenario is not met (R13)
    NOT_A_CHOICE = "not_a_choice"  # not one of the choices of the pending decision (R12)
    PHASE_OVER = "phase_over"  # his Roman phase is over (ended, or after a defeat, R5.5)
    GAME_OVER = "game_over"  # the game has ended (R8)
    NOT_YOUR_TURN = "not_your_turn"  # another seat must decide now
    WRONG_MOMENT = "wrong_moment"  # the game waits for something else (dice, entry, a decision)
    BAD_ROLL = "bad_roll"  # dice the pending roll cannot have
    NO_UNDO = "no_undo"  # a rolled die is never taken back
    NOT_FORECASTABLE = "not_forecastable"  # no Barbarian phase to forecast from here (analysis)
    # --- inputs that are not actions or games ---
    BAD_BOARD = "bad_board"  # a board file is malformed or breaks R2
    BAD_SAVE = "bad_save"  # a saved game or position cannot be read or is impossible
    INVALID_NOTATION = "invalid_notation"  # text that is not an action in the notation
    INVALID_ACTION = "invalid_action"  # an action record with a field of the wrong type
    AMBIGUOUS = "ambiguous"  # a short form that matches several legal actions
    BAD_OPTIONS = "bad_options"  # settings that cannot be played


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence kept as its English template and its arguments, so that it can be told again
    in another language (``tetrarchia.render.refusals``) from the same data.

    ``template`` is an English sentence with named fields (``"{place} holds a figure"``); each
    argument is a proper noun or a number, which every language keeps (province, sea zone and
    Emperor names are Latin on every edition's board), or a nested :class:`Said` for a phrase
    of its own ("the Dux", what the game waits for).  ``str()`` is the English sentence.
    """

    template: str
    args: tuple[tuple[str, str | int | Said], ...] = ()

    def __str__(self) -> str:
        return self.template.format(**{name: value if isinstance(value, (str, int)) else str(value)
                                       for name, value in self.args})

    def data(self) -> dict[str, str | int]:
        """The arguments as JSON data (a nested phrase as its English words)."""
        return {name: value if isinstance(value, int) else str(value) for name, value in self.args}


def said(template: str, /, **args: str | int | Said) -> Said:
    """A sentence and its arguments (the templates are gathered for the translators by
    ``tetrarchia.render.catalogues``: write the template as a literal string)."""
    return Said(template, tuple(args.items()))


class TetrarchiaError(ValueError):
    """Every error of the package: a sentence in the game's words and a :class:`Refusal` code.

    The class gives the family and its usual code; a raise that knows a more precise reason
    passes it: ``Occupied("his capital Treveri is covered", Refusal.COVERED_CAPITAL)``.  A raise
    a player can meet passes its sentence as a :class:`Said` (``said("...", place=name)``): the
    message stays the English sentence, and the template and arguments (``said``,
    ``args_data``) let an interface tell the refusal in the player's language.
    """

    code: Refusal = Refusal.WRONG_MOMENT
    said: Said | None = None

    def __init__(self, message: str | Said, code: Refusal | None = None) -> None:
        super().__init__(str(message))
        if isinstance(message, Said):
            self.said = message
        if code is not None:
            self.code = code

    @property
    def args_data(self) -> dict[str, str | int]:
        """The refusal's arguments as data (the place, the figure, the cost ...); empty for a
        message given as plain text."""
        return self.said.data() if self.said is not None else {}


class BoardError(TetrarchiaError):
    """A board file is malformed or breaks a rule of R2."""

    code = Refusal.BAD_BOARD


class SaveFileError(TetrarchiaError):
    """A saved game or position cannot be read, or describes an impossible situation."""

    code = Refusal.BAD_SAVE


class InvalidNotation(TetrarchiaError):
    """The text is not an action in the notation (docs/notation.md)."""

    code = Refusal.INVALID_NOTATION


class AmbiguousAction(InvalidNotation):
    """A short form matches several legal actions."""

    code = Refusal.AMBIGUOUS


class OptionError(TetrarchiaError):
    """Game settings that cannot be played (unknown level, bad player count ...)."""

    code = Refusal.BAD_OPTIONS


class IllegalAction(TetrarchiaError):
    """The action is well formed but the rules forbid it now."""

    code = Refusal.NOT_ALLOWED


class InvalidAction(IllegalAction):
    """An action record with a field of the wrong type (``Enter(e, 3.0)``, ``Roll((True,))``,
    ``EndPhase(0)``): only a program can build it, and no rule can ever make it legal."""

    code = Refusal.INVALID_ACTION


class GameOver(IllegalAction):
    code = Refusal.GAME_OVER


class NotYourTurn(IllegalAction):
    """Someone other than the one who must decide now tried to act."""

    code = Refusal.NOT_YOUR_TURN


class WrongMoment(IllegalAction):
    """The action does not fit what the game waits for (a roll, an entry, fleet placement ...)."""

    code = Refusal.WRONG_MOMENT


class NotEnoughIP(IllegalAction):
    code = Refusal.COST


class NotLinked(IllegalAction):
    """The provinces are not joined by a link (or by a fleet, for a move)."""

    code = Refusal.NO_LINK


class Occupied(IllegalAction):
    """A figure or a disc is in the way (R2 occupancy)."""

    code = Refusal.OCCUPANCY


class MustMoveOn(IllegalAction):
    """An Emperor passing through another figure's province must move out (R5.1, D8, D21)."""

    code = Refusal.MUST_MOVE_ON


class NothingThere(IllegalAction):
    """The action needs a disc, an army or a fleet that is not there."""

    code = Refusal.NO_TARGET


class ReserveEmpty(IllegalAction):
    code = Refusal.NO_DISC_LEFT


class RegionInRevolt(IllegalAction):
    """A border can be secured only when its region holds no revolt (R5.3)."""

    code = Refusal.REGION_IN_REVOLT


class BadRoll(IllegalAction):
    """A die result that the pending roll cannot have."""

    code = Refusal.BAD_ROLL


class AmbiguousPlace(KeyError):
    """A province name prefix that several provinces share; the message names them, and
    ``key`` and ``names`` keep the parts apart so that a refusal can be told in any language."""

    def __init__(self, message: str, key: str, names: str) -> None:
        super().__init__(message)
        self.key = key
        self.names = names
