"""The public API (docs/api.md): names importable from ``tetrarchia``, the Player protocol and its
registry, per-seat returns, and push/pop undo inside ``Game``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tetrarchia as t
from conftest import game_at_roman_phase
from tetrarchia.core.errors import OptionError, TetrarchiaError
from tetrarchia.core.state import Awaiting
from tetrarchia.simulate import play_game, simulate


def test_every_public_name_is_importable() -> None:
    for name in t.__all__:
        assert getattr(t, name) is not None, name


def test_a_whole_game_through_the_public_names() -> None:
    game = t.Game.new(t.Settings(level=t.Level.parse("4211")), seed=7)
    player = t.make_player("random", seed=1)
    rng = random.Random(1)
    while not game.state.is_over:
        if game.state.awaiting is t.Awaiting.ROLL:
            assert t.deciding_seat(game.state) is None
            outcomes = t.chance_outcomes(game.state)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            game.roll()
        else:
            legal = t.legal_actions(game.state)
            game.play(player.decide(game.state, legal, rng, t.UNLIMITED))
    # R8: the Emperors win or lose together; the Barbarian seat (R12.6) wins when they lose
    if game.state.result.is_defeat:
        assert t.returns(game.state) == (-1.0, -1.0, -1.0, -1.0, 1.0)
    else:
        assert game.state.result is t.Result.ROMA_VICTRIX
        assert t.returns(game.state) == (1.0, 1.0, 1.0, 1.0, -1.0)


def test_returns_are_zero_while_the_game_goes_on() -> None:
    assert t.returns(t.new_game()) == (0.0,) * 5


class FirstAction:
    """A minimal player: any object with ``name`` and ``decide`` is a Player."""

    name = "first"

    def decide(self, state: t.State, legal_actions: list[t.Action], rng: random.Random,
               budget: t.Budget) -> t.Action:
        return legal_actions[0]


@pytest.fixture
def first_player() -> Iterator[None]:
    """"first" registered for one test only: left in the registry, it would be a player whose
    words the catalogues lack for every test run after this one (i18n --check, the page's list
    of players: tests/render/ runs after tests/cli/)."""
    t.register_player("first", "always the first legal action", lambda seed: FirstAction())
    yield
    del t.PLAYERS["first"]


@pytest.mark.usefixtures("first_player")
def test_a_registered_player_plays_in_the_simulator() -> None:
    assert isinstance(FirstAction(), t.Player)
    with pytest.raises(ValueError, match="already registered"):
        t.register_player("first", "again", lambda seed: FirstAction())
    report = simulate(t.Settings(), games=3, seed=5, player="first")
    assert report.player == "first" and report.games == 3
    # the same seed gives the same game, even after another game: the player is deterministic,
    # the dice are seeded and nothing is shared between games
    first = play_game(t.Settings(), 5, player="first")
    other = play_game(t.Settings(), 6, player="first")
    assert play_game(t.Settings(), 5, player="first") == first
    assert other != first  # another seed, other dice: the comparison can tell games apart


def test_a_game_is_shown_at_the_start_of_every_roman_phase() -> None:
    # R4: each Emperor's turn starts with his Roman phase; the hook sees every one of them once,
    # before his first action (or his entry), and the game it watches plays as without it
    seen: list[tuple[int, int, Awaiting, int]] = []

    def watch(state: t.State) -> None:
        seen.append((state.turns_played, int(state.turn), state.awaiting, state.ip))

    end = play_game(t.Settings(), 7, player="heuristic", at_phase=watch)
    assert end == play_game(t.Settings(), 7, player="heuristic")
    assert [turn for turn, *_ in seen] == list(range(len(seen)))
    assert len(seen) in (end.turns_played, end.turns_played + 1)  # the last phase may end it
    assert [emperor for _, emperor, *_ in seen] == [i % 4 for i in range(len(seen))]  # R4's order
    assert all(awaiting in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY) for *_, awaiting, _ in seen)
    assert all(ip == 6 for *_, ip in seen)  # R5: 6 IP, none spent yet


def test_an_unknown_player_is_refused_with_the_known_names() -> None:
    with pytest.raises(OptionError, match=r"unknown player .alphago.; the players are: .*random"):
        t.make_player("alphago")


def test_random_player_never_touches_the_state() -> None:
    state = t.new_game()
    game = t.Game.from_position(state, seed=3)
    game.roll_until_decision()
    before = game.state.copy()
    t.RandomPlayer(2).decide(game.state, t.legal_actions(game.state), random.Random(2), t.UNLIMITED)
    assert game.state == before


def test_budget_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        t.Budget(seconds=0)
    with pytest.raises(ValueError):
        t.Budget(simulations=0)


def test_undo_pops_decisions_back_to_the_last_die() -> None:
    game = game_at_roman_phase(11)
    start, log, pending = game.state.copy(), len(game.log), len(game.undoable)
    first = next(a for a in t.legal_actions(game.state) if not isinstance(a, t.EndPhase))
    game.play(first)
    middle = game.state.copy()
    second = next(a for a in t.legal_actions(game.state) if not isinstance(a, t.EndPhase))
    game.play(second)
    assert game.undo() == second and game.state == middle
    assert game.undo() == first and game.state == start and len(game.log) == log
    assert len(game.undoable) == pending  # the fleets and the entry since the last die remain


def test_undo_never_takes_back_a_die() -> None:
    game = game_at_roman_phase(11)
    game.play(t.EndPhase(game.state.turn))
    game.roll()
    with pytest.raises(TetrarchiaError, match="dice are never taken back"):
        game.undo()
