"""The keeping of a terminal game (issue 8): the autosave after every action, ``save``, the offer
to save when the players leave or the game ends, and asking before Ctrl-C or Ctrl-D leaves."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text

from tetrarchia.cli.session_base import SessionBase

__all__ = ["Quit", "SessionKeeping"]


class Quit(Exception):
    """The players left the game."""


class SessionKeeping(SessionBase):
    """Where the game is kept, and the leaving of it."""

    def kept(self) -> str:
        """What became of the game when the players leave without saving."""
        if self.saved is not None and self.saved[0] == len(self.game.log):
            return f"the game is saved in {self.saved[1]}."
        if self.autosave is None or self.autosave.failed is not None:
            return "the game was not saved."
        return (f"the game is kept in {self.autosave.path} (resume it with: tetrarchia play "
                "--resume).")

    def confirm_leaving(self, key: str) -> bool:
        """After a Ctrl-C or Ctrl-D: ask before leaving; a second one leaves (issue 8)."""
        held = " Its autosave holds every action so far." if self.autosave is not None and \
            self.autosave.failed is None else ""
        self.console.print(f"\n{key}: leave the game?{held}", markup=False, highlight=False)
        try:
            answer = self.input_fn("Leave? y to leave, Enter to play on > ")
        except (KeyboardInterrupt, EOFError):
            return True
        if answer.strip().lower() in ("y", "yes", "q", "quit"):
            return True
        self.view_stale = True
        return False

    def leave(self, code: int) -> int:
        self.console.print(f"Left: {self.kept()}", markup=False, highlight=False)
        return code

    def save_automatically(self) -> None:
        if self.autosave is None:
            return
        if self.state.is_over:
            self.autosave.discard()  # nothing to resume; the players are offered to save it
            return
        trouble = self.autosave.write(self.game)
        if trouble is not None:
            self.console.print(Text(f"Warning: {trouble}; play goes on.", style="yellow"))

    def save(self, path: str) -> bool:
        target = Path(path).expanduser()  # "save ~/t.json" as a shell would read it
        if target.exists() and (self.saved is None or self.saved[1] != target):
            # issue 30: another file is never replaced without asking (this game's own save
            # file is brought up to date without a question)
            answer = self.input_fn(f"{target} exists: replace it? y to replace, Enter to keep it > ")
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(f"Not saved: {target} is kept as it was.", markup=False,
                                   highlight=False)
                return False
        try:
            self.game.save(target)
        except OSError as exc:
            self.refuse(f"cannot save to {path!r}: {exc.strerror or exc}")
            return False
        self.saved = (len(self.game.log), target)
        self.console.print(f"Saved to {target} (resume with: tetrarchia play --load "
                           f"{shlex.quote(str(target))})", markup=False, highlight=False)
        return True

    def offer_save(self, question: str) -> None:
        while True:
            answer = self.input_fn(question).strip()
            if not answer or answer.lower() in ("n", "no"):
                self.console.print("Not saved.")
                return
            if self.save(answer):
                return

    def quit(self) -> None:
        self.offer_save("Save the game before leaving? File name (Enter: leave without saving) > ")
        raise Quit
