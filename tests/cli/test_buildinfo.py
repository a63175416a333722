"""The two builds of the rules engine (issue 14): pure Python and compiled with mypyc.

``tetrarchia doctor`` says which one runs; a compiled module whose source was edited since it was
compiled is reported stale (the test run refuses to start on one, ``conftest.py``);
``TETRARCHIA_PURE=1`` runs the sources of a compiled install.  These tests pass on both builds:
``.ci/run`` runs the suite on each.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tetrarchia.buildinfo import (
    MANIFEST,
    compiled_in_use,
    compiled_modules,
    module_builds,
    stale_modules,
)
from tetrarchia.cli.main import app
from tetrarchia.cli.optioninfo import source_docstring

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_install(root: Path, compiled: dict[str, str]) -> None:
    """A ``tetrarchia`` folder with core/, options/ and players/ sources; ``compiled`` maps a
    module (such as ``core/state``) to the source it was compiled from (an empty file stands for
    the extension: only its name matters to the checks)."""
    for package in ("core", "options", "players"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text('"""The package."""\n')
    recorded: dict[str, str] = {}
    for module, source in compiled.items():
        path = root / f"{module}.py"
        path.write_text(source)
        (root / f"{module}{SUFFIX}").write_bytes(b"")
        recorded["tetrarchia." + module.replace("/", ".")] = hashlib.sha256(source.encode()).hexdigest()
    (root / MANIFEST.name).write_text(json.dumps({"modules": recorded}))


def test_every_module_of_core_and_options_is_listed_with_its_source() -> None:
    names = [m.name for m in module_builds()]
    assert names[0] == "tetrarchia.core"
    assert {"tetrarchia.core.state", "tetrarchia.core.engine", "tetrarchia.options",
            "tetrarchia.options.goths"} <= set(names)
    assert all(m.source.suffix == ".py" and m.source.exists() for m in module_builds())


def test_a_compiled_module_matching_its_recorded_source_is_not_stale(tmp_path: Path) -> None:
    fake_install(tmp_path, {"core/state": "STATE = 1\n", "options/goths": "GOTHS = 1\n"})
    assert compiled_modules(tmp_path) == ["tetrarchia.core.state", "tetrarchia.options.goths"]
    assert stale_modules(tmp_path) == []


def test_an_edited_source_makes_its_compiled_module_stale(tmp_path: Path) -> None:
    fake_install(tmp_path, {"core/state": "STATE = 1\n", "core/engine": "ENGINE = 1\n"})
    (tmp_path / "core" / "engine.py").write_text("ENGINE = 2  # edited after the build\n")
    assert stale_modules(tmp_path) == ["tetrarchia.core.engine"]


def test_a_compiled_module_the_build_did_not_record_is_stale(tmp_path: Path) -> None:
    fake_install(tmp_path, {"core/state": "STATE = 1\n"})
    (tmp_path / "core" / "board.py").write_text("BOARD = 1\n")
    (tmp_path / "core" / f"board{SUFFIX}").write_bytes(b"")  # left by an older build
    assert stale_modules(tmp_path) == ["tetrarchia.core.board"]
    (tmp_path / MANIFEST.name).unlink()
    assert stale_modules(tmp_path) == ["tetrarchia.core.board", "tetrarchia.core.state"]


def test_the_compiled_players_modules_are_checked_like_the_rules(tmp_path: Path) -> None:
    """setup.py compiles the players' hot path (COMPILED_MODULES) beside the rules: an edited
    players source is stale too, and a module of players/ left pure is never."""
    fake_install(tmp_path, {"core/state": "STATE = 1\n", "players/evaluation": "WIN = 1\n"})
    (tmp_path / "players" / "search.py").write_text("SEARCH = 1\n")  # pure Python
    assert compiled_modules(tmp_path) == ["tetrarchia.core.state", "tetrarchia.players.evaluation"]
    assert stale_modules(tmp_path) == []
    (tmp_path / "players" / "evaluation.py").write_text("WIN = 2  # edited after the build\n")
    assert stale_modules(tmp_path) == ["tetrarchia.players.evaluation"]


def test_sources_without_compiled_modules_are_never_stale(tmp_path: Path) -> None:
    fake_install(tmp_path, {})
    (tmp_path / "core" / "state.py").write_text("STATE = 1\n")
    assert compiled_modules(tmp_path) == []
    assert stale_modules(tmp_path) == []


def test_doctor_names_the_build_in_use() -> None:
    result = CliRunner().invoke(app, ["doctor"])
    assert result.exit_code == 0, result.output
    in_use = compiled_in_use()
    if in_use:
        assert "rules engine: compiled with mypyc" in result.output
        assert "tetrarchia.core.engine" in in_use
        assert "core.engine" in result.output
    else:
        assert "rules engine: pure Python" in result.output
    if "tetrarchia.players.heuristic" in in_use:  # a compiled build of this version
        assert "players: compiled with mypyc" in result.output
        assert "players.heuristic" in result.output
    else:
        assert "players: pure Python" in result.output
    assert "STALE" not in result.output


def run_python(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "TETRARCHIA_PURE"} | env
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=environment, timeout=60)
    return done.stdout.strip()


def test_tetrarchia_pure_runs_the_sources_of_any_install() -> None:
    names = ("tetrarchia.core.engine", "tetrarchia.options.goths", "tetrarchia.players.heuristic")
    code = f"import {', '.join(names)}, sys; print(*(sys.modules[n].__file__ for n in {names!r}))"
    assert all(path.endswith(".py") for path in run_python(code, TETRARCHIA_PURE="1").split())
    files = run_python(code).split()
    compiled = set(compiled_modules())
    for name, file in zip(names, files, strict=True):
        assert file.endswith(".py") is (name not in compiled)


def test_doctor_says_when_the_pure_sources_are_forced() -> None:
    out = run_python("from tetrarchia.buildinfo import describe; import tetrarchia.core.engine; "
                     "print('\\n'.join(describe()))", TETRARCHIA_PURE="1")
    assert "rules engine: pure Python" in out
    assert "players: pure Python" in out
    assert "compiled with mypyc" not in out


def test_a_compiled_option_module_reads_its_rule_from_the_source_beside_it(tmp_path: Path) -> None:
    (tmp_path / "goths.py").write_text('"""R11.4 Goths: one of the three armies.\n\n    More.\n"""\n')
    module = types.ModuleType("tetrarchia.options.goths")  # as mypyc leaves it: no __doc__
    module.__file__ = str(tmp_path / f"goths{SUFFIX}")
    assert module.__doc__ is None
    assert source_docstring(module) == "R11.4 Goths: one of the three armies.\n\nMore."



def test_the_build_asks_for_mypy_only_when_a_compiled_core_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain install downloads nothing more than setuptools and needs no compiler (README)."""
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    backend = importlib.import_module("tetrarchia_build")
    seen: list[str | None] = []

    def setuptools_requirements() -> list[str]:
        seen.append(os.environ.get("TETRARCHIA_COMPILE"))  # setup.py runs as a pure build here
        return ["wheel"]

    monkeypatch.delenv("TETRARCHIA_COMPILE", raising=False)
    assert backend._with_mypyc(setuptools_requirements) == ["wheel"]
    for asked in ("1", "yes", "ON"):
        monkeypatch.setenv("TETRARCHIA_COMPILE", asked)
        assert backend._with_mypyc(setuptools_requirements) == ["wheel", backend.MYPYC]
        assert os.environ["TETRARCHIA_COMPILE"] == asked
    monkeypatch.setenv("TETRARCHIA_COMPILE", "0")
    assert backend._with_mypyc(setuptools_requirements) == ["wheel"]
    assert seen == [None, None, None, None, "0"]

