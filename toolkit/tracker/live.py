"""Live updates: server-sent events per match, sent after commit, resumable by Last-Event-ID.

The event id is the match's log sequence number, so a phone that lost its connection asks for
everything after the last number it saw and misses nothing, from any server process: a stream
reads its events from the database's events table, and the broker only wakes it. Commits made
in this process reach the broker from the writer's thread; those of other processes through the
PostgreSQL listener (toolkit/tracker/listener.py).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from toolkit.tracker.storage import Store


class Broker:
    """Wakes the streams of a match when an action of it was committed."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[int, int] = {}
        self._waiters: dict[int, set[asyncio.Future[None]]] = {}

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def published(self, match_id: int, seq: int) -> None:
        """Called (from any thread) after a commit."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self.wake, match_id, seq)

    def wake(self, match_id: int, seq: int) -> None:
        """Wake the match's streams (on the event loop): its log reached `seq`, or it moved."""
        self._latest[match_id] = max(seq, self._latest.get(match_id, 0))
        for waiter in self._waiters.pop(match_id, set()):
            if not waiter.done():
                waiter.set_result(None)

    def wake_all(self) -> None:
        """Wake every stream to read the events table again (on the event loop)."""
        waiting, self._waiters = self._waiters, {}
        for waiters in waiting.values():
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(None)

    async def wait(self, match_id: int, seen: int, timeout: float) -> bool:
        """Until something newer than `seen` is committed (True) or `timeout` passes (False)."""
        if self._latest.get(match_id, 0) > seen:
            return True
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(match_id, set()).add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            self._waiters.get(match_id, set()).discard(waiter)


def sse(data: dict[str, Any], *, event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n"


async def match_stream(
    store: Store,
    broker: Broker,
    match_id: int,
    last_seq: int,
    *,
    still_current: Callable[[], Awaitable[bool]],
    disconnected: Callable[[], Awaitable[bool]],
    max_seconds: float,
    keepalive: float = 15.0,
) -> AsyncIterator[str]:
    """The event stream of one match from `last_seq` on; a `reload` event when the kit moved on
    to another match. Ends after `max_seconds` (the browser reconnects with Last-Event-ID)."""
    deadline = time.monotonic() + max_seconds
    yield "retry: 1000\n\n"
    while True:
        for seq, kind, data in await run_in_threadpool(store.events_after, match_id, last_seq):
            yield sse({"kind": kind, "seq": seq, **data}, event_id=seq)
            last_seq = seq
        if not await still_current():
            yield sse({"kind": "reload"})
            return
        left = deadline - time.monotonic()
        if left <= 0 or await disconnected():
            return
        if not await broker.wait(match_id, last_seq, min(keepalive, left)):
            yield ": keepalive\n\n"
