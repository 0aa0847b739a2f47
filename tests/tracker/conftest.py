"""The tracker built in-process over a fresh SQLite file, with the test game `tally`."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tracker_helpers import make_app


@pytest.fixture
def db_url(tmp_path: Path):
    # Memory-backed when the machine has it: these tests count outcomes, not fsyncs (the crash
    # test uses a real disk).
    if Path("/dev/shm").is_dir():
        folder = Path(tempfile.mkdtemp(dir="/dev/shm"))
        yield f"sqlite:///{folder / 'tracker.sqlite3'}"
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield f"sqlite:///{tmp_path / 'tracker.sqlite3'}"


@pytest.fixture
def client(db_url: str):
    with TestClient(make_app(db_url), base_url="http://table.local") as test_client:
        yield test_client


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL cluster for the test session (benchmarks/pg_cluster.py): its
    `postgresql+psycopg://...` server URL. Skipped, with the reason, only where PostgreSQL or
    psycopg cannot be had."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[test]')")
    from load_harness import pg_cluster

    cluster = pg_cluster.Cluster()
    try:
        cluster.start()
    except pg_cluster.NoPostgres as why:
        pytest.skip(str(why))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(postgres_server) -> str:
    """A fresh database on the session's PostgreSQL cluster."""
    return postgres_server.create_database()
