"""Domekit: print-and-play kits, a live table tracker and rules calculators for four dome games."""

__version__ = "0.1.0"

DEFAULT_PORT = 8000
"""The tracker's port unless told (`domekit serve --port`, `domekit kit --port`, `make play
PORT=...`): kits' QR codes and the server agree on it."""
