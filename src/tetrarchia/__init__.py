"""TETRARCHIA, the cooperative board game by Miguel Marqués, as an exact rules engine.

The package is layered like the rulebook: ``core`` is the pure rules engine (board, state,
actions, Roman phase, combat, Barbarian phase), ``players`` hold automatic players, ``cli``
the terminal interface.  Everything outside ``core`` imports it; ``core`` imports nothing of theirs.
"""

__version__ = "0.1.0"

# Importing the options registers every optional rule module (R11-R13) with the core.
from tetrarchia import options as _options  # noqa: F401
