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
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from tetrarchia.analysis.forecast import Forecast, forecast
from tetrarchia.cli.advice import AiSeats
from tetrarchia.cli.analyse import print_analysis, run_analysis
from tetrarchia.cli.autosave import Autosave
from tetrarchia.cli.battle import explain_battle
from tetrarchia.cli.decisions import decision_context, decision_word, who_decides
from tetrarchia.cli.ending import end_lines
from tetrarchia.cli.interpret import (
    bare_word_reason,
    cheapest_way,
    choice_hint,
    named_action,
    short_form_meant,
    unknown_words,
)
from tetrarchia.cli.names import in_board_words
from tetrarchia.cli.phase import phase_summary
from tetrarchia.cli.play_commands import COMMAND_INDEX, COMMANDS, Command
from tetrarchia.cli.render import action_label, end_report, numbered, print_events, render_actions
from tetrarchia.core.actions import Action, EndPhase, PlaceFleet
from tetrarchia.core.engine import (
    BARBARIAN_SEAT,
    apply_action,
    decider,
    deciding_seat,
    resume,
    roll_description,
)
from tetrarchia.core.errors import AmbiguousAction, TetrarchiaError
from tetrarchia.core.events import Battle, Event, GameEnds, PhaseEnded, TurnBegins
from tetrarchia.core.notation import format_action, resolve
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.render.board_text import RESULT_TEXT, render_board, status_line
from tetrarchia.seats import player_of_seat, seat_label, seat_of

__all__ = ["COMMANDS", "AutoPlayer", "Command", "InputFn", "Numbering", "PlaySession", "seats_of"]

InputFn = Callable[[str], str]
# The hook for seats played by the program (``play --ai``): given the position and its legal
# actions, the action the program plays and a line saying why, or None when a person decides.
AutoPlayer = Callable[[State, list[Action]], tuple[Action, str] | None]


class PlaySession:
    """One interactive game.  :meth:`run` returns the exit code."""

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

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def settings(self) -> Settings:
        return self.game.state.settings

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
            except _Quit:
                return 0
        self.finish()
        return 0

    def kept(self) -> str:
        """What became of the game when the players leave without saving."""
        if self.saved is not None and self.saved[0] == len(self.game.log):
            return f"the game is saved in {self.saved[1]}."
        if self.autosave is None or self.autosave.failed is not None:
            return "the game was not saved."
        return (f"the game is kept in {self.autosave.path} (resume it with: tetrarchia play "
                "--resume).")

    def confirm_leaving(self, key: str) -> bool:
        """After a Ctrl-C or Ctrl-D: ask before leaving; a second one leaves (issue 8)."""
        held = " Its autosave holds every action so far." if self.autosave is not None and \
            self.autosave.failed is None else ""
        self.console.print(f"\n{key}: leave the game?{held}", markup=False, highlight=False)
        try:
            answer = self.input_fn("Leave? y to leave, Enter to play on > ")
        except (KeyboardInterrupt, EOFError):
            return True
        if answer.strip().lower() in ("y", "yes", "q", "quit"):
            return True
        self.view_stale = True
        return False

    def leave(self, code: int) -> int:
        self.console.print(f"Left: {self.kept()}", markup=False, highlight=False)
        return code

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

    def prompt(self, legal: list[Action]) -> str:
        state = self.state
        single = " (Enter: the only choice)" if len(legal) == 1 else ""
        if state.awaiting is Awaiting.FLEET_PLACEMENT:
            placed = sum(state.fleets)
            placer = decider(state) or Emperor.DIOCLETIAN
            player = seat_of(placer, self.settings.players, self.settings.shared_caesar)
            return (f"Player {player} (the players): place fleet {placed + 1} of {self.settings.level.fleets}"
                    f"{single} > ")
        label = seat_label(state.turn, self.settings)
        if state.awaiting not in (Awaiting.ENTRY, Awaiting.ROMAN_ACTION):  # a decision of an option
            return f"{who_decides(state)}: decide, 1-{len(numbered(state, legal))}{single} > "
        if state.awaiting is Awaiting.ENTRY:
            return f"{label}: where does {state.turn.title} enter?{single} > "
        return f"{label}, {state.ip} IP{single} > "

    def show(self, legal: list[Action], board: bool = False) -> None:
        """The board when ``board`` (at the start, after a Barbarian phase, on 'board'), else the
        status line; then the numbered actions; a decision says first what is being decided.
        The board is not drawn again after every action: on 80x24 it would push the narration
        and the Barbarian phase's summary off the screen."""
        deciding = self.state.awaiting is Awaiting.DECISION
        if self.show_board and board:
            self.console.print()
            self.console.print(render_board(self.state, self.console.width, self.board_marks(),
                                            ai=self.ai_label()))
            self.board_stale = False
        elif self.show_board:
            self.console.print(status_line(self.state, ai=self.ai_label()))
        if deciding:
            self.console.print(Text(f"{who_decides(self.state)} decides: ", style="bold")
                               .append(decision_context(self.state), style=""))
        self.console.print(render_actions(self.state, legal, width=self.console.width,
                                          numbers=self.numbering.of(self.state, legal,
                                                                    len(self.game.log))))
        self.view_stale = False

    def ai_label(self) -> str:
        """``AI GM`` (the initials of the seats the program plays, B the Barbarian player)
        for the header, or empty (issue 30: AI seats marked)."""
        if self.ai is None or not self.ai.seats:
            return ""
        return "AI " + "".join("B" if seat == BARBARIAN_SEAT else Emperor(seat).name[0]
                               for seat in sorted(self.ai.seats))

    def board_marks(self) -> Forecast | None:
        """The forecast shown on the board with ``forecast on``, when there is one to make: in a
        Roman phase (of ending it now) or inside a Barbarian phase."""
        if not self.marks or self.state.is_over or self.state.awaiting is Awaiting.ENTRY:
            return None
        with self.console.status("Computing the forecast over every roll of the dice ..."):
            try:
                return forecast(self.state)
            except TetrarchiaError:
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

    def page(self, lines: list[str]) -> None:
        """Print ``lines`` as they are (already wrapped); at a terminal, a screenful at a time:
        Enter shows the next, q (or anything typed) stops and is not lost."""
        step = max(self.console.height - 1, 5)  # a page and the pager's line fill the screen
        if not self.interactive or len(lines) <= step + 1:
            step = len(lines)
        for at in range(0, len(lines), step):
            if at:
                answer = self.input_fn(f"-- {at} of {len(lines)} lines: Enter the next page, "
                                       "q stop > ").strip()
                if answer:
                    if answer.lower() not in ("q", "quit"):
                        self.typed_ahead = answer  # a command typed at the pager comes next
                    return
            for line in lines[at:at + step]:
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def refuse(self, why: str) -> None:
        self.console.print(Text(f"Refused: {why}", style="bold red"))

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

    def save_automatically(self) -> None:
        if self.autosave is None:
            return
        if self.state.is_over:
            self.autosave.discard()  # nothing to resume; the players are offered to save it
            return
        trouble = self.autosave.write(self.game)
        if trouble is not None:
            self.console.print(Text(f"Warning: {trouble}; play goes on.", style="yellow"))

    def print_events(self, events: list[Event], before: State | None = None) -> None:
        """The narration; a Barbarian phase is gathered from the end of a Roman phase to the next
        turn and summed up when it ends (then the board is drawn again).  ``before``: the board
        just before the step that caused ``events``: a battle resolved at once (the first thing
        the dice decide) is explained on it, the provinces of each support named (R6)."""
        if before is not None and events and isinstance(events[0], Battle):
            # the note goes under its battle, before what the rest of the step tells (issue 30:
            # after the next turn's heading it read as a battle of that turn)
            battle = events[0]
            why = explain_battle(before, battle.piece, battle.piece_province, battle.army_province)
            print_events(self.console, events[:1], self.game.board)
            self.console.print(Text(f"  ({why})", style="dim"))
            print_events(self.console, events[1:], self.game.board)
        else:
            print_events(self.console, events, self.game.board)
        for event in events:
            if isinstance(event, PhaseEnded):
                self.phase_events = []
                self.last_round = self.state.round
            elif self.phase_events is not None:
                self.phase_events.append(event)
                if isinstance(event, (TurnBegins, GameEnds)):
                    self.end_of_phase()

    def end_of_phase(self) -> None:
        phase = self.phase_events or []
        self.phase_events = None
        self.last_phase = phase
        self.print_summary(phase)
        self.board_stale = True
        if self.pause and not self.state.is_over:
            typed = self.input_fn("Enter: the board > ").strip()
            if typed:  # a command or an action typed at the pause is not lost: it comes next
                self.typed_ahead = typed

    def print_summary(self, phase: list[Event]) -> None:
        lines = phase_summary(phase, self.game.board) or ["Nothing happened."]
        body = Text("\n".join(lines))
        self.console.print(Panel(body, title=f"Barbarian phase, round {self.last_round}",
                                 title_align="left", expand=False))

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

    def save(self, path: str) -> bool:
        target = Path(path).expanduser()  # "save ~/t.json" as a shell would read it
        if target.exists() and (self.saved is None or self.saved[1] != target):
            # issue 30: another file is never replaced without asking (this game's own save
            # file is brought up to date without a question)
            answer = self.input_fn(f"{target} exists: replace it? y to replace, Enter to keep it > ")
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(f"Not saved: {target} is kept as it was.", markup=False,
                                   highlight=False)
                return False
        try:
            self.game.save(target)
        except OSError as exc:
            self.refuse(f"cannot save to {path!r}: {exc.strerror or exc}")
            return False
        self.saved = (len(self.game.log), target)
        self.console.print(f"Saved to {target} (resume with: tetrarchia play --load "
                           f"{shlex.quote(str(target))})", markup=False, highlight=False)
        return True

    def offer_save(self, question: str) -> None:
        while True:
            answer = self.input_fn(question).strip()
            if not answer or answer.lower() in ("n", "no"):
                self.console.print("Not saved.")
                return
            if self.save(answer):
                return

    def quit(self) -> None:
        self.offer_save("Save the game before leaving? File name (Enter: leave without saving) > ")
        raise _Quit

    def finish(self) -> None:
        state = self.state
        if self.show_board:
            self.console.print()
            self.console.print(render_board(state, self.console.width))
        style = "bold green" if state.result.is_victory else "bold red"
        summary = Text(RESULT_TEXT[state.result], style=style)
        lines = end_lines(self.game)  # as the page's end screen: analysis.summary (issue 30)
        summary.append(f"\n{lines[0]}", style="")
        summary.append(f"\nScore: {score(state).describe()}", style="")
        for line in end_report(state):
            summary.append(f"\n{line}", style="bold")
        for line in lines[1:]:
            summary.append(f"\n{line}", style="")
        if self.game.seed is not None:
            summary.append(f"\nSeed {self.game.seed}, level {state.settings.level}.", style="dim")
        self.console.print(Panel(summary, title="The end", expand=False))
        try:
            self.offer_analysis()
            self.offer_save("Save this game? File name (Enter: no) > ")
        except EOFError:
            self.console.print("\nNot saved.")

    def offer_analysis(self) -> None:
        """At the end: ``analyse`` judges every Roman decision (cli/analyse.py, as
        ``tetrarchia analyse FILE`` does); Enter goes on to the offer to save."""
        answer = self.input_fn("Type analyse to have every decision judged by the AI, Enter to "
                               "go on > ").strip().lower()
        if answer not in ("analyse", "analyze", "a"):
            return
        result = run_analysis(self.game, self.console, self.analysis_seconds, self.analysis_samples,
                              seed=1, workers=1, show_progress=self.interactive)
        print_analysis(result, self.game.board, self.console)


def seats_of(ai: AiSeats | None) -> AutoPlayer | None:
    """The ``--ai`` seats (``cli.advice.AiSeats``) as the play loop's autoplay hook."""
    if ai is None:
        return None
    seats = ai

    def play(state: State, legal: list[Action]) -> tuple[Action, str] | None:
        return seats.move(state, legal) if seats.plays(state) else None

    return play


class Numbering:
    """Stable numbers (issue 8).  Within a decision the numbers never change; through one
    Emperor's Roman phase an action keeps its number as long as it stays in the list, and the
    number of an action that left the list is not given to another one in the next list, so a
    number typed from the list one action old never plays something else: it says why that
    action is gone.  New actions take the lowest free numbers.  Every other decision (an entry,
    a fleet, an option's decision) is numbered afresh, 1 to N."""

    def __init__(self) -> None:
        self.scope: tuple[object, ...] = ()
        self.log_length = -1
        self.numbers: dict[Action, int] = {}
        self.gone: dict[int, Action] = {}  # numbers of the actions that left at the last update

    def of(self, state: State, legal: list[Action], log_length: int) -> dict[Action, int]:
        """The number of each action of the list, in this scope."""
        if state.awaiting is Awaiting.ROMAN_ACTION:
            scope: tuple[object, ...] = (state.round, state.turn, state.awaiting)
        else:
            scope = (state.round, state.turn, state.awaiting, log_length)
        if scope != self.scope:
            self.scope, self.numbers, self.gone = scope, {}, {}
        elif log_length == self.log_length:
            return self.numbers  # the same decision: the same numbers
        self.log_length = log_length
        shown = numbered(state, legal)
        kept = {a: n for a, n in self.numbers.items() if a in shown}
        self.gone = {n: a for a, n in self.numbers.items() if a not in kept}
        taken = set(kept.values()) | set(self.gone)
        free = (n for n in range(1, len(shown) + len(taken) + 2) if n not in taken)
        self.numbers = {a: kept[a] if a in kept else next(free) for a in shown}
        return self.numbers

    def action(self, number: int) -> tuple[Action | None, bool]:
        """The action of ``number`` and whether it is in the list now (False: it just left)."""
        for action, n in self.numbers.items():
            if n == number:
                return action, True
        return self.gone.get(number), False


def gone_reason(state: State, action: Action) -> str:
    """Why an action of the list is no longer legal, in the engine's words."""
    try:
        apply_action(state.copy(), action)
    except TetrarchiaError as exc:
        return str(exc)
    return "it is not among the actions now"


class _Quit(Exception):
    """The players left the game."""
