"""Step through a saved game: each logged action in the notation, and what it made happen."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.optioninfo import options_summary
from tetrarchia.cli.render import RESULT_TEXT, end_report, print_events, render_board
from tetrarchia.core.actions import Roll
from tetrarchia.core.events import TurnBegins
from tetrarchia.core.notation import format_action
from tetrarchia.core.scoring import score
from tetrarchia.game import Game


def replay_game(game: Game, console: Console, input_fn: Callable[[str], str] | None = None,
                step: bool = False, final: bool = False) -> None:
    """Print the log of ``game`` with its events.  With ``step``, show the board and wait for
    Enter at the start of every Roman phase (``q`` stops); EOF on input stops too."""
    board = game.board
    settings = game.state.settings
    console.print(f"Replay: level {settings.level}, {settings.players} player(s), seed {game.seed}, "
                  f"{len(game.log)} actions.", markup=False, highlight=False)
    options = options_summary(settings)
    if options:
        console.print(options, markup=False, highlight=False)
    played = 0
    for played, (action, state, events) in enumerate(game.replay(), 1):
        if isinstance(action, Roll):
            line = Text("  dice ", style="dim")
            line.append(" ".join(str(d) for d in action.dice), style="bold")
            console.print(line)
        else:
            console.print(Text(f"{played:>4}. {format_action(action, board)}", style="bold"))
        print_events(console, events, board)
        new_turn = any(isinstance(e, TurnBegins) for e in events)
        if step and new_turn and not state.is_over and input_fn is not None:
            console.print(render_board(state, console.width))
            try:
                answer = input_fn("Enter: next Roman phase, q: stop > ")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in ("q", "quit"):
                console.print(f"Stopped after {played} of {len(game.log)} actions.")
                return
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
