"""The summary of a Barbarian phase (R7) for the terminal: what the dice did, in a few lines,
after the blow-by-blow narration (which scrolls away on an 80x24 terminal).  ``last`` shows the
last phase again."""

from __future__ import annotations

from collections.abc import Sequence

from tetrarchia.core import events as ev
from tetrarchia.core.board import Board
from tetrarchia.core.pieces import GARRISON, Piece


def _names(board: Board, provinces: Sequence[int]) -> str:
    return ", ".join(board.name(p) for p in dict.fromkeys(provinces))


def phase_summary(events: Sequence[ev.Event], board: Board) -> list[str]:
    """The Barbarian phase told by ``events`` (from the end of a Roman phase to the next turn),
    one line per kind of thing that happened; empty when nothing did."""
    unrest: list[int] = []
    revolts: list[int] = []
    uprisings: list[int] = []
    protected: list[int] = []
    armies: list[str] = []
    removed: list[str] = []
    lost: list[str] = []
    battles: list[str] = []
    for e in events:
        if isinstance(e, ev.UnrestPlaced):
            unrest.append(e.province)
        elif isinstance(e, (ev.UnrestRevolts, ev.UnrestSpreads)):
            revolts.append(e.province)
        elif isinstance(e, ev.UprisingSpreads):
            revolts.append(e.province)
            if e.replaced >= GARRISON:
                lost.append(f"the garrison in {board.name(e.province)}")
        elif isinstance(e, ev.UprisingStarts):
            uprisings.append(e.province)
        elif isinstance(e, ev.ActivityProtected):
            protected.append(e.province)
        elif isinstance(e, ev.ArmyPlaced):
            armies.append(f"a new army in {board.name(e.border)}")
        elif isinstance(e, ev.ArmyAdvances):
            armies.append(f"{board.name(e.origin)} → {board.name(e.dest)}")
            if e.replaced >= GARRISON:
                lost.append(f"the garrison in {board.name(e.dest)}")
        elif isinstance(e, ev.ArmyStopped):
            armies.append(f"{board.name(e.province)} held by a broken link")
        elif isinstance(e, ev.ArmyBlocked):
            armies.append(f"{board.name(e.province)} blocked")
        elif isinstance(e, ev.ArmyDestroyed):
            armies.append(f"the army in {board.name(e.army_province)} destroyed")
        elif isinstance(e, ev.Battle):
            winner = {ev.Outcome.ROMAN: "the Romans win", ev.Outcome.BARBARIAN: "the army wins",
                      ev.Outcome.DRAW: "a draw"}[ev.Outcome(e.outcome)]
            battles.append(f"{Piece(e.piece).title} in {board.name(e.piece_province)} against the "
                           f"army in {board.name(e.army_province)}: {e.roman_value} to "
                           f"{e.barbarian_value}, {winner}")
        elif isinstance(e, ev.FigureRemoved):
            removed.append(f"{Piece(e.piece).title} ({board.name(e.province)})")
        elif isinstance(e, ev.GameEnds):
            removed.append("the game ends")
    # places first (named once each, in order), then the stories
    named = (("Unrest", unrest), ("New revolts", revolts), ("Uprisings", uprisings),
             ("Protected", protected))
    told = (("Armies", armies), ("Battles", battles), ("Lost", lost), ("Off the board", removed))
    return ([f"{head}: {_names(board, items)}." for head, items in named if items]
            + [f"{head}: {'; '.join(items)}." for head, items in told if items])
