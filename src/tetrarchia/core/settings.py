"""What is chosen before a game: the difficulty level (R3), the seats (R10) and the switchable
decisions of R14 (D2, D3, D6)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from tetrarchia.core.errors import OptionError, said
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.rulebook import REGISTRY, Hooks, ParamValue, find_module, hooks_for

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
            (said("garrisons per Emperor"), self.garrisons, GARRISON_CHOICES),
            (said("Roman fleets"), self.fleets, FLEET_CHOICES),
            (said("additional revolts"), self.revolts, REVOLT_CHOICES),
            (said("initial Barbarian armies"), self.armies, ARMY_CHOICES),
        ):
            if value not in allowed:
                choices = ", ".join(str(v) for v in sorted(allowed))
                raise OptionError(said("{name} must be one of {choices}, not {value}",
                                       name=name, choices=choices, value=value))

    @classmethod
    def parse(cls, text: str) -> Level:
        """``"4211"`` -> Level(4, 2, 1, 1).  Refuses anything that is not one of the 81 levels."""
        digits = text.strip()
        if len(digits) != 4 or not (digits.isascii() and digits.isdigit()):  # "²211" is no level
            raise OptionError(said(
                "difficulty level {text} must be four digits GFRA, e.g. 4211 "
                "(garrisons 5/4/3, fleets 3/2/1, additional revolts 0/1/2, armies 0/1/2)",
                text=repr(text)))
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
    options: tuple[str, ...] = ()  # keys of the rule modules of R11-R13 (rulebook.REGISTRY)
    params: tuple[tuple[str, ParamValue], ...] = ()  # ("module.param", value), sorted

    def __post_init__(self) -> None:
        if self.players not in (1, 2, 3, 4):
            raise OptionError(said("the Emperors are played by 1 to 4 players, not {players}",
                                   players=self.players))
        if self.shared_caesar.is_augustus:
            raise OptionError(said("the shared Emperor of a 3-player game is a Caesar, not "
                                   "{emperor}", emperor=self.shared_caesar.title))
        if self.options or self.params:
            options, params = _resolve_options(self.options, self.params)
            object.__setattr__(self, "options", options)
            object.__setattr__(self, "params", params)
            for key in options:
                check = REGISTRY[key].validate
                if check is not None:
                    check(self)

    def has(self, key: str) -> bool:
        """Whether the rule module ``key`` is in play."""
        return key in self.options

    def param(self, module: str, name: str) -> ParamValue:
        """A module parameter (its default unless chosen)."""
        wanted = f"{module}.{name}"
        for key, value in self.params:
            if key == wanted:
                return value
        for param in REGISTRY[module].params:
            if param.name == name:
                return param.default
        raise KeyError(wanted)

    @property
    def hooks(self) -> Hooks:
        return hooks_for(self)

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
            "options": list(self.options),
            "params": dict(self.params),
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise OptionError(said("settings must be a JSON object"))
        known = {
            "level", "players", "shared_caesar", "new_armies_advance", "broken_link_once",
            "support_group", "options", "params",
        }
        unknown = set(data) - known
        if unknown:
            raise OptionError(said("unknown settings: {names}", names=", ".join(sorted(unknown))))
        try:
            caesar = Emperor[str(data.get("shared_caesar", "Galerius")).upper()]
        except KeyError as exc:
            raise OptionError(said("unknown Emperor {name}",
                                   name=repr(data.get("shared_caesar")))) from exc
        try:
            group = SupportGroup(data.get("support_group", "largest"))
        except ValueError as exc:
            raise OptionError(said("unknown support group rule {name}",
                                   name=repr(data.get("support_group")))) from exc
        flags = {}
        for key in ("new_armies_advance", "broken_link_once"):
            value = data.get(key, True)
            if not isinstance(value, bool):
                raise OptionError(said("setting {key} must be true or false", key=repr(key)))
            flags[key] = value
        players = data.get("players", 1)
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(said("setting 'players' must be a number"))
        level = data.get("level", "4211")
        if not isinstance(level, str):
            raise OptionError(said("setting 'level' must be a string such as \"4211\""))
        options = data.get("options", [])
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise OptionError(said("setting 'options' must be a list of option names"))
        params = data.get("params", {})
        if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, (str, int, bool)) for k, v in params.items()
        ):
            raise OptionError(said("setting 'params' must map 'option.parameter' to a value"))
        return cls(
            level=Level.parse(level),
            players=players,
            shared_caesar=caesar,
            support_group=group,
            options=tuple(options),
            params=tuple(sorted(params.items())),
            **flags,
        )


def _resolve_options(
    names: tuple[str, ...], params: tuple[tuple[str, ParamValue], ...]
) -> tuple[tuple[str, ...], tuple[tuple[str, ParamValue], ...]]:
    """Canonical option keys (aliases resolved, requirements added, sorted) and checked
    parameters; an impossible combination raises OptionError with the reason."""
    chosen: list[str] = []
    pending = [find_module(n).key for n in names]
    while pending:
        key = pending.pop(0)
        if key not in chosen:
            chosen.append(key)
            pending.extend(REGISTRY[key].requires)
    scenarios = [REGISTRY[k].title for k in chosen if REGISTRY[k].family == "scenario"]
    if len(scenarios) > 1:
        raise OptionError(said("only one historical scenario at a time, not {scenarios}",
                               scenarios=" and ".join(scenarios)))
    for key in chosen:
        for other in REGISTRY[key].excludes:
            if other in chosen:
                raise OptionError(said("{option} cannot be played with {other}",
                                       option=REGISTRY[key].title, other=REGISTRY[other].title))
    checked: dict[str, ParamValue] = {}
    for name, value in params:
        module_name, _, param_name = name.partition(".")
        module = find_module(module_name)
        if module.key not in chosen:
            raise OptionError(said("parameter {name} is for {option}, which is not chosen",
                                   name=repr(name), option=module.title))
        spec = next((p for p in module.params if p.name == param_name), None)
        if spec is None:
            known = ", ".join(p.name for p in module.params) or "none"
            raise OptionError(said("{option} has no parameter {name} (it has: {known})",
                                   option=module.title, name=repr(param_name), known=known))
        checked[f"{module.key}.{param_name}"] = spec.check(module.title, value)
    return tuple(sorted(chosen)), tuple(sorted(checked.items()))
