"""R12.1 Imperivm (2nd edition): each Emperor has a power; each use first removes one of his
discs from the game for good, from his reserve or from the board.

- Diocletian may spend IP moving the other Emperors this turn.
- Maximian has 7 IP this turn (D20: used at any moment of his Roman phase, it adds 1 IP).
- Constantius may block an army's advance just before it attacks him.
- Galerius may add +1 to his combat die after the roll, several times in one battle.

The last two are decisions taken in the middle of a battle or an advance: the game waits for
that Emperor's seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from tetrarchia.core.actions import Action, OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.combat import battle_values, die_modifiers
from tetrarchia.core.errors import IllegalAction, Refusal, ReserveEmpty, Said, WrongMoment, said
from tetrarchia.core.events import Event, Events
from tetrarchia.core.extensions import TURN, declare_flag
from tetrarchia.core.faces import (
    PASS_WORDS,
    Arg,
    DiscChange,
    Namer,
    by,
    declare_decision,
    declare_disc_changes,
    declare_label,
    declare_told,
    declare_words,
    emperor_said,
    explained,
    labelled,
    tell,
)
from tetrarchia.core.notation import register_parser
from tetrarchia.core.pieces import GARRISON, GARRISONS_IN_BOX, NO_DISC, Emperor, emperor_figure, garrison_of
from tetrarchia.core.rulebook import Hooks, RuleModule, register
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import DECISION, FOLLOW_ARROW, ArmyStep, BattleStep, DecisionStep, piece_at
from tetrarchia.options.common import (
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
    RESERVE,
    Count,
    army_phrase,
    burn,
    burn_choices,
    burn_refused,
    burn_text,
    burned,
    burned_said,
    burning_label,
    decision_lister,
    declare_count,
    parse_burn,
    parse_emperor,
    top_decision,
)
from tetrarchia.options.pirates import PirateBattleStep, coast_values

DIOCLETIAN_MOVES_OTHERS = declare_flag("diocletian-moves-others", TURN)  # his power is on
MAXIMIAN_USED = declare_flag("maximian-used", TURN)  # Maximian's 7 IP taken this turn
MAXIMIAN_GAIN: Final = -1  # R12.1: his power is a 7th IP (a cost of -1: gained)
# Galerius's +1s in the battle being fought, kept apart from his die so that the battle's record
# shows the die as rolled (set to 0 when the dice of a battle come); at most one per disc
GALERIUS_PLUS = declare_count("galerius-bonus", "Galerius's +1s", GARRISONS_IN_BOX)
POWER_TEXT = {
    Emperor.DIOCLETIAN: "moves the other Emperors this turn",
    Emperor.MAXIMIAN: "takes a 7th IP",
    Emperor.GALERIUS: "adds +1 to his combat die",
    Emperor.CONSTANTIUS: "blocks the army",
}


@dataclass(frozen=True, slots=True)
class PowerUsed(Event):
    """R12.1: ``emperor`` burns a disc (``burn``: a province, or -1 his reserve) for his power."""

    kind: ClassVar[str] = "power"
    emperor: int
    burn: int


@dataclass(frozen=True, slots=True)
class ArmyHeld(Event):
    """R12.1: Constantius's power: the army in ``province`` does not advance this turn."""

    kind: ClassVar[str] = "army"
    province: int


TEXTS: dict[str, dict[type[Any], Callable[[Any, Board], str]]] = {"en": {
    PowerUsed: lambda e, board: (f"{Emperor(e.emperor).title} burns "
                                 f"{burn_text(board, e.burn, False)} and "
                                 f"{POWER_TEXT[Emperor(e.emperor)]}."),
    ArmyHeld: lambda e, board: f"The army in {board.name(e.province)} is blocked.",
}}


@dataclass(frozen=True, slots=True)
class UsePower(OptionAction):
    """R12.1: use the Emperor's power, burning a disc (``burn``: a province, or -1 his reserve)."""

    emperor: Emperor
    burn: int

    def notation(self, board: Board, compact: bool) -> str:
        if compact:
            return f"{self.emperor.name[0]} power {burn_text(board, self.burn, True)}"
        return (f"{self.emperor.title} uses his power, burning "
                f"{burn_text(board, self.burn, False)}")

    def group(self, state: State) -> str:
        return "Decide" if state.awaiting is Awaiting.DECISION else "Imperivm"

    def label(self, state: State) -> str:
        if state.awaiting is Awaiting.DECISION:  # Galerius after the dice, Constantius's block
            effect = "+1 to his die" if self.emperor is Emperor.GALERIUS else "block the army"
            burning = ("burning a disc from his reserve" if self.burn == RESERVE
                       else f"burning his disc in {state.board.label(self.burn)}")
            return f"{effect}, {burning}"
        text = OptionAction.label(self, state)
        effect = {Emperor.DIOCLETIAN: "he may move the other Emperors this turn",
                  Emperor.MAXIMIAN: "a 7th IP"}.get(self.emperor, "")
        return f"{text}: {effect}" if effect else text


@dataclass(frozen=True, slots=True)
class Decline(OptionAction):
    """An Emperor lets the moment for his power pass (Galerius, Constantius)."""

    emperor: Emperor

    @property
    def passes(self) -> bool:
        return True

    def notation(self, board: Board, compact: bool) -> str:
        return f"{self.emperor.name[0]} decline" if compact else \
            f"{self.emperor.title} does not use his power"

    def group(self, state: State) -> str:
        return "Decide"

    def label(self, state: State) -> str:
        return "do not use his power"


_USE = re.compile(r"^(\w+) uses his power, burning (.+)$")
_USE_SHORT = re.compile(r"^([a-z]) power (\S+)$")
_DECLINE = re.compile(r"^(?:(\w+) does not use his power|([a-z]) decline)$")


@register_parser
def _parse(low: str, board: Board, text: str) -> Action | None:
    match = _USE.fullmatch(low) or _USE_SHORT.fullmatch(low)
    if match:
        return UsePower(parse_emperor(match.group(1), text), parse_burn(board, match.group(2), text))
    match = _DECLINE.fullmatch(low)
    if match:
        return Decline(parse_emperor(match.group(1) or match.group(2), text))
    return None


def _commanded(state: State, pieces: list[int]) -> list[int]:
    """R12.1: with his power on, Diocletian also moves the other Emperors on the board."""
    if not state.flags & DIOCLETIAN_MOVES_OTHERS:
        return []
    emperor = int(state.turn)
    return [e for e in range(4) if e != emperor and state.emperor_at[e] >= 0]


def _actions(state: State, actions: list[Action]) -> None:
    """Diocletian's and Maximian's powers, in their own Roman phase."""
    emperor = state.turn
    if state.passer >= 0:
        return
    if emperor is Emperor.DIOCLETIAN and not state.flags & DIOCLETIAN_MOVES_OTHERS:
        if any(state.emperor_at[e] >= 0 for e in range(1, 4)):
            actions.extend(UsePower(emperor, b) for b in burn_choices(state, emperor))
    elif emperor is Emperor.MAXIMIAN and not state.flags & MAXIMIAN_USED:
        actions.extend(UsePower(emperor, b) for b in burn_choices(state, emperor))


def galerius_bonus(state: State) -> int:
    """Galerius's +1s in the battle being fought (R12.1)."""
    return GALERIUS_PLUS.get(state).n


def _die_bonus(state: State, army_province: int, piece: int) -> tuple[int, int]:
    return (galerius_bonus(state), 0) if piece == Emperor.GALERIUS else (0, 0)


def _battle_over(state: State) -> None:
    GALERIUS_PLUS.put(state, Count(0))


def _galerius_in_battle(state: State, task: BattleStep) -> DecisionStep | None:
    """After the battle dice (a battle against an army or the Pirates' battle, both with their
    ``fighter``): Galerius may add +1 (the decision step carries nothing else)."""
    GALERIUS_PLUS.put(state, Count(0))  # a new battle: no +1 yet
    if task.fighter == Emperor.GALERIUS and burn_choices(state, Emperor.GALERIUS):
        return DecisionStep(DECISION, int(Emperor.GALERIUS), GALERIUS_BONUS)
    return None


def _constantius_block(state: State, task: ArmyStep) -> bool:
    """Before an army attacks Constantius, he may block its advance."""
    dest = task.dest if task.dest != FOLLOW_ARROW else state.board.next_step[task.province]
    constantius = emperor_figure(Emperor.CONSTANTIUS)
    if state.figure[dest] == constantius and burn_choices(state, Emperor.CONSTANTIUS):
        state.tasks.append(DecisionStep(DECISION, int(Emperor.CONSTANTIUS), CONSTANTIUS_BLOCK))
        return True
    return False


def _decision_choices(emperor: Emperor) -> Callable[[State, DecisionStep], list[Action]]:
    def make(state: State, task: DecisionStep) -> list[Action]:
        return [*(UsePower(emperor, b) for b in burn_choices(state, emperor)), Decline(emperor)]
    return make


def power_cost(state: State, action: UsePower) -> int:
    """R12.1: Maximian's power is a 7th IP (a cost of -1); the other powers cost no IP.
    Declared to core/costs.py by the hooks."""
    return MAXIMIAN_GAIN if action.emperor is Emperor.MAXIMIAN else 0


def apply_power(state: State, action: UsePower, events: Events) -> None:
    emperor = action.emperor
    burn(state, emperor, action.burn)
    if events is not None:
        events.append(PowerUsed(int(emperor), action.burn))
    if emperor is Emperor.DIOCLETIAN:
        state.flags |= DIOCLETIAN_MOVES_OTHERS
    elif emperor is Emperor.MAXIMIAN:
        state.flags |= MAXIMIAN_USED  # his 7th IP: the cost of -1 (power_cost), charged first
    elif emperor is Emperor.GALERIUS:
        state.tasks.pop()  # the decision
        GALERIUS_PLUS.put(state, Count(galerius_bonus(state) + 1))  # apart from his die
        if burn_choices(state, emperor):  # he may add +1 again
            state.tasks.append(DecisionStep(DECISION, int(emperor), GALERIUS_BONUS))
    else:  # Constantius: the army does not advance this turn
        state.tasks.pop()
        step = state.tasks[-1] if state.tasks else None
        if isinstance(step, ArmyStep):
            state.tasks.pop()
            src = step.province
            if events is not None:
                events.append(ArmyHeld(src))


def apply_decline(state: State, action: Decline, events: Events) -> None:
    state.tasks.pop()


def _at_his_moment(state: State, emperor: Emperor) -> bool:
    """Whether the game waits for this Emperor's power now (his decision, or his phase)."""
    kind = {Emperor.GALERIUS: GALERIUS_BONUS, Emperor.CONSTANTIUS: CONSTANTIUS_BLOCK}.get(emperor)
    if kind is not None:
        return top_decision(state, kind) is not None
    return state.awaiting is Awaiting.ROMAN_ACTION and state.turn is emperor


def explain(state: State, action: OptionAction) -> IllegalAction:
    emperor = getattr(action, "emperor", None)
    if isinstance(action, UsePower) and emperor is not None and not burn_choices(state, emperor):
        return ReserveEmpty(said("{emperor} has no disc left to burn for his power",
                                 emperor=emperor.title))
    if isinstance(action, UsePower) and emperor is Emperor.MAXIMIAN and state.flags & MAXIMIAN_USED:
        return WrongMoment(said("Maximian has already taken his 7th IP this turn"),
                           Refusal.ALREADY_USED)
    if isinstance(action, UsePower) and emperor is Emperor.DIOCLETIAN \
            and state.flags & DIOCLETIAN_MOVES_OTHERS:
        return WrongMoment(said("Diocletian already moves the other Emperors this turn"),
                           Refusal.ALREADY_USED)
    if isinstance(action, UsePower) and action.burn == RESERVE and emperor is not None \
            and state.garrisons[emperor] == 0 and _at_his_moment(state, emperor):
        return ReserveEmpty(said("{emperor}'s reserve is empty: burn one of his discs on the "
                                 "board", emperor=emperor.title))
    if isinstance(action, UsePower) and action.burn >= 0 and emperor is not None:
        return burn_refused(state, emperor, action.burn)
    if emperor in (Emperor.GALERIUS, Emperor.CONSTANTIUS):
        if emperor is Emperor.GALERIUS:
            return WrongMoment(said("{emperor}'s power is used after the dice of his battle",
                                    emperor=emperor.title))
        return WrongMoment(said("{emperor}'s power is used just before an army attacks him",
                                emperor=emperor.title))
    if emperor is Emperor.DIOCLETIAN and not any(state.emperor_at[e] >= 0 for e in range(1, 4)):
        return WrongMoment(said("Diocletian's power moves the other Emperors, and no other "
                                "Emperor is on the board"), Refusal.NO_TARGET)
    if emperor is None:
        return WrongMoment(said("this power is used in his own Roman phase"))
    return WrongMoment(said("{emperor}'s power is used in his own Roman phase",
                            emperor=emperor.title))


def _hooks(settings: Settings) -> Hooks:
    return Hooks(
        roman_actions=(_actions,),
        commanded=(_commanded,),
        battle_decisions=(_galerius_in_battle,),
        die_bonus=(_die_bonus,),
        battle_over=(_battle_over,),
        before_attack=(_constantius_block,),
        decisions=(decision_lister(GALERIUS_BONUS, _decision_choices(Emperor.GALERIUS)),
                   decision_lister(CONSTANTIUS_BLOCK, _decision_choices(Emperor.CONSTANTIUS))),
        appliers={UsePower: apply_power, Decline: apply_decline},
        costs={UsePower: power_cost},
        explainers={UsePower: explain, Decline: explain},
    )


MODULE = register(RuleModule(
    key="imperivm", title="Imperivm", family="variant", rule="R12.1", aliases=("imperium",),
    pieces=("burned", "galerius-bonus"), extra_ip=1,
    summary="Each Emperor has a power, each use burning one of his discs: Diocletian moves the "
            "others, Maximian has 7 IP, Constantius blocks an attacking army, Galerius adds +1.",
    excludes=("imperivm-1st",), hooks=_hooks, texts=TEXTS,
))


def _power_label(state: State, action: UsePower, name: Namer) -> Said:
    """R12.1: the power used and the disc burned for it."""
    board = state.board
    if state.awaiting is Awaiting.DECISION:  # Galerius after the dice, Constantius's block
        effect = labelled("+1 to his die") if action.emperor is Emperor.GALERIUS \
            else labelled("block the army")
        burning = labelled("burning a disc from his reserve") if action.burn == RESERVE \
            else labelled("burning his disc in {place}", place=board.label(action.burn))
        return labelled("{effect}, {burning}", effect=effect, burning=burning)
    burn = burning_label(board, action.burn, False)
    text = by(state, action.emperor, labelled("uses his power, burning {burn}", burn=burn),
              labelled("{emperor} uses his power, burning {burn}", emperor=name(action.emperor),
                       burn=burn))
    power = {Emperor.DIOCLETIAN: labelled("he may move the other Emperors this turn"),
             Emperor.MAXIMIAN: labelled("a 7th IP")}.get(action.emperor)
    return labelled("{text}: {power}", text=text, power=power) if power is not None else text


def _decline_label(state: State, action: Decline, name: Namer) -> Said:
    return labelled("do not use his power")


declare_label(UsePower, _power_label)
declare_label(Decline, _decline_label)


# --- the decisions explained (R12.1; core.faces) ----------------------------------------
def _outcome(roman: int, barbarian: int) -> Said:
    if roman > barbarian:
        return explained("Galerius wins as it stands")
    if roman < barbarian:
        return explained("Galerius loses as it stands")
    return explained("a draw as it stands")


def _discs(state: State, emperor: Emperor) -> Said:
    return explained("{reserve} in his reserve, {board} on the board, {burned} burned already",
                     reserve=state.garrisons[emperor], board=state.disc.count(GARRISON + emperor),
                     burned=burned(state, emperor))


def galerius_battle(state: State) -> tuple[str, int, int, int, int, int, int, int] | None:
    """Galerius's battle waiting for his decision: (against: "army" or "pirates", the place or
    zone, Roman die, support, multiplier, Barbarian (or Pirates) die, support, multiplier)."""
    battle = state.tasks[-2] if len(state.tasks) > 1 else None
    if isinstance(battle, BattleStep):
        piece, army = battle.fighter, battle.army
        v = battle_values(state, piece, piece_at(state, piece), army, battle.roman_die,
                          battle.barbarian_die)
        return ("army", army, v.roman_die, v.roman_support, v.roman_multiplier, v.barbarian_die,
                v.barbarian_support, v.barbarian_multiplier)
    if isinstance(battle, PirateBattleStep):
        piece, zone = battle.fighter, battle.zone
        support, times, revolts, pirate_times = coast_values(state, piece, zone)
        roman_die = battle.roman_die + die_modifiers(state, -1, piece)[0]  # his +1s so far
        return ("pirates", zone, roman_die, support, times, battle.barbarian_die, revolts,
                pirate_times)
    return None


def _galerius(state: State) -> Said:
    battle = galerius_battle(state)
    board = state.board
    what: Said = explained("Galerius's battle")
    if battle is not None:
        against, where, rd, rs, rm, bd, bs, bm = battle
        roman, barbarian = (rd + rs) * rm, (bd + bs) * bm
        numbers: dict[str, Arg] = {"rd": rd, "rs": rs, "rm": rm, "r": roman, "bd": bd, "bs": bs,
                                   "bm": bm, "b": barbarian, "outcome": _outcome(roman, barbarian)}
        if against == "army":
            what = explained("Galerius's battle with the army in {place}: Roman ({rd}+{rs})x{rm} = "
                             "{r} against Barbarian ({bd}+{bs})x{bm} = {b}; {outcome}",
                             place=board.name(where), **numbers)
        else:
            what = explained("Galerius's battle with the Pirates in {zone}: Roman ({rd}+{rs})x{rm} "
                             "= {r} against Pirates ({bd}+{bs})x{bm} = {b}; {outcome}",
                             zone=board.zones[where].title, **numbers)
    return explained("{what}. Imperivm (R12.1): Galerius may burn one of his discs ({discs}) to "
                     "add +1 to his die, and again after that.", what=what,
                     discs=_discs(state, Emperor.GALERIUS))


# --- Constantius's block (R12.1) ---------------------------------------------------------------------
def _constantius(state: State) -> Said:
    board = state.board
    step = state.tasks[-2] if len(state.tasks) > 1 else None
    if isinstance(step, ArmyStep):
        src = step.province
        dest = step.dest if step.dest != FOLLOW_ARROW else board.next_step[src]
        what = explained("{army} about to attack Constantius in {dest}",
                         army=army_phrase(state, src, board.name(src)), dest=board.name(dest))
    else:
        what = explained("An army is about to attack Constantius")
    return explained("{what}. Imperivm (R12.1): Constantius may burn one of his discs ({discs}) "
                     "to block it: it does not advance this turn.", what=what,
                     discs=_discs(state, Emperor.CONSTANTIUS))


def _burning(state: State, burn: int) -> Said:
    if burn == RESERVE:
        return explained("burning a disc from his reserve")
    return explained("burning his disc in {place}", place=state.board.name(burn))


def _after(roman: int, barbarian: int) -> Said:
    if roman > barbarian:
        return explained("he wins")
    if roman < barbarian:
        return explained("he loses")
    return explained("a draw")


def _galerius_effect(state: State, action: Action) -> Said | None:
    """What each choice of Galerius's decision does to his battle (R12.1)."""
    battle = galerius_battle(state)
    if battle is None or not isinstance(action, (UsePower, Decline)):
        return None
    _, _, rd, rs, rm, bd, bs, bm = battle
    barbarian = (bd + bs) * bm
    if isinstance(action, UsePower):
        roman = (rd + 1 + rs) * rm
        return explained("+1 to his die, {burning}: Roman ({rd}+1+{rs})x{rm} = {r} against "
                         "{b}: {outcome}", burning=_burning(state, action.burn), rd=rd, rs=rs,
                         rm=rm, r=roman, b=barbarian, outcome=_after(roman, barbarian))
    roman = (rd + rs) * rm
    return explained("the dice stand: {r} against {b}: {outcome}", r=roman, b=barbarian,
                     outcome=_after(roman, barbarian))


def _constantius_effect(state: State, action: Action) -> Said | None:
    """What each choice of Constantius's decision does (R12.1)."""
    if isinstance(action, UsePower):
        return explained("blocks the army, {burning}: it does not advance this turn, and "
                         "there is no battle", burning=_burning(state, action.burn))
    if isinstance(action, Decline):
        return explained("lets the army attack him: a battle (R7.3)")
    return None


def _pass(legal: Sequence[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, Decline)), None)


def _power(legal: Sequence[Action]) -> Action | None:
    """The power, burning from the reserve when he can."""
    powers = [a for a in legal if isinstance(a, UsePower)]
    return next((a for a in powers if a.burn == RESERVE), powers[0] if len(powers) == 1 else None)


declare_decision(GALERIUS_BONUS, _galerius, _galerius_effect)
declare_decision(CONSTANTIUS_BLOCK, _constantius, _constantius_effect)
declare_words(PASS_WORDS, _pass)
declare_words(("power", "yes", "y", "use", "burn", "block", "+1"), _power)


# The sentences of the records, for the languages of the events catalogue (render.told).
def _power_said(e: PowerUsed, b: Board) -> Said:
    emperor = Emperor(e.emperor)
    power = {Emperor.DIOCLETIAN: tell("moves the other Emperors this turn"),
             Emperor.MAXIMIAN: tell("takes a 7th IP"),
             Emperor.GALERIUS: tell("adds +1 to his combat die"),
             Emperor.CONSTANTIUS: tell("blocks the army")}[emperor]
    return tell("{emperor} burns {burn} and {power}.", emperor=emperor_said(emperor),
                burn=burned_said(b, e.burn), power=power)


declare_told(PowerUsed, _power_said)
declare_told(ArmyHeld, lambda e, b: tell("The army in {place} is blocked.",
                                         place=b.name(e.province)))

# R12.1: Galerius burns a garrison for a die: out of the game (the terminal's phase summary)
declare_disc_changes(PowerUsed, lambda e: (DiscChange(e.burn, garrison_of(e.emperor), NO_DISC, burned=True),)
                     if e.burn >= 0 else ())
