"""R11.3 Pirates: only with fewer than 3 fleets.  At setup roll the Barbarian die until 2 or 3
and put the Pirates in that zone.  No fleet may be in or enter their zone.  An Emperor in a
province coastal on their zone may attack them for 2 IP: combat as R6 with all provinces on that
coast treated as linked.  Pirates: Barbarian die + revolts on that coast, x2 per army on that
coast; Emperor: Roman die + his garrisons on that coast (D13: his uncovered printed capital and
Roma count), x2 per other Emperor on that coast.  Victory: the Pirates leave the board.  Defeat:
the Emperor is removed with *all* garrisons on that coast, of every colour (D13).  Defeated
Pirates come back when an uprising starts in a province coastal on a zone with no Roman fleet,
to the lowest-numbered such zone (D4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.combat import BattlePause, battle_dice, die_modifiers, supports_emperor
from tetrarchia.core.costs import CostRule, action_cost, affordable, fixed
from tetrarchia.core.errors import (
    IllegalAction,
    MustMoveOn,
    NotEnoughIP,
    NothingThere,
    NotYourTurn,
    OptionError,
    Refusal,
    Said,
    SaveFileError,
    WrongMoment,
    said,
)
from tetrarchia.core.events import BattleDrawn, Event, Events, Outcome, PhaseEnded, Purpose
from tetrarchia.core.extensions import declare_purpose, declare_record
from tetrarchia.core.faces import (
    Mark,
    Namer,
    Odds,
    by,
    declare_label,
    declare_legend,
    declare_lines,
    declare_odds,
    declare_setup_step,
    declare_told,
    declare_zone_mark,
    emperor_said,
    labelled,
    leaves,
    tell,
)
from tetrarchia.core.notation import province_key, register_parser
from tetrarchia.core.pieces import ARMY, DUX, EMPEROR_FIGURE, GARRISON, REBEL, Emperor, Piece
from tetrarchia.core.reachable import allow_below, allow_decision_on, register_task
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import (
    ADDITIONAL_REVOLT,
    DECISION,
    INITIAL_ARMY,
    INITIAL_REVOLT,
    NOT_ROLLED,
    PLACE_FLEETS,
    ROMAN_PHASE,
    PlaceFleetsStep,
    dice_rolled,
    in_setup,
    piece_at,
    push_barbarian_phase,
    register_step,
    remove_piece,
    return_disc,
    take_dice,
)
from tetrarchia.options.common import (
    GALERIUS_BONUS,
    count_from_json,
    leaves_board,
    parse_emperor,
    parse_province,
)
from tetrarchia.options.dux import dux_at


class PiratesSetupStep(NamedTuple):
    """R11.3: before the fleets, roll the sea zone of the Pirates (a 1 or a 4-6 is rerolled)."""

    op: int


class PirateBattleStep(NamedTuple):
    """R11.3: ``fighter`` (the Emperor of the turn or the Dux) attacks the Pirates in sea
    ``zone``; the dice wait here while Galerius decides on his +1 (R12.1)."""

    op: int
    fighter: int
    zone: int
    roman_die: int = NOT_ROLLED
    barbarian_die: int = NOT_ROLLED


PIRATES_SETUP = register_step("pirates-setup", PiratesSetupStep)
PIRATE_BATTLE = register_step("pirate-battle", PirateBattleStep, short=2)
# R11.3: the Barbarian die for the Pirates' sea zone, rolled until it shows 2 or 3
PIRATES_ROLL = declare_purpose("pirates", "the Barbarian die for the Pirates' sea zone (until 2 "
                               "or 3)", 1)
# The setup roll lies under the rolls that come before the fleets; a battle under Galerius's +1
# (once its dice are on the step).
register_task(PIRATES_SETUP, frozenset({PLACE_FLEETS}), PIRATES_ROLL)
allow_below(INITIAL_REVOLT, PIRATES_SETUP)
allow_below(ADDITIONAL_REVOLT, PIRATES_SETUP)
allow_below(INITIAL_ARMY, PIRATES_SETUP)
register_task(PIRATE_BATTLE, frozenset({ROMAN_PHASE}), Purpose.BATTLE)
allow_below(DECISION, PIRATE_BATTLE)
allow_decision_on(GALERIUS_BONUS, PIRATE_BATTLE, dice_rolled)
ATTACK_COST: Final[CostRule] = fixed(2)  # R11.3: declared to core/costs.py by the hooks
PIRATE_ZONES = (2, 3)  # the Mediterranean (R11.3)


@dataclass(frozen=True, slots=True)
class PiratesRerolled(Event):
    """R11.3: the Barbarian die for the Pirates' zone showed ``die``, not 2 or 3: rolled again."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = PIRATES_ROLL
    die: int


@dataclass(frozen=True, slots=True)
class PiratesSail(Event):
    """R11.3: the Pirates go to sea zone ``zone`` (the die)."""

    kind: ClassVar[str] = "setup"
    purpose: ClassVar[int] = PIRATES_ROLL
    zone: int


@dataclass(frozen=True, slots=True)
class PiratesAttacked(Event):
    """R11.3: ``piece`` (an Emperor or the Dux) attacks the Pirates in ``zone`` from ``origin``
    for 2 IP."""

    kind: ClassVar[str] = "attack"
    piece: int
    origin: int
    zone: int


@dataclass(frozen=True, slots=True)
class PirateBattle(Event):
    """R11.3: a battle against the Pirates in ``zone``, as R6 with the whole coast linked: each
    side's value is (die + modifier + support) x 2^linked; the Roman support counts his discs
    on the coast, the Pirates' the revolts on it; ``*_linked``: the other Emperors (and the
    Dux), and the armies, on that coast."""

    kind: ClassVar[str] = "battle"
    purpose: ClassVar[int] = Purpose.BATTLE
    piece: int
    zone: int
    roman_die: int
    roman_modifier: int
    roman_support: int
    roman_linked: int
    roman_value: int
    pirates_die: int
    pirates_modifier: int
    pirates_support: int
    pirates_linked: int
    pirates_value: int
    outcome: int  # events.Outcome


@dataclass(frozen=True, slots=True)
class PiratesBeaten(Event):
    """R11.3: ``piece`` wins: the Pirates leave the board and ``zone`` opens to the fleets."""

    kind: ClassVar[str] = "battle"
    piece: int
    zone: int


@dataclass(frozen=True, slots=True)
class PiratesWin(Event):
    """R11.3: ``piece`` is defeated by the Pirates in ``zone`` and leaves the board (the Dux
    dies)."""

    kind: ClassVar[str] = "removed"
    piece: int
    zone: int


@dataclass(frozen=True, slots=True)
class CoastLost(Event):
    """R11.3, D13: after a defeat every garrison on the coast of ``zone`` is lost (``lost``
    discs, of every colour) back to the reserves."""

    kind: ClassVar[str] = "battle"
    zone: int
    lost: int


@dataclass(frozen=True, slots=True)
class PiratesReturn(Event):
    """D4: an uprising in ``province`` brings the defeated Pirates back to ``zone``."""

    kind: ClassVar[str] = "pirates"
    province: int
    zone: int


def _zone(board: Board, zone: int) -> str:
    return board.zones[zone].title


def _battle_text(e: PirateBattle, board: Board) -> str:
    return (f"Battle against the Pirates in {_zone(board, e.zone)}: Roman "
            f"({e.roman_die + e.roman_modifier}+{e.roman_support})x{1 << e.roman_linked} = "
            f"{e.roman_value} against Pirates ({e.pirates_die + e.pirates_modifier}+"
            f"{e.pirates_support})x{1 << e.pirates_linked} = {e.pirates_value}.")


def _beaten_text(e: PiratesBeaten, board: Board) -> str:
    name = Piece(e.piece).title if e.piece < 4 else "The Dux"
    return (f"{name} wins: the Pirates leave the board; {_zone(board, e.zone)} is open to the "
            "fleets.")


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    PiratesRerolled: lambda e, board: f"Pirates: rolled {e.die}, roll again (2 or 3).",
    PiratesSail: lambda e, board: f"The Pirates sail into {_zone(board, e.zone)}.",
    PiratesAttacked: lambda e, board: (f"{Piece(e.piece).title} attacks the Pirates in "
                                       f"{_zone(board, e.zone)}."),
    PirateBattle: _battle_text,
    PiratesBeaten: _beaten_text,
    PiratesWin: lambda e, board: leaves_board(e.piece, "is defeated by the Pirates"),
    CoastLost: lambda e, board: f"Every garrison on the coast of {_zone(board, e.zone)} is lost.",
    PiratesReturn: lambda e, board: (f"The uprising brings the Pirates back to "
                                     f"{_zone(board, e.zone)}."),
}}


@dataclass(frozen=True, slots=True)
class AttackPirates(OptionAction):
    """R11.3: attack the Pirates from a province on their coast (the Dux may too)."""

    emperor: Emperor
    origin: int
    piece: Piece | None = None

    def notation(self, board: Board, compact: bool) -> str:
        who = self.emperor.title if self.piece is None else f"{self.emperor.title}'s Dux"
        if compact:
            tag = self.emperor.name[0] + ("*" if self.piece is not None else "")
            return f"{tag} {province_key(board, self.origin)}xpirates"
        return f"{who} attacks the Pirates from {board.name(self.origin)}"

    def group(self, state: State) -> str:
        return "Pirates"

    def label(self, state: State) -> str:
        return f"{OptionAction.label(self, state)} ({action_cost(state, self)} IP)"


_LONG = re.compile(r"^(\w+?)(?:'s dux)? attacks the pirates from (.+)$")
_SHORT = re.compile(r"^([a-z])(\*?) (\S+)xpirates$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    long = _LONG.fullmatch(low)
    if long:
        dux = Piece.DUX if "'s dux" in low else None
        return AttackPirates(parse_emperor(long.group(1), text),
                             parse_province(board, long.group(2), text), dux)
    short = _SHORT.fullmatch(low)
    if short:
        return AttackPirates(parse_emperor(short.group(1), text),
                             parse_province(board, short.group(3), text),
                             Piece.DUX if short.group(2) else None)
    return None


class Pirates(NamedTuple):
    """R11.3: the sea zone the Pirates hold, 0 when they are off the board."""

    zone: int = 0


def _pirates_from_json(state: State, data: Any) -> Pirates:
    zone = count_from_json(data, 0, 3)
    if zone and state.fleets[zone]:
        raise SaveFileError(said("the Pirates need a sea zone with no Roman fleet"))
    return Pirates(zone)


# R13: the sea zone where a scenario places the Pirates at its setup, by scenario key (filled by
# options/scenarios.py, so that this module names no scenario)
SETUP_ZONES: dict[str, int] = {}


def _setup_zone(settings: Settings) -> int:
    """The zone a scenario in play places the Pirates in at its setup (0: the setup roll)."""
    return next((zone for key, zone in SETUP_ZONES.items() if settings.has(key)), 0)


def _check_pirates(state: State, record: Pirates, found: list[str | Said]) -> None:
    if not isinstance(record, Pirates) or not 0 <= record.zone <= 3:
        found.append(said("there is no sea zone {record} for the Pirates", record=repr(record)))
        return
    if record.zone and state.fleets[record.zone]:
        found.append(said("a Roman fleet in the Pirates' sea zone (R11.3)"))
    if not in_setup(state):
        return  # beaten and back (D4): any zone with no Roman fleet
    fixed = _setup_zone(state.settings)
    if fixed:
        if record.zone != fixed:
            found.append(said("before the first turn the Pirates are in {zone}, where the "
                              "scenario places them (R13)", zone=state.board.zones[fixed].title))
    elif any(task[0] == PIRATES_SETUP for task in state.tasks):
        if record.zone:  # R3.6: rolled for after the revolts and armies, before the fleets
            found.append(said("the Pirates are on the board before their setup roll (R3, "
                              "R11.3)"))
    elif record.zone not in PIRATE_ZONES:
        found.append(said("the Pirates' setup roll puts them in sea zone 2 or 3 (R11.3), not in "
                          "sea zone {zone}", zone=record.zone))


PIRATES = declare_record("pirates", Pirates(), "the Pirates", lambda state, r: r.zone,
                         _pirates_from_json, _check_pirates, v1=("pirates", 0))


def pirates_zone(state: State) -> int:
    """The sea zone of the Pirates, 0 when they are off the board (R11.3)."""
    zone: int = state.ext[_PIRATES].zone  # the slot read directly: asked on every Roman action
    return zone


_PIRATES = PIRATES.index


def set_pirates(state: State, zone: int) -> None:
    PIRATES.put(state, Pirates(zone))


_HOLD_TEXT: dict[tuple[str, int], Said] = {}  # (board digest, zone) -> the refusal's words


def _zone_closed(state: State, zone: int) -> Said | None:
    """R11.3: no Roman fleet is placed in or sails to the Pirates' sea zone."""
    if zone != state.ext[_PIRATES].zone:
        return None
    key = (state.board.digest, zone)
    text = _HOLD_TEXT.get(key)
    if text is None:  # a zone's title is built from the board file: once per board and zone
        text = _HOLD_TEXT[key] = said("the Pirates hold {zone} (R11.3)",
                                      zone=state.board.zones[zone].title)
    return text


def _setup(state: State) -> None:
    """Roll for the Pirates before the fleets are placed (a scenario may have placed them)."""
    for i, task in enumerate(state.tasks):
        if isinstance(task, PlaceFleetsStep):  # runs just before it (the stack pops)
            state.tasks.insert(i + 1, PiratesSetupStep(PIRATES_SETUP))
            return


def run_pirates_setup(state: State, task: PiratesSetupStep, events: Events) -> bool:
    if pirates_zone(state):
        state.tasks.pop()
        return True
    dice = take_dice(state, PIRATES_ROLL)
    if dice is None:
        return False
    if dice[0] not in PIRATE_ZONES:
        if events is not None:
            events.append(PiratesRerolled(dice[0]))
        return True
    state.tasks.pop()
    set_pirates(state, dice[0])
    if events is not None:
        events.append(PiratesSail(dice[0]))
    return True


def _fighters(state: State) -> list[tuple[int, int]]:
    """(piece, province) of the Emperor of the turn and his Dux, as may act now."""
    if state.passer >= 0:
        return []
    found = [(int(state.turn), state.emperor_at[state.turn])]
    if dux_at(state) >= 0:
        found.append((int(Piece.DUX), dux_at(state)))
    return [(piece, p) for piece, p in found if p >= 0]


def _actions(state: State, actions: list[Action]) -> None:
    zone = pirates_zone(state)
    if not zone:
        return
    for piece, province in _fighters(state):
        if zone in state.board.provinces[province].coastal:
            tag = None if piece < 4 else Piece.DUX
            attack = AttackPirates(state.turn, province, tag)
            if affordable(state, attack):
                actions.append(attack)


def apply_attack(state: State, action: AttackPirates, events: Events) -> None:
    piece = int(action.piece) if action.piece is not None else int(action.emperor)
    if events is not None:
        events.append(PiratesAttacked(piece, action.origin, pirates_zone(state)))
    state.tasks.append(PirateBattleStep(PIRATE_BATTLE, piece, pirates_zone(state)))


def coast_values(state: State, piece: int, zone: int) -> tuple[int, int, int, int]:
    """(Roman support, Roman multiplier, Pirates' support, Pirates' multiplier) on that coast."""
    coast = state.board.coast[zone]
    figure = state.figure
    own = Piece(piece).figure
    if piece < 4:
        is_his = supports_emperor(state, piece)
        support = sum(1 for p in coast if is_his(p))
    else:
        support = 0  # the Dux has no discs (R11.1)
    others = sum(1 for p in coast if EMPEROR_FIGURE <= figure[p] <= DUX and figure[p] != own)
    revolts = sum(1 for p in coast if state.disc[p] == 2)
    armies = sum(1 for p in coast if ARMY <= figure[p] <= REBEL)
    return support, 1 << others, revolts, 1 << armies


def _with_dice(task: PirateBattleStep, roman_die: int, barbarian_die: int) -> PirateBattleStep:
    return PirateBattleStep(task.op, task.fighter, task.zone, roman_die, barbarian_die)


def run_pirate_battle(state: State, task: PirateBattleStep, events: Events) -> bool:
    rolled = battle_dice(state, task, _with_dice)
    if isinstance(rolled, BattlePause):
        return rolled.value is True
    state.tasks.pop()
    piece, zone = rolled.fighter, rolled.zone
    roman_die, barbarian_die = rolled.roman_die, rolled.barbarian_die
    support, times, revolts, pirate_times = coast_values(state, piece, zone)
    # Galerius's +1 (R12.1); the Goths' +1 is for the Goths, never for the Pirates
    roman_plus, pirates_plus = die_modifiers(state, -1, piece) if state.hooks.die_bonus else (0, 0)
    roman = (roman_die + roman_plus + support) * times
    pirates = (barbarian_die + pirates_plus + revolts) * pirate_times
    board = state.board
    if events is not None:
        outcome = Outcome.DRAW if roman == pirates else (
            Outcome.ROMAN if roman > pirates else Outcome.BARBARIAN)
        events.append(PirateBattle(
            piece, zone, roman_die, roman_plus, support, times.bit_length() - 1, roman,
            barbarian_die, pirates_plus, revolts, pirate_times.bit_length() - 1, pirates,
            int(outcome)))
    if roman == pirates:
        if events is not None:
            events.append(BattleDrawn(piece))
        for over_hook in state.hooks.battle_over:
            over_hook(state)
        return True
    if roman > pirates:
        set_pirates(state, 0)
        if events is not None:
            events.append(PiratesBeaten(piece, zone))
    else:
        if events is not None:
            events.append(PiratesWin(piece, zone))
        remove_piece(state, piece, events)
        lost = 0
        for p in board.coast[zone]:
            if state.disc[p] >= GARRISON:  # D13: every colour
                return_disc(state, p)
                lost += 1
        if events is not None:
            events.append(CoastLost(zone, lost))
        if piece < 4 and state.tasks and state.tasks[-1][0] == ROMAN_PHASE:
            if events is not None:  # R5.5 as for an army: his phase ends with the defeat
                events.append(PhaseEnded(piece, True))
            state.tasks.pop()
            push_barbarian_phase(state)
    if piece < 4:  # not a battle against an army (R12.5): its own hook point
        for fought in state.hooks.pirates_fought:
            fought(state, piece, roman > pirates, events)
    for over_hook in state.hooks.battle_over:
        over_hook(state)
    return True


def pirates_return(state: State, province: int, events: Events) -> None:
    """D4: an uprising on a coast whose zone has no fleet brings defeated Pirates back."""
    if pirates_zone(state):
        return
    zones = [z for z in state.board.provinces[province].coastal if not state.fleets[z]]
    if zones:
        set_pirates(state, min(zones))
        if events is not None:
            events.append(PiratesReturn(province, pirates_zone(state)))


def explain_attack(state: State, action: AttackPirates) -> IllegalAction:
    if action.emperor != state.turn:
        return NotYourTurn(said("it is {turn}'s turn, not {emperor}'s", turn=state.turn.title,
                                emperor=action.emperor.title))
    if state.awaiting is not Awaiting.ROMAN_ACTION:
        return WrongMoment(said("the Pirates are attacked in a Roman phase"))
    if not pirates_zone(state):
        return NothingThere(said("the Pirates are not on the board"))
    if not affordable(state, action):
        return NotEnoughIP(said("attacking the Pirates costs {cost} IP and {emperor} has {ip} "
                                "left", cost=action_cost(state, action), emperor=state.turn.title,
                                ip=state.ip))
    piece = action.piece if action.piece is not None else action.emperor
    board = state.board
    if piece == Piece.VICARIUS:
        return IllegalAction(said("the Vicarius never fights (R11.2)"))
    if piece_at(state, piece) < 0:
        return IllegalAction(said("{who} is not on the board", who=Piece(piece).title),
                             Refusal.NOT_ON_BOARD)
    if not 0 <= action.origin < board.size:
        return IllegalAction(said("there is no province {number}", number=action.origin),
                             Refusal.NO_SUCH_PLACE)
    if piece_at(state, piece) != action.origin:
        return IllegalAction(said("{who} is not in {place}", who=Piece(piece).title,
                                  place=board.name(action.origin)),
                             Refusal.NOT_THERE)
    if state.passer >= 0:
        return MustMoveOn(said("{passer} is passing through and must move on first (R5.1)",
                               passer=Piece(state.passer).title))
    return IllegalAction(said("{place} is not on the coast of {zone}",
                              place=board.name(action.origin),
                              zone=board.zones[pirates_zone(state)].title), Refusal.NO_LINK)


def _validate(settings: Settings) -> None:
    if settings.level.fleets >= 3:
        raise OptionError(said("the Pirates are played only with fewer than 3 Roman fleets; level "
                               "{level} has {fleets}", level=str(settings.level),
                               fleets=settings.level.fleets))


def _hooks(settings: Settings) -> Hooks:
    return Hooks(setup=(_setup,), roman_actions=(_actions,), zone_closed=(_zone_closed,),
                 appliers={AttackPirates: apply_attack}, costs={AttackPirates: ATTACK_COST},
                 explainers={AttackPirates: explain_attack}, uprising=(pirates_return,),
                 handlers={PIRATES_SETUP: run_pirates_setup, PIRATE_BATTLE: run_pirate_battle})


MODULE = register(RuleModule(
    key="pirates", title="Pirates", family="Dux expansion", rule="R11.3",
    pieces=("pirates",),
    summary="The Pirates block a Mediterranean sea zone to the fleets; attack them from their "
            "coast for 2 IP; a defeat costs every garrison on that coast.",
    validate=_validate, hooks=_hooks, texts=TEXTS,
    # D4: the Pirates coming back with an uprising move only themselves (no disc, figure, army
    # or reserve of R7 changes), and nothing of R7 reads where they are
    forecast_neutral=("uprising",),
))


def _label(state: State, action: AttackPirates, name: Namer) -> Said:
    """R11.3 (its cost: the page adds the item's)."""
    place = state.board.name(action.origin)
    emperor = name(action.emperor)
    if action.piece is not None:  # the Dux fights: the label names whose
        return labelled("{emperor}'s Dux attacks the Pirates from {place}", emperor=emperor,
                        place=place)
    return by(state, action.emperor, labelled("attacks the Pirates from {place}", place=place),
              labelled("{emperor} attacks the Pirates from {place}", emperor=emperor, place=place))


declare_label(AttackPirates, _label)


# R11.3: the Pirates on the board as text, and their battle's odds before the dice
def _lines(state: State, width: int) -> list[Mark]:
    if not state.settings.has("pirates"):
        return []
    zone = pirates_zone(state)
    return [Mark(f"Pirates  {state.board.zones[zone].title if zone else 'off the board'}")]


def _legend(state: State) -> str | None:
    return "PIRATES their sea zone" if state.settings.has("pirates") else None


def _zone_mark(state: State) -> tuple[int, Mark] | None:
    zone = pirates_zone(state)
    return (zone, Mark("PIRATES", "bold red")) if zone else None


def _odds(state: State, action: AttackPirates) -> Odds:
    """The coast counts as linked."""
    piece = action.piece if action.piece is not None else action.emperor
    return Odds(*coast_values(state, piece, pirates_zone(state)))


declare_lines(40, _lines)
declare_legend(50, _legend)
declare_zone_mark(_zone_mark)
declare_setup_step(PIRATES_SETUP)
declare_odds(AttackPirates, _odds)


# The sentences of the records, for the languages of the events catalogue (render.told).
def _pirate_battle_said(e: PirateBattle, b: Board) -> Said:
    return tell("Battle against the Pirates in {zone}: Roman ({roman}+{support})x{times} = {value} "
                "against Pirates ({pirates}+{pirates_support})x{pirates_times} = {pirates_value}.",
                zone=b.zones[e.zone].title, roman=e.roman_die + e.roman_modifier,
                support=e.roman_support, times=1 << e.roman_linked, value=e.roman_value,
                pirates=e.pirates_die + e.pirates_modifier, pirates_support=e.pirates_support,
                pirates_times=1 << e.pirates_linked, pirates_value=e.pirates_value)


declare_told(PiratesRerolled, lambda e, b: tell("Pirates: rolled {die}, roll again (2 or 3).",
                                                die=e.die))
declare_told(PiratesSail, lambda e, b: tell("The Pirates sail into {zone}.",
                                            zone=b.zones[e.zone].title))
declare_told(PiratesAttacked, lambda e, b: tell(
    "{figure} attacks the Pirates in {zone}.",
    figure=emperor_said(e.piece) if e.piece < 4 else Piece(e.piece).title,
    zone=b.zones[e.zone].title))
declare_told(PirateBattle, _pirate_battle_said)
declare_told(PiratesBeaten, lambda e, b: tell(
    "{figure} wins: the Pirates leave the board; {zone} is open to the fleets.",
    figure=emperor_said(e.piece) if e.piece < 4 else tell("The Dux"), zone=b.zones[e.zone].title))
declare_told(PiratesWin, lambda e, b: leaves(e.piece, tell("is defeated by the Pirates")))
declare_told(CoastLost, lambda e, b: tell("Every garrison on the coast of {zone} is lost.",
                                          zone=b.zones[e.zone].title))
declare_told(PiratesReturn, lambda e, b: tell("The uprising brings the Pirates back to {zone}.",
                                              zone=b.zones[e.zone].title))
