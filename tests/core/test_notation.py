"""The action notation (core/notation.py): every action formats and parses back identically in
the long and the compact form; malformed input is refused with the input quoted; ``resolve``
understands short forms against the legal actions and refuses ambiguous ones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import assume, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from conftest import play, position, prov
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.errors import AmbiguousAction, InvalidNotation
from tetrarchia.core.notation import format_action, parse_action, resolve
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import State
from tetrarchia.players.random_player import RandomPlayer

D, G, C, M = Emperor.DIOCLETIAN, Emperor.GALERIUS, Emperor.CONSTANTIUS, Emperor.MAXIMIAN
LEVELS = ("4211", "4111", "3122", "5300", "4222")
ACTION_KINDS = {Roll, PlaceFleet, Enter, Move, Sail, Secure, Subdue, Attack, EndPhase}


def roundtrip_problem(action: Action, board: Board, compact: bool) -> str | None:
    """None when ``action`` formats, parses back to itself and formats again to the same text."""
    text = format_action(action, board, compact)
    try:
        parsed = parse_action(text, board)
    except InvalidNotation as exc:
        return f"{text!r} does not parse: {exc}"
    if parsed != action:
        return f"{text!r} parses to {parsed!r}, not {action!r}"
    if format_action(parsed, board, compact) != text:
        return f"{text!r} formats back as {format_action(parsed, board, compact)!r}"
    return None


# --- positions --------------------------------------------------------------------------------


def hand_written_positions() -> list[State]:
    """Positions where every kind of action (and every Subdue kind, moves by link and by fleet,
    attacks on a border) is legal somewhere."""
    return [
        position(discs={"II:6": "revolt", "I:6": "revolt", "etrvria": "garrison Maximian"},
                 emperors={"Maximian": "II:3", "Constantius": "II:5"}, armies=["II:6"], fleets=[2]),
        position(discs={"III:6": "revolt"}, emperors={"Diocletian": "V:6", "Galerius": "IV:4"},
                 fleets=[3], turn="Diocletian"),
        position(discs={"III:1": "unrest"}, emperors={"Galerius": "III:1"}, armies=["germania_magna"],
                 fleets=[1], turn="Galerius"),
        position(emperors={"Constantius": "germania_magna"}, turn="Constantius"),
        position(emperors={"Galerius": "roma"}, turn="Maximian"),
        position(turn="Constantius", fleets=[1, 3]),
        new_game(Settings(level=Level.parse("4211"))),
    ]


def random_game_states(seed: int, level: str, limit: int = 400) -> Iterator[State]:
    """Every state of one seeded random game (random legal actions, dice included)."""
    state = new_game(Settings(level=Level.parse(level)))
    player = RandomPlayer(seed)
    for _ in range(limit):
        yield state
        actions = legal_actions(state)
        if not actions:
            return
        apply_trusted(state, player.choose(state, actions))


def after_random_actions(seed: int, level: str, steps: int) -> State:
    """The state after ``steps`` random legal actions (dice included) of a seeded game."""
    state = new_game(Settings(level=Level.parse(level)))
    player = RandomPlayer(seed)
    for _ in range(steps):
        actions = legal_actions(state)
        if not actions:
            break
        apply_trusted(state, player.choose(state, actions))
    return state


def many_positions() -> Iterator[State]:
    yield from hand_written_positions()
    for seed in range(10):
        yield from random_game_states(seed, LEVELS[seed % len(LEVELS)])


@pytest.mark.parametrize("compact", [False, True], ids=["long", "compact"])
def test_every_legal_action_round_trips(compact: bool) -> None:
    board = default_board()
    problems: list[str] = []
    kinds: set[type] = set()
    subdue_kinds: set[SubdueKind] = set()
    fleet_moves: set[bool] = set()
    for state in many_positions():
        for action in legal_actions(state):
            kinds.add(type(action))
            if isinstance(action, Subdue):
                subdue_kinds.add(action.kind)
            if isinstance(action, Move):
                fleet_moves.add(action.by_fleet)
            problem = roundtrip_problem(action, board, compact)
            if problem:
                problems.append(problem)
    assert problems == []
    assert kinds == ACTION_KINDS and subdue_kinds == set(SubdueKind) and fleet_moves == {False, True}


@given(seed=st.integers(0, 2**16), steps=st.integers(0, 250), pick=st.integers(0, 2**16),
       level=st.sampled_from(LEVELS), compact=st.booleans())
@hypothesis_settings(max_examples=60, deadline=None, derandomize=True, database=None)
def test_random_legal_actions_round_trip(seed: int, steps: int, pick: int, level: str, compact: bool) -> None:
    state = after_random_actions(seed, level, steps)
    actions = legal_actions(state)
    assume(actions)
    action = actions[pick % len(actions)]
    assert roundtrip_problem(action, state.board, compact) is None
    assert resolve(format_action(action, state.board, compact), actions, state.board) == action


@pytest.mark.parametrize(("src", "dst"), [(1, 2), (2, 1), (2, 3), (3, 2)])
def test_compact_sail_parses_back(src: int, dst: int) -> None:
    board = default_board()
    for emperor in Emperor:
        assert roundtrip_problem(Sail(emperor, src, dst), board, compact=True) is None


# --- the notation as documented -------------------------------------------------------------------

DOCUMENTED = [
    ("roll 4", "r4", Roll((4,))),
    ("roll 3 5", "r35", Roll((3, 5))),
    ("place a fleet in Mare Aegaevm", "f3", PlaceFleet(3)),
    ("Diocletian enters Roma", "D@roma", Enter(D, prov("roma"))),
    ("Diocletian moves from Bithynia to Macedonia by fleet", "D V:6~IV:4",
     Move(D, prov("V:6"), prov("IV:4"), True)),
    ("Diocletian moves from Macedonia to Dalmatia", "D IV:4-III:6", Move(D, prov("IV:4"), prov("III:6"))),
    ("Constantius secures Lvgdvnensis", "C +II:4", Secure(C, prov("II:4"))),
    ("Diocletian removes the revolt in Dalmatia", "D -R III:6",
     Subdue(D, prov("III:6"), SubdueKind.REMOVE_REVOLT)),
    ("Diocletian reduces the revolt in Dalmatia to unrest", "D R>U III:6",
     Subdue(D, prov("III:6"), SubdueKind.REDUCE_REVOLT)),
    ("Diocletian removes the unrest in Dalmatia", "D -U III:6",
     Subdue(D, prov("III:6"), SubdueKind.REMOVE_UNREST)),
    ("Maximian attacks Narbonensis from Germania Svperior", "M II:3xII:6",
     Attack(M, prov("II:3"), prov("II:6"))),
    ("Maximian attacks Germania Magna from Rhaetia", "M III:1xgermania_magna",
     Attack(M, prov("III:1"), prov("germania_magna"))),
    ("Maximian ends his Roman phase", "M end", EndPhase(M)),
]


@pytest.mark.parametrize(("long", "compact", "action"), DOCUMENTED, ids=[row[1] for row in DOCUMENTED])
def test_documented_examples(long: str, compact: str, action: Action) -> None:
    board = default_board()
    assert format_action(action, board) == long
    assert format_action(action, board, compact=True) == compact
    assert parse_action(long, board) == action
    assert parse_action(compact, board) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("maximian attacks narbonensis from germania superior", Attack(M, prov("II:3"), prov("II:6"))),
        ("  MAXIMIAN   ENDS   HIS ROMAN PHASE ", EndPhase(M)),
        ("Maximian ends phase", EndPhase(M)),
        ("Maximian attacks the army in Narbonensis from II:3", Attack(M, prov("II:3"), prov("II:6"))),
        ("Constantius secures the border in Britannia", Secure(C, prov("britannia"))),
        ("Galerius sails a fleet from Internvm to 3", Sail(G, 2, 3)),
        ("Diocletian enters in Bithynia", Enter(D, prov("V:6"))),
        ("d v:6~iv:4", Move(D, prov("V:6"), prov("IV:4"), True)),
        ("m @ cisalpina", Enter(M, prov("cisalpina"))),
        ("Max moves from Etrvria to Cisalp", Move(M, prov("etrvria"), prov("cisalpina"))),
        ("r 3 5", Roll((3, 5))),
        ("place fleet on 1", PlaceFleet(1)),
    ],
)
def test_parse_is_lenient_in_case_spacing_spelling_and_prefixes(text: str, action: Action) -> None:
    assert parse_action(text, default_board()) == action


MALFORMED = [
    "Maximian flies to Roma",
    "Nero moves from Roma to Etrvria",
    "Maximian moves from Roma to Atlantis",
    "Maximian moves from Germania to Roma",  # ambiguous prefix: Germania Inferior/Svperior/Magna
    "roll 7",
    "roll 1 2 3",
    "r0",
    "place a fleet in Mare Balticvm",
    "f4",
    "M II:3xAtlantis",
    "X end",
    "Maximian removes the garrison in Etrvria",
    "Maximian secures",
    "attack!",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_notation_quotes_the_input(text: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        parse_action(text, default_board())
    assert type(caught.value) is InvalidNotation
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_notation(text: str) -> None:
    with pytest.raises(InvalidNotation, match="empty"):
        parse_action(text, default_board())


# --- resolve: short forms against the legal actions ---------------------------------------------


def attack_position() -> State:
    """The attack example of 000 p.9 with a fleet in Mare Internvm."""
    return position(discs={"II:6": "revolt", "I:6": "revolt", "etrvria": "garrison Maximian"},
                    emperors={"Maximian": "II:3", "Constantius": "II:5"}, armies=["II:6"], fleets=[2])


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("attack narbonensis", Attack(M, prov("II:3"), prov("II:6"))),
        ("attack", Attack(M, prov("II:3"), prov("II:6"))),
        ("end", EndPhase(M)),
        ("pass", EndPhase(M)),
        ("secure", Secure(M, prov("II:3"))),
        ("belgica", Move(M, prov("II:3"), prov("II:1"))),
        ("move to cisalpina", Move(M, prov("II:3"), prov("cisalpina"))),
        ("germania inferior", Move(M, prov("II:3"), prov("II:2"))),
        ("sail aegaevm", Sail(M, 2, 3)),
        ("M II:3xII:6", Attack(M, prov("II:3"), prov("II:6"))),
    ],
)
def test_resolve_short_forms(text: str, action: Action) -> None:
    state = attack_position()
    assert resolve(text, legal_actions(state), state.board) == action


def test_resolve_dice_short_form() -> None:
    state = attack_position()
    play(state, "Maximian ends his Roman phase")
    assert resolve("5 3", legal_actions(state), state.board) == Roll((5, 3))
    assert resolve("53", legal_actions(state), state.board) == Roll((5, 3))


def test_resolve_prefers_the_link_when_a_fleet_also_goes_there() -> None:
    state = position(emperors={"Maximian": "etrvria"}, fleets=[2])
    legal = legal_actions(state)
    etrvria, cisalpina = prov("etrvria"), prov("cisalpina")
    assert {Move(M, etrvria, cisalpina), Move(M, etrvria, cisalpina, True)} <= set(legal)
    assert resolve("cisalpina", legal, state.board) == Move(M, etrvria, cisalpina)
    assert resolve("cisalpina by fleet", legal, state.board) == Move(M, etrvria, cisalpina, True)
    assert resolve("africa", legal, state.board) == Move(M, etrvria, prov("VI:6"), True)


def test_resolve_macedonia_by_fleet_in_the_move_example() -> None:
    state = position(discs={"III:6": "revolt"}, emperors={"Diocletian": "V:6", "Galerius": "IV:4"},
                     fleets=[3], turn="Diocletian")
    assert resolve("macedonia by fleet", legal_actions(state), state.board) == Move(
        D, prov("V:6"), prov("IV:4"), True)


@pytest.mark.parametrize("text", ["moves", "germania", "sail"])
def test_resolve_ambiguous(text: str) -> None:
    state = attack_position()
    with pytest.raises(AmbiguousAction) as caught:
        resolve(text, legal_actions(state), state.board)
    assert repr(text) in str(caught.value) and "could mean" in str(caught.value)


@pytest.mark.parametrize("text", ["attack rhaetia", "remove the revolt", "bithynia", "zzz"])
def test_resolve_nothing_matches(text: str) -> None:
    state = attack_position()
    with pytest.raises(InvalidNotation) as caught:
        resolve(text, legal_actions(state), state.board)
    assert type(caught.value) is InvalidNotation


def test_resolve_returns_a_well_formed_illegal_action_as_is() -> None:
    # so the caller can explain why it is illegal (engine.apply_action)
    state = attack_position()
    text = "Maximian attacks Narbonensis from Cisalpina"
    action = resolve(text, legal_actions(state), state.board)
    assert action == Attack(M, prov("cisalpina"), prov("II:6"))
    assert action not in legal_actions(state)


def test_resolve_every_long_form_to_its_action() -> None:
    for state in hand_written_positions():
        legal = legal_actions(state)
        for action in legal:
            assert resolve(format_action(action, state.board), legal, state.board) == action


# R11.1, R11.2: the extra figures are written by the words and the tag their modules declare
# (core/extensions.py declare_figure); the core's notation names none of them.
FIGURES = [
    ("Diocletian moves the Dux from Macedonia to Dalmatia", "D/dux IV:4-III:6",
     Move(D, prov("IV:4"), prov("III:6"), False, Piece.DUX)),
    ("Diocletian moves the Vicarius from Macedonia to Dalmatia", "D/vic IV:4-III:6",
     Move(D, prov("IV:4"), prov("III:6"), False, Piece.VICARIUS)),
    ("Diocletian moves Galerius from Macedonia to Dalmatia", "D/G IV:4-III:6",
     Move(D, prov("IV:4"), prov("III:6"), False, Piece.GALERIUS)),
    ("Diocletian's Dux removes the revolt in Dalmatia", "D/dux -R III:6",
     Subdue(D, prov("III:6"), SubdueKind.REMOVE_REVOLT, Piece.DUX)),
    ("Maximian's Dux attacks Narbonensis from Germania Svperior", "M/dux II:3xII:6",
     Attack(M, prov("II:3"), prov("II:6"), Piece.DUX)),
]


@pytest.mark.parametrize(("long", "compact", "action"), FIGURES, ids=[row[1] for row in FIGURES])
def test_extra_figures_by_their_declared_words(long: str, compact: str, action: Action) -> None:
    board = default_board()
    assert parse_action(long, board) == action
    assert parse_action(compact, board) == action
    assert format_action(action, board) == long
    assert format_action(action, board, compact=True) == compact


@pytest.mark.parametrize(("text", "says"), [
    pytest.param("D/vic -R III:6", "Vicarius does not fight", id="vicarius-subdues"),
    pytest.param("D/g II:3xII:6", "Galerius does not fight", id="emperor-attacks-for-another"),
    pytest.param("Diocletian's Vicarius removes the revolt in Dalmatia", "Vicarius does not fight",
                 id="vicarius-long"),
    pytest.param("Diocletian's Galerius attacks Narbonensis from Germania Svperior", "not an action",
                 id="emperor-long"),
    pytest.param("D/xyz IV:4-III:6", "not an action", id="unknown-tag"),
    pytest.param("Diocletian moves the Legate from Macedonia to Dalmatia", "not an action",
                 id="unknown-figure"),
])
def test_a_figure_that_cannot_act_so_is_refused_in_words(text: str, says: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        parse_action(text, default_board())
    assert type(caught.value) is InvalidNotation
    assert says in str(caught.value) and repr(text) in str(caught.value)
