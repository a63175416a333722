"""Automatic players: they choose among the legal actions of the seat that decides."""
