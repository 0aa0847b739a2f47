"""The tracker's storage tests against a real PostgreSQL server.

A throwaway cluster (Debian's postgresql, installed by scripts/system-deps.sh) is made with initdb
in a temp folder and started with pg_ctl on a free loopback port for this test session; each test
gets a fresh database. As root, the cluster runs as the `postgres` user (PostgreSQL refuses root).
Skipped, with the reason shown, only where PostgreSQL or psycopg cannot be had.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from load_harness import load, log_problems

# The in-process API tests of the tracker's core, collected here once more over PostgreSQL: this
# module's `db_url` fixture overrides the SQLite one.
from test_tracker_core import *  # noqa: F403

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[test]')")


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_cluster_owner(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    return ["runuser", "-u", "postgres", "--", *args]


@pytest.fixture(scope="session")
def postgres_server():
    """`postgresql+psycopg://...` of a running throwaway cluster; stopped at the session's end."""
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (scripts/system-deps.sh installs it)")
    folder = Path(tempfile.mkdtemp(prefix="domekit-pg-"))
    data = folder / "data"
    port = load.free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = _as_cluster_owner([str(bin_dir / args[0]), *args[1:]])
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    made = run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"initdb failed: {made.stderr.strip()[-300:]}")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    started = run(
        "pg_ctl", "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"
    )
    if started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"PostgreSQL did not start: {started.stderr.strip()[-300:]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        run("pg_ctl", "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def db_url(postgres_server: str) -> str:
    """A fresh database on the session's PostgreSQL server."""
    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(
        f"{postgres_server.replace('+psycopg', '')}/postgres", autocommit=True
    ) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    return f"{postgres_server}/{name}"


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
