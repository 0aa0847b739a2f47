"""The tracker's storage tests against a real PostgreSQL server.

A throwaway cluster (Debian's postgresql, installed by scripts/system-deps.sh; the session fixture
`postgres_server` in conftest.py over benchmarks/pg_cluster.py) is made with initdb in a temp
folder and started with pg_ctl on a free loopback port for this test session; each test gets a
fresh database. As root, the cluster runs as the `postgres` user (PostgreSQL refuses root).
Skipped, with the reason shown, only where PostgreSQL or psycopg cannot be had.
"""

from __future__ import annotations

import pytest
from load_harness import load, log_problems

# The in-process API tests of the tracker's core, collected here once more over PostgreSQL: this
# module's `db_url` fixture overrides the SQLite one.
from test_tracker_core import *  # noqa: F403


@pytest.fixture
def db_url(pg_url: str) -> str:
    """A fresh database on the session's PostgreSQL cluster (tests/tracker/conftest.py)."""
    return pg_url


def test_the_database_really_is_postgresql(db_url):
    from toolkit.tracker.storage import Store

    store = Store(db_url)
    try:
        assert store.engine.dialect.name == "postgresql"
        assert not store.is_sqlite
    finally:
        store.close()


def test_phones_at_two_tables_lose_nothing_on_postgresql(tmp_path, db_url):
    with load.Server(db_url, tmp_path) as server:
        kits = load.make_tables(db_url, 2, server.base)
        result = load.run_phones(server.base, load.make_phones(kits, 6, seed=3), seconds=3)
        check = load.verify(server.base, kits, result.acknowledged)
    assert len(result.acknowledged) >= 10 and not result.errors
    assert check.ok, (check.lost, check.duplicated, check.wrong_seq, check.state_mismatches)
    assert log_problems(db_url) == []


def test_sigkill_mid_load_loses_nothing_on_postgresql(tmp_path, db_url):
    import threading
    import time

    server = load.Server(db_url, tmp_path).start()
    try:
        kits = load.make_tables(db_url, 2, server.base)
        phones = load.make_phones(kits, 6, seed=5)
        result = load.LoadResult()

        def power_cut() -> None:
            time.sleep(1.5)
            server.kill()
            time.sleep(0.3)
            server.start()

        cutter = threading.Thread(target=power_cut)
        cutter.start()
        load.run_phones(server.base, phones, 4.0, result)
        cutter.join()
        check = load.verify(server.base, kits, result.acknowledged)
    finally:
        server.stop()
    assert result.errors, "some requests were cut off by the kill"
    assert check.ok, (check.lost, check.duplicated, check.wrong_seq, check.state_mismatches)
    assert log_problems(db_url) == []
