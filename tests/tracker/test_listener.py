"""The LISTEN connection (toolkit/tracker/listener.py) on a real PostgreSQL: another process's
commit is heard at once after a quiet spell; while commits keep coming the socket rests between
reads (a busy process is not woken for each one), and a request reads it at once."""

from __future__ import annotations

import asyncio

import psycopg

from toolkit.tracker import listener as listening
from toolkit.tracker.listener import Listener, conninfo
from toolkit.tracker.notices import CHANNEL, Notice


async def _notify(pg_url: str, payload: str) -> None:
    async with await psycopg.AsyncConnection.connect(conninfo(pg_url), autocommit=True) as conn:
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))


async def _until(condition, seconds: float) -> bool:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


def test_commits_are_heard_at_once_after_a_quiet_spell_and_gathered_while_they_keep_coming(
    pg_url, monkeypatch
):
    rest = 2.0  # long, so that a loaded machine cannot blur it (REST is a fifth of that)
    monkeypatch.setattr(listening, "REST", rest)

    async def run() -> None:
        heard: list[Notice] = []
        listener = Listener(pg_url, heard.append, lambda _listening: None)
        await listener.start()
        try:
            await _notify(pg_url, "5 1")
            assert await _until(lambda: heard == [Notice(5, 1)], rest / 2)  # at once
            await _notify(pg_url, "5 2")  # within the rest: left in the socket for now
            await asyncio.sleep(rest / 4)
            assert heard == [Notice(5, 1)]
            listener.poll()  # a request came in: it reads the socket first
            assert heard == [Notice(5, 1), Notice(5, 2)]
            await _notify(pg_url, "5 3")
            await _notify(pg_url, "5 4")
            # read together once the rest is over, with nobody asking
            assert await _until(lambda: len(heard) == 4, 3 * rest)
            assert heard[2:] == [Notice(5, 3), Notice(5, 4)]
            await asyncio.sleep(rest * 1.5)  # quiet again: the next one is heard at once
            await _notify(pg_url, "5 5")
            assert await _until(lambda: heard[-1] == Notice(5, 5), rest / 2)
        finally:
            await listener.stop()

    asyncio.run(run())
