"""`domekit serve` as a stranger meets it: one server per SQLite file, no kit id on its console,
manifests readable by their owner only, the security headers on every answer, the Host check,
bodies over 1 MiB refused before they are read, and idle or half-sent connections closed while
real requests are still served."""

from __future__ import annotations

import json
import secrets
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from load_harness import load

from toolkit.pdf.kits import write_manifest
from toolkit.tracker.kits import record_kit
from toolkit.tracker.lock import lock_database

HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def serve_command(port: int, db: str, kits: Path, *extra: str) -> list[str]:
    return [*load.domekit_command(), "serve", "--port", str(port), "--db", db,
            "--kits", str(kits), *extra]  # fmt: skip


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path):
    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    with load.Server(db, tmp_path):
        second = subprocess.run(
            serve_command(load.free_port(), db, tmp_path / "no-kits"),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2, second.stderr
        assert "another `domekit serve` is already using" in second.stderr
        assert "Traceback" not in second.stderr
    # Stopped (or killed: the lock goes with the process), the file is free again.
    server = load.Server(db, tmp_path).start()
    server.kill()
    with load.Server(db, tmp_path) as again:
        assert httpx.get(again.base + "/").status_code == 200


def test_only_sqlite_files_are_locked():
    assert lock_database("postgresql+psycopg://u@127.0.0.1:5/db") is None
    assert lock_database("sqlite:///:memory:") is None


def test_the_console_names_the_games_of_the_kits_never_their_ids(tmp_path):
    kits = tmp_path / "kits"
    kit_ids = [secrets.token_urlsafe(16) for _ in range(2)]
    for kit_id, game in zip(kit_ids, ("deathdome", "domppa"), strict=True):
        path = write_manifest(kits / f"{game}-kit.pdf", {"kit_id": kit_id, "game": game})
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the owner's only
    port = load.free_port()
    db = f"sqlite:///{tmp_path / 'console.sqlite3'}"
    process = subprocess.Popen(
        serve_command(port, db, kits), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        for _ in range(100):
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    assert "recorded 2 kits: deathdome, domppa" in output
    for kit_id in kit_ids:
        assert kit_id not in output


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("limits")
    db = f"sqlite:///{folder / 'limits.sqlite3'}"
    kit = secrets.token_urlsafe(16)
    record_kit(db, {"kit_id": kit, "game": "deathdome", "base_url": "http://t:8000",
                    "teams": ["red", "blue"]})  # fmt: skip
    port = load.free_port()
    # The server as `domekit serve --allowed-host table.lan` runs it, with a 1 s head deadline.
    code = (
        "import sys; from pathlib import Path; from toolkit.tracker.serve import serve; "
        f"serve('127.0.0.1', {port}, {db!r}, False, Path({str(folder / 'none')!r}), "
        "allowed_hosts=['table.lan'], head_seconds=1.0)"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            httpx.get(base + "/", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base, kit, port
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/static/domekit.js", 200),
        ("GET", "/k/{kit}/table", 200),
        ("GET", "/k/{kit}/table.json", 200),
        ("GET", "/k/{kit}/export/payout.csv", 200),
        ("GET", "/k/nosuchkit00000000000000/table", 404),
        ("POST", "/k/{kit}/act", 422),
    ],
)
def test_every_answer_carries_the_security_headers(server, method, path, status):
    base, kit, _port = server
    reply = httpx.request(
        method, base + path.format(kit=kit), json={} if method == "POST" else None
    )
    assert reply.status_code == status
    for name, value in HEADERS.items():
        assert reply.headers[name] == value, name
    policy = reply.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-eval" not in policy and "script-src 'self' 'unsafe-inline'" not in policy


def test_hosts_it_was_told_of_are_served_others_get_400(server):
    base, kit, _port = server
    for host, status in [("table.lan", 200), ("TABLE.LAN:8000", 200), ("localhost:1", 200),
                         ("127.0.0.1", 200), ("[::1]:8000", 200), ("t", 200),
                         ("evil.example", 400), ("table.lan.evil.example", 400)]:  # fmt: skip
        reply = httpx.get(f"{base}/k/{kit}/table", headers={"host": host})
        assert reply.status_code == status, host
    refused = httpx.get(f"{base}/k/{kit}/table", headers={"host": "evil.example"})
    assert "--allowed-host" in refused.json()["message"]
    for name in HEADERS:
        assert name in refused.headers


def test_a_body_over_1_mib_is_refused_before_it_is_read_whole(server):
    base, kit, _port = server
    declared = httpx.post(f"{base}/k/{kit}/act", content=b"x" * (2 * 2**20))
    assert declared.status_code == 413

    def chunks():  # no Content-Length: counted as it streams in
        for _ in range(64):
            yield b"y" * 65536

    streamed = httpx.post(
        f"{base}/k/{kit}/import", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413 and "1024 KiB" in streamed.json()["message"]
    assert httpx.get(f"{base}/k/{kit}/table.json").status_code == 200


def test_idle_and_half_sent_connections_are_closed_and_new_requests_still_served(server):
    base, kit, port = server
    sockets = []
    for n in range(300):
        sock = socket.create_connection(("127.0.0.1", port))
        if n % 2:  # half a request head, then nothing
            sock.sendall(b"GET /k/" + kit.encode() + b"/table HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sockets.append(sock)
    assert httpx.get(f"{base}/k/{kit}/table.json", timeout=5).status_code == 200
    time.sleep(2.5)  # past the 1 s deadline (checked every second at most)
    closed = 0
    for sock in sockets:
        sock.settimeout(2)
        try:
            closed += sock.recv(1) == b""
        except ConnectionResetError:
            closed += 1
        except TimeoutError:
            pass
        sock.close()
    assert closed == len(sockets)
    assert httpx.get(f"{base}/k/{kit}/table.json", timeout=5).status_code == 200


def test_a_live_stream_outlives_the_idle_deadline(server):
    base, kit, _port = server
    with httpx.stream("GET", f"{base}/k/{kit}/events", timeout=10) as stream:
        lines = stream.iter_lines()
        assert next(lines).startswith("retry")
        time.sleep(2.5)  # the stream is a request in progress: the deadline leaves it open
        money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 1}
        reply = httpx.post(
            f"{base}/k/{kit}/act", json={"action": money, "client_action_id": "live-1"}
        )
        assert reply.status_code == 200
        event = next(line for line in lines if line.startswith("data:"))
    assert json.loads(event[5:])["text"] == "transfer 1 red -> blue"
