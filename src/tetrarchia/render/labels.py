"""The words of the action list and of the seats in the three rulebook languages: each legal
action's label (the few words of its button, with its cost), who decides now (the seat title)
and whom each player's seat plays (the seat panel).

A label is built from the action's structure (its kind, places, Emperor and cost) as an English
template and its arguments (a :class:`~tetrarchia.core.errors.Said`); Spanish and French look the
template up in the ``labels`` gettext catalogue (``render/locale/<lang>/LC_MESSAGES/labels.po``,
compiled by ``tools/i18n.py``; ``render.catalogues`` gathers the literal templates of
``labelled("...")`` here).  Province and sea zone names stay as the board names them; the
Emperors are named as each rulebook names them, from the ``events`` catalogue
(``render.told.EMPEROR_NAMES``: one list of names for the log and the buttons alike).  The
English of every template is the label the page showed before word for word
(``str(label(...)) == action_json``'s English, tests), so a browser clicks the same button.

An optional rule added later without a template here keeps its module's English label
(``OptionAction.label``): it still shows, in English.  The start page's description of each
optional rule and of its parameters (the registry's ``summary`` and ``help``) is in the same
catalogue (:func:`phrase_in`).
"""

from __future__ import annotations

from typing import Any

import tetrarchia.options  # noqa: F401  (every optional rule declares its labels on import)
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
from tetrarchia.core.engine import deciding_seat, legal_actions
from tetrarchia.core.errors import Said
from tetrarchia.core.faces import LABELS
from tetrarchia.core.faces import labelled as labelled  # the templates of this module (re-exported)
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.render.catalogues import TRANSLATED, catalogue
from tetrarchia.render.refusals import said_in
from tetrarchia.render.told import EMPEROR_NAMES
from tetrarchia.seats import barbarian_player, emperors_of, has_barbarian_player, is_shared, seat_of

DOMAIN = "labels"
BARBARIAN_SEAT = 4  # the engine's seat of the Barbarian player (R12.6)


def emperor_name(emperor: Emperor, lang: str) -> str:
    """The Emperor as the rulebook of ``lang`` names him (``events`` catalogue)."""
    name = EMPEROR_NAMES[emperor]
    return said_in(name, lang, "events") or str(name)


def emperor_names(lang: str) -> dict[str, str]:
    """Each Emperor's name on the board (the save format's) → his name in ``lang``, for the
    page's own lines (whose turn it is)."""
    return {e.title: emperor_name(e, lang) for e in Emperor}


def figure_name(piece: Piece, lang: str) -> str:
    """An Emperor in ``lang``; the Dux and the Vicarius keep their rule names (R11.1, R11.2)."""
    return emperor_name(Emperor(int(piece)), lang) if int(piece) < 4 else piece.title


def _option(state: State, action: OptionAction, lang: str) -> Said | None:
    """An option's action as its module labels it (``core.faces.declare_label``), the Emperors
    named in ``lang``."""
    labeller = LABELS.get(type(action))
    return None if labeller is None else labeller(state, action, lambda e: emperor_name(e, lang))


def label(state: State, action: Action, lang: str = "en") -> Said | None:
    """``action``'s label as a template and its arguments, the Emperors named in ``lang``; None
    for an action without a label of its own here (a roll; an option added later)."""
    board = state.board
    if isinstance(action, OptionAction):
        return _option(state, action, lang)
    if isinstance(action, PlaceFleet):  # R3.4: the sea zone's name
        return labelled("{zone}", zone=board.zones[action.zone].title)
    if isinstance(action, Enter):  # R4: where he enters
        return labelled("{place}", place=board.label(action.province))
    if isinstance(action, Move):  # R5.1
        figure, place = figure_name(mover(action), lang), board.label(action.dest)
        if action.by_fleet:
            return labelled("{figure} → {place} by fleet", figure=figure, place=place)
        return labelled("{figure} → {place}", figure=figure, place=place)
    if isinstance(action, Sail):  # R5.2
        return labelled("fleet {origin} → {dest}", origin=board.zones[action.src].title,
                        dest=board.zones[action.dst].title)
    if isinstance(action, Secure):  # R5.3: a border costs 2 IP
        if board.is_border[action.at]:
            return labelled("secure the border {place}", place=board.name(action.at))
        return labelled("secure {place}", place=board.name(action.at))
    if isinstance(action, Subdue):  # R5.4
        place = board.name(action.at)
        if action.kind is SubdueKind.REMOVE_REVOLT:
            return labelled("remove the revolt in {place}", place=place)
        if action.kind is SubdueKind.REDUCE_REVOLT:
            return labelled("reduce the revolt to unrest in {place}", place=place)
        return labelled("remove the unrest in {place}", place=place)
    if isinstance(action, Attack):  # R5.5, R6
        return labelled("{figure} attacks {place}", figure=figure_name(mover(action), lang),
                        place=board.label(action.target))
    if isinstance(action, EndPhase):
        return labelled("end {emperor}'s Roman phase", emperor=emperor_name(action.emperor, lang))
    return None


def label_in(state: State, action: Action, lang: str) -> str | None:
    """``action``'s label in ``lang`` ("en", "es", "fr"; any other: English); None when it has
    no label of its own here."""
    said = label(state, action, lang)
    return None if said is None else told(said, lang)


def seat_title(seat: int | None, settings: Settings, lang: str = "en") -> Said | None:
    """Who decides, as the players at the screen know themselves (R10: ``Player 2 (Galerius)``;
    alone, the Emperor's name; the shared Caesar of three players says whose player decides a
    disagreement; R12.6 the Barbarian player)."""
    if seat is None:
        return None
    if seat == BARBARIAN_SEAT:
        return labelled("Player {player} (the Barbarian player)", player=barbarian_player(settings))
    emperor = Emperor(seat)
    if settings.players == 1:
        return labelled("{emperor}", emperor=emperor_name(emperor, lang))
    player = seat_of(emperor, settings.players, settings.shared_caesar)
    if is_shared(emperor, settings):
        return labelled("Players 1-3 ({emperor}, shared; Player {player} ({augustus}) decides)",
                        emperor=emperor_name(emperor, lang), player=player,
                        augustus=emperor_name(emperor.augustus, lang))
    return labelled("Player {player} ({emperor})", player=player, emperor=emperor_name(emperor, lang))


def seat_title_in(seat: int | None, settings: Settings, lang: str) -> str | None:
    """:func:`seat_title` in ``lang``."""
    said = seat_title(seat, settings, lang)
    return None if said is None else told(said, lang)


def seat_names(settings: Settings, lang: str = "en") -> dict[int, Said]:
    """Each player's seat and whom it plays, in the rulebook's words (R10, R12.6)."""
    names: dict[int, Said] = {}
    for player in range(1, settings.players + 1):
        own = emperors_of(player, settings.players, settings.shared_caesar)
        titles = ", ".join(emperor_name(e, lang) for e in own if not is_shared(e, settings))
        shared = [emperor_name(e, lang) for e in own if is_shared(e, settings)]
        if shared:  # R10: the shared Caesar's disagreements are decided by his Augustus's player
            names[player] = labelled("Player {player}: {emperors} (and decides for the shared "
                                     "{shared})", player=player, emperors=titles, shared=shared[0])
        else:
            names[player] = labelled("Player {player}: {emperors}", player=player, emperors=titles)
    if has_barbarian_player(settings):
        names[settings.players + 1] = labelled("Player {player}: the Barbarian player",
                                               player=settings.players + 1)
    return names


def seat_names_in(settings: Settings, lang: str) -> dict[int, str]:
    """:func:`seat_names` in ``lang``."""
    return {player: told(said, lang) for player, said in seat_names(settings, lang).items()}


def told(said: Said, lang: str) -> str:
    """A phrase of the ``labels`` catalogue in ``lang`` (English when untranslated)."""
    if lang not in TRANSLATED:
        return str(said)
    return said_in(said, lang, DOMAIN) or str(said)


def relabel(view: dict[str, Any], state: State, lang: str) -> None:
    """Tell a state's view (``web.views.state_json``, built in English) in ``lang``: each legal
    action's label, who decides and the Emperors' names.  An action without a label here keeps its English."""
    if lang == "en":
        return
    view["emperor_names"] = emperor_names(lang)
    view["seat_title"] = seat_title_in(deciding_seat(state), state.settings, lang)
    if not view.get("legal"):
        return
    for item, action in zip(view["legal"], legal_actions(state), strict=True):
        item["label"] = label_in(state, action, lang) or item["label"]


def phrase_in(text: str, lang: str) -> str:
    """An English phrase of the ``labels`` catalogue in ``lang``: an optional rule's summary or
    a parameter's help on the start page (English when untranslated)."""
    return catalogue(lang, DOMAIN).get(text, text) if text else text
