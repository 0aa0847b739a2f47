"""The database as a fault, not a bug: full, busy or out of reach. What such an error means for
the person at the table (a 503 with Retry-After saying so: toolkit/tracker/app.py), and the
pool's check of a connection that rested, so a process recovers by itself when the database
is back."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

IDLE_PING = 1.0  # seconds a pooled connection may rest before it is checked when taken
RETRY_SECONDS = 5  # how long a request refused for a database fault is told to wait (Retry-After)


@dataclass(frozen=True)
class Fault:
    """The database as a fault, not a bug (full, busy, out of reach): what is wrong, in a few
    words a page can show beside a waiting action, and what to do."""

    what: str
    advice: str

    @property
    def message(self) -> str:
        return f"{self.what}: nothing was recorded. {self.advice}"


class Unavailable(Exception):
    """The database cannot take a request now: nothing was written, and the request that asked
    gets 503 saying so, with Retry-After."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(fault.message)
        self.fault = fault


def fault(exc: BaseException) -> Fault | None:
    """What a database error means for the person at the table, or None when it is a bug."""
    if isinstance(exc, Unavailable):
        return exc.fault
    text = str(getattr(exc, "orig", None) or exc).lower()
    errno = getattr(getattr(exc, "orig", exc), "errno", None)
    if "database or disk is full" in text or errno == 28 or "no space left" in text:
        return Fault(
            "the tracker's disk is full",
            "Free some space on the laptop running `domekit serve`, then send it again (it is "
            "recorded once).",
        )
    if "database is locked" in text:
        return Fault("the database is busy (another program holds it)", "Try again.")
    if isinstance(exc, OperationalError | InterfaceError | PoolTimeout | OSError):
        return Fault(
            "the tracker cannot reach its database just now",
            f"Send it again in {RETRY_SECONDS} seconds (it is recorded once).",
        )
    return None


def first_line(exc: BaseException) -> str:
    """A driver's error as one line (SQLAlchemy adds the SQL and a link on lines of their own)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def ping_when_idle(engine: Engine) -> None:
    """A pooled connection idle for a while is pinged when taken, and replaced when the server
    closed it meanwhile (a restart, a network cut): the first request of a process that was
    idle through a database outage is answered. One in steady use is not pinged (a ping is a
    round trip: 8% of a server's CPU at a table's pace when every connection taken was)."""

    @event.listens_for(engine, "checkin")
    def _used(_dbapi_conn, record):  # type: ignore[no-untyped-def]
        record.info["used"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_conn, record, _proxy):  # type: ignore[no-untyped-def]
        if time.monotonic() - record.info.get("used", 0.0) < IDLE_PING:
            return
        try:
            dbapi_conn.execute("SELECT 1")
            if not dbapi_conn.autocommit:  # no transaction left open by the ping
                dbapi_conn.rollback()
        except Exception as exc:  # the pool replaces it (and tries again) on this error
            raise DisconnectionError(str(exc)) from exc
