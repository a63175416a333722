"""R10 Players and seats: which player decides for each Emperor.

1-4 players always play all four Emperors:

- 1 player plays all four;
- 2 players: Player 1 the East (Diocletian + Galerius), Player 2 the West (Constantius + Maximian);
- 3 players: one Emperor each, in turn order, except one Caesar shared by all three; in a
  disagreement his Augustus's player decides, so that player holds the Caesar's seat;
- 4 players: one Emperor each, in turn order.

Fleet placement at setup is a decision of "the players" (R3.6): the engine gives it to
Diocletian's seat, Player 1.

Barbaria (R12.6) adds a fifth seat, the Barbarian player: he is the player after the Emperors'
players (Player N+1 with N Emperor players).  The engine numbers the seats 0-3 for the Emperors'
and 4 for him (``engine.deciding_seat``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tetrarchia.core.engine import BARBARIAN_SEAT
from tetrarchia.core.pieces import EMPERORS, Emperor
from tetrarchia.core.settings import Settings

_EAST = (Emperor.DIOCLETIAN, Emperor.GALERIUS)


def seat_of(emperor: Emperor, players: int, shared_caesar: Emperor = Emperor.GALERIUS) -> int:
    """The player (1-based) who decides for ``emperor`` with ``players`` players (R10)."""
    if players not in (1, 2, 3, 4):
        raise ValueError(f"the base game is for 1 to 4 players, not {players}")
    if players == 1:
        return 1
    if players == 2:
        return 1 if emperor in _EAST else 2
    if players == 4:
        return int(emperor) + 1
    if shared_caesar.is_augustus:
        raise ValueError(f"the shared Emperor of a 3-player game is a Caesar, not {shared_caesar.title}")
    if emperor is shared_caesar:
        emperor = emperor.augustus
    own = [e for e in EMPERORS if e is not shared_caesar]
    return own.index(emperor) + 1


def emperors_of(player: int, players: int, shared_caesar: Emperor = Emperor.GALERIUS) -> list[Emperor]:
    """The Emperors whose seat is ``player``, in turn order."""
    return [e for e in EMPERORS if seat_of(e, players, shared_caesar) == player]


def is_shared(emperor: Emperor, settings: Settings) -> bool:
    """In a 3-player game, the Caesar that all players share (R10)."""
    return settings.players == 3 and emperor is settings.shared_caesar


def seat_label(emperor: Emperor, settings: Settings) -> str:
    """How a prompt names who decides: ``Player 2 (Galerius)``; the shared Caesar of a 3-player
    game says who decides in a disagreement."""
    player = seat_of(emperor, settings.players, settings.shared_caesar)
    if is_shared(emperor, settings):
        return (f"Players 1-3 ({emperor.title}, shared; Player {player} "
                f"({emperor.augustus.title}) decides)")
    return f"Player {player} ({emperor.title})"


def has_barbarian_player(settings: Settings) -> bool:
    """Barbaria (R12.6): a player plays the Barbarians."""
    return settings.has("barbaria")


def barbarian_player(settings: Settings) -> int:
    """The Barbarian player's number: the one after the Emperors' players (R12.6)."""
    return settings.players + 1


def total_players(settings: Settings) -> int:
    """Everyone at the table: the Emperors' players, and the Barbarian player with Barbaria."""
    return settings.players + (1 if has_barbarian_player(settings) else 0)


def player_of_seat(seat: int, settings: Settings) -> int:
    """The player (1-based) of the engine's seat ``seat`` (0-3 an Emperor, 4 the Barbarians)."""
    if seat == BARBARIAN_SEAT:
        return barbarian_player(settings)
    return seat_of(Emperor(seat), settings.players, settings.shared_caesar)


def seat_label_of(seat: int, settings: Settings) -> str:
    """How a prompt names the engine's seat ``seat`` (0-3 an Emperor, 4 the Barbarian player)."""
    if seat == BARBARIAN_SEAT:
        return f"Player {barbarian_player(settings)} (the Barbarian player)"
    return seat_label(Emperor(seat), settings)


def seating(settings: Settings) -> list[str]:
    """One line per player: who plays which Emperors (shown when a game starts)."""
    lines = []
    for player in range(1, settings.players + 1):
        own = [e.title for e in emperors_of(player, settings.players, settings.shared_caesar)
               if not is_shared(e, settings)]
        lines.append(f"Player {player}: {', '.join(own)}")
    if settings.players == 3:
        caesar = settings.shared_caesar
        lines.append(f"{caesar.title} is shared by all players; {caesar.augustus.title}'s player "
                     "decides in a disagreement")
    if has_barbarian_player(settings):
        lines.append(f"Player {barbarian_player(settings)}: the Barbarians (Barbaria, R12.6): he "
                     "wins if the Emperors lose")
    return lines


@dataclass(frozen=True, slots=True)
class Seat:
    """Who decides for one of the engine's seats (R10, R12.6), as data.

    ``seat`` is the engine's number (``engine.deciding_seat``): 0-3 an Emperor's, 4 the
    Barbarian player's; ``emperor`` the Emperor of that seat (``None`` for the Barbarians);
    ``player`` the player (1-based) who decides; ``shared``: the Caesar all three players share
    (R10), whose Augustus's player (``player``) decides in a disagreement."""

    seat: int
    emperor: Emperor | None
    player: int
    shared: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "emperor": None if self.emperor is None else self.emperor.title,
                "player": self.player, "shared": self.shared}


def seat_table(settings: Settings) -> tuple[Seat, ...]:
    """Who decides for which Emperor (R10): one :class:`Seat` per Emperor in turn order, and the
    Barbarian player's seat last when Barbaria is in play (R12.6)."""
    table = [Seat(int(e), e, seat_of(e, settings.players, settings.shared_caesar),
                  is_shared(e, settings)) for e in EMPERORS]
    if has_barbarian_player(settings):
        table.append(Seat(BARBARIAN_SEAT, None, barbarian_player(settings)))
    return tuple(table)
