"""R11.1 Dvx: any player may spend 2 IP to deploy the Dux in a Roman province linked to his
Emperor and free of figures.  From then on any player may spend IP on his Emperor and/or the Dux,
who acts as an Emperor (move, sail, subdue, attack; supports other attacks x2; can be attacked)
except that he cannot Secure (no discs: his own support is 0) and whenever he would be removed
from the board he dies and leaves the game.

The engine knows the Dux figure (``core.roman``, ``core.combat``, ``core.barbarian``); this module
brings him into play.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NotLinked,
    NotYourTurn,
    Occupied,
    Refusal,
    WrongMoment,
)
from tetrarchia.core.events import Event, Events, VicariusClears
from tetrarchia.core.notation import province_key, register_parser
from tetrarchia.core.pieces import DUX, NO_DISC, NO_FIGURE, REVOLT, VICARIUS, Emperor, Piece, is_army
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import DEAD, IN_BOX, Awaiting, State
from tetrarchia.options.common import parse_emperor, parse_province

DEPLOY_COST = 2  # R11.1, R11.2


@dataclass(frozen=True, slots=True)
class Deployed(Event):
    """R11.1, R11.2: ``emperor`` spends 2 IP to bring ``piece`` (the Dux or the Vicarius) onto
    ``province``."""

    kind: ClassVar[str] = "deploy"
    emperor: int
    piece: int
    province: int


def _deployed_text(e: Deployed, board: Board) -> str:
    verb = "deploys the Dux" if e.piece == Piece.DUX else "places the Vicarius"
    return f"{Emperor(e.emperor).title} {verb} in {board.name(e.province)}."


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    Deployed: _deployed_text,
}}


@dataclass(frozen=True, slots=True)
class Deploy(OptionAction):
    """R11.1/R11.2: the Emperor spends 2 IP to bring the Dux or the Vicarius onto the board."""

    emperor: Emperor
    piece: Piece  # DUX or VICARIUS
    at: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            tag = "dux" if self.piece == Piece.DUX else "vic"
            return f"{self.emperor.name[0]} +{tag} {province_key(board, self.at)}"
        verb = "deploys the Dux" if self.piece == Piece.DUX else "places the Vicarius"
        return f"{self.emperor.title} {verb} in {board.name(self.at)}"

    def group(self, state: State) -> str:
        return "Deploy Dux" if self.piece == Piece.DUX else "Place Vicarius"

    def label(self, state: State) -> str:  # the heading names the piece: the label, the place
        return f"{state.board.label(self.at)} ({DEPLOY_COST} IP)"


_LONG = re.compile(r"^(\w+) (deploys the dux|places the vicarius) in (.+)$")
_SHORT = re.compile(r"^([a-z]) \+(dux|vic) (\S+)$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    long = _LONG.fullmatch(low)
    if long:
        piece = Piece.DUX if "dux" in long.group(2) else Piece.VICARIUS
        return Deploy(parse_emperor(long.group(1), text), piece,
                      parse_province(board, long.group(3), text))
    short = _SHORT.fullmatch(low)
    if short:
        piece = Piece.DUX if short.group(2) == "dux" else Piece.VICARIUS
        return Deploy(parse_emperor(short.group(1), text), piece,
                      parse_province(board, short.group(3), text))
    return None


def deploy_places(state: State, piece: Piece) -> list[int]:
    """Where the Emperor of the turn may deploy ``piece`` now (empty when he may not)."""
    emperor = state.turn
    here = state.emperor_at[emperor]
    at = state.dux_at if piece == Piece.DUX else state.vicarius_at
    if at != IN_BOX or here < 0 or state.passer >= 0 or state.ip < DEPLOY_COST:
        return []
    board = state.board
    figure = state.figure
    if piece == Piece.DUX:  # a Roman province linked to his Emperor, free of figures
        return [q for q, _ in board.neighbours[here]
                if not board.is_border[q] and figure[q] == NO_FIGURE]
    # the Vicarius: any Roman province free of figures and revolts
    return [q for q in board.roman if figure[q] == NO_FIGURE and state.disc[q] != REVOLT]


def _actions(piece: Piece) -> Callable[[State, list[Action]], None]:
    def add(state: State, actions: list[Action]) -> None:
        actions.extend(Deploy(state.turn, piece, q) for q in deploy_places(state, piece))
    return add


def apply_deploy(state: State, action: Deploy, events: Events) -> None:
    state.ip -= DEPLOY_COST
    if action.piece == Piece.DUX:
        state.dux_at = action.at
        state.figure[action.at] = DUX
        if events is not None:
            events.append(Deployed(int(action.emperor), int(action.piece), action.at))
        return
    state.vicarius_at = action.at
    state.figure[action.at] = VICARIUS
    if events is not None:
        events.append(Deployed(int(action.emperor), int(action.piece), action.at))
    if state.disc[action.at] == 1:  # D16: he removes the unrest at once
        state.disc[action.at] = NO_DISC
        state.unrest_reserve += 1
        if events is not None:
            events.append(VicariusClears(action.at, state.unrest_reserve))


def explain_deploy(state: State, action: Deploy) -> IllegalAction:
    name = "Dux" if action.piece == Piece.DUX else "Vicarius"
    if action.emperor != state.turn:
        return NotYourTurn(f"it is {state.turn.title}'s turn, not {action.emperor.title}'s")
    key = "dux" if action.piece == Piece.DUX else "vicarius"
    if not state.settings.has(key):
        return WrongMoment(f"the {name} is not in play (option {key!r} not chosen)",
                           Refusal.NOT_IN_PLAY)
    at = state.dux_at if action.piece == Piece.DUX else state.vicarius_at
    if at == DEAD:
        return WrongMoment(f"the {name} died and left the game", Refusal.NOT_IN_PLAY)
    if at >= 0:
        return WrongMoment(f"the {name} is already on the board", Refusal.ALREADY_THERE)
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return WrongMoment(f"the {name} is placed in a Roman phase")
    if state.emperor_at[action.emperor] < 0:
        return WrongMoment(f"{action.emperor.title} is not on the board", Refusal.NOT_ON_BOARD)
    if state.ip < DEPLOY_COST:
        return NotEnoughIP(f"placing the {name} costs {DEPLOY_COST} IP and {state.turn.title} has "
                           f"{state.ip} left")
    if state.passer >= 0:
        return MustMoveOn(f"{Piece(state.passer).title} is passing through and must move on first (R5.1)")
    board = state.board
    where = board.name(action.at) if 0 <= action.at < board.size else str(action.at)
    if not 0 <= action.at < board.size:
        return IllegalAction(f"there is no province {action.at}", Refusal.NO_SUCH_PLACE)
    if board.is_border[action.at]:
        return IllegalAction(f"the {name} is placed in a Roman province, not in {where}")
    if is_army(state.figure[action.at]):
        return Occupied(f"a Barbarian army stands in {where}", Refusal.ARMY_THERE)
    if state.figure[action.at] != NO_FIGURE:
        return Occupied(f"{where} holds a figure")
    if action.piece == Piece.DUX:
        return NotLinked(f"the Dux is deployed in a province linked to {state.turn.title}, "
                         f"and {where} is not")
    return Occupied(f"the Vicarius never enters a revolt, and {where} is in revolt", Refusal.REVOLT)


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions(Piece.DUX),),
                 appliers={Deploy: apply_deploy}, explainers={Deploy: explain_deploy})


MODULE = register(RuleModule(
    key="dux", title="Dvx", family="Dux expansion", rule="R11.1", aliases=("dvx",),
    pieces=("dux",),
    summary="Spend 2 IP to deploy the Dux next to your Emperor; he fights, supports x2 and "
            "subdues for any player's IP, cannot secure, and dies if removed.",
    hooks=_hooks, texts=TEXTS,
))
