"""Saves of an earlier format, brought to the current one (docs/save-format.md, "Migration").

Format 3 adds to a position what a program had to work out for itself: the armies in the reserve
(``reserves.armies``, R9 and D12) and the board's province id of every coordinate the position
writes (``ids``: ``{"II:6": "narbonensis"}``).  Both follow from the rest of the position and the
board, so :func:`position_v2_to_v3` adds them and nothing else changes.

Format 1 kept the optional rules' pieces and counters in one ``"expansion"`` object written in
full whenever an option was chosen, and ``state.flags`` as the raw bit field.  Format 2 writes each
option's record under its name in ``"records"`` only when it differs from its default, the set
flags by name in ``"flags"``, and the figure passing through another's province (R5.1) in
``"turn"``.  The functions here are plain JSON to JSON: what format 1 meant is frozen.  The
core's bits are written down here once (:data:`V1_FLAG_BITS`, :data:`V1_COUNTERS`); each optional
rule's record declares its own key and neutral value in format 1's ``"expansion"`` with the
record (``RecordKind.v1``, core/extensions.py: :func:`v1_fields`), and which records list armies
(``lists_armies``: :func:`reserve_armies`), so that the core names none of them.  Anything a
format-1 reader would have refused is left for the format-2 reader to refuse in its own words
(the migration never hides a damaged file).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tetrarchia.core.extensions import RECORDS, V1_PER_EMPEROR

if TYPE_CHECKING:
    from tetrarchia.core.board import Board

ARMIES_IN_GAME: Final = 3  # R9 (the same as core.pieces.ARMIES, frozen here with format 3)

# format 1's state.flags: bit -> flag name (format 2); the counters that lived in bit fields
V1_FLAG_BITS: Final = {
    0: "diocletian-moves-others",  # R12.1 Imperivm: Diocletian's power is on (turn)
    1: "maximian-used",  # R12.1: Maximian took his 7 IP this turn (turn)
    3: "rerolled",  # R12.6 Barbaria: the dice on the table were rerolled (turn)
    8: "transfer-used-diocletian",  # R12.8 Patres Patriae: Diocletian's transfer this round
    9: "transfer-used-constantius",  # R12.8: Constantius's transfer this round
}
V1_DERIVED_BIT: Final = 16  # R11.4, whether the Goths are in play: format 2 reads the settings
V1_COUNTERS: Final = {  # record name: (lowest bit, mask after the shift)
    "ip-bought": (4, 0xF),  # R12.1b Imperivm 1st edition: discs burned for IP this turn
    "galerius-bonus": (20, 0xF),  # R12.1: Galerius's +1s in the current battle
}


def v1_fields() -> dict[str, tuple[str, Any]]:
    """Format 1's ``"expansion"`` keys -> (the format 2 record name, the neutral value format 1
    wrote), as the records declare them (``RecordKind.v1``)."""
    return {kind.v1[0]: (kind.name, kind.v1[1]) for kind in RECORDS if kind.v1 is not None}


def position_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A format-1 position as format 2 (a new object; ``data`` is not changed)."""
    new = {key: value for key, value in data.items() if key != "expansion"}
    new["version"] = 2
    expansion = data.get("expansion")
    turn = data.get("turn")
    if isinstance(turn, dict) and turn.get("passing") is True:
        passer = expansion.get("passer") if isinstance(expansion, dict) else None
        new["turn"] = {**turn, "passer": passer if passer is not None
                       else turn.get("emperor", "Diocletian")}
    if expansion is None:
        return new
    if not isinstance(expansion, dict):
        new["expansion"] = expansion  # left for the reader to refuse
        return new
    records: dict[str, Any] = {}
    fields = v1_fields()
    for old, (name, neutral) in fields.items():
        if old not in expansion:
            continue
        value = expansion[old]
        if neutral == V1_PER_EMPEROR:  # a table of the Emperors, null when never used
            if isinstance(value, dict) and any(count != 0 for count in value.values()):
                records[name] = value
            elif value is not None and not isinstance(value, dict):
                records[name] = value  # left for the reader to refuse
        elif value != neutral:
            records[name] = value
    flags = expansion.get("flags", 0)
    names: list[str] = []
    if type(flags) is int and flags >= 0:
        for bit, name in V1_FLAG_BITS.items():
            if flags >> bit & 1:
                names.append(name)
                flags &= ~(1 << bit)
        flags &= ~(1 << V1_DERIVED_BIT)
        for name, (shift, mask) in V1_COUNTERS.items():
            count = flags >> shift & mask
            if count:
                records[name] = count
            flags &= ~(mask << shift)
        if flags:  # bits format 1 never used: kept for the reader to refuse
            names.append(f"unknown-bits-{flags}")
    else:
        names.append(f"unknown-bits-{flags!r}")
    if names:
        new["flags"] = names
    unknown = set(expansion) - set(fields) - {"flags", "passer"}
    for key in sorted(unknown):  # left for the reader to refuse
        records[f"expansion.{key}"] = expansion[key]
    if records:
        new["records"] = records
    return new


def game_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A format-1 saved game as format 2: its start and final positions migrated."""
    new = dict(data)
    new["version"] = 2
    for key in ("start", "final"):
        position = data.get(key)
        if isinstance(position, dict) and position.get("version") == 1:
            new[key] = position_v1_to_v2(position)
    return new


_COORDINATES: dict[str, dict[str, str]] = {}  # board digest -> {coordinates: province id}


def coordinate_ids(data: Any, board: Board) -> dict[str, str]:
    """The province id of every coordinate (``"II:6"``) written anywhere in the position ``data``
    (its discs, Emperors, armies, records, machine), in the order met: what format 3 writes as
    ``ids``.  Province ids (``"roma"``, ``"britannia"``) need no entry."""
    table = _COORDINATES.get(board.digest)
    if table is None:  # once per board file: the writer asks on every position
        table = _COORDINATES[board.digest] = {p.coords: p.id for p in board.provinces if p.coords}
    found: dict[str, str] = {}
    pending = [value for key, value in data.items() if key not in ("ids", "settings", "board")] \
        if isinstance(data, dict) else []
    pending.reverse()
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            pid = table.get(value)
            if pid is not None:
                found[value] = pid
        elif isinstance(value, dict):
            pending.extend(reversed([item for pair in value.items() for item in pair]))
        elif isinstance(value, list):
            pending.extend(reversed(value))
    return found


def reserve_armies(data: dict[str, Any]) -> int | None:
    """R9, D12: the armies not on the board of the position ``data`` (ordinary armies, the Goths
    and the rebels all count), or None when its lists are not lists (the reader refuses them)."""
    records = data.get("records", {})
    if not isinstance(records, dict):
        return None
    lists = [data.get("armies", []),
             *(records.get(kind.name, []) for kind in RECORDS if kind.lists_armies)]
    if not all(isinstance(each, list) for each in lists):
        return None
    return ARMIES_IN_GAME - sum(len(each) for each in lists)


def position_v2_to_v3(data: dict[str, Any], board: Board) -> dict[str, Any]:
    """A format-2 position as format 3 (a new object; ``data`` is not changed): the reserve's
    armies beside its discs, when it lists them, and the ids of the coordinates."""
    new = dict(data)
    new["version"] = 3
    reserves = data.get("reserves")
    armies = reserve_armies(data)
    if isinstance(reserves, dict) and armies is not None:
        new["reserves"] = {**reserves, "armies": armies}
    ids = coordinate_ids(data, board)
    if ids:
        new["ids"] = ids
    return new


def game_v2_to_v3(data: dict[str, Any], board: Board) -> dict[str, Any]:
    """A format-2 saved game as format 3: its start and final positions migrated."""
    new = dict(data)
    new["version"] = 3
    for key in ("start", "final"):
        position = data.get(key)
        if isinstance(position, dict) and position.get("version") == 2:
            new[key] = position_v2_to_v3(position, board)
    return new
