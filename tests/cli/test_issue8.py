"""Issue 8, the defects found playing in the terminal: each test reproduces one (it failed before
the fix).  Scripted input drives the play loop (``test_cli.Script``); the command line runs through
Typer's runner."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from conftest import ROOT, position, prov
from test_cli import Script, flat, maximian_enters_game
from tetrarchia.cli.autosave import Autosave, unfinished_games
from tetrarchia.cli.main import app
from tetrarchia.cli.play import PlaySession
from tetrarchia.cli.render import render_actions
from tetrarchia.core import events as ev
from tetrarchia.core.actions import Move
from tetrarchia.core.board import default_board
from tetrarchia.core.dice import ScriptedDice
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat, legal_actions
from tetrarchia.core.pieces import GARRISON, NO_DISC, REVOLT, UNREST, Emperor
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.render import render
from tetrarchia.render.board_text import render_board

BOARD = default_board()


def draw(renderable: object, width: int) -> list[str]:
    console = Console(file=StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    file = console.file
    assert isinstance(file, StringIO)
    return file.getvalue().rstrip("\n").split("\n")


def session(game: Game, script: Script, width: int = 100, **options: object) -> tuple[int, str]:
    out = Console(file=StringIO(), width=width, color_system=None, force_terminal=False, highlight=False)
    code = PlaySession(game, out, script, **options).run()  # type: ignore[arg-type]
    file = out.file
    assert isinstance(file, StringIO)
    return code, file.getvalue()


def invoke(args: list[str], input: str | None = None, columns: int = 100) -> tuple[int, str]:
    result = CliRunner(env={"COLUMNS": str(columns)}).invoke(app, args, input=input)
    return result.exit_code, result.output


class Interrupting(Script):
    """Answers from ``lines``; an entry None is a Ctrl-C (KeyboardInterrupt), "EOF" a Ctrl-D."""

    def __init__(self, lines: list[str | None]) -> None:
        super().__init__()
        self.keys = list(lines)

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.keys:
            raise EOFError
        key = self.keys.pop(0)
        if key is None:
            raise KeyboardInterrupt
        if key == "EOF":
            raise EOFError
        return key


# --- nothing lost: Ctrl-C, Ctrl-D, the autosave -------------------------------------------------
def test_ctrl_c_asks_and_a_second_ctrl_c_leaves_with_the_autosave(tmp_path: Path) -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    saved = Autosave(tmp_path / "auto.json")
    script = Interrupting(["etrvria", None, "", None, None])
    code, out = session(game, script, autosave=saved)
    assert code == 130
    assert "Ctrl-C: leave the game?" in out and out.count("Ctrl-C: leave") == 2  # asked, played on
    assert "Left: the game is kept in" in flat(out)
    assert Game.load(saved.path).state == game.state  # the move into Etrvria is in the autosave


def test_ctrl_d_at_a_terminal_asks_before_leaving(tmp_path: Path) -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    saved = Autosave(tmp_path / "auto.json")
    code, out = session(game, Interrupting(["EOF", "n", "etrvria", "EOF", "y"]), autosave=saved,
                        interactive=True)
    assert code == 0 and "Ctrl-D: leave the game?" in out
    assert game.log and Game.load(saved.path).log == game.log


def test_every_action_is_autosaved_and_resume_offers_it(tmp_path: Path) -> None:
    code, out = invoke(["play", "--seed", "5"], input="1\n1\n")
    assert code == 0
    waiting = unfinished_games()
    assert len(waiting) == 1 and waiting[0].actions >= 2
    code, out = invoke(["play", "--seed", "6"], input="")
    assert "1 unfinished game autosaved" in flat(out) and "tetrarchia play --resume" in flat(out)
    code, out = invoke(["play", "--resume"], input="1\n")
    text = flat(out)
    assert code == 0 and "Unfinished games (autosaved):" in text and "Resumed from" in text
    assert "Where the game stands" in text  # the recap


def test_a_finished_game_leaves_no_autosave(tmp_path: Path) -> None:
    from test_cli import AlwaysEnd
    saved = Autosave(tmp_path / "auto.json")
    game = Game.new(Settings(), seed=7)
    session(game, AlwaysEnd(), autosave=saved)
    assert game.state.is_over and not saved.path.exists()


# --- the board at 80x24 ---------------------------------------------------------------------------
def busy() -> Game:
    state = position(discs={"I:6": "revolt", "II:1": "unrest", "II:4": "garrison Constantius"},
                     emperors={"Maximian": "cisalpina", "Constantius": "II:2", "Galerius": "roma"},
                     armies=["II:6", "persia"], fleets=[2, 3], turn="Maximian", ip=5)
    return Game.from_position(state)


def test_the_board_fits_80_by_24_with_the_actions() -> None:
    board = draw(render_board(busy().state, 80), 80)
    assert len(board) <= 15 and max(len(line) for line in board) <= 80
    # without fleets in reach (a fleet adds a move to every coast), the board, the list and the
    # prompt fit the screen together
    state = position(discs={"I:6": "revolt", "II:1": "unrest", "II:4": "garrison Constantius"},
                     emperors={"Maximian": "II:3", "Constantius": "II:2", "Galerius": "roma"},
                     armies=["II:6", "persia"], turn="Maximian", ip=5)
    board = draw(render_board(state, 80), 80)
    actions = draw(render_actions(state, legal_actions(state), 80), 80)
    assert max(len(line) for line in board + actions) <= 80
    assert len(board) + len(actions) + 1 <= 24


def test_the_board_is_not_reprinted_after_every_action() -> None:
    _code, out = session(busy(), Script(["etrvria", "roma", "board"]), width=80)
    # the first view and 'board', not after each move (each compact board names the regions
    # twice: above its grid and under it, issue 30)
    assert out.count("I HISPANIA") == 4


def test_an_army_marker_stands_under_its_own_border() -> None:
    # issue 8: "» Sarmatia   » Persia   ARMY » Libya" with the army in Persia
    lines = draw(render_board(busy().state, 100), 100)
    row = next(line for line in lines if "» Persia" in line)
    persia = next(part for part in row.split("│") if "» Persia" in part)
    assert "ARMY" in persia
    assert "ARMY" not in next(part for part in row.split("│") if "» Libya" in part)
    compact = draw(render_board(busy().state, 80), 80)
    borders = next(line for line in compact if line.startswith("»"))
    assert borders.index("ARM") > borders.index("Persia") and borders.index("ARM") < borders.index("Libya")


def test_two_emperors_on_one_province_both_show() -> None:
    state = position(emperors={"Maximian": "roma", "Galerius": "roma"}, turn="Maximian", passing=True)
    text = "\n".join(draw(render_board(state, 100), 100))
    assert "@G+M" in text
    assert "G+M" in "\n".join(draw(render_board(state, 80), 80))


def test_the_emperors_panel_is_not_cut_at_160_columns() -> None:
    text = "\n".join(draw(render_board(busy().state, 160), 160))
    assert "Germania Inferior II:2" in text and "…" not in text


# --- the list of actions -------------------------------------------------------------------------
def test_a_move_onto_another_emperor_is_marked_passing_also_while_passing() -> None:
    state = position(emperors={"Maximian": "roma", "Galerius": "roma", "Diocletian": "etrvria"},
                     turn="Maximian", passing=True)
    text = " ".join(draw(render_actions(state, legal_actions(state)), 100))
    assert "Etrvria (1 IP, passing)" in text


def test_end_missing_from_the_list_says_why() -> None:
    state = position(emperors={"Maximian": "roma", "Galerius": "roma"}, turn="Maximian", passing=True)
    text = " ".join(draw(render_actions(state, legal_actions(state)), 100))
    assert "End: not now: Maximian is passing through Roma and must move on" in flat(text)


def test_odds_are_not_cut_to_whole_percents() -> None:
    state = position(emperors={"Maximian": "II:3"}, armies=["II:6"], turn="Maximian")
    text = " ".join(draw(render_actions(state, legal_actions(state)), 100))
    assert "win 58.3%, lose 27.8%" in text  # R6: (d+1) against d over the 36 rolls


# --- what happened: the narration ----------------------------------------------------------------
def test_a_battle_line_shows_the_goths_die_as_rolled() -> None:
    battle = ev.Battle(piece=3, piece_province=prov("III:2"), army_province=prov("III:1"),
                       roman_attacks=True, roman_die=6, roman_modifier=0, roman_groups=(),
                       roman_support=0, roman_linked=0, roman_value=6, barbarian_die=5,
                       barbarian_modifier=1, barbarian_groups=(2, 1), barbarian_support=2,
                       barbarian_linked=1, barbarian_value=16, outcome=2)
    text = render(battle, BOARD)
    assert "Barbarian (5+1+2)x2 = 16" in text  # the die 5 of 'dice 6 5', the Goths' +1 apart
    assert "Barbarian die 5 +1 (the Goths)" in text
    assert "groups of 2, 1 revolts: the one of 2 counts, x2 for 1 other army linked" in text
    assert "Roman support: no garrisons linked" in text
    two = render(dataclasses.replace(battle, barbarian_linked=2, barbarian_value=32), BOARD)
    assert "x4 for 2 other armies linked" in two  # the plural of army (it once read "armys")


def test_a_broken_link_roll_of_the_goths_shows_the_plus_one() -> None:
    link = BOARD.link_between[(prov("germania_magna"), prov("III:1"))].index
    text = render(ev.LinkRolled(link, 3, 1, True, prov("germania_magna"), -1), BOARD)
    assert "rolled 3+1 (the Goths) = 4, linked" in text


def test_an_uprising_says_whose_garrison_it_removes() -> None:
    link = BOARD.link_between[(prov("VI:1"), prov("VI:2"))].index
    event = ev.UprisingSpreads(prov("VI:1"), prov("VI:2"), link, False, 0, GARRISON + Emperor.DIOCLETIAN,
                               20, 10)
    assert render(event, BOARD) == ("The uprising spreads a revolt to Cyrenaica; the garrison of "
                                    "Diocletian in Cyrenaica returns to his reserve.")


def test_a_destroyed_army_takes_its_revolt_away_in_words() -> None:
    text = render(ev.ArmyDestroyed(3, prov("II:6"), True, 20, 15, REVOLT), BOARD)
    assert text == ("Maximian wins: the army is destroyed; the revolt under it in Narbonensis is "
                    "removed, and he enters Narbonensis.")
    assert render(ev.ArmyDestroyed(3, prov("II:6"), False, 20, 15), BOARD) == (
        "Maximian wins: the army is destroyed.")
    # the engine says which disc went: a rebel's revolt on its border (R13) too
    state = position(discs={"II:6": "revolt"}, emperors={"Maximian": "II:3"}, armies=["II:6"])
    game = Game.from_position(state, dice=ScriptedDice([6, 1]))
    events: list[ev.Event] = []
    game.play(game.legal_actions()[[type(a).__name__ for a in game.legal_actions()].index("Attack")],
              events)
    game.roll(events)
    destroyed = next(e for e in events if isinstance(e, ev.ArmyDestroyed))
    assert destroyed.disc == REVOLT


def test_an_uncovered_capital_protects_in_words() -> None:
    assert render(ev.ActivityProtected(prov("V:6"), True), BOARD) == (
        "Bithynia is protected by its uncovered capital: nothing happens.")


def test_an_army_advancing_into_a_revolt_does_not_devastate_it_again() -> None:
    assert render(ev.ArmyAdvances(prov("persia"), prov("V:1"), REVOLT, 20, 15), BOARD) == (
        "The army advances from Persia to Mesopotamia, already in revolt.")
    assert "devastates it: a revolt; the unrest in Mesopotamia becomes a revolt" in render(
        ev.ArmyAdvances(prov("persia"), prov("V:1"), UNREST, 20, 15), BOARD)
    assert render(ev.ArmyAdvances(prov("persia"), prov("V:1"), NO_DISC, 20, 15), BOARD).endswith(
        "devastates it: a revolt.")


# --- refusals and small things ---------------------------------------------------------------------
def test_attack_alone_with_no_army_in_reach_gives_the_reason() -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script(["attack"]))
    assert "Refused: no Barbarian army stands in a province linked to Roma" in flat(out)
    assert "is not an action" not in out


def test_enter_alone_says_what_to_type() -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script([""]))
    assert "Type an action, or its number in the list" in flat(out)


def test_save_expands_the_home_folder_and_quotes_the_load_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script(["save ~/t.json", f"save {tmp_path}/my game.json"]))
    assert (tmp_path / "t.json").exists() and (tmp_path / "my game.json").exists()
    assert f"tetrarchia play --load '{tmp_path}/my game.json'" in flat(out)


def barbarian_decision_game() -> Game:
    game = Game.new(Settings(options=("barbaria",)), seed=3)
    for _ in range(50):
        game.roll_until_decision()
        if game.state.awaiting is Awaiting.DECISION and deciding_seat(game.state) == BARBARIAN_SEAT:
            return game
        game.play(game.legal_actions()[-1])
    raise AssertionError("no decision of the Barbarian player")


def test_a_save_stopped_at_a_barbarian_decision_loads_with_the_board(tmp_path: Path) -> None:
    path = tmp_path / "barbarian.json"
    barbarian_decision_game().save(path)
    code, out = invoke(["play", "--load", str(path)], input="")
    assert code == 0
    board_at = out.index("I HISPANIA")
    assert board_at < out.index("decide, 1-")


def test_help_keeps_flag_names_whole_at_80_columns() -> None:
    code, out = invoke(["play", "--help"], columns=80)
    assert code == 0
    assert "--no-new-armies-advance" in out and "--reroll-broken-links" in out
    assert "unless --level is given" not in flat(out)
    assert "played at its own level" in flat(out)


def test_options_dux_shows_no_text_about_the_code() -> None:
    code, out = invoke(["options", "dux"])
    assert code == 0 and "R11.1 Dvx" in out
    assert "engine" not in out and "core." not in out


def test_version_and_python_dash_m() -> None:
    code, out = invoke(["--version"])
    assert code == 0 and out.startswith("tetrarchia ")
    result = subprocess.run([sys.executable, "-m", "tetrarchia", "--version"], capture_output=True,
                            text=True, check=False, env={**os.environ, "COLUMNS": "80"})
    assert result.returncode == 0 and result.stdout.startswith("tetrarchia ")


def test_rules_decisions_link_to_files_that_exist_and_the_readme_names_every_decision() -> None:
    decisions = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    assert "RULES.md" not in decisions  # the repository has no RULES.md: docs/rules.md
    assert "[rules.md](rules.md)" in decisions
    for target in re.findall(r"\]\(([^)#]+)[^)]*\)", decisions):
        if not target.startswith("http"):
            assert (ROOT / "docs" / target).resolve().exists(), target
    last = max(int(n) for n in re.findall(r"\bD(\d+)\b", decisions))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"D1-D{last}" in readme


# --- the new commands ---------------------------------------------------------------------------
def test_info_tells_a_province_and_a_region() -> None:
    game = busy()
    _code, out = session(game, Script(["info persia", "info narbonensis", "info II", "info atlantis",
                                       "info moesia"]))
    text = flat(out)
    assert "Persia: a border." in text and "steps to Roma" in text
    assert "Narbonensis II:6: region II." in text and "Figure: a Barbarian army." in text
    assert "Cisalpina (normal link" in text or "Cisalpina (broken link" in text
    assert "Coasts: Mare Internvm (a fleet)." in text
    assert "Maximian can attack the army there now for 2 IP." in text
    assert "REGION II" in text and "Belgica II:1: unrest" in text
    assert "Refused: 'atlantis' names no province or region" in text
    assert "Refused: 'moesia' names several provinces: Moesia Svperior, Moesia Inferior" in text


def test_forecast_command_shows_the_exact_chances() -> None:
    _code, out = session(busy(), Script(["forecast"]), width=80)
    text = flat(out)
    assert "If Maximian ends his Roman phase now:" in text
    assert "Forecast of the next Barbarian phase" in text
    assert "The army in Narbonensis → Cisalpina" in text
    assert "The Empire falls in this phase:" in text
    assert max(len(line) for line in out.split("\n")) <= 80


def test_last_shows_the_last_barbarian_phase_with_its_summary() -> None:
    game = maximian_enters_game(dice=[1, 1, 1])
    _code, out = session(game, Script(["roma", "end", "last"]))
    assert out.count("Barbarian phase, round 1") == 2  # the summary, then 'last'
    assert "The last Barbarian phase" in out


def test_the_barbarian_phase_ends_with_a_pause_at_a_terminal() -> None:
    game = maximian_enters_game(dice=[1, 1, 1])
    script = Script(["roma", "end", ""])
    session(game, script, pause=True)
    assert "Enter: the board > " in script.prompts


def test_scripted_dice_are_left_alone() -> None:
    # the pause takes a line of input, not a die
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"),
                              dice=ScriptedDice([1, 1]))
    session(game, Script(["end", ""]), pause=True)
    assert game.state.turn is Emperor.DIOCLETIAN


# --- the rules in the box -----------------------------------------------------------------------
def test_the_complete_rules_have_every_section_and_decision() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (R\d+(?:\.\d+)?b?) ", rules, re.MULTILINE))
    cited = set()
    for path in (ROOT / "src").rglob("*.py"):
        cited.update(re.findall(r"\bR(\d+(?:\.\d)?b?)\b", path.read_text(encoding="utf-8")))
    # every section the code cites has its heading (a sub-step like R7.1.2 lives under R7.1)
    missing = {f"R{c}" for c in cited if f"R{c}" not in headings and f"R{c.split('.')[0]}" not in headings}
    assert not missing, missing
    for n in range(1, 15):
        assert f"R{n}" in headings
    decisions = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    last = max(int(n) for n in re.findall(r"\bD(\d+)\b", decisions))
    for n in range(1, last + 1):
        assert re.search(rf"\bD{n}\b", rules), f"D{n}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme


def test_help_rules_and_options_point_to_the_complete_rules() -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script(["help rules"]))
    assert "docs/rules.md" in out and "Roman phase (R5)" in out
    code, out = invoke(["options", "goths"])
    assert code == 0 and "docs/rules.md, section R11.4" in flat(out)


# --- stable choices ------------------------------------------------------------------------------
def test_numbers_stay_with_their_action_through_a_roman_phase() -> None:
    # Maximian in Roma: 1 Etrvria, 2 Lvcania, 3 secure Roma ...; after moving to Etrvria the
    # moves from Roma are gone, their numbers are not given to other actions, and typing one says why
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script(["1", "2", "actions"]))
    text = flat(out)
    assert game.log[0] == Move(Emperor.MAXIMIAN, prov("roma"), prov("etrvria"))
    assert len(game.log) == 1  # "2" (Lvcania from Roma) was not played
    assert "Refused: action 2 (Lvcania (1 IP)) is no longer possible:" in text
    first_list = text[:text.index("Maximian moves")]
    assert "1 Etrvria (1 IP) 2 Lvcania (1 IP)" in first_list
    later = text[text.index("Maximian moves"):]
    assert " 1 Etrvria" not in later and " 2 Lvcania" not in later


def test_a_new_phase_numbers_from_one_again() -> None:
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"),
                              dice=ScriptedDice([1, 1, 1]))
    script = Script(["1", "end", "1"])  # Maximian moves, ends; Diocletian enters by number 1
    session(game, script)
    assert game.state.turn is Emperor.DIOCLETIAN and game.state.emperor_at[Emperor.DIOCLETIAN] >= 0


# --- replay -----------------------------------------------------------------------------------------
def test_replay_steps_back_and_forth_and_jumps(tmp_path: Path) -> None:
    from test_cli import AlwaysEnd
    path = tmp_path / "ended.json"
    game = Game.new(Settings(), seed=7)
    session(game, AlwaysEnd(save_as=str(path)))
    assert game.state.round >= 3
    keys = "\n".join(["r 2", "+", "-", "-", "t 3 constantius", "p", "b", "r 99", "x", "q"]) + "\n"
    code, out = invoke(["replay", str(path), "--step"], input=keys)
    text = flat(out)
    assert code == 0
    assert "Round 2: Diocletian's turn." in text  # r 2: forward to round 2, every action told
    assert text.count("Back at action") == 3  # -, - and p go back and show the position
    assert "Round 3: Constantius's turn." in text
    assert "ends his Roman phase" in text  # b: to the next Barbarian phase
    assert "Refused: no such place in this game" in text  # r 99
    assert "Refused: 'x' is no replay command" in text
    assert "Stopped after" in text


def test_forecast_marks_on_the_board() -> None:
    # R7.1: the unrest in Belgica touches the revolt of Germania Inferior: it turns, surely
    state = position(discs={"II:1": "unrest", "II:2": "revolt"}, emperors={"Maximian": "II:1"},
                     turn="Maximian")
    _code, out = session(Game.from_position(state), Script(["forecast on"]), width=130)
    belgica = [line for line in out.split("\n") if "1 Belgica" in line][-1]  # the board with marks
    assert " 100%" in belgica.split("│")[1]
    assert "Forecast, Emperors on a revolt: Maximian 100.0%" in out
    _code, out = session(Game.from_position(state), Script(["forecast on", "forecast off", "board"]),
                         width=80)
    assert "Forecast, revolt after R7.1-R7.2: Belgica 100.0%" in out
    assert out.count("Forecast, revolt after") == 1  # 'board' after 'forecast off' has no marks


def test_the_map_places_every_province_roughly_where_it_lies() -> None:
    from tetrarchia.cli.geography import LAYOUT
    assert set(LAYOUT) == {p.id for p in BOARD.provinces}  # all 48, each once
    assert len(set(LAYOUT.values())) == len(LAYOUT)
    _code, out = session(busy(), Script(["map"]), width=80)
    lines = out.split("\n")
    top = lines.index("The Empire, roughly as on the map (info NAME: links, costs, coasts)")
    sketch = lines[top + 1:top + 10]
    assert max(len(line) for line in lines[top:top + 11]) <= 80
    assert "Brita" in sketch[0] and "Libya" in sketch[8]  # north-west to south
    narbonensis = next(line for line in sketch if "Narbo" in line)
    assert "Narbo Ar→" in narbonensis  # the army there, and where it goes (R7.3: Cisalpina)
    assert "Roma *Ga" in "\n".join(sketch)  # Galerius in Roma, uncovered


def test_leaving_right_after_a_save_says_it_is_saved(tmp_path: Path) -> None:
    # issue 8: Ctrl-C said "not saved" even right after a save
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    code, out = session(game, Interrupting([f"save {tmp_path}/g.json", None, None]))
    assert code == 130 and f"Left: the game is saved in {tmp_path}/g.json." in flat(out)


def test_a_line_typed_at_the_pause_is_not_lost() -> None:
    game = maximian_enters_game(dice=[1, 1, 1])
    script = Script(["roma", "end", "map"])  # 'map' typed at "Enter: the board"
    _code, out = session(game, script, pause=True)
    assert "Enter: the board > " in script.prompts
    assert "The Empire, roughly as on the map" in out


def test_load_starts_with_a_recap(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = Game.new(Settings(), seed=11)
    session(game, Script(["1", "1", "1", "end"]))  # fleets, Diocletian enters and ends his phase
    game.save(path)
    code, out = invoke(["play", "--load", str(path)], input="")
    text = flat(out)
    assert code == 0 and "Where the game stands" in text
    assert f"Round {game.state.round}, {game.state.turn.title}'s turn" in text
    assert "The last Barbarian phase:" in text


def test_help_lists_every_command_of_the_table() -> None:
    from tetrarchia.cli.play import COMMANDS
    game = Game.from_position(position(emperors={"Maximian": "roma"}, turn="Maximian"))
    _code, out = session(game, Script(["help"]))
    for entry in COMMANDS:
        assert entry.usage in out


def test_the_autoplay_hook_plays_the_seats_it_answers_for() -> None:
    # the hook the 'play --ai' seats use: the program answers, a person answers the rest
    from tetrarchia.core.actions import Action, EndPhase
    from tetrarchia.core.state import State

    def ends_for_diocletian(state: State, legal: list[Action]) -> tuple[Action, str] | None:
        end = next((a for a in legal if isinstance(a, EndPhase) and a.emperor is Emperor.DIOCLETIAN),
                   None)
        return None if end is None else (end, "The program plays Diocletian: he ends his phase.")

    game = Game.from_position(position(emperors={"Diocletian": "roma"}, turn="Diocletian"),
                              dice=ScriptedDice([1, 1, 1]))
    script = Script([])
    out = Console(file=StringIO(), width=100, color_system=None, force_terminal=False)
    PlaySession(game, out, script, autoplay=ends_for_diocletian).run()
    assert game.log[0] == EndPhase(Emperor.DIOCLETIAN)
    assert script.prompts and "Galerius" in script.prompts[0]  # the person plays Galerius
    file = out.file
    assert isinstance(file, StringIO)
    assert "The program plays Diocletian: he ends his phase." in file.getvalue()


def test_resume_offers_no_finished_game(tmp_path: Path) -> None:
    from test_cli import AlwaysEnd
    from tetrarchia.cli.autosave import autosave_dir
    game = Game.new(Settings(), seed=7)
    session(game, AlwaysEnd())
    assert game.state.is_over
    autosave_dir().mkdir(parents=True, exist_ok=True)
    game.save(autosave_dir() / "killed-before-it-was-deleted.json")
    assert unfinished_games() == []
    code, out = invoke(["play", "--resume"], input="")
    assert code == 0 and "No unfinished game is autosaved" in flat(out)


def test_the_summary_of_a_barbarian_phase() -> None:
    from tetrarchia.cli.phase import phase_summary
    link = BOARD.link_between[(prov("VI:1"), prov("VI:2"))].index
    events: list[ev.Event] = [
        ev.UnrestPlaced(prov("I:1"), 20),
        ev.UprisingStarts(prov("VI:1")),
        ev.UprisingSpreads(prov("VI:1"), prov("VI:2"), link, False, 0, GARRISON + Emperor.GALERIUS, 20, 9),
        ev.ArmyPlaced(6, prov("libya"), 0, 1),
        ev.Battle(piece=0, piece_province=prov("V:1"), army_province=prov("persia"), roman_attacks=False,
                  roman_die=2, roman_modifier=0, roman_groups=(), roman_support=0, roman_linked=0,
                  roman_value=2, barbarian_die=5, barbarian_modifier=0, barbarian_groups=(),
                  barbarian_support=0, barbarian_linked=0, barbarian_value=5, outcome=2),
        ev.FigureRemoved(0, prov("V:1"), ev.Removal.LOST_BATTLE, False),
        ev.ArmyAdvances(prov("persia"), prov("V:1"), NO_DISC, 20, 8),
    ]
    assert phase_summary(events, BOARD) == [
        "Unrest: Tingitana.",
        "New revolts: Cyrenaica, Mesopotamia.",  # issue 30: the army's devastation too
        "Uprisings: Aegyptvs.",
        "Armies: a new army in Libya; Persia → Mesopotamia.",
        "Battles: Diocletian in Mesopotamia against the army in Persia: 2 to 5, the army wins.",
        "Lost: the garrison in Cyrenaica.",
        "Off the board: Diocletian (Mesopotamia).",
    ]
