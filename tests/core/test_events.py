"""Structured events (issue 6, item 1): every record renders, round-trips through JSON and holds
consistent data, over seeded random games with every option configuration of the invariant suite
(each module alone, all together, each scenario), and the rulebook's attack example as a record.

The data checks, per record:

- a battle (R6): each side's value is (die + modifier + support) x 2^linked, the support is the
  group the rules count among the groups reported (D6: the largest, or the smallest when the
  players choose), the Dux has none (R11.1), and the outcome follows the values;
- a broken-link roll (R7.4): it holds on die + bonus of 4-6, and the link is a broken one;
- a spreading or uprising step: the link joins its two provinces, ``broken`` is the board's, and
  a broken link's die is the one rolled for it in the same action;
- the reserves a record reports are the state's at the end of the action, for the last record
  that reports them (every change of the unrest and revolt reserves is reported).

Each failure message starts with ``<config> seed=N step=K``.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from conftest import ROOT, play, position, prov, roll
from test_examples import attack_example
from test_option_invariants import CONFIGS, Config
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.events import (
    EVENT_TYPES,
    ArmyDestroyed,
    Battle,
    Event,
    FigureRemoved,
    LinkRolled,
    Outcome,
    PhaseEnded,
    Purpose,
    Removal,
    UnrestSpreads,
    UprisingSpreads,
    event_from_json,
    event_to_json,
)
from tetrarchia.core.pieces import REVOLT, Emperor, Piece
from tetrarchia.core.settings import SupportGroup
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.game import Game
from tetrarchia.options.pirates import PirateBattle
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.render import render

MAX_ACTIONS = 3000
ALL_CONFIGS = (Config("base", ()), *CONFIGS)
SEEDS_PER_CONFIG = 12  # 27 configurations x 12 = 324 games (the "300 seeded games" of issue 6)
BOARD = default_board()


def _outcome(roman: int, barbarian: int) -> int:
    if roman > barbarian:
        return Outcome.ROMAN
    return Outcome.BARBARIAN if roman < barbarian else Outcome.DRAW


def check_battle(e: Battle, state: State, where: str) -> None:
    """R6, D6, R11.1 on a battle record."""
    assert e.roman_value == (e.roman_die + e.roman_modifier + e.roman_support) << e.roman_linked, where
    assert e.barbarian_value == (e.barbarian_die + e.barbarian_modifier + e.barbarian_support) \
        << e.barbarian_linked, where
    assert 1 <= e.roman_die <= 6 and 1 <= e.barbarian_die <= 6, f"{where}: dice {e}"
    assert e.roman_modifier >= 0 and e.barbarian_modifier in (0, 1), f"{where}: modifiers {e}"
    if e.roman_modifier:  # only Galerius adds to the Roman die (R12.1)
        assert e.piece == Piece.GALERIUS and state.settings.has("imperivm"), where
    if e.barbarian_modifier:  # only the Goths add to the Barbarian die (R11.4)
        assert state.settings.has("goths"), where
    if e.piece == Piece.DUX:
        assert e.roman_groups == () and e.roman_support == 0, f"{where}: the Dux has no discs"
    assert e.roman_support == max(e.roman_groups, default=0), f"{where}: Roman support {e}"
    choose = state.settings.support_group is SupportGroup.PLAYERS_CHOOSE
    counted = min if choose else max
    assert e.barbarian_support == counted(e.barbarian_groups, default=0), f"{where}: support {e}"
    assert 0 <= e.roman_linked <= 4 and 0 <= e.barbarian_linked <= 2, f"{where}: linked {e}"
    assert e.outcome == _outcome(e.roman_value, e.barbarian_value), f"{where}: outcome {e}"


def check_pirate_battle(e: PirateBattle, where: str) -> None:
    """R11.3: the same arithmetic on the coast."""
    assert e.roman_value == (e.roman_die + e.roman_modifier + e.roman_support) << e.roman_linked, where
    assert e.pirates_value == (e.pirates_die + e.pirates_modifier + e.pirates_support) \
        << e.pirates_linked, where
    assert e.outcome == _outcome(e.roman_value, e.pirates_value), f"{where}: outcome {e}"


def check_links(events: list[Event], board: Board, where: str) -> None:
    """R7.4 rolls and the spreading steps that use them (D3)."""
    for i, e in enumerate(events):
        if isinstance(e, LinkRolled):
            assert board.links[e.link].broken, f"{where}: a roll for a normal link {e}"
            assert e.holds == (e.die + e.bonus >= 4), f"{where}: {e}"
            assert e.army < 0 or e.uprising < 0, f"{where}: two contexts {e}"
        elif isinstance(e, (UnrestSpreads, UprisingSpreads)):
            source = e.source if isinstance(e, UnrestSpreads) else e.origin
            link = board.links[e.link]
            assert {link.a, link.b} == {source, e.province}, f"{where}: wrong link {e}"
            assert e.broken == link.broken, f"{where}: {e}"
            if e.die:
                rolled = [r for r in events[:i] if isinstance(r, LinkRolled) and r.link == e.link]
                assert rolled and rolled[-1].die == e.die and rolled[-1].holds, f"{where}: {e}"
            else:
                assert not e.broken or not any(
                    isinstance(r, LinkRolled) and r.link == e.link for r in events[:i]), where


def check_reserves(events: list[Event], state: State, where: str) -> None:
    """The last record reporting a reserve agrees with the state after the action."""
    if state.result is Result.RESERVE_EMPTY:
        return  # the record announcing the missing disc reports -1
    for field, actual in (("unrest_left", state.unrest_reserve),
                          ("revolts_left", state.revolt_reserve)):
        last = next((e for e in reversed(events) if hasattr(e, field)), None)
        if last is not None:
            assert getattr(last, field) == actual, f"{where}: {field} of {last} is not {actual}"


def check_events(events: list[Event], state: State, where: str, seen: set[type[Event]]) -> None:
    board = state.board
    for e in events:
        seen.add(type(e))
        sentence = render(e, board)
        assert sentence and sentence.strip() == sentence and "{" not in sentence, \
            f"{where}: {e} renders as {sentence!r}"
        data = event_to_json(e)
        assert event_from_json(json.loads(json.dumps(data))) == e, f"{where}: {data}"
        assert all(isinstance(v, (int, str, list)) for v in data.values()), f"{where}: {data}"
        if isinstance(e, Battle):
            check_battle(e, state, where)
        elif isinstance(e, PirateBattle):
            check_pirate_battle(e, where)
    check_links(events, board, where)
    check_reserves(events, state, where)


def play_game(config: Config, seed: int, seen: set[type[Event]]) -> None:
    game = Game.new(config.settings(), BOARD, seed=seed, dice=SeededDice(seed))
    player = RandomPlayer(seed)
    step = 0
    while not game.state.is_over and step < MAX_ACTIONS:
        events: list[Event] = []
        if game.state.awaiting is Awaiting.ROLL:
            game.roll(events)
        else:
            game.play(player.choose(game.state), events)
        step += 1
        check_events(events, game.state, f"{config.name} seed={seed} step={step}", seen)


def test_every_event_of_one_game_per_configuration_renders_and_round_trips() -> None:
    """The quick set of the default run: one game per configuration (under 1 s)."""
    seen: set[type[Event]] = set()
    for config in ALL_CONFIGS:
        play_game(config, 1000, seen)
    assert {Battle, LinkRolled, UnrestSpreads, UprisingSpreads} <= seen


@pytest.mark.slow
def test_every_event_of_300_seeded_games_renders_round_trips_and_is_consistent() -> None:
    """324 games (27 configurations x 12 seeds), some 6 s alone: the slow set."""
    seen: set[type[Event]] = set()
    for config in ALL_CONFIGS:
        for seed in range(SEEDS_PER_CONFIG):
            play_game(config, seed, seen)
    # the games reach most kinds of happening; the rest have their own unit tests
    common = {"Battle", "BattleDrawn", "ArmyDestroyed", "FigureRemoved", "LinkRolled",
              "UnrestSpreads", "UprisingStarts", "UprisingSpreads", "ArmyPlaced", "ArmyAdvances",
              "ArmyAttacks", "ArmyBlocked", "ArmyStopped", "Moved", "Subdued", "GameEnds",
              "PirateBattle", "PowerUsed", "GloryTaken", "DiceRerolled", "GarrisonSent",
              "IPTransferred", "Deployed"}
    assert common <= {t.__name__ for t in seen}, common - {t.__name__ for t in seen}


def test_every_record_type_has_an_english_sentence() -> None:
    """A record type without a sentence would fail only when it happens: check them all."""
    from tetrarchia.render.en import text_for

    for cls in EVENT_TYPES.values():
        assert callable(text_for(cls)), cls.__name__


def test_unknown_event_in_json_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event 'Comet'"):
        event_from_json({"event": "Comet"})
    with pytest.raises(ValueError, match="lacks its field 'die'"):
        event_from_json({"event": "LinkRolled", "link": 1})


# --- the rulebook's attack example (003, R6) as a record (tests/core/test_examples.py) -------------
@pytest.mark.parametrize(("dice", "outcome"), [((6, 6), Outcome.ROMAN), ((1, 6), Outcome.BARBARIAN),
                                               ((1, 1), Outcome.DRAW)])
def test_attack_example_battle_record(dice: tuple[int, int], outcome: Outcome) -> None:
    # 003: "(die+3)x2 for Maximian against die+7 for the army"
    state = attack_example()
    events: list[Event] = []
    play(state, "Maximian attacks Narbonensis from Germania Svperior")
    roll(state, *dice, events=events)
    battle = events[0]
    assert battle == Battle(
        piece=Piece.MAXIMIAN, piece_province=prov("II:3"), army_province=prov("II:6"),
        roman_attacks=True,
        roman_die=dice[0], roman_modifier=0, roman_groups=(3,), roman_support=3, roman_linked=1,
        roman_value=(dice[0] + 3) * 2,
        barbarian_die=dice[1], barbarian_modifier=0, barbarian_groups=(7,), barbarian_support=7,
        barbarian_linked=0, barbarian_value=dice[1] + 7,
        outcome=outcome,
    )
    assert render(battle, state.board) == (
        f"Battle of Maximian in Germania Svperior and the army in Narbonensis: Roman "
        f"({dice[0]}+3)x2 = {(dice[0] + 3) * 2} against Barbarian ({dice[1]}+7)x1 = {dice[1] + 7}. "
        "(Roman support: a group of 3 garrisons, x2 for 1 other Emperor linked; Barbarian "
        "support: a group of 7 revolts.)")
    if outcome is Outcome.ROMAN:
        assert events[1] == ArmyDestroyed(Piece.MAXIMIAN, prov("II:6"), True,
                                          state.unrest_reserve, state.revolt_reserve, REVOLT)
    elif outcome is Outcome.BARBARIAN:  # R5.5: off the board, no garrison under him to lose
        assert events[1] == FigureRemoved(Piece.MAXIMIAN, prov("II:3"), Removal.DEFEATED, False)
        assert events[2] == PhaseEnded(Emperor.MAXIMIAN, True)


def test_attack_example_from_rhaetia_reports_both_groups_and_counts_one() -> None:
    # 003: "connected to the chain of 3 ... but also to a chain of 1 token (DALMATIA) ... his
    # support would still be +3, not +4! Only one chain counts."
    state = attack_example(emperors={"Maximian": "III:2"}, armies=("III:1",),
                           discs={"III:1": "revolt", "III:6": "garrison Maximian"})
    events: list[Event] = []
    play(state, "Maximian attacks Rhaetia from Pannonia Svperior")
    roll(state, 2, 5, events=events)
    battle = events[0]
    assert isinstance(battle, Battle)
    assert sorted(battle.roman_groups) == [1, 3] and battle.roman_support == 3
    assert battle.roman_value == 2 + 3 and battle.barbarian_value == (5 + 1) * 1


def test_goths_modifier_is_kept_apart_from_the_die() -> None:
    # R11.4: "the Goths add +1 to their combat die"
    state = position(discs={"III:1": "revolt"}, emperors={"Maximian": "III:2"}, armies=["III:1"],
                     settings={"options": ["goths"]})
    state.figure[prov("III:1")] = 2  # the army in Rhaetia is the Goths
    events: list[Event] = []
    play(state, "Maximian attacks Rhaetia from Pannonia Svperior")
    roll(state, 3, 3, events=events)
    battle = events[0]
    assert isinstance(battle, Battle)
    assert (battle.barbarian_die, battle.barbarian_modifier) == (3, 1)
    assert battle.barbarian_value == 3 + 1 + 1
    assert "Barbarian (3+1+1)x1 = 5" in render(battle, state.board)


def test_galerius_bonus_is_kept_apart_from_the_die() -> None:
    # R12.1: "Galerius may add +1 to his combat die after the roll"
    state = position(discs={"III:6": "revolt"}, emperors={"Galerius": "III:4"}, armies=["III:6"],
                     turn="Galerius", settings={"options": ["imperivm"]})
    play(state, "Galerius attacks Dalmatia from Pannonia Inferior")
    roll(state, 2, 2)
    events: list[Event] = []
    play(state, "Galerius uses his power, burning a disc from his reserve", events=events)
    play(state, "Galerius uses his power, burning a disc from his reserve", events=events)
    play(state, "Galerius does not use his power", events=events)
    battle = next(e for e in events if isinstance(e, Battle))
    assert (battle.piece, battle.roman_die, battle.roman_modifier) == (Emperor.GALERIUS, 2, 2)
    assert battle.roman_value == (2 + 2 + 1) and battle.outcome == Outcome.ROMAN
    assert "Roman (2+2+1)x1 = 5" in render(battle, state.board)


def test_docs_list_every_record() -> None:
    """docs/events.md is the reference of the records: each one has its row."""

    doc = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1]: line for line in doc.splitlines() if line.startswith("| `")}
    missing = [name for name in EVENT_TYPES if name not in rows]
    assert not missing, f"docs/events.md lacks {missing}"
    for name, cls in EVENT_TYPES.items():
        fields = " | " + ", ".join(f"`{f.name}`" for f in dataclasses.fields(cls)) + " | "
        assert fields in rows[name] or not dataclasses.fields(cls), f"docs/events.md: {name}'s fields"


def test_a_roll_record_says_what_its_dice_were_for() -> None:
    data = event_to_json(LinkRolled(link=3, die=4, bonus=0, holds=True, army=-1, uprising=-1))
    assert data["purpose"] == Purpose.BROKEN_LINK and data["event"] == "LinkRolled"
    assert event_from_json(data) == LinkRolled(3, 4, 0, True, -1, -1)


def test_events_through_the_public_names() -> None:
    """A program reads a game's events with ``import tetrarchia`` alone (docs/events.md)."""
    import tetrarchia as t

    game = t.Game.new(seed=7, dice=t.SeededDice(7))
    events: list[t.Event] = []
    game.roll(events)
    assert [t.render_event(e, game.board) for e in events] == ["Initial revolt in Lvsitania I:3."]
    data = t.event_to_json(events[0])
    assert data["event"] == "InitialRevolt" and t.event_from_json(data) == events[0]


def test_the_example_of_docs_events_runs(capsys: pytest.CaptureFixture[str]) -> None:

    doc = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    example = doc.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "docs/events.md", "exec"), {})
    assert capsys.readouterr().out.startswith("Initial revolt in Lvsitania I:3.\n")


def test_two_modules_cannot_define_one_record_name() -> None:
    """The JSON form names a record by its type: one name, one record (R11-R13 modules included)."""
    with pytest.raises(ValueError, match=r"'Battle' is defined by tetrarchia\.core\.events already"):
        type("Battle", (Event,), {"__module__": "tetrarchia.options.elsewhere"})
