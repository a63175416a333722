"""The page and what it reads before any game (issue 25, item 4): the single page at each of its
addresses, its files, its sentences in every language, Learn to play and the default map."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from tetrarchia.core.board import default_board
from tetrarchia.web import i18n, tutorial
from tetrarchia.web.geography import map_json
from tetrarchia.web.i18n import LANGUAGES, accepted
from tetrarchia.web.views import board_json

STATIC = Path(str(resources.files("tetrarchia.web").joinpath("static")))


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def tutorial_served(request: Request) -> Response:
    """``GET /api/tutorial?lang=``: Learn to play in the page's language, else the browser's
    (web/tutorial.py holds the lessons; here they meet the catalogue, so that the catalogue,
    which collects the lessons' sentences, need not import the route)."""
    chosen = request.query_params.get("lang")
    lang = chosen if chosen in LANGUAGES else accepted(request.headers.get("accept-language")) or "en"
    return JSONResponse(tutorial.tutorial_json(lang, i18n.catalogue(lang)))


async def translations(request: Request) -> Response:
    return JSONResponse(i18n.catalogue(request.path_params["lang"]))


async def default_board_route(request: Request) -> Response:
    """The map of the rulebook's board, for the start page before any game exists."""
    board = default_board()
    data = board_json(board, None)
    data["map"] = map_json(board, None)
    return JSONResponse(data)


def page_routes() -> list[BaseRoute]:
    """The page's addresses (each its own view of the one page: static/game.js reads the path)."""
    return [
        Route("/", index),
        Route("/game/{game_id}", index),
        Route("/replay/{game_id}", index),
        Route("/learn", index),  # Learn to play (web/tutorial.py, static/tutorial.js)
        Route("/lobby", index),  # the open tables (web/lobby.py, static/lobby.js)
        Route("/api/tutorial", tutorial_served),
        Route("/analysis/{game_id}", index),
        Route("/challenge", index),  # the daily challenge (web/challenge.py, static/challenge.js)
        Route("/api/board", default_board_route),
        Route("/api/i18n/{lang}", translations),
    ]


def static_files() -> Mount:
    """The page's scripts, styles and sounds: the server's own files, nothing from outside."""
    return Mount("/static", StaticFiles(directory=STATIC), name="static")
