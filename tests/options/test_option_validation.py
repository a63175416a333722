"""Choosing the optional rules (R11-R13): names and aliases, requirements, impossible combinations,
parameters, the canonical form of the settings and their JSON.

Every refusal is an ``OptionError`` raised when the ``Settings`` are built, with a reason that
names the options involved.
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest

from tetrarchia.core.board import default_board
from tetrarchia.core.engine import new_game
from tetrarchia.core.errors import OptionError, SaveFileError
from tetrarchia.core.rulebook import REGISTRY, ParamValue, find_module
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.options.scenarios import scenario_level

Row = Any  # a pytest.param
SCENARIOS = ("carausian-revolt", "danubian-wars", "mauretanian-war", "great-persian-war")
DUX_EXPANSION = ("dux", "vicarius", "pirates", "goths")


def fold(text: str) -> str:
    """Lower case, U written V (the board's spelling), to find a name in a message."""
    return text.lower().replace("u", "v")


def refused(**settings: Any) -> OptionError:
    """``Settings(**settings)`` raises exactly OptionError; returns it."""
    with pytest.raises(OptionError) as caught:
        Settings(**settings)
    assert type(caught.value) is OptionError
    return caught.value


def level_of(key: str, garrisons: int = 4) -> Level:
    return scenario_level(key, garrisons)


# --- the registry -------------------------------------------------------------------------------

def test_the_registry_holds_every_option_of_r11_to_r13() -> None:
    assert set(REGISTRY) == {
        "dux", "vicarius", "pirates", "goths", "imperivm", "imperivm-1st", "mare-nostrvm", "via-romana",
        "vsvrpator", "roma-aeterna", "the-great", "barbaria", "diarchia", "patres-patriae", *SCENARIOS}
    assert [(REGISTRY[k].family, REGISTRY[k].rule) for k in DUX_EXPANSION] == [
        ("Dux expansion", "R11.1"), ("Dux expansion", "R11.2"), ("Dux expansion", "R11.3"),
        ("Dux expansion", "R11.4")]


# --- names and aliases ------------------------------------------------------------------------------

ALIASES: list[Row] = [
    pytest.param("dvx", "dux"), pytest.param("DUX", "dux"), pytest.param("Dvx", "dux"),
    pytest.param("VICARIUS", "vicarius"), pytest.param("Pirates", "pirates"), pytest.param("GOTHS", "goths"),
    pytest.param("imperium", "imperivm"), pytest.param("imperium-1st", "imperivm-1st"),
    pytest.param("imperivm1", "imperivm-1st"), pytest.param("mare-nostrum", "mare-nostrvm"),
    pytest.param("Mare Nostrum", "mare-nostrvm"), pytest.param("via_romana", "via-romana"),
    pytest.param("usurpator", "vsvrpator"), pytest.param("usurper", "vsvrpator"),
    pytest.param("roma aeterna", "roma-aeterna"), pytest.param("great", "the-great"),
    pytest.param("patres", "patres-patriae"), pytest.param("carausian", "carausian-revolt"),
    pytest.param("danubian", "danubian-wars"), pytest.param("mauretanian", "mauretanian-war"),
    pytest.param("persian", "great-persian-war"), pytest.param(" Barbaria ", "barbaria"),
]


@pytest.mark.parametrize(("name", "key"), ALIASES)
def test_aliases_resolve(name: str, key: str) -> None:
    assert find_module(name).key == key
    level = level_of(key) if key in SCENARIOS else Level()
    assert key in Settings(level=level, options=(name,)).options


@pytest.mark.parametrize("name", ["nonsense", "goth", "dux2", "", "imperivm-2nd", "scenario"])
def test_unknown_options_are_refused(name: str) -> None:
    error = refused(options=(name,))
    assert repr(name) in str(error) and "the options are:" in str(error)
    assert all(key in str(error) for key in REGISTRY)


# --- requirements and the canonical form ---------------------------------------------------------

@pytest.mark.parametrize(("options", "scenario", "canonical"), [
    pytest.param(("carausian",), "carausian-revolt", ("carausian-revolt", "pirates"),
                 id="carausian-brings-pirates"),
    pytest.param(("persian",), "great-persian-war", ("great-persian-war", "pirates"),
                 id="persian-brings-pirates"),
    pytest.param(("danubian",), "danubian-wars", ("danubian-wars", "goths"), id="danubian-brings-goths"),
    pytest.param(("goths", "danubian-wars"), "danubian-wars", ("danubian-wars", "goths"), id="no-duplicate"),
])
def test_requirements_are_added(options: tuple[str, ...], scenario: str, canonical: tuple[str, ...]) -> None:
    assert Settings(level=level_of(scenario), options=options).options == canonical


@pytest.mark.parametrize(("a", "b"), [
    pytest.param(("goths", "dux"), ("dux", "goths"), id="order"),
    pytest.param(("dvx", "goths", "dux"), ("goths", "dux"), id="aliases-and-duplicates"),
    pytest.param(("Vicarius", "PIRATES", "imperium"), ("imperivm", "pirates", "vicarius"), id="names"),
])
def test_the_options_have_one_canonical_form(a: tuple[str, ...], b: tuple[str, ...]) -> None:
    first, second = Settings(options=a), Settings(options=b)
    assert first == second and hash(first) == hash(second)
    assert first.options == tuple(sorted(first.options))


def test_parameters_have_one_canonical_form() -> None:
    level = level_of("danubian-wars", 3)
    first = Settings(level=level, options=("danubian",),
                     params=(("danubian.garrisons", "3"), ("danubian-wars.fixed", "yes")))
    second = Settings(level=level, options=("danubian-wars",),
                      params=(("danubian-wars.fixed", True), ("danubian-wars.garrisons", 3)))
    assert first == second
    assert first.params == (("danubian-wars.fixed", True), ("danubian-wars.garrisons", 3))
    assert first.param("danubian-wars", "fixed") is True
    assert Settings(options=("barbaria",)).param("barbaria", "redirect") == "arrow"  # the default


# --- impossible combinations (OPTIONS.md) -------------------------------------------------------------

IMPOSSIBLE: list[Row] = [
    pytest.param({"level": Level.parse("4311"), "options": ("pirates",)}, ["Pirates"],
                 id="pirates-with-3-fleets"),
    pytest.param({"options": ("imperivm", "imperivm-1st")}, ["Imperivm", "Imperivm (1st edition)"],
                 id="imperivm-both-editions"),
    pytest.param({"options": ("roma-aeterna", "the-great")}, ["Roma Aeterna", "The Great"],
                 id="roma-aeterna-and-the-great"),
    pytest.param({"level": level_of("carausian-revolt"), "options": ("carausian", "dux")},
                 ["Carausian Revolt", "Dux"], id="carausian-with-dux"),
    pytest.param({"level": level_of("great-persian-war"), "options": ("persian", "dux")},
                 ["Great Persian War", "Dux"], id="persian-with-dux"),
    pytest.param({"level": level_of("mauretanian-war"), "options": ("mauretanian", "goths")},
                 ["Mauretanian War", "Goths"], id="mauretanian-with-goths"),
    pytest.param({"level": level_of("great-persian-war"), "options": ("persian", "goths")},
                 ["Great Persian War", "Goths"], id="persian-with-goths"),
    pytest.param({"level": level_of("mauretanian-war"), "options": ("mauretanian", "danubian")},
                 ["Mauretanian War"], id="mauretanian-with-the-goths-of-danubian"),
    *(pytest.param({"options": (key,)}, [REGISTRY[key].title.split(" (")[0], "4211"],
                   id=f"{key}-at-4211") for key in SCENARIOS),
    *(pytest.param({"level": level_of(key, 3), "options": (key,)},
                   [REGISTRY[key].title.split(" (")[0], str(level_of(key))], id=f"{key}-3-garrisons-unasked")
      for key in SCENARIOS),
    *(pytest.param({"level": level_of(key), "options": (key,), "params": ((f"{key}.garrisons", 3),)},
                   [REGISTRY[key].title.split(" (")[0]], id=f"{key}-3-garrisons-at-4")
      for key in SCENARIOS),
]


@pytest.mark.parametrize(("settings", "names"), IMPOSSIBLE)
def test_impossible_combinations_are_refused(settings: dict[str, Any], names: list[str]) -> None:
    error = refused(**settings)
    for name in names:
        assert fold(name) in fold(str(error)), f"{name!r} not named in {str(error)!r}"


@pytest.mark.parametrize(("a", "b"), list(combinations(SCENARIOS, 2)))
def test_two_scenarios_are_refused(a: str, b: str) -> None:
    for level in (level_of(a), level_of(b)):
        refused(level=level, options=(a, b))


@pytest.mark.parametrize(("a", "b"), [("carausian-revolt", "mauretanian-war"),
                                      ("danubian-wars", "great-persian-war")])
def test_two_scenarios_of_one_level_are_named(a: str, b: str) -> None:
    error = refused(level=level_of(a), options=(a, b))
    for key in (a, b):
        assert fold(REGISTRY[key].title.split(" (")[0]) in fold(str(error)), str(error)


@pytest.mark.parametrize("key", SCENARIOS)
def test_each_scenario_at_its_own_level(key: str) -> None:
    assert key in Settings(level=level_of(key), options=(key,)).options
    three = Settings(level=level_of(key, 3), options=(key,), params=((f"{key}.garrisons", 3),))
    assert three.level.garrisons == 3


@pytest.mark.parametrize("options", [opts for n in range(5) for opts in combinations(DUX_EXPANSION, n)],
                         ids=lambda opts: "+".join(opts) or "none")
def test_the_dux_expansion_modules_combine_freely(options: tuple[str, ...]) -> None:
    # R11: "added to the base game, together or separately" (fewer than 3 fleets for the Pirates)
    assert Settings(options=options).options == tuple(sorted(options))


# --- parameters ------------------------------------------------------------------------------------

BAD_PARAMS: list[Row] = [
    pytest.param(("barbaria",), ("barbaria.colour", "red"), ["Barbaria", "colour", "redirect"],
                 id="unknown-parameter"),
    pytest.param(("dux",), ("dux.anything", 1), ["Dux", "anything", "none"], id="module-without-parameters"),
    pytest.param(("dux",), ("barbaria.redirect", "stay"), ["Barbaria", "not chosen"],
                 id="parameter-of-an-option-not-chosen"),
    pytest.param(("dux",), ("nothing.x", 1), ["nothing"], id="parameter-of-an-unknown-option"),
    pytest.param(("barbaria",), ("barbaria.redirect", "4th"), ["Barbaria", "redirect", "arrow, stay"],
                 id="value-not-among-the-choices"),
    pytest.param(("danubian",), ("danubian.fixed", 3), ["Danubian Wars", "fixed"], id="int-for-a-bool"),
    pytest.param(("danubian",), ("danubian.garrisons", 5), ["Danubian Wars", "garrisons", "4, 3"],
                 id="garrisons-5"),
    pytest.param(("danubian",), ("danubian.garrisons", True), ["Danubian Wars", "garrisons"],
                 id="bool-for-an-int"),
]


@pytest.mark.parametrize(("options", "param", "names"), BAD_PARAMS)
def test_bad_parameters_are_refused(options: tuple[str, ...], param: tuple[str, ParamValue],
                                    names: list[str]) -> None:
    level = level_of("danubian-wars") if "danubian" in options else Level()
    error = refused(level=level, options=options, params=(param,))
    for name in names:
        assert fold(name) in fold(str(error)), f"{name!r} not named in {str(error)!r}"


# --- settings as JSON ---------------------------------------------------------------------------------

JSON_SETTINGS: list[Row] = [
    pytest.param(Settings(options=("goths", "dux")), id="dux-goths"),
    pytest.param(Settings(level=Level.parse("4111"), options=("pirates", "vicarius"), players=2),
                 id="pirates-vicarius"),
    pytest.param(Settings(options=("barbaria",), params=(("barbaria.redirect", "stay"),)),
                 id="barbaria-stay"),
    pytest.param(Settings(options=("the-great",), players=3,
                          params=(("the-great.objective", "cooperative"),)), id="the-great-3"),
    pytest.param(Settings(level=Level.parse("5311"), options=("mare-nostrvm",),
                          params=(("mare-nostrvm.cost", "flat"),)), id="mare-nostrvm-flat"),
    pytest.param(Settings(level=level_of("danubian-wars", 3), options=("danubian",),
                          params=(("danubian.fixed", True), ("danubian.garrisons", 3))), id="danubian-3"),
]


@pytest.mark.parametrize("settings", JSON_SETTINGS)
def test_settings_json_round_trip(settings: Settings) -> None:
    data = json.loads(json.dumps(settings.to_json()))
    assert Settings.from_json(data) == settings
    assert data["options"] == list(settings.options)
    assert data["params"] == dict(settings.params)


def test_settings_json_is_canonical() -> None:
    settings = Settings.from_json({"level": "3222", "options": ["danubian", "goths"],
                                   "params": {"danubian.garrisons": "3", "danubian.fixed": "on"}})
    assert settings.to_json()["options"] == ["danubian-wars", "goths"]
    assert settings.to_json()["params"] == {"danubian-wars.fixed": True, "danubian-wars.garrisons": 3}


@pytest.mark.parametrize(("data", "words"), [
    pytest.param({"options": "dux"}, "list of option names", id="options-not-a-list"),
    pytest.param({"options": ["dux", 3]}, "list of option names", id="option-not-a-name"),
    pytest.param({"options": ["barbaria"], "params": {"barbaria.redirect": 2.5}}, "parameter",
                 id="param-value-not-json-scalar"),
    pytest.param({"options": ["barbaria"], "params": ["barbaria.redirect"]}, "parameter",
                 id="params-not-an-object"),
    pytest.param({"options": ["gothz"]}, "'gothz'", id="unknown-option"),
    pytest.param({"level": "4311", "options": ["pirates"]}, "Pirates", id="pirates-3-fleets"),
])
def test_settings_json_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError) as caught:
        Settings.from_json(data)
    assert type(caught.value) is OptionError and words in str(caught.value)


# --- positions with options --------------------------------------------------------------------------

@pytest.mark.parametrize("options", [opts for n in range(1, 5) for opts in combinations(DUX_EXPANSION, n)],
                         ids="+".join)
def test_new_games_with_options_round_trip(options: tuple[str, ...]) -> None:
    state = new_game(Settings(options=options))
    data = position_to_json(state)
    assert data["settings"]["options"] == sorted(options) and "expansion" not in data
    # a record is written when it differs from its default (the Pirates once they sail)
    assert set(data.get("records", {})) <= {"pirates"}
    again = position_from_json(data, default_board())
    assert again == state and position_to_json(again) == data


def test_a_base_game_position_has_no_records_nor_flags() -> None:
    data = position_to_json(new_game(Settings()))
    assert "records" not in data and "flags" not in data and data["settings"]["options"] == []


@pytest.mark.parametrize(("settings", "words"), [
    pytest.param({"level": "4311", "options": ["pirates"]}, "Pirates", id="pirates-3-fleets"),
    pytest.param({"level": "4211", "options": ["unheard-of"]}, "unheard-of", id="unknown-option"),
    pytest.param({"level": "4221", "options": ["carausian", "dux"]}, "Dvx", id="carausian-dux"),
])
def test_a_position_with_impossible_options_is_refused(settings: dict[str, Any], words: str) -> None:
    data = {"format": "tetrarchia-position", "version": 2, "settings": settings,
            "turn": {"emperor": "Diocletian"}}
    with pytest.raises(SaveFileError) as caught:
        position_from_json(data, default_board())
    assert type(caught.value) is SaveFileError
    assert str(caught.value).startswith("position settings: ") and words in str(caught.value)
