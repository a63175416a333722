"""TETRARCHIA, the cooperative board game by Miguel Marqués, as an exact rules engine.

The public API (docs/api.md) is importable from here::

    import tetrarchia as t

    game = t.Game.new(t.Settings(level=t.Level.parse("4211")), seed=7)
    while not game.state.is_over:
        if game.state.awaiting is t.Awaiting.ROLL:
            game.roll()
        else:
            game.play(t.RandomPlayer(1).choose(game.state))

The package is layered like the rulebook: ``core`` is the pure rules engine (board, state,
actions, Roman phase, combat, Barbarian phase), ``options`` the optional rules (R11-R13),
``players`` the automatic players, ``cli`` the terminal.  Everything outside ``core`` imports it;
``core`` imports nothing of theirs.
"""

# TETRARCHIA_PURE=1: a compiled install runs the .py sources of the rules (tetrarchia.buildinfo),
# decided before anything below imports them.
from tetrarchia import buildinfo as _buildinfo
from tetrarchia.version import __version__

if _buildinfo.pure_forced():
    _buildinfo.prefer_sources()

# Importing the options registers every optional rule module (R11-R13) with the core.
from tetrarchia import options as _options  # noqa: F401
from tetrarchia.core import errors
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.board import Board, default_board, load_board
from tetrarchia.core.costs import action_cost, affordable
from tetrarchia.core.dice import DiceSource, ScriptedDice, SeededDice
from tetrarchia.core.engine import (
    BARBARIAN_SEAT,
    Boundary,
    apply_action,
    apply_trusted,
    chance_outcomes,
    decider,
    deciding_seat,
    end_records,
    legal_actions,
    new_game,
    resume,
    returns,
    start_barbarian_phase,
)
from tetrarchia.core.errors import IllegalAction, Refusal, TetrarchiaError
from tetrarchia.core.events import Battle, Event, Events, Purpose, event_from_json, event_to_json
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.rolls import BattleRoll, LinkRoll, RollRequest, pending_roll
from tetrarchia.core.rulebook import REGISTRY as OPTIONS
from tetrarchia.core.rulebook import find_module as find_option
from tetrarchia.core.scoring import Score, score
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.game import Advanced, Game
from tetrarchia.options.pirates import PirateBattle
from tetrarchia.players import PLAYERS, UNLIMITED, Budget, Player, RandomPlayer, make_player, register_player
from tetrarchia.render import render as render_event
from tetrarchia.seats import Seat, seat_table

__all__ = [
    "BARBARIAN_SEAT",
    "OPTIONS",
    "PLAYERS",
    "UNLIMITED",
    "Action",
    "Advanced",
    "Attack",
    "Awaiting",
    "Battle",
    "BattleRoll",
    "Board",
    "Boundary",
    "Budget",
    "DiceSource",
    "Emperor",
    "EndPhase",
    "Enter",
    "Event",
    "Events",
    "Game",
    "IllegalAction",
    "Level",
    "LinkRoll",
    "Move",
    "OptionAction",
    "Piece",
    "PirateBattle",
    "PlaceFleet",
    "Player",
    "Purpose",
    "RandomPlayer",
    "Refusal",
    "Result",
    "Roll",
    "RollRequest",
    "Sail",
    "Score",
    "ScriptedDice",
    "Seat",
    "Secure",
    "SeededDice",
    "Settings",
    "State",
    "Subdue",
    "SubdueKind",
    "TetrarchiaError",
    "__version__",
    "action_cost",
    "affordable",
    "apply_action",
    "apply_trusted",
    "chance_outcomes",
    "decider",
    "deciding_seat",
    "default_board",
    "end_records",
    "errors",
    "event_from_json",
    "event_to_json",
    "find_option",
    "format_action",
    "legal_actions",
    "load_board",
    "make_player",
    "new_game",
    "parse_action",
    "pending_roll",
    "position_from_json",
    "position_to_json",
    "register_player",
    "render_event",
    "resume",
    "returns",
    "score",
    "seat_table",
    "start_barbarian_phase",
]
