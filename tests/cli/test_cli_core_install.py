"""The terminal game on the core install (``pip install tetrarchia``: Typer, Rich, nothing of the
extras).  A Python started with every extra's modules made unimportable plays a game, simulates,
lists the options and reads the Spanish and French catalogues.  The catalogues were read with
Babel (the web extra), and the ``tetrarchia`` command then failed at its first import."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# the top-level modules of the extras (pyproject.toml's optional dependencies) and what they pull
EXTRAS = ("babel", "starlette", "uvicorn", "websockets", "sqlalchemy", "alembic", "httptools",
          "uvloop", "psycopg", "dask", "distributed", "matplotlib", "numpy", "pyspiel",
          "open_spiel", "pettingzoo", "gymnasium", "hypothesis", "pytest")

SCRIPT = """
import importlib.abc, json, sys

class Extras(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (an extra: not installed)")
        return None

BLOCKED = set(json.loads(sys.argv[1]))
for name in list(sys.modules):
    if name.partition(".")[0] in BLOCKED:
        del sys.modules[name]
sys.meta_path.insert(0, Extras())

from typer.testing import CliRunner
from tetrarchia.cli.main import app
from tetrarchia.render.catalogues import catalogue

runner = CliRunner(env={"COLUMNS": "100"})
said = {}
for name, args, given in (("play", ["play", "--level", "4211", "--seed", "3"], ""),
                          ("simulate", ["simulate", "--level", "4211", "--games", "2",
                                        "--player", "heuristic"], None),
                          ("options", ["options"], None)):
    result = runner.invoke(app, args, input=given)
    said[name] = [result.exit_code, result.output, repr(result.exception)]
said["catalogues"] = [len(catalogue(lang, "refusals")) for lang in ("es", "fr")]
said["extras imported"] = sorted({n.partition(".")[0] for n in sys.modules} & BLOCKED)
print(json.dumps(said))
"""


@pytest.mark.timeout(120)
def test_the_terminal_game_runs_on_the_core_install() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(EXTRAS)], capture_output=True,
                          text=True, timeout=110, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("play", "simulate", "options"):
        code, output, exception = said[name]
        assert code == 0, (name, output, exception)
    assert "level 4211" in said["play"][1] and "resume it with" in said["play"][1]
    assert all(count > 100 for count in said["catalogues"])  # the .mo files read without Babel
    assert said["extras imported"] == []
