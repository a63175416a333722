"""Positions at any waiting point, stepping to a boundary, and the context of a pending roll
(issue 6, item 3).

- Loading a position runs nothing: the machine runs only when the program asks (``resume``,
  ``Game.advance``).  A position whose Emperor cannot enter (D1) stands at the start of his
  Barbarian phase, paused.
- ``Game.advance(until=...)`` stops at the boundary asked, or earlier at a decision (never taken
  for the caller) or at the end; stepping never changes the game: the same seeds give the same
  game with or without stops.
- A position written at every stop (a Roman phase, an entry, the start of a Barbarian phase or of
  a turn, a decision, a roll) loads back equal and goes on the same way; a game saved paused
  loads paused.
- ``pending_roll`` names the link, the step, the region, the army or the battle a die decides.
"""

from __future__ import annotations

import json
import random

import pytest

from barbarian_helpers import activity, end_phase, phase_position
from conftest import position, prov, waiting_for
from test_option_invariants import CONFIGS, Config
from tetrarchia import (
    Attack,
    Awaiting,
    BattleRoll,
    Boundary,
    EndPhase,
    Game,
    Level,
    LinkRoll,
    RandomPlayer,
    Settings,
    legal_actions,
    pending_roll,
    position_from_json,
    position_to_json,
    resume,
    start_barbarian_phase,
)
from tetrarchia.analysis.forecast import forecast
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import Refusal, SaveFileError, WrongMoment
from tetrarchia.core.events import Event, Purpose
from tetrarchia.core.pieces import UNREST, Piece
from tetrarchia.core.state import State
from tetrarchia.core.tasks import PHASE_START_STEP, ROMAN_PHASE_STEP, BeginTurnStep, PhaseStartStep

BOARD = default_board()


def d1_position() -> State:
    """Diocletian off the board; Roma and his capital Bithynia unusable (D1)."""
    return position(turn="Diocletian", emperors={"Galerius": "roma"}, armies=["etrvria", "lvcania"],
                    discs={"etrvria": "revolt", "lvcania": "revolt", "V:6": "unrest"})


# --- loading runs nothing --------------------------------------------------------------------------


def test_loading_a_d1_position_runs_nothing_until_asked() -> None:
    state = d1_position()
    assert state.awaiting is Awaiting.RUN and legal_actions(state) == []
    assert state.tasks[-1] == PHASE_START_STEP
    assert state.disc[prov("V:6")] == UNREST  # R7.1 has not run
    events: list[Event] = []
    resume(state, events)
    assert waiting_for(state) is Awaiting.ROLL and state.roll_purpose == Purpose.ACTIVITY


def test_a_paused_position_refuses_actions_and_says_why() -> None:
    state = d1_position()
    with pytest.raises(WrongMoment) as refused:
        Game.from_position(state).play(EndPhase(state.turn))
    assert refused.value.code is Refusal.PHASE_OVER  # Diocletian's (empty) Roman phase is over


def test_a_hand_written_position_at_the_start_of_a_barbarian_phase() -> None:
    data = {"format": "tetrarchia-position", "version": 2, "discs": {"I:1": "unrest", "I:2": "revolt"},
            "emperors": {"Diocletian": "roma"}, "turn": {"emperor": "Diocletian"},
            "machine": "barbarian-phase"}
    state = position_from_json(data, BOARD)
    assert state.awaiting is Awaiting.RUN and state.tasks[-1] == PHASE_START_STEP
    assert position_from_json(json.loads(json.dumps(position_to_json(state))), BOARD) == state
    resume(state)  # R7.1: TINGITANA - BAETICA is a broken link
    request = pending_roll(state)
    assert request is not None and request.purpose is Purpose.BROKEN_LINK


def test_start_barbarian_phase_is_ending_the_phase_without_running() -> None:
    state = phase_position(discs={"I:1": "unrest", "I:2": "revolt"})
    built = start_barbarian_phase(state)
    assert state.awaiting is Awaiting.ROMAN_ACTION  # unchanged
    ended = state.copy()
    game = Game.from_position(ended)
    game.play(EndPhase(state.turn), until=Boundary.PHASE_END)
    assert game.state == built
    assert built.awaiting is Awaiting.RUN and built.ip == 0


def test_the_forecast_of_a_paused_barbarian_phase_is_that_of_ending_the_phase() -> None:
    state = phase_position(discs={"I:1": "unrest", "I:2": "revolt", "II:4": "unrest"},
                           armies=["II:6"])
    assert forecast(start_barbarian_phase(state)) == forecast(state)


def test_start_barbarian_phase_needs_a_roman_phase() -> None:
    state = d1_position()
    with pytest.raises(WrongMoment):
        start_barbarian_phase(state)


# --- stepping to boundaries ------------------------------------------------------------------------


def at_boundary(state: State, until: Boundary) -> bool:
    top = state.tasks[-1]
    if until is Boundary.PHASE_END:
        return isinstance(top, (BeginTurnStep, PhaseStartStep))
    if until is Boundary.TURN_END:
        return isinstance(top, BeginTurnStep)
    return isinstance(top, BeginTurnStep) and state.turn == 0  # ROUND_END: Diocletian's turn begins


def play_stepping(seed: int, kinds: list[Boundary], check_positions: bool,
                  settings: Settings | None = None) -> Game:
    """A seeded game played by the random player, advanced to boundaries chosen in turn."""
    game = Game.new(settings or Settings(level=Level.parse("4211")), seed=seed)
    player = RandomPlayer(seed)
    choice = random.Random(seed)
    steps = 0
    while not game.state.is_over and steps < 400:
        steps += 1
        until = choice.choice(kinds)
        stop = game.advance(until)
        state = game.state
        if stop.stopped_at is Boundary.GAME_END:
            assert state.is_over
            break
        if stop.stopped_at is Boundary.DECISION:
            assert state.awaiting in (Awaiting.ENTRY, Awaiting.ROMAN_ACTION, Awaiting.DECISION,
                                      Awaiting.FLEET_PLACEMENT), state.awaiting
            assert stop.seat is not None and legal_actions(state)
        elif until is Boundary.DIE:  # before a die, unrolled: the next advance rolls it
            assert stop.stopped_at is until and stop.reached and stop.seat is None
            assert state.awaiting is Awaiting.ROLL and pending_roll(state) is not None
        else:
            assert stop.stopped_at is until and stop.reached and stop.seat is None
            assert state.awaiting is Awaiting.RUN and at_boundary(state, until)
        if check_positions:
            check_position_round_trip(game)
        if state.awaiting not in (Awaiting.RUN, Awaiting.ROLL):
            game.play(player.choose(state, legal_actions(state)))
    return game


def check_position_round_trip(game: Game) -> None:
    """The position written here loads back equal, and runs on the same way."""
    data = json.loads(json.dumps(position_to_json(game.state)))
    loaded = position_from_json(data, BOARD)
    assert loaded == game.state
    ahead, again = game.state.copy(), loaded
    resume(ahead)
    resume(again)
    assert ahead == again


@pytest.mark.parametrize("seed", range(4))
def test_stepping_never_changes_the_game(seed: int) -> None:
    """The same seeds give the same log and end with stops at every kind of boundary as with
    none: a boundary is only a place to look."""
    plain = play_stepping(seed, [Boundary.DECISION], check_positions=False)
    stepped = play_stepping(seed, list(Boundary), check_positions=True)
    assert stepped.log == plain.log
    assert stepped.state.result is plain.state.result
    assert position_to_json(stepped.state) == position_to_json(plain.state)


@pytest.mark.parametrize("config", [c for c in CONFIGS if c.name in
                                    ("all-together", "all-together-1st", "barbaria-3rd",
                                     "great-persian-war+vicarius+imperivm-1st+mare-nostrvm-3g")],
                         ids=lambda c: c.name)
def test_stepping_with_the_optional_rules(config: Config) -> None:
    """The same with the options' decisions inside a phase (the Barbarian player's seat 4,
    Galerius's +1, Constantius's block) and their own steps."""
    for seed in range(2):
        plain = play_stepping(seed, [Boundary.DECISION], False, config.settings())
        stepped = play_stepping(seed, list(Boundary), True, config.settings())
        assert stepped.log == plain.log
        assert position_to_json(stepped.state) == position_to_json(plain.state)


def test_a_game_saved_paused_loads_paused() -> None:
    game = Game.new(Settings(level=Level.parse("4211")), seed=3)
    game.advance()
    while game.state.awaiting is not Awaiting.ROMAN_ACTION:
        game.play(legal_actions(game.state)[0])
    game.play(EndPhase(game.state.turn), until=Boundary.PHASE_END)
    assert waiting_for(game.state) is Awaiting.RUN
    stop = game.advance(Boundary.TURN_END)
    assert stop.reached and stop.rolls  # the activity at least
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.state == game.state and loaded.state.awaiting is Awaiting.RUN
    assert loaded.log == game.log
    replayed = list(loaded.replay())
    assert len(replayed) == len(game.log)


def test_a_paused_save_that_does_not_lead_to_its_log_is_refused() -> None:
    game = Game.new(Settings(level=Level.parse("4211")), seed=3)
    game.advance()
    while game.state.awaiting is not Awaiting.ROMAN_ACTION:
        game.play(legal_actions(game.state)[0])
    game.play(EndPhase(game.state.turn), until=Boundary.PHASE_END)
    data = json.loads(json.dumps(game.to_json()))
    data["final"]["discs"]["roma"] = "garrison Diocletian"
    data["final"]["reserves"]["garrisons"]["Diocletian"] -= 1
    with pytest.raises(SaveFileError, match="does not lead"):
        Game.from_json(data)


# --- the context of a pending roll -------------------------------------------------------------


def test_no_roll_pending() -> None:
    assert pending_roll(position(emperors={"Maximian": "II:3"})) is None


def test_a_broken_link_of_the_spreading_names_the_link_and_the_unrest() -> None:
    state = phase_position(discs={"I:1": "unrest", "I:2": "revolt"})
    end_phase(state)
    request = pending_roll(state)
    assert request is not None
    link = BOARD.link_between[(prov("I:1"), prov("I:2"))]
    assert request.purpose is Purpose.BROKEN_LINK and request.dice == 1
    assert request.step == "link-check" and request.for_step == "spread"
    assert request.link == LinkRoll(link.index, (link.a, link.b), 0)
    assert request.province == prov("I:1")


def test_a_broken_link_of_an_uprising_names_its_province() -> None:
    state = phase_position(discs={"I:1": "revolt"})
    end_phase(state)
    activity(state, 1, 1)
    request = pending_roll(state)
    assert request is not None and request.for_step == "uprising"
    assert request.province == prov("I:1")
    assert request.link is not None and set(request.link.provinces) == {prov("I:1"), prov("I:2")}


def test_a_broken_link_of_an_advance_names_the_army() -> None:
    # LIBYA - AEGYPTVS is broken (R7.4): the army in Libya advances towards Aegyptvs
    state = phase_position(armies=["libya"])
    end_phase(state)
    activity(state, 2, 2)
    request = pending_roll(state)
    assert request is not None and request.for_step == "army-step"
    assert request.army == prov("libya") and request.province == prov("libya")
    assert request.link is not None and prov("libya") in request.link.provinces


def test_a_battle_names_who_fights_and_where() -> None:
    state = position(discs={"I:6": "revolt", "etrvria": "garrison Maximian"},
                     emperors={"Maximian": "II:3"}, armies=["II:6"], fleets=[3])
    game = Game.from_position(state)
    game.play(next(a for a in game.legal_actions() if isinstance(a, Attack)))
    request = pending_roll(game.state)
    assert request is not None and request.purpose is Purpose.BATTLE and request.dice == 2
    assert request.battle == BattleRoll(Piece.MAXIMIAN, prov("II:6"), True)
    assert request.army == prov("II:6")


def test_an_initial_revolt_names_its_region() -> None:
    game = Game.new(Settings(level=Level.parse("4211")), seed=1)
    request = pending_roll(game.state)
    assert request is not None and request.purpose is Purpose.INITIAL_REVOLT
    assert request.step == "initial-revolt" and request.region in range(1, 7)


def test_the_roman_phase_top_task() -> None:
    # a position in a Roman phase stands on its step, not paused
    state = position(emperors={"Maximian": "II:3"})
    assert state.tasks == [ROMAN_PHASE_STEP] and state.awaiting is Awaiting.ROMAN_ACTION
