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
    WrongMoment,
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
    SECURE_BORDER_COST,
    SECURE_COST,
    SUBDUE_COST,
    attack_barred_reason,
    can_pass_on,
    commanded_pieces,
    fleet_destinations,
    fleet_routes,
    fleet_zones_between,
    link_cost,
)
from tetrarchia.core.state import DEAD, Awaiting, State
from tetrarchia.core.tasks import in_barbarian_phase, piece_at, zone_closed

# The base-game actions an Emperor takes in his own Roman phase (R4, R5)
_ROMAN = (Enter, Move, Sail, Secure, Subdue, Attack, EndPhase)


def explain_illegal(state: State, action: Action) -> IllegalAction:
    """The error to raise for an ``action`` that ``legal_actions(state)`` does not hold."""
    if state.is_over:
        return GameOver("the game is over: no more actions")
    awaiting = state.awaiting
    if isinstance(action, Roll):
        if awaiting is not Awaiting.ROLL:
            return WrongMoment(f"no dice are to be rolled now ({_waiting_for(state)})")
        return BadRoll(
            f"{_roll_text(action)} does not fit: the game waits for "
            f"{PURPOSE_TEXT[state.roll_purpose]} ({state.roll_count} "
            f"{'die' if state.roll_count == 1 else 'dice'}, each 1-6)"
        )
    if isinstance(action, _ROMAN) and action.emperor == state.turn \
            and awaiting not in (Awaiting.ROMAN_ACTION, Awaiting.ENTRY) and in_barbarian_phase(state):
        return WrongMoment(f"{state.turn.title}'s Roman phase is over (he ended it, or lost a "
                           "battle he fought, R5.5): the Barbarian phase is under way",
                           Refusal.PHASE_OVER)
    if awaiting is Awaiting.ROLL:
        return WrongMoment(f"the dice must be rolled first: {PURPOSE_TEXT[state.roll_purpose]}")
    if awaiting is Awaiting.RUN:
        return WrongMoment("the game has steps to run before anyone acts: advance it "
                           "(Game.advance or engine.resume)")
    if isinstance(action, PlaceFleet):
        if awaiting is not Awaiting.FLEET_PLACEMENT:
            return WrongMoment(f"fleets are placed only at setup ({_waiting_for(state)})")
        if action.zone not in (1, 2, 3):
            return NothingThere(f"there is no sea zone {action.zone}", Refusal.NO_SUCH_PLACE)
        closed = zone_closed(state, action.zone)
        if closed is not None:
            return Occupied(f"{closed}: no fleet goes there", Refusal.PIRATES_THERE)
        return Occupied(f"{state.board.zones[action.zone].title} already holds a Roman fleet")
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return WrongMoment("the players must first place the Roman fleets")
    if isinstance(action, OptionAction):
        explain = state.hooks.explainers.get(type(action))
        if explain is not None:
            error = explain(state, action)
            if isinstance(error, IllegalAction):
                return error
            return IllegalAction(f"{action.notation(state.board, False)!r} is not possible now")
        return IllegalAction(f"{action.notation(state.board, False)!r} belongs to an optional rule "
                             "that is not in this game", Refusal.NOT_IN_PLAY)
    if awaiting is Awaiting.DECISION:
        return WrongMoment("a decision is awaited first: "
                           + "; ".join(a.notation(state.board, False) if isinstance(a, OptionAction)
                                       else str(a) for a in _decisions(state)))
    if action.emperor != state.turn:
        return NotYourTurn(f"it is {state.turn.title}'s turn, not {action.emperor.title}'s")
    if isinstance(action, Enter):
        return _explain_enter(state, action)
    if awaiting is Awaiting.ENTRY:
        return WrongMoment(f"{state.turn.title} is off the board and must first enter in Roma "
                           "or in his capital")
    return _explain_roman(state, action)


def _decisions(state: State) -> list[Action]:
    for hook in state.hooks.decisions:
        found = hook(state)
        if found is not None:
            return found
    return []


def _roll_text(action: Roll) -> str:
    return "roll " + " ".join(str(d) for d in action.dice)


def _waiting_for(state: State) -> str:
    awaiting = state.awaiting
    if awaiting is Awaiting.ROMAN_ACTION:
        return f"{state.turn.title} is acting"
    if awaiting is Awaiting.ENTRY:
        return f"{state.turn.title} is to enter the board"
    if awaiting is Awaiting.FLEET_PLACEMENT:
        return "the fleets are being placed"
    if awaiting is Awaiting.RUN:
        return "the game is paused where a turn or a Barbarian phase begins"
    if awaiting is Awaiting.DECISION:
        return "a decision inside the phase is awaited"
    return "the dice are to be rolled"


def _explain_enter(state: State, action: Enter) -> IllegalAction:
    board = state.board
    if state.awaiting is not Awaiting.ENTRY:
        return WrongMoment(f"{action.emperor.title} enters only at the start of his turn when he "
                           "is off the board")
    p = action.province
    if not 0 <= p < board.size:
        return IllegalAction(f"there is no province {p}", Refusal.NO_SUCH_PLACE)
    name = board.name(p)
    if p not in (board.roma, board.capital[action.emperor]):
        return IllegalAction(f"{action.emperor.title} enters only in Roma or in his capital "
                             f"{board.name(board.capital[action.emperor])}, not in {name}")
    if state.disc[p] != NO_DISC and p != board.roma:
        return Occupied(f"his capital {name} is covered by a disc", Refusal.COVERED_CAPITAL)
    if is_army(state.figure[p]):
        return Occupied(f"an army stands in {name}", Refusal.ARMY_THERE)
    return MustMoveOn(f"another figure stands in {name} and {action.emperor.title} could not "
                      "move out of it (D21)")


def _explain_roman(state: State, action: Action) -> IllegalAction:
    board = state.board
    name = state.turn.title
    piece = mover(action) if isinstance(action, (Move, Subdue, Attack)) else Piece(state.turn)
    here = piece_at(state, piece)
    who = name if int(piece) == int(state.turn) else (piece.title if piece < 4 else f"the {piece.title}")
    if isinstance(action, EndPhase):
        return MustMoveOn(f"{name} is passing through {board.name(here)} and must move on before "
                          "ending his phase (D8)")
    if int(piece) != int(state.turn):
        if piece >= 4 and not state.settings.has(piece.name.lower()):
            return WrongMoment(f"the {piece.title} is not in this game (option "
                               f"{piece.name.lower()!r} not chosen)", Refusal.NOT_IN_PLAY)
        if here == DEAD:
            return WrongMoment(f"the {piece.title} died and left the game", Refusal.NOT_IN_PLAY)
        if here < 0:
            return WrongMoment(f"{who} is not on the board", Refusal.NOT_ON_BOARD)
        if piece not in commanded_pieces(state):
            if state.passer >= 0:
                return WrongMoment(f"{Piece(state.passer).title} is passing through "
                                   f"{board.name(piece_at(state, state.passer))}: the next action "
                                   "must move him out of it (R5.1)", Refusal.MUST_MOVE_ON)
            return WrongMoment(f"{name} cannot spend his IP on {who} now", Refusal.NOT_COMMANDED)
        if piece in ONLY_MOVES and not isinstance(action, Move):
            return IllegalAction(f"the {piece.title} never fights nor subdues "
                                 f"({FIGURE_RULES[piece]})")
        if piece < 4 and not isinstance(action, Move):
            return WrongMoment(f"{name} only moves {who} (R12.1)", Refusal.NOT_ALLOWED)
    if here < 0:
        return WrongMoment(f"{who} is not on the board", Refusal.NOT_ON_BOARD)
    where = getattr(action, "origin", getattr(action, "at", here))
    if not 0 <= where < board.size:
        return NothingThere(f"there is no province {where}", Refusal.NO_SUCH_PLACE)
    if where != here:
        return WrongMoment(f"{who} is in {board.name(here)}, not in {board.name(where)}",
                           Refusal.NOT_THERE)
    if state.passer >= 0 and (not isinstance(action, Move) or mover(action) != state.passer):
        passer = Piece(state.passer)
        return MustMoveOn(f"{passer.title} is passing through "
                          f"{board.name(piece_at(state, passer))}: the next action must move him "
                          "out of it (R5.1)")
    if state.passing and not isinstance(action, Move):
        return MustMoveOn(f"{name} is passing through {board.name(here)}: his next action must "
                          "be a move out of it (R5.1)")
    ip = state.ip
    if isinstance(action, Move):
        return _explain_move(state, action)
    if isinstance(action, Sail):
        if action.src not in (1, 2, 3):
            return NothingThere(f"there is no sea zone {action.src}", Refusal.NO_SUCH_PLACE)
        if action.dst not in (1, 2, 3):
            return NotLinked(f"there is no sea zone {action.dst}", Refusal.NO_SUCH_PLACE)
        if not state.fleets[action.src]:
            return NothingThere(f"there is no Roman fleet in sea zone {action.src}")
        if action.dst not in board.zones[action.src].adjacent:
            return NotLinked(f"sea zone {action.dst} is not adjacent to {board.zones[action.src].title}")
        if state.fleets[action.dst]:
            return Occupied(f"{board.zones[action.dst].title} already holds a Roman fleet")
        closed = zone_closed(state, action.dst)
        if closed is not None:
            return Occupied(f"{closed}: no fleet enters it", Refusal.PIRATES_THERE)
        return NotEnoughIP(f"sailing costs 1 IP and {name} has {ip} left")
    if isinstance(action, Secure):
        if state.disc[here] != NO_DISC:
            return Occupied(f"{board.name(here)} already holds a disc", Refusal.DISC_PRESENT)
        if state.garrisons[state.turn] == 0:
            return ReserveEmpty(f"{name} has no garrison disc left in his reserve")
        if board.is_border[here]:
            region = board.region_of[here]
            if state.region_has_revolt(region):
                revolts = [board.label(p) for p in board.region_provinces[region] if state.disc[p] == REVOLT]
                return RegionInRevolt(
                    f"securing the border in {board.name(here)} needs a region free of revolt; "
                    f"{', '.join(revolts)} {'is' if len(revolts) == 1 else 'are'} in revolt"
                )
            return NotEnoughIP(f"securing a border costs {SECURE_BORDER_COST} IP and {name} has {ip} left")
        return NotEnoughIP(f"securing costs {SECURE_COST} IP and {name} has {ip} left")
    if isinstance(action, Subdue):
        disc = state.disc[here]
        wanted = UNREST if action.kind is SubdueKind.REMOVE_UNREST else REVOLT
        if disc != wanted:
            what = "unrest" if wanted == UNREST else "revolt"
            return NothingThere(f"there is no {what} in {board.name(here)}")
        if action.kind is SubdueKind.REDUCE_REVOLT and state.unrest_reserve == 0:
            return ReserveEmpty("no unrest disc is left to reduce the revolt to (D15)")
        return NotEnoughIP(f"this costs {SUBDUE_COST[action.kind]} IP and {name} has {ip} left")
    if isinstance(action, Attack):
        target = action.target
        if not 0 <= target < board.size:
            return NothingThere(f"there is no province {target}", Refusal.NO_SUCH_PLACE)
        if not ARMY <= state.figure[target] <= REBEL:
            return NothingThere(f"there is no Barbarian army in {board.name(target)}")
        barred = attack_barred_reason(state, target)
        if barred is not None:  # only the scenarios bar attacks (R13: rebels need a fleet)
            return IllegalAction(barred, Refusal.SCENARIO_CONDITION)
        if not board.linked(here, target):
            return NotLinked(f"{board.name(target)} is not linked to {board.name(here)} "
                             "(attacks go through links only, never by fleet)")
        link = board.link_between[(here, target)]
        cost = link_cost(link.broken, state.disc[target] == REVOLT)
        return NotEnoughIP(f"this attack costs {cost} IP and {name} has {ip} left")
    return IllegalAction(f"{action!r} is not possible now")


def _explain_move(state: State, action: Move) -> IllegalAction:
    board = state.board
    name = state.turn.title
    here = action.origin
    dest = action.dest
    if not 0 <= dest < board.size:
        return NothingThere(f"there is no province {dest}", Refusal.NO_SUCH_PLACE)
    if dest == here:
        return IllegalAction(f"{name} is already in {board.name(dest)}", Refusal.ALREADY_THERE)
    into_revolt = state.disc[dest] == REVOLT
    if action.piece is not None and action.piece in AVOIDS_REVOLT and into_revolt:
        return Occupied(f"the {action.piece.title} never enters a revolt, and {board.name(dest)} "
                        f"is in revolt ({FIGURE_RULES[action.piece]})", Refusal.REVOLT)
    if action.by_fleet:
        if dest not in fleet_destinations(state, here):
            return NotLinked(f"no Roman fleet joins {board.name(here)} and {board.name(dest)} "
                             "(both must be on the coast of a zone holding a fleet)")
        zones = fleet_zones_between(state, here, dest)
        if action.zones and action.zones != zones:
            shown = ", ".join(board.zones[z].title if z in board.zones else str(z)
                              for z in action.zones)
            return NotLinked(f"the fleets carry {name} from {board.name(here)} to "
                             f"{board.name(dest)} through "
                             f"{', '.join(board.zones[z].title for z in zones)}, not through {shown}")
        cost = fleet_routes(state, here)[dest] + into_revolt  # Mare Nostrvm: 1 IP per zone
    else:
        if not board.linked(here, dest):
            return NotLinked(f"{board.name(dest)} is not linked to {board.name(here)}")
        cost = link_cost(board.link_between[(here, dest)].broken, into_revolt)
    if cost > state.ip:
        extra = " (+1 for the revolt)" if into_revolt else ""
        return NotEnoughIP(f"moving to {board.name(dest)} costs {cost} IP{extra} and {name} has "
                           f"{state.ip} left")
    holder = state.figure[dest]
    if is_army(holder):
        return Occupied(f"a Barbarian army stands in {board.name(dest)}; attack it instead",
                        Refusal.ARMY_THERE)
    if holder != NO_FIGURE and not can_pass_on(state, dest, state.ip - cost, here):
        other = figure_emperor(holder)
        who = "another figure" if other < 0 else state.turn.__class__(other).title
        return MustMoveOn(f"{who} stands in {board.name(dest)} and {name} could not move on from "
                          "there with the IP he would have left (D21)")
    return IllegalAction(f"{name} cannot move to {board.name(dest)} now")
