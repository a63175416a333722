"""Positions as versioned JSON: any situation of a game, written and read back exactly.

A position names provinces by coordinates (``II:6``) or, in Italia and on the borders, by id
(``roma``, ``britannia``).  Hand-written positions may leave out the reserves (they are then
what the board does not hold) and the ``machine`` (the Roman phase of the Emperor of the turn, or
his entry when he is off the board); see docs/save-format.md.  Everything read is validated: a
position that breaks a rule of the game (two discs on a province, 22 revolts, an army in Roma ...)
is refused with a :class:`SaveFileError` that says where.
"""

from __future__ import annotations

from typing import Any

from tetrarchia.core.board import Board
from tetrarchia.core.errors import OptionError, SaveFileError
from tetrarchia.core.events import Purpose
from tetrarchia.core.jsontext import check_data
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import (
    ARMY,
    DISCS_PER_RESERVE,
    DUX,
    EMPEROR_FIGURE,
    EMPERORS,
    GARRISON,
    GARRISONS_IN_BOX,
    GOTHS,
    IP_PER_TURN,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Emperor,
    Piece,
    is_army,
)
from tetrarchia.core.reachable import read_step
from tetrarchia.core.roman import entry_choices
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import DEAD, GOTHS_IN_PLAY, Awaiting, Result, State, Task
from tetrarchia.core.tasks import (
    BEGIN_TURN,
    ENTRY_STEP,
    PHASE_START,
    ROMAN_PHASE_STEP,
    TASK_NAMES,
    push_barbarian_phase,
    step_args,
)
from tetrarchia.core.validate import validate_state

POSITION_FORMAT = "tetrarchia-position"
POSITION_VERSION = 1
_AWAITING = {a.name.lower().replace("_", "-"): a for a in Awaiting}
_RESULTS = {r.name.lower().replace("_", "-"): r for r in Result}
_PURPOSES = {p.name.lower().replace("_", "-"): p for p in Purpose}


def _disc_name(disc: int) -> str:
    if disc == UNREST:
        return "unrest"
    if disc == REVOLT:
        return "revolt"
    return f"garrison {Emperor(disc - GARRISON).title}"


def max_ip(settings: Settings) -> int:
    """The most IP a Roman phase can hold: 6, +1 for Maximian's Imperivm power (R12.1) and +1
    from Patres Patriae (R12.8), or one per disc burned with Imperivm 1st edition (R12.1b); 7 at
    least (a base-game position may be written with 7)."""
    extra = int(settings.has("imperivm")) + int(settings.has("patres-patriae"))
    if settings.has("imperivm-1st"):
        extra += GARRISONS_IN_BOX
    return IP_PER_TURN + max(1, extra)


def position_to_json(state: State) -> dict[str, Any]:
    """The whole state as plain JSON data."""
    board = state.board

    def key(p: int) -> str:
        return province_key(board, p)

    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "settings": state.settings.to_json(),
        "board": board.digest,
        "discs": {key(p): _disc_name(d) for p, d in enumerate(state.disc) if d != NO_DISC},
        "emperors": {e.title: (key(state.emperor_at[e]) if state.emperor_at[e] >= 0 else None)
                     for e in EMPERORS},
        "armies": [key(p) for p, f in enumerate(state.figure) if f == ARMY],
        "fleets": state.fleet_zones(),
        "reserves": {
            "unrest": state.unrest_reserve,
            "revolt": state.revolt_reserve,
            "garrisons": {e.title: state.garrisons[e] for e in EMPERORS},
        },
        "turn": {
            "emperor": state.turn.title,
            "round": state.round,
            "turns_played": state.turns_played,
            "ip": state.ip,
            "passing": state.passing,
        },
        "machine": {
            "awaiting": state.awaiting.name.lower().replace("_", "-"),
            "roll": {"count": state.roll_count,
                     "purpose": Purpose(state.roll_purpose).name.lower().replace("_", "-")},
            "dice": list(state.dice) if state.dice is not None else None,
            "tasks": [[TASK_NAMES[t[0]], *step_args(t)] for t in state.tasks],
            "memo": {str(k): v for k, v in sorted(state.memo.items())},
            "armies_placed": [key(p) for p in state.armies_placed],
        },
        "result": state.result.name.lower().replace("_", "-"),
        **_options_to_json(state),
    }


def _options_to_json(state: State) -> dict[str, Any]:
    """The pieces and counters of the optional rules (R11-R13), only when they are in play."""
    if not state.settings.options:
        return {}
    board = state.board

    def where(p: int) -> str | None:
        return province_key(board, p) if p >= 0 else ("dead" if p == DEAD else None)

    return {"expansion": {
        "dux": where(state.dux_at),
        "vicarius": where(state.vicarius_at),
        "goths": [province_key(board, p) for p, f in enumerate(state.figure) if f == GOTHS],
        "rebels": [[province_key(board, p), zone] for p, zone in state.rebels],
        "pirates": state.pirates,
        "glory": {e.title: state.glory[e] for e in EMPERORS},
        "burned": {e.title: state.burned[e] for e in EMPERORS},
        "recoverable": {e.title: state.recoverable[e] for e in EMPERORS},
        "barbarian_reserve": {"gray": state.gray, "black": state.black},
        "flags": state.flags,
        "ip_next": {e.title: state.ip_next[e] for e in EMPERORS},
        "usurpers": [province_key(board, p) for p in state.usurpers],
        "skip": state.skip,
        "passer": Piece(state.passer).title if state.passer >= 0 else None,
    }}


def position_from_json(data: Any, board: Board) -> State:
    """A state from :func:`position_to_json` data (or a hand-written position), validated
    (``core/validate.py``): anything the rules cannot reach raises :class:`SaveFileError`."""
    check_data(data, "the position")
    state = _Reader(data, board).read()
    validate_state(state)
    return state


class _Reader:
    def __init__(self, data: Any, board: Board) -> None:
        self.data = data
        self.board = board

    def fail(self, where: str, what: str) -> SaveFileError:
        return SaveFileError(f"position {where}: {what}")

    def get(self, obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str,
            default: Any = ...) -> Any:
        if key not in obj:
            if default is ...:
                raise self.fail(where, f"missing {key!r}")
            return default
        value = obj[key]
        if isinstance(value, bool) and kind is int:
            raise self.fail(f"{where}.{key}", f"must be a number, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(f"{where}.{key}", f"has the wrong type ({type(value).__name__})")
        return value

    def province(self, key: Any, where: str) -> int:
        if not isinstance(key, str):
            raise self.fail(where, f"{key!r} is not a province")
        try:
            return self.board.province(key).index
        except KeyError:
            raise self.fail(where, f"unknown province {key!r}") from None

    def emperor(self, name: Any, where: str) -> Emperor:
        for e in EMPERORS:
            if isinstance(name, str) and e.title.lower() == name.strip().lower():
                return e
        raise self.fail(where, f"unknown Emperor {name!r}")

    def read(self) -> State:
        data = self.data
        if not isinstance(data, dict):
            raise self.fail("", "must be a JSON object")
        if data.get("format") != POSITION_FORMAT:
            raise self.fail("format", f"must be {POSITION_FORMAT!r}, not {data.get('format')!r}")
        version = data.get("version")
        if version != POSITION_VERSION:
            raise self.fail("version", f"this program reads version {POSITION_VERSION}, not {version!r}")
        digest = data.get("board")
        if digest not in (None, self.board.digest):
            raise self.fail("board", "was written for another board file than the one loaded")
        try:
            settings = Settings.from_json(data.get("settings", {}))
        except OptionError as exc:
            raise self.fail("settings", str(exc)) from None
        state = State.empty(self.board, settings)
        self.read_discs(state, self.get(data, "discs", dict, "", {}))
        self.read_figures(state, data)
        self.read_fleets(state, self.get(data, "fleets", list, "", []))
        self.read_expansion(state, data.get("expansion"))
        state.flags &= ~GOTHS_IN_PLAY  # R11.4: the Goths wait in the reserve iff their module is chosen
        if settings.has("goths"):
            state.flags |= GOTHS_IN_PLAY
        self.read_reserves(state, self.get(data, "reserves", dict, "", {}))
        self.read_turn(state, self.get(data, "turn", dict, "", {}))
        self.read_machine(state, data.get("machine"))
        self.check_passer(state)
        self.check_borders(state)
        result = self.get(data, "result", str, "", "ongoing")
        if result not in _RESULTS:
            raise self.fail("result", f"unknown result {result!r}")
        state.result = _RESULTS[result]
        if state.result is not Result.ONGOING:
            state.tasks.clear()
            state.awaiting = Awaiting.NOTHING
        return state

    def read_discs(self, state: State, discs: dict[str, Any]) -> None:
        for key, value in discs.items():
            p = self.province(key, f"discs[{key!r}]")
            if state.disc[p] != NO_DISC:
                raise self.fail(f"discs[{key!r}]", "a province holds at most one disc (R2)")
            if not isinstance(value, str):
                raise self.fail(f"discs[{key!r}]", f"{value!r} is not a disc")
            word = value.strip().lower()
            if word in ("unrest", "revolt"):
                if self.board.is_border[p] and word == "unrest":
                    raise self.fail(f"discs[{key!r}]", "a border never holds unrest or revolt")
                state.disc[p] = UNREST if word == "unrest" else REVOLT
            elif word.startswith("garrison"):
                owner = self.emperor(word.removeprefix("garrison").strip(), f"discs[{key!r}]")
                state.disc[p] = GARRISON + owner
            else:
                raise self.fail(f"discs[{key!r}]", f"{value!r} is not 'unrest', 'revolt' or "
                                "'garrison <Emperor>'")

    def read_figures(self, state: State, data: dict[str, Any]) -> None:
        for key in self.get(data, "armies", list, "", []):
            p = self.province(key, f"armies[{key!r}]")
            if state.figure[p] != NO_FIGURE:
                raise self.fail(f"armies[{key!r}]", "a province holds at most one figure (R2)")
            if p == self.board.roma and data.get("result") != "army-in-roma":
                raise self.fail(f"armies[{key!r}]", "an army in Roma has already ended the game")
            state.figure[p] = ARMY
        if state.armies_on_board() > 3:
            raise self.fail("armies", "there are only 3 Barbarian armies (R9)")
        turn = data.get("turn", {})
        passing = isinstance(turn, dict) and turn.get("passing") is True
        expansion = data.get("expansion")
        named = expansion.get("passer") if isinstance(expansion, dict) else None
        passer = None
        if passing and named is None:
            passer = self.emperor(turn.get("emperor", "Diocletian"), "turn.emperor")
        elif passing and isinstance(named, str) and named.lower() in ("dux", "vicarius"):
            passer = None  # the Dux or the Vicarius passing: placed with the expansion
        elif passing:
            passer = self.emperor(named, "expansion.passer")
        for name, key in self.get(data, "emperors", dict, "", {}).items():
            emperor = self.emperor(name, f"emperors[{name!r}]")
            if key is None:
                continue
            p = self.province(key, f"emperors[{name!r}]")
            state.emperor_at[emperor] = p
            if emperor is passer:
                continue  # he stands on another figure while passing through
            if state.figure[p] != NO_FIGURE:
                raise self.fail(f"emperors[{name!r}]", "a province holds at most one figure (R2)")
            state.figure[p] = EMPEROR_FIGURE + emperor
        if passer is not None:
            state.passer = int(passer)

    def read_expansion(self, state: State, data: Any) -> None:
        """The optional rules' pieces and counters (absent in a base game)."""
        if data is None:
            return
        if not isinstance(data, dict):
            raise self.fail("expansion", "must be an object")
        for name, attr in (("dux", "dux_at"), ("vicarius", "vicarius_at")):
            value = data.get(name)
            if value is None:
                continue
            if value == "dead":
                setattr(state, attr, DEAD)
                continue
            p = self.province(value, f"expansion.{name}")
            figure = DUX if name == "dux" else VICARIUS
            setattr(state, attr, p)
            if str(data.get("passer", "")).lower() == name:
                continue  # passing through another figure's province
            if state.figure[p] != NO_FIGURE:
                raise self.fail(f"expansion.{name}", "a province holds at most one figure (R2)")
            state.figure[p] = figure
            setattr(state, attr, p)
        for key in self.get(data, "goths", list, "expansion", []):
            p = self.province(key, "expansion.goths")
            ended_there = p == self.board.roma and self.data.get("result") == "army-in-roma"
            if state.figure[p] != NO_FIGURE or (p == self.board.roma and not ended_there):
                raise self.fail("expansion.goths", "the Goths need a province with no figure")
            state.figure[p] = GOTHS
        rebels = []
        for item in self.get(data, "rebels", list, "expansion", []):
            if not isinstance(item, list) or len(item) != 2 or type(item[1]) is not int \
                    or item[1] not in (1, 2, 3):
                raise self.fail("expansion.rebels", f"{item!r} is not [province, sea zone]")
            p = self.province(item[0], "expansion.rebels")
            if state.figure[p] != NO_FIGURE:
                raise self.fail("expansion.rebels", "a province holds at most one figure (R2)")
            state.figure[p] = REBEL
            rebels.append((p, int(item[1])))
        state.rebels = tuple(rebels)
        if state.armies_on_board() > 3:
            raise self.fail("expansion", "there are only 3 Barbarian armies (R9)")
        state.pirates = self.get(data, "pirates", int, "expansion", 0)
        if state.pirates not in (0, 1, 2, 3) or (state.pirates and state.fleets[state.pirates]):
            raise self.fail("expansion.pirates", "the Pirates need a sea zone with no Roman fleet")
        for name in ("glory", "burned", "recoverable", "ip_next"):
            table = self.get(data, name, dict, "expansion", {})
            values = [0, 0, 0, 0]
            for who, count in table.items():
                e = self.emperor(who, f"expansion.{name}")
                if not isinstance(count, int) or isinstance(count, bool) or not -1 <= count <= 21:
                    raise self.fail(f"expansion.{name}", f"{count!r} is not a count")
                values[e] = count
            setattr(state, name, values)
        reserve = self.get(data, "barbarian_reserve", dict, "expansion", {})
        state.gray = self.get(reserve, "gray", int, "expansion.barbarian_reserve", 0)
        state.black = self.get(reserve, "black", int, "expansion.barbarian_reserve", 0)
        state.flags = self.get(data, "flags", int, "expansion", 0)
        state.usurpers = [self.province(k, "expansion.usurpers")
                          for k in self.get(data, "usurpers", list, "expansion", [])]
        state.skip = self.get(data, "skip", int, "expansion", 0)
        passer = data.get("passer")
        if passer is not None:
            names = {p.title.lower(): p for p in Piece}
            if not isinstance(passer, str) or passer.lower() not in names:
                raise self.fail("expansion.passer", f"unknown figure {passer!r}")
            state.passer = int(names[passer.lower()])

    def check_borders(self, state: State) -> None:
        """Only a rebel army stands on a revolt on a border (R13)."""
        for b in self.board.borders:
            if state.disc[b] == REVOLT and state.figure[b] != REBEL:
                raise self.fail(f"discs[{province_key(self.board, b)!r}]",
                                "a border never holds unrest or revolt (only a rebel's revolt)")

    def check_passer(self, state: State) -> None:
        """A figure passing through stands where another figure is (R5.1)."""
        if state.passer < 0:
            return
        state.passing = True
        piece = state.passer
        p = state.emperor_at[piece] if piece < 4 else (
            state.dux_at if piece == Piece.DUX else state.vicarius_at)
        if p < 0 or state.figure[p] == NO_FIGURE or is_army(state.figure[p]):
            raise self.fail("turn.passing", f"{Piece(piece).title} is not standing on another "
                            "figure's province")

    def read_fleets(self, state: State, fleets: list[Any]) -> None:
        for zone in fleets:
            if type(zone) is not int or zone not in (1, 2, 3):
                raise self.fail("fleets", f"{zone!r} is not a sea zone (1-3)")
            if state.fleets[zone]:
                raise self.fail("fleets", f"two fleets in sea zone {zone}")
            state.fleets[zone] = 1
        if len(fleets) > state.settings.level.fleets:
            raise self.fail("fleets", f"the level {state.settings.level} has "
                            f"{state.settings.level.fleets} fleets, not {len(fleets)}")

    def read_reserves(self, state: State, reserves: dict[str, Any]) -> None:
        on_board_unrest = state.disc.count(UNREST)
        on_board_revolt = state.disc.count(REVOLT)
        outside = sum(state.glory) + state.gray  # gray discs held as glory or by the Barbarians
        on_board_unrest += outside
        on_board_revolt += state.black
        state.unrest_reserve = self.get(reserves, "unrest", int, "reserves",
                                        DISCS_PER_RESERVE - on_board_unrest)
        state.revolt_reserve = self.get(reserves, "revolt", int, "reserves",
                                        DISCS_PER_RESERVE - on_board_revolt)
        for name, count, on_board in (("unrest", state.unrest_reserve, on_board_unrest),
                                      ("revolt", state.revolt_reserve, on_board_revolt)):
            if count < 0 or count + on_board != DISCS_PER_RESERVE:
                raise self.fail(f"reserves.{name}", f"{on_board} on the board and {count} in the "
                                f"reserve do not make the {DISCS_PER_RESERVE} discs of R1")
        garrisons = self.get(reserves, "garrisons", dict, "reserves", {})
        level = state.settings.level.garrisons
        for e in EMPERORS:
            on_board = state.disc.count(GARRISON + e) + state.burned[e]
            count = self.get(garrisons, e.title, int, "reserves.garrisons", level - on_board)
            if count < 0 or count + on_board != level:
                raise self.fail(f"reserves.garrisons.{e.title}", f"{on_board} on the board and "
                                f"{count} in reserve do not make the {level} of the level")
            state.garrisons[e] = count
        for name in garrisons:
            self.emperor(name, "reserves.garrisons")

    def read_turn(self, state: State, turn: dict[str, Any]) -> None:
        state.turn = self.emperor(turn.get("emperor", "Diocletian"), "turn.emperor")
        state.round = self.get(turn, "round", int, "turn", 1)
        state.turns_played = self.get(turn, "turns_played", int, "turn",
                                      (state.round - 1) * 4 + int(state.turn))
        state.ip = self.get(turn, "ip", int, "turn", 6)
        state.passing = self.get(turn, "passing", bool, "turn", False)
        if state.round < 1 or state.turns_played < 0:
            raise self.fail("turn", "round starts at 1 and turns_played at 0")
        if not 0 <= state.ip <= max_ip(state.settings):
            raise self.fail("turn.ip", f"{state.ip} IP is not possible")

    def read_machine(self, state: State, machine: Any) -> None:
        """The machine as written; a hand-written position without one stands in the Roman phase
        of the turn's Emperor, or at his entry (R4) when he is off the board.  Loading runs no
        step: when he cannot enter (D1) his Roman phase is empty and the position stands at the
        start of his Barbarian phase, paused until the program runs it."""
        if machine == "barbarian-phase":
            state.tasks = []
            push_barbarian_phase(state)
            state.awaiting = Awaiting.RUN
            return
        if machine is None:
            if state.emperor_at[state.turn] >= 0:
                state.tasks = [ROMAN_PHASE_STEP]
                state.awaiting = Awaiting.ROMAN_ACTION
            elif entry_choices(state, state.turn):
                state.tasks = [ROMAN_PHASE_STEP, ENTRY_STEP]
                state.awaiting = Awaiting.ENTRY
            else:  # D1
                state.tasks = []
                push_barbarian_phase(state)
                state.awaiting = Awaiting.RUN
            return
        if not isinstance(machine, dict):
            raise self.fail("machine", "must be an object")
        awaiting = self.get(machine, "awaiting", str, "machine")
        if awaiting not in _AWAITING:
            raise self.fail("machine.awaiting", f"unknown value {awaiting!r}")
        state.awaiting = _AWAITING[awaiting]
        roll = self.get(machine, "roll", dict, "machine", {"count": 0, "purpose": "initial-revolt"})
        state.roll_count = self.get(roll, "count", int, "machine.roll")
        purpose = self.get(roll, "purpose", str, "machine.roll")
        if purpose not in _PURPOSES or state.roll_count not in (0, 1, 2):
            raise self.fail("machine.roll", "unknown roll")
        state.roll_purpose = _PURPOSES[purpose]
        dice = machine.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice
            ) or len(dice) not in (1, 2):
                raise self.fail("machine.dice", f"{dice!r} are not dice")
            state.dice = tuple(dice)
        tasks = self.get(machine, "tasks", list, "machine")
        state.tasks = [self.task(t, f"machine.tasks[{i}]") for i, t in enumerate(tasks)]
        memo = self.get(machine, "memo", dict, "machine", {})
        for k, v in memo.items():
            if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 6) \
                    or int(k) >= len(self.board.links) or not isinstance(v, bool):
                raise self.fail("machine.memo", f"bad entry {k!r}: {v!r}")
            state.memo[int(k)] = v
        state.armies_placed = [self.province(k, "machine.armies_placed")
                               for k in self.get(machine, "armies_placed", list, "machine", [])]
        if state.awaiting is Awaiting.ROLL and state.roll_count == 0:
            raise self.fail("machine.roll", "a roll is awaited but no dice are wanted")
        if not state.tasks and state.awaiting is not Awaiting.NOTHING:
            raise self.fail("machine.tasks", "the game waits for something but has no step to do")
        paused_at = (BEGIN_TURN, PHASE_START)  # a turn or a Barbarian phase begins (Game.advance)
        if state.awaiting is Awaiting.RUN:
            if not state.tasks or state.tasks[-1][0] not in paused_at:
                raise self.fail("machine.awaiting", "the machine pauses only where a turn or a "
                                "Barbarian phase begins")
        elif state.tasks and state.tasks[-1][0] in paused_at:
            raise self.fail("machine.tasks", "a position stopped at the beginning of a turn or of "
                            "a Barbarian phase is paused there ('awaiting': 'run')")

    def task(self, item: Any, where: str) -> Task:
        """A step of the machine: its record, its arguments checked against the record's fields
        (``reachable.read_step``: the one check of a step's arguments)."""
        try:
            return read_step(item, self.board)
        except ValueError as error:
            raise self.fail(where, str(error)) from None
