"""docs/extending.md's worked example is real code: its python blocks, run in order in a fresh
process (so that the made-up Annona rule never enters this process's registry), define a whole
optional rule and test it."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

DOC = ROOT / "docs" / "extending.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), flags=re.S)


def test_the_worked_example_defines_and_tests_a_whole_rule() -> None:
    code = "\n".join(blocks())
    assert "register(RuleModule(" in code and "apply_action(" in code
    script = code + "\nprint('annona ok')\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("annona ok")


def test_the_made_up_rule_is_not_in_the_game() -> None:
    from tetrarchia.core.rulebook import REGISTRY

    assert "annona" not in REGISTRY
