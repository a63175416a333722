"""Issue 8, done when: whole games played at 80x24 and at 160x50, checking what is on the screen.

The scripted-input driver stands for the terminal: the prompt and the typed line are echoed into
the console as a terminal shows them, and at every prompt the last ``height`` lines of the
transcript are the screen.  A tmux-driven run of the real command (skipped where tmux is missing)
checks the same at 80x24 through a pseudo-terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from conftest import ROOT
from tetrarchia.cli.play import PlaySession
from tetrarchia.core.settings import Settings
from tetrarchia.game import Game


class Screen:
    """An input function that plays like a person at a terminal of ``width`` x ``height``: it
    echoes the prompt and the answer into the console and keeps the screen seen at each prompt."""

    def __init__(self, console: Console, height: int, limit: int = 3000) -> None:
        self.console = console
        self.height = height
        self.screens: list[tuple[str, list[str]]] = []  # (prompt, the screen when it was asked)
        self.limit = limit
        self.turn_actions = 0
        self.tries = 0

    def lines(self) -> list[str]:
        file = self.console.file
        assert isinstance(file, StringIO)
        return file.getvalue().split("\n")

    def __call__(self, prompt: str) -> str:
        if len(self.screens) > self.limit:
            raise AssertionError("the game does not end")
        file = self.console.file
        assert isinstance(file, StringIO)
        file.write(prompt)  # the prompt stays on the screen's last line, as in a terminal
        screen = self.lines()[-self.height:]
        self.screens.append((prompt, screen))
        answer = self.answer(prompt)
        file.write(answer + "\n")
        return answer

    def answer(self, prompt: str) -> str:
        if "Save" in prompt or "Enter: the board" in prompt:
            return ""
        if "place fleet" in prompt or "enter?" in prompt or "decide" in prompt:
            return "1"
        refused = len(self.screens) > 1 and self.screens[-2][0] == prompt and \
            any("Refused" in line for line in self.screens[-1][1][-8:])
        if refused:  # a move while passing through: numbers in turn until one is taken
            self.tries += 1
            return str(self.tries)
        self.tries = 0
        if " IP" in prompt and self.turn_actions == 0:
            self.turn_actions = 1
            return "1"  # one action, then the phase ends
        self.turn_actions = 0
        return "end"


def play_on_screen(width: int, height: int, seed: int) -> tuple[Game, Screen, list[str]]:
    console = Console(file=StringIO(), width=width, height=height, color_system=None,
                      force_terminal=False, highlight=False)
    screen = Screen(console, height)
    game = Game.new(Settings(), seed=seed)
    PlaySession(game, console, screen, pause=True).run()
    return game, screen, screen.lines()


@pytest.mark.parametrize("seed", [7, 978428])
def test_a_whole_game_at_80_by_24(seed: int) -> None:
    game, screen, transcript = play_on_screen(80, 24, seed)
    assert game.state.is_over
    # nothing the game prints wraps or is cut (a prompt with its answer may wrap, as typed input does)
    assert max(len(line) for line in transcript if " > " not in line) <= 80
    pauses = [lines for prompt, lines in screen.screens if "Enter: the board" in prompt]
    assert pauses, "no Barbarian phase was played"
    for lines in pauses:  # the summary is whole on the screen when the game waits
        text = "\n".join(lines)
        assert "Barbarian phase, round" in text and "╰" in text
    # each time the list is shown afresh (its last line, End, just above the prompt), the status
    # line and the whole list are in view
    shown = [lines for prompt, lines in screen.screens if " IP" in prompt and lines[-2].startswith("End:")]
    assert shown
    for lines in shown:
        assert any(line.startswith("TETRARCHIA 4211 ·") for line in lines)
    boards = [lines for _prompt, lines in screen.screens if any("I HISPANIA" in x for x in lines)]
    assert boards  # the compact board is seen whole at least once with its prompt
    assert any(lines[0].startswith("TETRARCHIA") or any(x.startswith("TETRARCHIA 4211") for x in lines)
               for lines in boards)


def test_a_whole_game_at_160_by_50() -> None:
    game, screen, transcript = play_on_screen(160, 50, 7)
    assert game.state.is_over
    assert max(len(line) for line in transcript if " > " not in line) <= 160
    after_phase = [lines for prompt, lines in screen.screens if " IP" in prompt
                   and any("III ILLYRICVM" in x for x in lines)]
    assert after_phase  # the wide board with its three columns, whole with the list and prompt
    for lines in after_phase:
        text = "\n".join(lines)
        assert "EMPERORS" in text and "│" in text and "…" not in text


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_real_command_in_tmux_at_80_by_24(tmp_path: Path) -> None:
    pane = Tmux(80, 24, tmp_path)
    screen = pane.screen
    try:
        def wait_for(text: str) -> str:
            for _ in range(100):
                shown = screen()
                if text in shown:
                    return shown
                time.sleep(0.1)
            raise AssertionError(f"{text!r} never appeared on:\n{screen()}")

        send = pane.send
        wait_for("place fleet 1")
        send("")  # an empty line: the answer starts on a line of its own (readline echoes no newline)
        shown = wait_for("Type an action, or its number")
        assert "> Type an action" not in shown
        send("1")
        wait_for("place fleet 2")
        send("1")
        wait_for("where does Diocletian enter")
        send("1")
        shown = wait_for("6 IP >")
        assert "TETRARCHIA 4211" in shown
        send("end")
        shown = wait_for("Enter: the board")
        assert "Barbarian phase, round 1" in shown
        send("")
        shown = wait_for("where does Galerius enter")
        assert "I HISPANIA" in shown and "Emperors" in shown  # the compact board, whole
        pane.keys("C-c")
        wait_for("Enter to play on")
        send("")  # play on: the board comes back below the question, not after it
        shown = wait_for("Enter to play on >\nTETRARCHIA")
        assert "play on > TETRARCHIA" not in shown
        for _ in range(100):  # the prompt is back: a Ctrl-C now interrupts the input again
            if screen().rstrip().endswith(">"):
                break
            time.sleep(0.1)
        pane.keys("C-c")
        for _ in range(100):  # the second question (the first one is still on the screen)
            if screen().count("leave the game?") == 2 and screen().rstrip().endswith(">"):
                break
            time.sleep(0.1)
        pane.keys("C-c")
        wait_for("Left: the game is kept in")
        assert list((tmp_path / "autosave").glob("*.json"))
    finally:
        pane.close()


class Tmux:
    """The real command in a tmux pane of ``width`` x ``height`` (issue 30), on a tmux server of
    its own: with one shared server, the server a test closes can still be exiting when the next
    test starts its session on it ("server exited unexpectedly", seen in CI)."""

    def __init__(self, width: int, height: int, data_dir: Path, args: str = "--seed 7") -> None:
        self.socket = f"tetrarchia-{os.getpid()}-{width}x{height}-{time.monotonic_ns()}"
        self.session = "game"
        # the pane's own size, never a COLUMNS or LINES the tmux server inherited
        command = (f"env -u COLUMNS -u LINES TETRARCHIA_DATA_DIR={data_dir} {sys.executable} -m "
                   f"tetrarchia play {args}")
        self.tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
                  command)
        # the pane stays after the game exits, so that its last words can still be read
        self.tmux("set-option", "-t", self.session, "remain-on-exit", "on")

    def tmux(self, *args: str) -> str:
        """A tmux command on this pane's own server; what it printed."""
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def screen(self) -> str:
        """The pane's text (the help's no-break spaces read as spaces)."""
        return self.tmux("capture-pane", "-p", "-t", self.session).replace("\xa0", " ")

    def wait_for(self, text: str, changed_from: str = "") -> str:
        """The screen once ``text`` is on it and the program waits at a prompt (``>`` last),
        and it is no longer ``changed_from`` (the screen before the line just sent)."""
        for _ in range(200):
            shown = self.screen()
            if text in shown and shown.rstrip().endswith(">") and shown != changed_from:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on:\n{self.screen()}")

    def send(self, line: str) -> None:
        if line:  # -l: "end" is typed, not the End key
            self.tmux("send-keys", "-t", self.session, "-l", line)
        self.keys("Enter")

    def keys(self, key: str) -> None:
        """A key by its tmux name (``Enter``, ``C-c``)."""
        self.tmux("send-keys", "-t", self.session, key)

    def close(self) -> None:
        """Ends the server and removes its socket (tmux leaves it behind)."""
        where = subprocess.run(["tmux", "-L", self.socket, "display-message", "-p", "#{socket_path}"],
                               check=False, capture_output=True, text=True).stdout.strip()
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False, capture_output=True)
        if where:
            Path(where).unlink(missing_ok=True)


SHOTS = ROOT / "test-artifacts" / "screens"


@pytest.mark.timeout(120)
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize("width, height", [(80, 24), (120, 40)])
def test_names_help_and_summary_read_well_in_tmux(tmp_path: Path, width: int, height: int) -> None:
    """Issue 30 at 80x24 and 120x40: the board's names can be told apart and its region
    header stays in view above a long list; help is wrapped once and paged; the summary box
    is whole at the pause.  The screens are kept in test-artifacts/screens/."""
    pane = Tmux(width, height, tmp_path)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        pane.wait_for("place fleet 1")
        pane.send("1")
        pane.wait_for("place fleet 2")
        pane.send("1")
        pane.wait_for("where does Diocletian enter")
        pane.send("1")  # Roma: twenty actions, the longest list of the first turn
        before = pane.wait_for("6 IP >")
        pane.send("board")
        # the board drawn again: its Emperors' line (80 columns; the first board has scrolled
        # away), or the typed line above it (120x40 has room for both)
        shown = pane.wait_for("Emperors ▶" if width < 99 else "IP > board", changed_from=before)
        (SHOTS / f"board-{width}x{height}.txt").write_text(shown)
        lines = shown.rstrip("\n").split("\n")
        assert len(lines) <= height and lines[-1].endswith("6 IP >")
        assert "20 end the Roman phase" in shown  # the whole list with the prompt
        if width < 99:
            assert "I HISPANIA   II GALLIA" in shown  # the region header, in view
            assert "German" not in shown  # three provinces read "German" before issue 30
            for name in ("Germ I", "Germ S", "Germ M", "Pann S", "Pann I", "Moes S", "Moes I"):
                assert name in shown
        else:
            assert "I HISPANIA" in shown and "III ILLYRICVM" in shown, shown
        pane.send("help")
        shown = pane.wait_for("Commands" if height < 40 else "a border", changed_from=shown)
        (SHOTS / f"help-{width}x{height}.txt").write_text(shown)
        assert max(len(line) for line in shown.split("\n")) <= width
        if height < 40:
            assert "-- 23 of" in shown  # paged
            assert "Diocletian attacks Dacia from Thracia" in shown  # never broken in two
            pane.send("")  # the second and last page, then the game's prompt again
            shown = pane.wait_for("Press Enter alone", changed_from=shown)
            (SHOTS / f"help-2-{width}x{height}.txt").write_text(shown)
            assert shown.rstrip().endswith("6 IP >")
        else:
            assert "» " in shown and "a border" in shown
        pane.send("end")
        shown = pane.wait_for("Enter: the board")
        (SHOTS / f"summary-{width}x{height}.txt").write_text(shown)
        assert "Barbarian phase, round 1" in shown and "╰" in shown
    finally:
        pane.close()
