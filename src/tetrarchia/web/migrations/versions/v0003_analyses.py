"""Schema 3: the analysis of each game (issue 24), kept with the game.

``analyses``: one row per game, the analysis of its first ``log_length`` log entries (a running
game is analysed up to then): ``status`` running, done or failed, the progress (``done`` of
``total`` decisions), when a worker last wrote it (``updated``: a running row left by a process
that died goes stale), and the result as JSON text once done.  Keyed by the game's id, with no
foreign key, as the seats' rows: the host's deletion of a game removes it (storage.Store.delete).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("log_length", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("analyses")
