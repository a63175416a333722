"""Helpers for the setup, Barbarian-phase, combat and end-of-game tests (R3, R6, R7, R8).

A plain module (not a conftest): ``from barbarian_helpers import phase_position, activity, ...``.

- :func:`phase_position` builds a hand-written position (``serialize.position_from_json``); by
  default Diocletian stands in Roma and it is his turn, so :func:`end_phase` starts the Barbarian
  phase with a legal ``EndPhase`` (an Emperor in Roma is out of reach of the activity roll).
- Each die is scripted by a helper named after what it is for (:func:`activity`,
  :func:`link_roll`, :func:`army_region`, ...).  The helper checks that the game waits for exactly
  that roll, so a test also proves which dice the engine asks for, in which order.
- :func:`discs`, :func:`armies`, :func:`reserves` read the state back in the position format
  (``"II:6"``, ``"roma"``, ``"garrison Maximian"``), for exact comparisons.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conftest import as_purpose
from tetrarchia.core.actions import EndPhase, Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.engine import apply_action
from tetrarchia.core.events import PURPOSE_NAMES, Event, Purpose
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import Awaiting, State

BOARD: Board = default_board()

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN

# An activity roll that changes nothing: GERMANIA INFERIOR II:2, Constantius's printed capital,
# protects itself while no disc covers it (R2, R7.2).
QUIET = (2, 2)


def at(key: str) -> int:
    """Board index of a province by coordinates, id or name."""
    return BOARD.province(key).index


def key(index: int) -> str:
    """The position-format name of a province: coordinates, else its id."""
    province = BOARD.provinces[index]
    return province.coords or province.id


def phase_position(
    *,
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None] | None = None,
    armies: Iterable[str] = (),
    turn: str = "Diocletian",
    ip: int = 6,
    level: str = "4211",
    settings: Mapping[str, Any] | None = None,
) -> State:
    """A hand-written position at the Roman phase of ``turn``.

    ``emperors`` defaults to Diocletian in Roma.  ``settings`` adds to ``{"level": level}``
    (e.g. ``{"broken_link_once": False}``).  Reserves are what the board does not hold.
    """
    data: dict[str, Any] = {
        "format": "tetrarchia-position",
        "version": 2,
        "settings": {"level": level, **(settings or {})},
        "discs": dict(discs or {}),
        "emperors": dict({"Diocletian": "roma"} if emperors is None else emperors),
        "armies": list(armies),
        "turn": {"emperor": turn, "ip": ip},
    }
    return position_from_json(data, BOARD)


def end_phase(state: State, events: list[Event] | None = None) -> None:
    """The Emperor of the turn ends his Roman phase: the Barbarian phase (R7) starts."""
    assert state.awaiting is Awaiting.ROMAN_ACTION, f"no Roman phase to end ({state.awaiting.name})"
    apply_action(state, EndPhase(state.turn), events)


def roll(state: State, purpose: Purpose, *dice: int, events: list[Event] | None = None) -> None:
    """Apply ``dice`` after checking that the game waits for exactly this roll."""
    assert state.awaiting is Awaiting.ROLL, (
        f"expected a roll for {purpose.name}, the game awaits {state.awaiting.name}"
    )
    assert as_purpose(state.roll_purpose) is purpose, (
        f"expected a roll for {purpose.name}, the game wants {PURPOSE_NAMES[state.roll_purpose]}"
    )
    assert state.roll_count == len(dice), f"{state.roll_count} dice wanted, {len(dice)} given"
    apply_action(state, Roll(tuple(dice)), events)


def activity(state: State, region: int, number: int) -> None:
    """R7.2: Roman die = region, Barbarian die = province."""
    roll(state, Purpose.ACTIVITY, region, number)


def quiet_activity(state: State) -> None:
    """R7.2 on GERMANIA INFERIOR II:2, which an uncovered printed capital protects."""
    activity(state, *QUIET)


def link_roll(state: State, die: int) -> None:
    """R7.4: the Barbarian die for a broken link (1-3 not linked, 4-6 linked)."""
    roll(state, Purpose.BROKEN_LINK, die)


def army_region(state: State, region: int) -> None:
    """R7.2 uprising step 2: the Roman die for the region of the army."""
    roll(state, Purpose.UPRISING_REGION, region)


def new_activity(state: State, number: int) -> None:
    """R7.2 uprising step 2: the Barbarian die of the new activity when the border is not empty."""
    roll(state, Purpose.UPRISING_PROVINCE, number)


def battle(state: State, roman: int, barbarian: int) -> None:
    """R6: the Roman die, then the Barbarian die."""
    roll(state, Purpose.BATTLE, roman, barbarian)


def awaiting(state: State) -> Awaiting:
    """What the game waits for now (a call, so that mypy does not narrow it between actions)."""
    return state.awaiting


def awaits_roll(state: State) -> int | None:
    """What the pending roll is for, or None when no die is wanted."""
    return as_purpose(state.roll_purpose) if state.awaiting is Awaiting.ROLL else None


def assert_turn_of(state: State, emperor: Emperor) -> None:
    """The Barbarian phase is over (no die wanted) and ``emperor``'s turn has begun."""
    assert state.awaiting in (Awaiting.ENTRY, Awaiting.ROMAN_ACTION), (
        f"the phase is not over: the game awaits {state.awaiting.name}"
        + (f" ({PURPOSE_NAMES[state.roll_purpose]})" if state.awaiting is Awaiting.ROLL else "")
    )
    assert state.turn is emperor, f"it is {state.turn.title}'s turn, not {emperor.title}'s"


def discs(state: State) -> dict[str, str]:
    """Every disc on the board, in the position format."""
    result: dict[str, str] = position_to_json(state)["discs"]
    return result


def armies(state: State) -> list[str]:
    """Provinces holding an army, in board order."""
    result: list[str] = position_to_json(state)["armies"]
    return result


def emperors(state: State) -> dict[str, str | None]:
    """Where each Emperor stands (None: off the board)."""
    result: dict[str, str | None] = position_to_json(state)["emperors"]
    return result


def reserves(state: State) -> dict[str, Any]:
    """The unrest and revolt reserves and each Emperor's garrison reserve."""
    result: dict[str, Any] = position_to_json(state)["reserves"]
    return result


def garrison_reserves(state: State) -> list[int]:
    """Garrison discs in each Emperor's reserve, in turn order."""
    return [state.garrisons[e] for e in Emperor]
