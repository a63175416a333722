"""The board as plain text, for the environments' ``render_mode="ansi"``: the terminal game's
own drawing (``render.board_text.render_board``) without colours."""

from __future__ import annotations

import io

from rich.console import Console

from tetrarchia.core.state import State
from tetrarchia.render.board_text import render_board


def board_text(state: State, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(
        render_board(state, width))
    return out.getvalue()
