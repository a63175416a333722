"""``python -m tetrarchia`` runs the ``tetrarchia`` command (as ``python -m tetrarchia.cli``)."""

from tetrarchia.cli.main import app

app(prog_name="tetrarchia")
