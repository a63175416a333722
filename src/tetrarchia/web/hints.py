"""The hint's time budgets (issue 24, item 1: "a time budget, default about 2 s, settable; the
page shows progress while it thinks"): the page offers to think longer, 2 s, 10 s, 30 s, as far
as the host allows.  The host sets the most a hint may think (``create_app(hint_most=...)``): a
request asking for more is brought down to it by the hint route (``app.hint_seconds``), so a seat
never holds a core longer than the host said.  ``GET /api/hint-budgets`` tells the page the
choices, so it never offers one the server would cut short.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

CHOICES = (2.0, 10.0, 30.0)  # seconds the page offers, the first the default


def budgets(default: float, most: float) -> dict[str, object]:
    """The hint's default time, the most the host allows, and the choices within it (the most
    itself when it falls between two)."""
    choices = [c for c in CHOICES if c <= most]
    if most not in choices and (not choices or most > choices[-1]):
        choices.append(most)
    return {"default": min(default, most), "most": most, "choices": choices}


def hint_routes(default: float, most: float) -> list[Route]:
    """The route of the choices (no credential: it tells nothing of any game)."""
    told = budgets(default, most)

    async def hint_budgets(request: Request) -> Response:
        return JSONResponse(told)

    return [Route("/api/hint-budgets", hint_budgets)]
