"""Why an action is not legal now, in the game's words.

Legality itself is decided by ``legal_actions`` alone; this module only finds the reason for an
action that is not in that list, so that the player (and the web layer, through the error class)
learns what is wrong.  Each refusal carries the precise reason as its code (a
:class:`~tetrarchia.core.errors.Refusal`); the error class is the reason's family.
"""

from __future__ import annotations

from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
    mover,
)
from tetrarchia.core.costs import INTO_REVOLT, action_cost, move_cost
from tetrarchia.core.errors import (
    BadRoll,
    GameOver,
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NothingThere,
    NotLinked,
    NotYourTurn,
    Occupied,
    Refusal,
    RegionInRevolt,
    ReserveEmpty,
    Said,
    WrongMoment,
    said,
)
from tetrarchia.core.events import PURPOSE_TEXT
from tetrarchia.core.extensions import AVOIDS_REVOLT, FIGURE_RULES, ONLY_MOVES
from tetrarchia.core.pieces import (
    ARMY,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    Piece,
    figure_emperor,
    is_army,
)
from tetrarchia.core.roman import (
    attack_barred_reason,
    can_pass_on,
    commanded_pieces,
    fleet_destinations,
    fleet_zones_between,
)
from tetrarchia.core.state import DEAD, Awaiting, State
from tetrarchia.core.tasks import in_barbarian_phase, piece_at, zone_closed

# The base-game actions an Emperor takes in his own Roman phase (R4, R5)
_ROMAN = (Enter, Move, Sail, Secure, Subdue, Attack, EndPhase)


def explain_illegal(state: State, action: Action) -> IllegalAction:
    """The error to raise for an ``action`` that ``legal_actions(state)`` does not hold."""
    if state.is_over:
        return GameOver(said("the game is over: no more actions"))
    awaiting = state.awaiting
    if isinstance(action, Roll):
        if awaiting is not Awaiting.ROLL:
            return WrongMoment(said("no dice are to be rolled now ({waiting})", waiting=_waiting_for(state)))
        purpose = said(PURPOSE_TEXT[state.roll_purpose])
        if state.roll_count == 1:
            return BadRoll(said("{roll} does not fit: the game waits for {purpose} ({count} die, "
                                "each 1-6)", roll=_roll_text(action), purpose=purpose,
                                count=state.roll_count))
        return BadRoll(said("{roll} does not fit: the game waits for {purpose} ({count} dice, "
                            "each 1-6)", roll=_roll_text(action), purpose=purpose,
                            count=state.roll_count))
    if isinstance(action, _ROMAN) and action.emperor == state.turn \
            and awaiting not in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY) and in_barbarian_phase(state):
        return WrongMoment(said("{emperor}'s Roman phase is over (he ended it, or lost a "
                                "battle he fought, R5.5): the Barbarian phase is under way",
                                emperor=state.turn.title), Refusal.PHASE_OVER)
    if awaiting is Awaiting.ROLL:
        return WrongMoment(said("the dice must be rolled first: {purpose}",
                                purpose=said(PURPOSE_TEXT[state.roll_purpose])))
    if awaiting is Awaiting.RUN:
        return WrongMoment(said("the game has steps to run before anyone acts: advance it "
                                "(Game.advance or engine.resume)"))
    if isinstance(action, PlaceFleet):
        if awaiting is not Awaiting.FLEET_PLACEMENT:
            return WrongMoment(said("fleets are placed only at setup ({waiting})",
                                    waiting=_waiting_for(state)))
        if action.zone not in (1, 2, 3):
            return NothingThere(said("there is no sea zone {zone}", zone=action.zone),
                                Refusal.NO_SUCH_PLACE)
        closed = zone_closed(state, action.zone)
        if closed is not None:
            return Occupied(said("{closed}: no fleet goes there", closed=closed), Refusal.PIRATES_THERE)
        return Occupied(said("{zone} already holds a Roman fleet",
                             zone=state.board.zones[action.zone].title))
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return WrongMoment(said("the players must first place the Roman fleets"))
    if isinstance(action, OptionAction):
        explain = state.hooks.explainers.get(type(action))
        if explain is not None:
            error = explain(state, action)
            if isinstance(error, IllegalAction):
                return error
            return IllegalAction(said("{action} is not possible now",
                                        action=repr(action.notation(state.board, False))))
        return IllegalAction(said("{action} belongs to an optional rule that is not in this game",
                                  action=repr(action.notation(state.board, False))),
                             Refusal.NOT_IN_PLAY)
    if awaiting is Awaiting.DECISION:
        return WrongMoment(said("a decision is awaited first: {choices}", choices="; ".join(
            a.notation(state.board, False) if isinstance(a, OptionAction) else str(a)
            for a in _decisions(state))))
    if action.emperor != state.turn:
        return NotYourTurn(said("it is {turn}'s turn, not {emperor}'s", turn=state.turn.title,
                                emperor=action.emperor.title))
    if isinstance(action, Enter):
        return _explain_enter(state, action)
    if awaiting is Awaiting.ENTRY:  # R4: his move, sail, secure ... wait for him on the board
        return WrongMoment(said("{emperor} is off the board and must first enter in Roma or in "
                                "his capital", emperor=state.turn.title), Refusal.NOT_ON_BOARD)
    return _explain_roman(state, action)


def _decisions(state: State) -> list[Action]:
    for hook in state.hooks.decisions:
        found = hook(state)
        if found is not None:
            return found
    return []


def _roll_text(action: Roll) -> str:
    return "roll " + " ".join(str(d) for d in action.dice)


def _waiting_for(state: State) -> Said:
    awaiting = state.awaiting
    if awaiting is Awaiting.ROMAN_ACTION:
        return said("{emperor} is acting", emperor=state.turn.title)
    if awaiting is Awaiting.ENTRY:
        return said("{emperor} is to enter the board", emperor=state.turn.title)
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return said("the fleets are being placed")
    if awaiting is Awaiting.RUN:
        return said("the game is paused where a turn or a Barbarian phase begins")
    if awaiting is Awaiting.DECISION:
        return said("a decision inside the phase is awaited")
    return said("the dice are to be rolled")


def the_figure(piece: Piece) -> str | Said:
    """An Emperor by name, the Dux or the Vicarius as "the Dux" (inside a sentence)."""
    return piece.title if piece < 4 else said("the {figure}", figure=piece.title)


def _explain_enter(state: State, action: Enter) -> IllegalAction:
    board = state.board
    if state.awaiting is not Awaiting.ENTRY:
        return WrongMoment(said("{emperor} enters only at the start of his turn when he is off "
                                "the board", emperor=action.emperor.title))
    p = action.province
    if not 0 <= p < board.size:
        return IllegalAction(said("there is no province {number}", number=p),
                             Refusal.NO_SUCH_PLACE)
    name = board.name(p)
    if p not in (board.roma, board.capital[action.emperor]):
        return IllegalAction(said("{emperor} enters only in Roma or in his capital {capital}, "
                                  "not in {place}", emperor=action.emperor.title,
                                  capital=board.name(board.capital[action.emperor]), place=name))
    if state.disc[p] != NO_DISC and p != board.roma:
        return Occupied(said("his capital {place} is covered by a disc", place=name),
                        Refusal.COVERED_CAPITAL)
    if is_army(state.figure[p]):
        return Occupied(said("an army stands in {place}", place=name), Refusal.ARMY_THERE)
    return MustMoveOn(said("another figure stands in {place} and {emperor} could not move out of "
                           "it (D21)", place=name, emperor=action.emperor.title))


def _explain_roman(state: State, action: Action) -> IllegalAction:
    board = state.board
    name = state.turn.title
    piece = mover(action) if isinstance(action, (Move, Subdue, Attack)) else Piece(state.turn)
    here = piece_at(state, piece)
    who = name if int(piece) == int(state.turn) else the_figure(piece)
    if isinstance(action, EndPhase):
        return MustMoveOn(said("{emperor} is passing through {place} and must move on before "
                               "ending his phase (D8)", emperor=name, place=board.name(here)))
    if int(piece) != int(state.turn):
        if piece >= 4 and not state.settings.has(piece.name.lower()):
            return WrongMoment(said("the {figure} is not in this game (option {option} not "
                                    "chosen)", figure=piece.title, option=repr(piece.name.lower())),
                               Refusal.NOT_IN_PLAY)
        if here == DEAD:
            return WrongMoment(said("the {figure} died and left the game", figure=piece.title),
                               Refusal.NOT_IN_PLAY)
        if here < 0:
            return WrongMoment(said("{who} is not on the board", who=who), Refusal.NOT_ON_BOARD)
        if piece not in commanded_pieces(state):
            if state.passer >= 0:
                return WrongMoment(said("{passer} is passing through {place}: the next action "
                                        "must move him out of it (R5.1)",
                                        passer=Piece(state.passer).title,
                                        place=board.name(piece_at(state, state.passer))),
                                   Refusal.MUST_MOVE_ON)
            return WrongMoment(said("{emperor} cannot spend his IP on {who} now", emperor=name,
                                    who=who), Refusal.NOT_COMMANDED)
        if piece in ONLY_MOVES and not isinstance(action, Move):
            return IllegalAction(said("the {figure} never fights nor subdues ({rule})",
                                      figure=piece.title, rule=FIGURE_RULES[piece]))
        if piece < 4 and not isinstance(action, Move):
            return WrongMoment(said("{emperor} only moves {who} (R12.1)", emperor=name, who=who),
                               Refusal.NOT_ALLOWED)
    if here < 0:
        return WrongMoment(said("{who} is not on the board", who=who), Refusal.NOT_ON_BOARD)
    where = getattr(action, "origin", getattr(action, "at", here))
    if not 0 <= where < board.size:
        return NothingThere(said("there is no province {number}", number=where),
                            Refusal.NO_SUCH_PLACE)
    if where != here:
        return WrongMoment(said("{who} is in {place}, not in {other}", who=who,
                                place=board.name(here), other=board.name(where)),
                           Refusal.NOT_THERE)
    if state.passer >= 0 and (not isinstance(action, Move) or mover(action) != state.passer):
        passer = Piece(state.passer)
        return MustMoveOn(said("{passer} is passing through {place}: the next action must move "
                               "him out of it (R5.1)", passer=passer.title,
                               place=board.name(piece_at(state, passer))))
    if state.passing and not isinstance(action, Move):
        return MustMoveOn(said("{emperor} is passing through {place}: his next action must be a "
                               "move out of it (R5.1)", emperor=name, place=board.name(here)))
    ip = state.ip
    if isinstance(action, Move):
        return _explain_move(state, action)
    if isinstance(action, Sail):
        if action.src not in (1, 2, 3):
            return NothingThere(said("there is no sea zone {zone}", zone=action.src),
                                Refusal.NO_SUCH_PLACE)
        if action.dst not in (1, 2, 3):
            return NotLinked(said("there is no sea zone {zone}", zone=action.dst),
                             Refusal.NO_SUCH_PLACE)
        if not state.fleets[action.src]:
            return NothingThere(said("there is no Roman fleet in sea zone {zone}", zone=action.src))
        if action.dst not in board.zones[action.src].adjacent:
            return NotLinked(said("sea zone {zone} is not adjacent to {other}", zone=action.dst,
                                  other=board.zones[action.src].title))
        if state.fleets[action.dst]:
            return Occupied(said("{zone} already holds a Roman fleet",
                                 zone=board.zones[action.dst].title))
        closed = zone_closed(state, action.dst)
        if closed is not None:
            return Occupied(said("{closed}: no fleet enters it", closed=closed),
                            Refusal.PIRATES_THERE)
        return NotEnoughIP(said("sailing costs {cost} IP and {emperor} has {ip} left",
                                cost=action_cost(state, action), emperor=name,
                                ip=ip))
    if isinstance(action, Secure):
        if state.disc[here] != NO_DISC:
            return Occupied(said("{place} already holds a disc", place=board.name(here)),
                            Refusal.DISC_PRESENT)
        if state.garrisons[state.turn] == 0:
            return ReserveEmpty(said("{emperor} has no garrison disc left in his reserve",
                                     emperor=name))
        if board.is_border[here]:
            region = board.region_of[here]
            if state.region_has_revolt(region):
                revolts = [board.label(p) for p in board.region_provinces[region] if state.disc[p] == REVOLT]
                if len(revolts) == 1:
                    return RegionInRevolt(said(
                        "securing the border in {place} needs a region free of revolt; "
                        "{revolts} is in revolt", place=board.name(here), revolts=revolts[0]))
                return RegionInRevolt(said(
                    "securing the border in {place} needs a region free of revolt; "
                    "{revolts} are in revolt", place=board.name(here), revolts=", ".join(revolts)))
            return NotEnoughIP(said("securing a border costs {cost} IP and {emperor} has {ip} left",
                                    cost=action_cost(state, action), emperor=name, ip=ip))
        return NotEnoughIP(said("securing costs {cost} IP and {emperor} has {ip} left",
                                cost=action_cost(state, action), emperor=name, ip=ip))
    if isinstance(action, Subdue):
        disc = state.disc[here]
        wanted = UNREST if action.kind is SubdueKind.REMOVE_UNREST else REVOLT
        if disc != wanted:
            if wanted == UNREST:
                return NothingThere(said("there is no unrest in {place}", place=board.name(here)))
            return NothingThere(said("there is no revolt in {place}", place=board.name(here)))
        if action.kind is SubdueKind.REDUCE_REVOLT and state.unrest_reserve == 0:
            return ReserveEmpty(said("no unrest disc is left to reduce the revolt to (D15)"))
        return NotEnoughIP(said("this costs {cost} IP and {emperor} has {ip} left",
                                cost=action_cost(state, action), emperor=name, ip=ip))
    if isinstance(action, Attack):
        target = action.target
        if not 0 <= target < board.size:
            return NothingThere(said("there is no province {number}", number=target),
                                Refusal.NO_SUCH_PLACE)
        if not ARMY <= state.figure[target] <= REBEL:
            return NothingThere(said("there is no Barbarian army in {place}",
                                     place=board.name(target)))
        barred = attack_barred_reason(state, target)
        if barred is not None:  # only the scenarios bar attacks (R13: rebels need a fleet)
            return IllegalAction(barred, Refusal.SCENARIO_CONDITION)
        if not board.linked(here, target):
            return NotLinked(said("{place} is not linked to {other} (attacks go through links "
                                  "only, never by fleet)", place=board.name(target),
                                  other=board.name(here)))
        cost = action_cost(state, action)
        return NotEnoughIP(said("this attack costs {cost} IP and {emperor} has {ip} left",
                                cost=cost, emperor=name, ip=ip))
    return IllegalAction(said("{action} is not possible now", action=repr(action)))


def _explain_move(state: State, action: Move) -> IllegalAction:
    board = state.board
    name = state.turn.title
    here = action.origin
    dest = action.dest
    if not 0 <= dest < board.size:
        return NothingThere(said("there is no province {number}", number=dest),
                            Refusal.NO_SUCH_PLACE)
    if dest == here:
        return IllegalAction(said("{emperor} is already in {place}", emperor=name,
                                  place=board.name(dest)), Refusal.ALREADY_THERE)
    into_revolt = state.disc[dest] == REVOLT
    if action.piece is not None and action.piece in AVOIDS_REVOLT and into_revolt:
        return Occupied(said("the {figure} never enters a revolt, and {place} is in revolt "
                             "({rule})", figure=action.piece.title, place=board.name(dest),
                             rule=FIGURE_RULES[action.piece]), Refusal.REVOLT)
    if action.by_fleet:
        if dest not in fleet_destinations(state, here):
            return NotLinked(said("no Roman fleet joins {place} and {other} (both must be on the "
                                  "coast of a zone holding a fleet)", place=board.name(here),
                                  other=board.name(dest)))
        zones = fleet_zones_between(state, here, dest)
        if action.zones and action.zones != zones:
            shown = ", ".join(board.zones[z].title if z in board.zones else str(z)
                              for z in action.zones)
            return NotLinked(said("the fleets carry {emperor} from {place} to {other} through "
                                  "{zones}, not through {shown}", emperor=name,
                                  place=board.name(here), other=board.name(dest),
                                  zones=", ".join(board.zones[z].title for z in zones),
                                  shown=shown))
    elif not board.linked(here, dest):
        return NotLinked(said("{place} is not linked to {other}", place=board.name(dest),
                              other=board.name(here)))
    cost = move_cost(state, action)  # Mare Nostrvm: its routes' cost
    if cost > state.ip:
        if into_revolt:
            return NotEnoughIP(said("moving to {place} costs {cost} IP (+{extra} for the revolt) "
                                    "and {emperor} has {ip} left", place=board.name(dest),
                                    cost=cost, extra=INTO_REVOLT, emperor=name, ip=state.ip))
        return NotEnoughIP(said("moving to {place} costs {cost} IP and {emperor} has {ip} left",
                                place=board.name(dest), cost=cost, emperor=name, ip=state.ip))
    holder = state.figure[dest]
    if is_army(holder):
        return Occupied(said("a Barbarian army stands in {place}; attack it instead",
                             place=board.name(dest)), Refusal.ARMY_THERE)
    if holder != NO_FIGURE and not can_pass_on(state, dest, state.ip - cost, here):
        other = figure_emperor(holder)
        who = said("another figure") if other < 0 else state.turn.__class__(other).title
        return MustMoveOn(said("{who} stands in {place} and {emperor} could not move on from "
                               "there with the IP he would have left (D21)", who=who,
                               place=board.name(dest), emperor=name))
    return IllegalAction(said("{emperor} cannot move to {place} now", emperor=name,
                              place=board.name(dest)))
