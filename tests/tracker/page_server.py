"""The tracker with the test game `tally` (tests/tracker/tally.py) served by uvicorn on a loopback
port, for the page layer's browser tests: `python tests/tracker/page_server.py PORT DB_URL`, or
`serving_tally(folder, port)`, which starts it, yields its base URL and database URL, and stops
it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent


@contextmanager
def serving_tally(folder: Path, port: int) -> Iterator[tuple[str, str]]:
    """The tally tracker over a fresh database in `folder`: (its base URL, the database URL,
    where `tracker_helpers.new_kit` records kits)."""
    db = f"sqlite:///{folder / 'tracker.sqlite3'}"
    sys.path.insert(0, str(HERE.parent))
    from kit_browser import running

    command = [sys.executable, str(Path(__file__)), str(port), db]
    with running(command, f"http://127.0.0.1:{port}") as base:
        yield base, db


def main() -> None:
    import uvicorn

    sys.path[:0] = [str(HERE), str(HERE.parent)]
    from tracker_helpers import make_app

    port, db = int(sys.argv[1]), sys.argv[2]
    app = make_app(db, sse_max_seconds=600.0, allowed_hosts=["localhost"])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
