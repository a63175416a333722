"""Step through a saved game: each logged action in the notation, and what it made happen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.optioninfo import options_summary
from tetrarchia.cli.render import end_report, print_events
from tetrarchia.core.actions import Action, Roll
from tetrarchia.core.events import Event, PhaseEnded, TurnBegins
from tetrarchia.core.notation import format_action
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.scoring import score
from tetrarchia.core.state import State
from tetrarchia.game import Game
from tetrarchia.render.board_text import RESULT_TEXT, render_board


def print_step(console: Console, game: Game, number: int, action: Action, events: list[Event]) -> None:
    """One logged action (a roll as its dice) and what it made happen."""
    if isinstance(action, Roll):
        line = Text("  dice ", style="dim")
        line.append(" ".join(str(d) for d in action.dice), style="bold")
        console.print(line)
    else:
        console.print(Text(f"{number:>4}. {format_action(action, game.board)}", style="bold"))
    print_events(console, events, game.board)


@dataclass(frozen=True)
class Step:
    """The position after ``number`` actions of the log (0: the start) and what led to it."""

    number: int
    state: State
    action: Action | None
    events: list[Event]

    @property
    def begins_turn(self) -> bool:
        return any(isinstance(e, TurnBegins) for e in self.events)

    @property
    def begins_barbarian_phase(self) -> bool:
        return any(isinstance(e, PhaseEnded) for e in self.events)


NAVIGATION = ("Replay keys: Enter, the next Roman phase · + / -: one action · r N: round N · "
              "t N EMPEROR: his turn of round N · b: next Barbarian phase · p: previous Roman "
              "phase · q: stop")


def navigate(game: Game, console: Console, input_fn: Callable[[str], str]) -> bool:
    """``replay --step``: move through the game forward and back, by action, Roman phase,
    Barbarian phase, round or turn, the board shown at each stop.  False when the players
    stopped before the end (the end is then not told)."""
    steps = [Step(0, game.start.copy(), None, [])]
    for number, (action, state, events) in enumerate(game.replay(), 1):
        steps.append(Step(number, state.copy(), action, events))
    last = len(steps) - 1
    console.print(NAVIGATION, markup=False, highlight=False)
    at = 0

    def walk_to(target: int) -> int:
        """Forward, every action on the way is told; back, the position only; then the board."""
        if target > at:
            for step in steps[at + 1:target + 1]:
                assert step.action is not None
                print_step(console, game, step.number, step.action, step.events)
        else:
            console.print(f"Back at action {target} of {last}.", markup=False, highlight=False)
        console.print(render_board(steps[target].state, console.width))
        return target

    while True:
        if at == last:
            return True
        try:
            answer = input_fn("Enter: next Roman phase, q: stop (? for more) > ").strip().lower()
        except EOFError:
            answer = "q"
        words = answer.split()
        if answer in ("q", "quit"):
            console.print(f"Stopped after {at} of {last} actions.", markup=False)
            return False
        if answer in ("?", "help"):
            console.print(NAVIGATION, markup=False, highlight=False)
            continue
        target: int | None
        if not answer:
            target = next((s.number for s in steps[at + 1:] if s.begins_turn), last)
        elif answer == "+":
            target = at + 1
        elif answer == "-":
            target = max(0, at - 1)
        elif answer == "b":
            target = next((s.number for s in steps[at + 1:] if s.begins_barbarian_phase), None)
        elif answer == "p":
            target = next((s.number for s in reversed(steps[:at]) if s.begins_turn), 0)
        elif words[0] in ("r", "t") and len(words) >= 2 and words[1].isdigit():
            target = find_turn(steps, int(words[1]), " ".join(words[2:]) if words[0] == "t" else "")
        else:
            console.print(Text(f"Refused: {answer!r} is no replay command: {NAVIGATION}",
                               style="bold red"))
            continue
        if target is None:
            console.print(Text(f"Refused: no such place in this game ({last} actions)", style="bold red"))
            continue
        at = walk_to(target)


def find_turn(steps: list[Step], round_number: int, emperor: str) -> int | None:
    """The step where round ``round_number`` begins, or ``emperor``'s turn in it."""
    for step in steps:
        for event in step.events:
            if isinstance(event, TurnBegins) and event.round == round_number and (
                    not emperor or Emperor(event.emperor).title.lower().startswith(emperor)):
                return step.number
    return None


def replay_game(game: Game, console: Console, input_fn: Callable[[str], str] | None = None,
                step: bool = False, final: bool = False) -> None:
    """Print the log of ``game`` with its events.  With ``step``, move through it (``navigate``):
    Enter goes to the next Roman phase, + and - one action, r N to a round, t N EMPEROR to a
    turn, b to the next Barbarian phase, p back to the previous Roman phase; q or EOF stops."""
    settings = game.state.settings
    console.print(f"Replay: level {settings.level}, {settings.players} player(s), seed {game.seed}, "
                  f"{len(game.log)} actions.", markup=False, highlight=False)
    options = options_summary(settings)
    if options:
        console.print(options, markup=False, highlight=False)
    if step and input_fn is not None:
        if not navigate(game, console, input_fn):
            return
    else:
        for played, (action, _state, events) in enumerate(game.replay(), 1):
            print_step(console, game, played, action, events)
    end = game.state
    if final:
        console.print(render_board(end, console.width))
    if end.is_over:
        console.print(Text(RESULT_TEXT[end.result], style="bold"))
        console.print(f"Score: {score(end).describe()}", markup=False, highlight=False)
        for report in end_report(end):
            console.print(Text(report, style="bold"))
    else:
        console.print(f"The saved game goes on: round {end.round}, {end.turn.title}'s turn.",
                      markup=False, highlight=False)
