"""The texts of terminal play: what is told when a game starts or is resumed (the help and the
rules in brief: cli/helptext.py)."""

from __future__ import annotations

from pathlib import Path

from tetrarchia.cli.optioninfo import SCENARIO, options_summary
from tetrarchia.cli.phase import phase_summary
from tetrarchia.core.actions import Roll
from tetrarchia.core.events import Event, GameEnds, PhaseEnded, TurnBegins
from tetrarchia.core.notation import format_action
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.game import Game
from tetrarchia.render.board_text import is_setup
from tetrarchia.seats import seating


def game_intro(game: Game, loaded_from: str | Path | None = None) -> list[str]:
    """What is told before the first decision: the level, the seed, the seats, the decisions."""
    settings = game.state.settings
    level = settings.level
    fleets = f"{level.fleets} fleet{'s' if level.fleets > 1 else ''}"
    armies = f"arm{'ies' if level.armies != 1 else 'y'}"
    if any(REGISTRY[k].family == SCENARIO for k in settings.options):
        # R13: the level describes the scenario's setup (general revolt 6 + R, its own armies)
        setup = (f"the general revolt ({6 + level.revolts} revolts) and the scenario's "
                 f"{level.armies} {armies}")
    else:
        setup = (f"{level.revolts} additional revolt{'s' if level.revolts != 1 else ''}, "
                 f"{level.armies} initial {armies}")
    lines = [f"TETRARCHIA, level {level}: {level.garrisons} garrisons per Emperor, {fleets}, "
             f"{setup}."]
    if loaded_from is not None:
        lines.append(f"Resumed from {loaded_from}: {len(game.log)} actions played.")
    if game.seed is not None:
        lines.append(f"Seed {game.seed}: play the same dice again with --seed {game.seed}.")
    lines += seating(settings)
    options = options_summary(settings)
    if options:
        lines.append(options)
    for key in settings.options:
        module = REGISTRY[key]
        if module.family == SCENARIO:
            lines.append(f"Scenario {module.title}: {module.summary}")
    once = "once per spreading or uprising" if settings.broken_link_once else "at every crossing"
    lines.append(
        f"Decisions: D2 new armies advance at once: {'yes' if settings.new_armies_advance else 'no'}; "
        f"D3 a broken link is rolled {once}; D6 support group: {settings.support_group.value}."
    )
    board = game.board
    if not board.source.startswith("tetrarchia/"):
        lines.append(f"Board: {board.source}.")
    return lines


def recap(game: Game) -> list[str]:
    """Where a loaded game stands (issue 8, ``--load`` and ``--resume``): the round and the turn,
    the last Barbarian phase summed up, and what was done since the turn began."""
    board = game.board
    state = game.state
    last_phase: list[Event] = []
    gathering: list[Event] | None = None
    this_turn: list[str] = []
    for action, _after, events in game.replay():
        if not isinstance(action, Roll):
            this_turn.append(format_action(action, board))
        for event in events:
            if isinstance(event, PhaseEnded):
                gathering = []
            elif gathering is not None:
                gathering.append(event)
                if isinstance(event, (TurnBegins, GameEnds)):
                    last_phase, gathering = gathering, None
            if isinstance(event, TurnBegins):
                this_turn = []
    lines: list[str] = []
    if state.is_over:
        lines.append("The game is over.")
    elif is_setup(state):
        lines.append("The setup (R3) is still going on.")
    else:
        lines.append(f"Round {state.round}, {state.turn.title}'s turn; secured borders "
                     f"{state.secured_borders()}/6; reserves: unrest {state.unrest_reserve}, "
                     f"revolt {state.revolt_reserve}.")
    if last_phase:
        lines.append("The last Barbarian phase: " + " ".join(phase_summary(last_phase, board)))
    if this_turn:
        lines.append("Since the turn began: " + "; ".join(this_turn) + ".")
    return lines
