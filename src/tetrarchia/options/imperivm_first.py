"""R12.1b Imperivm (1st edition): during his turn an Emperor may spend extra IP, removing one of
his discs from the game per extra IP; each later time he leads a victory (D7: attacks, or is
attacked, and wins) or secures a border, he takes one of those discs back (it is always to his
advantage, so the engine does it for him).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.costs import CostRule, action_cost, fixed
from tetrarchia.core.errors import IllegalAction, NotYourTurn, ReserveEmpty, Said, WrongMoment, said
from tetrarchia.core.events import Event, Events
from tetrarchia.core.faces import (
    Counts,
    Namer,
    by,
    declare_label,
    declare_lines,
    declare_recovery,
    declare_told,
    emperor_said,
    labelled,
    tell,
)
from tetrarchia.core.notation import register_parser
from tetrarchia.core.pieces import EMPERORS, GARRISONS_IN_BOX, Emperor
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.common import (
    BURNED,
    Count,
    PerEmperor,
    burn,
    burn_choices,
    burn_refused,
    burn_text,
    burned,
    burned_said,
    burning_label,
    declare_count,
    declare_per_emperor,
    parse_burn,
    parse_emperor,
)

# the discs burned for IP this turn (cleared when a turn begins), at most 15
BUY_COST: Final[CostRule] = fixed(-1)  # R12.1b: one disc burned, one IP gained
IP_BOUGHT = declare_count("ip-bought", "discs burned for IP this turn", 15)


def _check_recoverable(state: State, record: PerEmperor, found: list[str | Said]) -> None:
    for e in EMPERORS:
        if record.counts[e] > burned(state, e):
            found.append(said("{emperor} cannot take back {count} discs: he burned {burned}",
                              emperor=e.title, count=record.counts[e], burned=burned(state, e)))


# R12.1b: of the discs each Emperor burned, the ones he may take back
RECOVERABLE = declare_per_emperor("recoverable", "discs to take back", 0, GARRISONS_IN_BOX,
                                  check=_check_recoverable, v1="recoverable")


def recoverable(state: State, emperor: int) -> int:
    """The burned discs ``emperor`` may take back (R12.1b)."""
    return RECOVERABLE.get(state).counts[emperor]


@dataclass(frozen=True, slots=True)
class IPBought(Event):
    """R12.1b: ``emperor`` burns a disc (``burn``: a province, or -1 his reserve) for 1 IP."""

    kind: ClassVar[str] = "power"
    emperor: int
    burn: int


@dataclass(frozen=True, slots=True)
class DiscRecovered(Event):
    """R12.1b: after a won battle or a secured border ``emperor`` takes back a burned disc
    (``garrisons_left``: his reserve after it)."""

    kind: ClassVar[str] = "power"
    emperor: int
    garrisons_left: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    IPBought: lambda e, board: (f"{Emperor(e.emperor).title} burns "
                                f"{burn_text(board, e.burn, False)} for an extra IP."),
    DiscRecovered: lambda e, board: (f"{Emperor(e.emperor).title} takes back one of his burned "
                                     "discs."),
}}


@dataclass(frozen=True, slots=True)
class BuyIP(OptionAction):
    """R12.1b: one extra IP for one disc removed from the game."""

    emperor: Emperor
    burn: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"{self.emperor.name[0]} +ip {burn_text(board, self.burn, True)}"
        return f"{self.emperor.title} spends an extra IP, burning {burn_text(board, self.burn, False)}"

    def group(self, state: State) -> str:
        return "Imperivm"

    def label(self, state: State) -> str:
        return f"{OptionAction.label(self, state)} (+{-action_cost(state, self)} IP)"


_LONG = re.compile(r"^(\w+) spends an extra ip, burning (.+)$")
_SHORT = re.compile(r"^([a-z]) \+ip (\S+)$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    match = _LONG.fullmatch(low) or _SHORT.fullmatch(low)
    if match:
        return BuyIP(parse_emperor(match.group(1), text), parse_burn(board, match.group(2), text))
    return None


def bought_this_turn(state: State) -> int:
    return IP_BOUGHT.get(state).n


def _turn_start(state: State, events: Events) -> None:
    IP_BOUGHT.put(state, Count(0))  # a new turn: nothing bought yet


def _actions(state: State, actions: list[Action]) -> None:
    if state.passer < 0 and bought_this_turn(state) < 15:
        actions.extend(BuyIP(state.turn, b) for b in burn_choices(state, state.turn))


def apply_buy(state: State, action: BuyIP, events: Events) -> None:
    burn(state, action.emperor, action.burn)
    RECOVERABLE.put(state, RECOVERABLE.get(state).plus(action.emperor, 1))
    IP_BOUGHT.put(state, Count(bought_this_turn(state) + 1))
    if events is not None:  # the IP bought: its cost of -1 (buy_cost), charged by the engine
        events.append(IPBought(int(action.emperor), action.burn))


def _recover(state: State, emperor: int, events: Events) -> None:
    """Take back one disc burned in an earlier turn."""
    waiting = recoverable(state, emperor)
    if emperor == state.turn:
        waiting -= bought_this_turn(state)
    if waiting > 0:
        RECOVERABLE.put(state, RECOVERABLE.get(state).plus(emperor, -1))
        BURNED.put(state, BURNED.get(state).plus(emperor, -1))
        state.garrisons[emperor] += 1
        if events is not None:
            events.append(DiscRecovered(emperor, state.garrisons[emperor]))


def _after_battle(state: State, emperor: int, won: bool, events: Events) -> None:
    if won:
        _recover(state, emperor, events)


def _after_secure(state: State, border: int, events: Events) -> None:
    _recover(state, state.turn, events)


def explain(state: State, action: BuyIP) -> IllegalAction:
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return WrongMoment(said("extra IP are spent in the Roman phase"))
    if action.emperor is not state.turn:
        return NotYourTurn(said("it is {turn}'s turn, not {emperor}'s", turn=state.turn.title,
                                emperor=action.emperor.title))
    if not burn_choices(state, action.emperor):
        return ReserveEmpty(said("{emperor} has no disc left to burn", emperor=action.emperor.title))
    if action.burn < 0:
        return ReserveEmpty(said("{emperor}'s reserve is empty: burn one of his discs on the "
                                 "board", emperor=action.emperor.title))
    return burn_refused(state, action.emperor, action.burn)


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions,), appliers={BuyIP: apply_buy}, costs={BuyIP: BUY_COST},
                 turn_start=(_turn_start,),
                 explainers={BuyIP: explain}, battle_won=(_after_battle,),
                 pirates_fought=(_after_battle,),  # a victory over the Pirates is a victory
                 border_secured=(_after_secure,))


MODULE = register(RuleModule(
    key="imperivm-1st", title="Imperivm (1st edition)", family="variant", rule="R12.1b",
    pieces=("burned", "recoverable", "ip-bought"), extra_ip=GARRISONS_IN_BOX,
    aliases=("imperium-1st", "imperivm-1", "imperivm1"),
    summary="Spend extra IP by removing your discs from the game; win a battle or secure a "
            "border later to take one back.",
    excludes=("imperivm",), hooks=_hooks, texts=TEXTS,
))


def _label(state: State, action: BuyIP, name: Namer) -> Said:
    """R12.2: the disc burned and the IP gained."""
    burn = burning_label(state.board, action.burn, False)
    gained = -action_cost(state, action)  # an IP bought: a cost of -1 (core/costs.py)
    return by(state, action.emperor,
              labelled("spends an extra IP, burning {burn} (+{gained} IP)", burn=burn, gained=gained),
              labelled("{emperor} spends an extra IP, burning {burn} (+{gained} IP)",
                       emperor=name(action.emperor), burn=burn, gained=gained))


declare_label(BuyIP, _label)


def _lines(state: State, width: int) -> list[Counts]:
    """R12.2: the discs each Emperor will take back, on the board as text."""
    if not state.settings.has("imperivm-1st") or not any(RECOVERABLE.get(state).counts):
        return []
    return [Counts("to regain", tuple(RECOVERABLE.get(state).counts))]


declare_lines(80, _lines)


# The sentences of the records, for the languages of the events catalogue (render.told).
declare_told(IPBought, lambda e, b: tell("{emperor} burns {burn} for an extra IP.",
                                         emperor=emperor_said(e.emperor),
                                         burn=burned_said(b, e.burn)))
declare_told(DiscRecovered, lambda e, b: tell("{emperor} takes back one of his burned discs.",
                                              emperor=emperor_said(e.emperor)))

# R12.1b: an Emperor takes back one of his burned discs (the terminal's phase summary)
declare_recovery(DiscRecovered, lambda e: int(e.emperor))
