"""What a stranger can cost the real tracker (`domekit serve` on loopback), measured.

    .venv/bin/python benchmarks/tracker_limits.py [--idle 2000] [--history 18000]

Prints, one figure a line:
- three 400 MB posts to an unknown kit (declared Content-Length) and one streamed without a
  length: the time to the 413, the bytes the client got to send, the server's peak memory;
- `--idle` sockets opened and left idle (half of them with half a request head): the server's
  open connections while they wait, a real request's time meanwhile, and how long until the
  server has closed them all (its 10 s deadline);
- a match of `--history` actions: the history page's and its JSON twin's time and size, first
  (right after a restart: the rebuild) and again;
- the odds of a Nature Dome hand of 88 cards (refused against the deck at once);
- `--streams` live streams opened on one kit's view link, then one stream on each of `--tables`
  kits: how many were let in and how many refused, and the time of an action on a watched kit
  meanwhile (each action wakes every stream of its match).
"""

from __future__ import annotations

import argparse
import secrets
import socket
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tracker_load import Server  # noqa: E402

from toolkit.tracker.kits import record_kit, record_kit_in  # noqa: E402
from toolkit.tracker.matches import MatchService  # noqa: E402
from toolkit.tracker.storage import Store  # noqa: E402

MB = 1024 * 1024


def memory(server: Server, field: str) -> float:
    """VmRSS / VmHWM of the server process, MiB (Linux /proc)."""
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_files(server: Server) -> int:
    assert server.process is not None
    return len(list(Path(f"/proc/{server.process.pid}/fd").iterdir()))


def big_post(port: int, size: int | None) -> tuple[float, int, str]:
    """POST `size` bytes (None: chunked, without a length) as fast as the socket takes them;
    (seconds to the answer's status line, bytes sent, status line)."""
    sock = socket.create_connection(("127.0.0.1", port))
    head = "POST /k/nosuchkit0000000000000000/act HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    head += "Content-Type: application/json\r\n"
    head += f"Content-Length: {size}\r\n" if size else "Transfer-Encoding: chunked\r\n"
    chunk = b"x" * 65536
    started = time.perf_counter()
    sock.sendall((head + "\r\n").encode())
    sent, answer = 0, b""
    sock.setblocking(False)
    total = size or 400 * MB
    while sent < total and not answer:
        try:
            data = chunk if size else b"10000\r\n" + chunk + b"\r\n"
            sent += sock.send(data)
        except BlockingIOError:
            time.sleep(0.001)
        except (BrokenPipeError, ConnectionResetError):
            break
        try:
            answer = sock.recv(4096)
        except BlockingIOError:
            pass
        except ConnectionResetError:
            break
    while not answer:
        try:
            answer = sock.recv(4096) or b"(closed)"
        except BlockingIOError:
            time.sleep(0.001)
        except ConnectionResetError:
            answer = b"(reset)"
    seconds = time.perf_counter() - started
    sock.close()
    return seconds, sent, answer.split(b"\r\n", 1)[0].decode(errors="replace")


def bodies(server: Server) -> None:
    before = memory(server, "VmRSS")
    for n in range(3):
        seconds, sent, status = big_post(server.port, 400 * MB)
        took = f"after {seconds * 1000:.1f} ms, {sent / MB:.2f} MiB sent"
        print(f"400 MB post {n + 1}: {status!r} {took}")
    seconds, sent, status = big_post(server.port, None)
    print(f"chunked post: {status!r} after {seconds * 1000:.1f} ms, {sent / MB:.2f} MiB sent")
    print(f"server memory: {before:.0f} MiB before, peak {memory(server, 'VmHWM'):.0f} MiB")


def idle(server: Server, count: int, kit: str) -> None:
    before = open_files(server)
    sockets = []
    for n in range(count):
        sock = socket.create_connection(("127.0.0.1", server.port))
        if n % 2:
            sock.sendall(f"GET /k/{kit}/table HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode())
        sockets.append(sock)
    opened = time.perf_counter()
    time.sleep(0.5)
    print(
        f"{count} idle sockets: server files open {before} before, {open_files(server)} with them"
    )
    started = time.perf_counter()
    status = httpx.get(f"{server.base}/k/{kit}/table.json", timeout=10).status_code
    print(f"a real request meanwhile: {status} in {(time.perf_counter() - started) * 1000:.1f} ms")
    for sock in sockets:
        sock.setblocking(False)
    left = set(range(count))
    while left and time.perf_counter() - opened < 60:
        for index in list(left):
            try:
                if sockets[index].recv(1) == b"":
                    left.discard(index)
            except BlockingIOError:
                pass
            except ConnectionResetError:
                left.discard(index)
        time.sleep(0.1)
    closed_after = time.perf_counter() - opened
    print(f"closed by the server: {count - len(left)} of {count}, all within {closed_after:.1f} s")
    print(f"server files open after: {open_files(server)}")
    for sock in sockets:
        sock.close()
    status = httpx.get(f"{server.base}/k/{kit}/table.json", timeout=10).status_code
    print(f"a request after: {status}")


def open_streams(port: int, paths: list[str]) -> tuple[list[socket.socket], dict[str, int]]:
    """A live stream (GET .../events) on each path; (the sockets of the streams let in, the
    status lines' counts)."""
    pending = []
    for path in paths:
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        pending.append(sock)
    opened, statuses = [], {}
    for sock in pending:
        sock.settimeout(60)
        try:
            line = sock.recv(4096).split(b"\r\n", 1)[0].decode(errors="replace") or "(closed)"
        except OSError as exc:
            line = f"({type(exc).__name__})"
        statuses[line] = statuses.get(line, 0) + 1
        if " 200 " in line:
            opened.append(sock)
        else:
            sock.close()
    return opened, statuses


def timed_actions(base: str, kit: str, count: int, label: str) -> None:
    """`count` transfers on the kit, one after another: their times."""
    times = []
    with httpx.Client(timeout=120) as client:
        for n in range(count):
            money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 1}
            body = {"action": money, "client_action_id": f"{label}-{n}-{secrets.token_hex(4)}"}
            started = time.perf_counter()
            status = client.post(f"{base}/k/{kit}/act", json=body).status_code
            times.append(time.perf_counter() - started)
            assert status == 200, status
    times.sort()
    print(f"{count} actions {label}: median {times[len(times) // 2] * 1000:.1f} ms, "
          f"worst {times[-1] * 1000:.1f} ms")  # fmt: skip


def streams(server: Server, db_url: str, count: int, tables: int) -> None:
    store = Store(db_url)
    kits = [secrets.token_urlsafe(16) for _ in range(tables)]
    for kit in kits:
        record_kit_in(store, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    views = [row.view_token for kit in kits if (row := store.kit(kit_id=kit)) is not None]
    store.close()
    timed_actions(server.base, kits[0], 20, "with no stream open")
    started = time.perf_counter()
    one_kit, statuses = open_streams(server.port, [f"/v/{views[0]}/events"] * count)
    seconds = time.perf_counter() - started
    print(f"{count} streams on one view link in {seconds:.1f} s: {statuses}")
    timed_actions(server.base, kits[0], 20, f"with {len(one_kit)} streams on its view link")
    print(f"server memory with them: {memory(server, 'VmRSS'):.0f} MiB")
    for sock in one_kit:
        sock.close()
    time.sleep(1)
    paths = [f"/v/{view}/events" for view in views for _ in range(count // tables)]
    spread, statuses = open_streams(server.port, paths)
    print(f"{len(paths)} streams over {tables} kits: {statuses}")
    timed_actions(server.base, kits[0], 20, f"with {len(spread)} streams over {tables} kits")
    for sock in spread:
        sock.close()


def long_history(db_url: str, count: int) -> str:
    """A Death Dome kit whose match holds `count` transfers, written through the service."""
    store = Store(db_url)
    service = MatchService(store)
    kit = secrets.token_urlsafe(16)
    record_kit_in(store, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    fresh = service.kit(kit)
    game = service.referee("deathdome")
    initial = game.state_json(game.new_match(fresh.manifest, None))
    actions = [
        {"client_action_id": f"h{n}", "actor": "bench",
         "payload": {"type": "transfer", "payer": "red" if n % 2 else "blue",
                     "payee": "blue" if n % 2 else "red", "amount": 1 + n % 3}}
        for n in range(count)
    ]  # fmt: skip
    document = {"format": "domekit-match/1", "game": "deathdome", "initial_state": initial,
                "actions": actions}  # fmt: skip
    service.import_match(fresh, document, replaces=None)
    store.close()
    return kit


def history(server: Server, kit: str, count: int) -> None:
    views = [("first view", "history"), ("again", "history"),
             ("older page", "history?before=9000"), ("JSON twin", "history.json")]  # fmt: skip
    for label, path in views:
        started = time.perf_counter()
        reply = httpx.get(f"{server.base}/k/{kit}/{path}", timeout=60)
        seconds = time.perf_counter() - started
        print(f"history of {count} actions, {label}: {reply.status_code}, "
              f"{len(reply.content) / 1024:.0f} kB in {seconds * 1000:.0f} ms")  # fmt: skip


def odds(server: Server, kit: str) -> None:
    boosts = ",".join(["pack-howl"] * 87)
    params = {"type": "clash", "attacker": "1", "attack": "talon-dive", "defence": "defend",
              "card": "shell-guard", "boosts": boosts}  # fmt: skip
    started = time.perf_counter()
    reply = httpx.get(f"{server.base}/k/{kit}/odds", params=params, timeout=600)
    seconds = time.perf_counter() - started
    print(f"odds of an 88-card hand: {reply.status_code} in {seconds * 1000:.1f} ms: "
          f"{reply.json()['message']}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--history", type=int, default=18000)
    parser.add_argument("--streams", type=int, default=4000)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--only", choices=["bodies", "idle", "history", "odds", "streams"])
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="domekit-limits-"))
    db_url = f"sqlite:///{folder / 'limits.sqlite3'}"
    kit = secrets.token_urlsafe(16)
    record_kit(db_url, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    duel = secrets.token_urlsafe(16)
    record_kit(db_url, {"kit_id": duel, "game": "naturedome"})
    long = long_history(db_url, args.history) if args.only in (None, "history") else ""
    with Server(db_url, folder) as server:
        parts = {
            "bodies": lambda: bodies(server),
            "idle": lambda: idle(server, args.idle, kit),
            "history": lambda: history(server, long, args.history),
            "odds": lambda: odds(server, duel),
            "streams": lambda: streams(server, db_url, args.streams, args.tables),
        }
        for name, part in parts.items():
            if args.only in (None, name):
                part()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
