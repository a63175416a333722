"""Every optional rule's record is loaded only when play can reach it (issue 31, D41).

For each record kind a real game of its rule is saved, one record of the file is forged into
something the rules cannot reach (a rebel attacked from another sea zone, the Dux on the board
before the first turn, the Pirates where their roll never puts them ...), and the file is read:
as a position and as the start of a saved game.  Each is refused with a ``SaveFileError`` whose
reason is the rule's own sentence, told in English, Spanish and French (``assert_told``), and
nothing is loaded.  The same records, not forged, load (the control of each case).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import tetrarchia.options  # noqa: F401  (registers the optional rules)
from test_position_messages import assert_told
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import legal_actions
from tetrarchia.core.errors import SaveFileError
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game

BOARD = default_board()
Json = dict[str, Any]


@cache
def _setup_position(level: str, options: tuple[str, ...], seed: int = 1) -> str:
    """The position of a new game, before its first setup roll (R3), as JSON text."""
    game = Game.new(Settings(level=Level.parse(level), options=options), seed=seed)
    return json.dumps(position_to_json(game.state))


@cache
def _played_position(level: str, options: tuple[str, ...], seed: int = 1,
                     until: Callable[[Any], bool] | None = None) -> str:
    """A position in play: the setup done and random actions until ``until`` holds (or the
    first Roman action of the game when there is none)."""
    game = Game.new(Settings(level=Level.parse(level), options=options), seed=seed)
    rng = random.Random(seed)
    wanted = until or (lambda state: state.awaiting is Awaiting.ROMAN_ACTION)
    for _ in range(5000):
        state = game.state
        if state.is_over:
            break
        if state.awaiting is Awaiting.ROMAN_ACTION and wanted(state):
            return json.dumps(position_to_json(state))
        if state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            legal = legal_actions(state)
            game.play(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no such position in a game of {options} from seed {seed}")


def setup(level: str, *options: str) -> Json:
    data: Json = json.loads(_setup_position(level, options))
    return data


def played(level: str, *options: str, until: Callable[[Any], bool] | None = None) -> Json:
    data: Json = json.loads(_played_position(level, options, 1, until))
    return data


def as_saved_game(position: Json) -> Json:
    """A saved game that starts from ``position`` and has played nothing (no ``final``: the
    start alone decides, as a hand-made or damaged file may)."""
    return {"format": "tetrarchia-game", "version": 2, "settings": position["settings"],
            "seed": 7, "dice_drawn": 0, "start": position, "log": []}


def _records(**changes: Any) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        records(data).update(changes)
    return change


def records(data: Json) -> Json:
    found: Json = data.setdefault("records", {})
    return found


def _reserve(name: str, delta: int) -> Callable[[Json], None]:
    """Keep R1's conservation when a record takes discs out of (or back to) a reserve."""
    def change(data: Json) -> None:
        data["reserves"][name] += delta
    return change


def _rebel(index: int, zone: int | None = None, border: str | None = None) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        rebel = records(data)["rebels"][index]
        if zone is not None:
            rebel[1] = zone
        if border is not None:
            rebel[0] = border
    return change


def _both(*changes: Callable[[Json], None]) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        for each in changes:
            each(data)
    return change


def _disc(province: str, disc: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        data["discs"][province] = disc
    return change


def _no_disc(province: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        del data["discs"][province]
    return change


def _pirates_elsewhere(data: Json) -> None:
    """D4: beaten Pirates come back to any zone with no Roman fleet, zone 1 too."""
    here = records(data).get("pirates", 0)
    records(data)["pirates"] = next(z for z in (1, 2, 3) if z not in data["fleets"] and z != here)


def _vicarius_in_play() -> Json:
    return played("4211", "vicarius")


def _free_roman(data: Json) -> str:
    """A Roman province with no disc and no figure in ``data``'s position."""
    state = position_from_json(data, BOARD)
    return next(BOARD.provinces[p].id for p in BOARD.roman
                if state.disc[p] == 0 and state.figure[p] == 0 and p != BOARD.roma)


def _vicarius_on(disc: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        where = _free_roman(data)
        records(data)["vicarius"] = where
        data["discs"][where] = disc
        data["reserves"][disc] -= 1
    return change


def _dux_on_a_free_province(data: Json) -> None:
    records(data)["dux"] = _free_roman(data)


def _goths_at(border: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        records(data)["goths"] = [border]
    return change


def _usurper_without_army(data: Json) -> None:
    records(data)["usurpers"] = [_free_roman(data)]


def _army_inland(data: Json) -> None:
    data["armies"] = [*data.get("armies", []), _free_roman(data)]


def _glory_in_setup(data: Json) -> None:
    records(data)["glory"] = {"Diocletian": 1, "Galerius": 0, "Constantius": 0, "Maximian": 0}
    data["reserves"]["unrest"] -= 1


def _glory_above_the_discs(data: Json) -> None:
    records(data)["glory"] = {"Diocletian": 21, "Galerius": 0, "Constantius": 0, "Maximian": 0}


def _burned_in_setup(data: Json) -> None:
    records(data)["burned"] = {"Diocletian": 1, "Galerius": 0, "Constantius": 0, "Maximian": 0}
    data["reserves"]["garrisons"]["Diocletian"] -= 1


# (the position, the forgery, the sentence expected, a value it quotes)
FORGED: list[Any] = [
    # R13 rebels: issue 31's reproductions, and the rebel's border and list
    pytest.param(lambda: setup("4221", "mauretanian-war"), _rebel(0, zone=2),
                 "attacking {rebel} needs a Roman fleet in {zone} ({scenario}), not in sea zone "
                 "{number} (R13)", "Mare Atlanticvm", id="berbers-from-zone-2"),
    pytest.param(lambda: played("4221", "mauretanian-war"), _rebel(0, zone=3),
                 "attacking {rebel} needs a Roman fleet in {zone} ({scenario}), not in sea zone "
                 "{number} (R13)", "the Berbers", id="berbers-from-zone-3-in-play"),
    pytest.param(lambda: setup("4222", "great-persian-war"), _rebel(0, zone=2),
                 "attacking {rebel} needs a Roman fleet in {zone} ({scenario}), not in sea zone "
                 "{number} (R13)", "Narses", id="narses-from-zone-2"),
    pytest.param(lambda: played("4222", "great-persian-war"), _rebel(1, zone=1),
                 "attacking {rebel} needs a Roman fleet in {zone} ({scenario}), not in sea zone "
                 "{number} (R13)", "Domitianus", id="domitianus-from-zone-1-in-play"),
    pytest.param(lambda: setup("4221", "carausian-revolt"), _rebel(0, zone=3),
                 "attacking {rebel} needs a Roman fleet in {zone} ({scenario}), not in sea zone "
                 "{number} (R13)", "Carausius", id="carausius-from-zone-3"),
    pytest.param(lambda: setup("4221", "mauretanian-war"),
                 _both(_rebel(0, border="persia"), _disc("persia", "revolt"), _no_disc("gaetvlia")),
                 "{scenario} has no rebel in {place} (R13)", "Persia", id="berbers-in-persia"),
    pytest.param(lambda: setup("4222", "great-persian-war"),
                 _both(lambda data: records(data)["rebels"].pop(), _no_disc("libya"),
                       _reserve("revolt", 1), _reserve("armies", 1)),
                 "before the first turn every rebel of {scenario} stands on its border (R13)",
                 "Great Persian War", id="domitianus-missing-at-setup"),
    pytest.param(lambda: setup("4221", "mauretanian-war"), _records(skip=2),
                 "{scenario} starts with {emperor}'s turn: {count} turns still to skip after "
                 "{played} turns played is not possible (R13)", "Maximian", id="skip-2-of-3"),
    pytest.param(lambda: played("4222", "great-persian-war"), _records(skip=1),
                 "{scenario} starts with {emperor}'s turn: {count} turns still to skip after "
                 "{played} turns played is not possible (R13)", "Diocletian",
                 id="skip-in-a-scenario-that-skips-none"),
    # R11.1 the Dux, R11.2 the Vicarius
    pytest.param(lambda: setup("4211", "dux"), _dux_on_a_free_province,
                 "{figure} before the first turn: he comes onto the board for 2 IP in a Roman "
                 "phase ({rule})", "R11.1", id="dux-at-setup"),
    pytest.param(lambda: setup("4211", "vicarius"), _records(vicarius="dead"),
                 "{figure} before the first turn: he comes onto the board for 2 IP in a Roman "
                 "phase ({rule})", "R11.2", id="vicarius-dead-at-setup"),
    pytest.param(_vicarius_in_play, _vicarius_on("revolt"),
                 "{figure} never stands on a revolt ({rule}), not in {place}", "R11.2",
                 id="vicarius-on-a-revolt"),
    pytest.param(_vicarius_in_play, _vicarius_on("unrest"),
                 "{figure} removes the unrest where he stands ({rule}, D16), in {place}", "D16",
                 id="vicarius-on-unrest"),
    # R11.3 the Pirates
    pytest.param(lambda: played("4111", "pirates"), _pirates_elsewhere, None, None,
                 id="control-pirates-back-in-another-zone-in-play"),
    pytest.param(lambda: setup("4221", "pirates"), _records(pirates=2),
                 "the Pirates are on the board before their setup roll (R3, R11.3)", None,
                 id="pirates-before-their-roll"),
    pytest.param(lambda: setup("4222", "great-persian-war"), _records(pirates=2),
                 "before the first turn the Pirates are in {zone}, where the scenario places them "
                 "(R13)", "Mare Aegaevm", id="persian-pirates-moved"),
    # R11.4 the Goths
    pytest.param(lambda: setup("4222", "danubian-wars"), _goths_at("gaetvlia"),
                 "before the first turn the Goths stand on border III or IV (R11.4), not in "
                 "{place}", "Gaetvlia", id="goths-in-gaetvlia-at-setup"),
    pytest.param(lambda: setup("4211", "goths"), _both(_army_inland, _reserve("armies", -1)),
                 "before the first turn every army stands on a border (R3), not in {place}", None,
                 id="army-inland-at-setup"),
    # R12.5 glory, R12.1 burned discs
    pytest.param(lambda: setup("4211", "roma-aeterna"), _glory_in_setup,
                 "{title} before the first turn: only play gives them (the setup gives none)",
                 None, id="glory-at-setup"),
    pytest.param(lambda: played("4211", "roma-aeterna"), _glory_above_the_discs,
                 "{on_board} on the board and {count} in the reserve do not make the {total} discs "
                 "of R1", "21",
                 id="glory-above-the-discs"),
    pytest.param(lambda: setup("4211", "imperivm"), _burned_in_setup,
                 "{title} before the first turn: only play gives them (the setup gives none)",
                 None, id="burned-at-setup"),
    # R12.6 the Barbarian player's discs
    pytest.param(lambda: setup("4211", "barbaria"),
                 _both(_records(**{"barbarian-discs": {"gray": 3, "black": 1}}),
                       _reserve("unrest", 1)),
                 "before the first turn the Barbarian player holds {most} gray discs and the black "
                 "disc (R12.6), not {gray} and {black}", "3", id="three-gray-at-setup"),
    pytest.param(lambda: played("4211", "barbaria"),
                 _records(**{"barbarian-discs": {"gray": 4, "black": 1}}, ),
                 None, None, id="control-barbarian-discs-in-play"),
    # R12.4 usurpers
    pytest.param(lambda: played("4211", "vsvrpator"), _usurper_without_army,
                 "the usurper placed in {place} is no army standing in a Roman province (R12.4, "
                 "D18)", None, id="usurper-without-army"),
]


def _loads(data: Json) -> None:
    position_from_json(copy.deepcopy(data), BOARD)
    Game.from_json(as_saved_game(copy.deepcopy(data)))


@pytest.mark.parametrize(("make", "forge", "template", "quoted"), FORGED)
def test_a_record_play_cannot_reach_is_refused(make: Callable[[], Json],
                                               forge: Callable[[Json], None],
                                               template: str | None, quoted: str | None) -> None:
    data = make()
    _loads(data)  # the record as play left it loads
    forge(data)
    if template is None:  # a control: a record that play does reach
        _loads(data)
        return
    for read in (lambda: position_from_json(copy.deepcopy(data), BOARD),
                 lambda: Game.from_json(as_saved_game(copy.deepcopy(data)))):
        with pytest.raises(SaveFileError) as caught:
            read()
        assert str(caught.value).startswith(("impossible position: ", "position ")), \
            str(caught.value)  # the whole position's validation, or its reader's R1 count
        assert_told(caught.value, template, quoted)


@pytest.mark.parametrize(("key", "level"), [
    ("carausian-revolt", "4221"), ("danubian-wars", "4222"), ("mauretanian-war", "4221"),
    ("great-persian-war", "4222")])
def test_every_scenario_loads_at_setup_and_in_play(key: str, level: str) -> None:
    """The checks refuse nothing play reaches: each scenario's setup and its first Roman phase,
    at every skipped-turn count it passes through."""
    _loads(setup(level, key))
    _loads(played(level, key))
