"""The registry of the optional rules' state (core/extensions.py): records, flags, figures and
dice purposes are handed out by name, clashes are refused, and a State copies, compares and
saves the records without knowing any rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from conftest import ROOT, option_position, position
from tetrarchia.core import events, extensions
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.extensions import (
    FLAGS,
    GAME,
    PURPOSE_NAMES,
    RECORD_NAMES,
    declare_flag,
    declare_purpose,
    declare_record,
    flag_names,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.state import ROUND_FLAGS, TURN_FLAGS
from tetrarchia.core.validate import problems
from tetrarchia.options.common import BURNED
from tetrarchia.options.pirates import PIRATES, Pirates


@pytest.fixture
def registry() -> Iterator[None]:
    """Declarations made by a test are taken back after it."""
    dicts: list[dict[Any, Any]] = [FLAGS, extensions.FLAG_SCOPES, RECORD_NAMES,
                                   extensions.PURPOSES, PURPOSE_NAMES, events.PURPOSE_TEXT,
                                   events.DICE_NEEDED, events.PURPOSE_NAMES]
    lists: list[list[Any]] = [extensions.RECORDS, extensions.DEFAULTS]
    saved_dicts = [dict(d) for d in dicts]
    saved_lists = [list(entries) for entries in lists]
    yield
    for live, old in zip(dicts, saved_dicts, strict=True):
        live.clear()
        live.update(old)
    for entries, old_list in zip(lists, saved_lists, strict=True):
        entries[:] = old_list


def test_flags_are_named_bits_of_their_scope() -> None:
    for name, bit in FLAGS.items():
        scope = extensions.FLAG_SCOPES[name]
        mask = {"turn": TURN_FLAGS, "round": ROUND_FLAGS}.get(scope, ~(TURN_FLAGS | ROUND_FLAGS))
        assert bit & mask == bit, f"{name} is not a {scope} bit"
    assert len(set(FLAGS.values())) == len(FLAGS)  # one bit each
    assert flag_names(FLAGS["maximian-used"] | FLAGS["rerolled"]) == sorted(
        ["maximian-used", "rerolled"], key=lambda name: FLAGS[name])


@pytest.mark.usefixtures("registry")
def test_a_flag_name_is_claimed_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        declare_flag("rerolled", GAME)


@pytest.mark.usefixtures("registry")
def test_a_scope_runs_out_of_bits_with_an_error() -> None:
    taken = sum(1 for scope in extensions.FLAG_SCOPES.values() if scope == "round")
    for n in range(8 - taken):
        declare_flag(f"test-round-{n}", "round")
    with pytest.raises(ValueError, match="no round flag left"):
        declare_flag("one-too-many", "round")
    with pytest.raises(ValueError, match="unknown scope"):
        declare_flag("sometime", "century")


class Marker(NamedTuple):
    n: int = 0


@pytest.mark.usefixtures("registry")
def test_a_record_name_is_claimed_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        declare_record("pirates", Marker(), "markers", lambda s, r: r.n, lambda s, d: Marker(d))


@pytest.mark.usefixtures("registry")
def test_a_dice_purpose_is_declared_once_with_its_own_code() -> None:
    code = declare_purpose("test-omen", "the Roman die for an omen", 1)
    assert code >= extensions.FIRST_OPTION_PURPOSE and PURPOSE_NAMES["test-omen"].code == code
    assert events.PURPOSE_NAMES[code] == "test-omen" and events.DICE_NEEDED[code] == 1
    with pytest.raises(ValueError, match="declared twice"):
        declare_purpose("test-omen", "again", 1)
    with pytest.raises(ValueError, match="declared twice"):
        declare_purpose("battle", "a name of the core's", 2)


@pytest.mark.usefixtures("registry")
def test_a_state_made_before_a_record_was_declared_is_refused_in_words() -> None:
    state = position(discs={"II:6": "revolt"})  # made before the record below exists
    declare_record("test-markers", Marker(), "markers", lambda s, r: r.n, lambda s, d: Marker(d))
    with pytest.raises(SaveFileError) as caught:  # never an IndexError
        position_to_json(state)
    message = str(caught.value)
    assert message.startswith("cannot write the position: this position holds")
    assert "it was set up before 'test-markers' was declared" in message
    assert any("before 'test-markers' was declared" in problem for problem in problems(state))
    assert position_to_json(position(discs={"II:6": "revolt"}))["discs"] == {"II:6": "revolt"}


def test_a_copy_shares_the_immutable_records_but_not_their_list() -> None:
    state = option_position(["pirates"], records={"pirates": 2})
    copy = state.copy()
    assert copy == state and copy.ext is not state.ext
    PIRATES.put(copy, Pirates(3))
    assert PIRATES.get(state) == Pirates(2) and copy != state  # equality compares the records
    BURNED.put(copy, BURNED.get(copy).plus(1, 1))
    assert BURNED.get(state).counts == (0, 0, 0, 0)


def test_records_at_their_defaults_are_not_written() -> None:
    data = position_to_json(option_position(["pirates", "dux"]))
    assert "records" not in data and "flags" not in data
    data = position_to_json(option_position(["pirates", "dux"], records={"dux": "II:3"}))
    assert data["records"] == {"dux": "II:3"}


@pytest.mark.parametrize(("records", "flags", "words"), [
    pytest.param({"wonders": 1}, [], "unknown record 'wonders'", id="unknown-record"),
    pytest.param({"glory": {"Maximian": 1}}, [], "glory discs on the table, but no optional rule",
                 id="record-of-a-rule-not-in-play"),
    pytest.param({"pirates": "Mare Nostrvm"}, [], "records.pirates: 'Mare Nostrvm' is not a count",
                 id="record-of-the-wrong-type"),
    pytest.param({"dux": "atlantis"}, [], "records.dux: unknown province 'atlantis'",
                 id="record-naming-no-province"),
    pytest.param({}, ["rerolled", "bread-and-circuses"], "unknown flag 'bread-and-circuses'",
                 id="unknown-flag"),
    pytest.param({}, [3], "unknown flag 3", id="flag-by-number"),
])
def test_bad_records_and_flags_are_refused_clearly(records: dict[str, Any], flags: list[Any],
                                                  words: str) -> None:
    data = position_to_json(position())
    data.update({"settings": {"options": ["pirates", "dux"]}, "records": records, "flags": flags})
    with pytest.raises(SaveFileError, match=words):
        position_from_json(data, default_board())


def test_every_declared_hook_is_called_by_the_engine() -> None:
    """A hook point no code calls would silently ignore the modules that fill it (issue 13)."""

    from tetrarchia.core.rulebook import Hooks

    package = ROOT / "src" / "tetrarchia"
    text = "".join(p.read_text("utf-8") for p in package.rglob("*.py") if p.name != "rulebook.py")
    never = [name for name in Hooks.__dataclass_fields__ if f"hooks.{name}" not in text]
    assert never == [], f"hooks declared but never called: {never}"


def test_the_vicarius_rules_come_from_his_module() -> None:
    """R11.2: the core reads the Vicarius's traits from the registry (he only moves and never
    enters a revolt); his module adds his hooks only when he is in play."""
    from tetrarchia.core.extensions import AVOIDS_REVOLT, FIGURE_RULES, ONLY_MOVES
    from tetrarchia.core.pieces import Piece
    from tetrarchia.core.settings import Settings

    assert sorted(ONLY_MOVES) == sorted(AVOIDS_REVOLT) == [Piece.VICARIUS]
    assert FIGURE_RULES == {Piece.DUX: "R11.1", Piece.VICARIUS: "R11.2"}
    assert Settings().hooks.reached == () and Settings().hooks.activity_blocked == ()
    with_him = Settings(options=("vicarius",)).hooks
    assert len(with_him.reached) == len(with_him.activity_blocked) == len(with_him.figure_moved) == 1
