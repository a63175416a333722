"""Schema 4: a game's table (issue 27, items 1, 3 and 4): the lobby, the chat, the AI standing in
for a seat, who played each action, and the links a rematch carries over.

- ``game_tables``: one row per game its host opened as a table: the host's seat, whether the
  lobby lists its free seats, whether spectators may write in the chat, and after how many
  minutes of absence a seat is handed to the AI (none: never).
- ``lobby_seats``: the name each seat is played under (chosen in the browser, no account) and
  whether the lobby offers it (``free``: no one holds its link).
- ``chat``: the table's messages, kept with the game.
- ``stand_ins``: the seats the AI plays for their player, since when and why (the host's hand,
  or the player's absence).
- ``played_by``: who played each action of a table's game (the player, or the AI for him).
- ``carried_links``: a rematch's seats that the links of an earlier game of the table open.

Keyed by the game's id with no foreign key, as the seats' rows: the host's deletion of a game
removes them (storage.Store.delete).

Revision ID: 0004
Revises: 0006 (the migrations of parallel branches are chained in the order they landed)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("host", sa.String(16), nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("chat_open", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("away_minutes", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "lobby_seats",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("free", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False, index=True),
        sa.Column("seat", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "stand_ins",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("reason", sa.String(8), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "played_by",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(16), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("ai", sa.Boolean, nullable=False),
    )
    op.create_table(
        "carried_links",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("from_game", sa.String(32), primary_key=True),
    )


def downgrade() -> None:
    for table in ("carried_links", "played_by", "stand_ins", "chat", "lobby_seats", "game_tables"):
        op.drop_table(table)
