"""The map's geometry: where each province lies (longitude and latitude of its capital or
centre), the projection onto the page, and each province's territory as the Voronoi cell of its
centre (the page clips the cells to the land).

A province's position is the ``position`` of its entry in the board file when the file gives
one (a user's board), else the shipped ``data/positions.toml`` by its id, else a point between
its neighbours.  The shipped board.toml carries none, so its text, and the digest every saved
game records, are those of the board the rules were always played on.

The coastline itself is a pre-built asset (``static/map.json``, made by ``tools/build_map.py``
from Natural Earth at development time); this module only reads the board file, so a board a
user replaces gets its territories drawn from its own positions at run time.
"""

from __future__ import annotations

import math
import tomllib
from importlib import resources
from typing import Any

from tetrarchia.core.board import Board

# An equirectangular projection centred on the Mediterranean, scaled by cos(40°) so shapes at
# the latitude of Roma keep their proportions; the frame covers the Empire and its borders.
LON_MIN, LON_MAX, LAT_MIN, LAT_MAX = -13.0, 47.0, 26.5, 56.0
LAT_CENTRE = 40.0
SCALE = 20.0  # page units per degree of latitude
WIDTH = round((LON_MAX - LON_MIN) * math.cos(math.radians(LAT_CENTRE)) * SCALE)
HEIGHT = round((LAT_MAX - LAT_MIN) * SCALE)

Point = tuple[float, float]
REACH_SIDES = 20  # the polygon standing for a circle around a province's point
PROVINCE_REACH, BORDER_REACH = 4.5 * SCALE, 7.0 * SCALE


def project(lon: float, lat: float) -> Point:
    """Longitude/latitude → page coordinates (x to the east, y down)."""
    x = (lon - LON_MIN) * math.cos(math.radians(LAT_CENTRE)) * SCALE
    y = (LAT_MAX - lat) * SCALE
    return round(x, 1), round(y, 1)


def board_text(board: Board, text: str | None) -> str:
    """The text of the board file: ``text`` for a user's board, the shipped file otherwise."""
    if text is not None:
        return text
    return resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")


def _position(entry: Any) -> Point | None:
    position = entry.get("position") if isinstance(entry, dict) else None
    if not isinstance(position, dict):
        return None
    lon, lat = position.get("lon"), position.get("lat")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (lon, lat)):
        return None
    assert isinstance(lon, (int, float)) and isinstance(lat, (int, float))
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        return None
    return float(lon), float(lat)


def shipped_positions() -> dict[str, Any]:
    """``data/positions.toml``: the positions of the shipped board's provinces and sea zones."""
    text = resources.files("tetrarchia.data").joinpath("positions.toml").read_text("utf-8")
    return tomllib.loads(text)


def board_positions(board: Board, text: str | None) -> dict[str, Point]:
    """Province id → (lon, lat): the board file's own ``position`` entries, else the shipped
    positions by id.  A province with neither (a new id in a user's board) is placed between its
    neighbours that have one."""
    data = tomllib.loads(board_text(board, text))
    known = board.by_id
    found: dict[str, Point] = {}
    for id_, entry in shipped_positions().get("provinces", {}).items():
        point = _position({"position": entry})
        if point is not None and id_ in known:
            found[id_] = point
    for key in ("provinces", "borders"):
        for entry in data.get(key, []) or []:
            point = _position(entry)
            if point is not None and isinstance(entry.get("id"), str):
                found[entry["id"]] = point
    for _ in range(len(board.provinces)):  # fill the gaps from the neighbours, a ring at a time
        missing = [p for p in board.provinces if p.id not in found]
        if not missing:
            break
        for p in missing:
            near = [found[board.provinces[q].id] for q, _ in board.neighbours[p.index]
                    if board.provinces[q].id in found]
            if near:
                found[p.id] = (sum(x for x, _ in near) / len(near) + 0.4,
                               sum(y for _, y in near) / len(near) + 0.4)
    return found


def zone_positions(board: Board, text: str | None) -> dict[int, Point]:
    """Sea zone → (lon, lat) of its name: the board file's, else the shipped one."""
    data = tomllib.loads(board_text(board, text))
    found: dict[int, Point] = {}
    for zone, entry in shipped_positions().get("sea_zones", {}).items():
        point = _position({"position": entry})
        if point is not None and zone.isdigit() and int(zone) in board.zones:
            found[int(zone)] = point
    for entry in data.get("sea_zones", []) or []:
        point = _position(entry)
        if point is not None and isinstance(entry.get("id"), int):
            found[entry["id"]] = point
    return found


def _clip(polygon: list[Point], a: Point, b: Point) -> list[Point]:
    """The part of ``polygon`` nearer to ``a`` than to ``b`` (one half-plane of their bisector)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]

    def inside(p: Point) -> bool:
        return (p[0] - mx) * nx + (p[1] - my) * ny <= 0

    def cross(p: Point, q: Point) -> Point:
        dp = (p[0] - mx) * nx + (p[1] - my) * ny
        dq = (q[0] - mx) * nx + (q[1] - my) * ny
        t = dp / (dp - dq)
        return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])

    out: list[Point] = []
    for i, current in enumerate(polygon):
        previous = polygon[i - 1]
        if inside(current):
            if not inside(previous):
                out.append(cross(previous, current))
            out.append(current)
        elif inside(previous):
            out.append(cross(previous, current))
    return out


def voronoi_cells(points: list[Point], width: float, height: float,
                  reach: list[float] | None = None) -> list[list[Point]]:
    """The Voronoi cell of each point inside the frame (half-plane clipping: 48 points, so the
    quadratic method costs nothing), each kept within ``reach[i]`` of its point, so that a
    province at the edge of the Empire does not claim the whole desert."""
    frame = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    cells = []
    for i, a in enumerate(points):
        cell = frame
        for j, b in enumerate(points):
            if i != j and b != a and cell:
                cell = _clip(cell, a, b)
        if reach is not None:
            for k in range(REACH_SIDES):
                angle = 2 * math.pi * k / REACH_SIDES
                far = (a[0] + 2 * reach[i] * math.cos(angle), a[1] + 2 * reach[i] * math.sin(angle))
                if cell:
                    cell = _clip(cell, a, far)
        cells.append(cell)
    return cells


def svg_path(polygon: list[Point]) -> str:
    if not polygon:
        return ""
    return "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in polygon) + "Z"


def map_json(board: Board, text: str | None) -> dict[str, Any]:
    """The geometry of the board's map: each province's point and territory, the sea labels."""
    positions = board_positions(board, text)
    points = [project(*positions.get(p.id, (LON_MIN, LAT_MIN))) for p in board.provinces]
    reach = [BORDER_REACH if p.is_border else PROVINCE_REACH for p in board.provinces]
    cells = voronoi_cells(points, WIDTH, HEIGHT, reach)
    return {
        "width": WIDTH, "height": HEIGHT,
        "points": [list(p) for p in points],
        "cells": [svg_path(c) for c in cells],
        "zones": {str(z): list(project(*ll)) for z, ll in zone_positions(board, text).items()},
    }
