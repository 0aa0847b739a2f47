"""Storage: kits, matches, their action logs and live events, through SQLAlchemy Core.

The action log is the source of truth; a match's state is the fold of its actions over its initial
state. SQLite is the default (a file, WAL journal, `synchronous=FULL` so a commit survives a power
cut); any SQLAlchemy URL works (`--db URL` or `DOMEKIT_DB`). Every write is one transaction that
starts with `BEGIN IMMEDIATE` on SQLite, so two writers never interleave.

PostgreSQL may be shared by several server processes (`Store.shared`): there a batch of actions
locks its matches' rows (`SELECT ... FOR UPDATE`, in id order, so two processes never deadlock),
checks each match's version against the one its actions were made on (the compare-and-set that
keeps two processes from both applying against one version), bumps the versions only of matches
that are still their kit's current match, inserts the actions and events, and announces each
action in the same transaction (toolkit/tracker/notices.py: the action itself, so every other
process applies it to the match it holds without reading the log); every process's listener
(toolkit/tracker/listener.py) hears it, and wakes that match's live streams, once it commits.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import re
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from toolkit.errors import DomekitError
from toolkit.resources import default_db_url
from toolkit.tracker import notices
from toolkit.tracker.faults import Unavailable, fault, first_line, ping_when_idle
from toolkit.tracker.notices import Logged, event_data

metadata = MetaData()

kits = Table(
    "kits",
    metadata,
    Column("kit_id", String(64), primary_key=True),
    Column("view_token", String(64), nullable=False, unique=True),
    Column("game", String(32), nullable=False),
    Column("base_url", Text, nullable=False, default=""),
    Column("manifest", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("current_match", Integer, nullable=True),
)

matches = Table(
    "matches",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kit_id", String(64), ForeignKey("kits.kit_id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("initial_state", Text, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    UniqueConstraint("kit_id", "number", name="uq_match_number"),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", Integer, ForeignKey("matches.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("client_action_id", String(64), nullable=False),
    Column("actor", String(80), nullable=False, default=""),
    Column("created", Float, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("payload", Text, nullable=False),
    Column("base_version", Integer, nullable=True),
    Column("text", Text, nullable=False, default=""),
    Column("outcome", Text, nullable=False, default="{}"),
    UniqueConstraint("match_id", "seq", name="uq_action_seq"),
    UniqueConstraint("match_id", "client_action_id", name="uq_action_client_id"),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", Integer, ForeignKey("matches.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("data", Text, nullable=False),
    UniqueConstraint("match_id", "seq", name="uq_event_seq"),
)


POOL_SIZE = 15  # database connections a server process keeps (and its LISTEN connection)


@dataclass(frozen=True)
class KitRow:
    kit_id: str
    view_token: str
    game: str
    base_url: str
    manifest: dict[str, Any]
    current_match: int | None


@dataclass(frozen=True)
class MatchRow:
    id: int
    kit_id: str
    number: int
    created: float
    initial_state: dict[str, Any]
    version: int


@dataclass(frozen=True)
class ActionRow(Logged):
    """An action as the log holds it, with the version it was made on and what it did."""

    base_version: int | None
    outcome: dict[str, Any]


@dataclass(frozen=True)
class LogEntry:
    """An action written with a new match (an imported log): its seq is its place in the log."""

    client_action_id: str
    actor: str
    kind: str
    payload: dict[str, Any]
    text: str
    outcome: dict[str, Any]

    def action_row(self, match_id: int, seq: int, now: float) -> dict[str, Any]:
        return {
            "match_id": match_id,
            "seq": seq,
            "client_action_id": self.client_action_id,
            "actor": self.actor,
            "created": now,
            "kind": self.kind,
            "payload": _dumps(self.payload),
            "base_version": None,
            "text": self.text,
            "outcome": _dumps(self.outcome),
        }

    def event_row(self, match_id: int, seq: int, now: float) -> dict[str, Any]:
        data = event_data(self.text, self.actor)
        return {"match_id": match_id, "seq": seq, "created": now, "kind": self.kind,
                "data": _dumps(data)}  # fmt: skip


def _seqs(log: Sequence[LogEntry]) -> Iterator[tuple[int, LogEntry]]:
    return enumerate(log, start=1)


class Chain:
    """The appends of one match made on top of each other before they were committed: once one
    of them fails (another process wrote first), every later one fails too, unexecuted."""

    broken: bool = False
    behind: int | None = None  # the match's version in the database that refused it, if read


class Replaced(Exception):
    """The append's match is no longer its kit's current match (another process started the
    next match or imported one): nothing was recorded."""


@dataclass
class Append:
    """One action and its live event, waiting for the group commit."""

    match_id: int
    expected_version: int
    client_action_id: str
    actor: str
    kind: str
    payload: dict[str, Any]
    base_version: int | None
    text: str
    outcome: dict[str, Any]
    event_data: dict[str, Any]
    chain: Chain = field(default_factory=Chain)
    # the seq once durable; None when refused
    done: Future[int | None] = field(default_factory=Future)


_BUMP = (
    update(matches)
    .where(matches.c.id == bindparam("m_id"))
    .where(matches.c.version == bindparam("expected"))
    .values(version=bindparam("new_version"))
)
# PostgreSQL: lock the batch's matches in id order (never a deadlock between two processes'
# batches), then bump the versions of those still current in one statement, which reads the
# kits after the locks were granted (a fresh snapshot: a replacement committed meanwhile shows).
_LOCK_MATCHES = text(
    "SELECT id, version FROM matches WHERE id = ANY(CAST(:ids AS integer[])) ORDER BY id FOR UPDATE"
)
_BUMP_CURRENT = text(
    "UPDATE matches SET version = claimed.version"
    " FROM unnest(CAST(:ids AS integer[]), CAST(:versions AS integer[]))"
    " AS claimed(match_id, version), kits"
    " WHERE matches.id = claimed.match_id AND kits.kit_id = matches.kit_id"
    " AND kits.current_match = matches.id RETURNING matches.id"
)
_NOTIFY = text(
    f"SELECT pg_notify('{notices.CHANNEL}', message)"
    " FROM unnest(CAST(:messages AS text[])) AS message"
)
_VERSION = select(matches.c.version).where(matches.c.id == bindparam("m_id"))
_INSERT_ACTION = insert(actions)
_INSERT_EVENT = insert(events)
# Seconds a kit row read from the database is reused (a match started here clears it): long while
# a listener hears every kit moving on in another process (Store.trust_kits), else short.
_KIT_TTL = 1.0
_KIT_TTL_LISTENING = 60.0
_STOP = object()


def resolve_db_url(db: str | None) -> str:
    """The database URL: the flag, else DOMEKIT_DB, else a SQLite file in Domekit's home."""
    url = db or os.environ.get("DOMEKIT_DB") or default_db_url()
    if "://" not in url:  # a bare path means a SQLite file
        url = f"sqlite:///{url}"
    return url


def shown_url(url: str) -> str:
    """A database URL as the console and error messages show it: its password masked (a
    hosted server's start-up lines go to the system journal)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: mask what looks like user:password@
        return re.sub(r"(//[^:/@]*:)[^@/]*@", r"\1***@", url)


# Kit manifests and initial states never change once written: parse each text once, not on every
# request. Callers must not mutate what they get (states are treated as immutable throughout).
_load_immutable = lru_cache(maxsize=1024)(json.loads)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


class Store:
    """The database: one engine, short transactions, rows as small frozen values."""

    def __init__(self, db_url: str) -> None:
        self.url = resolve_db_url(db_url)
        self.is_sqlite = self.url.startswith("sqlite")
        # Another process may write this database (one `domekit serve` per SQLite file: lock.py):
        # what memory holds is then checked against it before it is shown or built upon.
        self.shared = not self.is_sqlite
        # Connections kept open, never more: a burst (a commit waking a table's live streams
        # at once) waits a moment for one rather than opening and closing extra ones, which
        # PostgreSQL pays for with a new server process each (most of its CPU, measured). The
        # one used last is taken first: the few a process needs at a table's pace stay in use
        # (not pinged, their PostgreSQL backends warm) while the others rest.
        kwargs: dict[str, Any] = {"pool_size": POOL_SIZE, "max_overflow": 0, "pool_use_lifo": True}
        if self.is_sqlite:
            path = self.url.split(":///", 1)[1] if ":///" in self.url else ""
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            # Reads are single statements: autocommit spares each a BEGIN and a ROLLBACK.
            kwargs["isolation_level"] = "AUTOCOMMIT"
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except Exception as exc:  # bad URL, missing driver
            raise DomekitError(
                f"cannot open database {shown_url(self.url)!r}: {first_line(exc)}"
            ) from None
        self.is_postgresql = self.engine.dialect.name == "postgresql"
        if not self.is_sqlite:
            ping_when_idle(self.engine)
        self._writer = (
            self.engine
            if self.is_sqlite
            else self.engine.execution_options(isolation_level="READ COMMITTED")
        )
        # One writer per database in this process: threads queue on this lock instead of in
        # SQLite's busy handler, which sleeps in growing steps (up to 100 ms) between retries.
        self._write_lock = threading.Lock()
        # Group commit: one writer thread commits every waiting append in one transaction.
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._writer_thread: threading.Thread | None = None
        self._writer_start = threading.Lock()
        # Kit rows change only when a match starts (cleared here) or from another process (the
        # TTL); match rows are immutable but for `version`, which readers take from the log.
        self._kits: dict[tuple[str, str], tuple[float, KitRow]] = {}
        self._kits_cleared = itertools.count()  # next() on every clear (atomic under the GIL)
        self._kits_epoch = next(self._kits_cleared)
        self._kit_ttl = _KIT_TTL
        self._matches: dict[int, MatchRow] = {}
        if self.is_sqlite:
            self._tune_sqlite()
            self._writer = self.engine.execution_options(sqlite_begin="BEGIN IMMEDIATE")
        try:
            with self._writer.begin() as conn:
                if self.is_postgresql:  # servers starting together on a new database: one at a time
                    conn.execute(text("SELECT pg_advisory_xact_lock(7316)"))
                metadata.create_all(conn)
        except Exception as exc:
            raise DomekitError(
                f"cannot open database {shown_url(self.url)!r}: {first_line(exc)}"
            ) from None

    def _tune_sqlite(self) -> None:
        @event.listens_for(self.engine, "connect")
        def _on_connect(dbapi_conn, _record):  # type: ignore[no-untyped-def]
            # Let SQLAlchemy, not the driver, decide when transactions begin.
            dbapi_conn.isolation_level = None
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(self.engine, "begin")
        def _on_begin(conn):  # type: ignore[no-untyped-def]
            # Writers take the write lock up front (BEGIN IMMEDIATE): one writer at a time and
            # no deadlock from upgrading a read lock; readers begin deferred.
            conn.exec_driver_sql(conn.get_execution_options().get("sqlite_begin", "BEGIN"))

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction, committed (durably) when the block ends without error.
        Unavailable when the database cannot take it (a full disk): nothing was written."""
        try:
            if not self.is_sqlite:
                with self._writer.begin() as conn:
                    yield conn
                return
            with self._write_lock, self._writer.begin() as conn:
                yield conn
        except (OperationalError, InterfaceError, PoolTimeout, OSError) as exc:
            found = fault(exc)
            if found is None:
                raise
            raise Unavailable(found) from exc

    def close(self) -> None:
        thread = self._writer_thread
        if thread is not None and thread.is_alive():
            self._queue.put(_STOP)
            thread.join(timeout=10)
        self._writer_thread = None
        self.engine.dispose()

    # -- kits -----------------------------------------------------------------------------

    def put_kit(
        self, kit_id: str, view_token: str, game: str, base_url: str, manifest: dict[str, Any]
    ) -> bool:
        """Record a kit; False when it was already known (the first record wins)."""
        try:
            with self.write() as conn:
                known = conn.execute(select(kits.c.kit_id).where(kits.c.kit_id == kit_id)).first()
                if known:
                    return False
                conn.execute(
                    insert(kits).values(
                        kit_id=kit_id,
                        view_token=view_token,
                        game=game,
                        base_url=base_url,
                        manifest=_dumps(manifest),
                        created=time.time(),
                        current_match=None,
                    )
                )
                return True
        except IntegrityError:  # another process recorded it between the check and the insert
            if self.kit_fresh(kit_id=kit_id) is None:
                raise
            return False

    def kit_hosts(self) -> set[str]:
        """The host names in the recorded kits' base URLs (what their QR codes point at)."""
        with self.engine.connect() as conn:
            urls = conn.execute(select(kits.c.base_url).distinct()).scalars().all()
        return {host for host in (urlsplit(url).hostname for url in urls) if host}

    def kit(self, *, kit_id: str | None = None, view_token: str | None = None) -> KitRow | None:
        key = ("id", kit_id) if kit_id is not None else ("view", str(view_token))
        cached = self._kits.get(key)
        now = time.monotonic()
        if cached is not None and now - cached[0] < self._kit_ttl:
            return cached[1]
        epoch = self._kits_epoch
        row = self.kit_fresh(kit_id=kit_id, view_token=view_token)
        if row is not None and epoch == self._kits_epoch:  # else read before a move it missed
            self._kits[key] = (now, row)
        return row

    def forget_kits(self) -> None:
        """Drop the cached kit rows (another process moved a kit on to its next match); a row
        being read meanwhile is not kept."""
        self._kits_epoch = next(self._kits_cleared)
        self._kits.clear()

    def trust_kits(self, announced: bool) -> None:
        """Whether every kit moving on in another process is announced to this one from now
        on (`forget_kits`): its kit rows are then reused for long, else for a second."""
        self._kit_ttl = _KIT_TTL_LISTENING if announced else _KIT_TTL
        self.forget_kits()

    def drop_connections(self) -> None:
        """Reuse none of the pooled connections (the database may have gone away: a restart
        quicker than the idle ping would leave them dead); new ones are made as needed."""
        self.engine.dispose(close=False)

    def kit_fresh(
        self, *, kit_id: str | None = None, view_token: str | None = None
    ) -> KitRow | None:
        """The kit as the database holds it now (no cache)."""
        query = select(kits)
        if kit_id is not None:
            query = query.where(kits.c.kit_id == kit_id)
        else:
            query = query.where(kits.c.view_token == view_token)
        with self.engine.connect() as conn:
            row = conn.execute(query).mappings().first()
        if row is None:
            return None
        return KitRow(
            kit_id=row["kit_id"],
            view_token=row["view_token"],
            game=row["game"],
            base_url=row["base_url"],
            manifest=_load_immutable(row["manifest"]),
            current_match=row["current_match"],
        )

    # -- matches --------------------------------------------------------------------------

    def create_match(
        self,
        kit_id: str,
        number: int,
        initial_state: dict[str, Any],
        *,
        after: int | None,
        after_version: int | None = None,
        log: Sequence[LogEntry] = (),
    ) -> int | None:
        """Start match `number` of a kit, with `log` as its first actions, and make it current,
        unless the kit moved on already: all of it in one transaction, or none of it.

        `after` is the match the caller saw as current (None if the kit had none) and
        `after_version` its version then. Returns the new match id, or None when another request
        started a match first or an action reached `after` since.
        """
        with self.write() as conn:
            # Both checks change nothing when they fail; the version check locks the row.
            if after is not None and after_version is not None:
                held = conn.execute(
                    update(matches)
                    .where(matches.c.id == after)
                    .where(matches.c.version == after_version)
                    .values(version=after_version)
                )
                if held.rowcount != 1:
                    return None
            moved = conn.execute(
                update(kits)
                .where(kits.c.kit_id == kit_id)
                .where(
                    kits.c.current_match.is_(None)
                    if after is None
                    else kits.c.current_match == after
                )
                .values(current_match=-1)
            )
            if moved.rowcount != 1:
                self.forget_kits()
                return None
            now = time.time()
            result = conn.execute(
                insert(matches).values(
                    kit_id=kit_id,
                    number=number,
                    created=now,
                    initial_state=_dumps(initial_state),
                    version=len(log),
                )
            )
            key = result.inserted_primary_key
            assert key is not None  # an insert into a table with an integer primary key
            match_id = int(key[0])
            if log:
                conn.execute(
                    _INSERT_ACTION, [e.action_row(match_id, s, now) for s, e in _seqs(log)]
                )
                conn.execute(_INSERT_EVENT, [e.event_row(match_id, s, now) for s, e in _seqs(log)])
            conn.execute(update(kits).where(kits.c.kit_id == kit_id).values(current_match=match_id))
            if self.is_postgresql:  # every process reads the kit afresh, and the streams
                # of the match it moved on from tell their pages to reload
                message = notices.moved(after or 0, after_version or 0)
                conn.execute(_NOTIFY, {"messages": [message]})
        self.forget_kits()
        return match_id

    def match(self, match_id: int) -> MatchRow | None:
        cached = self._matches.get(match_id)
        if cached is not None:
            return cached
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
        if row is None:
            return None
        match = self._matches[match_id] = _match_row(row)
        return match

    def version(self, match_id: int) -> int | None:
        """The match's version as the database holds it now (what every process commits to)."""
        with self.engine.connect() as conn:
            found = conn.execute(_VERSION, {"m_id": match_id}).scalar()
        return None if found is None else int(found)

    def kit_matches(self, kit_id: str) -> list[MatchRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches).where(matches.c.kit_id == kit_id).order_by(matches.c.number)
            ).mappings()
            return [_match_row(row) for row in rows]

    # -- the log --------------------------------------------------------------------------

    def append(self, item: Append) -> int | None:
        """Append one action and its live event, durably, and return its seq; None when the
        match's version is no longer `item.expected_version` (someone else wrote first) or an
        earlier append of its chain failed. Waits for the group commit."""
        return self.append_later(item).result()

    def append_later(self, item: Append) -> Future[int | None]:
        """Queue an append for the writer thread; its future holds the seq once committed."""
        if self._writer_thread is None:
            with self._writer_start:
                if self._writer_thread is None:
                    thread = threading.Thread(
                        target=self._write_loop, name="domekit-writer", daemon=True
                    )
                    thread.start()
                    self._writer_thread = thread
        self._queue.put(item)
        return item.done

    def _write_loop(self) -> None:
        while True:
            batch = [self._queue.get()]
            while True:  # everything that queued up meanwhile goes into the same commit
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = any(item is _STOP for item in batch)
            batch = [item for item in batch if item is not _STOP]
            if batch:
                self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Append]) -> None:
        """One transaction and one sync for the whole batch, then every reply."""
        try:
            with self.write() as conn:
                seqs = self._write_batch(conn, batch)
        except _Moved as moved:  # refuse the replaced matches' appends, commit the others
            rest = []
            for item in batch:
                if item.match_id in moved.match_ids:
                    item.chain.broken = True
                    item.done.set_exception(Replaced("the kit moved on to another match"))
                else:
                    rest.append(item)
            if rest:
                self._commit(rest)
            return
        except Exception as exc:
            if len(batch) > 1:  # find the one that failed: each on its own
                for item in batch:
                    self._commit([item])
                return
            batch[0].chain.broken = True
            batch[0].done.set_exception(exc)
            return
        for item, seq in zip(batch, seqs, strict=True):
            item.done.set_result(seq)

    def _write_batch(self, conn: Connection, batch: list[Append]) -> list[int | None]:
        """Claim each match's run of appends (the version it was made on must still be the
        match's), then insert the claimed ones; the seq of each append, None when refused."""
        runs = _runs(batch)
        claimed = self._claim_pg(conn, runs) if self.is_postgresql else self._claim(conn, runs)
        seqs: dict[int, int] = {}
        action_rows: list[dict[str, Any]] = []
        event_rows: list[dict[str, Any]] = []
        messages: list[str] = []
        now = time.time()
        for run in claimed:
            for item in run:
                seq = seqs[id(item)] = item.expected_version + 1
                if self.is_postgresql:
                    logged = Logged(seq, item.client_action_id, item.actor, now, item.kind,
                                    item.payload, item.text)  # fmt: skip
                    messages.append(notices.announce(item.match_id, logged))
                action_rows.append(
                    {
                        "match_id": item.match_id,
                        "seq": seq,
                        "client_action_id": item.client_action_id,
                        "actor": item.actor,
                        "created": now,
                        "kind": item.kind,
                        "payload": _dumps(item.payload),
                        "base_version": item.base_version,
                        "text": item.text,
                        "outcome": _dumps(item.outcome),
                    }
                )
                event_rows.append(
                    {
                        "match_id": item.match_id,
                        "seq": seq,
                        "created": now,
                        "kind": item.kind,
                        "data": _dumps(item.event_data),
                    }
                )
        if action_rows:
            conn.execute(_INSERT_ACTION, action_rows)
            conn.execute(_INSERT_EVENT, event_rows)
            if messages:
                conn.execute(_NOTIFY, {"messages": messages})
        return [seqs.get(id(item)) for item in batch]

    def _claim(self, conn: Connection, runs: list[list[Append]]) -> list[list[Append]]:
        """The runs whose match is still at the version they were made on, each bumped with
        `UPDATE ... WHERE version = expected` (one at a time under SQLite's write lock)."""
        claimed = []
        for run in sorted(runs, key=lambda run: run[0].match_id):  # rows locked in id order
            first, last = run[0], run[-1]
            bumped = conn.execute(
                _BUMP,
                {
                    "m_id": first.match_id,
                    "expected": first.expected_version,
                    "new_version": last.expected_version + 1,
                },
            )
            if bumped.rowcount == 1:
                claimed.append(run)
            else:
                first.chain.broken = True
        if self.shared and claimed:  # read after the row locks: a replacement committed shows
            ids = {run[0].match_id for run in claimed}
            moved = conn.execute(
                select(matches.c.id)
                .join(kits, kits.c.kit_id == matches.c.kit_id)
                .where(matches.c.id.in_(ids))
                .where(or_(kits.c.current_match.is_(None), kits.c.current_match != matches.c.id))
            ).scalars()
            if found := set(moved):
                raise _Moved(found)
        return claimed

    def _claim_pg(self, conn: Connection, runs: list[list[Append]]) -> list[list[Append]]:
        """`_claim` in two statements for the whole batch: lock the rows and read their
        versions, then bump those whose kit still has them as its current match."""
        if not runs:
            return []
        ids = sorted({run[0].match_id for run in runs})
        versions = {row.id: row.version for row in conn.execute(_LOCK_MATCHES, {"ids": ids})}
        claimed = []
        for run in runs:
            match_id = run[0].match_id
            if versions.get(match_id) == run[0].expected_version:
                versions[match_id] = run[-1].expected_version + 1
                claimed.append(run)
            else:
                run[0].chain.broken = True
                run[0].chain.behind = versions.get(match_id)
        if claimed:
            heads = {run[0].match_id: versions[run[0].match_id] for run in claimed}
            bumped = conn.execute(
                _BUMP_CURRENT, {"ids": list(heads), "versions": list(heads.values())}
            ).scalars()
            if moved := set(heads) - set(bumped):
                raise _Moved(moved)
        return claimed

    def actions(self, match_id: int, *, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        query = select(actions).where(actions.c.match_id == match_id).where(actions.c.seq > after)
        if upto is not None:
            query = query.where(actions.c.seq <= upto)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.seq)).mappings()
            return [_action_row(row) for row in rows]

    def action_kinds(self, match_id: int, *, after: int = 0) -> list[tuple[int, str]]:
        """(seq, kind) of every action after `after`: the log's shape without its contents."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.kind)
                .where(actions.c.match_id == match_id)
                .where(actions.c.seq > after)
                .order_by(actions.c.seq)
            )
            return [(row.seq, row.kind) for row in rows]

    def payloads(self, match_id: int, low: int, high: int) -> dict[int, dict[str, Any]]:
        """The payloads of the actions from seq `low` to `high`, by seq."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.payload)
                .where(actions.c.match_id == match_id)
                .where(actions.c.seq >= low)
                .where(actions.c.seq <= high)
            )
            return {row.seq: json.loads(row.payload) for row in rows}

    def action_by_client_id(self, match_id: int, client_action_id: str) -> ActionRow | None:
        with self.engine.connect() as conn:
            row = (
                conn.execute(
                    select(actions)
                    .where(actions.c.match_id == match_id)
                    .where(actions.c.client_action_id == client_action_id)
                )
                .mappings()
                .first()
            )
        return None if row is None else _action_row(row)

    def events_after(
        self, match_id: int, seq: int, limit: int = 500
    ) -> list[tuple[int, str, dict[str, Any]]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events.c.seq, events.c.kind, events.c.data)
                .where(events.c.match_id == match_id)
                .where(events.c.seq > seq)
                .order_by(events.c.seq)
                .limit(limit)
            ).all()
        return [(row.seq, row.kind, json.loads(row.data)) for row in rows]


class _Moved(Exception):
    """Raised inside a batch's transaction (rolling it back): these matches were replaced."""

    def __init__(self, match_ids: set[int]) -> None:
        super().__init__(match_ids)
        self.match_ids = match_ids


def _runs(batch: list[Append]) -> list[list[Append]]:
    """The batch's unrefused appends as runs: appends of one match and one chain, each made on
    top of the one before (so a run is claimed, or refused, as one)."""
    runs: list[list[Append]] = []
    last: dict[tuple[int, int], list[Append]] = {}
    for item in batch:
        if item.chain.broken:
            continue
        key = (item.match_id, id(item.chain))
        run = last.get(key)
        if run is None or item.expected_version != run[-1].expected_version + 1:
            run = last[key] = []
            runs.append(run)
        run.append(item)
    return runs


def _match_row(row: Any) -> MatchRow:
    return MatchRow(
        id=row["id"],
        kit_id=row["kit_id"],
        number=row["number"],
        created=row["created"],
        initial_state=_load_immutable(row["initial_state"]),
        version=row["version"],
    )


def _action_row(row: Any) -> ActionRow:
    return ActionRow(
        seq=row["seq"],
        client_action_id=row["client_action_id"],
        actor=row["actor"],
        created=row["created"],
        kind=row["kind"],
        payload=json.loads(row["payload"]),
        base_version=row["base_version"],
        text=row["text"],
        outcome=json.loads(row["outcome"]),
    )
