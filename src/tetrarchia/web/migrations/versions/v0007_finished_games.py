"""Schema 0007: the table players feed (issue 29 item 4).

``finished_games``: one row per finished game of a level (web/players_table.py): its level,
options, number of players and of AI seats, result, score, rounds and turns, and when it ended;
nothing personal.  Keyed by the game's id, with no foreign key, as the seats' and analyses'
rows: the host's deletion of a game removes it with the game's other rows (storage.Store.delete).

Revision ID: 0007
Revises: 0005 (the migrations of parallel branches are chained in the order they landed)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "finished_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("finished", sa.Float, nullable=False),
        sa.Column("level", sa.String(4), nullable=False),
        sa.Column("options", sa.String(300), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("ai_seats", sa.Integer, nullable=False),
        sa.Column("result", sa.String(20), nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
    )
    op.create_index("finished_games_level", "finished_games", ["level", "options"])


def downgrade() -> None:
    op.drop_index("finished_games_level", "finished_games")
    op.drop_table("finished_games")
