"""R12.3 Via Romana: an Emperor standing on one of his garrisons may move that disc to a linked
empty Roman province (D17: no disc; a figure may stand there) for the IP he would pay to move
there himself (1, or 2 across a broken link).  A garrison securing a border stays where it is: a
secured border stays secured (R5.3, D38).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.costs import action_cost, link_cost
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NotLinked,
    NotYourTurn,
    Occupied,
    Refusal,
    Said,
    said,
)
from tetrarchia.core.events import Event, Events
from tetrarchia.core.faces import Namer, by, declare_label, declare_told, emperor_said, labelled, tell
from tetrarchia.core.notation import province_key, register_parser
from tetrarchia.core.pieces import GARRISON, NO_DISC, Emperor
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import State
from tetrarchia.options.common import parse_emperor, parse_province


@dataclass(frozen=True, slots=True)
class GarrisonSent(Event):
    """R12.3: ``emperor`` sends his garrison from ``origin`` to ``dest`` for ``cost`` IP."""

    kind: ClassVar[str] = "garrison"
    emperor: int
    origin: int
    dest: int
    cost: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    GarrisonSent: lambda e, board: (f"{Emperor(e.emperor).title} sends his garrison from "
                                    f"{board.name(e.origin)} to {board.name(e.dest)}."),
}}


@dataclass(frozen=True, slots=True)
class SendGarrison(OptionAction):
    emperor: Emperor
    origin: int
    dest: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return (f"{self.emperor.name[0]} g{province_key(board, self.origin)}>"
                    f"{province_key(board, self.dest)}")
        return (f"{self.emperor.title} sends his garrison from {board.name(self.origin)} to "
                f"{board.name(self.dest)}")

    def group(self, state: State) -> str:
        return "Via Romana"

    def label(self, state: State) -> str:  # R12.3: what a move through that link would cost
        return f"{OptionAction.label(self, state)} ({action_cost(state, self)} IP)"


_LONG = re.compile(r"^(\w+) sends his garrison from (.+?) to (.+)$")
_SHORT = re.compile(r"^([a-z]) g(\S+?)>(\S+)$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    match = _LONG.fullmatch(low) or _SHORT.fullmatch(low)
    if match:
        return SendGarrison(parse_emperor(match.group(1), text),
                            parse_province(board, match.group(2), text),
                            parse_province(board, match.group(3), text))
    return None


def _actions(state: State, actions: list[Action]) -> None:
    emperor = state.turn
    here = state.emperor_at[emperor]
    if here < 0 or state.passer >= 0 or state.disc[here] != GARRISON + emperor:
        return
    if state.board.is_border[here]:
        return  # a secured border stays secured (R5.3, D38)
    board = state.board
    for q, _ in board.neighbours[here]:
        if not board.is_border[q] and state.disc[q] == NO_DISC:
            send = SendGarrison(emperor, here, q)
            if send_cost(state, send) <= state.ip:
                actions.append(send)


def send_cost(state: State, action: SendGarrison) -> int:
    """R12.3: the IP of a move through the link, never the revolt's extra (the garrison goes
    to an empty province).  Declared to core/costs.py by the hooks."""
    return link_cost(state.board.link_between[(action.origin, action.dest)].broken, False)


def apply_send(state: State, action: SendGarrison, events: Events) -> None:
    cost = action_cost(state, action)  # charged by the engine before this runs
    state.disc[action.dest] = state.disc[action.origin]
    state.disc[action.origin] = NO_DISC
    if events is not None:
        events.append(GarrisonSent(int(action.emperor), action.origin, action.dest, cost))


def explain(state: State, action: SendGarrison) -> IllegalAction:
    board = state.board
    if action.emperor is not state.turn:
        return NotYourTurn(said("it is {turn}'s turn, not {emperor}'s", turn=state.turn.title,
                                emperor=action.emperor.title))
    if state.passer >= 0:
        return MustMoveOn(said("{emperor} is passing through: his next action must be a move "
                               "out (R5.1)", emperor=action.emperor.title))
    here = state.emperor_at[action.emperor]
    if here < 0:
        return IllegalAction(said("{who} is not on the board", who=action.emperor.title),
                             Refusal.NOT_ON_BOARD)
    if here != action.origin:
        origin = board.name(action.origin) if 0 <= action.origin < board.size else action.origin
        return IllegalAction(said("{who} is in {place}, not in {other}", who=action.emperor.title,
                                  place=board.name(here), other=origin),
                             Refusal.NOT_THERE)
    if state.disc[here] != GARRISON + action.emperor:
        return IllegalAction(said("{emperor} must stand on one of his garrisons",
                                  emperor=action.emperor.title),
                             Refusal.NO_TARGET)
    if board.is_border[here]:
        return IllegalAction(said("the garrison in {place} secures the border: a secured border "
                                  "stays secured (R5.3)", place=board.name(here)),
                             Refusal.PROTECTED_BORDER)
    if not 0 <= action.dest < board.size:
        return IllegalAction(said("there is no province {number}", number=action.dest),
                             Refusal.NO_SUCH_PLACE)
    if not board.linked(action.origin, action.dest) or board.is_border[action.dest]:
        return NotLinked(said("{place} is not a Roman province linked to {other}",
                              place=board.name(action.dest), other=board.name(action.origin)))
    if state.disc[action.dest] != NO_DISC:
        return Occupied(said("{place} already holds a disc", place=board.name(action.dest)),
                        Refusal.DISC_PRESENT)
    return NotEnoughIP(said("{emperor} has only {ip} IP left", emperor=action.emperor.title,
                            ip=state.ip))


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions,), appliers={SendGarrison: apply_send},
                 costs={SendGarrison: send_cost}, explainers={SendGarrison: explain})


MODULE = register(RuleModule(
    key="via-romana", title="Via Romana", family="variant", rule="R12.3",
    summary="Standing on one of his garrisons, an Emperor may send it to a linked empty Roman "
            "province for the IP of that move.",
    hooks=_hooks, texts=TEXTS,
))


def _label(state: State, action: SendGarrison, name: Namer) -> Said:
    """R12.3 (its cost, what the link would cost a move: the page adds the item's)."""
    origin, dest = state.board.name(action.origin), state.board.name(action.dest)
    return by(state, action.emperor,
              labelled("sends his garrison from {origin} to {dest}", origin=origin, dest=dest),
              labelled("{emperor} sends his garrison from {origin} to {dest}",
                       emperor=name(action.emperor), origin=origin, dest=dest))


declare_label(SendGarrison, _label)


# The sentence of the record, for the languages of the events catalogue (render.told).
declare_told(GarrisonSent, lambda e, b: tell("{emperor} sends his garrison from {origin} to {dest}.",
                                             emperor=emperor_said(e.emperor),
                                             origin=b.name(e.origin), dest=b.name(e.dest)))
