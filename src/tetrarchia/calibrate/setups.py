"""What one calibration measures: a setup (level, options, player) and its seeded games.

A setup's options are written as one canonical text, so that the same choice typed two ways
(an alias, another order, a required module left implicit) is stored under one key:

- the option keys after :class:`~tetrarchia.core.settings.Settings` resolved them (aliases
  resolved, requirements added, sorted), joined by ``+``;
- then, when parameters were chosen, ``;`` and ``option.param=value`` pairs, sorted, joined by
  ``,``.

The text of the base game (no option) is the empty string.  Examples: ``dux+goths``,
``danubian-wars;danubian-wars.garrisons=3``.

Paired seeds: game ``i`` of every setup of a run uses the seed ``base + i`` (dice, the player's
generator and the player itself, as :func:`tetrarchia.simulate.play_game` seeds them), so two
levels or two players are compared on the same dice sequence.  The dice are the same sequence;
the games share their opening exactly only when the setups place the same pieces: two levels
differ from the setup on (R3: garrisons, fleets, revolts and initial armies are placed), so the
pairing there is of the dice stream, not of positions.  Two players at one level start from the
same position with the same dice.

A player that samples dice (the search) may be named with a fixed number of samples per
decision, ``search:10``: the search then judges each plan over 10 sampled continuations instead
of its default, with no time limit, so its rows still depend on the seed alone (a time budget
would give other rows on a busier machine).  The AI ladder's "search at 0.1 s per decision" is
``search:10``: 0.1 s of CPU per decision it thinks over (the median) on the compiled core
(docs/calibrate.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tetrarchia.core.errors import OptionError
from tetrarchia.core.rulebook import REGISTRY, ParamValue, find_module
from tetrarchia.core.settings import Level, Settings
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.players.protocol import UNLIMITED, Budget
from tetrarchia.players.registry import PLAYERS


def param_text(value: ParamValue) -> str:
    """A parameter's value as typed on the command line (``true``/``false`` for flags)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_text(settings: Settings) -> str:
    """The canonical text of the options of ``settings`` (see the module's docstring)."""
    text = "+".join(settings.options)
    if settings.params:
        text += ";" + ",".join(f"{key}={param_text(value)}" for key, value in settings.params)
    return text


@dataclass(frozen=True, slots=True)
class Setup:
    """One measured setup: a level, its options (canonical text) and the player of every seat.

    ``options``/``params`` are the resolved keys of :class:`Settings`; ``text`` their canonical
    text, the store's key column."""

    level: str
    options: tuple[str, ...]
    params: tuple[tuple[str, ParamValue], ...]
    player: str

    @classmethod
    def of(cls, settings: Settings, player: str) -> Setup:
        """The setup of ``settings`` played by ``player`` (a registered name, or ``NAME:SAMPLES``
        for a player that samples: checked here)."""
        name, samples = read_player(player)
        text = name if samples is None else f"{name}:{samples}"
        return cls(str(settings.level), settings.options, settings.params, text)

    @property
    def player_name(self) -> str:
        """The registered player (``search`` of ``search:10``)."""
        return base_player(self.player)

    @property
    def budget(self) -> Budget:
        """What the player may think per decision: its samples when named, else its default."""
        return budget_named(self.player)

    @property
    def text(self) -> str:
        return options_text(self.settings())

    def settings(self) -> Settings:
        """The game's settings (one player seat, the default decisions D2, D3, D6)."""
        return Settings(level=Level.parse(self.level), options=self.options, params=self.params)

    def describe(self) -> str:
        """``4211 heuristic`` or ``4211 dux+goths heuristic``, for the progress and summary."""
        text = self.text
        return f"{self.level} {text} {self.player}" if text else f"{self.level} {self.player}"


@dataclass(frozen=True, slots=True)
class Task:
    """One game to play: a setup and its seed."""

    setup: Setup
    seed: int


def interleaved(setups: Sequence[Setup], seeds: Sequence[int]) -> Iterator[Task]:
    """Game ``i`` of every setup before game ``i + 1`` of any: a run stopped early leaves every
    setup with (nearly) the same number of games, each one a prefix of the paired seeds."""
    for seed in seeds:
        for setup in setups:
            yield Task(setup, seed)


# --- reading setups from the command line ------------------------------------------------------

def base_player(player: str) -> str:
    """The registered player of a stored player text (``search`` of ``search:10``)."""
    return player.partition(":")[0]


def samples_named(player: str) -> int:
    """The samples per decision a stored player text names (``search:10``: 10; none named: 0)."""
    count = player.partition(":")[2]
    return int(count) if count.isdigit() else 0


def budget_named(player: str) -> Budget:
    """What a stored player text may think per decision: ``search:10`` 10 samples and no time
    limit (its games depend on their seed alone), a bare name its default."""
    samples = samples_named(player)
    return Budget(simulations=samples) if samples else UNLIMITED


def read_player(text: str) -> tuple[str, int | None]:
    """``search:10`` -> ``("search", 10)``; ``heuristic`` -> ``("heuristic", None)``.  The name
    must be registered, and a number of samples is taken only by a player that samples dice."""
    name, colon, count = text.strip().lower().partition(":")
    name = name.strip()
    entry = PLAYERS.get(name)
    if entry is None:
        known = ", ".join(sorted(PLAYERS))
        raise OptionError(f"unknown player {text!r}; the players are: {known}")
    if not colon:
        return name, None
    if not entry.samples:
        sampling = ", ".join(sorted(k for k, e in PLAYERS.items() if e.samples))
        raise OptionError(f"player {text!r}: the {name} player does not sample dice, so it takes no "
                          f"number of samples (the players that do: {sampling})")
    if not count.strip().isdigit() or int(count) < 1:
        raise OptionError(f"player {text!r}: write the samples per decision as a whole number of 1 "
                          f"or more after the colon, e.g. {name}:10")
    return name, int(count)


BASE = ("", "base", "none")  # the base game, without optional rules
PRESETS = {
    "scenarios": "the four historical scenarios (R13), each at its own level",
    "variants": "each variant of R12 alone",
}


def preset(name: str) -> list[str]:
    """The option texts a preset name stands for (see :data:`PRESETS`)."""
    family = {"scenarios": "scenario", "variants": "variant"}[name]
    return [key for key, module in sorted(REGISTRY.items()) if module.family == family]


def read_options(text: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``dux+goths;goths.x=1`` -> option names and parameter texts (checked by Settings)."""
    names, _, params = text.strip().partition(";")
    options = tuple(n.strip() for n in names.split("+") if n.strip())
    pairs: list[tuple[str, str]] = []
    for item in params.split(","):
        if item.strip():
            name, equals, value = item.partition("=")
            if not equals or "." not in name or not value.strip():
                raise OptionError(f"options {text!r}: write a parameter as OPTION.PARAMETER=VALUE, "
                                  "e.g. danubian-wars;danubian-wars.garrisons=3")
            pairs.append((name.strip(), value.strip()))
    if not options and pairs:
        raise OptionError(f"options {text!r}: parameters without an option")
    return options, tuple(pairs)


def expand_options(texts: Sequence[str]) -> list[str]:
    """The option texts of ``--options`` (repeatable; presets expanded; default: the base game)."""
    expanded: list[str] = []
    for text in texts or [""]:
        name = text.strip().lower()
        expanded += preset(name) if name in PRESETS else ["" if name in BASE else text]
    return list(dict.fromkeys(expanded))


def expand_levels(texts: Sequence[str]) -> list[Level]:
    """The levels of ``--level`` (repeatable, comma lists, ``all`` for the 81 levels)."""
    levels: list[Level] = []
    for text in texts:
        for item in text.split(","):
            if item.strip().lower() == "all":
                levels += Level.all()
            elif item.strip():
                try:
                    levels.append(Level.parse(item))
                except OptionError as exc:  # "not 9" alone does not say which level was typed
                    message = str(exc)
                    raise OptionError(message if repr(item) in message
                                      else f"difficulty level {item!r}: {message}") from exc
    return list(dict.fromkeys(levels))


def make_setups(levels: Sequence[str], options: Sequence[str], players: Sequence[str]) -> list[Setup]:
    """Every combination of the levels, option sets and players named on the command line.

    A scenario is played at its own level (R13; with its ``garrisons`` parameter): naming a
    level with a scenario is refused, as ``tetrarchia simulate`` refuses it.  Without
    ``--level``, the other option sets are played at 4211.  Any refusal (an unknown level,
    option or player, an impossible combination) is an OptionError that quotes the input."""
    chosen_levels = expand_levels(levels)
    names = [p.strip() for value in players or ["heuristic"] for p in value.split(",") if p.strip()]
    setups: list[Setup] = []
    for text in expand_options(options):
        keys, params = read_options(text)
        resolved = [find_module(k) for k in keys]
        scenario = next((m for m in resolved if m.family == "scenario"), None)
        if scenario is not None:
            if chosen_levels:
                raise OptionError(f"{scenario.title} is played at its own level (R13): "
                                  "leave out --level for it")
            garrisons = next((v for k, v in params if k.partition(".")[2] == "garrisons"
                              and find_module(k.partition(".")[0]).key == scenario.key), "4")
            at = [scenario_level(scenario.key, int(garrisons) if garrisons.isdigit() else 4)]
        else:
            at = chosen_levels or [Level()]
        for level in at:
            settings = Settings(level=level, options=keys, params=params)
            setups += [Setup.of(settings, name) for name in names]
    return list(dict.fromkeys(setups))
