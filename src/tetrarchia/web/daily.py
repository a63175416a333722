"""The daily challenge's days (issue 27, item 5): which setup each day plays, the dice it is
dealt, and the entries of its players.

- **The day** is the UTC date: a challenge opens at 00:00 UTC and closes at the next.
- **The setup** comes from :data:`ROTATION`, published here and in docs/web.md: a solo game, one
  setup a day in turn (the date's ordinal modulo its length), so anyone can tell any day's.
- **The dice**: every game of a day is dealt the same seed, derived from the server's secret
  (32 random bytes drawn once by the migration 0006, in ``tetrarchia_meta``) and the date with
  HMAC-SHA256, so that nobody can compute a day's dice from its date, and nobody can compute
  tomorrow's from today's seed once today's is shown.  A day's seed is told after the day
  (web/secrecy.py keeps it, and the replays of its games, sealed until then).
- **The entries**: one row per browser and day (the SHA-256 of the browser's random id), with
  the game it plays and, once it ended within its day, its result.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Float, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import Settings
from tetrarchia.web.secrecy import SEED_SPACE
from tetrarchia.web.storage import Base, MetaRow, Store

SECRET_KEY = "daily-secret"  # its row in tetrarchia_meta (migration 0006)


@dataclass(frozen=True)
class Setup:
    """One day's setup: a level (R3: GFRA) and the optional rules (R11-R13) by registry key;
    a scenario without a level is played at its own (R13)."""

    level: str | None
    options: tuple[str, ...] = ()

    def settings(self) -> Settings:
        levelled = [REGISTRY[key].level for key in self.options if REGISTRY[key].level is not None]
        own = levelled[0] if levelled else None  # R13: a scenario's own level, as it declares it
        level = self.level or (str(own({})) if own is not None else "4211")
        return Settings.from_json({"level": level, "players": 1, "options": list(self.options)})


# The published rotation: a week of setups, easiest first, then the Dux modules, a variant and
# a scenario, so that a regular player meets the game's range.  Changing it changes the setup of
# every day to come: append rather than reorder.
ROTATION: tuple[Setup, ...] = (
    Setup("5300"),                        # the easiest level
    Setup("4211"),                        # the medium level of the terminal
    Setup("4211", ("dux",)),              # R11: the Dux
    Setup("4311", ("goths",)),            # R11: the Goths
    Setup("4211", ("pirates",)),          # R11: the pirates
    Setup("4211", ("via-romana",)),       # R12: Via Romana
    Setup(None, ("danubian-wars",)),      # R13: the Danubian Wars at their own level
)


def now() -> datetime:
    """The server's clock in UTC (the tests move it to another day)."""
    return datetime.now(UTC)


def today() -> date:
    return now().date()


def day_end(day: date) -> datetime:
    """The moment a day's challenge closes: the next day's 00:00 UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


def setup_of(day: date) -> Setup:
    return ROTATION[day.toordinal() % len(ROTATION)]


def parse_day(text: str) -> date | None:
    """A day written ``YYYY-MM-DD``, or None."""
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


class ChallengeEntry(Base):
    __tablename__ = "challenge_entries"
    day: Mapped[str] = mapped_column(String(10), primary_key=True)  # YYYY-MM-DD (UTC)
    browser: Mapped[str] = mapped_column(String(64), primary_key=True)  # SHA-256 of its id
    name: Mapped[str] = mapped_column(String(100))
    game_id: Mapped[str] = mapped_column(String(32), index=True)
    created: Mapped[float] = mapped_column(Float)
    result: Mapped[str | None] = mapped_column(String(40), nullable=True)  # None: not yet known
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turns: Mapped[int | None] = mapped_column(Integer, nullable=True)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "result": self.result, "score": self.score,
                "rounds": self.rounds, "turns": self.turns}


class Days:
    """The days of one database: its secret, each day's seed, and the game of each entry."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._secret: bytes | None = None

    def secret(self) -> bytes:
        if self._secret is None:
            with self.store.session() as session:
                value = session.execute(select(MetaRow.value).where(MetaRow.key == SECRET_KEY)).scalar_one()
            self._secret = bytes.fromhex(value)
        return self._secret

    def seed(self, day: date) -> int:
        """The seed of every game of ``day``: HMAC-SHA256 of the date under the server's secret,
        cut to the served games' seed space."""
        digest = hmac.new(self.secret(), f"tetrarchia-daily:{day.isoformat()}".encode(), hashlib.sha256)
        return int.from_bytes(digest.digest()[:8], "big") % SEED_SPACE

    def day_of(self, game_id: str) -> date | None:
        """The day whose challenge the game plays, or None for any other game."""
        with self.store.session() as session:
            found = session.execute(select(ChallengeEntry.day)
                                    .where(ChallengeEntry.game_id == game_id)).scalars().first()
        return None if found is None else date.fromisoformat(found)

    def sealed(self, game_id: str) -> bool:
        """Whether the game plays a challenge whose day is not over: its dice are those of every
        other game of the day, so nothing of it may foretell one until the day ends."""
        day = self.day_of(game_id)
        return day is not None and now() < day_end(day)


def browser_key(browser: str) -> str:
    """What is stored of a browser's random id: its SHA-256 (the id is the browser's only claim
    to its entry, so it is kept like a credential)."""
    return hashlib.sha256(browser.encode()).hexdigest()
