"""Every event record as a sentence kept apart from its language: an English template and its
arguments (a :class:`~tetrarchia.core.errors.Said`), so that Spanish and French are told from the
``events`` gettext catalogue (``render.catalogues``, compiled from
``render/locale/<lang>/LC_MESSAGES/events.po``) with the same data.

The templates are the terminal's English sentences (``render.en`` and the options' ``texts``)
word for word: ``str(told(event, board)) == render(event, board)`` for every record (tests), so
a translator reads the sentence the player reads.  The core's records are told here; each
optional rule's are declared by its module with the rule (``core.faces.declare_told``) and read
here through :data:`TELLERS`.  A phrase inside a sentence ("the Dux", a support group) is a
nested template, translated on its own.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable
from typing import Any

import tetrarchia.options  # noqa: F401  (registers the options' sentences: core.faces.TOLD)
from tetrarchia.core import events as ev
from tetrarchia.core.actions import SubdueKind
from tetrarchia.core.board import Board
from tetrarchia.core.errors import Said
from tetrarchia.core.faces import EMPEROR_NAMES, TOLD, emperor_said, leaves, tell
from tetrarchia.core.pieces import GARRISON, GOTHS, REVOLT, ROMAN_NUMERALS, UNREST, Piece
from tetrarchia.core.state import Result

Arg = str | int | Said

__all__ = ["EMPEROR_NAMES", "TELLERS", "tell", "told"]  # the names the interfaces import


def _emperor(emperor: int) -> Said:
    return emperor_said(emperor)


def _piece(piece: int) -> Arg:
    """An Emperor by name, the Dux or the Vicarius as "the Dux" (inside a sentence)."""
    return _emperor(piece) if piece < 4 else tell("the {figure}", figure=Piece(piece).title)


def _piece_first(piece: int) -> Arg:
    """The same at the start of a sentence ("The Dux")."""
    return _emperor(piece) if piece < 4 else tell("The {figure}", figure=Piece(piece).title)


def _region(region: int) -> str:
    return ROMAN_NUMERALS[region]


def _zone(board: Board, zone: int) -> str:
    return board.zones[zone].title


# --- R3 setup, R4 turns, R5 Roman phase ---------------------------------------------------------
def _moved(e: ev.Moved, b: Board) -> Said:
    args: dict[str, Arg] = {"emperor": _emperor(e.emperor), "origin": b.name(e.origin),
                            "dest": b.name(e.dest), "cost": e.cost}
    if e.piece != e.emperor:
        args["figure"] = _piece(e.piece)
    key = ("fleet " if e.by_fleet else "") + ("passing" if e.passing else "")
    templates = {
        (True, ""): tell("{emperor} moves from {origin} to {dest} for {cost} IP.", **args),
        (True, "fleet "): tell("{emperor} moves by fleet from {origin} to {dest} for {cost} IP.",
                               **args),
        (True, "passing"): tell("{emperor} moves from {origin} to {dest} (passing through) for "
                                "{cost} IP.", **args),
        (True, "fleet passing"): tell("{emperor} moves by fleet from {origin} to {dest} (passing "
                                      "through) for {cost} IP.", **args),
        (False, ""): tell("{emperor} moves {figure}: he moves from {origin} to {dest} for {cost} "
                          "IP.", **args),
        (False, "fleet "): tell("{emperor} moves {figure}: he moves by fleet from {origin} to "
                                "{dest} for {cost} IP.", **args),
        (False, "passing"): tell("{emperor} moves {figure}: he moves from {origin} to {dest} "
                                 "(passing through) for {cost} IP.", **args),
        (False, "fleet passing"): tell("{emperor} moves {figure}: he moves by fleet from {origin} "
                                       "to {dest} (passing through) for {cost} IP.", **args),
    }
    return templates[(e.piece == e.emperor, key)]


def _subdued(e: ev.Subdued, b: Board) -> Said:
    who = _emperor(e.emperor) if e.piece < 0 else _piece(e.piece)
    place = b.name(e.province)
    if e.what == SubdueKind.REDUCE_REVOLT:
        return tell("{who} reduces the revolt in {place} to unrest.", who=who, place=place)
    if e.what == SubdueKind.REMOVE_REVOLT:
        return tell("{who} removes the revolt in {place}.", who=who, place=place)
    return tell("{who} removes the unrest in {place}.", who=who, place=place)


def _phase_ended(e: ev.PhaseEnded, b: Board) -> Said:
    if e.defeated:
        return tell("{emperor}'s Roman phase ends.", emperor=_emperor(e.emperor))
    return tell("{emperor} ends his Roman phase.", emperor=_emperor(e.emperor))


# --- R6 combat ------------------------------------------------------------------------------------
def _die(die: int, modifier: int) -> str:
    return f"{die}{modifier:+d}" if modifier else str(die)


def _groups(groups: tuple[int, ...], counted: int, roman: bool) -> Said:
    """Which support groups touch the fighter and which one counts (R6, D6)."""
    if not groups:
        return tell("no garrisons linked") if roman else tell("no revolts linked")
    if len(groups) == 1:
        if groups[0] == 1:
            return tell("a group of 1 garrison") if roman else tell("a group of 1 revolt")
        return (tell("a group of {size} garrisons", size=groups[0]) if roman
                else tell("a group of {size} revolts", size=groups[0]))
    sizes = ", ".join(str(g) for g in sorted(groups, reverse=True))
    if roman:
        return tell("groups of {sizes} garrisons: the one of {counted} counts", sizes=sizes,
                    counted=counted)
    return tell("groups of {sizes} revolts: the one of {counted} counts", sizes=sizes,
                counted=counted)


def _support(groups: Arg, linked: int, roman: bool) -> Said:
    if not linked:
        return (tell("Roman support: {groups}", groups=groups) if roman
                else tell("Barbarian support: {groups}", groups=groups))
    times = 1 << linked
    if roman:
        return (tell("Roman support: {groups}, x{times} for 1 other Emperor linked", groups=groups,
                     times=times) if linked == 1 else
                tell("Roman support: {groups}, x{times} for {linked} other Emperors linked",
                     groups=groups, times=times, linked=linked))
    return (tell("Barbarian support: {groups}, x{times} for 1 other army linked", groups=groups,
                 times=times) if linked == 1 else
            tell("Barbarian support: {groups}, x{times} for {linked} other armies linked",
                 groups=groups, times=times, linked=linked))


def _battle(e: ev.Battle, b: Board) -> Said:
    why: list[Said] = []
    if e.roman_modifier:
        why.append(tell("Roman die {die} {modifier} (Galerius's power)", die=e.roman_die,
                        modifier=f"{e.roman_modifier:+d}"))
    if e.barbarian_modifier:
        why.append(tell("Barbarian die {die} {modifier} (the Goths)", die=e.barbarian_die,
                        modifier=f"{e.barbarian_modifier:+d}"))
    roman_groups: Arg = _groups(e.roman_groups, e.roman_support, True) if e.piece < 4 \
        else tell("the Dux has no garrisons")
    why.append(_support(roman_groups, e.roman_linked, True))
    why.append(_support(_groups(e.barbarian_groups, e.barbarian_support, False),
                        e.barbarian_linked, False))
    return tell("Battle of {figure} in {place} and the army in {army}: Roman ({roman}+{support})"
                "x{times} = {value} against Barbarian ({barbarian}+{barbarian_support})"
                "x{barbarian_times} = {barbarian_value}. ({why}.)",
                figure=_piece_first(e.piece), place=b.name(e.piece_province),
                army=b.name(e.army_province), roman=_die(e.roman_die, e.roman_modifier),
                support=e.roman_support, times=1 << e.roman_linked, value=e.roman_value,
                barbarian=_die(e.barbarian_die, e.barbarian_modifier),
                barbarian_support=e.barbarian_support, barbarian_times=1 << e.barbarian_linked,
                barbarian_value=e.barbarian_value, why=_joined(why))


def _joined(parts: list[Said]) -> Said:
    """Phrases joined by "; ", each translated on its own (the template holds no words)."""
    return tell("; ".join(f"{{p{i}}}" for i in range(len(parts))),
                **{f"p{i}": part for i, part in enumerate(parts)})


def _army_destroyed(e: ev.ArmyDestroyed, b: Board) -> Said:
    figure = _piece_first(e.piece)
    place = b.name(e.army_province)
    if not e.disc:
        if e.entered:
            return tell("{figure} wins: the army is destroyed and he enters {place}.",
                        figure=figure, place=place)
        return tell("{figure} wins: the army is destroyed.", figure=figure)
    # R5.5, R7.3: the army goes back to the reserve with the disc under it
    disc = {UNREST: tell("unrest"), REVOLT: tell("revolt")}.get(e.disc, tell("disc"))
    if e.entered:
        return tell("{figure} wins: the army is destroyed; the {disc} under it in {place} is "
                    "removed, and he enters {place}.", figure=figure, disc=disc, place=place)
    return tell("{figure} wins: the army is destroyed; the {disc} under it in {place} is removed.",
                figure=figure, disc=disc, place=place)


def _figure_removed(e: ev.FigureRemoved, b: Board) -> Said:
    place = b.name(e.province)
    why = {
        ev.Removal.DEFEATED: tell("is defeated"),
        ev.Removal.LOST_BATTLE: tell("loses the battle"),
        ev.Removal.ON_REVOLT: tell("stands on a revolt in {place}", place=place),
        ev.Removal.REACHED_BY_ARMY: tell("is reached by the army in {place}", place=place),
        ev.Removal.REACHED_BY_UPRISING: tell("is reached by the uprising in {place}", place=place),
    }[ev.Removal(e.why)]
    return leaves(e.piece, why)


# --- R7 Barbarian phase ----------------------------------------------------------------------------
def _link_rolled(e: ev.LinkRolled, b: Board) -> Said:
    link = b.links[e.link]
    a, c = b.name(link.a), b.name(link.b)
    if e.bonus:  # R11.4: the Goths' +1, shown apart from the roll
        rolled = tell("rolled {die}{bonus} (the Goths) = {total}", die=e.die, bonus=f"{e.bonus:+d}",
                      total=e.die + e.bonus)
    else:
        rolled = tell("rolled {die}", die=e.die)
    if e.holds:
        return tell("Broken link {a} - {b}: {rolled}, linked.", a=a, b=c, rolled=rolled)
    return tell("Broken link {a} - {b}: {rolled}, not linked.", a=a, b=c, rolled=rolled)


def _replaced(disc: int, place: str) -> Said:
    """What a revolt put on ``place`` sends back to its reserve (R7.2, R7.3)."""
    if disc == UNREST:
        return tell("; the unrest in {place} becomes a revolt", place=place)
    if disc >= GARRISON:
        return tell("; the garrison of {emperor} in {place} returns to his reserve",
                    emperor=_emperor(disc - GARRISON), place=place)
    return tell("")


def _uprising_spreads(e: ev.UprisingSpreads, b: Board) -> Said:
    place = b.name(e.province)
    return tell("The uprising spreads a revolt to {place}{replaced}.", place=place,
                replaced=_replaced(e.replaced, place))


def _army_advances(e: ev.ArmyAdvances, b: Board) -> Said:
    dest = b.name(e.dest)
    if e.replaced == REVOLT:
        return tell("The army advances from {origin} to {dest}, already in revolt.",
                    origin=b.name(e.origin), dest=dest)
    return tell("The army advances from {origin} to {dest} and devastates it: a revolt{replaced}.",
                origin=b.name(e.origin), dest=dest, replaced=_replaced(e.replaced, dest))


def _army_stopped(e: ev.ArmyStopped, b: Board) -> Said:
    if e.follows_arrow:  # R12.6
        return tell("The army in {place} cannot cross the broken link to {dest}: the change is "
                    "cancelled and it advances along its arrow.", place=b.name(e.province),
                    dest=b.name(e.dest))
    return tell("The army in {place} cannot cross the broken link to {dest} this turn.",
                place=b.name(e.province), dest=b.name(e.dest))


def _game_ends(e: ev.GameEnds, b: Board) -> Said:
    result = Result(e.result)
    if result is Result.ROMA_VICTRIX:
        return tell("All six borders are secured: Roma Victrix!")
    if result is Result.ARMY_IN_ROMA:
        return tell("The army from {place} enters Roma: the Empire falls.", place=b.name(e.province))
    if e.disc == UNREST:
        return tell("An unrest must be placed in {place} and none is left: the Empire falls.",
                    place=b.name(e.province))
    return tell("A revolt must be placed in {place} and none is left: the Empire falls.",
                place=b.name(e.province))


CORE_TELLERS: dict[type[Any], Callable[[Any, Board], Said]] = {
    ev.InitialRevoltRerolled: lambda e, b: tell("Region {region}: rolled {die}, roll again.",
                                                region=_region(e.region), die=e.die),
    ev.InitialRevolt: lambda e, b: tell("Initial revolt in {place}.", place=b.label(e.province)),
    ev.AdditionalRevoltRerolled: lambda e, b: tell("{place} is already in revolt: roll again.",
                                                   place=b.label(e.province)),
    ev.AdditionalRevolt: lambda e, b: tell("Additional revolt in {place}.", place=b.label(e.province)),
    ev.InitialArmyRerolled: lambda e, b: tell("{place} already holds an army: roll again.",
                                              place=b.name(e.border)),
    ev.FleetPlaced: lambda e, b: tell("A Roman fleet is placed in {zone}.", zone=_zone(b, e.zone)),
    ev.TurnSkipped: lambda e, b: tell("{emperor}'s first turn is skipped (scenario).",
                                      emperor=_emperor(e.emperor)),
    ev.TurnBegins: lambda e, b: tell("Round {round}: {emperor}'s turn.", round=e.round,
                                     emperor=_emperor(e.emperor)),
    ev.CannotEnter: lambda e, b: tell("{emperor} cannot enter the board (Roma and his capital are "
                                      "unusable): his Roman phase is empty.",
                                      emperor=_emperor(e.emperor)),
    ev.Entered: lambda e, b: tell("{emperor} enters the board in {place}.",
                                  emperor=_emperor(e.emperor), place=b.name(e.province)),
    ev.Moved: _moved,
    ev.Sailed: lambda e, b: tell("{emperor} sails a fleet from {origin} to {dest}.",
                                 emperor=_emperor(e.emperor), origin=_zone(b, e.origin),
                                 dest=_zone(b, e.dest)),
    ev.Subdued: _subdued,
    ev.AttackDeclared: lambda e, b: tell(
        "{who} attacks the army in {target} from {origin}.",
        who=_emperor(e.emperor) if e.piece == e.emperor else _piece(e.piece),
        target=b.name(e.target), origin=b.name(e.origin)),
    ev.GarrisonPlaced: lambda e, b: tell("{emperor} places a garrison in {place}.",
                                         emperor=_emperor(e.emperor), place=b.name(e.province)),
    ev.BorderSecured: lambda e, b: tell("{emperor} secures the border in {place} ({secured} of 6).",
                                        emperor=_emperor(e.emperor), place=b.name(e.border),
                                        secured=e.secured),
    ev.PhaseEnded: _phase_ended,
    ev.Battle: _battle,
    ev.BattleDrawn: lambda e, b: tell("A draw: nothing happens."),
    ev.ArmyDestroyed: _army_destroyed,
    ev.FigureRemoved: _figure_removed,
    ev.LinkRolled: _link_rolled,
    ev.UnrestSpreads: lambda e, b: tell("The unrest in {place} turns to revolt (linked to {source}).",
                                        place=b.name(e.province), source=b.name(e.source)),
    ev.ActivityRolled: lambda e, b: tell("Barbarian activity: {region}:{number}, {place}.",
                                         region=_region(e.region), number=e.number,
                                         place=b.label(e.province)),
    ev.ActivityProtected: lambda e, b: (
        tell("{place} is protected by its uncovered capital: nothing happens.",
             place=b.name(e.province)) if e.capital else
        tell("{place} is protected by a garrison: nothing happens.", place=b.name(e.province))),
    ev.UnrestPlaced: lambda e, b: tell("Unrest in {place}.", place=b.name(e.province)),
    ev.UnrestRevolts: lambda e, b: tell("The unrest in {place} becomes a revolt.",
                                        place=b.name(e.province)),
    ev.UprisingStarts: lambda e, b: tell("Uprising in {place}!", place=b.name(e.province)),
    ev.UprisingSpreads: _uprising_spreads,
    ev.NoArmyLeft: lambda e, b: tell("No army is left in the reserve: the uprising brings no army."),
    ev.BorderNotEmpty: lambda e, b: tell("Region {region}: the border {place} is not empty; a new "
                                         "activity in that region.", region=_region(e.region),
                                         place=b.name(e.border)),
    ev.ArmyPlaced: lambda e, b: (
        tell("Region {region}: the Goths appear in {place}.", region=_region(e.region),
             place=b.name(e.border)) if e.figure == GOTHS else
        tell("Region {region}: a Barbarian army appears in {place}.", region=_region(e.region),
             place=b.name(e.border))),
    ev.ArmyBlocked: lambda e, b: tell("The army in {place} is blocked by the army in {ahead}.",
                                      place=b.name(e.province), ahead=b.name(e.ahead)),
    ev.ArmyStopped: _army_stopped,
    ev.ArmyAttacks: lambda e, b: tell("The army in {place} attacks {figure} in {dest}.",
                                      place=b.name(e.province), figure=_piece(e.piece),
                                      dest=b.name(e.dest)),
    ev.ArmyAdvances: _army_advances,
    ev.GameEnds: _game_ends,
}
"""The core's record types, told here."""

TELLERS: ChainMap[type[Any], Callable[[Any, Board], Said]] = ChainMap(CORE_TELLERS, TOLD)
"""Every record type told, the core's and the optional rules' (declared by their modules:
``core.faces.declare_told``)."""


def told(event: ev.Event, board: Board) -> Said | None:
    """``event`` as its English template and arguments; None for a record of a rule that has no
    teller here (a new optional rule: it is told by its module's ``texts``)."""
    teller = TELLERS.get(type(event))
    return teller(event, board) if teller is not None else None
