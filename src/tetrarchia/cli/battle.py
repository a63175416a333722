"""The attack preview that explains itself (issue 8, R6): which discs make each side's support,
which group counts, which Emperors double the Roman value and which armies the Barbarian one,
and the options' modifiers to the dice."""

from __future__ import annotations

from collections.abc import Callable

from tetrarchia.core.actions import Attack, mover
from tetrarchia.core.combat import die_modifiers, supports_emperor
from tetrarchia.core.pieces import ARMY, DUX, EMPEROR_FIGURE, PIECE_FIGURES, REBEL, REVOLT, Piece
from tetrarchia.core.settings import SupportGroup
from tetrarchia.core.state import State


def groups_touching(state: State, members: Callable[[int], bool], centre: int) -> list[list[int]]:
    """The connected groups of ``members`` holding ``centre`` or a province linked to it (R6),
    as lists of provinces (``combat.touching_groups`` counts the same groups)."""
    neighbours = state.board.neighbours
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in (centre, *(q for q, _ in neighbours[centre])):
        if start in seen or not members(start):
            continue
        seen.add(start)
        stack, group = [start], []
        while stack:
            p = stack.pop()
            group.append(p)
            for q, _ in neighbours[p]:
                if q not in seen and members(q):
                    seen.add(q)
                    stack.append(q)
        groups.append(group)
    return groups


def _names(state: State, provinces: list[int]) -> str:
    return ", ".join(state.board.name(p) for p in sorted(provinces))


def _group_words(state: State, groups: list[list[int]], counted: list[int] | None, what: str) -> str:
    if counted is None:
        return f"no {what} linked"
    others = [g for g in groups if g is not counted]
    text = f"{len(counted)} ({_names(state, counted)})"
    if others:
        text += "; not counted: " + "; ".join(_names(state, g) for g in others)
    return text


def explain_attack(state: State, action: Attack) -> str:
    """One line: what makes each side's value in this attack, before the dice (R6)."""
    return explain_battle(state, mover(action), action.origin, action.target)


def explain_battle(state: State, piece: int, origin: int, target: int) -> str:
    """One line: what makes each side's value in a battle of ``piece`` (an Emperor, or the Dux)
    in ``origin`` against the army in ``target``, on the board of ``state`` (R6)."""
    board = state.board
    if piece < 4:
        roman_groups = groups_touching(state, supports_emperor(state, piece), origin)
        roman = max(roman_groups, key=len, default=None)
        roman_text = _group_words(state, roman_groups, roman, "garrisons")
    else:
        roman_text = "0 (the Dux has no discs, R11.1)"
    disc = state.disc
    revolt_groups = groups_touching(state, lambda p: disc[p] == REVOLT, target)
    pick = min if state.settings.support_group is SupportGroup.PLAYERS_CHOOSE else max
    barbarian = pick(revolt_groups, key=len) if revolt_groups else None
    barbarian_text = _group_words(state, revolt_groups, barbarian, "revolts")
    own = PIECE_FIGURES[piece]
    doubling = [f"{_figure_name(state, q)} in {board.name(q)}" for q, _ in board.neighbours[target]
                if EMPEROR_FIGURE <= state.figure[q] <= DUX and state.figure[q] != own]
    armies = [board.name(q) for q, _ in board.neighbours[origin]
              if q != target and ARMY <= state.figure[q] <= REBEL]
    line = f"Roman support {roman_text}"
    if doubling:
        line += f", x2 each: {', '.join(doubling)} (linked to the army)"
    line += f"; Barbarian support {barbarian_text}"
    if armies:
        line += f", x2 each: the armies in {', '.join(armies)} (linked to {board.name(origin)})"
    roman_plus, barbarian_plus = die_modifiers(state, target, piece)
    if roman_plus:
        line += f"; Roman die {roman_plus:+d}"
    if barbarian_plus:
        line += f"; Barbarian die {barbarian_plus:+d} (the Goths, R11.4)"
    return line + "."


def _figure_name(state: State, p: int) -> str:
    figure = state.figure[p]
    if figure == DUX:
        return "the Dux"
    return Piece(figure - EMPEROR_FIGURE).title
