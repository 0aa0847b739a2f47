"""Live streams: an event costs a stream no question to the database about its kit (whether the
match is still current is asked when the stream starts, when a kit moved on, when notices may
have been missed, and at a keepalive), and a stream is still told at once when its kit moves on
to another match: from this process, from another one on PostgreSQL, or after notices were
missed."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time

import pytest
from fastapi.testclient import TestClient
from tracker_helpers import make_app, new_kit

STREAMS = 3
ACTIONS = 12
STREAM_SECONDS = 4.0


def _add(client: TestClient, kit: str, amount: int) -> int:
    reply = client.post(
        f"/k/{kit}/act",
        json={
            "action": {"type": "add", "name": "a", "amount": amount},
            "client_action_id": secrets.token_hex(8),
        },
    )
    assert reply.status_code == 200, reply.text
    return int(reply.json()["seq"])


class Streams:
    """`STREAMS` live streams of a kit's current match on one app, each read in a thread until
    the server ends it: the events each one got, and how long it lasted."""

    def __init__(self, client: TestClient, kit: str, after: int) -> None:
        self.texts: list[str] = [""] * STREAMS
        self.seconds: list[float] = [0.0] * STREAMS

        def read(index: int) -> None:
            started = time.monotonic()
            self.texts[index] = client.get(f"/k/{kit}/events?after={after}").text
            self.seconds[index] = time.monotonic() - started

        self._threads = [threading.Thread(target=read, args=(i,)) for i in range(STREAMS)]
        for thread in self._threads:
            thread.start()

    def join(self) -> None:
        for thread in self._threads:
            thread.join(STREAM_SECONDS + 30)
            assert not thread.is_alive(), "a stream did not end"

    def events(self, index: int) -> list[dict]:
        lines = self.texts[index].splitlines()
        return [json.loads(line[6:]) for line in lines if line.startswith("data: ")]


def _count_kit_reads(client: TestClient) -> list[str]:
    """Every time the app asks its store for a kit row (cached or not), from now on."""
    store = client.app.state.store
    asked: list[str] = []
    kit = store.kit

    def counted(**which: str | None):
        asked.append(str(which))
        return kit(**which)

    store.kit = counted
    return asked


def _wait_for_streams(client: TestClient, count: int) -> None:
    broker = client.app.state.broker
    deadline = time.monotonic() + 10
    while sum(len(w) for w in broker._waiters.values()) < count:
        assert time.monotonic() < deadline, "the streams did not open"
        time.sleep(0.01)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_events_cost_a_stream_no_kit_read_and_a_kit_moving_on_ends_every_stream(
    database, db_url, request
):
    url = request.getfixturevalue("pg_url") if database == "postgresql" else db_url
    with (
        TestClient(make_app(url, sse_max_seconds=STREAM_SECONDS)) as here,
        TestClient(make_app(url, sse_max_seconds=STREAM_SECONDS)) as there,
    ):
        # the streams on `there`; the actions through `here` on PostgreSQL (another process),
        # through `there` too on SQLite (one process serves a file)
        writer = here if database == "postgresql" else there
        kit = new_kit(url)
        match = there.get(f"/k/{kit}/table.json").json()["match"]  # the match in memory
        asked = _count_kit_reads(there)
        for amount in range(ACTIONS):  # what the actions alone ask, without a stream
            _add(writer, kit, amount)
        alone = len(asked)
        streams = Streams(there, kit, ACTIONS)
        _wait_for_streams(there, STREAMS)
        seqs = [_add(writer, kit, amount) for amount in range(ACTIONS)]
        streams.join()
        for index in range(STREAMS):  # every event, once and in order
            assert [e.get("seq") for e in streams.events(index)] == seqs, index
        # each stream read the kit once as it opened and asked once whether its match is
        # current; the events asked nothing more (before: once an event and a stream)
        assert len(asked) - 2 * alone <= 2 * STREAMS, asked

        # the kit moves on (the next match, through the writing app): every stream of the old
        # match is told to reload at once, not at its end or the next keepalive
        streams = Streams(there, kit, 2 * ACTIONS)
        _wait_for_streams(there, STREAMS)
        moved = writer.post(f"/k/{kit}/next-match", json={"match_id": match["id"]})
        assert moved.status_code == 200, moved.text
        streams.join()
        for index in range(STREAMS):
            assert streams.events(index)[-1] == {"kind": "reload"}
            assert streams.seconds[index] < STREAM_SECONDS - 1, streams.seconds


def test_a_stream_asks_again_after_notices_may_have_been_missed(db_url):
    """The listener connected again (what was announced meanwhile is lost): every stream asks
    whether its match is still current, and one whose kit moved on meanwhile reloads."""
    with TestClient(make_app(db_url, sse_max_seconds=STREAM_SECONDS)) as client:
        kit = new_kit(db_url)
        match = client.get(f"/k/{kit}/table.json").json()["match"]
        streams = Streams(client, kit, match["version"])
        _wait_for_streams(client, STREAMS)
        store, broker = client.app.state.store, client.app.state.broker
        # the kit moves on without a word to the broker (as in another process while this one
        # was not listening)
        initial = {"game": "tally", "tallies": {"a": 0, "b": 0}}
        assert store.create_match(kit, 2, initial, after=match["id"]) is not None
        time.sleep(0.5)
        assert all(thread.is_alive() for thread in streams._threads)  # nobody told them
        assert client.portal is not None
        client.portal.call(broker.wake_all)  # what the listener does once it is back
        streams.join()
        for index in range(STREAMS):
            assert streams.events(index)[-1] == {"kind": "reload"}
            assert streams.seconds[index] < STREAM_SECONDS - 1, streams.seconds


def test_a_stream_asks_after_its_phone_and_its_match_only_when_quiet_or_told(db_url):
    """Events flowing cost a stream no question (the connection tells when the phone left);
    a keepalive asks both whether the phone is still there and whether the match is current,
    and a phone gone by then ends the stream."""
    from toolkit.tracker.live import Broker, match_stream
    from toolkit.tracker.storage import Store

    asked = {"current": 0, "there": 0}

    async def still_current() -> bool:
        asked["current"] += 1
        return True

    async def disconnected() -> bool:
        asked["there"] += 1
        return asked["there"] > 1  # there at the first keepalive, gone at the second

    async def run() -> list[str]:
        broker = Broker()
        broker.attach(asyncio.get_running_loop())
        store = Store(db_url)
        stream = match_stream(
            store,
            broker,
            7,
            0,
            still_current=still_current,
            disconnected=disconnected,
            max_seconds=30,
            keepalive=0.3,
        )
        chunks = [await anext(stream)]  # retry: the stream is open
        for seq in range(1, ACTIONS + 1):
            broker.wake(7, seq, ("add", {"text": f"add {seq}", "actor": ""}))
            while f"id: {seq}\n" not in "".join(chunks):
                chunks.append(await anext(stream))
        assert asked == {"current": 1, "there": 0}  # the events asked nothing
        chunks.extend([chunk async for chunk in stream])  # two keepalives, then it ends
        store.close()
        return chunks

    chunks = asyncio.run(asyncio.wait_for(run(), 20))
    assert chunks.count(": keepalive\n\n") == 1
    assert asked == {"current": 2, "there": 2}
