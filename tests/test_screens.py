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
    session = f"tetrarchia-test-{os.getpid()}"
    env_line = f"TETRARCHIA_DATA_DIR={tmp_path} {sys.executable} -m tetrarchia play --seed 7"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", env_line],
                   check=True)
    # the pane stays after the game exits, so that its last words can still be read
    subprocess.run(["tmux", "set-option", "-t", session, "remain-on-exit", "on"], check=True)
    try:
        def screen() -> str:
            return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], check=True,
                                  capture_output=True, text=True).stdout

        def wait_for(text: str) -> str:
            for _ in range(100):
                shown = screen()
                if text in shown:
                    return shown
                time.sleep(0.1)
            raise AssertionError(f"{text!r} never appeared on:\n{screen()}")

        def send(line: str) -> None:  # -l: "end" is typed, not the End key
            if line:
                subprocess.run(["tmux", "send-keys", "-t", session, "-l", line], check=True)
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)

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
        subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
        wait_for("Enter to play on")
        send("")  # play on: the board comes back below the question, not after it
        shown = wait_for("Enter to play on >\nTETRARCHIA")
        assert "play on > TETRARCHIA" not in shown
        for _ in range(100):  # the prompt is back: a Ctrl-C now interrupts the input again
            if screen().rstrip().endswith(">"):
                break
            time.sleep(0.1)
        subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
        shown = wait_for("leave the game?")
        subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
        wait_for("Left: the game is kept in")
        assert list((tmp_path / "autosave").glob("*.json"))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False, capture_output=True)
