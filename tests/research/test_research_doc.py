"""docs/research.md is runnable and its tables are the code's (issue 12 item 4)."""

from __future__ import annotations

import re
import warnings

from conftest import ROOT
from tetrarchia.core.board import default_board
from tetrarchia.research.encoding import action_space

DOC = ROOT / "docs" / "research.md"


def python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text("utf-8"), re.M | re.S)


def test_the_research_page_has_an_example_for_each_toolkit() -> None:
    blocks = python_blocks()
    assert len(blocks) == 4
    for name in ("pyspiel", "pettingzoo", "gymnasium", "openspiel-mcts"):
        assert any(name in block for block in blocks), name


def test_the_research_examples_run() -> None:
    namespace: dict[str, object] = {"__name__": "research_doc"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's naming advice, Gymnasium's render notes
        for number, block in enumerate(python_blocks(), 1):
            try:
                exec(compile(block, f"docs/research.md block {number}", "exec"), namespace)
            except Exception as exc:
                exc.add_note(f"in docs/research.md, python block {number}:\n{block}")
                raise


def test_the_action_table_is_the_numbering() -> None:
    text = DOC.read_text("utf-8")
    rows = re.findall(r"^\| ([a-z-]+) \| (\d+) \| (\d+) \|", text, re.M)
    assert [(name, int(first), int(size)) for name, first, size in rows] == \
        action_space(default_board()).blocks()
