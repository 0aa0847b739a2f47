"""The odds of a form as filled in (query string, form or JSON body): read-only, so the view-only
link may ask too. `format=html` gives the chart as an HTML fragment (the forms' live charts).
They are worked out in the odds pool's worker processes, under its time limit
(toolkit/tracker/odds_pool.py): never on the server's event loop or its threads."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.errors import DomekitError
from toolkit.tracker.contract import NoOdds
from toolkit.tracker.fields import read_model
from toolkit.tracker.odds_pool import OddsBusy, odds_pool
from toolkit.tracker.requests import OddsQuery, action_fields, query_fields, read_body
from toolkit.tracker.web import Services, access

router = APIRouter()


@router.get("/{cap}/{key}/odds")
@router.post("/{cap}/{key}/odds")
async def odds(t: Services, request: Request, cap: str, key: str) -> Response:
    who = access(t, cap, key)
    if request.method == "POST":
        _is_json, fields = await read_body(request)
    else:
        fields = query_fields(request)
    as_html = read_model(OddsQuery, fields).format == "html"
    match = t.service.current_match(who.kit)
    _version, state = t.service.state(match.id)
    referee = t.service.referee(who.game)
    form = action_fields(fields, also=frozenset({"format"}))
    try:
        chart = await run_in_threadpool(odds_pool().chart, referee, state, form)
        if chart is None:
            raise NoOdds(f"no odds for a {str(form.get('type') or '')!r} form")
    except NoOdds as quiet:
        # No open decision: a quiet note where the chart would be, never an error.
        if as_html:
            return t.render("_odds.html", {"note": str(quiet)})
        body = {"ok": False, "message": str(quiet), "rule": None}
        return JSONResponse(body, status_code=422)
    except DomekitError as exc:
        status = 503 if isinstance(exc, OddsBusy) else 422
        if as_html:
            return t.render("_odds.html", {"message": str(exc)}, status=status)
        body = {"ok": False, "message": str(exc), "rule": getattr(exc, "rule", None)}
        headers = {"Retry-After": "2"} if status == 503 else None
        return JSONResponse(body, status_code=status, headers=headers)
    if as_html:
        return t.render("_odds.html", {"odds": chart})
    return JSONResponse({"ok": True, "odds": chart})
