"""A throwaway PostgreSQL cluster on a loopback port, for the tests and the cluster benchmark.

Debian's postgresql (scripts/system-deps.sh installs it): `initdb` in a temp folder, `pg_ctl`
starts it on a free 127.0.0.1 port with its socket in the same folder, `stop()` stops it at once
and removes the folder. As root the cluster runs as the `postgres` user (PostgreSQL refuses
root). Each test or run gets a fresh database from `create_database()`.

    with Cluster() as cluster:
        url = cluster.create_database()   # postgresql+psycopg://postgres@127.0.0.1:PORT/NAME
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class NoPostgres(Exception):
    """PostgreSQL cannot be had here (not installed, or initdb/pg_ctl failed): why."""


def pg_bin() -> Path | None:
    """The folder of Debian's newest PostgreSQL programs, else of an `initdb` on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_cluster_owner(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    # util-linux's runuser lives in /usr/sbin, which a root PATH may lack (a CI runner's)
    runuser = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin")
    return [runuser or "runuser", "-u", "postgres", "--", *args]


class Cluster:
    """One running throwaway cluster; `url` is its server's `postgresql+psycopg://` URL."""

    def __init__(self, *, settings: dict[str, str] | None = None) -> None:
        # fsync stays on: the durability the tracker promises is measured, not assumed.
        self.settings = {"listen_addresses": "127.0.0.1", "fsync": "on", **(settings or {})}
        self.folder: Path | None = None
        self.port = 0
        self.url = ""
        self._bin: Path | None = None

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        assert self._bin is not None
        command = _as_cluster_owner([str(self._bin / args[0]), *args[1:]])
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise NoPostgres(f"{args[0]} could not run: {exc}") from None

    def start(self) -> Cluster:
        self._bin = pg_bin()
        if self._bin is None:
            raise NoPostgres("PostgreSQL is not installed (scripts/system-deps.sh installs it)")
        self.folder = Path(tempfile.mkdtemp(prefix="domekit-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        try:
            self._init_and_start()
        except NoPostgres:
            self._remove()
            raise
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}"
        return self

    def _init_and_start(self) -> None:
        assert self.folder is not None
        data = str(self.folder / "data")
        made = self._run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        if made.returncode != 0:
            raise NoPostgres(f"initdb failed: {made.stderr.strip()[-300:]}")
        for _attempt in range(3):  # the free port may be taken by another program meanwhile
            self.port = _free_port()
            started = self._pg_ctl_start()
            if started.returncode == 0:
                return
        raise NoPostgres(f"PostgreSQL did not start: {started.stderr.strip()[-300:]}")

    def _pg_ctl_start(self) -> subprocess.CompletedProcess[str]:
        assert self.folder is not None
        options = f"-p {self.port} -k {self.folder} " + " ".join(
            f"-c {name}={value}" for name, value in self.settings.items()
        )
        data, log = str(self.folder / "data"), str(self.folder / "log")
        return self._run("pg_ctl", "-D", data, "-o", options, "-l", log, "-w", "start")

    def halt(self) -> None:
        """Stop the server at once, as a crash or a cut cable would (every connection dropped,
        no checkpoint), keeping its data: `resume()` starts it again (with crash recovery)."""
        assert self.folder is not None
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")

    def resume(self) -> None:
        """Start the halted server again, on the same port."""
        started = self._pg_ctl_start()
        if started.returncode != 0:
            raise NoPostgres(f"PostgreSQL did not start again: {started.stderr.strip()[-300:]}")

    def create_database(self) -> str:
        """A fresh database on the cluster: its SQLAlchemy URL."""
        import psycopg

        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres") as conn:
            conn.autocommit = True
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"{self.url}/{name}"

    def stop(self) -> None:
        if self.folder is not None and (self.folder / "data").is_dir():
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        self._remove()

    def _remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def database(cluster: Cluster | None, folder: Path) -> str:
    """A benchmark's database URL: a fresh database on `cluster` (started here), or with none a
    SQLite file in `folder`."""
    if cluster is None:
        return f"sqlite:///{folder / 'tracker.sqlite3'}"
    cluster.start()
    return cluster.create_database()
