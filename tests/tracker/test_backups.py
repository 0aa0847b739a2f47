"""Backups (toolkit/tracker/backups.py): `domekit backup` while a real `domekit serve` writes,
`domekit restore` (refused while a server holds the file, refused for a file that is not a
Domekit database, whole or not at all when killed), the server's automatic backups at a match's
end and daily, and docs/hosting.md's pg_dump recipe on the test session's PostgreSQL cluster."""

from __future__ import annotations

import os
import secrets
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import httpx
import pytest
from load_harness import load, log_problems, pg_cluster

from toolkit.tracker.backups import check_database
from toolkit.tracker.kits import record_kit

TEAMS = ["red", "blue"]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """Domekit's home for this test (and the servers and commands it starts)."""
    folder = tmp_path / "home"
    monkeypatch.setenv("DOMEKIT_HOME", str(folder))
    return folder


def domekit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*load.domekit_command(), *args], capture_output=True, text=True, timeout=300
    )


def transfer(base: str, kit: str, amount: int) -> None:
    money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": amount}
    body = {"action": money, "client_action_id": secrets.token_hex(8)}
    reply = httpx.post(f"{base}/k/{kit}/act", json=body, timeout=60)
    assert reply.status_code == 200, reply.text


def actions_in(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT match_id, seq, client_action_id, payload FROM actions ORDER BY match_id, seq"
        ).fetchall()


def new_kit(db: str, game: str = "deathdome") -> str:
    kit = secrets.token_urlsafe(16)
    teams = {"teams": TEAMS} if game == "deathdome" else {}
    record_kit(db, {"kit_id": kit, "game": game, **teams})
    return kit


def test_backups_taken_while_the_server_writes_are_each_the_database_as_of_one_commit(
    tmp_path, home
):
    db_file = tmp_path / "tracker.sqlite3"
    db = f"sqlite:///{db_file}"
    kit = new_kit(db)
    with load.Server(db, tmp_path) as server:
        for n in range(5):
            transfer(server.base, kit, n + 1)
        stop = threading.Event()

        def phone() -> None:
            n = 100
            while not stop.is_set():
                transfer(server.base, kit, n)
                n += 1

        writer = threading.Thread(target=phone)
        writer.start()
        try:
            made = [domekit("backup", "--db", db) for _ in range(3)]
        finally:
            stop.set()
            writer.join()
        final = actions_in(db_file)
    backups = []
    for run in made:
        assert run.returncode == 0, run.stderr
        path = Path(run.stdout.strip())
        assert path.parent == home / "backups" and path.name.startswith("tracker-")
        assert path.name.endswith("-manual.sqlite3")
        backups.append(path)
    for path in backups:
        check_database(path)
        assert log_problems(f"sqlite:///{path}") == []  # no half-applied action
        copied = actions_in(path)
        assert len(copied) >= 5 and copied == final[: len(copied)]  # a prefix of the log
        assert not Path(f"{path}-wal").exists()  # one file, standing alone
    assert sorted(os.listdir(home / "backups")) == sorted(p.name for p in backups)


def test_restore_puts_back_what_the_tracker_showed_when_the_backup_was_taken(tmp_path, home):
    db_file = tmp_path / "tracker.sqlite3"
    db = f"sqlite:///{db_file}"
    kit = new_kit(db)
    with load.Server(db, tmp_path) as server:
        for n in range(4):
            transfer(server.base, kit, 1000 * (n + 1))
        shown = httpx.get(f"{server.base}/k/{kit}/table.json", timeout=30).json()
        saved = tmp_path / "saved.sqlite3"
        run = domekit("backup", "--db", db, "--out", str(saved))
        assert run.returncode == 0 and run.stdout.strip() == str(saved), run.stderr
        for _ in range(3):
            transfer(server.base, kit, 7)
        later = httpx.get(f"{server.base}/k/{kit}/table.json", timeout=30).json()
        # Refused while the server holds the file; nothing changed.
        refused = domekit("restore", str(saved), "--db", db)
        assert refused.returncode == 2
        assert "not restored: another `domekit serve` is already using" in refused.stderr
        assert "Traceback" not in refused.stderr
        assert len(actions_in(db_file)) == 7
    run = domekit("restore", str(saved), "--db", db)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"restored {saved}"
    before = Path(lines[1].removeprefix("the database as it was: "))
    assert before.name.endswith("-before-restore.sqlite3") and len(actions_in(before)) == 7
    with load.Server(db, tmp_path) as server:
        assert httpx.get(f"{server.base}/k/{kit}/table.json", timeout=30).json() == shown
        transfer(server.base, kit, 5)  # and it carries on from there
    # The database as it was comes back the same way.
    assert domekit("restore", str(before), "--db", db).returncode == 0
    with load.Server(db, tmp_path) as server:
        assert httpx.get(f"{server.base}/k/{kit}/table.json", timeout=30).json() == later


def backed_up(tmp_path: Path) -> tuple[Path, str, str, Path]:
    """A tracker database with a transfer recorded, backed up (`domekit backup --out`) while
    served, then one more transfer: (its file, its URL, the kit, the backup)."""
    db_file = tmp_path / "tracker.sqlite3"
    db = f"sqlite:///{db_file}"
    kit = new_kit(db)
    saved = tmp_path / "saved.sqlite3"
    with load.Server(db, tmp_path) as server:
        transfer(server.base, kit, 3)
        assert domekit("backup", "--db", db, "--out", str(saved)).returncode == 0
        transfer(server.base, kit, 4)
    return db_file, db, kit, saved


def test_restore_refuses_what_is_not_a_whole_domekit_database(tmp_path, home):
    db_file, db, _kit, saved = backed_up(tmp_path)
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database\n" * 100)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE kits (id INTEGER)")
    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(saved.read_bytes()[: saved.stat().st_size // 2])
    cases = [
        (text, "not a SQLite database"),
        (other, "not a Domekit tracker database (no kits.kit_id)"),
        (cut, str(cut)),
        (tmp_path / "missing.sqlite3", "no such file"),
    ]
    before = actions_in(db_file)
    for path, says in cases:
        run = domekit("restore", str(path), "--db", db)
        assert run.returncode == 2, (path, run.stdout)
        assert run.stderr.startswith(f"error: {path}") and says in run.stderr, run.stderr
        assert "Traceback" not in run.stderr
        assert actions_in(db_file) == before
    # Nor is a file that is not a tracker's overwritten with a backup.
    run = domekit("restore", str(saved), "--db", f"sqlite:///{other}")
    assert run.returncode == 2 and "not a Domekit tracker database" in run.stderr
    # PostgreSQL has pg_dump and pg_restore.
    run = domekit("backup", "--db", "postgresql+psycopg://u:secret@127.0.0.1:5/db")
    assert run.returncode == 2 and "pg_dump" in run.stderr and "secret" not in run.stderr
    assert not (home / "backups").exists() or all(
        p.name.endswith("-manual.sqlite3") for p in (home / "backups").iterdir()
    )


def test_a_restore_killed_mid_way_leaves_the_database_as_it_was_or_restored(tmp_path, home):
    db_file, db, kit, saved = backed_up(tmp_path)
    with sqlite3.connect(saved) as connection:  # a large backup: a restore takes a while
        connection.execute("CREATE TABLE ballast (data BLOB)")
        for _ in range(40):
            connection.execute("INSERT INTO ballast VALUES (randomblob(1000000))")
    # Killed while it copies: the pages written so far (the database's write-ahead log grows
    # past 8 MB of the backup's 40) belong to a transaction never committed.
    wal = Path(f"{db_file}-wal")
    process = subprocess.Popen(
        [*load.domekit_command(), "restore", str(saved), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while process.poll() is None and not (wal.exists() and wal.stat().st_size > 8 * 2**20):
        time.sleep(0.005)
    process.kill()
    assert process.wait() == -9  # killed mid-copy, not finished
    check_database(db_file)
    assert len(actions_in(db_file)) == 2  # as it was
    with load.Server(db, tmp_path) as server:  # and the tracker serves it
        transfer(server.base, kit, 5)
    assert len(actions_in(db_file)) == 3
    run = domekit("restore", str(saved), "--db", db)
    assert run.returncode == 0, run.stderr
    assert len(actions_in(db_file)) == 1  # restored whole


def test_the_server_backs_up_at_each_matchs_end_and_daily_keeping_the_last_n(tmp_path, home):
    db_file = tmp_path / "tracker.sqlite3"
    db = f"sqlite:///{db_file}"
    kit = new_kit(db, "domppa")
    folder = home / "backups"

    def automatic() -> list[Path]:
        return sorted(folder.glob("tracker-*-match-end.sqlite3")) + sorted(
            folder.glob("tracker-*-daily.sqlite3")
        )

    def wait_for(count: int) -> list[Path]:
        deadline = time.monotonic() + 30
        while len(automatic()) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return automatic()

    def act(base: str, action: dict) -> None:
        body = {"action": action, "client_action_id": secrets.token_hex(8)}
        assert httpx.post(f"{base}/k/{kit}/act", json=body, timeout=60).status_code == 200

    with load.Server(db, tmp_path, args=("--keep-backups", "2")) as server:
        time.sleep(1)
        assert automatic() == []  # an empty database is not backed up
        for combat in range(3):
            act(server.base, {"type": "add", "name": f"Fighter {combat}", "health": 6})
            act(server.base, {"type": "new_round"})
            assert len(automatic()) == min(combat, 2)  # not before the end
            act(server.base, {"type": "end_combat"})
            made = wait_for(min(combat + 1, 2))
            assert len(made) == min(combat + 1, 2)
            newest = max(made, key=lambda path: path.name)
            assert newest.name.endswith("-match-end.sqlite3")
            # The backup holds the action that ended the combat.
            assert actions_in(newest)[-1][3].find('"end_combat"') >= 0
            reply = httpx.post(f"{server.base}/k/{kit}/next-match", timeout=60)
            assert reply.status_code in (200, 303), reply.text
        # The last two are kept: the second and third combats' ends.
        ends = [actions_in(path)[-1][0] for path in automatic()]
        assert len(ends) == 2 and ends[0] < ends[1]
    # A day later the server backs up when it starts.
    for path in automatic():
        old = time.time() - 2 * 24 * 3600
        os.utime(path, (old, old))
    with load.Server(db, tmp_path, args=("--keep-backups", "2")):
        deadline = time.monotonic() + 30
        while not list(folder.glob("tracker-*-daily.sqlite3")) and time.monotonic() < deadline:
            time.sleep(0.1)
        [daily] = list(folder.glob("tracker-*-daily.sqlite3"))
    assert len(actions_in(daily)) == len(actions_in(db_file))
    assert len(automatic()) == 2  # still the last two


def test_docs_pg_dump_recipe_dumps_and_restores_every_match_as_it_was(pg_url, tmp_path):
    # docs/hosting.md, "Backups with pg_dump": the same commands, on the test session's cluster.
    from toolkit.tracker.matches import MatchService
    from toolkit.tracker.storage import Store

    kits = [new_kit(pg_url), new_kit(pg_url, "domppa")]
    store = Store(pg_url)
    service = MatchService(store)
    plays = [
        [{"type": "transfer", "payer": "red", "payee": "blue", "amount": n} for n in (5, 6, 7)],
        [{"type": "add", "name": "Ann", "health": 6}, {"type": "new_round"}],
    ]
    matches = []
    for kit, actions in zip(kits, plays, strict=True):
        match = service.current_match(service.kit(kit))
        for n, action in enumerate(actions):
            service.submit(match.id, action, client_action_id=f"p{n}", base_version=None)
        matches.append(match.id)

    def as_it_is(url: str) -> list:
        fresh = Store(url)  # a cold replay from the log: a new service remembers nothing
        try:
            replay = MatchService(fresh)
            return [(replay.state_json(m), fresh.actions(m)) for m in matches]
        finally:
            fresh.close()

    dumped = as_it_is(pg_url)
    libpq = pg_url.replace("postgresql+psycopg://", "postgresql://")
    binaries = pg_cluster.pg_bin()
    assert binaries is not None
    dump = tmp_path / "domekit-2026-12-01.dump"
    subprocess.run(
        [binaries / "pg_dump", "--format=custom", f"--file={dump}", libpq], check=True, timeout=120
    )
    # After the dump: more actions, then the tables dropped.
    service.submit(matches[0], plays[0][0], client_action_id="after", base_version=None)
    store.close()
    import psycopg

    with psycopg.connect(libpq, autocommit=True) as connection:
        connection.execute("DROP TABLE events, actions, matches, kits CASCADE")
    subprocess.run(
        [binaries / "pg_restore", "--clean", "--if-exists", "--no-owner", "--role=postgres",
         f"--dbname={libpq}", dump],
        check=True, timeout=120,
    )  # fmt: skip
    assert as_it_is(pg_url) == dumped
    # And the tracker carries on from there.
    store = Store(pg_url)
    try:
        again = MatchService(store)
        done = again.submit(matches[0], plays[0][0], client_action_id="later", base_version=None)
        assert done.seq == 4
    finally:
        store.close()
    assert log_problems(pg_url) == []
