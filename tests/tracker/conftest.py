"""The tracker built in-process over a fresh SQLite file, with the test game `tally`."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tracker_helpers import make_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tracker.sqlite3'}"


@pytest.fixture
def client(db_url: str):
    with TestClient(make_app(db_url), base_url="http://table.local") as test_client:
        yield test_client
