"""Saved games and positions (docs/save-format.md): round trips, dice continuity, and refusal of
every malformed or impossible input with a SaveFileError that says what is wrong."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tetrarchia.core.actions import Attack, Enter
from tetrarchia.core.board import default_board, parse_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.pieces import GARRISON, REVOLT, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result
from tetrarchia.game import Game
from tetrarchia.players.random_player import RandomPlayer

Json = dict[str, Any]

# The hand-written example of docs/save-format.md: reserves and machine left out.
EXAMPLE: Json = {
    "format": "tetrarchia-position",
    "version": 2,
    "settings": {"level": "4211"},
    "discs": {"I:6": "revolt", "etrvria": "garrison Maximian"},
    "emperors": {"Maximian": "II:3"},
    "armies": ["II:6"],
    "fleets": [3],
    "turn": {"emperor": "Maximian", "ip": 6},
}


def example(**changes: Any) -> Json:
    """A deep copy of EXAMPLE with top-level keys replaced (None removes the key)."""
    data = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def step(game: Game, player: RandomPlayer) -> None:
    """One action of a seeded random game: the dice from the game's source, else the player."""
    if game.state.awaiting is Awaiting.ROLL:
        game.roll()
    else:
        game.play(player.choose(game.state))


def played(seed: int, steps: int, level: str = "4211") -> tuple[Game, RandomPlayer]:
    """A seeded game after ``steps`` actions (fewer if it ended), and its player."""
    game = Game.new(Settings(level=Level.parse(level)), seed=seed)
    player = RandomPlayer(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        step(game, player)
    return game, player


# --- saved games --------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 5), (3, 40), (4, 10_000)])
def test_save_and_load_round_trip(tmp_path: Path, seed: int, steps: int) -> None:
    game, _ = played(seed, steps)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.state == game.state, f"seed={seed}"
    assert loaded.log == game.log
    assert loaded.start == game.start
    assert (loaded.seed, loaded.dice_drawn, loaded.fresh) == (seed, game.dice_drawn, True)
    assert loaded.to_json() == game.to_json()
    assert json.loads(path.read_text("utf-8"))["format"] == "tetrarchia-game"


@pytest.mark.parametrize(("seed", "steps"), [(5, 3), (6, 30), (7, 60), (8, 100)])
def test_loaded_game_continues_with_the_same_dice(tmp_path: Path, seed: int, steps: int) -> None:
    """seed + dice_drawn: the loaded game's dice go on exactly where the unsaved game's go."""
    game, _ = played(seed, steps)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    # both continue with the same choices; only the dice sources are separate
    chooser_a, chooser_b = RandomPlayer(seed + 1000), RandomPlayer(seed + 1000)
    count = 0
    while not game.state.is_over:
        step(game, chooser_a)
        step(loaded, chooser_b)
        count += 1
        assert loaded.log[-1] == game.log[-1], f"seed={seed}: action {count} after loading differs"
        assert loaded.state == game.state, f"seed={seed}: state {count} after loading differs"
    assert loaded.state.is_over
    assert loaded.dice_drawn == game.dice_drawn


def test_dice_drawn_counts_every_die() -> None:
    game, _ = played(9, 50)
    dice = sum(len(getattr(a, "dice", ())) for a in game.log)
    assert game.dice_drawn == dice > 0


def test_game_from_a_position_saves_its_start(tmp_path: Path) -> None:
    start = position_from_json(example(), default_board())
    game = Game.from_position(start.copy(), seed=12)
    player = RandomPlayer(12)
    for _ in range(30):
        if game.state.is_over:
            break
        step(game, player)
    data = game.to_json()
    assert data["start"] == position_to_json(start)
    path = tmp_path / "from-position.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.fresh is False
    assert loaded.start == start
    assert loaded.state == game.state


# --- malformed saves ----------------------------------------------------------------------------


def saved(seed: int = 21, steps: int = 40) -> Json:
    game, _ = played(seed, steps)
    assert not game.state.is_over and len(game.log) == steps
    return game.to_json()


def _set(key: str, value: Any) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data[key] = value

    return edit


def _append_log(text: str) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data["log"].append(text)

    return edit


def _illegal_first_entry(data: Json) -> None:
    data["log"][0] = "Maximian ends his Roman phase"  # the game begins with a setup die


def _change_a_die(data: Json) -> None:
    data["log"][0] = "roll 6" if data["log"][0] != "roll 6" else "roll 5"


def _edit_final_position(data: Json) -> None:
    data["final"]["turn"]["ip"] = 5 if data["final"]["turn"]["ip"] != 5 else 4


def _add_final_disc(data: Json) -> None:
    discs = data["final"]["discs"]
    free = next(k for k in ("I:1", "II:1", "III:1", "IV:1", "V:1", "VI:1") if k not in discs)
    discs[free] = "unrest"


def _other_board(data: Json) -> None:
    data["board"]["digest"] = "0123456789abcdef"


def _bad_start(data: Json) -> None:
    data["start"] = {"format": "tetrarchia-position", "version": 99}


BAD_SAVES = [
    pytest.param(_set("format", "chess-pgn"), "not a saved TETRARCHIA game", id="wrong-format"),
    pytest.param(_set("format", None), "not a saved TETRARCHIA game", id="no-format"),
    pytest.param(_set("version", 4), "version 4", id="wrong-version"),
    pytest.param(_set("version", "1"), "version '1'", id="version-as-text"),
    pytest.param(_append_log("fly to the moon"), "log entry 41 'fly to the moon'", id="bad-log-entry"),
    pytest.param(_append_log("roll 7"), "log entry 41 'roll 7'", id="die-of-seven"),
    pytest.param(_illegal_first_entry, "log entry 1 'Maximian ends his Roman phase'", id="illegal-action"),
    pytest.param(_change_a_die, "log entry|edited or is damaged", id="changed-die"),
    pytest.param(_set("log", "roll 3"), "'log' must be a list", id="log-not-a-list"),
    pytest.param(_set("log", [3, 5]), "'log' must be a list", id="log-of-numbers"),
    pytest.param(_edit_final_position, "edited or is damaged", id="edited-final-ip"),
    pytest.param(_add_final_disc, "edited or is damaged", id="edited-final-disc"),
    pytest.param(_other_board, "another board", id="board-digest-mismatch"),
    pytest.param(_set("seed", "forty-two"), "'seed' must be a whole number", id="seed-not-a-number"),
    pytest.param(_set("seed", True), "'seed' must be a whole number", id="seed-boolean"),
    pytest.param(_set("dice_drawn", -1), "'dice_drawn' must be a count", id="negative-dice-drawn"),
    pytest.param(_set("settings", {"level": "9999"}), "settings:", id="impossible-level"),
    pytest.param(_set("settings", {"level": "4211", "cheat": True}), "unknown settings",
                 id="unknown-setting"),
    pytest.param(_bad_start, "version", id="bad-start-position"),
]


@pytest.mark.parametrize(("edit", "message"), BAD_SAVES)
def test_malformed_saves_are_refused(tmp_path: Path, edit: Callable[[Json], None], message: str) -> None:
    data = saved()
    Game.from_json(copy.deepcopy(data))  # the unedited save loads
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SaveFileError) as caught:
        Game.load(path)
    assert type(caught.value) is SaveFileError
    assert re.search(message, str(caught.value)), str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("{not json", "is not JSON", id="not-json"),
        pytest.param("", "is not JSON", id="empty-file"),
        pytest.param("[1, 2, 3]", "must be a JSON object", id="a-list"),
        pytest.param('"tetrarchia"', "must be a JSON object", id="a-string"),
    ],
)
def test_files_that_are_not_saves_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "not-a-save.json"
    path.write_text(text, "utf-8")
    with pytest.raises(SaveFileError, match=message):
        Game.load(path)


def test_missing_and_binary_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        Game.load(tmp_path / "nowhere.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError, match="cannot read"):
        Game.load(binary)


def test_save_made_on_another_board_file_is_refused() -> None:
    data = saved()
    text = default_board_text().replace('name = "MARE INTERNVM"', 'name = "MARE NOSTRVM"')
    other = parse_board(text, source="corrected.toml")
    assert other.digest != default_board().digest
    with pytest.raises(SaveFileError, match="another board"):
        Game.from_json(data, other)


def default_board_text() -> str:
    from importlib import resources

    return resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")


# --- positions ----------------------------------------------------------------------------------


def test_hand_written_position_without_reserves_and_machine() -> None:
    board = default_board()
    state = position_from_json(example(), board)
    assert state.disc[board.province("I:6").index] == REVOLT
    assert state.disc[board.province("etrvria").index] == GARRISON + Emperor.MAXIMIAN
    assert state.emperor_at[Emperor.MAXIMIAN] == board.province("Germania Svperior").index
    assert state.armies() == [board.province("Narbonensis").index]
    assert state.fleet_zones() == [3]
    # the reserves are what the board does not hold (R1)
    assert (state.unrest_reserve, state.revolt_reserve) == (21, 20)
    assert state.garrisons == [4, 4, 4, 3]
    # the machine: Maximian's Roman phase with 6 IP
    assert (state.turn, state.ip, state.round) == (Emperor.MAXIMIAN, 6, 1)
    assert state.awaiting is Awaiting.ROMAN_ACTION
    assert state.result is Result.ONGOING
    gs, narbonensis = board.province("II:3").index, board.province("II:6").index
    assert Attack(Emperor.MAXIMIAN, gs, narbonensis) in legal_actions(state)


def test_hand_written_position_with_the_emperor_off_the_board_waits_for_his_entry() -> None:
    board = default_board()
    state = position_from_json(example(emperors={"Maximian": None}), board)
    assert state.awaiting is Awaiting.ENTRY
    assert set(legal_actions(state)) == {
        Enter(Emperor.MAXIMIAN, board.roma),
        Enter(Emperor.MAXIMIAN, board.capital[Emperor.MAXIMIAN]),
    }


def test_hand_written_position_names_provinces_every_way() -> None:
    """Coordinates, ids, names and V/U spellings all name the same province."""
    board = default_board()
    by_coords = position_from_json(example(discs={"II:4": "unrest"}), board)
    for key in ("lvgdvnensis", "Lugdunensis", "LVGDVNENSIS", "ii:4"):
        assert position_from_json(example(discs={key: "unrest"}), board) == by_coords, key


def test_hand_written_position_round_trips_and_plays_to_the_end() -> None:
    board = default_board()
    state = position_from_json(example(), board)
    data = position_to_json(state)
    assert position_from_json(json.loads(json.dumps(data)), board) == state
    game = Game.from_position(state, seed=31)
    player = RandomPlayer(31)
    while not game.state.is_over:
        step(game, player)
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).state == game.state


def test_explicit_reserves_are_accepted_when_they_add_up() -> None:
    board = default_board()
    reserves = {"unrest": 21, "revolt": 20, "garrisons": {"Maximian": 3, "Diocletian": 4}}
    state = position_from_json(example(reserves=reserves), board)
    assert state == position_from_json(example(), board)


def _revolts(count: int) -> dict[str, str]:
    board = default_board()
    return {board.provinces[p].id: "revolt" for p in board.roman[:count]}


BAD_POSITIONS = [
    pytest.param(example(discs={"I:6": "revolt", "tarraconensis": "unrest"}), "at most one disc",
                 id="two-discs-coords-and-name"),
    pytest.param(example(discs={"II:4": "unrest", "Lugdunensis": "unrest"}), "at most one disc",
                 id="two-discs-two-spellings"),
    pytest.param(example(discs=_revolts(22)), "21 discs", id="22-revolts"),
    pytest.param(example(discs={"I:6": "revolt"}, reserves={"revolt": 21}), "21 discs",
                 id="revolt-reserve-too-big"),
    pytest.param(example(reserves={"unrest": -1}), "21 discs", id="negative-unrest-reserve"),
    pytest.param(example(armies=["roma"]), "army in Roma", id="army-in-roma"),
    pytest.param(example(armies=["II:6", "II:6"]), "at most one figure", id="two-armies-one-province"),
    pytest.param(example(armies=["I:1", "I:2", "I:3", "I:4"]), "only 3", id="four-armies"),
    pytest.param(example(emperors={"Maximian": "II:6"}), "at most one figure", id="emperor-on-an-army"),
    pytest.param(example(emperors={"Maximian": "roma", "Galerius": "roma"}), "at most one figure",
                 id="two-emperors-one-province"),
    pytest.param(example(discs={"britannia": "unrest"}), "border never holds", id="unrest-on-a-border"),
    pytest.param(example(discs={"persia": "revolt"}), "border never holds", id="revolt-on-a-border"),
    pytest.param(example(discs={"atlantis": "revolt"}), "unknown province 'atlantis'", id="unknown-province"),
    pytest.param(example(armies=["VII:1"]), "unknown province 'VII:1'", id="unknown-coordinates"),
    pytest.param(example(discs={"I:1": "plague"}), "is not 'unrest', 'revolt'", id="unknown-disc"),
    pytest.param(example(discs={"I:1": 3}), "is not a disc", id="disc-not-text"),
    pytest.param(example(emperors={"Nero": "roma"}), "unknown Emperor 'Nero'", id="unknown-emperor"),
    pytest.param(example(discs={"I:1": "garrison Nero"}), "unknown Emperor 'nero'", id="garrison-of-nero"),
    pytest.param(example(turn={"emperor": "Caligula"}), "unknown Emperor 'Caligula'", id="turn-of-caligula"),
    pytest.param(example(reserves={"garrisons": {"Nero": 1}}), "unknown Emperor 'Nero'",
                 id="reserve-of-nero"),
    pytest.param(example(discs=dict.fromkeys(("I:1", "I:2", "I:3", "I:4", "I:5"), "garrison Maximian")),
                 "do not make the 4 of the level", id="five-garrisons-at-level-4"),
    pytest.param(example(reserves={"garrisons": {"Maximian": 4}}), "do not make the 4 of the level",
                 id="garrison-reserve-too-big"),
    pytest.param(example(settings={"level": "3122"},
                         discs=dict.fromkeys(("I:1", "I:2", "I:3", "I:4"), "garrison Galerius")),
                 "do not make the 3 of the level", id="four-garrisons-at-level-3"),
    pytest.param(example(fleets=[4]), "not a sea zone", id="fleet-in-zone-4"),
    pytest.param(example(fleets=[2, 2]), "two fleets", id="two-fleets-one-zone"),
    pytest.param(example(fleets=[1, 2, 3]), "has 2 fleets, not 3", id="too-many-fleets"),
    pytest.param(example(turn={"emperor": "Maximian", "ip": 9}), "IP is not possible", id="nine-ip"),
    pytest.param(example(turn={"emperor": "Maximian", "round": 0}), "round starts at 1", id="round-0"),
    pytest.param(example(turn={"emperor": "Maximian", "passing": True}), "not standing on another",
                 id="passing-alone"),
    pytest.param(example(settings={"level": "6211"}), "settings", id="impossible-level"),
    pytest.param(example(format="tetrarchia-game"), "must be 'tetrarchia-position'", id="wrong-format"),
    pytest.param(example(version=4), "reads versions 1 to 3, not 4", id="wrong-version"),
    pytest.param(example(board="0123456789abcdef"), "another board", id="board-digest-mismatch"),
    pytest.param(example(result="draw"), "unknown result 'draw'", id="unknown-result"),
    pytest.param(example(discs=["I:1"]), "wrong type", id="discs-not-an-object"),
]


@pytest.mark.parametrize(("data", "message"), BAD_POSITIONS)
def test_malformed_positions_are_refused(data: Json, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        position_from_json(data, default_board())
    assert type(caught.value) is SaveFileError
    assert message in str(caught.value)


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SaveFileError, match="must be a JSON object"):
        position_from_json(["tetrarchia-position"], default_board())


def machine(**changes: Any) -> Json:
    """A Roman-phase machine as position_to_json writes it, with fields replaced."""
    base: Json = {
        "awaiting": "roman-action",
        "roll": {"count": 0, "purpose": "initial-revolt"},
        "dice": None,
        "tasks": [["roman-phase"]],
        "memo": {},
        "armies_placed": [],
    }
    base.update(changes)
    return base


def test_written_machine_is_read_back() -> None:
    state = position_from_json(example(machine=machine()), default_board())
    assert state.awaiting is Awaiting.ROMAN_ACTION
    assert position_from_json(position_to_json(state), default_board()) == state


FORGED_MACHINES = [
    pytest.param(machine(tasks=[["uprising", 48]]), "wrong arguments", id="uprising-past-the-board"),
    pytest.param(machine(tasks=[["uprising", -1]]), "wrong arguments", id="uprising-negative"),
    pytest.param(machine(tasks=[["army-step", 1000]]), "wrong arguments", id="army-step-past-the-board"),
    pytest.param(machine(tasks=[["battle", 9, 0, 1]]), "wrong arguments", id="battle-of-a-tenth-figure"),
    pytest.param(machine(tasks=[["battle", 0, 5]]), "wrong arguments", id="battle-missing-argument"),
    pytest.param(machine(tasks=[["battle", 0, 5, 2]]), "wrong arguments", id="battle-attacker-flag-2"),
    pytest.param(machine(tasks=[["link-check", 74, 0]]), "wrong arguments", id="link-check-unknown-link"),
    pytest.param(machine(tasks=[["link-check", 3, 0.5]]), "wrong arguments", id="link-check-fraction"),
    pytest.param(machine(tasks=[["initial-revolt", 0]]), "regions are numbered 1 to 6",
                 id="initial-revolt-region-0"),
    pytest.param(machine(tasks=[["initial-revolt", 7]]), "wrong arguments", id="initial-revolt-region-7"),
    pytest.param(machine(tasks=[["activity-province", 0]]), "regions are numbered 1 to 6",
                 id="activity-region-0"),
    pytest.param(machine(tasks=[["roman-phase", 3]]), "wrong arguments", id="roman-phase-with-argument"),
    pytest.param(machine(tasks=[["teleport", 3]]), "not a step of the game", id="unknown-step"),
    pytest.param(machine(tasks=[[]]), "not a step of the game", id="empty-step"),
    pytest.param(machine(tasks=["roman-phase"]), "not a step of the game", id="step-not-a-list"),
    pytest.param(machine(tasks=[["end-turn"], ["begin-turn"]]), "beginning of a turn",
                 id="stopped-at-begin-turn"),
    pytest.param(machine(tasks=[]), "no step to do", id="no-steps"),
    pytest.param(machine(awaiting="coffee"), "unknown value 'coffee'", id="unknown-awaiting"),
    pytest.param(machine(awaiting="roll"), "no dice are wanted", id="roll-of-no-dice"),
    pytest.param(machine(roll={"count": 3, "purpose": "battle"}), "unknown roll", id="roll-of-3-dice"),
    pytest.param(machine(roll={"count": 1, "purpose": "poker"}), "unknown roll", id="unknown-purpose"),
    pytest.param(machine(dice=[7]), "are not dice", id="die-of-seven"),
    pytest.param(machine(dice=[1, 2, 3]), "are not dice", id="three-dice"),
    pytest.param(machine(memo={"999": True}), "bad entry '999'", id="memo-unknown-link"),
    pytest.param(machine(memo={"3": "yes"}), "bad entry '3'", id="memo-not-boolean"),
    pytest.param(machine(armies_placed=["atlantis"]), "unknown province", id="army-placed-nowhere"),
    pytest.param("roman-phase", "must be an object", id="machine-not-an-object"),
]


@pytest.mark.parametrize(("forged", "message"), FORGED_MACHINES)
def test_forged_machines_are_refused(forged: Any, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        position_from_json(example(machine=forged), default_board())
    assert type(caught.value) is SaveFileError
    assert message in str(caught.value)


def test_final_position_with_army_in_roma_round_trips() -> None:
    """R8: a game lost by an army entering Roma ends with the army there; its final position
    must read back like any other (it is the 'final' of every such saved game)."""
    board = default_board()
    game = next(g for g, _ in (played(seed, 10_000) for seed in range(200))
                if g.state.result is Result.ARMY_IN_ROMA)
    data = position_to_json(game.state)
    assert position_from_json(data, board) == game.state


def test_hand_written_lost_position_with_army_in_roma() -> None:
    """R8: the army in Roma is allowed only in a game it has ended."""
    state = position_from_json(example(armies=["roma"], result="army-in-roma"), default_board())
    assert state.is_over and state.awaiting is Awaiting.NOTHING
    assert legal_actions(state) == []


def test_position_of_another_board_object_with_the_same_text_is_accepted() -> None:
    """The digest names the board file's text, not the Python object."""
    same = parse_board(default_board_text(), source="copy.toml")
    state = position_from_json(example(), default_board())
    assert position_from_json(position_to_json(state), same) == state

