"""docs/api.md is runnable: its ```python blocks run in order, in one namespace, as a program
would run them (issue 6, item 6)."""

from __future__ import annotations

import re

from conftest import ROOT

DOC = ROOT / "docs" / "api.md"


def python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text("utf-8"), re.M | re.S)


def test_the_api_page_has_examples() -> None:
    assert len(python_blocks()) >= 3


def test_the_api_examples_run() -> None:
    namespace: dict[str, object] = {"__name__": "api_doc"}
    for number, block in enumerate(python_blocks(), 1):
        try:
            exec(compile(block, f"docs/api.md block {number}", "exec"), namespace)
        except Exception as exc:
            exc.add_note(f"in docs/api.md, python block {number}:\n{block}")
            raise
