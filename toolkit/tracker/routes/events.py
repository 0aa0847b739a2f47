"""Live events of a match (server-sent), resumable with Last-Event-ID = the log's seq; capped
per kit and per server (toolkit/tracker/live.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from toolkit.tracker.faults import Unavailable, fault
from toolkit.tracker.fields import read_model
from toolkit.tracker.live import RETRY_SECONDS, LiveStream, match_stream
from toolkit.tracker.requests import EventsQuery, query
from toolkit.tracker.web import Services, access, pick_match

router = APIRouter()


@router.get("/{cap}/{key}/events")
async def events(t: Services, request: Request, cap: str, key: str) -> Response:
    who = access(t, cap, key)
    fields = query(request)
    resumed = request.headers.get("last-event-id")  # a reconnecting EventSource's
    asked = read_model(EventsQuery, {**fields, "after": resumed or fields.get("after")})
    match = pick_match(t, who, asked.match)
    last_seq = asked.after if asked.after is not None else t.service.state(match.id)[0]

    async def still_current() -> bool:
        kit = await run_in_threadpool(t.store.kit, kit_id=who.kit.kit_id)
        return kit is not None and kit.current_match == match.id

    kit_id = who.kit.kit_id
    refused = t.broker.admit(kit_id)
    if refused is not None:
        status, why = refused
        headers = {"Retry-After": str(RETRY_SECONDS)}
        return JSONResponse({"ok": False, "message": why}, status_code=status, headers=headers)
    stream = match_stream(
        t.store,
        t.broker,
        match.id,
        last_seq,
        still_current=still_current,
        disconnected=request.is_disconnected,
        max_seconds=t.sse_max_seconds,
    )
    return LiveStream(_until_the_database_fails(stream), release=lambda: t.broker.release(kit_id))


async def _until_the_database_fails(stream: AsyncIterator[str]) -> AsyncIterator[str]:
    """The stream, ended quietly when the database goes out of reach: the page's EventSource
    reconnects, and is answered 503 until it is back."""
    try:
        async for chunk in stream:
            yield chunk
    except (DBAPIError, PoolTimeout, Unavailable) as exc:
        if fault(exc) is None:
            raise
