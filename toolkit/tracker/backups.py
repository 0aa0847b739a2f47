"""Backups of a SQLite tracker database: SQLite's online backup, by hand and automatic.

- `back_up(db_url)` (`domekit backup`) copies the database while a server writes it: SQLite's
  online backup API copies the pages of one read transaction, so the copy is the database as of
  one commit, and the server's writer carries on meanwhile (WAL). The copy is written beside its
  final name, synced, then renamed into place: a backup file is whole or absent.
- `Keeper`, in `domekit serve`, backs up automatically: after the commit that ends a match (its
  game's door says it is over), and once a day (at start when the newest backup is a day old or
  there is none, then daily while the server runs). It keeps the last `keep` automatic backups
  of the database (`domekit serve --keep-backups N`, `DOMEKIT_KEEP_BACKUPS`; 10 unless told; 0
  keeps none); backups by hand are never deleted.
- `restore(backup, db_url)` (`domekit restore`) puts a backup back: it refuses while a server
  holds the database's lock (and holds it itself meanwhile, so none starts), checks the backup
  is a whole Domekit database, keeps the database as it was as one more backup, and copies the
  backup in through the same backup API, in one transaction of the database's own: a restore cut
  short (a crash, a SIGKILL) leaves the database as it was.

Backups live in Domekit's home (`toolkit.resources.home()`), folder `backups/`, named
`<database file's stem>-<YYYYmmdd-HHMMSS-mmm>-<why>.sqlite3` (why: match-end, daily, manual,
before-restore). A PostgreSQL database is backed up with pg_dump (docs/hosting.md).
"""

from __future__ import annotations

import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from toolkit.errors import DomekitError

if TYPE_CHECKING:
    from toolkit.tracker.matches import MatchService

KEEP_BACKUPS = 10
"""Automatic backups kept of a database unless told (`--keep-backups`)."""
DAY = 24 * 3600.0
AUTOMATIC = ("match-end", "daily")
"""Why an automatic backup was made: only these are deleted to keep the last N."""
SUFFIX = ".sqlite3"

_log = logging.getLogger("domekit.tracker")


def backup_folder() -> Path:
    """Where backups go unless told: `backups/` in Domekit's home."""
    from toolkit.resources import home

    return home() / "backups"


def database_file(db_url: str, action: str) -> Path:
    """The SQLite file of a database URL, or a clear refusal naming `action` (PostgreSQL has
    pg_dump, an in-memory database nothing to keep)."""
    from toolkit.tracker.lock import sqlite_file
    from toolkit.tracker.storage import shown_url

    path = sqlite_file(db_url)
    if path is None:
        raise DomekitError(
            f"{action} works on a SQLite file; {shown_url(db_url)} is not one (for PostgreSQL, "
            "pg_dump and pg_restore: see docs/hosting.md, 'Backups with pg_dump')"
        )
    return path


def back_up(db_url: str, *, to: Path | None = None, why: str = "manual") -> Path:
    """A backup of the database at `to` (default: a new file in the backups folder); its path."""
    source = database_file(db_url, "a backup")
    if not source.is_file():
        raise DomekitError(f"{source}: no such database file to back up")
    target = to if to is not None else _new_name(backup_folder(), source.stem, why)
    if target.exists():
        raise DomekitError(f"{target} already exists: give another --out")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DomekitError(f"cannot make the folder {target.parent}: {exc.strerror}") from None
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        _copy(_connect(source, read_only=True), sqlite3.connect(temporary), one_file=True)
        _sync(temporary)
        os.replace(temporary, target)
        _sync(target.parent)
    except sqlite3.Error as exc:
        raise DomekitError(f"{source}: cannot be backed up ({exc})") from None
    except OSError as exc:
        raise DomekitError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        temporary.unlink(missing_ok=True)
    return target


def restore(backup: Path, db_url: str) -> Path | None:
    """Put `backup` back as the database; the backup of the database as it was (None when
    there was none)."""
    from toolkit.tracker.lock import lock_database

    target = database_file(db_url, "restore")
    check_database(backup)
    try:
        lock = lock_database(db_url)
    except DomekitError as exc:
        raise DomekitError(f"not restored: {exc}") from None
    try:
        before = None
        if target.exists() and target.stat().st_size > 0:
            check_database(target)  # never overwrite a file that is not a tracker's
            before = back_up(db_url, why="before-restore")
        try:
            source, into = _connect(backup, read_only=True), _connect(target, read_only=False)
            _copy(source, into, one_file=False)
        except sqlite3.Error as exc:
            raise DomekitError(f"{target}: not restored ({exc}); it is as it was") from None
        return before
    finally:
        if lock is not None:
            lock.release()


def check_database(path: Path) -> None:
    """A DomekitError naming the file unless it is a whole SQLite database holding the
    tracker's tables and their columns."""
    from toolkit.tracker.storage import metadata

    if not path.is_file():
        raise DomekitError(f"{path}: no such file")
    try:
        connection = _connect(path, read_only=True)
        try:
            check = connection.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                raise DomekitError(f"{path}: the database is damaged ({check[0][0]})")
            for table in metadata.sorted_tables:
                found = {row[1] for row in connection.execute(f"PRAGMA table_info({table.name})")}
                missing = [column.name for column in table.columns if column.name not in found]
                if not found or missing:
                    what = f"table {table.name!r}" if not found else f"{table.name}.{missing[0]}"
                    raise DomekitError(f"{path}: not a Domekit tracker database (no {what})")
        finally:
            connection.close()
    except sqlite3.Error as exc:
        raise DomekitError(f"{path}: not a SQLite database ({exc})") from None


def prune(folder: Path, stem: str, keep: int) -> list[Path]:
    """Delete all but the newest `keep` automatic backups of the database `stem`; the deleted."""
    found = sorted(_automatic(folder, stem), key=lambda path: path.name)
    gone = found[: max(len(found) - keep, 0)]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


class Keeper:
    """The server's automatic backups of one SQLite database (a thread of its own)."""

    def __init__(
        self,
        db_url: str,
        keep: int = KEEP_BACKUPS,
        *,
        folder: Path | None = None,
        every: float = DAY,
    ) -> None:
        self.db_url = db_url
        self.file = database_file(db_url, "an automatic backup")
        self.keep = keep
        self.folder = folder if folder is not None else backup_folder()
        self.every = every
        self._committed: queue.SimpleQueue[int | None] = queue.SimpleQueue()
        self._ended: set[int] = set()
        self._thread: threading.Thread | None = None

    def attach(self, service: MatchService) -> Keeper:
        """Back up after the commits that end a match, and daily, from now on."""
        service.listeners.append(self.committed)
        over = _match_over(service)
        self._thread = threading.Thread(
            target=self._run, args=(over,), name="domekit-backups", daemon=True
        )
        self._thread.start()
        return self

    def committed(self, match_id: int, _seq: int, _event: object = None) -> None:
        """An action of the match was committed (the writer's thread: nothing slow here)."""
        self._committed.put(match_id)

    def stop(self) -> None:
        self._committed.put(None)
        if self._thread is not None:
            self._thread.join(30)

    def back_up(self, why: str) -> Path | None:
        """One automatic backup, then the old ones pruned; None (logged) when it failed."""
        try:
            made = back_up(self.db_url, to=_new_name(self.folder, self.file.stem, why))
        except DomekitError as exc:
            _log.error("automatic backup failed: %s", exc)
            return None
        prune(self.folder, self.file.stem, self.keep)
        return made

    def due(self) -> float:
        """When the daily backup is due (time.time()): a day after the newest automatic one."""
        newest = [path.stat().st_mtime for path in _automatic(self.folder, self.file.stem)]
        return max(newest, default=0.0) + self.every

    def _run(self, over: Callable[[int], bool]) -> None:
        for stale in self.folder.glob(f".{self.file.stem}-*.tmp"):
            stale.unlink(missing_ok=True)  # a backup cut short by a stop
        daily = self.due()
        while True:
            if time.time() >= daily:
                # An empty database is not worth a backup: asked again in an hour.
                made = _has_actions(self.file) and self.back_up("daily") is not None
                daily = time.time() + (self.every if made else min(self.every, 3600.0))
            try:
                match_id = self._committed.get(timeout=max(daily - time.time(), 0.01))
            except queue.Empty:
                continue
            if match_id is None:
                return
            if match_id not in self._ended and over(match_id):
                self._ended.add(match_id)
                self.back_up("match-end")


def _match_over(service: MatchService) -> Callable[[int], bool]:
    """Whether a match is over now (its game's door says so), for the keeper's thread."""
    referees: dict[int, Any] = {}

    def over(match_id: int) -> bool:
        try:
            if match_id not in referees:
                match = service.store.match(match_id)
                if match is None:
                    return False
                referees[match_id] = service.referee(service.game_of(match))
            _version, state = service.state(match_id)
            return referees[match_id].over(state) is not None
        except Exception:  # noqa: BLE001 - a backup question never stops the server
            _log.exception("could not tell whether match %s is over", match_id)
            return False

    return over


def _automatic(folder: Path, stem: str) -> list[Path]:
    return [
        path
        for why in AUTOMATIC
        for path in folder.glob(f"{stem}-*-{why}{SUFFIX}")
        if path.name[len(stem) + 1 : len(stem) + 2].isdigit()  # not another stem's, foo-bar
    ]


def _new_name(folder: Path, stem: str, why: str) -> Path:
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"
    path = folder / f"{stem}-{stamp}-{why}{SUFFIX}"
    n = 1
    while path.exists():  # two in one millisecond
        n += 1
        path = folder / f"{stem}-{stamp}.{n}-{why}{SUFFIX}"
    return path


def _connect(path: Path, *, read_only: bool) -> sqlite3.Connection:
    """A connection to a file that must exist (read-only: never creates nor changes it)."""
    mode = "ro" if read_only else "rw"
    if not read_only and not path.exists():
        mode = "rwc"
    return sqlite3.connect(f"file:{quote(str(path))}?mode={mode}", uri=True, timeout=30)


def _copy(source: sqlite3.Connection, target: sqlite3.Connection, *, one_file: bool) -> None:
    """Every page of `source` into `target` in one step (one read transaction of the source,
    one write transaction of the target), then both closed; `one_file`: the target without a
    write-ahead log (a backup file stands alone)."""
    try:
        source.backup(target)
        if one_file:
            target.execute("PRAGMA journal_mode=DELETE")
        if target.execute("PRAGMA quick_check").fetchone() != ("ok",):
            raise sqlite3.DatabaseError("the copy does not read back whole")
    finally:
        source.close()
        target.close()


def _sync(path: Path) -> None:
    """fsync a file or a folder (POSIX; a folder cannot be opened on Windows)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _has_actions(path: Path) -> bool:
    """Whether the database holds any recorded action (an empty one is not worth a backup)."""
    try:
        connection = _connect(path, read_only=True)
        try:
            return connection.execute("SELECT 1 FROM actions LIMIT 1").fetchone() is not None
        finally:
            connection.close()
    except sqlite3.Error:
        return False
