"""R13 Historical scenarios on scripted dice: the level, the general revolt, the rebels, the
scenarios' own pieces and Emperors, the skipped first turns (D31), and the rebel rules (a rebel
never advances, blocks the arrival of other armies, counts towards the 3 armies, needs a Roman
fleet in its sea zone to be attacked, supports itself with its own revolt (D32), leaves the game
when defeated (D12), and has no module powers).

Setups are played from ``new_game`` with every die scripted through the Purpose-checking
``barbarian_helpers.roll``, so each test also proves which dice the scenario asks for.  Rebel
fights use hand-written positions carrying the scenario's records (``rebels``, ``skip``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from barbarian_helpers import (
    BOARD,
    C,
    D,
    G,
    M,
    armies,
    at,
    awaiting,
    awaits_roll,
    battle,
    discs,
    emperors,
    end_phase,
    link_roll,
    roll,
)
from conftest import assert_refused, pirates_at, rebels_of, say, skip_of
from tetrarchia.core.actions import Attack, EndPhase, Enter, Move, PlaceFleet, Roll, Sail
from tetrarchia.core.barbarian import advance_order
from tetrarchia.core.combat import barbarian_support, battle_values
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_action, legal_actions, new_game
from tetrarchia.core.errors import IllegalAction, NotEnoughIP, OptionError
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.pieces import (
    ARMY,
    DISCS_PER_RESERVE,
    GOTHS,
    NO_DISC,
    REBEL,
    REVOLT,
    ROMAN_NUMERALS,
    Emperor,
    emperor_figure,
)
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.goths import goths_in_reserve
from tetrarchia.options.scenarios import SCENARIOS, rebel_name, scenario_level

# --- what each scenario must set up (000 pp.16-19, 002 pp.16-19; R13) ----------------------------


@dataclass(frozen=True)
class Spec:
    key: str
    level: str
    options: tuple[str, ...]  # after requirements are added (sorted)
    listed: tuple[str, ...]  # the general revolt
    rolled: tuple[int, ...]  # the other outer regions: one rolled revolt each
    rebels: tuple[tuple[str, int, str], ...]  # (border, sea zone needed, name)
    goths: tuple[str, ...] = ()
    armies: tuple[str, ...] = ()
    pirates: int = 0
    placed: Mapping[str, str] = field(default_factory=dict)  # Emperors on the board at the start
    first: Emperor = D
    quiet: tuple[int, int] = (2, 2)  # an activity roll that changes nothing after the fixed setup


CARAUSIAN = Spec(
    "carausian-revolt", "4221", ("carausian-revolt", "pirates"), ("II:1", "II:2", "II:4"),
    (1, 3, 4, 5, 6), (("britannia", 1, "Carausius"),), pirates=1,
    placed={"Constantius": "II:3"}, first=C,
    quiet=(3, 4),  # PANNONIA INFERIOR III:4, Galerius's uncovered capital (II:2 is in revolt)
)
DANUBIAN = Spec(
    "danubian-wars", "4222", ("danubian-wars", "goths"), ("III:3", "III:4", "IV:1", "IV:2"),
    (1, 2, 5, 6), (), goths=("sarmatia",), armies=("germania_magna",),
    placed={"Diocletian": "IV:3", "Galerius": "III:2"},
)
MAURETANIAN = Spec(
    "mauretanian-war", "4221", ("mauretanian-war",), ("I:1", "I:2", "VI:4", "VI:5"),
    (2, 3, 4, 5), (("gaetvlia", 1, "the Berbers"),), placed={"Maximian": "I:5"}, first=M,
)
PERSIAN = Spec(
    "great-persian-war", "4222", ("great-persian-war", "pirates"), ("V:1", "V:2", "VI:1", "VI:2"),
    (1, 2, 3, 4), (("persia", 3, "Narses"), ("libya", 3, "Domitianus")), pirates=3,
    placed={"Diocletian": "V:6", "Galerius": "V:4"},
)
SPECS = (CARAUSIAN, DANUBIAN, MAURETANIAN, PERSIAN)
REBEL_SPECS = (CARAUSIAN, MAURETANIAN, PERSIAN)
IDS = [s.key for s in SPECS]

# Dice of the rolled initial revolts: the first region rolls a 1 (rerolled), then 4; the next
# regions 5, 6, 2, 3.
ROLLED_DICE = (4, 5, 6, 2, 3)


def settings_of(spec: Spec, *, fixed: bool = False, garrisons: int = 4) -> Settings:
    params: list[tuple[str, str | int | bool]] = []
    if fixed:
        params.append((f"{spec.key}.fixed", True))
    if garrisons != 4:
        params.append((f"{spec.key}.garrisons", garrisons))
    return Settings(level=scenario_level(spec.key, garrisons), options=(spec.key,),
                    params=tuple(params))


def new_scenario(spec: Spec, *, fixed: bool = False, garrisons: int = 4) -> State:
    return new_game(settings_of(spec, fixed=fixed, garrisons=garrisons), BOARD)


def coords(region: int, number: int) -> str:
    return f"{ROMAN_NUMERALS[region]}:{number}"


def open_zones(spec: Spec) -> list[int]:
    return [z for z in (1, 2, 3) if z != spec.pirates]


def finish_setup(state: State, spec: Spec, events: list[Event] | None = None) -> None:
    """After the general revolt: the two fleets (no additional revolt, no initial army, R13)."""
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT
    for zone in open_zones(spec)[:2]:
        apply_action(state, PlaceFleet(zone), events)


def fixed_start(spec: Spec, events: list[Event] | None = None) -> State:
    """The fixed setup (no initial revolt die) played to the first decision of the game."""
    state = new_scenario(spec, fixed=True)
    finish_setup(state, spec, events)
    return state


def setup_discs(spec: Spec, others: Mapping[int, str]) -> dict[str, str]:
    return dict.fromkeys((*spec.listed, *others.values(), *(r[0] for r in spec.rebels)), "revolt")


def rebel_ids(state: State) -> list[tuple[str, int]]:
    return [(BOARD.provinces[p].id, zone) for p, zone in rebels_of(state)]


def figures(state: State, figure: int) -> list[str]:
    return [BOARD.provinces[p].id for p, f in enumerate(state.figure) if f == figure]


# --- the level and the options ------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_scenario_level_and_the_3_garrison_option(spec: Spec) -> None:
    assert scenario_level(spec.key) == Level.parse(spec.level)
    assert scenario_level(spec.key, garrisons=3) == Level.parse("3" + spec.level[1:])
    settings = settings_of(spec)
    assert settings.options == spec.options  # requirements added (Pirates, Goths)
    assert new_scenario(spec).garrisons == [4, 4, 4, 4]
    harder = settings_of(spec, garrisons=3)
    assert harder.level == Level.parse("3" + spec.level[1:])
    assert harder.param(spec.key, "garrisons") == 3
    assert new_game(harder, BOARD).garrisons == [3, 3, 3, 3]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@pytest.mark.parametrize("level", ["4211", "5300", "3122"])
def test_r13_another_level_is_refused(spec: Spec, level: str) -> None:
    with pytest.raises(OptionError, match=f"played at level {spec.level}.*not {level}"):
        Settings(level=Level.parse(level), options=(spec.key,))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_the_3_garrison_level_needs_the_option_and_the_option_needs_it(spec: Spec) -> None:
    three = Level.parse("3" + spec.level[1:])
    with pytest.raises(OptionError,
                       match=rf"played at level {spec.level} \(the scenario's level\), not {three}"):
        Settings(level=three, options=(spec.key,))
    with pytest.raises(OptionError, match=rf"played at level {three} \(the scenario's level with 3 "
                       rf"garrisons\), not {spec.level}"):
        Settings(level=Level.parse(spec.level), options=(spec.key,),
                 params=((f"{spec.key}.garrisons", 3),))


@pytest.mark.parametrize(("options", "why"), [
    (("carausian-revolt", "danubian-wars"), "one historical scenario"),
    (("carausian-revolt", "dux"), "cannot be played with"),
    (("great-persian-war", "dux"), "cannot be played with"),
    (("mauretanian-war", "goths"), "cannot be played with"),
    (("great-persian-war", "goths"), "cannot be played with"),
])
def test_r13_impossible_combinations_are_refused(options: tuple[str, ...], why: str) -> None:
    """Figures used as rebels cannot also play their module (the Dux as Carausius/Domitianus,
    the Goths as the Berbers/Narses), and one war at a time."""
    with pytest.raises(OptionError, match=why):
        Settings(level=scenario_level(options[0]), options=options)


@pytest.mark.parametrize(("alias", "key"), [
    ("carausian", "carausian-revolt"), ("danubian", "danubian-wars"),
    ("mauretanian", "mauretanian-war"), ("persian", "great-persian-war"),
])
def test_r13_aliases(alias: str, key: str) -> None:
    assert key in Settings(level=scenario_level(key), options=(alias,)).options


# --- R13 setup: general revolt, additional revolts, no rolled armies, pieces, Emperors --------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_general_revolt_and_rolled_setup(spec: Spec) -> None:
    """000 p.16: "General revolt: in the region(s) where the war started several revolts are
    placed, and in all other regions you place 1 revolt following the standard rule."  The listed
    provinces get revolts; every other outer region one rolled revolt (a 1 is rerolled).  R13:
    the general revolt replaces the initial *and* the additional revolts (the 3rd digit counts
    the listed revolts beyond one per region), and no initial army is rolled (the 4th digit
    counts the scenario's armies); no Pirates roll; then the fleets, never in the Pirates' zone."""
    state = new_scenario(spec)
    events: list[Event] = []
    roll(state, Purpose.INITIAL_REVOLT, 1, events=events)  # the first rolled region: a 1
    assert awaits_roll(state) is Purpose.INITIAL_REVOLT
    others = {}
    for region, die in zip(spec.rolled, ROLLED_DICE, strict=False):
        roll(state, Purpose.INITIAL_REVOLT, die, events=events)
        others[region] = coords(region, die)
    # no additional revolt die, no initial army die, no Pirates die: the fleets come next
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT
    assert legal_actions(state) == [PlaceFleet(z) for z in open_zones(spec)]
    expected = setup_discs(spec, others)
    assert discs(state) == expected
    assert state.revolt_reserve == DISCS_PER_RESERVE - len(expected)
    assert state.unrest_reserve == DISCS_PER_RESERVE
    texts = [say(e) for e in events]
    assert texts[0] == f"Region {ROMAN_NUMERALS[spec.rolled[0]]}: rolled 1, roll again."
    assert not any("Additional revolt" in t for t in texts)


@pytest.mark.parametrize(("fixed", "garrisons"), [(False, 4), (True, 4), (False, 3)],
                         ids=["rolled", "fixed", "3-garrisons"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_the_printed_level_describes_the_setup(spec: Spec, fixed: bool, garrisons: int) -> None:
    """R13: "the 3rd digit [counts] the revolts beyond one per region, which the general revolt
    already places (e.g. Carausian 4221: 3 in Gallia + 5 rolled = 6 + 2)".  Every scenario starts
    with 6 + R = 8 revolts in the Roman provinces (its rebels stand on revolts of their own, on
    their borders), and the armies on the board are the 4th digit; the same with the fixed setup
    and with 3 garrisons per Emperor."""
    level = Level.parse(spec.level)
    state = new_scenario(spec, fixed=fixed, garrisons=garrisons)
    assert state.garrisons == [garrisons] * 4
    while awaits_roll(state) is Purpose.INITIAL_REVOLT:
        roll(state, Purpose.INITIAL_REVOLT, 4)
    roman = [p for p in BOARD.roman if state.disc[p] == REVOLT]
    assert len(roman) == 6 + level.revolts == 8
    on_borders = [p for p in BOARD.borders if state.disc[p] == REVOLT]
    assert on_borders == sorted(at(b) for b, _, _ in spec.rebels)
    assert state.revolt_reserve == DISCS_PER_RESERVE - 8 - len(spec.rebels)
    assert state.armies_on_board() == level.armies


def scenario_start(spec: Spec, seed: int) -> State:
    """A whole seeded setup of the scenario (the initial-revolt dice of ``SeededDice(seed)``),
    then the fleets in the first open zones."""
    state = new_scenario(spec)
    dice = SeededDice(seed)
    while awaiting(state) is Awaiting.ROLL:
        apply_action(state, Roll(dice.roll(state.roll_count)))
    for zone in open_zones(spec)[:2]:
        apply_action(state, PlaceFleet(zone))
    return state


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_no_emperor_placed_by_a_scenario_starts_on_a_revolt(spec: Spec) -> None:
    """The printed scenarios never put an Emperor on a revolt: each one stands in a region of
    the general revolt's listed provinces (where no revolt is rolled) and off its listed
    provinces.  Checked over 400 seeded setups (with the additional revolts of the former
    reading, 7-14% of the setups did), and for the fixed setup; the Emperors are still on the
    board after the first Barbarian phase's R7.1 would have removed them."""
    listed_regions = {BOARD.province(c).region for c in spec.listed}
    for name, key_ in spec.placed.items():
        province = BOARD.province(key_)
        assert province.region in listed_regions, name
        assert key_ not in spec.listed, name
    for seed in range(400):
        state = scenario_start(spec, seed)
        assert sum(1 for p in BOARD.roman if state.disc[p] == REVOLT) == 8, f"seed {seed}"
        for title, key_ in spec.placed.items():
            assert state.disc[at(key_)] == NO_DISC, f"seed {seed}: {title} on a disc"
    state = fixed_start(spec)
    assert all(state.disc[at(k)] == NO_DISC for k in spec.placed.values())


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_fixed_setup_puts_the_other_regions_revolt_on_province_3_without_a_roll(spec: Spec) -> None:
    """000 p.16: "If you prefer a fixed setup, we suggest placing the revolt of those regions in
    province 3."  No die at all before the fleets."""
    state = new_scenario(spec, fixed=True)
    assert awaiting(state) is Awaiting.FLEET_PLACEMENT  # no initial revolt die at all
    others = {r: coords(r, 3) for r in spec.rolled}
    assert discs(state) == dict.fromkeys(
        (*spec.listed, *others.values(), *(r[0] for r in spec.rebels)), "revolt")
    finish_setup(state, spec)
    assert discs(state) == setup_discs(spec, others)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_the_scenarios_pieces_and_emperors(spec: Spec) -> None:
    """Rebels stand on a revolt on their border (rebel_ids(state), figure REBEL); the Danubian Wars
    have the Goths in Sarmatia and an army in Germania Magna; the Pirates are in their fixed
    zone; the scenario's Emperors stand on the board; the armies on the board are the 4th digit."""
    state = fixed_start(spec)
    assert rebel_ids(state) == [(b, z) for b, z, _ in spec.rebels]
    assert figures(state, REBEL) == [b for b, _, _ in spec.rebels]
    for border, _, name in spec.rebels:
        assert state.disc[at(border)] == REVOLT
        assert rebel_name(state, at(border)) == name
    assert figures(state, GOTHS) == list(spec.goths)
    assert armies(state) == list(spec.armies)
    assert state.armies_on_board() == Level.parse(spec.level).armies
    assert state.armies_in_reserve() == 3 - Level.parse(spec.level).armies
    assert pirates_at(state) == spec.pirates
    assert state.fleet_zones() == open_zones(spec)[:2]
    set_apart = state.armies_in_reserve() - state.ordinary_armies_in_reserve()  # R11.4
    assert set_apart == int("goths" in spec.options and GOTHS not in state.figure)
    assert emperors(state) == {e.title: spec.placed.get(e.title) for e in Emperor}


def test_r13_danubian_wars_goths_and_army_advance_with_the_goths_plus_1() -> None:
    """The Danubian Goths are the Goths module's: +1 to their broken-link roll.  Both advance
    (closest to Roma first, D10): the Goths cross SARMATIA-DACIA on a 3 (+1 = 4: linked); the
    army fails GERMANIA MAGNA-RHAETIA on the same 3."""
    state = fixed_start(DANUBIAN)
    assert state.turn is D and awaiting(state) is Awaiting.ROMAN_ACTION
    assert advance_order(state) == [at("sarmatia"), at("germania_magna")]
    events: list[Event] = []
    end_phase(state, events)
    roll(state, Purpose.ACTIVITY, *DANUBIAN.quiet, events=events)
    link_roll(state, 3)
    link_roll(state, 3)
    assert figures(state, GOTHS) == ["dacia"]
    assert armies(state) == ["germania_magna"]
    assert goths_in_reserve(state) is False
    assert awaiting(state) is Awaiting.ROMAN_ACTION and state.turn is G  # on the board: no entry


# --- R4 and D31: who plays first -------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_first_turn_and_skipped_turns_have_no_barbarian_phase(spec: Spec) -> None:
    """Carausian Revolt: Constantius plays first; Mauretanian War: Maximian; the skipped turns
    have no Barbarian phase (D31).  Emperors placed by the scenario start on the board: no entry."""
    events: list[Event] = []
    state = fixed_start(spec, events)
    assert state.turn is spec.first
    assert awaiting(state) is Awaiting.ROMAN_ACTION  # he stands on the board: no entry
    assert state.round == 1 and state.turns_played == int(spec.first) and skip_of(state) == 0
    texts = [say(e) for e in events]
    skipped = [f"{e.title}'s first turn is skipped (scenario)." for e in Emperor if e < spec.first]
    assert [t for t in texts if "skipped" in t] == skipped
    assert texts[-1] == f"Round 1: {spec.first.title}'s turn."
    assert not any(t.startswith("Barbarian activity") for t in texts)


def enter(state: State) -> None:
    """The Emperor of the turn enters: in his capital if he may, else in Roma, stepping aside
    to a free neighbour of Roma so that the next Emperor can enter too."""
    capital = Enter(state.turn, BOARD.capital[state.turn])
    if capital in legal_actions(state):
        apply_action(state, capital)
        return
    apply_action(state, Enter(state.turn, BOARD.roma))
    step = next(a for a in legal_actions(state) if isinstance(a, Move) and not a.by_fleet)
    apply_action(state, step)


def play_quiet_turn(state: State, spec: Spec) -> None:
    """Enter if needed, end the Roman phase; the activity changes nothing, broken links fail."""
    if awaiting(state) is Awaiting.ENTRY:
        enter(state)
    end_phase(state)
    roll(state, Purpose.ACTIVITY, *spec.quiet)
    while awaits_roll(state) is Purpose.BROKEN_LINK:  # the Danubian armies stay where they are
        link_roll(state, 1)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_r13_turn_order_after_the_first_turn(spec: Spec) -> None:
    """After the first Emperor the turns go on in the usual order; the placed Emperors act at
    once, the others enter; round 2 starts with Diocletian, whose turn is no longer skipped."""
    state = fixed_start(spec)
    seen: list[tuple[int, str, str]] = []
    while state.round < 3:
        kind = "acts" if awaiting(state) is Awaiting.ROMAN_ACTION else "enters"
        seen.append((state.round, state.turn.title, kind))
        play_quiet_turn(state, spec)
    on_board = {e for e in Emperor if e.title in spec.placed}
    expected = [(1, e.title, "acts" if e in on_board else "enters") for e in Emperor
                if e >= spec.first]
    expected += [(2, e.title, "acts" if e in on_board or e >= spec.first else "enters")
                 for e in Emperor]
    assert seen == expected
    assert skip_of(state) == 0


# --- rebels -----------------------------------------------------------------------------------


def rebel_position(spec: Spec, *, discs_: Mapping[str, str], emperors_: Mapping[str, str],
                   turn: Emperor, fleets: list[int], pirates: int | None = None,
                   armies_: list[str] | None = None, ip: int = 6) -> State:
    """A hand-written position of the scenario with its rebels, at the Roman phase of ``turn``."""
    rebels = [(b, z) for b, z, _ in spec.rebels]
    zone = spec.pirates if pirates is None else pirates
    data: dict[str, Any] = {
        "format": "tetrarchia-position", "version": 2,
        "settings": {"level": spec.level, "options": [spec.key]},
        "discs": {**{b: "revolt" for b, _ in rebels}, **discs_},
        "emperors": dict(emperors_), "armies": armies_ or [], "fleets": fleets,
        "records": {"rebels": [[b, z] for b, z in rebels], **({"pirates": zone} if zone else {})},
        "turn": {"emperor": turn.title, "ip": ip},
    }
    return position_from_json(data, BOARD)


@dataclass(frozen=True)
class RebelCase:
    spec: Spec
    border: str
    name: str
    zone: int
    origin: str  # a Roman province linked to the border
    emperor: Emperor

    @property
    def id(self) -> str:
        return self.name.removeprefix("the ").lower()


REBEL_CASES = (
    RebelCase(CARAUSIAN, "britannia", "Carausius", 1, "II:1", C),
    RebelCase(MAURETANIAN, "gaetvlia", "the Berbers", 1, "I:1", M),
    RebelCase(PERSIAN, "persia", "Narses", 3, "V:1", G),
    RebelCase(PERSIAN, "libya", "Domitianus", 3, "VI:1", D),
)
REBEL_IDS = [c.id for c in REBEL_CASES]
ZONE_TITLES = {1: "Mare Atlanticvm", 3: "Mare Aegaevm"}


def without_fleet(case: RebelCase, ip: int = 6) -> State:
    """The Emperor next to the rebel, no Roman fleet in the rebel's zone (the scenario's Pirates
    there when it has them)."""
    fleets = [z for z in (1, 2, 3) if z != case.zone][:2]
    return rebel_position(case.spec, discs_={}, emperors_={case.emperor.title: case.origin},
                          turn=case.emperor, fleets=fleets, ip=ip)


def with_fleet(case: RebelCase, ip: int = 6, discs_: Mapping[str, str] | None = None) -> State:
    """The same with a Roman fleet in the rebel's zone (the Pirates defeated)."""
    return rebel_position(case.spec, discs_=discs_ or {}, emperors_={case.emperor.title: case.origin},
                          turn=case.emperor, fleets=[case.zone, 2], pirates=0, ip=ip)


@pytest.mark.parametrize("spec", REBEL_SPECS, ids=[s.key for s in REBEL_SPECS])
def test_r13_rebels_never_advance(spec: Spec) -> None:
    state = fixed_start(spec)
    assert advance_order(state) == []
    before = rebel_ids(state)
    for _ in range(4):  # a whole round of Barbarian phases: no die beyond the activity
        if awaiting(state) is Awaiting.ENTRY:
            enter(state)
        end_phase(state)
        roll(state, Purpose.ACTIVITY, *spec.quiet)
        assert awaiting(state) in (Awaiting.ENTRY, Awaiting.ROMAN_ACTION)
    assert rebel_ids(state) == before
    assert figures(state, REBEL) == [b for b, _ in before]


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r13_attacking_a_rebel_needs_a_roman_fleet_in_its_zone(case: RebelCase) -> None:
    border, origin = at(case.border), at(case.origin)
    attack = Attack(case.emperor, origin, border)
    state = with_fleet(case)
    assert attack in legal_actions(state)
    state = without_fleet(case)
    assert attack not in legal_actions(state)
    assert not any(isinstance(a, Attack) for a in legal_actions(state))


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r13_attacking_a_rebel_without_the_fleet_is_refused_naming_the_rebel(case: RebelCase) -> None:
    state = without_fleet(case)
    refused = assert_refused(state, Attack(case.emperor, at(case.origin), at(case.border)),
                             IllegalAction)
    assert str(refused) == (f"attacking {case.name} needs a Roman fleet in "
                            f"{ZONE_TITLES[case.zone]} ({_title(case.spec)})")


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r13_attacking_a_rebel_with_too_few_ip_is_not_enough_ip(case: RebelCase) -> None:
    state = with_fleet(case, ip=2)  # broken link 2 + revolt 1 = 3 IP
    refused = assert_refused(state, Attack(case.emperor, at(case.origin), at(case.border)),
                             NotEnoughIP)
    assert str(refused) == f"this attack costs 3 IP and {case.emperor.title} has 2 left"


def _title(spec: Spec) -> str:
    return next(s.title for s in SCENARIOS if s.key == spec.key)


def test_r13_carausian_pirates_keep_the_fleets_out_of_mare_atlanticvm() -> None:
    """The Pirates hold Mare Atlanticvm: no fleet may sail in, so Carausius cannot be attacked
    before the Pirates are beaten."""
    state = fixed_start(CARAUSIAN)
    assert state.fleet_zones() == [2, 3]
    assert not any(isinstance(a, Sail) and a.dst == 1 for a in legal_actions(state))


@pytest.mark.parametrize(("spec", "border", "support"), [
    (CARAUSIAN, "britannia", 4),  # BRITANNIA + II:1, II:2, II:4
    (MAURETANIAN, "gaetvlia", 5),  # GAETVLIA joins I:1, I:2 and VI:5, VI:4
    (PERSIAN, "persia", 6),  # PERSIA + V:1, V:2, VI:1, VI:2 + LIBYA
    (PERSIAN, "libya", 6),
], ids=["carausius", "berbers", "narses", "domitianus"])
def test_d32_a_rebels_own_revolt_counts_in_its_support(spec: Spec, border: str, support: int) -> None:
    state = fixed_start(spec)
    assert barbarian_support(state, at(border)) == support


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r13_figures_used_as_rebels_have_no_module_powers(case: RebelCase) -> None:
    """The Goths figure as the Berbers or Narses gets no Goths +1; the Dux figure as Carausius
    or Domitianus is an army, not a Dux: it does not double a Roman attack."""
    state = with_fleet(case)
    values = battle_values(state, case.emperor, at(case.origin), at(case.border), 3, 3)
    assert (values.barbarian_die, values.roman_die) == (3, 3)
    assert values.roman_multiplier == 1
    assert values.barbarian_support == 1  # its own revolt (D32)


def test_r13_the_danubian_goths_keep_their_plus_1() -> None:
    """For contrast: the Goths of the Goths module (Danubian Wars) add +1 to their combat die."""
    state = fixed_start(DANUBIAN)
    values = battle_values(state, D, at("IV:1"), at("sarmatia"), 3, 3)
    assert values.barbarian_die == 4


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r13_a_rebel_blocks_the_arrival_of_an_army_a_new_activity_follows(case: RebelCase) -> None:
    """R13/R7.2: the uprising's army roll names the rebel's region: its border is not empty, so
    the Barbarian die makes a new activity in that region (here province 3: unrest)."""
    region = BOARD.provinces[at(case.border)].region
    assert region is not None
    # an uprising in NORICVM III:3 (normal links only: no broken-link die)
    state = rebel_position(case.spec, discs_={"III:3": "revolt"},
                           emperors_={case.emperor.title: "roma"}, turn=case.emperor, fleets=[2])
    events: list[Event] = []
    end_phase(state, events)
    roll(state, Purpose.ACTIVITY, 3, 3, events=events)
    assert awaits_roll(state) is Purpose.UPRISING_REGION
    roll(state, Purpose.UPRISING_REGION, region, events=events)
    assert awaits_roll(state) is Purpose.UPRISING_PROVINCE
    roll(state, Purpose.UPRISING_PROVINCE, 3, events=events)
    assert discs(state)[coords(region, 3)] == "unrest"
    assert armies(state) == []
    assert figures(state, REBEL) == [b for b, _, _ in case.spec.rebels]
    assert (f"Region {ROMAN_NUMERALS[region]}: the border "
            f"{BOARD.name(at(case.border))} is not empty; a new activity in that region."
            ) in [say(e) for e in events]


def test_r13_rebels_count_towards_the_3_armies() -> None:
    """Great Persian War: Narses and Domitianus are 2 of the 3 armies.  With one more army on the
    board none is left: an uprising brings no army (no Roman die is rolled)."""
    state = rebel_position(PERSIAN, discs_={"III:3": "revolt"},
                           emperors_={"Diocletian": "roma"}, turn=D, fleets=[1, 2],
                           armies_=["britannia"])
    assert state.armies_on_board() == 3 and state.armies_in_reserve() == 0
    events: list[Event] = []
    end_phase(state, events)
    roll(state, Purpose.ACTIVITY, 3, 3, events=events)
    assert "No army is left in the reserve: the uprising brings no army." in [say(e) for e in events]
    # then the army in Britannia advances to BELGICA II:1 (broken link): the only die left
    assert awaits_roll(state) is Purpose.BROKEN_LINK


def test_r13_with_only_the_rebels_on_the_board_one_army_is_left() -> None:
    state = rebel_position(PERSIAN, discs_={"III:3": "revolt"}, emperors_={"Diocletian": "roma"},
                           turn=D, fleets=[1, 2])
    assert state.armies_in_reserve() == 1
    end_phase(state)
    roll(state, Purpose.ACTIVITY, 3, 3)
    roll(state, Purpose.UPRISING_REGION, 1)  # GAETVLIA is empty: the last army arrives
    assert armies(state) == ["gaetvlia"]
    assert state.armies_in_reserve() == 0


@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_d12_a_defeated_rebel_leaves_the_game_and_its_place_is_an_ordinary_army_again(
        case: RebelCase) -> None:
    """Victory over the rebel: it is removed for good (rebel_ids(state) shrinks), its revolt goes
    back to the reserve, the Emperor enters its border.  D12: the armies that can be placed are
    3 minus those on the board, so one more ordinary army can come; it advances (not a rebel)."""
    state = with_fleet(case, discs_={"III:3": "revolt"})  # for an uprising in NORICVM III:3
    events: list[Event] = []
    border, origin = at(case.border), at(case.origin)
    others = [(b, z) for b, z, _ in case.spec.rebels if b != case.border]
    revolts = state.revolt_reserve
    in_reserve = state.armies_in_reserve()
    apply_action(state, Attack(case.emperor, origin, border), events)
    assert state.ip == 3  # broken link 2 + revolt 1
    roll(state, Purpose.BATTLE, 6, 1, events=events)  # (6 + support) against (1 + 1) x 1
    assert rebel_ids(state) == others
    assert state.figure[border] == emperor_figure(case.emperor)
    assert state.disc[border] == NO_DISC and state.revolt_reserve == revolts + 1
    assert state.armies_in_reserve() == in_reserve + 1
    assert f"{case.emperor.title} wins: the army is destroyed; the revolt under it in " \
           f"{BOARD.name(border)} is removed, and he enters {BOARD.name(border)}." in [say(e) for e in events]
    # he goes back (broken link, 2 IP); the next uprising brings an ordinary army to the border
    apply_action(state, Move(case.emperor, border, origin))
    end_phase(state)
    roll(state, Purpose.ACTIVITY, 3, 3)  # an uprising in NORICVM III:3 (normal links only)
    region = BOARD.provinces[border].region
    assert region is not None
    roll(state, Purpose.UPRISING_REGION, region)
    assert state.figure[border] == ARMY
    # an ordinary army advances at once (D2): the broken link back to the Emperor is rolled
    assert awaits_roll(state) is Purpose.BROKEN_LINK
    link_roll(state, 1)
    assert state.figure[border] == ARMY and rebel_ids(state) == others


def test_d12_defeat_by_a_rebel_is_an_ordinary_defeat() -> None:
    """R5.5 defeat against Carausius: Constantius leaves the board with the garrison he attacked
    from, his phase ends; Carausius stays."""
    case = REBEL_CASES[0]
    state = rebel_position(CARAUSIAN, discs_={"II:1": "garrison Constantius"},
                           emperors_={"Constantius": "II:1"}, turn=C, fleets=[1, 2], pirates=0)
    apply_action(state, Attack(C, at("II:1"), at("britannia")))
    battle(state, 1, 6)
    assert state.emperor_at[C] == -1
    assert discs(state) == {"britannia": "revolt"}
    assert rebel_ids(state) == [("britannia", case.zone)]
    assert awaits_roll(state) is Purpose.ACTIVITY  # the Barbarian phase follows


def test_r13_only_the_rebels_figure_is_barred_not_other_armies() -> None:
    """An ordinary army next to the same Emperor can be attacked without any fleet."""
    state = rebel_position(CARAUSIAN, discs_={"II:4": "revolt"}, emperors_={"Constantius": "II:1"},
                           turn=C, fleets=[2, 3], armies_=["II:4"])
    attacks = [a for a in legal_actions(state) if isinstance(a, Attack)]
    assert attacks == [Attack(C, at("II:1"), at("II:4"))]


def test_r13_a_rebels_border_cannot_be_entered_while_the_rebel_stands_there() -> None:
    """Nobody enters a province holding an army (R5.1): the rebel's border is out of reach until
    the rebel is beaten."""
    state = with_fleet(REBEL_CASES[0])
    assert Move(C, at("II:1"), at("britannia")) not in legal_actions(state)
    assert EndPhase(C) in legal_actions(state)


@pytest.mark.parametrize(("die", "turns"), [(4, True), (3, False)])
@pytest.mark.parametrize("case", REBEL_CASES, ids=REBEL_IDS)
def test_r7_1_a_rebels_revolt_spreads_to_linked_unrest(case: RebelCase, die: int, turns: bool) -> None:
    """R7.1, D40: the rebel stands on a revolt disc, and every unrest linked to a revolt turns.
    Each rebel's border is linked to ``case.origin`` by a broken link, so the spreading rolls it
    (R7.4): 4-6 linked, the unrest turns; 1-3 not linked, it stays."""
    state = rebel_position(case.spec, discs_={case.origin: "unrest"}, emperors_={case.emperor.title: "IV:3"},
                           turn=case.emperor, fleets=[2])
    end_phase(state)
    assert awaits_roll(state) == Purpose.BROKEN_LINK
    link_roll(state, die)
    assert discs(state)[case.origin] == ("revolt" if turns else "unrest")
    assert discs(state)[case.border] == "revolt"  # the rebel's own revolt stays (R13)
