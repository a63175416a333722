"""Fuzzing helpers shared by ``tests/core/test_fuzz.py`` (Hypothesis, a few seconds) and
``bench/fuzz.py`` (the long run, its table of counts).

Every input is made from a ``random.Random`` seed, so a failure is replayed from its seed alone.
Five categories, as in issue 7: illegal actions, notation strings, saved games, positions, board
files.  Each ``try_*`` function runs one input and answers with an :class:`Outcome`:

- ``refused``: a :class:`TetrarchiaError`, and the state unchanged;
- ``accepted``: a sound result (a legal action applied, a file that loads into a playable game);
- ``crash``: any other exception (the message says which);
- ``broken``: accepted although wrong (an illegal action applied, a refusal that changed the state,
  a file loaded into a state that breaks the rules or cannot be played on).

The oracle of ``broken`` is written apart from ``core/validate.py`` (the code under test): it
counts the discs itself, replays the loaded game on a copy with random actions, and reloads its
own save.
"""

from __future__ import annotations

import dataclasses
import json
import random
import tomllib
import typing
from collections.abc import Callable, Iterator
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any, Literal

import tetrarchia.options  # noqa: F401  (registers the optional rules and their actions)
from conftest import (
    black_of,
    burned_of,
    dux_place,
    glory_of,
    gray_of,
    pirates_at,
    rebels_of,
    skip_of,
    vicarius_place,
)
from tetrarchia.core import actions as base_actions
from tetrarchia.core.actions import EndPhase, OptionAction
from tetrarchia.core.board import Board, default_board, parse_board
from tetrarchia.core.engine import Boundary, apply_action, legal_actions, resume
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.jsontext import parse_json
from tetrarchia.core.notation import format_action, parse_action, resolve
from tetrarchia.core.pieces import (
    ARMY,
    DISCS_PER_RESERVE,
    EMPERORS,
    GARRISON,
    GOTHS,
    REBEL,
    REVOLT,
    UNREST,
    Emperor,
    Piece,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import PLACE_FLEETS, piece_at
from tetrarchia.game import Game

Verdict = Literal["refused", "accepted", "crash", "broken"]
CATEGORIES = ("actions", "notation", "saves", "positions", "boards")


@dataclasses.dataclass(frozen=True)
class Outcome:
    verdict: Verdict
    detail: str = ""


# --- the corpus: seeded games of several option sets ---------------------------------------------

CONFIGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("4211", ()),
    ("5300", ()),
    ("3122", ()),
    ("4211", ("dux", "vicarius", "pirates", "goths", "imperivm", "mare-nostrvm", "via-romana",
              "vsvrpator", "roma-aeterna", "barbaria", "diarchia", "patres-patriae")),
    ("4211", ("imperivm-1st", "the-great", "barbaria")),
    ("4221", ("carausian-revolt", "vicarius", "imperivm")),
    ("4222", ("danubian-wars", "dux")),
    ("5311", ("mare-nostrvm", "via-romana")),
    # issue 31: every scenario, and games of each optional rule with a record of its own
    ("4221", ("mauretanian-war",)),
    ("4222", ("great-persian-war", "roma-aeterna")),
    ("4221", ("carausian-revolt", "goths", "barbaria")),
    ("4222", ("danubian-wars", "vsvrpator", "imperivm-1st")),
    ("4211", ("dux",)),
    ("4111", ("pirates", "vicarius")),
    ("4212", ("goths", "vsvrpator", "roma-aeterna")),
    ("4211", ("barbaria", "patres-patriae")),
)

# R13, from the rules' text (not from options/scenarios.py): each scenario's rebels as (border,
# the sea zone a Roman fleet needs to attack it), and the Emperor whose turn starts it
REBELS = {"carausian-revolt": {("britannia", 1)}, "mauretanian-war": {("gaetvlia", 1)},
          "great-persian-war": {("persia", 3), ("libya", 3)}, "danubian-wars": set()}
FIRST = {"carausian-revolt": 2, "mauretanian-war": 3}


def settings_of(level: str, options: tuple[str, ...]) -> Settings:
    players = 2 if "the-great" in options else 1
    return Settings(level=Level.parse(level), options=options, players=players)


@cache
def corpus_games() -> tuple[Game, ...]:
    """Seeded random games of every configuration, stopped at different moments."""
    games = []
    for i, (level, options) in enumerate(CONFIGS):
        for seed in range(3):
            rng = random.Random(1000 * i + seed)
            game = Game.new(settings_of(level, options), seed=seed)
            for _ in range(rng.choice((0, 5, 40, 150, 400, 3000))):
                if game.state.is_over:
                    break
                if game.state.awaiting is Awaiting.ROLL:
                    game.roll()
                else:
                    legal = legal_actions(game.state)
                    game.play(legal[rng.randrange(len(legal))])
            games.append(game)
    return tuple(games)


@cache
def corpus_states() -> tuple[State, ...]:
    """States at every kind of moment (setup, rolls, Roman phases, decisions, the end)."""
    states: list[State] = []
    for game in corpus_games():
        state = game.start.copy()
        for n, action in enumerate(game.log):
            if n % 7 == 0 or state.awaiting is Awaiting.DECISION:
                states.append(state.copy())
            apply_action(state, action)
        states.append(state.copy())
    for k, state in enumerate(states[::3]):  # machines paused where a phase or a turn begins
        if state.awaiting is not Awaiting.ROMAN_ACTION:
            continue
        game = Game.from_position(state.copy(), seed=k)
        legal = legal_actions(game.state)
        ending = [a for a in legal if isinstance(a, EndPhase)] or legal
        game.play(ending[0], until=Boundary.PHASE_END)
        if game.state.awaiting is Awaiting.RUN:  # where the Barbarian phase begins
            states.append(game.state.copy())
        for until in (Boundary.PHASE_END, Boundary.TURN_END)[:1 + k % 2]:
            game.advance(until)
        if game.state.awaiting is Awaiting.RUN:
            states.append(game.state.copy())
    return tuple(states)


@cache
def corpus_saves() -> tuple[str, ...]:
    """Saved games from the setup, and games started from a position (their ``start`` is one)."""
    saves = [json.dumps(game.to_json()) for game in corpus_games()]
    for i, state in enumerate(corpus_states()[::4]):
        if state.is_over:
            continue
        game = Game.from_position(state.copy(), seed=i)
        rng = random.Random(i)
        for _ in range(rng.choice((0, 3, 20))):
            if game.state.is_over:
                break
            if game.state.awaiting is Awaiting.RUN:
                game.advance()
            elif game.state.awaiting is Awaiting.ROLL:
                game.roll()
            else:
                legal = legal_actions(game.state)
                game.play(legal[rng.randrange(len(legal))])
        saves.append(json.dumps(game.to_json()))
    return tuple(saves)


@cache
def board_text() -> str:
    return resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")


@cache
def board_data() -> dict[str, Any]:
    """The shipped board as TOML data (mutate_data copies it before changing anything)."""
    return tomllib.loads(board_text())


# --- values that break things --------------------------------------------------------------------

WEIRD_TEXT = ("", " ", "²", "٣", "١٢", "II:5", "roma", "Roma ", "garrison Maximian", "garrison",
              "revolt", "unrest", "dead", "reserve", "pirates", "x" * 300, "\u0000", "\ud7ff",
              "ROMA", "ii:5", "1", "-1", "3.0", "true", "null", "Mare", "zone 2", "🜲", "\n",
              "Germania", "germania_superior", "Diocletian", "dux", "Dux", "vicarius")
WEIRD_NUMBERS = (0, 1, 2, 3, 4, 5, 6, 7, 12, 21, 22, 41, 47, 48, 49, 100, 1000, 65535, 65536,
                 -1, -2, -3, -48, 10**12, -(10**12), 2**63, 10**39, 10**40)


def weird_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type, often one of the edge cases above."""
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(WEIRD_NUMBERS)
    if roll < 0.55:
        return rng.choice(WEIRD_TEXT)
    if roll < 0.65:
        return rng.choice((None, True, False, 1.5, 3.0, -0.0, 1e300))
    if roll < 0.75 and depth < 3:
        return [weird_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if roll < 0.82 and depth < 3:
        return {rng.choice(WEIRD_TEXT): weird_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    if roll < 0.86:
        return nested(rng.choice((20, 200, 2000)))
    if roll < 0.9:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 12)))
    return rng.randrange(-100, 100)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every node's path, down to depth 12 (deeper nests are the fuzzer's own, left whole)."""
    yield path
    if len(path) >= 12:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _copy(data: Any) -> Any:
    """A deep copy that leaves the fuzzer's own deep nests shared (``deepcopy`` recurses)."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data] if _shallow(data) else data
    return data


def _shallow(data: Any) -> bool:
    for _ in range(20):
        if not isinstance(data, list) or not data:
            return True
        data = data[0]
    return False


def mutate_data(rng: random.Random, data: Any, rounds: int | None = None) -> Any:
    """A copy of JSON-like ``data`` with one to three nodes replaced, removed, added, swapped,
    duplicated or nudged."""
    data = _copy(data)
    for _ in range(rounds or rng.randrange(1, 4)):
        paths = list(_paths(data))
        path = rng.choice(paths)
        if not path:
            if rng.random() < 0.1:
                return weird_value(rng)
            continue
        parent = _get(data, path[:-1])
        key = path[-1]
        node = parent[key]
        move = rng.random()
        if move < 0.35:
            parent[key] = weird_value(rng)
        elif move < 0.5:
            del parent[key]
        elif move < 0.6 and isinstance(node, int) and not isinstance(node, bool):
            parent[key] = node + rng.choice((-1, 1, -2, 2, 10, -10)) if rng.random() < 0.8 \
                else node * rng.choice((-1, 1000, 10**9))
        elif move < 0.7 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), _copy(node))  # duplicate
        elif move < 0.8 and isinstance(parent, list) and len(parent) > 1:
            i, j = rng.randrange(len(parent)), rng.randrange(len(parent))
            parent[i], parent[j] = parent[j], parent[i]  # reorder (tasks, the log)
        elif move < 0.9 and isinstance(parent, dict):
            other = rng.choice(paths)
            parent[rng.choice((*parent.keys(), *WEIRD_TEXT[:12]))] = _copy(_get(data, other))
        else:
            other = _get(data, rng.choice(paths))
            parent[key] = _copy(other)  # another node of the same document
    return data


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with one to three spans cut, repeated, replaced or sprinkled with odd characters."""
    for _ in range(rng.randrange(1, 4)):
        if not text:
            return rng.choice(WEIRD_TEXT)
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.choice((1, 1, 2, 5, 40)))
        move = rng.random()
        if move < 0.25:
            text = text[:i] + text[j:]
        elif move < 0.45:
            text = text[:i] + rng.choice(WEIRD_TEXT) + text[i:]
        elif move < 0.6:
            text = text[:j] + text[i:j] + text[j:]
        elif move < 0.75:
            digits = {"0": "٠", "1": "¹", "2": "²", "3": "³", "4": "٤", "5": "۵"}
            text = text[:i] + "".join(digits.get(c, c) for c in text[i:j]) + text[j:]
        elif move < 0.85:
            text = text[:i]  # a save cut short
        else:
            text = text[:i] + chr(rng.randrange(32, 0x3000)) + text[j:]
    return text


# --- the oracle: is an accepted state sound? ------------------------------------------------------


def unsound(state: State, rng: random.Random, steps: int = 40) -> str | None:
    """Why a state that was accepted is broken (None: it is sound).  Independent of
    core/validate.py: it counts for itself and plays on a copy."""
    why = _table_unsound(state)
    if why:
        return why
    try:
        again = position_from_json(json.loads(json.dumps(position_to_json(state))), state.board)
    except TetrarchiaError as exc:
        return f"its own save does not load: {exc}"
    if again != state:
        return "its own save loads into another state"
    trial = state.copy()
    for step in range(steps):
        if trial.is_over:
            return None
        if trial.awaiting is Awaiting.RUN:  # paused where a phase or a turn begins: run on
            resume(trial)
            continue
        legal = legal_actions(trial)
        if not legal:
            return f"stuck at step {step}: nothing legal while awaiting {trial.awaiting.name}"
        apply_action(trial, legal[rng.randrange(len(legal))])  # a crash here is reported as one
        why = _table_unsound(trial)
        if why:
            return f"after {step + 1} actions: {why}"
    return None


def _table_unsound(state: State) -> str | None:
    disc, figure = state.disc, state.figure
    level = state.settings.level.garrisons
    if disc.count(UNREST) + state.unrest_reserve + sum(glory_of(state)) + gray_of(state) != DISCS_PER_RESERVE:
        return "unrest discs not conserved"
    if disc.count(REVOLT) + state.revolt_reserve + black_of(state) != DISCS_PER_RESERVE:
        return "revolt discs not conserved"
    if min(state.unrest_reserve, state.revolt_reserve, *state.garrisons, *glory_of(state)) < 0:
        return "a negative count"
    for e in EMPERORS:
        if disc.count(GARRISON + e) + state.garrisons[e] + burned_of(state)[e] != level:
            return f"{e.title}'s garrisons not conserved"
    if sum(1 for f in figure if ARMY <= f <= REBEL) > 3 or figure.count(GOTHS) > 1:
        return "too many armies"
    options = state.settings.options
    for piece in Piece:
        p = piece_at(state, piece)
        if p >= 0 and figure[p] != piece.figure and piece != state.passer:
            return f"{piece.title} is not where he stands"
        if p < 0 and piece.figure in figure:
            return f"{piece.title} is off the board and on it"
    for name, present in (("dux", dux_place(state) != -1), ("vicarius", vicarius_place(state) != -1),
                          ("pirates", pirates_at(state) != 0), ("goths", GOTHS in figure)):
        if present and name not in options:
            return f"the {name} without the option"
    if (gray_of(state) or black_of(state)) and "barbaria" not in options:
        return "Barbarian discs without Barbaria"
    if any(glory_of(state)) and not {"roma-aeterna", "the-great"} & set(options):
        return "glory without Roma Aeterna"
    if any(burned_of(state)) and not {"imperivm", "imperivm-1st"} & set(options):
        return "burned discs without Imperivm"
    if skip_of(state) > 3 or state.round > 10**5 or state.ip > 12:
        return "a count out of bounds"
    if (state.awaiting is Awaiting.NOTHING) != state.is_over:
        return f"awaiting {state.awaiting.name} in a game {'over' if state.is_over else 'going on'}"
    rebels = {p for p, _ in rebels_of(state)}
    if rebels != {p for p, f in enumerate(figure) if f == REBEL}:
        return "rebels and rebel figures differ"
    return _scenario_unsound(state) or _setup_unsound(state)


def _scenario_unsound(state: State) -> str | None:
    """R13: each rebel is its scenario's, on its own border and revolt, attacked from its own
    zone, listed once; the skipped turns are those before the scenario's first Emperor."""
    board = state.board
    scenario = next((key for key in REBELS if state.settings.has(key)), None)
    listed = [(board.provinces[p].id, zone) for p, zone in rebels_of(state)]
    if scenario is None:
        return "rebels without a scenario" if listed or skip_of(state) else None
    if len(set(listed)) != len(listed) or not set(listed) <= REBELS[scenario]:
        return f"rebels {listed} are not those of {scenario}"
    if any(state.disc[p] != REVOLT for p, _ in rebels_of(state)):
        return "a rebel off its revolt"
    if skip_of(state) > max(0, FIRST.get(scenario, 0) - state.turns_played):
        return f"{skip_of(state)} turns to skip after {state.turns_played} turns"
    if _in_setup(state) and set(listed) != REBELS[scenario]:
        return "a rebel missing before the first turn"
    return None


def _in_setup(state: State) -> bool:
    return any(task[0] == PLACE_FLEETS for task in state.tasks)


def _setup_unsound(state: State) -> str | None:
    """D41: before the first turn nothing of play is on the table, and no Vicarius ever stands
    on unrest or a revolt (R11.2, D16)."""
    v = vicarius_place(state)
    if v >= 0 and state.disc[v] in (UNREST, REVOLT):
        return "the Vicarius on unrest or a revolt"
    if not _in_setup(state):
        return None
    if dux_place(state) != -1 or v != -1:
        return "the Dux or the Vicarius out of the box before the first turn"
    if any(glory_of(state)) or any(burned_of(state)):
        return "glory or burned discs before the first turn"
    if "barbaria" in state.settings.options and (gray_of(state), black_of(state)) != (4, 1):
        return "the Barbarian player's discs spent before the first turn"
    if any(ARMY <= f <= REBEL and not state.board.is_border[p] for p, f in enumerate(state.figure)):
        return "an army inland before the first turn"
    return None


# --- one input of each category -------------------------------------------------------------------


def _guard(run: Callable[[], Outcome]) -> Outcome:
    try:
        return run()
    except TetrarchiaError:
        return Outcome("refused")
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # the point of fuzzing: report every other exception
        if type(exc).__name__ == "Hang":
            raise
        return Outcome("crash", f"{type(exc).__name__}: {exc}"[:300])


@cache
def action_classes() -> tuple[type, ...]:
    found: list[type] = list(typing.get_args(base_actions.BaseAction))
    pending = list(OptionAction.__subclasses__())
    while pending:
        kind = pending.pop()
        if kind.__module__.startswith("tetrarchia."):  # not a test's own extension (Summon)
            found.append(kind)
        pending.extend(kind.__subclasses__())
    return tuple(found)


def random_field(rng: random.Random, hint: Any, size: int) -> Any:
    """A value for a field of type ``hint``: mostly well typed (often out of range), sometimes
    of another type altogether."""
    if rng.random() < 0.15:
        return rng.choice((0, 1, -1, True, False, 3.0, "3", None, Emperor.GALERIUS, Piece.DUX,
                           (True,), (1.0,), [], 2**70, -(2**70), size, (1, 2, 3)))
    args = typing.get_args(hint)
    if type(None) in args:
        inner = next(a for a in args if a is not type(None))
        return None if rng.random() < 0.4 else random_field(rng, inner, size)
    if hint is int:
        return rng.choice((rng.randrange(-2, size + 2), rng.randrange(size), -1, size, 0, 1, 2, 3))
    if hint is bool:
        return rng.random() < 0.5
    if isinstance(hint, type) and issubclass(hint, Enum):
        return rng.choice(list(hint))
    if typing.get_origin(hint) is tuple:
        return tuple(rng.randrange(-1, 9) for _ in range(rng.choice((0, 1, 1, 2, 2, 3))))
    return rng.choice((0, None, "x"))


def random_action(rng: random.Random, state: State, legal: list[Any]) -> Any:
    """An action record of any kind: half the time a legal one with one field changed."""
    if legal and rng.random() < 0.5:  # a legal action with one field changed
        action = legal[rng.randrange(len(legal))]
        fields = dataclasses.fields(action)
        if not fields or rng.random() < 0.1:
            return action
        field = rng.choice(fields)
        hint = typing.get_type_hints(type(action))[field.name]
        return dataclasses.replace(action, **{field.name: random_field(rng, hint, state.board.size)})
    kind = rng.choice(action_classes())
    hints = typing.get_type_hints(kind)
    values = {f.name: random_field(rng, hints[f.name], state.board.size)
              for f in dataclasses.fields(kind)}
    return kind(**values)


def try_action(seed: int) -> Outcome:
    rng = random.Random(seed)
    states = corpus_states()
    state = states[rng.randrange(len(states))].copy()
    legal = legal_actions(state)
    try:
        action = random_action(rng, state, legal)
    except TypeError:  # a compiled record (mypyc) refuses a field of the wrong type when built
        return Outcome("refused", "refused when built")
    before = state.copy()

    def run() -> Outcome:
        try:
            apply_action(state, action)
        except TetrarchiaError:
            if state != before:
                return Outcome("broken", f"the refused {action!r} changed the state")
            return Outcome("refused")
        if action not in legal:
            return Outcome("broken", f"{action!r} is not legal but was applied")
        return Outcome("accepted")

    return _guard(run)


def random_notation(rng: random.Random, state: State) -> str:
    legal = legal_actions(state)
    if legal and rng.random() < 0.7:
        action = legal[rng.randrange(len(legal))]
        text = format_action(action, state.board, compact=rng.random() < 0.4)
        return mutate_text(rng, text) if rng.random() < 0.8 else text
    if rng.random() < 0.5:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(0, 30)))
    return " ".join(rng.choice((*WEIRD_TEXT, "roll", "r", "attacks", "from", "to", "moves", "by fleet",
                                "x", "~", "-", "@", "+", "end", "B", "cancel", "black", "army",
                                "power", "+ip", "g", "the Barbarians", "sends his garrison"))
                    for _ in range(rng.randrange(1, 8)))


def try_notation(seed: int) -> Outcome:
    rng = random.Random(seed)
    states = corpus_states()
    state = states[rng.randrange(len(states))]
    text = random_notation(rng, state)

    def run() -> Outcome:
        board = state.board
        try:
            action = parse_action(text, board)
        except TetrarchiaError:
            action = None
        if action is not None:
            again = parse_action(format_action(action, board), board)
            if again != action:
                return Outcome("broken", f"{text!r} reads as {action!r}, written back as {again!r}")
        resolve(text, legal_actions(state), board)
        return Outcome("accepted" if action is not None else "refused")

    return _guard(run)


def try_position(seed: int) -> Outcome:
    rng = random.Random(seed)
    states = corpus_states()
    data = position_to_json(states[rng.randrange(len(states))])
    board = default_board()

    def run() -> Outcome:
        if rng.random() < 0.25:
            text = mutate_text(rng, json.dumps(data))
            loaded = position_from_json(parse_json(text, "the position"), board)
        else:
            loaded = position_from_json(mutate_data(rng, data), board)
        why = unsound(loaded, rng)
        return Outcome("broken", why) if why else Outcome("accepted")

    return _guard(run)


def try_save(seed: int) -> Outcome:
    rng = random.Random(seed)
    saves = corpus_saves()
    text = saves[rng.randrange(len(saves))]

    def run() -> Outcome:
        if rng.random() < 0.3:
            data = parse_json(mutate_text(rng, text), "the saved game")
        else:
            data = mutate_data(rng, json.loads(text))
        game = Game.from_json(data)
        why = unsound(game.state, rng)
        if why:
            return Outcome("broken", why)
        again = Game.from_json(json.loads(json.dumps(game.to_json())))
        if again.state != game.state or again.log != game.log:
            return Outcome("broken", "the loaded game does not save and load again the same")
        return Outcome("accepted")

    return _guard(run)


def dump_toml(data: dict[str, Any]) -> str:
    """TOML text of board data (inline tables and arrays, as the board file is written)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v) if v == v and v not in (float("inf"), float("-inf")) else "nan"
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list) and not _shallow(v):  # the fuzzer's deep nest, written flat
            depth = 0
            while isinstance(v, list) and v:
                v, depth = v[0], depth + 1
            return "[" * depth + value(v) + "]" * depth
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{json.dumps(str(k))} = {value(x)}" for k, x in v.items()) + " }"
        return json.dumps(str(v))
    return "".join(f"{json.dumps(str(k))} = {value(v)}\n" for k, v in data.items())


def try_board(seed: int) -> Outcome:
    rng = random.Random(seed)
    text = board_text()

    def run() -> Outcome:
        if rng.random() < 0.3:
            candidate = mutate_text(rng, text)
        else:
            candidate = dump_toml(mutate_data(rng, board_data(), rng.randrange(1, 3)))
        board = parse_board(candidate, source="fuzz.toml")
        why = board_unsound(board, rng)
        return Outcome("broken", why) if why else Outcome("accepted")

    return _guard(run)


def board_unsound(board: Board, rng: random.Random) -> str | None:
    """Why a board that was accepted cannot be played on: its provinces are not found again by
    their ids, names and coordinates, or a seeded game on it fails to save, load and go on."""
    for p in board.provinces:
        for key in (p.id, p.title, p.name, *((p.coords,) if p.coords else ())):
            try:
                found = board.province(key)
            except KeyError:
                return f"{key!r} ({p.id}) is not found again"
            if found is not p:
                return f"{key!r} finds {found.id}, not {p.id}"
    game = Game.new(Settings(), board, seed=rng.randrange(1000))
    for step in range(150):
        if game.state.is_over:
            break
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
            continue
        legal = legal_actions(game.state)
        for action in legal if step % 5 == 0 else ():
            for compact in (False, True):
                if parse_action(format_action(action, board, compact), board) != action:
                    return f"{format_action(action, board, compact)!r} does not read back"
        game.play(legal[rng.randrange(len(legal))])
    again = Game.from_json(json.loads(json.dumps(game.to_json())), board)
    if again.state != game.state:
        return "a game on this board does not save and load again"
    return None


TRIERS: dict[str, Callable[[int], Outcome]] = {
    "actions": try_action,
    "notation": try_notation,
    "saves": try_save,
    "positions": try_position,
    "boards": try_board,
}

