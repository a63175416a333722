"""The database schema's migrations (Alembic), shipped in the package and run at start."""
