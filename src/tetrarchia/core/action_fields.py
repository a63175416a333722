"""Actions built by a program are checked field by field before the rules look at them.

An action is a small frozen record (``actions.py``, and the optional rules' own); nothing stops a
program from writing ``Enter(emperor, 3.0)``, ``Roll((True,))``, ``EndPhase(0)`` or
``CancelAdvance(48)``.  Python's equality would let some of them pass for legal actions
(``0 == Emperor.DIOCLETIAN``, ``True == 1``) and break the log; others would crash the message that
explains the refusal.  :func:`check_fields` refuses a field of the wrong type with
:class:`InvalidAction` and a province off the board with :class:`NothingThere` ("there is no
province 48"), saying which field is wrong, so that ``engine.apply_action`` only ever compares
well-formed actions and its explanations only ever name real provinces.  It reads each record's
type hints once; ``apply_trusted`` (playouts, search) never calls it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum

from tetrarchia.core.actions import OptionAction, PlaceFleet, Roll, Sail
from tetrarchia.core.board import ZONE_IDS, Board
from tetrarchia.core.errors import IllegalAction, InvalidAction, NothingThere, Refusal, Said, said
from tetrarchia.core.pieces import Piece

# An int field is a province of the board unless its name says otherwise.
ZONE_FIELDS = {(PlaceFleet, "zone"), (Sail, "src"), (Sail, "dst")}
RESERVE_OR_PROVINCE = "burn"  # R12.1: a province, or -1 for the Emperor's reserve

# A check answers None, or why the field is wrong: a sentence, or the error class and a sentence
# when the field is well typed but names what does not exist (a province off the board).
Why = str | tuple[type[IllegalAction], Said]
Checker = Callable[[object, Board], Why | None]
_CHECKERS: dict[type, list[tuple[str, Checker]]] = {}


def check_fields(action: object, board: Board) -> None:
    """Raise :class:`InvalidAction` unless every field of ``action`` has its type, and
    :class:`NothingThere` when a province field is off the board."""
    checkers = _CHECKERS.get(type(action))
    if checkers is None:
        checkers = _CHECKERS[type(action)] = _checkers_for(type(action))
    for name, check in checkers:
        why = check(getattr(action, name), board)
        if isinstance(why, tuple):
            raise why[0](said("{action}: {field}: {why}", action=type(action).__name__, field=name,
                              why=why[1]), Refusal.NO_SUCH_PLACE)
        if why is not None:
            raise InvalidAction(f"{type(action).__name__}: {name} {why}")


def _checkers_for(kind: type) -> list[tuple[str, Checker]]:
    from tetrarchia.core.actions import BaseAction  # the union of the base game's records

    known = typing.get_args(BaseAction)
    if not dataclasses.is_dataclass(kind) or not (kind in known or issubclass(kind, OptionAction)):
        raise InvalidAction(f"{kind.__name__} is not an action of the game")
    hints = typing.get_type_hints(kind)
    return [(f.name, _checker(kind, f.name, hints[f.name])) for f in dataclasses.fields(kind)]


def _checker(kind: type, name: str, hint: object) -> Checker:
    if hint in (type, object, tuple):
        # A compiled record (mypyc) keeps only the runtime class of an annotation: ``Piece |
        # None`` reads as ``type``, ``tuple[int, ...]`` as ``tuple``.  Those fields go by name.
        hint = _BY_NAME.get(name, hint)
    if (kind, name) in ZONE_FIELDS or (hint is int and "zone" in name):
        return _zone
    if hint is int:
        return _province(-1 if name == RESERVE_OR_PROVINCE else 0)
    if hint is bool:
        return lambda value, board: None if type(value) is bool else f"{_shown(value)} is not true or false"
    if kind is Roll and name == "dice":
        return _dice
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and args[-1:] == (Ellipsis,):
        each = _checker(kind, name, args[0])
        return lambda value, board: f"{_shown(value)} is not a tuple" if type(value) is not tuple else \
            next((why for item in value if (why := each(item, board)) is not None), None)
    if isinstance(hint, types.UnionType) and type(None) in args:
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            check = _checker(kind, name, inner[0])
            return lambda value, board: None if value is None else check(value, board)
    if isinstance(hint, type) and issubclass(hint, Enum):
        enum = hint
        names = ", ".join(m.name.title() for m in enum)
        return lambda value, board: None if isinstance(value, enum) else \
            f"{_shown(value)} is not one of the {enum.__name__} values ({names})"
    if isinstance(hint, type) and hint not in (type, object, tuple):
        exact = hint
        return lambda value, board: None if type(value) is exact else \
            f"{_shown(value)} is not of the type {exact.__name__}"
    return lambda value, board: None  # a field type this check does not know: the rules decide


# The types of the fields whose annotation a compiled record loses (see _checker).
_BY_NAME: dict[str, object] = {"piece": Piece | None, "zones": tuple[int, ...]}


def _zone(value: object, board: Board) -> str | None:
    """A sea zone is a whole number; which zones exist is the rules' answer (NothingThere)."""
    return None if type(value) is int else f"{_shown(value)} is not a sea zone number ({ZONE_IDS})"


def _province(low: int) -> Checker:
    def check(value: object, board: Board) -> Why | None:
        extra = " or -1 for his reserve" if low < 0 else ""
        if type(value) is not int:
            return f"{_shown(value)} is not a province number (0-{board.size - 1}{extra})"
        if not low <= value < board.size and low < 0:
            return NothingThere, said("there is no province {number} on the board (0-{last} or -1 "
                                      "for his reserve)", number=_shown(value), last=board.size - 1)
        if not low <= value < board.size:
            return NothingThere, said("there is no province {number} on the board (0-{last})",
                                      number=_shown(value), last=board.size - 1)
        return None
    return check


def _dice(value: object, board: Board) -> str | None:
    """Dice are a tuple of whole numbers; whether they fit the pending roll (one or two dice,
    each 1-6) is the rules' answer (BadRoll)."""
    if type(value) is not tuple or len(value) > 8 or not all(type(d) is int for d in value):
        return f"{_shown(value)} are not dice: a tuple of whole numbers, e.g. (3, 5) (R1)"
    return None


def _shown(value: object) -> str:
    """``repr(value)`` cut to 60 characters; a huge int (which ``repr`` refuses past 4,300
    digits) by its size."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an integer of some {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
