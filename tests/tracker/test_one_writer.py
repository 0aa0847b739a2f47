"""One writer per SQLite file, truly: a second real `domekit serve` on the same file refuses to
start whatever name it is given for it (a symbolic link, a hard link, a relative path from
another folder, a `file:` URI), because the lock is on the file, not on its name."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import httpx
import pytest
from load_harness import load

from toolkit.tracker.lock import lock_database, sqlite_file
from toolkit.tracker.storage import resolve_db_url


def _second(db: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [*load.domekit_command(), "serve", "--port", str(load.free_port()), "--db", db,
               "--kits", str(cwd / "no-kits")]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=cwd)


def _names(folder: Path, real: Path) -> dict[str, str]:
    """Every other name of the file `real`, as a `--db` (made in `folder`)."""
    (folder / "links").mkdir()
    symlink = folder / "links" / "symbolic.sqlite3"
    symlink.symlink_to(real)
    hard = folder / "links" / "hard.sqlite3"
    os.link(real, hard)
    return {
        "symbolic link": f"sqlite:///{symlink}",
        "hard link": f"sqlite:///{hard}",
        "relative path": f"sqlite:///{os.path.relpath(real, folder / 'links')}",
        "file: URI": f"sqlite:///file:{real}?uri=true",
        "file: URI with a mode": f"sqlite:///file:{real}?mode=rwc&uri=true",
        "file:// URI": f"sqlite:///file://{real}?uri=true",
        "bare path": str(real),
    }


def test_a_second_server_on_the_same_file_under_any_name_refuses_to_start(tmp_path):
    real = tmp_path / "data" / "table.sqlite3"
    first = load.Server(f"sqlite:///{real}", tmp_path / "first")
    first.workdir.mkdir()
    with first:
        assert httpx.get(first.base + "/").status_code == 200  # up, and holding the file
        for how, db in _names(tmp_path, real).items():
            second = _second(db, tmp_path / "links")
            assert second.returncode == 2, (how, second.stdout, second.stderr)
            lines = second.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), (how, second.stderr)
            assert "another `domekit serve` is already using the database file" in lines[0]
            assert "Traceback" not in second.stderr
    # The first one stopped: the file is free under every name
    for db in (f"sqlite:///file:{real}?uri=true", f"sqlite:///{tmp_path / 'links/hard.sqlite3'}"):
        with load.Server(db, tmp_path / "first") as again:
            assert httpx.get(again.base + "/").status_code == 200


def test_a_server_started_through_a_file_uri_holds_the_file_against_its_plain_path(tmp_path):
    real = tmp_path / "table.sqlite3"
    with load.Server(f"sqlite:///file:{real}?uri=true", tmp_path):
        assert real.exists()  # the URI opened this very file
        second = _second(f"sqlite:///{real}", tmp_path)
        assert second.returncode == 2 and "already using the database file" in second.stderr


def test_the_file_a_sqlite_url_opens():
    assert sqlite_file("sqlite:////srv/a.sqlite3") == Path("/srv/a.sqlite3")
    assert sqlite_file("sqlite+pysqlite:///rel/a.db?timeout=3") == Path("rel/a.db")
    assert sqlite_file("sqlite:///file:/srv/a%20b.db?uri=true") == Path("/srv/a b.db")
    assert sqlite_file("sqlite:///file:rel.db?mode=ro&uri=true") == Path("rel.db")
    assert sqlite_file("sqlite:///file:///srv/a.db?uri=true") == Path("/srv/a.db")
    assert sqlite_file("sqlite:///file:a.db") == Path("file:a.db")  # no uri=true: a name
    for memory in ("sqlite://", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"):
        assert sqlite_file(memory) is None
    assert sqlite_file("postgresql+psycopg://u@127.0.0.1:5/db") is None


def test_a_lock_taken_in_this_process_is_held_under_every_name(tmp_path, monkeypatch):
    real = tmp_path / "held.sqlite3"
    held = lock_database(f"sqlite:///{real}")
    assert held is not None
    names = _names(tmp_path, real)
    monkeypatch.chdir(tmp_path / "links")  # where the relative path starts
    try:
        for db in names.values():
            with pytest.raises(Exception, match="already using the database file"):
                lock_database(resolve_db_url(db))  # what `serve` does with --db
    finally:
        held.release()
    again = lock_database(f"sqlite:///file:{real}?uri=true")
    assert again is not None
    again.release()
