"""The build backend: setuptools, plus mypy in the build environment when a compiled core is asked.

``pip install`` builds in an isolated environment holding only ``build-system.requires``.  mypyc
(shipped with mypy) is needed there only when ``TETRARCHIA_COMPILE=1`` asks for the compiled core
(``setup.py``), so it is requested here, at that moment, instead of in every build: a plain
install downloads nothing more and needs no compiler.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook setuptools provides)

MYPYC = "mypy>=1.10"


def compile_requested() -> bool:
    """``TETRARCHIA_COMPILE=1`` (or true/yes/on) asks for the compiled core."""
    return os.environ.get("TETRARCHIA_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def _with_mypyc(ask_setuptools: Callable[[], list[str]]) -> list[str]:
    """setuptools' own requirements (it runs setup.py to find them: as a pure build, since mypyc
    is not installed yet), plus mypy when the compiled core is asked."""
    if not compile_requested():
        return ask_setuptools()
    saved = os.environ.pop("TETRARCHIA_COMPILE")
    try:
        return [*ask_setuptools(), MYPYC]
    finally:
        os.environ["TETRARCHIA_COMPILE"] = saved


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _with_mypyc(lambda: _setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _with_mypyc(lambda: _setuptools.get_requires_for_build_editable(config_settings))
