"""Fuzzing in the suite (issue 7): notation, saved games, positions, board files and actions.

Each property holds for any input: only a TetrarchiaError is ever raised, a refusal leaves the
state as it was, and whatever is accepted is sound (a legal action; a file that loads into a state
that passes ``core/validate.py``, plays on and saves again).  The inputs come from
``tests/fuzzing.py`` (mutations of real games, saves, positions and the board file) and from
Hypothesis's own strategies; the Hypothesis profile (tests/conftest.py) bounds the examples and,
in CI, derandomizes them.  ``bench/fuzz.py --seconds N`` runs the same inputs for longer.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import Any

from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import fuzzing
from tetrarchia.core.board import default_board, parse_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import (
    BoardError,
    IllegalAction,
    InvalidNotation,
    SaveFileError,
    TetrarchiaError,
)
from tetrarchia.core.jsontext import parse_json
from tetrarchia.core.notation import parse_action, resolve
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.validate import problems
from tetrarchia.game import Game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)


def assert_sound(outcome: fuzzing.Outcome, seed: int) -> None:
    assert outcome.verdict in ("refused", "accepted"), f"seed {seed}: {outcome.verdict}: {outcome.detail}"


# --- the five categories of the long run, on seeds --------------------------------------------------


@hypothesis_settings(max_examples=300)
@given(SEEDS)
def test_actions_are_applied_only_when_legal(seed: int) -> None:
    assert_sound(fuzzing.try_action(seed), seed)


@hypothesis_settings(max_examples=300)
@given(SEEDS)
def test_notation_never_crashes(seed: int) -> None:
    assert_sound(fuzzing.try_notation(seed), seed)


@given(SEEDS)
def test_positions_load_sound_or_are_refused(seed: int) -> None:
    assert_sound(fuzzing.try_position(seed), seed)


@given(SEEDS)
def test_saved_games_load_sound_or_are_refused(seed: int) -> None:
    assert_sound(fuzzing.try_save(seed), seed)


@hypothesis_settings(max_examples=25)
@given(SEEDS)
def test_board_files_load_playable_or_are_refused(seed: int) -> None:
    assert_sound(fuzzing.try_board(seed), seed)


# --- Hypothesis's own inputs ---------------------------------------------------------------------


@given(st.text(max_size=60))
def test_any_text_is_an_action_or_invalid_notation(text: str) -> None:
    board = default_board()
    state = fuzzing.corpus_states()[len(text) % len(fuzzing.corpus_states())]
    with contextlib.suppress(InvalidNotation):
        parse_action(text, board)
    with contextlib.suppress(InvalidNotation):
        resolve(text, legal_actions(state), board)


@given(JSON)
def test_any_json_is_a_position_or_refused(data: Any) -> None:
    try:
        state = position_from_json(data, default_board())
    except SaveFileError:
        return
    assert problems(state) == []


@given(st.dictionaries(st.sampled_from(["format", "version", "settings", "discs", "emperors",
                                        "armies", "fleets", "reserves", "turn", "machine",
                                        "result", "records", "flags", "expansion", "board"]),
                       JSON, max_size=6))
def test_any_fields_make_a_position_or_are_refused(fields: dict[str, Any]) -> None:
    data = {"format": "tetrarchia-position", "version": 2, **fields}
    try:
        state = position_from_json(data, default_board())
    except SaveFileError:
        return
    assert problems(state) == []
    assert position_from_json(position_to_json(state), default_board()) == state


@given(JSON)
def test_any_json_is_a_saved_game_or_refused(data: Any) -> None:
    for candidate in (data, {"format": "tetrarchia-game", "version": 2, "log": [], "start": data}):
        try:
            game = Game.from_json(candidate)
        except SaveFileError:
            continue
        assert problems(game.state) == []


@hypothesis_settings(max_examples=30)
@given(st.text(max_size=200))
def test_any_text_is_a_board_or_a_board_error(text: str) -> None:
    with contextlib.suppress(BoardError):
        parse_board(text)


@given(st.text(max_size=80))
def test_any_text_is_json_or_a_save_file_error(text: str) -> None:
    with contextlib.suppress(SaveFileError):
        parse_json(text, "the text")


@hypothesis_settings(max_examples=200)
@given(SEEDS, st.data())
def test_refused_actions_change_nothing(seed: int, data: st.DataObject) -> None:
    states = fuzzing.corpus_states()
    state = states[seed % len(states)].copy()
    kind = data.draw(st.sampled_from(fuzzing.action_classes()))
    fields = {f: data.draw(st.one_of(st.integers(), st.booleans(), st.none(), st.floats(),
                                     st.text(max_size=3), st.sampled_from(list(Emperor)),
                                     st.sampled_from(list(Piece)),
                                     st.tuples(st.integers(-2, 8)), st.tuples(st.integers(0, 7),
                                                                              st.integers(0, 7))))
              for f in (field.name for field in dataclasses.fields(kind))}
    try:
        action = kind(**fields)
    except TypeError:  # a compiled record (mypyc) refuses a field of the wrong type when built
        return
    before = json.dumps(position_to_json(state))
    legal = legal_actions(state)
    try:
        apply_action(state, action)
    except IllegalAction:
        assert json.dumps(position_to_json(state)) == before
        return
    except TetrarchiaError as exc:  # pragma: no cover - the check below names the class
        raise AssertionError(f"{action!r} raised {type(exc).__name__}, not an IllegalAction") from exc
    assert action in legal
