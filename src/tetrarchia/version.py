"""The package's version: a module of its own, below every layer, so that any module may read it
without importing the public facade (``tetrarchia/__init__.py``, which imports them all)."""

__version__ = "0.1.0"
