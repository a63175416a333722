"""The drawing of the board and of the legal actions, and the seats of R10."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console

from conftest import position
from tetrarchia.cli.helptext import NOTATION
from tetrarchia.cli.render import numbered, render_actions, shown_actions
from tetrarchia.core.actions import Move
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import EMPERORS, Emperor
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.render.board_text import render_board
from tetrarchia.seats import emperors_of, seat_label, seat_of, seating

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN


def draw(renderable: object, width: int = 100) -> list[str]:
    console = Console(file=StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    file = console.file
    assert isinstance(file, StringIO)
    return file.getvalue().rstrip("\n").split("\n")


def busy_state() -> State:
    return position(
        discs={"I:6": "revolt", "II:1": "unrest", "II:4": "garrison Constantius",
               "etrvria": "garrison Maximian", "britannia": "garrison Constantius", "V:6": "revolt"},
        emperors={"Maximian": "cisalpina", "Constantius": "II:4", "Diocletian": None, "Galerius": "roma"},
        armies=["II:6", "persia"], fleets=[2, 3], turn="Maximian", ip=5,
    )


def province_line(lines: list[str], name: str) -> str:
    """The part of a board line (between the column rules │) that holds province ``name``."""
    return next(part for line in lines for part in line.split("│") if part.strip().startswith(name))


def test_the_board_fits_a_100_by_40_terminal() -> None:
    lines = draw(render_board(busy_state()))
    assert len(lines) <= 30
    assert max(len(line) for line in lines) <= 100


def test_the_board_reads_without_colour() -> None:
    lines = draw(render_board(busy_state()))
    text = "\n".join(lines)
    # R2: every region and province with its coordinates; discs, figures and capitals by letters
    for region in ("I HISPANIA", "II GALLIA", "III ILLYRICVM", "IV GRAECIA", "V ASIA MINOR", "VI AFRICA",
                   "ITALIA"):
        assert region in text
    assert "6 Tarraconensis" in text and " R " in province_line(lines, "6 Tarraconensis")
    assert " u " in province_line(lines, "1 Belgica")
    assert "[C]" in province_line(lines, "4 Lvgdvnensis") and "@Con" in province_line(lines, "4 Lvgdvnensis")
    assert "ARMY" in province_line(lines, "6 Narbonensis")
    assert "[C]" in province_line(lines, "» Britannia")  # a secured border
    assert "ARMY" in province_line(lines, "» Persia")
    assert "(C)" in province_line(lines, "2 Germania Inferior")  # printed capital, uncovered
    assert "(*)" in text and "@Gal" in text  # Roma uncovered, Galerius in Roma
    assert "[M]" in text and "@Max" in text
    assert "Diocletian  off the board" in text
    assert "1 Mare Atlanticvm   -" in text and "2 Mare Internvm   FLEET" in text
    assert "unrest 20  revolt 19  armies 1" in text
    assert "garrisons D4 G4 C2 M3" in text
    assert "round 1 · Maximian's turn · 5 IP left · secured borders 1/6" in text


@pytest.mark.parametrize("width, columns", [(100, 3), (70, 2), (40, 1)])
def test_the_board_folds_on_narrow_terminals(width: int, columns: int) -> None:
    lines = draw(render_board(busy_state(), width), width)
    assert max(len(line) for line in lines) <= width
    header = next(line for line in lines if "I HISPANIA" in line)
    assert sum(name in header for name in ("I HISPANIA", "II GALLIA", "III ILLYRICVM")) == columns


def test_every_shown_action_is_numbered_once() -> None:
    state = busy_state()
    legal = legal_actions(state)
    items = numbered(state, legal)
    text = " ".join(draw(render_actions(state, legal)))
    assert set(items) <= set(legal)
    for n in range(1, len(items) + 1):
        assert f" {n} " in f" {text} "
    assert "Attack:" in text and "win" in text  # R6 odds before the dice


def test_a_move_both_by_link_and_by_fleet_is_shown_the_cheaper_way() -> None:
    # R5.1: Bithynia-Thracia is a broken link (2 IP) and both are on Mare Aegaevm (1 IP)
    state = position(emperors={"Diocletian": "V:6"}, fleets=[3], turn="Diocletian")
    shown = [a for a in shown_actions(state, legal_actions(state)) if isinstance(a, Move)]
    to_thracia = [a for a in shown if state.board.name(a.dest) == "Thracia"]
    assert len(to_thracia) == 1 and to_thracia[0].by_fleet
    dests = [a.dest for a in shown]
    assert len(dests) == len(set(dests))


@pytest.mark.parametrize("example", ["M cisalpina-etrvria", "D IV:3xIV:1", "C +II:4", "G s2-3", "M end",
                                     "Maximian moves from Cisalpina to Etrvria",
                                     "Diocletian attacks Dacia from Thracia"])
def test_the_help_examples_are_notation(example: str) -> None:
    assert any(example.replace(" ", "\xa0") in text for _term, text in NOTATION)
    parse_action(example, default_board())  # raises if the help shows a wrong example


# --- R10 seats --------------------------------------------------------------------------------
@pytest.mark.parametrize("players, shared, expected", [
    (1, G, {D: 1, G: 1, C: 1, M: 1}),
    (2, G, {D: 1, G: 1, C: 2, M: 2}),  # East, West
    (3, G, {D: 1, G: 1, C: 2, M: 3}),  # Galerius shared: Diocletian's player decides
    (3, C, {D: 1, G: 2, C: 3, M: 3}),  # Constantius shared: Maximian's player decides
    (4, G, {D: 1, G: 2, C: 3, M: 4}),
])
def test_seat_of_each_emperor(players: int, shared: Emperor, expected: dict[Emperor, int]) -> None:
    assert {e: seat_of(e, players, shared) for e in EMPERORS} == expected
    for player in range(1, players + 1):
        assert emperors_of(player, players, shared) == [e for e in EMPERORS if expected[e] == player]


@pytest.mark.parametrize("players, shared", [(0, G), (5, G), (3, D), (3, M)])
def test_impossible_seats_are_refused(players: int, shared: Emperor) -> None:
    with pytest.raises(ValueError):
        seat_of(D, players, shared)


def test_seat_labels_and_seating() -> None:
    three = Settings(players=3)
    assert seat_label(G, three) == "Players 1-3 (Galerius, shared; Player 1 (Diocletian) decides)"
    assert seat_label(M, three) == "Player 3 (Maximian)"
    assert seating(three) == [
        "Player 1: Diocletian", "Player 2: Constantius", "Player 3: Maximian",
        "Galerius is shared by all players; Diocletian's player decides in a disagreement",
    ]
    assert seating(Settings(players=2)) == ["Player 1: Diocletian, Galerius",
                                            "Player 2: Constantius, Maximian"]
    assert seating(Settings()) == ["Player 1: Diocletian, Galerius, Constantius, Maximian"]
