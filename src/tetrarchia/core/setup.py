"""R3 Setup: initial revolts, the difficulty's additional revolts and armies, the fleets.

Every roll is a chance step of the game (a reroll is just another roll), so a seed reproduces the
setup and a test can script it.
"""

from __future__ import annotations

from tetrarchia.core.barbarian import place_army
from tetrarchia.core.board import OUTER_REGIONS, Board
from tetrarchia.core.events import (
    AdditionalRevolt,
    AdditionalRevoltRerolled,
    Events,
    FleetPlaced,
    InitialArmyRerolled,
    InitialRevolt,
    InitialRevoltRerolled,
    Purpose,
)
from tetrarchia.core.pieces import REVOLT
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State, Task
from tetrarchia.core.tasks import (
    ADDITIONAL_REVOLT,
    ADDITIONAL_REVOLT_STEP,
    BEGIN_TURN_STEP,
    INITIAL_ARMY,
    INITIAL_ARMY_STEP,
    INITIAL_REVOLT,
    PLACE_FLEETS,
    AdditionalRevoltStep,
    InitialArmyStep,
    InitialRevoltStep,
    PlaceFleetsStep,
    place_revolt,
    reserves_after_revolt,
    take_dice,
    zone_closed,
)


def setup_tasks(settings: Settings) -> list[Task]:
    """The setup steps, first one last (the task stack pops from the end)."""
    steps: list[Task] = [InitialRevoltStep(INITIAL_REVOLT, region) for region in OUTER_REGIONS]
    steps += [ADDITIONAL_REVOLT_STEP] * settings.level.revolts
    steps += [INITIAL_ARMY_STEP] * settings.level.armies
    steps += [PlaceFleetsStep(PLACE_FLEETS, settings.level.fleets), BEGIN_TURN_STEP]
    return steps[::-1]


def initial_state(board: Board, settings: Settings) -> State:
    """The table before the first die of the setup (the machine is not run yet).  Optional
    rules edit it here: scenarios, the Pirates' roll, the Barbarian player's discs (R11-R13)."""
    state = State.empty(board, settings)
    state.tasks = setup_tasks(settings)
    for hook in state.hooks.setup:
        hook(state)
    return state


def run_initial_revolt(state: State, task: InitialRevoltStep, events: Events) -> bool:
    """R3.2: a revolt on the rolled province of the region; a 1 is rerolled."""
    dice = take_dice(state, Purpose.INITIAL_REVOLT)
    if dice is None:
        return False
    region = task.region
    if dice[0] == 1:
        if events is not None:
            events.append(InitialRevoltRerolled(region, dice[0]))
        return True
    state.tasks.pop()
    province = state.board.at_coords[(region, dice[0])]
    if events is not None:
        events.append(InitialRevolt(region, dice[0], province,
                                    reserves_after_revolt(state, province)[1]))
    place_revolt(state, province, events)
    return True


def run_additional_revolt(state: State, task: AdditionalRevoltStep, events: Events) -> bool:
    """R3.4: both dice; a province already in revolt is rolled again."""
    dice = take_dice(state, Purpose.ADDITIONAL_REVOLT)
    if dice is None:
        return False
    province = state.board.at_coords[(dice[0], dice[1])]
    if state.disc[province] == REVOLT:
        if events is not None:
            events.append(AdditionalRevoltRerolled(dice, province))
        return True
    state.tasks.pop()
    if events is not None:
        events.append(AdditionalRevolt(dice, province, reserves_after_revolt(state, province)[1]))
    place_revolt(state, province, events)
    return True


def run_initial_army(state: State, task: InitialArmyStep, events: Events) -> bool:
    """R3.5: an army on the rolled region's border; a border holding one is rolled again."""
    dice = take_dice(state, Purpose.INITIAL_ARMY)
    if dice is None:
        return False
    border = state.board.border_of[dice[0]]
    if not place_army(state, dice[0], True, events):
        if events is not None:
            events.append(InitialArmyRerolled(dice[0], border))
        return True
    state.tasks.pop()
    state.armies_placed.clear()  # R7's D2 list is for the Barbarian phase only
    return True


def run_place_fleets(state: State, task: PlaceFleetsStep, events: Events) -> bool:
    """R3.6: the players place the fleets, one per zone at most (a decision)."""
    if task.fleets == 0 or not fleet_zones_open(state):
        state.tasks.pop()
        return True
    state.awaiting = Awaiting.FLEET_PLACEMENT
    return False


def fleet_zones_open(state: State) -> list[int]:
    """Zones where a fleet may be placed at setup: one fleet per zone, never with the Pirates
    (R3.6, R11.3)."""
    return [z for z in (1, 2, 3) if not state.fleets[z] and zone_closed(state, z) is None]


def place_fleet(state: State, zone: int, events: Events) -> None:
    state.fleets[zone] = 1
    step = state.tasks.pop()
    assert isinstance(step, PlaceFleetsStep)  # fleets are placed only on their step (R3.6)
    left = step.fleets
    state.tasks.append(PlaceFleetsStep(PLACE_FLEETS, left - 1))
    if events is not None:
        events.append(FleetPlaced(zone, left - 1))


def is_setup_done(state: State) -> bool:
    return not any(t[0] in (INITIAL_REVOLT, ADDITIONAL_REVOLT, INITIAL_ARMY, PLACE_FLEETS)
                   for t in state.tasks)

