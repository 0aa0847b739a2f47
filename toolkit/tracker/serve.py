"""`domekit serve`: the tracker on uvicorn, in one process (SQLite or PostgreSQL) or in N
worker processes over PostgreSQL (`--workers N`: toolkit/tracker/cluster.py)."""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from toolkit.errors import DomekitError
from toolkit.tracker.backups import KEEP_BACKUPS
from toolkit.tracker.protocol import HEAD_SECONDS, run_uvicorn

MAX_MANIFEST_BYTES = 1_000_000  # a kit manifest is a few kB
BACKLOG = 2048  # uvicorn's default
MAX_KEEP_BACKUPS = 10_000


def print_qr(url: str) -> None:
    """The URL as a QR code in the terminal (phones scan it straight off the laptop screen)."""
    import qrcode  # type: ignore[import-untyped, unused-ignore]

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.make()
    code.print_ascii(out=sys.stdout, invert=True)


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port for uvicorn to serve on; a busy port or an address that is not
    this machine's is one clear DomekitError, found before any URL is printed."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as exc:
        raise DomekitError(f"--host {host!r}: not an address to listen on ({exc})") from None
    listener = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # restart at once after a stop (on Windows it would share the port)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(BACKLOG)  # from here on a phone's connection waits for the server
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            raise DomekitError(
                f"port {port} on {host} is already in use (another `domekit serve`?); stop it "
                "or pick another with --port"
            ) from None
        if exc.errno == errno.EACCES:
            raise DomekitError(f"port {port}: not allowed here; use a port above 1023") from None
        raise DomekitError(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    listener.set_inheritable(True)
    return listener


def kit_warnings(kits_dir: Path, port: int, lan: bool) -> list[str]:
    """`file: why` for each kit manifest in `kits_dir` whose QR codes will not reach this server."""
    from toolkit.network import lan_address, where_qr_codes_lead

    if not kits_dir.is_dir():
        return []
    warnings = []
    here = lan_address()
    for path in sorted(kits_dir.glob("*.kit.json")):
        try:
            if path.stat().st_size > MAX_MANIFEST_BYTES:
                continue
            manifest = json.loads(path.read_text(encoding="utf-8"))
            base_url = manifest.get("base_url") if isinstance(manifest, dict) else None
        except (OSError, ValueError):
            continue  # recording the kits reports the unreadable ones
        if isinstance(base_url, str) and base_url:
            problem = where_qr_codes_lead(base_url, port, lan, here)
            if problem:
                warnings.append(f"{path}: {problem}")
    return warnings


def serve(
    host: str,
    port: int,
    db: str | None,
    lan: bool,
    kits_dir: Path | None,
    *,
    access_log: bool = False,
    as_json: bool = False,
    allowed_hosts: Sequence[str] = (),
    head_seconds: float = HEAD_SECONDS,
    workers: int = 1,
    keep_backups: int | None = None,
) -> None:
    """One process (one writer thread per database), or `workers` processes on one socket over
    PostgreSQL; uvloop and httptools when installed (uvicorn's "auto"); no access log unless
    asked (it costs CPU on every request). Kit manifests are read from `kits_dir`, by default
    Domekit's home (where `domekit kit` writes them). A SQLite file is locked for the server's
    lifetime: a second server on it stops (exit 2), and so does `--workers` above 1 on it; it
    is backed up at every match's end and daily, the last `keep_backups` kept (backups.py)."""
    from toolkit.network import lan_address
    from toolkit.resources import home
    from toolkit.tracker.app import create_app, record_kits
    from toolkit.tracker.backups import Keeper
    from toolkit.tracker.cluster import WorkerOptions, check_workers, run_workers
    from toolkit.tracker.lock import lock_database
    from toolkit.tracker.odds_pool import odds_pool
    from toolkit.tracker.storage import Store, resolve_db_url, shown_url

    if not 0 < port < 65536:
        raise DomekitError(f"--port must be 1 to 65535 (got {port})")
    keep_backups = KEEP_BACKUPS if keep_backups is None else keep_backups
    if not 0 <= keep_backups <= MAX_KEEP_BACKUPS:
        raise DomekitError(f"--keep-backups must be 0 to {MAX_KEEP_BACKUPS} (got {keep_backups})")
    database = resolve_db_url(db)
    check_workers(workers, database)
    if lan:
        host = "0.0.0.0"
    kits_dir = kits_dir if kits_dir is not None else home()
    lock = lock_database(database)  # held until the server stops
    try:
        check_sqlite_file(lock.path if lock is not None else None)
    except DomekitError:
        if lock is not None:
            lock.release()
        raise
    _more_file_descriptors()
    keeper = None
    if workers == 1:
        app = create_app(db, kits_dir=kits_dir, allowed_hosts=allowed_hosts)
        notes = list(app.state.startup_notes)
        if lock is not None and keep_backups:  # a SQLite file
            keeper = Keeper(database, keep_backups).attach(app.state.service)
    else:  # the kits are recorded once, here; each worker builds its own app
        store = Store(database)
        try:
            notes = record_kits(store, kits_dir)
        finally:
            store.close()
    listener = listen_socket(host, port)
    shown = lan_address() if lan else host
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    warnings = kit_warnings(kits_dir, port, lan)
    if as_json:
        report = {
            "url": url,
            "host": host,
            "port": port,
            "lan": lan,
            "database": shown_url(database),
            "kits": str(kits_dir),
            "workers": workers,
            "backups": str(keeper.folder) if keeper is not None else None,
            "notes": notes,
            "warnings": warnings,
        }
        print(json.dumps(report, indent=2), flush=True)
    else:
        for note in notes:
            print(note)
        print(f"database: {shown_url(database)}")
        print(f"kits: {kits_dir}")
        if workers > 1:
            print(f"workers: {workers} processes on one socket")
        if keeper is not None:
            print(f"backups: {keeper.folder} (each match's end and daily, the last {keep_backups})")
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if lan:
            print(f"tracker on the local network: {url}")
            print_qr(url)
        else:
            print(f"tracker: {url}")
        sys.stdout.flush()
    try:
        if workers == 1:
            odds_pool().start()  # its workers load the games meanwhile
            # Everything loaded so far lives as long as the server: keep it out of the garbage
            # collector's full passes, which otherwise grow with it and stall requests.
            gc.collect()
            gc.freeze()
            run_uvicorn(app, listener, host, port, access_log, head_seconds)
        else:
            options = WorkerOptions(
                database, host, port, tuple(allowed_hosts), access_log, head_seconds
            )
            run_workers(listener, options, workers)
    finally:
        listener.close()
        if keeper is not None:
            keeper.stop()
        if lock is not None:
            lock.release()


def check_sqlite_file(path: Path | None) -> None:
    """DomekitError (exit 2, one line naming the file) when the SQLite file is damaged, as
    SQLite's own quick check finds it (every page read once: a second or so for a large file),
    before the server reads or writes it."""
    import sqlite3

    if path is None or not path.is_file() or path.stat().st_size == 0:
        return
    try:
        with contextlib.closing(sqlite3.connect(path)) as conn:
            found = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
    except sqlite3.Error as exc:
        found = [str(exc)]
    if found != ["ok"]:
        problem = "; ".join(" ".join(str(line).split()) for line in found)
        raise DomekitError(
            f"the database file {path} is damaged ({problem}): restore it from a backup or "
            "give another --db; the server did not start and changed nothing"
        )


def _more_file_descriptors() -> None:
    """Every connection is a file descriptor: raise the soft limit to the hard one (POSIX), so
    a crowd of phones (or of half-open sockets, until their deadline) does not exhaust it."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (OSError, ValueError):
            pass
