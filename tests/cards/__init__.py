"""Tests of toolkit/cards/: `domekit cards` and `domekit calibrate`."""
