"""A game being played: the rules state, its dice source and its log, saved as versioned JSON.

The log holds every action, dice included, so a saved game replays to the last die with no
generator; the seed and the count of dice drawn let a loaded game continue with the same dice it
would have had.  :meth:`Game.advance` steps the game with its own dice up to a named boundary
(the next decision, the end of the phase, of the turn, of the round), never deciding for a seat.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from tetrarchia.core.actions import Action, Move, Roll
from tetrarchia.core.board import Board, default_board
from tetrarchia.core.dice import DiceSource, SeededDice
from tetrarchia.core.engine import (
    Boundary,
    apply_action,
    complete_action,
    deciding_seat,
    legal_actions,
    new_game,
    resume,
)
from tetrarchia.core.errors import (
    OptionError,
    Refusal,
    SaveFileError,
    TetrarchiaError,
    WrongMoment,
    said,
)
from tetrarchia.core.events import Event, Events
from tetrarchia.core.jsontext import MAX_TEXT, check_data, parse_json
from tetrarchia.core.migrate import game_v1_to_v2, game_v2_to_v3
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, State

SAVE_FORMAT = "tetrarchia-game"
SAVE_VERSION = 3
MAX_LOG = 200_000  # actions in a saved game; a long game logs some 5,000
# The temporary file of a save (write_atomically: mkstemp's prefix, 8 random characters of its
# alphabet, the suffix), and the age past which no save still writes it: one left by a kill (D9)
TEMPORARY = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")
STALE_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Advanced:
    """Where :meth:`Game.advance` stopped, and the dice it rolled on the way.

    ``stopped_at`` is the boundary asked for when it was reached; ``Boundary.DECISION`` when a
    seat must act first (``seat``: 0-3 an Emperor's seat, 4 the Barbarian player, R12.6);
    ``Boundary.GAME_END`` when the game is over.  ``Boundary.DIE`` stops before a die: the game
    waits for it (``Awaiting.ROLL``, ``pending_roll`` says what it is for), unrolled.
    """

    stopped_at: Boundary
    seat: int | None
    rolls: tuple[Roll, ...]

    @property
    def reached(self) -> bool:
        """The machine stands at a boundary (paused, ``Awaiting.RUN``, or before a die for
        ``Boundary.DIE``): not at a decision."""
        return self.stopped_at not in (Boundary.DECISION, Boundary.GAME_END)


class Undoable(NamedTuple):
    """A decision that can still be taken back: the state before it and the log's length then."""

    state: State
    log_length: int
    action: Action


class Game:
    """A state, the log that led to it from ``start``, and where its dice come from.

    Decisions are pushed with :meth:`play` and taken back with :meth:`undo` (python-chess's
    push/pop), back to the last die: a die once rolled is never taken back (R1).
    """

    def __init__(self, start: State, dice: DiceSource | None = None, seed: int | None = None,
                 fresh: bool = True) -> None:
        self.start = start.copy()
        self.state = start
        self.log: list[Action] = []
        self.seed = seed
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.dice_drawn = 0
        self.fresh = fresh  # started from the setup, not from a position
        self.undoable: list[Undoable] = []  # the decisions since the last die, oldest first

    @classmethod
    def new(cls, settings: Settings | None = None, board: Board | None = None,
            seed: int | None = None, dice: DiceSource | None = None) -> Game:
        return cls(new_game(settings, board), dice=dice, seed=seed)

    @classmethod
    def from_position(cls, state: State, seed: int | None = None,
                      dice: DiceSource | None = None) -> Game:
        return cls(state, dice=dice, seed=seed, fresh=False)

    @property
    def board(self) -> Board:
        return self.state.board

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def play(self, action: Action, events: Events = None, until: Boundary | None = None) -> None:
        """Apply a checked action (illegal ones raise and change nothing) and log it.  A move by
        fleet without its sea zones (format 1) is logged as the legal move it stands for."""
        if isinstance(action, Move) and action.by_fleet and not action.zones:
            action = complete_action(action, legal_actions(self.state))
        before = None if isinstance(action, Roll) else self.state.copy()
        apply_action(self.state, action, events, until)
        if before is None:
            self.undoable.clear()  # R1: a die once rolled is never taken back
        else:
            self.undoable.append(Undoable(before, len(self.log), action))
        self.log.append(action)

    def undo(self) -> Action:
        """Take back the last decision (never a die) and return it."""
        if not self.undoable:
            raise TetrarchiaError(said("nothing to undo since the last die roll (dice are never "
                                       "taken back)"), Refusal.NO_UNDO)
        entry = self.undoable.pop()
        self.state = entry.state
        del self.log[entry.log_length:]
        return entry.action

    def roll(self, events: Events = None, until: Boundary | None = None) -> Roll:
        """Draw the pending dice from the source and play them."""
        if self.state.awaiting is not Awaiting.ROLL:
            raise WrongMoment(said("no dice are to be rolled now"))
        roll = Roll(self.dice.roll(self.state.roll_count))
        self.dice_drawn += len(roll.dice)
        self.play(roll, events, until)
        return roll

    def roll_until_decision(self, events: Events = None) -> list[Roll]:
        """Roll every chance step until a seat must decide or the game ends (a machine paused
        at a boundary runs on)."""
        return list(self.advance(Boundary.DECISION, events).rolls)

    def advance(self, until: Boundary = Boundary.DECISION, events: Events = None) -> Advanced:
        """Run the game with its own dice until the boundary ``until``, the next decision of a
        seat, or the end, whichever comes first, and say where it stopped.

        Decisions are never taken for the caller: at one, nothing runs.  At a boundary the
        machine pauses (``Awaiting.RUN``); the next call goes on from there.  With
        ``Boundary.DIE`` it rolls at most one roll of dice, the one awaited at the call, and
        stops before the next (``Awaiting.ROLL``): a program steps the game die by die.  Every
        die rolled is logged as in :meth:`roll`.
        """
        state = self.state
        rolls: list[Roll] = []
        if until is Boundary.DIE:
            # one die at a time: the die awaited now (if any) is rolled, the next one is not
            if state.awaiting is Awaiting.ROLL:
                rolls.append(self.roll(events, until))
            else:
                resume(state, events, until)
        else:
            resume(state, events, until)
            while state.awaiting is Awaiting.ROLL:
                rolls.append(self.roll(events, until))
        if state.is_over:
            stopped = Boundary.GAME_END
        elif state.awaiting is Awaiting.RUN or (until is Boundary.DIE
                                                 and state.awaiting is Awaiting.ROLL):
            stopped = until
        else:
            stopped = Boundary.DECISION
        return Advanced(stopped, deciding_seat(state), tuple(rolls))

    def rewind(self, log_length: int, state: State) -> None:
        """Go back to ``state``, the situation after the first ``log_length`` logged actions (an
        undo).  Rolled dice are never taken back: the log may not lose a roll."""
        if not 0 <= log_length <= len(self.log):
            raise TetrarchiaError(f"cannot rewind to action {log_length} of {len(self.log)}",
                                  Refusal.NO_UNDO)
        if any(isinstance(a, Roll) for a in self.log[log_length:]):
            raise TetrarchiaError(said("a die once rolled is never taken back"), Refusal.NO_UNDO)
        self.state = state
        del self.log[log_length:]
        self.undoable = [u for u in self.undoable if u.log_length < log_length]

    # --- saving ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        board = self.board
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": self.state.settings.to_json(),
            "board": {"source": board.source, "digest": board.digest},
            "seed": self.seed,
            "dice_drawn": self.dice_drawn,
            "start": None if self.fresh else position_to_json(self.start),
            "log": [format_action(a, board) for a in self.log],
            "final": position_to_json(self.state),
        }

    def save(self, path: str | Path) -> None:
        """Write the game to ``path`` atomically and durably: a crash, a kill or a full disk
        during the save leaves either the previous file or the new one, never a damaged one."""
        write_atomically(Path(path), json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> Game:
        """Rebuild a game by replaying its log; any inconsistency raises SaveFileError."""
        board = board or default_board()
        if not isinstance(data, dict):
            raise SaveFileError(said("a saved game must be a JSON object"))
        check_data(data, said("the saved game"))
        if data.get("format") != SAVE_FORMAT:
            raise SaveFileError(said("not a saved TETRARCHIA game (format {format})",
                                     format=repr(data.get("format"))))
        if data.get("version") == 1:
            data = game_v1_to_v2(data)  # format 1: its positions migrated (core/migrate.py)
        if data.get("version") == 2:
            data = game_v2_to_v3(data, board)  # format 2: reserve armies and ids added
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(said("saved game version {version}; this program reads versions 1 "
                                     "to {latest}", version=repr(data.get("version")),
                                     latest=SAVE_VERSION))
        saved_board = data.get("board")
        if isinstance(saved_board, dict) and saved_board.get("digest") not in (None, board.digest):
            raise SaveFileError(said("this game was played on another board ({source}); load that "
                                     "board with --board", source=str(saved_board.get("source"))))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise SaveFileError(said("{field} must be a whole number or null", field=repr("seed")))
        log = data.get("log")
        if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
            raise SaveFileError(said("{field} must be a list of actions in the notation",
                                     field=repr("log")))
        if len(log) > MAX_LOG:
            raise SaveFileError(said("{field} holds {count} actions; a saved game holds at most "
                                     "{limit}", field=repr("log"), count=f"{len(log):,}",
                                     limit=f"{MAX_LOG:,}"))
        drawn = data.get("dice_drawn", 0)
        if not isinstance(drawn, int) or isinstance(drawn, bool) or drawn < 0:
            raise SaveFileError(said("{field} must be a count of dice", field=repr("dice_drawn")))
        start = data.get("start")
        if start is None:
            try:
                settings = Settings.from_json(data.get("settings", {}))
            except OptionError as exc:
                raise SaveFileError(f"settings: {exc}" if exc.said is None else
                                    said("settings: {why}", why=exc.said)) from None
            game = cls(new_game(settings, board), seed=seed)
        else:
            game = cls(position_from_json(start, board), seed=seed, fresh=False)
        for number, text in enumerate(log, 1):
            resume(game.state)  # the game had run on from where it was paused before this action
            try:
                game.play(parse_action(text, board))
            except TetrarchiaError as exc:
                raise SaveFileError(f"log entry {number} {text!r}: {exc}" if exc.said is None else
                                    said("log entry {number} {action}: {why}", number=number,
                                         action=repr(text), why=exc.said)) from None
        logged = sum(len(a.dice) for a in game.log if isinstance(a, Roll))
        if drawn > logged:  # checked before drawing them: a forged count could be endless
            raise SaveFileError(said("{field} is {drawn}, but the log holds only {logged} dice: a "
                                     "game draws no die it does not log", field=repr("dice_drawn"),
                                     drawn=drawn, logged=logged))
        if seed is not None and drawn:
            game.dice.roll(drawn)  # the source goes on where it stopped
        game.dice_drawn = drawn
        final = data.get("final")
        if final is not None and position_to_json(game.state) != final:
            paused = _paused_on_the_way(final, game.state, board)
            if paused is None:
                raise SaveFileError(said("the log does not lead to the saved final position: the "
                                         "file was edited or is damaged"))
            game.state = paused
        return game

    @classmethod
    def load(cls, path: str | Path, board: Board | None = None) -> Game:
        try:
            with open(path, encoding="utf-8") as file:
                text = file.read(MAX_TEXT + 1)  # never more: /dev/zero or a huge file is no save
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"cannot read {str(path)!r}: {exc}") from None
        return cls.from_json(parse_json(text, repr(str(path))), board)

    def replay(self) -> Iterator[tuple[Action, State, list[Event]]]:
        """Each logged action with the state after it and what happened, from the start."""
        state = self.start.copy()
        for action in self.log:
            events: list[Event] = []
            resume(state, events)
            apply_action(state, action, events)
            yield action, state, events


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that no crash leaves it half written: write a temporary
    file in the same folder, flush it to the disk, rename it over the old file (one atomic step
    of the file system), then flush the folder so that the rename itself survives a power cut.
    The file keeps its permissions; a symbolic link keeps pointing at the file it names."""
    target = Path(os.path.realpath(path))
    folder = target.parent
    remove_stale_temporaries(folder, target.name)  # a killed save's leftovers (issue 26, D9)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def remove_stale_temporaries(folder: Path, target: str | None = None,
                             older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove the temporary files ``write_atomically`` left in ``folder`` when a save was killed
    before its rename: only regular files named as it names them (of the save ``target`` when
    given) and untouched for ``older_than`` seconds (a save still writing is younger).  Any
    other file is never touched; a file that cannot be removed is left.  Returns those removed."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        named = TEMPORARY.fullmatch(entry.name)
        if named is None or (target is not None and named["target"] != target):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced, or those a new file gets (0o666 less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of the renamed file (POSIX; other systems cannot open folders)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is done all the same
    finally:
        os.close(fd)


def _paused_on_the_way(final: Any, replayed: State, board: Board) -> State | None:
    """The saved final position when the game was saved paused at a boundary (Game.advance) that
    its log, replayed, runs past: it must lead to the replayed state with no die and no
    decision.  None when it does not."""
    if not isinstance(final, dict) or not isinstance(final.get("machine"), dict) \
            or final["machine"].get("awaiting") != "run":
        return None
    try:
        paused = position_from_json(final, board)
    except SaveFileError:
        return None
    running = paused.copy()
    resume(running)
    return paused if running == replayed else None
