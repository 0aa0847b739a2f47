"""`domekit serve --workers N`: N server processes on one listening socket, over PostgreSQL.

The parent process binds the port (serve.listen_socket: a busy port is one line, exit 2), records
the kits once, then starts N worker processes. Each is a fresh interpreter (multiprocessing's
"spawn", the same on Linux, macOS and Windows) that builds its own tracker app (its own database
pool, group-commit writer and LISTEN connection: toolkit/tracker/listener.py) and serves the
inherited socket with one uvicorn server; the operating system hands each new connection to one
of them, which hands it on to the worker that owns the kit its first request names
(toolkit/tracker/handoff.py: a table's phones and screen on one process). Every worker can answer
every kit: the database is the only thing they share (a commit on one wakes the live streams on
all through PostgreSQL's NOTIFY).

The parent only supervises. A worker that dies (a crash, the OOM killer, a SIGKILL) is replaced,
after a pause that grows while replacements keep dying young; the others serve on meanwhile and
its phones reconnect to them (a page resends what got no answer, with the same action id, so
nothing is recorded twice). SIGTERM or SIGINT (Ctrl-C) stops every worker, each finishing its
requests for up to 2 s.

Why not uvicorn's own `--workers`: it loads the app in each child from an import string with its
options read again from the command line or the environment, so each child would record the kits
again and the one-process server's checks and start-up lines would be done twice over; here the
options travel as one small picklable value, and `serve` keeps one code path for 1 or N.
"""

from __future__ import annotations

import gc
import multiprocessing
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from typing import Any

from toolkit.errors import DomekitError

MAX_WORKERS = 64
YOUNG = 10.0  # seconds: a worker that dies sooner is replaced only after a pause
PAUSES = (0.0, 1.0, 2.0, 5.0, 10.0, 30.0)  # seconds before replacing the nth young death in a row
READY_SECONDS = 120.0  # for every worker to build its app at start (a busy 2-core machine: ~2 s)
STOP_SECONDS = 5.0  # for a worker to finish after SIGTERM before it is killed


@dataclass(frozen=True)
class WorkerOptions:
    """What a worker needs to build and serve the tracker (sent to it pickled)."""

    db: str
    host: str
    port: int
    allowed_hosts: tuple[str, ...]
    access_log: bool
    head_seconds: float
    handoff_folder: str | None = None  # where the workers hand each other connections


def is_postgresql(db_url: str) -> bool:
    return db_url.split(":", 1)[0].split("+", 1)[0] == "postgresql"


def check_workers(workers: int, db_url: str) -> None:
    """DomekitError (exit 2) unless `workers` server processes may serve this database."""
    if not 1 <= workers <= MAX_WORKERS:
        raise DomekitError(f"--workers must be 1 to {MAX_WORKERS} (got {workers})")
    if workers > 1 and not is_postgresql(db_url):
        raise DomekitError(
            f"--workers {workers} needs a PostgreSQL database (--db postgresql+psycopg://...): "
            "a SQLite file is served by one process (a second one refuses to start), and only "
            "PostgreSQL tells every process of each commit. Use --workers 1 with this --db."
        )


def _worker(
    options: WorkerOptions, listener: socket.socket, index: int, count: int, ready: Any
) -> None:
    """A worker process's life: build the app, say so, serve until told to stop."""
    from toolkit.tracker.app import create_app
    from toolkit.tracker.handoff import Handoff
    from toolkit.tracker.protocol import run_uvicorn

    try:
        app = create_app(options.db, allowed_hosts=options.allowed_hosts)
    except DomekitError as exc:
        print(f"error: worker {index}: {exc}", file=sys.stderr, flush=True)
        sys.exit(2)
    folder = options.handoff_folder
    handoff = None if folder is None else Handoff(folder, index, count)  # its inbox bound
    ready.put(index)
    gc.collect()
    gc.freeze()  # see serve.serve
    run_uvicorn(
        app,
        listener,
        options.host,
        options.port,
        options.access_log,
        options.head_seconds,
        handoff,
    )


class Supervisor:
    """N workers on one socket, each replaced when it dies, all stopped on SIGTERM or SIGINT."""

    def __init__(self, listener: socket.socket, options: WorkerOptions, count: int) -> None:
        self.listener = listener
        self.options = options
        self.count = count
        self._context = multiprocessing.get_context("spawn")
        self._ready = self._context.Queue()
        self.workers: dict[int, BaseProcess] = {}
        self._born: dict[int, float] = {}
        self._young_deaths: dict[int, int] = {}
        self._stop = threading.Event()

    def _start(self, index: int) -> None:
        process = self._context.Process(
            target=_worker,
            args=(self.options, self.listener, index, self.count, self._ready),
            name=f"domekit-worker-{index}",
        )
        process.start()
        self.workers[index] = process
        self._born[index] = time.monotonic()

    def run(self) -> None:
        previous = {
            signum: signal.signal(signum, lambda *_: self._stop.set())
            for signum in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            for index in range(self.count):
                self._start(index)
            self._await_ready()
            while not self._stop.is_set():
                wait([p.sentinel for p in self.workers.values()], timeout=0.5)
                for index, process in list(self.workers.items()):
                    if not process.is_alive() and not self._stop.is_set():
                        self._replace(index, process)
        finally:
            self._stop_all()
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _await_ready(self) -> None:
        """Until every worker built its app; DomekitError when one could not (its own error
        line is printed above)."""
        waiting = set(self.workers)
        deadline = time.monotonic() + READY_SECONDS
        while waiting and not self._stop.is_set():
            for index in list(waiting):
                process = self.workers[index]
                if not process.is_alive() and process.exitcode is not None:
                    raise DomekitError(
                        f"server worker {index} could not start (exit code {process.exitcode})"
                    )
            try:
                waiting.discard(self._ready.get(timeout=0.2))
            except Exception:  # queue.Empty
                if time.monotonic() > deadline:
                    raise DomekitError(
                        f"server workers {sorted(waiting)} did not start within {READY_SECONDS:g} s"
                    ) from None

    def _replace(self, index: int, process: BaseProcess) -> None:
        lived = time.monotonic() - self._born[index]
        young = self._young_deaths.get(index, 0) + 1 if lived < YOUNG else 0
        self._young_deaths[index] = young
        pause = PAUSES[min(young, len(PAUSES) - 1)]
        how = _how_it_ended(process.exitcode)
        print(
            f"domekit serve: worker {index} (pid {process.pid}) {how} after {lived:.0f} s; "
            f"starting another{f' in {pause:g} s' if pause else ''}",
            file=sys.stderr,
            flush=True,
        )
        if pause and self._stop.wait(pause):
            return
        self._start(index)

    def _stop_all(self) -> None:
        for process in self.workers.values():
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes its requests, then exits
        deadline = time.monotonic() + STOP_SECONDS
        for process in self.workers.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(1.0)


def _how_it_ended(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"was stopped by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was stopped by signal {-exitcode}"
    return f"exited with code {exitcode}"


def run_workers(listener: socket.socket, options: WorkerOptions, count: int) -> None:
    """Serve with `count` worker processes until SIGTERM or SIGINT (see the module's text);
    each kit's connections on one of them (toolkit/tracker/handoff.py) where the platform can
    pass a socket between processes."""
    from toolkit.tracker.handoff import supported

    if not supported():
        Supervisor(listener, options, count).run()
        return
    folder = tempfile.mkdtemp(prefix="domekit-workers-")
    try:
        Supervisor(listener, replace(options, handoff_folder=folder), count).run()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
