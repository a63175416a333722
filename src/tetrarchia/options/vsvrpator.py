"""R12.4 Vsvrpator: when a region whose border is already secured becomes full of revolts (all 6
provinces; not one that was already full), and an army is in the reserve, roll the Barbarian die
and place an army on that province of the region (roll again if it holds a figure).  A usurper
follows an arrow if its province has one, otherwise the shortest path to Roma (D9); it does not
advance in the Barbarian phase in which it appears (D18).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from tetrarchia.core.board import ITALIA, Board
from tetrarchia.core.errors import Said, SaveFileError, said
from tetrarchia.core.events import Event, Events
from tetrarchia.core.extensions import declare_purpose, declare_record
from tetrarchia.core.faces import declare_told, tell
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import ARMIES, ARMY, GARRISON, GOTHS, NO_FIGURE, REVOLT, ROMAN_NUMERALS
from tetrarchia.core.reachable import BARBARIAN_STEPS, allow_below, register_task
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.core.tasks import DECISION, register_step, take_dice
from tetrarchia.options.common import province_from_json


class UsurperStep(NamedTuple):
    """R12.4: a usurper rises in ``region``: roll its province (an occupied one is rerolled)."""

    op: int
    region: int


USURPER = register_step("usurper", UsurperStep)
# A usurper rises on whatever step placed the revolt (R12.4), and waits for its die there.
# R12.4: the Barbarian die for the province of the region where the usurper appears
USURPER_ROLL = declare_purpose("usurper", "the Barbarian die (province) for a usurper", 1)
register_task(USURPER, BARBARIAN_STEPS | {USURPER}, USURPER_ROLL)
allow_below(DECISION, USURPER)


@dataclass(frozen=True, slots=True)
class UsurperRises(Event):
    """R12.4: ``region`` is all in revolt behind its secured border: a usurper will rise."""

    kind: ClassVar[str] = "usurper"
    region: int


@dataclass(frozen=True, slots=True)
class UsurperRerolled(Event):
    """R12.4: the Barbarian die ``die`` fell on ``province``, which holds a figure: rolled again."""

    kind: ClassVar[str] = "usurper"
    purpose: ClassVar[int] = USURPER_ROLL
    die: int
    province: int


@dataclass(frozen=True, slots=True)
class UsurperPlaced(Event):
    """R12.4: the usurper's army (``figure``: an ordinary army, or the Goths when no other is
    left) rises in ``province`` (the die ``die`` of its region)."""

    kind: ClassVar[str] = "usurper"
    purpose: ClassVar[int] = USURPER_ROLL
    die: int
    province: int
    figure: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    UsurperRises: lambda e, board: (f"Region {ROMAN_NUMERALS[e.region]} is all in revolt behind "
                                    "its secured border: a usurper rises."),
    UsurperRerolled: lambda e, board: f"{board.name(e.province)} holds a figure: roll again.",
    UsurperPlaced: lambda e, board: f"A usurper's army rises in {board.label(e.province)}.",
}}


def _revolt_placed(state: State, province: int, events: Events) -> None:
    board = state.board
    region = board.region_of[province]
    if region == ITALIA or board.is_border[province]:
        return
    if state.disc[board.border_of[region]] < GARRISON:
        return
    if all(state.disc[p] == REVOLT for p in board.region_provinces[region]) \
            and state.armies_in_reserve() > 0:
        if events is not None:
            events.append(UsurperRises(region))
        state.pending.append(UsurperStep(USURPER, region))


def run_usurper(state: State, task: UsurperStep, events: Events) -> bool:
    region = task.region
    board = state.board
    provinces = board.region_provinces[region]
    if state.armies_in_reserve() <= 0 or all(state.figure[p] != NO_FIGURE for p in provinces):
        state.tasks.pop()
        return True
    dice = take_dice(state, USURPER_ROLL)
    if dice is None:
        return False
    province = board.at_coords[(region, dice[0])]
    if state.figure[province] != NO_FIGURE:
        if events is not None:
            events.append(UsurperRerolled(dice[0], province))
        return True
    state.tasks.pop()
    state.figure[province] = ARMY if state.ordinary_armies_in_reserve() > 0 else GOTHS
    USURPERS.put(state, Usurpers((*USURPERS.get(state).provinces, province)))
    if events is not None:
        events.append(UsurperPlaced(dice[0], province, state.figure[province]))
    return True


class Usurpers(NamedTuple):
    """R12.4: the usurpers placed in this Barbarian phase (D18: they wait for the next one)."""

    provinces: tuple[int, ...] = ()


def _usurpers_from_json(state: State, data: Any) -> Usurpers:
    if not isinstance(data, list) or len(data) > ARMIES:
        raise SaveFileError(said("{value} is not a list of at most {armies} provinces",
                                 value=repr(data), armies=ARMIES))
    return Usurpers(tuple(province_from_json(state, key) for key in data))


def _check_usurpers(state: State, record: Usurpers, found: list[str | Said]) -> None:
    if not isinstance(record, Usurpers) or len(record.provinces) > ARMIES:
        found.append(said("more armies placed in one Barbarian phase than the rules allow"))
    elif not all(0 <= p < state.board.size for p in record.provinces):
        found.append(said("an army was placed on no province of the board"))
    else:  # D18: a usurper waits where he was placed until the next Barbarian phase
        board = state.board
        for p in record.provinces:
            if board.is_border[p] or state.figure[p] not in (ARMY, GOTHS) \
                    or record.provinces.count(p) > 1:
                found.append(said("the usurper placed in {place} is no army standing in a Roman "
                                  "province (R12.4, D18)", place=board.name(p)))


USURPERS = declare_record(
    "usurpers", Usurpers(), "usurpers",
    lambda state, record: [province_key(state.board, p) for p in record.provinces],
    _usurpers_from_json, _check_usurpers, v1=("usurpers", []))


def usurpers(state: State) -> tuple[int, ...]:
    """The provinces of the usurpers placed in this Barbarian phase (R12.4, D18)."""
    return USURPERS.get(state).provinces


def _phase_ahead(state: State) -> None:
    """A new Barbarian phase: no usurper placed in it yet."""
    if USURPERS.get(state).provinces:
        USURPERS.put(state, Usurpers())


def _hooks(settings: Settings) -> Hooks:
    return Hooks(revolt_placed=(_revolt_placed,), handlers={USURPER: run_usurper},
                 armies_held=(usurpers,), barbarian_phase_ahead=(_phase_ahead,))


MODULE = register(RuleModule(
    key="vsvrpator", title="Vsvrpator", family="variant", rule="R12.4",
    pieces=("usurpers",),
    aliases=("usurpator", "usurper"),
    summary="A region full of revolts behind its secured border raises a usurper army inside "
            "the Empire.",
    hooks=_hooks, texts=TEXTS,
))


# The sentences of the records, for the languages of the events catalogue (render.told).
declare_told(UsurperRises, lambda e, b: tell("Region {region} is all in revolt behind its secured "
                                             "border: a usurper rises.",
                                             region=ROMAN_NUMERALS[e.region]))
declare_told(UsurperRerolled, lambda e, b: tell("{place} holds a figure: roll again.",
                                                place=b.name(e.province)))
declare_told(UsurperPlaced, lambda e, b: tell("A usurper's army rises in {place}.",
                                              place=b.label(e.province)))
