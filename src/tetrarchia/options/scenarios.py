"""R13 Historical scenarios: four wars of the Tetrarchy, each a module.

Common rules: a **general revolt** (the listed provinces get revolts, every other outer region one
revolt by the setup roll, or on its province 3 with ``fixed=true``); **rebel armies** (an army on
its border on top of a revolt that never advances, blocks other armies from arriving there and
counts towards the 3 armies; attacking it needs a Roman fleet in the scenario's sea zone).  The
level printed with a scenario describes its setup: the 4th digit counts the scenario's own armies
(rebels included) and the 3rd digit the revolts of the general revolt beyond one per region (e.g.
Carausian 4221: 3 in Gallia + 5 rolled = 6 + 2).  So the general revolt replaces the initial and
the additional revolts, and no initial army is rolled: 6 + R revolts in the Roman provinces, 8 in
every scenario.  ``garrisons=3`` plays with 3 garrisons instead of 4.  Emperors placed by a
scenario start on the board, in a region of the general revolt's listed provinces, so no setup
revolt can fall under them; the game may start with a later Emperor.  Figures used as rebels have
no module powers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from tetrarchia.core.board import Board
from tetrarchia.core.errors import OptionError, Said, SaveFileError, said
from tetrarchia.core.extensions import declare_record
from tetrarchia.core.faces import ARMY_STYLE, Mark, declare_cell, declare_legend, declare_lines
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    EMPEROR_FIGURE,
    GOTHS,
    NO_FIGURE,
    NUMERAL_VALUES,
    REBEL,
    REVOLT,
    Emperor,
)
from tetrarchia.core.rulebook import Hooks, Param, ParamValue, RuleModule, register
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import State
from tetrarchia.core.tasks import ADDITIONAL_REVOLT, INITIAL_ARMY, InitialRevoltStep, in_setup
from tetrarchia.options.common import count_from_json, province_from_json
from tetrarchia.options.pirates import PIRATES_SETUP, SETUP_ZONES, set_pirates

ZONE_NAMES = {1: "Mare Atlanticvm", 3: "Mare Aegaevm"}


@dataclass(frozen=True, slots=True)
class Rebel:
    name: str  # Carausius, the Berbers, Narses, Domitianus
    figure: str  # the component standing for it
    border: str  # border province id
    zone: int  # sea zone where a Roman fleet is needed to attack it


@dataclass(frozen=True, slots=True)
class Scenario:
    key: str
    title: str
    years: str
    level: str
    revolts: tuple[str, ...]  # coordinates of the general revolt
    rebels: tuple[Rebel, ...] = ()
    goths_at: str | None = None  # Goths module army placed at setup
    armies_at: tuple[str, ...] = ()  # ordinary armies placed at setup
    pirates_zone: int = 0
    emperors: tuple[tuple[Emperor, str], ...] = ()
    first: Emperor = Emperor.DIOCLETIAN
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()


SCENARIOS = (
    Scenario("carausian-revolt", "Carausian Revolt", "286-296", "4221",
             revolts=("II:1", "II:2", "II:4"),
             rebels=(Rebel("Carausius", "Dux", "britannia", 1),),
             pirates_zone=1, emperors=((Emperor.CONSTANTIUS, "germania_superior"),),
             first=Emperor.CONSTANTIUS, requires=("pirates",), excludes=("dux",)),
    Scenario("danubian-wars", "Danubian Wars", "293-296", "4222",
             revolts=("III:3", "III:4", "IV:1", "IV:2"), goths_at="sarmatia",
             armies_at=("germania_magna",),
             emperors=((Emperor.DIOCLETIAN, "thracia"), (Emperor.GALERIUS, "pannonia_superior")),
             requires=("goths",)),
    Scenario("mauretanian-war", "Mauretanian War", "296-298", "4221",
             revolts=("I:1", "I:2", "VI:4", "VI:5"),
             rebels=(Rebel("the Berbers", "Goths", "gaetvlia", 1),),
             emperors=((Emperor.MAXIMIAN, "carthaginensis"),), first=Emperor.MAXIMIAN,
             excludes=("goths",)),
    Scenario("great-persian-war", "Great Persian War", "296-299", "4222",
             revolts=("V:1", "V:2", "VI:1", "VI:2"),
             rebels=(Rebel("Narses", "Goths", "persia", 3),
                     Rebel("Domitianus", "Dux", "libya", 3)),
             pirates_zone=3,
             emperors=((Emperor.DIOCLETIAN, "bithynia"), (Emperor.GALERIUS, "cappadocia")),
             requires=("pirates",), excludes=("goths", "dux")),
)


def _setup(scenario: Scenario) -> Callable[[State], None]:
    def setup(state: State) -> None:
        board = state.board
        fixed = bool(state.settings.param(scenario.key, "fixed"))
        hot = set()
        for coords in scenario.revolts:
            province = board.province(coords)
            hot.add(province.region)
            _revolt(state, province.index)
        tasks = []
        for task in state.tasks:
            if isinstance(task, InitialRevoltStep) and (task.region in hot or fixed):
                if task.region not in hot:  # the fixed-setup option: province 3
                    _revolt(state, board.at_coords[(task.region, 3)])
                continue
            if task[0] in (ADDITIONAL_REVOLT, INITIAL_ARMY):
                continue  # the level's 3rd and 4th digits count the scenario's own (R13)
            if task[0] == PIRATES_SETUP and scenario.pirates_zone:
                continue
            tasks.append(task)
        state.tasks = tasks
        for rebel in scenario.rebels:
            border = board.province(rebel.border).index
            state.figure[border] = REBEL
            _revolt(state, border)  # the rebel stands on a revolt on its border
            REBELS.put(state, Rebels((*REBELS.get(state).rebels, (border, rebel.zone))))
        if scenario.goths_at:
            state.figure[board.province(scenario.goths_at).index] = GOTHS
        for key in scenario.armies_at:
            state.figure[board.province(key).index] = ARMY
        if scenario.pirates_zone:
            set_pirates(state, scenario.pirates_zone)
        for emperor, key in scenario.emperors:
            at = board.province(key).index
            state.emperor_at[emperor] = at
            state.figure[at] = EMPEROR_FIGURE + emperor
        SKIP.put(state, Skip(int(scenario.first)))
        if scenario.first:
            state.turn = Emperor.DIOCLETIAN  # the skipped turns are played as empty
    return setup


class Rebels(NamedTuple):
    """R13: the rebels on the board, each (its border province, the sea zone a Roman fleet must
    hold to attack it)."""

    rebels: tuple[tuple[int, int], ...] = ()


class Skip(NamedTuple):
    """R13: the turns still to skip at the start (the scenario's first Emperor)."""

    turns: int = 0


def _rebels_to_json(state: State, record: Rebels) -> list[list[Any]]:
    return [[province_key(state.board, p), zone] for p, zone in record.rebels]


def _rebels_from_json(state: State, data: Any) -> Rebels:
    if not isinstance(data, list):
        raise SaveFileError(said("{value} is not a list of [province, sea zone]",
                                 value=repr(data)))
    rebels = []
    for item in data:
        if not isinstance(item, list) or len(item) != 2 or type(item[1]) is not int \
                or item[1] not in (1, 2, 3):
            raise SaveFileError(said("{value} is not [province, sea zone]", value=repr(item)))
        p = province_from_json(state, item[0])
        if state.figure[p] != NO_FIGURE:
            raise SaveFileError(said("a province holds at most one figure (R2)"))
        state.figure[p] = REBEL
        rebels.append((p, item[1]))
    return Rebels(tuple(rebels))


def scenario_of(settings: Settings) -> Scenario | None:
    """The historical scenario in play, if any (one at a time, R13)."""
    return next((s for s in SCENARIOS if settings.has(s.key)), None)


def _check_rebels(state: State, record: Rebels, found: list[str | Said]) -> None:
    n = state.board.size
    if not isinstance(record, Rebels) or len(record.rebels) > ARMIES or not all(
            0 <= p < n and 1 <= z <= 3 for p, z in record.rebels):
        found.append(said("a rebel is on no border of the board, or needs no sea zone"))
    elif sorted(p for p, _ in record.rebels) != [p for p, f in enumerate(state.figure)
                                                  if f == REBEL]:
        found.append(said("the rebels listed and the rebel figures on the board differ (R13)"))
    else:
        scenario = scenario_of(state.settings)
        if scenario is not None:  # without one, the record is refused as a piece of no rule
            _check_scenario_rebels(state, scenario, record, found)


def _check_scenario_rebels(state: State, scenario: Scenario, record: Rebels,
                           found: list[str | Said]) -> None:
    """R13: each rebel is one of its scenario's, on that rebel's own border (the figure check
    sees the revolt under it), attacked from that rebel's sea zone; a rebel beaten leaves the
    game (D12), so none is missing before the first turn and none is there twice."""
    board = state.board
    own = {board.province(r.border).index: r for r in scenario.rebels}
    seen: set[int] = set()
    for p, zone in record.rebels:
        rebel = own.get(p)
        if rebel is None:
            found.append(said("{scenario} has no rebel in {place} (R13)",
                              scenario=scenario.title, place=board.name(p)))
        elif zone != rebel.zone:
            found.append(said("attacking {rebel} needs a Roman fleet in {zone} ({scenario}), "
                              "not in sea zone {number} (R13)", rebel=rebel.name,
                              zone=board.zones[rebel.zone].title, scenario=scenario.title,
                              number=zone))
        if p in seen:
            found.append(said("the rebel in {place} is listed twice (R13)", place=board.name(p)))
        seen.add(p)
    if in_setup(state) and seen != set(own):
        found.append(said("before the first turn every rebel of {scenario} stands on its "
                          "border (R13)", scenario=scenario.title))


def _check_skip(state: State, record: Skip, found: list[str | Said]) -> None:
    if not isinstance(record, Skip) or not 0 <= record.turns <= 3:
        found.append(said("{record} turns to skip: a scenario skips at most 3 (R13)",
                          record=repr(record)))
        return
    scenario = scenario_of(state.settings)
    if scenario is None:
        return  # without one, the record is refused as a piece of no rule
    # R13: the turns before the scenario's first Emperor are skipped, one by one, from the setup
    # on (the count drops as each skipped turn begins, before the turn is counted as played)
    left = max(0, int(scenario.first) - state.turns_played)
    wanted = (left,) if in_setup(state) else (left, max(0, left - 1))
    if record.turns not in wanted:
        found.append(said("{scenario} starts with {emperor}'s turn: {count} turns still to skip "
                          "after {played} turns played is not possible (R13)",
                          scenario=scenario.title, emperor=scenario.first.title,
                          count=record.turns, played=state.turns_played))


REBELS = declare_record("rebels", Rebels(), "rebels", _rebels_to_json, _rebels_from_json,
                        _check_rebels, v1=("rebels", []), lists_armies=True)
SKIP = declare_record("skip", Skip(), "skipped turns", lambda state, record: record.turns,
                      lambda state, data: Skip(count_from_json(data, 0, 3)), _check_skip,
                      v1=("skip", 0))


def rebels(state: State) -> tuple[tuple[int, int], ...]:
    """(border province, sea zone needed to attack it) of each rebel on the board (R13)."""
    return REBELS.get(state).rebels


def _rebel_removed(state: State, province: int) -> None:
    """D12: a beaten rebel's figure leaves the game; its place counts as an ordinary army."""
    record = REBELS.get(state)
    if any(p == province for p, _ in record.rebels):
        REBELS.put(state, Rebels(tuple(r for r in record.rebels if r[0] != province)))


def _skip_turn(state: State) -> bool:
    """R13: the turns before the scenario's first Emperor are skipped."""
    record = SKIP.get(state)
    if record.turns > 0:
        SKIP.put(state, Skip(record.turns - 1))
        return True
    return False


def _revolt(state: State, province: int) -> None:
    if state.disc[province] != REVOLT:
        state.disc[province] = REVOLT
        state.revolt_reserve -= 1


def _attack_barred(scenario: Scenario) -> Callable[[State, int], Said | None]:
    def barred(state: State, target: int) -> Said | None:
        for border, zone in REBELS.get(state).rebels:
            if border == target and not state.fleets[zone]:
                rebel = next(r for r in scenario.rebels
                             if state.board.province(r.border).index == border)
                return said("attacking {rebel} needs a Roman fleet in {zone} ({scenario})",
                            rebel=rebel.name, zone=ZONE_NAMES[zone], scenario=scenario.title)
        return None
    return barred


def _validate(scenario: Scenario) -> Callable[[Settings], None]:
    def validate(settings: Settings) -> None:
        garrisons = settings.param(scenario.key, "garrisons")
        wanted = Level.parse(f"{garrisons}{scenario.level[1:]}")
        if settings.level != wanted:
            if garrisons == 3:
                raise OptionError(said("{scenario} is played at level {wanted} (the scenario's "
                                       "level with 3 garrisons), not {level}",
                                       scenario=scenario.title, wanted=str(wanted),
                                       level=str(settings.level)))
            raise OptionError(said("{scenario} is played at level {wanted} (the scenario's "
                                   "level), not {level}", scenario=scenario.title,
                                   wanted=str(wanted), level=str(settings.level)))
        others = [k for k in settings.options if k in KEYS and k != scenario.key]
        if others:
            raise OptionError(said("only one historical scenario at a time"))
    return validate


def scenario_level(key: str, garrisons: int = 4) -> Level:
    scenario = next(s for s in SCENARIOS if s.key == key)
    return Level.parse(f"{garrisons}{scenario.level[1:]}")


def rebel_name(state: State, border: int) -> str | None:
    for scenario in SCENARIOS:
        if state.settings.has(scenario.key):
            for rebel in scenario.rebels:
                if state.board.province(rebel.border).index == border:
                    return rebel.name
    return None


KEYS = {s.key for s in SCENARIOS}
ALIASES = {"carausian-revolt": "carausian", "danubian-wars": "danubian",
           "mauretanian-war": "mauretanian", "great-persian-war": "persian"}


def _setup_text(scenario: Scenario) -> Callable[[Board], list[str]]:
    """The pieces the scenario puts on the board (R13), in words."""

    def text(board: Board) -> list[str]:
        def name(province: str) -> str:
            return board.province(province).title
        lines = [f"General revolt: {', '.join(scenario.revolts)}, and one revolt in every other "
                 "outer region (the setup roll, or its province 3 with fixed=true)."]
        for rebel in scenario.rebels:
            lines.append(f"Rebel: {rebel.name} (the {rebel.figure} figure) on a revolt in "
                         f"{name(rebel.border)}; it never advances; attacking it "
                         f"needs a Roman fleet in {ZONE_NAMES[rebel.zone]}.")
        if scenario.goths_at:
            lines.append(f"The Goths start in {name(scenario.goths_at)}.")
        for army in scenario.armies_at:
            lines.append(f"An army starts in {name(army)}.")
        if scenario.pirates_zone:
            lines.append(f"The Pirates start in {ZONE_NAMES[scenario.pirates_zone]}.")
        for emperor, where in scenario.emperors:
            lines.append(f"{emperor.title} starts in {name(where)}.")
        if scenario.first is not Emperor.DIOCLETIAN:
            skipped = ", ".join(e.title for e in Emperor if e < scenario.first)
            lines.append(f"The game starts with {scenario.first.title}'s turn ({skipped}: first "
                         "turn skipped, with no Barbarian phase, D31).")
        return lines
    return text


def _level(scenario: Scenario) -> Callable[[Mapping[str, ParamValue]], Level]:
    """R13: the scenario's level, with 3 garrisons per Emperor when its parameter says so."""

    def level(params: Mapping[str, ParamValue]) -> Level:
        garrisons = params.get("garrisons", 4)
        return scenario_level(scenario.key, garrisons if isinstance(garrisons, int) else 4)
    return level


def _register(scenario: Scenario) -> RuleModule:
    setup = _setup(scenario)
    barred = _attack_barred(scenario)

    def hooks(settings: Settings) -> Hooks:
        return Hooks(setup=(setup,), attack_barred=(barred,), army_removed=(_rebel_removed,),
                     skip_turn=(_skip_turn,))

    first = f"; {scenario.first.title} starts" if scenario.first else ""
    rebels = ", ".join(f"{r.name} ({r.figure}) in {r.border.replace('_', ' ').title()}"
                       for r in scenario.rebels)
    return register(RuleModule(
        key=scenario.key, title=f"{scenario.title} ({scenario.years})", family="scenario",
        rule=f"R13.{SCENARIOS.index(scenario) + 1}",
        aliases=(ALIASES[scenario.key],),
        summary=(f"Level {scenario.level}; general revolt in {', '.join(scenario.revolts)}"
                 + (f"; rebels: {rebels}" if rebels else "") + first + "."),
        params=(Param("fixed", False, (False, True),
                      "the other regions' revolt on province 3 instead of the setup roll"),
                Param("garrisons", 4, (4, 3), "3 garrisons per Emperor for a harder war")),
        requires=scenario.requires, excludes=scenario.excludes,
        pieces=("rebels", "skip"),
        validate=_validate(scenario), hooks=hooks,
        level=_level(scenario), setup_text=_setup_text(scenario),
    ))


for _scenario in SCENARIOS:
    _register(_scenario)
    if _scenario.pirates_zone:
        SETUP_ZONES[_scenario.key] = _scenario.pirates_zone

__all__ = ["NUMERAL_VALUES", "SCENARIOS", "rebel_name", "scenario_level", "scenario_of"]


# R13: the rebel armies on the board as text, drawn as armies
def rebel_tag(name: str) -> str:
    """Four letters for a rebel army on the board (R13): CARA, BERB, NARS, DOMI."""
    return name.removeprefix("the ")[:4].upper()


def _cell(state: State, province: int) -> Mark:
    return Mark(rebel_tag(rebel_name(state, province) or "rebel"), ARMY_STYLE)


def _lines(state: State, width: int) -> list[Mark]:
    lines = []
    for border, zone in rebels(state):
        name = rebel_name(state, border) or "Rebels"
        lines.append(Mark(f"{name[0].upper()}{name[1:]}: {state.board.name(border)}, fleet ~{zone}"))
    return lines


def _legend(state: State) -> str | None:
    if not rebels(state):
        return None
    tags = "/".join(rebel_tag(rebel_name(state, b) or "rebel") for b, _ in rebels(state))
    return f"{tags} rebel armies (fleet ~zone to attack them)"


declare_cell(REBEL, _cell)
declare_lines(50, _lines)
declare_legend(40, _legend)
