"""What a commit tells the other server processes: the action itself, so a process that holds the
match applies it without reading the log (a pointer when it does not fit in a notification, and
then the log is read); the live streams read a match's latest events from memory too. Two
tracker apps in this process on one PostgreSQL database, each with its own LISTEN connection,
as two `domekit serve` processes are."""

from __future__ import annotations

import secrets
import time

from fastapi.testclient import TestClient
from tracker_helpers import make_app, new_kit

from toolkit.tracker.live import RECENT, Broker


def _add(client: TestClient, kit: str, amount: int, **extra: str) -> dict:
    action = {"type": "add", "name": "a", "amount": amount, **extra}
    reply = client.post(
        f"/k/{kit}/act", json={"action": action, "client_action_id": secrets.token_hex(8)}
    )
    assert reply.status_code == 200, reply.text
    return reply.json()


def _until(condition, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def test_another_process_applies_announced_actions_without_reading_the_log(pg_url):
    with (
        TestClient(make_app(pg_url), base_url="http://table.local") as here,
        TestClient(make_app(pg_url), base_url="http://table.local") as there,
    ):
        kit = new_kit(pg_url)
        _add(here, kit, 1)
        assert there.get(f"/k/{kit}/table.json").json()["match"]["version"] == 1  # read once
        store = there.app.state.store
        reads: list[int] = []
        read_log = store.actions

        def counted(match_id: int, **options):
            reads.append(match_id)
            return read_log(match_id, **options)

        store.actions = counted
        service = there.app.state.service
        match_id = here.get(f"/k/{kit}/table.json").json()["match"]["id"]
        for amount in range(2, 12):
            last = _add(here, kit, amount)["seq"]
        assert _until(lambda: service._heads.get(match_id) == last)  # all announced there
        table = there.get(f"/k/{kit}/table.json").json()
        assert (table["match"]["version"], table["tallies"]["a"]) == (11, sum(range(1, 12)))
        assert reads == []  # applied from the notifications alone
        # an action written there builds on them: no clash, no second read
        assert _add(there, kit, 100)["seq"] == 12 and reads == []
        # too big for a notification (a 2,000-character field of 4-byte characters: 8,000
        # bytes): the others are told where it is, and read it from the log
        big = _add(here, kit, 1, jar="🂡" * 2000)["seq"]
        assert _until(lambda: service._heads.get(match_id) == big)
        table = there.get(f"/k/{kit}/table.json").json()
        assert (table["match"]["version"], table["tallies"]["a"]) == (13, sum(range(1, 12)) + 101)
        assert reads == [match_id]


def test_the_broker_serves_a_streams_events_from_memory_only_when_it_holds_them_all():
    broker = Broker()
    assert broker.recent(7, 0) is None  # nothing known: the events table
    for seq in range(1, 4):
        broker.wake(7, seq, ("add", {"text": f"add {seq}", "actor": ""}))
    assert [e[0] for e in broker.recent(7, 0) or []] == [1, 2, 3]
    assert broker.recent(7, 3) == []
    broker.wake(7, 3, ("add", {"text": "add 3", "actor": ""}))  # its own, heard again
    assert [e[0] for e in broker.recent(7, 1) or []] == [2, 3]
    broker.wake(7, 4)  # announced without its event (too big): memory no longer has them all
    assert broker.recent(7, 2) is None
    broker.wake(7, 6, ("add", {"text": "add 6", "actor": ""}))  # after a gap: from 6 on
    assert broker.recent(7, 4) is None and broker.recent(7, 5) == [
        (6, "add", {"text": "add 6", "actor": ""})
    ]
    broker.wake(7, 6, ("undo", {"text": "took back #5", "actor": ""}))  # not what it had
    assert broker.recent(7, 5) is None
    # this process's commit can come before another process's earlier one is read
    broker.wake(9, 2, ("add", {"text": "add 2", "actor": ""}))
    assert broker.recent(9, 0) is None  # 1 not heard yet
    broker.wake(9, 1, ("add", {"text": "add 1", "actor": ""}))
    assert [e[0] for e in broker.recent(9, 0) or []] == [1, 2]
    for seq in range(10, 10 + 3 * RECENT):
        broker.wake(8, seq, ("add", {"text": "", "actor": ""}))
    kept = broker.recent(8, 10 + 2 * RECENT - 1) or []
    assert len(kept) == RECENT and broker.recent(8, 10) is None  # the oldest forgotten
