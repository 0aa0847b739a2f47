"""`domekit serve`: the tracker on uvicorn (one worker: one writer per match lives in memory)."""

from __future__ import annotations

import gc
import socket
import subprocess
import sys
from pathlib import Path

from toolkit.errors import DomekitError


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
    host: str, port: int, db: str | None, lan: bool, kits_dir: Path, *, access_log: bool = False
) -> None:
    """One worker (one writer thread per database in one process); uvloop and httptools when
    installed (uvicorn's "auto"); no access log unless asked (it costs CPU on every request)."""
    import uvicorn

    from toolkit.tracker.app import create_app
    from toolkit.tracker.storage import resolve_db_url

    if not 0 < port < 65536:
        raise DomekitError(f"--port must be 1 to 65535 (got {port})")
    if lan:
        host = "0.0.0.0"
    app = create_app(db, kits_dir=kits_dir)
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
        http="auto",
        access_log=access_log,
        log_level="info" if access_log else "warning",
        timeout_graceful_shutdown=2,
    )
