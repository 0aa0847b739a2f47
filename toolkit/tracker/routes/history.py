"""A match's history, newest first, a page at a time, and its JSON twin (/history.json)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.tracker.fields import read_model
from toolkit.tracker.requests import HistoryQuery, query
from toolkit.tracker.routes import suffix  # noqa: F401  (the {format} convertor)
from toolkit.tracker.web import Services, access, common, pick_match

router = APIRouter()


@router.get("/{cap}/{key}/history{format:format}")
async def history(t: Services, request: Request, cap: str, key: str, format: str) -> Response:
    """The match's log, newest first, `history.PAGE` entries a page: ?before=<seq> gives the
    entries older than that seq (the page's `older` link)."""
    who = access(t, cap, key)
    asked = read_model(HistoryQuery, query(request))
    match = pick_match(t, who, asked.match)
    await run_in_threadpool(t.service.state, match.id)  # a first rebuild seeds the history
    page = await run_in_threadpool(t.histories.page, match, asked.before)
    matches = [{"number": m.number, "id": m.id} for m in t.store.kit_matches(who.kit.kit_id)]
    if format == "json":
        return JSONResponse({"match": match.number, **page, "matches": matches})
    ctx = common(t, who, match, request)
    return t.render(
        "history.html",
        {**ctx, **page, "matches": matches, "title": f"History, match {match.number}"},
    )
