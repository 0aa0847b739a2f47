"""Security of the tracker: the kit id is the write capability, the view-only link reads only,
cross-site form posts are refused, names with HTML are shown escaped, `domekit serve` listens on
loopback unless told otherwise, and no refused request leaves anything in the database."""

from __future__ import annotations

import secrets
import socket
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from load_harness import load, row_counts

from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit
from toolkit.tracker.storage import Store

TEAMS = ["red", "blue"]
WRITES = ["act", "preview", "next-match", "import", "whoami"]


class Table:
    def __init__(self, tmp_path: Path) -> None:
        self.db_url = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
        self.kit = secrets.token_urlsafe(16)
        record_kit(
            self.db_url,
            {"kit_id": self.kit, "game": "deathdome", "base_url": "http://t", "teams": TEAMS},
        )
        store = Store(self.db_url)
        self.view = store.kit(kit_id=self.kit).view_token
        store.close()

    def rows(self) -> dict[str, int]:
        return row_counts(self.db_url)


@pytest.fixture
def table(tmp_path):
    return Table(tmp_path)


@pytest.fixture
def client(table):
    app = create_app(
        table.db_url, kits_dir=None, sse_max_seconds=0.3, allowed_hosts=["table.local"]
    )
    with TestClient(app, base_url="http://table.local") as c:
        c.get(f"/k/{table.kit}/table")  # match 1 exists before the counting starts
        yield c


def transfer(amount: int = 10, **extra) -> dict:
    return {"type": "transfer", "payer": "red", "payee": "blue", "amount": amount, **extra}


def json_act(client, path: str, action: dict, **headers) -> httpx.Response:
    body = {"action": action, "client_action_id": secrets.token_hex(8)}
    return client.post(path, json=body, headers=headers)


def test_the_view_only_link_reads_but_every_write_is_403_and_changes_nothing(client, table):
    assert client.get(f"/v/{table.view}/table.json").status_code == 200
    before = table.rows()
    for write in WRITES:
        reply = json_act(client, f"/v/{table.view}/{write}", transfer())
        assert reply.status_code == 403, (write, reply.text)
        assert "view-only" in reply.json()["message"]
        form = {"type": "pass", "team": "red", "client_action_id": secrets.token_hex(8)}
        assert client.post(f"/v/{table.view}/{write}", data=form).status_code == 403
    assert table.rows() == before


def test_the_view_only_pages_never_show_the_write_capability(client, table):
    for page in ("table", "team/red", "unit/red/gunner", "history", "table.json", "history.json"):
        reply = client.get(f"/v/{table.view}/{page}")
        assert reply.status_code == 200, page
        assert table.kit not in reply.text, f"/v/.../{page} leaks the kit id"
    events = client.get(f"/v/{table.view}/events")
    assert table.kit not in events.text


def test_a_guessed_kit_id_is_404_and_writes_nothing(client, table):
    before = table.rows()
    for key in (
        secrets.token_urlsafe(16),
        table.kit[:-1] + ("A" if table.kit[-1] != "A" else "B"),
        "x" * 8,
        "../" + table.kit,
    ):
        reply = json_act(client, f"/k/{key}/act", transfer())
        assert reply.status_code in (404, 405), reply.text
    assert table.rows() == before


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://table.local.evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://table.local"},
    ],
)
def test_cross_site_form_posts_are_refused_and_change_nothing(client, table, headers):
    before = table.rows()
    form = {"type": "pass", "team": "red", "client_action_id": secrets.token_hex(8)}
    for write in WRITES:
        reply = client.post(
            f"/k/{table.kit}/{write}", data=form, headers=headers, follow_redirects=False
        )
        assert reply.status_code == 403, (write, headers, reply.status_code)
        assert "cross-site" in reply.text
    assert table.rows() == before


def test_the_same_sites_own_form_post_goes_through(client, table):
    form = {"type": "pass", "team": "red", "client_action_id": secrets.token_hex(8)}
    headers = {"Origin": "http://table.local", "Sec-Fetch-Site": "same-origin"}
    reply = client.post(f"/k/{table.kit}/act", data=form, headers=headers, follow_redirects=False)
    assert reply.status_code == 303
    assert table.rows()["actions"] == 1


def test_names_and_notes_with_html_are_shown_escaped(client, table):
    evil = '<img src=x onerror="alert(1)">'
    body = {"action": transfer(note=evil), "client_action_id": "x1", "actor": "<b>Mallory</b>"}
    assert client.post(f"/k/{table.kit}/act", json=body).status_code == 200
    client.post(f"/k/{table.kit}/whoami", data={"name": "<script>alert(2)</script>"})
    pages = [client.get(f"/k/{table.kit}/{p}").text for p in ("history", "table", "team/red")]
    for html in pages:
        assert "<img src=x" not in html and "<b>Mallory" not in html
        assert "<script>alert(2)" not in html
    assert "&lt;b&gt;Mallory&lt;/b&gt;" in pages[0]
    assert "&lt;img src=x" in pages[0]


def test_refused_requests_of_every_kind_leave_no_row(client, table):
    """Malformed bodies, illegal and stale actions, bad ids: nothing reaches the database."""
    base = f"/k/{table.kit}"
    assert json_act(client, f"{base}/act", transfer()).status_code == 200
    before = table.rows()
    attempts = [
        client.post(
            f"{base}/act", content=b"{not json", headers={"content-type": "application/json"}
        ),
        client.post(f"{base}/act", json=[1, 2, 3]),
        client.post(f"{base}/act", json={"action": transfer(), "client_action_id": "x" * 65}),
        client.post(f"{base}/act", json={"action": transfer()}),  # no client action id
        json_act(client, f"{base}/act", {"type": "fly"}),
        json_act(client, f"{base}/act", transfer(amount=-5)),
        json_act(client, f"{base}/act", transfer(amount=10**30)),
        json_act(client, f"{base}/act", {"type": "end_turn", "team": "blue"}),  # not blue's turn
        client.post(
            f"{base}/act",
            json={"action": {"type": "start"}, "client_action_id": "s1", "version": 0},
        ),  # stale: a transfer came since... and start touches everything
        client.post(
            f"{base}/act", json={"action": transfer(), "client_action_id": "v", "version": "x"}
        ),
        client.post(f"{base}/import", json={"format": "something else"}),
        client.post(f"{base}/next-match", json={}),
    ]
    statuses = [reply.status_code for reply in attempts]
    assert all(400 <= status < 500 for status in statuses), statuses
    assert 409 in statuses
    assert table.rows() == before


def _listening_addresses(port: int) -> set[str]:
    """Local addresses with a socket listening on `port` (Linux /proc/net/tcp, tcp6)."""
    found = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                if len(address) == 8:
                    found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
                else:
                    found.add(address)
    return found


def test_serve_listens_on_loopback_unless_told_otherwise(tmp_path):
    with load.Server(f"sqlite:///{tmp_path / 'a.sqlite3'}", tmp_path) as server:
        assert _listening_addresses(server.port) == {"127.0.0.1"}
    lan = tmp_path / "lan"
    lan.mkdir()
    server = load.Server(f"sqlite:///{lan / 'b.sqlite3'}", lan)
    server_start_lan(server)
    try:
        assert _listening_addresses(server.port) == {"0.0.0.0"}
    finally:
        server.stop()


def server_start_lan(server) -> None:
    """Start `domekit serve --lan` (every interface) through the harness's command."""
    import subprocess
    import time

    command = [*load.domekit_command(), "serve", "--lan", "--port", str(server.port)]
    command += ["--db", server.db_url, "--kits", str(server.workdir)]
    server.process = subprocess.Popen(
        command, cwd=server.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        try:
            if httpx.get(server.base + "/", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("domekit serve --lan did not answer")
