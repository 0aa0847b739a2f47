"""One `domekit serve` per SQLite file: an operating-system lock on a file beside the database,
held for the server's lifetime.

A second server on the same file would keep its own copy of every match in memory and serve
stale pages, so it refuses to start. The lock is the operating system's (fcntl's flock on POSIX,
msvcrt's on Windows): it goes with the process, also when the process is killed, so a crash
leaves no lock behind. PostgreSQL databases are not locked (several servers may share one).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

from toolkit.errors import DomekitError


class ServerLock:
    """The lock of one SQLite database file; `release()` (or the process ending) frees it."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle: IO[str] | None = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file releases the lock
            self._handle = None


def sqlite_file(db_url: str) -> Path | None:
    """The file of a SQLite URL; None for another database or an in-memory one."""
    if not db_url.startswith("sqlite") or ":///" not in db_url:
        return None
    path = db_url.split(":///", 1)[1].split("?", 1)[0]
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path)


def lock_database(db_url: str) -> ServerLock | None:
    """Take the database's server lock, or stop with a clear message (DomekitError: exit 2) when
    another server holds it. None for databases that are not SQLite files."""
    path = sqlite_file(db_url)
    if path is None:
        return None
    lock_path = path.with_name(path.name + ".lock")
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a+", encoding="utf-8")  # held for the server's lifetime
    except OSError as exc:
        raise DomekitError(f"cannot open the lock file {lock_path}: {exc.strerror}") from None
    if not _try_lock(handle):
        handle.close()
        raise DomekitError(
            f"another `domekit serve` is already using {path} (it holds {lock_path}): stop that "
            "server first, or give this one another --db. Only one server may write a SQLite "
            "file; several servers need a PostgreSQL --db URL."
        )
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")  # for a person looking: which process holds it
    handle.flush()
    return ServerLock(lock_path, handle)


def _try_lock(handle: IO[str]) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
