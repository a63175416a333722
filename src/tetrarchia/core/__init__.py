"""The pure rules core: no I/O, no global random state (R1-R10, R14)."""
