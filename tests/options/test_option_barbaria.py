"""R12.6 Barbaria: a fifth player (seat 4) plays the Barbarians.

He takes 4 gray and 1 black disc from the reserves at setup and refills to 4 gray at the start of
each round (as far as the unrest reserve allows).  In the Barbarian phase only, each gray disc
(back to the unrest reserve) buys: a reroll of the dice just rolled (once per roll, D24); the
cancelling of an army's advance; a redirection of an army already inside the Empire through
another link (a failed broken link cancels the change: the army advances along its own arrow;
param ``barbaria.redirect=stay`` keeps it in place).  Once per game, at any moment of his phase
(before R7.1, R7.2, R7.3, before each army's step, after any roll before it is used), the black
disc goes as a revolt on an empty (no disc, no figure, D25) non-capital Roman province, or - with
no army on the board - back to the revolt reserve for an army on an empty border.  He wins when
the Emperors lose.  ``deciding_seat`` is 4 at each of his decisions, ``decider`` None.

Most positions: Diocletian in Roma ends his Roman phase (so no refill follows: Galerius's turn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from barbarian_helpers import QUIET, awaiting
from conftest import POSITION_FORMAT, as_purpose, assert_refused, black_of, gray_of, play, prov, roll, say
from tetrarchia.core.actions import Action, Attack, EndPhase, Enter, PlaceFleet, Roll
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, decider, deciding_seat, end_records, legal_actions, new_game
from tetrarchia.core.errors import IllegalAction, NotYourTurn, WrongMoment
from tetrarchia.core.events import ArmyStopped, Event, Purpose
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import ARMY, NO_DISC, REVOLT, UNREST, Emperor
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, Result, State
from tetrarchia.options.barbaria import (
    BarbarianPass,
    BlackArmy,
    BlackRevolt,
    CancelAdvance,
    Redirect,
    Reroll,
)
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.render import render

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
BOARD = default_board()
Row = Any  # a pytest.param
PASS = BarbarianPass()


def variant(
    options: Sequence[str] = ("barbaria",),
    *,
    gray: int = 4,
    black: int = 0,
    discs: Mapping[str, str] | None = None,
    emperors: Mapping[str, str | None] | None = None,
    armies: Sequence[str] = (),
    turn: str = "Diocletian",
    params: Mapping[str, str] | None = None,
) -> State:
    """The Roman phase of ``turn`` (Diocletian in Roma by default); the Barbarian player holds
    ``gray`` and ``black`` discs, counted out of the reserves."""
    data: dict[str, Any] = {
        **POSITION_FORMAT,
        "settings": {"level": "4211", "options": list(options), "params": dict(params or {})},
        "discs": dict(discs or {}),
        "emperors": dict(emperors or {"Diocletian": "roma"}),
        "armies": list(armies),
        "turn": {"emperor": turn, "ip": 6},
        "records": {"barbarian-discs": {"gray": gray, "black": black}},
    }
    return position_from_json(data, BOARD)


def purpose(state: State) -> int | None:
    return as_purpose(state.roll_purpose) if awaiting(state) is Awaiting.ROLL else None


def end(state: State) -> None:
    apply_action(state, EndPhase(state.turn))


def barbarian_decides(state: State) -> list[Action]:
    """The game waits for the Barbarian player: his choices."""
    assert awaiting(state) is Awaiting.DECISION
    assert (deciding_seat(state), decider(state)) == (4, None)
    return legal_actions(state)


def assert_round_trip(state: State) -> None:
    data = position_to_json(state)
    back = position_from_json(data, BOARD)
    assert back == state
    assert position_to_json(back) == data


# === setup and refill ===========================================================================


def test_r12_6_setup_takes_four_gray_and_the_black_disc_from_the_reserves() -> None:
    base = new_game(Settings())
    state = new_game(Settings(options=("barbaria",)))
    assert (gray_of(base), black_of(base), base.unrest_reserve, base.revolt_reserve) == (0, 0, 21, 21)
    assert (gray_of(state), black_of(state), state.unrest_reserve, state.revolt_reserve) == (4, 1, 17, 20)


def test_r12_6_no_reroll_window_during_the_setup() -> None:
    """Initial revolts (a 1 rerolled), the additional revolt, the initial army, the fleets: the
    Barbarian player decides nothing before the first Barbarian phase."""
    state = new_game(Settings(options=("barbaria",)))
    for die in (1, 2, 2, 2, 2, 2, 2):
        roll(state, die)
    roll(state, 1, 3)  # additional revolt
    roll(state, 5)  # initial army in PERSIA
    for zone in (1, 2):
        apply_action(state, PlaceFleet(zone))
    assert (awaiting(state), state.turn) == (Awaiting.ENTRY, D)
    assert (gray_of(state), black_of(state), state.unrest_reserve, state.revolt_reserve) == (4, 1, 17, 13)
    assert state.armies() == [prov("persia")]


REFILLS: list[Row] = [
    # (gray before, unrest discs on the board, gray after, unrest reserve after)
    pytest.param(1, 0, 4, 17, id="from-1"),
    pytest.param(0, 0, 4, 17, id="from-0"),
    pytest.param(4, 0, 4, 17, id="full"),
    pytest.param(0, 19, 2, 0, id="as-far-as-the-reserve-allows"),
]
NINETEEN = [f"{r}:{n}" for r in ("I", "III", "IV") for n in range(1, 7)] + ["V:1"]


@pytest.mark.parametrize(("before", "unrest", "after", "reserve"), REFILLS)
def test_r12_6_refill_to_four_gray_at_the_start_of_each_round(before: int, unrest: int, after: int,
                                                             reserve: int) -> None:
    state = variant(gray=before, turn="Maximian", emperors={"Maximian": "roma"},
                    discs=dict.fromkeys(NINETEEN[:unrest], "unrest"))
    end(state)
    roll(state, *QUIET)
    if before:
        assert barbarian_decides(state) == [Reroll(), PASS]
        apply_action(state, PASS)
    assert (state.turn, state.round, awaiting(state)) == (D, 2, Awaiting.ENTRY)
    assert (gray_of(state), state.unrest_reserve) == (after, reserve)


def test_r12_6_no_refill_at_the_other_turns() -> None:
    state = variant(gray=1)
    end(state)
    roll(state, *QUIET)
    apply_action(state, PASS)
    assert (state.turn, gray_of(state), state.unrest_reserve) == (G, 1, 20)


# === reroll =====================================================================================


@pytest.mark.parametrize("reroll", [True, False])
def test_r12_6_reroll_the_activity_dice(reroll: bool) -> None:
    """The activity roll I:3 (unrest in LVSITANIA); rerolled, the new roll II:2 does nothing."""
    state = variant()
    end(state)
    roll(state, 1, 3)
    assert barbarian_decides(state) == [Reroll(), PASS]
    assert_round_trip(state)
    if reroll:
        play(state, "the Barbarians reroll the dice")
        assert (gray_of(state), state.unrest_reserve) == (3, 18)
        assert purpose(state) is Purpose.ACTIVITY
        roll(state, *QUIET)  # D24: no second reroll of the same roll
        assert state.disc[prov("I:3")] == NO_DISC
    else:
        play(state, "B pass")
        assert gray_of(state) == 4
        assert state.disc[prov("I:3")] == UNREST
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_d24_a_roll_is_rerolled_once_the_next_roll_has_its_window_again() -> None:
    """The spreading's broken-link roll (TINGITANA - BAETICA) is rerolled; the rerolled die is
    final; the activity roll that follows gets its own window."""
    state = variant(discs={"I:1": "unrest", "I:2": "revolt"})
    end(state)
    roll(state, 6)
    assert purpose(state) is None and barbarian_decides(state) == [Reroll(), PASS]
    play(state, "B reroll")
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 1)
    assert state.disc[prov("I:1")] == UNREST  # 1: not linked
    assert purpose(state) is Purpose.ACTIVITY
    roll(state, *QUIET)
    assert barbarian_decides(state) == [Reroll(), PASS]
    play(state, "B reroll")
    roll(state, *QUIET)
    assert (state.turn, gray_of(state), state.unrest_reserve) == (G, 2, 18)


def test_r12_6_reroll_a_battle_roll_of_the_barbarian_phase() -> None:
    """The army of NORICVM attacks Galerius: (1+1) against (6+1) would beat him; rerolled 6-1."""
    state = variant(discs={"III:3": "revolt"}, emperors={"Diocletian": "roma", "Galerius": "III:4"},
                    armies=["III:3"])
    end(state)
    roll(state, *QUIET)
    play(state, "B pass")
    assert barbarian_decides(state) == [CancelAdvance(prov("III:3")), Redirect(prov("III:3"), prov("III:2")),
                                        PASS]
    play(state, "B pass")
    roll(state, 1, 6)
    assert barbarian_decides(state) == [Reroll(), PASS]
    play(state, "B reroll")
    roll(state, 6, 1)
    assert state.armies() == [] and state.emperor_at[G] == prov("III:4")
    assert gray_of(state) == 3


def test_r12_6_no_reroll_in_the_roman_phase() -> None:
    state = variant(discs={"II:6": "revolt"}, emperors={"Diocletian": "II:3"}, armies=["II:6"])
    play(state, "Diocletian attacks Narbonensis from Germania Svperior")
    roll(state, 6, 1)
    assert awaiting(state) is Awaiting.ROMAN_ACTION
    assert state.emperor_at[D] == prov("II:6")
    assert gray_of(state) == 4


def test_r12_6_no_window_without_gray_discs() -> None:
    state = variant(gray=0, armies=["I:3"], discs={"I:3": "revolt"})
    end(state)
    roll(state, 1, 4)  # straight on: unrest in GALLAECIA, then the army steps there
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)
    assert state.armies() == [prov("I:4")]
    assert state.disc[prov("I:4")] == REVOLT


# === cancel and redirect ========================================================================


def at_the_advance(**kw: Any) -> State:
    """Diocletian ends; quiet activity (window passed): the first army's advance decision."""
    state = variant(**kw)
    end(state)
    roll(state, *QUIET)
    apply_action(state, PASS)
    return state


def test_r12_6_cancel_an_advance() -> None:
    state = at_the_advance(armies=["I:3"], discs={"I:3": "revolt"})
    assert barbarian_decides(state) == [CancelAdvance(prov("I:3")), Redirect(prov("I:3"), prov("I:2")),
                                        Redirect(prov("I:3"), prov("I:5")), PASS]
    assert_round_trip(state)
    play(state, "the Barbarians cancel the advance of the army in Lvsitania")
    assert state.armies() == [prov("I:3")]
    assert (gray_of(state), state.unrest_reserve) == (3, 18)
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_r12_6_pass_lets_the_army_advance() -> None:
    state = at_the_advance(armies=["I:3"], discs={"I:3": "revolt"})
    play(state, "B pass")
    assert state.armies() == [prov("I:4")]
    assert gray_of(state) == 4


REDIRECTS: list[Row] = [
    # (army in, sent to, broken-link die or None, redirect parameter, where it ends)
    pytest.param("I:3", "I:5", None, "arrow", "I:5", id="normal-link"),
    pytest.param("I:3", "I:2", None, "arrow", "I:2", id="backwards-normal-link"),
    pytest.param("I:6", "II:5", 3, "arrow", "II:6", id="broken-fails-follows-its-arrow"),
    pytest.param("I:6", "II:5", 4, "arrow", "II:5", id="broken-holds"),
    pytest.param("I:6", "II:5", 3, "stay", "I:6", id="stay-broken-fails-stays"),
    pytest.param("I:6", "II:5", 4, "stay", "II:5", id="stay-broken-holds"),
]


@pytest.mark.parametrize(("src", "dest", "die", "redirect", "final"), REDIRECTS)
def test_r12_6_redirect_inside_the_empire(src: str, dest: str, die: int | None, redirect: str,
                                          final: str) -> None:
    """000: "Change the advance direction of an army, once it enters the Empire. [...] If a
    broken link stops the advance, the change is cancelled."  002: "l'armée se déplace en
    suivant la flèche".  The default: the army in TARRACONENSIS I:6 sent to AQVITANIA II:5
    fails the broken link and advances along its arrow to NARBONENSIS II:6; with
    ``redirect=stay`` it stays in TARRACONENSIS."""
    params = {"barbaria.redirect": redirect} if redirect != "arrow" else {}
    state = at_the_advance(armies=[src], discs={src: "revolt"}, params=params)
    events: list[Event] = []
    apply_action(state, Redirect(prov(src), prov(dest)), events)
    assert (gray_of(state), state.unrest_reserve) == (3, 18)
    if die is not None:
        assert purpose(state) is Purpose.BROKEN_LINK
        roll(state, die, events=events)
        play(state, "B pass", events=events)  # the window after the link roll
    assert state.armies() == [prov(final)]
    assert state.disc[prov(final)] == REVOLT
    assert state.disc[prov(src)] == REVOLT
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)
    if final == "II:6":
        assert ("The army in Tarraconensis cannot cross the broken link to Aqvitania: the change "
                "is cancelled and it advances along its arrow.") in [say(e) for e in events]
        link = state.board.link_between[(prov("I:6"), prov("II:5"))].index
        assert ArmyStopped(prov("I:6"), prov("II:5"), link, follows_arrow=True) in events


@pytest.mark.parametrize(("given", "value"), [("arrow", "arrow"), ("stay", "stay"),
                                               ("3rd", "arrow"), ("2nd", "stay")])
def test_r12_6_redirect_parameter_keeps_its_former_names(given: str, value: str) -> None:
    """The default is the rulebooks' reading (``arrow``); the former names of the values
    (``3rd``, ``2nd``) are still read, as their new names."""
    assert Settings(options=("barbaria",)).param("barbaria", "redirect") == "arrow"
    settings = Settings(options=("barbaria",), params=(("barbaria.redirect", given),))
    assert settings.param("barbaria", "redirect") == value
    assert settings.params == (("barbaria.redirect", value),)


def test_r12_6_a_redirected_army_then_follows_d9() -> None:
    """Sent to CARTHAGINENSIS I:5 (no arrow), it steps to TARRACONENSIS I:6 in the next phase."""
    state = at_the_advance(armies=["I:3"], discs={"I:3": "revolt"})
    play(state, "the Barbarians send the army in Lvsitania to Carthaginensis")
    assert state.armies() == [prov("I:5")]
    apply_action(state, Enter(G, prov("III:4")))
    end(state)
    roll(state, *QUIET)
    play(state, "B pass")
    assert barbarian_decides(state)[0] == CancelAdvance(prov("I:5"))
    play(state, "B pass")
    assert state.armies() == [prov("I:6")]


def test_r12_6_redirect_targets() -> None:
    """TARRACONENSIS I:6: not its arrow (NARBONENSIS), not CARTHAGINENSIS (an army), never a
    border; a province with an Emperor is a target (the army attacks him)."""
    state = at_the_advance(armies=["I:6", "I:5"], discs={"I:6": "revolt", "I:5": "revolt"},
                           emperors={"Diocletian": "roma", "Galerius": "I:4"})
    choices = barbarian_decides(state)
    assert choices == [CancelAdvance(prov("I:6")), Redirect(prov("I:6"), prov("I:4")),
                       Redirect(prov("I:6"), prov("II:5")), PASS]
    assert_refused(state, Redirect(prov("I:6"), prov("II:6")), IllegalAction)
    assert_refused(state, Redirect(prov("I:6"), prov("I:5")), IllegalAction)
    play(state, "the Barbarians send the army in Tarraconensis to Gallaecia")
    assert purpose(state) is Purpose.BATTLE  # it attacks Galerius


def test_r12_6_no_redirect_from_a_border() -> None:
    state = at_the_advance(armies=["britannia"])
    assert barbarian_decides(state) == [CancelAdvance(prov("britannia")), PASS]
    assert_refused(state, Redirect(prov("britannia"), prov("II:1")), IllegalAction)
    play(state, "B cancel britannia")
    assert state.armies() == [prov("britannia")]


# === the black disc =============================================================================


def test_d25_black_disc_choices_at_the_start_of_his_phase() -> None:
    state = variant(black=1, discs={"I:2": "unrest", "britannia": "garrison Constantius"},
                    emperors={"Diocletian": "roma", "Galerius": "I:3"})
    end(state)
    choices = barbarian_decides(state)
    revolts = {a.province for a in choices if isinstance(a, BlackRevolt)}
    armies = [a.border for a in choices if isinstance(a, BlackArmy)]
    assert prov("I:1") in revolts and prov("etrvria") in revolts
    for refused in ("I:2", "I:3", "cisalpina", "II:2", "III:4", "V:6", "roma", "sarmatia"):
        assert prov(refused) not in revolts, refused
    assert len(revolts) == 42 - 5 - 2  # Roman provinces less 5 printed discs, unrest, Galerius
    assert armies == [prov(b) for b in ("gaetvlia", "germania_magna", "sarmatia", "persia", "libya")]
    assert choices[-1] == PASS
    assert_round_trip(state)


def test_r12_6_black_disc_as_a_revolt() -> None:
    """On BAETICA I:2, next to the unrest of LVSITANIA I:3: the spreading that follows turns it."""
    state = variant(black=1, discs={"I:3": "unrest"})
    assert state.revolt_reserve == 20
    end(state)
    play(state, "the Barbarians place the black disc in Baetica")
    assert (black_of(state), state.revolt_reserve) == (0, 19)  # I:3 turned too
    assert (state.disc[prov("I:2")], state.disc[prov("I:3")]) == (REVOLT, REVOLT)
    assert purpose(state) is Purpose.ACTIVITY
    roll(state, *QUIET)
    play(state, "B pass")
    apply_action(state, Enter(G, prov("III:4")))
    end(state)  # next phase: no black disc any more
    assert purpose(state) is Purpose.ACTIVITY


BLACK_REFUSED: list[Row] = [
    pytest.param(BlackRevolt(prov("cisalpina")), id="a-capital"),
    pytest.param(BlackRevolt(prov("V:6")), id="another-capital"),
    pytest.param(BlackRevolt(prov("roma")), id="roma"),
    pytest.param(BlackRevolt(prov("I:2")), id="unrest"),
    pytest.param(BlackRevolt(prov("I:3")), id="a-figure"),
    pytest.param(BlackRevolt(prov("gaetvlia")), id="a-border"),
    pytest.param(BlackArmy(prov("britannia")), id="a-secured-border"),
    pytest.param(BlackArmy(prov("I:1")), id="not-a-border"),
    pytest.param(Reroll(), id="no-dice-to-reroll"),
    pytest.param(CancelAdvance(prov("I:1")), id="no-army-stepping"),
]


@pytest.mark.parametrize("action", BLACK_REFUSED)
def test_d25_black_disc_refusals(action: Action) -> None:
    state = variant(black=1, discs={"I:2": "unrest", "britannia": "garrison Constantius"},
                    emperors={"Diocletian": "roma", "Galerius": "I:3"})
    end(state)
    assert_refused(state, action, IllegalAction)


def test_r12_6_black_disc_for_an_army_on_an_empty_border() -> None:
    """The army placed in PERSIA advances (D2): its broken link fails (2)."""
    state = variant(black=1, gray=0)
    end(state)
    play(state, "the Barbarians trade the black disc for an army in Persia")
    assert (black_of(state), state.revolt_reserve) == (0, 21)
    assert state.armies() == [prov("persia")]
    roll(state, *QUIET)
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 2)
    assert state.armies() == [prov("persia")]
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_r12_6_no_black_army_while_an_army_is_on_the_board() -> None:
    state = variant(black=1, armies=["libya"])
    end(state)
    assert not [a for a in barbarian_decides(state) if isinstance(a, BlackArmy)]
    assert_refused(state, BlackArmy(prov("persia")), IllegalAction)


def test_r12_6_passing_keeps_the_black_disc_for_a_later_phase() -> None:
    """Passed at every moment of one phase (before R7.1, before R7.2, after the activity roll,
    before R7.3), the black disc is still his in the next phase."""
    state = variant(black=1)
    end(state)
    play(state, "B pass")  # before R7.1
    assert BlackRevolt(prov("I:1")) in barbarian_decides(state)  # before R7.2
    assert ["black-moment", 3] in position_to_json(state)["machine"]["tasks"]  # before R7.3
    assert_round_trip(state)
    play(state, "B pass")
    assert black_of(state) == 1 and purpose(state) is Purpose.ACTIVITY
    roll(state, *QUIET)
    assert barbarian_decides(state)[0] == Reroll()
    play(state, "B pass")
    assert BlackRevolt(prov("I:1")) in barbarian_decides(state)  # before R7.3
    play(state, "B pass")
    apply_action(state, Enter(G, prov("III:4")))
    end(state)
    assert BlackRevolt(prov("I:1")) in barbarian_decides(state)


# === the black disc at any moment of his phase (R12.6) ==========================================
# 000: "He only has 1 black disc that he can spend once in the game, also in his phase"; RULES.md
# R12.6: "at any moment of his phase (before any step of R7.1-R7.3 and after any roll, before it
# is used)".


def test_r12_6_black_disc_after_the_activity_roll_before_it_is_used() -> None:
    """The activity roll names LVSITANIA I:3, empty: it would place an unrest.  The Barbarian
    player puts his black disc there first: the same roll now meets a revolt, an uprising."""
    state = variant(black=1, gray=0)
    end(state)
    play(state, "B pass", "B pass")  # before R7.1 and before R7.2
    roll(state, 1, 3)
    choices = barbarian_decides(state)
    assert Reroll() not in choices and BlackRevolt(prov("I:3")) in choices
    play(state, "the Barbarians place the black disc in Lvsitania")
    # the uprising: revolts on the provinces linked to LVSITANIA, then the army roll
    assert state.disc[prov("I:3")] == REVOLT
    assert state.disc[prov("I:2")] == REVOLT and state.disc[prov("I:4")] == REVOLT
    assert purpose(state) is Purpose.UPRISING_REGION
    assert black_of(state) == 0


def test_r12_6_black_disc_before_r7_2_does_not_spread_in_this_phase() -> None:
    """Placed before R7.2, on BAETICA I:2 next to the unrest of LVSITANIA I:3, the revolt does
    not turn it in this phase (R7.1 is over); placed before R7.1 it would (see above)."""
    state = variant(black=1, gray=0, discs={"I:3": "unrest"})
    end(state)
    play(state, "B pass")
    play(state, "the Barbarians place the black disc in Baetica")
    assert (state.disc[prov("I:2")], state.disc[prov("I:3")]) == (REVOLT, UNREST)
    assert purpose(state) is Purpose.ACTIVITY
    roll(state, *QUIET)
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_r12_6_black_disc_for_an_army_before_r7_3_and_it_advances() -> None:
    """No army on the board: after the activity, before R7.3, the black disc becomes an army in
    GAETVLIA; it advances in the same phase (D2): the broken link to TINGITANA I:1 holds (5) and
    it devastates TINGITANA."""
    state = variant(black=1, gray=0)
    end(state)
    play(state, "B pass", "B pass")
    roll(state, *QUIET)
    play(state, "B pass")  # after the roll
    assert BlackArmy(prov("gaetvlia")) in barbarian_decides(state)
    play(state, "the Barbarians trade the black disc for an army in Gaetvlia")
    assert (black_of(state), state.revolt_reserve) == (0, 21)
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 5)
    assert state.armies() == [prov("I:1")]
    assert state.disc[prov("I:1")] == REVOLT
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


def test_r12_6_black_disc_before_an_army_step_without_gray_discs() -> None:
    """With no gray disc he cannot cancel or redirect, but before each army's step he may still
    spend the black disc (here: a revolt in GALLAECIA I:4, where the army of LVSITANIA goes)."""
    state = variant(black=1, gray=0, armies=["I:3"], discs={"I:3": "revolt"})
    end(state)
    play(state, "B pass", "B pass")
    roll(state, *QUIET)
    play(state, "B pass")
    play(state, "B pass")  # before R7.3
    choices = barbarian_decides(state)
    assert not [a for a in choices if isinstance(a, (CancelAdvance, Redirect))]
    assert BlackRevolt(prov("I:4")) in choices and choices[-1] == PASS
    play(state, "the Barbarians place the black disc in Gallaecia")
    assert state.armies() == [prov("I:4")]
    assert (black_of(state), state.revolt_reserve) == (0, 19)


def test_r12_6_black_disc_during_the_spreading_spreads_too() -> None:
    """The spreading (R7.1) rolls the broken link TINGITANA I:1 - BAETICA I:2 for the unrest of
    TINGITANA: 2, not linked.  After that roll the black disc goes on TARRACONENSIS I:6, next to
    the unrest of GALLAECIA I:4: "every unrest linked to a revolt becomes a revolt, repeatedly"
    (R7.1), so another wave turns GALLAECIA in this same spreading (and D3: the failed link is
    not rolled again)."""
    state = variant(black=1, gray=0, discs={"I:1": "unrest", "I:2": "revolt", "I:4": "unrest"})
    end(state)
    play(state, "B pass")  # before R7.1
    assert purpose(state) is Purpose.BROKEN_LINK
    roll(state, 2)
    play(state, "the Barbarians place the black disc in Tarraconensis")
    assert (state.disc[prov("I:6")], state.disc[prov("I:4")]) == (REVOLT, REVOLT)
    assert state.disc[prov("I:1")] == UNREST
    assert purpose(state) is Purpose.ACTIVITY  # no other window: the black disc is spent


def test_r12_6_no_window_at_all_once_the_black_disc_is_spent_and_no_gray_left() -> None:
    state = variant(black=0, gray=0, armies=["I:3"], discs={"I:3": "revolt"})
    end(state)
    roll(state, 1, 4)
    assert (state.turn, awaiting(state)) == (G, Awaiting.ENTRY)


# === refusals and seats =========================================================================


def test_r12_6_barbarian_actions_outside_his_windows() -> None:
    state = variant(black=1, armies=["I:3"], discs={"I:3": "revolt"})
    for action in (Reroll(), PASS, CancelAdvance(prov("I:3")), BlackRevolt(prov("I:1"))):
        assert_refused(state, action, WrongMoment)  # the Roman phase
    end(state)
    assert_refused(state, EndPhase(D), WrongMoment)  # his black-disc decision
    assert_refused(state, Roll((2, 2)), WrongMoment)
    play(state, "B pass", "B pass")  # the black disc before R7.1 and before R7.2
    roll(state, *QUIET)
    assert_refused(state, Redirect(prov("I:3"), prov("I:5")), IllegalAction)  # at the reroll window
    play(state, "B pass", "B pass")  # the reroll window, the black disc before R7.3
    assert_refused(state, Reroll(), IllegalAction)  # at the advance decision
    assert_refused(state, CancelAdvance(prov("I:4")), IllegalAction)


def test_r12_6_not_the_barbarians_turn_during_galerius_decision() -> None:
    """Imperivm too: the army of NORICVM attacks Galerius; the Barbarian reroll window comes
    first, then Galerius's +1 (R12.1), where the Barbarian player may not act."""
    state = variant(("barbaria", "imperivm"), discs={"III:3": "revolt"},
                    emperors={"Diocletian": "roma", "Galerius": "III:4"}, armies=["III:3"])
    end(state)
    roll(state, *QUIET)
    play(state, "B pass", "B pass")
    roll(state, 3, 4)
    assert barbarian_decides(state) == [Reroll(), PASS]
    play(state, "B pass")
    assert (deciding_seat(state), decider(state)) == (1, G)
    assert legal_actions(state) == [UsePower(G, -1), Decline(G)]
    assert_refused(state, PASS, NotYourTurn)
    assert_refused(state, Reroll(), NotYourTurn)
    play(state, "G power reserve", "G power reserve", "G decline")  # (3+1+2) > (4+1)
    assert state.armies() == []
    assert (state.turn, awaiting(state)) == (G, Awaiting.ROMAN_ACTION)


# === end of the game ============================================================================


def test_r12_6_the_barbarian_wins_when_an_army_enters_roma() -> None:
    state = variant(emperors={"Diocletian": "V:6"}, armies=["etrvria"], discs={"etrvria": "revolt"})
    end(state)
    roll(state, *QUIET)
    play(state, "B pass", "B pass")
    assert state.result is Result.ARMY_IN_ROMA
    assert [render(record, state.board) for record in end_records(state)] == [
        "The Barbarian player wins: Roma has fallen."]


def test_r12_6_the_barbarian_wins_when_a_reserve_runs_out() -> None:
    """His 4 gray discs come out of the unrest reserve: 17 unrest on the board empty it."""
    state = variant(discs=dict.fromkeys(NINETEEN[:17], "unrest"))
    assert state.unrest_reserve == 0
    end(state)
    roll(state, 5, 3)  # CILICIA V:3: an unrest is needed
    play(state, "B pass")
    assert state.result is Result.RESERVE_EMPTY
    assert [render(record, state.board) for record in end_records(state)] == [
        "The Barbarian player wins: Roma has fallen."]


def test_r12_6_the_barbarian_loses_at_a_roman_victory() -> None:
    borders = {"gaetvlia": "garrison Maximian", "britannia": "garrison Constantius",
               "germania_magna": "garrison Galerius", "sarmatia": "garrison Galerius",
               "persia": "garrison Diocletian"}
    state = variant(discs=borders, emperors={"Diocletian": "libya"})
    assert [render(record, state.board) for record in end_records(state)] == []
    play(state, "Diocletian secures Libya")
    assert state.result is Result.ROMA_VICTRIX
    assert [render(record, state.board) for record in end_records(state)] == [
        "The Emperors win: the Barbarian player is beaten."]


# === notation and positions =====================================================================


@pytest.mark.parametrize(
    "action",
    [Reroll(), PASS, CancelAdvance(prov("I:3")), Redirect(prov("I:3"), prov("I:5")),
     BlackRevolt(prov("etrvria")), BlackArmy(prov("persia"))],
)
def test_r12_6_notation_round_trip(action: Action) -> None:
    for compact in (False, True):
        assert parse_action(format_action(action, BOARD, compact), BOARD) == action


def test_r12_6_positions_continue_the_same_after_a_round_trip() -> None:
    state = at_the_advance(armies=["I:6"], discs={"I:6": "revolt"})
    play(state, "the Barbarians send the army in Tarraconensis to Aqvitania")
    assert purpose(state) is Purpose.BROKEN_LINK
    copy = position_from_json(position_to_json(state), BOARD)
    for s in (state, copy):
        roll(s, 5)
        play(s, "B pass")
    assert copy == state
    assert state.figure[prov("II:5")] == ARMY
    assert (gray_of(state), black_of(state)) == (3, 0)


def test_r12_6_barbaria_deciding_seat_is_four_attack_is_not_his() -> None:
    """An Emperor's action at the Barbarian player's decision is refused (not his seat's)."""
    state = at_the_advance(armies=["I:3"], discs={"I:3": "revolt"},
                           emperors={"Diocletian": "roma", "Galerius": "I:4"})
    assert deciding_seat(state) == 4
    assert_refused(state, Attack(D, prov("roma"), prov("I:3")), WrongMoment)
