"""Commits of other server processes: one LISTEN connection per process on PostgreSQL.

Every batch commit announces each of its actions in its own transaction, and a kit moving on to
its next match that it did (toolkit/tracker/notices.py); PostgreSQL delivers them to every
listening connection once that transaction commits. Each server process holds one such
connection (psycopg's, its socket read by libpq on the event loop that serves the live streams):
the match service keeps each announced action for the match it holds in memory (applied at its
next use, without reading the log), and the match's streams wake. The streams send what is new
from the broker's memory when it holds every event they lack, else from the events table, and
memory is checked against the database whenever a notification may have been missed, so one
lost costs only time: after a lost connection the listener connects again and wakes every
stream to read.

Every process hears every commit, so a process woken for each one did more for every process
added. The socket is read at once when it has been quiet, and then rests for `REST` seconds
(what arrives meanwhile is read in one go when it ends), so a busy process wakes for the
notifications at most 1 / REST times a second however many commits there are; before each
request (`HearFirst`) and each attempt of a write (`MatchService.hear`), when the process is
awake anyway, it is read too. A live event from another process waits at most `REST` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import select
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from sqlalchemy.engine import make_url

from toolkit.errors import DomekitError
from toolkit.tracker.live import Broker
from toolkit.tracker.matches import MatchService
from toolkit.tracker.notices import CHANNEL, Notice, read

log = logging.getLogger("domekit.listener")

HEARTBEAT = 5.0  # seconds without a notification after which the connection is checked
READS = 4  # reads of the socket at most at once, while more keeps coming
REST = 0.2  # seconds the socket is left unread after a read that found notifications
RECONNECT = (0.1, 0.2, 0.5, 1.0, 2.0)  # seconds between attempts to connect again, then 2 s


def conninfo(db_url: str) -> str:
    """A libpq connection URI from a SQLAlchemy `postgresql+psycopg://` URL."""
    return make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """LISTEN on the commits channel for as long as the server runs: `on_commit(notice)` for
    each notification, `on_listening(True)` once LISTEN is in place (again, after a
    lost connection: notifications sent meanwhile are lost), `on_listening(False)` when the
    connection is lost."""

    def __init__(
        self,
        db_url: str,
        on_commit: Callable[[Notice], None],
        on_listening: Callable[[bool], None],
    ) -> None:
        self._conninfo = conninfo(db_url)
        self._on_commit = on_commit
        self._on_listening = on_listening
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        self._read: Callable[[], object] | None = None  # reads the socket, when it may be read
        self.connections = 0  # how many times it connected (1 when it never lost one)

    def poll(self) -> None:
        """Take in every notification PostgreSQL has sent so far (on the event loop; one recv
        when there is none): before each request, so what it reads or writes is as current as
        the database has said."""
        if self._read is not None:
            self._read()

    async def start(self, timeout: float = 10.0) -> None:
        """Listen from now on: returns once the first LISTEN is in place, so no commit made
        after the server answers its first request goes unannounced."""
        self._task = asyncio.create_task(self._run(), name="domekit-listener")
        try:
            await asyncio.wait_for(self._listening.wait(), timeout)
        except TimeoutError:
            await self.stop()
            raise DomekitError(
                f"cannot LISTEN on the database within {timeout:g} s: live updates from other "
                "server processes would not arrive"
            ) from None

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        import psycopg

        failures = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    if self.connections > 1:
                        log.warning("listening again for other server processes' commits")
                    self._on_listening(True)
                    self._listening.set()
                    failures = 0
                    await self._receive(conn)
            except (psycopg.Error, OSError) as exc:
                self._on_listening(False)
                wait = RECONNECT[min(failures, len(RECONNECT) - 1)]
                failures += 1
                log.warning("lost the LISTEN connection (%s); again in %.1f s", exc, wait)
                await asyncio.sleep(wait)

    async def _receive(self, conn: Any) -> None:
        """Every notification, until the connection is lost (raised), read from the socket by
        libpq itself (a third of the CPU of psycopg's `notifies()`, measured): when it becomes
        readable after a quiet spell, then every `REST` seconds while notifications keep
        coming, and whenever `poll` is called; when nothing came for a while a query checks
        that the connection is still there."""
        loop = asyncio.get_running_loop()
        pgconn, encoding = conn.pgconn, conn.info.encoding
        socket = pgconn.socket
        lost: asyncio.Future[None] = loop.create_future()
        heard = [time.monotonic()]
        resting: list[asyncio.TimerHandle] = []  # the rest under way, if any

        def deliver(payload: str) -> None:
            heard[0] = time.monotonic()
            found = read(payload)
            if found is not None:
                self._on_commit(found)

        def read_socket() -> int:
            """Take in what has arrived; how many notifications that was."""
            if lost.done():
                return 0
            try:
                for _ in range(READS):  # what has come, and an end of the connection behind it
                    pgconn.consume_input()  # (a server shutting down says why, then closes)
                    if not select.select([socket], [], [], 0)[0]:
                        break
            except Exception as exc:  # the connection is gone: say so before a request goes on
                lost.set_exception(exc)
                self._on_listening(False)
                return 0
            count = 0
            while (notify := pgconn.notifies()) is not None:
                deliver(notify.extra.decode(encoding))
                count += 1
            return count

        def readable() -> None:
            if read_socket():  # something came: let more gather before the next read
                loop.remove_reader(socket)
                resting.append(loop.call_later(REST, rested))

        def rested() -> None:
            resting.clear()
            if self._read is None:  # the heartbeat's query reads the socket now
                return
            if read_socket():
                resting.append(loop.call_later(REST, rested))
            else:
                loop.add_reader(socket, readable)

        def quiet() -> None:  # the socket left to psycopg's query
            self._read = None
            for handle in resting:
                handle.cancel()
            resting.clear()
            loop.remove_reader(socket)

        def listen() -> None:
            self._read = read_socket
            loop.add_reader(socket, readable)

        conn.add_notify_handler(lambda notify: deliver(notify.payload))  # met during a query
        listen()
        try:
            while True:
                await asyncio.wait([lost], timeout=HEARTBEAT)
                if lost.done():
                    lost.result()  # raises what lost it
                if time.monotonic() - heard[0] >= HEARTBEAT:
                    quiet()
                    await conn.execute("SELECT 1")  # quiet: is the connection still there?
                    heard[0] = time.monotonic()
                    listen()
        finally:
            quiet()


class HearFirst:
    """ASGI middleware: before each request, the listener takes in what other processes
    committed (`Listener.poll`), so a request never acts on what PostgreSQL has already said
    is old. `listener()` is the running one, None when there is none (SQLite)."""

    def __init__(self, app: Any, listener: Callable[[], Listener | None]) -> None:
        self.app = app
        self.listener = listener

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            listener = self.listener()
            if listener is not None:
                listener.poll()
        await self.app(scope, receive, send)


@contextlib.asynccontextmanager
async def across_processes(service: MatchService, broker: Broker) -> AsyncIterator[Listener | None]:
    """While the server runs: commits of other processes on a PostgreSQL database tell this
    process's memory how far each match's log reached, and what was added to it, and wake its
    streams (a kit moved on there is read afresh here). Nothing on SQLite, which one process
    serves."""
    store = service.store
    if not store.is_postgresql:
        yield None
        return

    def on_commit(notice: Notice) -> None:
        if notice.moved:
            store.forget_kits()
        match_id = notice.match_id
        # read only for a match this process serves: every process hears every commit
        wanted = service.holds(match_id) or broker.follows(match_id)
        action = notice.action() if wanted else None
        service.heard(match_id, notice.seq, action)
        event = None if action is None else action.event()
        broker.wake(match_id, notice.seq, event, moved=notice.moved)

    def on_listening(listening: bool) -> None:
        service.listening(listening)
        store.trust_kits(listening)
        if not listening:  # the LISTEN connection was lost: the database may have gone too
            store.drop_connections()
        if listening:  # what was sent while nobody listened is in the events table
            broker.wake_all()

    listener = Listener(store.url, on_commit, on_listening)
    await listener.start()
    service.hear = listener.poll
    try:
        yield listener
    finally:
        service.hear = lambda: None
        await listener.stop()
        service.listening(False)
        store.trust_kits(False)
