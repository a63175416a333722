"""The optional rules from the terminal (R11-R13): choosing them on the command line, the
``options`` command, the decisions inside a phase (R12.1, R12.6), the optional pieces on the
board, the end reports, simulate and save/load of an option game."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from conftest import black_of, burned_of, dux_place, gray_of, ip_next_of, prov, rebels_of
from tetrarchia.cli.helptext import OPTIONS
from tetrarchia.cli.main import Caesar, app, choices_or_fail, settings_or_fail
from tetrarchia.cli.optioninfo import read_choices, reflow, rule_text
from tetrarchia.cli.play import PlaySession
from tetrarchia.cli.render import numbered, render_actions
from tetrarchia.core.actions import Action, Attack, EndPhase, Move, Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.dice import ScriptedDice
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import OptionError
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import ARMY, DUX, GOTHS, Emperor, Piece
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.settings import Level, Settings, SupportGroup
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.game import Game
from tetrarchia.options.barbaria import BarbarianPass, BlackRevolt, CancelAdvance, Reroll
from tetrarchia.options.common import RESERVE
from tetrarchia.options.dux import Deploy
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.render.board_text import render_board
from tetrarchia.seats import player_of_seat, seat_label_of, seating, total_players
from tetrarchia.simulate import play_random_game, simulate

# 100 columns: the three-column board these tests read (80 columns get the compact grid,
# tests/cli/test_screens.py)
runner = CliRunner(env={"COLUMNS": "100"})
D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN


# --- helpers ----------------------------------------------------------------------------------
class Script:
    """Scripted input: the lines in order, then EOFError (a closed terminal)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 500:
            raise AssertionError("the loop does not end")
        if self.lines:
            return self.lines.pop(0)
        raise EOFError


def flat(text: str) -> str:
    return " ".join(text.split())


def run_session(game: Game, script: Script, show_board: bool = True) -> str:
    out = Console(file=StringIO(), width=100, color_system=None, force_terminal=False, highlight=False)
    PlaySession(game, out, script, show_board=show_board).run()
    file = out.file
    assert isinstance(file, StringIO)
    return flat(file.getvalue())


def invoke(args: list[str], input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, args, input=input)
    return result.exit_code, flat(result.output)


def option_position(options: list[str], *, records: dict[str, Any] | None = None,
                    settings: dict[str, Any] | None = None, **parts: Any) -> State:
    """A hand-written position with optional rules (serialize's format: their records by name)."""
    data: dict[str, Any] = {
        "format": "tetrarchia-position", "version": 2,
        "settings": {"level": "4211", "options": options, **(settings or {})},
        "discs": parts.get("discs", {}), "emperors": parts.get("emperors", {}),
        "armies": parts.get("armies", []), "fleets": parts.get("fleets", []),
        "turn": {"emperor": parts.get("turn", "Maximian"), "ip": parts.get("ip", 6)},
    }
    if records is not None:
        data["records"] = records
    return position_from_json(data, default_board())


def show(renderable: object) -> str:
    out = Console(file=StringIO(), width=100, color_system=None, force_terminal=False)
    out.print(renderable)
    file = out.file
    assert isinstance(file, StringIO)
    return file.getvalue()


# --- tetrarchia options -----------------------------------------------------------------------
def test_options_lists_all_18_by_family_with_rule_refs() -> None:
    code, out = invoke(["options"])
    assert code == 0, out
    assert len(REGISTRY) == 18
    for module in REGISTRY.values():
        assert module.key in out and module.rule in out, module.key
        for alias in module.aliases:
            assert alias in out
    expansion, variants, scenarios = (out.index(h) for h in ("DUX EXPANSION (R11)", "VARIANTS (R12)",
                                                              "HISTORICAL SCENARIOS (R13)"))
    assert expansion < out.index("R11.1") < variants < out.index("R12.6") < scenarios < out.index("R13.4")
    # parameters with their choices and defaults; combinations
    assert "parameter redirect: arrow | stay (default arrow)" in out
    assert "--param barbaria.redirect=stay" in out
    assert "parameter garrisons: 4 | 3 (default 4)" in out and "parameter fixed: false | true" in out
    assert "cannot be combined with: Imperivm (1st edition) (imperivm-1st)" in out
    assert "brings along: Pirates (pirates)" in out and "brings along: Goths (goths)" in out
    assert "only at levels with 1 or 2 Roman fleets" in out
    assert "with 3 players the objective is the cooperative one (D39)" in out
    assert "parameter objective: players | cooperative (default players)" in out
    assert "played at level 4221 (with carausian-revolt.garrisons=3: 3221)" in out


@pytest.mark.parametrize("name", ["imperivm", "imperium", "IMPERIVM", " Imperium "])
def test_options_name_shows_the_rule_text(name: str) -> None:
    # R12.1: the module docstring is the rule
    code, out = invoke(["options", name])
    assert code == 0, out
    assert "Imperivm R12.1, a variant" in out
    assert "Key: imperivm; also: imperium. Choose it with: --variant imperivm" in out
    assert "Galerius may add +1 to his combat die after the roll, several times in one battle" in out
    assert "cannot be combined with: Imperivm (1st edition)" in out


def test_options_scenario_shows_its_setup() -> None:
    # R13.1 Carausian Revolt
    code, out = invoke(["options", "carausian"])
    assert code == 0
    assert "Choose it with: --scenario carausian-revolt" in out
    assert "Rebel: Carausius (the Dux figure) on a revolt in Britannia" in out
    assert "Constantius starts in Germania Svperior" in out
    assert "The game starts with Constantius's turn (Diocletian, Galerius: first turn skipped" in out
    assert "R13 Historical scenarios" in out  # the module's rule text


def test_every_option_has_its_rule_text() -> None:
    for module in REGISTRY.values():
        text = rule_text(module)
        assert text.startswith(module.rule.split(".")[0]), module.key
    assert reflow("A b\nc.\n\n- one\n  two\n- three") == ["A b c.", "", "- one two", "- three"]


def test_options_unknown_name_exits_2() -> None:
    code, out = invoke(["options", "legions"])
    assert code == 2 and "unknown option 'legions'" in out and "Traceback" not in out


# --- choosing options -------------------------------------------------------------------------
@pytest.mark.parametrize("with_, variants, scenario, params, players, options", [
    (["goths,pirates"], None, None, None, None, ("goths", "pirates")),
    (["dvx", "Vicarius"], ["imperium", "via-romana"], None, None, None,
     ("dux", "vicarius", "imperivm", "via-romana")),
    (None, ["usurpator,mare-nostrum"], None, None, None, ("vsvrpator", "mare-nostrvm")),
    (None, None, "danubian", None, None, ("danubian-wars",)),
    (None, None, None, None, 5, ("barbaria",)),  # R12.6: the fifth player
    (None, ["barbaria"], None, ["barbaria.redirect=stay"], 5, ("barbaria",)),
])
def test_command_line_names_are_resolved(with_: list[str] | None, variants: list[str] | None,
                                         scenario: str | None, params: list[str] | None,
                                         players: int | None, options: tuple[str, ...]) -> None:
    chosen = choices_or_fail(with_, variants, scenario, params, players)
    assert chosen.options == options


@pytest.mark.parametrize("args, message", [
    (([], ["imperivm"], None, []), None),
    ((["imperivm"], [], None, []), "Imperivm (imperivm) is a variant, not a module of the Dux "
                                   "expansion: choose it with --variant imperivm"),
    (([], ["goths"], None, []), "choose it with --with goths"),
    (([], [], "barbaria", []), "choose it with --variant barbaria"),
    (([], ["carausian"], None, []), "choose it with --scenario carausian-revolt"),
    (([], [], "carausian,danubian", []), "only one historical scenario at a time"),
    (([], [], None, ["barbaria.redirect"]), "write OPTION.PARAMETER=VALUE"),
    (([], [], None, ["redirect=3rd"]), "write OPTION.PARAMETER=VALUE"),
    (([], ["legions"], None, []), "unknown option 'legions'"),
])
def test_read_choices_checks_names_and_families(args: tuple[list[str], list[str], str | None, list[str]],
                                                message: str | None) -> None:
    if message is None:
        assert read_choices(*args).options == ("imperivm",)
        return
    with pytest.raises(OptionError) as refused:
        read_choices(*args)
    assert message in str(refused.value)


def test_settings_from_the_command_line() -> None:
    def settings(level: str | None, players: int | None, **names: Any) -> Settings:
        chosen = choices_or_fail(names.get("with_"), names.get("variants"), names.get("scenario"),
                                 names.get("params"), players)
        return settings_or_fail(level, players, Caesar.GALERIUS, False, False, SupportGroup.LARGEST,
                                chosen)

    # R13: a scenario is played at its own level, with 3 garrisons on request
    assert settings(None, None, scenario="danubian").level == Level.parse("4222")
    assert settings(None, None, scenario="danubian", params=["danubian.garrisons=3"]).level == \
        Level.parse("3222") == scenario_level("danubian-wars", 3)
    assert settings("4221", None, scenario="carausian-revolt").options == ("carausian-revolt", "pirates")
    # R12.6: 5 players are 4 Emperor players and the Barbarian player
    five = settings(None, 5)
    assert five.players == 4 and five.has("barbaria") and total_players(five) == 5
    two = settings(None, 2, variants=["barbaria"], params=["barbaria.redirect=stay"])
    assert two.players == 2 and two.params == (("barbaria.redirect", "stay"),)
    assert settings(None, None).options == ()  # the base game


@pytest.mark.parametrize("args, message", [
    (["play", "--with", "pirates", "--level", "4311"],
     "the Pirates are played only with fewer than 3 Roman fleets; level 4311 has 3"),  # R11.3
    (["simulate", "--with", "pirates", "--level", "4311"], "fewer than 3 Roman fleets"),
    (["play", "--variant", "imperivm,imperivm-1st"], "Imperivm cannot be played with Imperivm (1st edition)"),
    (["play", "--variant", "roma-aeterna", "--variant", "great"], "cannot be played with"),
    (["play", "--scenario", "carausian-revolt", "--level", "4211"],
     "Carausian Revolt is played at level 4221 (the scenario's level), not 4211"),
    (["simulate", "--scenario", "danubian", "--level", "4222", "--param", "danubian.garrisons=3"],
     "is played at level 3222"),
    (["play", "--scenario", "carausian", "--with", "dux"], "cannot be played with Dvx"),
    (["play", "--scenario", "persian", "--with", "goths"], "cannot be played with Goths"),
    (["play", "--scenario", "carausian", "--scenario", "danubian"], "only one historical scenario"),
    (["play", "--with", "legions"], "unknown option 'legions'; the options are: barbaria,"),
    (["play", "--with", "imperivm"], "is a variant, not a module of the Dux expansion"),
    (["play", "--variant", "barbaria", "--param", "barbaria.redirect=4th"],
     "Barbaria: redirect must be one of arrow, stay, not '4th'"),
    (["play", "--param", "barbaria.redirect=stay"], "is for Barbaria, which is not chosen"),
    (["play", "--variant", "barbaria", "--param", "barbaria.reroll=1"],
     "Barbaria has no parameter 'reroll' (it has: redirect)"),
    (["play", "--variant", "barbaria", "--param", "barbaria"], "write OPTION.PARAMETER=VALUE"),
    (["play", "--scenario", "danubian", "--param", "danubian.garrisons=5"],
     "garrisons must be one of 4, 3, not 5"),
    (["play", "--variant", "the-great", "--param", "the-great.objective=rivalry"],
     "The Great: objective must be one of players, cooperative, not 'rivalry'"),
    (["play", "--players", "6"], "--players"),
])
def test_bad_combinations_exit_2_with_the_reason(args: list[str], message: str) -> None:
    code, out = invoke(args)
    assert code == 2, out
    assert message in out
    assert "Traceback" not in out


# --- seats with the Barbarian player (R10, R12.6) ---------------------------------------------
@pytest.mark.parametrize("players, barbarian", [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_the_barbarian_player_sits_after_the_emperors(players: int, barbarian: int) -> None:
    settings = Settings(players=players, options=("barbaria",))
    assert player_of_seat(4, settings) == barbarian
    assert seat_label_of(4, settings) == f"Player {barbarian} (the Barbarian player)"
    assert seating(settings)[-1].startswith(f"Player {barbarian}: the Barbarians (Barbaria, R12.6)")
    assert seat_label_of(int(M), settings) == f"Player {players} (Maximian)"


def test_five_players_from_the_command_line() -> None:
    code, out = invoke(["play", "--players", "5", "--seed", "2"], input="")
    assert code == 0, out
    assert "Player 4: Maximian" in out and "Player 5: the Barbarians (Barbaria, R12.6)" in out
    assert "Options: Barbaria (R12.6)." in out
    code, out = invoke(["play", "--players", "2", "--variant", "barbaria", "--seed", "2"], input="")
    assert code == 0 and "Player 2: Constantius, Maximian" in out and "Player 3: the Barbarians" in out


# --- playing: Dux expansion (R11) -------------------------------------------------------------
def test_with_dux_deploy_and_move_the_dux() -> None:
    # R11.1: 2 IP to deploy the Dux next to the Emperor; then he moves for the Emperor's IP
    state = option_position(["dux"], emperors={"Maximian": "II:3"}, armies=["II:6"])
    game = Game.from_position(state)
    out = run_session(game, Script(["M +dux III:1", "M/dux III:1-III:2", "board"]))
    assert game.log == [Deploy(M, Piece.DUX, prov("III:1")),
                        Move(M, prov("III:1"), prov("III:2"), False, Piece.DUX)]
    assert "Deploy Dux: " in out and "Rhaetia III:1 (2 IP)" in out  # the choices before
    assert "Maximian deploys the Dux in Rhaetia." in out
    assert dux_place(game.state) == prov("III:2") and game.state.ip == 3
    assert "Dux: " in out and "to Pannonia Svperior III:2 (1 IP)" in out
    assert "DVX" in out and "Dux Pannonia Svperior" in out  # no room for III:2 at 100 columns
    assert "DVX the Dux" in out  # the legend


def test_dux_and_emperor_moves_to_one_place_are_both_listed() -> None:
    state = option_position(["dux"], emperors={"Maximian": "II:3"}, records={"dux": "II:4"})
    items = numbered(state, legal_actions(state))
    belgica = [a for a in items if isinstance(a, Move) and a.dest == prov("II:1")]
    assert {a.piece for a in belgica} == {None, Piece.DUX}
    text = " ".join(show(render_actions(state, legal_actions(state))).split())
    assert "Move: 1 Belgica II:1 (1 IP)" in text and "to Belgica II:1 (1 IP)" in text


def test_play_with_dux_from_the_command_line() -> None:
    code, out = invoke(["play", "--with", "dvx", "--seed", "3"], input="1\n1\nroma\nD +dux etrvria\n")
    assert code == 0, out
    assert "Options: Dvx (R11.1)." in out
    assert "Diocletian deploys the Dux in Etrvria." in out
    assert "DVX" in out and "Player 1 (Diocletian), 4 IP" in out


def test_the_board_shows_the_optional_pieces() -> None:
    state = option_position(
        ["dux", "vicarius", "goths", "pirates", "roma-aeterna", "imperivm", "barbaria",
         "patres-patriae"],
        emperors={"Maximian": "II:3"}, armies=["II:6"], fleets=[1],
        records={"dux": "III:1", "vicarius": "dead", "goths": ["sarmatia"], "pirates": 2,
                   "glory": {"Maximian": 2, "Galerius": 1}, "burned": {"Diocletian": 1},
                   "barbarian-discs": {"gray": 3, "black": 0}, "ip-next": {"Galerius": -1}})
    lines = show(render_board(state)).splitlines()
    text = "\n".join(lines)
    assert max(len(line) for line in lines) <= 100
    assert "+barbaria +dux +goths +imperivm +patres-patriae +pirates +roma-aeterna +vicarius" in \
        " ".join(text.split())
    assert "DVX" in next(line for line in lines if "1 Rhaetia" in line)
    assert "GOTH" in next(line for line in lines if "» Sarmatia" in line)
    assert "2 Mare Internvm   PIRATES" in text
    for shown in ("Dux      Rhaetia III:1", "Vicarius dead (out of the game)", "Goths    Sarmatia",
                  "Pirates  Mare Internvm", "glory    D0 G1 C0 M2", "burned   D1 G0 C0 M0",
                  "IP next  D+0 G-1 C+0 M+0", "Barbarian 3 gray, black used", "OPTIONS"):
        assert shown in text, shown
    assert "GOTH the Goths · DVX the Dux · VIC the Vicarius · PIRATES their sea zone" in text


def test_pirates_attack_is_listed_with_its_odds() -> None:
    # R11.3: 2 IP from a province on their coast
    state = option_position(["pirates"], emperors={"Galerius": "IV:5"}, turn="Galerius",
                            records={"pirates": 2})
    text = " ".join(show(render_actions(state, legal_actions(state))).split())
    assert re.search(r"Pirates: \d+ attacks the Pirates from Achaia \(2 IP\) \(d\+\d\)x\d vs", text)


# --- playing: variants (R12) ------------------------------------------------------------------
def test_variant_actions_appear_with_their_notation() -> None:
    # R12.1 (Diocletian's power), R12.3 Via Romana, R12.8 Patres Patriae
    state = option_position(["imperivm", "via-romana", "patres-patriae"], turn="Diocletian",
                            emperors={"Diocletian": "IV:3", "Galerius": "IV:4"},
                            discs={"IV:3": "garrison Diocletian"})
    legal = legal_actions(state)
    text = " ".join(show(render_actions(state, legal)).split())
    assert "Imperivm: " in text
    assert "uses his power, burning a disc from his reserve: he may move the other Emperors" in text
    assert "uses his power, burning his disc in Thracia" in text
    assert "Via Romana: " in text and "sends his garrison from Thracia to Dacia (1 IP)" in text
    assert "Patres Patriae: " in text and "takes 1 IP from Galerius" in text
    assert len(numbered(state, legal)) == len(legal)  # every action has its number
    game = Game.from_position(state)
    out = run_session(game, Script(["D power reserve", "D patres", "D/g IV:4-IV:5", "board"]))
    assert "Diocletian burns a disc from his reserve and moves the other Emperors this turn." in out
    assert "Other Emperors: " in out and "Galerius to Achaia IV:5" in out
    assert "Diocletian takes 1 IP from Galerius." in out
    assert game.state.emperor_at[G] == prov("IV:5")
    assert game.state.ip == 6 and ip_next_of(game.state)[G] == -1  # 6 + 1 (patres) - 1 (move)
    assert "IP next D+0 G-1 C+0 M+0" in out


def test_diocletians_power_without_another_emperor_says_why() -> None:
    # R12.1: Diocletian's power moves the other Emperors: useless (and not offered) when none is
    # on the board
    state = option_position(["imperivm"], emperors={"Diocletian": "roma"}, turn="Diocletian")
    out = run_session(Game.from_position(state), Script(["D power reserve"]))
    assert "Refused: " in out
    assert "this power" not in out and "no other Emperor is on the board" in out


def galerius_attacks(players: int = 1) -> Game:
    """Galerius in Germania Svperior, an army in Narbonensis: Roman (d+0)x1 against (d+0)x1."""
    state = option_position(["imperivm"], emperors={"Galerius": "II:3"}, armies=["II:6"],
                            turn="Galerius", settings={"players": players})
    return Game.from_position(state, dice=ScriptedDice([2, 3]))


def test_galerius_adds_one_after_his_battle_dice() -> None:
    # R12.1, D34: after the dice 2 against 3 he burns two discs: 4 against 3, he wins
    game = galerius_attacks(players=4)
    script = Script(["attack narbonensis", "power", "1", "decline"])
    out = run_session(game, script)
    assert game.log == [Attack(G, prov("II:3"), prov("II:6")), Roll((2, 3)),
                        UsePower(G, RESERVE), UsePower(G, RESERVE), Decline(G)]
    assert "Player 2 (Galerius) decides: Galerius's battle with the army in Narbonensis: Roman " \
           "(2+0)x1 = 2 against Barbarian (3+0)x1 = 3; Galerius loses as it stands." in out
    assert "a draw as it stands" in out and "Galerius wins as it stands" in out
    assert "Decide: 1 +1 to his die, burning a disc from his reserve" in out
    assert "do not use his power" in out
    assert out.count("Galerius burns a disc from his reserve and adds +1 to his combat die.") == 2
    assert "Roman (4+0)x1 = 4 against Barbarian (3+0)x1 = 3" in out
    assert script.prompts[1].startswith("Player 2 (Galerius): decide, 1-")
    assert burned_of(game.state)[G] == 2 and game.state.garrisons[G] == 2


def test_constantius_blocks_the_army_about_to_attack_him() -> None:
    # R12.1, D33: the army in Belgica steps into Germania Inferior where Constantius stands
    state = option_position(["imperivm"], emperors={"Constantius": "II:2", "Maximian": "roma"},
                            armies=["II:1"], settings={"players": 4})
    game = Game.from_position(state, dice=ScriptedDice([6, 6]))  # activity: Africa VI:6
    script = Script(["end", "1"])
    out = run_session(game, script, show_board=False)
    assert "Player 3 (Constantius) decides: The army in Belgica is about to attack Constantius in " \
           "Germania Inferior." in out
    assert "block the army, burning a disc from his reserve" in out
    assert script.prompts[1].startswith("Player 3 (Constantius): decide")
    assert "The army in Belgica is blocked." in out
    assert game.state.figure[prov("II:1")] == ARMY and game.state.emperor_at[C] == prov("II:2")
    assert burned_of(game.state)[C] == 1


def barbaria_game(players: int = 1, dice: tuple[int, ...] = (6, 6, 6, 5), black: int = 1) -> Game:
    """Maximian's Roman phase; an army in Belgica; the Barbarian player has 4 gray and the black
    disc (unless ``black=0``)."""
    state = option_position(["barbaria"], emperors={"Maximian": "roma"}, armies=["II:1"],
                            settings={"players": players},
                            records={"barbarian-discs": {"gray": 4, "black": black}})
    return Game.from_position(state, dice=ScriptedDice(list(dice)))


def test_the_barbarian_player_answers_his_decisions() -> None:
    # R12.6: black disc at the start of the phase, a reroll, then an army's advance cancelled;
    # the gray discs are refilled at the start of the next round
    game = barbaria_game()
    script = Script(["end", "black etrvria", "reroll", "cancel"])
    out = run_session(game, script, show_board=False)
    assert game.log == [EndPhase(M), BlackRevolt(prov("etrvria")), Roll((6, 6)), Reroll(),
                        Roll((6, 5)), CancelAdvance(prov("II:1"))]
    assert [p.split(":")[0] for p in script.prompts[1:4]] == ["Player 2 (the Barbarian player)"] * 3
    assert "Player 2 (the Barbarian player) decides: A Barbarian phase begins." in out
    assert "Revolt (black disc): 1 Tingitana I:1" in out
    assert "The Barbarian player places his black disc in Etrvria: a revolt." in out
    assert "The dice show 6 6 (both dice (region:province) for the Barbarian activity)." in out
    assert "reroll the dice (1 gray disc)" in out
    assert "The Barbarian player spends a gray disc to reroll the dice." in out
    assert "The army in Belgica is about to advance to Germania Inferior (its arrow)." in out
    assert "send it to Lvgdvnensis II:4 (1 gray disc)" in out
    assert "The Barbarian player cancels the advance of the army in Belgica." in out
    assert "The Barbarian player refills his gray discs (4)." in out
    assert gray_of(game.state) == 4 and black_of(game.state) == 0
    assert game.state.awaiting is Awaiting.ENTRY and game.state.turn is D


@pytest.mark.parametrize("answer, expected", [("pass", BarbarianPass()), ("2", BarbarianPass()),
                                              ("B pass", BarbarianPass()), ("n", BarbarianPass()),
                                              ("the Barbarians reroll the dice", Reroll())])
def test_decision_answers(answer: str, expected: Action) -> None:
    game = barbaria_game(black=0)  # the reroll window alone: reroll or pass
    run_session(game, Script(["end", answer]), show_board=False)
    assert game.log[2] == expected


def test_a_wrong_answer_to_a_decision_is_refused() -> None:
    game = barbaria_game(black=0)
    out = run_session(game, Script(["end", "attack roma", "9"]), show_board=False)
    assert "Refused: the game waits for a decision of Player 2 (the Barbarian player): type 1 " \
           "(reroll the dice (1 gray disc)), 2 (pass)" in out
    assert "Refused: there is no action 9: choose 1 to 2" in out
    assert game.log == [EndPhase(M), Roll((6, 6))]


def test_the_black_disc_is_offered_after_a_roll_before_it_is_used() -> None:
    # R12.6: "at any moment of his phase": kept at the start and before R7.2, offered again with
    # the reroll after the activity roll
    game = barbaria_game()
    script = Script(["end", "pass", "pass", "black etrvria"])
    out = run_session(game, script, show_board=False)
    assert "decides: The Barbarian activity (R7.2) comes next." in out
    assert ("The dice show 6 6 (both dice (region:province) for the Barbarian activity). "
            "Barbaria (R12.6): the Barbarian player may spend one of his 4 gray discs to reroll "
            "them (once per roll, D24), or use his black disc before the roll is used.") in out
    assert game.log[:5] == [EndPhase(M), BarbarianPass(), BarbarianPass(), Roll((6, 6)),
                            BlackRevolt(prov("etrvria"))]


def test_a_player_cannot_undo_another_players_decision() -> None:
    # Maximian's end led straight to the Barbarian player's black-disc decision
    game = barbaria_game(players=4)
    out = run_session(game, Script(["end", "undo"]), show_board=False)
    assert "Refused: the last decision was another player's (Player 4 (Maximian))" in out
    assert game.log == [EndPhase(M)]


def test_play_barbaria_with_one_player_from_the_command_line() -> None:
    code, out = invoke(["play", "--variant", "barbaria", "--players", "1", "--seed", "4"], input="")
    assert code == 0, out
    assert "Player 1: Diocletian, Galerius, Constantius, Maximian" in out
    assert "Player 2: the Barbarians (Barbaria, R12.6): he wins if the Emperors lose" in out
    assert "Barbarian 4 gray, black disc" in out


# --- playing: scenarios (R13) -----------------------------------------------------------------
def test_carausian_revolt_starts_with_constantius_on_the_board() -> None:
    code, out = invoke(["play", "--scenario", "carausian-revolt", "--seed", "5"], input="1\n")
    assert code == 0, out
    assert "TETRARCHIA, level 4221" in out
    # R13: the level describes the scenario's setup, no additional revolt is rolled
    assert "the general revolt (8 revolts) and the scenario's 1 army." in " ".join(out.split())
    assert "Additional revolt" not in out
    assert "Scenario Carausian Revolt (286-296): Level 4221" in out
    assert "Diocletian's first turn is skipped (scenario). Galerius's first turn is skipped" in out
    assert "Round 1: Constantius's turn." in out
    assert "@Con" in out and "CARA" in out and "Carausius: Britannia, fleet ~1" in out
    assert "1 Mare Atlanticvm PIRATES" in out
    assert "Player 1 (Constantius), 6 IP >" in out


def test_a_rebel_is_attacked_with_the_fleet_of_its_scenario() -> None:
    # R13.1: with a Roman fleet in Mare Atlanticvm, Carausius can be attacked (2 IP: broken link)
    state = option_position(["carausian-revolt", "pirates"],
                            emperors={"Constantius": "II:1"}, fleets=[1], turn="Constantius",
                            settings={"level": "4221"}, discs={"britannia": "revolt"},
                            records={"rebels": [["britannia", 1]], "pirates": 2})
    game = Game.from_position(state, dice=ScriptedDice([6, 1]))
    out = run_session(game, Script(["attack britannia"]))
    assert "CARA" in out and "Carausius: Britannia, fleet ~1" in out
    assert game.log[0] == Attack(C, prov("II:1"), prov("britannia"))
    assert "Constantius wins: the army is destroyed" in out
    assert rebels_of(game.state) == ()


def test_a_rebel_needs_the_fleet_of_its_scenario() -> None:
    # R13.1: attacking Carausius needs a Roman fleet in Mare Atlanticvm
    state = option_position(["carausian-revolt", "pirates"],
                            emperors={"Constantius": "II:1"}, fleets=[2], turn="Constantius",
                            settings={"level": "4221"},
                            discs={"britannia": "revolt"},  # the rebel stands on a revolt (R13)
                            records={"rebels": [["britannia", 1]], "pirates": 1})
    out = run_session(Game.from_position(state), Script(["attack britannia"]))
    assert "Refused: attacking Carausius needs a Roman fleet in Mare Atlanticvm" in out


def test_an_attack_on_the_goths_without_ip_says_why() -> None:
    # R5.5: Sarmatia-Dacia is a broken link: attacking the Goths from Dacia costs 2 IP
    state = option_position(["goths"], emperors={"Diocletian": "IV:1"}, turn="Diocletian", ip=1,
                            records={"goths": ["sarmatia"]})
    out = run_session(Game.from_position(state), Script(["attack sarmatia"]))
    assert "Refused: this attack costs 2 IP and Diocletian has 1 left" in out


def test_danubian_wars_from_the_command_line() -> None:
    code, out = invoke(["play", "--scenario", "danubian", "--seed", "1"], input="1\n1\n")
    assert code == 0, out
    assert "level 4222" in out and "Options: Danubian Wars (293-296) (R13.2), Goths (R11.4)." in out
    assert "@Dio" in out and "@Gal" in out and "GOTH" in out and "Goths Sarmatia" in out


# --- the end (R12.5, R12.6) -------------------------------------------------------------------
def test_the_end_report_names_the_great() -> None:
    # R12.5: Maximian secures the sixth border: 2 borders + 2 glory, 2 more than every other
    secured = {"gaetvlia": "garrison Maximian", "britannia": "garrison Constantius",
               "germania_magna": "garrison Galerius", "sarmatia": "garrison Diocletian",
               "persia": "garrison Diocletian"}
    state = option_position(["roma-aeterna"], discs=secured, emperors={"Maximian": "libya"}, ip=2,
                            records={"glory": {"Maximian": 2}})
    game = Game.from_position(state)
    out = run_session(game, Script(["secure"]))
    assert game.state.result is Result.ROMA_VICTRIX
    assert "Individual scores (secured borders + glory): Diocletian 2, Galerius 1, Constantius 1, " \
           "Maximian 4" in out
    assert "Maximian is the Great: he breaks the Tetrarchy; a bitter victory." in out


def test_the_barbarian_player_wins_when_roma_falls() -> None:
    game = Game.new(Settings(options=("barbaria",)), seed=7)
    while not game.state.is_over:  # the Emperors do nothing; the Barbarian player passes
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            legal = game.legal_actions()
            game.play(next((a for a in legal if isinstance(a, (EndPhase, BarbarianPass))), legal[0]))
    out = Console(file=StringIO(), width=100, color_system=None)
    session = PlaySession(game, out, Script([]))
    assert session.run() == 0
    file = out.file
    assert isinstance(file, StringIO)
    assert "The Barbarian player wins: Roma has fallen." in flat(file.getvalue())


# --- simulate ---------------------------------------------------------------------------------
def test_simulate_with_expansion_modules_and_variants() -> None:
    code, out = invoke(["simulate", "--with", "goths,pirates", "--variant", "imperivm,via-romana",
                        "--games", "5", "--seed", "2"])
    assert code == 0, out
    assert "5 random games at level 4211, seeds 2-6" in out
    assert "Options: Goths (R11.4), Imperivm (R12.1), Pirates (R11.3), Via Romana (R12.3)." in out
    wins = int(re.search(r"wins \(Roma Victrix\) (\d+)", out).group(1))  # type: ignore[union-attr]
    losses = int(re.search(r"losses (\d+)", out).group(1))  # type: ignore[union-attr]
    assert wins + losses == 5
    assert "Barbarian player wins" not in out


def test_simulate_a_scenario_as_json() -> None:
    result = runner.invoke(app, ["simulate", "--scenario", "danubian-wars", "--games", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["settings"]["level"] == "4222"
    assert data["settings"]["options"] == ["danubian-wars", "goths"]
    assert data["games"] == 5 and data["barbarian_wins"] is None


def test_simulate_counts_the_barbarian_wins() -> None:
    # R12.6: the random Barbarian player takes his decisions; he wins every Emperors' loss
    settings = Settings(players=4, options=("barbaria", "imperivm"))
    report = simulate(settings, 6, seed=11)
    assert report.barbarian_wins == report.losses and report.unfinished == 0
    code, out = invoke(["simulate", "--players", "5", "--variant", "imperivm", "--games", "6",
                        "--seed", "11"])
    assert code == 0
    assert f"Barbarian player wins {report.losses} (" in out
    data = json.loads(runner.invoke(app, ["simulate", "--players", "5", "--games", "3", "--json"]).output)
    assert data["barbarian_wins"] == data["losses"]["total"]


@pytest.mark.parametrize("options, level", [
    (("dux", "vicarius", "goths", "pirates"), "4211"),
    (("imperivm", "mare-nostrvm", "vsvrpator", "the-great", "barbaria"), "4211"),
    (("imperivm-1st", "roma-aeterna", "diarchia", "patres-patriae", "via-romana"), "4211"),
    (("great-persian-war", "barbaria", "imperivm"), "4222"),
    (("mauretanian-war", "dux", "vicarius"), "4221"),
])
def test_random_games_with_options_end(options: tuple[str, ...], level: str) -> None:
    settings = Settings(level=Level.parse(level), options=options)
    for seed in range(3):
        assert play_random_game(settings, seed).is_over


# --- save and load ----------------------------------------------------------------------------
def test_save_and_load_an_option_game(tmp_path: Path) -> None:
    path = tmp_path / "barbaria.json"
    settings = Settings(options=("barbaria", "dux", "imperivm"), params=(("barbaria.redirect", "stay"),))
    game = Game.new(settings, seed=9)
    out = run_session(game, Script(["1", "1", "roma", "D +dux etrvria", "end", "pass", "pass",
                                    f"save {path}"]), show_board=False)
    assert f"Saved to {path}" in out
    loaded = Game.load(path)
    assert loaded.state == game.state and loaded.log == game.log
    assert loaded.state.settings == settings
    assert any(isinstance(a, BarbarianPass) for a in loaded.log)
    assert dux_place(loaded.state) == prov("etrvria") and loaded.state.figure[prov("etrvria")] == DUX
    code, text = invoke(["play", "--load", str(path), "--with", "goths"], input="")
    assert code == 0, text
    assert "a loaded game keeps its own settings (its options included)" in text
    assert "Options: Barbaria (R12.6), Dvx (R11.1), Imperivm (R12.1); barbaria.redirect=stay." in text
    assert "Player 2: the Barbarians" in text
    code, text = invoke(["replay", str(path)])
    assert code == 0 and "Options: Barbaria (R12.6)" in text and "the Barbarians pass" in text


def test_a_scenario_game_saves_and_loads(tmp_path: Path) -> None:
    path = tmp_path / "persian.json"
    game = Game.new(Settings(level=Level.parse("4222"), options=("great-persian-war",)), seed=2)
    run_session(game, Script(["1", f"save {path}"]), show_board=False)
    loaded = Game.load(path)
    assert loaded.state == game.state
    assert loaded.state.settings.options == ("great-persian-war", "pirates")
    assert GOTHS not in loaded.state.figure and len(rebels_of(loaded.state)) == 2


# --- the help ---------------------------------------------------------------------------------
@pytest.mark.parametrize("example", ["M +dux III:1", "M/dux III:1-III:3", "M/dux -R III:3",
                                     "M/dux III:1xgermania_magna", "M +vic etrvria", "M/vic etrvria-roma",
                                     "G IV:5xpirates", "M power reserve", "D power IV:3", "D/g IV:3-IV:4",
                                     "D +ip reserve", "M gII:3>II:4", "D patres",
                                     "Maximian deploys the Dux in Rhaetia",
                                     "Galerius attacks the Pirates from Achaia"])
def test_the_help_shows_the_options_notation(example: str) -> None:
    assert any(example.replace(" ", "\xa0") in text for _term, text in OPTIONS)
    board = default_board()
    action = parse_action(example, board)
    assert parse_action(format_action(action, board, compact=True), board) == action
