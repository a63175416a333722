"""What several optional rules share: burning a disc for a power, decisions, notation helpers,
and the state records several of them keep (R12.1 burned discs, per-Emperor counts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from tetrarchia.core.actions import Action
from tetrarchia.core.board import Board
from tetrarchia.core.errors import IllegalAction, InvalidNotation, Refusal, Said, SaveFileError, said
from tetrarchia.core.extensions import V1_PER_EMPEROR, RecordSlot, declare_record
from tetrarchia.core.faces import Counts, declare_lines, explained, labelled, tell
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import EMPERORS, GARRISON, GARRISONS_IN_BOX, GOTHS, Emperor, Piece, emperor_named
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
    in_setup,
    step_begun,
    wave_not_begun,
)

RESERVE = -1  # burn a disc from the reserve rather than from a province


# --- state records (core/extensions.py) ----------------------------------------------------------
class PerEmperor(NamedTuple):
    """A count for each Emperor (glory, burned discs, IP moved to his next turn ...)."""

    counts: tuple[int, int, int, int] = (0, 0, 0, 0)

    def plus(self, emperor: int, delta: int) -> PerEmperor:
        counts = list(self.counts)
        counts[emperor] += delta
        return PerEmperor((counts[0], counts[1], counts[2], counts[3]))


class Count(NamedTuple):
    """One count (Galerius's +1s in a battle, discs burned for IP this turn ...)."""

    n: int = 0


def emperor_from_json(name: Any) -> Emperor:
    for e in EMPERORS:
        if isinstance(name, str) and e.title.lower() == name.strip().lower():
            return e
    raise SaveFileError(said("unknown Emperor {name}", name=repr(name)))


def province_from_json(state: State, key: Any) -> int:
    if not isinstance(key, str):
        raise SaveFileError(said("{key} is not a province", key=repr(key)))
    try:
        return state.board.province(key).index
    except KeyError:
        raise SaveFileError(said("unknown province {key}", key=repr(key))) from None


def count_from_json(data: Any, low: int, high: int) -> int:
    if type(data) is not int or not low <= data <= high:
        raise SaveFileError(said("{value} is not a count ({low}-{high})", value=repr(data),
                                 low=low, high=high))
    return data


def declare_per_emperor(name: str, title: str, low: int, high: int,
                        reserve_unrest: bool = False,
                        check: Callable[[State, PerEmperor, list[str | Said]], None] | None = None,
                        burned: bool = False, v1: str | None = None) -> RecordSlot[PerEmperor]:
    """A record of one count per Emperor between ``low`` and ``high``, written as an object
    ``{"Diocletian": 1, ...}`` with every Emperor; ``reserve_unrest``: the counts are unrest
    discs out of their reserve (R12.5 glory); ``burned``: garrison discs out of the game;
    ``v1``: its key in format 1's ``"expansion"`` (core/migrate.py)."""

    def to_json(state: State, record: PerEmperor) -> dict[str, int]:
        return {e.title: record.counts[e] for e in EMPERORS}

    def from_json(state: State, data: Any) -> PerEmperor:
        if not isinstance(data, dict):
            raise SaveFileError(said("{value} is not a table of the Emperors", value=repr(data)))
        counts = [0, 0, 0, 0]
        for who, count in data.items():
            counts[emperor_from_json(who)] = count_from_json(count, low, high)
        return PerEmperor((counts[0], counts[1], counts[2], counts[3]))

    def check_counts(state: State, record: PerEmperor, found: list[str | Said]) -> None:
        if not isinstance(record, PerEmperor) or len(record.counts) != 4:
            found.append(said("{title} must have 4 entries", title=said(title)))
            return
        for e in EMPERORS:
            if not low <= record.counts[e] <= high:
                found.append(said("{emperor} cannot have {count} {title} ({low}-{high})",
                                  emperor=e.title, count=record.counts[e], title=said(title),
                                  low=low, high=high))
        if any(record.counts) and in_setup(state):
            found.append(said("{title} before the first turn: only play gives them (the setup "
                              "gives none)", title=said(title)))
        if check is not None:
            check(state, record, found)

    return declare_record(
        name, PerEmperor(), title, to_json, from_json, check_counts,
        reserve_unrest=(lambda record: sum(record.counts)) if reserve_unrest else None,
        burned=(lambda record, e: record.counts[e]) if burned else None,
        v1=None if v1 is None else (v1, V1_PER_EMPEROR))


def declare_count(name: str, title: str, high: int) -> RecordSlot[Count]:
    """A record of one count from 0 to ``high``, written as a number."""

    def check(state: State, record: Count, found: list[str | Said]) -> None:
        if not isinstance(record, Count) or not 0 <= record.n <= high:
            found.append(said("{record} {title}: 0 to {high}", record=repr(record),
                              title=said(title), high=high))
        elif record.n and in_setup(state):
            found.append(said("{title} before the first turn: only play gives them (the setup "
                              "gives none)", title=said(title)))

    return declare_record(name, Count(), title, lambda state, record: record.n,
                          lambda state, data: Count(count_from_json(data, 0, high)), check)


# R12.1: garrison discs each Emperor removed from the game (Imperivm, Imperivm 1st edition)
BURNED = declare_per_emperor("burned", "burned discs", 0, GARRISONS_IN_BOX, burned=True,
                             v1="burned")


def burned(state: State, emperor: int) -> int:
    """The discs ``emperor`` burned (R12.1)."""
    return BURNED.get(state).counts[emperor]


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
    BURNED.put(state, BURNED.get(state).plus(emperor, 1))


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
        raise InvalidNotation(said("{text}: {key} is not a province", text=repr(original),
                                   key=repr(text))) from None


def parse_emperor(word: str, original: str) -> Emperor:
    try:
        return emperor_named(word)
    except KeyError:
        raise InvalidNotation(said("{text}: {word} is not an Emperor", text=repr(original),
                                   word=repr(word))) from None


def parse_province(board: Board, key: str, original: str) -> int:
    try:
        return board.province(key.strip()).index
    except KeyError:
        raise InvalidNotation(said("{text}: {key} is not a province", text=repr(original),
                                   key=repr(key.strip()))) from None


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


def burn_refusal(state: State, emperor: int, source: int) -> Said:
    """Why ``source`` is not a disc this Emperor can burn."""
    board = state.board
    if not 0 <= source < board.size:
        return said("there is no province {number}", number=source)
    if state.disc[source] == GARRISON + emperor and board.is_border[source]:
        return said("his disc in {place} secures the border, and a secured border stays secured "
                    "(R5.3): it is never burned", place=board.name(source))
    return said("{emperor} has no disc in {place}", emperor=Emperor(emperor).title,
                place=board.name(source))


def leaves_board(piece: int, why: str) -> str:
    """English: a Roman figure taken off the board for ``why`` (an Emperor until his next turn,
    R4; the Dux or the Vicarius dies, R11.1, R11.2), for the options' own records."""
    if piece < 4:
        return f"{Piece(piece).title} {why} and leaves the board."
    return f"The {Piece(piece).title} {why} and dies: he leaves the game."


def burning_label(board: Board, burn: int, label: bool) -> Said:
    """The disc an Emperor burns (R12.1, R12.2), for an action's label: from his reserve or on
    the board (``core.faces``)."""
    if burn == RESERVE:
        return labelled("a disc from his reserve")
    place = board.label(burn) if label else board.name(burn)
    return labelled("his disc in {place}", place=place)


def _burned_lines(state: State, width: int) -> list[Counts]:
    """R12.1, R12.2: each Emperor's burned discs, on the board as text (both rules burn)."""
    if not (state.settings.has("imperivm") or state.settings.has("imperivm-1st")):
        return []
    return [Counts("burned", tuple(BURNED.get(state).counts))]


declare_lines(70, _burned_lines)


def army_phrase(state: State, province: int, place: str) -> Said:
    """"The army in X is" / "The Goths in X are"."""
    if state.figure[province] == GOTHS:
        return explained("The Goths in {place} are", place=place)
    return explained("The army in {place} is", place=place)


def burned_said(board: Board, source: int) -> Said:
    """The disc an Emperor burns (R12.1, R12.1b), a phrase of the events catalogue."""
    if source == RESERVE:
        return tell("a disc from his reserve")
    return tell("his disc in {place}", place=board.name(source))
