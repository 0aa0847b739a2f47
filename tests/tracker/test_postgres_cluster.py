"""Several `domekit serve` processes on one PostgreSQL database, as a hosted tracker runs: live
updates cross processes (LISTEN/NOTIFY, carrying each action), a stale version is refused
whichever process holds it, two processes writing one match never both apply against one
version, redos of one undo sent to two or four processes at once record it once, a SIGKILLed
process loses nothing it acknowledged while the others keep serving, so does PostgreSQL going
away and coming back under load (503s, then every process serves again), a stream resumes on
another process with Last-Event-ID, `serve --workers 2` supervises its workers, and
benchmarks/tracker_cluster.py checks everything and prints its last line. The servers are real
processes on loopback ports over the session's throwaway cluster (conftest.py), or over a
cluster of the test's own where it is halted."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from load_harness import _benchmark, load, log_problems, pg_cluster

from toolkit.tracker.notices import Logged, Notice, announce, moved, read

cluster = _benchmark("tracker_cluster")
CAP_SECONDS = 120.0  # the most a load waits for what a test needs (seconds, a loaded machine)


def _servers(db: str, folder: Path, count: int) -> list[load.Server]:
    servers = [load.Server(db, folder / f"server{i}") for i in range(count)]
    for server in servers:
        server.workdir.mkdir()
    with ThreadPoolExecutor(count) as starting:  # side by side: each takes seconds
        list(starting.map(lambda server: server.start(timeout=120), servers))
    return servers


@pytest.fixture(scope="module")
def pair(postgres_server, tmp_path_factory):
    """Two server processes on one database: (database URL, server A, server B)."""
    db = postgres_server.create_database()
    servers = _servers(db, tmp_path_factory.mktemp("pair"), 2)
    yield db, *servers
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def four(postgres_server, tmp_path_factory):
    """Four server processes on one database: (database URL, [servers])."""
    db = postgres_server.create_database()
    servers = _servers(db, tmp_path_factory.mktemp("four"), 4)
    yield db, servers
    for server in servers:
        server.stop()


class Watch:
    """A match's live stream on one server, read in a thread: (seq, arrival) of each event."""

    def __init__(self, base: str, kit: str, after: int, seconds: float = 15.0) -> None:
        self.arrived: list[cluster.Arrival] = []
        connected = threading.Event()
        until = time.monotonic() + seconds

        def read() -> None:
            asyncio.run(cluster.read_events(base, kit, after, until, self.arrived, connected.set))

        self._thread = threading.Thread(target=read, daemon=True)
        self._thread.start()
        assert connected.wait(30), "the stream did not open"

    def ended(self) -> bool:
        """The server ended the stream (a `reload`: the kit moved on to another match)."""
        return not self._thread.is_alive()

    def seqs(self) -> list[int]:
        return [a.seq for a in self.arrived]

    def wait_for(self, seq: int, timeout: float = 5.0) -> cluster.Arrival | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for arrival in list(self.arrived):
                if arrival.seq == seq:
                    return arrival
            time.sleep(0.005)
        return None


def _post(base: str, kit: str, action: dict, version: int | None = None) -> httpx.Response:
    body: dict = {"action": action, "client_action_id": secrets.token_hex(12)}
    if version is not None:
        body["version"] = version
    return httpx.post(f"{base}/k/{kit}/act", json=body, timeout=30)


def _version(base: str, kit: str) -> int:
    return httpx.get(f"{base}/k/{kit}/table.json", timeout=30).json()["match"]["version"]


def _transfer(payer: str, payee: str, amount: int) -> dict:
    return {"type": "transfer", "payer": payer, "payee": payee, "amount": amount}


def test_an_action_on_one_process_is_on_the_others_stream_within_a_second(pair):
    db, a, b = pair
    [kit] = load.make_tables(db, 1, a.base)
    watch = Watch(b.base, kit, _version(b.base, kit))
    for amount in range(1, 6):
        reply = _post(a.base, kit, _transfer("red", "blue", amount))
        acknowledged = time.time()
        seq = reply.json()["seq"]
        arrival = watch.wait_for(seq, timeout=1.0)
        assert arrival is not None, f"#{seq} did not reach the other process's stream in 1 s"
        assert arrival.at - acknowledged < 1.0
        # the page that the event makes a phone fetch shows it, on that process too
        assert _version(b.base, kit) >= seq
    assert watch.seqs() == sorted(set(watch.seqs()))  # each event once, in order


def test_a_stale_version_is_refused_across_processes(pair):
    db, a, b = pair
    [kit] = load.make_tables(db, 1, a.base)
    seen = _version(a.base, kit)  # a phone's page from A
    credits = httpx.get(f"{a.base}/k/{kit}/team/red.json").json()["team"]["credits"]
    assert _post(b.base, kit, _transfer("red", "blue", 7), version=seen).status_code == 200
    refused = _post(a.base, kit, _transfer("red", "green", 9), version=seen)
    assert refused.status_code == 409
    body = refused.json()
    assert (body["error"], body["version"]) == ("stale", seen + 1)
    assert body["since"] == ["transfer 7 red -> blue"]
    assert body["state"]["teams"]["red"]["credits"] == credits - 7
    # sent again on the fresh version, from a page the other process served: recorded
    again = _post(a.base, kit, _transfer("red", "green", 9), version=seen + 1)
    assert again.status_code == 200 and again.json()["seq"] == seen + 2
    assert httpx.get(f"{b.base}/k/{kit}/team/red.json").json()["team"]["credits"] == credits - 16


def _phones_on(bases: list[str], kits: list[str], count: int, seed: int):
    """`count` phones at the tables, each writing through the next base along."""
    phones = load.make_phones(kits, count, seed=seed)
    return [(phone, bases[i % len(bases)]) for i, phone in enumerate(phones)]


def _run(phones, bases: list[str], result: load.LoadResult, enough) -> None:
    """The phones until `enough()` holds (checked every 50 ms), or CAP_SECONDS pass: what the
    test waits for, not a fixed time, so a slow machine only makes the test take longer."""
    stop = threading.Event()
    threads = [
        threading.Thread(target=_failover_phone, args=(phone, base, bases, stop, result))
        for phone, base in phones
    ]
    for thread in threads:
        thread.start()
    try:
        _until(enough, CAP_SECONDS, step=0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def _failover_phone(phone, base: str, bases: list[str], stop: threading.Event, result) -> None:
    """A phone on one server that moves to the other when its server stops answering (what a
    load balancer does): an action sent without an answer is sent again there, same id."""
    others = [other for other in bases if other != base]
    http = load._Connection(base)
    try:
        while phone.version is None and not stop.is_set():
            try:
                _status, table = http.request("GET", f"/k/{phone.kit}/table.json")
                phone.version = table["match"]["version"]
            except ConnectionError:
                time.sleep(0.05)
        while not stop.is_set():
            load._phone_turn(http, phone, result)  # keeps `pending` when it got no answer
            if http.conn is None and others:  # no answer: to the next server
                http = load._Connection(others.pop(0))
    finally:
        http.close()


def _acknowledged(result: load.LoadResult, server: str, after: float = 0.0) -> int:
    with result.lock:
        return sum(1 for ack in result.acknowledged if ack.server == server and ack.at > after)


def test_two_processes_writing_one_match_never_both_apply_against_one_version(pair):
    db, a, b = pair
    [kit] = load.make_tables(db, 1, a.base)
    result = load.LoadResult()
    bases = [a.base, b.base]

    def enough() -> bool:
        return min(_acknowledged(result, a.base), _acknowledged(result, b.base)) >= 20

    _run(_phones_on(bases, [kit], 8, seed=11), bases, result, enough)
    assert enough() and not result.errors
    seqs = [ack.seq for ack in result.acknowledged]
    assert len(seqs) == len(set(seqs))  # no version was applied on twice
    assert {ack.server for ack in result.acknowledged} == {a.base, b.base}
    for server in (a, b):  # every acknowledged action in the log once; pages = cold replay
        check = load.verify(server.base, [kit], result.acknowledged)
        assert check.ok, (server.base, check.lost, check.duplicated, check.state_mismatches)
    assert log_problems(db) == []  # seqs 1..n, an event for each action, version = length


@pytest.mark.parametrize("processes", [2, 4])
def test_sigkill_of_one_process_mid_load_loses_nothing_and_the_others_keep_serving(
    postgres_server, tmp_path, processes
):
    db = postgres_server.create_database()
    servers = _servers(db, tmp_path, processes)
    a, rest = servers[0], servers[1:]
    try:
        kits = load.make_tables(db, 2, a.base)
        result = load.LoadResult()
        killed_at: list[float] = []

        def enough() -> bool:
            """A acknowledged some actions, was SIGKILLed, and the others acknowledged more
            since."""
            if not killed_at:
                if _acknowledged(result, a.base) >= 20:
                    a.kill()  # SIGKILL: no shutdown code runs
                    killed_at.append(time.time())
                return False
            after = killed_at[0] + 0.1
            return sum(_acknowledged(result, b.base, after=after) for b in rest) >= 30

        bases = [server.base for server in servers]
        _run(_phones_on(bases, kits, 8, seed=5), bases, result, enough)
        assert killed_at, "A acknowledged 20 actions before it was killed"
        assert enough(), "the others went on acknowledging actions after A was killed"
        late = [ack.server for ack in result.acknowledged if ack.at > killed_at[0] + 0.1]
        assert a.base not in late
        for server in rest:
            check = load.verify(server.base, kits, result.acknowledged)
            assert check.ok, (check.lost, check.duplicated, check.wrong_seq, check.state_mismatches)
        assert log_problems(db) == []
    finally:
        for server in servers:
            server.stop()


@pytest.mark.parametrize("processes", [2, 4])
def test_postgresql_going_away_under_load_loses_nothing_and_every_process_serves_again(
    tmp_path, processes
):
    """Phones write through every process; PostgreSQL is halted at once (every connection
    dropped, as a crash or a cut cable does) and started again 3 s later: meanwhile every answer
    is 503 and the phones keep their actions (as the page's queue does), then every process
    serves again by itself and nothing acknowledged is lost or doubled."""
    try:
        cluster = pg_cluster.Cluster().start()
    except pg_cluster.NoPostgres as why:
        pytest.skip(f"no PostgreSQL: {why}")
    servers: list[load.Server] = []
    try:
        db = cluster.create_database()
        servers = _servers(db, tmp_path, processes)
        bases = [server.base for server in servers]
        kits = load.make_tables(db, 2, bases[0])
        result = load.LoadResult()
        outage: list[float] = []

        def enough() -> bool:
            if not outage:
                if min(_acknowledged(result, base) for base in bases) >= 5:
                    cluster.halt()
                    outage.append(time.time())
                return False
            if len(outage) == 1:
                if time.time() - outage[0] > 3.0:
                    outage.append(time.time())  # before it starts: commits may follow at once
                    cluster.resume()
                return False
            return min(_acknowledged(result, base, after=outage[1]) for base in bases) >= 10

        _run(_phones_on(bases, kits, 8, seed=7), bases, result, enough)
        assert len(outage) == 2 and enough(), (outage, result.statuses)
        assert result.statuses[503] > 0, result.statuses  # the outage was met
        assert not [code for code in result.statuses if code >= 500 and code != 503]
        for base in bases:
            check = load.verify(base, kits, result.acknowledged)
            assert check.ok, (check.lost, check.duplicated, check.wrong_seq, check.state_mismatches)
        # an answer that reached its phone while PostgreSQL was down (from the moment it was
        # halted to the moment it was started again) was committed before it went down
        logged = {
            entry["client_action_id"]: entry["created"]
            for kit in kits
            for entry in httpx.get(f"{bases[0]}/k/{kit}/export.json", timeout=60).json()["actions"]
        }
        during = [ack for ack in result.acknowledged if outage[0] < ack.at < outage[1]]
        assert all(logged[ack.client_action_id] < outage[0] for ack in during), during
        assert log_problems(db) == []
    finally:
        for server in servers:
            server.stop()
        cluster.stop()


def _redo_at_once(bases: list[str], kit: str, seq: int, version: int | None) -> list:
    """The redo button tapped on a phone at each process at the same moment."""
    start = threading.Barrier(len(bases))

    def tap(base: str) -> httpx.Response:
        body: dict = {"seq": seq, "client_action_id": secrets.token_hex(8)}
        if version is not None:
            body["version"] = version
        start.wait()
        return httpx.post(f"{base}/k/{kit}/redo", json=body, timeout=60)

    with ThreadPoolExecutor(len(bases)) as phones:
        return list(phones.map(tap, bases))


def _credits(base: str, kit: str) -> tuple[int, int]:
    table = httpx.get(f"{base}/k/{kit}/team/red.json", timeout=30).json()
    return table["match"]["version"], table["team"]["credits"]


def _redo_races(db: str, servers: list[load.Server]) -> None:
    bases = [server.base for server in servers]
    kits = load.make_tables(db, 20, bases[0])
    for trial, kit in enumerate(kits):
        start, credits = _credits(bases[0], kit)
        paid = _post(bases[0], kit, _transfer("red", "blue", 50)).json()["seq"]
        assert _post(bases[-1], kit, {"type": "undo", "target": paid}).status_code == 200
        for base in bases:  # every process holds the match as it is now
            assert _credits(base, kit) == (paid + 1, credits)
        # the page's version (the undo's), or none (the JSON API needs none)
        replies = _redo_at_once(bases, kit, paid, version=None if trial % 2 else paid + 1)
        statuses = sorted(reply.status_code for reply in replies)
        assert statuses == [200] + [409] * (len(bases) - 1), [r.text for r in replies]
        for reply in replies:  # recorded at paid + 2, or a duplicate of it
            body = reply.json()
            assert body.get("seq", body.get("duplicate_of")) == paid + 2, body
        for base in bases:
            assert _credits(base, kit) == (paid + 2, credits - 50), (trial, base, start)
    assert log_problems(db) == []


def test_redos_of_one_undo_sent_to_two_processes_at_once_record_it_once(pair):
    db, a, b = pair
    _redo_races(db, [a, b])


def test_redos_of_one_undo_sent_to_four_processes_at_once_record_it_once(four):
    db, servers = four
    _redo_races(db, servers)


def test_a_stream_resumed_on_the_other_process_with_last_event_id_misses_nothing(pair):
    db, a, b = pair
    [kit] = load.make_tables(db, 1, a.base)
    first = Watch(a.base, kit, _version(a.base, kit), seconds=5.0)
    seqs = [_post(a.base, kit, _transfer("blue", "red", n)).json()["seq"] for n in (1, 2, 3)]
    assert first.wait_for(seqs[-1]) is not None
    assert _until(first.ended, 30)  # the first stream ended (its phone lost the connection)
    seen = first.seqs()[-1]
    missed = [_post(b.base, kit, _transfer("blue", "red", n)).json()["seq"] for n in (4, 5)]
    missed += [_post(a.base, kit, _transfer("blue", "red", 6)).json()["seq"]]
    resumed = Watch(b.base, kit, seen)  # the EventSource reconnects with Last-Event-ID: seen
    assert resumed.wait_for(missed[-1]) is not None
    later = _post(a.base, kit, _transfer("blue", "red", 7)).json()["seq"]
    assert resumed.wait_for(later) is not None
    assert first.seqs() == seqs
    assert resumed.seqs() == [*missed, later]


def _children(pid: int) -> list[int]:
    """The worker processes a `serve --workers` parent started (not multiprocessing's helper)."""
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"resource_tracker" not in command:
            found.append(int(child))
    return found


def _until(condition, timeout: float, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_serve_with_workers_replaces_a_killed_worker_and_stops_on_sigterm(
    postgres_server, tmp_path
):
    # a password in the URL (the throwaway cluster trusts loopback, so any one works) is never
    # printed: the start-up lines of a hosted server go to the system journal
    db = postgres_server.create_database().replace("postgres@", "postgres:pw-s3cret@")
    server = load.Server(db, tmp_path, args=("--workers", "2")).start(timeout=60)
    try:
        assert server.process is not None
        parent = server.process.pid
        assert _until(lambda: len(_children(parent)) == 2, 60), _children(parent)
        [kit] = load.make_tables(db, 1, server.base)
        victim = _children(parent)[0]
        os.kill(victim, signal.SIGKILL)
        # the other worker answers meanwhile, on the same port
        for _ in range(10):
            assert _post(server.base, kit, _transfer("red", "blue", 1)).status_code == 200
        assert _until(lambda: len(set(_children(parent)) - {victim}) == 2, 60)
        printed = server.log.read_text()
        assert f"(pid {victim}) was stopped by SIGKILL" in printed
        assert "workers: 2 processes on one socket" in printed
        assert f"database: {db.replace('pw-s3cret', '***')}" in printed
        assert "s3cret" not in printed
        assert load.verify(server.base, [kit], []).ok
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(60) == 0
        assert _children_gone(parent)
    finally:
        server.stop()


def _children_gone(pid: int) -> bool:
    try:
        return not _children(pid)
    except OSError:
        return True  # the parent is gone, and its workers with it


def test_the_listener_reads_only_its_own_messages():
    assert read("12 34") == Notice(12, 34)  # a pointer: read the log
    assert read("12 34 moved") == Notice(12, 34, moved=True)
    for other in ("", "12", "a b", "12 34 35", "12 -3", "1 2 gone", "١٢ 3"):
        assert read(other) is None
    assert read("12 34 {not json").action() is None  # read, then: the log


def test_a_notification_carries_the_action_or_points_to_it_when_too_big():
    action = Logged(7, "tap-1", "Sami ★", 1733.25, "transfer", {"note": "bribe"}, "transfer 5")
    message = announce(3, action)
    assert len(message.encode()) < 8000
    notice = read(message)
    assert notice is not None and (notice.match_id, notice.seq, notice.moved) == (3, 7, False)
    assert notice.action() == action
    huge = Logged(8, "tap-2", "", 1.0, "transfer", {"note": "é" * 4000}, "transfer 5")
    assert announce(3, huge) == "3 8"  # 8,000 bytes and more: PostgreSQL refuses it
    assert read(moved(3, 8)) == Notice(3, 8, moved=True)


def test_a_match_imported_on_one_process_is_the_current_one_on_the_other_at_once(pair):
    db, a, b = pair
    [kit] = load.make_tables(db, 1, a.base)
    old = httpx.get(f"{b.base}/k/{kit}/table.json").json()["match"]  # B caches the kit row
    watch = Watch(b.base, kit, old["version"])
    document = httpx.get(f"{a.base}/k/{kit}/export.json").json()
    replaced = httpx.post(f"{a.base}/k/{kit}/import?replaces={old['number']}", json=document)
    assert replaced.status_code == 200, replaced.text
    # B hears the kit move on (NOTIFY): its pages, and its actions, are on the new match
    # (within 5 s on a loaded machine; without the NOTIFY it would be the next keepalive, 15 s)
    assert _until(watch.ended, 5.0), "B's stream of the old match did not end"
    new = httpx.get(f"{b.base}/k/{kit}/table.json").json()["match"]
    assert (new["number"], new["version"]) == (old["number"] + 1, old["version"])
    reply = _post(b.base, kit, _transfer("red", "blue", 1))
    assert reply.status_code == 200 and reply.json()["seq"] == old["version"] + 1
    exported = httpx.get(f"{a.base}/k/{kit}/export.json?match={old['number']}").json()
    assert len(exported["actions"]) == old["version"]  # nothing landed on the replaced match


LAST_LINE = re.compile(
    r"workers=(\d) database=(\w+) tables=2 phones=8 actions_per_s=\d+ p99_ms=\d+\.\d "
    r"live_p99_ms=\d+\.\d acknowledged=(\d+) lost=0 duplicated=0 stale_pages=0 "
    r"cpu_ms_per_action=\d+\.\d\d saturated_cpu_ms_per_action=\d+\.\d\d cores_used=\d+\.\d\d "
    r"one_at_a_time_cpu_ms_per_action=\d+\.\d\d routing=(\w+)"
)


@pytest.mark.parametrize(
    ("options", "database", "routing"),
    [
        (["--workers", "2"], "postgresql", "serve_workers"),
        (["--workers", "2", "--spread"], "postgresql", "spread"),
        (["--workers", "1", "--sqlite"], "sqlite", "serve_workers"),
    ],
    ids=["serve --workers 2", "two ports, a table spread", "one process on sqlite"],
)
def test_the_cluster_benchmark_checks_everything_and_prints_its_line(
    postgres_server, tmp_path, options, database, routing
):
    """benchmarks/tracker_cluster.py at its smallest: its own cluster (or a SQLite file), two
    tables."""
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "tracker_cluster.py"
    ran = subprocess.run(
        [sys.executable, str(script), *options, "--tables", "2", "--seconds", "1"]
        + ["--warm-up", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    last = ran.stdout.strip().splitlines()[-1]
    found = LAST_LINE.fullmatch(last)
    assert found is not None, last
    assert (found.group(1), found.group(2), found.group(4)) == (options[1], database, routing)
    assert int(found.group(3)) > 0


def test_the_idle_benchmark_prints_a_servers_cpu_at_rest(tmp_path):
    """benchmarks/tracker_idle.py at its smallest, on a SQLite file: its one line."""
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "tracker_idle.py"
    ran = subprocess.run(
        [sys.executable, str(script), "--sqlite", "--tables", "1", "--seconds", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    last = ran.stdout.strip().splitlines()[-1]
    found = re.fullmatch(r"database=sqlite tables=1 seconds=1 idle_cpu_ms_per_s=([0-9.]+)", last)
    assert found is not None, last
