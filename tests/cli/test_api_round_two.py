"""The API for programs, round two (issue 25, item 6): what an independent rule suite driving
``import tetrarchia`` found missing, each with its line in docs/api.md.

- an off-board Emperor's move, sail, secure, subdue or attack is refused ``not_on_board``;
- ``Battle``, ``PirateBattle`` and ``Purpose`` are public names;
- ``Boundary.DIE`` steps a game die by die;
- R12.5's end (scores, the Great, the objectives) and R12.6's winner are records;
- R10's seats are data (``seat_table``);
- ``Settings.from_json`` reads settings back, refusing what cannot be played.
(The position format's reserve armies and province ids: tests/core/test_position_v3.py.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tetrarchia as t
from conftest import ROOT, position, prov
from tetrarchia.core.actions import SubdueKind
from tetrarchia.core.errors import OptionError, WrongMoment
from tetrarchia.core.events import event_from_json, event_to_json
from tetrarchia.options.barbaria import BarbarianOutcome
from tetrarchia.options.roma_aeterna import (
    GREAT_OF_FOUR,
    GREAT_OF_TWO,
    SHARED_GLORY,
    GreatEmperor,
    HalfEmperor,
    IndividualScores,
    Objective,
    TetrarchyHolds,
)
from tetrarchia.render.languages import render_in

BOARD = t.default_board()
M = t.Emperor.MAXIMIAN


# --- not_on_board: the Emperor of the turn off the board, at his entry (R4) ----------------------
def _at_entry() -> t.State:
    state = position(emperors={}, discs={"II:6": "unrest"}, armies=["II:5"], fleets=[2, 3])
    assert state.awaiting is t.Awaiting.ENTRY
    return state


@pytest.mark.parametrize("action", [
    pytest.param(t.Sail(M, 2, 1), id="sail"),
    pytest.param(t.Move(M, prov("roma"), prov("etrvria")), id="move"),
    pytest.param(t.Secure(M, prov("roma")), id="secure"),
    pytest.param(t.Subdue(M, prov("II:6"), SubdueKind.REMOVE_UNREST), id="subdue"),
    pytest.param(t.Attack(M, prov("II:6"), prov("II:5")), id="attack"),
])
def test_an_off_board_emperor_is_refused_as_not_on_board(action: t.Action) -> None:
    state = _at_entry()
    before = t.position_to_json(state)
    with pytest.raises(WrongMoment) as caught:
        t.apply_action(state, action)
    assert caught.value.code is t.Refusal.NOT_ON_BOARD
    assert str(caught.value) == ("Maximian is off the board and must first enter in Roma or in "
                                 "his capital")
    assert t.position_to_json(state) == before  # a refusal changes nothing


# --- the public names -----------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "module"), [
    ("Battle", "tetrarchia.core.events"), ("PirateBattle", "tetrarchia.options.pirates"),
    ("Purpose", "tetrarchia.core.events"), ("Seat", "tetrarchia.seats"),
    ("seat_table", "tetrarchia.seats"), ("end_records", "tetrarchia.core.engine")])
def test_the_documented_names_are_exported(name: str, module: str) -> None:
    import importlib

    assert name in t.__all__
    assert getattr(t, name) is getattr(importlib.import_module(module), name)
    assert f"t.{name}" in (ROOT / "docs" / "api.md").read_text("utf-8")


# --- Boundary.DIE ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_stepping_die_by_die_is_the_same_game(seed: int) -> None:
    """Each stop waits for a die (or a decision, or the end); the log and the position are those
    of the same game advanced decision by decision."""
    def play(until: t.Boundary) -> t.Game:
        game = t.Game.new(t.Settings(options=("barbaria",)), seed=seed)
        player = t.RandomPlayer(seed)
        for _ in range(3000):
            stop = game.advance(until)
            if stop.stopped_at is t.Boundary.GAME_END:
                break
            if stop.stopped_at is t.Boundary.DIE:
                assert len(stop.rolls) <= 1 and stop.seat is None
                assert game.state.awaiting is t.Awaiting.ROLL
                request = t.pending_roll(game.state)
                assert request is not None and isinstance(request.dice, int)
                continue
            assert stop.stopped_at is t.Boundary.DECISION
            game.play(player.choose(game.state, t.legal_actions(game.state)))
        return game

    stepped, plain = play(t.Boundary.DIE), play(t.Boundary.DECISION)
    assert stepped.log == plain.log and stepped.state == plain.state


def test_a_decision_stops_the_die_boundary_before_any_roll() -> None:
    game = t.Game.new(t.Settings(), seed=7)
    game.advance()  # to the fleets
    assert game.state.awaiting is t.Awaiting.FLEET_PLACEMENT
    stop = game.advance(t.Boundary.DIE)
    assert stop.stopped_at is t.Boundary.DECISION and stop.rolls == () and stop.seat == 0


# --- R10 seats as data ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "caesar", "options", "expected"), [
    pytest.param(1, "Galerius", (), [(1, False)] * 4, id="one-player"),
    pytest.param(2, "Galerius", (), [(1, False), (1, False), (2, False), (2, False)],
                 id="east-and-west"),
    pytest.param(3, "Galerius", (), [(1, False), (1, True), (2, False), (3, False)],
                 id="three-sharing-galerius"),
    pytest.param(3, "Constantius", (), [(1, False), (2, False), (3, True), (3, False)],
                 id="three-sharing-constantius"),
    pytest.param(4, "Galerius", ("barbaria",),
                 [(1, False), (2, False), (3, False), (4, False), (5, False)],
                 id="four-and-the-barbarians"),
])
def test_r10_seats_are_data(players: int, caesar: str, options: tuple[str, ...],
                            expected: list[tuple[int, bool]]) -> None:
    settings = t.Settings.from_json({"players": players, "shared_caesar": caesar,
                                     "options": list(options)})
    table = t.seat_table(settings)
    assert [(s.player, s.shared) for s in table] == expected
    assert [s.seat for s in table] == list(range(len(expected)))
    assert [s.emperor for s in table[:4]] == list(t.Emperor)
    if options:  # R12.6: the fifth seat, the Barbarian player after the Emperors' players
        assert table[-1].emperor is None and table[-1].seat == t.BARBARIAN_SEAT
    for seat in table:
        data: dict[str, Any] = seat.to_json()
        assert data["player"] == seat.player and data["seat"] == seat.seat


# --- the end's records (R12.5, R12.6) -------------------------------------------------------------
BORDERS = ("gaetvlia", "britannia", "germania_magna", "sarmatia", "persia", "libya")


def _won(option: str, players: int, owners: tuple[str, ...],
         glory: dict[str, int] | None = None, objective: str = "players") -> t.State:
    """A Roman victory (R8): the six borders secured by ``owners``, in border order."""
    data: dict[str, Any] = {
        "format": "tetrarchia-position", "version": 2,
        "settings": {"players": players, "options": [option],
                     "params": {"the-great.objective": objective} if option == "the-great"
                     else {}},
        "discs": {b: f"garrison {who}" for b, who in zip(BORDERS, owners, strict=True)},
        "machine": {"awaiting": "nothing", "tasks": []}, "result": "roma-victrix",
        "records": {"glory": glory} if glory else {},
    }
    if glory:
        data["reserves"] = {"unrest": 21 - sum(glory.values())}
    return t.position_from_json(data, BOARD)


FOUR_TWO = ("Maximian",) * 4 + ("Constantius",) * 2  # Maximian 4, Constantius 2: the Great
EVEN = ("Diocletian", "Galerius", "Constantius", "Maximian", "Diocletian", "Galerius")


@pytest.mark.parametrize(("state", "records"), [
    pytest.param(lambda: _won("roma-aeterna", 1, FOUR_TWO),
                 [IndividualScores(0, 0, 2, 4), GreatEmperor(int(M))], id="roma-aeterna-great"),
    pytest.param(lambda: _won("roma-aeterna", 1, EVEN),
                 [IndividualScores(2, 2, 1, 1), TetrarchyHolds()], id="roma-aeterna-holds"),
    pytest.param(lambda: _won("the-great", 1, EVEN),
                 [IndividualScores(2, 2, 1, 1), Objective(SHARED_GLORY, True)],
                 id="the-great-one-player-keeps-the-tetrarchy"),
    pytest.param(lambda: _won("the-great", 1, EVEN, {"Maximian": 2}),
                 [IndividualScores(2, 2, 1, 3), HalfEmperor(int(M), False),
                  Objective(SHARED_GLORY, False)],
                 id="the-great-one-player-fails"),
    pytest.param(lambda: _won("the-great", 2, FOUR_TWO),
                 [IndividualScores(0, 0, 2, 4), GreatEmperor(int(M)),
                  Objective(GREAT_OF_TWO, True, int(M))], id="the-great-west-wins"),
    pytest.param(lambda: _won("the-great", 4, EVEN, {"Diocletian": 2}),
                 [IndividualScores(4, 2, 1, 1), GreatEmperor(0), Objective(GREAT_OF_FOUR, True, 0)],
                 id="the-great-four-players-glory"),
])
def test_r12_5_end_is_told_as_records(state: Any, records: list[t.Event]) -> None:
    won = state()
    found = t.end_records(won)
    assert found == records
    for record in found:
        assert event_from_json(event_to_json(record)) == record
        english = t.render_event(record, BOARD)
        for lang in ("es", "fr"):
            told = render_in(record, BOARD, lang)
            assert told and told != english, (lang, english)


def test_barbaria_winner_is_a_record() -> None:
    won = _won("barbaria", 1, EVEN)
    assert t.end_records(won) == [BarbarianOutcome(False)]
    assert render_in(BarbarianOutcome(True), BOARD, "fr") == "Le joueur barbare gagne : Roma est tombée."
    assert t.end_records(t.new_game(t.Settings(options=("barbaria",)))) == []  # not over yet


def test_the_end_records_example_of_docs_events_runs() -> None:
    doc = (ROOT / "docs" / "events.md").read_text("utf-8")
    example = next(block.split("```", 1)[0] for block in doc.split("```python\n")[1:]
                   if "end_records" in block.split("```", 1)[0])
    exec(compile(example, "docs/events.md", "exec"), {})


# --- Settings.from_json ---------------------------------------------------------------------------
@pytest.mark.parametrize(("data", "words"), [
    pytest.param([], "settings must be a JSON object", id="not-an-object"),
    pytest.param({"speed": 2}, "unknown settings: speed", id="unknown-setting"),
    pytest.param({"players": "two"}, "setting 'players' must be a number", id="players-text"),
    pytest.param({"players": 6}, "1 to 4 players", id="six-players"),
    pytest.param({"level": "9999"}, "garrisons per Emperor must be one of 3, 4, 5, not 9",
                 id="no-such-level"),
    pytest.param({"options": ["pirates"], "level": "4311"}, "fewer than 3 Roman fleets",
                 id="pirates-with-3-fleets"),
    pytest.param({"shared_caesar": "Nero"}, "unknown Emperor 'Nero'", id="unknown-caesar"),
])
def test_settings_from_json_refuses_what_cannot_be_played(data: Any, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        t.Settings.from_json(data)
    assert words in str(caught.value) and caught.value.code is t.Refusal.BAD_OPTIONS


@pytest.mark.parametrize("seed", range(3))
def test_settings_from_json_reads_back_what_to_json_wrote(seed: int) -> None:
    rng = random.Random(seed)
    settings = t.Settings(level=t.Level.parse(rng.choice(("4211", "5300", "3122"))),
                          players=rng.randint(1, 4),
                          options=tuple(rng.sample(("dux", "vicarius", "barbaria", "via-romana"),
                                                   2)))
    assert t.Settings.from_json(settings.to_json()) == settings
    assert t.Settings.from_json({}) == t.Settings()  # every setting has its default
