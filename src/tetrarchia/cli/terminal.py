"""Reading the players' lines from a real terminal: line editing, history and Tab completion of
names and commands where readline exists; piped input is echoed so a transcript reads like a
session."""

from __future__ import annotations

import contextlib
import sys

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.play import COMMANDS, InputFn
from tetrarchia.core.board import Board

COMMAND_WORDS = ("help", "board", "undo", "save", "score", "rules", "quit", "attack", "secure", "remove",
                 "reduce", "revolt", "unrest", "end", "sail", "fleet", "by", "to",
                 # the optional rules' words (R11-R12)
                 "dux", "vicarius", "pirates", "power", "reserve", "decline", "patres", "pass",
                 "reroll", "cancel", "black")


def terminal_input(console: Console, board: Board | None = None) -> InputFn:
    """Read a line from the terminal, with line editing, history and the completion of names and
    commands (Tab) when readline exists."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # no readline on Windows
            import readline

            words = set(COMMAND_WORDS) | {w for entry in COMMANDS for w in entry.words if len(w) > 1}
            if board is not None:
                for province in board.provinces:
                    words.update(province.title.lower().split())
            vocabulary = sorted(words)

            def complete(text: str, index: int) -> str | None:
                found = [w for w in vocabulary if w.startswith(text.lower())]
                return found[index] if index < len(found) else None

            readline.set_completer(complete)
            readline.set_completer_delims(" ")
            binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete"
            readline.parse_and_bind(binding)

    echo = not sys.stdin.isatty()

    def ask(prompt: str) -> str:
        line = console.input(Text(prompt, style="bold"))
        if echo:  # piped input: show it, so that the transcript reads like a session
            console.print(line, markup=False, highlight=False)
        elif not line:  # readline echoes no newline for an empty line after Rich's prompt: the
            console.print()  # next output would run on after the prompt (seen in tmux and xterm)
        return line

    return ask
