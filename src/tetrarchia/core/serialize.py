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
from tetrarchia.core.errors import OptionError, Said, SaveFileError, TetrarchiaError, said
from tetrarchia.core.events import PURPOSE_NAMES
from tetrarchia.core.extensions import (
    DEFAULTS,
    FIGURE_SLOTS,
    FLAGS,
    RECORD_NAMES,
    RECORDS,
    flag_names,
    missing_records,
)
from tetrarchia.core.jsontext import check_data
from tetrarchia.core.migrate import coordinate_ids, position_v1_to_v2, position_v2_to_v3
from tetrarchia.core.notation import province_key
from tetrarchia.core.pieces import (
    ARMIES,
    ARMY,
    DISCS_PER_RESERVE,
    EMPEROR_FIGURE,
    EMPERORS,
    GARRISON,
    IP_PER_TURN,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    Emperor,
    Piece,
    is_army,
)
from tetrarchia.core.reachable import read_step
from tetrarchia.core.roman import entry_choices
from tetrarchia.core.rulebook import REGISTRY, extra_ip
from tetrarchia.core.settings import Settings
from tetrarchia.core.state import Awaiting, Result, State, Task
from tetrarchia.core.tasks import (
    BEGIN_TURN,
    ENTRY_STEP,
    PHASE_START,
    ROMAN_PHASE_STEP,
    TASK_NAMES,
    piece_at,
    push_barbarian_phase,
    step_args,
)
from tetrarchia.core.validate import burned_discs, held_revolt, held_unrest, validate_state

POSITION_FORMAT = "tetrarchia-position"
POSITION_VERSION = 3
_AWAITING = {a.name.lower().replace("_", "-"): a for a in Awaiting}
_RESULTS = {r.name.lower().replace("_", "-"): r for r in Result}


def _disc_name(disc: int) -> str:
    if disc == UNREST:
        return "unrest"
    if disc == REVOLT:
        return "revolt"
    return f"garrison {Emperor(disc - GARRISON).title}"


def max_ip(settings: Settings) -> int:
    """The most IP a Roman phase can hold: 6, plus what the optional rules add (R12.1 Maximian's
    Imperivm power, R12.8 Patres Patriae, R12.1b one per disc burned: ``RuleModule.extra_ip``);
    7 at least (a base-game position may be written with 7)."""
    return IP_PER_TURN + max(1, extra_ip(settings))


def position_to_json(state: State) -> dict[str, Any]:
    """The whole state as plain JSON data."""
    board = state.board

    def key(p: int) -> str:
        return province_key(board, p)

    data = {
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
            "armies": state.armies_in_reserve(),  # R9, D12 (format 3)
        },
        "turn": {
            "emperor": state.turn.title,
            "round": state.round,
            "turns_played": state.turns_played,
            "ip": state.ip,
            "passing": state.passing,
            **({"passer": Piece(state.passer).title} if state.passer >= 0 else {}),
        },
        "machine": {
            "awaiting": state.awaiting.name.lower().replace("_", "-"),
            "roll": {"count": state.roll_count,
                     "purpose": PURPOSE_NAMES[state.roll_purpose]},
            "dice": list(state.dice) if state.dice is not None else None,
            "tasks": [[TASK_NAMES[t[0]], *step_args(t)] for t in state.tasks],
            "memo": {str(k): v for k, v in sorted(state.memo.items())},
            "armies_placed": [key(p) for p in state.armies_placed],
        },
        "result": state.result.name.lower().replace("_", "-"),
        **_records_to_json(state),
    }
    ids = coordinate_ids(data, board)  # format 3: the province id of each coordinate written
    if ids:
        data["ids"] = ids
    return data


def _records_to_json(state: State) -> dict[str, Any]:
    """The optional rules' records that differ from their defaults (R11-R13), by name, and the
    names of the set flags (core/extensions.py); nothing in a base game."""
    out: dict[str, Any] = {}
    records: dict[str, Any] = {}
    ext = state.ext
    if len(ext) != len(DEFAULTS):  # a state made before a record was declared
        raise SaveFileError(f"cannot write the position: {missing_records(state)}")
    for kind in RECORDS:
        if kind.slot < 0:  # a part with no record (figures on the board)
            if not kind.is_default(state):
                records[kind.name] = kind.to_json(state, None)
        elif ext[kind.slot] != DEFAULTS[kind.slot]:
            records[kind.name] = kind.to_json(state, ext[kind.slot])
    if records:
        out["records"] = records
    if state.flags:
        out["flags"] = flag_names(state.flags)
    return out


def position_from_json(data: Any, board: Board) -> State:
    """A state from :func:`position_to_json` data (or a hand-written position), validated
    (``core/validate.py``): anything the rules cannot reach raises :class:`SaveFileError`."""
    check_data(data, said("the position"))
    if isinstance(data, dict) and data.get("format") == POSITION_FORMAT:
        if data.get("version") == 1:
            data = position_v1_to_v2(data)  # format 1 (core/migrate.py)
        if data.get("version") == 2:
            data = position_v2_to_v3(data, board)  # format 2: no reserve armies, no ids
    state = _Reader(data, board).read()
    validate_state(state)
    return state


def portable_position(state: State) -> dict[str, Any] | None:
    """``state`` as :func:`position_to_json` data for another process to think on (the search's,
    the analysis's and the server's workers), or None when that data would not rebuild exactly
    ``state`` (then the caller thinks on it itself rather than on another position)."""
    data = position_to_json(state)
    try:
        return data if position_from_json(data, state.board) == state else None
    except TetrarchiaError:
        return None


class _Reader:
    def __init__(self, data: Any, board: Board) -> None:
        self.data = data
        self.board = board

    def fail(self, where: str, what: str | Said) -> SaveFileError:
        """The error naming the part at fault; ``what`` as a :class:`Said` lets it be told in
        another language (a plain text is told there by the code's sentence)."""
        if isinstance(what, Said):
            return SaveFileError(said("position {where}: {what}", where=where, what=what))
        return SaveFileError(f"position {where}: {what}")

    def get(self, obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str,
            default: Any = ...) -> Any:
        if key not in obj:
            if default is ...:
                raise self.fail(where, said("missing {field}", field=repr(key)))
            return default
        value = obj[key]
        if isinstance(value, bool) and kind is int:
            raise self.fail(f"{where}.{key}", said("must be a number, not {value}", value=repr(value)))
        if not isinstance(value, kind):
            raise self.fail(f"{where}.{key}", said("has the wrong type ({kind})",
                                                   kind=type(value).__name__))
        return value

    def province(self, key: Any, where: str) -> int:
        if not isinstance(key, str):
            raise self.fail(where, said("{province} is not a province", province=repr(key)))
        try:
            return self.board.province(key).index
        except KeyError:
            raise self.fail(where, said("unknown province {province}", province=repr(key))) from None

    def emperor(self, name: Any, where: str) -> Emperor:
        for e in EMPERORS:
            if isinstance(name, str) and e.title.lower() == name.strip().lower():
                return e
        raise self.fail(where, said("unknown Emperor {name}", name=repr(name)))

    def read(self) -> State:
        data = self.data
        if not isinstance(data, dict):
            raise self.fail("", said("must be a JSON object"))
        if data.get("format") != POSITION_FORMAT:
            raise self.fail("format", said("must be {expected}, not {value}",
                                           expected=repr(POSITION_FORMAT),
                                           value=repr(data.get("format"))))
        version = data.get("version")
        if version != POSITION_VERSION:
            raise self.fail("version", said("this program reads versions 1 to {latest}, not "
                                            "{value}", latest=POSITION_VERSION, value=repr(version)))
        digest = data.get("board")
        if digest not in (None, self.board.digest):
            raise self.fail("board", said("was written for another board file than the one loaded"))
        try:
            settings = Settings.from_json(data.get("settings", {}))
        except OptionError as exc:
            raise self.fail("settings", exc.said if exc.said is not None else str(exc)) from None
        state = State.empty(self.board, settings)
        result = self.get(data, "result", str, "", "ongoing")
        if result not in _RESULTS:
            raise self.fail("result", said("unknown result {value}", value=repr(result)))
        state.result = _RESULTS[result]  # known first: the records' figures may depend on it
        self.read_discs(state, self.get(data, "discs", dict, "", {}))
        self.read_figures(state, data)
        self.read_fleets(state, self.get(data, "fleets", list, "", []))
        if "expansion" in data:
            raise self.fail("expansion", said("is format 1's; a version 2 position has 'records' "
                                              "and 'flags'"))
        self.read_records(state, self.get(data, "records", dict, "", {}))
        self.read_flags(state, self.get(data, "flags", list, "", []))
        self.read_reserves(state, self.get(data, "reserves", dict, "", {}))
        self.read_turn(state, self.get(data, "turn", dict, "", {}))
        self.read_machine(state, data.get("machine"))
        self.read_ids(self.get(data, "ids", dict, "", {}))
        self.check_passer(state)
        self.check_borders(state)
        if state.result is not Result.ONGOING:
            state.tasks.clear()
            state.awaiting = Awaiting.NOTHING
        return state

    def read_discs(self, state: State, discs: dict[str, Any]) -> None:
        for key, value in discs.items():
            p = self.province(key, f"discs[{key!r}]")
            if state.disc[p] != NO_DISC:
                raise self.fail(f"discs[{key!r}]", said("a province holds at most one disc (R2)"))
            if not isinstance(value, str):
                raise self.fail(f"discs[{key!r}]", said("{value} is not a disc", value=repr(value)))
            word = value.strip().lower()
            if word in ("unrest", "revolt"):
                if self.board.is_border[p] and word == "unrest":
                    raise self.fail(f"discs[{key!r}]", said("a border never holds unrest or revolt"))
                state.disc[p] = UNREST if word == "unrest" else REVOLT
            elif word.startswith("garrison"):
                owner = self.emperor(word.removeprefix("garrison").strip(), f"discs[{key!r}]")
                state.disc[p] = GARRISON + owner
            else:
                raise self.fail(f"discs[{key!r}]", said("{value} is not 'unrest', 'revolt' or "
                                                        "'garrison <Emperor>'", value=repr(value)))

    def read_figures(self, state: State, data: dict[str, Any]) -> None:
        for key in self.get(data, "armies", list, "", []):
            p = self.province(key, f"armies[{key!r}]")
            if state.figure[p] != NO_FIGURE:
                raise self.fail(f"armies[{key!r}]", said("a province holds at most one figure (R2)"))
            if p == self.board.roma and data.get("result") != "army-in-roma":
                raise self.fail(f"armies[{key!r}]",
                                said("an army in Roma has already ended the game"))
            state.figure[p] = ARMY
        if state.armies_on_board() > 3:
            raise self.fail("armies", said("there are only 3 Barbarian armies (R9)"))
        turn = data.get("turn", {})
        passing = isinstance(turn, dict) and turn.get("passing") is True
        passer = -1
        if passing:  # R5.1: the figure passing through another's province
            named = turn.get("passer", turn.get("emperor", "Diocletian"))
            names = {p.title.lower(): p for p in Piece}
            if not isinstance(named, str) or named.strip().lower() not in names:
                raise self.fail("turn.passer", said("unknown figure {name}", name=repr(named)))
            passer = int(names[named.strip().lower()])
        elif isinstance(turn, dict) and turn.get("passer") is not None:
            raise self.fail("turn.passer", said("names a figure passing through, but 'passing' "
                                                "is not true"))
        state.passer = passer  # the option's figures are placed with their records
        for name, key in self.get(data, "emperors", dict, "", {}).items():
            emperor = self.emperor(name, f"emperors[{name!r}]")
            if key is None:
                continue
            p = self.province(key, f"emperors[{name!r}]")
            state.emperor_at[emperor] = p
            if emperor == passer:
                continue  # he stands on another figure while passing through
            if state.figure[p] != NO_FIGURE:
                raise self.fail(f"emperors[{name!r}]",
                                said("a province holds at most one figure (R2)"))
            state.figure[p] = EMPEROR_FIGURE + emperor

    def read_records(self, state: State, records: dict[str, Any]) -> None:
        """The optional rules' records (core/extensions.py): each by the reader its module
        declared, and only the records of the rules in play."""
        owned = {piece for key in state.settings.options for piece in REGISTRY[key].pieces}
        for name, value in records.items():
            kind = RECORD_NAMES.get(name)
            if kind is None:
                known = ", ".join(sorted(RECORD_NAMES))
                raise self.fail("records", said("unknown record {name} (the records are: {known})",
                                                name=repr(name), known=known))
            if name not in owned:
                raise self.fail(f"records.{name}", said("{title} on the table, but no optional rule "
                                                        "in play has them",
                                                        title=said(kind.title)))
            try:
                record = kind.from_json(state, value)
            except SaveFileError as exc:
                raise self.fail(f"records.{name}", exc.said or str(exc)) from None
            if kind.slot >= 0:
                state.ext[kind.slot] = record
        if state.armies_on_board() > 3:
            raise self.fail("records", said("there are only 3 Barbarian armies (R9)"))

    def read_flags(self, state: State, names: list[Any]) -> None:
        """The set flags, by name (core/extensions.py)."""
        for name in names:
            if not isinstance(name, str) or name not in FLAGS:
                known = ", ".join(sorted(FLAGS))
                raise self.fail("flags", said("unknown flag {name} (the flags are: {known})",
                                              name=repr(name), known=known))
            state.flags |= FLAGS[name]

    def check_borders(self, state: State) -> None:
        """Only a rebel army stands on a revolt on a border (R13)."""
        for b in self.board.borders:
            if state.disc[b] == REVOLT and state.figure[b] != REBEL:
                raise self.fail(f"discs[{province_key(self.board, b)!r}]",
                                said("a border never holds unrest or revolt (only a rebel's "
                                     "revolt)"))

    def check_passer(self, state: State) -> None:
        """A figure passing through stands where another figure is (R5.1)."""
        if state.passer < 0:
            return
        state.passing = True
        piece = state.passer
        if piece >= 4 and piece not in FIGURE_SLOTS:
            raise self.fail("turn.passer", said("{figure} is not in play", figure=Piece(piece).title))
        p = piece_at(state, piece)
        if p < 0 or state.figure[p] == NO_FIGURE or is_army(state.figure[p]):
            raise self.fail("turn.passing", said("{figure} is not standing on another figure's "
                                                 "province", figure=Piece(piece).title))

    def read_fleets(self, state: State, fleets: list[Any]) -> None:
        for zone in fleets:
            if type(zone) is not int or zone not in (1, 2, 3):
                raise self.fail("fleets", said("{zone} is not a sea zone (1-3)", zone=repr(zone)))
            if state.fleets[zone]:
                raise self.fail("fleets", said("two fleets in sea zone {zone}", zone=zone))
            state.fleets[zone] = 1
        if len(fleets) > state.settings.level.fleets:
            raise self.fail("fleets", said("the level {level} has {fleets} fleets, not {count}",
                                           level=str(state.settings.level),
                                           fleets=state.settings.level.fleets, count=len(fleets)))

    def read_ids(self, ids: dict[str, Any]) -> None:
        """Format 3's ``ids``: each coordinate's province id, as the board has it (a program
        reads them; the position itself is read by its coordinates)."""
        for key, value in ids.items():
            try:
                province = self.board.province(key)
            except KeyError:
                raise self.fail(f"ids[{key!r}]", said("unknown province {province}",
                                                      province=repr(key))) from None
            if value != province.id:
                raise self.fail(f"ids[{key!r}]", said("{key} is {wanted} on this board, not "
                                                      "{value}", key=key, wanted=repr(province.id),
                                                      value=repr(value)))

    def read_reserves(self, state: State, reserves: dict[str, Any]) -> None:
        on_board_unrest = state.disc.count(UNREST)
        on_board_revolt = state.disc.count(REVOLT)
        on_board_unrest += held_unrest(state)  # gray discs held as glory or by the Barbarians
        on_board_revolt += held_revolt(state)
        state.unrest_reserve = self.get(reserves, "unrest", int, "reserves",
                                        DISCS_PER_RESERVE - on_board_unrest)
        state.revolt_reserve = self.get(reserves, "revolt", int, "reserves",
                                        DISCS_PER_RESERVE - on_board_revolt)
        for name, count, on_board in (("unrest", state.unrest_reserve, on_board_unrest),
                                      ("revolt", state.revolt_reserve, on_board_revolt)):
            if count < 0 or count + on_board != DISCS_PER_RESERVE:
                raise self.fail(f"reserves.{name}", said("{on_board} on the board and {count} in "
                                                         "the reserve do not make the {total} discs "
                                                         "of R1", on_board=on_board, count=count,
                                                         total=DISCS_PER_RESERVE))
        garrisons = self.get(reserves, "garrisons", dict, "reserves", {})
        level = state.settings.level.garrisons
        for e in EMPERORS:
            on_board = state.disc.count(GARRISON + e) + burned_discs(state, e)
            count = self.get(garrisons, e.title, int, "reserves.garrisons", level - on_board)
            if count < 0 or count + on_board != level:
                raise self.fail(f"reserves.garrisons.{e.title}",
                                said("{on_board} on the board and {count} in reserve do not make "
                                     "the {level} of the level", on_board=on_board, count=count,
                                     level=level))
            state.garrisons[e] = count
        for name in garrisons:
            self.emperor(name, "reserves.garrisons")
        armies = self.get(reserves, "armies", int, "reserves", state.armies_in_reserve())
        if armies != state.armies_in_reserve():  # R9, D12: the rebels and the Goths count
            raise self.fail("reserves.armies", said(
                "{count} armies in the reserve and {on_board} on the board do not make the "
                "{total} armies of R9", count=armies, on_board=state.armies_on_board(),
                total=ARMIES))

    def read_turn(self, state: State, turn: dict[str, Any]) -> None:
        state.turn = self.emperor(turn.get("emperor", "Diocletian"), "turn.emperor")
        state.round = self.get(turn, "round", int, "turn", 1)
        state.turns_played = self.get(turn, "turns_played", int, "turn",
                                      (state.round - 1) * 4 + int(state.turn))
        state.ip = self.get(turn, "ip", int, "turn", 6)
        state.passing = self.get(turn, "passing", bool, "turn", False)
        if state.round < 1 or state.turns_played < 0:
            raise self.fail("turn", said("round starts at 1 and turns_played at 0"))
        if not 0 <= state.ip <= max_ip(state.settings):
            raise self.fail("turn.ip", said("{ip} IP is not possible", ip=state.ip))

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
            raise self.fail("machine", said("must be an object"))
        awaiting = self.get(machine, "awaiting", str, "machine")
        if awaiting not in _AWAITING:
            raise self.fail("machine.awaiting", said("unknown value {value}", value=repr(awaiting)))
        state.awaiting = _AWAITING[awaiting]
        roll = self.get(machine, "roll", dict, "machine", {"count": 0, "purpose": "initial-revolt"})
        state.roll_count = self.get(roll, "count", int, "machine.roll")
        purpose = self.get(roll, "purpose", str, "machine.roll")
        codes = {name: code for code, name in PURPOSE_NAMES.items()}
        if purpose not in codes or state.roll_count not in (0, 1, 2):
            raise self.fail("machine.roll", said("unknown roll"))
        state.roll_purpose = codes[purpose]
        dice = machine.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice
            ) or len(dice) not in (1, 2):
                raise self.fail("machine.dice", said("{dice} are not dice", dice=repr(dice)))
            state.dice = tuple(dice)
        tasks = self.get(machine, "tasks", list, "machine")
        state.tasks = [self.task(t, f"machine.tasks[{i}]") for i, t in enumerate(tasks)]
        memo = self.get(machine, "memo", dict, "machine", {})
        for k, v in memo.items():
            if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 6) \
                    or int(k) >= len(self.board.links) or not isinstance(v, bool):
                raise self.fail("machine.memo", said("bad entry {key}: {value}", key=repr(k),
                                                     value=repr(v)))
            state.memo[int(k)] = v
        state.armies_placed = [self.province(k, "machine.armies_placed")
                               for k in self.get(machine, "armies_placed", list, "machine", [])]
        if state.awaiting is Awaiting.ROLL and state.roll_count == 0:
            raise self.fail("machine.roll", said("a roll is awaited but no dice are wanted"))
        if not state.tasks and state.awaiting is not Awaiting.NOTHING:
            raise self.fail("machine.tasks",
                            said("the game waits for something but has no step to do"))
        paused_at = (BEGIN_TURN, PHASE_START)  # a turn or a Barbarian phase begins (Game.advance)
        if state.awaiting is Awaiting.RUN:
            if not state.tasks or state.tasks[-1][0] not in paused_at:
                raise self.fail("machine.awaiting", said("the machine pauses only where a turn or "
                                                     "a Barbarian phase begins"))
        elif state.tasks and state.tasks[-1][0] in paused_at:
            raise self.fail("machine.tasks", said("a position stopped at the beginning of a turn "
                                                  "or of a Barbarian phase is paused there "
                                                  "('awaiting': 'run')"))

    def task(self, item: Any, where: str) -> Task:
        """A step of the machine: its record, its arguments checked against the record's fields
        (``reachable.read_step``: the one check of a step's arguments)."""
        try:
            return read_step(item, self.board)
        except ValueError as error:  # SaveFileError, told with its arguments
            told = error.said if isinstance(error, SaveFileError) else None
            raise self.fail(where, told or str(error)) from None
