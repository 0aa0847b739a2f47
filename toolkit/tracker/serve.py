"""`domekit serve`: the tracker on uvicorn (one worker: one writer per match lives in memory)."""

from __future__ import annotations

import gc
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from toolkit.errors import DomekitError
from toolkit.tracker.protocol import HEAD_SECONDS


def lan_address() -> str:
    """This machine's address on the local network (for phones at the table), else loopback."""
    try:
        found = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2)
        for address in found.stdout.split():
            if "." in address and not address.startswith("127."):
                return address
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    return "127.0.0.1"


def print_qr(url: str) -> None:
    """The URL as a QR code in the terminal (phones scan it straight off the laptop screen)."""
    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.make()
    code.print_ascii(out=sys.stdout, invert=True)


def serve(
    host: str,
    port: int,
    db: str | None,
    lan: bool,
    kits_dir: Path,
    *,
    access_log: bool = False,
    allowed_hosts: Sequence[str] = (),
    head_seconds: float = HEAD_SECONDS,
) -> None:
    """One worker (one writer thread per database in one process); uvloop and httptools when
    installed (uvicorn's "auto"); no access log unless asked (it costs CPU on every request).
    A SQLite file is locked for the server's lifetime: a second server on it stops (exit 2)."""
    import uvicorn

    from toolkit.tracker.app import create_app
    from toolkit.tracker.lock import lock_database
    from toolkit.tracker.protocol import http_protocol
    from toolkit.tracker.storage import resolve_db_url

    if not 0 < port < 65536:
        raise DomekitError(f"--port must be 1 to 65535 (got {port})")
    if lan:
        host = "0.0.0.0"
    lock = lock_database(resolve_db_url(db))  # held until the server stops
    _more_file_descriptors()
    app = create_app(db, kits_dir=kits_dir, allowed_hosts=allowed_hosts)
    for note in app.state.startup_notes:
        print(note)
    print(f"database: {resolve_db_url(db)}")
    if lan:
        url = f"http://{lan_address()}:{port}/"
        print(f"tracker on the local network: {url}")
        print_qr(url)
    else:
        print(f"tracker: http://{host}:{port}/")
    # Everything loaded so far lives as long as the server: keep it out of the garbage
    # collector's full passes, which otherwise grow with it and stall requests.
    gc.collect()
    gc.freeze()
    uvicorn.run(
        app,
        host=host,
        port=port,
        workers=1,
        loop="auto",
        http=http_protocol(head_seconds),  # httptools when installed; closes idle connections
        access_log=access_log,
        log_level="info" if access_log else "warning",
        timeout_graceful_shutdown=2,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=16 * 1024,  # a request head's bytes (h11 only)
    )
    if lock is not None:
        lock.release()


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
