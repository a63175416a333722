"""The summary of a Barbarian phase (R7) for the terminal: what the dice did, in a few lines,
after the blow-by-blow narration (which scrolls away on an 80x24 terminal).  ``last`` shows the
last phase again.

Issue 30: the summary is a pure function of the phase's events, so it cannot drift from them.
Every event that changes a disc is read into a ledger (each province's disc before its first
change and after its last), and the places are told from the ledger: a province is a new
revolt when it ends the phase a revolt (made by the activity, a spreading, an uprising or an
army's devastation alike), new unrest when it ends it with unrest (an unrest an army then
turned to revolt is a revolt, not unrest), a garrison is lost when it is gone at the end.
tests/cli/test_issue30.py checks these lists against the board before and after, over seeded games
of every option."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tetrarchia.core import events as ev
from tetrarchia.core.board import Board
from tetrarchia.core.faces import DISC_CHANGES, RECOVERIES, SAME
from tetrarchia.core.pieces import GARRISON, NO_DISC, REVOLT, UNREST, Piece, garrison_of


@dataclass
class Ledger:
    """Each province whose disc the phase changed: its disc before the first change and after
    the last (``NO_DISC``, ``UNREST``, ``REVOLT`` or a garrison)."""

    before: dict[int, int] = field(default_factory=dict)
    after: dict[int, int] = field(default_factory=dict)
    burned: set[int] = field(default_factory=set)  # garrisons burned for a die (R12.1)

    def change(self, province: int, old: int, new: int) -> None:
        self.before.setdefault(province, old)
        self.after[province] = new

    def ending(self, disc: int) -> list[int]:
        """The provinces that end the phase with ``disc`` and did not start it with it."""
        return [p for p, d in self.after.items() if d == disc and self.before[p] != disc]

    def lost_garrisons(self) -> list[int]:
        return [p for p, d in self.before.items() if d >= GARRISON and self.after[p] != d]

    def cleared(self) -> list[int]:
        """The provinces left with no disc that had unrest or a revolt (an army destroyed with
        the revolt under it, R7.3; the Vicarius's clearing, R11.2)."""
        return [p for p, d in self.after.items() if d == NO_DISC and self.before[p] in (UNREST, REVOLT)]


@dataclass(frozen=True)
class PhaseSummary:
    """What a Barbarian phase did, read from its events alone (provinces by index)."""

    unrest: tuple[int, ...]
    revolts: tuple[int, ...]
    uprisings: tuple[int, ...]
    protected: tuple[int, ...]
    lost: tuple[int, ...]  # provinces whose garrison went back to its reserve, or burned
    burned: tuple[int, ...]  # those of ``lost`` burned for +1 (R12.1): out of the game
    recovered: tuple[int, ...]  # the Emperors who took back a burned disc (R12.1b)
    cleared: tuple[int, ...]
    armies_placed: tuple[int, ...]  # the borders where new armies appeared
    armies_destroyed: tuple[int, ...]  # where the armies destroyed stood
    armies: tuple[str, ...]  # each army's story, in order
    battles: tuple[str, ...]
    removed: tuple[str, ...]


def disc_ledger(events: Sequence[ev.Event]) -> Ledger:
    """The discs the events changed (see :class:`Ledger`)."""
    ledger = Ledger()
    for e in events:
        if isinstance(e, ev.UnrestPlaced):
            if e.unrest_left >= 0:  # -1: the reserve was empty, nothing was placed (R8)
                ledger.change(e.province, NO_DISC, UNREST)
        elif isinstance(e, (ev.UnrestRevolts, ev.UnrestSpreads)):
            if e.revolts_left >= 0:
                ledger.change(e.province, UNREST, REVOLT)
        elif isinstance(e, ev.UprisingSpreads):
            if e.revolts_left >= 0:
                ledger.change(e.province, e.replaced, REVOLT)
        elif isinstance(e, ev.ArmyAdvances):
            if e.revolts_left >= 0:
                ledger.change(e.dest, e.replaced, REVOLT)
        elif isinstance(e, ev.ArmyDestroyed):
            if e.disc != NO_DISC:
                ledger.change(e.army_province, e.disc, NO_DISC)
        elif isinstance(e, ev.FigureRemoved):
            if e.garrison_lost:
                ledger.change(e.province, garrison_of(e.piece), NO_DISC)
        elif type(e) in DISC_CHANGES:  # an optional rule's event, as its module declares it
            for change in DISC_CHANGES[type(e)](e):
                old = ledger.after.get(change.province, NO_DISC) if change.old == SAME else change.old
                ledger.change(change.province, old, change.new)
                if change.burned:
                    ledger.burned.add(change.province)
    return ledger


def summarise(events: Sequence[ev.Event], board: Board) -> PhaseSummary:
    """The Barbarian phase told by ``events`` (from the end of a Roman phase to the next turn)."""
    uprisings: list[int] = []
    protected: list[int] = []
    placed: list[int] = []
    destroyed: list[int] = []
    armies: list[str] = []
    removed: list[str] = []
    battles: list[str] = []
    recovered: list[int] = []
    for e in events:
        if type(e) in RECOVERIES:  # an optional rule's (R12.1b), as its module declares it
            recovered.append(RECOVERIES[type(e)](e))
        elif isinstance(e, ev.UprisingStarts):
            uprisings.append(e.province)
        elif isinstance(e, ev.ActivityProtected):
            protected.append(e.province)
        elif isinstance(e, ev.ArmyPlaced):
            placed.append(e.border)
            armies.append(f"a new army in {board.name(e.border)}")
        elif isinstance(e, ev.ArmyAdvances):
            armies.append(f"{board.name(e.origin)} → {board.name(e.dest)}")
        elif isinstance(e, ev.ArmyStopped):
            armies.append(f"{board.name(e.province)} held by a broken link")
        elif isinstance(e, ev.ArmyBlocked):
            armies.append(f"{board.name(e.province)} blocked")
        elif isinstance(e, ev.ArmyDestroyed):
            destroyed.append(e.army_province)
            armies.append(f"the army in {board.name(e.army_province)} destroyed")
        elif isinstance(e, ev.Battle):
            winner = {ev.Outcome.ROMAN: "the Romans win", ev.Outcome.BARBARIAN: "the army wins",
                      ev.Outcome.DRAW: "a draw"}[ev.Outcome(e.outcome)]
            battles.append(f"{Piece(e.piece).title} in {board.name(e.piece_province)} against the "
                           f"army in {board.name(e.army_province)}: {e.roman_value} to "
                           f"{e.barbarian_value}, {winner}")
        elif isinstance(e, ev.FigureRemoved):
            removed.append(f"{Piece(e.piece).title} ({board.name(e.province)})")
        elif isinstance(e, ev.GameEnds):
            removed.append("the game ends")
    ledger = disc_ledger(events)
    return PhaseSummary(
        unrest=tuple(ledger.ending(UNREST)), revolts=tuple(ledger.ending(REVOLT)),
        uprisings=tuple(dict.fromkeys(uprisings)), protected=tuple(dict.fromkeys(protected)),
        lost=tuple(ledger.lost_garrisons()), burned=tuple(sorted(ledger.burned)),
        recovered=tuple(recovered), cleared=tuple(ledger.cleared()),
        armies_placed=tuple(placed), armies_destroyed=tuple(destroyed), armies=tuple(armies),
        battles=tuple(battles), removed=tuple(removed))


def _names(board: Board, provinces: Sequence[int]) -> str:
    return ", ".join(board.name(p) for p in dict.fromkeys(provinces))


def phase_summary(events: Sequence[ev.Event], board: Board) -> list[str]:
    """The summary's lines, one per kind of thing that happened; empty when nothing did:
    places first (each named once, in the order they changed), then the stories."""
    s = summarise(events, board)
    lost = [f"the garrison in {board.name(p)}{' (burned)' if p in s.burned else ''}" for p in s.lost]
    named = (("Unrest", s.unrest), ("New revolts", s.revolts), ("Uprisings", s.uprisings),
             ("Protected", s.protected), ("Cleared", s.cleared))
    back = [f"{Piece(e).title} takes back a burned disc" for e in s.recovered]
    told = (("Armies", s.armies), ("Battles", s.battles), ("Lost", lost), ("Recovered", back),
            ("Off the board", s.removed))
    return ([f"{head}: {_names(board, items)}." for head, items in named if items]
            + [f"{head}: {'; '.join(items)}." for head, items in told if items])
