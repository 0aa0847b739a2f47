"""Domekit: print-and-play kits, a live table tracker and rules calculators for four dome games."""

__version__ = "0.1.0"
