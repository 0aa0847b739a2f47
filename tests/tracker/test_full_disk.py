"""A full disk is a clear 503 that says so, never a 500: nothing half-written, and once there is
room again the same action (its client action id) is recorded once.

The disk is filled for real as SQLite sees it: `PRAGMA max_page_count` on every connection of the
server's engine caps the database at the pages it has, so the next write that needs a page fails
with SQLITE_FULL ("database or disk is full"), as on a disk with no space left."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient
from load_harness import log_problems
from sqlalchemy import event

from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit


def cap_pages(engine, extra: int):
    """Every new connection of `engine` may grow the database by `extra` pages at most."""

    def on_connect(dbapi_conn, _record):
        cursor = dbapi_conn.cursor()
        pages = cursor.execute("PRAGMA page_count").fetchone()[0]
        cursor.execute(f"PRAGMA max_page_count = {pages + extra}")
        cursor.close()

    engine.dispose()
    event.listen(engine, "connect", on_connect)
    return on_connect


def test_a_full_disk_is_a_503_saying_so_and_loses_or_doubles_nothing(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'full.sqlite3'}"
    kit = secrets.token_urlsafe(16)
    record_kit(db_url, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    app = create_app(db_url, kits_dir=None, allowed_hosts=["testserver"])
    note = "n" * 1500  # each action fills pages quickly
    with TestClient(app) as client:
        assert client.get(f"/k/{kit}/table").status_code == 200
        engine = app.state.store.engine
        listener = cap_pages(engine, 0)
        statuses, refused = [], None
        for n in range(200):
            body = {
                "action": {"type": "transfer", "payer": "red", "payee": "blue", "amount": 1,
                           "note": note},
                "client_action_id": f"full-{n}",
            }  # fmt: skip
            reply = client.post(f"/k/{kit}/act", json=body)
            statuses.append(reply.status_code)
            if reply.status_code != 200:
                refused = (body, reply)
                break
        assert refused is not None, "the capped database never filled"
        body, reply = refused
        assert reply.status_code == 503, reply.text
        assert "disk is full" in reply.json()["message"]
        assert set(statuses[:-1]) <= {200}
        page = client.get(f"/k/{kit}/table", headers={"accept": "text/html"})
        assert page.status_code == 200  # reading still works
        form = client.post(f"/k/{kit}/act", data={**body["action"], "client_action_id": "form"})
        assert form.status_code == 503 and "disk is full" in form.text
        recorded = len(statuses) - 1
        assert client.get(f"/k/{kit}/table.json").json()["match"]["version"] == recorded
        # Room again: the refused action, sent again with its id, is recorded once.
        event.remove(engine, "connect", listener)
        engine.dispose()
        again = client.post(f"/k/{kit}/act", json=body)
        assert again.status_code == 200 and again.json()["seq"] == recorded + 1
        twice = client.post(f"/k/{kit}/act", json=body)
        assert twice.json()["replayed"] is True
    assert not log_problems(db_url)
