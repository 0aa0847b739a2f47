"""uvicorn's HTTP protocol with a deadline on idle and half-sent connections.

uvicorn closes a kept-alive connection `timeout_keep_alive` seconds after its last answer, but
never one that connects and sends nothing, or sends half a request head and stops: thousands of
them stay open until the process runs out of file descriptors and new phones are reset. This
protocol closes a connection that has no request in progress for `head_seconds` (since it
opened, or since its last answer). A request in progress (a live event stream, a body arriving)
is left alone: the body's own deadline is the front door's (toolkit/tracker/guard.py).

`run_uvicorn` serves the tracker with it on a bound socket: the one server of `domekit serve`
(serve.py) and of each of its workers (cluster.py).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

HEAD_SECONDS = 10.0


def http_protocol(head_seconds: float = HEAD_SECONDS) -> type[asyncio.Protocol]:
    """The protocol class for `uvicorn.run(http=...)`: httptools' when installed, else h11's."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Base
    except ImportError:  # no httptools on this platform
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]

    class TimedProtocol(Base):  # type: ignore[misc, valid-type, unused-ignore]
        _idle_since = 0.0
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._idle_since = self.loop.time()
            self._timer = self.loop.call_later(head_seconds, self._check)

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
) -> None:
    """One uvicorn server on a bound socket until SIGTERM or SIGINT."""
    import uvicorn

    config = uvicorn.Config(
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
    uvicorn.Server(config).run(sockets=[listener])
