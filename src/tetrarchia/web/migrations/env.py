"""Alembic's entry point for the server's migrations: run on the engine the Store hands over."""

from __future__ import annotations

from alembic import context

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
