"""TETRARCHIA as an OpenSpiel game: ``pyspiel.load_game("python_tetrarchia", {...})``.

Importing this module registers the game (OpenSpiel's way for games written in Python)::

    import pyspiel
    import tetrarchia.research.openspiel  # noqa: F401  (registers python_tetrarchia)

    game = pyspiel.load_game("python_tetrarchia", {"level": 4211, "players": 2})

Parameters: ``level`` (R3, the four digits GFRA as a number: OpenSpiel reads ``level=4211`` back
from a game's string as a number), ``options`` (R11-R13, joined by ``+``, e.g. "dux+goths": a
comma would end the parameter in a game's string),
``players`` (R10, 1-4 players of the Emperors), ``team`` (one player for all four Emperors),
``shared_caesar`` (R10, 3 players), ``new_armies_advance`` (D2), ``broken_link_once`` (D3),
``support_group`` (D6).  An unknown level or option raises the engine's ``OptionError``.

- **Chance nodes** are the dice (R1): wherever the engine waits for a roll
  (``Awaiting.ROLL``), the state is a chance node whose outcomes are the faces of the die, or the
  36 pairs of the Roman and the Barbarian die, with the engine's probabilities
  (``chance_outcomes``: fair dice).  The numbering is :mod:`tetrarchia.research.encoding`'s.
- **Players**: one per player of R10 (seats.py), or one with ``team``; Barbaria (R12.6) adds the
  Barbarian player last.  Fleet placement at setup is Diocletian's seat's (R3.6).
- **Utility**: +1 to every Emperors' player when Roma wins, -1 when the Empire falls (R8); the
  Barbarian player the opposite.  Declared as the rules make it (issue 29): *identical* without
  the Barbarian player (a cooperative game, as OpenSpiel's Hanabi), *zero-sum* with one
  Emperors' player against him (team), *general-sum* with several (the Emperors' +1 each
  against his -1 do not sum to a constant).
- **Information**: perfect; the observation string is the position as JSON
  (docs/save-format.md), the tensor is :mod:`tetrarchia.research.observation`'s (Markov: it
  determines the deciding seat's legal actions).  The information state string is the history
  of actions (OpenSpiel's public-information observer); an information-state *tensor* is
  refused with an error (the observation tensor is the one to use): it is not silently empty.
- **Length**: the rules have no fixed length (R8 ends a game), so the adapter gives one:
  a game stops undecided, every return 0, after :data:`MAX_GAME_LENGTH` actions, chance
  outcomes included (``max_game_length``).  Random and heuristic games take at most a few
  hundred (docs/research.md).

Clone copies the engine state (``State.copy``: the board is shared); serialization is
OpenSpiel's, by the history of actions.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from tetrarchia.core.actions import Action
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, apply_trusted, deciding_seat, new_game
from tetrarchia.core.errors import OptionError
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import Awaiting, State
from tetrarchia.research.encoding import (
    MAX_CHANCE_OUTCOMES,
    action_space,
    chances,
    decode,
    describe,
    legal_ids,
    roll_of,
)
from tetrarchia.research.observation import observation_size, observe
from tetrarchia.research.table import Table, settings_from

SHORT_NAME = "python_tetrarchia"
MAX_GAME_LENGTH = 5_000  # actions and chance outcomes: random games end within 171, the
#                          heuristic's within 328 (12 rounds; docs/research.md); the longest game
#                          docs/ai.md reports took 75 turns (some 19 rounds)
MAX_PLAYERS = 5  # four Emperors' players and the Barbarian player (R10, R12.6)
DEFAULTS: dict[str, Any] = {
    "level": 4211,
    "options": "",
    "players": 1,
    "team": False,
    "shared_caesar": "Galerius",
    "new_armies_advance": True,
    "broken_link_once": True,
    "support_group": "largest",
}
_BOARD = default_board()


def game_type(utility: Any) -> pyspiel.GameType:
    """The game's type with ``utility``: the rules decide it per table (the module's docstring)."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="TETRARCHIA (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


GAME_TYPE = game_type(pyspiel.GameType.Utility.GENERAL_SUM)  # registered: the most general



class TetrarchiaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game for one choice of level, options and seats."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        if not isinstance(chosen["level"], int):
            raise OptionError(f"level {chosen['level']!r} must be a number such as 4211 (GFRA, R3)")
        self.settings = settings_from(
            level=chosen["level"], options=str(chosen["options"]),
            players=int(chosen["players"]), shared_caesar=str(chosen["shared_caesar"]),
            new_armies_advance=bool(chosen["new_armies_advance"]),
            broken_link_once=bool(chosen["broken_link_once"]),
            support_group=str(chosen["support_group"]))
        self.table = Table(self.settings, bool(chosen["team"]))
        utility, total = utility_of(self.table)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_space(_BOARD).size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.table.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=total,
            max_game_length=MAX_GAME_LENGTH,
        )
        canonical = dict(params or {})
        if "options" in canonical:  # as the engine resolved them (aliases, requirements), by "+"
            canonical["options"] = "+".join(self.settings.options)
        super().__init__(game_type(utility), info, canonical)

    def new_initial_state(self) -> TetrarchiaState:
        return TetrarchiaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The board observer for observations; OpenSpiel's history observer for information
        states (perfect information: the history is the information state), whose tensor is
        refused (:class:`HistoryObserver`)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TableObserver(params)
        return HistoryObserver(iig_obs_type, params)


def utility_of(table: Table) -> tuple[Any, float | None]:
    """OpenSpiel's utility type and constant sum for a table (the module's docstring)."""
    kinds = pyspiel.GameType.Utility
    if not table.has_barbarian:
        return kinds.IDENTICAL, None  # R8: the Emperors win or lose together
    if table.emperor_players == 1:
        return kinds.ZERO_SUM, 0.0  # R12.6: the Barbarian player gets the opposite
    return kinds.GENERAL_SUM, None


class _Held:
    """The engine state, how many actions made it, and what is computed from it; a deep copy
    (OpenSpiel's clone) copies the state the engine's way (``State.copy``: the board and
    settings are shared, immutable)."""

    __slots__ = ("legal", "length", "state", "table")

    def __init__(self, state: State, table: Table, length: int = 0) -> None:
        self.state = state
        self.table = table
        self.length = length
        self.legal: dict[int, Action] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.copy(), self.table, self.length)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the position's JSON (docs/save-format.md: a pending roll or decision loads
        as it was), the state's rule hooks being functions that do not pickle."""
        return (_unpickle, (position_text(self.state), self.table, self.length))

    @property
    def stopped(self) -> bool:
        """The game is over (R8) or stopped at the adapter's length (``MAX_GAME_LENGTH``)."""
        return self.state.is_over or self.length >= MAX_GAME_LENGTH

    def legal_ids(self) -> dict[int, Action]:
        if self.legal is None:
            self.legal = legal_ids(self.state)
        return self.legal


def _unpickle(text: str, table: Table, length: int = 0) -> _Held:
    return _Held(position_from_json(json.loads(text), _BOARD), table, length)


class TetrarchiaState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine's state, with the numbering of the encoding."""

    def __init__(self, game: TetrarchiaGame) -> None:
        super().__init__(game)
        self._held = _Held(new_game(game.settings, _BOARD), game.table)

    @classmethod
    def at(cls, game: TetrarchiaGame, state: State) -> TetrarchiaState:
        """A state of ``game`` standing where the engine's ``state`` stands (a copy of it), e.g.
        for a bot to decide from a game played elsewhere; its OpenSpiel history is empty."""
        if state.settings != game.settings:
            raise ValueError("the state was not played with the settings of this game")
        found = cls(game)
        found._held = _Held(state.copy(), game.table)
        return found

    @property
    def engine_state(self) -> State:
        """The engine's state (read it; change it only through OpenSpiel's apply_action)."""
        return self._held.state

    def current_player(self) -> int:
        state = self._held.state
        if self._held.stopped:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.awaiting is Awaiting.ROLL:
            return int(pyspiel.PlayerId.CHANCE)
        seat = deciding_seat(state)
        if seat is None:
            raise AssertionError(f"the game waits for {state.awaiting.name}, neither a seat nor dice")
        return self._held.table.player_of(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self._held.stopped else sorted(self._held.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return chances(self._held.state)

    def _apply_action(self, action: int) -> None:
        held = self._held
        state = held.state
        if state.awaiting is Awaiting.ROLL:
            apply_action(state, roll_of(action, state.roll_count))  # checked: a roll of the dice asked
        else:
            apply_trusted(state, decode(state, action, held.legal_ids()))
        held.legal = None
        held.length += 1

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._held.state
        if player == pyspiel.PlayerId.CHANCE:
            if state.awaiting is Awaiting.ROLL:
                return "roll " + " ".join(str(d) for d in roll_of(action, state.roll_count).dice)
            return f"chance outcome {action}"
        return describe(state, action, self._held.legal_ids())

    def is_terminal(self) -> bool:
        return self._held.stopped

    def returns(self) -> list[float]:
        return self._held.table.returns(self._held.state)

    def __str__(self) -> str:
        return position_text(self._held.state)


def position_text(state: State) -> str:
    """The whole position as one line of JSON (docs/save-format.md): perfect information."""
    return json.dumps(position_to_json(state), sort_keys=True, separators=(",", ":"))


class HistoryObserver(IIGObserverForPublicInfoGame):  # type: ignore[misc]
    """OpenSpiel's observer of public-information games for the information state string (the
    history); an information-state tensor is refused, never silently empty (issue 29)."""

    def set_from(self, state: TetrarchiaState, player: int) -> None:
        raise ValueError("TETRARCHIA has perfect information and gives no information-state "
                         "tensor: use observation_tensor (the whole table, Markov) or "
                         "information_state_string (the history)")


class TableObserver:
    """OpenSpiel's observer: the tensor of :mod:`tetrarchia.research.observation` and the
    position's JSON, the same for every player (perfect information)."""

    def __init__(self, params: Any) -> None:
        if params:
            raise ValueError(f"the TETRARCHIA observer takes no parameters, not {params!r}")
        self.tensor = np.zeros(observation_size(_BOARD), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TetrarchiaState, player: int) -> None:
        observe(state.engine_state, self.tensor)

    def string_from(self, state: TetrarchiaState, player: int) -> str:
        return position_text(state.engine_state)


pyspiel.register_game(GAME_TYPE, TetrarchiaGame)
