"""What several optional rules share: burning a disc for a power, decisions, notation helpers."""

from __future__ import annotations

from collections.abc import Callable

from tetrarchia.core.actions import Action
from tetrarchia.core.board import Board
from tetrarchia.core.errors import IllegalAction, InvalidNotation, Refusal
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import GARRISON, Emperor, Piece, emperor_named
from tetrarchia.core.reachable import register_decision
from tetrarchia.core.state import State
from tetrarchia.core.tasks import (
    ACTIVITY,
    ADVANCE,
    ARMY_STEP,
    BATTLE,
    SPREAD,
    DecisionStep,
    dice_rolled,
    step_begun,
    wave_not_begun,
)

RESERVE = -1  # burn a disc from the reserve rather than from a province


def burn_choices(state: State, emperor: int) -> list[int]:
    """Where a disc can be taken from to burn it (R12.1): his reserve, or any of his garrisons
    on the board except those securing a border."""
    choices = [RESERVE] if state.garrisons[emperor] > 0 else []
    own = GARRISON + emperor
    border = state.board.is_border
    # a secured border stays secured (R5.3): its garrison is never burned (D38)
    choices += [p for p, d in enumerate(state.disc) if d == own and not border[p]]
    return choices


def burn(state: State, emperor: int, source: int) -> None:
    """Remove one of his discs from the game for good (R12.1)."""
    if source == RESERVE:
        state.garrisons[emperor] -= 1
    else:
        state.disc[source] = 0
    state.burned[emperor] += 1


def burn_text(board: Board, source: int, compact: bool) -> str:
    if source == RESERVE:
        return "reserve" if compact else "a disc from his reserve"
    return province_key(board, source) if compact else f"his disc in {board.name(source)}"


def parse_burn(board: Board, text: str, original: str) -> int:
    text = text.strip()
    if text in ("reserve", "a disc from his reserve", "his reserve"):
        return RESERVE
    text = text.removeprefix("his disc in ").strip()
    try:
        return board.province(text).index
    except KeyError:
        raise InvalidNotation(f"{original!r}: {text!r} is not a province") from None


def parse_emperor(word: str, original: str) -> Emperor:
    try:
        return emperor_named(word)
    except KeyError:
        raise InvalidNotation(f"{original!r}: {word!r} is not an Emperor") from None


def parse_province(board: Board, key: str, original: str) -> int:
    try:
        return board.province(key.strip()).index
    except KeyError:
        raise InvalidNotation(f"{original!r}: {key.strip()!r} is not a province") from None


def top_decision(state: State, kind: int) -> DecisionStep | None:
    """The decision step on top of the machine if it is of ``kind``."""
    top = state.tasks[-1] if state.tasks else None
    if isinstance(top, DecisionStep) and top.kind == kind:
        return top
    return None


def decision_lister(kind: int, make: Callable[[State, DecisionStep], list[Action]]
                    ) -> Callable[[State], list[Action] | None]:
    """A ``hooks.decisions`` entry for decisions of ``kind``."""

    def choices(state: State) -> list[Action] | None:
        task = top_decision(state, kind)
        return make(state, task) if task is not None else None

    return choices


# Kinds of decision (DecisionStep.kind)
GALERIUS_BONUS = 1  # R12.1: +1 to his combat die
CONSTANTIUS_BLOCK = 2  # R12.1: block the army about to attack him
BARBARIAN_REROLL = 3  # R12.6: reroll the dice just rolled
BARBARIAN_ADVANCE = 4  # R12.6: cancel or redirect the army about to advance
BARBARIAN_BLACK = 5  # R12.6: the black disc
# ... and the seat that takes each (core/reachable.py refuses a position with any other)
# after the dice of his battle, once they are on the step (R12.1)
# (the Pirates' battle adds itself: options/pirates.py)
register_decision(GALERIUS_BONUS, int(Emperor.GALERIUS), below={BATTLE: dice_rolled})
# just before the army attacks him (R12.1)
register_decision(CONSTANTIUS_BLOCK, int(Emperor.CONSTANTIUS), below={ARMY_STEP: step_begun})
# on the dice just rolled in the Barbarian phase (R12.6); it may say whether he may still reroll
register_decision(BARBARIAN_REROLL, 4, ((), ((0, 1),)), on_dice=True)
# before an army steps: the decision names it (R12.6)
register_decision(BARBARIAN_ADVANCE, 4, (("province",),), below={ARMY_STEP: step_begun})
# the black disc: before the spreading, the activity or the advance (R12.6); it may name which
register_decision(BARBARIAN_BLACK, 4, ((), ((1, 3),)),
                  below={SPREAD: wave_not_begun, ACTIVITY: None, ADVANCE: None})


def burn_refused(state: State, emperor: int, source: int) -> IllegalAction:
    """The refusal of burning ``source``, which is not a disc this Emperor can burn (R12.1)."""
    board = state.board
    if not 0 <= source < board.size:
        code = Refusal.NO_SUCH_PLACE
    elif state.disc[source] == GARRISON + emperor and board.is_border[source]:
        code = Refusal.PROTECTED_BORDER
    else:
        code = Refusal.NO_TARGET
    return IllegalAction(burn_refusal(state, emperor, source), code)


def burn_refusal(state: State, emperor: int, source: int) -> str:
    """Why ``source`` is not a disc this Emperor can burn."""
    board = state.board
    if not 0 <= source < board.size:
        return f"there is no province {source}"
    if state.disc[source] == GARRISON + emperor and board.is_border[source]:
        return (f"his disc in {board.name(source)} secures the border, and a secured border "
                "stays secured (R5.3): it is never burned")
    return f"{Emperor(emperor).title} has no disc in {board.name(source)}"


def leaves_board(piece: int, why: str) -> str:
    """English: a Roman figure taken off the board for ``why`` (an Emperor until his next turn,
    R4; the Dux or the Vicarius dies, R11.1, R11.2), for the options' own records."""
    if piece < 4:
        return f"{Piece(piece).title} {why} and leaves the board."
    return f"The {Piece(piece).title} {why} and dies: he leaves the game."
