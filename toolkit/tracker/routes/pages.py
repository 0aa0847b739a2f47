"""Every page of a match and its JSON twin from one route, as a game declares its pages
(`TrackerGame.pages`, read with toolkit/pages.py's grammar), HTML or JSON by suffix.

URLs (those printed in kits stay exactly so):
  /k/<kit-id>/<page>/<argument>/...  a page a game declares: /table, /team/red,
      /unit/red/gunner, /player/1, /unit/<character-id>; /page/<name> for one without arguments;
      the kit id is the write capability: whoever scanned the printed QR code may act;
  /k/<kit-id>/screen   the big-screen view of the table (also /v/<view-token>/screen);
  /v/<view-token>/...  the same pages read-only, for spectators (writes get 403);
  .../<page>.json      every page's JSON twin.
This route is installed after every other (routes/__init__.py): a path is a page only when no
route of the tracker's own answers it.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.pages import read_path
from toolkit.tracker.contract import SCREEN, PageNotFound
from toolkit.tracker.fields import read_model
from toolkit.tracker.requests import PageQuery, query
from toolkit.tracker.routes import suffix  # noqa: F401  (the {page} and {format} convertors)
from toolkit.tracker.routes.setup import set_up_page
from toolkit.tracker.web import Services, access, common, page_html, pick_match

router = APIRouter()
SCREEN_RECENT = 8  # the last actions the big screen lists


@router.get("/", response_class=HTMLResponse)
async def index(t: Services) -> HTMLResponse:
    return t.render("index.html", {"title": "Domekit tracker"})


@router.get("/{cap}/{key}/{page:page}{format:format}")
async def game_page(
    t: Services, request: Request, cap: str, key: str, page: str, format: str
) -> Response:
    """The page of the kit's match (?match=N, else the current one), as HTML or JSON; on the big
    screen, read only beside the last actions."""
    who = access(t, cap, key)
    address = read_path(page)
    if address is None:
        raise PageNotFound(f"this match has no page {page}")
    name, args = address
    if format != "json":
        # A kit with no match yet: how to track it (the big screen waits for a phone's choice).
        asked = set_up_page(t, request, who, asks=name != SCREEN)
        if asked is not None:
            return asked
    match = pick_match(t, who, read_model(PageQuery, query(request)).match)
    ctx = common(t, who, match, request)
    shown = t.service.referee(who.game).page(ctx["state"], name, args)
    body = {"game": who.game, "match": ctx["match"], "page": name, "title": shown.title}
    if name == SCREEN:
        recent = await run_in_threadpool(t.histories.recent, match, SCREEN_RECENT)
        if format == "json":
            return JSONResponse({**body, "recent": recent, **shown.context})
        extra = {"writable": False, "screen": True, "recent": recent}
        return HTMLResponse(page_html(t, ctx, shown, **extra, title=f"{shown.title} · screen"))
    if format == "json":
        return JSONResponse({**body, "writable": ctx["writable"], **shown.context})
    return HTMLResponse(page_html(t, ctx, shown))
