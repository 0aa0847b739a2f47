"""`serve --workers N`: every connection of a kit served by one worker, its owner.

The kernel hands each new connection on the shared socket to any worker. A table's four phones
and its screen would then land on four processes, each of which hears every commit of the match,
applies it to its own copy and wakes its own streams: the CPU an action grows with the processes
(benchmarks/tracker_cluster.py: about 1.3 times one process's with four, against 1.1 when a
table's requests all go to one). So a worker reads a new connection's request line before
anything else and, when it names a kit (`/k/<kit id>/...`, or a view link `/v/<token>/...`)
that another worker owns, hands the connection to that worker: the socket itself, through a
Unix datagram socket (SCM_RIGHTS), with the bytes already read; the owner serves it as though it
had accepted it. Only a connection's first request is routed; a kept-alive connection stays
where it is. The owner of a kit is a hash of its id (or token) modulo N, the same in every
worker and for every worker that replaces one.

Routing is an optimisation, never needed for correctness: every worker can serve every kit, so
a connection that cannot be handed (the owner is being replaced, its queue is full, a start
longer than `MAX_HANDED` bytes) is served where it arrived.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import os
import re
import socket
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

MAX_HANDED = 64 * 1024  # bytes of a connection's start sent with it; more: served where it is
KIT_LINE = re.compile(rb"[A-Z]{1,10} /[kv]/([A-Za-z0-9_-]{1,200})(?:[/?# ]|$)")

Adopt = Callable[[socket.socket, bytes], None]


class Connection(Protocol):
    def fileno(self) -> int: ...


def supported() -> bool:
    """Whether this platform passes sockets between processes (not Windows)."""
    return hasattr(socket, "AF_UNIX") and hasattr(socket, "SCM_RIGHTS")


def owner(key: bytes, count: int) -> int:
    """The worker that serves a kit id's (or a view token's) connections."""
    return zlib.crc32(key) % count


def kit_key(request_line: bytes) -> bytes | None:
    """The kit id or view token a request line names, if any."""
    found = KIT_LINE.match(request_line)
    return found.group(1) if found else None


class Handoff:
    """One worker's end: hands connections to the other workers and adopts theirs. Its inbox
    is bound when it is made, before the worker says it is ready: what the others hand it
    before its server runs waits there."""

    def __init__(self, folder: str, index: int, count: int) -> None:
        self.folder = Path(folder)
        self.index = index
        self.count = count
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._out.setblocking(False)
        path = self.path(index)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # the socket of the worker this one replaces
        inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        inbox.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 * MAX_HANDED)
        inbox.bind(path)
        inbox.setblocking(False)
        self._in: socket.socket | None = inbox

    def path(self, index: int) -> str:
        return str(self.folder / f"worker{index}.sock")

    def open(self, loop: asyncio.AbstractEventLoop, adopt: Adopt) -> None:
        """Receive connections handed to this worker: `adopt(socket, bytes read)` each."""
        if self._in is not None:
            loop.add_reader(self._in.fileno(), self._receive, adopt)

    def close(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._in is not None:
            loop.remove_reader(self._in.fileno())
            self._in.close()
            self._in = None
        self._out.close()

    def where(self, request_line: bytes) -> int | None:
        """The other worker that owns the kit a request line names; None to serve it here."""
        key = kit_key(request_line)
        if key is None:
            return None
        to = owner(key, self.count)
        return None if to == self.index else to

    def hand(self, connection: Connection, start: bytes, to: int) -> bool:
        """Send a connection and its first bytes to worker `to`; False when it cannot take it
        now (then serve it here)."""
        if len(start) > MAX_HANDED:
            return False
        rights = array.array("i", [connection.fileno()])
        try:
            self._out.sendmsg(
                [start], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, rights)], 0, self.path(to)
            )
        except OSError:  # no such worker at the moment, or its queue is full
            return False
        return True

    def _receive(self, adopt: Adopt) -> None:
        inbox = self._in
        if inbox is None:
            return
        space = socket.CMSG_SPACE(rights_size := array.array("i").itemsize)
        while True:
            try:
                start, ancillary, flags, _ = inbox.recvmsg(MAX_HANDED, space)
            except OSError:  # nothing more to take (BlockingIOError), or the inbox closed
                return
            fds = array.array("i")
            for level, kind, data in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    fds.frombytes(data[: len(data) - len(data) % rights_size])
            if not fds:
                continue
            for extra in fds[1:]:
                os.close(extra)
            connection = socket.socket(fileno=fds[0])
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                connection.close()  # not a start this module sent
                continue
            connection.setblocking(False)
            adopt(connection, start)
