"""What the parts of a terminal game share (issue 25: ``PlaySession`` split by job): the game, the
console, the input and the flags saying what is to be drawn next.  The drawing is
``cli/session_view.py``, the keeping (saves, leaving) ``cli/session_keeping.py``, the input loop and
the applying of actions ``cli/play.py``, whose ``PlaySession.__init__`` sets every attribute below.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from tetrarchia.cli.advice import AiSeats
from tetrarchia.cli.autosave import Autosave
from tetrarchia.cli.numbering import Numbering
from tetrarchia.core.events import Event
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.game import Game

__all__ = ["InputFn", "SessionBase"]

InputFn = Callable[[str], str]


class SessionBase:
    """The state of one interactive game, read and written by its parts (see ``PlaySession``
    for what each attribute means)."""

    game: Game
    console: Console
    input_fn: InputFn
    ai: AiSeats | None
    show_board: bool
    autosave: Autosave | None
    interactive: bool
    pause: bool
    view_stale: bool
    board_stale: bool
    phase_events: list[Event] | None
    last_phase: list[Event]
    last_round: int
    numbering: Numbering
    marks: bool
    saved: tuple[int, Path] | None
    typed_ahead: str | None
    analysis_seconds: float | None
    analysis_samples: int

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def settings(self) -> Settings:
        return self.game.state.settings

    def refuse(self, why: str) -> None:
        self.console.print(Text(f"Refused: {why}", style="bold red"))
