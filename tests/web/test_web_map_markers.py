"""The map's markers read without colour (issue 23, item 3): every kind of marker in the page's one
table (``static/pieces.js``) has its own shape, and the colours that do tell pieces apart (the
Emperors') stay apart under simulated colour blindness; the danger overlay's scale reads by its
lightness under each of them.

The simulation: Machado, Oliveira & Fernandes (2009), severity 1, on linear sRGB; distances in
CIELAB (CIE76)."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from conftest import ROOT

STATIC = ROOT / "src" / "tetrarchia" / "web" / "static"
PIECES_JS = (STATIC / "pieces.js").read_text()
DANGER_JS = (STATIC / "danger.js").read_text()
LIMIT = 10  # seconds for any test of this file
pytestmark = pytest.mark.timeout(LIMIT)
# the markers the map must tell apart (issue 23, item 3)
KINDS = ("garrison", "secured", "unrest", "revolt", "army", "goths", "rebel", "emperor", "dux",
         "vicarius", "fleet", "pirates")
MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}
MIN_DISTANCE = 30.0  # CIE76: about three times a just noticeable difference on a small piece

Lab = tuple[float, float, float]
Rgb = tuple[float, float, float]


def js_object(source: str, name: str) -> str:
    found = re.search(rf"const {name} = (\{{.*?\}});", source, re.S)
    assert found, f"{name} is not in the module"
    return found.group(1)


def linear(hex_colour: str) -> Rgb:
    def one(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else float(((v + 0.055) / 1.055) ** 2.4)
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return one(r), one(g), one(b)


def simulate(rgb: Rgb, how: str) -> Rgb:
    m = MACHADO[how]
    r, g, b = (min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))
    return r, g, b


def lab(rgb: Rgb) -> Lab:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return float(t ** (1 / 3)) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: Lab, b: Lab) -> float:
    return float(sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5)


def test_every_kind_of_marker_has_its_own_shape() -> None:
    shapes = dict(re.findall(r"^  (\w+): \"(M[^\"]+)\"", js_object(PIECES_JS, "SHAPES"), re.M))
    table = dict(re.findall(r"^  (\w+): \{ shape: \"(\w+)\"", js_object(PIECES_JS, "PIECES"), re.M))
    assert set(KINDS) <= set(table), set(KINDS) - set(table)
    assert all(shape in shapes for shape in table.values())
    by_shape: dict[str, list[str]] = {}
    for kind, shape in table.items():
        by_shape.setdefault(shape, []).append(kind)
    assert all(len(kinds) == 1 for kinds in by_shape.values()), by_shape
    assert len(set(shapes.values())) == len(shapes), "two shapes with the same outline"


@pytest.mark.parametrize("how", list(MACHADO))
def test_the_emperors_colours_stay_apart_under_colour_blindness(how: str) -> None:
    """A garrison and a shield differ between Emperors by colour (and initial): each pair keeps
    a CIELAB distance of at least ``MIN_DISTANCE`` under the simulated vision."""
    colours = json.loads(re.sub(r"(\w+):", r'"\1":', js_object(PIECES_JS, "EMPEROR_COLOUR")))
    assert len(colours) == 4
    seen = {who: lab(simulate(linear(c), how)) for who, c in colours.items()}
    for a, b in itertools.combinations(seen, 2):
        assert distance(seen[a], seen[b]) >= MIN_DISTANCE, (how, a, b, distance(seen[a], seen[b]))


@pytest.mark.parametrize("how", list(MACHADO))
def test_the_danger_scale_darkens_as_the_chance_grows(how: str) -> None:
    """The overlay's colours are read by lightness: strictly darker at each stop, under every
    simulated vision, with at least 10 L* between neighbours."""
    stops = re.findall(r"\[([\d.]+), \[(\d+), (\d+), (\d+)\]\]", DANGER_JS)
    assert len(stops) >= 3
    lightness = []
    for _, r, g, b in stops:
        hex_colour = "#" + "".join(f"{int(c):02x}" for c in (r, g, b))
        lightness.append(lab(simulate(linear(hex_colour), how))[0])
    for lighter, darker in itertools.pairwise(lightness):
        assert lighter - darker >= 10, (how, lightness)
