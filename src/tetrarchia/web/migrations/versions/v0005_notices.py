"""Schema 5: your turn, wherever you are (issue 27, item 2).

``turns``: one row per game, the player deciding now (null while dice are due), since when
(seconds since the epoch), the game's version it was seen at (a version-checked update: one
process writes each change and sends its notices) and the last player a notice was sent for.

``notices``: a seat's notification settings (``seat`` a player's number, or ``all`` for a hot
seat): its webhook, whether the notice carries the seat's secret link (``token`` is stored then
only), its e-mail address, the notices' language and the server's address as the seat reached it.
Keyed by the game's id without a foreign key, as the seats' rows: the host's deletion of a game
removes them (storage.Store.delete).

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turns",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("player", sa.Integer, nullable=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("notified", sa.Integer, nullable=True),
    )
    op.create_table(
        "notices",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("webhook", sa.String(500), nullable=True),
        sa.Column("include_link", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("token", sa.String(200), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("address", sa.String(300), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notices")
    op.drop_table("turns")
