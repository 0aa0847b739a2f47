"""Live updates: server-sent events per match, sent after commit, resumable by Last-Event-ID.

The event id is the match's log sequence number, so a phone that lost its connection asks for
everything after the last number it saw and misses nothing, from any server process: a stream
reads its events from the broker's memory of each match's latest events when it holds every one
the stream lacks, else from the database's events table. Commits made in this process reach the
broker from the writer's thread; those of other processes through the PostgreSQL listener
(toolkit/tracker/listener.py), with the action each one carries (toolkit/tracker/notices.py).

A commit wakes every stream of its match at once: the first to ask reads the new events from the
database (when the broker's memory lacks them), and the others share that read
(`Broker.events_after`), so an action costs at most one read however many phones follow the
match. Streams are capped: `MAX_STREAMS_PER_KIT` on one kit (its
kit id and view link together) and `MAX_STREAMS` on the server process; one more is refused
(429 for the kit, 503 for the server, each with Retry-After and a message), and the page's
stream tries again later by itself.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from toolkit.tracker.storage import Store

Event = tuple[str, dict[str, Any]]
"""A live event as the events table holds it: its kind and its data."""
RECENT = 32  # events of a match the broker remembers, for the streams to read without the database
RECENT_MATCHES = 4096  # matches it remembers them for (the least recently woken forgotten)

MAX_STREAMS_PER_KIT = 50
"""Live streams open at once on one kit: a table's phones and screens are a dozen."""
MAX_STREAMS = 2000
"""Live streams open at once on one server process, every kit's together."""
RETRY_SECONDS = 30
"""What a refused stream is told to wait (Retry-After)."""
SHARED_READ_SECONDS = 1.0
"""How long one read of a match's new events serves the other streams woken with it."""


@dataclass
class _Tail:
    """A match's events after `after`, as read from the database at `read_at`, ready to send."""

    after: int
    upto: int
    events: list[tuple[int, str]]
    read_at: float


class Broker:
    """Wakes the streams of a match when an action of it was committed, remembers the match's
    latest events, shares their reads, and counts them against the caps."""

    def __init__(self, *, per_kit: int = MAX_STREAMS_PER_KIT, total: int = MAX_STREAMS) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[int, int] = {}
        self._waiters: dict[int, set[asyncio.Future[None]]] = {}
        self._tails: dict[int, _Tail] = {}
        self._reading: dict[int, asyncio.Lock] = {}
        self.per_kit = per_kit
        self.total = total
        self._open: dict[str, int] = {}
        self._open_total = 0
        self._recent: OrderedDict[int, dict[int, Event]] = OrderedDict()  # by match, by seq
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
        """Keep the event among the match's latest, in whatever order they come (this
        process's commit can come before another's earlier one is read from its socket)."""
        recent = self._recent.get(match_id)
        if recent is None:
            recent = self._recent[match_id] = {}
        known = recent.get(seq)
        if known is not None:
            if known != event:
                del self._recent[match_id]  # not the event it had: a log restored from a backup
            return  # known already (this process's commit, and its notification)
        recent[seq] = event
        if len(recent) > RECENT:
            del recent[min(recent)]
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
        if not recent:
            return None
        wanted = range(after + 1, self._latest.get(match_id, 0) + 1)
        if len(wanted) > len(recent) or any(seq not in recent for seq in wanted):
            return None
        return [(seq, *recent[seq]) for seq in wanted]

    def wake_all(self) -> None:
        """Wake every stream to read the events table again, and to ask whether its match is
        still current (on the event loop): notices may have been missed."""
        self.rechecks += 1
        self._tails.clear()
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

    async def events_after(self, store: Store, match_id: int, after: int) -> list[tuple[int, str]]:
        """The match's events after seq `after` as server-sent events (seq, text): one read of
        the database serves every stream that asks within SHARED_READ_SECONDS for no more than
        it holds (on the event loop), and none when the broker remembers them all."""
        remembered = self.recent(match_id, after)
        if remembered is not None:
            return [sent(*event) for event in remembered]
        lock = self._reading.setdefault(match_id, asyncio.Lock())
        async with lock:  # streams woken together wait for the first one's read
            tail = self._tails.get(match_id)
            if (
                tail is None
                or after < tail.after
                or tail.upto < self._latest.get(match_id, 0)
                or time.monotonic() - tail.read_at > SHARED_READ_SECONDS
            ):
                read_at = time.monotonic()
                rows = await run_in_threadpool(store.events_after, match_id, after)
                events = [sent(*row) for row in rows]
                tail = _Tail(after, events[-1][0] if events else after, events, read_at)
                self._tails[match_id] = tail
        return [event for event in tail.events if event[0] > after]

    def forget(self, match_id: int) -> None:
        """Drop what is kept for a match no stream follows any more."""
        if not self._waiters.get(match_id):
            self._tails.pop(match_id, None)
            lock = self._reading.get(match_id)
            if lock is not None and not lock.locked():
                del self._reading[match_id]

    # -- the caps ---------------------------------------------------------------------------

    def admit(self, kit_id: str) -> tuple[int, str] | None:
        """Count a new stream of the kit in, or (status, why) it is refused (on the event loop)."""
        if self._open_total >= self.total:
            return 503, (
                f"this tracker has {self.total} live streams open, the most it serves: the page "
                f"tries again by itself (in {RETRY_SECONDS} s)"
            )
        if self._open.get(kit_id, 0) >= self.per_kit:
            return 429, (
                f"this kit has {self.per_kit} live streams open (its phones, screens and view "
                "link together), the most one kit may hold: close it on a phone that no longer "
                f"needs it; the page tries again by itself (in {RETRY_SECONDS} s)"
            )
        self._open[kit_id] = self._open.get(kit_id, 0) + 1
        self._open_total += 1
        return None

    def release(self, kit_id: str) -> None:
        """A stream of the kit ended (on the event loop)."""
        left = self._open.get(kit_id, 0) - 1
        if left > 0:
            self._open[kit_id] = left
        else:
            self._open.pop(kit_id, None)
        self._open_total = max(self._open_total - 1, 0)

    def open_streams(self, kit_id: str | None = None) -> int:
        """Streams open now: the kit's, or all."""
        return self._open_total if kit_id is None else self._open.get(kit_id, 0)


class LiveStream(StreamingResponse):
    """A stream's response, which tells the broker when it ended, however it ended."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(
            content,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


def sent(seq: int, kind: str, data: dict[str, Any]) -> tuple[int, str]:
    """A logged event as a stream sends it: its seq, and its text with its id."""
    return seq, sse({"kind": kind, "seq": seq, **data}, event_id=seq)


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
    try:
        while True:
            for seq, text in await broker.events_after(store, match_id, last_seq):
                yield text
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
    finally:
        broker.forget(match_id)
