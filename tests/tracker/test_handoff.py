"""`serve --workers N` serves each kit's connections on one worker, its owner
(toolkit/tracker/handoff.py), on a real PostgreSQL: whichever worker the kernel gives a new
connection to, the answer comes from the owner (`X-Domekit-Worker`); a view link is routed by
its token; a request line that comes in pieces or never ends is read as it would be without
routing; and a kit whose owner was killed is still served by the others meanwhile."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections import Counter

import httpx
import pytest
from load_harness import load

from toolkit.tracker.handoff import kit_key, owner
from toolkit.tracker.storage import Store

WORKERS = 3


@pytest.fixture(scope="module")
def workers(postgres_server, tmp_path_factory):
    """One `domekit serve --workers 3` on one port: (database URL, server, kits)."""
    db = postgres_server.create_database()
    server = load.Server(db, tmp_path_factory.mktemp("workers"), args=("--workers", "3"))
    server.start(timeout=120)
    kits = load.make_tables(db, 9, server.base)
    yield db, server, kits
    server.stop()


def _worker_of(base: str, path: str) -> tuple[int, str | None]:
    """One request on a new connection: its status and the worker that answered."""
    with httpx.Client(base_url=base, timeout=30) as client:
        reply = client.get(path)
    return reply.status_code, reply.headers.get("x-domekit-worker")


def _raw(base: str, pieces: list[bytes], pause: float = 0.3) -> bytes:
    """Send a request in pieces on one connection; everything answered until it closes."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        for piece in pieces:
            connection.sendall(piece)
            time.sleep(pause)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_the_kit_a_request_line_names():
    assert kit_key(b"GET /k/AbC_-9/table HTTP/1.1") == b"AbC_-9"
    assert kit_key(b"POST /v/0a1b2c/team/red/ HTTP/1.1") == b"0a1b2c"
    assert kit_key(b"GET /k/abc?x=1 HTTP/1.1") == b"abc"
    for other in (b"GET / HTTP/1.1", b"GET /static/htmx.min.js HTTP/1.1", b"GET /k/ HTTP/1.1"):
        assert kit_key(other) is None
    assert {owner(bytes([n]), 4) for n in range(64)} == {0, 1, 2, 3}


def test_every_connection_of_a_kit_is_answered_by_its_owner(workers):
    _db, server, kits = workers
    answered: dict[str, Counter[tuple[int, str | None]]] = {}
    for kit in kits:
        answered[kit] = Counter(_worker_of(server.base, f"/k/{kit}/table.json") for _ in range(8))
    owners = {kit: str(owner(kit.encode(), WORKERS)) for kit in kits}
    for kit, seen in answered.items():
        assert seen == Counter({(200, owners[kit]): 8}), (kit, seen)
    # the kits' owners, and only they, answered (random kit ids: 9 of them share out over 2 or
    # 3 workers, all 3 for 92 % of draws)
    assert {worker for seen in answered.values() for _, worker in seen} == set(owners.values())
    # pages without a kit are served where they arrive, by any worker
    assert _worker_of(server.base, "/")[0] == 200


def test_a_view_link_is_routed_by_its_token(workers):
    db, server, kits = workers
    store = Store(db)
    try:
        token = store.kit(kit_id=kits[0]).view_token
    finally:
        store.close()
    seen = Counter(_worker_of(server.base, f"/v/{token}/table") for _ in range(6))
    assert seen == Counter({(200, str(owner(token.encode(), WORKERS))): 6})


def test_a_request_line_in_pieces_reaches_the_owner_and_an_endless_one_is_refused(workers):
    _db, server, kits = workers
    kit = kits[1]
    host = server.base.removeprefix("http://").encode()
    answer = _raw(
        server.base,
        [
            b"GET /k/" + kit[:5].encode(),
            kit[5:].encode() + b"/table.json HTTP/1.1\r\n",
            b"Host: " + host + b"\r\nConnection: close\r\n\r\n",
        ],
    )
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    assert head.startswith(b"http/1.1 200"), answer[:300]
    assert f"x-domekit-worker: {owner(kit.encode(), WORKERS)}".encode() in head
    # a request line longer than a head may be is refused (431) wherever it arrived
    endless = _raw(server.base, [b"GET /k/" + b"a" * 20_000], pause=0.5)
    assert endless.startswith(b"HTTP/1.1 431"), endless[:200]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_kit_whose_owner_was_killed_is_served_by_the_others_meanwhile(postgres_server, tmp_path):
    db = postgres_server.create_database()
    server = load.Server(db, tmp_path, args=("--workers", "2")).start(timeout=120)
    try:
        [kit] = load.make_tables(db, 1, server.base)
        status, first = _worker_of(server.base, f"/k/{kit}/table.json")
        assert status == 200 and first == str(owner(kit.encode(), 2))
        assert server.process is not None
        killed = _worker_pid(server.process.pid, int(first))
        os.kill(killed, signal.SIGKILL)
        meanwhile = Counter(_worker_of(server.base, f"/k/{kit}/table.json") for _ in range(5))
        assert all(status == 200 for status, _ in meanwhile), meanwhile
        deadline = time.monotonic() + 60
        while _worker_of(server.base, f"/k/{kit}/table.json") != (200, first):
            assert time.monotonic() < deadline, "the replacement did not take its kits back"
            time.sleep(0.5)
        assert load.verify(server.base, [kit], []).ok
    finally:
        server.stop()


def _worker_pid(parent: int, index: int) -> int:
    """The pid of worker `index` of a `serve --workers` parent: the child holding the Unix
    socket `worker<index>.sock` that connections are handed to it on."""
    paths = {}
    for line in open("/proc/net/unix").read().splitlines()[1:]:
        fields = line.split()
        if len(fields) >= 8:
            paths[fields[6]] = fields[7]
    for child in open(f"/proc/{parent}/task/{parent}/children").read().split():
        for fd in os.listdir(f"/proc/{child}/fd"):
            try:
                target = os.readlink(f"/proc/{child}/fd/{fd}")
            except OSError:
                continue
            inode = target.removeprefix("socket:[").removesuffix("]")
            if paths.get(inode, "").endswith(f"/worker{index}.sock"):
                return int(child)
    raise AssertionError(f"no worker {index} under {parent}")
