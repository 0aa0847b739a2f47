"""Load on the real tracker: phones at 8 Death Dome tables posting actions at once.

Starts `domekit serve` (uvicorn, a SQLite file with durable commits) on loopback, records 8 kits of
4 teams, brings every match to play, then runs N simulated phones for a bounded time. Each phone
belongs to one team of one table and posts real Death Dome actions (money transfers, Vitae
changes, control point counts, end of turn) with a client action id and the version it last saw;
a 409 is retried with the fresh version, as a phone's page does. A phone also re-sends a few
acknowledged actions (a double tap) and must get the original reply back.

Afterwards every acknowledged action must be in its match's log exactly once, and every match's
state as served must equal a cold replay of its exported log.

    .venv/bin/python benchmarks/tracker_load.py [--phones 20] [--seconds 20] [--tables 8]

The last line holds the figures:
    actions_per_s=N p50_ms=N p99_ms=N acknowledged=N lost=N duplicated=N
The pieces (Server, make_tables, run_phones, verify) are reused by tests/tracker/.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from toolkit.tracker.contract import registered  # noqa: E402
from toolkit.tracker.kits import record_kit  # noqa: E402
from toolkit.tracker.referee import Referee  # noqa: E402

TEAMS = ["red", "blue", "green", "yellow"]
UNITS = ["gunner", "warrior", "medic", "scout"]


# ------------------------------------------------------------------------------------ server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def domekit_command() -> list[str]:
    script = Path(sys.executable).with_name("domekit")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from toolkit.cli import main; main()"]


def _cpu_ticks(pid: int) -> int:
    """A process's CPU ticks, with its live descendants'."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12]) + sum(_cpu_ticks(int(c)) for c in children)


class Server:
    """`domekit serve` as a child process on a loopback port; killed by its own process id."""

    def __init__(
        self,
        db_url: str,
        workdir: Path,
        port: int | None = None,
        profile: Path | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        self.db_url = db_url
        self.args = args  # more `domekit serve` options (--workers N)
        self.profile = profile  # a py-spy flame graph of the server, written when it stops
        self.workdir = workdir
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = workdir / "server.log"

    def start(self, timeout: float = 30.0) -> Server:
        kits = self.workdir / "no-kits"
        kits.mkdir(exist_ok=True)
        command = [*domekit_command(), "serve", "--port", str(self.port), "--db", self.db_url]
        command += ["--kits", str(kits), *self.args]
        if self.profile is not None:
            spy = Path(sys.executable).with_name("py-spy")
            form = "flamegraph" if self.profile.suffix == ".svg" else "raw"
            command = [str(spy), "record", "-o", str(self.profile), "-f", form, "--", *command]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.base + "/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s")

    def cpu_seconds(self) -> float:
        """User + system CPU the server process and its live worker processes (`serve
        --workers`) have used so far (Linux /proc)."""
        if self.process is None:
            return 0.0
        return _cpu_ticks(self.process.pid) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as when the laptop's power goes."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            # py-spy writes its profile on SIGINT; uvicorn shuts down cleanly on either.
            self.process.send_signal(signal.SIGINT if self.profile else signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


# ------------------------------------------------------------------------------------ tables


def make_tables(db_url: str, count: int, base: str) -> list[str]:
    """Record `count` Death Dome kits of 4 teams; bring each match through set-up to play."""
    kits = []
    for _ in range(count):
        kit = secrets.token_urlsafe(16)
        record_kit(db_url, {"kit_id": kit, "game": "deathdome", "base_url": base, "teams": TEAMS})
        kits.append(kit)
    with httpx.Client(base_url=base, timeout=30) as client:
        for kit in kits:
            state = client.get(f"/k/{kit}/table.json").json()
            while state.get("purchase_team"):
                reply = _post(client, kit, {"type": "pass", "team": state["purchase_team"]})
                state = client.get(f"/k/{kit}/table.json").json()
            reply = _post(client, kit, {"type": "start"})
            assert reply["state"]["phase"] == "play", reply
    return kits


def _post(client: httpx.Client, kit: str, action: dict[str, Any]) -> dict[str, Any]:
    body = {"action": action, "client_action_id": secrets.token_hex(12)}
    reply = client.post(f"/k/{kit}/act", json=body)
    if reply.status_code != 200:
        raise RuntimeError(f"set-up action {action} refused: {reply.text}")
    return reply.json()


# ------------------------------------------------------------------------------------ phones


@dataclass
class Acknowledged:
    kit: str
    client_action_id: str
    seq: int
    at: float = field(default_factory=time.time)  # when the phone had the reply
    server: str = ""  # the base URL that acknowledged it


@dataclass
class LoadResult:
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, every request
    acknowledged: list[Acknowledged] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    retries_409: int = 0
    double_taps: int = 0
    double_tap_mismatches: int = 0
    errors: Counter[str] = field(default_factory=Counter)  # connection failures and the like
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


class Phone:
    """One team's phone at one table: it knows the version and state of its last reply."""

    def __init__(self, kit: str, team: str, rng: random.Random) -> None:
        self.kit = kit
        self.team = team
        self.rng = rng
        self.version: int | None = None
        self.state: dict[str, Any] | None = None
        self.pending: tuple[str, dict[str, Any]] | None = None  # sent, no reply yet: resend

    def next_action(self) -> dict[str, Any]:
        state = self.state
        others = [t for t in TEAMS if t != self.team]
        if state is None or state.get("phase") != "play":
            return {
                "type": "transfer",
                "payer": self.team,
                "payee": self.rng.choice(others),
                "amount": self.rng.randint(1, 500),
            }
        roll = self.rng.random()
        current = state["order"][state["turn"]]
        if current == self.team and roll < 0.04:
            return {"type": "end_turn", "team": self.team}
        if roll < 0.45:
            unit = self.rng.choice(UNITS)
            vitae = state["teams"][self.team]["units"][unit]["vitae"]
            return {
                "type": "vitae",
                "unit": f"{self.team}.{unit}",
                "change": -1 if vitae > 3 else 1,
            }
        if roll < 0.7:
            return {
                "type": "points",
                "team": self.team,
                "control_points": self.rng.randint(0, 6),
                "tower_centres": self.rng.randint(0, 1),
            }
        return {
            "type": "transfer",
            "payer": self.team,
            "payee": self.rng.choice(others),
            "amount": self.rng.randint(1, 500),
        }


class _Connection:
    """One phone's kept-alive HTTP connection (http.client: light, so the phones' own CPU does
    not crowd out the server's on a small machine)."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.base = base
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data is not None else {}
        try:
            self.conn.request(method, path, body=data, headers=headers)
            reply = self.conn.getresponse()
            text = reply.read()
        except (OSError, http.client.HTTPException):
            self.close()  # the phone opens a new connection for its next try
            raise ConnectionError(f"{method} {path} got no answer") from None
        try:
            return reply.status, json.loads(text)
        except ValueError:  # not the tracker's JSON (a crash's plain 500): counted as it came
            return reply.status, {"message": text.decode("utf-8", "replace")}

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _phone_loop(
    base: str, phone: Phone, deadline: float, result: LoadResult, interval: float = 0.0
) -> None:
    """Turns until the deadline: back to back, or one every `interval` seconds (a paced phone),
    the first at a random point of the first interval. A phone that knows no version yet reads
    its table first (after the QR scan)."""
    http = _Connection(base)
    try:
        if phone.version is None:
            status, table = http.request("GET", f"/k/{phone.kit}/table.json")
            phone.version = table["match"]["version"]
        next_turn = time.monotonic() + interval * phone.rng.random()
        while time.monotonic() < deadline:
            if interval:
                time.sleep(max(0.0, min(next_turn, deadline) - time.monotonic()))
                next_turn += interval
                if time.monotonic() >= deadline:
                    break
            _phone_turn(http, phone, result)
    except ConnectionError:
        if time.monotonic() < deadline:
            result.errors["ConnectionError"] += 1
            time.sleep(0.05)
            _phone_loop(base, phone, deadline, result, interval)
    finally:
        http.close()


def _phone_turn(http: _Connection, phone: Phone, result: LoadResult) -> None:
    """One action from the phone, resent with a fresh version on 409, until it is answered."""
    if phone.pending is not None:
        client_id, action = phone.pending  # the last send got no answer: the page resends it
    else:
        client_id, action = secrets.token_hex(12), phone.next_action()
    phone.pending = (client_id, action)
    body: dict[str, Any] = {"action": action, "client_action_id": client_id}
    path = f"/k/{phone.kit}/act"
    for _attempt in range(20):
        if phone.version is not None:
            body["version"] = phone.version
        started = time.perf_counter()
        try:
            status, data = http.request("POST", path, body)
        except ConnectionError:
            result.errors["ConnectionError"] += 1
            time.sleep(0.05)
            return  # keep `pending`: the next turn resends the same id
        with result.lock:
            result.latencies.append(time.perf_counter() - started)
            result.statuses[status] += 1
        if status == 409:
            with result.lock:
                result.retries_409 += 1
            phone.version = data["version"]
            phone.state = data.get("state", phone.state)
            continue
        if status in (502, 503, 504):  # the tracker cannot take it now: the page keeps it
            time.sleep(0.05)
            return  # `pending` kept: the next turn resends the same id
        phone.pending = None
        if status == 200:
            phone.version = data["version"]
            phone.state = data["state"]
            with result.lock:
                ack = Acknowledged(phone.kit, client_id, data["seq"], server=http.base)
                result.acknowledged.append(ack)
            if phone.rng.random() < 0.02:  # a double tap: the same id again
                _double_tap(http, path, body, data["seq"], result)
        else:
            phone.version = data.get("version", phone.version)
        return
    phone.pending = None  # gave up after many 409s: the player would look again


def _double_tap(
    http: _Connection, path: str, body: dict[str, Any], seq: int, result: LoadResult
) -> None:
    try:
        status, data = http.request("POST", path, body)
    except ConnectionError:
        result.errors["ConnectionError"] += 1
        return
    with result.lock:
        result.double_taps += 1
        if status != 200 or data.get("seq") != seq:
            result.double_tap_mismatches += 1


def make_phones(kits: list[str], count: int, seed: int = 1) -> list[Phone]:
    """Phones spread over the tables, each for one team, round robin."""
    rng = random.Random(seed)
    seats = [(kit, team) for team in TEAMS for kit in kits]
    return [Phone(*seats[i % len(seats)], random.Random(rng.random())) for i in range(count)]


def run_phones(
    base: str,
    phones: list[Phone],
    seconds: float,
    result: LoadResult | None = None,
    rate: float = 0.0,
) -> LoadResult:
    """Every phone in its own thread until `seconds` have passed; `result` fills as they go.

    `rate` > 0 paces the phones to that many actions a second in all (players tap, then look);
    0 sends back to back, which measures the server's ceiling.
    """
    result = result if result is not None else LoadResult()
    interval = len(phones) / rate if rate > 0 else 0.0
    started = time.monotonic()
    deadline = started + seconds
    threads = [
        threading.Thread(
            target=_phone_loop, args=(base, phone, deadline, result, interval), daemon=True
        )
        for phone in phones
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.seconds = time.monotonic() - started
    return result


# ------------------------------------------------------------------------------------ checks


@dataclass
class Verification:
    lost: list[Acknowledged] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)  # client ids in a log more than once
    wrong_seq: list[Acknowledged] = field(default_factory=list)
    state_mismatches: list[str] = field(default_factory=list)  # kits whose state != replay
    actions_in_logs: int = 0

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.wrong_seq or self.state_mismatches)


def replay(document: dict[str, Any]) -> Any:
    """A match's state from its exported log alone, folded by the game's own `apply` (behind
    the guards every game shares)."""
    game = Referee(registered(document["game"]))
    stack = [game.state_from_json(document["initial_state"])]
    for entry in document["actions"]:
        payload = entry["payload"]
        if payload.get("type") == "undo":
            stack.pop()
        else:
            stack.append(game.apply(stack[-1], game.decode(payload))[0])
    return stack[-1]


def verify(base: str, kits: list[str], acknowledged: list[Acknowledged]) -> Verification:
    """Every acknowledged action in its log exactly once and at its seq; every served page equals
    the same page drawn from a cold replay of the exported log."""
    found = Verification()
    game = registered("deathdome")
    by_kit: dict[str, dict[str, int]] = {kit: {} for kit in kits}
    with httpx.Client(base_url=base, timeout=60) as client:
        for kit in kits:
            document = client.get(f"/k/{kit}/export.json").json()
            ids = Counter(entry["client_action_id"] for entry in document["actions"])
            found.duplicated += [cid for cid, n in ids.items() if n > 1]
            seqs = [entry["seq"] for entry in document["actions"]]
            if seqs != list(range(1, len(seqs) + 1)):
                found.state_mismatches.append(f"{kit}: the log's seqs have gaps")
            by_kit[kit] = {e["client_action_id"]: e["seq"] for e in document["actions"]}
            found.actions_in_logs += len(seqs)
            state = replay(document)
            pages = [("table", ())] + [("team", (team,)) for team in TEAMS]
            for name, args in pages:
                path = f"/k/{kit}/{name}" + (f"/{args[0]}" if args else "") + ".json"
                served = client.get(path).json()
                expected = game.page(state, name, args).context
                if {key: served.get(key) for key in expected} != expected:
                    found.state_mismatches.append(f"{kit}: {name} {args} differs from replay")
            if client.get(f"/k/{kit}/table.json").json()["match"]["version"] != len(seqs):
                found.state_mismatches.append(f"{kit}: version is not the log's length")
    for ack in acknowledged:
        seq = by_kit[ack.kit].get(ack.client_action_id)
        if seq is None:
            found.lost.append(ack)
        elif seq != ack.seq:
            found.wrong_seq.append(ack)
    return found


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(result: LoadResult, check: Verification) -> str:
    ms = [v * 1000 for v in result.latencies]
    rate = len(result.acknowledged) / result.seconds if result.seconds else 0.0
    return (
        f"actions_per_s={rate:.0f} p50_ms={percentile(ms, 50):.1f} "
        f"p99_ms={percentile(ms, 99):.1f} acknowledged={len(result.acknowledged)} "
        f"lost={len(check.lost)} duplicated={len(check.duplicated)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="actions a second from all phones together (default 0: back to back, the ceiling)",
    )
    parser.add_argument("--db", help="a SQLAlchemy URL (default: a SQLite file in a temp dir)")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (db and log)")
    parser.add_argument(
        "--profile",
        type=Path,
        help="record the server with py-spy: .svg flame graph, else collapsed stacks",
    )
    args = parser.parse_args(argv)
    if args.phones < 1 or args.tables < 1 or args.seconds <= 0 or args.rate < 0:
        parser.error("--phones, --tables and --seconds must be positive")
    workdir = Path(tempfile.mkdtemp(prefix="domekit-load-"))
    db_url = args.db or f"sqlite:///{workdir / 'tracker.sqlite3'}"
    try:
        with Server(db_url, workdir, profile=args.profile) as server:
            kits = make_tables(db_url, args.tables, server.base)
            phones = make_phones(kits, args.phones)
            pace = f"paced to {args.rate:g} actions/s" if args.rate else "back to back"
            print(
                f"{args.phones} phones at {args.tables} tables for {args.seconds:g} s, {pace}, "
                f"on {server.base} ({db_url})"
            )
            server_cpu, client_cpu = server.cpu_seconds(), time.process_time()
            result = run_phones(server.base, phones, args.seconds, rate=args.rate)
            server_cpu = server.cpu_seconds() - server_cpu
            client_cpu = time.process_time() - client_cpu
            check = verify(server.base, kits, result.acknowledged)
    finally:
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    ms = [v * 1000 for v in result.latencies]
    print(
        f"requests: {len(ms)} {dict(sorted(result.statuses.items()))}; "
        f"409 retried: {result.retries_409}; double taps: {result.double_taps} "
        f"({result.double_tap_mismatches} answered differently); errors: {dict(result.errors)}"
    )
    print(
        f"latency ms: p50 {percentile(ms, 50):.1f}  p95 {percentile(ms, 95):.1f}  "
        f"p99 {percentile(ms, 99):.1f}  max {max(ms, default=0):.1f}  "
        f"mean {statistics.fmean(ms) if ms else 0:.1f}"
    )
    per = max(len(ms), 1)
    print(
        f"CPU during the load: server {server_cpu:.1f} s ({server_cpu / per * 1000:.1f} ms a "
        f"request), phones {client_cpu:.1f} s ({client_cpu / per * 1000:.1f} ms a request); "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    print(
        f"log: {check.actions_in_logs} actions in {len(kits)} matches; wrong seq: "
        f"{len(check.wrong_seq)}; state mismatches: {check.state_mismatches or 'none'}"
    )
    print(summary(result, check))
    return 0 if check.ok and not result.double_tap_mismatches else 1


if __name__ == "__main__":
    sys.exit(main())
