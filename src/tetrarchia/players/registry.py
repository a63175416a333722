"""Players by name, for the terminal (``--player``), the simulator and the research tools.

A factory takes the player's seed and returns a :class:`~tetrarchia.players.protocol.Player`.
New players (heuristic, search, the Barbarian seat's) register here under a short name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from tetrarchia.core.errors import OptionError
from tetrarchia.players.heuristic import BarbarianHeuristicPlayer, HeuristicPlayer
from tetrarchia.players.protocol import Player
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.players.search import BarbarianSearchPlayer, SearchPlayer
from tetrarchia.players.seated import SeatedPlayer

PlayerFactory = Callable[[int | None], Player]


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    name: str
    summary: str
    factory: PlayerFactory
    # decides by sampling dice, so takes a number of samples per decision (Budget.simulations):
    # the calibration plays ``search:10`` with that fixed count, and a row depends on its seed only
    samples: bool = False


PLAYERS: dict[str, PlayerEntry] = {}


def register_player(name: str, summary: str, factory: PlayerFactory, samples: bool = False) -> PlayerEntry:
    """Add a player under ``name``; a name is registered once."""
    key = name.strip().lower()
    if not key:
        raise ValueError("a player needs a name")
    if key in PLAYERS:
        raise ValueError(f"a player named {key!r} is already registered")
    entry = PlayerEntry(key, summary, factory, samples)
    PLAYERS[key] = entry
    return entry


def make_player(name: str, seed: int | None = None) -> Player:
    """A new player by name, e.g. ``make_player("random", seed=7)``."""
    entry = PLAYERS.get(name.strip().lower())
    if entry is None:
        known = ", ".join(sorted(PLAYERS))
        raise OptionError(f"unknown player {name!r}; the players are: {known}")
    return entry.factory(seed)


register_player("random", "picks uniformly among the legal actions (the baseline)", RandomPlayer)
register_player("heuristic", "one action ahead, judged by the threat readings (fast)", HeuristicPlayer)
register_player("search", "plans each Roman phase, judged over sampled Barbarian dice (strong, slower)",
                SearchPlayer, samples=True)


def by_reference(name: str, reference: str, extra: str) -> PlayerFactory:
    """The factory of a player whose code lives in a layer above this one (``research/``, with
    an optional extra): named by an entry-point-like ``"module:attribute"`` and imported only
    when the player is made, so that ``players/`` imports nothing of the layers above it."""
    module, _, attribute = reference.partition(":")

    def make(seed: int | None) -> Player:
        try:
            factory = getattr(importlib.import_module(module), attribute)
        except ImportError as missing:
            raise OptionError(f"the player {name!r} needs the {extra} extra ({missing}): "
                              f"pip install 'tetrarchia[{extra}]'") from None
        player: Player = factory(seed)
        return player
    return make


# OpenSpiel's MCTS bot (issue 10's baseline): research/mcts.py, the research extra
register_player("openspiel-mcts", "OpenSpiel's general MCTS bot, random rollouts (a baseline; needs the "
                "research extra)",
                by_reference("openspiel-mcts", "tetrarchia.research.mcts:OpenSpielMCTSPlayer", "research"),
                samples=True)
register_player("barbarian-random", "Barbaria (R12.6): a random Barbarian player, heuristic Emperors",
                lambda seed: SeatedPlayer("barbarian-random", HeuristicPlayer(seed), RandomPlayer(seed)))
register_player("barbarian-heuristic", "Barbaria (R12.6): the Barbarian player picks what hurts Roma "
                "most, one action ahead; heuristic Emperors",
                lambda seed: SeatedPlayer("barbarian-heuristic", HeuristicPlayer(seed),
                                          BarbarianHeuristicPlayer(seed)))
register_player("barbarian-search", "Barbaria (R12.6): the Barbarian player judges each choice over "
                "sampled dice; heuristic Emperors",
                lambda seed: SeatedPlayer("barbarian-search", HeuristicPlayer(seed),
                                          BarbarianSearchPlayer(seed)), samples=True)
