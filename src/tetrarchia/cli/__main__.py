"""``python -m tetrarchia.cli`` runs the ``tetrarchia`` command."""

from tetrarchia.cli.main import app

app(prog_name="tetrarchia")
