"""What is chosen before a game: the difficulty level (R3), the seats (R10) and the switchable
decisions of R14 (D2, D3, D6)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from tetrarchia.core.errors import OptionError
from tetrarchia.core.pieces import Emperor

# R3: each digit of GFRA, from low to high difficulty
GARRISON_CHOICES = (5, 4, 3)
FLEET_CHOICES = (3, 2, 1)
REVOLT_CHOICES = (0, 1, 2)
ARMY_CHOICES = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level ``GFRA`` (R3): garrisons, fleets, additional revolts, initial armies."""

    garrisons: int = 4
    fleets: int = 2
    revolts: int = 1
    armies: int = 1

    def __post_init__(self) -> None:
        for name, value, allowed in (
            ("garrisons per Emperor", self.garrisons, GARRISON_CHOICES),
            ("Roman fleets", self.fleets, FLEET_CHOICES),
            ("additional revolts", self.revolts, REVOLT_CHOICES),
            ("initial Barbarian armies", self.armies, ARMY_CHOICES),
        ):
            if value not in allowed:
                choices = ", ".join(str(v) for v in sorted(allowed))
                raise OptionError(f"{name} must be one of {choices}, not {value}")

    @classmethod
    def parse(cls, text: str) -> Level:
        """``"4211"`` -> Level(4, 2, 1, 1).  Refuses anything that is not one of the 81 levels."""
        digits = text.strip()
        if len(digits) != 4 or not digits.isdigit():
            raise OptionError(
                f"difficulty level {text!r} must be four digits GFRA, e.g. 4211 "
                "(garrisons 5/4/3, fleets 3/2/1, additional revolts 0/1/2, armies 0/1/2)"
            )
        return cls(*(int(d) for d in digits))

    def __str__(self) -> str:
        return f"{self.garrisons}{self.fleets}{self.revolts}{self.armies}"

    @staticmethod
    def all() -> list[Level]:
        """The 81 levels, easiest first digit by digit."""
        return [
            Level(g, f, r, a)
            for g in GARRISON_CHOICES
            for f in FLEET_CHOICES
            for r in REVOLT_CHOICES
            for a in ARMY_CHOICES
        ]


class SupportGroup(StrEnum):
    """D6: which single group of discs gives combat support."""

    LARGEST = "largest"  # both sides take their largest touching group (the default)
    PLAYERS_CHOOSE = "players-choose"  # the players pick: largest Roman, smallest Barbarian


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything fixed when a game is created."""

    level: Level = field(default_factory=Level)
    players: int = 1
    shared_caesar: Emperor = Emperor.GALERIUS  # R10, 3 players
    new_armies_advance: bool = True  # D2
    broken_link_once: bool = True  # D3
    support_group: SupportGroup = SupportGroup.LARGEST  # D6

    def __post_init__(self) -> None:
        if self.players not in (1, 2, 3, 4):
            raise OptionError(f"the base game is for 1 to 4 players, not {self.players}")
        if self.shared_caesar.is_augustus:
            raise OptionError(
                f"the shared Emperor of a 3-player game is a Caesar, not {self.shared_caesar.title}"
            )

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "level": str(self.level),
            "players": self.players,
            "shared_caesar": self.shared_caesar.title,
            "new_armies_advance": self.new_armies_advance,
            "broken_link_once": self.broken_link_once,
            "support_group": self.support_group.value,
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise OptionError("settings must be a JSON object")
        known = {
            "level", "players", "shared_caesar", "new_armies_advance", "broken_link_once",
            "support_group",
        }
        unknown = set(data) - known
        if unknown:
            raise OptionError(f"unknown settings: {', '.join(sorted(unknown))}")
        try:
            caesar = Emperor[str(data.get("shared_caesar", "Galerius")).upper()]
        except KeyError as exc:
            raise OptionError(f"unknown Emperor {data.get('shared_caesar')!r}") from exc
        try:
            group = SupportGroup(data.get("support_group", "largest"))
        except ValueError as exc:
            raise OptionError(f"unknown support group rule {data.get('support_group')!r}") from exc
        flags = {}
        for key in ("new_armies_advance", "broken_link_once"):
            value = data.get(key, True)
            if not isinstance(value, bool):
                raise OptionError(f"setting {key!r} must be true or false")
            flags[key] = value
        players = data.get("players", 1)
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError("setting 'players' must be a number")
        level = data.get("level", "4211")
        if not isinstance(level, str):
            raise OptionError("setting 'level' must be a string such as \"4211\"")
        return cls(
            level=Level.parse(level),
            players=players,
            shared_caesar=caesar,
            support_group=group,
            **flags,
        )
