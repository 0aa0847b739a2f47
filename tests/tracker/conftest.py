"""The tracker built in-process over a fresh SQLite file, with the test game `tally`."""

from __future__ import annotations

import os
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
    psycopg cannot be had; under `make test` (DOMEKIT_NEED_POSTGRES=1, which installs them
    first) that fails instead, so CI never passes without the PostgreSQL tests."""
    from load_harness import pg_cluster

    required = os.environ.get("DOMEKIT_NEED_POSTGRES") == "1"
    cluster = pg_cluster.Cluster()
    try:
        import psycopg  # noqa: F401

        cluster.start()
    except (ImportError, pg_cluster.NoPostgres) as why:
        reason = f"no PostgreSQL for the tests: {why}"
        if required:
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(postgres_server) -> str:
    """A fresh database on the session's PostgreSQL cluster."""
    return postgres_server.create_database()
