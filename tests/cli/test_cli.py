"""The terminal interface: whole games driven by scripted input, undo, save/load, replay,
simulate, the board command and the exit codes (0 ok, 2 bad arguments or files)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from conftest import position, prov
from tetrarchia.cli.main import Caesar, app, settings_or_fail
from tetrarchia.cli.play import PlaySession
from tetrarchia.core.actions import Attack, EndPhase, Enter, Move, PlaceFleet, Secure
from tetrarchia.core.dice import ScriptedDice
from tetrarchia.core.engine import apply_action
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import ARMY, GARRISON, Emperor
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings, SupportGroup
from tetrarchia.core.state import Awaiting, Result
from tetrarchia.game import Game
from tetrarchia.simulate import simulate

# 100 columns: the three-column board these tests read (80 columns get the compact grid,
# tests/cli/test_screens.py)
runner = CliRunner(env={"COLUMNS": "100"})


# --- scripted players -------------------------------------------------------------------------
class Script:
    """An input function: answers from a list of lines, or from a policy on the prompt.

    Raises EOFError when the lines run out (as a closed terminal does), and stops a runaway
    loop after ``limit`` prompts."""

    def __init__(self, lines: Iterable[str] = (), policy: Callable[[str], str] | None = None,
                 limit: int = 5000) -> None:
        self.lines = list(lines)
        self.policy = policy
        self.prompts: list[str] = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            raise AssertionError(f"more than {self.limit} prompts: the loop does not end")
        if self.lines:
            return self.lines.pop(0)
        if self.policy is not None:
            return self.policy(prompt)
        raise EOFError


def console() -> Console:
    return Console(file=StringIO(), width=100, color_system=None, force_terminal=False, highlight=False)


def flat(text: str) -> str:
    """The text with every run of white space made one space (long lines wrap in the output)."""
    return " ".join(text.split())


def run_session(game: Game, script: Script) -> tuple[int, str]:
    """Play with scripted input; returns the exit code and the output, white space flattened."""
    out = console()
    code = PlaySession(game, out, script).run()
    file = out.file
    assert isinstance(file, StringIO)
    return code, flat(file.getvalue())


def invoke(args: list[str], input: str | None = None) -> tuple[int, str]:
    """Run the command line; returns the exit code and the output, white space flattened."""
    result = runner.invoke(app, args, input=input)
    return result.exit_code, flat(result.output)


def maximian_enters_game(dice: Iterable[int] = ()) -> Game:
    """Maximian's turn, off the board; an army in Narbonensis; a fleet in Mare Internvm."""
    state = position(emperors={"Maximian": None}, armies=["II:6"], fleets=[2], turn="Maximian")
    return Game.from_position(state, dice=ScriptedDice(dice))


class AlwaysEnd(Script):
    """Places fleets and enters by the first choice, then ends every Roman phase at once; when
    'end' is refused (an Emperor entering Roma over another must move on, R2), a move: the
    numbers 1, 2, 3 ... in turn until one is taken (numbers stay with their action through a
    Roman phase, so the lowest ones may be gone, and a refused number changes nothing)."""

    def __init__(self, save_as: str = "") -> None:
        super().__init__(policy=self.answer)
        self.save_as = save_as
        self.tries = 0

    def answer(self, prompt: str) -> str:
        if "Save" in prompt:
            return self.save_as
        if "place fleet" in prompt or "enter?" in prompt:
            return "1"
        refused = len(self.prompts) > 1 and self.prompts[-2] == prompt
        self.tries = self.tries + 1 if refused else 0
        return str(self.tries) if refused else "end"


# --- whole games ------------------------------------------------------------------------------
def test_whole_game_typing_end_falls_and_scores() -> None:
    # R8: with every Emperor doing nothing the Empire falls within a few rounds
    game = Game.new(Settings(), seed=7)
    code, out = run_session(game, AlwaysEnd())
    assert code == 0
    assert game.state.result.is_defeat
    assert "THE EMPIRE FALLS" in out
    assert re.search(r"Score: -?\d+ points: \+0 secured borders", out)
    assert "Not saved." in out
    assert "Barbarian phase" in out and "dice " in out
    assert game.state.round < 20


def test_scripted_game_enter_move_secure_attack() -> None:
    # R4 entry, R5.1 move, R5.3 secure, R5.5 attack (won: R6 (6+1)x1 = 7 against (1+0)x1 = 1)
    game = maximian_enters_game(dice=[6, 1, 1, 1])
    script = Script([
        "roma",  # short form: enter Roma
        "Maximian moves from Roma to Etrvria",  # long notation
        "M etrvria-cisalpina",  # compact notation
        "secure",  # short form (covers his printed capital)
        "attack narbonensis",  # short form; the dice are rolled by the game
        "end",
    ])
    code, out = run_session(game, script)
    assert code == 0
    assert "Input closed: the game was not saved." in out
    state = game.state
    narbonensis, cisalpina = prov("II:6"), prov("cisalpina")
    assert state.emperor_at[Emperor.MAXIMIAN] == narbonensis
    assert state.figure.count(ARMY) == 0
    assert state.disc[cisalpina] == GARRISON + Emperor.MAXIMIAN
    assert "Roman (6+1)x1 = 7 against Barbarian (1+0)x1 = 1" in out
    assert "Maximian wins" in out
    assert game.log[:5] == [
        Enter(Emperor.MAXIMIAN, prov("roma")),
        Move(Emperor.MAXIMIAN, prov("roma"), prov("etrvria")),
        Move(Emperor.MAXIMIAN, prov("etrvria"), cisalpina),
        Secure(Emperor.MAXIMIAN, cisalpina),
        Attack(Emperor.MAXIMIAN, cisalpina, narbonensis),
    ]
    assert EndPhase(Emperor.MAXIMIAN) in game.log
    # the next turn waits for Diocletian's entry (R4): round 2 began
    assert state.awaiting is Awaiting.ENTRY and state.turn is Emperor.DIOCLETIAN


def test_securing_the_sixth_border_wins() -> None:
    # R8 Roma Victrix: five borders secured, Maximian on Libya with 2 IP and Africa free of revolt
    secured = {"gaetvlia": "garrison Maximian", "britannia": "garrison Constantius",
               "germania_magna": "garrison Galerius", "sarmatia": "garrison Diocletian",
               "persia": "garrison Diocletian"}
    state = position(discs=secured, emperors={"Maximian": "libya"}, turn="Maximian", ip=2)
    game = Game.from_position(state)
    code, out = run_session(game, Script(["secure"]))
    assert code == 0 and game.state.result is Result.ROMA_VICTRIX
    assert "ROMA VICTRIX: all six borders are secured" in out
    assert "Score: 10 points: +6 secured borders, +4 Italia free of revolt" in out
    assert "Not saved." in out  # the offer to save met the end of the input


def test_numbers_choose_from_the_list() -> None:
    game = maximian_enters_game()
    _code, out = run_session(game, Script(["2"]))  # Enter: 1 Roma, 2 Cisalpina
    assert game.log == [Enter(Emperor.MAXIMIAN, prov("cisalpina"))]
    assert "Enter:" in out and "1 Roma" in out and "2 Cisalpina" in out


def test_a_place_name_goes_the_cheapest_way() -> None:
    # R5.1: Bithynia-Thracia is a broken link (2 IP); by the fleet of Mare Aegaevm it costs 1
    state = position(emperors={"Diocletian": "V:6"}, fleets=[3], turn="Diocletian")
    game = Game.from_position(state)
    run_session(game, Script(["thracia"]))
    assert game.log == [Move(Emperor.DIOCLETIAN, prov("V:6"), prov("IV:3"), by_fleet=True)]
    assert game.state.ip == 5
    game = Game.from_position(position(emperors={"Diocletian": "V:6"}, fleets=[3], turn="Diocletian"))
    run_session(game, Script(["Diocletian moves from Bithynia to Thracia"]))  # as written: the link
    assert game.log == [Move(Emperor.DIOCLETIAN, prov("V:6"), prov("IV:3"))]
    assert game.state.ip == 4


# --- refused input ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, reason", [
    ("Maximian moves from Roma to Britannia", "Britannia is not linked to Roma"),  # R5.1
    ("Diocletian ends his Roman phase", "it is Maximian's turn, not Diocletian's"),
    ("attack narbonensis", "Narbonensis is not linked to Roma (attacks go through links only"),  # R5.5
    ("fly to the moon", "'fly to the moon' is not an action"),
    ("99", "there is no action 99: choose 1 to"),
    ("save", "save needs a file name"),
])
def test_illegal_input_is_refused_and_changes_nothing(text: str, reason: str) -> None:
    state = position(emperors={"Maximian": "roma"}, armies=["II:6"], fleets=[2], turn="Maximian")
    game = Game.from_position(state)
    before = position_to_json(game.state)
    code, out = run_session(game, Script([text]))
    assert code == 0
    assert position_to_json(game.state) == before and game.log == []
    assert f"Refused: {reason}" in out


def test_the_engine_gives_the_reason_of_a_refusal() -> None:
    state = position(emperors={"Maximian": "roma"}, fleets=[2], turn="Maximian")
    text = "Maximian moves from Roma to Britannia"
    with pytest.raises(TetrarchiaError) as refused:
        apply_action(state.copy(), parse_action(text, state.board))
    _code, out = run_session(Game.from_position(state), Script([text]))
    assert f"Refused: {flat(str(refused.value))}" in out


@pytest.mark.parametrize("text, reason", [
    ("secure", "Germania Svperior already holds a disc"),  # R2: one disc per province
    ("attack roma", "there is no Barbarian army in Roma"),
    ("britannia", "Britannia is not linked to Germania Svperior"),  # R5.1
    ("remove revolt", "this costs 2 IP and Maximian has 1 left"),  # R5.4
    ("remove unrest", "there is no unrest in Germania Svperior"),
])
def test_short_forms_that_are_not_legal_say_why(text: str, reason: str) -> None:
    state = position(emperors={"Maximian": "II:3"}, discs={"II:3": "revolt"}, armies=["II:6"],
                     turn="Maximian", ip=1)
    game = Game.from_position(state)
    before = position_to_json(game.state)
    _code, out = run_session(game, Script([text]))
    assert f"Refused: {reason}" in out
    assert position_to_json(game.state) == before and game.log == []


def test_end_while_passing_through_says_why_and_entry_names_the_capital() -> None:
    # R2/D8: Maximian entered Roma where Galerius stands and must move on
    state = position(emperors={"Maximian": "roma", "Galerius": "roma"}, turn="Maximian", passing=True)
    game = Game.from_position(state)
    _code, out = run_session(game, Script(["end"]))
    assert "Refused: " in out and game.log == []
    # R4: a capital covered by a disc is no entry
    state = position(emperors={"Constantius": None}, discs={"II:2": "revolt"}, turn="Constantius")
    game = Game.from_position(state)
    _code, out = run_session(game, Script(["germania inferior", "fly"]))
    assert "Refused: his capital Germania Inferior is covered by a disc" in out
    assert "Refused: Constantius is off the board and enters first (R4): type 1 (Roma)" in out


# --- undo -------------------------------------------------------------------------------------
def test_undo_takes_back_actions_of_the_phase() -> None:
    state = position(emperors={"Maximian": "roma"}, fleets=[2], turn="Maximian")
    game = Game.from_position(state)
    before = position_to_json(game.state)
    _code, out = run_session(game, Script(["etrvria", "secure", "undo", "undo", "undo"]))
    assert position_to_json(game.state) == before and game.log == []
    assert "Undone: Maximian secures Etrvria" in out
    assert "Undone: Maximian moves from Roma to Etrvria" in out
    assert "Refused: nothing to undo since the last die roll" in out


def test_undo_never_crosses_a_die_roll() -> None:
    # R1: the battle dice of an attack are never taken back
    state = position(emperors={"Maximian": "II:3"}, armies=["II:6"], turn="Maximian")
    game = Game.from_position(state, dice=ScriptedDice([1, 6, 1, 1, 1]))
    _code, out = run_session(game, Script(["attack narbonensis", "undo"]))
    # Maximian lost (R5.5): his phase ended; the Barbarian phase rolled (activity 1:1, the broken
    # link Narbonensis-Cisalpina 1: the army stays); Diocletian must enter
    assert "Maximian is defeated" in out
    assert game.state.awaiting is Awaiting.ENTRY
    before = position_to_json(game.state)
    assert "Refused: nothing to undo since the last die roll" in out
    assert position_to_json(game.state) == before
    assert game.log[0] == Attack(Emperor.MAXIMIAN, prov("II:3"), prov("II:6"))
    assert len(game.log) == 4  # the attack and the three rolls stay


def test_undo_takes_back_the_automatic_fleet_with_the_choice_before_it() -> None:
    # R3.6 with 3 fleets: the third has one zone left and is placed automatically
    game = Game.new(Settings(level=Level.parse("4311")), seed=3)
    _code, out = run_session(game, Script(["1", "1", "undo"]))
    assert "Only one sea zone is left for this fleet" in out
    assert out.count("Undone: place a fleet") == 2
    state = game.state
    assert state.awaiting is Awaiting.FLEET_PLACEMENT and sum(state.fleets) == 1
    assert [a for a in game.log if isinstance(a, PlaceFleet)] == [PlaceFleet(1)]


# --- save, load, replay -----------------------------------------------------------------------
def test_save_then_load_resumes_an_equal_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = Game.new(Settings(), seed=11)
    code, out = run_session(game, Script(["1", "1", "1", "2", f"save {path}"]))
    assert f"Saved to {path}" in out
    loaded = Game.load(path)
    assert loaded.state == game.state
    assert loaded.log == game.log and loaded.seed == 11 and loaded.dice_drawn == game.dice_drawn
    # the dice go on exactly where they stopped
    continued = Game.load(path)
    for g in (game, continued):
        g.play(EndPhase(g.state.turn))
        g.roll_until_decision()
    assert continued.state == game.state
    code, out = invoke(["play", "--load", str(path)], input="")
    assert code == 0, out
    assert f"Resumed from {path}" in out and "Seed 11" in out


def test_quit_offers_to_save(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    game = Game.new(Settings(), seed=4)
    code, _out = run_session(game, Script(["quit", str(path)]))
    assert code == 0 and path.exists()
    assert Game.load(path).state == game.state


def test_replay_prints_every_action_and_the_end(tmp_path: Path) -> None:
    path = tmp_path / "ended.json"
    game = Game.new(Settings(), seed=7)
    run_session(game, AlwaysEnd(save_as=str(path)))
    assert game.state.is_over and path.exists()
    code, out = invoke(["replay", str(path), "--final"])
    assert code == 0, out
    assert f"{len(game.log)} actions" in out
    assert "Diocletian enters Roma" in out
    assert "THE EMPIRE FALLS" in out and "Score:" in out
    assert "ITALIA" in out  # --final shows the board
    code, out = invoke(["replay", str(path), "--step"], input="\n\nq\n")
    assert code == 0
    assert out.count("Enter: next Roman phase") == 3
    assert "Stopped after" in out


# --- the command line -------------------------------------------------------------------------
def test_default_seed_is_chosen_and_printed() -> None:
    code, out = invoke(["play"], input="")
    assert code == 0
    assert re.search(r"Seed \d+: play the same dice again with --seed \d+", out)
    assert "Input closed: the game is kept in" in out and "tetrarchia play --resume" in out


def test_the_same_seed_gives_the_same_game() -> None:
    first = runner.invoke(app, ["play", "--seed", "42"], input="1\n1\n")
    second = runner.invoke(app, ["play", "--seed", "42"], input="1\n1\n")
    assert first.exit_code == second.exit_code == 0
    def game_text(output: str) -> str:
        # the second game is told of the first one's autosave; the autosave's name holds the time
        played = flat(output[output.index("TETRARCHIA, level"):])
        return re.sub(r"kept in \S+", "kept in FILE", played)
    assert "Seed 42" in first.output and game_text(first.output) == game_text(second.output)


def test_options_reach_the_settings() -> None:
    settings = settings_or_fail("5300", 3, Caesar.CONSTANTIUS, True, True, SupportGroup.PLAYERS_CHOOSE)
    assert settings == Settings(level=Level(5, 3, 0, 0), players=3, shared_caesar=Emperor.CONSTANTIUS,
                                new_armies_advance=False, broken_link_once=False,
                                support_group=SupportGroup.PLAYERS_CHOOSE)
    code, out = invoke(["play", "--seed", "1", "--no-new-armies-advance", "--reroll-broken-links",
                        "--support", "players-choose"], input="")
    assert code == 0
    assert "advance at once: no" in out and "at every crossing" in out
    assert "support group: players-choose" in out


@pytest.mark.parametrize("level", [str(level) for level in Level.all()])
def test_every_level_is_accepted(level: str) -> None:
    # R3: the 81 levels
    settings = settings_or_fail(level, None, Caesar.GALERIUS, False, False, SupportGroup.LARGEST)
    assert str(settings.level) == level


@pytest.mark.parametrize("level", ["5311", "3122", "4200"])
def test_levels_play_from_the_command_line(level: str) -> None:
    code, out = invoke(["play", "--level", level, "--seed", "2"], input="")
    assert code == 0 and f"level {level}" in out


def bad_files(tmp_path: Path) -> dict[str, Path]:
    bad_board = tmp_path / "bad.toml"
    bad_board.write_text("provinces = 3\n")
    not_json = tmp_path / "save.json"
    not_json.write_text("{not json")
    wrong_format = tmp_path / "position.json"
    wrong_format.write_text(json.dumps({"format": "something else"}))
    return {"board": bad_board, "save": not_json, "format": wrong_format,
            "missing": tmp_path / "missing.json"}


@pytest.mark.parametrize("args, message", [
    (["play", "--level", "9999"], "difficulty level '9999'"),
    (["play", "--level", "42"], "must be four digits GFRA"),
    (["simulate", "--level", "4411"], "difficulty level '4411'"),
    (["play", "--board", "{board}"], "bad.toml"),
    (["board", "--check", "{board}"], "bad.toml"),
    (["board", "--board", "{missing}"], "cannot read board file"),
    (["play", "--load", "{save}"], "is not JSON"),
    (["play", "--load", "{format}"], "not a saved TETRARCHIA game"),
    (["play", "--load", "{missing}"], "cannot read"),
    (["replay", "{missing}"], "cannot read"),
    (["play", "--players", "6"], "--players"),  # 5 is 4 Emperor players + the Barbarian (R12.6)
    (["play", "--shared-caesar", "Diocletian"], "--shared-caesar"),
])
def test_bad_arguments_and_files_exit_with_code_2(tmp_path: Path, args: list[str], message: str) -> None:
    files = bad_files(tmp_path)
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    code, out = invoke(argv)
    assert code == 2, out
    assert message in out
    assert "Traceback" not in out


def test_another_board_file_is_used_and_named(tmp_path: Path) -> None:
    text = resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")
    corrected = tmp_path / "corrected.toml"
    corrected.write_text(text + "# corrected by a player\n", "utf-8")
    code, out = invoke(["play", "--board", str(corrected), "--seed", "3"], input="")
    assert code == 0 and f"Board: {corrected}" in out
    code, out = invoke(["board", "--board", str(corrected)])
    assert code == 0 and f"Board: {corrected}" in out
    # a game saved on the shipped board does not replay on another one
    saved = tmp_path / "game.json"
    Game.new(Settings(), seed=3).save(saved)
    code, out = invoke(["replay", str(saved), "--board", str(corrected)])
    assert code == 2 and "this game was played on another board" in out


def test_save_to_an_impossible_place_is_refused(tmp_path: Path) -> None:
    game = Game.new(Settings(), seed=5)
    code, out = run_session(game, Script([f"save {tmp_path}/no/such/dir/x.json"]))
    assert code == 0 and "Refused: cannot save to" in out


def test_board_command_says_the_map_is_a_reconstruction() -> None:
    code, text = invoke(["board"])
    assert code == 0
    assert "reconstruction" in text and "docs/board.md" in text and "--board FILE" in text
    assert "II:5" in text and "Aqvitania" in text
    assert "Broken links" in text and "Barbarian paths" in text and "Coasts" in text
    assert "Britannia → Belgica" in text


def test_board_check_accepts_a_good_file() -> None:
    with resources.as_file(resources.files("tetrarchia.data").joinpath("board.toml")) as path:
        code, out = invoke(["board", "--check", str(path)])
    assert code == 0
    assert out.startswith("OK:") and "42 Roman provinces" in out


# --- simulate ---------------------------------------------------------------------------------
def test_simulate_counts_add_up_and_repeat() -> None:
    report = simulate(Settings(), 12, seed=5)
    assert report.games == 12
    assert report.wins + report.losses == 12
    assert report.losses == report.army_in_roma + report.reserve_empty
    assert report.average_rounds >= 1 and report.average_turns >= 1
    again = simulate(Settings(), 12, seed=5)
    assert [(r.result, r.turns, r.score) for r in again.records] == \
           [(r.result, r.turns, r.score) for r in report.records]
    assert [r.seed for r in report.records] == list(range(5, 17))


def test_simulate_command_json_and_text() -> None:
    result = runner.invoke(app, ["simulate", "--level", "4211", "--games", "8", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 8
    assert data["wins"] + data["losses"]["total"] == 8
    assert data["losses"]["total"] == data["losses"]["army_in_roma"] + data["losses"]["reserve_empty"]
    assert data["settings"]["level"] == "4211"
    text = runner.invoke(app, ["simulate", "--games", "8", "--seed", "3"])
    assert text.exit_code == 0
    assert "8 random games at level 4211, seeds 3-10" in text.output
    wins = int(re.search(r"wins \(Roma Victrix\)\s+(\d+)", text.output).group(1))  # type: ignore[union-attr]
    losses = int(re.search(r"losses\s+(\d+)", text.output).group(1))  # type: ignore[union-attr]
    assert wins + losses == 8 and wins == data["wins"]
    assert "games per second" in text.output


# --- seats (R10) in the prompts ---------------------------------------------------------------
@pytest.mark.parametrize("players, shared, turn, expected", [
    (1, "Galerius", "Galerius", "Player 1 (Galerius)"),
    (2, "Galerius", "Galerius", "Player 1 (Galerius)"),
    (2, "Galerius", "Constantius", "Player 2 (Constantius)"),
    (3, "Galerius", "Constantius", "Player 2 (Constantius)"),
    (3, "Galerius", "Galerius", "Players 1-3 (Galerius, shared; Player 1 (Diocletian) decides)"),
    (3, "Constantius", "Constantius", "Players 1-3 (Constantius, shared; Player 3 (Maximian) decides)"),
    (3, "Constantius", "Galerius", "Player 2 (Galerius)"),
    (4, "Galerius", "Maximian", "Player 4 (Maximian)"),
])
def test_prompts_name_the_player_who_decides(players: int, shared: str, turn: str, expected: str) -> None:
    state = position(emperors={turn: "roma"}, turn=turn,
                     settings={"players": players, "shared_caesar": shared})
    script = Script()
    run_session(Game.from_position(state), script)
    assert script.prompts[0].startswith(f"{expected}, 6 IP")


def test_two_and_three_player_games_announce_the_seats() -> None:
    code, two = invoke(["play", "--players", "2", "--seed", "1"], input="")
    assert code == 0
    assert "Player 1: Diocletian, Galerius" in two
    assert "Player 2: Constantius, Maximian" in two
    assert "Player 1 (the players): place fleet 1 of 2" in two
    code, three = invoke(["play", "--players", "3", "--shared-caesar", "constantius", "--seed", "1"],
                         input="")
    assert code == 0
    assert "Player 1: Diocletian Player 2: Galerius Player 3: Maximian" in three
    assert "Constantius is shared by all players; Maximian's player decides" in three


# --- commands ---------------------------------------------------------------------------------
def test_help_board_score_and_rules_commands_change_nothing() -> None:
    state = position(emperors={"Maximian": "roma"}, turn="Maximian")
    game = Game.from_position(state)
    before = position_to_json(game.state)
    _code, out = run_session(game, Script(["help", "board", "score", "rules", "actions", ""]))
    assert position_to_json(game.state) == before
    assert "Commands:" in out and "If the game ended now:" in out and "Roman phase (R5)" in out
    assert out.count("TETRARCHIA 4211 ·") == 2  # the first view, then 'board'


def test_enter_alone_plays_the_only_action() -> None:
    state = position(emperors={"Maximian": "roma"}, turn="Maximian", ip=0)
    game = Game.from_position(state, dice=ScriptedDice([1, 1]))
    script = Script([""])
    run_session(game, script)
    assert game.log[0] == EndPhase(Emperor.MAXIMIAN)
    assert script.prompts[0] == "Player 1 (Maximian), 0 IP (Enter: the only choice) > "


def test_a_finished_game_loaded_shows_its_end(tmp_path: Path) -> None:
    game = Game.new(Settings(), seed=7)
    run_session(game, AlwaysEnd())
    assert game.state.result in (Result.ARMY_IN_ROMA, Result.RESERVE_EMPTY)
    path = tmp_path / "over.json"
    game.save(path)
    code, out = invoke(["play", "--load", str(path)], input="\n")
    assert code == 0 and "THE EMPIRE FALLS" in out and "Not saved." in out
