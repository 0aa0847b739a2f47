"""One `domekit serve` per SQLite file: an operating-system lock on the database file itself, held
for the server's lifetime.

A second server on the same file would keep its own copy of every match in memory and serve
stale pages (and the two would overwrite each other's actions), so it refuses to start. The lock
is taken on the file, not on its name: a symbolic link to it, a hard link, a relative path from
another folder or a `sqlite:///file:...?uri=true` URL all open the same file, and find it
locked. On POSIX it is `flock` on the database file (SQLite's own locks are `fcntl` byte
ranges, which `flock` never meets); it goes with the process, also when the process is killed,
so a crash leaves no lock behind. On Windows, whose locks would stop SQLite's own reads of a
locked file, it is a lock file beside the file's resolved path (symbolic links and URL forms
resolve to it; hard links do not). PostgreSQL databases are not locked (several servers may
share one).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sqlalchemy.engine import make_url

from toolkit.errors import DomekitError


class ServerLock:
    """The lock of one SQLite database file; `release()` (or the process ending) frees it."""

    def __init__(self, path: Path, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file releases the lock
            self._descriptor = None


def sqlite_file(db_url: str) -> Path | None:
    """The file a SQLite URL opens, as a plain path or a `file:` URI (`?uri=true`); None for
    another database or an in-memory one."""
    try:
        url = make_url(db_url)
    except Exception:  # not a URL: Store reports it
        return None
    if url.get_backend_name() != "sqlite":
        return None
    name = url.database or ""
    if url.query.get("uri") in ("true", "True", "1") and name.startswith("file:"):
        parts = urlsplit(name)
        query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
        if query.get("mode") == "memory" or url.query.get("mode") == "memory":
            return None
        name = unquote(parts.path)
    if not name or name == ":memory:":
        return None
    return Path(name)


def lock_database(db_url: str) -> ServerLock | None:
    """Take the database file's server lock, or stop with a clear message (DomekitError: exit 2)
    when another server holds it. None for databases that are not SQLite files."""
    path = sqlite_file(db_url)
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        locked = path if sys.platform != "win32" else _lock_file(path)
        # The database file itself (created empty when new: SQLite starts an empty file)
        descriptor = os.open(locked, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise DomekitError(f"cannot open the database file {path}: {exc.strerror}") from None
    if not _try_lock(descriptor):
        os.close(descriptor)
        raise DomekitError(
            f"another `domekit serve` is already using the database file {path} (perhaps "
            "under another name: a link to it, or a file: URL): stop that server first, or give "
            "this one another --db. Only one server may write a SQLite file; several servers "
            "need a PostgreSQL --db URL."
        )
    return ServerLock(path, descriptor)


def _lock_file(path: Path) -> Path:
    resolved = path.resolve()
    return resolved.with_name(resolved.name + ".lock")


def _try_lock(descriptor: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
