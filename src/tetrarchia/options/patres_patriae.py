"""R12.8 Patres Patriae (1st edition): every round Diocletian may take 1 IP from Galerius, and
Constantius may give 1 IP to Maximian.  The IP moves at once to the one who takes it and from
the next turn of the other (Galerius plays after Diocletian, Maximian after Constantius).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.costs import affordable
from tetrarchia.core.errors import IllegalAction, NotEnoughIP, Refusal, Said, WrongMoment, said
from tetrarchia.core.events import Event, Events
from tetrarchia.core.extensions import ROUND, declare_flag
from tetrarchia.core.faces import (
    Counts,
    Namer,
    by,
    declare_label,
    declare_lines,
    declare_told,
    labelled,
    tell,
)
from tetrarchia.core.notation import register_parser
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.common import declare_per_emperor, parse_emperor

# the IP transfer used this round, by Emperor (R12.8: once per round)
TRANSFER_USED = {0: declare_flag("transfer-used-diocletian", ROUND),
                 2: declare_flag("transfer-used-constantius", ROUND)}
# R12.8: IP given to or taken from each Emperor's next turn
IP_NEXT = declare_per_emperor("ip-next", "IP moved to a next turn", -1, 1, v1="ip_next")


def ip_next(state: State, emperor: int) -> int:
    """The IP ``emperor``'s next turn gains (1) or loses (-1) by a transfer (R12.8)."""
    return IP_NEXT.get(state).counts[emperor]


def _turn_ip(state: State, emperor: int) -> int:
    """R12.8: his turn begins with the IP moved to it, and the transfer is spent."""
    gained = ip_next(state, emperor)
    if gained:
        IP_NEXT.put(state, IP_NEXT.get(state).plus(emperor, -gained))
    return gained
TAKEN: Final = -1  # R12.8: Diocletian's IP taken from Galerius (a cost of -1: gained)
GIVEN: Final = 1  # R12.8: the IP Constantius gives Maximian
PARTNER = {Emperor.DIOCLETIAN: Emperor.GALERIUS, Emperor.CONSTANTIUS: Emperor.MAXIMIAN}


@dataclass(frozen=True, slots=True)
class IPTransferred(Event):
    """R12.8: ``emperor`` (Diocletian or Constantius) moves 1 IP with his partner: Diocletian
    takes it from Galerius's next turn, Constantius gives it to Maximian's."""

    kind: ClassVar[str] = "patres"
    emperor: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    IPTransferred: lambda e, board: ("Diocletian takes 1 IP from Galerius."
                                     if e.emperor == Emperor.DIOCLETIAN
                                     else "Constantius gives 1 IP to Maximian."),
}}


@dataclass(frozen=True, slots=True)
class TransferIP(OptionAction):
    """Diocletian takes 1 IP from Galerius, or Constantius gives 1 IP to Maximian."""

    emperor: Emperor

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"{self.emperor.name[0]} patres"
        if self.emperor is Emperor.DIOCLETIAN:
            return "Diocletian takes 1 IP from Galerius"
        return "Constantius gives 1 IP to Maximian"

    def group(self, state: State) -> str:
        return "Patres Patriae"


_LONG = re.compile(r"^(diocletian takes 1 ip from galerius|constantius gives 1 ip to maximian)$")
_SHORT = re.compile(r"^([a-z]) patres$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    match = _LONG.fullmatch(low)
    if match:
        return TransferIP(Emperor.DIOCLETIAN if low.startswith("dio") else Emperor.CONSTANTIUS)
    match = _SHORT.fullmatch(low)
    if match:
        return TransferIP(parse_emperor(match.group(1), text))
    return None


def _actions(state: State, actions: list[Action]) -> None:
    emperor = state.turn
    if emperor not in PARTNER or state.flags & TRANSFER_USED[emperor] or state.passer >= 0:
        return
    transfer = TransferIP(emperor)
    if affordable(state, transfer):  # Constantius needs the IP he gives
        actions.append(transfer)


def transfer_cost(state: State, action: TransferIP) -> int:
    """R12.8: Diocletian gains the IP he takes (a cost of -1), Constantius spends the one he
    gives.  Declared to core/costs.py by the hooks."""
    return TAKEN if action.emperor is Emperor.DIOCLETIAN else GIVEN


def apply_transfer(state: State, action: TransferIP, events: Events) -> None:
    state.flags |= TRANSFER_USED[action.emperor]
    if action.emperor is Emperor.DIOCLETIAN:
        IP_NEXT.put(state, IP_NEXT.get(state).plus(Emperor.GALERIUS, -1))
        if events is not None:
            events.append(IPTransferred(int(action.emperor)))
    else:
        IP_NEXT.put(state, IP_NEXT.get(state).plus(Emperor.MAXIMIAN, 1))
        if events is not None:
            events.append(IPTransferred(int(action.emperor)))


def explain(state: State, action: TransferIP) -> IllegalAction:
    if action.emperor not in PARTNER:
        return IllegalAction(said("only Diocletian (taking from Galerius) and Constantius "
                                  "(giving to Maximian) transfer IP"))
    if state.flags & TRANSFER_USED[action.emperor]:
        return WrongMoment(said("the IP transfer is once per round"), Refusal.ALREADY_USED)
    if state.turn is action.emperor and state.awaiting is Awaiting.ROMAN_ACTION and \
            not affordable(state, action):
        return NotEnoughIP(said("Constantius has no IP left to give"))
    return WrongMoment(said("{emperor} transfers IP in his own Roman phase",
                            emperor=action.emperor.title))


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions,), appliers={TransferIP: apply_transfer},
                 costs={TransferIP: transfer_cost}, turn_ip=(_turn_ip,),
                 explainers={TransferIP: explain})


MODULE = register(RuleModule(
    key="patres-patriae", title="Patres Patriae", family="variant", rule="R12.8",
    pieces=("ip-next",), extra_ip=1,
    aliases=("patres",),
    summary="Every round Diocletian may take 1 IP from Galerius and Constantius may give 1 IP "
            "to Maximian.",
    hooks=_hooks, texts=TEXTS,
))


def _label(state: State, action: TransferIP, name: Namer) -> Said:
    """R12.4: Diocletian takes 1 IP from Galerius, or Constantius gives 1 IP to Maximian."""
    if action.emperor is Emperor.DIOCLETIAN:
        other = name(Emperor.GALERIUS)
        return by(state, action.emperor, labelled("takes 1 IP from {other}", other=other),
                  labelled("{emperor} takes 1 IP from {other}", emperor=name(action.emperor),
                           other=other))
    other = name(Emperor.MAXIMIAN)
    return by(state, action.emperor, labelled("gives 1 IP to {other}", other=other),
              labelled("{emperor} gives 1 IP to {other}", emperor=name(action.emperor),
                       other=other))


declare_label(TransferIP, _label)


def _lines(state: State, width: int) -> list[Counts]:
    """R12.4: the IP each Emperor moved to his next turn, on the board as text."""
    if not state.settings.has("patres-patriae") or not any(IP_NEXT.get(state).counts):
        return []
    return [Counts("IP next", tuple(IP_NEXT.get(state).counts), signed=True)]


declare_lines(90, _lines)


# The sentence of the record, for the languages of the events catalogue (render.told).
declare_told(IPTransferred, lambda e, b: (
    tell("Diocletian takes 1 IP from Galerius.") if e.emperor == Emperor.DIOCLETIAN
    else tell("Constantius gives 1 IP to Maximian.")))
