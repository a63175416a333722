"""The decisions taken inside a phase (``Awaiting.DECISION``, R12): what is being decided and
what each choice does, for the terminal.

- Imperivm (R12.1): Galerius may add +1 to his die after the dice of his battle; Constantius may
  block an army just before it attacks him.  Each use burns one of his discs.
- Barbaria (R12.6): the Barbarian player may reroll the dice just rolled, cancel or redirect an
  army about to advance (a gray disc each), and use his black disc once per game, at any of
  these moments.
"""

from __future__ import annotations

from tetrarchia.core.actions import Action
from tetrarchia.core.combat import battle_values, die_modifiers
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat, roll_description
from tetrarchia.core.pieces import GARRISON, GOTHS, Emperor
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import FOLLOW_ARROW, ArmyStep, BattleStep, DecisionStep, piece_at
from tetrarchia.options.barbaria import (
    BEFORE_ACTIVITY,
    BEFORE_ADVANCE,
    BEFORE_SPREAD,
    BarbarianPass,
    CancelAdvance,
    Reroll,
    black_army_borders,
)
from tetrarchia.options.barbaria import black as barbarian_black
from tetrarchia.options.barbaria import gray as barbarian_gray
from tetrarchia.options.common import (
    BARBARIAN_ADVANCE,
    BARBARIAN_BLACK,
    BARBARIAN_REROLL,
    CONSTANTIUS_BLOCK,
    GALERIUS_BONUS,
    RESERVE,
    burned,
)
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.options.pirates import PirateBattleStep, coast_values
from tetrarchia.seats import seat_label_of

DECISION_KINDS = (BARBARIAN_ADVANCE, BARBARIAN_BLACK, BARBARIAN_REROLL, CONSTANTIUS_BLOCK,
                  GALERIUS_BONUS)


def decision_kind(state: State) -> int | None:
    """The kind of decision awaited (``options.common``), or None when no decision is awaited."""
    if state.awaiting is not Awaiting.DECISION or not state.tasks:
        return None
    task = state.tasks[-1]
    return task.kind if isinstance(task, DecisionStep) else None


def who_decides(state: State) -> str:
    """The player who decides now, as the prompts name him (R10, R12.6)."""
    seat = deciding_seat(state)
    if seat is None:
        return "Nobody"
    return seat_label_of(seat, state.settings)


def _outcome(roman: int, barbarian: int, who: str) -> str:
    if roman > barbarian:
        return f"{who} wins as it stands"
    if roman < barbarian:
        return f"{who} loses as it stands"
    return "a draw as it stands"


def _discs(state: State, emperor: Emperor) -> str:
    on_board = state.disc.count(GARRISON + emperor)
    return (f"{state.garrisons[emperor]} in his reserve, {on_board} on the board, "
            f"{burned(state, emperor)} burned already")


def _galerius(state: State) -> str:
    battle = state.tasks[-2] if len(state.tasks) > 1 else None
    what = "Galerius's battle"
    if isinstance(battle, BattleStep):
        piece, army = battle.fighter, battle.army
        values = battle_values(state, piece, piece_at(state, piece), army, battle.roman_die,
                               battle.barbarian_die)
        what = (f"Galerius's battle with the army in {state.board.name(army)}: {values.describe()}; "
                f"{_outcome(values.roman, values.barbarian, 'Galerius')}")
    elif isinstance(battle, PirateBattleStep):
        piece, zone = battle.fighter, battle.zone
        roman_die, barbarian_die = battle.roman_die, battle.barbarian_die
        support, times, revolts, pirate_times = coast_values(state, piece, zone)
        roman_die += die_modifiers(state, -1, piece)[0]  # Galerius's +1s so far (R12.1)
        roman = (roman_die + support) * times
        pirates = (barbarian_die + revolts) * pirate_times
        what = (f"Galerius's battle with the Pirates in {state.board.zones[zone].title}: Roman "
                f"({roman_die}+{support})x{times} = {roman} against Pirates ({barbarian_die}+"
                f"{revolts})x{pirate_times} = {pirates}; {_outcome(roman, pirates, 'Galerius')}")
    return (f"{what}. Imperivm (R12.1): Galerius may burn one of his discs "
            f"({_discs(state, Emperor.GALERIUS)}) to add +1 to his die, and again after that.")


def _constantius(state: State) -> str:
    board = state.board
    step = state.tasks[-2] if len(state.tasks) > 1 else None
    if isinstance(step, ArmyStep):
        src = step.province
        dest = step.dest if step.dest != FOLLOW_ARROW else board.next_step[src]
        what = (f"{_army(state, src)} in {board.name(src)} {_is(state, src)} about to attack "
                f"Constantius in {board.name(dest)}")
    else:
        what = "An army is about to attack Constantius"
    return (f"{what}. Imperivm (R12.1): Constantius may burn one of his discs "
            f"({_discs(state, Emperor.CONSTANTIUS)}) to block it: it does not advance this turn.")


def _army(state: State, province: int) -> str:
    return "The Goths" if state.figure[province] == GOTHS else "The army"


def _is(state: State, province: int) -> str:
    return "are" if state.figure[province] == GOTHS else "is"


def _gray(state: State) -> str:
    return f"{barbarian_gray(state)} gray disc{'s' if barbarian_gray(state) != 1 else ''}"


def _reroll(state: State) -> str:
    rolled = state.dice or ()
    dice = " ".join(str(d) for d in rolled)
    shown, them = ("The die shows", "it") if len(rolled) == 1 else ("The dice show", "them")
    task = state.tasks[-1]
    may_reroll = not isinstance(task, DecisionStep) or not task.args or task.args[0]
    if may_reroll and barbarian_gray(state) > 0:
        offer = (f"may spend one of his {_gray(state)} to reroll {them} (once per roll, D24)"
                 + (", or use his black disc before the roll is used" if barbarian_black(state) else ""))
    else:
        offer = "may use his black disc before the roll is used"
    return f"{shown} {dice} ({roll_description(state)}). Barbaria (R12.6): the Barbarian player {offer}."


def _advance(state: State) -> str:
    board = state.board
    task = state.tasks[-1]
    src = task.args[0] if isinstance(task, DecisionStep) else -1  # the army's province
    dest = board.next_step[src]
    towards = f" to {board.name(dest)} (its arrow)" if dest >= 0 else ""
    black = " He may also use his black disc now." if barbarian_black(state) else ""
    if barbarian_gray(state) <= 0:
        return (f"{_army(state, src)} in {board.name(src)} {_is(state, src)} about to "
                f"advance{towards}. Barbaria (R12.6): the Barbarian player may use his black "
                "disc before it does.")
    redirect = ("advances along its own arrow (the change is cancelled)"
                if state.settings.param("barbaria", "redirect") == "arrow" else "stays")
    return (f"{_army(state, src)} in {board.name(src)} {_is(state, src)} about to advance{towards}. "
            f"Barbaria (R12.6): the Barbarian player may spend one of his {_gray(state)} to cancel "
            "the advance, or, for an army inside the Empire, to send it through another link to a "
            f"Roman province without army; a redirected army stopped by a broken link {redirect}."
            + black)


BLACK_MOMENTS = {BEFORE_SPREAD: "A Barbarian phase begins",
                 BEFORE_ACTIVITY: "The Barbarian activity (R7.2) comes next",
                 BEFORE_ADVANCE: "The Barbarian advance (R7.3) comes next"}


def _black(state: State) -> str:
    army = (", or, no army being on the board, return it to place an army on an empty border"
            if black_army_borders(state) else "")
    task = state.tasks[-1]
    before = task.args[0] if isinstance(task, DecisionStep) and task.args else BEFORE_SPREAD
    moment = BLACK_MOMENTS.get(before, BLACK_MOMENTS[BEFORE_SPREAD])
    return (f"{moment}. Barbaria (R12.6): once per game, at any moment of his phase, the "
            "Barbarian player may use his black disc: a revolt on an empty Roman province (no "
            f"disc, no figure, not a capital: D25){army}. He may also keep it for later.")


def decision_context(state: State) -> str:
    """What is being decided now and what the choices are for (empty when nothing is)."""
    kind = decision_kind(state)
    texts = {GALERIUS_BONUS: _galerius, CONSTANTIUS_BLOCK: _constantius, BARBARIAN_REROLL: _reroll,
             BARBARIAN_ADVANCE: _advance, BARBARIAN_BLACK: _black}
    if kind not in texts:
        if deciding_seat(state) == BARBARIAN_SEAT:
            return "The Barbarian player decides (R12.6)."
        return "A decision of an optional rule (R12)." if kind is not None else ""
    return texts[kind](state)


PASS_WORDS = ("pass", "no", "n", "decline", "none", "skip", "keep")


def decision_word(state: State, text: str, legal: list[Action]) -> Action | None:
    """Words that answer a decision: ``pass``/``no``/``decline`` (let it go), ``reroll``,
    ``cancel``, ``power``/``yes`` (the power, burning from the reserve when he can)."""
    if state.awaiting is not Awaiting.DECISION:
        return None
    word = text.strip().lower()
    if word in PASS_WORDS:
        return next((a for a in legal if isinstance(a, (BarbarianPass, Decline))), None)
    if word in ("power", "yes", "y", "use", "burn", "block", "+1"):
        powers = [a for a in legal if isinstance(a, UsePower)]
        return next((a for a in powers if a.burn == RESERVE), powers[0] if len(powers) == 1 else None)
    if word == "cancel":
        return next((a for a in legal if isinstance(a, CancelAdvance)), None)
    if word == "reroll":
        return next((a for a in legal if isinstance(a, Reroll)), None)
    return None
