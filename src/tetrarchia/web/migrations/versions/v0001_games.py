"""Schema 1: the games, their logs, and the mark that says the database is tetrarchia's.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    meta = op.create_table(
        "tetrarchia_meta",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.bulk_insert(meta, [{"key": "app", "value": "tetrarchia"}])
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("board_text", sa.Text, nullable=True),
        sa.Column("board_source", sa.String(300), nullable=False),
        sa.Column("seed", sa.Integer, nullable=True),
        sa.Column("start", sa.Text, nullable=True),
        sa.Column("dice_drawn", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("log_length", sa.Integer, nullable=False),
        sa.Column("result", sa.String(40), nullable=False),
        sa.Column("summary", sa.String(300), nullable=False),
    )
    op.create_index("games_updated", "games", ["updated"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("text", sa.String(400), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("games_updated", "games")
    op.drop_table("games")
    op.drop_table("tetrarchia_meta")
