"""uvicorn's HTTP protocol with a deadline on idle and half-sent connections, and a bound on
the bytes and lines of a request head.

uvicorn closes a kept-alive connection `timeout_keep_alive` seconds after its last answer, but
never one that connects and sends nothing, or sends half a request head and stops: thousands of
them stay open until the process runs out of file descriptors and new phones are reset. This
protocol closes a connection that has no request in progress for `head_seconds` (since it
opened, or since its last answer). A request in progress (a live event stream, a body arriving)
is left alone: the body's own deadline is the front door's (toolkit/tracker/guard.py).

httptools reads a request head for as long as it comes, in any size: two connections streaming
header lines took the server from 129 MiB to 2.1 GiB in 8 s, one header value sent in pieces
grew it by 860 MiB. This protocol counts a head's bytes as they arrive and cuts it off at
`MAX_HEAD_BYTES` or `MAX_HEADERS` lines (the front door's, toolkit/tracker/guard.py), answering
431 and closing the connection, before any of it reaches the app. (uvicorn's h11, used where
httptools is missing, bounds a head itself: `h11_max_incomplete_event_size`.)

`run_uvicorn` serves the tracker with it on a bound socket: the one server of `domekit serve`
(serve.py) and of each of its workers (cluster.py). A worker's protocol reads a new connection's
request line first and hands the connection to the worker that owns its kit
(toolkit/tracker/handoff.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from functools import partial
from typing import Any

from toolkit.tracker.guard import HEAD_TOO_LARGE, MAX_HEAD_BYTES, MAX_HEADERS, refusal
from toolkit.tracker.handoff import Handoff

HEAD_SECONDS = 10.0
TICK_SECONDS = 1.0  # uvicorn's own tick (it updates the Date header, and stops)


def http_protocol(
    head_seconds: float = HEAD_SECONDS, handoff: Handoff | None = None
) -> type[asyncio.Protocol]:
    """The protocol class for `uvicorn.run(http=...)`: httptools' when installed, else h11's;
    with `handoff`, a connection whose first request names another worker's kit goes there."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Base

        counts_heads = True
    except ImportError:  # no httptools on this platform: h11 bounds its heads itself
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]

        counts_heads = False

    class TimedProtocol(Base):  # type: ignore[misc, valid-type, unused-ignore]
        _idle_since = 0.0
        _timer: asyncio.TimerHandle | None = None
        # The head being read (httptools): begun and not yet complete, its bytes so far; heads
        # completed and body bytes read (within one `data_received`, to tell them from a head's).
        _in_head = False
        _head_bytes = 0
        _heads_done = 0
        _body_bytes = 0
        # A new connection's bytes until its request line is read (handoff); None once it is
        # being served here (always, without a handoff). `_adopted`: handed by another worker.
        _start: bytearray | None = None
        _adopted = b""

        def data_received(self, data: bytes) -> None:
            if self._start is not None:
                routed = self._route(data)
                if routed is None:
                    return
                data = routed
            if not counts_heads:
                super().data_received(data)
                return
            heads, body = self._heads_done, self._body_bytes
            super().data_received(data)
            if not self._in_head or self.transport.is_closing():
                return
            if self._heads_done == heads:  # no other head ended in `data`: it is this head's
                self._head_bytes += len(data) - (self._body_bytes - body)
            # else this head began after another one's request in `data`: at most one read of
            # it is not counted
            if self._head_bytes > MAX_HEAD_BYTES or len(self.headers) > MAX_HEADERS:
                self._refuse_head()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._in_head = True
            self._head_bytes = 0

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._heads_done += 1
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            self._body_bytes += len(body)
            super().on_body(body)

        def _refuse_head(self) -> None:
            """431 and close; a response under way on this connection (a head pipelined
            behind a live stream) is cut off instead: no answer may be written into it."""
            if self.cycle is None or self.cycle.response_complete:
                headers, body = refusal(HEAD_TOO_LARGE, close=True)
                lines = [b"HTTP/1.1 431 Request Header Fields Too Large"]
                lines += [name + b": " + value for name, value in headers]
                self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n" + body)
            self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._idle_since = self.loop.time()
            self._timer = self.loop.call_later(head_seconds, self._check)
            if self._adopted:  # before anything more is read from the socket
                self.data_received(self._adopted)
            elif handoff is not None:
                self._start = bytearray()

        def _route(self, data: bytes) -> bytes | None:
            """A new connection's bytes: None while its request line is incomplete, or when the
            connection went to the worker that owns its kit; else all of them, to serve here."""
            assert self._start is not None and handoff is not None
            self._start += data
            line_end = self._start.find(b"\r\n")
            if line_end < 0 and len(self._start) <= MAX_HEAD_BYTES:
                return None
            start, self._start = bytes(self._start), None
            to = handoff.where(start[: max(line_end, 0)])
            connection = self.transport.get_extra_info("socket")
            if to is not None and connection is not None and handoff.hand(connection, start, to):
                self.transport.abort()  # this process's descriptor; the owner has its own
                return None
            return start

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._idle_since = self.loop.time()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            super().connection_lost(exc)

        def _check(self) -> None:
            self._timer = None
            if self.transport.is_closing():
                return
            busy = self.cycle is not None and not self.cycle.response_complete
            idle = self.loop.time() - self._idle_since
            if not busy and idle >= head_seconds:
                self.transport.close()
                return
            wait = head_seconds if busy else max(head_seconds - idle, 0.1)
            self._timer = self.loop.call_later(wait, self._check)

    return TimedProtocol


def run_uvicorn(
    app: Any,
    listener: socket.socket,
    host: str,
    port: int,
    access_log: bool,
    head_seconds: float,
    handoff: Handoff | None = None,
) -> None:
    """One uvicorn server on a bound socket until SIGTERM or SIGINT; with `handoff` (a worker
    of several), each kit's connections on the worker that owns it."""
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server ticking once a second, not ten times: its tick only dates the
        responses and looks for a stop, and ten wake-ups a second cost an idle server 5.0 ms
        of CPU a second against 0.7 (benchmarks/tracker_idle.py; every process pays it). A
        stop signal ends the wait at once."""

        _stop: asyncio.Event | None = None

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if handoff is not None:
                handoff.open(asyncio.get_running_loop(), self._adopt)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            if handoff is not None:
                handoff.close(asyncio.get_running_loop())
            await super().shutdown(sockets)

        def _adopt(self, connection: socket.socket, start: bytes) -> None:
            """Serve a connection another worker handed here, from the bytes it had read."""
            config = self.config

            def protocol() -> asyncio.Protocol:
                made = config.http_protocol_class(  # type: ignore[call-arg]
                    config=config, server_state=self.server_state, app_state=self.lifespan.state
                )
                made._adopted = start  # type: ignore[attr-defined]
                return made

            adopting = asyncio.get_running_loop().connect_accepted_socket(protocol, connection)
            task = asyncio.ensure_future(adopting)
            task.add_done_callback(partial(_adopted, connection))

        async def main_loop(self) -> None:
            self._stop = asyncio.Event()
            while not await self.on_tick(0):  # 0: uvicorn's "date the responses now"
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), TICK_SECONDS)

        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            if self._stop is not None:  # the signal runs on the loop's thread, between steps
                self._stop.set()

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        workers=1,
        loop="auto",
        http=http_protocol(head_seconds, handoff),  # httptools when installed; closes idle ones
        access_log=access_log,
        log_level="info" if access_log else "warning",
        timeout_graceful_shutdown=2,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,  # a request head's bytes (h11 only)
        headers=[] if handoff is None else [("X-Domekit-Worker", str(handoff.index))],
    )
    Server(config).run(sockets=[listener])


def _adopted(connection: socket.socket, task: asyncio.Future[Any]) -> None:
    """A handed connection that could not be set up is closed (its phone reconnects)."""
    if task.cancelled() or task.exception() is not None:
        connection.close()
