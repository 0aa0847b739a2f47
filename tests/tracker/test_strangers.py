"""What a stranger without a kit id can cost a real `domekit serve`: request heads bounded in
bytes and lines (the server's memory measured in /proc while they arrive), live streams capped
per kit and per server, the odds bounded in work and worked out where they stall nothing."""

from __future__ import annotations

import secrets
import socket
import threading
import time

import httpx
import pytest
from load_harness import limits, load

from toolkit.tracker.guard import MAX_HEAD_BYTES
from toolkit.tracker.kits import record_kit
from toolkit.tracker.live import MAX_STREAMS, MAX_STREAMS_PER_KIT

MIB = 2**20
TEAMS = ["red", "blue"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("strangers")
    db = f"sqlite:///{folder / 'strangers.sqlite3'}"
    kit = secrets.token_urlsafe(16)
    record_kit(db, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    with load.Server(db, folder) as server:
        assert server.process is not None
        yield server, kit


def test_header_lines_streamed_on_two_connections_are_cut_off_at_431(served):
    # Before: two connections streaming header lines for 8 s took the server from 129 MiB to
    # 2.1 GiB (3 s here: 800 MiB), and the request never ended.
    server, _kit = served
    peak = limits.memory(server, "VmHWM")
    results: list[tuple[int, bytes]] = []
    opening = b"GET /k/nosuchkit/table HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    lines = b"X-Filler: abcdefgh\r\n" * 500

    def one() -> None:
        results.append(limits.stream_head(server.port, opening, lines, 3.0))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert limits.memory(server, "VmHWM") - peak < 32
    assert len(results) == 2
    for sent, answer in results:
        assert answer.startswith(b"HTTP/1.1 431 "), answer
        assert sent < 4 * MIB  # it stopped reading at once
    assert httpx.get(server.base + "/", timeout=5).status_code == 200


def test_one_header_value_sent_in_pieces_is_cut_off_at_431(served):
    # Before: one header value sent in 64 KiB pieces grew the server by 860 MiB.
    server, _kit = served
    peak = limits.memory(server, "VmHWM")
    opening = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: "
    sent, answer = limits.stream_head(server.port, opening, b"v" * 65536, 3.0)
    assert limits.memory(server, "VmHWM") - peak < 32
    assert answer.startswith(b"HTTP/1.1 431 "), answer
    assert b"content-type: application/json" in answer
    assert sent < 4 * MIB


def test_a_head_just_under_the_bound_is_served_and_one_over_it_is_431(served):
    server, kit = served
    path = f"/k/{kit}/table.json"
    for size, status in [(MAX_HEAD_BYTES - 1024, 200), (MAX_HEAD_BYTES + 1024, 431)]:
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: {'p' * size}\r\n\r\n"
            sock.sendall(head.encode())
            sock.settimeout(10)
            answer = sock.recv(100)
        assert answer.startswith(f"HTTP/1.1 {status} ".encode()), (size, answer)


def test_more_than_100_header_lines_is_431_with_the_bound_named(served):
    server, kit = served
    headers = [(f"x-h{n}", "1") for n in range(101)]
    reply = httpx.get(f"{server.base}/k/{kit}/table.json", headers=headers, timeout=10)
    assert reply.status_code == 431
    assert "16 KiB or 100 header lines" in reply.json()["message"]
    fewer = httpx.get(f"{server.base}/k/{kit}/table.json", headers=headers[:80], timeout=10)
    assert fewer.status_code == 200


def test_a_head_pipelined_behind_a_live_stream_is_cut_off_with_it(served):
    # A stream is a request in progress, which the idle deadline leaves open: the bytes of a head
    # sent after it on the same connection are bounded all the same.
    server, kit = served
    peak = limits.memory(server, "VmHWM")
    opening = f"GET /k/{kit}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    opening += b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    sent, answer = limits.stream_head(server.port, opening, b"X-Filler: abcdefgh\r\n" * 500, 3.0)
    assert sent < 4 * MIB  # the connection, stream and all, was closed
    assert b"431" not in answer  # no refusal written into the stream's answer
    assert limits.memory(server, "VmHWM") - peak < 32


# -- live streams ---------------------------------------------------------------------------------


def open_streams(port: int, paths: list[str]) -> list[tuple[socket.socket, bytes]]:
    """A live stream (GET .../events) on each path: (socket, its answer's first bytes)."""
    pending = []
    for path in paths:
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        pending.append(sock)
    answers = []
    for sock in pending:
        sock.settimeout(30)
        answer = sock.recv(4096)
        while not answer.startswith(b"HTTP/1.1 200 ") and not answer.endswith(b"}"):
            answer += sock.recv(4096)  # a refusal's JSON body
        answers.append((sock, answer))
    return answers


def statuses(answers: list[tuple[socket.socket, bytes]]) -> list[int]:
    return [int(answer.split(b" ", 2)[1]) for _sock, answer in answers]


def close_all(answers: list[tuple[socket.socket, bytes]]) -> None:
    for sock, _answer in answers:
        sock.close()


def new_kits(server, count: int, game: str = "deathdome") -> list[tuple[str, str]]:
    """`count` kits recorded in the server's database: (kit id, view token)."""
    from toolkit.tracker.storage import Store

    store = Store(server.db_url)
    try:
        kits = []
        for _ in range(count):
            kit = secrets.token_urlsafe(16)
            teams = {"teams": TEAMS} if game == "deathdome" else {}
            record_kit(server.db_url, {"kit_id": kit, "game": game, **teams})
            row = store.kit(kit_id=kit)
            assert row is not None
            kits.append((kit, row.view_token))
        return kits
    finally:
        store.close()


def test_live_streams_are_capped_per_kit_with_a_clear_refusal(served):
    # Before: 4,000 streams on one view link were all kept open, and an action then took up to
    # 6.8 s (0.8 s here): every stream read the new events from the database.
    server, _kit = served
    [(kit, view)] = new_kits(server, 1)
    paths = [f"/k/{kit}/events"] * 10 + [f"/v/{view}/events"] * (MAX_STREAMS_PER_KIT - 10 + 5)
    answers = open_streams(server.port, paths)
    try:
        got = statuses(answers)
        assert got.count(200) == MAX_STREAMS_PER_KIT and got.count(429) == 5
        refused = answers[-1][1].decode()
        assert "retry-after: 30" in refused.lower()
        assert f"this kit has {MAX_STREAMS_PER_KIT} live streams open" in refused
        # The kit's phones still act, and the open streams hear of it.
        money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 7}
        body = {"action": money, "client_action_id": "a1"}
        reply = httpx.post(f"{server.base}/k/{kit}/act", json=body, timeout=30)
        assert reply.status_code == 200
        for sock, answer in (answers[0], answers[MAX_STREAMS_PER_KIT - 1]):
            while b"transfer 7 red -> blue" not in answer:
                answer += sock.recv(4096)
        # Closed streams are counted out: as many new ones are let in.
        for sock, _answer in answers[:5]:
            sock.close()
        deadline = time.monotonic() + 10
        while True:
            again = open_streams(server.port, [f"/v/{view}/events"] * 5)
            if statuses(again) == [200] * 5 or time.monotonic() > deadline:
                break
            close_all(again)
            time.sleep(0.2)
        assert statuses(again) == [200] * 5
        close_all(again)
    finally:
        close_all(answers)


def test_live_streams_are_capped_per_server(served):
    server, _kit = served
    kits = new_kits(server, MAX_STREAMS // MAX_STREAMS_PER_KIT + 1)
    paths = [f"/v/{view}/events" for _kit, view in kits[:-1] for _ in range(MAX_STREAMS_PER_KIT)]
    answers = open_streams(server.port, paths)
    try:
        assert statuses(answers) == [200] * MAX_STREAMS
        [(sock, refused)] = open_streams(server.port, [f"/v/{kits[-1][1]}/events"])
        sock.close()
        assert refused.startswith(b"HTTP/1.1 503 ")
        assert f"this tracker has {MAX_STREAMS} live streams open".encode() in refused
        assert httpx.get(f"{server.base}/k/{kits[-1][0]}/table.json", timeout=30).is_success
    finally:
        close_all(answers)


# -- odds -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def heavy(served):
    """A kit of each game in the state whose odds are the most work the rules allow
    (benchmarks/tracker_limits.py's `heavy_kits`)."""
    server, _kit = served
    return server, limits.heavy_kits(server)


def test_a_fight_over_100_exchanges_at_805_hp_is_422_naming_the_cap_at_once(heavy):
    # Before: this query on a view link ran for minutes and stalled every other request of the
    # server for six minutes.
    server, kits = heavy
    view = kits["domppa"][1]
    started = time.monotonic()
    fight = {**limits.FIGHT, "exchanges": "100"}
    reply = httpx.get(f"{server.base}/v/{view}/odds", params=fight, timeout=600)
    took = time.monotonic() - started
    assert reply.status_code == 422, reply.text
    message = reply.json()["message"]
    assert message.startswith("exchanges: a fight of 805 HP against 805 HP follows at most 5")
    assert "8,050 HP states" in message
    assert took < 5


def test_the_heaviest_odds_of_every_game_are_answered_and_stall_no_other_request(heavy):
    server, kits = heavy
    queries = limits.heaviest()
    watched = limits.watching(server, kits["deathdome"][0], queries, kits, seconds=600)
    assert [status for status, _took in watched.answers] == [200] * len(queries), watched
    assert len(watched.waits) > 10 and max(watched.waits) < 1.0, watched
