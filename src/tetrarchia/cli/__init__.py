"""The terminal interface: ``tetrarchia play | replay | simulate | board`` (see cli/main.py)."""
