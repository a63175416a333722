"""Schema 6: the dice secret of served games and the daily challenge (issues 26 and 27).

- ``games.seed`` becomes a 64-bit integer on PostgreSQL (SQLite's integers already are): a
  served game's seed is drawn from 2**53 values (web/secrecy.py), too many to search for the seed
  that gives the dice already seen; the 10**9 seeds of before fitted in 32 bits and could be.
- ``tetrarchia_meta`` gains ``daily-secret``: 32 random bytes, drawn once here, from which each
  day's seed of the challenge is derived with the date (web/daily.py): never from the date alone.
- ``challenge_entries``: one row per browser and day (the SHA-256 of the browser's random id,
  never the id), the name played under, the game, and once known its result (R8's score, the
  rounds and turns).  Keyed by the game's id with no foreign key, as the seats' rows: the host's
  deletion of a game removes its entry (storage.Store.delete).

Revision ID: 0006
Revises: 0007 (the migrations of parallel branches are chained in the order they landed)
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("games", "seed", type_=sa.BigInteger, existing_type=sa.Integer,
                        existing_nullable=True)
    meta = sa.table("tetrarchia_meta", sa.column("key", sa.String), sa.column("value", sa.String))
    op.bulk_insert(meta, [{"key": "daily-secret", "value": secrets.token_hex(32)}])
    op.create_table(
        "challenge_entries",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("browser", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("result", sa.String(40), nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("turns", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("challenge_entries")
    op.execute(sa.text("DELETE FROM tetrarchia_meta WHERE key = 'daily-secret'"))
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("games", "seed", type_=sa.Integer, existing_type=sa.BigInteger,
                        existing_nullable=True)
