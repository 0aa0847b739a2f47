"""What a stranger can cost the real tracker (`domekit serve` on loopback), measured.

    .venv/bin/python benchmarks/tracker_limits.py [--idle 2000] [--history 18000]

Prints, one figure a line:
- request heads without any kit id: one connection sending a header value in 64 KiB pieces, then
  two streaming header lines, for `--head-seconds`: the bytes the client got into the socket,
  the server's answer, and the server's memory before and at its peak;
- three 400 MB posts to an unknown kit (declared Content-Length) and one streamed without a
  length: the time to the 413, the bytes the client got to send, the server's peak memory;
- `--idle` sockets opened and left idle (half of them with half a request head): the server's
  open connections while they wait, a real request's time meanwhile, and how long until the
  server has closed them all (its 10 s deadline);
- a match of `--history` actions: the history page's and its JSON twin's time and size, first
  (right after a restart: the rebuild) and again;
- the odds of a Nature Dome hand of 88 cards (refused against the deck at once); the most work
  each game's odds forms allow, all at once, then a Domppa fight of two characters of Health 160
  (805 HP) over 100 exchanges on a view link: their answers and times, and the time of a
  phone's table page read meanwhile (every 50 ms);
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
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def stream_head(port: int, opening: bytes, piece: bytes, seconds: float) -> tuple[int, bytes]:
    """Send `opening`, then `piece` again and again for `seconds` or until the server stops
    reading: (the bytes the socket took, the first bytes of the server's answer)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(2)
    sent = 0
    deadline = time.perf_counter() + seconds
    try:
        sock.sendall(opening)
        while time.perf_counter() < deadline:
            sent += sock.send(piece)
    except OSError:  # the server closed it
        pass
    try:
        answer = sock.recv(200)
    except OSError:
        answer = b""
    sock.close()
    return sent, answer


def shown_head(sent: int, answer: bytes) -> str:
    line = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "(no answer)"
    return f"{sent / MB:.2f} MiB sent, then {line!r}"


def heads(server: Server, seconds: float) -> None:
    before = memory(server, "VmRSS")
    opening = b"GET /k/nosuchkit/table HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    value = shown_head(*stream_head(server.port, opening + b"X-Long: ", b"v" * 65536, seconds))
    print(f"one header value sent in 64 KiB pieces for {seconds:g} s: {value}")
    print(f"server memory: {before:.0f} MiB before, peak {memory(server, 'VmHWM'):.0f} MiB")
    lines = b"X-Filler: abcdefgh\r\n" * 500
    found: list[str] = []

    def one() -> None:
        found.append(shown_head(*stream_head(server.port, opening, lines, seconds)))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"two connections streaming header lines for {seconds:g} s: {'; '.join(found)}")
    now, peak = memory(server, "VmRSS"), memory(server, "VmHWM")
    print(f"server memory: now {now:.0f} MiB, peak {peak:.0f} MiB")


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


def odds(server: Server, kit: str, seconds: float) -> None:
    boosts = ",".join(["pack-howl"] * 87)
    params = {**CLASH, "boosts": boosts}
    started = time.perf_counter()
    reply = httpx.get(f"{server.base}/k/{kit}/odds", params=params, timeout=600)
    seconds_taken = time.perf_counter() - started
    print(f"odds of an 88-card hand: {reply.status_code} in {seconds_taken * 1000:.1f} ms: "
          f"{reply.json()['message']}")  # fmt: skip
    kits = heavy_kits(server)
    watched = watching(server, kits["deathdome"][0], heaviest(), kits, seconds)
    print(f"the heaviest odds of each game, {len(heaviest())} queries at once: {watched}")
    fight = {**FIGHT, "exchanges": "100"}
    watched = watching(server, kits["deathdome"][0], [("domppa", fight)], kits, seconds)
    print(f"Domppa fight, 805 HP against 805, 100 exchanges, on a view link: {watched}")


CLASH = {"type": "clash", "attacker": "1", "attack": "talon-dive"}
"""A Nature Dome clash form with the answer still open (the odds are asked while the defender
decides; its hand is at most the rules' three cards: never much work)."""
GIANT = {"type": "add", "health": 160, "attack": 10, "defence": 10, "strength": 10}
"""A Domppa character of the largest Health (160: 805 HP)."""
FIGHT = {"type": "fight", "unit": "giant-a", "against": "giant-b"}
# Dominum's set-up for red's assault (as tests/tracker/test_odds_charts.py's `dominum`)
RED_SPACES = ["1,2", "1,4", "2,2", "2,3", "2,4", "3,3"]
GOLD_SPACES = ["5,1", "5,5", "4,1", "4,5", "5,3", "3,1"]


def acts(base: str, kit: str, *actions: dict[str, Any]) -> None:
    """Record the actions on the kit, each once (a fresh client action id)."""
    with httpx.Client(timeout=60) as client:
        for action in actions:
            body = {"action": action, "client_action_id": secrets.token_hex(8)}
            reply = client.post(f"{base}/k/{kit}/act", json=body)
            assert reply.status_code == 200, reply.text


def heavy_kits(server: Server) -> dict[str, tuple[str, str]]:
    """A kit of each game in the state whose odds are the most work the rules allow, as
    (kit id, view token) by game: two Domppa characters of Health 160 (805 HP) with
    broadswords; a Death Dome match (an attack may name every power card of the deck); a
    Dominum match at red's assault."""
    store = Store(server.db_url)
    kits = {}
    for game in ("domppa", "deathdome", "naturedome", "dominum"):
        kit = secrets.token_urlsafe(16)
        teams = {"teams": ["red", "blue"]} if game == "deathdome" else {}
        record_kit_in(store, {"kit_id": kit, "game": game, **teams})
        row = store.kit(kit_id=kit)
        assert row is not None
        kits[game] = (kit, row.view_token)
    store.close()
    gear = [{"type": "gear", "unit": u, "weapon": "Broadsword"} for u in ("giant-a", "giant-b")]
    acts(server.base, kits["domppa"][0], {**GIANT, "name": "Giant A"},
         {**GIANT, "name": "Giant B"}, *gear)  # fmt: skip
    dm = kits["dominum"][0]
    acts(server.base, dm, {"type": "begin", "reserves": {"red": ["3", "4"], "gold": ["1", "2"]},
                           "seed": 7, "first_player": "red"})  # fmt: skip
    forces = httpx.get(f"{server.base}/k/{dm}/table.json", timeout=30).json()["forces"]
    places = []
    for n, (red, gold) in enumerate(zip(RED_SPACES, GOLD_SPACES, strict=True)):
        places.append({"type": "place", "player": "red", "card": forces["red"][n], "space": red})
        places.append({"type": "place", "player": "gold", "card": forces["gold"][n], "space": gold})
    acts(server.base, dm, *places, {"type": "activate", "player": "red", "phase": "move"},
         {"type": "move", "player": "red", "start": "3,3", "end": "4,3"},
         {"type": "end_phase", "player": "red"},
         {"type": "activate", "player": "gold", "phase": "reserve"},
         {"type": "reserve", "player": "gold", "revealed": "4"},
         {"type": "activate", "player": "red", "phase": "assault"})  # fmt: skip
    return kits


def heaviest() -> list[tuple[str, dict[str, str]]]:
    """The most work each odds form of each game allows, on `heavy_kits`' matches."""
    hand = ",".join(["1"] * 10 + ["2"] * 10 + ["3"] * 8 + ["4"] * 6)  # every power card
    dd = {"type": "attack", "attacker": "red.gunner", "target": "blue.scout", "cards": hand}
    attack = {"type": "attack", "attacker": "giant-a", "target": "giant-b", "weapon": "Broadsword",
              "hit_dice": "roll", "damage_dice": "roll"}  # fmt: skip
    assault = {"type": "assault", "player": "red"}  # both draws still to come: the odds' case
    return [
        ("domppa", {**FIGHT, "exchanges": "5"}),
        ("domppa", attack),
        ("domppa", {"type": "morale", "unit": "giant-a"}),
        ("deathdome", {**dd, "defender_cards": "37"}),
        ("deathdome", dd),
        ("naturedome", CLASH),
        ("dominum", assault),
    ]


@dataclass
class Watched:
    """Odds queries asked at once while a phone read its table: each query's status (0: no
    answer in time) and seconds, in the order asked, and each table read's seconds."""

    answers: list[tuple[int, float]]
    waits: list[float]

    def __str__(self) -> str:
        shown = [f"{status or 'no answer'} in {took:.2f} s" for status, took in self.answers]
        waits = sorted(self.waits)
        median, worst = waits[len(waits) // 2] * 1000, waits[-1] * 1000
        return (
            f"{', '.join(shown)}; the table read {len(waits)} times meanwhile, median "
            f"{median:.0f} ms, worst {worst:.0f} ms"
        )


def watching(
    server: Server,
    watched_kit: str,
    queries: list[tuple[str, dict[str, str]]],
    kits: dict[str, tuple[str, str]],
    seconds: float,
) -> Watched:
    """Ask the queries at once (on view links) while a phone reads its table every 50 ms."""
    watched = Watched([(0, 0.0)] * len(queries), [])
    done = threading.Event()

    def ask(index: int, game: str, params: dict[str, str]) -> None:
        started = time.perf_counter()
        try:
            reply = httpx.get(f"{server.base}/v/{kits[game][1]}/odds", params=params,
                              timeout=seconds)  # fmt: skip
            status = reply.status_code
        except httpx.TimeoutException:
            status = 0
        watched.answers[index] = (status, time.perf_counter() - started)

    def watch() -> None:
        with httpx.Client(timeout=600) as client:
            while True:  # at least once, until the queries are answered
                started = time.perf_counter()
                assert client.get(f"{server.base}/k/{watched_kit}/table.json").is_success
                watched.waits.append(time.perf_counter() - started)
                if done.wait(0.05):
                    break

    watcher = threading.Thread(target=watch)
    watcher.start()
    askers = [threading.Thread(target=ask, args=(n, *query)) for n, query in enumerate(queries)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    done.set()
    watcher.join()
    return watched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--history", type=int, default=18000)
    parser.add_argument("--streams", type=int, default=4000)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--odds-seconds", type=float, default=120.0, help="a query's timeout")
    parser.add_argument("--head-seconds", type=float, default=8.0)
    parser.add_argument("--only", choices=["heads", "bodies", "idle", "history", "odds", "streams"])
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
            "heads": lambda: heads(server, args.head_seconds),
            "bodies": lambda: bodies(server),
            "idle": lambda: idle(server, args.idle, kit),
            "history": lambda: history(server, long, args.history),
            "odds": lambda: odds(server, duel, args.odds_seconds),
            "streams": lambda: streams(server, db_url, args.streams, args.tables),
        }
        for name, part in parts.items():
            if args.only in (None, name):
                part()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
