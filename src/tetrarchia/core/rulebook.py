"""Optional rules as composable modules (R11-R13): declared as data, joined by named hooks.

A :class:`RuleModule` declares its name, the rule it implements, its parameters with defaults,
what it cannot be combined with, and the hooks it adds to the engine.  The chosen modules of a
game are joined into one :class:`Hooks` record; the engine calls each hook point in turn (an
empty tuple costs nothing, so the base game runs at full speed).

The core never imports the option modules: ``tetrarchia.options`` registers them here when the
package is imported, the way a chess library registers its variants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tetrarchia.core.errors import OptionError, Said, said

if TYPE_CHECKING:
    from tetrarchia.core.actions import Action
    from tetrarchia.core.board import Board
    from tetrarchia.core.events import Event, Events
    from tetrarchia.core.settings import Level, Settings
    from tetrarchia.core.state import State
    from tetrarchia.core.tasks import ArmyStep, DecisionStep

    Handler = Callable[[State, Any, Events], bool]  # the state, a step record, the events

ParamValue = str | int | bool


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter of a module, with its default and the values it accepts.  ``aliases`` maps
    former names of a value to the value (so that saved games and scripts keep working when a
    value is renamed)."""

    name: str
    default: ParamValue
    choices: tuple[ParamValue, ...]
    help: str
    aliases: tuple[tuple[str, ParamValue], ...] = ()

    def check(self, module: str, value: Any) -> ParamValue:
        if isinstance(value, str):
            value = dict(self.aliases).get(value, value)
        if isinstance(self.default, bool) and isinstance(value, str):
            value = {"true": True, "yes": True, "on": True, "false": False, "no": False,
                     "off": False}.get(value.lower(), value)
        elif isinstance(self.default, int) and not isinstance(self.default, bool) \
                and isinstance(value, str) and value.isascii() and value.isdigit() \
                and len(value) < 10:  # only ASCII digits are digits ("²" is not 2)
            value = int(value)
        if value not in self.choices or type(value) is not type(self.default):
            shown = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
            raise OptionError(said("{option}: {name} must be one of {choices}, not {value}",
                                   option=module, name=self.name, choices=shown,
                                   value=repr(value)))
        assert isinstance(value, (str, int, bool))  # narrowed by the check above
        return value


@dataclass(frozen=True, slots=True)
class Hooks:
    """Every point where an optional rule changes the game, each a tuple of functions."""

    # R3 setup: edit the initial state and its setup steps before the first die
    setup: tuple[Callable[[State], None], ...] = ()
    # R4: at the start of each turn (before entry); round_start when Diocletian's turn comes back
    turn_start: tuple[Callable[[State, Events], None], ...] = ()
    round_start: tuple[Callable[[State, Events], None], ...] = ()
    # R4: the IP an Emperor's turn gains or loses (R12.8), asked once as his turn begins
    turn_ip: tuple[Callable[[State, int], int], ...] = ()
    # R4: True when the turn beginning is skipped (R13: a scenario starts with a later Emperor)
    skip_turn: tuple[Callable[[State], bool], ...] = ()
    # R5: figures the Emperor of the turn commands besides his own (R12.1 Diocletian's power):
    # (state, pieces so far) -> pieces to add, before the extra figures (Dux, Vicarius)
    commanded: tuple[Callable[[State, list[int]], list[int]], ...] = ()
    # R3.6/R5.2: a reason no Roman fleet may be placed in or sail to the sea zone (R11.3), or None
    zone_closed: tuple[Callable[[State, int], Said | None], ...] = ()
    # R5: extra legal actions of the Roman phase, and how to carry them out
    roman_actions: tuple[Callable[[State, list[Action]], None], ...] = ()
    appliers: Mapping[type, Callable[[State, Any, Events], None]] = field(default_factory=dict)
    # the IP an option's action costs (core/costs.py action_cost reads it; negative: IP gained)
    costs: Mapping[type, Callable[[State, Any], int]] = field(default_factory=dict)
    # R5.1: after an extra Roman figure (core/extensions.py declare_figure) moved:
    # (state, piece, destination, events) (R11.2, D16)
    figure_moved: tuple[Callable[[State, int, int, Events], None], ...] = ()
    # R5.1: the cost of a move by fleet (None: not possible); Mare Nostrvm replaces it.  A function
    # of the board, the origin and the fleets alone: the core caches it per placement of the fleets.
    fleet_routes: Callable[[State, int], dict[int, int]] | None = None
    # R5.5: a reason the target may not be attacked now (rebels need a fleet), or None
    attack_barred: tuple[Callable[[State, int], Said | None], ...] = ()
    # R5.3: after a border is secured
    border_secured: tuple[Callable[[State, int, Events], None], ...] = ()
    # R6: the provinces that support an Emperor (Diarchia shares them)
    supports: Callable[[State, int], Callable[[int], bool]] | None = None
    # R6: +1 to a die and the like: (state, army province, piece) -> (roman +, barbarian +);
    # the army province is -1 in a battle against the Pirates (R11.3)
    die_bonus: tuple[Callable[[State, int, int], tuple[int, int]], ...] = ()
    # R6: decisions after the battle dice (Galerius); (state, task) -> task to push or None
    battle_decisions: tuple[Callable[[State, Any], DecisionStep | None], ...] = ()
    # R6: after a battle against an army: (state, emperor, roman won?, events)
    battle_won: tuple[Callable[[State, int, bool, Events], None], ...] = ()
    # R11.3: after a battle against the Pirates, the same arguments (not a battle against an
    # army: no glory, R12.5)
    pirates_fought: tuple[Callable[[State, int, bool, Events], None], ...] = ()
    # R6: after every battle, draws included (Galerius's +1s are spent)
    battle_over: tuple[Callable[[State], None], ...] = ()
    # R7: before anything else in the Barbarian phase (push steps)
    phase_start: tuple[Callable[[State, Events], None], ...] = ()
    # R7: the Roman phase ends and the Barbarian phase is pushed (R12.4: usurpers are new again)
    barbarian_phase_ahead: tuple[Callable[[State], None], ...] = ()
    # R7.3: armies that do not advance in this phase (D18: usurpers wait for the next one)
    armies_held: tuple[Callable[[State], Iterable[int]], ...] = ()
    # R9: armies of the reserve set apart from the ordinary ones (R11.4: the Goths)
    armies_set_apart: tuple[Callable[[State], int], ...] = ()
    # D12: an army leaves the board (R13: a rebel's figure leaves the game)
    army_removed: tuple[Callable[[State, int], None], ...] = ()
    # R7: after dice rolled in the Barbarian phase; True when a decision is now awaited
    after_roll: tuple[Callable[[State], bool], ...] = ()
    # R7.2: True when the figure on the province blocks the activity roll there (R11.2); asked
    # only where a figure stands; the rule that blocks it reports it in the events
    activity_blocked: tuple[Callable[[State, int, Events], bool], ...] = ()
    # R7.2/R7.3: an uprising's revolt (why = Removal.REACHED_BY_UPRISING) or an army
    # (REACHED_BY_ARMY) reaches a province where a figure stands, before it is placed (R11.2)
    reached: tuple[Callable[[State, int, int, Events], None], ...] = ()
    # R7.2: an uprising starts in a province
    uprising: tuple[Callable[[State, int, Events], None], ...] = ()
    # R7: a revolt was placed on a province that was not in revolt
    revolt_placed: tuple[Callable[[State, int, Events], None], ...] = ()
    # R7.2/R3.5: an army is to be placed on the border of a region; True when handled
    army_arrives: tuple[Callable[[State, int, bool, Events], bool], ...] = ()
    # R7.3: before an army steps; True when a decision is now awaited
    before_step: tuple[Callable[[State, ArmyStep], bool], ...] = ()
    # R7.3: before an army attacks an Emperor; True when a decision is now awaited
    before_attack: tuple[Callable[[State, ArmyStep], bool], ...] = ()
    # R7.4: bonus to a broken-link roll of the army in a province
    link_bonus: tuple[Callable[[State, int], int], ...] = ()
    # the machine: extra steps the modules push
    handlers: Mapping[int, Handler] = field(default_factory=dict)
    # decisions of the Barbarian player (R12.6) and mid-phase Emperor decisions
    decisions: tuple[Callable[[State], list[Action] | None], ...] = ()
    # records for the end of the game (individual scores, the Great, who won with Barbaria),
    # rendered by the catalogues as every event is (engine.end_records)
    end_report: tuple[Callable[[State], list[Event]], ...] = ()
    # why an option's action is refused, in the game's words
    explainers: Mapping[type, Callable[[State, Any], Exception]] = field(default_factory=dict)

    @staticmethod
    def join(parts: Mapping[str, Hooks]) -> Hooks:
        """The hooks of several modules (by key) as one record.  The hook points that are lists
        run every module's function in turn; a table entry (the applier of an action type, the
        handler of a step) or a replacing hook (fleet routes, supports) has one function, and two
        modules giving different ones is an error, never a silent overwrite.  (The Dux and the
        Vicarius share the ``Deploy`` action and its one applier.)"""
        merged: dict[str, Any] = {}
        for name in Hooks.__dataclass_fields__:
            if name in TABLE_HOOKS:
                table: dict[Any, Any] = {}
                owner: dict[Any, str] = {}
                for key, hooks in parts.items():
                    for entry, function in getattr(hooks, name).items():
                        if entry in table and table[entry] is not function:  # one shared is fine
                            raise OptionError(_clash(name, entry, owner[entry], key))
                        table[entry], owner[entry] = function, key
                merged[name] = table
            elif name in REPLACING_HOOKS:
                chosen = [(key, getattr(h, name)) for key, h in parts.items()
                          if getattr(h, name) is not None]
                if len(chosen) > 1:
                    raise OptionError(_clash(name, None, chosen[0][0], chosen[1][0]))
                merged[name] = chosen[0][1] if chosen else None
            else:
                merged[name] = tuple(f for h in parts.values() for f in getattr(h, name))
        return Hooks(**merged)


TABLE_HOOKS = ("appliers", "costs", "handlers", "explainers")  # one module per entry
REPLACING_HOOKS = ("fleet_routes", "supports")  # one module at most


def _clash(hook: str, entry: Any, first: str, second: str) -> str:
    what = hook if entry is None else f"{hook} of {getattr(entry, '__name__', entry)}"
    return f"the options {first} and {second} both replace the {what}: they cannot be combined"


NO_HOOKS = Hooks()


@dataclass(frozen=True, slots=True)
class RuleModule:
    """An optional rule: an expansion module, a variant or a historical scenario."""

    key: str
    title: str
    family: str  # "Dux expansion", "variant", "scenario"
    rule: str  # e.g. "R11.1"
    summary: str
    aliases: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    excludes: tuple[str, ...] = ()  # keys this module cannot be played with
    requires: tuple[str, ...] = ()  # keys this module brings along
    validate: Callable[[Settings], None] | None = None  # raises OptionError
    # the state records (core/extensions.py) this module puts on the table: a record differing
    # from its default while no module in play owns it is an impossible position (core/validate)
    pieces: tuple[str, ...] = ()
    # the most IP a Roman phase gains over the 6 of R5 from this module (R12.1 Maximian's power,
    # R12.1b one per disc burned, R12.8 a transfer): bounds the IP a position may hold
    extra_ip: int = 0
    hooks: Callable[[Settings], Hooks] | None = None
    # R13: the level the module is played at, given the values of its parameters by name (a
    # scenario's "garrisons"); None: the level the players choose
    level: Callable[[Mapping[str, ParamValue]], Level] | None = None
    # what the module puts on the board at the setup, in words (``tetrarchia options NAME``)
    setup_text: Callable[[Board], list[str]] | None = None
    # the hook points (Hooks' names) of this module that change nothing the forecast of the
    # Barbarian phase reads once its decisions are let pass (analysis/forecast.py): with these
    # alone the fast model answers; tests/analysis/test_forecast.py holds it equal to the engine's
    forecast_neutral: tuple[str, ...] = ()
    # the sentences of the module's own event records, by language ("en") and record type:
    # each turns a record into a sentence, given the board (tetrarchia.render consults them)
    texts: Mapping[str, Mapping[type, Callable[[Any, Board], str]]] = field(default_factory=dict)


REGISTRY: dict[str, RuleModule] = {}


def extra_ip(settings: Settings) -> int:
    """The IP a Roman phase may gain over 6 with the settings' modules (``RuleModule.extra_ip``)."""
    return sum(REGISTRY[key].extra_ip for key in settings.options)


def register(module: RuleModule) -> RuleModule:
    for name in (module.key, *module.aliases):
        if name in _NAMES and _NAMES[name] != module.key:
            raise ValueError(f"option name {name!r} registered twice")
        _NAMES[name] = module.key
    REGISTRY[module.key] = module
    return module


_NAMES: dict[str, str] = {}


def find_module(name: str) -> RuleModule:
    """A module by key or alias, forgiving case, spaces and the V-for-U spelling."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in _NAMES:
        return REGISTRY[_NAMES[key]]
    folded = key.replace("u", "v")  # the board's Latin spelling: VSVRPATOR, MARE NOSTRVM
    for known, module in _NAMES.items():
        if known.replace("u", "v") == folded:
            return REGISTRY[module]
    known = ", ".join(sorted(REGISTRY))
    raise OptionError(said("unknown option {name}; the options are: {known}", name=repr(name),
                           known=known))


_HOOK_CACHE: dict[tuple[Any, ...], Hooks] = {}


def hooks_for(settings: Settings) -> Hooks:
    """The joined hooks of the settings' modules (cached: settings are immutable)."""
    key = (settings.options, settings.params)
    hooks = _HOOK_CACHE.get(key)
    if hooks is None:
        parts = {key: make(settings) for key in settings.options
                 if (make := REGISTRY[key].hooks) is not None}
        hooks = Hooks.join(parts) if parts else NO_HOOKS
        _HOOK_CACHE[key] = hooks
    return hooks
