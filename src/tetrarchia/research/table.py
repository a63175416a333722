"""The settings of a research game, read from a toolkit's parameters, and who sits where (R10).

Every toolkit passes its parameters as plain values (OpenSpiel's game parameters, a keyword of
an environment).  :func:`settings_from` turns them into the engine's :class:`Settings`, refusing
an unknown level or option with the engine's own sentence (``OptionError``).  :class:`Table` maps
the engine's seats (0-3 the Emperors, 4 the Barbarian player, R12.6) to the toolkit's players:

- one player per seat of R10 (``players`` 1-4: the 2-player game's East and West, the 3-player
  game's shared Caesar decided by his Augustus's player), the Barbarian player last;
- or, with ``team``, a single player for all four Emperors (the Barbarian player still apart).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from tetrarchia.core.engine import BARBARIAN_SEAT, returns
from tetrarchia.core.errors import OptionError
from tetrarchia.core.pieces import EMPERORS, Emperor, emperor_named
from tetrarchia.core.settings import Level, Settings, SupportGroup
from tetrarchia.core.state import State
from tetrarchia.seats import has_barbarian_player, player_of_seat


def split_options(text: str) -> tuple[str, ...]:
    """``"dux+goths"`` or ``"dux, goths"`` -> ("dux", "goths"): options are joined by ``+`` (a
    comma cannot stand in an OpenSpiel game's string) or by commas."""
    return tuple(part.strip() for part in text.replace("+", ",").split(",") if part.strip())


def settings_from(level: str | int = "4211", options: str | tuple[str, ...] = (), players: int = 1,
                  shared_caesar: str = "Galerius", new_armies_advance: bool = True,
                  broken_link_once: bool = True, support_group: str = "largest") -> Settings:
    """The engine's settings for these parameters (R3 level, R10 players, R11-R13 options,
    R14's D2, D3 and D6); an impossible one raises ``OptionError`` quoting it."""
    chosen = split_options(options) if isinstance(options, str) else options
    try:
        caesar = emperor_named(shared_caesar)
    except KeyError:
        raise OptionError(f"unknown Emperor {shared_caesar!r} for the shared Caesar (R10)") from None
    try:
        group = SupportGroup(support_group)
    except ValueError:
        raise OptionError(f"unknown support group rule {support_group!r} (D6): "
                          "'largest' or 'players-choose'") from None
    try:
        parsed = Level.parse(str(level))
    except OptionError as exc:
        raise OptionError(f"difficulty level {str(level)!r}: {exc}") from None
    return Settings(level=parsed, players=players, shared_caesar=caesar,
                    new_armies_advance=new_armies_advance, broken_link_once=broken_link_once,
                    support_group=group, options=chosen)


@dataclass(frozen=True, slots=True)
class Table:
    """Who decides for each seat of the engine, as a toolkit's player number (from 0)."""

    settings: Settings
    team: bool = False

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled through the settings' JSON: the compiled core's frozen records (``Level``)
        cannot be rebuilt by pickle's attribute setting (mypyc), the JSON form always can."""
        return (_table_from_json, (json.dumps(self.settings.to_json()), self.team))

    @property
    def emperor_players(self) -> int:
        """The players of the Emperors: 1 with ``team``, else the settings' 1-4 (R10)."""
        return 1 if self.team else self.settings.players

    @property
    def has_barbarian(self) -> bool:
        """Barbaria (R12.6): a player plays the Barbarians."""
        return has_barbarian_player(self.settings)

    @property
    def num_players(self) -> int:
        return self.emperor_players + (1 if self.has_barbarian else 0)

    @property
    def barbarian(self) -> int:
        """The Barbarian player's number: after the Emperors' players (R12.6); -1 without him."""
        return self.emperor_players if self.has_barbarian else -1

    def player_of(self, seat: int) -> int:
        """The toolkit's player deciding for the engine's ``seat`` (0-3, or 4 the Barbarians)."""
        if seat == BARBARIAN_SEAT:
            return self.barbarian
        if self.team:
            return 0
        return player_of_seat(seat, self.settings) - 1

    def seats_of(self, player: int) -> list[int]:
        """The engine's seats the toolkit's ``player`` decides for."""
        seats = [int(e) for e in EMPERORS if self.player_of(int(e)) == player]
        if player == self.barbarian:
            seats.append(BARBARIAN_SEAT)
        return seats

    def returns(self, state: State) -> list[float]:
        """Each player's result (R8): +1 when the Emperors win, -1 when the Empire falls, for
        every Emperors' player alike (a cooperative game); the opposite for the Barbarian
        player (R12.6); 0 while the game goes on."""
        by_seat = returns(state)
        emperors = by_seat[int(Emperor.DIOCLETIAN)]
        result = [emperors] * self.emperor_players
        if self.has_barbarian:
            result.append(by_seat[BARBARIAN_SEAT])
        return result


def _table_from_json(settings: str, team: bool) -> Table:
    return Table(Settings.from_json(json.loads(settings)), team)
