"""The page's sounds (issue 23, item 5): the files tools/sounds.py makes are those in the package
(a few KB each, WAV), and the server serves them itself (the page loads nothing from outside)."""

from __future__ import annotations

import io
import sys
import wave
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from conftest import ROOT
from web_helpers import client

sys.path.insert(0, str(ROOT / "tools"))
import sounds  # tools/sounds.py

LIMIT = 60  # seconds for any test of this file
pytestmark = pytest.mark.timeout(LIMIT)
NAMES = ["dice", "revolt", "advance", "battle-won", "battle-lost", "your-turn"]


def frames(data: bytes) -> tuple[tuple[int, int, int], bytes]:
    with wave.open(io.BytesIO(data)) as w:
        return (w.getnchannels(), w.getsampwidth(), w.getframerate()), w.readframes(w.getnframes())


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_sound_is_what_the_script_makes(name: str) -> None:
    """Byte for byte but for a step of rounding (the sines of another libm may differ by an ulp)."""
    shipped = (sounds.FOLDER / f"{name}.wav").read_bytes()
    made = sounds.made()[f"{name}.wav"]
    assert len(shipped) < 8_000, f"{name}.wav: {len(shipped)} bytes"
    (form, ours), (made_form, theirs) = frames(shipped), frames(made)
    assert form == made_form == (1, 1, sounds.RATE)
    assert len(ours) == len(theirs) and max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 1
    assert max(ours) - min(ours) > 100, "a sound that can be heard"


def test_the_script_makes_exactly_the_page_s_sounds() -> None:
    assert sorted(sounds.made()) == sorted(f"{name}.wav" for name in NAMES)
    page = (Path(sounds.FOLDER).parent / "sounds.js").read_text(encoding="utf-8")
    assert all(f'"{name}"' in page for name in NAMES)


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    return client(tmp_path / "games.sqlite")


@pytest.mark.parametrize("name", NAMES)
def test_the_server_serves_each_sound(http: TestClient, name: str) -> None:
    answer = http.get(f"/static/sounds/{name}.wav")
    assert answer.status_code == 200
    assert answer.headers["content-type"] in ("audio/wav", "audio/x-wav", "audio/wave")
    assert answer.content == (sounds.FOLDER / f"{name}.wav").read_bytes()
