"""The optional rules on the command line (R11-R13): reading ``--with``, ``--variant``,
``--scenario`` and ``--param``, and ``tetrarchia options`` that lists and explains them.

The rules themselves live in ``tetrarchia.options``; each registered :class:`RuleModule` says its
name, rule, parameters and what it cannot be combined with, and the docstring of the Python
module that registered it is its rule text.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from tetrarchia.core.board import default_board
from tetrarchia.core.errors import OptionError
from tetrarchia.core.rulebook import REGISTRY, Param, ParamValue, RuleModule, find_module
from tetrarchia.core.settings import Level, Settings

EXPANSION = "Dux expansion"
VARIANT = "variant"
SCENARIO = "scenario"
FAMILIES = (EXPANSION, VARIANT, SCENARIO)
FAMILY_FLAG = {EXPANSION: "--with", VARIANT: "--variant", SCENARIO: "--scenario"}
FAMILY_HEADING = {EXPANSION: "DUX EXPANSION (R11): --with NAME[,NAME...]",
                  VARIANT: "VARIANTS (R12): --variant NAME[,NAME...]",
                  SCENARIO: "HISTORICAL SCENARIOS (R13): --scenario NAME (one at a time)"}
FAMILY_NAME = {EXPANSION: "a module of the Dux expansion", VARIANT: "a variant",
               SCENARIO: "a historical scenario"}
# What a module's ``validate`` checks, in words (the registry says only excludes/requires)
CONDITIONS = {
    "pirates": "only at levels with 1 or 2 Roman fleets (GFRA with F = 2 or 1)",
    "the-great": "with 3 players the objective is the cooperative one (D39)",
    "barbaria": "adds the Barbarian player (--players 5 = 4 Emperor players + him)",
}


@dataclass(frozen=True, slots=True)
class Chosen:
    """The optional rules named on the command line, checked for their family."""

    options: tuple[str, ...] = ()
    params: tuple[tuple[str, ParamValue], ...] = ()
    scenario: str | None = None

    def scenario_level(self) -> Level | None:
        """The level a scenario is played at (R13), with its ``garrisons`` parameter."""
        if self.scenario is None:
            return None
        garrisons = 4
        for name, value in self.params:
            module, _, param = name.partition(".")
            if param == "garrisons" and find_module(module).key == self.scenario:
                spec = next(p for p in REGISTRY[self.scenario].params if p.name == "garrisons")
                checked = spec.check(REGISTRY[self.scenario].title, value)
                assert isinstance(checked, int)
                garrisons = checked
        return module_level(self.scenario, garrisons)


def split_names(values: Iterable[str] | None) -> list[str]:
    """``["goths,pirates", "dux"]`` -> ``["goths", "pirates", "dux"]`` (repeatable, comma lists)."""
    return [name.strip() for value in values or () for name in value.split(",") if name.strip()]


def of_family(name: str, family: str) -> str:
    """The key of option ``name``, which must be of ``family``; a clear OptionError otherwise."""
    module = find_module(name)
    if module.family != family:
        raise OptionError(f"{module.title} ({module.key}) is {FAMILY_NAME[module.family]}, not "
                          f"{FAMILY_NAME[family]}: choose it with {FAMILY_FLAG[module.family]} "
                          f"{module.key}")
    return module.key


def parse_param(text: str) -> tuple[str, str]:
    """``barbaria.redirect=stay`` -> ("barbaria.redirect", "stay")."""
    name, equals, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not equals or "." not in name or not value or not name.partition(".")[2]:
        raise OptionError(f"--param {text!r}: write OPTION.PARAMETER=VALUE, e.g. "
                          "barbaria.redirect=stay (see: tetrarchia options)")
    return name, value


def read_choices(with_: Sequence[str] | None, variants: Sequence[str] | None,
                 scenario: Sequence[str] | str | None, params: Sequence[str] | None,
                 barbarian_player: bool = False) -> Chosen:
    """The options and parameters named by the command line (OptionError says what is wrong)."""
    options: list[str] = []
    options += [of_family(n, EXPANSION) for n in split_names(with_)]
    options += [of_family(n, VARIANT) for n in split_names(variants)]
    scenarios = split_names([scenario] if isinstance(scenario, str) else scenario)
    if len({find_module(n).key for n in scenarios}) > 1:
        raise OptionError(f"only one historical scenario at a time, not {', '.join(scenarios)}")
    keys = [of_family(n, SCENARIO) for n in scenarios]
    options += keys
    if barbarian_player and "barbaria" not in options:
        options.append("barbaria")
    parsed = tuple(parse_param(p) for value in params or () for p in value.split(",") if p.strip())
    return Chosen(tuple(dict.fromkeys(options)), tuple(parsed), keys[0] if keys else None)


# --- describing the options -------------------------------------------------------------------
def rule_text(module: RuleModule) -> str:
    """The docstring of the Python module that registered ``module``: its rule in full."""
    for function in (module.hooks, module.validate):
        if function is not None:
            source = inspect.getmodule(function)
            if source is not None:
                return inspect.getdoc(source) or source_docstring(source)
    return ""


# A paragraph of a module's docstring that speaks of the code, not of the game: the player is not
# shown it ("The engine knows the Dux figure (core.roman, ...)", issue 8).
DEVELOPER_TEXT = re.compile(r"``(?:core|tetrarchia|options)\.|this module|the engine|\bseat \d|"
                            r"\bhooks?\b|this package", re.IGNORECASE)


def players_text(doc: str) -> str:
    """The paragraphs of a rule's docstring that tell the game (the ones about the code left out)."""
    return "\n\n".join(p for p in doc.split("\n\n") if not DEVELOPER_TEXT.search(p))


def source_docstring(module: ModuleType) -> str:
    """The docstring in the ``.py`` file of ``module``: a module compiled with mypyc (the
    compiled core, ``tetrarchia doctor``) has ``__doc__`` None, and its source ships beside it."""
    compiled = Path(module.__file__ or "")
    source = compiled.with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    try:
        return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    except (OSError, SyntaxError, ValueError):
        return ""


def reflow(doc: str) -> list[str]:
    """A docstring as paragraphs and list items, each one line (the terminal wraps them), with
    the reStructuredText marks taken out."""
    items: list[str] = []
    for paragraph in doc.split("\n\n"):
        current: list[str] = []
        for line in paragraph.splitlines():
            if re.match(r"\s*(?:[-*]|\d+\.) ", line) and current:
                items.append(" ".join(current))
                current = []
            current.append(line.strip())
        if current:
            items.append(" ".join(current))
        items.append("")
    text = [re.sub(r"``|\*\*", "", item) for item in items]
    return text[:-1] if text and not text[-1] else text


def param_value(value: ParamValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def param_line(module: RuleModule, param: Param) -> str:
    choices = " | ".join(param_value(c) for c in param.choices)
    other = next((c for c in param.choices if c != param.default), param.default)
    return (f"parameter {param.name}: {choices} (default {param_value(param.default)}) - {param.help}; "
            f"--param {module.key}.{param.name}={param_value(other)}")


def names_of(keys: Iterable[str]) -> str:
    return ", ".join(f"{REGISTRY[k].title} ({k})" for k in keys)


def module_facts(module: RuleModule) -> list[str]:
    """Parameters, what it cannot be combined with, what it brings along, its conditions."""
    lines = [param_line(module, p) for p in module.params]
    excluded = [k for k in REGISTRY if k in module.excludes or module.key in REGISTRY[k].excludes]
    if module.level is not None:
        lines.append(f"played at level {module.level({})} (with {module.key}.garrisons=3: "
                     f"{module.level({'garrisons': 3})}); only one scenario at a time")
    if excluded:
        lines.append(f"cannot be combined with: {names_of(excluded)}")
    if module.requires:
        lines.append(f"brings along: {names_of(module.requires)}")
    if module.key in CONDITIONS:
        lines.append(CONDITIONS[module.key])
    return lines


def heading(module: RuleModule) -> Text:
    line = Text()
    line.append(module.key, style="bold cyan")
    if module.aliases:
        line.append(f" (also: {', '.join(module.aliases)})")
    line.append(f"  {module.title}  ")
    line.append(module.rule, style="bold")
    return line


def describe_options(console: Console) -> None:
    """``tetrarchia options``: every optional rule, by family."""
    console.print(Text(f"{len(REGISTRY)} optional rules. Choose them when a game starts: tetrarchia "
                       "play --with goths,pirates --variant imperivm --param "
                       "barbaria.redirect=stay ...; the same for simulate. Details and rule text: "
                       "tetrarchia options NAME.", style="dim"))
    for family in FAMILIES:
        console.print()
        console.print(Text(FAMILY_HEADING[family], style="bold underline"))
        for module in sorted((m for m in REGISTRY.values() if m.family == family),
                             key=lambda m: (m.rule, m.key)):
            console.print(Padding(heading(module), (0, 0, 0, 2)))
            console.print(Padding(Text(module.summary), (0, 0, 0, 6)))
            for line in module_facts(module):
                console.print(Padding(Text(line, style="dim"), (0, 0, 0, 6)))


def module_level(key: str, garrisons: int = 4) -> Level:
    """The level the module ``key`` is played at (R13: a scenario's, declared with its rule) with
    ``garrisons`` per Emperor."""
    level = REGISTRY[key].level
    if level is None:
        raise OptionError(f"{REGISTRY[key].title} is played at the level the players choose")
    return level({"garrisons": garrisons})


def describe_option(name: str, console: Console) -> None:
    """``tetrarchia options NAME``: one option in full, with its rule text."""
    module = find_module(name)
    title = Text(f"{module.title}", style="bold")
    title.append(f"  {module.rule}, {FAMILY_NAME[module.family]}", style="")
    console.print(title)
    console.print(Text(f"Key: {module.key}" + (f"; also: {', '.join(module.aliases)}"
                                               if module.aliases else "")
                       + f". Choose it with: {FAMILY_FLAG[module.family]} {module.key}"))
    console.print(Text(module.summary))
    for line in module_facts(module):
        console.print(Padding(Text(line), (0, 0, 0, 2)))
    if module.setup_text is not None:
        console.print(Text("Setup", style="bold underline"))
        for line in module.setup_text(default_board()):
            console.print(Padding(Text(line), (0, 0, 0, 2)))
    text = players_text(rule_text(module))
    if text:
        console.print(Text("Rule", style="bold underline"))
        for item in reflow(text):
            console.print(Text(item))
    section = module.rule.split()[0]
    console.print(Text(f"The complete rules: docs/rules.md, section {section} (and the decisions: "
                       "docs/rules-decisions.md).", style="dim"))


def options_summary(settings: Settings) -> str:
    """One line: the optional rules of a game, with their rules and chosen parameters."""
    if not settings.options:
        return ""
    text = "Options: " + ", ".join(f"{REGISTRY[k].title} ({REGISTRY[k].rule})" for k in settings.options)
    if settings.params:
        text += "; " + ", ".join(f"{k}={param_value(v)}" for k, v in settings.params)
    return text + "."
