"""The tracker with the test game `tally` (tests/tracker/tally.py) served by uvicorn on a loopback
port, for the page layer's browser tests: `python tests/tracker/page_server.py PORT DB_URL`, or
`serving_tally(folder, port)`, which starts it, yields its base URL and database URL, and stops
it."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent


@contextmanager
def serving_tally(folder: Path, port: int) -> Iterator[tuple[str, str]]:
    """The tally tracker over a fresh database in `folder`: (its base URL, the database URL,
    where `tracker_helpers.new_kit` records kits)."""
    db = f"sqlite:///{folder / 'tracker.sqlite3'}"
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__)), str(port), db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(150):
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the tally tracker did not start")
        yield base, db
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def main() -> None:
    import uvicorn

    sys.path[:0] = [str(HERE), str(HERE.parent)]
    from tracker_helpers import make_app

    port, db = int(sys.argv[1]), sys.argv[2]
    app = make_app(db, sse_max_seconds=600.0, allowed_hosts=["localhost"])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
