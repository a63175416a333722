"""The last English words of the es/fr pages (issue 9): the Emperors in hints, decisions'
explanations and refusals named as each rulebook names them (Galerio, Galère ...); the start
page's shared Caesar (R10) and AI players' descriptions in the page's language; French
typography in the templates made only of fields (« réserve : un 7e PI »).  English is unchanged.
"""

from __future__ import annotations

import re

import pytest

from conftest import option_position, play
from tetrarchia.analysis.decisions import explained
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.errors import WrongMoment, said
from tetrarchia.core.pieces import Emperor
from tetrarchia.options.common import RESERVE
from tetrarchia.options.imperivm import UsePower
from tetrarchia.players.registry import PLAYERS
from tetrarchia.render.advice import told_in
from tetrarchia.render.catalogues import catalogue
from tetrarchia.render.labels import label_in, labelled, told
from tetrarchia.render.refusals import french_spacing, refusal_in
from tetrarchia.web.app import options_catalogue

LATIN = ("Diocletian", "Galerius", "Constantius", "Maximian")
RULEBOOK = {"es": ("Diocleciano", "Galerio", "Constancio", "Maximiano"),
            "fr": ("Dioclétien", "Galère", "Constance", "Maximien")}
# the notation's words stay English in every language (docs/notation.md): a refusal may quote
# them as examples of what to type
NOTATION_EXAMPLE = re.compile(r"'[^']*'|\((?:Diocletian|Galerius|Constantius|Maximian)(?:, \w+)*\)")


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("domain", ["advice", "refusals"])
def test_no_translation_names_an_emperor_in_english(domain: str, lang: str) -> None:
    """Every es/fr sentence of hints, explanations and refusals that names an Emperor names him
    as the rulebook of its language does; only the notation's quoted examples keep the English."""
    named = 0
    for english, translated in catalogue(lang, domain).items():
        prose = NOTATION_EXAMPLE.sub("", translated)
        assert not [w for w in LATIN if re.search(rf"\b{w}\b", prose)], (english, translated)
        named += any(name in translated for name in RULEBOOK[lang])
    assert named >= 5  # the catalogue does name the Emperors (not an empty check)


@pytest.mark.parametrize(("lang", "expected"), [("en", "Galerius wins as it stands"),
                                                ("es", "Galerio gana tal como está"),
                                                ("fr", "Galère gagne en l'état")])
def test_galeriuss_outcome_is_named_in_the_pages_language(lang: str, expected: str) -> None:
    """R12.1: Galerius's +1 after the dice, the battle's outcome as it stands."""
    assert told_in(explained("Galerius wins as it stands"), lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Galerius's battle with the Pirates in Mare Nostrvm: Roman (4+2)x1 = 6 against Pirates "
           "(3+1)x1 = 4; Roma wins"),
    ("es", "La batalla de Galerio contra los Piratas en Mare Nostrvm"),
    ("fr", "La bataille de Galère contre les Pirates en Mare Nostrvm")])
def test_a_decisions_explanation_names_galerius_in_the_pages_language(lang: str,
                                                                     expected: str) -> None:
    sentence = said("Galerius's battle with the Pirates in {zone}: Roman ({rd}+{rs})x{rm} = {r} "
                    "against Pirates ({bd}+{bs})x{bm} = {b}; {outcome}", zone="Mare Nostrvm",
                    rd=4, rs=2, rm=1, r=6, bd=3, bs=1, bm=1, b=4, outcome="Roma wins")
    assert told_in(sentence, lang).startswith(expected)


def test_a_refusal_names_maximian_in_the_pages_language() -> None:
    """R12.1: Maximian's 7th IP once per turn; asked again, the refusal names him."""
    state = option_position(("imperivm",), emperors={"Maximian": "etrvria"})
    play(state, "M power reserve")
    with pytest.raises(WrongMoment) as refused:
        apply_action(state, UsePower(Emperor.MAXIMIAN, RESERVE))
    told_here = {lang: refusal_in(refused.value, lang) for lang in ("en", "es", "fr")}
    assert told_here == {"en": "Maximian has already taken his 7th IP this turn",
                         "es": "Maximiano ya tomó su 7.º PI este turno",
                         "fr": "Maximien a déjà pris son 7e PI ce tour-ci"}


@pytest.mark.parametrize(("lang", "names"), [("en", ["Galerius", "Constantius"]),
                                             ("es", ["Galerio", "Constancio"]),
                                             ("fr", ["Galère", "Constance"])])
def test_the_start_page_offers_the_shared_caesar_in_its_language(lang: str,
                                                                  names: list[str]) -> None:
    """R10: three players share a Caesar; the value sent back stays the save format's name."""
    caesars = options_catalogue(lang)["shared_caesars"]
    assert [c["value"] for c in caesars] == ["Galerius", "Constantius"]
    assert [c["text"] for c in caesars] == names


def test_the_ai_players_are_described_in_the_pages_language() -> None:
    english = {p["name"]: p["summary"] for p in options_catalogue("en")["ai_players"]}
    assert english == {p.name: p.summary for p in PLAYERS.values() if p.name != "random"}
    for lang in ("es", "fr"):
        told_here = {p["name"]: p["summary"] for p in options_catalogue(lang)["ai_players"]}
        assert told_here.keys() == english.keys()
        for name, summary in told_here.items():
            assert summary != english[name], (lang, name, summary)
    search = {lang: next(p["summary"] for p in options_catalogue(lang)["ai_players"]
                         if p["name"] == "search") for lang in ("es", "fr")}
    assert "fase romana" in search["es"] and "phase romaine" in search["fr"]


@pytest.mark.parametrize(("template", "french"), [
    ("{text}: {power}", "{text} : {power}"),
    ("{p0}; {p1}", "{p0} ; {p1}"),
    ("{action}: {field}: {why}", "{action} : {field} : {why}"),
    ("{region}:{number}", "{region}:{number}"),  # a province's label (I:1) is one token
    ("{a} : {b}", "{a} : {b}"),  # already spaced
    ("{{x}}: {y}?", "{{x}} : {y} ?"),
])
def test_french_spacing_of_a_template_of_fields(template: str, french: str) -> None:
    assert french_spacing(template) == french


def test_maximians_power_reads_with_french_typography() -> None:
    """R12.1: Maximian's 7th IP, burning a disc of his reserve: « ... : un 7e PI » in French,
    the English label unchanged."""
    state = option_position(("imperivm",), emperors={"Maximian": "etrvria"})
    power = next(a for a in legal_actions(state) if isinstance(a, UsePower)
                 and a.emperor is Emperor.MAXIMIAN)
    labels = {lang: label_in(state, power, lang) for lang in ("en", "es", "fr")}
    assert labels["en"] == "uses his power, burning a disc from his reserve: a 7th IP"
    assert labels["fr"] is not None and labels["fr"].endswith(" : un 7e PI"), labels["fr"]
    assert labels["es"] is not None and labels["es"].endswith(": un 7.º PI"), labels["es"]
    assert " :" not in labels["es"]
    assert told(labelled("{text}: {power}", text="a", power="b"), "fr") == "a : b"
    assert told(labelled("{text}: {power}", text="a", power="b"), "en") == "a: b"
