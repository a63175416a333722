"""Make the page's sounds (issue 23, item 5): small WAV files synthesised with the standard library
alone, written to src/tetrarchia/web/static/sounds/ and shipped with the package (the page loads
nothing from outside the server).

    .venv/bin/python tools/sounds.py          # write them
    .venv/bin/python tools/sounds.py --check  # fail if a committed file differs from what this makes

Each is 8-bit mono at 11,025 Hz, under half a second: a few KB.  The noise is seeded, so the
files are the same on every machine (tests/web/test_sounds.py compares them byte for byte).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 11_025
FOLDER = Path(__file__).resolve().parent.parent / "src" / "tetrarchia" / "web" / "static" / "sounds"

Voice = Callable[[float], float]  # time in seconds -> sample in [-1, 1]


def envelope(t: float, length: float, attack: float = 0.005, decay: float = 6.0) -> float:
    """A quick rise, then an exponential fall: a struck sound."""
    if t < attack:
        return t / attack
    return math.exp(-decay * (t - attack) / length)


def tone(frequency: float, start: float, length: float, decay: float = 6.0) -> Voice:
    def voice(t: float) -> float:
        u = t - start
        if not 0 <= u < length:
            return 0.0
        bell = math.sin(2 * math.pi * frequency * u) + 0.3 * math.sin(2 * math.pi * 2.76 * frequency * u)
        return bell / 1.3 * envelope(u, length, decay=decay)
    return voice


def thump(start: float, length: float = 0.12, low: float = 70.0) -> Voice:
    """A drum: a sine falling in pitch."""
    def voice(t: float) -> float:
        u = t - start
        if not 0 <= u < length:
            return 0.0
        pitch = low * (1 + 1.5 * math.exp(-u * 30))
        return math.sin(2 * math.pi * pitch * u) * envelope(u, length, decay=4.0)
    return voice


def clicks(seed: int, count: int, length: float) -> Voice:
    """Dice on a table: short bursts of filtered noise at seeded times."""
    rng = random.Random(seed)
    hits = sorted(rng.uniform(0, length * 0.8) for _ in range(count))
    noise = [rng.uniform(-1, 1) for _ in range(int(RATE * 0.03))]

    def voice(t: float) -> float:
        total = 0.0
        for at in hits:
            u = t - at
            if 0 <= u < 0.03:
                total += noise[min(len(noise) - 1, int(u * RATE))] * math.exp(-u * 160)
        return total
    return voice


SOUNDS: dict[str, tuple[float, list[Voice]]] = {
    # the dice rolling
    "dice": (0.35, [clicks(1, 7, 0.35)]),
    # a province falling to unrest or revolt: a low fall of two tones
    "revolt": (0.45, [tone(392.0, 0.0, 0.2), tone(277.2, 0.15, 0.3)]),
    # an army advancing: two drum beats
    "advance": (0.4, [thump(0.0), thump(0.18)]),
    # a battle won (a rising major third and fifth) or lost (a falling minor line)
    "battle-won": (0.45, [tone(523.3, 0.0, 0.2), tone(659.3, 0.1, 0.2), tone(784.0, 0.2, 0.25)]),
    "battle-lost": (0.45, [tone(392.0, 0.0, 0.2), tone(311.1, 0.12, 0.2), tone(261.6, 0.24, 0.21)]),
    # your turn: a soft two-note chime
    "your-turn": (0.5, [tone(880.0, 0.0, 0.45, decay=4.0), tone(1318.5, 0.12, 0.38, decay=4.0)]),
}


def render(length: float, voices: list[Voice]) -> bytes:
    """The WAV file's bytes: the voices mixed, scaled to 80 % of full range, 8-bit unsigned."""
    samples = [sum(v(n / RATE) for v in voices) for n in range(int(length * RATE))]
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = bytes(max(0, min(255, round(128 + 100 * s / peak))) for s in samples)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(frames)
    return out.getvalue()


def made() -> dict[str, bytes]:
    """Every sound's file name and bytes."""
    return {f"{name}.wav": render(length, voices) for name, (length, voices) in SOUNDS.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the files in the package")
    args = parser.parse_args()
    files = made()
    if args.check:
        stale = [name for name, data in files.items()
                 if not (FOLDER / name).is_file() or (FOLDER / name).read_bytes() != data]
        if stale:
            sys.exit(f"stale or missing sounds (run tools/sounds.py): {', '.join(stale)}")
        return
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (FOLDER / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
