"""R11.1 Dvx: any player may spend 2 IP to deploy the Dux in a Roman province linked to his
Emperor and free of figures.  From then on any player may spend IP on his Emperor and/or the Dux,
who acts as an Emperor (move, sail, subdue, attack; supports other attacks x2; can be attacked)
except that he cannot Secure (no discs: his own support is 0) and whenever he would be removed
from the board he dies and leaves the game.

The engine moves the Dux as any Roman figure (``core.roman``, ``core.combat``, ``core.barbarian``);
this module declares his place as a state record (``"dux"``: a province, ``null`` in the box or
``"dead"``) and brings him into play.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.costs import CostRule, action_cost, affordable, fixed
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NotLinked,
    NotYourTurn,
    Occupied,
    Refusal,
    Said,
    SaveFileError,
    WrongMoment,
    said,
)
from tetrarchia.core.events import Event, Events
from tetrarchia.core.extensions import FIGURE_SLOTS, FigureAt, RecordSlot, declare_figure, declare_record
from tetrarchia.core.faces import (
    DiscChange,
    Mark,
    Namer,
    declare_cell,
    declare_disc_changes,
    declare_label,
    declare_legend,
    declare_lines,
    declare_told,
    emperor_said,
    figure_place,
    labelled,
    tell,
)
from tetrarchia.core.notation import province_key, register_parser
from tetrarchia.core.pieces import DUX, NO_DISC, NO_FIGURE, REVOLT, UNREST, VICARIUS, Emperor, Piece, is_army
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import DEAD, IN_BOX, Awaiting, State
from tetrarchia.core.tasks import in_setup, piece_at
from tetrarchia.options.common import parse_emperor, parse_province, province_from_json

DEPLOY_COST: Final[CostRule] = fixed(2)  # R11.1, R11.2: declared to core/costs.py by the hooks


def declare_figure_record(name: str, title: str, piece: Piece, figure: int, rule: str,
                          tag: str, words: tuple[str, ...], **traits: bool) -> RecordSlot[FigureAt]:
    """The place of an extra Roman figure as a state record: a province (his figure stands
    there, or he passes through another's, R5.1), ``IN_BOX`` before he is deployed, ``DEAD``
    after he died (R11.1, R11.2).  Written ``"II:3"``, ``null`` or ``"dead"``; in the notation
    ``tag`` and ``words`` name him (core/extensions.py ``declare_figure``)."""

    def to_json(state: State, record: FigureAt) -> str | None:
        if record.at >= 0:
            return province_key(state.board, record.at)
        return "dead" if record.at == DEAD else None

    def from_json(state: State, data: Any) -> FigureAt:
        if data is None:
            return FigureAt(IN_BOX)
        if data == "dead":
            return FigureAt(DEAD)
        p = province_from_json(state, data)
        if state.passer != piece:  # else he is passing through another figure's province
            if state.figure[p] != NO_FIGURE:
                raise SaveFileError(said("a province holds at most one figure (R2)"))
            state.figure[p] = figure
        return FigureAt(p)

    def check(state: State, record: FigureAt, found: list[str | Said]) -> None:
        if not isinstance(record, FigureAt) or not DEAD <= record.at < state.board.size:
            found.append(said("{figure} stands on no province of the board", figure=said(title)))
            return
        if record.at != IN_BOX and in_setup(state):  # brought in for 2 IP in a Roman phase
            found.append(said("{figure} before the first turn: he comes onto the board for 2 IP "
                              "in a Roman phase ({rule})", figure=said(title), rule=rule))
        if record.at >= 0 and traits.get("avoids_revolt"):
            disc = state.disc[record.at]
            if disc == REVOLT:  # he never enters one, and one reaching him kills him (R11.2)
                found.append(said("{figure} never stands on a revolt ({rule}), not in {place}",
                                  figure=said(title), rule=rule,
                                  place=state.board.name(record.at)))
            elif disc == UNREST:  # he removes it as he enters, and no roll places one on him
                found.append(said("{figure} removes the unrest where he stands ({rule}, D16), "
                                  "in {place}", figure=said(title), rule=rule,
                                  place=state.board.name(record.at)))

    slot = declare_record(name, FigureAt(IN_BOX), title, to_json, from_json, check,
                          v1=(name, None))  # format 1 wrote null for a figure in the box
    declare_figure(int(piece), slot, rule, tag=tag, words=words, **traits)
    return slot


DUX_AT = declare_figure_record("dux", "the Dux", Piece.DUX, DUX, "R11.1", "dux", ("dvx",),
                               supports=True)
_DUX_AT = DUX_AT.index


def dux_at(state: State) -> int:
    """Where the Dux stands: a province, or ``IN_BOX`` / ``DEAD`` (R11.1)."""
    at: int = state.ext[_DUX_AT].at
    return at


@dataclass(frozen=True, slots=True)
class VicariusClears(Event):
    """R11.2, D16: the Vicarius entering (or placed on) an unrest removes it."""

    kind: ClassVar[str] = "subdue"
    province: int
    unrest_left: int  # the unrest reserve after it


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


def _clears_text(e: VicariusClears, board: Board) -> str:
    return f"The Vicarius removes the unrest in {board.name(e.province)}."


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    Deployed: _deployed_text,
    VicariusClears: _clears_text,
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
        return f"{state.board.label(self.at)} ({action_cost(state, self)} IP)"


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
    at = piece_at(state, piece)
    if at != IN_BOX or here < 0 or state.passer >= 0 or \
            not affordable(state, Deploy(emperor, piece, here)):  # the cost is the same anywhere
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
    state.ext[FIGURE_SLOTS[action.piece]] = FigureAt(action.at)
    if action.piece == Piece.DUX:
        state.figure[action.at] = DUX
        if events is not None:
            events.append(Deployed(int(action.emperor), int(action.piece), action.at))
        return
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
        return NotYourTurn(said("it is {turn}'s turn, not {emperor}'s", turn=state.turn.title,
                                emperor=action.emperor.title))
    key = "dux" if action.piece == Piece.DUX else "vicarius"
    if not state.settings.has(key):
        return WrongMoment(said("the {figure} is not in play (option {option} not chosen)",
                                figure=name, option=repr(key)),
                           Refusal.NOT_IN_PLAY)
    at = piece_at(state, action.piece)
    if at == DEAD:
        return WrongMoment(said("the {figure} died and left the game", figure=name),
                           Refusal.NOT_IN_PLAY)
    if at >= 0:
        return WrongMoment(said("the {figure} is already on the board", figure=name),
                           Refusal.ALREADY_THERE)
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return WrongMoment(said("the {figure} is placed in a Roman phase", figure=name))
    if state.emperor_at[action.emperor] < 0:
        return WrongMoment(said("{who} is not on the board", who=action.emperor.title),
                           Refusal.NOT_ON_BOARD)
    if not affordable(state, action):
        return NotEnoughIP(said("placing the {figure} costs {cost} IP and {emperor} has {ip} left",
                                figure=name, cost=action_cost(state, action), emperor=state.turn.title,
                                ip=state.ip))
    if state.passer >= 0:
        return MustMoveOn(said("{passer} is passing through and must move on first (R5.1)",
                               passer=Piece(state.passer).title))
    board = state.board
    where = board.name(action.at) if 0 <= action.at < board.size else str(action.at)
    if not 0 <= action.at < board.size:
        return IllegalAction(said("there is no province {number}", number=action.at),
                             Refusal.NO_SUCH_PLACE)
    if board.is_border[action.at]:
        return IllegalAction(said("the {figure} is placed in a Roman province, not in {place}",
                                  figure=name, place=where))
    if is_army(state.figure[action.at]):
        return Occupied(said("a Barbarian army stands in {place}", place=where),
                        Refusal.ARMY_THERE)
    if state.figure[action.at] != NO_FIGURE:
        return Occupied(said("{place} holds a figure", place=where))
    if action.piece == Piece.DUX:
        return NotLinked(said("the Dux is deployed in a province linked to {emperor}, and "
                              "{place} is not", emperor=state.turn.title, place=where))
    return Occupied(said("the Vicarius never enters a revolt, and {place} is in revolt",
                         place=where), Refusal.REVOLT)


def _hooks(settings: Settings) -> Hooks:
    return Hooks(roman_actions=(_actions(Piece.DUX),),
                 appliers={Deploy: apply_deploy}, costs={Deploy: DEPLOY_COST},
                 explainers={Deploy: explain_deploy})


MODULE = register(RuleModule(
    key="dux", title="Dvx", family="Dux expansion", rule="R11.1", aliases=("dvx",),
    pieces=("dux",),
    summary="Spend 2 IP to deploy the Dux next to your Emperor; he fights, supports x2 and "
            "subdues for any player's IP, cannot secure, and dies if removed.",
    hooks=_hooks, texts=TEXTS,
))


def _label(state: State, action: Deploy, name: Namer) -> Said:
    """R11.1, R11.2: the group names the figure; the label its place (the page adds the item's
    cost, core/costs.py, as to every action's)."""
    return labelled("{place}", place=state.board.label(action.at))


declare_label(Deploy, _label)


# R11.1: the Dux on the board as text
def _cell(state: State, province: int) -> Mark:
    return Mark("DVX ", "bold black on white")


def _lines(state: State, width: int) -> list[Mark]:
    if not state.settings.has("dux"):
        return []
    return [Mark(f"Dux      {figure_place(state, dux_at(state), width - 9)}")]


def _legend(state: State) -> str | None:
    return "DVX the Dux" if state.settings.has("dux") else None


declare_cell(DUX, _cell)
declare_lines(10, _lines)
declare_legend(20, _legend)


# The sentences of the records, for the languages of the events catalogue (render.told).
declare_told(Deployed, lambda e, b: (
    tell("{emperor} deploys the Dux in {place}.", emperor=emperor_said(e.emperor),
         place=b.name(e.province)) if e.piece == Piece.DUX else
    tell("{emperor} places the Vicarius in {place}.", emperor=emperor_said(e.emperor),
         place=b.name(e.province))))
declare_told(VicariusClears, lambda e, b: tell("The Vicarius removes the unrest in {place}.",
                                               place=b.name(e.province)))

# R11.2: the Vicarius clears an unrest (the terminal's phase summary)
declare_disc_changes(VicariusClears, lambda e: (DiscChange(e.province, UNREST, NO_DISC),))
