"""The database as a fault, not a bug: text holding a NUL is bad input (422, before any write, on
SQLite and on PostgreSQL alike, and a kit manifest holding one does not stop `serve`); a lost
PostgreSQL is a 503 with Retry-After saying so, and the tracker is itself again, its first
request included, once the database is back; a damaged SQLite file stops `serve` at start, one
line naming the file. tests/tracker/test_postgres_cluster.py runs the outage under load across
processes, tests/tracker/test_outage_browser.py on a phone's page."""

from __future__ import annotations

import html
import json
import secrets
import shutil
import sqlite3
import subprocess

import httpx
import pytest
from fastapi.testclient import TestClient
from load_harness import load, pg_cluster, row_counts
from tracker_helpers import make_app, new_kit

from toolkit.tracker.faults import RETRY_SECONDS

NUL = "\x00"


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request) -> str:
    return request.getfixturevalue("db_url" if request.param == "sqlite" else "pg_url")


def _act(client: TestClient, kit: str, action: dict, **body) -> httpx.Response:
    body = {"action": action, "client_action_id": secrets.token_hex(8), **body}
    return client.post(f"/k/{kit}/act", json=body)


def test_text_holding_a_nul_is_bad_input_refused_before_any_write(any_db):
    with TestClient(make_app(any_db), base_url="http://table.local") as client:
        tally, dd = new_kit(any_db), new_kit(any_db, "deathdome", teams=["red", "blue"])
        export = client.get(f"/k/{tally}/export.json").json()
        for kit in (tally, dd):
            assert client.get(f"/k/{kit}/table").status_code == 200  # its match started
        add = {"type": "add", "name": "a", "amount": 1}
        money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 5}
        entry = {"seq": 1, "client_action_id": "x", "actor": f"Sa{NUL}mi", "payload": add}
        cases = {
            "a note": (lambda: _act(client, dd, {**money, "note": f"bribe{NUL}"}), "action.note"),
            "an actor": (lambda: _act(client, tally, add, actor=f"Sa{NUL}mi"), "'actor'"),
            "a client action id": (
                lambda: _act(client, tally, add, client_action_id=f"tap{NUL}"),
                "client_action_id",
            ),
            "a tally's name": (lambda: _act(client, tally, {**add, "name": f"a{NUL}"}), "name"),
            "a form's field": (
                lambda: client.post(
                    f"/k/{tally}/act",
                    data={"type": "add", "name": f"a{NUL}", "amount": "1", "client_action_id": "f"},
                ),
                "'name'",
            ),
            "a name typed on the phone": (
                lambda: client.post(f"/k/{tally}/whoami", data={"name": f"Sa{NUL}mi"}),
                "'name'",
            ),
            "a seat's name": (
                lambda: client.post(f"/k/{tally}/seat", data={"seat": "a", "name": f"S{NUL}"}),
                "'name'",
            ),
            "the name cookie": (
                lambda: client.post(
                    f"/k/{tally}/act",
                    json={"action": add, "client_action_id": "c1"},
                    cookies={"domekit_actor": "Sa%00mi"},
                ),
                "domekit_actor cookie",
            ),
            "an import": (
                lambda: client.post(f"/k/{tally}/import", json={**export, "actions": [entry]}),
                "actor",
            ),
            "a page's query": (lambda: client.get(f"/k/{tally}/table?match=1%00"), "match"),
        }
        before = row_counts(any_db)
        for what, (send, field) in cases.items():
            reply = send()
            assert reply.status_code == 422, (what, reply.status_code, reply.text[-400:])
            text = html.unescape(reply.text)  # a page escapes the quotes round a field
            assert "NUL" in text and field in text, (what, reply.text[-400:])
            assert row_counts(any_db) == before, what
        # the same without the NUL is recorded; a page with the cookie still shows
        assert _act(client, dd, {**money, "note": "bribe"}, actor="Sami").status_code == 200
        page = client.get(f"/k/{tally}/table", cookies={"domekit_actor": "Sa%00mi"})
        assert page.status_code == 200


def _manifest(folder, name: str, **fields) -> str:
    kit_id = secrets.token_urlsafe(16)
    manifest = {"kit_id": kit_id, "game": "deathdome", "teams": ["red", "blue"], **fields}
    (folder / f"{name}.kit.json").write_text(json.dumps(manifest), encoding="utf-8")
    return kit_id


def test_a_kit_manifest_holding_a_nul_is_reported_and_serve_starts(any_db, tmp_path):
    server = load.Server(any_db, tmp_path)
    kits = tmp_path / "no-kits"  # the folder the benchmark's server reads its kits from
    kits.mkdir()
    good = _manifest(kits, "good")
    bad = _manifest(kits, "bad", base_url=f"http://t{NUL}able")
    with server:
        assert httpx.get(f"{server.base}/k/{good}/table.json").status_code == 200
        assert httpx.get(f"{server.base}/k/{bad}/table.json").status_code == 404
    printed = server.log.read_text()
    assert "Traceback" not in printed
    [line] = [line for line in printed.splitlines() if "bad.kit.json" in line]
    assert line.count("bad.kit.json") == 1 and "field 'base_url': holds a NUL" in line


def _damaged(tmp_path, how: str):
    """A tracker database file, damaged as a disk or a copy can damage one."""
    path = tmp_path / f"{how}.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("create table t (x text)")
        conn.executemany("insert into t values (?)", [("x" * 500,)] * 200)
    size = path.stat().st_size
    with path.open("r+b") as file:
        if how == "header":
            file.write(b"not a database, not at all")
        elif how == "cut short":
            file.truncate(size // 2)
        else:  # pages in the middle overwritten
            file.seek(4096 * 3)
            file.write(secrets.token_bytes(4096 * 4))
    return path


@pytest.mark.parametrize("how", ["header", "cut short", "pages"])
def test_a_damaged_sqlite_file_stops_serve_at_start_naming_it(tmp_path, how):
    path = _damaged(tmp_path, how)
    before = path.read_bytes()
    command = [*load.domekit_command(), "serve", "--port", str(load.free_port()),
               "--db", f"sqlite:///{path}", "--kits", str(tmp_path / "none")]  # fmt: skip
    ran = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert ran.returncode == 2, (ran.stdout, ran.stderr)
    [line] = ran.stderr.strip().splitlines()
    assert line.startswith(f"error: the database file {path} is damaged"), line
    assert "Traceback" not in ran.stderr and path.read_bytes() == before  # changed nothing


@pytest.fixture
def own_cluster():
    """A PostgreSQL cluster of the test's own, to halt and start again."""
    try:
        cluster = pg_cluster.Cluster().start()
    except pg_cluster.NoPostgres as why:
        pytest.skip(f"no PostgreSQL: {why}")
    try:
        yield cluster
    finally:
        cluster.stop()


def test_a_lost_database_is_503_saying_so_and_the_tracker_recovers_by_itself(own_cluster):
    db = own_cluster.create_database()
    with (
        TestClient(make_app(db), base_url="http://table.local") as client,
        TestClient(make_app(db), base_url="http://table.local") as idle,  # another process
    ):
        kit = new_kit(db)
        add = {"type": "add", "name": "a", "amount": 2}
        assert _act(client, kit, add).status_code == 200
        assert idle.get(f"/k/{kit}/history.json").status_code == 200  # its pool holds some
        own_cluster.halt()
        page = client.get(f"/k/{kit}/table")
        assert page.status_code == 503 and page.headers["retry-after"] == str(RETRY_SECONDS)
        assert "cannot reach its database" in page.text
        refused = client.post(f"/k/{kit}/act", json={"action": add, "client_action_id": "t1"})
        assert refused.status_code == 503 and refused.headers["retry-after"]
        body = refused.json()
        assert body["error"] == "unavailable" and "nothing was recorded" in body["message"]
        assert body["what"] == "the tracker cannot reach its database just now"
        assert client.get(f"/k/{kit}/history.json").status_code == 503
        own_cluster.resume()
        # the very first request after the outage is answered, also by the process that was
        # idle throughout (its connections died with the server: each is found and replaced)
        sent = idle.post(f"/k/{kit}/act", json={"action": add, "client_action_id": "t1"})
        assert sent.status_code == 200, sent.text
        again = client.post(f"/k/{kit}/act", json={"action": add, "client_action_id": "t1"})
        assert again.json()["replayed"] is True and again.json()["seq"] == sent.json()["seq"]
        for each in (client, idle):
            assert each.get(f"/k/{kit}/table.json").json()["tallies"]["a"] == 4
        entries = client.get(f"/k/{kit}/history.json").json()["entries"]
        assert [e["text"] for e in entries] == ["add 2 to a", "add 2 to a"]


def test_a_database_file_gone_mid_game_is_503_not_500(tmp_path):
    folder = tmp_path / "data"
    db = f"sqlite:///{folder / 'tracker.sqlite3'}"
    with TestClient(make_app(db), base_url="http://table.local") as client:
        kit = new_kit(db)
        assert _act(client, kit, {"type": "add", "name": "a", "amount": 1}).status_code == 200
        client.app.state.store.engine.dispose()  # the connections go; the folder with them
        shutil.rmtree(folder)
        reply = _act(client, kit, {"type": "add", "name": "a", "amount": 1})
        assert reply.status_code == 503 and reply.headers["retry-after"]
