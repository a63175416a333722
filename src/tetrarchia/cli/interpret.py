"""What a typed line means beyond the notation: a place name goes the cheapest way, and a short
form that is not legal now is turned into the action it names so that the engine can say why
(``end`` while passing through, ``secure`` on a disc, ``attack roma`` ...)."""

from __future__ import annotations

from tetrarchia.cli.decisions import who_decides
from tetrarchia.cli.names import emperor_spellings, exact_place, fold, nearest_names
from tetrarchia.cli.render import action_label, numbered
from tetrarchia.core.actions import Action, Attack, EndPhase, Enter, Move, Secure, Subdue, SubdueKind
from tetrarchia.core.costs import move_cost
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.notation import parse_action
from tetrarchia.core.pieces import ARMY, REBEL
from tetrarchia.core.state import Awaiting, State


def cheapest_way(state: State, action: Action, legal: list[Action], text: str) -> Action:
    """A short form such as ``thracia`` names a destination: go there the cheapest way (R5.1),
    by fleet when that costs less than the link.  Full notations are taken as written."""
    if not isinstance(action, Move) or "fleet" in text.lower():
        return action
    try:
        parse_action(text, state.board)
    except TetrarchiaError:
        pass
    else:
        return action
    ways = [a for a in legal if isinstance(a, Move) and a.origin == action.origin and a.dest == action.dest]
    return min(ways, key=lambda a: move_cost(state, a), default=action)


def province_named(state: State, text: str) -> int | None:
    exact = exact_place(state.board, text)
    if exact is not None:
        return exact
    try:
        return state.board.province(text).index
    except KeyError:
        return None


def named_action(state: State, text: str, legal: list[Action]) -> Action | None:
    """The legal action a short form names when its place is named exactly, in any language
    (issue 30: ``pannonia svperior`` from Pannonia Inferior is that province, never also
    Moesia Svperior): ``PLACE``, ``to PLACE``, ``attack PLACE``, ``enter PLACE``; a move goes
    the cheapest way (R5.1), through the link when the fleet costs the same.  None when the text
    is no such short form or names no legal action (the caller then says why)."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb in ("to", "attack", "enter"):
        words = words[1:]
    if not words:
        return None
    place = exact_place(state.board, " ".join(words))
    if place is None:
        return None
    if verb == "attack":
        found: list[Action] = [a for a in legal if isinstance(a, Attack) and a.piece is None
                               and a.target == place]
    elif state.awaiting is Awaiting.ENTRY:
        found = [a for a in legal if isinstance(a, Enter) and a.province == place]
    else:
        found = [a for a in legal if isinstance(a, Move) and a.piece is None and a.dest == place]
    return min(found, key=lambda a: (move_cost(state, a), a.by_fleet) if isinstance(a, Move)
               else (0, False), default=None)


def did_you_mean(state: State, text: str) -> str:
    """`` (did you mean Moesia Svperior or Pannonia Svperior?)`` for a line that names no
    place or Emperor the game knows; empty when no name is near."""
    near = nearest_names(state.board, text)
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def unknown_words(state: State, text: str) -> str | None:
    """Why a line that is no action is refused, in the player's terms, when it is a name: an
    Emperor alone (``Galère``), or a near miss of names (``pannonnia``: did you mean ...);
    None when no name is near (the notation's own refusal then says what an action is)."""
    emperor = emperor_spellings().get(fold(text))
    if emperor is not None:
        return (f"{text!r} is {emperor.title}: type what he does, as an action of the list, its "
                f"number or the notation ('{emperor.title} ends his Roman phase'; help)")
    near = nearest_names(state.board, text)
    if not near:
        return None
    return f"{text!r} is no action and names no place: did you mean {' or '.join(near)}?"


def short_form_meant(state: State, text: str) -> Action | None:
    """The action a short form names when it is not legal now (``end``, ``secure``,
    ``attack dacia``, ``remove revolt``, a province to move to or enter), or None."""
    emperor = state.turn
    words = text.lower().split()
    if not words:
        return None
    if state.awaiting is Awaiting.ENTRY:
        where = province_named(state, text)
        return None if where is None else Enter(emperor, where)
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return None
    here = state.emperor_at[emperor]
    if words[0] in ("end", "pass"):
        return EndPhase(emperor)
    if here < 0:
        return None
    if words == ["secure"]:
        return Secure(emperor, here)
    if words[0] in ("remove", "reduce") and len(words) >= 2:
        kind = {"revolt": SubdueKind.REMOVE_REVOLT, "unrest": SubdueKind.REMOVE_UNREST}.get(words[-1])
        kind = SubdueKind.REDUCE_REVOLT if words[0] == "reduce" else kind
        return None if kind is None else Subdue(emperor, here, kind)
    if words[0] == "attack" and len(words) >= 2:
        target = province_named(state, " ".join(words[1:]))
        return None if target is None else Attack(emperor, here, target)
    if words[0] == "to":
        words = words[1:]
    dest = province_named(state, " ".join(words))
    return None if dest is None else Move(emperor, here, dest)


def choice_hint(state: State, legal: list[Action]) -> str:
    """At an entry or a fleet placement, what is to be chosen (for input that names none)."""
    items = numbered(state, legal)
    choices = ", ".join(f"{n} ({action_label(state, a)})" for n, a in enumerate(items, 1))
    if state.awaiting is Awaiting.ENTRY:
        return f"{state.turn.title} is off the board and enters first (R4): type {choices}"
    if state.awaiting is Awaiting.FLEET_PLACEMENT:
        return f"the players place a Roman fleet first (R3.6): type {choices}"
    if state.awaiting is Awaiting.DECISION:
        return f"the game waits for a decision of {who_decides(state)}: type {choices}"
    return ""


def bare_word_reason(state: State, text: str) -> str | None:
    """Why a command word typed alone is no action now (``attack`` with no army in reach says
    so, as ``attack dacia`` does), or None."""
    words = text.lower().split()
    if words != ["attack"] or state.awaiting is not Awaiting.ROMAN_ACTION:
        return None
    emperor = state.turn
    here = state.emperor_at[emperor]
    if here < 0:
        return f"{emperor.title} is off the board: he cannot attack"
    board = state.board
    armies = [q for q, _ in board.neighbours[here] if ARMY <= state.figure[q] <= REBEL]
    if not armies:
        return (f"no Barbarian army stands in a province linked to {board.name(here)} "
                "(attacks go through links only, R5.5)")
    named = " or ".join(f"'attack {board.name(q).lower()}'" for q in armies)
    return f"attack which army? type {named}"
