"""Schema 8: the rate limits' buckets (issue 26, D6), shared by every server process.

``rate_limits``: one row per bucket, keyed by its kind and client (``new:ADDRESS``,
``request:ADDRESS:SEAT``): its tokens when last taken from, when, and whether that request got
one (web/limits.py).  A bucket full again is as good as no row: the server forgets those.

Revision ID: 0008
Revises: 0004 (the migrations of parallel branches are chained in the order they landed)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limits",
        sa.Column("client", sa.String(200), primary_key=True),
        sa.Column("level", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False),
        sa.Column("granted", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_limits")
