"""The board of R2 as an indexed, validated structure.

The printed map is not published; the default ``data/board.toml`` is a reconstruction (see
docs/board.md).  A user can load a corrected file with ``--board FILE``; every check below runs on
it, and a bad file is refused with an error naming the entry and what is wrong with it.

Provinces are indexed in *board order* (R14 D11): regions I-VI by number, provinces 1-6 within each,
then Italia in file order, then the six borders I-VI.  The engine works on these indices only.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import tomllib
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from tetrarchia.core.errors import AmbiguousPlace, BoardError, Said, said
from tetrarchia.core.pieces import EMPERORS, NUMERAL_VALUES, ROMAN_NUMERALS, Emperor

ITALIA = 0  # Italia has no region number (R2)
MAX_BOARD_TEXT = 1_000_000  # characters; the shipped board is some 20,000
# An id is what saves and the compact notation write: a lower-case word that can never be read
# as coordinates (II:5), a zone number (3) or a word the notation and the formats reserve.
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")
RESERVED_IDS = frozenset({"dead", "reserve", "pirates", "none", "null", "zone"})
# A name is what the long notation writes: letters, spaces, apostrophes and dots, without the
# words that join the parts of an action ("moves from X to Y by fleet").
_WORD = r"[^\W\d_]+(?:['.][^\W\d_]+)*\.?"
NAME_PATTERN = re.compile(rf"{_WORD}(?: {_WORD})*")
JOINING_WORDS = frozenset({"to", "from", "in", "by", "of", "the", "a", "an", "fleet", "and"})
OUTER_REGIONS = (1, 2, 3, 4, 5, 6)
ZONE_IDS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Province:
    """A space of the board: one of the 42 Roman provinces or one of the 6 borders (R2)."""

    index: int
    id: str
    name: str
    region: int  # 1-6, or ITALIA (0)
    number: int | None  # 1-6 outside Italia; None in Italia and on borders
    is_border: bool
    capital_of: tuple[Emperor, ...]
    coastal: tuple[int, ...]  # sea zones this province touches

    @property
    def coords(self) -> str | None:
        """The ``region:number`` coordinates, e.g. ``II:5`` (R2); None in Italia and on borders."""
        if self.number is None:
            return None
        return f"{ROMAN_NUMERALS[self.region]}:{self.number}"

    @property
    def label(self) -> str:
        """Name with coordinates, as the terminal shows it: ``AQVITANIA II:5``."""
        coords = self.coords
        return f"{self.title} {coords}" if coords else self.title

    @property
    def title(self) -> str:
        """The board's Latin name in title case: ``Germania Svperior``."""
        return " ".join(word.capitalize() for word in self.name.split())


@dataclass(frozen=True, slots=True)
class Link:
    index: int
    a: int
    b: int
    broken: bool  # difficult terrain: 2 IP to cross; rolled for in the Barbarian phase (R7.4)


@dataclass(frozen=True, slots=True)
class SeaZone:
    id: int
    name: str
    adjacent: tuple[int, ...]

    @property
    def title(self) -> str:
        return " ".join(word.capitalize() for word in self.name.split())


class Board:
    """The indexed board.  Build it with :func:`load_board` or :func:`default_board`."""

    def __init__(
        self,
        provinces: Sequence[Province],
        links: Sequence[Link],
        arrows: Mapping[int, int],
        zones: Sequence[SeaZone],
        source: str,
        digest: str = "",
    ) -> None:
        self.source = source
        self.digest = digest  # of the file's text: a saved game names the board it was played on
        self.provinces: tuple[Province, ...] = tuple(provinces)
        self.links: tuple[Link, ...] = tuple(links)
        self.zones: dict[int, SeaZone] = {zone.id: zone for zone in zones}
        n = len(self.provinces)
        self.size = n
        self.names: tuple[str, ...] = tuple(p.title for p in self.provinces)
        self.labels: tuple[str, ...] = tuple(p.label for p in self.provinces)
        self.by_id: dict[str, Province] = {p.id: p for p in self.provinces}
        self.by_coords: dict[str, Province] = {p.coords: p for p in self.provinces if p.coords}
        self.roma: int = self.by_id["roma"].index
        self.roman: tuple[int, ...] = tuple(p.index for p in self.provinces if not p.is_border)
        self.is_border: tuple[bool, ...] = tuple(p.is_border for p in self.provinces)
        self.region_of: tuple[int, ...] = tuple(p.region for p in self.provinces)
        self.border_of: dict[int, int] = {
            p.region: p.index for p in self.provinces if p.is_border
        }
        self.borders: tuple[int, ...] = tuple(self.border_of[r] for r in OUTER_REGIONS)
        self.region_provinces: dict[int, tuple[int, ...]] = {
            r: tuple(p.index for p in self.provinces if p.region == r and not p.is_border)
            for r in (*OUTER_REGIONS, ITALIA)
        }
        self.at_coords: dict[tuple[int, int], int] = {
            (p.region, p.number): p.index for p in self.provinces if p.number is not None
        }
        # each province's name and id folded (``province``'s look-up by name: once, not per parse)
        self.folded: tuple[tuple[str, str], ...] = tuple((_fold(p.name), _fold(p.id)) for p in self.provinces)
        self.capital: dict[Emperor, int] = {}
        for p in self.provinces:
            if p.index != self.roma:
                for emperor in p.capital_of:
                    self.capital[emperor] = p.index
        # printed disc of each province as a bitmask of Emperors (R2 capitals; Roma: all four)
        self.printed: tuple[int, ...] = tuple(
            sum(1 << e for e in p.capital_of) for p in self.provinces
        )

        # adjacency: for each province, the (neighbour, broken) pairs in board order
        adjacency: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        self.link_between: dict[tuple[int, int], Link] = {}
        for link in self.links:
            adjacency[link.a].append((link.b, link.broken))
            adjacency[link.b].append((link.a, link.broken))
            self.link_between[(link.a, link.b)] = link
            self.link_between[(link.b, link.a)] = link
        self.neighbours: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
            tuple(sorted(adj)) for adj in adjacency
        )
        self.neighbour_sets: tuple[frozenset[int], ...] = tuple(
            frozenset(q for q, _ in adj) for adj in self.neighbours
        )
        # coastal provinces of each sea zone, in board order
        self.coast: dict[int, tuple[int, ...]] = {
            z: tuple(p.index for p in self.provinces if z in p.coastal) for z in self.zones
        }
        self.arrow: tuple[int, ...] = tuple(arrows.get(i, -1) for i in range(n))
        self.distance_to_roma: tuple[int, ...] = self._roman_distances()
        self.next_step: tuple[int, ...] = tuple(self._next_step(i) for i in range(n))
        self.steps_to_roma: tuple[int, ...] = tuple(self._steps_along_path(i) for i in range(n))
        # fleet routes per routes function (None: R5.1's; a variant's, R12.2) and (origin, fleet in
        # zone 1, 2, 3): derived data, filled as used
        self.fleet_cache: dict[object, dict[tuple[int, int, int, int], dict[int, int]]] = {}
        # the rules' own memo of immutable Move actions per (emperor, origin, piece)
        self.move_cache: dict[tuple[int, int, int | None], list[Any]] = {}
        # ... and of fleet Move actions per routes function and (emperor, origin, piece or -1,
        # fleet in zone 1, 2, 3)
        self.fleet_move_cache: dict[object, dict[tuple[int, int, int, int, int, int], list[Any]]] = {}

    # --- look-ups -------------------------------------------------------------------------
    def province(self, key: str) -> Province:
        """A province by id, coordinates (``II:5``), name or unambiguous name prefix.

        Names match without regard to case, spaces or the board's V-for-U spelling
        (``Germania Superior`` finds GERMANIA SVPERIOR).
        """
        text = key.strip()
        if text in self.by_id:
            return self.by_id[text]
        coords = text.upper().replace(" ", "")
        if coords in self.by_coords:
            return self.by_coords[coords]
        wanted = _fold(text)
        if not wanted:
            raise KeyError(key)
        folded = self.folded
        exact = [p for p in self.provinces if wanted in folded[p.index]]
        if len(exact) == 1:
            return exact[0]
        prefixed = [p for p in self.provinces if folded[p.index][0].startswith(wanted)]
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            names = ", ".join(p.title for p in prefixed)
            raise AmbiguousPlace(f"{key!r} could be any of {names}", key, names)
        raise KeyError(key)

    def linked(self, a: int, b: int) -> bool:
        return b in self.neighbour_sets[a]

    def name(self, index: int) -> str:
        return self.names[index]

    def label(self, index: int) -> str:
        return self.labels[index]

    def coastal_zones(self, index: int) -> tuple[int, ...]:
        return self.provinces[index].coastal

    # --- derived paths (R7.3, D9, D10) --------------------------------------------------------
    def _roman_distances(self) -> tuple[int, ...]:
        """Links from each Roman province to Roma, through Roman provinces only (D9)."""
        far = 10**6
        dist = [far] * self.size
        dist[self.roma] = 0
        queue = deque([self.roma])
        while queue:
            p = queue.popleft()
            for q, _ in self.neighbours[p]:
                if not self.is_border[q] and dist[q] == far:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return tuple(dist)

    def _next_step(self, p: int) -> int:
        """Where an army in ``p`` advances: its arrow, else D9's nearest linked province."""
        if self.arrow[p] >= 0:
            return self.arrow[p]
        if p == self.roma:
            return -1
        candidates = [q for q, _ in self.neighbours[p] if not self.is_border[q]]
        if not candidates:
            return -1
        # D9: nearest to Roma, then a province on an arrow path, then lowest coordinates
        # (board order puts Italia after the outer regions).
        return min(candidates, key=lambda q: (self.distance_to_roma[q], self.arrow[q] < 0, q))

    def _steps_along_path(self, p: int) -> int:
        """Steps an army in ``p`` still has to go to Roma along its own path (D10)."""
        steps = 0
        while p != self.roma:
            p = self.next_step[p]
            steps += 1
            if p < 0 or steps > self.size:
                return 10**6
        return steps


def _fold(text: str) -> str:
    return "".join(ch for ch in text.lower().replace("u", "v") if ch.isalnum())


# --- loading and validation ---------------------------------------------------------------------


def default_board() -> Board:
    """The board shipped with the package (a reconstruction: see docs/board.md)."""
    global _DEFAULT
    if _DEFAULT is None:
        text = resources.files("tetrarchia.data").joinpath("board.toml").read_text("utf-8")
        _DEFAULT = parse_board(text, source="tetrarchia/data/board.toml")
    return _DEFAULT


_DEFAULT: Board | None = None


def load_board(path: str | Path) -> Board:
    """A board from a TOML file, validated (raises :class:`BoardError`)."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as file:
            text = file.read(MAX_BOARD_TEXT + 1)  # never more: parse_board refuses a longer text
    except OSError as exc:
        raise BoardError(said("cannot read board file {path}: {why}", path=repr(str(path)),
                              why=str(exc.strerror))) from exc
    except UnicodeDecodeError as exc:
        raise BoardError(said("board file {path} is not UTF-8 text", path=repr(str(path)))) from exc
    return parse_board(text, source=str(path))


def parse_board(text: str, source: str = "<board>") -> Board:
    """Parse and validate board TOML text; every problem names the entry at fault."""
    if len(text) > MAX_BOARD_TEXT:
        raise BoardError(said("{source}: {length} characters; a board file is at most {limit}",
                              source=source, length=f"{len(text):,}",
                              limit=f"{MAX_BOARD_TEXT:,}"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(_toml_refusal(source, str(exc))) from exc
    except (RecursionError, ValueError) as exc:  # arrays nested ~1,000 deep, 4,300-digit numbers
        raise BoardError(said("{source}: not a board file: {why}", source=source,
                              why=f"{type(exc).__name__}: {str(exc)[:120]}")) from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return _BoardBuilder(data, source, digest).build()


def entry_of(border: bool, pid: str) -> Said:
    """Where a province's entry is, as a refusal names it (``provinces entry 'roma'``: the
    file's table name stays as written)."""
    return said("{table} entry {id}", table="borders" if border else "provinces", id=repr(pid))


_TOML_PLACE = re.compile(r"(.*) \(at line (\d+), column (\d+)\)", re.DOTALL)


def _toml_refusal(source: str, message: str) -> Said:
    """The TOML reader's complaint as a sentence: its own words (Python's, quoted as they are
    in every language) and the line and column, which every language names in its own words."""
    place = _TOML_PLACE.fullmatch(message)
    if message.endswith(" (at end of document)"):
        return said("{source}: not valid TOML: {why} (at end of document)", source=source,
                    why=message.removesuffix(" (at end of document)"))
    if place is None:
        return said("{source}: not valid TOML: {why}", source=source, why=message)
    return said("{source}: not valid TOML: {why} (at line {line}, column {column})",
                source=source, why=place.group(1), line=int(place.group(2)),
                column=int(place.group(3)))


class _BoardBuilder:
    def __init__(self, data: dict[str, Any], source: str, digest: str) -> None:
        self.data = data
        self.source = source
        self.digest = digest

    def fail(self, where: str | Said, what: str | Said) -> BoardError:
        """The error naming the entry at fault; ``what`` as a :class:`Said` lets it be told in
        another language (a plain text is told there by the code's sentence)."""
        if isinstance(what, Said):
            return BoardError(said("{source}: {where}: {what}", source=self.source, where=where,
                                   what=what))
        return BoardError(f"{self.source}: {where}: {what}")

    def table_list(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, said("missing, or not a list of tables"))
        return value

    def field(self, entry: dict[str, Any], where: str, key: str, kind: type) -> Any:
        if key not in entry:
            raise self.fail(where, said("missing field {field}", field=repr(key)))
        value = entry[key]
        if kind is int and isinstance(value, bool):
            raise self.fail(where, said("field {field} must be an integer, not {value}",
                                        field=repr(key), value=repr(value)))
        if not isinstance(value, kind):
            raise self.fail(where, said("field {field} must be a {kind}, not {value}",
                                        field=repr(key), kind=kind.__name__, value=repr(value)))
        return value

    def id_field(self, entry: dict[str, Any], where: str) -> str:
        """A province's id: see ID_PATTERN and RESERVED_IDS."""
        pid = str(self.field(entry, where, "id", str))
        if not ID_PATTERN.fullmatch(pid) or pid in RESERVED_IDS:
            raise self.fail(where, said("id {id} must be a lower-case word of letters, digits "
                                        "and '_' starting with a letter (at most 40), not "
                                        "coordinates, a number or one of {reserved}",
                                        id=repr(pid), reserved=", ".join(sorted(RESERVED_IDS))))
        return pid

    def name_field(self, entry: dict[str, Any], where: str) -> str:
        """A province's or sea zone's name: see NAME_PATTERN and JOINING_WORDS."""
        name = str(self.field(entry, where, "name", str))
        if len(name) > 60 or not NAME_PATTERN.fullmatch(name):
            raise self.fail(where, said("name {name} must be words of letters (with ' or .), "
                                        "single spaces between them, at most 60 characters",
                                        name=repr(name)))
        joining = [w for w in name.lower().split() if w in JOINING_WORDS]
        if joining:
            raise self.fail(where, said("name {name} holds {word}, a word the notation uses "
                                        "between the parts of an action", name=repr(name),
                                        word=repr(joining[0])))
        return name

    def check_names(self, provinces: list[Province]) -> None:
        """Every province is found again by its id and by its name, and only it."""
        seen: dict[str, Province] = {}
        for p in provinces:
            for key, what in ((_fold(p.name), "name"), (_fold(p.id), "id")):
                other = seen.get(key)
                if other is not None and other is not p:
                    raise self.fail(entry_of(p.is_border, p.id),
                                    said("its {part} {value} reads the same as the name or id of "
                                         "{other}", part=said("name") if what == "name" else what,
                                         value=repr(getattr(p, what)),
                                         other=repr(other.id)))
                seen[key] = p

    def region(self, value: str, where: str) -> int:
        if value == "ITALIA":
            return ITALIA
        if value in NUMERAL_VALUES:
            return NUMERAL_VALUES[value]
        raise self.fail(where, said("unknown region {region} (I-VI or ITALIA)", region=repr(value)))

    def build(self) -> Board:
        zones = self.build_zones()
        roman = self.build_roman(zones)
        borders = self.build_borders(zones)
        ordered = sorted(roman, key=lambda e: (e[0] == ITALIA, e[0], e[1] or 0, e[2]))
        provinces: list[Province] = []
        for region, number, order, entry in ordered:
            provinces.append(self.province(len(provinces), entry, region, number, False, order))
        for region in OUTER_REGIONS:
            entry = borders[region]
            provinces.append(self.province(len(provinces), entry, region, None, True, 0))
        index = {p.id: p.index for p in provinces}
        self.check_names(provinces)
        self.check_capitals(provinces)
        links = self.build_links(index)
        arrows = self.build_arrows(index, links)
        board = Board(provinces, links, arrows, zones, self.source, self.digest)
        self.check_reachability(board)
        return board

    def build_zones(self) -> list[SeaZone]:
        zones: list[SeaZone] = []
        for i, entry in enumerate(self.table_list("sea_zones")):
            where = f"sea_zones[{i}]"
            zid = self.field(entry, where, "id", int)
            name = self.name_field(entry, where)
            adjacent = self.field(entry, where, "adjacent", list)
            if not all(isinstance(z, int) and not isinstance(z, bool) for z in adjacent):
                raise self.fail(where, said("field {field} must be a list of sea zone numbers, not "
                                            "{value}", field=repr("adjacent"), value=repr(adjacent)))
            zones.append(SeaZone(zid, name, tuple(adjacent)))
        ids = sorted(z.id for z in zones)
        folded = sorted(_fold(z.name) for z in zones)
        for shorter, longer in itertools.pairwise(folded):
            if longer.startswith(shorter):
                raise self.fail("sea_zones", said("the names of two sea zones read alike ({one}, "
                                                  "{other}): the notation could not tell them apart",
                                                  one=repr(shorter), other=repr(longer)))
        if ids != list(ZONE_IDS):
            raise self.fail("sea_zones", said("the zones must be 1, 2 and 3, found {ids}", ids=str(ids)))
        wanted = {1: (2,), 2: (1, 3), 3: (2,)}
        for zone in zones:
            if tuple(sorted(zone.adjacent)) != wanted[zone.id]:
                raise self.fail(
                    said("sea zone {zone} ({name})", zone=zone.id, name=zone.name),
                    said("must be adjacent to {wanted} (zones adjacent 1-2-3), found {found}",
                         wanted=str(list(wanted[zone.id])), found=str(list(zone.adjacent))),
                )
        return zones

    def coastal(self, entry: dict[str, Any], where: str, zones: list[SeaZone]) -> tuple[int, ...]:
        coastal = entry.get("coastal", [])
        if not isinstance(coastal, list) or not all(
            isinstance(z, int) and not isinstance(z, bool) for z in coastal
        ):
            raise self.fail(where, said("field {field} must be a list of sea zone numbers, not {value}",
                                        field=repr("coastal"), value=repr(coastal)))
        known = {z.id for z in zones}
        for z in coastal:
            if z not in known:
                raise self.fail(where, said("coastal on unknown sea zone {zone}", zone=z))
        if len(set(coastal)) != len(coastal):
            raise self.fail(where, said("sea zone listed twice in 'coastal': {coastal}",
                                        coastal=str(coastal)))
        return tuple(sorted(coastal))

    def build_roman(
        self, zones: list[SeaZone]
    ) -> list[tuple[int, int | None, int, dict[str, Any]]]:
        result: list[tuple[int, int | None, int, dict[str, Any]]] = []
        seen_ids: set[str] = set()
        seen_coords: dict[tuple[int, int], str] = {}
        counts: dict[int, int] = {}
        for i, entry in enumerate(self.table_list("provinces")):
            pid = self.id_field(entry, f"provinces[{i}]")
            where = f"provinces[{i}] ({pid})"
            self.name_field(entry, where)
            if pid in seen_ids:
                raise self.fail(where, said("province id {id} appears twice", id=repr(pid)))
            seen_ids.add(pid)
            region = self.region(self.field(entry, where, "region", str), where)
            number = entry.get("number")
            if region == ITALIA:
                if number is not None:
                    raise self.fail(where, said("a province of Italia has no coordinates (no "
                                                "'number')"))
            else:
                if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 6:
                    raise self.fail(where, said("'number' must be 1-6 in region {region}",
                                                region=ROMAN_NUMERALS[region]))
                if (region, number) in seen_coords:
                    raise self.fail(where, said("coordinates {region}:{number} already used by "
                                                "{other}", region=ROMAN_NUMERALS[region],
                                                number=number,
                                                other=repr(seen_coords[(region, number)])))
                seen_coords[(region, number)] = pid
            self.coastal(entry, where, zones)
            counts[region] = counts.get(region, 0) + 1
            result.append((region, number, i, entry))
        if len(result) != 42:
            raise self.fail("provinces", said("there must be 42 Roman provinces, found {count}",
                                              count=len(result)))
        for region in (*OUTER_REGIONS, ITALIA):
            name: str | Said = "ITALIA" if region == ITALIA else \
                said("region {region}", region=ROMAN_NUMERALS[region])
            if counts.get(region, 0) != 6:
                raise self.fail("provinces", said("{name} must have 6 provinces, found {count}",
                                                  name=name, count=counts.get(region, 0)))
        if "roma" not in seen_ids:
            raise self.fail("provinces", said("there is no province with id 'roma'"))
        return result

    def build_borders(self, zones: list[SeaZone]) -> dict[int, dict[str, Any]]:
        borders: dict[int, dict[str, Any]] = {}
        entries = self.table_list("borders")
        ids = {e["id"] for e in self.table_list("provinces")}  # checked strings by now
        for i, entry in enumerate(entries):
            bid = self.id_field(entry, f"borders[{i}]")
            where = f"borders[{i}] ({bid})"
            self.name_field(entry, where)
            if bid in ids:
                raise self.fail(where, said("id {id} is also a Roman province", id=repr(bid)))
            region = self.region(self.field(entry, where, "region", str), where)
            if region == ITALIA:
                raise self.fail(where, said("Italia has no border"))
            if region in borders:
                raise self.fail(where, said("region {region} already has a border",
                                            region=ROMAN_NUMERALS[region]))
            self.coastal(entry, where, zones)
            borders[region] = entry
        if len(entries) != 6 or len(borders) != 6:
            raise self.fail("borders", said("there must be 6 borders, one per region I-VI, found "
                                            "{count}", count=len(entries)))
        return borders

    def province(
        self, index: int, entry: dict[str, Any], region: int, number: int | None, border: bool, order: int
    ) -> Province:
        where = entry_of(border, entry["id"])
        capital_of = entry.get("capital_of", [])
        if not isinstance(capital_of, list):
            raise self.fail(where, said("'capital_of' must be a list of Emperor names"))
        emperors: list[Emperor] = []
        for name in capital_of:
            matches = [e for e in EMPERORS if isinstance(name, str) and e.title == name]
            if not matches:
                raise self.fail(where, said("unknown Emperor {name} in 'capital_of'", name=repr(name)))
            emperors.append(matches[0])
        if border and emperors:
            raise self.fail(where, said("a border cannot be a capital"))
        return Province(
            index=index,
            id=entry["id"],
            name=entry["name"],
            region=region,
            number=number,
            is_border=border,
            capital_of=tuple(sorted(emperors)),
            coastal=tuple(sorted(entry.get("coastal", []))),
        )

    def check_capitals(self, provinces: list[Province]) -> None:
        roma = next(p for p in provinces if p.id == "roma")
        if roma.region != ITALIA:
            raise self.fail(said("province {id}", id=repr("roma")), said("Roma must be in ITALIA"))
        if set(roma.capital_of) != set(EMPERORS):
            raise self.fail(said("province {id}", id=repr("roma")),
                            said("Roma must carry the printed disc of all four Emperors"))
        for emperor in EMPERORS:
            capitals = [p for p in provinces if emperor in p.capital_of and p.id != "roma"]
            if len(capitals) != 1:
                found = said("{ids}", ids=", ".join(p.id for p in capitals)) if capitals \
                    else said("none")
                raise self.fail("capitals", said("{emperor} must have exactly one capital besides "
                                                 "Roma, found {found}", emperor=emperor.title,
                                                 found=found))
            if len(capitals[0].capital_of) != 1:
                raise self.fail(said("province {id}", id=repr(capitals[0].id)),
                                said("a capital belongs to one Emperor"))

    def build_links(self, index: dict[str, int]) -> list[Link]:
        links: list[Link] = []
        seen: set[frozenset[int]] = set()
        for i, entry in enumerate(self.table_list("links")):
            where = f"links[{i}]"
            a = self.field(entry, where, "a", str)
            b = self.field(entry, where, "b", str)
            where = f"links[{i}] ({a} - {b})"
            broken = self.field(entry, where, "broken", bool)
            for end in (a, b):
                if end not in index:
                    raise self.fail(where, said("unknown province {province}", province=repr(end)))
            if a == b:
                raise self.fail(where, said("a link must join two different provinces"))
            pair = frozenset((index[a], index[b]))
            if pair in seen:
                raise self.fail(where, said("these provinces are already linked"))
            seen.add(pair)
            links.append(Link(len(links), index[a], index[b], broken))
        return links

    def build_arrows(self, index: dict[str, int], links: list[Link]) -> dict[int, int]:
        pairs = {frozenset((link.a, link.b)) for link in links}
        arrows: dict[int, int] = {}
        names = {v: k for k, v in index.items()}
        for i, entry in enumerate(self.table_list("arrows")):
            where = f"arrows[{i}]"
            a = self.field(entry, where, "from", str)
            b = self.field(entry, where, "to", str)
            where = f"arrows[{i}] ({a} -> {b})"
            for end in (a, b):
                if end not in index:
                    raise self.fail(where, said("unknown province {province}", province=repr(end)))
            if frozenset((index[a], index[b])) not in pairs:
                raise self.fail(where, said("an arrow must lie on a link, and these provinces are "
                                            "not linked"))
            if index[a] in arrows:
                raise self.fail(where, said("{id} already has an arrow out (at most one per space)",
                                            id=repr(a)))
            if a == "roma":
                raise self.fail(where, said("no arrow leaves Roma"))
            arrows[index[a]] = index[b]
        roma = index["roma"]
        for start in arrows:
            p, seen = start, {start}
            while p in arrows:
                p = arrows[p]
                if p in seen:
                    raise self.fail(said("arrow path from {id}", id=repr(names[start])),
                                    said("the arrows form a loop"))
                seen.add(p)
            if p != roma:
                raise self.fail(said("arrow path from {id}", id=repr(names[start])),
                                said("ends in {id}, not in Roma", id=repr(names[p])))
        return arrows

    def check_reachability(self, board: Board) -> None:
        for border in board.borders:
            if board.arrow[border] < 0:
                raise self.fail(said("border {id}", id=repr(board.provinces[border].id)),
                                said("has no arrow into the Empire"))
        for p in board.roman:
            if board.distance_to_roma[p] >= 10**6:
                raise self.fail(said("province {id}", id=repr(board.provinces[p].id)),
                                said("cannot reach Roma through Roman provinces"))
        for border in board.borders:
            if not board.neighbours[border]:
                raise self.fail(said("border {id}", id=repr(board.provinces[border].id)),
                                said("is not linked to any province"))
