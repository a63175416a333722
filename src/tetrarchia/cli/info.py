"""``info PROVINCE`` and ``info REGION``: what a province is on the board and what stands
there (issue 8): its links (broken or not) and what a move over each costs from there (R5.1),
its coasts and their fleets, the Barbarian arrow and the steps an army has still to go to Roma
(R7.3, D9, D10), its disc and its figure.  A region shows every province of it in one line."""

from __future__ import annotations

from tetrarchia.core.actions import Attack, Move
from tetrarchia.core.board import ITALIA
from tetrarchia.core.costs import attack_cost, link_cost, move_cost
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    GARRISON,
    GOTHS,
    NO_DISC,
    REBEL,
    REVOLT,
    ROMAN_NUMERALS,
    UNREST,
    VICARIUS,
    Emperor,
)
from tetrarchia.core.state import Awaiting, State

REGION_WORDS = {1: ("i", "hispania"), 2: ("ii", "gallia"), 3: ("iii", "illyricvm", "illyricum"),
                4: ("iv", "graecia"), 5: ("v", "asia minor", "asia-minor"), 6: ("vi", "africa"),
                ITALIA: ("italia", "italy")}


def disc_words(state: State, p: int) -> str:
    disc = state.disc[p]
    printed = state.board.provinces[p].capital_of
    if disc == UNREST:
        return "unrest"
    if disc == REVOLT:
        return "revolt"
    if disc >= GARRISON:
        return f"a garrison of {Emperor(disc - GARRISON).title}"
    if disc == NO_DISC and printed:
        whose = " and ".join(e.title for e in printed)
        return f"no disc: the capital of {whose}, uncovered, protects it (R2)"
    return "no disc"


def figure_words(state: State, p: int) -> str:
    figure = state.figure[p]
    emperors = [e.title for e in Emperor if state.emperor_at[e] == p]
    if emperors:
        return " and ".join(emperors) + (" (one passing through)" if len(emperors) > 1 else "")
    return {ARMY: "a Barbarian army", GOTHS: "the Goths", REBEL: "a rebel army", DUX: "the Dux",
            VICARIUS: "the Vicarius"}.get(figure, "nobody")


def steps_to_roma(state: State, p: int) -> int | None:
    """Steps an army in ``p`` takes along its path to Roma (R7.3, D9, D10); None: it never gets
    there."""
    steps = state.board.steps_to_roma[p]
    return steps if steps <= state.board.size else None


def link_words(state: State, p: int, q: int, broken: bool) -> str:
    """A link and the cost of a move over it from ``p`` (R5.1, core/costs.py; never into an army,
    which is attacked instead, R5.5)."""
    board = state.board
    name = board.label(q)
    kind = "broken" if broken else "normal"
    if board.is_border[q]:
        return f"{name} ({kind} link, the border)"
    figure = state.figure[q]
    if ARMY <= figure <= REBEL:
        attack = link_cost(broken, state.disc[q] == REVOLT)  # R5.5: the move's cost
        return f"{name} ({kind} link; an army stands there: attack for {attack} IP)"
    cost = link_cost(broken, state.disc[q] == REVOLT)
    return f"{name} ({kind} link, {cost} IP)"


def province_info(state: State, text: str) -> list[str]:
    """The lines of ``info`` for the province or region named ``text``."""
    words = text.strip().lower()
    for region, names in REGION_WORDS.items():
        if words in names:
            return region_info(state, region)
    board = state.board
    try:
        p = board.province(text).index
    except KeyError:
        words = text.strip().lower()
        several = [q.title for q in board.provinces if words and words in q.title.lower()]
        if several:
            raise TetrarchiaError(f"{text!r} names several provinces: {', '.join(several)}") from None
        raise TetrarchiaError(f"{text!r} names no province or region") from None
    province = board.provinces[p]
    where = "a border" if province.is_border else (
        "Italia" if province.region == ITALIA else f"region {ROMAN_NUMERALS[province.region]}")
    lines = [f"{board.label(p)}: {where}."]
    lines.append(f"Disc: {disc_words(state, p)}.  Figure: {figure_words(state, p)}.")
    links = [link_words(state, p, q, broken) for q, broken in board.neighbours[p]]
    lines.append("Links: " + "; ".join(links) + ".")
    coasts = board.coastal_zones(p)
    if coasts:
        seas = [f"{board.zones[z].title}{' (a fleet)' if state.fleets[z] else ''}" for z in coasts]
        lines.append("Coasts: " + ", ".join(seas) + ".")
    else:
        lines.append("Coasts: none (no move by fleet).")
    reach = reach_now(state, p)
    if reach:
        lines.append(reach)
    step = board.next_step[p]
    if p == board.roma:
        lines.append("Roma: an army entering it ends the game (R8).")
    elif step >= 0:
        steps = steps_to_roma(state, p)
        far = f"{steps} steps to Roma" if steps is not None else "never reaches Roma"
        lines.append(f"Barbarian arrow: an army here advances to {board.name(step)} ({far}).")
    return lines


def reach_now(state: State, p: int) -> str:
    """What the Emperor of the turn can do towards ``p`` now: move there (the cheapest way, R5.1)
    or attack it (R5.5), with the cost; empty when neither."""
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return ""
    legal = legal_actions(state)
    moves = [a for a in legal if isinstance(a, Move) and a.dest == p and a.piece is None]
    who = state.turn.title
    if moves:
        best = min(moves, key=lambda a: move_cost(state, a))
        how = " by fleet" if best.by_fleet else ""
        return f"{who} can move there{how} now for {move_cost(state, best)} IP ({state.ip} left)."
    attacks = [a for a in legal if isinstance(a, Attack) and a.target == p and a.piece is None]
    if attacks:
        return f"{who} can attack the army there now for {attack_cost(state, attacks[0])} IP."
    return ""


def region_info(state: State, region: int) -> list[str]:
    """Each province of ``region`` (and its border) in one line: disc, figure, arrow."""
    board = state.board
    title = "ITALIA" if region == ITALIA else f"REGION {ROMAN_NUMERALS[region]}"
    lines = [title]
    members = list(board.region_provinces[region])
    if region in board.border_of:
        members.append(board.border_of[region])
    for p in members:
        step = board.next_step[p]
        arrow = f" → {board.name(step)}" if step >= 0 else ""
        lines.append(f"  {board.label(p)}: {disc_words(state, p)}; {figure_words(state, p)}{arrow}")
    return lines
