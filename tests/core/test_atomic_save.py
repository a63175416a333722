"""Saves are atomic and durable (issue 7): a kill or a full disk during ``Game.save`` leaves the
previous save or the new one, never a damaged or empty file."""

from __future__ import annotations

import json
import os
import random
import signal
import stat
import sys
import time
from pathlib import Path

import pytest

from tetrarchia.core.engine import legal_actions
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game

KILLS = 120  # the issue's own run: 200 kills left 90 saves empty


def played(seed: int, steps: int) -> Game:
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            legal = legal_actions(game.state)
            game.play(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_game(tmp_path: Path) -> None:
    old, new = played(1, 400), played(2, 400)
    path = tmp_path / "game.json"
    old.save(path)
    seen = {"old": 0, "new": 0}
    rng = random.Random(7)
    for kill in range(KILLS):
        pid = os.fork()
        if pid == 0:  # the child saves the two games in turn until it is killed
            try:
                while True:
                    new.save(path)
                    old.save(path)
            finally:
                os._exit(1)  # never reached but on an error: never return into pytest
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        loaded = Game.load(path)  # raises if the file is damaged or empty
        if loaded.log == old.log:
            seen["old"] += 1
        else:
            assert loaded.log == new.log, f"kill {kill}: the file holds neither game"
            seen["new"] += 1
        assert loaded.state == (old if loaded.log == old.log else new).state
    interrupted = len(list(tmp_path.glob(".game.json.*.tmp")))  # temporary files of cut saves
    print(f"{KILLS} kills: {seen['old']} times the old game, {seen['new']} times the new one; "
          f"{interrupted} saves cut short", file=sys.stderr)


def test_a_failed_save_keeps_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = played(3, 100), played(4, 100)
    path = tmp_path / "game.json"
    old.save(path)
    before = path.read_text("utf-8")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        new.save(path)
    assert path.read_text("utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], "a temporary file is left"


def test_a_save_keeps_the_permissions_and_follows_a_link(tmp_path: Path) -> None:
    game = played(5, 50)
    path = tmp_path / "game.json"
    game.save(path)
    os.chmod(path, 0o640)
    link = tmp_path / "current.json"
    link.symlink_to(path)
    game.save(link)
    assert link.is_symlink() and stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert json.loads(path.read_text("utf-8"))["log"] == json.loads(link.read_text("utf-8"))["log"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json", "game.json"]


def test_a_new_save_gets_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        played(6, 10).save(tmp_path / "game.json")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "game.json").st_mode) == 0o644
