"""Players: the one ``Player`` protocol and every automatic player, found by name in a registry."""

from tetrarchia.players.protocol import UNLIMITED, Budget, Player
from tetrarchia.players.random_player import RandomPlayer
from tetrarchia.players.registry import PLAYERS, PlayerEntry, make_player, register_player

__all__ = ["PLAYERS", "UNLIMITED", "Budget", "Player", "PlayerEntry", "RandomPlayer", "make_player",
           "register_player"]
