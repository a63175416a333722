"""An impossible position is refused in the player's language, the value at fault quoted (issue 9,
item 6 and "Bad input": every refusal reason in English, Spanish and French).

Three sources of the reasons a forged position or saved game gets, beyond the reader's own
(test_web_messages): the optional rules' records (``options/*.py``), a machine step's arguments
(``core/reachable.py``'s ``read_step``) and the list of problems of a position the rules cannot
reach (``core/validate.py``'s ``problems`` with the machine's and the records' checks: the message
``"impossible position: "`` and the problems joined by ``"; "``, each told in the language).

For each sentence a forged position that triggers it is read (or, where the reader refuses the
data before the validation can see it, a read position is changed in memory and validated): the
English message is byte-identical to the one before the sentences became structured, and in
Spanish and French the reason is the sentence's own (not its code's general one), differs from
the English, holds no English word outside the values it quotes, and quotes the value.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable
from string import Formatter
from typing import Any

import pytest

from conftest import ROOT
from test_web_messages import english_words
from tetrarchia.buildinfo import compiled_in_use
from tetrarchia.core import tasks as t
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import OptionError, Said, SaveFileError, TetrarchiaError
from tetrarchia.core.extensions import FigureAt, RecordSlot
from tetrarchia.core.pieces import ARMY, EMPEROR_FIGURE, GARRISON, GOTHS, REBEL, UNREST, Emperor, Piece
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.validate import problems, validate_state
from tetrarchia.options.barbaria import DISCS, BarbarianDiscs
from tetrarchia.options.common import Count, PerEmperor
from tetrarchia.options.dux import DUX_AT
from tetrarchia.options.imperivm_first import IP_BOUGHT, RECOVERABLE
from tetrarchia.options.pirates import PIRATES, Pirates
from tetrarchia.options.scenarios import REBELS, SKIP, Rebels, Skip
from tetrarchia.render.refusals import args_in, refusal_in, said_in

LANGS = ("es", "fr")
BOARD = default_board()
SOURCE = ROOT / "src" / "tetrarchia"
# the modules whose sentences this file tells (the options' records and the validation)
MODULES = sorted([*(SOURCE / "options").glob("*.py"), SOURCE / "core" / "reachable.py",
                  SOURCE / "core" / "validate.py"])
Json = dict[str, Any]
EXAMPLE: Json = {  # docs/save-format.md's hand-written example (test_serialize)
    "format": "tetrarchia-position",
    "version": 2,
    "settings": {"level": "4211"},
    "discs": {"I:6": "revolt", "etrvria": "garrison Maximian"},
    "emperors": {"Maximian": "II:3"},
    "armies": ["II:6"],
    "fleets": [3],
    "turn": {"emperor": "Maximian", "ip": 6},
}


def example(options: tuple[str, ...] = (), **changes: Any) -> Json:
    data = copy.deepcopy(EXAMPLE)
    if options:
        data["settings"]["options"] = list(options)
    data.update(changes)
    return data


def machine(**changes: Any) -> Json:
    base: Json = {"awaiting": "roman-action", "roll": {"count": 0, "purpose": "initial-revolt"},
                  "dice": None, "tasks": [["roman-phase"]], "memo": {}, "armies_placed": []}
    base.update(changes)
    return base


def templates(sentence: Said) -> set[str]:
    """The templates of a sentence and of every phrase nested in it."""
    found = {sentence.template}
    for _, value in sentence.args:
        if isinstance(value, Said):
            found |= templates(value)
    return found


def assert_told(error: TetrarchiaError, template: str, quoted: str | None) -> None:
    """``error`` holds ``template`` and is told in Spanish and French by its own sentences."""
    assert error.said is not None, f"{error} is plain text"
    assert template in templates(error.said), (template, str(error))
    english = str(error)
    if quoted is not None:
        assert quoted in english, english
    for lang in LANGS:
        told = refusal_in(error, lang)
        assert told == said_in(error.said, lang), f"{lang}: told by its code: {told!r}"
        assert told != english
        assert not english_words(told, args_in(error, lang)), f"{lang}: English in {told!r}"
        if quoted is not None:
            assert quoted in told, f"{lang}: {told!r} does not quote {quoted!r}"


# --- forged positions: (data, the template expected, the English it shows, the quoted value) ---
READ: list[Any] = [
    # options/common.py: the records' Emperors, provinces and counts
    pytest.param(example(("imperivm-1st",), records={"recoverable": {"Nero": 1}}),
                 "unknown Emperor {name}", "position records.recoverable: unknown Emperor 'Nero'",
                 "'Nero'", id="record-unknown-emperor"),
    pytest.param(example(("dux",), records={"dux": 5}), "{key} is not a province",
                 "position records.dux: 5 is not a province", "5", id="record-province-as-number"),
    pytest.param(example(("dux",), records={"dux": "atlantis"}), "unknown province {key}",
                 "position records.dux: unknown province 'atlantis'", "'atlantis'",
                 id="record-unknown-province"),
    pytest.param(example(("pirates",), records={"pirates": 9}), "{value} is not a count ({low}-{high})",
                 "position records.pirates: 9 is not a count (0-3)", "9", id="record-count-too-high"),
    pytest.param(example(("imperivm-1st",), records={"recoverable": [1]}),
                 "{value} is not a table of the Emperors",
                 "position records.recoverable: [1] is not a table of the Emperors", "[1]",
                 id="record-not-a-table"),
    # options/dux.py, goths.py, pirates.py: the figures and the Pirates where they may stand
    pytest.param(example(("dux",), records={"dux": "II:3"}), "a province holds at most one figure (R2)",
                 "position records.dux: a province holds at most one figure (R2)", None,
                 id="dux-on-an-emperor"),
    pytest.param(example(("goths",), records={"goths": "I:1"}), "{value} is not a list of provinces",
                 "position records.goths: 'I:1' is not a list of provinces", "'I:1'",
                 id="goths-not-a-list"),
    pytest.param(example(("goths",), records={"goths": ["II:3"]}),
                 "the Goths need a province with no figure",
                 "position records.goths: the Goths need a province with no figure", None,
                 id="goths-on-an-emperor"),
    pytest.param(example(("pirates",), records={"pirates": 3}),
                 "the Pirates need a sea zone with no Roman fleet",
                 "position records.pirates: the Pirates need a sea zone with no Roman fleet", None,
                 id="pirates-on-a-fleet"),
    # options/barbaria.py, vsvrpator.py
    pytest.param(example(("barbaria",), records={"barbarian-discs": 5}),
                 '{value} is not {{"gray": count, "black": count}}',
                 'position records.barbarian-discs: 5 is not {"gray": count, "black": count}', "5",
                 id="barbarian-discs-not-an-object"),
    pytest.param(example(("barbaria",), records={"barbarian-discs": {"gray": 9}}),
                 "the Barbarian player holds 0-{most} gray discs and 0-1 black disc, not {gray} and "
                 "{black}", "position records.barbarian-discs: the Barbarian player holds 0-4 gray "
                 "discs and 0-1 black disc, not 9 and 0", "9", id="barbarian-discs-too-many"),
    pytest.param(example(("vsvrpator",), records={"usurpers": "I:1"}),
                 "{value} is not a list of at most {armies} provinces",
                 "position records.usurpers: 'I:1' is not a list of at most 3 provinces", "'I:1'",
                 id="usurpers-not-a-list"),
    # core/reachable.py: a machine step's arguments
    pytest.param(example(machine=machine(tasks=[["teleport", 3]])), "{step} is not a step of the game",
                 "position machine.tasks[0]: ['teleport', 3] is not a step of the game",
                 "['teleport', 3]", id="step-unknown"),
    pytest.param(example(machine=machine(tasks=[["uprising", 48]])), "{step} has the wrong arguments",
                 "position machine.tasks[0]: ['uprising', 48] has the wrong arguments",
                 "['uprising', 48]", id="step-past-the-board"),
    pytest.param(example(machine=machine(tasks=[["decision", "x"]])), "{step} has the wrong arguments",
                 "position machine.tasks[0]: ['decision', 'x'] has the wrong arguments",
                 "['decision', 'x']", id="decision-wrong-arguments"),
    pytest.param(example(machine=machine(tasks=[["initial-revolt", 0]])), "regions are numbered 1 to 6",
                 "position machine.tasks[0]: regions are numbered 1 to 6", None, id="step-region-0"),
    # core/validate.py through the reader: what only the whole position shows
    pytest.param(example(turn={"emperor": "Maximian", "ip": 6, "round": 2, "turns_played": 1}),
                 "round {round}, {emperor}'s turn: {wanted} turns played before, not {count}",
                 "impossible position: round 2, Maximian's turn: 7 turns played before, not 1", "7",
                 id="turns-played-do-not-add-up"),
    pytest.param(example(machine=machine(tasks=[["roman-phase"], ["uprising", 5]])),
                 "step {number} ({name}) never follows {below}",
                 "impossible position: step 2 (uprising) never follows roman-phase", "uprising",
                 id="step-out-of-order"),
    pytest.param(example(machine=machine(awaiting="decision")),
                 "no decision is pending ({name} comes first)",
                 "impossible position: no decision is pending (roman-phase comes first)",
                 "roman-phase", id="no-decision-pending"),
]


@pytest.mark.parametrize(("data", "template", "english", "quoted"), READ)
def test_a_forged_position_is_refused_in_each_language(data: Json, template: str, english: str,
                                                       quoted: str | None) -> None:
    with pytest.raises(SaveFileError) as caught:
        position_from_json(data, BOARD)
    assert str(caught.value).startswith(english), str(caught.value)
    assert_told(caught.value, template, quoted)


def test_the_pirates_with_three_fleets_are_refused_in_each_language() -> None:
    """R11.3: the Pirates need a sea zone without a fleet (the option's own settings check)."""
    with pytest.raises(OptionError) as caught:
        Settings(level=Level.parse("4311"), options=("pirates",))
    assert str(caught.value) == ("the Pirates are played only with fewer than 3 Roman fleets; "
                                 "level 4311 has 3")
    assert_told(caught.value, "the Pirates are played only with fewer than 3 Roman fleets; level "
                "{level} has {fleets}", "4311")


# --- positions changed in memory: what the reader refuses before the validation sees it -----
def read(data: Json | None = None) -> State:
    return position_from_json(data or example(machine=machine()), BOARD)


def key(name: str) -> int:
    return BOARD.province(name).index


def _set(name: str, value: Any) -> Callable[[State], None]:
    return lambda state: setattr(state, name, value)


def _put(field: str, index: int, value: Any) -> Callable[[State], None]:
    return lambda state: getattr(state, field).__setitem__(index, value)


def _figure(province: str, figure: int) -> Callable[[State], None]:
    return _put("figure", key(province), figure)


def _border_unrest(state: State) -> None:
    border = BOARD.borders[0]
    state.figure[border] = 0 if state.figure[border] == ARMY else state.figure[border]
    state.disc[border] = UNREST
    state.unrest_reserve -= 1


def _ended(result: Result) -> Callable[[State], None]:
    """The game over with ``result``, nothing left to do."""
    def change(state: State) -> None:
        state.result, state.tasks, state.awaiting = result, [], Awaiting.NOTHING
    return change


def _record(slot: RecordSlot[Any], record: Any) -> Callable[[State], None]:
    return lambda state: state.ext.__setitem__(slot.index, record)


def _stack(*tasks: Any) -> Callable[[State], None]:
    """The Roman phase with ``tasks`` on it."""
    return _set("tasks", [t.ROMAN_PHASE_STEP, *tasks])


SETUP = (t.PlaceFleetsStep(t.PLACE_FLEETS, 1), t.InitialArmyStep(t.INITIAL_ARMY),
         t.AdditionalRevoltStep(t.ADDITIONAL_REVOLT))  # R3, above the first turn's beginning


def _setup(*tasks: Any) -> Callable[[State], None]:
    """The setup's ``tasks`` above the beginning of the first turn, awaiting a roll (R3)."""
    def change(state: State) -> None:
        state.tasks = [t.BEGIN_TURN_STEP, *tasks]
        state.awaiting = Awaiting.ROLL
    return change


def _both(*changes: Callable[[State], None]) -> Callable[[State], None]:
    def change(state: State) -> None:
        for each in changes:
            each(state)
    return change


def _later(state: State) -> None:
    """Maximian's turn of the second round."""
    state.round, state.turns_played = 2, 7


MAXIMIAN = int(Emperor.MAXIMIAN)
OPEN_LINK = next(i for i, link in enumerate(BOARD.links) if not link.broken)


def _army_on_a_secured_border(state: State) -> None:
    border = next(b for b in BOARD.borders if state.figure[b] == 0 and state.disc[b] == 0)
    state.figure[border] = ARMY
    state.disc[border] = GARRISON + MAXIMIAN
    state.garrisons[MAXIMIAN] -= 1
CHANGED: list[Any] = [
    pytest.param(lambda s: s.disc.pop(), "the board has {count} provinces", "48", id="board-size"),
    pytest.param(_put("disc", 0, 99), "a province holds something that is not a disc", None,
                 id="not-a-disc"),
    pytest.param(_put("figure", 0, 99), "a province holds something that is not a figure", None,
                 id="not-a-figure"),
    pytest.param(lambda s: s.garrisons.pop(), "{name} must have 4 entries", "garrisons",
                 id="three-garrison-counts"),
    pytest.param(_put("emperor_at", MAXIMIAN, 999), "{emperor} stands on no province of the board",
                 "Maximian", id="emperor-off-the-map"),
    pytest.param(_put("garrisons", MAXIMIAN, 9),
                 "{emperor} cannot have {count} garrisons in his reserve (the level gives {level})",
                 "9", id="garrisons-beyond-the-level"),
    pytest.param(_set("unrest_reserve", 22), "the unrest reserve cannot hold {count} discs (0-{total}, R1)",
                 "22", id="unrest-reserve-too-big"),
    pytest.param(_set("revolt_reserve", -1), "the revolt reserve cannot hold {count} discs (0-{total}, R1)",
                 "-1", id="revolt-reserve-negative"),
    pytest.param(_put("fleets", 0, 1), "a sea zone holds one Roman fleet at most (zones 1-3)", None,
                 id="fleet-in-zone-0"),
    pytest.param(_set("passer", 99), "there is no figure {figure} to pass through a province", "99",
                 id="passer-unknown"),
    pytest.param(_set("flags", 1 << 40), "unknown flags {flags}", str(1 << 40), id="unknown-flags"),
    pytest.param(_set("tasks", [t.ROMAN_PHASE_STEP] * 65),
                 "{count} steps to do: the rules never stack more than {most}", "65",
                 id="too-many-steps"),
    pytest.param(_set("armies_placed", [0] * 10),
                 "more armies placed in one Barbarian phase than the rules allow", None,
                 id="too-many-armies-placed"),
    pytest.param(_set("armies_placed", [999]), "an army was placed on no province of the board", None,
                 id="army-placed-off-the-map"),
    pytest.param(lambda s: setattr(s, "unrest_reserve", 20),
                 "{on_board} unrest on the board, {held} held by the optional rules (glory, gray) and "
                 "{count} in the reserve do not make the {total} unrest discs of R1", "20",
                 id="unrest-discs-lost"),
    pytest.param(lambda s: setattr(s, "revolt_reserve", 19),
                 "{on_board} revolts on the board, {held} held by the optional rules (black) and "
                 "{count} in the reserve do not make the {total} revolt discs of R1", "19",
                 id="revolt-discs-lost"),
    pytest.param(_put("garrisons", MAXIMIAN, 1),
                 "{emperor}: {on_board} garrisons on the board, {count} in reserve and {burned} "
                 "burned do not make the {level} of the level", "Maximian", id="garrison-lost"),
    pytest.param(_border_unrest,
                 "a border never holds unrest or revolt ({place}), only a rebel's revolt (R13)", None,
                 id="unrest-on-a-border"),
    pytest.param(lambda s: [_figure(p, ARMY)(s) for p in ("I:1", "I:2", "I:3")],
                 "{count} armies on the board: there are only {most} (R9)", "4", id="four-armies"),
    pytest.param(lambda s: [_figure(p, GOTHS)(s) for p in ("I:1", "I:2")],
                 "there is only one Goths army (R11.4)", None, id="two-goths"),
    pytest.param(_army_on_a_secured_border,
                 "an army stands on the secured border {place}: armies arrive only on an empty "
                 "border (R7.2), or take its garrison (R11.4)", None,
                 id="army-on-a-secured-border"),
    pytest.param(_figure("roma", ARMY), "an army in Roma has already ended the game (R8)", None,
                 id="army-in-roma"),
    pytest.param(lambda s: (_figure("I:1", REBEL)(s),
                            s.ext.__setitem__(REBELS.index, Rebels(((key("I:1"), 1),)))),
                 "a rebel stands on a revolt on its border (R13), not in {place}", None,
                 id="rebel-inland"),
    pytest.param(lambda s: (_put("emperor_at", MAXIMIAN, -1)(s)),
                 "{figure} is off the board but his figure is on it", "Maximian",
                 id="emperor-off-but-figure-on"),
    pytest.param(_figure("I:1", EMPEROR_FIGURE + MAXIMIAN), "{figure} stands in two places",
                 "Maximian", id="emperor-twice"),
    pytest.param(_put("emperor_at", MAXIMIAN, key("I:1")),
                 "{figure} is said to stand in {place}, where another figure is (R2)", "Maximian",
                 id="emperor-elsewhere"),
    pytest.param(_figure("I:1", EMPEROR_FIGURE + int(Emperor.DIOCLETIAN)),
                 "a figure in {place} belongs to no piece standing there", None,
                 id="figure-of-no-piece"),
    pytest.param(_set("passing", True),
                 "a figure passes through a province exactly when one is named to (R5.1)", None,
                 id="passing-without-passer"),
    pytest.param(lambda s: s.ext.__setitem__(PIRATES.index, Pirates(2)),
                 "{title} on the table, but no optional rule in play has them", None,
                 id="pirates-without-their-rule"),
    pytest.param(_set("fleets", [0, 1, 1, 1]), "{count} fleets: the level {level} has {fleets}", "4211",
                 id="fleets-beyond-the-level"),
    pytest.param(_set("round", 0), "round {round} is not possible", "0", id="round-0"),
    pytest.param(_set("ip", 99), "{ip} IP is not possible", "99", id="ip-99"),
    # the optional rules' records (options/*.py), checked whether their rule is in play or not
    pytest.param(_record(PIRATES, Pirates(3)), "a Roman fleet in the Pirates' sea zone (R11.3)",
                 None, id="pirates-on-a-fleet"),
    pytest.param(_record(PIRATES, Pirates(7)), "there is no sea zone {record} for the Pirates",
                 "Pirates(zone=7)", id="pirates-off-the-sea"),
    pytest.param(_record(REBELS, Rebels(((0, 9),))),
                 "a rebel is on no border of the board, or needs no sea zone", None,
                 id="rebel-without-sea-zone"),
    pytest.param(_record(REBELS, Rebels(((key("I:1"), 1),))),
                 "the rebels listed and the rebel figures on the board differ (R13)", None,
                 id="rebel-listed-not-on-board"),
    pytest.param(_record(SKIP, Skip(5)), "{record} turns to skip: a scenario skips at most 3 (R13)",
                 "Skip(turns=5)", id="five-turns-to-skip"),
    pytest.param(_record(RECOVERABLE, PerEmperor((1, 2))),  # type: ignore[arg-type]  # forged
                 "{title} must have 4 entries", None, id="recoverable-of-two-emperors",
                 # the compiled options (mypyc) refuse the forged record's tuple when it is read
                 # (TypeError): there no position can hold it, and the check cannot be met
                 marks=pytest.mark.skipif("tetrarchia.options.common" in compiled_in_use(),
                                          reason="a compiled record refuses a tuple of 2")),
    pytest.param(_record(RECOVERABLE, PerEmperor((0, 0, 0, 99))),
                 "{emperor} cannot have {count} {title} ({low}-{high})", "99",
                 id="recoverable-beyond-the-box"),
    pytest.param(_record(RECOVERABLE, PerEmperor((0, 0, 0, 1))),
                 "{emperor} cannot take back {count} discs: he burned {burned}", "Maximian",
                 id="recoverable-never-burned"),
    pytest.param(_record(IP_BOUGHT, Count(99)), "{record} {title}: 0 to {high}", "Count(n=99)",
                 id="ip-bought-99"),
    pytest.param(_record(DUX_AT, FigureAt(999)), "{figure} stands on no province of the board",
                 None, id="dux-off-the-map"),
    pytest.param(_record(DISCS, BarbarianDiscs(9, 0)),
                 "the Barbarian player holds 0-{most} gray discs and 0-1 black disc, not {record}",
                 "BarbarianDiscs(gray=9, black=0)", id="barbarian-discs-too-many"),
    # core/reachable.py's check of the machine
    pytest.param(_stack((999,)), "step {number} ({name}) is not a step of this game's rules", "999",
                 id="step-of-no-rule"),
    pytest.param(_stack(t.UprisingStep(t.UPRISING, 999)), "step {number}: {step} has the wrong arguments",
                 "['uprising', 999]", id="step-past-the-board"),
    pytest.param(_set("tasks", [t.BEGIN_TURN_STEP]),
                 "a position stopped where a turn or a Barbarian phase begins ({name}) is paused there",
                 "begin-turn", id="stopped-at-begin-turn"),
    pytest.param(_set("awaiting", Awaiting.NOTHING),
                 "the game is not over and waits for nothing: it would be stuck", None,
                 id="waiting-for-nothing"),
    pytest.param(_stack(t.BattleStep(t.BATTLE, MAXIMIAN, key("II:6"), False)),
                 "in a Roman phase the Emperor attacks (R5.5); in a Barbarian phase the army does "
                 "(R7.3)", None, id="army-attacks-in-a-roman-phase"),
    pytest.param(_stack(t.BattleStep(t.BATTLE, int(Emperor.DIOCLETIAN), key("II:6"), True)),
                 "{figure} attacks in {emperor}'s Roman phase: only the Emperor of the turn "
                 "attacks, or a figure fighting for him (R5.5, R11.1)", "Diocletian",
                 id="another-emperor-attacks"),
    pytest.param(_stack(t.BattleStep(t.BATTLE, int(Piece.VICARIUS), key("II:6"), True)),
                 "the {figure} never fights nor subdues ({rule})", "Vicarius",
                 id="the-vicarius-attacks"),
    pytest.param(_stack(t.BattleStep(t.BATTLE, int(Piece.DUX), key("II:6"), True)),
                 "{figure} fights a battle but is not on the board", "Dux", id="dux-off-board-fights"),
    pytest.param(_stack(t.BattleStep(t.BATTLE, MAXIMIAN, key("I:1"), True)),
                 "a battle against the army in {place}, where no army is", None,
                 id="battle-without-army"),
    pytest.param(lambda s: (_put("emperor_at", MAXIMIAN, key("VI:1"))(s),
                            _figure("II:3", 0)(s), _figure("VI:1", EMPEROR_FIGURE + MAXIMIAN)(s),
                            _stack(t.BattleStep(t.BATTLE, MAXIMIAN, key("II:6"), True))(s)),
                 "{figure} in {place} cannot fight the army in {army}: no link joins them (R5.5, "
                 "R7.3)", "Maximian", id="battle-without-link"),
    pytest.param(_ended(Result.ARMY_IN_ROMA),
                 "the game was lost to an army in Roma, but no army is there (R8)", None,
                 id="army-in-roma-without-army"),
    pytest.param(_both(_later, _setup(t.PlaceFleetsStep(t.PLACE_FLEETS, 1)),
                       _set("awaiting", Awaiting.FLEET_PLACEMENT)),
                 "the setup happens before the first turn", None, id="setup-in-round-2"),
    pytest.param(lambda s: (_setup(t.PlaceFleetsStep(t.PLACE_FLEETS, 2))(s),
                            _set("awaiting", Awaiting.FLEET_PLACEMENT)(s)),
                 "{placed} fleets placed and {left} to place do not make the {level} of the level "
                 "(R3.6)", None, id="fleets-do-not-add-up"),
    pytest.param(_setup(*SETUP, t.InitialRevoltStep(t.INITIAL_REVOLT, 1),
                        t.InitialRevoltStep(t.INITIAL_REVOLT, 2)),
                 "the initial revolts are rolled once per region, in region order (R3.2)", None,
                 id="initial-revolts-out-of-order"),
    pytest.param(_setup(*SETUP, t.AdditionalRevoltStep(t.ADDITIONAL_REVOLT)),
                 "more setup rolls than the level {level} has (R3.4, R3.5)", "4211",
                 id="too-many-setup-rolls"),
    pytest.param(_set("tasks", []), "the game is not over and has nothing to do: it would be stuck",
                 None, id="no-step"),
    pytest.param(_set("pending", [t.ROMAN_PHASE_STEP]),
                 "steps a rule triggered are left waiting outside the machine", None,
                 id="steps-pending"),
    pytest.param(_set("result", Result.ROMA_VICTRIX),
                 "the game is over: nothing is left to do", None, id="over-with-steps"),
    pytest.param(_ended(Result.ROMA_VICTRIX),
                 "Roma Victrix needs the six borders secured, not {count} (R8)", None,
                 id="victrix-without-borders"),
    pytest.param(_ended(Result.RESERVE_EMPTY),
                 "the game was lost to an empty reserve, but both reserves hold discs (R8)", None,
                 id="reserve-empty-with-discs"),
    pytest.param(_set("tasks", [t.BattleStep(t.BATTLE, int(Emperor.MAXIMIAN), key("II:6"), True)]),
                 "the game cannot rest on {name}: a turn, its Roman phase or its Barbarian phase "
                 "lies beneath every step", "battle", id="rest-on-a-battle"),
    pytest.param(_set("dice", (3,)),
                 "dice are kept aside only while the Barbarian player decides on them (R12.6), and "
                 "they are the dice of the step beneath his decision", None, id="dice-aside"),
    pytest.param(_set("memo", {OPEN_LINK: True}), "link {link} is not a broken link (R7.4)", None,
                 id="memo-of-an-open-link"),
    pytest.param(lambda s: setattr(s, "awaiting", Awaiting.ENTRY),
                 "{emperor} enters only at the start of his turn, off the board (R4)", "Maximian",
                 id="entry-on-the-board"),
    pytest.param(lambda s: setattr(s, "awaiting", Awaiting.FLEET_PLACEMENT),
                 "fleets are placed only at setup, while fleets are left to place (R3.6)", None,
                 id="fleets-in-a-turn"),
    pytest.param(lambda s: setattr(s, "awaiting", Awaiting.ROLL),
                 "no dice are rolled for {name}", "roman-phase", id="roll-in-a-roman-phase"),
    pytest.param(lambda s: setattr(s, "awaiting", Awaiting.RUN),
                 "the machine pauses only where a turn or a Barbarian phase begins, not at {name}",
                 "roman-phase", id="paused-in-a-roman-phase"),
]


@pytest.mark.parametrize(("change", "template", "quoted"), CHANGED)
def test_an_impossible_position_is_told_in_each_language(change: Callable[[State], None],
                                                         template: str, quoted: str | None) -> None:
    state = read()
    assert problems(state) == []
    change(state)
    found = problems(state)
    with pytest.raises(SaveFileError) as caught:
        validate_state(state)
    error = caught.value
    assert str(error) == "impossible position: " + "; ".join(found)  # the English as before
    assert_told(error, template, quoted)


@pytest.mark.parametrize(("slot", "record", "es", "fr"), [
    (PIRATES, Pirates(2), "los Piratas en la mesa", "les Pirates sur la table"),
    (IP_BOUGHT, Count(1), "discos quemados por PI este turno en la mesa",
     "disques brûlés pour des PI ce tour sur la table"),
])
def test_a_records_title_is_told_in_the_language(slot: RecordSlot[Any], record: Any, es: str,
                                                 fr: str) -> None:
    """The optional rules' records are named in the language (the refusals catalogue holds
    their titles): "the Pirates on the table, but no optional rule in play has them"."""
    state = read()
    _record(slot, record)(state)
    with pytest.raises(SaveFileError) as caught:
        validate_state(state)
    assert "on the table, but no optional rule in play has them" in str(caught.value)
    assert es in refusal_in(caught.value, "es") and fr in refusal_in(caught.value, "fr")


def test_each_problem_is_a_part_of_its_own() -> None:
    """Several problems: each told in the language, joined as in English."""
    state = read()
    state.round, state.ip = 0, 99
    with pytest.raises(SaveFileError) as caught:
        validate_state(state)
    assert str(caught.value) == "impossible position: round 0 is not possible; 99 IP is not possible"
    assert refusal_in(caught.value, "es") == \
        "posición imposible: la ronda 0 no es posible; 99 PI no es posible"
    assert refusal_in(caught.value, "fr") == \
        "position impossible : la manche 0 n'est pas possible ; 99 PI n'est pas possible"  # « ; »


# --- every sentence of these modules has its own translation ------------------------------------
def _templates() -> list[str]:
    found: dict[str, None] = {}
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "said" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found[node.args[0].value] = None
    return list(found)


@pytest.mark.parametrize("template", _templates())
def test_every_sentence_of_the_records_and_the_validation_is_translated(template: str) -> None:
    """Filled with values that are no words, each template reads in Spanish and French without
    an English word and keeps every value."""
    fields = sorted({name for _, name, _, _ in Formatter().parse(template) if name})
    values = {name: f"<{index}>" for index, name in enumerate(fields)}
    sentence = Said(template, tuple(values.items()))
    for lang in LANGS:
        told = said_in(sentence, lang)
        assert told is not None, f"{lang}: no translation of {template!r}"
        assert told != str(sentence)
        assert not english_words(told, values), f"{lang}: English in {told!r}"
        assert all(value in told for value in values.values()), told
