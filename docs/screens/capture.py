"""Make the screen captures of docs/screens/ (issue 8's closing note): a game played at 80x24 by
scripted input, each capture the 24 lines on the screen when the game asks.

Run from the repository:  .venv/bin/python docs/screens/capture.py
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from rich.console import Console

from tetrarchia.cli.play import PlaySession
from tetrarchia.core.settings import Settings
from tetrarchia.game import Game

WIDTH, HEIGHT = 80, 24
HERE = Path(__file__).parent
SEED = 978428


def main() -> None:
    console = Console(file=StringIO(), width=WIDTH, height=HEIGHT, color_system=None,
                      force_terminal=False, highlight=False)
    file = console.file
    assert isinstance(file, StringIO)
    wanted: dict[str, list[str]] = {}
    # fleets, Diocletian enters Roma, goes to Etrvria, ends; after the Barbarian phase Galerius
    # enters Pannonia Inferior, asks for the forecast, ends
    script = ["1", "1", "1", "1", "end", "", "2", "forecast", "end", ""]

    def ask(prompt: str) -> str:
        file.write(prompt)
        screen = file.getvalue().split("\n")[-HEIGHT:]
        if "Enter: the board" in prompt and "summary" not in wanted:
            wanted["summary"] = screen
        elif "where does Galerius enter" in prompt and "board" not in wanted:
            wanted["board"] = screen
        elif "forecast" in wanted.get("_last", []) and "forecast" not in wanted:
            wanted["forecast"] = screen
        if not script:
            raise EOFError
        answer = script.pop(0)
        wanted["_last"] = [answer]
        file.write(answer + "\n")
        return answer

    PlaySession(Game.new(Settings(), seed=SEED), console, ask, pause=True).run()
    for name in ("board", "summary", "forecast"):
        text = "\n".join(line.rstrip() for line in wanted[name]) + "\n"
        (HERE / f"{name}-80x24.txt").write_text(text, encoding="utf-8")
        print(f"docs/screens/{name}-80x24.txt")


if __name__ == "__main__":
    main()
