"""Terminal play: the game rolls its dice, the players type their decisions.

Input comes through an injected function (``input_fn(prompt) -> line``, raising ``EOFError`` when
input ends) and output goes to a Rich console, so tests drive a whole game with scripted lines.

Besides the Emperors' entries and Roman phases, the optional rules ask for decisions inside a
phase (``Awaiting.DECISION``): Galerius's +1 and Constantius's block (Imperivm, R12.1) and every
choice of the Barbarian player (Barbaria, R12.6).  The seat that decides is prompted with what
is being decided and the numbered choices.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from tetrarchia.cli.advice import AiSeats, advice_lines, advise
from tetrarchia.cli.decisions import decision_context, decision_word, who_decides
from tetrarchia.cli.interpret import cheapest_way, choice_hint, short_form_meant
from tetrarchia.cli.render import (
    RESULT_TEXT,
    end_report,
    numbered,
    print_events,
    render_actions,
    render_board,
)
from tetrarchia.cli.texts import HELP, RULES
from tetrarchia.core.actions import Action, EndPhase, PlaceFleet
from tetrarchia.core.engine import decider, deciding_seat, resume, roll_description
from tetrarchia.core.errors import AmbiguousAction, TetrarchiaError
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action, resolve
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.scoring import score
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.seats import player_of_seat, seat_label, seat_of

InputFn = Callable[[str], str]


class PlaySession:
    """One interactive game.  :meth:`run` returns the exit code."""

    def __init__(self, game: Game, console: Console, input_fn: InputFn, intro: list[str] | None = None,
                 show_board: bool = True, ai: AiSeats | None = None) -> None:
        self.game = game
        self.ai = ai  # the seats the AI plays (--ai), each move explained in a line
        self.console = console
        self.input_fn = input_fn
        self.intro = intro or []
        self.show_board = show_board
        self.automatic_steps: set[int] = set()  # log indices of the steps taken with no choice
        self.view_stale = True  # the board and the list are to be shown before the next prompt

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
        self.console.print("Type [bold]help[/] for the commands and the notation.")
        try:
            while not self.state.is_over:
                self.step()
        except EOFError:
            self.console.print("\nInput closed: the game was not saved.")
            return 0
        except _Quit:
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
        if self.ai is not None and self.ai.plays(state):
            action, line = self.ai.move(state, legal)
            self.console.print(line, style="cyan", markup=False, highlight=False)
            self.apply(action, automatic=True)
            return
        if self.view_stale:
            self.show(legal)
        self.handle(self.input_fn(self.prompt(legal)), legal)

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
        """The board (not before a decision inside a phase, unless ``board``) and the numbered
        actions; a decision says first what is being decided."""
        deciding = self.state.awaiting is Awaiting.DECISION
        if self.show_board and (board or not deciding):
            self.console.print()
            self.console.print(render_board(self.state, self.console.width))
        if deciding:
            self.console.print(Text(f"{who_decides(self.state)} decides: ", style="bold")
                               .append(decision_context(self.state), style=""))
        self.console.print(render_actions(self.state, legal, width=self.console.width))
        self.view_stale = False

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
            return
        if command in ("help", "?", "h"):
            self.console.print(HELP, markup=False, highlight=False)
        elif command in ("board", "b"):
            self.show(legal, board=True)
        elif command in ("actions", "list"):
            self.console.print(render_actions(self.state, legal, width=self.console.width))
        elif command == "rules":
            self.console.print(RULES, markup=False, highlight=False)
        elif command == "score":
            self.console.print(f"If the game ended now: {score(self.state).describe()}")
        elif command == "undo":
            self.undo()
        elif command == "hint":  # on copies: a hint never changes the game
            for line in advice_lines(self.state, advise(self.state, seed=len(self.game.log) + 1)):
                self.console.print(line, markup=False, highlight=False)
        elif command == "save":
            if rest.strip():
                self.save(rest.strip())
            else:
                self.refuse("save needs a file name: save FILE")
        elif command in ("quit", "exit", "q"):
            self.quit()
        elif text.isascii() and text.isdigit():  # "²" or "٣" is no action number
            items = numbered(self.state, legal)
            if len(text) > 6:  # int() of 4,301 digits raises; no list is that long anyway
                self.refuse(f"there is no action {text[:8]}...: choose 1 to {len(items)}")
                return
            n = int(text)
            if 1 <= n <= len(items):
                self.apply(items[n - 1])
            else:
                self.refuse(f"there is no action {n}: choose 1 to {len(items)}")
        elif (answer := decision_word(self.state, text, legal)) is not None:
            self.apply(answer)
        else:
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
                    self.refuse(choice_hint(self.state, legal) or str(exc))
                return
            self.apply(cheapest_way(self.state, action, legal, text))

    def refuse(self, why: str) -> None:
        self.console.print(Text(f"Refused: {why}", style="bold red"))

    # --- acting ----------------------------------------------------------------------------
    def apply(self, action: Action, automatic: bool = False) -> None:
        log_length = len(self.game.log)
        events: list[Event] = []
        try:
            self.game.play(action, events)
        except TetrarchiaError as exc:
            self.refuse(str(exc))
            return
        if automatic:
            self.automatic_steps.add(log_length)
        self.print_events(events)
        self.view_stale = True

    def roll(self) -> None:
        purpose = roll_description(self.state)
        events: list[Event] = []
        dice = self.game.roll(events)  # R1: from now on nothing before the die can be undone
        line = Text("  dice ", style="dim")
        line.append(" ".join(str(d) for d in dice.dice), style="bold")
        line.append(f"  {purpose}", style="dim")
        self.console.print(line)
        self.print_events(events)
        self.view_stale = True

    def print_events(self, events: list[Event]) -> None:
        print_events(self.console, events, self.game.board)

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

    def save(self, path: str) -> bool:
        try:
            self.game.save(path)
        except OSError as exc:
            self.refuse(f"cannot save to {path!r}: {exc.strerror or exc}")
            return False
        self.console.print(f"Saved to {path} (resume with: tetrarchia play --load {path})",
                           markup=False, highlight=False)
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
        summary.append(f"\nRound {state.round}, after {state.turns_played + 1} turns.", style="")
        summary.append(f"\nScore: {score(state).describe()}", style="")
        for line in end_report(state):
            summary.append(f"\n{line}", style="bold")
        if self.game.seed is not None:
            summary.append(f"\nSeed {self.game.seed}, level {state.settings.level}.", style="dim")
        self.console.print(Panel(summary, title="The end", expand=False))
        try:
            self.offer_save("Save this game? File name (Enter: no) > ")
        except EOFError:
            self.console.print("\nNot saved.")


class _Quit(Exception):
    """The players left the game."""
