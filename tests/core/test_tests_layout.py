"""tools/tests_layout.py (issue 25, item 5): the folder each test file would move to when tests/
is laid out like the package; the move waits for the merge of the branches that add tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import tests_layout  # noqa: E402  (a tool, not a package module)

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(("name", "folder"), [
    pytest.param("test_option_dux.py", "options", id="named-option"),
    pytest.param("test_web_api.py", "web", id="named-web"),
    pytest.param("test_cli_options.py", "cli", id="named-cli"),
    pytest.param("test_research_envs.py", "research", id="named-research"),
    pytest.param("test_calibrate.py", "calibrate", id="named-calibrate"),
    pytest.param("test_roman.py", "core", id="a-rules-file"),
    pytest.param("test_validate.py", "core", id="a-rules-file-importing-the-terminal"),
    pytest.param("test_threats.py", "analysis", id="imports-analysis"),
    pytest.param("test_value.py", "players", id="imports-players"),
    pytest.param("test_event_languages.py", "render", id="imports-render"),
    pytest.param("test_terminal.py", "cli", id="imports-cli"),
    pytest.param("test_forecast.py", "analysis", id="chosen"),
])
def test_a_file_goes_to_its_folder(name: str, folder: str) -> None:
    rows = {file: (where, why) for where, file, why in tests_layout.plan()}
    assert rows[name][0] == folder, rows[name]


def test_every_test_file_has_a_folder_of_the_package() -> None:
    rows = tests_layout.plan()
    files = sorted(path.name for path in (ROOT / "tests").glob("test_*.py"))
    assert [file for _, file, _ in rows] == files
    assert {folder for folder, _, _ in rows} <= set(tests_layout.FOLDERS)
    assert set(tests_layout.CHOSEN) <= {Path(file).stem for file in files}, "a CHOSEN file is gone"


def test_the_moves_are_printed_as_git_commands() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tests_layout.py"), "--moves"],
                         capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
    assert "git mv tests/test_option_dux.py tests/options/test_option_dux.py" in out
    assert len(out) == len(list((ROOT / "tests").glob("test_*.py")))
