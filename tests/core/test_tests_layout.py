"""tools/tests_layout.py (issue 25, item 5): tests/ is laid out like the package, and every test
file sits in the folder the tool gives it; a new file put in tests/ itself is named with the
folder it belongs in."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, TESTS

sys.path.insert(0, str(ROOT / "tools"))

import tests_layout

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
    pytest.param("test_summary.py", "analysis", id="chosen-over-the-game-layer"),
    pytest.param("test_pg_cluster.py", "web", id="chosen-not-the-default-core"),
])
def test_a_file_goes_to_its_folder(name: str, folder: str) -> None:
    rows = {path.name: (where, why) for where, path, why in tests_layout.plan()}
    assert rows[name][0] == folder, rows[name]


def test_every_test_file_sits_in_its_folder() -> None:
    wrong = [f"{path.relative_to(ROOT)} belongs in tests/{target.parent.name}/ ({why})"
             for path, target, why in tests_layout.misplaced()]
    assert wrong == [], "run python tools/tests_layout.py --moves: " + "; ".join(wrong)
    assert not list(TESTS.glob("test_*.py")), "a test file left in tests/ itself"


def test_every_folder_is_a_layer_and_the_names_are_unique() -> None:
    rows = tests_layout.plan()
    names = [path.name for _, path, _ in rows]
    assert len(names) == len(set(names)), "two test files of one name: pytest imports them by name"
    assert {folder for folder, _, _ in rows} <= set(tests_layout.FOLDERS)
    assert {path.parent.name for _, path, _ in rows} <= set(tests_layout.FOLDERS)
    assert set(tests_layout.CHOSEN) <= {Path(name).stem for name in names}, "a CHOSEN file is gone"


def _tests_copy(tmp_path: Path, files: dict[str, str]) -> Path:
    """A tests/ folder with the real conftest.py (its RULE_FILES) and the given test files."""
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy(TESTS / "conftest.py", tests / "conftest.py")
    for where, text in files.items():
        (tests / where).parent.mkdir(parents=True, exist_ok=True)
        (tests / where).write_text(text, "utf-8")
    return tests


@pytest.mark.parametrize(("where", "text", "belongs"), [
    pytest.param("test_web_lobby.py", "", "web", id="new-in-the-root-by-its-name"),
    pytest.param("test_backup.py", "from tetrarchia.web.storage import x\n", "web",
                 id="new-in-the-root-by-its-imports"),
    pytest.param("core/test_option_new.py", "", "options", id="in-a-wrong-folder"),
    pytest.param("test_plain.py", "import tetrarchia\n", "core", id="the-public-api-only"),
])
def test_a_file_out_of_place_is_named_with_its_folder(tmp_path: Path, where: str, text: str,
                                                      belongs: str) -> None:
    tests = _tests_copy(tmp_path, {where: text, "cli/test_cli_placed.py": ""})
    wrong = tests_layout.misplaced(tests)
    assert [(path, target) for path, target, _ in wrong] == \
        [(tests / where, tests / belongs / Path(where).name)]


def test_check_and_moves_from_the_command_line() -> None:
    tool = str(ROOT / "tools" / "tests_layout.py")
    check = subprocess.run([sys.executable, tool, "--check"], capture_output=True, text=True,
                           timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("every test file sits in its folder")
    moves = subprocess.run([sys.executable, tool, "--moves"], capture_output=True, text=True,
                           check=True, timeout=60).stdout
    assert moves == ""
    listing = subprocess.run([sys.executable, tool], capture_output=True, text=True, check=True,
                             timeout=60).stdout.splitlines()
    assert any(line.split()[:2] == ["options", "test_option_dux.py"] for line in listing)
    assert listing[-1].endswith(f"({len(tests_layout.every_test_file())} files)")
