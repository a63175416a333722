"""Why an action (or a plan) is worth playing, as claims about what it changes on the board
(issue 24, item 2).

A :class:`Reason` is a record, a claim kind and the places and piece it names, found by
comparing the position before the action with the position after it: "removes the unrest in
Dacia" is said only when Dacia held unrest before and holds none after.  Nothing is inferred
from a weighted evaluation, so every reason can be checked against the two positions
(``tests/players/test_reasons.py`` does, over seeded games of the base game and every option).

Each claim is a gain for one side: :func:`reasons` keeps those that favour the seat deciding (the
Emperors, or the Barbarian player of Barbaria, R12.6), so a recommendation is never explained by
a drawback.  When nothing on the board changes in the seat's favour, the plain fact of what the
action does is said ("moves Galerius from Dacia to Moesia", "ends Galerius's phase").

The sentences are English templates of :func:`reasoned` (gathered into the ``advice`` gettext
catalogue by ``render.catalogues``); the record keeps province indices and the piece, which the
template's fields name in every language (province and Emperor names are Latin on every board).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product

from tetrarchia.core.actions import Action, Attack, EndPhase, Roll
from tetrarchia.core.board import Board
from tetrarchia.core.engine import BARBARIAN_SEAT, apply_trusted, deciding_seat, legal_actions, resume
from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import (
    DUX,
    GARRISON,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Emperor,
    is_army,
)
from tetrarchia.core.state import Awaiting, Result, State

ROAD_STEPS = 4  # an army's road: its next steps to Roma (R7.3), as far as the search looks (RISK_STEPS)
BATTLE_DEPTH = 3  # rolls and decisions followed after an attack (a re-roll, Galerius's +1, R12.1)


def reasoned(template: str, /, **args: str | int | Said) -> Said:
    """A sentence of the ``advice`` catalogue (``render.catalogues`` gathers the literal
    templates of ``reasoned("...")``)."""
    return Said(template, tuple(args.items()))


class Claim(Enum):
    """What a reason claims changed between the two positions."""

    WINS = "wins"  # R8: all six borders secured
    ROMA_FALLS = "roma_falls"  # R8: the game lost by the Emperors
    BATTLE = "battle"  # an attack waits for its dice: the chance the army is destroyed (R5.5, R6)
    ARMY_DESTROYED = "army_destroyed"
    REVOLT_ENDED = "revolt_ended"  # a revolt, and no unrest or revolt there now
    REVOLT_CALMED = "revolt_calmed"  # a revolt turned to unrest
    UNREST_REMOVED = "unrest_removed"
    BORDER_SECURED = "border_secured"  # R5.3: a garrison on the border
    GARRISON_PLACED = "garrison_placed"
    OFF_REVOLT = "off_revolt"  # an Emperor left a province in revolt (R7.1)
    ONTO_ROAD = "onto_road"  # an Emperor now stands on an army's road to Roma (R7.3)
    FLEET_PLACED = "fleet_placed"  # R3.6, R5.1
    IP_GAINED = "ip_gained"
    UNREST_PLACED = "unrest_placed"
    REVOLT_PLACED = "revolt_placed"
    ARMY_PLACED = "army_placed"
    EMPEROR_OFF_ROAD = "emperor_off_road"
    ENTERS = "enters"  # R4
    MOVES = "moves"
    ENDS_PHASE = "ends_phase"

    @property
    def side(self) -> str:
        """Whom the change favours: "rome", "barbarian", or "fact" (what the action does, said
        when nothing favours the seat)."""
        return SIDES[self]


SIDES: dict[Claim, str] = {
    **dict.fromkeys((Claim.WINS, Claim.BATTLE, Claim.ARMY_DESTROYED, Claim.REVOLT_ENDED, Claim.REVOLT_CALMED,
                     Claim.UNREST_REMOVED, Claim.BORDER_SECURED, Claim.GARRISON_PLACED,
                     Claim.OFF_REVOLT, Claim.ONTO_ROAD, Claim.FLEET_PLACED, Claim.IP_GAINED), "rome"),
    **dict.fromkeys((Claim.ROMA_FALLS, Claim.UNREST_PLACED, Claim.REVOLT_PLACED, Claim.ARMY_PLACED,
                     Claim.EMPEROR_OFF_ROAD), "barbarian"),
    **dict.fromkeys((Claim.ENTERS, Claim.MOVES, Claim.ENDS_PHASE), "fact"),
}


@dataclass(frozen=True, slots=True)
class Reason:
    """One claim about the difference between two positions: its kind, the provinces it names
    (indices of the board), the piece it names (an Emperor, or ``DUX``/``VICARIUS`` figures;
    -1: none) and, for a battle, the chance that the army is destroyed."""

    claim: Claim
    places: tuple[int, ...] = ()
    piece: int = -1
    chance: float = 0.0

    def said(self, board: Board) -> Said:
        """The claim as a sentence of the ``advice`` catalogue."""
        names = [board.names[p] for p in self.places]
        who = piece_name(self.piece) if self.piece >= 0 else Said("")
        c = self.claim
        if c is Claim.WINS:
            return reasoned("wins the game (R8)")
        if c is Claim.ROMA_FALLS:
            return reasoned("ends the game: the Emperors lose (R8)")
        if c is Claim.BATTLE:
            return reasoned("attacks the army in {place}: destroys it with probability {percent}% (R6)",
                            place=names[0], percent=round(self.chance * 100))
        if c is Claim.ARMY_DESTROYED:
            return reasoned("destroys the army in {place}", place=names[0])
        if c is Claim.REVOLT_ENDED:
            return reasoned("ends the revolt in {place}", place=names[0])
        if c is Claim.REVOLT_CALMED:
            return reasoned("turns the revolt in {place} into unrest", place=names[0])
        if c is Claim.UNREST_REMOVED:
            return reasoned("removes the unrest in {place}", place=names[0])
        if c is Claim.BORDER_SECURED:
            return reasoned("secures the border of {place} (R5.3)", place=names[0])
        if c is Claim.GARRISON_PLACED:
            return reasoned("places a garrison in {place}", place=names[0])
        if c is Claim.OFF_REVOLT:
            return reasoned("takes {who} off the revolt in {place} (R7.1)", who=who, place=names[0])
        if c is Claim.ONTO_ROAD:
            return reasoned("moves {who} onto the road of the army in {army} (R7.3)", who=who,
                            army=names[0])
        if c is Claim.FLEET_PLACED:
            return reasoned("brings a fleet into the {zone}", zone=board.zones[self.places[0]].title)
        if c is Claim.IP_GAINED:
            return reasoned("gains {count} IP", count=self.places[0])
        if c is Claim.UNREST_PLACED:
            return reasoned("puts unrest in {place}", place=names[0])
        if c is Claim.REVOLT_PLACED:
            return reasoned("puts a revolt in {place}", place=names[0])
        if c is Claim.ARMY_PLACED:
            return reasoned("brings an army into {place}", place=names[0])
        if c is Claim.EMPEROR_OFF_ROAD:
            return reasoned("keeps {who} off the road of the army in {army}", who=who, army=names[0])
        if c is Claim.ENTERS:
            return reasoned("brings {who} onto the board in {place} (R4)", who=who, place=names[0])
        if c is Claim.MOVES:
            return reasoned("moves {who} from {origin} to {place}", who=who, origin=names[0],
                            place=names[1])
        return reasoned("ends {who}'s phase", who=who)


# the pieces a reason names, each a phrase of the catalogue (Galerio, Galère: the rulebooks' names)
PIECE_NAMES: dict[int, Said] = {
    int(Emperor.DIOCLETIAN): reasoned("Diocletian"), int(Emperor.GALERIUS): reasoned("Galerius"),
    int(Emperor.CONSTANTIUS): reasoned("Constantius"), int(Emperor.MAXIMIAN): reasoned("Maximian"),
    DUX: reasoned("the Dux"), VICARIUS: reasoned("the Vicarius"),
}


def piece_name(piece: int) -> Said:
    """The name of an Emperor (0-3) or of the Dux's or Vicarius's figure."""
    return PIECE_NAMES[piece]


def army_roads(state: State) -> list[tuple[int, frozenset[int]]]:
    """Each marching army (rebels never advance, R13) and its road: the next ``ROAD_STEPS``
    steps towards Roma along the arrows (R7.3)."""
    board = state.board
    roads = []
    for p, figure in enumerate(state.figure):
        if not is_army(figure) or figure == REBEL:
            continue
        road: list[int] = []
        at = p
        while len(road) < ROAD_STEPS and at >= 0 and at != board.roma:
            at = board.next_step[at]
            if at >= 0:
                road.append(at)
        roads.append((p, frozenset(road)))
    return roads


def battle_chance(state: State, target: int, depth: int = BATTLE_DEPTH) -> float:
    """The chance that no army stands in ``target`` once the dice of ``state``'s battle are
    rolled (R6): every roll counted (each face 1/6), a decision after it taken as its seat
    would (the Emperors the best for Roma, the Barbarian player the worst, R12.1, R12.6),
    ``depth`` rolls and decisions deep."""
    while state.awaiting is Awaiting.RUN:
        state = state.copy()
        resume(state)
    if depth == 0 or state.awaiting not in (Awaiting.ROLL, Awaiting.DECISION):
        return 0.0 if is_army(state.figure[target]) else 1.0
    if state.awaiting is Awaiting.ROLL:
        faces = list(product(range(1, 7), repeat=state.roll_count))
        total = 0.0
        for dice in faces:
            child = state.copy()
            apply_trusted(child, Roll(dice))
            total += battle_chance(child, target, depth - 1)
        return total / len(faces)
    chances = []
    for action in legal_actions(state):
        child = state.copy()
        apply_trusted(child, action)
        chances.append(battle_chance(child, target, depth - 1))
    return min(chances) if deciding_seat(state) == BARBARIAN_SEAT else max(chances)


def changes(before: State, after: State, plan: Sequence[Action]) -> list[Reason]:
    """Every claim true of the difference between ``before`` and ``after`` (``after`` is
    ``before`` with ``plan`` played), whichever side it favours, most weighty first."""
    found: list[Reason] = []
    last = plan[-1] if plan else None
    if before.result is Result.ONGOING and after.result is not Result.ONGOING:
        found.append(Reason(Claim.WINS if after.result.is_victory else Claim.ROMA_FALLS))
    if isinstance(last, Attack) and is_army(before.figure[last.target]) and \
            after.awaiting in (Awaiting.ROLL, Awaiting.DECISION, Awaiting.RUN):
        found.append(Reason(Claim.BATTLE, (last.target,), int(last.emperor),
                            battle_chance(after, last.target)))
    found += _discs_and_figures(before, after)
    found += _emperors(before, after)
    for zone, (was, now) in enumerate(zip(before.fleets, after.fleets, strict=True)):
        if now > was and zone in before.board.zones:
            found.append(Reason(Claim.FLEET_PLACED, (zone,)))
    if after.turn == before.turn and after.turns_played == before.turns_played and after.ip > before.ip:
        found.append(Reason(Claim.IP_GAINED, (after.ip - before.ip,)))
    if isinstance(last, EndPhase):  # a fact: said when the phase's end favours the seat in nothing else
        found.append(Reason(Claim.ENDS_PHASE, (), int(last.emperor)))
    return found


def _discs_and_figures(before: State, after: State) -> list[Reason]:
    board = before.board
    found: list[Reason] = []
    for p in range(board.size):
        was, now = before.disc[p], after.disc[p]
        if was == REVOLT and now != REVOLT:
            found.append(Reason(Claim.REVOLT_CALMED if now == UNREST else Claim.REVOLT_ENDED, (p,)))
        elif was == UNREST and now not in (UNREST, REVOLT):
            found.append(Reason(Claim.UNREST_REMOVED, (p,)))
        elif was != UNREST and now == UNREST and was != REVOLT:
            found.append(Reason(Claim.UNREST_PLACED, (p,)))
        elif was != REVOLT and now == REVOLT:
            found.append(Reason(Claim.REVOLT_PLACED, (p,)))
        if was < GARRISON <= now:
            found.append(Reason(Claim.BORDER_SECURED if board.is_border[p] else Claim.GARRISON_PLACED, (p,)))
        if is_army(before.figure[p]) and not is_army(after.figure[p]):
            found.append(Reason(Claim.ARMY_DESTROYED, (p,)))
        elif is_army(after.figure[p]) and not is_army(before.figure[p]):
            found.append(Reason(Claim.ARMY_PLACED, (p,)))
    return found


def _emperors(before: State, after: State) -> list[Reason]:
    found: list[Reason] = []
    roads = army_roads(after)
    for e, (was, now) in enumerate(zip(before.emperor_at, after.emperor_at, strict=True)):
        if was == now:
            continue
        if was >= 0 and before.disc[was] == REVOLT and (now < 0 or after.disc[now] != REVOLT):
            found.append(Reason(Claim.OFF_REVOLT, (was,), e))
        for army, road in roads:
            if now in road and was not in road:
                found.append(Reason(Claim.ONTO_ROAD, (army,), e))
            elif was in road and now not in road:
                found.append(Reason(Claim.EMPEROR_OFF_ROAD, (army,), e))
        if was < 0 <= now:
            found.append(Reason(Claim.ENTERS, (now,), e))
        elif was >= 0 and now >= 0:
            found.append(Reason(Claim.MOVES, (was, now), e))
    for figure in (DUX, VICARIUS):  # R11.1, R11.2: the other pieces that move
        was_at = before.figure.index(figure) if figure in before.figure else -1
        now_at = after.figure.index(figure) if figure in after.figure else -1
        if was_at >= 0 and now_at >= 0 and was_at != now_at:
            found.append(Reason(Claim.MOVES, (was_at, now_at), figure))
    return found


def reasons(before: State, plan: Sequence[Action], after: State | None = None) -> list[Reason]:
    """Why ``plan`` (played from ``before``) is worth playing for the seat deciding in
    ``before``: the claims that favour that seat, or, when none does, the plain facts of what it
    does (module docstring).  ``after``: the position after the plan, when known."""
    if after is None:
        after = before.copy()
        for action in plan:
            apply_trusted(after, action)
    side = "barbarian" if deciding_seat(before) == BARBARIAN_SEAT else "rome"
    found = changes(before, after, plan)
    gains = [r for r in found if r.claim.side == side and (r.claim is not Claim.BATTLE or r.chance > 0)]
    return gains or [r for r in found if r.claim.side == "fact"]
