"""Live updates: server-sent events per match, sent after commit, resumable by Last-Event-ID.

The event id is the match's log sequence number, so a phone that lost its connection asks for
everything after the last number it saw and misses nothing, from any server process: a stream
reads its events from the database's events table, or from the broker's memory of each match's
latest events when it holds every one the stream lacks. Commits made in this process reach the
broker from the writer's thread; those of other processes through the PostgreSQL listener
(toolkit/tracker/listener.py), with the action each one carries (toolkit/tracker/notices.py).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool

from toolkit.tracker.storage import Store

Event = tuple[str, dict[str, Any]]
"""A live event as the events table holds it: its kind and its data."""
RECENT = 32  # events of a match the broker remembers, for the streams to read without the database
RECENT_MATCHES = 4096  # matches it remembers them for (the least recently woken forgotten)


class Broker:
    """Wakes the streams of a match when an action of it was committed, and remembers the
    match's latest events."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[int, int] = {}
        self._waiters: dict[int, set[asyncio.Future[None]]] = {}
        self._recent: OrderedDict[int, list[tuple[int, str, dict[str, Any]]]] = OrderedDict()
        self.rechecks = 0  # kits moved on, or notices maybe missed, since the server started

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def published(self, match_id: int, seq: int, event: Event | None = None) -> None:
        """Called (from any thread) after a commit of this process, with the event it made; with
        none when the match's kit moved on to another match."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(partial(self.wake, match_id, seq, event, moved=event is None))

    def wake(
        self, match_id: int, seq: int, event: Event | None = None, *, moved: bool = False
    ) -> None:
        """Wake the match's streams (on the event loop): its log reached `seq` (with `event`,
        when known), or its kit `moved` on to another match (every stream then asks once
        whether its match is still current: `rechecks`)."""
        if moved:
            self.rechecks += 1
        if event is not None:
            self._remember(match_id, seq, event)
        self._latest[match_id] = max(seq, self._latest.get(match_id, 0))
        for waiter in self._waiters.pop(match_id, set()):
            if not waiter.done():
                waiter.set_result(None)

    def _remember(self, match_id: int, seq: int, event: Event) -> None:
        recent = self._recent.get(match_id)
        if recent is not None and seq <= recent[-1][0]:
            if seq >= recent[0][0] and recent[seq - recent[0][0]][1:] != event:
                del self._recent[match_id]  # not the event it had: a log restored from a backup
            return  # known already (this process's commit, and its notification), or older
        if recent is None or seq != recent[-1][0] + 1:  # the first, or after a gap: anew
            recent = self._recent[match_id] = []
        recent.append((seq, *event))
        del recent[:-RECENT]
        self._recent.move_to_end(match_id)
        if len(self._recent) > RECENT_MATCHES:
            self._recent.popitem(last=False)

    def follows(self, match_id: int) -> bool:
        """Whether a stream of the match waits here, or its latest events are remembered."""
        return match_id in self._waiters or match_id in self._recent

    def recent(self, match_id: int, after: int) -> list[tuple[int, str, dict[str, Any]]] | None:
        """The match's events after seq `after` from memory, when it holds every one up to
        the latest this process heard of; None otherwise (the events table has them)."""
        recent = self._recent.get(match_id)
        if not recent or recent[-1][0] != self._latest.get(match_id) or recent[0][0] > after + 1:
            return None
        return [event for event in recent if event[0] > after]

    def wake_all(self) -> None:
        """Wake every stream to read the events table again, and to ask whether its match is
        still current (on the event loop): notices may have been missed."""
        self.rechecks += 1
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
    to another match. Ends after `max_seconds` (the browser reconnects with Last-Event-ID).

    Whether the match is still current is asked when the stream starts, when a kit moved on or
    notices may have been missed (the broker's `rechecks`) and at each keepalive: a match that
    stopped being current never becomes so again, so an event alone never asks it. Whether the
    phone is still there is asked at each keepalive too: while events flow, the server learns it
    from the connection (Starlette ends a stream whose client went away; a send to it fails)."""
    deadline = time.monotonic() + max_seconds
    yield "retry: 1000\n\n"
    checked: int | None = None  # the broker's rechecks when the stream last asked
    while True:
        events = broker.recent(match_id, last_seq)
        if events is None:
            events = await run_in_threadpool(store.events_after, match_id, last_seq)
        for seq, kind, data in events:
            yield sse({"kind": kind, "seq": seq, **data}, event_id=seq)
            last_seq = seq
        if checked != broker.rechecks:
            checked = broker.rechecks  # before asking: a move heard meanwhile asks again
            if not await still_current():
                yield sse({"kind": "reload"})
                return
        left = deadline - time.monotonic()
        if left <= 0:
            return
        if not await broker.wait(match_id, last_seq, min(keepalive, left)):
            if time.monotonic() >= deadline or await disconnected():
                return  # nothing new: the browser reconnects with Last-Event-ID
            checked = None  # quiet for a keepalive: ask again, whatever was heard
            yield ": keepalive\n\n"
