"""The serving process's thread switches while it thinks (issue 26, web/tuning.py): short while
an AI seat's search or a hint runs, the settled interval again after the last; untouched in a
process that was not settled (the tests', a library user's)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from tetrarchia.web import tuning

pytestmark = pytest.mark.timeout(30)


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process as ``settle`` leaves it, for the switch interval only (no freeze here)."""
    before = sys.getswitchinterval()
    monkeypatch.setattr(tuning, "_settled", True)
    sys.setswitchinterval(tuning.SWITCH)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def test_the_switch_is_short_while_anything_thinks(settled: None) -> None:
    started, release = threading.Event(), threading.Event()

    def search() -> None:  # a second computation, in another thread, overlapping the first
        with tuning.thinking():
            started.set()
            release.wait(10)

    with tuning.thinking():
        assert sys.getswitchinterval() == pytest.approx(tuning.THINKING_SWITCH)
        other = threading.Thread(target=search)
        other.start()
        assert started.wait(10)
    assert sys.getswitchinterval() == pytest.approx(tuning.THINKING_SWITCH)  # the other thinks on
    release.set()
    other.join(10)
    assert sys.getswitchinterval() == pytest.approx(tuning.SWITCH)


def test_an_error_inside_restores_the_switch(settled: None) -> None:
    with pytest.raises(ValueError), tuning.thinking():
        raise ValueError("the search failed")
    assert sys.getswitchinterval() == pytest.approx(tuning.SWITCH)


def test_a_process_not_settled_is_left_alone() -> None:
    before = sys.getswitchinterval()
    assert not tuning._settled  # the tests' process never settles
    with tuning.thinking():
        assert sys.getswitchinterval() == before
    assert sys.getswitchinterval() == before
