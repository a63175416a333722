"""Nothing lost (issue 8): every game played in the terminal is saved after every action to a
file in the user's data directory, so that a closed terminal, a Ctrl-C or a crash costs nothing;
``tetrarchia play --resume`` offers the unfinished games again.

The data directory is ``$TETRARCHIA_DATA_DIR`` when set (the tests point it at a temporary
folder), else ``$XDG_DATA_HOME/tetrarchia``, else ``~/.local/share/tetrarchia`` (the XDG
default).  Each game has its own file ``autosave/<started>-seed<seed>.json``, written atomically
(``game.write_atomically``: a crash during the write leaves the previous file whole).  A game that
ends deletes its autosave: only unfinished games are offered.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from tetrarchia.game import Game, remove_stale_temporaries

DATA_DIR_VARIABLE = "TETRARCHIA_DATA_DIR"
OFFERED = 5  # how many unfinished games the start screen and --resume list


def data_dir() -> Path:
    """Where tetrarchia keeps the user's files (see the module's docstring)."""
    explicit = os.environ.get(DATA_DIR_VARIABLE)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "tetrarchia"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


class Autosave:
    """The autosave file of one game: written after every action, deleted when the game ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed: str | None = None  # why the last write failed (said once, play goes on)

    @classmethod
    def new(cls, game: Game) -> Autosave:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        seed = f"-seed{game.seed}" if game.seed is not None else ""
        folder = autosave_dir()
        # a save killed before its rename left its temporary file (issue 26, D9); a finished
        # game's autosave is deleted, so its leftovers are cleaned here, not by its next save
        remove_stale_temporaries(folder)
        path = folder / f"{stamp}{seed}.json"
        n = 2
        while path.exists():  # two games started in the same second
            path = folder / f"{stamp}{seed}-{n}.json"
            n += 1
        return cls(path)

    def write(self, game: Game) -> str | None:
        """Save ``game``; the reason when it could not be written (first failure only)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            game.save(self.path)
        except OSError as exc:
            first = self.failed is None
            self.failed = exc.strerror or str(exc)
            return f"cannot autosave to {str(self.path)!r}: {self.failed}" if first else None
        self.failed = None
        return None

    def discard(self) -> None:
        """The game is over: nothing to resume."""
        with contextlib.suppress(OSError):
            self.path.unlink()


@dataclass(frozen=True)
class Unfinished:
    """An autosaved game that can be resumed."""

    path: Path
    saved: float  # when it was last written (seconds since the epoch)
    level: str
    actions: int
    options: tuple[str, ...]
    where: str = ""  # the round and whose turn (``round 3, Galerius``), or ``setup``
    seed: int | None = None
    players: int = 1

    def describe(self) -> str:
        """A line that tells two games apart (issue 30: "level 4211, 11 actions played" twice):
        when, where the game stands, the level and options, the players, the seed."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))
        options = f" {' '.join('+' + o for o in self.options)}" if self.options else ""
        players = f", {self.players} players" if self.players > 1 else ""
        seed = f", seed {self.seed}" if self.seed is not None else ""
        where = f"{self.where}; " if self.where else ""
        return (f"{when}  {where}level {self.level}{options}{players}{seed}, "
                f"{self.actions} actions played")


def standing(final: dict[str, object]) -> str:
    """Where a saved position stands: ``round 3, Galerius's turn`` or ``setup`` (its machine
    still places the first revolts, armies or fleets, R3)."""
    turn = final.get("turn")
    machine = final.get("machine")
    if not isinstance(turn, dict):
        return ""
    tasks = machine.get("tasks", []) if isinstance(machine, dict) else []
    setup = any(isinstance(t, list) and t and str(t[0]) in SETUP_TASKS for t in tasks)
    if setup:
        return "setup"
    return f"round {turn.get('round')}, {turn.get('emperor')}'s turn"


SETUP_TASKS = ("initial-revolt", "additional-revolt", "initial-army", "place-fleets")


def unfinished_games(limit: int = OFFERED) -> list[Unfinished]:
    """The last autosaved unfinished games, newest first (a damaged file is skipped)."""
    folder = autosave_dir()
    try:
        files = sorted(folder.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found: list[Unfinished] = []
    for file in files:
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
            if (data.get("final") or {}).get("result", "ongoing") != "ongoing":
                continue  # a game over whose autosave was not deleted (the program was killed)
            settings = data["settings"]
            seed = data.get("seed")
            found.append(Unfinished(file, file.stat().st_mtime, str(settings["level"]),
                                    len(data["log"]), tuple(settings.get("options", ())),
                                    standing(data.get("final") or {}),
                                    seed if isinstance(seed, int) else None,
                                    int(settings.get("players", 1))))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if len(found) == limit:
            break
    return found
