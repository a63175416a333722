"""The commands of the terminal's play loop (issue 8): one table (``COMMANDS``: words, help line,
the function that runs it), each command a function of the session (``cli/play.py``'s
``PlaySession``) and what the player typed after its word.  Adding a command is adding a function
and its entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from tetrarchia.analysis.forecast import forecast
from tetrarchia.cli.advice import DEFAULT_SECONDS, advice_lines, advise
from tetrarchia.cli.forecastview import render_forecast
from tetrarchia.cli.geography import render_map
from tetrarchia.cli.helptext import help_lines, rules_lines
from tetrarchia.cli.info import province_info
from tetrarchia.cli.interpret import did_you_mean
from tetrarchia.cli.names import exact_place, in_board_words
from tetrarchia.cli.render import print_events, render_actions
from tetrarchia.core.actions import Action
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.scoring import score
from tetrarchia.core.state import Awaiting

if TYPE_CHECKING:
    from tetrarchia.cli.play import PlaySession


def help_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    """``help`` and ``help rules``, wrapped once to the terminal's width and paged when longer
    than its height (issue 30)."""
    width = session.console.width
    if rest.lower() == "rules":
        session.page(rules_lines(width, full=True))
        return
    commands = [(entry.usage, entry.help) for entry in COMMANDS]
    session.page(help_lines(width, commands, session.state))


def board_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.show(legal, board=True)


def actions_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.console.print(render_actions(session.state, legal, width=session.console.width,
                                         numbers=session.numbering.of(session.state, legal,
                                                                      len(session.game.log))))


def rules_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.page(rules_lines(session.console.width, full=False))


def score_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.console.print(f"If the game ended now: {score(session.state).describe()}")


def save_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    if rest:
        session.save(rest)
    else:
        session.refuse("save needs a file name: save FILE")


def quit_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.quit()


def undo_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.undo()


def hint_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    """The AI's advice (cli.advice), ``hint SECONDS`` to think longer than the default:
    computed on copies, a hint never changes the game."""
    seconds = DEFAULT_SECONDS
    if rest:
        try:
            seconds = float(rest)
        except ValueError:
            seconds = -1.0
        if not 0.1 <= seconds <= MAX_HINT_SECONDS:
            session.refuse(f"hint takes the seconds to think, 0.1 to {MAX_HINT_SECONDS:g}: "
                           f"hint 5, not hint {rest}")
            return
    session.console.print(f"Thinking for {seconds:g} s...", markup=False, highlight=False)
    hint = advise(session.state, seconds=seconds, seed=len(session.game.log) + 1)
    for line in advice_lines(session.state, hint):
        session.console.print(line, markup=False, highlight=False)


def map_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    session.console.print(render_map(session.state))


def last_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    """The last Barbarian phase again: its narration and its summary (R7)."""
    if not session.last_phase:
        session.refuse("no Barbarian phase has been played in this session yet")
        return
    session.console.rule(Text("The last Barbarian phase", style="bold magenta"), style="magenta")
    print_events(session.console, session.last_phase, session.game.board)
    session.print_summary(session.last_phase)


def info_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    if not rest:
        session.refuse("info needs a province or a region: info thracia, info II, info italia")
        return
    board = session.state.board
    place = exact_place(board, rest)  # in any language, an exact name first (issue 30)
    try:
        lines = province_info(session.state, board.provinces[place].id if place is not None
                              else in_board_words(board, rest))
    except TetrarchiaError as exc:
        session.refuse(str(exc) + did_you_mean(session.state, rest))
        return
    for line in lines:
        session.console.print(line, markup=False, highlight=False)


def forecast_command(session: PlaySession, rest: str, legal: list[Action]) -> None:
    """The exact forecast of the next Barbarian phase (analysis.forecast); ``forecast on``
    and ``off``: its marks on the board each time the board is drawn."""
    if rest.lower() in ("on", "off"):
        session.marks = rest.lower() == "on"
        session.console.print(f"Forecast marks on the board: {rest.lower()}.", markup=False)
        if session.marks:
            session.show(legal, board=True)
        return
    if rest:
        session.refuse(f"forecast takes 'on', 'off' or nothing, not {rest!r}")
        return
    if session.state.is_over:
        session.refuse("the game is over")
        return
    if session.state.awaiting is Awaiting.ENTRY:
        session.refuse(f"{session.state.turn.title} enters the board first; then 'forecast' says what "
                       "ending his Roman phase would bring")
        return
    with session.console.status("Computing the forecast over every roll of the dice ..."):
        try:
            fc = forecast(session.state)
        except TetrarchiaError as exc:
            session.refuse(str(exc))
            return
    if session.state.awaiting is Awaiting.ROMAN_ACTION:
        session.console.print(f"If {session.state.turn.title} ends his Roman phase now:", markup=False)
    session.console.print(render_forecast(session.state, fc))


@dataclass(frozen=True)
class Command:
    """A command of the play loop: its words, its help line and the function that runs it
    (``does(session, rest, legal)``).  Adding a command is adding an entry here."""

    words: tuple[str, ...]
    usage: str
    help: str
    does: Callable[[PlaySession, str, list[Action]], None]
    takes_argument: bool = False

    def run(self, session: PlaySession, rest: str, legal: list[Action]) -> None:
        self.does(session, rest, legal)


COMMANDS: list[Command] = [
    Command(("help", "?", "h"), "help [rules]", "this help; 'help rules': the rules in brief and "
            "where the complete rules are", help_command, takes_argument=True),
    Command(("board", "b"), "board", "show the board and the actions again", board_command),
    Command(("actions", "list"), "actions", "the numbered actions again", actions_command),
    Command(("info", "i"), "info PLACE", "a province (links and costs, coasts, arrow, steps to "
            "Roma, what stands there) or a region: info thracia, info II", info_command,
            takes_argument=True),
    Command(("map",), "map", "the provinces roughly where they lie on the map of the Empire, "
            "with the way each army would advance", map_command),
    Command(("forecast", "f"), "forecast [on|off]", "the chances of the next Barbarian phase, "
            "exact (R7); on/off: its marks on the board", forecast_command, takes_argument=True),
    Command(("last",), "last", "the last Barbarian phase again, and its summary", last_command),
    Command(("hint",), "hint [SECONDS]", "the best few actions now, with the chance of winning "
            "after each and its 95% interval, and why; hint 5 thinks 5 seconds (2 by default)",
            hint_command, takes_argument=True),
    Command(("undo",), "undo", "take back the last action of this phase (never a die roll)",
            undo_command),
    Command(("save",), "save FILE", "save the game (resume it with: tetrarchia play --load FILE)",
            save_command, takes_argument=True),
    Command(("score",), "score", "the 10-point score if the game ended now (R8)", score_command),
    Command(("rules",), "rules", "the costs of the Roman actions", rules_command),
    Command(("quit", "exit", "q"), "quit", "leave the game (you are offered to save it; the "
            "autosave keeps it anyway)", quit_command),
]
MAX_HINT_SECONDS = 60.0  # a hint in the terminal thinks at most this long
COMMAND_INDEX: dict[str, Command] = {word: entry for entry in COMMANDS for word in entry.words}
