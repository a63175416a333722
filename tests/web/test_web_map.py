"""The map's geometry (issue 9): every province placed from the board file's positions, its
territory the Voronoi cell of its point, a user's board drawn from its own positions."""

from __future__ import annotations

from importlib import resources

from tetrarchia.core.board import default_board, parse_board
from tetrarchia.web.geography import HEIGHT, WIDTH, board_positions, map_json, project, voronoi_cells

Point = tuple[float, float]


def inside(point: Point, polygon: list[Point]) -> bool:
    """Ray casting: whether ``point`` lies inside ``polygon``."""
    x, y = point
    result = False
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def test_every_province_of_the_shipped_board_has_a_position_in_the_frame() -> None:
    board = default_board()
    positions = board_positions(board, None)
    assert set(positions) == {p.id for p in board.provinces}
    for lon, lat in positions.values():
        x, y = project(lon, lat)
        assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT


def test_each_territory_holds_its_own_point_and_no_other() -> None:
    board = default_board()
    geometry = map_json(board, None)
    points: list[Point] = [(float(x), float(y)) for x, y in geometry["points"]]
    cells = voronoi_cells(points, WIDTH, HEIGHT, [200.0] * len(points))
    for i, cell in enumerate(cells):
        assert inside(points[i], cell), board.provinces[i].id
        assert not any(inside(q, cell) for j, q in enumerate(points) if j != i)
    assert all(path.startswith("M") and path.endswith("Z") for path in geometry["cells"])


def test_the_shipped_board_file_is_untouched_by_the_map() -> None:
    """The positions live in data/positions.toml: board.toml's text, and the digest every saved
    game records, stay those of the board the rules were played on."""
    text = resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")
    assert "position" not in text and "lon" not in text


def test_a_users_board_is_drawn_from_its_own_positions() -> None:
    text = resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")
    mine = 'position = { lon = 12.0, lat = 42.5, basis = "mine" }'
    moved = text.replace('{ id = "roma", name = "ROMA",', f'{{ id = "roma", {mine}, name = "ROMA",')
    assert moved != text
    board = parse_board(moved, "my-board.toml")
    assert board_positions(board, moved)["roma"] == (12.0, 42.5)
    assert board_positions(board, moved)["sicilia"] == board_positions(default_board(), None)["sicilia"]
    # a province the shipped positions do not know is placed between its neighbours
    renamed = text.replace('"sicilia"', '"trinacria"').replace('"SICILIA"', '"TRINACRIA"')
    board = parse_board(renamed, "my-board.toml")
    lon, lat = board_positions(board, renamed)["trinacria"]
    assert 9 < lon < 16 and 35 < lat < 42  # near Lvcania and Africa, its neighbours
