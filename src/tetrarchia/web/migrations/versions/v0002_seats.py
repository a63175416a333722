"""Schema 2: the seats of each game (issue 11) and who is connected to them.

``seats``: one row per credential of a game: a player's seat (``seat`` = the player's number,
1-5, R10/R12.6), the hot seat (``all``: every seat in one browser), the spectator link
(``spectator``), or a seat played by the server's AI (``kind`` ``ai``, the registry's player
``player``, no credential).  Only the SHA-256 of a token is stored, never the token.  The rows
have no foreign key on ``games``: a game deleted by its host leaves its seats' hashes, so that a
link to it is answered "no such game" (404) rather than "wrong credential" (403).

``presence``: one row per live connection (a WebSocket, or a polling client) holding a seat, with
an expiry renewed while it lives: a server process killed with SIGKILL leaves rows that expire by
themselves, so no seat is shown connected forever.

``ai_notes``: the one-line explanation of each move an AI seat made, by log entry.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("player", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("connection", sa.String(40), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.String(16), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("presence_game", "presence", ["game_id"])
    op.create_table(
        "ai_notes",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("text", sa.String(600), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ai_notes")
    op.drop_index("presence_game", "presence")
    op.drop_table("presence")
    op.drop_table("seats")
