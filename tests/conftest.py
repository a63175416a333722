"""Shared test helpers: build a position by hand, play notation, script the dice.

The helpers are plain functions (import them with ``from conftest import position, play, roll``)
plus a ``board`` fixture.  Positions are written in the JSON position format
(``tetrarchia.core.serialize``), so a test reads like the situation it sets up::

    state = position(discs={"II:6": "revolt"}, emperors={"Maximian": "II:3"}, armies=["II:6"])
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, 6, 1)  # Roman die 6, Barbarian die 1
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

from tetrarchia.buildinfo import compiled_in_use, stale_modules
from tetrarchia.core.actions import Action, EndPhase, Enter, PlaceFleet, Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import GameOver, IllegalAction
from tetrarchia.core.events import PURPOSE_NAMES, Event, Purpose
from tetrarchia.core.extensions import FLAGS
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import ARMY, NO_FIGURE, REVOLT, UNREST
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.core.tasks import INITIAL_REVOLT, InitialRevoltStep
from tetrarchia.game import Game
from tetrarchia.options.barbaria import DISCS
from tetrarchia.options.common import BURNED
from tetrarchia.options.dux import DUX_AT
from tetrarchia.options.imperivm_first import RECOVERABLE
from tetrarchia.options.patres_patriae import IP_NEXT
from tetrarchia.options.pirates import pirates_zone
from tetrarchia.options.roma_aeterna import GLORY
from tetrarchia.options.scenarios import REBELS, SKIP, Rebels
from tetrarchia.options.vicarius import VICARIUS_AT
from tetrarchia.options.vsvrpator import USURPERS, Usurpers
from tetrarchia.render import render

POSITION_FORMAT = {"format": "tetrarchia-position", "version": 2}

# Where the tests find what they read: the test files sit one folder down, in tests/<layer>/
# (tools/tests_layout.py), so they take these two rather than counting parents of their own path.
TESTS = Path(__file__).resolve().parent  # the helpers and the data: data/, golden/, saves/
ROOT = TESTS.parent  # the repository: docs/, src/, bench/, tools/


def load_script(path: Path, name: str) -> ModuleType:
    """A script of bench/ or tools/ (not a package) as a module named ``name``, for its tests;
    registered in ``sys.modules`` first, since its dataclasses look their module up there."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# the folders of the rules marker: the tests of core/ and options/ (RULE_FILES below)
RULE_FOLDERS = ("core", "options")

# Hypothesis: no deadline (the machine is shared and loaded), bounded examples, and the example
# database outside the working tree.  "ci" (chosen when CI is set) is derandomized: the same
# examples on every run; "dev" draws new ones and prints the seed of any failure
# (``--hypothesis-seed`` replays it); "fuzz" is the longer local run.
# TETRARCHIA_HYPOTHESIS_PROFILE names another profile.
_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tetrarchia-hypothesis"
set_hypothesis_home_dir(str(_CACHE))  # its own caches too, never a .hypothesis/ in the tree
hypothesis_settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, database=None, print_blob=True,
    suppress_health_check=(HealthCheck.too_slow,))
hypothesis_settings.register_profile(
    "dev", max_examples=60, deadline=None, database=DirectoryBasedExampleDatabase(_CACHE / "examples"),
    suppress_health_check=(HealthCheck.too_slow,))
hypothesis_settings.register_profile(
    "fuzz", max_examples=5000, deadline=None, database=DirectoryBasedExampleDatabase(_CACHE / "examples"),
    suppress_health_check=(HealthCheck.too_slow,))
hypothesis_settings.load_profile(
    os.environ.get("TETRARCHIA_HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def board() -> Board:
    """The default board (``data/board.toml``), loaded once."""
    return default_board()


def prov(key: str) -> int:
    """The board index of a province of the default board, by id, coordinates or name."""
    return default_board().province(key).index


def position(
    *,
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None] | None = None,
    armies: Iterable[str] = (),
    fleets: Iterable[int] = (),
    turn: str = "Maximian",
    ip: int = 6,
    passing: bool = False,
    level: str = "4211",
    settings: Mapping[str, Any] | None = None,
    reserves: Mapping[str, Any] | None = None,
    machine: Mapping[str, Any] | None = None,
    board: Board | None = None,
) -> State:
    """A state from a hand-written position (``serialize.position_from_json``).

    Provinces are named as the position format names them (``"II:6"``, ``"roma"``,
    ``"cisalpina"``); discs are ``"unrest"``, ``"revolt"`` or ``"garrison <Emperor>"``.
    Reserves are derived from the board unless given.  Without ``machine`` the game waits for
    the Roman action of ``turn`` (or his entry when he is off the board).  ``settings`` adds to
    ``{"level": level}``.
    """
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": level, **(settings or {})},
        "discs": dict(discs or {}),
        "emperors": dict(emperors or {}),
        "armies": list(armies),
        "fleets": list(fleets),
        "turn": {"emperor": turn, "ip": ip, "passing": passing},
    }
    if reserves is not None:
        data["reserves"] = dict(reserves)
    if machine is not None:
        data["machine"] = dict(machine)
    return position_from_json(data, board or default_board())


def say(event: Event, board: Board | None = None) -> str:
    """The English sentence of ``event`` (``tetrarchia.render``), on the default board."""
    return render(event, board or default_board())


def play(state: State, *notations: str, events: list[Event] | None = None) -> None:
    """Apply actions written in the notation (long or compact), each checked for legality."""
    for text in notations:
        apply_action(state, parse_action(text, state.board), events)


def game_at_roman_phase(seed: int = 5, settings: Settings | None = None) -> Game:
    """A seeded game at its first Roman action: seeded dice, the first legal choice at each
    decision of the setup and the entry."""
    game = Game.new(settings or Settings(level=Level.parse("4211")), seed=seed)
    while game.state.awaiting is not Awaiting.ROMAN_ACTION:
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            game.play(legal_actions(game.state)[0])
    return game


def waiting_for(state: State) -> Awaiting:
    """What the game waits for now (read through a call, so that a type checker does not carry
    an earlier ``assert state.awaiting is ...`` past a step that changed it)."""
    return state.awaiting


def roll(state: State, *dice: int, events: list[Event] | None = None) -> None:
    """Apply the dice the game waits for: ``roll(state, 4)`` or ``roll(state, 3, 5)`` (Roman die,
    then Barbarian die).  Several rolls in a row: call it once per roll."""
    apply_action(state, Roll(tuple(dice)), events)


def rolls(state: State, *each: tuple[int, ...] | int) -> None:
    """Apply several rolls in order: ``rolls(state, (5, 6), 4, (1, 1))``."""
    for dice in each:
        roll(state, *((dice,) if isinstance(dice, int) else dice))


def snapshot(state: State) -> dict[str, Any]:
    """The whole state as JSON data, to compare before and after an action."""
    return position_to_json(state)


def assert_refused(state: State, action: Action, error: type[Exception]) -> Exception:
    """``apply_action`` refuses ``action`` with exactly ``error`` (not a subclass) and leaves the
    state unchanged.  Returns the exception for further checks of its message."""
    before = snapshot(state)
    with pytest.raises(error) as caught:
        apply_action(state, action)
    assert type(caught.value) is error, f"raised {type(caught.value).__name__}: {caught.value}"
    assert snapshot(state) == before, "a refused action changed the state"
    return caught.value


def option_position(
    options: Iterable[str],
    *,
    records: Mapping[str, Any] | None = None,
    flags: Iterable[str] = (),
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None] | None = None,
    armies: Iterable[str] = (),
    fleets: Iterable[int] = (),
    turn: str = "Maximian",
    ip: int = 6,
    level: str = "4211",
    machine: Mapping[str, Any] | None = None,
) -> State:
    """A hand-written position with optional rules (R11-R13): their ``records`` by name and the
    names of the set ``flags`` (format 2, docs/save-format.md): ``records={"dux": "II:4"}``,
    ``flags=["maximian-used"]``.  Format 1 positions are tested in tests/core/test_migrate.py only."""
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": level, "options": list(options)},
        "discs": dict(discs or {}),
        "emperors": dict(emperors or {}),
        "armies": list(armies),
        "fleets": list(fleets),
        "turn": {"emperor": turn, "ip": ip},
    }
    if machine is not None:
        data["machine"] = dict(machine)
    if records:
        data["records"] = dict(records)
    if flags:
        data["flags"] = list(flags)
    return position_from_json(data, default_board())


# --- the optional rules' records, read by name (core/extensions.py) ---------------------------
def dux_place(state: State) -> int:
    """Where the Dux stands: a province, IN_BOX or DEAD (R11.1)."""
    return DUX_AT.get(state).at


def vicarius_place(state: State) -> int:
    """Where the Vicarius stands: a province, IN_BOX or DEAD (R11.2)."""
    return VICARIUS_AT.get(state).at


def pirates_at(state: State) -> int:
    """The Pirates' sea zone, 0 off the board (R11.3)."""
    return pirates_zone(state)


def rebels_of(state: State) -> tuple[tuple[int, int], ...]:
    """(border, sea zone needed to attack it) of each rebel (R13)."""
    return REBELS.get(state).rebels


def skip_of(state: State) -> int:
    """Turns still to skip at the start of a scenario (R13)."""
    return SKIP.get(state).turns


def glory_of(state: State) -> list[int]:
    """Each Emperor's glory discs (R12.5)."""
    return list(GLORY.get(state).counts)


def burned_of(state: State) -> list[int]:
    """The discs each Emperor burned (R12.1)."""
    return list(BURNED.get(state).counts)


def recoverable_of(state: State) -> list[int]:
    """The burned discs each Emperor may take back (R12.1b)."""
    return list(RECOVERABLE.get(state).counts)


def ip_next_of(state: State) -> list[int]:
    """IP given to (+1) or taken from (-1) each Emperor's next turn (R12.8)."""
    return list(IP_NEXT.get(state).counts)


def gray_of(state: State) -> int:
    """The Barbarian player's gray discs (R12.6)."""
    return DISCS.get(state).gray


def black_of(state: State) -> int:
    """1 while the Barbarian player's black disc is unused (R12.6)."""
    return DISCS.get(state).black


def usurpers_of(state: State) -> list[int]:
    """The usurpers placed in this Barbarian phase (R12.4, D18)."""
    return list(USURPERS.get(state).provinces)


def flag_set(state: State, name: str) -> bool:
    """Whether the flag ``name`` (core/extensions.py) is set."""
    return bool(state.flags & FLAGS[name])


def as_purpose(code: int) -> int:
    """A roll's purpose: the core's as its :class:`Purpose`, an optional rule's own code as it
    declared it (``PIRATES_ROLL``, ``USURPER_ROLL``: core/extensions.py)."""
    return Purpose(code) if code in Purpose._value2member_map_ else code


def roll_for(state: State, purpose: int, *dice: int, events: list[Event] | None = None) -> None:
    """Roll ``dice``, checking first that the game waits for exactly that roll."""
    assert state.awaiting is Awaiting.ROLL, f"the game waits for {state.awaiting.name}, not dice"
    assert state.roll_purpose == purpose, \
        f"the roll is for {PURPOSE_NAMES[state.roll_purpose]}, not {PURPOSE_NAMES[purpose]}"
    roll(state, *dice, events=events)


def assert_exactly_legal(state: State, candidates: Iterable[Action], where: str,
                         check: Callable[[State, str], None]) -> None:
    """``apply_action`` accepts exactly the legal actions: every legal one applies (on a copy)
    and leaves a state that passes ``check``; every other candidate is refused with an
    IllegalAction that gives a reason, and leaves the state unchanged."""
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal), f"{where}: legal_actions lists an action twice"
    for action in legal:
        trial = state.copy()
        try:
            apply_action(trial, action)
        except Exception as exc:
            raise AssertionError(f"{where}: the legal {action} raised {exc!r}") from exc
        check(trial, f"{where} after legal {action}")
    legal_set = set(legal)
    before_json = position_to_json(state)
    before = state.copy()
    for action in candidates:
        if action in legal_set:
            continue
        try:
            apply_action(state, action)
        except IllegalAction as exc:
            assert str(exc), f"{where}: {action} refused without a reason"
        except Exception as exc:
            raise AssertionError(f"{where}: {action} raised {exc!r}, not an IllegalAction") from exc
        else:
            raise AssertionError(f"{where}: {action} is not legal but was accepted")
        assert state == before, f"{where}: the refused {action} changed the state"
    assert position_to_json(state) == before_json, f"{where}: refused actions changed the state"


# --- checks shared by the invariant suites -----------------------------------------------------


def check_round_trips(state: State, where: str) -> None:
    """Position JSON (through real JSON text) and copy round trips; the copy is independent."""
    data = position_to_json(state)
    back = position_from_json(json.loads(json.dumps(data)), state.board)
    assert back == state, f"{where}: position_from_json(position_to_json(s)) != s"
    assert position_to_json(back) == data, f"{where}: the JSON of the read position differs"
    copy = state.copy()
    assert copy == state, f"{where}: s.copy() != s"
    for name in ("disc", "figure", "emperor_at", "garrisons", "fleets", "tasks", "memo",
                 "armies_placed", "ext", "pending"):
        assert getattr(copy, name) is not getattr(state, name), f"{where}: the copy shares {name}"
    copy.disc[0] = REVOLT if copy.disc[0] != REVOLT else UNREST
    copy.figure[1] = ARMY if copy.figure[1] != ARMY else NO_FIGURE
    copy.emperor_at[0] = 5
    copy.garrisons[1] += 1
    copy.fleets[2] = 1 - copy.fleets[2]
    copy.tasks.append(InitialRevoltStep(INITIAL_REVOLT, 1))
    copy.memo[0] = True
    copy.armies_placed.append(3)
    GLORY.put(copy, GLORY.get(copy).plus(2, 1))
    BURNED.put(copy, BURNED.get(copy).plus(3, 1))
    RECOVERABLE.put(copy, RECOVERABLE.get(copy).plus(0, 1))
    IP_NEXT.put(copy, IP_NEXT.get(copy).plus(1, -1))
    USURPERS.put(copy, Usurpers((*USURPERS.get(copy).provinces, 4)))
    REBELS.put(copy, Rebels(((1, 1),)))
    DISCS.put(copy, DISCS.get(copy)._replace(gray=DISCS.get(copy).gray + 1))
    assert position_to_json(state) == data, f"{where}: mutating the copy changed the original"


def check_finished_game(game: Game, where: str,
                        check: Callable[[State, str], None] | None = None) -> None:
    """After the end (R8): nothing is legal, everything is refused as GameOver and changes
    nothing, the position and the saved game round-trip, and ``Game.replay`` ends in the same
    state, through states that each pass ``check`` when given."""
    state = game.state
    where = f"{where} (end: {state.result.name})"
    assert state.result is not Result.ONGOING
    assert legal_actions(state) == [], f"{where}: a legal action after the end"
    assert state.tasks == [], f"{where}: steps left after the end"
    before = position_to_json(state)
    for action in (Roll((3,)), Roll((3, 4)), PlaceFleet(1), EndPhase(state.turn),
                   Enter(state.turn, state.board.roma)):
        with pytest.raises(GameOver):
            apply_action(state, action)
    assert position_to_json(state) == before, f"{where}: a refused action changed the final state"
    check_round_trips(state, where)
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())), state.board)
    assert loaded.state == state, f"{where}: the loaded game differs from the played one"
    assert loaded.log == game.log, f"{where}: the loaded log differs"
    assert loaded.dice_drawn == game.dice_drawn, f"{where}: dice count differs"
    last: State | None = None
    for number, (_action, replayed, _events) in enumerate(game.replay(), 1):
        if check is not None:
            check(replayed, f"{where} replay step {number}")
        last = replayed
    assert last is not None and last == state, f"{where}: Game.replay does not end in the final state"


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to test old code: a compiled module whose source was edited since it was compiled
    would run in place of that source (an editable install with TETRARCHIA_COMPILE=1)."""
    stale = stale_modules()
    if stale:
        raise pytest.UsageError(
            f"{len(stale)} compiled modules no longer match their sources and would be tested instead "
            f"of them: {', '.join(stale)}.  Rebuild (TETRARCHIA_COMPILE=1 pip install -e .) or "
            "reinstall pure (pip install -e .); `tetrarchia doctor` shows the build.")


# The tests of the rules (core/ and options/): marked ``rules`` by their file, so that
# ``pytest -m rules`` answers in seconds whether a rule broke (issue 25).  They run first: the
# perft counts (tests/core/test_perft.py, a second), the hand-written cases (group 0), then whole
# games (golden records, every cost and refusal of seeded games: group 1).  The random
# invariant sets (test_invariants, test_option_invariants) and the tests marked slow or browser
# are not in the set: they run in the default run (after the rules) and in CI.
RULE_FILES = {
    "test_perft": -1,  # a second: the count of every legal action, the first to see a new one
    **dict.fromkeys(("test_roman", "test_barbarian", "test_combat", "test_board", "test_setup",
                     "test_end", "test_examples", "test_extensions", "test_rulebook", "test_steps",
                     "test_stepping", "test_validate", "test_notation", "test_serialize"), 0),
    **dict.fromkeys(("test_option_dux", "test_option_vicarius", "test_option_pirates",
                     "test_option_goths", "test_option_imperivm", "test_option_mare_nostrvm",
                     "test_option_via_romana", "test_option_vsvrpator", "test_option_roma_aeterna",
                     "test_option_barbaria", "test_option_diarchia", "test_option_patres_patriae",
                     "test_option_scenarios", "test_option_validation", "test_option_readings"), 0),
    **dict.fromkeys(("test_golden", "test_costs", "test_refusals", "test_events"), 1),
}
RULES_TIMEOUT = 60  # seconds: a rule test that runs longer is stuck (a looping rule)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``-m rules`` alone, the other test files are not even imported (importing every
    test module, the page's and the research adapters' among them, took longer than the rules'
    own tests): the folders of the other layers are not even entered."""
    if config.getoption("markexpr", "") != "rules":
        return None
    if collection_path.is_dir() and collection_path.parent == TESTS \
            and collection_path.name not in RULE_FOLDERS:
        return True
    if collection_path.suffix == ".py" and collection_path.name.startswith("test_") \
            and collection_path.stem not in RULE_FILES:
        return True
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the rule files' tests ``rules`` (not those marked slow or browser) with a time limit
    of their own (unless a test sets one), and run them first, cheapest group first (the sort is
    stable: each file's tests keep their order and stay together)."""
    for item in items:
        if item.path.stem in RULE_FILES and item.get_closest_marker("slow") is None \
                and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.rules)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(RULES_TIMEOUT))
    items.sort(key=lambda item: RULE_FILES.get(item.path.stem, 2))


def pytest_report_header(config: pytest.Config) -> str:
    """Which build of the rules the run tests (``.ci/run`` runs the suite on both)."""
    compiled = compiled_in_use()
    return (f"tetrarchia rules: compiled with mypyc ({len(compiled)} modules)" if compiled
            else "tetrarchia rules: pure Python")


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played through the command line autosave (issue 8): never into the user's data
    directory during the tests."""
    monkeypatch.setenv("TETRARCHIA_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def postgres() -> Iterator[Any]:
    """A real PostgreSQL server for the whole test session (tests/pg_cluster.py), started on first
    use and stopped at the end."""
    from pg_cluster import TempPostgres

    with TempPostgres() as server:
        yield server


@pytest.fixture(scope="module")
def postgres_database(postgres: Any, request: pytest.FixtureRequest) -> str:
    """A database of its own for the test module (its URL)."""
    name = "t_" + request.module.__name__.rsplit(".", 1)[-1].lower()
    url: str = postgres.database(name)
    return url
