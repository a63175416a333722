"""Answers computed once and served as bytes (issue 26: ``GET /api/options`` is read beside the
load, by every start page; its content changes only with the registries of optional rules and of
AI players, which tests and extensions may add to while a server runs).

:class:`Precomputed` keeps one rendered JSON body per language and registries' contents; a key
the registries no longer match is computed again, so an option registered later is offered at
once, as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from starlette.responses import JSONResponse, Response

from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.players.registry import PLAYERS

KEPT = 64  # bodies kept at most (languages x registries' states): a bound, never reached in use


class Precomputed:
    """``build(lang)``'s JSON, rendered once per ``(lang, key())`` (``key``: what the content
    depends on besides the language), as ``JSONResponse`` would render it each time."""

    def __init__(self, build: Callable[[str], dict[str, Any]], key: Callable[[], Hashable]) -> None:
        self.build = build
        self.key = key
        self.bodies: dict[tuple[str, Hashable], bytes] = {}
        self.lock = threading.Lock()

    def body(self, lang: str) -> bytes:
        key = (lang, self.key())
        with self.lock:
            found = self.bodies.get(key)
        if found is not None:
            return found
        made = bytes(JSONResponse(self.build(lang)).body)  # the same bytes as the route's before
        with self.lock:
            if len(self.bodies) >= KEPT:
                self.bodies.clear()
            self.bodies[key] = made
        return made

    def response(self, lang: str) -> Response:
        return Response(self.body(lang), media_type="application/json")


def registries() -> Hashable:
    """What the options' catalogue depends on besides the language: the optional rules and the
    AI players registered now (each entry by its name and object: one registered again differs)."""
    return (tuple((key, id(module)) for key, module in REGISTRY.items()),
            tuple((name, id(player)) for name, player in PLAYERS.items()))
