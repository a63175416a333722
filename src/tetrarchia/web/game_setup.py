"""A game's creation on the server (issue 25, item 4): the start page's settings read like
``tetrarchia play``'s options and checked, the optional rules offered, a new game or an imported
save with its seats, and the stored games' list.

- ``GET /api/options``: the optional rules, levels, shared Caesars and AI players, in the
  page's language; ``GET /api/levels``: the level chooser (web/difficulty.py).
- ``POST /api/settings/check``: the start page's settings, checked without creating a game.
- ``POST /api/games``, ``POST /api/games/import``: a new game (or a save carried on), its
  credentials given once; ``GET /api/games``: the stored games (unless the host hides them).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from tetrarchia.core.board import parse_board
from tetrarchia.core.errors import OptionError, said
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.rulebook import REGISTRY, find_module
from tetrarchia.core.settings import Settings
from tetrarchia.players.registry import PLAYERS
from tetrarchia.web import difficulty
from tetrarchia.web.live import Malformed, field, json_object, quoted, unknown_fields
from tetrarchia.web.precomputed import Precomputed, registries
from tetrarchia.web.secrecy import SEED_SPACE
from tetrarchia.web.server import Server

EMPEROR_SEATS = 4
SWITCHES = ("shared_caesar", "new_armies_advance", "broken_link_once", "support_group")
# The fields a new game's body may hold (the start page's form; the settings check reads the
# same body) and an import's: any other is refused (422) rather than ignored.
GAME_FIELDS = frozenset({"level", "players", "options", "params", "seed", "board", "position",
                         "hotseat", "ai", *SWITCHES})
IMPORT_FIELDS = frozenset({"save", "board", "hotseat", "ai"})


async def read_body(request: Request) -> dict[str, Any]:
    """The body as a JSON object; its size is bounded as it arrives (web/guard.py: 413)."""
    return json_object(await request.body())


def settings_from(data: dict[str, Any]) -> Settings:
    """The settings a start page sends, read like ``tetrarchia play``'s options: a scenario
    without a level is played at its own level (R13); 5 players are the four Emperor players
    and the Barbarian player (Barbaria, R12.6).  OptionError says what cannot be played."""
    unknown_fields(data, GAME_FIELDS)
    options = data.get("options") or []
    params = data.get("params") or {}
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise Malformed(said("{field} must be a list of option names, not {value}",
                             field=repr("options"), value=quoted(options)))
    if not isinstance(params, dict):
        raise Malformed(said("{field} must map 'option.parameter' to a value, not {value}",
                             field=repr("params"), value=quoted(params)))
    players = data.get("players", 1)
    if not isinstance(players, int) or isinstance(players, bool):
        raise Malformed(said("{field} must be a whole number, not {value}", field=repr("players"),
                             value=quoted(players)))
    if not 1 <= players <= EMPEROR_SEATS + 1:
        raise OptionError(said("{players} players: a game has 1-4 players, or 5 with the "
                               "Barbarian player (R10, R12.6)", players=players))
    keys = [find_module(o).key for o in options]
    if players > EMPEROR_SEATS and "barbaria" not in keys:
        keys.append("barbaria")
    level = data.get("level")
    levelled = [k for k in keys if REGISTRY[k].level is not None]  # R13: a scenario's own level
    if level in (None, "") and len(levelled) == 1:
        garrisons = params.get(f"{levelled[0]}.garrisons", 4)
        module_level = REGISTRY[levelled[0]].level
        assert module_level is not None  # narrowed by the list above
        level = str(module_level({"garrisons": int(garrisons) if str(garrisons).isdigit() else 4}))
    settings: dict[str, Any] = {key: data[key] for key in SWITCHES if key in data}
    settings.update(level=level or "4211", players=min(players, EMPEROR_SEATS), options=keys,
                    params=params)
    return Settings.from_json(settings)


def options_catalogue(lang: str = "en") -> dict[str, Any]:
    """Every optional rule the start page offers, with its parameters (the registry); their
    descriptions in ``lang`` (``render.labels``), their names as the rulebooks write them; the
    Caesars three players may share (R10: the value sent back is the save format's name, the
    text the rulebook's of ``lang``); the AI players, described in ``lang``."""
    from tetrarchia.render.catalogues import choice_word
    from tetrarchia.render.labels import emperor_name, phrase_in
    # names, parameters and values in ``lang`` beside the values sent back (issue 23)
    return {"options": [{"key": m.key, "title": phrase_in(m.title, lang), "family": m.family, "rule": m.rule,
                         "summary": phrase_in(m.summary, lang), "excludes": list(m.excludes),
                         "params": [{"name": p.name, "default": p.default, "choices": list(p.choices),
                                     "label": phrase_in(p.name, lang),
                                     "choice_texts": [phrase_in(choice_word(c), lang) for c in p.choices],
                                     "help": phrase_in(p.help, lang)} for p in m.params]}
                        for m in sorted(REGISTRY.values(), key=lambda m: (m.family, m.key))],
            "levels": [f"{g}{f}{r}{a}" for g in (5, 4, 3) for f in (3, 2, 1) for r in (0, 1, 2)
                       for a in (0, 1, 2)],
            # the AI players a seat can be given to (issue 10: the registry's names)
            "shared_caesars": [{"value": e.title, "text": emperor_name(e, lang)}
                               for e in (Emperor.GALERIUS, Emperor.CONSTANTIUS)],
            "ai_players": [{"name": p.name, "summary": phrase_in(p.summary, lang)} for p in
                           sorted(PLAYERS.values(), key=lambda p: p.name) if p.name != "random"]}


def seats_wanted(data: dict[str, Any]) -> tuple[bool, dict[int, str]]:
    """The seats a creation asks for: ``hotseat`` (one credential for every seat) and ``ai``
    (player's number -> the registry's player name)."""
    hotseat = field(data, "hotseat", bool, required=False) or False
    ai = field(data, "ai", dict, required=False) or {}
    wanted: dict[int, str] = {}
    for key, name in ai.items():
        if not str(key).isdigit() or not isinstance(name, str):
            raise Malformed(said("{field} maps a player's number to a player's name, not "
                                 "{key}: {value}", field=repr("ai"), key=quoted(key),
                                 value=quoted(name)))
        wanted[int(key)] = name.strip().lower()
    return hotseat, wanted


def setup_routes(server: Server, list_games: bool = True) -> list[BaseRoute]:
    """The routes that make games; ``list_games``: whether ``GET /api/games`` lists the stored
    games (``tetrarchia serve --hide-games`` hides them)."""

    async def list_stored(request: Request) -> Response:
        if not list_games:
            return JSONResponse({"games": [], "hidden": True})
        games = await asyncio.to_thread(server.store.listing)
        return JSONResponse({"games": [{"id": g.id, "created": g.created, "updated": g.updated,
                                        "actions": g.log_length, "result": g.result,
                                        "summary": g.summary} for g in games], "hidden": False})

    catalogue = Precomputed(options_catalogue, registries)  # rendered once per language (issue 26)

    async def options(request: Request) -> Response:
        return catalogue.response(server.lang(request))

    async def check_settings(request: Request) -> Response:
        async def handler() -> Response:
            data = await read_body(request)
            settings = settings_from(data)
            return JSONResponse({"ok": True, "settings": settings.to_json()})
        return await server.guarded(request, handler)

    async def create(request: Request) -> Response:
        async def handler() -> Response:
            await asyncio.to_thread(server.creation, request)
            data = await read_body(request)
            settings = settings_from(data)
            seed = field(data, "seed", int, required=False)
            if seed is not None and not 0 <= seed < SEED_SPACE:  # the stored seeds' range
                raise Malformed(said("{field} must be a whole number from 0 to {limit}, not {value}",
                                     field=repr("seed"), limit=f"{SEED_SPACE - 1:,}", value=quoted(seed)))
            board_text = field(data, "board", str, required=False)
            start = field(data, "position", dict, required=False)
            hotseat, ai = seats_wanted(data)
            if board_text:  # a BoardError (400) before anything, naming the body's field
                parse_board(board_text, repr("board"))
            if start is None:
                from tetrarchia.web.seats import check_ai
                check_ai(ai, settings)  # before the game is stored
            live = await asyncio.to_thread(server.authority.create, settings, seed, board_text, start)
            return await asyncio.to_thread(server.seated, request, live, hotseat, ai)
        return await server.guarded(request, handler)

    async def import_game(request: Request) -> Response:
        async def handler() -> Response:
            await asyncio.to_thread(server.creation, request)
            data = await read_body(request)
            unknown_fields(data, IMPORT_FIELDS)
            save = field(data, "save", dict)
            board_text = field(data, "board", str, required=False)
            hotseat, ai = seats_wanted(data)
            if board_text:  # a BoardError (400) naming the body's field
                parse_board(board_text, repr("board"))
            live = await asyncio.to_thread(server.authority.import_save, save, board_text)
            return await asyncio.to_thread(server.seated, request, live, hotseat, ai)
        return await server.guarded(request, handler)

    return [
        Route("/api/options", options),
        Route("/api/levels", difficulty.levels_route),  # the level chooser (issue 23)
        Route("/api/settings/check", check_settings, methods=["POST"]),
        Route("/api/games", list_stored),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/import", import_game, methods=["POST"]),
    ]
