"""Helpers for the tracker tests: a kit recorded in the database, actions sent as JSON."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import tally
from game_tracker import act

from toolkit.tracker.app import create_app
from toolkit.tracker.contract import registered
from toolkit.tracker.kits import record_kit

__all__ = ["act", "client_id_of", "loader", "make_app", "new_kit"]

HERE = Path(__file__).resolve().parent


def loader(game: str):
    """The games of the tracker tests: the registry's four and the test game `tally`."""
    return tally.game if game == "tally" else registered(game)


def make_app(db_url: str, **options):
    options.setdefault("kits_dir", None)
    options.setdefault("sse_max_seconds", 0.3)
    options.setdefault("allowed_hosts", ["table.local", "testserver"])
    return create_app(db_url, games=loader, template_dirs=[HERE / "templates"], **options)


def new_kit(db_url: str, game: str = "tally", **extra) -> str:
    kit_id = secrets.token_hex(16)
    record_kit(db_url, {"kit_id": kit_id, "game": game, "base_url": "http://t", **extra})
    return kit_id


def client_id_of(html: str) -> str:
    return re.search(r'name="client_action_id" value="([0-9a-f]+)"', html).group(1)
