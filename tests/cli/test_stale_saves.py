"""Issue 26, D9: a save killed between its temporary file and the rename leaves that file beside
the save; the next save of the same file, and the start of a game's autosave, remove such files
once no save can still be writing them — and never a file that is not one of ours."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tetrarchia.cli.autosave import DATA_DIR_VARIABLE, Autosave, autosave_dir
from tetrarchia.core.settings import Settings
from tetrarchia.game import STALE_SECONDS, Game, remove_stale_temporaries

OLD = STALE_SECONDS + 5  # seconds: left by a kill a while ago
YOUNG = 1.0  # a save of another process writing now

# (file name, its age in seconds, whether it is a symbolic link), removed?
CASES = [
    (".game.json.a1b2c3d4.tmp", OLD, False, True),  # write_atomically's name, old: a kill's
    (".game.json.k_9zz0q1.tmp", OLD, False, True),
    (".game.json.a1b2c3d4.tmp", YOUNG, False, False),  # a save writing it now
    ("game.json.a1b2c3d4.tmp", OLD, False, False),  # no leading dot: not our name
    (".game.json.a1b2c3d.tmp", OLD, False, False),  # 7 random characters: not mkstemp's
    (".game.json.A1B2C3D4.tmp", OLD, False, False),  # upper case: not mkstemp's alphabet
    (".game.json.a1b2c3d4.tmp.bak", OLD, False, False),
    ("notes.tmp", OLD, False, False),
    ("game.json", OLD, False, False),
    (".game.json.a1b2c3d4.tmp", OLD, True, False),  # a link: never followed nor removed
]


def leave(folder: Path, name: str, age: float, link: bool) -> Path:
    path = folder / name
    if link:
        target = folder / "elsewhere.txt"
        target.write_text("not ours")
        path.symlink_to(target)
    else:
        path.write_text('{"half": ')
    then = time.time() - age
    os.utime(path, (then, then), follow_symlinks=not link)
    return path


@pytest.mark.timeout(10)
@pytest.mark.parametrize("name,age,link,removed", CASES)
def test_the_next_save_removes_a_killed_saves_temporary_file(
        tmp_path: Path, name: str, age: float, link: bool, removed: bool) -> None:
    left = leave(tmp_path, name, age, link)
    Game.new(Settings.from_json({"level": "4211"}), seed=3).save(tmp_path / "game.json")
    assert left.is_symlink() or left.exists() != removed
    assert (tmp_path / "game.json").exists()
    if link:
        assert (tmp_path / "elsewhere.txt").read_text() == "not ours"


@pytest.mark.timeout(10)
def test_a_save_removes_only_its_own_files_temporaries(tmp_path: Path) -> None:
    other = leave(tmp_path, ".other.json.a1b2c3d4.tmp", OLD, False)
    Game.new(Settings.from_json({"level": "4211"}), seed=3).save(tmp_path / "game.json")
    assert other.exists()  # another save's: its own next save (or the autosave's start) cleans it
    assert remove_stale_temporaries(tmp_path) == [other] and not other.exists()


@pytest.mark.timeout(10)
def test_a_new_autosave_cleans_the_autosave_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that ended deleted its autosave, so no later save of it cleans what its kill left:
    the start of the next game's autosave does."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    folder = autosave_dir()
    folder.mkdir(parents=True)
    killed = leave(folder, ".20261127-074500-seed3.json.x7y8z9w0.tmp", OLD, False)
    writing = leave(folder, ".20261127-074600-seed4.json.x7y8z9w0.tmp", YOUNG, False)
    mine = leave(folder, "my-notes.tmp", OLD, False)
    Autosave.new(Game.new(Settings.from_json({"level": "4211"}), seed=5))
    assert not killed.exists() and writing.exists() and mine.exists()
