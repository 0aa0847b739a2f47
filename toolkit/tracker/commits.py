"""Waiting for a group commit (toolkit/tracker/storage.py) to end: on the event loop, or by
blocking a thread.

The match service's retry loop (`MatchService._attempts`) is one coroutine that awaits each
commit through the waiter it is given: `asyncio.wrap_future` on the event loop (`submit_async`),
or `Blocking`, which blocks the thread until the commit ends and so never suspends the coroutine:
`run_blocking` runs it to its end in the calling thread (`submit`).
"""

from __future__ import annotations

from collections.abc import Coroutine, Generator
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class Blocking:
    """A commit waited for by blocking the thread: awaiting it never suspends the coroutine."""

    def __init__(self, done: Future[int | None]) -> None:
        self.done = done

    def __await__(self) -> Generator[Any, None, int | None]:
        return self.done.result()
        yield  # a generator: awaitable, though it never yields


def run_blocking(coroutine: Coroutine[Any, None, T]) -> T:
    """Run to its end a coroutine that never suspends (it waits only through `Blocking`)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("a blocking submit suspended")


def wait_quietly(done: Future[int | None]) -> None:
    """Until a commit ends, whatever its outcome (its own submit reports that)."""
    try:
        done.result()
    except Exception:
        pass
