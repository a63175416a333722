"""Issue 7: nothing bad gets in.  One validation of a state (core/validate.py) used by every loader;
parsers that cannot crash; actions checked field by field at the boundary.

Each row is one of the issue's examples (or a close cousin), with the error class and words the
refusal must carry.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import position
from tetrarchia.cli.play import PlaySession
from tetrarchia.core import engine
from tetrarchia.core.actions import EndPhase, Enter, Move, PlaceFleet, Roll
from tetrarchia.core.board import default_board, load_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import (
    BoardError,
    IllegalAction,
    InvalidAction,
    InvalidNotation,
    NothingThere,
    OptionError,
    SaveFileError,
)
from tetrarchia.core.jsontext import MAX_DEPTH, parse_json
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.rulebook import find_module
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level
from tetrarchia.core.state import Awaiting
from tetrarchia.core.validate import problems
from tetrarchia.game import Game
from tetrarchia.options.barbaria import CancelAdvance
from tetrarchia.options.pirates import AttackPirates

Json = dict[str, Any]
M = Emperor.MAXIMIAN


def game_json(seed: int = 3, steps: int = 60, options: tuple[str, ...] = ()) -> Json:
    """A seeded random game of ``options``, saved at a Roman action after ``steps`` actions
    (the first seed from ``seed`` whose game lasts that long)."""
    from tetrarchia.core.settings import Settings

    for attempt in range(seed, seed + 50):
        game = Game.new(Settings(options=options), seed=attempt)
        rng = random.Random(attempt)
        while not game.state.is_over and (len(game.log) < steps
                                          or game.state.awaiting is not Awaiting.ROMAN_ACTION):
            if game.state.awaiting is Awaiting.ROLL:
                game.roll()
            else:
                legal = legal_actions(game.state)
                game.play(legal[rng.randrange(len(legal))])
        if not game.state.is_over:
            return game.to_json()
    raise AssertionError(f"no game of {options} lasts {steps} actions")


def final(options: tuple[str, ...] = (), seed: int = 3, steps: int = 60) -> Json:
    data = game_json(seed, steps, options)["final"]
    assert isinstance(data, dict)
    return data


def edited(data: Json, edit: Callable[[Json], None]) -> Json:
    data = json.loads(json.dumps(data))
    edit(data)
    return data


# --- 1. one validation of a state: positions the rules cannot reach ---------------------------------


def _reserve(name: str, value: int) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data["reserves"][name] = value
    return edit


def _record(name: str, value: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data.setdefault("records", {})[name] = value
    return edit


def _dux_on_a_free_province(data: Json) -> None:
    taken = {*data["emperors"].values(), *data["armies"]}
    board = default_board()
    free = next(board.provinces[p].coords or board.provinces[p].id for p in board.roman
                if {board.provinces[p].coords, board.provinces[p].id}.isdisjoint(taken))
    data.setdefault("records", {})["dux"] = free


def _gray(count: int) -> Callable[[Json], None]:
    """The Barbarian player's gray discs set to ``count``, the unrest reserve making up for it."""
    def edit(data: Json) -> None:
        held = data["records"]["barbarian-discs"]
        data["reserves"]["unrest"] += held["gray"] - count
        held["gray"] = count
    return edit


def _settings(**changes: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data["settings"].update(changes)
    return edit


def _machine(**changes: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data["machine"].update(changes)
    return edit


def _remove_option(data: Json) -> None:
    data["settings"]["options"] = []


IMPOSSIBLE: list[Any] = [
    # the examples
    pytest.param(("barbaria",), _gray(-1), "gray discs", id="negative-barbarian-reserve"),
    pytest.param(("roma-aeterna",), _record("glory", {"Maximian": 21}), "do not make",
                 id="glory-beyond-the-box"),
    pytest.param(("imperivm",), _record("burned", {"Maximian": 5}), "do not make",
                 id="burned-beyond-the-box"),
    pytest.param((), _dux_on_a_free_province, "the Dux on the table",
                 id="dux-without-the-dux"),
    pytest.param(("barbaria",), _machine(awaiting="decision", tasks=[["roman-phase"],
                                                                     ["decision", 4, 99]]),
                 "not a decision of this game's rules", id="decision-no-option-provides"),
    pytest.param(("goths",), _remove_option, "the Goths", id="option-removed-pieces-stay"),
    pytest.param(("barbaria",), _remove_option, "Barbarian player's discs",
                 id="barbaria-removed-discs-stay"),
    pytest.param((), _record("skip", 10**12), "skip", id="huge-skip"),
    # reserves and counts
    pytest.param((), _reserve("unrest", -1), "unrest", id="negative-unrest-reserve"),
    pytest.param((), _reserve("revolt", 22), "revolt", id="revolt-reserve-beyond-the-box"),
    pytest.param((), lambda d: d["turn"].update(round=10**9), "round", id="huge-round"),
    pytest.param((), lambda d: d["turn"].update(turns_played=3), "turns played",
                 id="turns-played-out-of-step"),
    # the machine
    pytest.param((), _machine(tasks=[["roman-phase"], ["end-turn"]]), "never follows",
                 id="tasks-reordered"),
    pytest.param((), _machine(tasks=[["roman-phase"], ["pirate-battle", 0, 2]]),
                 "not a step of this game's rules", id="foreign-task"),
    pytest.param((), _machine(tasks=[["advance"]], awaiting="nothing"), "cannot rest on",
                 id="step-without-its-phase"),
    pytest.param((), _machine(awaiting="nothing"), "waits for nothing", id="stuck-awaiting-nothing"),
    pytest.param((), _machine(awaiting="roll", roll={"count": 2, "purpose": "battle"}),
                 "no dice are rolled", id="roll-for-a-roman-phase"),
    pytest.param((), _machine(tasks=[["end-turn"], ["advance"], ["activity"]], awaiting="roll",
                              roll={"count": 1, "purpose": "activity"}), "waits for 2 dice",
                 id="activity-with-one-die"),
    pytest.param((), _machine(tasks=[["end-turn"], ["army-step", 3, 40, 0]], awaiting="nothing"),
                 "no link joins them", id="army-step-across-no-link"),
    pytest.param((), _machine(dice=[3]), "dice are kept aside", id="dice-without-a-decision"),
    pytest.param(("imperivm",), _machine(awaiting="decision", tasks=[["roman-phase"],
                                                                     ["decision", 1, 1]]),
                 "not a decision of this game's rules", id="galerius-bonus-with-no-battle"),
    pytest.param(("barbaria",), _machine(awaiting="decision", tasks=[["roman-phase"],
                                                                     ["decision", 1, 3]]),
                 "not a decision of this game's rules", id="barbarian-decision-to-an-emperor"),
]


@pytest.mark.parametrize(("options", "edit", "words"), IMPOSSIBLE)
def test_impossible_positions_are_refused(options: tuple[str, ...],
                                          edit: Callable[[Json], None], words: str) -> None:
    data = edited(final(options), edit)
    with pytest.raises(SaveFileError) as caught:
        position_from_json(data, default_board())
    assert type(caught.value) is SaveFileError
    assert words in str(caught.value), str(caught.value)


@pytest.mark.parametrize(("options", "edit", "words"), IMPOSSIBLE[:8])
def test_saved_games_starting_from_impossible_positions_are_refused(
        options: tuple[str, ...], edit: Callable[[Json], None], words: str) -> None:
    data = {"format": "tetrarchia-game", "version": 2, "seed": 1, "log": [],
            "start": edited(final(options), edit)}
    with pytest.raises(SaveFileError, match="position"):
        Game.from_json(data)


@pytest.mark.parametrize("options", [(), ("dux", "vicarius", "goths", "barbaria", "imperivm",
                                          "roma-aeterna", "patres-patriae", "vsvrpator")])
@pytest.mark.parametrize("seed", range(6))
def test_every_state_of_a_random_game_passes(options: tuple[str, ...], seed: int) -> None:
    from tetrarchia.core.settings import Settings

    game = Game.new(Settings(options=options), seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over:
        assert problems(game.state) == [], f"seed {seed} after {len(game.log)} actions"
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            legal = legal_actions(game.state)
            game.play(legal[rng.randrange(len(legal))])
    assert problems(game.state) == []


# --- 2. parsers that cannot crash ------------------------------------------------------------------


SAVE_TEXTS: list[Any] = [
    pytest.param("[" * 1000 + "]" * 1000, "nests", id="json-1000-deep"),
    pytest.param('{"seed": ' + "7" * 4301 + "}", "4301 digits", id="4301-digit-number"),
    pytest.param('{"seed": NaN}', "NaN", id="nan"),
    pytest.param('{"format": "tetrarchia-game"', "not JSON", id="cut-short"),
    pytest.param("", "not JSON", id="empty"),
]


@pytest.mark.parametrize(("text", "words"), SAVE_TEXTS)
def test_json_texts_that_crashed_the_reader_are_refused(text: str, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        parse_json(text, "game.json")


def test_data_nested_beyond_the_limit_is_refused_without_recursion() -> None:
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    for load in (lambda: position_from_json({"format": "tetrarchia-position", "version": 2,
                                             "armies": deep}, default_board()),
                 lambda: Game.from_json({"format": "tetrarchia-game", "version": 2, "log": [],
                                         "final": deep})):
        with pytest.raises(SaveFileError, match=f"more than {MAX_DEPTH} deep"):
            load()


def _game(edit: Callable[[Json], None]) -> Json:
    return edited(game_json(), edit)


SAVES: list[Any] = [
    pytest.param(_game(lambda d: d.update(dice_drawn=10**12)), "log holds only", id="huge-dice-drawn"),
    pytest.param(_game(lambda d: d["final"]["machine"].update(tasks=[["roman-phase", "x"]])),
                 "edited or is damaged", id="wrong-type-in-final-tasks"),
    pytest.param({"format": "tetrarchia-game", "version": 2, "log": [], "start": edited(
        final(), lambda d: d["machine"].update(tasks=[[["roman-phase"]]]))},
        "not a step of the game", id="list-as-a-task-name"),
    pytest.param({"format": "tetrarchia-game", "version": 2, "log": [], "start": edited(
        final(), lambda d: d.update(fleets=[1.0]))}, "not a sea zone", id="fleet-zone-as-float"),
    pytest.param({"format": "tetrarchia-game", "version": 2, "log": [], "start": edited(
        final(), lambda d: d["machine"].update(memo={"²": True}))}, "bad entry", id="memo-unicode-digit"),
    pytest.param(_game(lambda d: d["log"].append("Maximian moves from " + "Roma " * 400)),
                 "characters long", id="log-entry-of-2000-characters"),
    pytest.param(_game(lambda d: d["settings"].update(level="²211")), "four digits",
                 id="unicode-digit-level"),
]


@pytest.mark.parametrize(("data", "words"), SAVES)
def test_saves_that_crashed_the_loader_are_refused(data: Json, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        Game.from_json(data)


@pytest.mark.parametrize("text", ["²211", "٤٢١١", "4²11", "42 11", "+211"])
def test_only_ascii_digits_make_a_level(text: str) -> None:
    with pytest.raises(OptionError, match="four digits"):
        Level.parse(text)


def test_only_ascii_digits_make_a_parameter() -> None:
    module = find_module("danubian-wars")
    garrisons = next(p for p in module.params if p.name == "garrisons")
    assert garrisons.check(module.title, "3") == 3
    for text in ("³", "٣", "3" * 5000):
        with pytest.raises(OptionError):
            garrisons.check(module.title, text)


@pytest.mark.parametrize("text", ["place a fleet in ²", "place a fleet in zone ³", "f²", "roll ²",
                                  "r ٣", "D@" + "x" * 500])
def test_unicode_digits_and_long_texts_are_no_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_action(text, default_board())


def test_a_unicode_digit_at_the_prompt_is_refused_not_a_crash() -> None:
    from io import StringIO

    from rich.console import Console

    game = Game.new(seed=4)
    game.roll_until_decision()
    assert game.state.awaiting is Awaiting.FLEET_PLACEMENT
    answers = iter(["place a fleet in ²", "²", "9" * 5000, "quit", ""])
    console = Console(file=StringIO(), width=100, color_system=None)
    session = PlaySession(game, console, lambda prompt: next(answers))
    session.run()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert out.count("Refused") >= 3 and "Traceback" not in out


# --- 4. actions at the boundary -----------------------------------------------------------------


def roman_phase() -> Any:
    return position(emperors={"Maximian": "II:3"}, armies=["II:6"], fleets=[3])


MALFORMED: list[Any] = [
    pytest.param(lambda: Enter(M, 3.0), "province 3.0", id="enter-float-province"),  # type: ignore[arg-type]
    pytest.param(lambda: Roll((True,)), "not dice", id="roll-of-true"),
    pytest.param(lambda: Roll((1.0, 2)), "not dice", id="roll-of-a-float"),  # type: ignore[arg-type]
    pytest.param(lambda: EndPhase(0), "not one of the Emperor values", id="end-phase-of-0"),  # type: ignore[arg-type]
    pytest.param(lambda: Move(M, 8, 11, 1), "by_fleet 1", id="move-by-fleet-1"),  # type: ignore[arg-type]
    pytest.param(lambda: Move(M, 8, 11, False, Emperor.GALERIUS), "not one of the Piece values",  # type: ignore[arg-type]
                 id="move-piece-as-emperor"),
    pytest.param(lambda: PlaceFleet(True), "not a sea zone", id="place-fleet-true"),
    pytest.param(lambda: "Maximian ends his Roman phase", "not an action of the game", id="text-not-action"),
]


def built(make: Callable[[], Any]) -> Any:
    """The malformed record, or a skip: a compiled build (mypyc) refuses it when it is built."""
    try:
        return make()
    except TypeError as exc:
        pytest.skip(f"the compiled record refuses it when it is built: {exc}")


# A compiled engine (mypyc) checks its arguments' types itself: it turns a bool field into an int
# when the record is built and raises TypeError for an argument that is no action at all.
COMPILED = not str(getattr(engine, "__file__", "")).endswith(".py")


@pytest.mark.parametrize(("make", "words"), MALFORMED)
def test_malformed_actions_are_refused_before_anything_else(make: Callable[[], Any],
                                                             words: str) -> None:
    action = built(make)
    state = roman_phase()
    before = position_to_json(state)
    expected: Any = (IllegalAction, TypeError) if COMPILED else InvalidAction
    with pytest.raises(expected, match=None if COMPILED else words):
        apply_action(state, action)
    assert position_to_json(state) == before


OFF_THE_BOARD: list[Any] = [
    pytest.param(CancelAdvance(48), "province: there is no province 48", id="cancel-advance-48"),
    pytest.param(CancelAdvance(-1), "province: there is no province -1", id="cancel-advance-minus-1"),
    pytest.param(AttackPirates(M, 48), "origin: there is no province 48", id="attack-pirates-48"),
    pytest.param(Enter(M, 10**5000), "some 5000 digits", id="enter-a-5000-digit-province"),
]


@pytest.mark.parametrize(("action", "words"), OFF_THE_BOARD)
def test_provinces_off_the_board_are_nothing_there(action: Any, words: str) -> None:
    state = position(emperors={"Maximian": "II:3"}, settings={"options": ["barbaria", "pirates"],
                                                                "level": "4211"})
    before = position_to_json(state)
    with pytest.raises(NothingThere, match=words):
        apply_action(state, action)
    assert position_to_json(state) == before


def test_game_play_refuses_a_malformed_action_and_logs_nothing() -> None:
    game = Game.from_position(roman_phase(), seed=1)
    action = built(lambda: Enter(M, 3.0))  # type: ignore[arg-type]
    with pytest.raises(InvalidAction):
        game.play(action)
    assert game.log == []


def test_refusals_of_option_actions_off_the_board_name_no_province() -> None:
    state = position(emperors={"Maximian": "II:3"}, settings={"options": ["barbaria", "pirates"],
                                                                "level": "4211"})
    for action in (CancelAdvance(48), CancelAdvance(-1), AttackPirates(M, -1, Piece.DUX)):
        with pytest.raises(NothingThere) as caught:
            apply_action(state, action)
        assert "Libya" not in str(caught.value) and "Roma" not in str(caught.value)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_file_is_read_no_further_than_the_limit() -> None:
    with pytest.raises(SaveFileError, match="characters long"):
        Game.load("/dev/zero")
    with pytest.raises(BoardError, match="a board file is at most"):
        load_board("/dev/zero")


def test_every_step_of_every_rule_declares_its_shape() -> None:
    """A step an option registers without telling the validation where it lies would make every
    position holding it refused: the registry must cover all of them (core/validate.py)."""
    from tetrarchia.core.reachable import TASKS
    from tetrarchia.core.tasks import TASK_NAMES

    assert set(TASK_NAMES) == set(TASKS), {TASK_NAMES[op] for op in set(TASK_NAMES) - set(TASKS)}
