"""Terminal play: the game rolls its dice, the players type their decisions.

Input comes through an injected function (``input_fn(prompt) -> line``, raising ``EOFError`` when
input ends) and output goes to a Rich console, so tests drive a whole game with scripted lines.

Besides the Emperors' entries and Roman phases, the optional rules ask for decisions inside a
phase (``Awaiting.DECISION``): Galerius's +1 and Constantius's block (Imperivm, R12.1) and every
choice of the Barbarian player (Barbaria, R12.6).  The seat that decides is prompted with what
is being decided and the numbered choices.

Issue 8 made it a digital edition: the commands are one table (``COMMANDS``: words, help line,
method; adding a command is adding an entry); numbers stay with their action through a Roman
phase (``Numbering``); every action is autosaved (``cli.autosave``) and Ctrl-C or Ctrl-D asks
before leaving; the board is drawn when a turn begins after a Barbarian phase, which ends with
its summary (``cli.phase``) and, at a terminal, a pause; ``info``, ``map``, ``forecast`` and
``last`` show a province, the map, the next Barbarian phase's odds and the last one.

Issue 25 split the session by job: the drawing is ``cli/session_view.py``, the keeping (saves,
autosave, leaving) ``cli/session_keeping.py``, the numbers of the list ``cli/numbering.py``; the
input loop and the applying of actions stay here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.advice import AiSeats
from tetrarchia.cli.autosave import Autosave
from tetrarchia.cli.decisions import decision_word, who_decides
from tetrarchia.cli.interpret import (
    bare_word_reason,
    cheapest_way,
    choice_hint,
    named_action,
    short_form_meant,
    unknown_words,
)
from tetrarchia.cli.names import in_board_words
from tetrarchia.cli.numbering import Numbering
from tetrarchia.cli.play_commands import COMMAND_INDEX, COMMANDS, Command
from tetrarchia.cli.render import action_label
from tetrarchia.cli.session_base import InputFn
from tetrarchia.cli.session_keeping import Quit, SessionKeeping
from tetrarchia.cli.session_view import SessionView
from tetrarchia.core.actions import Action, EndPhase, PlaceFleet
from tetrarchia.core.engine import apply_action, deciding_seat, resume, roll_description
from tetrarchia.core.errors import AmbiguousAction, TetrarchiaError
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action, resolve
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.seats import player_of_seat

__all__ = ["COMMANDS", "AutoPlayer", "Command", "InputFn", "Numbering", "PlaySession", "seats_of"]

# The hook for seats played by the program (``play --ai``): given the position and its legal
# actions, the action the program plays and a line saying why, or None when a person decides.
AutoPlayer = Callable[[State, list[Action]], tuple[Action, str] | None]


class PlaySession(SessionView, SessionKeeping):
    """One interactive game.  :meth:`run` returns the exit code.  The drawing and the keeping are
    its parts ``SessionView`` and ``SessionKeeping``; here: the loop, the input, the acting."""

    def __init__(self, game: Game, console: Console, input_fn: InputFn, intro: list[str] | None = None,
                 show_board: bool = True, autosave: Autosave | None = None, interactive: bool = False,
                 pause: bool = False, recap: list[str] | None = None,
                 autoplay: AutoPlayer | None = None, ai: AiSeats | None = None) -> None:
        self.game = game
        self.ai = ai  # the seats the AI plays (--ai), each move explained in a line
        self.console = console
        self.input_fn = input_fn
        self.intro = intro or []
        self.recap = recap or []
        self.show_board = show_board
        self.autosave = autosave
        self.interactive = interactive  # a person at a terminal: Ctrl-D asks before leaving
        self.pause = pause  # wait for Enter after a Barbarian phase's summary
        self.automatic_steps: set[int] = set()  # log indices of the steps taken with no choice
        self.view_stale = True  # the list (and the status) are to be shown before the next prompt
        self.board_stale = True  # the board too: at the start, after a Barbarian phase, 'board'
        self.phase_events: list[Event] | None = None  # the Barbarian phase being narrated
        self.last_phase: list[Event] = []  # the last Barbarian phase, for 'last' (R7)
        self.last_round = 0
        self.numbering = Numbering()
        self.marks = False  # 'forecast on': the forecast's marks on the board
        self.saved: tuple[int, Path] | None = None  # the last 'save': log length, file
        self.typed_ahead: str | None = None  # a line typed at the pause after a Barbarian phase
        self.autoplay = autoplay if autoplay is not None else seats_of(ai)
        # 'analyse' at the end: the search's time per decision (None: its samples alone decide)
        self.analysis_seconds: float | None = 1.0
        self.analysis_samples = 16

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        for line in self.intro:
            self.console.print(line, markup=False, highlight=False)
        if self.recap:
            self.console.rule(Text("Where the game stands", style="bold"))
            for line in self.recap:
                self.console.print(f"  {line}", markup=False, highlight=False)
        self.console.print("Type [bold]help[/] for the commands and the notation.")
        while not self.state.is_over:
            try:
                self.step()
            except EOFError:
                if self.interactive and self.confirm_leaving("Ctrl-D"):
                    return self.leave(0)
                if not self.interactive:
                    self.console.print(f"\nInput closed: {self.kept()}", markup=False, highlight=False)
                    return 0
            except KeyboardInterrupt:
                if self.confirm_leaving("Ctrl-C"):
                    return self.leave(130)
            except Quit:
                return 0
        self.finish()
        return 0

    def step(self) -> None:
        state = self.state
        if state.awaiting is Awaiting.ROLL:
            self.roll()
            return
        if state.awaiting is Awaiting.RUN:  # a position paused at a boundary: the game goes on
            events: list[Event] = []
            resume(state, events)
            self.print_events(events)
            return
        legal = self.game.legal_actions()
        automatic = self.automatic(legal)
        if automatic is not None:
            action, why = automatic
            self.console.print(why, style="italic")
            self.apply(action, automatic=True)
            return
        chosen = self.autoplay(state, legal) if self.autoplay is not None else None
        if chosen is not None:  # a seat the program plays: its move, said, goes with the undo
            action, why = chosen  # of the person's decision before it, as the automatic steps do
            self.console.print(why, style="cyan", markup=False, highlight=False)
            self.apply(action, automatic=True)
            return
        if self.view_stale:
            self.show(legal, board=self.board_stale)
        if self.typed_ahead is not None:
            line, self.typed_ahead = self.typed_ahead, None
            self.console.print(f"{self.prompt(legal)}{line}", markup=False, highlight=False)
        else:
            line = self.input_fn(self.prompt(legal))
        self.handle(line, legal)

    def automatic(self, legal: list[Action]) -> tuple[Action, str] | None:
        """Steps with no real choice: the last fleet's zone, the end of a defeated Emperor's phase."""
        state = self.state
        only = legal[0] if len(legal) == 1 else None
        if state.awaiting is Awaiting.FLEET_PLACEMENT and isinstance(only, PlaceFleet):
            return only, (f"Only one sea zone is left for this fleet: it goes to "
                          f"{state.board.zones[only.zone].title}.")
        if (state.awaiting is Awaiting.ROMAN_ACTION and state.emperor_at[state.turn] < 0
                and legal == [EndPhase(state.turn)]):
            return legal[0], f"{state.turn.title} is off the board: his Roman phase ends."
        return None

    # --- input -----------------------------------------------------------------------------
    def handle(self, line: str, legal: list[Action]) -> None:
        text = line.strip()
        word, _, rest = text.partition(" ")
        command = word.lower()
        if len(command) == 1 and rest.strip():  # "B pass" is the Barbarians' notation, not "b"
            command = ""
        if not text:
            if len(legal) == 1:
                self.apply(legal[0])
            else:
                self.console.print("Type an action, or its number in the list (help: the commands, "
                                   "board: the board and the list again).", markup=False)
            return
        entry = COMMAND_INDEX.get(command)
        if entry is not None and (entry.takes_argument or not rest.strip()):
            entry.run(self, rest.strip(), legal)
        elif text.isascii() and text.isdigit():  # "²" or "٣" is no action number
            numbers = self.numbering.of(self.state, legal, len(self.game.log))
            top = max(numbers.values(), default=0)
            if len(text) > 6:  # int() of 4,301 digits raises; no list is that long anyway
                self.refuse(f"there is no action {text[:8]}...: choose 1 to {top}")
                return
            n = int(text)
            action, listed = self.numbering.action(n)
            if action is None:
                self.refuse(f"there is no action {n}: choose 1 to {top}")
            elif listed:
                self.apply(action)
            else:  # it was in the list earlier in this phase: say why it is gone (issue 8)
                self.refuse(f"action {n} ({action_label(self.state, action)}) is no longer "
                            f"possible: {gone_reason(self.state, action)}")
        elif (answer := decision_word(self.state, text, legal)) is not None:
            self.apply(answer)
        elif (named := named_action(self.state, text, legal)) is not None:
            self.apply(named)  # an exact name wins over the names it begins (issue 30)
        else:
            typed, text = text, in_board_words(self.state.board, text)
            try:
                action = resolve(text, legal, self.state.board)
            except AmbiguousAction as exc:
                self.refuse(str(exc))
                return
            except TetrarchiaError as exc:
                meant = short_form_meant(self.state, text)
                if meant is not None:  # not legal now: the engine says why
                    self.apply(meant)
                else:
                    self.refuse(bare_word_reason(self.state, text) or choice_hint(self.state, legal)
                                or unknown_words(self.state, typed) or str(exc))
                return
            self.apply(cheapest_way(self.state, action, legal, text))

    # --- acting ----------------------------------------------------------------------------
    def apply(self, action: Action, automatic: bool = False) -> None:
        log_length = len(self.game.log)
        events: list[Event] = []
        before = self.state.copy()
        try:
            self.game.play(action, events)
        except TetrarchiaError as exc:
            self.refuse(str(exc))
            return
        if automatic:
            self.automatic_steps.add(log_length)
        self.print_events(events, before)
        self.view_stale = True
        self.save_automatically()

    def roll(self) -> None:
        purpose = roll_description(self.state)
        events: list[Event] = []
        before = self.state.copy()
        dice = self.game.roll(events)  # R1: from now on nothing before the die can be undone
        line = Text("  dice ", style="dim")
        line.append(" ".join(str(d) for d in dice.dice), style="bold")
        line.append(f"  {purpose}", style="dim")
        self.console.print(line)
        self.print_events(events, before)
        self.view_stale = True
        self.save_automatically()

    def undo(self) -> None:
        """Take back the last decision (and the automatic steps after it), never a die roll."""
        stack = self.game.undoable
        decisions = [u for u in stack if u.log_length not in self.automatic_steps]
        if not decisions:
            self.refuse("nothing to undo since the last die roll (dice are never taken back)")
            return
        last = decisions[-1]
        seat, last_seat = deciding_seat(self.state), deciding_seat(last.state)
        settings = self.settings
        if seat is not None and last_seat is not None and \
                player_of_seat(last_seat, settings) != player_of_seat(seat, settings):
            self.refuse(f"the last decision was another player's ({who_decides(last.state)}); "
                        "a player takes back only his own")
            return
        undone: list[Action] = []
        while len(self.game.log) > last.log_length:  # the automatic steps after it, then it
            undone.append(self.game.undo())
        self.automatic_steps = {i for i in self.automatic_steps if i < last.log_length}
        for action in reversed(undone):
            self.console.print(f"Undone: {format_action(action, self.state.board)}", markup=False)
        self.view_stale = True
        self.save_automatically()

    def finish(self) -> None:
        self.end_panel()
        try:
            self.offer_analysis()
            self.offer_save("Save this game? File name (Enter: no) > ")
        except EOFError:
            self.console.print("\nNot saved.")


def seats_of(ai: AiSeats | None) -> AutoPlayer | None:
    """The ``--ai`` seats (``cli.advice.AiSeats``) as the play loop's autoplay hook."""
    if ai is None:
        return None
    seats = ai

    def play(state: State, legal: list[Action]) -> tuple[Action, str] | None:
        return seats.move(state, legal) if seats.plays(state) else None

    return play


def gone_reason(state: State, action: Action) -> str:
    """Why an action of the list is no longer legal, in the engine's words."""
    try:
        apply_action(state.copy(), action)
    except TetrarchiaError as exc:
        return str(exc)
    return "it is not among the actions now"
