"""Copy the browser test run's screens of each page into docs/screens/ (docs/web.md shows them).

    .venv/bin/pytest -m browser tests/web/test_web_browser_screens.py tests/web/test_web_browser_analysis.py \
        tests/web/test_web_browser_challenge.py tests/web/test_web_hint_browser.py
    .venv/bin/python tools/screens.py

The start, game, end, replay and tutorial pages come from tests/web/test_web_browser_screens.py, the
analysis page from tests/web/test_web_browser_analysis.py (its own screenshots, not taken twice), the
daily challenge's from tests/web/test_web_browser_challenge.py, the hint beside the map from
tests/web/test_web_hint_browser.py.
A screen the run did not make is named, and the script fails: docs/ never keeps a stale one
silently.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-artifacts" / "browser"
SCREENS = ROOT / "docs" / "screens"
SIZES = ("1440x900", "390x844")
PAGES = ("start", "game", "end", "replay", "tutorial")


def wanted() -> dict[str, str]:
    """docs/screens/ name -> test-artifacts/browser/ name."""
    names = {f"page-{page}-{size}.png": f"page-{page}-{size}.png" for page in PAGES for size in SIZES}
    names.update({f"page-analysis-{size}.png": f"analysis-{size}.png" for size in SIZES})
    names.update({f"page-challenge-{size}.png": f"challenge-{size}.png" for size in SIZES})
    names["hint.png"] = "hint-roman-phase-1440.png"  # a Roman phase's plans, the map in view
    return names


def main() -> int:
    missing = [source for source in wanted().values() if not (SHOTS / source).is_file()]
    if missing:
        print(f"not made by the test run (in {SHOTS}): {', '.join(missing)}", file=sys.stderr)
        return 1
    for target, source in wanted().items():
        shutil.copyfile(SHOTS / source, SCREENS / target)
        print(f"docs/screens/{target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
