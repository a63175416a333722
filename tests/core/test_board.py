"""The board (R2, BOARD.md): the default reconstruction, and the validation of board files.

A user corrects the map by editing a copy of ``data/board.toml`` (docs/board.md); every broken
variant below is written to a file and loaded, and must be refused with a BoardError that names
the entry at fault.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from tetrarchia.core.board import ITALIA, Board, default_board, load_board, parse_board
from tetrarchia.core.errors import BoardError
from tetrarchia.core.pieces import Emperor


def board_text() -> str:
    return resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")


def edit(text: str, old: str, new: str) -> str:
    """Replace the one occurrence of ``old`` (the test fails loudly if the file changed)."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in board.toml"
    return text.replace(old, new)


def drop_line(text: str, start: str) -> str:
    """Remove the one line that starts (after indentation) with ``start``."""
    lines = text.splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if line.lstrip().startswith(start)]
    assert len(hits) == 1, f"{start!r} starts {len(hits)} lines in board.toml"
    del lines[hits[0]]
    return "".join(lines)


def add_line(text: str, after: str, line: str) -> str:
    """Insert ``line`` after the one line that starts with ``after``."""
    lines = text.splitlines(keepends=True)
    hits = [i for i, x in enumerate(lines) if x.lstrip().startswith(after)]
    assert len(hits) == 1, f"{after!r} starts {len(hits)} lines in board.toml"
    lines.insert(hits[0] + 1, "  " + line + "\n")
    return "".join(lines)


def province_line(pid: str) -> str:
    return f'{{ id = "{pid}",'


# --- the default board --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def board() -> Board:
    return default_board()


def test_the_shipped_file_loads_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(board_text(), "utf-8")
    loaded = load_board(path)
    assert loaded.digest == default_board().digest
    assert loaded.source == str(path)


def test_42_roman_provinces_in_7_regions_of_6(board: Board) -> None:  # R2
    assert len(board.roman) == 42
    assert len(board.borders) == 6
    assert board.size == 48
    for region in (1, 2, 3, 4, 5, 6, ITALIA):
        provinces = board.region_provinces[region]
        assert len(provinces) == 6, region
        if region != ITALIA:
            assert sorted(board.provinces[p].number or 0 for p in provinces) == [1, 2, 3, 4, 5, 6]
    assert all(board.provinces[p].number is None for p in board.region_provinces[ITALIA])


def test_board_order(board: Board) -> None:  # D11: regions I-VI by number, then Italia, then borders
    labels = [board.provinces[i].coords for i in range(36)]
    assert labels[:7] == ["I:1", "I:2", "I:3", "I:4", "I:5", "I:6", "II:1"]
    assert labels[-1] == "VI:6"
    assert all(board.provinces[i].region == ITALIA for i in range(36, 42))
    assert [board.provinces[b].id for b in board.borders] == [
        "gaetvlia", "britannia", "germania_magna", "sarmatia", "persia", "libya",
    ]


def test_74_links_23_broken(board: Board) -> None:  # BOARD.md
    assert len(board.links) == 74
    assert sum(link.broken for link in board.links) == 23
    assert len(board.link_between) == 2 * 74


@pytest.mark.parametrize(
    ("a", "b", "broken"),
    [
        ("Germania Svperior", "Narbonensis", False),  # 000: attack for 2 IP (normal + revolt)
        ("Cisalpina", "Narbonensis", True),  # 000: attack from Cisalpina costs 3 (broken + revolt)
        ("Macedonia", "Dalmatia", True),  # 000: Diocletian pays 3 IP into a revolt
        ("Etrvria", "Roma", False),
        ("Britannia", "Belgica", True),  # BGG: the Britannia entry is rough terrain
        ("Sarmatia", "Dacia", True),  # BGG: the Sarmatia entry too
    ],
)
def test_links_of_the_rulebook_examples(board: Board, a: str, b: str, broken: bool) -> None:
    pa, pb = board.province(a).index, board.province(b).index
    assert board.linked(pa, pb) and board.linked(pb, pa)
    assert board.link_between[(pa, pb)].broken is broken


ARROW_PATHS = {  # BOARD.md "The Barbarian paths it encodes"
    "gaetvlia": "tingitana baetica lvsitania gallaecia tarraconensis narbonensis cisalpina etrvria roma",
    "britannia": "belgica germania_inferior germania_superior lvgdvnensis aqvitania narbonensis "
                 "cisalpina etrvria roma",
    "germania_magna": "rhaetia pannonia_superior noricvm pannonia_inferior dalmatia venetia etrvria roma",
    "sarmatia": "dacia moesia_inferior thracia macedonia epirvs lvcania roma",
    "persia": "mesopotamia syria cilicia cappadocia asia bithynia thracia macedonia epirvs lvcania roma",
    "libya": "aegyptvs cyrenaica tripolitania africa sicilia lvcania roma",
}


@pytest.mark.parametrize("border", list(ARROW_PATHS))
def test_arrow_paths_of_board_md(board: Board, border: str) -> None:  # R2, R7.3
    path: list[str] = []
    p = board.province(border).index
    while p != board.roma:
        p = board.arrow[p]
        assert p >= 0, f"the path from {border} stops in {path[-1]}"
        path.append(board.provinces[p].id)
    assert path == ARROW_PATHS[border].split()
    assert board.steps_to_roma[board.province(border).index] == len(path)


def test_province_one_follows_each_border(board: Board) -> None:  # R2: border -> province 1
    for region in range(1, 7):
        first = board.arrow[board.border_of[region]]
        assert board.provinces[first].region == region and board.provinces[first].number == 1


def test_every_path_step_is_a_link(board: Board) -> None:
    for p, q in enumerate(board.arrow):
        if q >= 0:
            assert board.linked(p, q), board.name(p)


def test_germania_svperior_is_6_steps_along_its_path_but_3_links_from_roma(board: Board) -> None:  # D10
    gs = board.province("Germania Svperior").index
    assert board.steps_to_roma[gs] == 6
    assert board.distance_to_roma[gs] == 3


@pytest.mark.parametrize(
    ("province", "next_step"),
    [
        ("Carthaginensis", "Tarraconensis"),
        ("Moesia Svperior", "Dalmatia"),
        ("Achaia", "Epirvs"),
        ("Nvmidia", "Africa"),
        ("Mavretania", "Nvmidia"),
    ],
)
def test_d9_next_step_off_the_paths(board: Board, province: str, next_step: str) -> None:
    """D9: no arrow out: the linked province nearest to Roma (ties: on a path, then lowest)."""
    p = board.province(province).index
    assert board.arrow[p] == -1
    assert board.next_step[p] == board.province(next_step).index


def test_only_the_five_provinces_of_board_md_and_roma_have_no_arrow(board: Board) -> None:
    without = {board.provinces[p].id for p in range(board.size) if board.arrow[p] < 0}
    assert without == {"carthaginensis", "moesia_superior", "achaia", "nvmidia", "mavretania", "roma"}


def test_every_province_reaches_roma(board: Board) -> None:  # D9, D10
    for p in range(board.size):
        assert board.steps_to_roma[p] < 100, board.name(p)


def test_capitals(board: Board) -> None:  # R2
    assert {e: board.provinces[p].id for e, p in board.capital.items()} == {
        Emperor.CONSTANTIUS: "germania_inferior",
        Emperor.MAXIMIAN: "cisalpina",
        Emperor.GALERIUS: "pannonia_inferior",
        Emperor.DIOCLETIAN: "bithynia",
    }
    assert board.provinces[board.roma].capital_of == tuple(Emperor)
    assert board.printed[board.roma] == 0b1111


def test_sea_zones(board: Board) -> None:  # R2
    assert [board.zones[z].title for z in (1, 2, 3)] == ["Mare Atlanticvm", "Mare Internvm", "Mare Aegaevm"]
    assert {z: tuple(sorted(board.zones[z].adjacent)) for z in (1, 2, 3)} == {1: (2,), 2: (1, 3), 3: (2,)}


def test_britannia_is_not_coastal(board: Board) -> None:  # R2
    assert board.province("Britannia").coastal == ()


@pytest.mark.parametrize("province", ["Moesia Inferior", "Thracia", "Bithynia"])
def test_black_sea_is_zone_3(board: Board, province: str) -> None:  # R2: the Black Sea is part of zone 3
    assert 3 in board.province(province).coastal


def test_aegean_fleet_joins_bithynia_and_macedonia(board: Board) -> None:  # BOARD.md Diocletian example
    coast = board.coast[3]
    assert board.province("Bithynia").index in coast and board.province("Macedonia").index in coast


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("II:5", "aqvitania"),
        ("ii : 5", "aqvitania"),
        ("aqvitania", "aqvitania"),
        ("Aquitania", "aqvitania"),
        ("Germania Superior", "germania_superior"),
        ("germania_superior", "germania_superior"),
        ("Narb", "narbonensis"),
        ("ROMA", "roma"),
    ],
)
def test_province_lookup(board: Board, key: str, expected: str) -> None:
    assert board.province(key).id == expected


@pytest.mark.parametrize("key", ["Germania", "Atlantis", "VII:1", ""])
def test_province_lookup_refuses_unknown_or_ambiguous(board: Board, key: str) -> None:
    with pytest.raises(KeyError):
        board.province(key)


def test_labels(board: Board) -> None:
    assert board.label(board.province("II:5").index) == "Aqvitania II:5"
    assert board.label(board.roma) == "Roma"
    assert board.province("Germania Svperior").title == "Germania Svperior"


# --- broken board files -------------------------------------------------------------------------


def _41_provinces(t: str) -> str:
    return drop_line(t, province_line("sicilia"))


def _region_of_5(t: str) -> str:
    return edit(t, 'name = "MAVRETANIA", region = "VI", number = 5,',
                'name = "MAVRETANIA", region = "ITALIA",')


def _number_7(t: str) -> str:
    return edit(t, 'region = "I", number = 6,', 'region = "I", number = 7,')


def _duplicate_coords(t: str) -> str:
    return edit(t, 'name = "TARRACONENSIS", region = "I", number = 6,',
                'name = "TARRACONENSIS", region = "I", number = 5,')


def _italia_number(t: str) -> str:
    return edit(t, 'name = "VENETIA", region = "ITALIA",', 'name = "VENETIA", region = "ITALIA", number = 2,')


def _five_borders(t: str) -> str:
    return drop_line(t, province_line("libya"))


def _unknown_link_end(t: str) -> str:
    return edit(t, '{ a = "lvcania", b = "sicilia"', '{ a = "lvcania", b = "sicila"')


def _duplicate_link(t: str) -> str:
    return add_line(t, '{ a = "etrvria", b = "roma"', '{ a = "roma", b = "etrvria", broken = false },')


def _self_link(t: str) -> str:
    return add_line(t, '{ a = "etrvria", b = "roma"', '{ a = "roma", b = "roma", broken = false },')


def _arrow_off_link(t: str) -> str:
    return edit(t, '{ from = "sicilia", to = "lvcania"', '{ from = "sicilia", to = "roma"')


def _two_arrows(t: str) -> str:
    return add_line(t, '{ from = "etrvria", to = "roma"', '{ from = "tingitana", to = "gaetvlia" },')


def _arrow_loop(t: str) -> str:
    return edit(t, '{ from = "lvcania", to = "roma"', '{ from = "lvcania", to = "epirvs"')


def _path_not_to_roma(t: str) -> str:
    return drop_line(t, '{ from = "etrvria", to = "roma"')


def _zones_not_1_2_3(t: str) -> str:
    return edit(t, '{ id = 1, name = "MARE ATLANTICVM", adjacent = [2]',
                '{ id = 1, name = "MARE ATLANTICVM", adjacent = [3]')


def _unknown_zone(t: str) -> str:
    return edit(t, 'name = "SICILIA", region = "ITALIA", capital_of = [], coastal = [2]',
                'name = "SICILIA", region = "ITALIA", capital_of = [], coastal = [2, 4]')


def _missing_capital(t: str) -> str:
    return edit(t, 'capital_of = ["Constantius"]', "capital_of = []")


def _roma_three_colours(t: str) -> str:
    return edit(t, 'capital_of = ["Diocletian", "Galerius", "Constantius", "Maximian"]',
                'capital_of = ["Diocletian", "Galerius", "Constantius"]')


def _broken_not_bool(t: str) -> str:
    return edit(t, '{ a = "lvcania", b = "sicilia", broken = true',
                '{ a = "lvcania", b = "sicilia", broken = "yes"')


def _bad_toml(t: str) -> str:
    return t + "\nlinks = [ { a = \n"


BROKEN_FILES = [
    pytest.param(_bad_toml, r"not valid TOML", id="bad-toml"),
    pytest.param(_41_provinces, r"provinces: there must be 42 Roman provinces, found 41", id="41-provinces"),
    pytest.param(_region_of_5, r"region VI must have 6 provinces, found 5", id="region-of-5"),
    pytest.param(_number_7, r"provinces\[5\] \(tarraconensis\): 'number' must be 1-6 in region I",
                 id="number-7"),
    pytest.param(_duplicate_coords, r"\(tarraconensis\): coordinates I:5 already used by 'carthaginensis'",
                 id="duplicate-coordinates"),
    pytest.param(_italia_number, r"\(venetia\): a province of Italia has no coordinates", id="italia-number"),
    pytest.param(_five_borders, r"borders: there must be 6 borders, one per region I-VI, found 5",
                 id="5-borders"),
    pytest.param(_unknown_link_end, r"links\[\d+\] \(lvcania - sicila\): unknown province 'sicila'",
                 id="link-to-unknown-province"),
    pytest.param(_duplicate_link, r"links\[\d+\] \(roma - etrvria\): these provinces are already linked",
                 id="duplicate-link"),
    pytest.param(_self_link, r"links\[\d+\] \(roma - roma\): a link must join two different provinces",
                 id="self-link"),
    pytest.param(_arrow_off_link, r"arrows\[\d+\] \(sicilia -> roma\): an arrow must lie on a link",
                 id="arrow-not-on-a-link"),
    pytest.param(_two_arrows,
                 r"arrows\[\d+\] \(tingitana -> gaetvlia\): 'tingitana' already has an arrow out",
                 id="two-arrows-out"),
    pytest.param(_arrow_loop, r"arrow path from '\w+': the arrows form a loop", id="arrow-loop"),
    pytest.param(_path_not_to_roma, r"arrow path from '\w+': ends in 'etrvria', not in Roma",
                 id="path-not-ending-in-roma"),
    pytest.param(_zones_not_1_2_3, r"sea zone 1 \(MARE ATLANTICVM\): must be adjacent to \[2\]",
                 id="zones-not-adjacent-1-2-3"),
    pytest.param(_unknown_zone, r"\(sicilia\): coastal on unknown sea zone 4", id="unknown-coastal-zone"),
    pytest.param(_missing_capital,
                 r"capitals: Constantius must have exactly one capital besides Roma, found none",
                 id="missing-capital"),
    pytest.param(_roma_three_colours,
                 r"province 'roma': Roma must carry the printed disc of all four Emperors",
                 id="roma-without-four-colours"),
    pytest.param(_broken_not_bool, r"links\[\d+\] \(lvcania - sicilia\): field 'broken' must be a bool",
                 id="broken-not-boolean"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN_FILES)
def test_broken_board_files_are_refused(tmp_path: Path, change: object, message: str) -> None:
    assert callable(change)
    path = tmp_path / "my-board.toml"
    path.write_text(change(board_text()), "utf-8")
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert type(caught.value) is BoardError
    text = str(caught.value)
    assert text.startswith(f"{path}: "), text  # names the file
    assert re.search(message, text), text  # and the entry at fault


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(lambda t: edit(t, "sea_zones = [", "sea_zones_renamed = ["), r"sea_zones: missing",
                     id="no-sea-zones"),
        pytest.param(lambda t: edit(t, 'region = "II", number = 5,', 'region = "XII", number = 5,'),
                     r"\(aqvitania\): unknown region 'XII'", id="unknown-region"),
        pytest.param(lambda t: edit(t, 'capital_of = ["Maximian"]', 'capital_of = ["Nero"]'),
                     r"'cisalpina': unknown Emperor 'Nero'", id="capital-of-nero"),
        pytest.param(lambda t: edit(t, 'capital_of = ["Galerius"]', 'capital_of = ["Galerius", "Maximian"]'),
                     r"province 'pannonia_inferior': a capital belongs to one Emperor", id="shared-capital"),
        pytest.param(lambda t: edit(t, 'name = "VENETIA", region = "ITALIA", capital_of = []',
                                    'name = "VENETIA", region = "ITALIA", capital_of = ["Maximian"]'),
                     r"Maximian must have exactly one capital besides Roma, found cisalpina, venetia",
                     id="second-capital"),
        pytest.param(lambda t: edit(t, '{ id = "gaetvlia", name = "GAETVLIA", region = "I"',
                                    '{ id = "gaetvlia", name = "GAETVLIA", region = "II"'),
                     r"region II already has a border", id="two-borders-in-one-region"),
        pytest.param(lambda t: edit(t, '{ id = "libya", name = "LIBYA"', '{ id = "sicilia", name = "LIBYA"'),
                     r"id 'sicilia' is also a Roman province", id="border-named-like-a-province"),
        pytest.param(lambda t: edit(t, '{ id = "sicilia", name = "SICILIA"',
                                    '{ id = "tingitana", name = "SICILIA"'),
                     r"province id 'tingitana' appears twice", id="duplicate-province-id"),
        pytest.param(lambda t: add_line(t, '{ from = "etrvria", to = "roma"',
                                        '{ from = "roma", to = "lvcania" },'),
                     r"roma -> lvcania\): no arrow leaves Roma", id="arrow-out-of-roma"),
    ],
)
def test_more_broken_board_files(change: object, message: str) -> None:
    assert callable(change)
    with pytest.raises(BoardError, match=message):
        parse_board(change(board_text()), source="edited.toml")


def test_unreadable_board_files(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="cannot read board file"):
        load_board(tmp_path / "missing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BoardError, match="is not UTF-8"):
        load_board(binary)


def test_a_corrected_board_loads_and_changes_the_digest(tmp_path: Path) -> None:
    """The documented way to fix a link: edit a copy, load it (docs/board.md)."""
    fixed = edit(board_text(), '{ a = "lvcania", b = "sicilia", broken = true',
                 '{ a = "lvcania", b = "sicilia", broken = false')
    path = tmp_path / "corrected.toml"
    path.write_text(fixed, "utf-8")
    corrected = load_board(path)
    assert corrected.digest != default_board().digest
    lv, si = corrected.province("Lvcania").index, corrected.province("Sicilia").index
    assert corrected.link_between[(lv, si)].broken is False
    assert sum(link.broken for link in corrected.links) == 22
