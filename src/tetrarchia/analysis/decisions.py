"""The decisions taken inside a phase (``Awaiting.DECISION``, R12) explained: what is being
decided, and for each choice what it does (with the battle's numbers where the choice changes
them).  The terminal (``cli.decisions``) prints the context in English; the browser shows the
context and each choice's effect in the page's language (``render.advice``: the templates are in
the ``advice`` gettext domain).

- Imperivm (R12.1): Galerius may add +1 to his die after the dice of his battle; Constantius may
  block an army just before it attacks him.  Each use burns one of his discs.
- Barbaria (R12.6): the Barbarian player may reroll the dice just rolled, cancel or redirect an
  army about to advance (a gray disc each), and use his black disc once per game, at any of
  these moments.

Every sentence is an English template and its arguments (a ``Said``); ``str()`` is the English.
"""

from __future__ import annotations

from tetrarchia.core.actions import Action
from tetrarchia.core.combat import battle_values, die_modifiers
from tetrarchia.core.engine import BARBARIAN_SEAT, deciding_seat, roll_description
from tetrarchia.core.errors import Said
from tetrarchia.core.pieces import GARRISON, GOTHS, Emperor
from tetrarchia.core.state import Awaiting, State
from tetrarchia.core.tasks import FOLLOW_ARROW, ArmyStep, BattleStep, DecisionStep, piece_at
from tetrarchia.options.barbaria import (
    BEFORE_ACTIVITY,
    BEFORE_ADVANCE,
    BEFORE_SPREAD,
    BarbarianPass,
    BlackArmy,
    BlackRevolt,
    CancelAdvance,
    Redirect,
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

Arg = str | int | Said


def explained(template: str, /, **args: Arg) -> Said:
    """A sentence of the ``advice`` catalogue (``render.catalogues`` gathers the literal
    templates of ``explained("...")``)."""
    return Said(template, tuple(args.items()))


def decision_kind(state: State) -> int | None:
    """The kind of decision awaited (``options.common``), or None when no decision is awaited."""
    if state.awaiting is not Awaiting.DECISION or not state.tasks:
        return None
    task = state.tasks[-1]
    return task.kind if isinstance(task, DecisionStep) else None


# --- Galerius's +1 (R12.1) --------------------------------------------------------------------------
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
def _army(state: State, province: int, place: str) -> Said:
    """"The army in X is" / "The Goths in X are"."""
    if state.figure[province] == GOTHS:
        return explained("The Goths in {place} are", place=place)
    return explained("The army in {place} is", place=place)


def _constantius(state: State) -> Said:
    board = state.board
    step = state.tasks[-2] if len(state.tasks) > 1 else None
    if isinstance(step, ArmyStep):
        src = step.province
        dest = step.dest if step.dest != FOLLOW_ARROW else board.next_step[src]
        what = explained("{army} about to attack Constantius in {dest}",
                         army=_army(state, src, board.name(src)), dest=board.name(dest))
    else:
        what = explained("An army is about to attack Constantius")
    return explained("{what}. Imperivm (R12.1): Constantius may burn one of his discs ({discs}) "
                     "to block it: it does not advance this turn.", what=what,
                     discs=_discs(state, Emperor.CONSTANTIUS))


# --- the Barbarian player (R12.6) ---------------------------------------------------------------------
def _gray(state: State) -> Said:
    count = barbarian_gray(state)
    if count == 1:
        return explained("1 gray disc")
    return explained("{count} gray discs", count=count)


def _reroll(state: State) -> Said:
    rolled = state.dice or ()
    dice = " ".join(str(d) for d in rolled)
    task = state.tasks[-1]
    may_reroll = not isinstance(task, DecisionStep) or not task.args or task.args[0]
    one = len(rolled) == 1
    if may_reroll and barbarian_gray(state) > 0:
        if barbarian_black(state):
            offer = (explained("may spend one of his {gray} to reroll it (once per roll, D24), or "
                               "use his black disc before the roll is used", gray=_gray(state))
                     if one else
                     explained("may spend one of his {gray} to reroll them (once per roll, D24), "
                               "or use his black disc before the roll is used", gray=_gray(state)))
        else:
            offer = (explained("may spend one of his {gray} to reroll it (once per roll, D24)",
                               gray=_gray(state)) if one else
                     explained("may spend one of his {gray} to reroll them (once per roll, D24)",
                               gray=_gray(state)))
    else:
        offer = explained("may use his black disc before the roll is used")
    purpose = explained(roll_description(state))
    if one:
        return explained("The die shows {dice} ({purpose}). Barbaria (R12.6): the Barbarian "
                         "player {offer}.", dice=dice, purpose=purpose, offer=offer)
    return explained("The dice show {dice} ({purpose}). Barbaria (R12.6): the Barbarian player "
                     "{offer}.", dice=dice, purpose=purpose, offer=offer)


def _advance(state: State) -> Said:
    board = state.board
    task = state.tasks[-1]
    src = task.args[0] if isinstance(task, DecisionStep) else -1  # the army's province
    dest = board.next_step[src]
    army = _army(state, src, board.name(src))
    towards: Arg = explained(" to {dest} (its arrow)", dest=board.name(dest)) if dest >= 0 else ""
    if barbarian_gray(state) <= 0:
        return explained("{army} about to advance{towards}. Barbaria (R12.6): the Barbarian player "
                         "may use his black disc before it does.", army=army, towards=towards)
    if state.settings.param("barbaria", "redirect") == "arrow":
        redirect = explained("advances along its own arrow (the change is cancelled)")
    else:
        redirect = explained("stays")
    sentence = explained(
        "{army} about to advance{towards}. Barbaria (R12.6): the Barbarian player may spend one of "
        "his {gray} to cancel the advance, or, for an army inside the Empire, to send it through "
        "another link to a Roman province without army; a redirected army stopped by a broken link "
        "{redirect}.", army=army, towards=towards, gray=_gray(state), redirect=redirect)
    if barbarian_black(state):
        return explained("{sentence} He may also use his black disc now.", sentence=sentence)
    return sentence


def _black(state: State) -> Said:
    task = state.tasks[-1]
    before = task.args[0] if isinstance(task, DecisionStep) and task.args else BEFORE_SPREAD
    moment = {BEFORE_ACTIVITY: explained("The Barbarian activity (R7.2) comes next"),
              BEFORE_ADVANCE: explained("The Barbarian advance (R7.3) comes next")}.get(
        before, explained("A Barbarian phase begins"))
    if black_army_borders(state):
        return explained("{moment}. Barbaria (R12.6): once per game, at any moment of his phase, "
                         "the Barbarian player may use his black disc: a revolt on an empty Roman "
                         "province (no disc, no figure, not a capital: D25), or, no army being on "
                         "the board, return it to place an army on an empty border. He may also "
                         "keep it for later.", moment=moment)
    return explained("{moment}. Barbaria (R12.6): once per game, at any moment of his phase, the "
                     "Barbarian player may use his black disc: a revolt on an empty Roman province "
                     "(no disc, no figure, not a capital: D25). He may also keep it for later.",
                     moment=moment)


def decision_context(state: State) -> Said | None:
    """What is being decided now and what the choices are for (None when nothing is)."""
    kind = decision_kind(state)
    texts = {GALERIUS_BONUS: _galerius, CONSTANTIUS_BLOCK: _constantius, BARBARIAN_REROLL: _reroll,
             BARBARIAN_ADVANCE: _advance, BARBARIAN_BLACK: _black}
    if kind not in texts:
        if deciding_seat(state) == BARBARIAN_SEAT:
            return explained("The Barbarian player decides (R12.6).")
        return explained("A decision of an optional rule (R12).") if kind is not None else None
    return texts[kind](state)


# --- each choice ----------------------------------------------------------------------------------
def _burning(state: State, burn: int) -> Said:
    if burn == RESERVE:
        return explained("burning a disc from his reserve")
    return explained("burning his disc in {place}", place=state.board.name(burn))


def choice_effect(state: State, action: Action) -> Said | None:
    """What ``action``, one of the choices of the decision awaited, does; None for an action
    that is not such a choice."""
    kind = decision_kind(state)
    board = state.board
    if kind == GALERIUS_BONUS:
        battle = galerius_battle(state)
        if battle is None:
            return None
        _, _, rd, rs, rm, bd, bs, bm = battle
        barbarian = (bd + bs) * bm
        if isinstance(action, UsePower):
            roman = (rd + 1 + rs) * rm
            return explained("+1 to his die, {burning}: Roman ({rd}+1+{rs})x{rm} = {r} against "
                             "{b}: {outcome}", burning=_burning(state, action.burn), rd=rd, rs=rs,
                             rm=rm, r=roman, b=barbarian, outcome=_after(roman, barbarian))
        if isinstance(action, Decline):
            roman = (rd + rs) * rm
            return explained("the dice stand: {r} against {b}: {outcome}", r=roman, b=barbarian,
                             outcome=_after(roman, barbarian))
    if kind == CONSTANTIUS_BLOCK:
        if isinstance(action, UsePower):
            return explained("blocks the army, {burning}: it does not advance this turn, and "
                             "there is no battle", burning=_burning(state, action.burn))
        if isinstance(action, Decline):
            return explained("lets the army attack him: a battle (R7.3)")
    if isinstance(action, Reroll):
        return explained("rerolls the dice for a gray disc ({left} left after)",
                         left=barbarian_gray(state) - 1)
    if isinstance(action, CancelAdvance):
        return explained("the army in {place} does not advance this turn (a gray disc)",
                         place=board.name(action.province))
    if isinstance(action, Redirect):
        return explained("the army in {place} goes to {dest} instead of along its arrow (a gray "
                         "disc)", place=board.name(action.province), dest=board.name(action.dest))
    if isinstance(action, BlackRevolt):
        return explained("a revolt in {place} (the black disc, once per game)",
                         place=board.name(action.province))
    if isinstance(action, BlackArmy):
        return explained("an army on the border of {place} (the black disc returned, once per "
                         "game)", place=board.name(action.border))
    if isinstance(action, BarbarianPass):
        return explained("lets it be: nothing is spent")
    return None


def _after(roman: int, barbarian: int) -> Said:
    if roman > barbarian:
        return explained("he wins")
    if roman < barbarian:
        return explained("he loses")
    return explained("a draw")
