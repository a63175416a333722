"""docs/players.md's worked example is real code: its python blocks, run in order in a fresh
process (so that the made-up player never enters this process's registry), define a player,
register it and play whole seeded games with it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOC = ROOT / "docs" / "players.md"

pytestmark = pytest.mark.timeout(180)


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), flags=re.S)


def test_the_worked_example_registers_a_player_and_plays_with_it() -> None:
    code = "\n".join(blocks())
    assert "register_player(" in code and "play_game(" in code
    done = subprocess.run([sys.executable, "-c", code + "\nprint('securer ok')\n"],
                          capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("securer ok")


def test_the_made_up_player_is_not_in_the_game() -> None:
    from tetrarchia.players.registry import PLAYERS

    assert "securer" not in PLAYERS


def test_the_page_is_linked_beside_extending() -> None:
    assert "players.md" in (ROOT / "docs" / "extending.md").read_text("utf-8")
    assert "players.md" in (ROOT / "CONTRIBUTING.md").read_text("utf-8")
