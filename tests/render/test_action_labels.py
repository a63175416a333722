"""The action list's labels and the seat titles in Spanish and French (issue 9, item 6):
every kind of action the engine lists, in the base game and with every optional rule, gets a
label from the ``labels`` catalogue (``render.labels``) with no English word left, and its
English is the label the page always showed (the browser tests click on it)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import tetrarchia.options  # noqa: F401  (registers every optional rule's actions)
from barbarian_helpers import QUIET
from conftest import play, position, roll
from test_option_barbaria import variant
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
    mover,
)
from tetrarchia.core.engine import BARBARIAN_SEAT, legal_actions
from tetrarchia.core.events import PhaseEnded
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.options import imperivm, pirates
from tetrarchia.render.labels import label, label_in, seat_names, seat_names_in, seat_title
from tetrarchia.render.languages import render_in
from tetrarchia.seats import barbarian_player, emperors_of, has_barbarian_player, is_shared, seat_label
from tetrarchia.web.views import seat_title as view_seat_title
from tetrarchia.web.views import state_json

# English words a Spanish or French label must not hold.  "phase" is the French rulebook's own
# word ("la phase romaine"), so it is only refused in Spanish.
STOP = {"end", "secure", "attack", "attacks", "fleet", "from", "move", "moves", "subdue",
        "deploy", "remove", "reduce", "border", "revolt", "unrest", "burning", "his", "the",
        "by", "to", "in", "of", "player", "players", "shared", "decides", "power", "uses",
        "spends", "extra", "sends", "garrison", "takes", "gives", "reroll", "cancel", "send",
        "gray", "disc", "dice", "pass", "block", "army", "reserve", "and", "he", "may", "other",
        "this", "turn", "roman", "barbarian", "ip", "diocletian", "galerius", "constantius",
        "maximian"}
STOP_IN = {"es": STOP | {"phase"}, "fr": STOP}
CONFIGS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("4211", (), 1),
    ("4211", ("dux", "vicarius", "pirates", "goths", "imperivm", "mare-nostrvm", "via-romana",
              "vsvrpator", "barbaria", "patres-patriae"), 1),
    ("4211", ("imperivm-1st", "dux", "pirates", "barbaria", "patres-patriae"), 2),
    ("4211", ("imperivm", "dux", "pirates", "via-romana"), 4),
)


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z']+", text)}


def page_english(state: State, action: Action) -> str:
    """The English label the page always showed (the browser tests click on it), written out
    independently of ``render.labels``: an optional rule's is its own ``label`` (the terminal's),
    less the cost it spends ("(2 IP)": R11.1, R11.2 deploying, R11.3 the Pirates, R12.3 a
    garrison sent), which the page adds to every item itself."""
    board = state.board
    if isinstance(action, OptionAction):
        return re.sub(r" \(\d+ IP\)$", "", action.label(state))
    if isinstance(action, PlaceFleet):
        return board.zones[action.zone].title
    if isinstance(action, Enter):
        return board.label(action.province)
    if isinstance(action, Move):
        return f"{mover(action).title} → {board.label(action.dest)}{' by fleet' if action.by_fleet else ''}"
    if isinstance(action, Sail):
        return f"fleet {board.zones[action.src].title} → {board.zones[action.dst].title}"
    if isinstance(action, Secure):
        return f"secure {'the border ' if board.is_border[action.at] else ''}{board.name(action.at)}"
    if isinstance(action, Subdue):
        return {SubdueKind.REMOVE_REVOLT: "remove the revolt",
                SubdueKind.REDUCE_REVOLT: "reduce the revolt to unrest",
                SubdueKind.REMOVE_UNREST: "remove the unrest"}[action.kind] + f" in {board.name(action.at)}"
    if isinstance(action, Attack):
        return f"{mover(action).title} attacks {board.label(action.target)}"
    assert isinstance(action, EndPhase), action
    return f"end {action.emperor.title}'s Roman phase"


def kind_of(state: State, action: Action) -> str:
    """The kind of an action and the variant of its label (R5.3 border, R5.4 what is subdued,
    R5.1 by fleet, R12.1 a power during a decision, R11.3 the Dux)."""
    name = type(action).__name__
    if isinstance(action, Move):
        return f"{name}{' by fleet' if action.by_fleet else ''}"
    if isinstance(action, Secure):
        return f"{name}{' border' if state.board.is_border[action.at] else ''}"
    if isinstance(action, Subdue):
        return f"{name} {action.kind.name}"
    if isinstance(action, imperivm.UsePower):
        return f"{name} {'decision' if state.awaiting is Awaiting.DECISION else action.emperor.name}"
    if isinstance(action, pirates.AttackPirates):
        return f"{name}{' dux' if action.piece is not None else ''}"
    return name


def walk() -> Iterator[State]:
    """States of seeded random games of every configuration (each action chosen at random, a
    border secured or a revolt subdued half the time it can be: R5.3 needs a region free of
    revolt, which blind chance seldom leaves); first Maximian on the border of LIBYA (R5.3), and the
    Barbarian player's black disc that may become an army (R12.6)."""
    yield position(emperors={"Maximian": "libya"}, turn="Maximian")
    # R12.6: no army on the board, the black disc may become one after the activity
    black = variant(black=1, gray=0)
    play(black, f"{black.turn.title} ends his Roman phase", "B pass", "B pass")
    roll(black, *QUIET)
    play(black, "B pass")
    yield black
    for i, (level, options, players) in enumerate(CONFIGS):
        for seed in range(4):
            rng = random.Random(100 * i + seed)
            game = Game.new(Settings(level=Level.parse(level), options=options, players=players),
                            seed=seed)
            for _ in range(700):
                if game.state.is_over:
                    break
                if game.state.awaiting is Awaiting.ROLL:
                    game.roll()
                    continue
                yield game.state
                legal = legal_actions(game.state)
                calming = [a for a in legal if isinstance(a, (Secure, Subdue))]
                pool = calming if calming and rng.random() < 0.5 else legal
                game.play(pool[rng.randrange(len(pool))])


@pytest.fixture(scope="module")
def labelled_kinds() -> dict[str, list[tuple[str, str, str]]]:
    """Each kind of action met → (English, Spanish, French) labels, checked on the way: the
    English equals the page's label (``web.views.state_json``)."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for state in walk():
        view = state_json(state)
        for item, action in zip(view["legal"], legal_actions(state), strict=True):
            said = label(state, action)
            assert said is not None, f"no label for {type(action).__name__}"
            assert str(said) == item["label"] == page_english(state, action)
            es, fr = label_in(state, action, "es"), label_in(state, action, "fr")
            assert es is not None and fr is not None
            samples = found.setdefault(kind_of(state, action), [])
            if len(samples) < 20:
                samples.append((item["label"], es, fr))
    return found


BASE_KINDS = {"PlaceFleet", "Enter", "Move", "Move by fleet", "Sail", "Secure", "Secure border",
              "Subdue REMOVE_REVOLT", "Subdue REDUCE_REVOLT", "Subdue REMOVE_UNREST", "Attack",
              "EndPhase"}
OPTION_KINDS = {"Deploy", "UsePower decision", "UsePower DIOCLETIAN", "UsePower MAXIMIAN",
                "Decline", "AttackPirates", "AttackPirates dux", "SendGarrison", "BuyIP",
                "TransferIP", "Reroll", "CancelAdvance", "Redirect", "BlackRevolt", "BlackArmy",
                "BarbarianPass"}


def test_every_kind_of_action_is_met(labelled_kinds: dict[str, list[tuple[str, str, str]]]) -> None:
    """The walk meets every kind of action of the base game and of every optional rule (each
    ``OptionAction`` class the options register)."""
    met = set(labelled_kinds)
    assert met >= BASE_KINDS, BASE_KINDS - met
    assert met >= OPTION_KINDS, OPTION_KINDS - met
    classes = {cls.__name__ for cls in OptionAction.__subclasses__()
               if cls.__module__.startswith("tetrarchia.")}  # not a test's own extension (Summon)
    assert classes <= {kind.split()[0] for kind in met}, classes - met


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_labels_have_no_english_left(labelled_kinds: dict[str, list[tuple[str, str, str]]],
                                     lang: str) -> None:
    """Each label in Spanish and French holds no English word of the stop-list, and differs from
    the English unless it is a place's name alone (a fleet's sea zone R3.4, where an Emperor
    enters R4, where the Dux or the Vicarius is deployed R11.1/R11.2, a black disc's province
    R12.6)."""
    column = 1 if lang == "es" else 2
    for kind, samples in labelled_kinds.items():
        for sample in samples:
            english, told = sample[0], sample[column]
            left = words(told) & STOP_IN[lang]
            assert not left, f"{kind}: {told!r} keeps {left}"
            names_only = kind in ("PlaceFleet", "Enter", "Deploy", "BlackRevolt", "BlackArmy")
            assert names_only or told != english, f"{kind}: {told!r} is the English"


def test_labels_name_the_emperors_as_the_rulebooks() -> None:
    """Spanish and French name the Emperors as their rulebooks do, in labels as in the log."""
    state = position(emperors={"Maximian": "libya"}, turn="Maximian")
    end = EndPhase(Emperor.MAXIMIAN)
    assert end in legal_actions(state)
    assert label_in(state, end, "en") == "end Maximian's Roman phase"
    assert label_in(state, end, "es") == "terminar la fase romana de Maximiano"
    assert label_in(state, end, "fr") == "terminer la phase romaine de Maximien"
    ended = PhaseEnded(int(Emperor.MAXIMIAN), False)
    assert render_in(ended, state.board, "es") == "Maximiano termina su fase romana."
    assert render_in(ended, state.board, "fr") == "Maximien termine sa phase romaine."


def english_names(settings: Settings) -> dict[int, str]:
    """The English the start page always gave each seat (R10, R12.6), written here apart from
    ``render.labels`` so that the catalogue's English is checked, not compared with itself."""
    names: dict[int, str] = {}
    for player in range(1, settings.players + 1):
        own = emperors_of(player, settings.players, settings.shared_caesar)
        text = ", ".join(e.title for e in own if not is_shared(e, settings))
        shared = [e.title for e in own if is_shared(e, settings)]
        if shared:  # R10: the shared Caesar's disagreements are decided by his Augustus's player
            text += f" (and decides for the shared {shared[0]})"
        names[player] = f"Player {player}: {text}"
    if has_barbarian_player(settings):
        names[settings.players + 1] = f"Player {settings.players + 1}: the Barbarian player"
    return names


def english_title(seat: int, settings: Settings) -> str:
    """The English the page always gave the seat deciding (R10: ``Player 2 (Galerius)``; alone,
    the Emperor's name; R12.6), apart from ``render.labels`` as :func:`english_names`."""
    if seat == BARBARIAN_SEAT:
        return f"Player {barbarian_player(settings)} (the Barbarian player)"
    if settings.players == 1:
        return Emperor(seat).title
    return seat_label(Emperor(seat), settings)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("barbaria", [False, True])
def test_seat_titles_in_every_language(players: int, barbaria: bool) -> None:
    """R10, R12.6: who decides and whom each seat plays, for 1-5 players (four Emperors' players
    and the Barbarian player), in English as before and in Spanish and French."""
    settings = Settings(level=Level.parse("4211"), players=players,
                        options=("barbaria",) if barbaria else ())
    assert {n: str(s) for n, s in seat_names(settings).items()} == english_names(settings)
    seats: list[int | None] = [*range(4), *([4] if barbaria else []), None]
    for lang in ("es", "fr"):
        for seat in seats:
            english = view_seat_title(seat, settings)
            told = view_seat_title(seat, settings, lang)
            if seat is None:
                assert told is None and english is None
                continue
            assert english == english_title(seat, settings)
            assert str(seat_title(seat, settings)) == english
            assert told is not None and told != english and not words(told) & STOP_IN[lang], told
        for n, told in seat_names_in(settings, lang).items():
            assert told != english_names(settings)[n] and not words(told) & STOP_IN[lang], told
    if players == 3:
        assert view_seat_title(int(Emperor.GALERIUS), settings, "es") == \
            "Jugadores 1-3 (Galerio, compartido; decide el jugador 1 (Diocleciano))"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_start_pages_option_descriptions_are_translated(lang: str) -> None:
    """The start page's description of every optional rule and of each of its parameters
    (``/api/options?lang=``) comes from the ``labels`` catalogue; the rules' Latin names stay,
    the historical scenarios are named in the language (issue 23)."""
    from tetrarchia.web.app import options_catalogue

    english, told = options_catalogue()["options"], options_catalogue(lang)["options"]
    latin = {"barbaria", "diarchia", "dux", "imperivm", "mare-nostrvm", "patres-patriae", "roma-aeterna",
             "via-romana", "vicarius", "vsvrpator"}
    for mine, theirs in zip(told, english, strict=True):
        if mine["key"] in latin:
            assert mine["title"] == theirs["title"]
        if mine["family"] == "scenario":
            assert mine["title"] != theirs["title"], mine["title"]
    for mine, theirs in zip(told, english, strict=True):
        assert mine["summary"] != theirs["summary"], mine["summary"]
        assert not words(mine["summary"]) & {"the", "and", "his", "spend", "from", "with"}, mine
        for param, original in zip(mine["params"], theirs["params"], strict=True):
            assert param["help"] != original["help"], param["help"]
