"""The English catalogue: every event record as the sentence the terminal prints.

:func:`render` takes a record and the board (for the names and coordinates of provinces, sea
zones and links); the core's records are told here, the optional rules' records by the ``texts``
their modules declare (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import tetrarchia.options  # noqa: F401  (registers the modules, and with them their texts)
from tetrarchia.core import events as ev
from tetrarchia.core.actions import SubdueKind
from tetrarchia.core.board import Board
from tetrarchia.core.pieces import GARRISON, GOTHS, REVOLT, ROMAN_NUMERALS, UNREST, Emperor, Piece
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.state import Result

LANGUAGE = "en"

TextFn = Callable[[Any, Board], str]


def _emperor(emperor: int) -> str:
    return Emperor(emperor).title


def _piece(piece: int) -> str:
    """An Emperor by name, the Dux or the Vicarius as "the Dux" (inside a sentence)."""
    return Piece(piece).title if piece < 4 else f"the {Piece(piece).title}"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _numeral(region: int) -> str:
    return ROMAN_NUMERALS[region]


def _zone(board: Board, zone: int) -> str:
    return board.zones[zone].title


# --- R3 setup --------------------------------------------------------------------------------
def _initial_revolt_rerolled(e: ev.InitialRevoltRerolled, board: Board) -> str:
    return f"Region {_numeral(e.region)}: rolled {e.die}, roll again."


def _initial_revolt(e: ev.InitialRevolt, board: Board) -> str:
    return f"Initial revolt in {board.label(e.province)}."


def _additional_revolt_rerolled(e: ev.AdditionalRevoltRerolled, board: Board) -> str:
    return f"{board.label(e.province)} is already in revolt: roll again."


def _additional_revolt(e: ev.AdditionalRevolt, board: Board) -> str:
    return f"Additional revolt in {board.label(e.province)}."


def _initial_army_rerolled(e: ev.InitialArmyRerolled, board: Board) -> str:
    return f"{board.name(e.border)} already holds an army: roll again."


def _fleet_placed(e: ev.FleetPlaced, board: Board) -> str:
    return f"A Roman fleet is placed in {_zone(board, e.zone)}."


# --- R4 turns --------------------------------------------------------------------------------
def _turn_skipped(e: ev.TurnSkipped, board: Board) -> str:
    return f"{_emperor(e.emperor)}'s first turn is skipped (scenario)."


def _turn_begins(e: ev.TurnBegins, board: Board) -> str:
    return f"Round {e.round}: {_emperor(e.emperor)}'s turn."


def _cannot_enter(e: ev.CannotEnter, board: Board) -> str:
    return (f"{_emperor(e.emperor)} cannot enter the board (Roma and his capital are unusable): "
            "his Roman phase is empty.")


# --- R5 Roman phase --------------------------------------------------------------------------
def _entered(e: ev.Entered, board: Board) -> str:
    return f"{_emperor(e.emperor)} enters the board in {board.name(e.province)}."


def _moved(e: ev.Moved, board: Board) -> str:
    name = _emperor(e.emperor)
    who = name if e.piece == e.emperor else f"{name} moves {_piece(e.piece)}: he"
    how = " by fleet" if e.by_fleet else ""
    passing = " (passing through)" if e.passing else ""
    return (f"{who} moves{how} from {board.name(e.origin)} to {board.name(e.dest)}{passing} "
            f"for {e.cost} IP.")


def _sailed(e: ev.Sailed, board: Board) -> str:
    return (f"{_emperor(e.emperor)} sails a fleet from {_zone(board, e.origin)} to "
            f"{_zone(board, e.dest)}.")


def _subdued(e: ev.Subdued, board: Board) -> str:
    who = _emperor(e.emperor) if e.piece < 0 else _piece(e.piece)
    if e.what == SubdueKind.REDUCE_REVOLT:
        return f"{who} reduces the revolt in {board.name(e.province)} to unrest."
    what = "revolt" if e.what == SubdueKind.REMOVE_REVOLT else "unrest"
    return f"{who} removes the {what} in {board.name(e.province)}."


def _attack_declared(e: ev.AttackDeclared, board: Board) -> str:
    who = _emperor(e.emperor) if e.piece == e.emperor else _piece(e.piece)
    return f"{who} attacks the army in {board.name(e.target)} from {board.name(e.origin)}."


def _garrison_placed(e: ev.GarrisonPlaced, board: Board) -> str:
    return f"{_emperor(e.emperor)} places a garrison in {board.name(e.province)}."


def _border_secured(e: ev.BorderSecured, board: Board) -> str:
    return (f"{_emperor(e.emperor)} secures the border in {board.name(e.border)} "
            f"({e.secured} of 6).")


def _phase_ended(e: ev.PhaseEnded, board: Board) -> str:
    if e.defeated:
        return f"{_emperor(e.emperor)}'s Roman phase ends."
    return f"{_emperor(e.emperor)} ends his Roman phase."


# --- R6 combat -------------------------------------------------------------------------------
def _die_and_modifier(die: int, modifier: int) -> str:
    """The die as rolled, then the options' modifier apart (the Goths' +1, R11.4; Galerius's
    +1s, R12.1): ``5+1`` so that the roll on the dice line can be found again."""
    return f"{die}{modifier:+d}" if modifier else str(die)


def _groups(groups: tuple[int, ...], counted: int, what: str) -> str:
    """Which support groups touch the fighter and which one counts (R6, D6)."""
    if not groups:
        return f"no {what} linked"
    if len(groups) == 1:
        return f"a group of {groups[0]} {what if groups[0] > 1 else what[:-1]}"
    sizes = ", ".join(str(g) for g in sorted(groups, reverse=True))
    return f"groups of {sizes} {what}: the one of {counted} counts"


def _doubling(linked: int, who: str) -> str:
    if not linked:
        return ""
    plural = "armies" if who == "army" else f"{who}s"
    return f", x{1 << linked} for {linked} other {who if linked == 1 else plural} linked"


def _battle(e: ev.Battle, board: Board) -> str:
    # R6: each side's (die + support) x 2^linked; the modifiers apart from the dice as rolled
    roman = _die_and_modifier(e.roman_die, e.roman_modifier)
    barbarian = _die_and_modifier(e.barbarian_die, e.barbarian_modifier)
    why: list[str] = []
    if e.roman_modifier:
        why.append(f"Roman die {e.roman_die} {e.roman_modifier:+d} (Galerius's power)")
    if e.barbarian_modifier:
        why.append(f"Barbarian die {e.barbarian_die} {e.barbarian_modifier:+d} (the Goths)")
    roman_groups = _groups(e.roman_groups, e.roman_support, "garrisons") if e.piece < 4 \
        else "the Dux has no garrisons"
    why.append(f"Roman support: {roman_groups}{_doubling(e.roman_linked, 'Emperor')}")
    why.append(f"Barbarian support: {_groups(e.barbarian_groups, e.barbarian_support, 'revolts')}"
               f"{_doubling(e.barbarian_linked, 'army')}")
    return (f"Battle of {_capital(_piece(e.piece))} in {board.name(e.piece_province)} and the "
            f"army in {board.name(e.army_province)}: Roman ({roman}+{e.roman_support})"
            f"x{1 << e.roman_linked} = {e.roman_value} against Barbarian ({barbarian}+"
            f"{e.barbarian_support})x{1 << e.barbarian_linked} = {e.barbarian_value}. "
            f"({'; '.join(why)}.)")


def _battle_drawn(e: ev.BattleDrawn, board: Board) -> str:
    return "A draw: nothing happens."


DISC_NAMES = {UNREST: "unrest", REVOLT: "revolt"}


def _army_destroyed(e: ev.ArmyDestroyed, board: Board) -> str:
    name = _capital(_piece(e.piece))
    # R5.5, R7.3: the army goes back to the reserve with the disc under it (the revolt it made,
    # a rebel's revolt on its border, R13)
    under = f"; the {DISC_NAMES.get(e.disc, 'disc')} under it in {board.name(e.army_province)} is " \
        "removed" if e.disc else ""
    if e.entered:
        joint = ", and" if under else " and"
        return (f"{name} wins: the army is destroyed{under}{joint} he enters "
                f"{board.name(e.army_province)}.")
    return f"{name} wins: the army is destroyed{under}."


REMOVAL_TEXT = {
    ev.Removal.DEFEATED: "is defeated",
    ev.Removal.LOST_BATTLE: "loses the battle",
    ev.Removal.ON_REVOLT: "stands on a revolt in {}",
    ev.Removal.REACHED_BY_ARMY: "is reached by the army in {}",
    ev.Removal.REACHED_BY_UPRISING: "is reached by the uprising in {}",
}


def _figure_removed(e: ev.FigureRemoved, board: Board) -> str:
    why = REMOVAL_TEXT[ev.Removal(e.why)].format(board.name(e.province))
    if e.piece < 4:
        return f"{Piece(e.piece).title} {why} and leaves the board."
    return f"The {Piece(e.piece).title} {why} and dies: he leaves the game."


# --- R7 Barbarian phase ----------------------------------------------------------------------
def _link_rolled(e: ev.LinkRolled, board: Board) -> str:
    link = board.links[e.link]
    # R7.4: 4-6 holds; the Goths add +1 to the die (R11.4), shown apart from the roll
    rolled = f"rolled {e.die}{e.bonus:+d} (the Goths) = {e.die + e.bonus}" if e.bonus else f"rolled {e.die}"
    return (f"Broken link {board.name(link.a)} - {board.name(link.b)}: {rolled}, "
            f"{'linked' if e.holds else 'not linked'}.")


def _unrest_spreads(e: ev.UnrestSpreads, board: Board) -> str:
    return (f"The unrest in {board.name(e.province)} turns to revolt (linked to "
            f"{board.name(e.source)}).")


def _activity_rolled(e: ev.ActivityRolled, board: Board) -> str:
    return f"Barbarian activity: {_numeral(e.region)}:{e.number}, {board.label(e.province)}."


def _activity_protected(e: ev.ActivityProtected, board: Board) -> str:
    if e.capital:  # R2: an uncovered printed capital counts as a garrison
        return f"{board.name(e.province)} is protected by its uncovered capital: nothing happens."
    return f"{board.name(e.province)} is protected by a garrison: nothing happens."


def _unrest_placed(e: ev.UnrestPlaced, board: Board) -> str:
    return f"Unrest in {board.name(e.province)}."


def _unrest_revolts(e: ev.UnrestRevolts, board: Board) -> str:
    return f"The unrest in {board.name(e.province)} becomes a revolt."


def _uprising_starts(e: ev.UprisingStarts, board: Board) -> str:
    return f"Uprising in {board.name(e.province)}!"


def _replaced(disc: int, province: str) -> str:
    """What a revolt put on ``province`` sends back to its reserve (R7.2, R7.3)."""
    if disc == UNREST:
        return f"; the unrest in {province} becomes a revolt"
    if disc >= GARRISON:
        return f"; the garrison of {Emperor(disc - GARRISON).title} in {province} returns to his reserve"
    return ""


def _uprising_spreads(e: ev.UprisingSpreads, board: Board) -> str:
    name = board.name(e.province)
    return f"The uprising spreads a revolt to {name}{_replaced(e.replaced, name)}."


def _no_army_left(e: ev.NoArmyLeft, board: Board) -> str:
    return "No army is left in the reserve: the uprising brings no army."


def _border_not_empty(e: ev.BorderNotEmpty, board: Board) -> str:
    return (f"Region {_numeral(e.region)}: the border {board.name(e.border)} is not empty; a new "
            "activity in that region.")


def _army_placed(e: ev.ArmyPlaced, board: Board) -> str:
    what = "the Goths appear" if e.figure == GOTHS else "a Barbarian army appears"
    return f"Region {_numeral(e.region)}: {what} in {board.name(e.border)}."


def _army_blocked(e: ev.ArmyBlocked, board: Board) -> str:
    return f"The army in {board.name(e.province)} is blocked by the army in {board.name(e.ahead)}."


def _army_stopped(e: ev.ArmyStopped, board: Board) -> str:
    if e.follows_arrow:  # R12.6
        return (f"The army in {board.name(e.province)} cannot cross the broken link to "
                f"{board.name(e.dest)}: the change is cancelled and it advances along its arrow.")
    return (f"The army in {board.name(e.province)} cannot cross the broken link to "
            f"{board.name(e.dest)} this turn.")


def _army_attacks(e: ev.ArmyAttacks, board: Board) -> str:
    return (f"The army in {board.name(e.province)} attacks {_piece(e.piece)} in "
            f"{board.name(e.dest)}.")


def _army_advances(e: ev.ArmyAdvances, board: Board) -> str:
    dest = board.name(e.dest)
    if e.replaced == REVOLT:
        return f"The army advances from {board.name(e.origin)} to {dest}, already in revolt."
    return (f"The army advances from {board.name(e.origin)} to {dest} and devastates it: a "
            f"revolt{_replaced(e.replaced, dest)}.")


# --- R8 the end ------------------------------------------------------------------------------
def _game_ends(e: ev.GameEnds, board: Board) -> str:
    result = Result(e.result)
    if result is Result.ROMA_VICTRIX:
        return "All six borders are secured: Roma Victrix!"
    if result is Result.ARMY_IN_ROMA:
        return f"The army from {board.name(e.province)} enters Roma: the Empire falls."
    disc = "An unrest" if e.disc == UNREST else "A revolt"
    return f"{disc} must be placed in {board.name(e.province)} and none is left: the Empire falls."


TEXTS: dict[type[Any], TextFn] = {
    ev.InitialRevoltRerolled: _initial_revolt_rerolled,
    ev.InitialRevolt: _initial_revolt,
    ev.AdditionalRevoltRerolled: _additional_revolt_rerolled,
    ev.AdditionalRevolt: _additional_revolt,
    ev.InitialArmyRerolled: _initial_army_rerolled,
    ev.FleetPlaced: _fleet_placed,
    ev.TurnSkipped: _turn_skipped,
    ev.TurnBegins: _turn_begins,
    ev.CannotEnter: _cannot_enter,
    ev.Entered: _entered,
    ev.Moved: _moved,
    ev.Sailed: _sailed,
    ev.Subdued: _subdued,
    ev.AttackDeclared: _attack_declared,
    ev.GarrisonPlaced: _garrison_placed,
    ev.BorderSecured: _border_secured,
    ev.PhaseEnded: _phase_ended,
    ev.Battle: _battle,
    ev.BattleDrawn: _battle_drawn,
    ev.ArmyDestroyed: _army_destroyed,
    ev.FigureRemoved: _figure_removed,
    ev.LinkRolled: _link_rolled,
    ev.UnrestSpreads: _unrest_spreads,
    ev.ActivityRolled: _activity_rolled,
    ev.ActivityProtected: _activity_protected,
    ev.UnrestPlaced: _unrest_placed,
    ev.UnrestRevolts: _unrest_revolts,
    ev.UprisingStarts: _uprising_starts,
    ev.UprisingSpreads: _uprising_spreads,
    ev.NoArmyLeft: _no_army_left,
    ev.BorderNotEmpty: _border_not_empty,
    ev.ArmyPlaced: _army_placed,
    ev.ArmyBlocked: _army_blocked,
    ev.ArmyStopped: _army_stopped,
    ev.ArmyAttacks: _army_attacks,
    ev.ArmyAdvances: _army_advances,
    ev.GameEnds: _game_ends,
}
"""The core's records; the optional rules' come from their modules' ``texts``."""


def text_for(event_type: type[ev.Event]) -> TextFn:
    """The function telling records of ``event_type`` in English."""
    found = TEXTS.get(event_type)
    if found is not None:
        return found
    for module in REGISTRY.values():
        found = module.texts.get(LANGUAGE, {}).get(event_type)
        if found is not None:
            TEXTS[event_type] = found  # looked up once per type
            return found
    raise KeyError(f"no English sentence for the event {event_type.__name__!r}")


def render(event: ev.Event, board: Board) -> str:
    """The English sentence of ``event`` on ``board``."""
    return text_for(type(event))(event, board)


def render_all(events: Iterable[ev.Event], board: Board) -> list[str]:
    """The sentences of ``events``, in order."""
    return [render(e, board) for e in events]
