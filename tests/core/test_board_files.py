"""Issue 7, board files: unique ids, names and coordinates; ids that cannot be confused with
coordinates, zone numbers or the words the formats reserve; names the notation can write and read
back; integer types checked; files that crashed the reader.  Each broken file is refused with a
BoardError naming the entry at fault."""

from __future__ import annotations

from importlib import resources

import pytest

from tetrarchia.core.board import parse_board
from tetrarchia.core.errors import BoardError


def board_text() -> str:
    return resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")


def edit(old: str, new: str) -> str:
    text = board_text()
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in board.toml"
    return text.replace(old, new)


BROKEN = [
    # the examples
    pytest.param(edit('name = "BAETICA"', 'name = "LVSITANIA"'), "lvsitania", "reads the same",
                 id="two-provinces-with-one-name"),
    pytest.param(edit('name = "BAETICA"', 'name = "LUSITANIA"'), "lvsitania", "reads the same",
                 id="names-equal-but-for-u-and-v"),
    pytest.param(edit('id = "baetica"', 'id = "II:5"'), "provinces[1]", "not coordinates",
                 id="id-equal-to-coordinates"),
    pytest.param(edit('id = "baetica"', 'id = ""'), "provinces[1]", "lower-case word", id="empty-id"),
    pytest.param(edit('id = "baetica"', 'id = " baetica"'), "provinces[1]", "lower-case word",
                 id="padded-id"),
    pytest.param(edit('name = "MARE INTERNVM"', 'name = ""'), "sea_zones[1]", "words of letters",
                 id="empty-sea-zone-name"),
    pytest.param(edit("{ id = 2, name", "{ id = 2.0, name"), "sea_zones[1]", "must be a int",
                 id="zone-number-as-float"),
    pytest.param(edit("coastal = [1, 2], basis = \"inferred\", note = \"named in seed (Mauretanian",
                      "coastal = [1.0, 2], basis = \"inferred\", note = \"named in seed (Mauretanian"),
                 "tingitana", "sea zone numbers", id="coastal-zone-as-float"),
    pytest.param(edit('{ id = 2, name = "MARE INTERNVM", adjacent = [1, 3]',
                      '{ id = 2, name = "MARE INTERNVM", adjacent = [true, 3]'),
                 "sea_zones[1]", "sea zone numbers", id="adjacent-zone-as-boolean"),
    # more ids and names the formats and the notation could not tell apart
    pytest.param(edit('id = "baetica"', 'id = "3"'), "provinces[1]", "lower-case word",
                 id="id-equal-to-a-zone-number"),
    pytest.param(edit('id = "baetica"', 'id = "dead"'), "provinces[1]", "lower-case word",
                 id="reserved-id-dead"),
    pytest.param(edit('id = "baetica"', 'id = "lvsitania_"'), "lvsitania", "reads the same",
                 id="id-reading-as-another-id"),
    pytest.param(edit('id = "baetica"', 'id = "lusitania"'), "lvsitania", "reads the same",
                 id="id-reading-as-another-name"),
    pytest.param(edit('name = "BAETICA"', 'name = "PORTVS TO ROMA"'), "baetica", "'to'",
                 id="name-with-a-joining-word"),
    pytest.param(edit('name = "BAETICA"', 'name = "BAETICA-2"'), "baetica", "words of letters",
                 id="name-with-a-digit-and-dash"),
    pytest.param(edit('name = "MARE INTERNVM"', 'name = "MARE"'), "sea_zones", "read alike",
                 id="zone-name-prefix-of-another"),
    # files that crashed the reader
    pytest.param("x = " + "[" * 1200 + "]" * 1200, "", "not a board file", id="toml-1200-deep"),
    pytest.param("x = " + "7" * 4301, "", "not a board file", id="toml-4301-digit-number"),
    pytest.param(edit('{ id = "tingitana",', '{ id = ["tingitana"],'), "provinces[0]",
                 "must be a str", id="id-as-a-list"),
]


@pytest.mark.parametrize(("text", "where", "words"), BROKEN)
def test_broken_board_files_are_refused(text: str, where: str, words: str) -> None:
    with pytest.raises(BoardError) as caught:
        parse_board(text, source="my-board.toml")
    assert type(caught.value) is BoardError
    message = str(caught.value)
    assert message.startswith("my-board.toml: ") and where in message and words in message, message


def test_the_shipped_board_keeps_every_id_and_name() -> None:
    board = parse_board(board_text())
    for p in board.provinces:
        assert board.province(p.id) is p and board.province(p.title) is p
