"""Build the map asset of the browser board from Natural Earth (development time only).

The coastline comes from Natural Earth's land outline (public domain) as packed in the npm
package ``world-atlas`` (TopoJSON).  It is never fetched at run time: this script is run by a
developer, and its output, a small JSON file of SVG paths, is committed::

    mkdir -p /tmp/wa && (cd /tmp/wa && npm install world-atlas@2)
    python tools/build_map.py /tmp/wa/node_modules/world-atlas/land-50m.json

writes ``src/tetrarchia/web/static/map.json``: the land, cropped to the Roman world, projected
(``tetrarchia.web.geography.project``) and simplified (Douglas-Peucker, ``--tolerance`` page
units), with the lines dividing the three sea zones.

The provinces' territories are not in the asset: the server draws them from the board file's
``position`` entries (``geography.map_json``), so a replaced board needs nothing rebuilt.  To see
a board file's map as one SVG picture (to check the positions of a corrected board)::

    python tools/build_map.py --board my-board.toml --svg my-board.svg
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tetrarchia.core.board import default_board, load_board
from tetrarchia.web.geography import (
    HEIGHT,
    LAT_MAX,
    LAT_MIN,
    LON_MAX,
    LON_MIN,
    WIDTH,
    Point,
    map_json,
    project,
)

ASSET = Path(__file__).resolve().parent.parent / "src" / "tetrarchia" / "web" / "static" / "map.json"
# The lines between the sea zones (R5.2: the fleets' zones), in longitude/latitude: the Strait
# of Gibraltar between Mare Atlanticvm and Mare Internvm; the Strait of Otranto's latitude
# down to Cyrenaica between Mare Internvm and Mare Aegaevm (the board's zone 3 holds the Aegean,
# the eastern sea and the Black Sea).
DIVIDERS = [[(-5.6, 37.2), (-5.6, 35.2)], [(21.3, 38.2), (21.0, 36.4), (20.6, 32.6)]]


def decode_arcs(topology: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """TopoJSON arcs (quantized, delta-encoded) → lists of longitude/latitude."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        points = []
        x = y = 0
        for dx, dy, *_ in arc:
            if transform:
                x, y = x + dx, y + dy
                sx, sy = transform["scale"]
                tx, ty = transform["translate"]
                points.append((x * sx + tx, y * sy + ty))
            else:
                points.append((dx, dy))
        arcs.append(points)
    return arcs


def rings(topology: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Every ring of the ``land`` object, as closed lists of longitude/latitude."""
    arcs = decode_arcs(topology)

    def ring(indexes: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for i in indexes:
            arc = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
            points.extend(arc if not points else arc[1:])
        return points

    land = topology["objects"]["land"]
    geometries = land.get("geometries", [land])
    found: list[list[tuple[float, float]]] = []
    for geometry in geometries:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            found.extend(ring(r) for r in polygon)
    return found


def crop(points: list[Point]) -> list[Point]:
    """Clamp a ring to a frame a little larger than the page: the page's own clip cuts it."""
    margin = 3.0
    return [(min(max(lon, LON_MIN - margin), LON_MAX + margin),
             min(max(lat, LAT_MIN - margin), LAT_MAX + margin)) for lon, lat in points]


def simplify(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker on page coordinates (iterative: long coasts would recurse too deep)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        worst, index = 0.0, -1
        for i in range(first + 1, last):
            x, y = points[i]
            d = abs(dy * (x - x1) - dx * (y - y1)) / norm if norm else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            if d > worst:
                worst, index = d, i
        if worst > tolerance and index > 0:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def visible(ring: list[tuple[float, float]]) -> bool:
    return any(LON_MIN - 2 <= lon <= LON_MAX + 2 and LAT_MIN - 2 <= lat <= LAT_MAX + 2
               for lon, lat in ring)


def build_asset(topology: dict[str, Any], tolerance: float) -> dict[str, Any]:
    paths = []
    for ring in rings(topology):
        if not visible(ring):
            continue
        projected = simplify([project(lon, lat) for lon, lat in crop(ring)], tolerance)
        if len(projected) < 4:
            continue
        paths.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in projected[:-1]) + "Z")
    return {
        "attribution": "Coastline: Natural Earth (public domain), via the world-atlas package",
        "width": WIDTH, "height": HEIGHT,
        "frame": {"lon": [LON_MIN, LON_MAX], "lat": [LAT_MIN, LAT_MAX]},
        "land": "".join(paths),
        "dividers": ["M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in (project(*p) for p in line))
                     for line in DIVIDERS],
    }


def board_svg(asset: dict[str, Any], board_path: Path | None) -> str:
    """The whole map of a board file as one SVG picture: land, territories, links, names."""
    board = load_board(board_path) if board_path else default_board()
    text = board_path.read_text("utf-8") if board_path else None
    geometry = map_json(board, text)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">',
             '<rect width="100%" height="100%" fill="#bcd6e6"/>',
             f'<clipPath id="land"><path d="{asset["land"]}"/></clipPath>',
             f'<path d="{asset["land"]}" fill="#efe6cf"/>', '<g clip-path="url(#land)">']
    for p, cell in zip(board.provinces, geometry["cells"], strict=True):
        fill = "#d8d0c0" if p.is_border else ["#e9d8a6", "#c8e0b0", "#f2c6a0", "#b8d4e8",
                                                "#e0c0e0", "#f0e0a0", "#f5b8b0"][p.region]
        parts.append(f'<path d="{cell}" fill="{fill}" stroke="#7a6a50" stroke-width="0.8"/>')
    parts.append("</g>")
    for link in board.links:
        (x1, y1), (x2, y2) = geometry["points"][link.a], geometry["points"][link.b]
        dash = ' stroke-dasharray="4 3"' if link.broken else ""
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333"{dash}/>')
    for p, (x, y) in zip(board.provinces, geometry["points"], strict=True):
        parts.append(f'<circle cx="{x}" cy="{y}" r="5" fill="#fff" stroke="#333"/>'
                     f'<text x="{x}" y="{y - 8}" font-size="9" text-anchor="middle">'
                     f'{p.title}{" " + p.coords if p.coords else ""}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("topojson", nargs="?", type=Path,
                        help="world-atlas land-50m.json (omit to reuse the committed asset)")
    parser.add_argument("--tolerance", type=float, default=1.2, help="simplification, page units")
    parser.add_argument("--out", type=Path, default=ASSET)
    parser.add_argument("--board", type=Path, help="a board file to draw as --svg")
    parser.add_argument("--svg", type=Path, help="write the board's whole map as one SVG")
    args = parser.parse_args(argv)
    if args.topojson is not None:
        asset = build_asset(json.loads(args.topojson.read_text("utf-8")), args.tolerance)
        args.out.write_text(json.dumps(asset, separators=(",", ":")) + "\n", "utf-8")
        print(f"{args.out}: {args.out.stat().st_size:,} bytes", file=sys.stderr)
    else:
        asset = json.loads(ASSET.read_text("utf-8"))
    if args.svg is not None:
        args.svg.write_text(board_svg(asset, args.board), "utf-8")
        print(f"{args.svg}: the map of {args.board or 'the shipped board'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
