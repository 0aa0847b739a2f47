"""Many tables on one PostgreSQL: N server processes; every phone writes through them and
watches its match's live stream.

    .venv/bin/python benchmarks/tracker_cluster.py [--workers 2] [--tables 40] [--seconds 10]
                                                    [--pace 4] [--warm-up 10]
                                                    [--spread | --by-table] [--keep]
                                                    [--profile DIR] [--sqlite]

It starts a throwaway PostgreSQL cluster (benchmarks/pg_cluster.py: initdb and pg_ctl on a
loopback port, as the tests do) and one `domekit serve --workers N` on it, as a machine runs it
(docs/hosting.md, section 3): its N worker processes on one port, the kernel giving each new
connection to any of them and the worker handing it to the one that owns its kit
(toolkit/tracker/handoff.py). It records T Death Dome kits of 4 teams and brings each match to
play. One phone per team, P = 4 T: each writes through that port and watches its match's live
stream (server-sent events) there; every 10 to 30 s the stream is dropped and resumed with
Last-Event-ID, as a phone does when its connection breaks.

With --spread or --by-table, N `domekit serve` processes instead, each on its own loopback port
(what N machines behind a proxy are). --spread: phone j of table t writes through server
(t + j) mod N and watches its stream on the next server along, resuming it on the next again,
as behind a proxy that spreads the phones without looking at their kits (the worst case: every
process holds every match). --by-table: everything of table t goes to server t mod N (its
phones' writes, their streams and resumes, the one-at-a-time phase's actions; no other process
reads the match), as behind a proxy that hashes on the kit id.

With --sqlite (and --workers 1, a SQLite file has one server process) the same run on a SQLite
file with durable commits instead of PostgreSQL: the figures of one process on each database.

Three phases of S seconds each:
  1. a table's real pace: every phone sends an action every `--pace` seconds on average (a table
     of four makes one a second), with the version it last saw, a 409 resent on the fresh one;
  2. saturating: every phone back to back, the ceiling;
  3. one at a time: one action after another, the tables in turn (with --spread each table's
     next action through the next process), no two writes ever racing.

Afterwards every acknowledged action must be in its match's log exactly once at its seq, every
stream must have seen every event of its match exactly once and in order across its resumes, and
every page (the table and the four teams) on every server must equal the same page drawn from
a cold replay of the exported log. Before the phases every match is read once (with --spread on
every process) and the phones play `--warm-up` seconds (10) at the real pace, not measured: the
steady state of a server that has been up a while, its database connections and PostgreSQL's
backends in use (each process brings its own, and first uses cost most). The last line:

  workers=N database=postgresql tables=T phones=P actions_per_s=... p99_ms=... live_p99_ms=...
  acknowledged=... lost=0 duplicated=0 stale_pages=0 cpu_ms_per_action=...
  saturated_cpu_ms_per_action=... cores_used=... one_at_a_time_cpu_ms_per_action=...
  routing=serve_workers|spread|by_table

actions_per_s is the saturating phase's; p99_ms (every action request) and live_p99_ms (from an
action's acknowledgement on one process to its event's arrival on a stream served by another,
with --spread only) are the real-pace phase's, what players at the tables see; acknowledged
counts every phase. cpu_ms_per_action is the CPU the server processes (with one `serve
--workers`, its parent and workers) and PostgreSQL (every process of the cluster) used in the
real-pace phase for each acknowledged action, whatever it went on (409s, the live streams,
catching up with the other processes); saturated_cpu_ms_per_action the same in the saturating
phase; cores_used the servers' and PostgreSQL's CPU seconds a second in the saturating phase
(the cores the ceiling took); one_at_a_time_cpu_ms_per_action the CPU an action in the third
phase. The lines before give each phase's figures in full and the CPU used
by the servers, PostgreSQL and the phones. Exit code 1 when anything was lost, doubled, missed by
a stream or stale.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pg_cluster  # noqa: E402
import tracker_load as load  # noqa: E402

from toolkit.tracker.contract import registered  # noqa: E402

RESUME_SECONDS = (10.0, 30.0)  # a stream is resumed on the next server this often
DRAIN_SECONDS = 3.0  # after the load, for the last events to reach every stream


# ------------------------------------------------------------------------------- live streams


@dataclass
class StreamSpec:
    """One phone's live stream: its kit, the seq it starts after, the servers it resumes on."""

    kit: str
    after: int
    bases: list[str]  # the first is where it starts; each resume moves on to the next


@dataclass
class Arrival:
    seq: int
    at: float  # time.time() when the event was read
    server: str  # the base URL of the process that served it


async def read_events(
    base: str, kit: str, after: int, until: float, arrived: list[Arrival], connected: Any = None
) -> None:
    """Read the kit's event stream from `base`, resumed after `after` (Last-Event-ID), until the
    clock passes `until` (time.monotonic()); each event's seq and arrival go to `arrived`. HTTP/1.0,
    so the body comes unchunked until the server or the deadline ends it."""
    host, port = base.rsplit("//", 1)[1].rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        head = (
            f"GET /k/{kit}/events HTTP/1.0\r\nHost: {host}\r\nAccept: text/event-stream\r\n"
            f"Last-Event-ID: {after}\r\n\r\n"
        )
        writer.write(head.encode())
        status = await reader.readline()
        if b" 200 " not in status:
            raise ConnectionError(f"{base}: {status!r}")
        while (await reader.readline()).strip():  # the response's headers
            pass
        if connected is not None:
            connected()
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            try:
                line = await asyncio.wait_for(reader.readline(), left)
            except TimeoutError:
                return
            if not line:
                return  # the server ended the stream
            if line.startswith(b"id: "):
                arrived.append(Arrival(int(line[4:]), time.time(), base))
    finally:
        writer.close()


async def _follow(
    spec: StreamSpec, stop: asyncio.Event, arrived: list[Arrival], ready: Any
) -> None:
    """One phone's stream: resumed on the next server every few seconds until `stop`."""
    rng = random.Random(spec.kit + spec.bases[0])
    turn = 0
    first = True
    while not stop.is_set():
        base = spec.bases[turn % len(spec.bases)]
        after = arrived[-1].seq if arrived else spec.after
        until = time.monotonic() + rng.uniform(*RESUME_SECONDS)
        try:
            await read_events(base, spec.kit, after, until, arrived, ready if first else None)
            first = False
        except (OSError, ConnectionError):
            await asyncio.sleep(0.2)
        turn += 1


def _streams_process(specs: list[StreamSpec], pipe: Any) -> None:
    """In a process of its own (its CPU apart from the phones'): follow every stream until the
    parent says stop, then send back what each one received."""

    async def main() -> list[list[Arrival]]:
        stop = asyncio.Event()
        arrived: list[list[Arrival]] = [[] for _ in specs]
        left = [len(specs)]

        def one_ready() -> None:
            left[0] -= 1
            if left[0] == 0:
                pipe.send("ready")

        tasks = [
            asyncio.create_task(_follow(spec, stop, arrived[i], one_ready))
            for i, spec in enumerate(specs)
        ]
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # "stop"
        stop.set()
        for task in tasks:  # at once: a stream would otherwise read on until its next resume
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return arrived

    result = asyncio.run(main())
    pipe.send([[(a.seq, a.at, a.server) for a in stream] for stream in result])


class Streams:
    """Every phone's live stream, read by one child process."""

    def __init__(self, specs: list[StreamSpec]) -> None:
        self.specs = specs
        context = multiprocessing.get_context("spawn")
        self._pipe, child = context.Pipe()
        self._process = context.Process(target=_streams_process, args=(specs, child))

    def start(self, timeout: float = 120.0) -> None:
        self._process.start()
        if not self._pipe.poll(timeout):
            raise RuntimeError("the live streams did not all connect")
        assert self._pipe.recv() == "ready"

    def stop(self) -> list[list[Arrival]]:
        self._pipe.send("stop")
        streams = self._pipe.recv()
        self._process.join(30)
        return [[Arrival(*event) for event in stream] for stream in streams]


# ------------------------------------------------------------------------------------ checks


@dataclass
class Checks:
    lost: int = 0
    duplicated: int = 0
    wrong_seq: int = 0
    stale_pages: list[str] = field(default_factory=list)  # server kit page
    live_missed: int = 0  # events a stream never received
    live_doubled: int = 0  # events a stream received twice or out of order
    actions_in_logs: int = 0

    @property
    def ok(self) -> bool:
        return not (
            self.lost
            or self.duplicated
            or self.wrong_seq
            or self.stale_pages
            or self.live_missed
            or self.live_doubled
        )


def check_everything(
    bases: list[str],
    kits: list[str],
    acknowledged: list[load.Acknowledged],
    specs: list[StreamSpec],
    streams: list[list[Arrival]],
) -> Checks:
    checks = Checks()
    game = registered("deathdome")
    logs: dict[str, dict[str, int]] = {}
    lengths: dict[str, int] = {}
    with httpx.Client(base_url=bases[0], timeout=60) as client:
        documents = {kit: client.get(f"/k/{kit}/export.json").json() for kit in kits}
    for kit, document in documents.items():
        ids = Counter(entry["client_action_id"] for entry in document["actions"])
        checks.duplicated += sum(1 for n in ids.values() if n > 1)
        logs[kit] = {e["client_action_id"]: e["seq"] for e in document["actions"]}
        lengths[kit] = len(document["actions"])
        checks.actions_in_logs += lengths[kit]
        if [e["seq"] for e in document["actions"]] != list(range(1, lengths[kit] + 1)):
            checks.stale_pages.append(f"{kit}: the log's seqs have gaps")
    for ack in acknowledged:
        seq = logs[ack.kit].get(ack.client_action_id)
        if seq is None:
            checks.lost += 1
        elif seq != ack.seq:
            checks.wrong_seq += 1
    pages = [("table", ())] + [("team", (team,)) for team in load.TEAMS]
    states = {kit: load.replay(document) for kit, document in documents.items()}
    for base in bases:
        with httpx.Client(base_url=base, timeout=60) as client:
            for kit in kits:
                for name, args in pages:
                    path = f"/k/{kit}/{name}" + "".join(f"/{a}" for a in args) + ".json"
                    served = client.get(path).json()
                    expected = game.page(states[kit], name, args).context
                    fresh = served["match"]["version"] == lengths[kit]
                    if not fresh or {key: served.get(key) for key in expected} != expected:
                        checks.stale_pages.append(f"{base} {kit} {name}{args}")
    for spec, arrived in zip(specs, streams, strict=True):
        seqs = [a.seq for a in arrived]
        wanted = list(range(spec.after + 1, lengths[spec.kit] + 1))
        checks.live_missed += len(set(wanted) - set(seqs))
        checks.live_doubled += (
            len(seqs)
            - len(set(seqs))
            + sum(1 for a, b in zip(seqs, seqs[1:], strict=False) if b <= a)
        )
    return checks


def live_latencies(
    acknowledged: list[load.Acknowledged], specs: list[StreamSpec], streams: list[list[Arrival]]
) -> list[float]:
    """Seconds from each acknowledgement to its event's arrival on every stream of its match
    that a process other than the acknowledging one served (negative: the event came first)."""
    arrivals: dict[tuple[str, int], list[Arrival]] = {}
    for spec, arrived in zip(specs, streams, strict=True):
        for arrival in arrived:
            arrivals.setdefault((spec.kit, arrival.seq), []).append(arrival)
    return [
        arrival.at - ack.at
        for ack in acknowledged
        for arrival in arrivals.get((ack.kit, ack.seq), [])
        if arrival.server != ack.server
    ]


# ------------------------------------------------------------------------------------ the run


def postgres_cpu(cluster: pg_cluster.Cluster | None) -> float:
    """CPU seconds used so far by the cluster's processes (the postmaster and its children);
    0 without a cluster (SQLite runs in the server process)."""
    if cluster is None or cluster.folder is None:
        return 0.0
    try:
        postmaster = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
    except (OSError, ValueError, IndexError):
        return 0.0
    total = 0
    for pid in [postmaster, *map(int, children)]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # its own user and system time
        if pid == postmaster:  # and that of the backends that ended (closed connections)
            total += int(fields[13]) + int(fields[14])
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class Phase:
    name: str
    result: load.LoadResult
    server_cpu: float
    postgres_cpu: float
    phones_cpu: float

    def cpu_ms_per_action(self) -> float:
        """The servers' and PostgreSQL's CPU for each acknowledged action (ms), whatever else
        they did meanwhile: 409s, live streams, catching up with the other processes."""
        done = len(self.result.acknowledged)
        return (self.server_cpu + self.postgres_cpu) / done * 1000 if done else 0.0

    def cores_used(self) -> float:
        """The servers' and PostgreSQL's CPU seconds a second of the phase."""
        seconds = self.result.seconds
        return (self.server_cpu + self.postgres_cpu) / seconds if seconds else 0.0


def run_phase(
    name: str,
    phones: list[tuple[load.Phone, str]],
    seconds: float,
    interval: float,
    servers: list[load.Server],
    cluster: pg_cluster.Cluster | None,
) -> Phase:
    """Every phone in its own thread through its own server for `seconds`: one action every
    `interval` seconds on average, or back to back (0)."""
    result = load.LoadResult()
    cpu = sum(s.cpu_seconds() for s in servers), postgres_cpu(cluster), time.process_time()
    started = time.monotonic()
    deadline = started + seconds
    threads = [
        threading.Thread(target=load._phone_loop, args=(base, phone, deadline, result, interval))
        for phone, base in phones
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.seconds = time.monotonic() - started
    return Phase(
        name,
        result,
        sum(s.cpu_seconds() for s in servers) - cpu[0],
        postgres_cpu(cluster) - cpu[1],
        time.process_time() - cpu[2],
    )


def run_one_at_a_time(
    kits: list[str],
    seconds: float,
    servers: list[load.Server],
    cluster: pg_cluster.Cluster | None,
    by_table: bool = False,
) -> Phase:
    """One action at a time for `seconds`, the tables in turn, each table's next action through
    the next process: every process holds every match and applies what the others committed,
    with no two writes ever racing (what the announcements cost, apart from contention); with
    `by_table`, each table's through its own process."""
    result = load.LoadResult()
    rng = random.Random(2)
    phones = [load.Phone(kit, load.TEAMS[0], random.Random(rng.random())) for kit in kits]
    connections = [load._Connection(server.base) for server in servers]
    cpu = sum(s.cpu_seconds() for s in servers), postgres_cpu(cluster), time.process_time()
    started = time.monotonic()
    deadline = started + seconds
    turn = 0
    try:
        while time.monotonic() < deadline:
            table, round_ = turn % len(kits), turn // len(kits)
            writer = table if by_table else table + round_
            load._phone_turn(connections[writer % len(servers)], phones[table], result)
            turn += 1
    finally:
        for connection in connections:
            connection.close()
    result.seconds = time.monotonic() - started
    return Phase(
        "one at a time",
        result,
        sum(s.cpu_seconds() for s in servers) - cpu[0],
        postgres_cpu(cluster) - cpu[1],
        time.process_time() - cpu[2],
    )


def page_cost(server: load.Server, kit: str, count: int = 200) -> str:
    """The server CPU of one page a phone fetches again after each live event (htmx): the
    table's and a team's, as HTML, `count` times each on a quiet server."""
    costs = []
    with httpx.Client(base_url=server.base, timeout=30) as client:
        for page in ("table", "team/red"):
            client.get(f"/k/{kit}/{page}")
            before = server.cpu_seconds()
            for _ in range(count):
                client.get(f"/k/{kit}/{page}")
            costs.append(f"{page} {(server.cpu_seconds() - before) / count * 1000:.2f} ms")
    return "server CPU of a page fetched again after a live event: " + ", ".join(costs)


def describe(phase: Phase, live: list[float]) -> str:
    result = phase.result
    ms = [v * 1000 for v in result.latencies]
    live_ms = [max(0.0, v) * 1000 for v in live]
    rate = len(result.acknowledged) / result.seconds if result.seconds else 0.0
    requests = max(len(ms), 1)
    return (
        f"{phase.name}: {len(result.acknowledged)} actions in {result.seconds:.1f} s = "
        f"{rate:.0f}/s; request ms p50 {load.percentile(ms, 50):.1f} p99 "
        f"{load.percentile(ms, 99):.1f} max {max(ms, default=0):.1f}; live ms p50 "
        f"{load.percentile(live_ms, 50):.1f} p99 {load.percentile(live_ms, 99):.1f} max "
        f"{max(live_ms, default=0):.1f} ({len(live_ms)} deliveries); statuses "
        f"{dict(sorted(result.statuses.items()))}, 409 retried {result.retries_409}, errors "
        f"{dict(result.errors)}; CPU ms a request: servers "
        f"{phase.server_cpu / requests * 1000:.2f}, postgres "
        f"{phase.postgres_cpu / requests * 1000:.2f}, phones "
        f"{phase.phones_cpu / requests * 1000:.2f}; CPU ms an action (servers + postgres): "
        f"{phase.cpu_ms_per_action():.2f}; cores used (servers + postgres) "
        f"{phase.cores_used():.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="server processes (default 2)")
    parser.add_argument("--tables", type=int, default=40, help="tables of 4 phones (default 40)")
    parser.add_argument("--seconds", type=float, default=10.0, help="each phase's length")
    parser.add_argument(
        "--pace", type=float, default=4.0, help="seconds between one phone's actions at the pace"
    )
    ports = parser.add_mutually_exclusive_group()
    ports.add_argument(
        "--spread",
        action="store_true",
        help="N servers on N ports, a table's phones on different ones (not serve --workers)",
    )
    ports.add_argument(
        "--by-table",
        action="store_true",
        help="N servers on N ports, everything of a table on one (a proxy hashing on the kit id)",
    )
    parser.add_argument(
        "--warm-up",
        type=float,
        default=10.0,
        help="seconds at the real pace before the phases, not measured (default 10)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the servers' logs")
    parser.add_argument(
        "--sqlite", action="store_true", help="one process on a SQLite file, not PostgreSQL"
    )
    parser.add_argument(
        "--profile", type=Path, help="a folder: each server recorded by py-spy (collapsed stacks)"
    )
    args = parser.parse_args(argv)
    if not (1 <= args.workers <= 64 and 1 <= args.tables <= 2000):
        parser.error("--workers must be 1 to 64 and --tables 1 to 2000")
    if args.seconds <= 0 or args.pace <= 0 or args.warm_up < 0:
        parser.error("--seconds and --pace must be positive")
    if args.sqlite and args.workers != 1:
        parser.error("--sqlite takes --workers 1: a SQLite file is served by one process")
    routing = "spread" if args.spread else "by_table" if args.by_table else "serve_workers"
    one_port = routing == "serve_workers"  # one `serve --workers N`
    by_table = not args.spread  # everything of a table on one address
    workdir = Path(tempfile.mkdtemp(prefix="domekit-cluster-"))
    cluster = None if args.sqlite else pg_cluster.Cluster(settings={"max_connections": "300"})
    servers: list[load.Server] = []
    try:
        db = pg_cluster.database(cluster, workdir)
        for index in range(1 if one_port else args.workers):
            (workdir / f"server{index}").mkdir()
            profile = args.profile / f"server{index}.txt" if args.profile else None
            options = ("--workers", str(args.workers)) if one_port and args.workers > 1 else ()
            servers.append(
                load.Server(db, workdir / f"server{index}", args=options, profile=profile)
            )
        with ThreadPoolExecutor(len(servers)) as starting:  # side by side: each takes seconds
            list(starting.map(lambda server: server.start(timeout=120), servers))
        bases = [server.base for server in servers]
        kits = load.make_tables(db, args.tables, bases[0])
        phones, specs = [], []
        rng = random.Random(1)
        with httpx.Client(timeout=30) as client:
            versions = {
                kit: client.get(f"{bases[0]}/k/{kit}/table.json").json()["match"]["version"]
                for kit in kits
            }
            for index, base in enumerate(bases[1:], 1):  # each holds its matches, as after a while
                for t, kit in enumerate(kits):
                    if not by_table or t % len(bases) == index:
                        client.get(f"{base}/k/{kit}/table.json")
        for t, kit in enumerate(kits):
            for j, team in enumerate(load.TEAMS):
                writer = (t if by_table else t + j) % len(bases)
                phone = load.Phone(kit, team, random.Random(rng.random()))
                phone.version = versions[kit]
                phones.append((phone, bases[writer]))
                if by_table:
                    watch = [bases[writer]]
                else:
                    watch = [bases[(writer + 1 + k) % len(bases)] for k in range(len(bases))]
                specs.append(StreamSpec(kit, versions[kit], watch))
        print(
            f"{args.workers} server processes"
            f"{' of one serve --workers on one port' if one_port else ' on their own ports'}, "
            f"{args.tables} tables, {len(phones)} phones, "
            f"{args.seconds:g} s at a pace of one action per phone every {args.pace:g} s, then "
            f"{args.seconds:g} s back to back; a table's phones write through "
            f"{'one process' if by_table or args.workers == 1 else 'different processes'}; "
            f"{'SQLite' if cluster is None else 'PostgreSQL ' + cluster.url}; "
            f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        print(page_cost(servers[0], kits[0]), flush=True)
        streams = Streams(specs)
        streams.start()
        warm = run_phase("warm-up", phones, args.warm_up, args.pace, servers, cluster)
        paced = run_phase("real pace", phones, args.seconds, args.pace, servers, cluster)
        saturated = run_phase("saturating", phones, args.seconds, 0.0, servers, cluster)
        single = run_one_at_a_time(kits, args.seconds, servers, cluster, by_table)
        time.sleep(DRAIN_SECONDS)
        arrived = streams.stop()
        acknowledged = [
            *warm.result.acknowledged,
            *paced.result.acknowledged,
            *saturated.result.acknowledged,
            *single.result.acknowledged,
        ]
        checks = check_everything(bases, kits, acknowledged, specs, arrived)
    finally:
        for server in servers:
            server.stop()
        if cluster is not None:
            cluster.stop()
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    paced_live = live_latencies(paced.result.acknowledged, specs, arrived)
    print(describe(paced, paced_live))
    print(describe(saturated, live_latencies(saturated.result.acknowledged, specs, arrived)))
    print(describe(single, live_latencies(single.result.acknowledged, specs, arrived)))
    print(
        f"log: {checks.actions_in_logs} actions in {len(kits)} matches; wrong seq "
        f"{checks.wrong_seq}; streams: {checks.live_missed} events missed, "
        f"{checks.live_doubled} doubled or out of order, over "
        f"{sum(len(a) for a in arrived)} deliveries; stale pages: "
        f"{json.dumps(checks.stale_pages[:5])}{' ...' if len(checks.stale_pages) > 5 else ''}"
    )
    rate = len(saturated.result.acknowledged) / saturated.result.seconds
    p99 = load.percentile([v * 1000 for v in paced.result.latencies], 99)
    live_p99 = load.percentile([max(0.0, v) * 1000 for v in paced_live], 99)
    print(
        f"workers={args.workers} database={'sqlite' if args.sqlite else 'postgresql'} "
        f"tables={args.tables} phones={len(phones)} "
        f"actions_per_s={rate:.0f} p99_ms={p99:.1f} live_p99_ms={live_p99:.1f} "
        f"acknowledged={len(acknowledged)} lost={checks.lost} duplicated={checks.duplicated} "
        f"stale_pages={len(checks.stale_pages)} "
        f"cpu_ms_per_action={paced.cpu_ms_per_action():.2f} "
        f"saturated_cpu_ms_per_action={saturated.cpu_ms_per_action():.2f} "
        f"cores_used={saturated.cores_used():.2f} "
        f"one_at_a_time_cpu_ms_per_action={single.cpu_ms_per_action():.2f} routing={routing}"
    )
    return 0 if checks.ok else 1


if __name__ == "__main__":
    sys.exit(main())
