"""Faults on the real server: SIGKILL in the middle of load, and a live stream cut mid-way."""

from __future__ import annotations

import json
import secrets
import threading
import time

import httpx
from load_harness import load, sqlite_log_problems


def test_sigkill_mid_load_loses_no_acknowledged_action_and_half_applies_none(tmp_path):
    db = tmp_path / "tracker.sqlite3"
    server = load.Server(f"sqlite:///{db}", tmp_path).start()
    try:
        kits = load.make_tables(server.db_url, 2, server.base)
        phones = load.make_phones(kits, 6, seed=11)
        result = load.LoadResult()
        acked_at_kill: list[int] = []
        restarted = threading.Event()

        def power_cut() -> None:
            # after some actions were acknowledged, not after a fixed time: a loaded machine
            # only makes the test slower
            _until(lambda: len(result.acknowledged) >= 15)
            acked_at_kill.append(len(result.acknowledged))
            server.kill()
            time.sleep(0.3)
            server.start(timeout=120)
            restarted.set()

        cutter = threading.Thread(target=power_cut)
        cutter.start()
        # Phones keep going through the outage: an unanswered action is resent with its id; on
        # until the restarted server acknowledged 15 more.
        _until(
            lambda: restarted.is_set() and len(result.acknowledged) >= acked_at_kill[0] + 15,
            run=lambda: load.run_phones(server.base, phones, 0.5, result),
        )
        cutter.join()
        assert acked_at_kill and 0 < acked_at_kill[0] < len(result.acknowledged), (
            "the kill came in the middle of the load"
        )
        assert result.errors, "some requests were cut off by the kill"
        check = load.verify(server.base, kits, result.acknowledged)
    finally:
        server.stop()
    assert check.lost == [] and check.duplicated == [] and check.wrong_seq == []
    assert check.state_mismatches == []  # the restarted server's state is the log's replay
    assert sqlite_log_problems(db) == []  # PRAGMA integrity_check ok, no action without event


def _until(done, run=lambda: time.sleep(0.02), seconds: float = 150.0) -> None:
    """`run()` again and again until `done()` or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        run()


def _events(response: httpx.Response, want: int, seen: list[int]) -> None:
    """Read `want` events off a live stream into `seen` (their ids)."""
    event_id = None
    for line in response.iter_lines():
        if line.startswith("id: "):
            event_id = int(line[4:])
        elif line.startswith("data: ") and event_id is not None:
            data = json.loads(line[6:])
            assert data["seq"] == event_id
            seen.append(event_id)
            event_id = None
            if len(seen) >= want:
                return


def test_a_stream_cut_mid_way_resumes_from_its_last_event_id_and_misses_nothing(tmp_path):
    with load.Server(f"sqlite:///{tmp_path / 'tracker.sqlite3'}", tmp_path) as server:
        (kit,) = load.make_tables(server.db_url, 1, server.base)
        with httpx.Client(base_url=server.base, timeout=10) as client:
            start = client.get(f"/k/{kit}/table.json").json()["match"]["version"]

            def transfer() -> None:
                action = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 5}
                body = {"action": action, "client_action_id": secrets.token_hex(8)}
                assert client.post(f"/k/{kit}/act", json=body).status_code == 200

            seen: list[int] = []
            with httpx.Client(base_url=server.base, timeout=10) as phone:
                with phone.stream(
                    "GET", f"/k/{kit}/events", headers={"Last-Event-ID": str(start)}
                ) as live:
                    for _ in range(5):
                        transfer()
                    _events(live, 3, seen)  # the phone drops off after 3 of the 5
                for _ in range(4):  # while it is away
                    transfer()
                headers = {"Last-Event-ID": str(seen[-1])}
                with phone.stream("GET", f"/k/{kit}/events", headers=headers) as live:
                    _events(live, 9, seen)
    assert seen == list(range(start + 1, start + 10))
